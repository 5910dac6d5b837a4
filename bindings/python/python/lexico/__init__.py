"""The Spanish Scrabble lexicon (FISE) from Python.

>>> import lexico
>>> lx = lexico.Lexicon()          # the default lexicon, embedded in the package
>>> lx.valid("churro"), "ZUZAR" in lx
(True, True)
>>> len(lx.anagram("AEINR??"))
720

Words are read in any notation the command line reads (``ñandú``, ``[CH]U[RR]O``, ``1U3O``);
answers spell words naturally in capitals, with the tiles a blank plays in lower case
(``cHURRO``). Results are plain values: ``str``, ``bool``, ``int``, lists, and named tuples
(:class:`Word`, :class:`Hooks`, :class:`Tiles`, :class:`Info`, :class:`Judgement`,
:class:`Explanation`, :class:`DashAnswer`) that ``pandas.DataFrame`` takes as they are. A malformed word, rack or
pattern raises ``ValueError`` with the message the ``lexico`` command prints; a lexicon that
cannot be opened raises :class:`LexiconError` (:class:`LexiconNotFoundError`, also a
``FileNotFoundError``, for a file that is not there).

Queries run in native code with the GIL released, so threads can query one lexicon at once.
"""

from __future__ import annotations

import gc
import json
import os
from typing import Any, Dict, Iterable, List, Literal, NamedTuple, Optional, Tuple, Union, overload

from . import _lexico
from ._lexico import LexiconError

__version__: str = _lexico.__version__
"""The package's version."""

__all__ = [
    "Lexicon",
    "LexiconError",
    "LexiconNotFoundError",
    "Word",
    "StudyWord",
    "Hooks",
    "Tiles",
    "Info",
    "Judgement",
    "Explanation",
    "Derivation",
    "Enclitic",
    "DashAnswer",
    "tiles",
    "Installed",
    "TrustedKey",
    "install",
    "trust",
    "trusted_keys",
    "untrust",
    "Cardbox",
    "CardboxStats",
]

Mode = Literal["exact", "sub", "super"]
Sort = Literal["length", "value", "alpha", "probability"]
StudySort = Literal["study", "length", "value", "alpha", "probability"]


class LexiconNotFoundError(LexiconError, FileNotFoundError):
    """A lexicon file that is not there: both a :class:`LexiconError` and a
    ``FileNotFoundError``, with the CLI's message."""


Count = Union[int, Tuple[Optional[int], Optional[int]], str]
"""A count or range of counts: an ``int``, a pair (``None`` for an open end) or the command's
text (``"7.."``)."""

Condition = Union[Count, List[Count]]
"""A condition's value, or a list of values, each one more condition."""

Other = Union["Lexicon", str, "os.PathLike[str]"]
"""Another lexicon: a :class:`Lexicon` or what :meth:`Lexicon.open` takes."""


def _condition_text(value: Any) -> str:
    """The command line's text of a condition's value: a count, a range ``(min, max)`` with
    ``None`` for an open end, or text as it is."""
    if isinstance(value, bool):
        raise TypeError("a condition's value is a count, a range or text, not a bool")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple) and len(value) == 2:
        low, high = value
        return f"{'' if low is None else low}..{'' if high is None else high}"
    if isinstance(value, str):
        return value
    raise TypeError(f"a condition's value is a count, a range or text, not {type(value).__name__}")


class Word(NamedTuple):
    """A word a query found, with the fields of the CLI's CSV and JSON records."""

    word: str
    """Natural spelling in capitals; tiles played by a blank in lower case."""
    length: int
    """Tiles (CH, LL and RR count one)."""
    value: int
    """Face value; blanks score 0."""
    blanks: int
    """Tiles played by a blank."""
    combinations: int
    """Ways to draw the word's tiles from a full bag."""
    probability: float
    """Chance that a draw of as many tiles from a full bag is exactly these tiles."""
    alphagram: str
    """The word's tiles in tile order, bracketed where they would read together
    (``AE[R][R]`` for ERAR), so that it reads back as the same tiles."""
    probability_order: int
    """The word's place among the words of its length by probability, 1 the most probable, as
    :meth:`Lexicon.search` numbers it."""


