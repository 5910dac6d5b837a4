"""The installed package answers as the `lexico` binary does on the same lexicon."""

import threading

import pytest

import lexico
from conftest import Cli


def test_the_default_lexicon_is_the_one_the_binary_embeds(lx, cli):
    import json

    want = json.loads(cli.text("info", "--format", "json"))
    got = lx.info()._asdict()
    assert got["file_sha256"] == want["file_sha256"]
    # Who signed the lexicon is the binary's to check (docs/python.md, "Decisions").
    del want["signer"]
    assert {k: (list(v) if isinstance(v, tuple) else v) for k, v in got.items()} == want
    assert len(lx) == want["words"] == 636_598


def test_anagram_exact_equals_the_cli_in_order(lx, cli):
    got = lx.anagram("AEINR??")
    want = [line.split("\t")[0] for line in cli.text("anagram", "AEINR??").splitlines()]
    assert len(got) == 720
    assert got == want


def test_anagram_sub_equals_the_cli_in_order(lx, cli):
    got = lx.anagram("AEINR??", mode="sub")
    want = [line.split("\t")[0] for line in cli.text("anagram", "--sub", "AEINR??").splitlines()]
    assert len(got) == 7_558
    assert got == want


def _record(w):
    """The fields of a `Word` that `lexico anagram` and `lexico pattern` print."""
    return {k: v for k, v in w._asdict().items() if k not in ("alphagram", "probability_order")}


def _check_study_fields(lx, words):
    """A `Word`'s alphagram and probability order are those of `search` (plain words only)."""
    for w in words[:20]:
        if w.blanks == 0:
            [row] = lx.search(anagram=w.alphagram, prefix=w.word, length=w.length, suffix=w.word)
            assert (w.alphagram, w.probability_order) == (row.alphagram, row.probability_order), w


def test_anagram_details_are_the_cli_records(lx, cli):
    for rack, args, kwargs in [
        ("AEINR??", [], {}),
        ("CHURR?", ["--sub", "--min", "3", "--max", "5", "--sort", "probability"], {"mode": "sub", "min_tiles": 3, "max_tiles": 5, "sort": "probability"}),
        ("ÑU", ["--super", "--max", "4", "--sort", "value"], {"mode": "super", "max_tiles": 4, "sort": "value"}),
    ]:
        want = cli.records("anagram", *args, rack)
        got = lx.anagram(rack, details=True, **kwargs)
        assert got, rack
        assert all(isinstance(w, lexico.Word) for w in got)
        # The CLI adds each word's probability rank in the whole lexicon when it sorts by
        # probability; the package leaves it out.
        assert [_record(w) for w in got] == [
            {k: v for k, v in r.items() if k not in ("rack", "error", "rank")} for r in want
        ], rack
        _check_study_fields(lx, got)


def test_pattern_and_regex_equal_the_cli(lx, cli):
    for p in ["CH?RR?", "*ZU[AEIOU]", "[^AEIOU]??LL?"]:
        want = cli.text("pattern", p).splitlines()
        got = lx.pattern(p)
        assert got and [f"{w}\t{lexico.tiles(w).value}" for w in got] == want, p
    want = [line.split("\t")[0] for line in cli.text("pattern", "--regex", "--sort", "length", "CHU(RR|LL)O.*").splitlines()]
    assert lx.regex("CHU(RR|LL)O.*", sort="length") == want
    limited = lx.pattern("CAS*", min_tiles=5, max_tiles=6)
    assert limited == [line.split("\t")[0] for line in cli.text("pattern", "--min", "5", "--max", "6", "CAS*").splitlines()]


