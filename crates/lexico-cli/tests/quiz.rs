//! `lexico quiz` and `lexico cardbox`: a quiz of five questions typed at a pseudo-terminal, with
//! right, wrong and "none" answers, on a cardbox whose lexicon changed, then the cardbox as it
//! is left; Ctrl-C ends a quiz with the terminal's style reset; a quiz killed (`kill -9`) between
//! answers leaves a readable cardbox holding every answer given; a question whose `--timer` runs
//! out ends, shows its answers and is kept as missed.

#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::terminal::on_terminal;
use common::{lexico, run_in, temp_dir};
use lexico_cardbox::{Cardbox, Schedule, Scheduler};
use lexico_lexicon::Lexicon;

const OLD: [&str; 9] = ["casa", "saca", "acas", "erar", "arre", "erra", "perro", "rata", "tara"];

/// Writes a lexicon of `words` into `dir` as `name`.
fn lexicon(dir: &Path, name: &str, words: &[&str]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, Lexicon::from_words(words.iter().copied()).unwrap().as_bytes()).unwrap();
    path
}

/// A data folder with a cardbox of the five alphagrams of [`OLD`], and the lexicon files: the
/// old one, and a new one without PERRO.
fn cardbox_of_five(kind: &str) -> (PathBuf, String, String) {
    let dir = temp_dir("quiz", kind);
    let old = lexicon(&dir, "old.lex", &OLD);
    let new = lexicon(&dir, "new.lex", &OLD[..6].iter().chain(&OLD[7..]).copied().collect::<Vec<_>>());
    let data = dir.join("data");
    let out = run_in(
        &dir,
        &[("LEXICO_DATA_DIR", data.as_os_str())],
        &["cardbox", "add", "--length", "3..", "--lexicon", old.to_str().unwrap()],
        b"",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("5 questions added"), "{out:?}");
    (data, old.display().to_string(), new.display().to_string())
}

/// The cardbox of the data folder `data`, for the lexicon file `lex`.
fn open(data: &Path, lex: &str) -> (Cardbox, Lexicon) {
    let lex = Lexicon::from_vec(std::fs::read(lex).unwrap()).unwrap();
    let dir = data.join("cardboxes");
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    (Cardbox::open(&file, &lex, Scheduler::Leitner).unwrap(), lex)
}

/// `lexico ARGS` with the data folder `data`, its standard input and output on pipes.
fn quiz_on_pipes(data: &Path, args: &[&str]) -> std::process::Child {
    lexico()
        .args(args)
        .env("LEXICO_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn a_quiz_at_a_terminal_records_right_wrong_and_none_answers_in_the_cardbox() {
    let (data, _, new) = cardbox_of_five("terminal");
    let env = [("LEXICO_DATA_DIR", data.to_str().unwrap()), ("NO_COLOR", "")];
    let (mut child, mut term) = on_terminal(&["quiz", "--cardbox", "--lexicon", &new], &env);
    // What the player types for each alphagram (spaced as the large block shows it), and the
    // key at the verdict: AERR's verdict is overruled to a pass.
    let plan: [(&str, &[&str], &str); 5] = [
        ("A A C S", &["casa, saca acas"], ""),
        ("A A R T", &["none"], ""),
        ("A E R R", &["arre perro", ""], "+"),
        ("A E [ R ] [ R ]", &["erar"], ""),
        ("E O P R R", &["no hay"], ""),
    ];
    let mut at = 0;
    let mut asked = Vec::new();
    for n in 1..=5 {
        let (start, _) = term.wait_for(at, &format!("Question {n} of 5"));
        let (end, shown) = term.wait_for(start, "an empty line gives up");
        let &(alphagram, lines, verdict) = plan
            .iter()
            .find(|(a, ..)| shown.contains(&format!(" {a} ")))
            .unwrap_or_else(|| panic!("no planned alphagram in {shown:?}"));
        asked.push(alphagram);
        if alphagram == "E O P R R" {
            assert!(shown.contains("its answers changed with the lexicon; before: PERRO"), "{shown:?}");
            assert!(shown.contains("0 answers"), "{shown:?}");
        }
        for line in lines {
            term.type_line(&format!("{line}\n"));
        }
        let (end, shown) = term.wait_for(end, "Enter goes on");
        match alphagram {
            "A A C S" => assert!(shown.contains("✓ SACA") && shown.contains("\npassed."), "{shown:?}"),
            "A A R T" => assert!(shown.contains("RATA") && shown.contains("missed\r\nmissed."), "{shown:?}"),
            "A E R R" => {
                assert!(
                    shown.contains("✗ PERRO: not an answer") && shown.contains("wrong: PERRO"),
                    "{shown:?}"
                );
                assert!(shown.lines().any(|l| l.contains(" ERRA ") && l.ends_with("missed")), "{shown:?}");
            }
            "E O P R R" => assert!(shown.contains("this alphagram has no answer"), "{shown:?}"),
            _ => {}
        }
        term.type_line(&format!("{verdict}\n"));
        at = end;
    }
    let (_, totals) = term.wait_for(at, "wrong\r\n");
    assert!(totals.contains("4 of 5 questions passed, 5 of 8 answers found, 1 wrong"), "{totals:?}");
    assert_eq!(child.wait().unwrap().code(), Some(0));
    asked.sort();
    assert_eq!(asked.len(), 5, "each question once");
    // The cardbox: every question answered once, in the box its verdict gives, no flag left.
    let (cardbox, _) = open(&data, &new);
    let boxes: Vec<(String, Schedule, usize)> = cardbox
        .cards()
        .unwrap()
        .into_iter()
        .map(|c| {
            assert!(c.flagged.is_none(), "{c:?}");
            let reviews = cardbox.history(&c.question).unwrap().len();
            (c.question, c.schedule, reviews)
        })
        .collect();
    let l = Schedule::Leitner;
    assert_eq!(
        boxes,
        [
            ("AACS".into(), l(1), 1),
            ("AART".into(), l(0), 1),
            ("AERR".into(), l(1), 1),
            ("AE[R][R]".into(), l(1), 1),
            ("EOPRR".into(), l(1), 1),
        ]
    );
    let stats = cardbox.stats(chrono::Utc::now()).unwrap();
    assert_eq!((stats.reviews, stats.passed, stats.flagged), (5, 4, 0));
}

#[test]
fn ctrl_c_ends_a_quiz_and_resets_the_terminal() {
    let (data, old, _) = cardbox_of_five("interrupt");
    let env = [("LEXICO_DATA_DIR", data.to_str().unwrap())];
    let (mut child, term) = on_terminal(&["quiz", "--cardbox", "--lexicon", &old], &env);
    let (at, _) = term.wait_for(0, "an empty line gives up");
    // As the terminal sends it on Ctrl-C (this pseudo-terminal is no controlling terminal).
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(2), "{status:?}");
    term.wait_for(at, "\x1b[0m");
}