class StudyWord(NamedTuple):
    """A word of a study list (:meth:`Lexicon.search`), with the fields of ``lexico search``'s
    CSV and JSON records."""

    word: str
    alphagram: str
    """The word's tiles in tile order, bracketed where they would read together
    (``AE[R][R]``), so that it reads back as the same tiles."""
    length: int
    probability_order: int
    """Place among the words of its length by probability, 1 the most probable; equal
    probabilities by alphagram, then by word."""
    combinations: int
    probability: float
    anagrams: int
    """The words of its alphagram, itself included."""
    front_hooks: Tuple[str, ...]
    """Tiles that make a word in front of it, in tile order."""
    back_hooks: Tuple[str, ...]
    """Tiles that make a word after it, in tile order."""
    inner_front: bool
    """Whether the word without its first tile is valid."""
    inner_back: bool
    """Whether the word without its last tile is valid."""
    value: int
    new: Optional[bool]
    """Whether it is new since the lexicon of ``new_since``; ``None`` without that condition."""


class Hooks(NamedTuple):
    """A word's hooks, as ``lexico hooks`` gives them."""

    word: str
    valid: bool
    front: Tuple[str, ...]
    """Tiles that make a valid word in front of the word, in tile order."""
    back: Tuple[str, ...]
    """Tiles that make a valid word after it, in tile order."""
    hooked: Tuple[str, ...]
    """The hooked words: front hooks first, then back hooks."""


class Tiles(NamedTuple):
    """The tiles of a word or rack, as ``lexico tiles`` gives them."""

    word: str
    tiles: Tuple[str, ...]
    """One name per tile, ``?`` for a blank."""
    bracketed: str
    length: int
    """Number of tiles (the CLI's ``count``: a tuple's ``count`` is a method)."""
    value: int


class Info(NamedTuple):
    """A lexicon's manifest, the fields of ``lexico info --format json``."""

    name: str
    edition: str
    version: str
    notes: Tuple[str, ...]
    format_version: int
    tool: str
    rules: Dict[str, Any]
    """The rule set: ``name``, ``version`` and ``files`` (each ``path`` and ``sha256``)."""
    sources: Tuple[Dict[str, Any], ...]
    """Each source: ``path``, ``sha256``, ``kind``, ``lines`` and ``base``."""
    min_tiles: int
    max_tiles: int
    words: int
    words_by_length: Tuple[int, ...]
    """``words_by_length[n]`` is the number of words of ``n`` tiles."""
    rejected_forms: int
    payload_sha256: str
    file_sha256: str
    inflated: Dict[str, int]
    """The size of each compressed section once inflated, by tag (``PROV``, ``ENTR``)."""
    explain: Dict[str, Any]
    """What the rule set says that explanations cite: ``enclitics``, ``no_tile_article``,
    ``codes`` (the notes on a verb entry's codes, each ``field``, ``value``, ``note`` and
    ``note_es``); empty for a lexicon made from a plain list of words without a rule set."""
    knows_verb_forms: bool
    """Whether the lexicon's provenance tells verb forms (a build from lemma lists), which the
    Scrabble Dash verb card needs; false for a plain list of words."""

class Judgement(NamedTuple):
    """A play's verdict, as the word-judge station (``lexico valid --judge``) gives it: it
    never says which word failed."""

    verdict: str
    """``"ACCEPTABLE"`` or ``"UNACCEPTABLE"``."""
    acceptable: bool
    words: int
    """The number of words in the play."""
    lexicon: str
    edition: str
    version: str
    payload_sha256: str
    """The lexicon's payload checksum, which identifies it for an arbiter."""


