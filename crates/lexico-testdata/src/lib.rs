//! Where the tests find the federation's FISE-2 source lists, which no licence lets the repository
//! hold: `LEXICO_FISE2_DIR` if set, else `../shared/data/fise-2` beside the workspace.
//!
//! A test that needs them starts with `if lexico_testdata::fise2_missing() { return; }`. On a
//! fresh clone the folder is absent: the test then passes after one visible `skipped:` line on
//! standard error (written past the test harness's capture, once per test binary). CI sets
//! `LEXICO_REQUIRE_FISE2=1`, under which a missing folder fails the test instead, so CI always
//! runs every one of them. A test that needs a tool of the machine skips the same way
//! ([`skip_without`], failing under `LEXICO_REQUIRE_TOOLS`). This crate is for tests only; it
//! reads nothing but the environment and one folder's metadata.

#![deny(missing_docs)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Once;

/// The variable that names the folder of the FISE-2 lists.
pub const DIR_VAR: &str = "LEXICO_FISE2_DIR";

/// The variable under which a missing folder is a failure rather than a skip (`1` or `true`).
pub const REQUIRE_VAR: &str = "LEXICO_REQUIRE_FISE2";

/// The folder the FISE-2 lists are looked for in, whether or not it exists.
pub fn fise2_dir() -> PathBuf {
    match std::env::var_os(DIR_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/fise-2"),
    }
}

/// Returns true if and only if the FISE-2 lists are absent, in which case the calling test should
/// return at once: it prints the `skipped:` line (once per process), or panics when
/// `LEXICO_REQUIRE_FISE2` is set.
pub fn fise2_missing() -> bool {
    let dir = fise2_dir();
    if dir.join("no-verbos.txt").is_file() {
        return false;
    }
    let required = std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true"));
    assert!(
        !required,
        "{REQUIRE_VAR} is set but the FISE-2 lists are not in {} (set {DIR_VAR} to their folder)",
        dir.display()
    );
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        // Straight to the file descriptor: the harness captures `eprintln!` of a passing test.
        let _ = writeln!(std::io::stderr(), "skipped: needs ../shared/data/fise-2; set {DIR_VAR}");
    });
    true
}

/// The variable under which a test that needs a tool of the machine (`mkfifo`) fails when the
/// tool is missing, rather than skipping (`1` or `true`); CI sets it.
pub const REQUIRE_TOOLS_VAR: &str = "LEXICO_REQUIRE_TOOLS";

/// Says that a test cannot run because `what` is missing: one visible `skipped:` line on
/// standard error, then `false` so that the test returns; under [`REQUIRE_TOOLS_VAR`] it panics
/// instead.
pub fn skip_without(what: &str) -> bool {
    let required = std::env::var(REQUIRE_TOOLS_VAR).is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true"));
    assert!(!required, "{REQUIRE_TOOLS_VAR} is set but {what} is missing");
    let _ = writeln!(std::io::stderr(), "skipped: needs {what}");
    false
}

/// The path of the FISE-2 list `name` (for example `no-verbos.txt`). Call it after
/// [`fise2_missing`] has returned false; it panics, naming the path, if the file is absent.
pub fn fise2_file(name: &str) -> PathBuf {
    let path = fise2_dir().join(name);
    assert!(path.is_file(), "the FISE-2 list {} is missing", path.display());
    path
}