#[test]
fn a_quiz_killed_between_answers_leaves_every_answer_recorded() {
    let (data, old, _) = cardbox_of_five("killed");
    let mut child = quiz_on_pipes(&data, &["quiz", "--cardbox", "--lexicon", &old]);
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut wait_for = |wanted: &str| {
        let mut line = String::new();
        while !line.contains(wanted) {
            line.clear();
            assert!(output.read_line(&mut line).unwrap() > 0, "{wanted:?} never shown");
        }
    };
    // Two questions answered (given up, then kept), the third asked, then kill -9.
    for n in 1..=2 {
        wait_for("gives up");
        input.write_all(b"\n").unwrap();
        wait_for("Enter goes on");
        input.write_all(if n == 1 { b"+\n" } else { b"\n" }).unwrap();
    }
    wait_for("Question 3 of 5");
    child.kill().unwrap();
    assert_eq!(child.wait().unwrap().signal(), Some(9));
    let (cardbox, _) = open(&data, &old);
    let answered: Vec<(String, bool)> = cardbox
        .cards()
        .unwrap()
        .into_iter()
        .flat_map(|c| {
            cardbox.history(&c.question).unwrap().into_iter().map(move |r| (c.question.clone(), r.passed))
        })
        .collect();
    assert_eq!(answered, [("AACS".to_string(), true), ("AART".to_string(), false)]);
    assert_eq!(cardbox.stats(chrono::Utc::now()).unwrap().cards, 5);
}

#[test]
fn a_question_whose_timer_runs_out_ends_and_is_kept_as_missed() {
    let (data, old, _) = cardbox_of_five("timer");
    let mut child = quiz_on_pipes(&data, &["quiz", "--cardbox", "--timer", "1", "--lexicon", &old]);
    // A timer that never runs out would leave the quiz waiting: it is killed after 30 s, and
    // the line awaited is then never shown.
    let pid = rustix::process::Pid::from_child(&child);
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(30));
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
    });
    let input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut shown = String::new();
    let mut wait_for = |wanted: &str| {
        let mut line = String::new();
        while !line.contains(wanted) {
            line.clear();
            assert!(output.read_line(&mut line).unwrap() > 0, "{wanted:?} never shown: {shown}");
            shown.push_str(&line);
        }
    };
    // Nothing typed: the first question ends on its own, with its answers, after its second.
    wait_for("gives up");
    let asked = std::time::Instant::now();
    wait_for("time is up");
    assert!(asked.elapsed() >= std::time::Duration::from_millis(900), "ended after {:?}", asked.elapsed());
    wait_for("ACAS");
    wait_for("Enter goes on");
    let mut input = input;
    input.write_all(b"\n").unwrap();
    wait_for("Question 2 of 5");
    drop(input);
    assert!(child.wait().unwrap().success());
    let (cardbox, _) = open(&data, &old);
    let history = cardbox.history("AACS").unwrap();
    assert_eq!(history.iter().map(|r| r.passed).collect::<Vec<_>>(), [false], "{shown}");
}