def test_pattern_and_regex_details_are_the_cli_records(lx, cli):
    for args, call in [
        (["CH?RR?"], lambda: lx.pattern("CH?RR?", details=True)),
        (["--sort", "probability", "*ZU[AEIOU]"], lambda: lx.pattern("*ZU[AEIOU]", sort="probability", details=True)),
        (["--min", "5", "--max", "6", "--sort", "value", "CAS*"], lambda: lx.pattern("CAS*", min_tiles=5, max_tiles=6, sort="value", details=True)),
        (["--regex", "--sort", "length", "CHU(RR|LL)O.*"], lambda: lx.regex("CHU(RR|LL)O.*", sort="length", details=True)),
    ]:
        want = cli.records("pattern", *args)
        got = call()
        assert got and all(isinstance(w, lexico.Word) for w in got), args
        # The package leaves out the query, the error field and the CLI's probability rank.
        assert [_record(w) for w in got] == [
            {k: v for k, v in r.items() if k not in ("pattern", "error", "rank")} for r in want
        ], args
        _check_study_fields(lx, got)


def test_hooks_equal_the_cli(lx, cli):
    words = ["casa", "churro", "ala", "ñu", "xyzzy"]
    for word, r in zip(words, cli.records("hooks", *words)):
        h = lx.hooks(word)
        assert isinstance(h, lexico.Hooks)
        assert (h.word, h.valid, " ".join(h.front), " ".join(h.back), " ".join(h.hooked)) == (
            r["word"],
            r["valid"],
            r["front"],
            r["back"],
            r["hooked"],
        ), word


def test_tiles_equal_the_cli(cli):
    words = ["churro", "CH?", "[C][H]A", "llama", "1U3O"]
    for word, r in zip(words, cli.records("tiles", *words)):
        t = lexico.tiles(word)
        assert (t.word, " ".join(t.tiles), t.bracketed, t.length, t.value) == (
            r["word"],
            r["tiles"],
            r["bracketed"],
            r["count"],
            r["value"],
        ), word


WORDS = ["casa", "CHURRO", "zuzar", "ñandú", "pingüino", "kiwi", "[C][H]URRO", "1U3O", "casitaz", "a", "PERRO"]


def test_valid_and_valid_many_equal_the_cli(lx, cli):
    want = [r["valid"] for r in cli.records("valid", *WORDS)]
    assert True in want and False in want
    assert [lx.valid(w) for w in WORDS] == want
    assert lx.valid_many(WORDS) == want
    assert lx.valid_many(tuple(WORDS)) == want
    assert lx.valid_many(w for w in WORDS) == want
    assert [w in lx for w in WORDS] == want
    assert lx.valid_many([]) == []