class DashAnswer(NamedTuple):
    """Whether a word meets a Scrabble Dash card, as ``lexico dash --format json`` answers: laid
    down with the game's letter cards (CH and Qu one card each, LL and RR two, no W, X or Z) and,
    given a hand, made from it and the card's turned-up letter."""

    word: str
    card: str
    """The card as machine formats name it: ``"length 4"``, ``"verb"``, ``"proper-name"``,
    ``"starts-with D"``, ``"ends-with A"``, ``"contains D"``."""
    verdict: str
    """``"meets"``, ``"fails"`` or ``"players-decide"`` (the proper-name card: no lexicon holds
    proper names)."""
    reason: str
    """``"meets"``, ``"players-decide"``, or why it fails: a word's reason (``"unlisted"``,
    ``"no-tile"``…), ``"no-card"``, ``"card-count"``, ``"first-card"``, ``"last-card"``,
    ``"no-letter"``, ``"not-a-verb"``, ``"not-in-hand"``."""
    cards: Optional[str]
    """The letter cards, ``·`` between them (``"QU·E·S·O"``); ``None`` when it cannot be laid
    down."""
    card_count: Optional[int]
    """How many letter cards (``count`` in JSON, a name a tuple keeps for its own method)."""
    missing: Optional[str]
    """The letter with no card, or the cards the hand lacks."""
    lemma: Optional[str]
    """For the verb card, the verb a form meets it as (``"deber"`` for DEBA)."""


class Derivation(NamedTuple):
    """One way a word was made, or generated and refused (``lexico explain``)."""

    entry: int
    entry_text: Optional[str]
    """The source entry: lemma, part of speech, model."""
    slot: str
    """The paradigm cell or kind of form (``ind.pres.1s``, ``plural``, ``word``)."""
    kind: str
    rule: str
    article: str
    """The article of the regulation the rule encodes."""
    reason: str
    """For a rejected form, why."""
    source: Optional[str]
    line: Optional[int]


class Enclitic(NamedTuple):
    """A reading of an invalid word as a verb form followed by enclitic pronouns (17.5)."""

    base: str
    pronouns: Tuple[str, ...]
    restored: Optional[str]
    """The spelling adjustment undone (``d`` of AMAD + OS), if any."""
    article: str
    derivation: Optional[Derivation]
    """How the base is a verb form, when the lexicon records it."""


class Explanation(NamedTuple):
    """Why a word is in or out, as ``lexico explain`` says it."""

    word: str
    valid: bool
    reason: str
    """One word: ``listed``, ``rejected-form``, ``enclitic``, ``no-tile``, ``separate-tiles``,
    ``too-short``, ``too-long`` or ``unlisted``."""
    lines: Tuple[str, ...]
    """The sentences of the explanation, most specific first."""
    derivations: Tuple[Derivation, ...]
    """How a valid word was made, or how the rules generated and rejected an invalid one."""
    enclitics: Tuple[Enclitic, ...]



def tiles(word: str) -> Tiles:
    """The tiles of a word or rack (``?`` is a blank), their count and face value.

    >>> tiles("churro")
    Tiles(word='CHURRO', tiles=('CH', 'U', 'RR', 'O'), bracketed='[CH][U][RR][O]', length=4, value=15)
    >>> tiles("C H").word   # two tiles, which ``CH`` would read as one
    '[C][H]'
    """
    spelled, names, bracketed, count, value = _lexico.tiles(word)
    return Tiles(spelled, tuple(names), bracketed, count, value)


