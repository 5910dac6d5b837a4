//! Streams and the judge station's log, each test named after a defect it guards against:
//! answers that waited for the end of the input, a blank play without an answer, a header
//! written twice by stations starting together, formulas in the audit log, a FIFO as the log,
//! and a station answering from a file replaced under it.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{lexico, run, temp_dir};

/// A running `lexico` with piped standard input and output.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = lexico()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session { child, stdin, lines }
    }

    /// Types `line` and returns the next line of output, which must come while the input is
    /// still open.
    fn ask(&mut self, line: &str) -> String {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no answer to {line:?} while the input stays open"))
    }

    /// The next line of output, without typing anything.
    fn next(&mut self) -> String {
        self.lines.recv_timeout(Duration::from_secs(20)).expect("a line")
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn valid_answers_each_word_as_it_arrives_in_every_format() {
    let mut text = Session::start(&["valid"]);
    assert_eq!(text.ask("casa"), "CASA\tvalid");
    assert_eq!(text.ask("casitax"), "CASITAX\tinvalid\tunlisted");
    let mut csv = Session::start(&["valid", "--format", "csv"]);
    assert_eq!(csv.ask("casa"), "word,valid,reason,error");
    assert_eq!(csv.next(), "CASA,true,listed,");
    let mut json = Session::start(&["valid", "--format", "json"]);
    let line = json.ask("perro");
    assert!(line.starts_with('{') && line.contains("\"PERRO\"") && line.contains("true"), "{line}");
}

#[test]
fn explain_and_anagram_answer_as_each_line_arrives() {
    let mut explain = Session::start(&["explain"]);
    assert!(explain.ask("casa").starts_with("CASA"));
    let mut anagram = Session::start(&["anagram", "--format", "json"]);
    assert!(anagram.ask("ASCA").contains("\"rack\":\"ASCA\""));
}

#[test]
fn a_blank_judge_play_gets_an_answer_line() {
    let mut judge = Session::start(&["valid", "--judge"]);
    assert!(judge.ask("casa").starts_with("ACCEPTABLE\t"));
    assert!(judge.ask("").starts_with("UNACCEPTABLE\t"));
    assert!(judge.ask("   ").starts_with("UNACCEPTABLE\t"));
    assert!(judge.ask("perro").starts_with("ACCEPTABLE\t"));
}

#[test]
fn stations_starting_together_on_a_new_audit_log_write_its_header_once() {
    let dir = temp_dir("streams", "header");
    for round in 0..5 {
        let log = dir.join(format!("audit-{round}.csv"));
        let children: Vec<Child> = (0..8)
            .map(|_| {
                lexico()
                    .args(["valid", "--judge", "--audit-log"])
                    .arg(&log)
                    .arg("casa")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut c in children {
            assert_eq!(c.wait().unwrap().code(), Some(0));
        }
        let text = std::fs::read_to_string(&log).unwrap();
        let headers = text.lines().filter(|l| l.starts_with("time,")).count();
        assert_eq!(headers, 1, "round {round}: {text}");
        assert_eq!(text.lines().count(), 9, "round {round}: {text}");
    }
}

#[test]
fn audit_fields_that_start_a_formula_are_neutralised() {
    let dir = temp_dir("streams", "formula");
    let log = dir.join("audit.csv");
    let out = run(&["valid", "--judge", "--audit-log", log.to_str().unwrap(), "=1+2"], b"");
    assert_eq!(out.status.code(), Some(2), "a play that is no word is an error");
    let text = std::fs::read_to_string(&log).unwrap();
    let row = text.lines().nth(1).unwrap();
    assert!(row.contains(",'=1+2,"), "{row}");
    assert!(!row.contains(",=1+2,"), "{row}");
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_audit_log_is_refused_at_once() {
    let dir = temp_dir("streams", "fifo");
    let fifo = dir.join("log.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        lexico_testdata::skip_without("mkfifo");
        return;
    }
    let out = run(&["valid", "--judge", "--audit-log", fifo.to_str().unwrap(), "casa"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
}

/// Builds a raw list into `dir/name.lex`.
fn build(dir: &Path, name: &str, words: &str) -> std::path::PathBuf {
    let list = dir.join(format!("{name}.txt"));
    std::fs::write(&list, words).unwrap();
    let lex = dir.join(format!("{name}.lex"));
    let out = run(&["build", "--quiet", "-o", lex.to_str().unwrap(), list.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    lex
}

#[test]
fn a_judge_station_never_answers_from_a_file_replaced_under_it() {
    let dir = temp_dir("streams", "replaced");
    let live = build(&dir, "live", "casa\nperro\n");
    let other = build(&dir, "other", "gato\nmesa\n");
    let mut judge = Session::start(&["valid", "--judge", "--lexicon", live.to_str().unwrap()]);
    let before = judge.ask("casa perro");
    assert!(before.starts_with("ACCEPTABLE\t"), "{before}");
    // Overwritten in place (as `cp other.lex live.lex` does), then truncated.
    std::fs::write(&live, std::fs::read(&other).unwrap()).unwrap();
    assert_eq!(judge.ask("casa perro"), before);
    assert!(judge.ask("gato").starts_with("UNACCEPTABLE\t"));
    std::fs::write(&live, b"").unwrap();
    assert_eq!(judge.ask("casa perro"), before);
}

#[test]
fn the_judge_banner_and_the_audit_log_name_the_signer() {
    let dir = temp_dir("streams", "signer");
    let lex = build(&dir, "list", "casa\n");
    let log = dir.join("audit.csv");
    let out = run(
        &[
            "valid",
            "--judge",
            "--lexicon",
            lex.to_str().unwrap(),
            "--audit-log",
            log.to_str().unwrap(),
            "casa",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("ACCEPTABLE\t") && text.trim_end().ends_with(", unsigned"), "{text}");
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.starts_with("time,play,table,round,verdict,lexicon_sha256,signer,number\n"), "{logged}");
    // The terminal judge numbers no judgement: its number is empty.
    assert!(logged.lines().nth(1).unwrap().ends_with(",unsigned,"), "{logged}");
    let embedded = run(&["valid", "--judge", "casa"], b"");
    assert!(String::from_utf8_lossy(&embedded.stdout).contains("embedded in the binary"));
}

#[test]
fn a_spanish_locale_gets_spanish_verdicts_and_lang_en_english() {
    let es = |args: &[&str]| {
        let out = lexico().args(args).env("LANG", "es_ES.UTF-8").output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(es(&["valid", "CASITA", "casa"]), "CASITA\tinválida\tunlisted\nCASA\tválida\n");
    assert_eq!(es(&["--lang", "en", "valid", "CASITA"]), "CASITA\tinvalid\tunlisted\n");
    assert!(es(&["valid", "--judge", "casa", "casitax"]).starts_with("JUGADA INACEPTABLE\t"));
    // Machine formats stay English.
    assert!(es(&["valid", "--format", "csv", "casa"]).starts_with("word,valid,reason,error\nCASA,true,"));
    let out =
        lexico().args(["valid", "casa"]).env("LC_ALL", "es_AR.UTF-8").env("LANG", "en_US").output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "CASA\tválida\n", "LC_ALL wins over LANG");
}
