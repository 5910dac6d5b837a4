"""The examples of the package's docstrings and of docs/python.md give what they show."""

import doctest
import pathlib
import re

import lexico

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def test_docstring_examples_hold():
    result = doctest.testmod(lexico, extraglobs={"lexico": lexico})
    assert result.attempted > 0
    assert result.failed == 0


def test_the_examples_of_docs_python_md_hold():
    # The `>>>` sessions of the fenced Python blocks, each run as one doctest.
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    sessions = [b for b in blocks if b.lstrip().startswith(">>>")]
    assert sessions
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for i, text in enumerate(sessions):
        test = parser.get_doctest(text, {}, f"docs/python.md session {i + 1}", str(DOCS), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