class Lexicon(_lexico.Lexicon):
    """A lexicon, open. ``Lexicon()`` is the default lexicon embedded in the package (the one
    the ``lexico`` binary embeds); :meth:`open` opens a lexicon file or an installed one."""

    __slots__ = ()

    @classmethod
    def open(cls, path_or_name: Union[str, "os.PathLike[str]"]) -> "Lexicon":
        """Opens a lexicon as the CLI's ``--lexicon`` names it: ``"embedded"`` for the default
        embedded one, a lexicon file (``lexico build -o FILE``), or the edition, file name or
        name of a lexicon installed with ``lexico install`` (in ``$LEXICO_DATA_DIR``, else
        ``$XDG_DATA_HOME/lexico``, else ``~/.local/share/lexico``). The file is proven whole
        before any answer and, once keys are trusted (``lexico trust``), must be signed by one.

        Raises :class:`LexiconError`, with the CLI's message, if no lexicon has that name or the
        file cannot be opened, is not a lexicon, is damaged or is not signed by a trusted key;
        :class:`LexiconNotFoundError`, also a ``FileNotFoundError``, if the file is not there.
        """
        source = os.fspath(path_or_name)
        try:
            return cls(_source=source)
        except FileNotFoundError as e:
            raise LexiconNotFoundError(str(e)) from None

    @overload
    def anagram(
        self,
        rack: str,
        mode: Mode = "exact",
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "length",
        details: Literal[False] = False,
    ) -> List[str]: ...

    @overload
    def anagram(
        self,
        rack: str,
        mode: Mode = "exact",
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "length",
        details: Literal[True],
    ) -> List[Word]: ...

    def anagram(
        self,
        rack: str,
        mode: Mode = "exact",
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "length",
        details: bool = False,
    ) -> Union[List[str], List[Word]]:
        """The words ``rack`` makes (``?`` is a blank, ``[AEIOU]`` one tile of a class,
        ``[^AEIOU]`` one outside it, and in an exact anagram ``*`` any further tiles), as
        ``lexico anagram`` lists them.

        ``mode``: ``"exact"`` uses every tile; ``"sub"`` some of them (``min_tiles`` defaults
        to 1, ``max_tiles`` to the rack's length); ``"super"`` all of them plus any others
        (``min_tiles`` defaults to the rack's length, ``max_tiles`` to 15). ``sort``: longest
        first (default), highest ``value`` first, ``alpha`` (tile order) or most probable
        first; ties in tile order. Words are spelled with blanks in lower case; with
        ``details=True`` each is a :class:`Word`.
        """
        found = self._anagram(rack, mode, min_tiles, max_tiles, sort, details)
        return list(map(Word._make, found)) if details else found

    @overload
    def pattern(
        self,
        pattern: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: Literal[False] = False,
    ) -> List[str]: ...

    @overload
    def pattern(
        self,
        pattern: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: Literal[True],
    ) -> List[Word]: ...

    def pattern(
        self,
        pattern: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: bool = False,
    ) -> Union[List[str], List[Word]]:
        """The words that fit a crossword pattern, as ``lexico pattern`` lists them: ``?`` one
        tile, ``*`` any run of tiles, ``[AEIOU]`` one tile of a class, ``[^AEIOU]`` one outside
        it. In tile order unless ``sort`` says otherwise; ``details=True`` gives :class:`Word`."""
        found = self._pattern(pattern, min_tiles, max_tiles, sort, details)
        return list(map(Word._make, found)) if details else found

    @overload
    def regex(
        self,
        regex: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: Literal[False] = False,
    ) -> List[str]: ...

    @overload
    def regex(
        self,
        regex: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: Literal[True],
    ) -> List[Word]: ...

    def regex(
        self,
        regex: str,
        *,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: Sort = "alpha",
        details: bool = False,
    ) -> Union[List[str], List[Word]]:
        """The words a regular expression over tiles matches in full, as ``lexico pattern
        --regex`` lists them (``.`` is one tile; inside a class write CH, LL, RR as 1, 2, 3)."""
        found = self._regex(regex, min_tiles, max_tiles, sort, details)
        return list(map(Word._make, found)) if details else found

    def judge(self, play: Union[str, Iterable[str]]) -> Judgement:
        """The verdict on a whole play: a line of words (separated by spaces, tabs, commas or
        semicolons) or an iterable of words. ``ACCEPTABLE`` if every word is valid, else
        ``UNACCEPTABLE`` (an empty play too), never saying which word failed. A play with a
        character that is neither a letter nor a tile raises ``ValueError``, again without
        naming the word."""
        verdict, words, name, edition, version, sha = self._judge(play)
        return Judgement(verdict, verdict == "ACCEPTABLE", words, name, edition, version, sha)

    def explain(self, word: str) -> Explanation:
        """Why ``word`` is in (entry, slot, rule, article, source line) or out (the most
        specific reason first), as ``lexico explain`` says it."""
        spelled, valid, reason, lines, derivations, enclitics = self._explain(word)
        return Explanation(
            spelled,
            valid,
            reason,
            tuple(lines),
            tuple(Derivation._make(d) for d in derivations),
            tuple(
                Enclitic(base, tuple(pronouns), restored, article, None if d is None else Derivation._make(d))
                for base, pronouns, restored, article, d in enclitics
            ),
        )

    def dash(self, card: str, word: str, hand: Optional[str] = None) -> DashAnswer:
        """Whether ``word`` meets the Scrabble Dash ``card``, written as the card reads
        (``"4 letras"``, ``"verbo"``, ``"nombre propio"``, ``"empieza con D"``, ``"termina con
        A"``, ``"tiene una D"``), and, given ``hand`` (up to 7 letter cards, ``"ATLMNOE"``), can
        be made from it and the card's turned-up letter. A card or hand the game does not have,
        and the verb card on a lexicon that cannot tell verbs (a plain word list), raise
        ``ValueError``.

        >>> Lexicon().dash("Palabra de 4 letras", "mano", hand="ATLMNOE").verdict
        'meets'
        >>> Lexicon().dash("4 letras", "queso").cards
        'QU·E·S·O'
        """
        return DashAnswer._make(self._dash(card, word, hand))

    def dash_list(self, card: str, hand: str) -> List[DashAnswer]:
        """Every word ``hand`` makes for the Dash ``card``, most cards first, as ``lexico dash
        --list`` lists them; empty when nobody could make a word with these cards (the card goes
        back under the deck).

        >>> [a.word for a in Lexicon().dash_list("empieza con D", "BATRMEF")][:4]
        ['DARE', 'DATE', 'DEBA', 'DREA']
        """
        return [DashAnswer._make(row) for row in self._dash_list(card, hand)]

    def search(
        self,
        *,
        length: Optional[Condition] = None,
        not_length: Optional[Condition] = None,
        pattern: Optional[Condition] = None,
        not_pattern: Optional[Condition] = None,
        regex: Optional[Condition] = None,
        not_regex: Optional[Condition] = None,
        anagram: Optional[Condition] = None,
        not_anagram: Optional[Condition] = None,
        sub: Optional[Condition] = None,
        not_sub: Optional[Condition] = None,
        super: Optional[Condition] = None,
        not_super: Optional[Condition] = None,
        prefix: Optional[Condition] = None,
        not_prefix: Optional[Condition] = None,
        suffix: Optional[Condition] = None,
        not_suffix: Optional[Condition] = None,
        contains: Optional[Condition] = None,
        not_contains: Optional[Condition] = None,
        only: Optional[Condition] = None,
        not_only: Optional[Condition] = None,
        vowels: Optional[Condition] = None,
        not_vowels: Optional[Condition] = None,
        distinct: Optional[Condition] = None,
        not_distinct: Optional[Condition] = None,
        value: Optional[Condition] = None,
        not_value: Optional[Condition] = None,
        probability_order: Optional[Condition] = None,
        not_probability_order: Optional[Condition] = None,
        anagrams: Optional[Condition] = None,
        not_anagrams: Optional[Condition] = None,
        front_hooks: Optional[Condition] = None,
        not_front_hooks: Optional[Condition] = None,
        back_hooks: Optional[Condition] = None,
        not_back_hooks: Optional[Condition] = None,
        front_hook: Optional[Condition] = None,
        not_front_hook: Optional[Condition] = None,
        back_hook: Optional[Condition] = None,
        not_back_hook: Optional[Condition] = None,
        takes_prefix: Optional[Condition] = None,
        not_takes_prefix: Optional[Condition] = None,
        takes_suffix: Optional[Condition] = None,
        not_takes_suffix: Optional[Condition] = None,
        bingo_type: Optional[Condition] = None,
        not_bingo_type: Optional[Condition] = None,
        new_since: Union[None, Other, List[Other]] = None,
        in_: Union[None, Other, List[Other]] = None,
        not_in: Union[None, Other, List[Other]] = None,
        not_new_since: Union[None, Other, List[Other]] = None,
        generated: bool = False,
        listed: bool = False,
        not_generated: bool = False,
        not_listed: bool = False,
        sort: StudySort = "study",
        limit: Optional[int] = None,
        blanks: Optional[int] = None,
    ) -> List[StudyWord]:
        """A study list, as ``lexico search`` lists it: one :class:`StudyWord` per word that
        meets every condition given, in study order (by length, then probability order) unless
        ``sort`` says ``"length"``, ``"value"``, ``"alpha"`` or ``"probability"``; ``limit`` keeps
        the first words. ``blanks`` (0, 1 or 2) is how many blanks the bag has for the
        combinations, probability and probability order (default: the bag's 2).

        Each condition is the command's flag of the same name (``_`` for ``-``), and each has a
        ``not_`` form that keeps the words that fail it. Several values of one condition go in a
        list, each one more condition. A count or range (``N..M``) is an ``int``, a pair
        (``None`` for an open end) or the command's text (``"7.."``).

        - ``length``: N..M tiles.
        - ``pattern``, ``regex``: fit a crossword pattern (``?``, ``*``, ``[AEIOU]``), match a
          regular expression over tiles.
        - ``anagram``, ``sub``, ``super``: exactly, some of, or all of a rack's tiles and more;
          ``?`` a blank, ``[AEIOU]`` one tile of a class, ``[^AEIOU]`` one outside it, and in
          ``anagram`` ``*`` any further tiles.
        - ``prefix``, ``suffix``: start or end with these tiles.
        - ``contains``: hold these tiles (``"Ñ"``, ``"Q,U"``, ``"A2"``: at least two A).
        - ``only``: made of these tiles only; ``"AEIOU:60.."``: at least 60% of the word's tiles
          among them (in whole percent, rounded down).
        - ``vowels``, ``distinct``, ``value``: N..M vowels, distinct tiles, face value.
        - ``probability_order``: N..M in the probability order of their length.
        - ``anagrams``: an anagram group (the words of their alphagram) of N..M words.
        - ``front_hooks``, ``back_hooks``: N..M tiles hook in front, or after.
        - ``front_hook``, ``back_hook``: each of these tiles hooks in front, or after.
        - ``takes_prefix``, ``takes_suffix``: these tiles, in this order, added in front or
          after make a word (``takes_prefix="RE"``: HACER, for REHACER).
        - ``bingo_type``: sevens and eights of Zyzzyva's Type I, II or III (``1``, ``2``, ``3``
          or ``"I"``, ``"II"``, ``"III"``), with top stems computed from the lexicon and the bag;
          ``not_bingo_type`` keeps every other word, of any length.
        - ``new_since``, ``in_``, ``not_in``, ``not_new_since``: lacked, or had, by another
          lexicon (a :class:`Lexicon` or what :meth:`Lexicon.open` takes); ``new_since`` marks
          each word's ``new``.
        - ``generated``, ``listed`` (and their ``not_`` forms): ``True`` for the words the rules
          made, or that a source lists as they are.

        >>> lx = Lexicon()
        >>> [r.word for r in lx.search(length=2, contains="Ñ")]
        ['ÑA', 'ÑO', 'ÑU']
        >>> lx.search(anagram="AE[R][R]")[0].alphagram
        'AE[R][R]'
        """
        given = {k: v for k, v in locals().items() if k not in ("self", "sort", "limit", "blanks")}
        texts: List[Tuple[str, str]] = []
        lexicons: List[Tuple[str, _lexico.Lexicon]] = []
        flags: List[str] = []
        for key, value in given.items():
            if value is None or value is False:
                continue
            name = key.rstrip("_").replace("_", "-")
            base = name[4:] if name.startswith("not-") else name
            if base in ("generated", "listed"):
                if value is not True:
                    raise TypeError(f"{key} is True or False")
                flags.append(name)
                continue
            values: List[Any] = value if isinstance(value, list) else [value]
            for v in values:
                if base in ("new-since", "in"):
                    lexicons.append((name, v if isinstance(v, _lexico.Lexicon) else Lexicon.open(v)))
                else:
                    texts.append((name, _condition_text(v)))
        # A list of every word is over half a million tuples, none of which can be part of a
        # reference cycle: the cyclic garbage collector, which would walk the tuples made so far
        # every few hundred new ones, is paused while they are made.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(StudyWord, texts, lexicons, flags, sort, limit, blanks)
        finally:
            if collecting:
                gc.enable()

    def hooks(self, word: str) -> Hooks:
        """The tiles that make a valid word in front of ``word`` or after it."""
        spelled, valid, front, back, hooked = self._hooks(word)
        return Hooks(spelled, valid, tuple(front), tuple(back), tuple(hooked))

    def info(self) -> Info:
        """The lexicon's manifest: name, edition, sources, rule set, counts, checksums."""
        m = json.loads(self._manifest_json())
        return Info(
            name=m["name"],
            edition=m["edition"],
            version=m["version"],
            notes=tuple(m["notes"]),
            format_version=m["format_version"],
            tool=m["tool"],
            rules=m["rules"],
            sources=tuple(m["sources"]),
            min_tiles=m["min_tiles"],
            max_tiles=m["max_tiles"],
            words=m["words"],
            words_by_length=tuple(m["words_by_length"]),
            rejected_forms=m["rejected_forms"],
            payload_sha256=m["payload_sha256"],
            file_sha256=m["file_sha256"],
            inflated=m.get("inflated", {}),
            explain=m.get("explain", {}),
            knows_verb_forms=m["knows_verb_forms"],
        )

    def __repr__(self) -> str:
        m = json.loads(self._manifest_json())
        return f"<lexico.Lexicon {m['name']} {m['edition']} {m['version']}: {m['words']} words>"


