//! A writer killed at each of its renames (`kill -9`, made by strace at the rename itself), then
//! the next command: `install`, `build --sign`, `sign`, `trust add` and `keygen` leave a
//! lexicon beside its own signature, a key beside its own pair, and no temporary file once the
//! next command has run. Each test says `skipped:` where strace cannot stop a process at a
//! system call (it is not installed, or tracing is not allowed), and fails there instead when
//! `LEXICO_REQUIRE_STRACE=1` (as `.ci/run` sets it).

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output};

mod common;

use common::Station;

/// Returns true if and only if strace can kill a process at a rename here.
fn strace_works() -> bool {
    let out = Command::new("strace")
        .args(["-f", "-qq", "-o", "/dev/null", "-e", "inject=uname:signal=KILL", "uname"])
        .output();
    match out {
        Ok(out) if out.status.signal() == Some(9) => true,
        _ => {
            let why = "strace cannot kill a process at a system call here";
            assert!(std::env::var_os("LEXICO_REQUIRE_STRACE").is_none_or(|v| v != "1"), "{why}");
            println!("skipped: {why}");
            false
        }
    }
}

impl Station {
    /// Runs the binary with `args`, killed (SIGKILL) at its `n`th rename, before the rename is
    /// done; returns None when it had fewer renames and ended by itself.
    fn killed_at(&self, n: usize, args: &[&str]) -> Option<Output> {
        let mut command = Command::new("strace");
        command
            .args(["-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2"])
            .arg("-e")
            .arg(format!("inject=rename,renameat,renameat2:signal=KILL:when={n}"))
            .arg(env!("CARGO_BIN_EXE_lexico"))
            .args(args)
            .current_dir(&self.work)
            .env("LEXICO_DATA_DIR", &self.data);
        for var in common::LOCALE_VARS {
            command.env_remove(var);
        }
        let out = command.output().unwrap();
        (out.status.signal() == Some(9)).then_some(out)
    }

    /// Runs the binary and requires exit 0.
    fn ok(&self, args: &[&str]) -> Output {
        let out = self.run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    /// A list of `words` built into `file` with the edition `edition`.
    fn build(&self, file: &str, edition: &str, words: &[&str]) {
        let list = format!("{file}.txt");
        std::fs::write(self.path(&list), words.join("\n")).unwrap();
        self.ok(&["build", "--quiet", "-o", file, "--name", "kill", "--edition", edition, &list]);
    }
}

/// The hidden files left in `dir` and its folders: temporary files, journals.
fn left_behind(dir: &Path) -> Vec<String> {
    let mut left = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return left };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            left.push(entry.path().display().to_string());
        } else if entry.file_type().unwrap().is_dir() {
            left.extend(left_behind(&entry.path()));
        }
    }
    left
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Checks that nothing is left behind in the station's folders, and that the installed
/// lexicon `edition` is whole and signed by the trusted key (its lexicon beside its own
/// signature).
fn check_installed(s: &Station, edition: &str, what: &str) {
    assert!(left_behind(&s.data).is_empty(), "{what}: left behind: {:?}", left_behind(&s.data));
    assert!(left_behind(&s.work).is_empty(), "{what}: left behind: {:?}", left_behind(&s.work));
    let out = s.run(&["info", "--verify", "--lexicon", edition]);
    assert_eq!(out.status.code(), Some(0), "{what}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("signed by            key "), "{what}: {}", stdout(&out));
}

#[test]
fn install_killed_at_each_rename_then_installed_again_leaves_a_matching_pair() {
    if !strace_works() {
        return;
    }
    let s = Station::new("kills", "install");
    s.ok(&["keygen", "-p", "k.pub", "-s", "k.key", "--unencrypted"]);
    s.ok(&["trust", "add", "k.pub"]);
    s.build("a.lex", "K-1", &["casa", "perro"]);
    s.build("b.lex", "K-1", &["gato", "mesa", "silla"]);
    s.ok(&["sign", "a.lex", "--key", "k.key"]);
    s.ok(&["sign", "b.lex", "--key", "k.key"]);
    let mut n = 1;
    while n < 20 {
        // A installed, B installs over it and is killed; then B installs again.
        s.ok(&["install", "--force", "--default", "a.lex"]);
        let Some(_) = s.killed_at(n, &["install", "--force", "--default", "b.lex"]) else { break };
        // Before anything repairs it: a matching pair, the old one or the new one.
        let out = s.run(&["valid", "--judge", "gato"]);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "rename {n}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        s.ok(&["install", "--force", "--default", "b.lex"]);
        check_installed(&s, "K-1", &format!("install killed at rename {n}"));
        assert_eq!(s.run(&["valid", "--judge", "gato"]).status.code(), Some(0));
        n += 1;
    }
    println!("install: killed at each of {} renames", n - 1);
    assert!(n > 4, "install renamed only {} files", n - 1);
}

#[test]
fn build_sign_killed_at_each_rename_then_built_again_leaves_a_matching_pair() {
    if !strace_works() {
        return;
    }
    let s = Station::new("kills", "build-sign");
    s.ok(&["keygen", "-p", "k.pub", "-s", "k.key", "--unencrypted"]);
    s.ok(&["trust", "add", "k.pub"]);
    std::fs::write(s.path("old.txt"), "casa\nperro\n").unwrap();
    std::fs::write(s.path("new.txt"), "gato\nmesa\nsilla\n").unwrap();
    let build = |list: &'static str| {
        ["build", "--quiet", "-o", "out.lex", "--sign", "k.key", "--edition", "B-1", list]
    };
    let mut n = 1;
    while n < 20 {
        s.ok(&build("old.txt"));
        let Some(_) = s.killed_at(n, &build("new.txt")) else { break };
        // The lexicon is never beside another's signature: old pair, new pair, or refused.
        let out = s.run(&["valid", "--lexicon", "out.lex", "casa", "gato"]);
        let text = stdout(&out);
        let old = text == "CASA\tvalid\nGATO\tinvalid\tunlisted\n";
        let new = text == "CASA\tinvalid\tunlisted\nGATO\tvalid\n";
        assert!(old || new || out.status.code() == Some(2), "rename {n}: {text}");
        s.ok(&build("new.txt"));
        assert!(left_behind(&s.work).is_empty(), "rename {n}: {:?}", left_behind(&s.work));
        let out = s.run(&["info", "--verify", "--lexicon", "out.lex"]);
        assert_eq!(out.status.code(), Some(0), "rename {n}: {}", String::from_utf8_lossy(&out.stderr));
        n += 1;
    }
    assert!(n > 3, "build renamed only {} files", n - 1);
}

