//! What the binary's test files share: where the workspace is, scratch folders, a run of the
//! binary that checks what every run must, and the check that a batch goes on past a bad input.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

#[cfg(unix)]
pub mod terminal;

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
/// must: no panic, and exit 2 with at least one line on standard error when it fails, every line
/// of which starts with `lexico: ` (a batch says one line per bad input). No data folder is set
/// (see [`run_in`]), so no installed lexicon is ever used.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(&workspace(), &[], args, stdin)
}

/// The variables that choose the lexicon and the data folder of installed lexicons.
pub const LEXICON_VARS: [&str; 4] = ["LEXICO_LEXICON", "LEXICO_DATA_DIR", "XDG_DATA_HOME", "HOME"];

/// The binary, with [`LEXICON_VARS`] and [`LOCALE_VARS`] removed, so a test never reads or writes
/// the real home (nor uses a lexicon installed there as the default) and reads English whatever
/// the machine's locale: it sets those it needs.
pub fn lexico() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lexico"));
    for var in LEXICON_VARS.iter().chain(&LOCALE_VARS) {
        command.env_remove(var);
    }
    command
}

/// The variables that choose the language people read (a test that wants Spanish sets them).
pub const LOCALE_VARS: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// [`run`] from the folder `cwd`, with the variables `env` set (see [`lexico`]).
pub fn run_in(cwd: &Path, env: &[(&str, &OsStr)], args: &[&str], stdin: &[u8]) -> Output {
    let mut command = lexico();
    command.args(args).current_dir(cwd);
    command.envs(env.iter().copied());
    run_command(&mut command, stdin)
}

/// Runs `command` (made by [`lexico`]) with `stdin` as its input, and checks what every run must
/// (see [`run`]).
pub fn run_command(command: &mut Command, stdin: &[u8]) -> Output {
    use std::io::Write;
    let args: Vec<_> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    // A command that stops early (a lexicon that cannot be opened) closes its input before
    // reading it: that is not a failure.
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
            err.ends_with('\n') && err.lines().count() >= 1 && err.lines().all(|l| l.starts_with("lexico: ")),
            "{args:?}: an error line does not start with 'lexico: ': {err:?}"
        );
    }
    out
}

/// Runs the binary on `stdin`; returns standard output, standard error and the exit code.
pub fn batch(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let out = run(args, stdin);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (text(out.stdout), text(out.stderr), out.status.code().unwrap_or(-1))
}