# The data folder, as `lexico install` and `lexico trust` change it (the CLI's folder:
# $LEXICO_DATA_DIR, else $XDG_DATA_HOME/lexico, else ~/.local/share/lexico).


class Installed(NamedTuple):
    """An installation, as ``lexico install`` reports it (``str()`` of it is the CLI's line)."""

    title: str
    """Name, edition and version of the lexicon."""
    words: int
    path: str
    """Its entry in the data folder, ``<EDITION>.lex``."""
    change: Literal["added", "replaced", "unchanged"]
    default: bool
    """Whether it is now the default lexicon."""
    line: str
    """What ``lexico install`` prints."""

    def __str__(self) -> str:
        return self.line


class TrustedKey(NamedTuple):
    """A trusted minisign public key, as ``lexico trust list`` shows it."""

    id: str
    """The key id, 16 upper-case hex digits."""
    comment: str


def install(
    path: Union[str, "os.PathLike[str]"], default: bool = False, force: bool = False
) -> Installed:
    """Installs a lexicon file in the data folder, as ``lexico install FILE``: its signature is
    checked first when keys are trusted, it is proven whole, and a read-only copy is installed
    with its signature under the name of its edition. An installed lexicon of that name with
    other bytes is replaced only with ``force=True``; ``default=True`` makes it the default.
    Raises :class:`LexiconError` with the CLI's message, and installs nothing, on any error."""
    return Installed(*_lexico.install(path, default, force))