#[test]
fn sign_and_trust_add_killed_at_their_rename_leave_nothing_once_run_again() {
    if !strace_works() {
        return;
    }
    let s = Station::new("kills", "sign-trust");
    s.ok(&["keygen", "-p", "k.pub", "-s", "k.key", "--unencrypted"]);
    s.build("x.lex", "S-1", &["casa"]);
    assert!(s.killed_at(1, &["sign", "x.lex", "--key", "k.key"]).is_some());
    assert!(s.killed_at(1, &["trust", "add", "k.pub"]).is_some());
    s.ok(&["sign", "x.lex", "--key", "k.key"]);
    s.ok(&["trust", "add", "k.pub"]);
    assert!(left_behind(&s.work).is_empty(), "{:?}", left_behind(&s.work));
    assert!(left_behind(&s.data).is_empty(), "{:?}", left_behind(&s.data));
    let out = s.run(&["info", "--verify", "--lexicon", "x.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn keygen_killed_at_each_rename_leaves_a_pair_or_nothing() {
    if !strace_works() {
        return;
    }
    let s = Station::new("kills", "keygen");
    let id_in = |file: &str| {
        let text = std::fs::read_to_string(s.path(file)).unwrap();
        text.lines().next().unwrap().split_whitespace().last().unwrap().to_string()
    };
    let mut n = 1;
    while n < 20 {
        for file in ["k.pub", "k.key"] {
            let _ = std::fs::remove_file(s.path(file));
        }
        let args = ["keygen", "-p", "k.pub", "-s", "k.key", "--unencrypted"];
        let Some(_) = s.killed_at(n, &args) else { break };
        // The next keygen completes a pair whose renames had begun, or makes one.
        let out = s.run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code() == Some(0) || err.contains("already exists"), "rename {n}: {err}");
        assert!(s.path("k.pub").is_file() && s.path("k.key").is_file(), "rename {n}: not a pair");
        assert_eq!(id_in("k.pub"), id_in("k.key"), "rename {n}: a public key beside another's secret key");
        assert!(left_behind(&s.work).is_empty(), "rename {n}: {:?}", left_behind(&s.work));
        n += 1;
    }
    assert!(n > 2, "keygen renamed only {} files", n - 1);
}
