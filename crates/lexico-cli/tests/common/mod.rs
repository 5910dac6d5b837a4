//! What the binary's test files share: where the workspace is, scratch folders, and a run of
//! the binary that checks what every run must.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The workspace root, where `rules/`, `lexicon-src/` and `tests/hostile/` are.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The scratch folder `name` of the test file `kind`, without touching it.
pub fn temp_dir_path(kind: &str, name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("lexico-{kind}-{}-{name}", std::process::id()))
}

/// A fresh, empty scratch folder (see [`temp_dir_path`]).
pub fn temp_dir(kind: &str, name: &str) -> PathBuf {
    let dir = temp_dir_path(kind, name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary from the workspace root with `stdin` as its input, and checks what every run
/// must: no panic, and exit 2 with one line `lexico: ...` on standard error when it fails. No
/// data folder is set (see [`run_in`]), so no installed lexicon is ever used.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(&workspace(), &[], args, stdin)
}

/// [`run`] from the folder `cwd`, with the variables `env` set. The variables that choose the
/// lexicon and the data folder (`LEXICO_LEXICON`, `LEXICO_DATA_DIR`, `XDG_DATA_HOME`, `HOME`)
/// are removed first, so a test never reads or writes the real home: it sets those it needs.
pub fn run_in(cwd: &Path, env: &[(&str, &OsStr)], args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut command = Command::new(env!("CARGO_BIN_EXE_lexico"));
    command.args(args).current_dir(cwd);
    for var in ["LEXICO_LEXICON", "LEXICO_DATA_DIR", "XDG_DATA_HOME", "HOME"] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied());
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    // A command that stops at the first bad line closes its input early: that is not a failure.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked") && !matches!(out.status.code(), Some(101 | 134) | None),
        "{args:?} panicked (exit {:?}): {err}",
        out.status.code()
    );
    if out.status.code() == Some(2) {
        assert!(
            err.starts_with("lexico: ") && err.lines().count() == 1,
            "{args:?}: the error is not one line: {err:?}"
        );
    }
    out
}