def trust(key_path: Union[str, "os.PathLike[str]"]) -> TrustedKey:
    """Trusts a minisign public key file, as ``lexico trust add``: from then on every lexicon
    file opened or installed must carry a signature by a trusted key."""
    key_id, comment, _file = _lexico.trust(key_path)
    return TrustedKey(key_id, comment)


def trusted_keys() -> List[TrustedKey]:
    """The trusted keys, by id, as ``lexico trust list``."""
    return [TrustedKey(key_id, comment) for key_id, comment in _lexico.trusted_keys()]


def untrust(key_id: str) -> None:
    """Stops trusting a key, by its id (any case), as ``lexico trust remove``. Raises
    :class:`LexiconError` when no trusted key has that id."""
    _lexico.untrust(key_id)


class CardboxStats(NamedTuple):
    """A cardbox's numbers, as ``lexico cardbox stats`` gives them."""

    cards: int
    due: int
    """Cards due now."""
    flagged: int
    """Cards whose answers changed with the lexicon since they were last answered."""
    reviews: int
    """Answers recorded."""
    passed: int
    """Answers recorded as passed."""


class Cardbox:
    """The cardbox of anagram questions that ``lexico cardbox`` and ``lexico quiz --cardbox``
    keep: a question is an alphagram (a word's tiles in tile order), its answers the lexicon's
    anagrams of it. By default the cardbox of the lexicon's edition in the data folder
    (``cardboxes/EDITION.sqlite``); ``path`` names another file. ``scheduler`` (``"leitner"``:
    Zyzzyva's boxes, or ``"fsrs"``) is that of a cardbox made now; an existing one keeps its
    own. Each answer recorded is written at once. Raises ``OSError`` if the file cannot be
    opened, ``ValueError`` for a word that is no tiles.

    >>> import tempfile, os
    >>> box = lexico.Cardbox(path=os.path.join(tempfile.mkdtemp(), "box.sqlite"))
    >>> box.add(["casa", "perro"])
    2
    >>> box.due()
    ['AACS', 'EOPRR']
    >>> box.answers("AACS")
    ['ACAS', 'ASCA', 'CASA', 'SACA']
    >>> due_again = box.record("AACS", passed=True)
    >>> box.due(), box.stats()
    (['EOPRR'], CardboxStats(cards=2, due=1, flagged=0, reviews=1, passed=1))
    """

    __slots__ = ("_box",)

    def __init__(
        self,
        lexicon: Optional[Lexicon] = None,
        path: Optional[Union[str, "os.PathLike[str]"]] = None,
        scheduler: Literal["leitner", "fsrs"] = "leitner",
    ) -> None:
        chosen = lexicon if lexicon is not None else Lexicon()
        self._box = _lexico.Cardbox(chosen, None if path is None else os.fspath(path), scheduler)

    def add(self, words: Iterable[str]) -> int:
        """Adds the alphagrams of ``words`` (words or alphagrams, in any notation) that are not
        in the cardbox yet, due now; returns how many were added."""
        if isinstance(words, str):
            raise TypeError("add takes a list of words, not one str")
        return self._box.add(list(words))

    def due(self, limit: Optional[int] = None) -> List[str]:
        """The questions due now, the longest due first, spelled so that they read back."""
        return self._box.due(limit)

    def answers(self, question: str) -> List[str]:
        """The answers of a question in the lexicon, in tile order."""
        return self._box.answers(question)

    def record(self, question: str, passed: bool) -> str:
        """Records an answer to ``question``, passed or not as the player decided (a question
        not in the cardbox is added); returns when it is due again (RFC 3339, UTC)."""
        return self._box.record(question, passed)

    def stats(self) -> CardboxStats:
        """The cardbox's numbers now."""
        return CardboxStats(*self._box.stats())

    @property
    def path(self) -> str:
        """The cardbox's file."""
        return self._box.path

    @property
    def scheduler(self) -> str:
        """``"leitner"`` or ``"fsrs"``."""
        return self._box.scheduler

    @property
    def changed(self) -> List[str]:
        """The questions flagged when it was opened: their answers changed with the lexicon."""
        return self._box.changed