/// Checks a batch command on `good`, `bad`, `then`, from standard input and as arguments, in
/// every format: exit 2; one line on standard error naming the bad input's place and column; the
/// bad input's error row between the rows of the inputs around it (told by `mark` and
/// `then_mark`, text each holds in its text rows); every CSV and JSON record with an `error`
/// field, empty but in the bad input's record, whose other fields are empty too.
pub fn check_batch(args: &[&str], [good, bad, then]: [&str; 3], [mark, then_mark]: [&str; 2], message: &str) {
    let stdin = format!("{good}\n{bad}\n{then}\n");
    let from_args: Vec<&str> = args.iter().copied().chain([good, bad, then]).collect();
    for (args, stdin, place) in [(args, stdin.as_bytes(), "<stdin>:2"), (&from_args[..], b"", "argument 2")] {
        let what = format!("{args:?} {place}");
        let (text, err, code) = batch(args, stdin);
        assert_eq!(code, 2, "{what}: {text}");
        assert_eq!(err, format!("lexico: {place}: '{bad}': {message}\n"), "{what}");
        let lines: Vec<&str> = text.lines().collect();
        let row = format!("{bad}\terror\t{message}");
        let at =
            lines.iter().position(|l| *l == row).unwrap_or_else(|| panic!("{what}: no error row: {text}"));
        let (before, after) = (&lines[..at], &lines[at + 1..]);
        assert!(before.iter().any(|l| l.contains(mark)), "{what}: {text}");
        assert!(after.iter().any(|l| l.contains(then_mark)), "{what}: {text}");
        assert!(!before.iter().any(|l| l.contains(then_mark)), "{what}: {text}");
        assert!(!after.iter().any(|l| l.contains(mark) || l.contains("\terror\t")), "{what}: {text}");
        for format in ["csv", "json"] {
            let mut with_format = args.to_vec();
            with_format.extend(["--format", format]);
            let (out, err, code) = batch(&with_format, stdin);
            assert_eq!((code, err.lines().count()), (2, 1), "{what} {format}");
            // Each record as (field, value) pairs, values as text, "" for empty or null.
            let records: Vec<Vec<(String, String)>> = if format == "csv" {
                let mut reader = csv::Reader::from_reader(out.as_bytes());
                let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
                assert_eq!(header.last().map(String::as_str), Some("error"), "{what} {format}");
                let records =
                    reader.records().map(|r| r.unwrap().iter().map(String::from).collect::<Vec<_>>());
                records.map(|r| header.iter().cloned().zip(r).collect()).collect()
            } else {
                out.lines()
                    .map(|l| {
                        let v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(l).unwrap();
                        v.into_iter()
                            .map(|(k, v)| match v {
                                serde_json::Value::Null => (k, String::new()),
                                serde_json::Value::String(s) => (k, s),
                                v => (k, v.to_string()),
                            })
                            .collect()
                    })
                    .collect()
            };
            let errors: Vec<usize> = (0..records.len())
                .filter(|&i| records[i].iter().any(|(k, v)| k == "error" && !v.is_empty()))
                .collect();
            assert_eq!(errors.len(), 1, "{what} {format}: {out}");
            let (at, input) = (errors[0], &with_format[0]);
            assert!(at > 0 && at + 1 < records.len(), "{what} {format}: {out}");
            // The query's field (`rack`, `pattern`) where there is one, else the word's.
            let has = |field: &str| records[at].iter().any(|(k, _)| k == field);
            let field = ["rack", "pattern"].into_iter().find(|f| has(f)).unwrap_or("word");
            for (k, v) in &records[at] {
                let want = match k.as_str() {
                    "error" => message,
                    k if k == field => bad,
                    _ => "",
                };
                assert_eq!(v, want, "{what} {format} {input}: field {k}");
            }
        }
    }
}

/// A scratch folder with a working folder `work/` and a data folder `data/`, where the binary
/// runs with `LEXICO_DATA_DIR` set to the data folder. Each test file adds the helpers it needs
/// in an `impl Station` block of its own.
pub struct Station {
    pub work: PathBuf,
    pub data: PathBuf,
}

impl Station {
    /// A fresh station under the scratch folder of `suite`.
    pub fn new(suite: &str, name: &str) -> Station {
        let root = temp_dir(suite, name);
        let work = root.join("work");
        std::fs::create_dir_all(&work).unwrap();
        Station { work, data: root.join("data") }
    }

    /// Runs the binary in the working folder.
    pub fn run(&self, args: &[&str]) -> Output {
        run_in(&self.work, &[("LEXICO_DATA_DIR", self.data.as_os_str())], args, b"")
    }

    /// A file of the working folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.work.join(name)
    }

    /// The binary as a command in the working folder, not yet run.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = lexico();
        command.current_dir(&self.work).env("LEXICO_DATA_DIR", &self.data).args(args);
        command
    }
}

/// The FISE-2 build of the four 2016 lists (the embedded lexicon as the previous edition), made
/// once per test binary in `CARGO_TARGET_TMPDIR/lexico-NAME/`; `name` keeps the binaries'
/// builds apart. Callers check `lexico_testdata::fise2_missing()` first.
pub fn fise2_build(name: &str) -> &'static PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lexico-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("FISE-2.lex");
        let built = lexico()
            .current_dir(lexico_testdata::fise2_dir())
            .args(["build", "--quiet", "--previous", "embedded", "-o"])
            .arg(&out)
            .args([
                "no-verbos.txt",
                "verbos-clasificados.txt",
                "actualizacion-no-verbos.txt",
                "actualizacion-verbos.txt",
            ])
            .output()
            .expect("lexico runs");
        assert!(
            built.status.success(),
            "the FISE-2 build failed: {}",
            String::from_utf8_lossy(&built.stderr)
        );
        out
    })
}
