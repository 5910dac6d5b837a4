"""Type stubs of the native module `lexico._lexico`; users import `lexico` instead."""

import os
from typing import Any, Iterable, Iterator, List, Literal, Optional, Tuple, Type, TypeVar, Union, final

from typing_extensions import disjoint_base

__version__: str

__all__ = [
    "__version__",
    "LexiconError",
    "Lexicon",
    "WordIter",
    "tiles",
    "install",
    "trust",
    "trusted_keys",
    "untrust",
    "Cardbox",
]

class LexiconError(Exception):
    """A lexicon that cannot be found, opened or read (no installed lexicon of that name; a
    missing, damaged or foreign file; a file not signed by a trusted key), or a change to the
    data folder it refuses (an installation, a key to trust or stop trusting)."""

# The class of a study list's rows (`lexico.StudyWord`), a subclass of tuple.
_Row = TypeVar("_Row", bound=Tuple[Any, ...])

# Found words: each a spelling, or with details (word, length, value, blanks, combinations,
# probability, alphagram, probability_order); the package's `Lexicon` makes the latter `Word`
# tuples.
_Found = List[Any]

@disjoint_base
class Lexicon:
    def __new__(cls, *, _source: Optional[str] = None) -> "Lexicon":
        """The embedded lexicon, or the one `_source` names as the CLI's `--lexicon` does: a
        file, an installed lexicon's edition, file name or name, or `embedded`."""
    def valid(self, word: str) -> bool:
        """Returns true if and only if `word` is a valid word. A letter with no tile (K, W) or
        two tiles typed where one is spelled the same (`[C][H]URRO`) make a word invalid; any
        other character that is no tile raises `ValueError`."""
    def valid_many(self, words: Iterable[str]) -> List[bool]:
        """One verdict per word, in order, as `valid` gives them, judged without the GIL; a line
        end at the end of a word is not part of it, so the lines of a file can be judged as they
        are. Raises `TypeError` for a `str` (which would be judged letter by letter) and
        `ValueError` naming the first word that cannot be read (`words[3]: …`)."""
    def _anagram(
        self,
        rack: str,
        mode: str = "exact",
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: str = "length",
        details: bool = False,
    ) -> _Found: ...
    def _pattern(
        self,
        pattern: str,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: str = "alpha",
        details: bool = False,
    ) -> _Found: ...
    def _regex(
        self,
        regex: str,
        min_tiles: Optional[int] = None,
        max_tiles: Optional[int] = None,
        sort: str = "alpha",
        details: bool = False,
    ) -> _Found: ...
    def _search(
        self,
        row: Type[_Row],
        texts: List[Tuple[str, str]],
        lexicons: List[Tuple[str, "Lexicon"]],
        flags: List[str],
        sort: str = "study",
        limit: Optional[int] = None,
        blanks: Optional[int] = None,
    ) -> List[_Row]: ...
    def _hooks(self, word: str) -> Tuple[str, bool, List[str], List[str], List[str]]: ...
    def _judge(self, play: Union[str, Iterable[str]]) -> Tuple[str, int, str, str, str, str]: ...
    def _explain(self, word: str) -> Tuple[str, bool, str, List[str], List[Any], List[Any]]: ...
    def _dash(
        self, card: str, word: str, hand: Optional[str] = None
    ) -> Tuple[str, str, str, str, Optional[str], Optional[int], Optional[str], Optional[str]]: ...
    def _dash_list(
        self, card: str, hand: str
    ) -> List[Tuple[str, str, str, str, Optional[str], Optional[int], Optional[str], Optional[str]]]: ...
    def _manifest_json(self) -> str: ...
    def __len__(self) -> int: ...
    def __contains__(self, word: object, /) -> bool:
        """Returns true if and only if `word` is a str naming a valid word; anything else (another
        type, a character that is no tile) is simply not in the lexicon."""
    def __iter__(self) -> "WordIter":
        """Every word, in tile order (CH after C, LL after L, Ñ after N, RR after R)."""

@final
class WordIter(Iterator[str]):
    def __iter__(self) -> "WordIter": ...
    def __next__(self) -> str: ...

def tiles(word: str) -> Tuple[str, List[str], str, int, int]: ...

def install(
    path: Union[str, "os.PathLike[str]"], default: bool = False, force: bool = False
) -> Tuple[str, int, str, Literal["added", "replaced", "unchanged"], bool, str]:
    """Installs a lexicon file in the data folder, as `lexico install`: `(title, words, path,
    change, default, line)`, `change` being "added", "replaced" or "unchanged"."""
def trust(key_path: Union[str, "os.PathLike[str]"]) -> Tuple[str, str, str]:
    """Trusts a minisign public key file, as `lexico trust add`: `(id, comment, file)`."""
def trusted_keys() -> List[Tuple[str, str]]:
    """The trusted keys, as `lexico trust list`: `(id, comment)` each, by id."""
def untrust(key_id: str) -> str:
    """Stops trusting a key, as `lexico trust remove`; returns its id."""

@final
class Cardbox:
    def __new__(
        cls, lexicon: Lexicon, path: Optional[str] = None, scheduler: str = "leitner"
    ) -> "Cardbox": ...
    def add(self, words: List[str]) -> int:
        """Adds the alphagrams of `words` not yet in the cardbox; returns how many were added."""
    def due(self, limit: Optional[int] = None) -> List[str]:
        """The questions due now, the longest due first."""
    def answers(self, question: str) -> List[str]:
        """The answers of a question in the lexicon."""
    def record(self, question: str, passed: bool) -> str:
        """Records an answer, passed or not; returns when the card is due again (RFC 3339)."""
    def stats(self) -> Tuple[int, int, int, int, int]:
        """`(cards, due, flagged, reviews, passed)`."""
    @property
    def path(self) -> str:
        """The cardbox's file."""
    @property
    def scheduler(self) -> str:
        """`leitner` or `fsrs`."""
    @property
    def changed(self) -> List[str]:
        """The questions flagged when it was opened: their answers changed with the lexicon."""
