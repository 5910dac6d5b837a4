//! The same commands give the same bytes: stdout, stderr and exit code of a fixed list of queries,
//! on the default lexicon and on the FISE-2 build, in text, CSV and JSON, compared with the files
//! under `tests/same_output/`. A change to the code behind a query keeps its output unless the
//! change is meant to alter it; then `UPDATE_EXPECT=1 cargo test -p lexico --test same_output`
//! rewrites the files, and the diff of the commit shows what changed.
//!
//! An output of more than 16 KiB is kept as its length in lines and its SHA-256, so the folder
//! stays small; a smaller one is kept whole, so a failure shows the lines that differ.

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use common::{lexico, workspace};
use lexico_testdata::{fise2_dir, fise2_missing};
use sha2::{Digest, Sha256};

/// Which lexicon a case runs on.
#[derive(Clone, Copy)]
enum On {
    /// The lexicon embedded in the binary.
    Default,
    /// The FISE-2 conformance build (the four lists, `--previous embedded`).
    Fise2,
}

/// One case: its name (the file it is compared with), its lexicon, its standard input and its
/// arguments. `@FISE2` in an argument is the FISE-2 build's path.
struct Case {
    name: &'static str,
    on: On,
    stdin: &'static str,
    args: &'static [&'static str],
}

const fn case(name: &'static str, on: On, args: &'static [&'static str]) -> Case {
    Case { name, on, stdin: "", args }
}

const fn piped(name: &'static str, on: On, stdin: &'static str, args: &'static [&'static str]) -> Case {
    Case { name, on, stdin, args }
}

use On::{Default as D, Fise2 as F};

