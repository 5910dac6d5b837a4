"""`lexico.Cardbox` against the command's cardbox: what a script adds and records is what
`lexico cardbox` reads from the same file."""

import os

import pytest

import lexico


def test_a_script_studies_a_cardbox_the_command_reads(cli, lx, tmp_path):
    box = lexico.Cardbox(lx, path=tmp_path / "box.sqlite")
    assert box.scheduler == "leitner"
    assert box.add(["erar", "arre", "casa"]) == 3
    assert box.add(["saca"]) == 0, "CASA's alphagram is in already"
    # ERAR's tiles A E R R read back with a bracket; ARRE's are A E RR.
    assert box.due() == ["AACS", "AERR", "AE[R][R]"]
    assert box.answers("AE[R][R]") == ["ERAR", "RAER"]
    assert box.answers("AERR") == ["ARRE", "ERRA"]
    due_again = box.record("AACS", passed=True)
    assert due_again > "2000"
    box.record("AERR", passed=False)
    assert box.stats() == lexico.CardboxStats(cards=3, due=1, flagged=0, reviews=2, passed=1)
    # The data folder's cardbox of the embedded lexicon, as the command finds it.
    data = tmp_path / "data"
    os.environ["LEXICO_DATA_DIR"] = str(data)
    try:
        mine = lexico.Cardbox(lx, scheduler="fsrs")
        mine.add(["casa"])
        mine.record("casa", passed=True)
        assert mine.path.startswith(str(data / "cardboxes"))
    finally:
        del os.environ["LEXICO_DATA_DIR"]
    saved = cli.env["LEXICO_DATA_DIR"]
    cli.env["LEXICO_DATA_DIR"] = str(data)
    try:
        stats = cli.text("cardbox", "stats")
    finally:
        cli.env["LEXICO_DATA_DIR"] = saved
    assert "scheduler: fsrs" in stats and "answers recorded: 1, 1 passed" in stats, stats


def test_bad_input_raises():
    box_path = os.path.join(os.path.dirname(__file__), "no-such-folder", "box.sqlite")
    with pytest.raises(OSError):
        lexico.Cardbox(path=box_path)
    with pytest.raises(ValueError):
        lexico.Cardbox(scheduler="sm2", path=":memory:")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lexico.Cardbox(path=":memory:").add("casa")