def test_valid_many_agrees_from_several_threads(lx):
    words = lx.pattern("C*")
    assert len(words) > 10_000
    probes = words + [w + "Z" for w in words]
    results = [None] * 4

    def judge(i):
        results[i] = lx.valid_many(probes)

    threads = [threading.Thread(target=judge, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    want = [True] * len(words) + [lx.valid(w + "Z") for w in words]
    assert all(r == want for r in results)


def test_iteration_gives_every_word_in_the_cli_dump_order(lx, cli):
    words = list(lx)
    assert words == cli.text("dump").splitlines()
    assert len(words) == len(lx)
    assert all(lx.valid_many(words))


def test_errors_carry_the_cli_messages(lx, cli):
    [row] = cli.records("valid", "ca$a")
    with pytest.raises(ValueError) as e:
        lx.valid("ca$a")
    assert str(e.value) == f"'ca$a': {row['error']}"
    with pytest.raises(ValueError) as e:
        lx.valid_many(["casa", "ca$a"])
    assert str(e.value) == f"words[1]: 'ca$a': {row['error']}"
    with pytest.raises(TypeError, match=r"words\[1\]: expected str, got int"):
        lx.valid_many(["casa", 3])
    for args, call in [
        (["anagram", "A$"], lambda: lx.anagram("A$")),
        (["anagram", "A???"], lambda: lx.anagram("A???")),
        (["pattern", "[AE"], lambda: lx.pattern("[AE")),
        (["pattern", "--regex", "(A"], lambda: lx.regex("(A")),
        (["hooks", "ca$a"], lambda: lx.hooks("ca$a")),
        (["tiles", "ca$a"], lambda: lexico.tiles("ca$a")),
    ]:
        [row] = cli.records(*args)
        assert row["error"], args
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == f"'{args[-1]}': {row['error']}", args
    with pytest.raises(ValueError, match="mode must be 'exact', 'sub' or 'super'"):
        lx.anagram("CASA", mode="subset")
    with pytest.raises(ValueError, match="min_tiles and max_tiles need mode='sub' or 'super'"):
        lx.anagram("CASA", min_tiles=2)
    with pytest.raises(ValueError, match="sort must be"):
        lx.pattern("CASA", sort="size")
    assert "ca$a" not in lx and 3 not in lx


def test_a_lexicon_file_opens_by_path(tmp_path, cli):
    source = tmp_path / "words.txt"
    source.write_text("casa\nperro\nchurro\n", encoding="utf-8")
    out = tmp_path / "small.lex"
    done = cli.run("build", "-o", str(out), "--quiet", str(source), lexicon=None)
    assert done.returncode == 0, done.stderr
    small = lexico.Lexicon.open(out)
    assert isinstance(small, lexico.Lexicon)
    assert len(small) == 3
    assert list(small) == ["CASA", "CHURRO", "PERRO"]
    assert small.valid("churro") and not small.valid("zuzar")
    assert small.info().file_sha256 == lexico.Lexicon.open(str(out)).info().file_sha256
    assert len(lexico.Lexicon.open("embedded")) == 636_598


def test_a_lexicon_that_cannot_be_opened_raises_lexicon_error(tmp_path, cli):
    missing = tmp_path / "missing.lex"
    with pytest.raises(lexico.LexiconError) as e:
        lexico.Lexicon.open(missing)
    assert str(e.value).startswith(f"{missing}: ")
    garbage = tmp_path / "garbage.lex"
    garbage.write_bytes(b"not a lexicon at all, just some bytes" * 4)
    done = cli.run("info", lexicon=str(garbage))
    assert done.returncode == 2
    with pytest.raises(lexico.LexiconError) as e:
        lexico.Lexicon.open(garbage)
    assert f"lexico: {e.value}" == done.stderr.strip()


def _installed(tmp_path, cli, monkeypatch):
    """A small lexicon built and installed by the CLI into a data folder of its own, which the
    package then reads as the CLI does (`LEXICO_DATA_DIR`)."""
    source = tmp_path / "words.txt"
    source.write_text("casa\nsaca\nacas\nperro\nchurro\n", encoding="utf-8")
    built = tmp_path / "built.lex"
    args = ["--name", "Estudio", "--edition", "EST-1", "--lexicon-version", "1.0", "--quiet"]
    done = cli.run("build", "-o", str(built), *args, str(source), lexicon=None)
    assert done.returncode == 0, done.stderr
    data = tmp_path / "data"
    installing = Cli(cli.path, data)
    done = installing.run("install", str(built), lexicon=None)
    assert done.returncode == 0, done.stderr
    monkeypatch.setenv("LEXICO_DATA_DIR", str(data))
    return installing


def test_an_installed_lexicon_opens_by_name_and_edition_as_the_cli_finds_it(tmp_path, cli, monkeypatch):
    installing = _installed(tmp_path, cli, monkeypatch)
    import json

    for name in ["Estudio", "EST-1", "est-1"]:
        small = lexico.Lexicon.open(name)
        info = json.loads(installing.text("info", "--format", "json", lexicon=name))
        assert info["edition"] == "EST-1"
        assert len(small) == info["words"] == 5
        for rack in ["ASAC", "ACAS?", "PERRO", "OCHURR"]:
            want = [line.split("\t")[0] for line in installing.text("anagram", rack, lexicon=name).splitlines()]
            assert small.anagram(rack) == want, rack
        assert small.anagram("ASAC") == ["ACAS", "CASA", "SACA"]
    assert lexico.Lexicon.open("Estudio").info().file_sha256 == lexico.Lexicon.open("EST-1").info().file_sha256


def test_an_unknown_installed_name_raises_lexicon_error_with_the_cli_message(tmp_path, cli, monkeypatch):
    installing = _installed(tmp_path, cli, monkeypatch)
    done = installing.run("info", lexicon="FISE-9")
    assert done.returncode == 2
    with pytest.raises(lexico.LexiconError) as e:
        lexico.Lexicon.open("FISE-9")
    assert f"lexico: {e.value}" == done.stderr.strip()
    assert str(e.value).startswith("no installed lexicon has the edition or name 'FISE-9'")


def test_a_damaged_lexicon_file_is_refused_before_any_answer(tmp_path, cli):
    source = tmp_path / "words.txt"
    source.write_text("casa\nperro\nchurro\n", encoding="utf-8")
    out = tmp_path / "small.lex"
    done = cli.run("build", "-o", str(out), "--quiet", str(source), lexicon=None)
    assert done.returncode == 0, done.stderr
    image = bytearray(out.read_bytes())
    # One bit flipped in the middle of the word store (the section table: 16 header bytes, then
    # 24 bytes a section: tag, CRC-32, offset, length).
    count = int.from_bytes(image[12:16], "little")
    for i in range(count):
        entry = image[16 + 24 * i : 40 + 24 * i]
        if bytes(entry[:4]) == b"WORD":
            offset = int.from_bytes(entry[8:16], "little")
            length = int.from_bytes(entry[16:24], "little")
            image[offset + length // 2] ^= 0x40
    out.write_bytes(bytes(image))
    assert cli.run("info", lexicon=str(out)).returncode == 2
    with pytest.raises(lexico.LexiconError):
        lexico.Lexicon.open(out)


def test_judge_equals_the_station_and_never_names_the_word(lx, cli):
    for play in [["casa", "perro"], ["casa", "xyzzy", "perro"], ["kiwi"], ["ZUZAR", "ÑANDÚ"]]:
        [want] = cli.records("valid", "--judge", *play)
        for given in (play, " ".join(play), ", ".join(play)):
            got = lx.judge(given)
            assert isinstance(got, lexico.Judgement)
            assert got.acceptable == (want["verdict"] == "ACCEPTABLE")
            assert got._asdict() == {
                "acceptable": got.acceptable,
                **{k: v for k, v in want.items() if k not in ("error", "signer")},
            }, given
    assert lx.judge(["casa", "xyzzy"]).verdict == "UNACCEPTABLE"
    assert lx.judge("").verdict == "UNACCEPTABLE"
    [want] = cli.records("valid", "--judge", "casa", "ca$a")
    for play in (["casa", "ca$a"], "casa ca$a"):
        with pytest.raises(ValueError) as e:
            lx.judge(play)
        assert str(e.value) == want["error"]
        assert "ca$a" not in str(e.value)


def test_explain_equals_the_cli(lx, cli):
    words = ["casa", "casas", "dámelo", "kiosco", "[C][H]URRO", "casitaz", "a", "zuzar"]
    records = cli.records("explain", *words)
    assert {r["reason"] for r in records} >= {"listed", "no-tile", "separate-tiles"}
    for word, r in zip(words, records):
        e = lx.explain(word)
        assert isinstance(e, lexico.Explanation)
        assert (e.word, e.valid, e.reason, " | ".join(e.lines)) == (
            r["word"],
            r["valid"],
            r["reason"],
            r["explanation"],
        ), word
        assert [d._asdict() for d in e.derivations] == r["derivations"], word
        enclitics = [
            {**a._asdict(), "pronouns": list(a.pronouns), "derivation": a.derivation and a.derivation._asdict()}
            for a in e.enclitics
        ]
        assert enclitics == r["enclitics"], word
    [row] = cli.records("explain", "ca$a")
    with pytest.raises(ValueError) as e:
        lx.explain("ca$a")
    assert str(e.value) == f"'ca$a': {row['error']}"


def _study_rows(cli, *args):
    """`lexico search ARGS --format json` as `StudyWord` fields: hooks as tuples, `new` None
    when the CLI leaves it out."""
    rows = []
    for r in cli.records("search", *args):
        r["front_hooks"] = tuple(r["front_hooks"].split())
        r["back_hooks"] = tuple(r["back_hooks"].split())
        r.setdefault("new", None)
        rows.append(lexico.StudyWord(**r))
    return rows


# Every keyword argument of `search`, with a value and the CLI's flags for it. Each is run
# alone after a length that keeps the lists short, then negated.
SEARCH_KEYWORDS = [
    ("length", (2, 3), ["--length", "2..3"]),
    ("pattern", "?A*", ["--pattern", "?A*"]),
    ("regex", ".*Ñ.*", ["--regex", ".*Ñ.*"]),
    ("anagram", "AE[R][R]", ["--anagram", "AE[R][R]"]),
    ("anagram", "S[AEIOU]*", ["--anagram", "S[AEIOU]*"]),
    ("sub", "AES?", ["--sub", "AES?"]),
    ("super", "ÑU", ["--super", "ÑU"]),
    ("prefix", "CH", ["--prefix", "CH"]),
    ("suffix", "RR", ["--suffix", "RR"]),
    ("contains", "A2", ["--contains", "A2"]),
    ("only", "AEIOUS", ["--only", "AEIOUS"]),
    ("only", "AEIOU:60..", ["--only", "AEIOU:60.."]),
    ("vowels", 1, ["--vowels", "1"]),
    ("distinct", (3, None), ["--distinct", "3.."]),
    ("value", "..3", ["--value", "..3"]),
    ("probability_order", (None, 40), ["--probability-order", "..40"]),
    ("anagrams", (2, None), ["--anagrams", "2.."]),
    ("front_hooks", 0, ["--front-hooks", "0"]),
    ("back_hooks", (3, 5), ["--back-hooks", "3..5"]),
    ("front_hook", "A", ["--front-hook", "A"]),
    ("back_hook", ["A", "S"], ["--back-hook", "A", "--back-hook", "S"]),
    ("takes_prefix", "RE", ["--takes-prefix", "RE"]),
    ("takes_suffix", "ES", ["--takes-suffix", "ES"]),
    ("bingo_type", "II", ["--bingo-type", "II"]),
    ("bingo_type", 3, ["--bingo-type", "3"]),
    ("in_", "embedded", ["--in", "embedded"]),
    ("new_since", "embedded", ["--new-since", "embedded"]),
    ("generated", True, ["--generated"]),
    ("listed", True, ["--listed"]),
]


@pytest.mark.parametrize("keyword, value, flags", SEARCH_KEYWORDS, ids=[k[0] for k in SEARCH_KEYWORDS])
def test_every_search_keyword_equals_the_cli(lx, cli, keyword, value, flags):
    # Sevens for the Types, which no shorter word belongs to.
    span = (7, 7) if keyword == "bingo_type" else (2, 4)
    short = ["--length", "%d..%d" % span]
    found = 0
    for negated in (False, True):
        name = keyword
        if negated:
            if keyword in ("in_", "new_since", "generated", "listed"):
                name = "not_" + keyword.rstrip("_")
            else:
                name = "not_" + keyword
        cli_flags = [f.replace("--", "--not-", 1) if negated and f.startswith("--") else f for f in flags]
        if keyword == "length":
            # Alone: a keyword is given once (not_length keeps every word but those of 2 or 3).
            args = {name: value}
            want = _study_rows(cli, *cli_flags)
        else:
            args = {"length": span, name: value}
            want = _study_rows(cli, *short, *cli_flags)
        got = lx.search(**args)
        assert got == want, (name, value)
        found += len(got)
    # The condition or its negation keeps some words (the embedded lexicon has none new since
    # itself, none generated).
    assert found, keyword


def test_search_sort_limit_and_blanks_equal_the_cli(lx, cli):
    for kwargs, args in [
        ({"sort": "value", "limit": 30}, ["--sort", "value", "--limit", "30"]),
        ({"sort": "probability", "blanks": 0}, ["--sort", "probability", "--blanks", "0"]),
        ({"blanks": 1}, ["--blanks", "1"]),
    ]:
        assert lx.search(length=3, **kwargs) == _study_rows(cli, "--length", "3", *args), kwargs
    with pytest.raises(ValueError, match="blanks"):
        lx.search(length=2, blanks=3)


def test_search_rows_are_study_words_with_tuples_of_hooks(lx):
    [casa] = lx.search(pattern="CASA")
    assert isinstance(casa, lexico.StudyWord)
    assert casa.back_hooks == ("D", "L", "N", "R", "S") and casa.front_hooks == ()
    assert casa.alphagram == "AACS" and casa.new is None
    assert lexico.tiles(lx.search(anagram="AE[R][R]")[0].alphagram).tiles == ("A", "E", "R", "R")


def test_search_marks_new_words_against_another_lexicon(lx):
    rows = lx.search(length=2, new_since=lx)
    assert rows == []
    rows = lx.search(length=2, not_new_since=lx, limit=3)
    assert [r.new for r in rows] == [False, False, False]


def test_a_bad_search_condition_is_a_value_error(lx):
    with pytest.raises(ValueError, match="'A0': contains: column 2"):
        lx.search(contains="A0")
    with pytest.raises(TypeError):
        lx.search(colour="red")  # type: ignore[call-arg]


def test_valid_many_reads_the_lines_of_a_file_and_refuses_a_str(lx, tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"casa\nperro\r\nkiwi\rcasaz\n")
    with open(path, newline="") as f:
        assert lx.valid_many(f) == [True, True, False, False]
    with open(path) as f:
        assert lx.valid_many(f) == [True, True, False, False]
    with pytest.raises(TypeError, match="not a str"):
        lx.valid_many("casa")


def test_a_missing_file_is_also_file_not_found(tmp_path):
    missing = tmp_path / "missing.lex"
    with pytest.raises(FileNotFoundError) as e:
        lexico.Lexicon.open(missing)
    assert isinstance(e.value, lexico.LexiconError) and isinstance(e.value, lexico.LexiconNotFoundError)
    assert str(e.value).startswith(f"{missing}: ")


def test_the_package_has_a_version():
    assert lexico.__version__ == "0.1.0"


def test_dash_equals_the_cli_records(lx, cli):
    # The JSON's field names, in the tuple's order: `count` is `card_count` in Python.
    fields = [{"card_count": "count"}.get(f, f) for f in lexico.DashAnswer._fields]
    for card, hand, words in [
        ("Palabra de 4 letras", "ATLMNOE", ["mano", "manto", "anom", "taxi"]),
        ("tiene una D", "B A T R M E F", ["deba", "dedo"]),
        ("4 letras", None, ["queso", "calle", "churro"]),
        ("nombre propio", None, ["León"]),
    ]:
        args = ["dash", card, *words] + (["--mano", hand] if hand else [])
        for word, r in zip(words, cli.records(*args)):
            assert list(lx.dash(card, word, hand=hand)) == [r[f] for f in fields], (card, word)
    want = cli.records("dash", "empieza con D", "--mano", "BATRMEF", "--list")
    assert [list(a) for a in lx.dash_list("empieza con D", "BATRMEF")] == [[r[f] for f in fields] for r in want]


def test_a_card_or_hand_dash_has_not_is_a_value_error(lx):
    with pytest.raises(ValueError, match="always turns up a vowel"):
        lx.dash("termina con B", "mano")
    with pytest.raises(ValueError, match="^hand: a hand holds at most 7 cards, not 8"):
        lx.dash("4 letras", "mano", hand="ATLMNOEE")
    with pytest.raises(ValueError, match="cannot tell verbs"):
        lx.dash("verbo", "deba")


def test_anagram_racks_with_classes_equal_the_cli(lx, cli):
    for rack, mode, flags in [
        ("AR[MS]*", "exact", []),
        ("CAS[AEIOU]?", "sub", ["--sub"]),
        ("ÑU[AEIOU]", "super", ["--super"]),
    ]:
        want = [r["word"] for r in cli.records("anagram", *flags, rack)]
        assert want and lx.anagram(rack, mode=mode) == want, rack
    with pytest.raises(ValueError, match="closing"):
        lx.anagram("A[EI")
