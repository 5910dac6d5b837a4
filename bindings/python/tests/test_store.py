"""The data folder from Python: `lexico.install`, `lexico.trust`, `lexico.trusted_keys` and
`lexico.untrust` do what `lexico install` and `lexico trust` do, on the same folder, with the
same messages. Each test has a data folder of its own (`LEXICO_DATA_DIR`), which the binary it
is compared with uses too."""

import hashlib
import os
import pathlib
import subprocess

import pytest

import lexico


@pytest.fixture
def station(tmp_path, cli, monkeypatch) -> "Station":
    data = tmp_path / "data"
    monkeypatch.setenv("LEXICO_DATA_DIR", str(data))
    return Station(cli.path, tmp_path, data)


class Station:
    """A working folder and a data folder, with the `lexico` binary run in them."""

    def __init__(self, binary: pathlib.Path, work: pathlib.Path, data: pathlib.Path):
        self.binary, self.work, self.data = binary, work, data
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LEXICO_")}
        self.env.update({"LEXICO_DATA_DIR": str(data), "LC_ALL": "C"})

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.binary), *args], cwd=self.work, env=self.env, capture_output=True, text=True, check=False
        )

    def build(self, name: str, edition: str, words: list) -> pathlib.Path:
        (self.work / f"{name}.txt").write_text("\n".join(words) + "\n")
        done = self.run("build", "--quiet", "-o", f"{name}.lex", "--edition", edition, f"{name}.txt")
        assert done.returncode == 0, done.stderr
        return self.work / f"{name}.lex"

    def keygen(self) -> tuple:
        done = self.run("keygen", "-p", "k.pub", "-s", "k.key", "--unencrypted")
        assert done.returncode == 0, done.stderr
        return self.work / "k.pub", self.work / "k.key"


def installed_copy(station, data: bytes) -> pathlib.Path:
    """The copy an installation keeps of `data` in the data folder: objects/<SHA-256>.<ext>."""
    sha = hashlib.sha256(data).hexdigest()
    return next((station.data / "objects").glob(f"{sha}.*"))


def test_install_adds_then_finds_the_same_bytes_installed(station):
    path = station.build("x", "T-1", ["casa", "perro", "zuzar"])
    done = lexico.install(path, default=True)
    assert done.change == "added" and done.default and done.words == 3
    assert done.path == str(station.data / "T-1.entry")
    assert str(done) == f"installed unnamed T-1 0 (3 words) as {done.path}; it is the default lexicon"
    assert installed_copy(station, path.read_bytes()).read_bytes() == path.read_bytes()
    # The binary sees it installed, as the default, with the same line for the same bytes.
    assert station.run("valid", "ZUZAR").stdout.startswith("ZUZAR\tvalid")
    again = station.run("install", str(path))
    assert again.returncode == 0 and again.stdout.strip() == f"unnamed T-1 0 is already installed as {done.path}"
    assert lexico.install(path).change == "unchanged"
    assert lexico.Lexicon.open("T-1").valid("zuzar")


def test_install_replaces_another_lexicon_of_the_edition_only_with_force(station):
    a = station.build("a", "T-1", ["casa"])
    b = station.build("b", "T-1", ["perro"])
    lexico.install(a)
    with pytest.raises(lexico.LexiconError) as refused:
        lexico.install(b)
    cli = station.run("install", str(b))
    assert cli.returncode == 2
    assert cli.stderr == f"lexico: {refused.value}\n"
    assert "--force replaces it" in str(refused.value)
    assert lexico.install(b, force=True).change == "replaced"
    assert installed_copy(station, b.read_bytes()).read_bytes() == b.read_bytes()
    assert "T-1.entry" in lexico.install(b).path


def test_a_damaged_file_is_not_installed(station):
    path = station.build("x", "T-1", ["casa", "perro"])
    damaged = bytearray(path.read_bytes())
    damaged[len(damaged) // 2] ^= 0x55
    path.write_bytes(bytes(damaged))
    with pytest.raises(lexico.LexiconError):
        lexico.install(path)
    assert not (station.data / "T-1.entry").exists()


def test_trust_lists_and_untrusts_keys_as_the_binary_does(station):
    public, secret = station.keygen()
    key = lexico.trust(public)
    assert lexico.trusted_keys() == [key]
    listed = station.run("trust", "list").stdout.split()
    assert listed[0] == key.id and len(key.id) == 16
    # Once a key is trusted, an unsigned file is refused; a signed one is installed with its
    # signature.
    path = station.build("x", "T-1", ["casa"])
    with pytest.raises(lexico.LexiconError, match="unsigned, and 1 key is trusted"):
        lexico.install(path)
    assert station.run("sign", str(path), "--key", str(secret)).returncode == 0
    assert lexico.install(path).change == "added"
    signature = (station.work / "x.lex.minisig").read_bytes()
    assert installed_copy(station, signature).read_bytes() == signature
    lexico.untrust(key.id.lower())
    assert lexico.trusted_keys() == []
    with pytest.raises(lexico.LexiconError, match="is not trusted"):
        lexico.untrust(key.id)


def test_a_device_or_a_fifo_is_refused_as_a_key_at_once(station, tmp_path):
    with pytest.raises(lexico.LexiconError, match="a device, not a minisign public key"):
        lexico.trust("/dev/zero")
    fifo = tmp_path / "key.pub"
    os.mkfifo(fifo)
    with pytest.raises(lexico.LexiconError, match="a FIFO, not a minisign public key"):
        lexico.trust(fifo)
