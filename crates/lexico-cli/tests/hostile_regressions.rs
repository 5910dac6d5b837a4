//! Regression tests for what hostile input broke in the `lexico` binary, each named after what
//! broke.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{run, workspace};
use lexico_lexicon::format::{self, tag};

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("regr", name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A small lexicon built by the binary, and the same file with its manifest edited: every
/// checksum matches, as in a file written by a buggy or hostile program.
fn with_manifest(dir: &Path, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\nperro\n").unwrap();
    let good = dir.join("good.lex");
    let out = run(&["build", "--quiet", "-o", good.to_str().unwrap(), src.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let image = std::fs::read(&good).unwrap();
    let sections: Vec<([u8; 4], Vec<u8>)> = format::read_table(&image)
        .unwrap()
        .iter()
        .map(|e| {
            let bytes = image[e.offset as usize..(e.offset + e.len) as usize].to_vec();
            if e.tag != tag::MANIFEST {
                return (e.tag, bytes);
            }
            let mut manifest: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            edit(&mut manifest);
            (e.tag, serde_json::to_vec(&manifest).unwrap())
        })
        .collect();
    let path = dir.join("edited.lex");
    std::fs::write(&path, format::write(&sections)).unwrap();
    path
}

#[test]
fn control_characters_in_errors_are_escaped_onto_one_line() {
    let out = run(&["valid", "ca\nsa"], b"");
    assert_eq!(stderr(&out), "lexico: argument 1: 'ca\\nsa': column 3: '\\n' is not a tile\n");
    let out = run(&["valid"], b"casa\n\x1b[31mrojo\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "lexico: <stdin>:2: '\\u{1b}[31mrojo': column 1: '\\u{1b}' is not a tile\n");
}

#[test]
fn an_io_error_is_named_once() {
    let out = run(&["valid", "--lexicon", "no-such.lex", "casa"], b"");
    assert_eq!(stderr(&out), "lexico: no-such.lex: No such file or directory (os error 2)\n");
    let out = run(&["valid", "--lexicon", "rules", "perro"], b"");
    assert_eq!(stderr(&out), "lexico: rules: is a directory\n");
    let out = run(&["build", "--rules", "./no-such-rules", "-o", "x.lex", "README.md"], b"");
    assert_eq!(
        stderr(&out),
        "lexico: ./no-such-rules/ruleset.toml: No such file or directory (os error 2)\n"
    );
}

#[test]
fn a_look_alike_letter_is_named_by_its_code_point() {
    // The Cyrillic С and the Greek Α print like the Latin C and A.
    let out = run(&["valid", "СASA"], b"");
    assert_eq!(stderr(&out), "lexico: argument 1: 'СASA': column 1: 'С' (U+0421) is not a tile\n");
    let out = run(&["tiles", "cΑsa"], b"");
    assert_eq!(stderr(&out), "lexico: argument 1: 'cΑsa': column 2: 'Α' (U+0391) is not a tile\n");
}

#[test]
fn sharp_s_and_ligatures_are_not_read_as_two_letters() {
    // Unicode capitalises ß as SS and ﬀ as FF: `valid` judged them as the words SS and FF.
    let out = run(&["valid", "ß"], b"");
    assert_eq!(stderr(&out), "lexico: argument 1: 'ß': column 1: 'ß' (U+00DF) is not a tile\n");
    let out = run(&["valid"], "casa\nﬀ\n".as_bytes());
    assert_eq!(stderr(&out), "lexico: <stdin>:2: 'ﬀ': column 1: 'ﬀ' (U+FB00) is not a tile\n");
    let dir = temp_dir("sharp-s");
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\nstraße\nﬁesta\nperro\n").unwrap();
    let lex = dir.join("x.lex");
    let out = run(&["build", "--quiet", "-o", lex.to_str().unwrap(), src.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let dump = run(&["dump", "--lexicon", lex.to_str().unwrap()], b"");
    assert_eq!(String::from_utf8_lossy(&dump.stdout), "CASA\nPERRO\n");
}

#[test]
fn invalid_utf8_on_stdin_names_its_column_in_every_format() {
    for format in ["text", "json"] {
        let out = run(&["valid", "--format", format], b"casa\n \xc3\xb1u\xff\n");
        assert_eq!(stderr(&out), "lexico: <stdin>:2:4: invalid UTF-8\n", "{format}");
    }
}

#[test]
fn a_bad_screening_pattern_is_reported_on_one_line() {
    let dir = temp_dir("pattern");
    let rules = workspace().join("rules/fise-2016");
    for name in ["ruleset.toml", "tiles.csv"] {
        std::fs::copy(rules.join(name), dir.join(name)).unwrap();
    }
    std::fs::write(
        dir.join("screening.toml"),
        "[[rule]]\nid = \"x\"\npattern = '(a'\nreason = \"r\"\narticle = \"1\"\n",
    )
    .unwrap();
    let out = run(&["build", "--rules", dir.to_str().unwrap(), "-o", "x.lex", "README.md"], b"");
    assert_eq!(
        stderr(&out),
        format!(
            "lexico: {}: rule 'x': bad pattern: unclosed group\n",
            dir.join("screening.toml:3:12").display()
        )
    );
}

#[test]
fn judge_survives_a_manifest_digest_that_is_not_ascii() {
    let dir = temp_dir("judge");
    let lex = with_manifest(&dir, |m| m["payload_sha256"] = format!("a{}", "ñ".repeat(16)).into());
    let out = run(&["valid", "--judge", "--lexicon", lex.to_str().unwrap(), "casa"], b"");
    // The claimed digest is not the one computed: the file is refused, on one line, no panic.
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("payload digest"), "{}", stderr(&out));
}

#[test]
fn explain_survives_a_source_range_past_the_largest_entry_id() {
    let dir = temp_dir("explain");
    let lex = with_manifest(&dir, |m| {
        m["sources"][0]["base"] = 1.into();
        m["sources"][0]["lines"] = u64::MAX.into();
    });
    let out = run(&["valid", "--explain", "--lexicon", lex.to_str().unwrap(), "perro"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_report_that_cannot_be_written_leaves_no_lexicon() {
    let dir = temp_dir("report");
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\n").unwrap();
    std::fs::create_dir(dir.join("x.lex.excluded.csv")).unwrap();
    let out = dir.join("x.lex");
    let run = run(&["build", "--quiet", "-o", out.to_str().unwrap(), src.to_str().unwrap()], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(!out.exists(), "a lexicon was written by a build that failed");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no temporary file is left");
}

/// Runs `lexico` with `args` in `dir`, under `prlimit --as=LIMIT` when prlimit is there (a limit
/// of the address space, as a machine with little memory has), and at most 20 seconds: a build
/// that waits for a FIFO's writer fails the test instead of hanging it.
fn build_limited(dir: &Path, limit: Option<u64>, args: &[&str]) -> Output {
    use std::process::{Command, Stdio};
    let prlimit = limit.filter(|_| Command::new("prlimit").arg("--version").output().is_ok());
    let mut command = match prlimit {
        Some(bytes) => {
            let mut c = Command::new("prlimit");
            c.arg(format!("--as={bytes}")).arg(env!("CARGO_BIN_EXE_lexico"));
            c
        }
        None => Command::new(env!("CARGO_BIN_EXE_lexico")),
    };
    command.args(args).current_dir(dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for var in common::LEXICON_VARS.iter().chain(&common::LOCALE_VARS) {
        command.env_remove(var);
    }
    let mut child = command.spawn().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("{args:?} still runs after 20 seconds");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn a_fifo_a_device_or_a_huge_file_as_a_source_undo_or_table_is_refused_at_once() {
    let dir = temp_dir("special-sources");
    std::fs::write(dir.join("good.txt"), "casa\nperro\n").unwrap();
    assert!(std::process::Command::new("mkfifo").arg(dir.join("f")).status().unwrap().success());
    // 1 GiB of NUL bytes, a sparse file.
    std::fs::File::create(dir.join("nul.txt")).unwrap().set_len(1 << 30).unwrap();
    // A socket cannot even be opened: it is named as what it is all the same.
    let _socket = std::os::unix::net::UnixListener::bind(dir.join("sock.txt")).unwrap();
    let limit = Some(4_000_000_000);
    for (args, file) in [
        (&["build", "-o", "x.lex", "good.txt", "f"][..], "f: a FIFO"),
        (&["build", "-o", "x.lex", "good.txt", "/dev/zero"], "/dev/zero: a device"),
        (&["build", "-o", "x.lex", "--undo", "/dev/zero", "good.txt"], "--undo: /dev/zero: a device"),
        (&["build", "-o", "x.lex", "--undo", "f", "good.txt"], "--undo: f: a FIFO"),
        (
            &["build", "-o", "x.lex", "--pos-table", "/dev/zero", "good.txt"],
            "--pos-table: /dev/zero: a device",
        ),
        (&["build", "-o", "x.lex", "--pos-table", "f", "good.txt"], "--pos-table: f: a FIFO"),
        (&["build", "-o", "x.lex", "good.txt", "sock.txt"], "sock.txt: a socket, not a regular file"),
        (&["build", "-o", "x.lex", "good.txt", "nul.txt"], "nul.txt: 1073741824 bytes, larger than any file"),
    ] {
        let out = build_limited(&dir, limit, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with(&format!("lexico: {file}")), "{args:?}: {}", stderr(&out));
        assert!(!dir.join("x.lex").exists(), "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_source_of_nul_bytes_costs_a_small_multiple_of_its_size() {
    // 96 MiB of NUL bytes hold no line end: one line, left out for its length without being
    // read as tiles. Reading it as tiles took 14 times its size (an abort under this limit).
    let dir = temp_dir("nul-source");
    std::fs::write(dir.join("good.txt"), "casa\nperro\n").unwrap();
    std::fs::File::create(dir.join("nul.txt")).unwrap().set_len(96 << 20).unwrap();
    let out =
        build_limited(&dir, Some(1_000_000_000), &["build", "--quiet", "-o", "x.lex", "good.txt", "nul.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = std::fs::read(dir.join("x.lex.excluded.csv")).unwrap();
    let last = report.split(|&b| b == b'\n').rev().find(|l| !l.is_empty()).unwrap();
    assert!(
        String::from_utf8_lossy(last).contains("100663296 bytes: longer than any word of 2 to 15 tiles"),
        "{}",
        String::from_utf8_lossy(&last[last.len().saturating_sub(200)..])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rack_of_10000_blanks_is_said_to_hold_10000() {
    let rack = "?".repeat(10_000);
    for args in [&["anagram", rack.as_str()][..], &["search", "--anagram", rack.as_str()]] {
        let out = run(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("10000 blanks, but the bag holds only 2"), "{}", &err[..err.len().min(300)]);
    }
}