/// The queries whose output must not change by accident: every query command, each format, both
/// lexicons, and the errors a user meets most.
const CASES: &[Case] = &[
    case("valid-text", D, &["valid", "ZUZAR", "CHURRO", "ÑANDÚ", "pingüino", "KIWI", "DAME", "XYZZYZ"]),
    case("valid-csv", D, &["valid", "--format", "csv", "ZUZAR", "CHURRO", "KIWI", "DAME", "ca$a"]),
    case("valid-json", D, &["valid", "--format", "json", "ZUZAR", "CHURRO", "KIWI", "DAME", "ca$a"]),
    case("valid-judge", D, &["valid", "--judge", "ZUZAR", "CHURRO"]),
    case("valid-judge-bad", D, &["valid", "--judge", "ZUZAR", "DAME"]),
    case("valid-explain", D, &["valid", "--explain", "ZUZAR", "DAME", "CASITA"]),
    piped("valid-batch", D, "zuzar\ncasa\n\nxyzzy\nca$a\nÑandú\n", &["valid"]),
    piped("valid-batch-csv", D, "zuzar\ncasa\nxyzzy\nca$a\n", &["valid", "--format", "csv"]),
    case("explain-text", D, &["explain", "ZUZAR", "CHURRO", "KIWI", "DAME", "CASITA", "CASAS", "ABAJOS"]),
    case("explain-csv", D, &["explain", "--format", "csv", "ZUZAR", "DAME", "KIOSCO", "CASAS"]),
    case("explain-json", D, &["explain", "--format", "json", "ZUZAR", "DAME", "KIOSCO", "CASAS"]),
    case("explain-es", D, &["--lang", "es", "explain", "ZUZAR", "DAME", "KIOSCO", "CASAS", "ABAJOS"]),
    case("anagram-exact", D, &["anagram", "AEINR??"]),
    case("anagram-exact-csv", D, &["anagram", "--format", "csv", "AEINR??"]),
    case("anagram-exact-json", D, &["anagram", "--format", "json", "AEINR??"]),
    case("anagram-sub", D, &["anagram", "--sub", "AEINR??"]),
    case("anagram-sub-csv", D, &["anagram", "--sub", "--format", "csv", "AEINR??"]),
    case("anagram-sub-json", D, &["anagram", "--sub", "--format", "json", "AEINR??"]),
    case("anagram-super", D, &["anagram", "--super", "AEINR??"]),
    case("anagram-super-csv", D, &["anagram", "--super", "--format", "csv", "AEINR??"]),
    case("anagram-super-json", D, &["anagram", "--super", "--format", "json", "AEINR??"]),
    case("anagram-probability", D, &["anagram", "--sub", "--sort", "probability", "--top", "40", "CHURROS"]),
    case("anagram-probability-csv", D, &["anagram", "--sort", "probability", "--format", "csv", "AEIOR?S"]),
    case(
        "anagram-value-json",
        D,
        &["anagram", "--sub", "--sort", "value", "--top", "30", "--format", "json", "ÑANDÚ?"],
    ),
    case(
        "anagram-alpha-tiles",
        D,
        &["anagram", "--sub", "--sort", "alpha", "--tiles", "--min", "4", "CHLLRR?"],
    ),
    piped("anagram-batch", D, "casa\nRR?\nkiwi\n\nAEINR??\n", &["anagram", "--format", "csv"]),
    case("anagram-bad", D, &["anagram", "AB???"]),
    case("pattern-text", D, &["pattern", "*A*E*"]),
    case("pattern-csv", D, &["pattern", "--format", "csv", "*A*E*"]),
    case("pattern-json", D, &["pattern", "--format", "json", "*A*E*"]),
    case("pattern-small", D, &["pattern", "C?S[AO]"]),
    case("pattern-small-csv", D, &["pattern", "--format", "csv", "--sort", "probability", "[^AEIOU]?RR?"]),
    case("pattern-regex", D, &["pattern", "--regex", "--format", "json", "^Ñ.*[CH]O$"]),
    case("pattern-bad", D, &["pattern", "C[A"]),
    case("hooks-text", D, &["hooks", "CASA", "AS", "CHURRO", "ZZZ"]),
    case("hooks-csv", D, &["hooks", "--format", "csv", "CASA", "AS", "RE"]),
    case("hooks-json", D, &["hooks", "--format", "json", "CASA", "AS", "RE"]),
    case("tiles", D, &["tiles", "CHURRO", "[CH]A3O", "pingüino"]),
    case("tiles-json", D, &["tiles", "--format", "json", "CHURRO", "ÑU"]),
    case("info", D, &["info"]),
    case("info-json", D, &["info", "--format", "json"]),
    case("dump", D, &["dump"]),
    case("dump-csv-provenance", D, &["dump", "--format", "csv", "--provenance"]),
    case("f-valid", F, &["valid", "ZUZAR", "CHURRO", "KIWI", "DAME", "CRICRÍES", "PODRÍS", "ABAJOS"]),
    case(
        "f-explain",
        F,
        &[
            "explain",
            "ZUZAR",
            "CHURRO",
            "ÑANDÚ",
            "pingüino",
            "KIWI",
            "DAME",
            "DIGNADOS",
            "CASITA",
            "BOXEADO",
            "BOXEADA",
            "AMASE",
            "ACERTÁ",
            "ABAJOS",
            "VENTISCAMOS",
            "HABEMOS",
            "ABROMAD",
            "ARREPENTIDAS",
            "CASAS",
            "CRICRÍES",
            "PODRÍS",
        ],
    ),
    case(
        "f-explain-csv",
        F,
        &["explain", "--format", "csv", "VENTISCAMOS", "DIGNADOS", "ABAJOS", "CASAS", "AMASE"],
    ),
    case("f-explain-json", F, &["explain", "--format", "json", "VENTISCAMOS", "DIGNADOS", "ABAJOS", "CASAS"]),
    case(
        "f-explain-es",
        F,
        &["--lang", "es", "explain", "VENTISCAMOS", "DIGNADOS", "ABAJOS", "CASAS", "HABEMOS"],
    ),
    case("f-anagram", F, &["anagram", "AEINR??"]),
    case("f-anagram-sub-csv", F, &["anagram", "--sub", "--format", "csv", "AEINR??"]),
    case("f-anagram-super-json", F, &["anagram", "--super", "--format", "json", "AEINR??"]),
    case("f-pattern", F, &["pattern", "--format", "csv", "*Ñ*RR*"]),
    case("f-hooks", F, &["hooks", "--format", "json", "CASA", "AS", "CHURRO"]),
    case("f-info", F, &["info"]),
    case("f-info-json", F, &["info", "--format", "json"]),
    case("f-dump", F, &["dump"]),
    case("f-dump-provenance", F, &["dump", "--format", "csv", "--provenance"]),
    case("f-dump-rejected", F, &["dump", "--format", "json", "--rejected"]),
    case("f-diff", F, &["diff", "default", "@FISE2"]),
    case("f-diff-csv", F, &["diff", "--format", "csv", "default", "@FISE2"]),
    case("f-diff-explain", F, &["diff", "--explain", "default", "@FISE2"]),
    case("f-diff-explain-json", F, &["diff", "--explain", "--format", "json", "default", "@FISE2"]),
    case("f-diff-counts", F, &["diff", "--counts", "default", "@FISE2"]),
];

/// The FISE-2 sources, in the order every FISE-2 build of the tests names them, named from their
/// folder so that the lexicon records the same names wherever the checkout is.
const SOURCES: [&str; 4] =
    ["no-verbos.txt", "verbos-clasificados.txt", "actualizacion-no-verbos.txt", "actualizacion-verbos.txt"];

/// The FISE-2 build and what its build printed, made once per test run.
fn fise2() -> &'static (PathBuf, String) {
    static BUILT: OnceLock<(PathBuf, String)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lexico-same-output");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("FISE-2.lex");
        let built = lexico()
            .current_dir(fise2_dir())
            .args(["build", "--previous", "embedded", "--name", "FISE", "--edition", "FISE-2"])
            .args(["--lexicon-version", "2016", "-o"])
            .arg(&out)
            .args(SOURCES)
            .output()
            .expect("lexico runs");
        let summary = String::from_utf8_lossy(&built.stderr).replace(&dir.display().to_string(), "@DIR");
        assert!(built.status.success(), "the FISE-2 build failed: {summary}");
        (out, summary)
    })
}

