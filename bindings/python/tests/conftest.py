"""Fixtures: the installed package's default lexicon, and the `lexico` binary to compare with.

The binary is `$LEXICO_BIN`, else `target/debug/lexico` or `target/release/lexico` of this
checkout (`cargo build` makes the first; `.ci/run` has it from `cargo test --workspace`). Every
comparison names the embedded lexicon (`--lexicon embedded`) and an empty data folder, so an
installed default lexicon on the machine cannot change the CLI's answer, and the C locale, so
the CLI's messages are in English as the package's are.
"""

import json
import os
import pathlib
import subprocess

import pytest

import lexico

REPO = pathlib.Path(__file__).resolve().parents[3]


def _binary() -> pathlib.Path:
    named = os.environ.get("LEXICO_BIN")
    if named:
        return pathlib.Path(named)
    for profile in ("debug", "release"):
        path = REPO / "target" / profile / "lexico"
        if path.exists():
            return path
    raise RuntimeError(
        "no lexico binary to compare with: run `cargo build` in the repository or set LEXICO_BIN"
    )


class Cli:
    """Runs the `lexico` binary on the embedded lexicon."""

    def __init__(self, path: pathlib.Path, data_dir: pathlib.Path):
        self.path = path
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LEXICO_")}
        self.env["LEXICO_DATA_DIR"] = str(data_dir)
        # The package speaks English: so must the CLI it is compared with, whatever the locale.
        self.env["LC_ALL"] = "C"

    def run(self, *args: str, lexicon: "str | None" = "embedded") -> subprocess.CompletedProcess:
        """Runs the binary with `args`, and `--lexicon LEXICON` unless `lexicon` is None."""
        chosen = ["--lexicon", lexicon] if lexicon is not None else []
        return subprocess.run(
            [str(self.path), *args, *chosen],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )

    def text(self, *args: str, lexicon: str = "embedded") -> str:
        done = self.run(*args, lexicon=lexicon)
        assert done.returncode in (0, 1), done.stderr
        return done.stdout

    def records(self, *args: str, lexicon: str = "embedded") -> list:
        """The JSON Lines records of a query (`--format json`), error rows included."""
        done = self.run(*args, "--format", "json", lexicon=lexicon)
        return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="session")
def cli(tmp_path_factory) -> Cli:
    return Cli(_binary(), tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="session")
def lx() -> lexico.Lexicon:
    return lexico.Lexicon()