/// Longer outputs are kept as their line count and digest.
const WHOLE_UP_TO: usize = 16 * 1024;

fn shown(bytes: &[u8]) -> String {
    if bytes.len() <= WHOLE_UP_TO {
        String::from_utf8_lossy(bytes).into_owned()
    } else {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        format!("{} bytes, {lines} lines, sha256 {:x}\n", bytes.len(), Sha256::digest(bytes))
    }
}

/// What a run of `case` printed, as the expected file holds it.
fn record(case: &Case) -> String {
    let mut command: Command = lexico();
    command.current_dir(workspace()).env("COLUMNS", "80");
    let fise2 = matches!(case.on, On::Fise2).then(|| fise2().0.display().to_string());
    let args: Vec<String> =
        case.args.iter().map(|a| a.replace("@FISE2", fise2.as_deref().unwrap_or("@FISE2"))).collect();
    // A case on the FISE-2 build names it with --lexicon, after the command's name (or after
    // --lang and its value), unless it names it itself.
    let mut args = args;
    if let Some(path) = &fise2 {
        if !case.args.contains(&"@FISE2") {
            let at = if args[0] == "--lang" { 3 } else { 1 };
            args.splice(at..at, ["--lexicon".to_string(), path.clone()]);
        }
    }
    let out = common::run_command(command.args(&args), case.stdin.as_bytes());
    let mut s = String::new();
    let shown_args: Vec<String> =
        args.iter().map(|a| fise2.as_ref().map_or(a.clone(), |p| a.replace(p, "@FISE2"))).collect();
    writeln!(s, "$ lexico {}", shown_args.join(" ")).unwrap();
    writeln!(s, "exit {}", out.status.code().map_or("signal".to_string(), |c| c.to_string())).unwrap();
    let scrub = |b: &[u8]| {
        fise2.as_ref().map_or(b.to_vec(), |p| String::from_utf8_lossy(b).replace(p, "@FISE2").into_bytes())
    };
    s.push_str("--- stdout\n");
    s.push_str(&shown(&scrub(&out.stdout)));
    s.push_str("--- stderr\n");
    s.push_str(&shown(&scrub(&out.stderr)));
    s
}

fn expected_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/same_output")
}

/// Compares `got` with the file `name`, or rewrites it under `UPDATE_EXPECT=1`; returns a
/// description of the difference.
fn check(name: &str, got: &str) -> Option<String> {
    let path = expected_dir().join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_EXPECT").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(expected_dir()).unwrap();
        std::fs::write(&path, got).unwrap();
        return None;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if want == got {
        return None;
    }
    let mut diff = format!("{name}: the output differs from {}\n", path.display());
    for (i, (w, g)) in want.lines().zip(got.lines()).enumerate() {
        if w != g {
            writeln!(diff, "  line {}:\n    expected: {w}\n    got:      {g}", i + 1).unwrap();
            break;
        }
    }
    if want.lines().count() != got.lines().count() {
        writeln!(diff, "  expected {} lines, got {}", want.lines().count(), got.lines().count()).unwrap();
    }
    Some(diff)
}

fn run_cases(on: On) {
    let failures: Vec<String> = CASES
        .iter()
        .filter(|c| matches!((c.on, on), (On::Default, On::Default) | (On::Fise2, On::Fise2)))
        .filter_map(|c| check(c.name, &record(c)))
        .collect();
    assert!(failures.is_empty(), "{} of the outputs changed:\n{}", failures.len(), failures.concat());
}

#[test]
fn default_lexicon_queries_give_the_same_bytes() {
    run_cases(On::Default);
}

#[test]
fn fise2_build_and_queries_give_the_same_bytes() {
    if fise2_missing() {
        return;
    }
    let (out, summary) = fise2();
    // The build's own summary, without its time, and its exclusion report.
    let summary: String = summary
        .lines()
        .map(|l| match l.find(" in ") {
            Some(at) if l.contains(" words (") => format!("{}\n", &l[..at]),
            _ => format!("{l}\n"),
        })
        .collect();
    let report = std::fs::read(out.with_extension("lex.excluded.csv")).expect("the exclusion report");
    let got = format!("--- summary\n{summary}--- exclusion report\n{}", shown(&report));
    let mut failures: Vec<String> = check("f-build", &got).into_iter().collect();
    failures
        .extend(CASES.iter().filter(|c| matches!(c.on, On::Fise2)).filter_map(|c| check(c.name, &record(c))));
    assert!(failures.is_empty(), "{} of the outputs changed:\n{}", failures.len(), failures.concat());
}
