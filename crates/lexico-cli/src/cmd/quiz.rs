//! `lexico quiz`: anagram questions from search conditions, or the cardbox's due cards
//! (`--cardbox`), asked one by one. Each alphagram is drawn large (`crate::screen`); the player
//! types answers, or "none"; then come the answers with their hooks, found or missed, and the
//! wrong ones; the player keeps or changes the verdict; totals come at the end. Questions,
//! checking and scores are the answers' (`lexico_answers::quiz`), the cardbox is
//! `lexico_cardbox`'s; this module reads lines and prints.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Result;
use lexico_answers::quiz::{Attempt, Question, Score, Typed};
use lexico_cardbox::{Cardbox, Scheduler};

use crate::conditions::Conditions;
use crate::i18n::{msg, terminal, Arg};
use crate::lexicons::LexiconArg;
use crate::screen::{block, terminal_width, Tone};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub conditions: Conditions,
    /// Ask the cardbox's due cards instead (`lexico cardbox`), and record each answer there.
    #[arg(long, help_heading = "Quiz")]
    pub cardbox: bool,
    /// Record each answer in the cardbox (a question not in it is added).
    #[arg(long, help_heading = "Quiz")]
    pub record: bool,
    /// Seconds for each question (0: no limit); when they run out, the question ends.
    #[arg(long, value_name = "SECONDS", default_value_t = 0, help_heading = "Quiz")]
    pub timer: u64,
    /// Ask at most N questions.
    #[arg(long, value_name = "N", help_heading = "Quiz")]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// A line typed, `None` at the end of input, or the timer run out.
enum Input {
    Line(String),
    End,
    Timeout,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let lang = terminal();
    let say = |id: &str, a: &[(&str, Arg)]| msg(lang, id, a);
    let mut cardbox = None;
    if args.cardbox || args.record {
        let c = Cardbox::open_in_data_folder(&lex, Scheduler::default())?;
        if !c.changed().is_empty() {
            eprintln!("{}", say("cardbox-changed", &[("n", Arg::Num(c.changed().len() as u64))]));
        }
        cardbox = Some(c);
    }
    let asked: Vec<Question> = match &cardbox {
        Some(c) if args.cardbox => {
            let due = c.due(chrono::Utc::now(), args.limit)?;
            due.iter().map(|card| Question::read(&lex, &card.question)).collect::<Result<_, _>>()?
        }
        _ => {
            let mut qs = args.conditions.questions(&lex)?;
            qs.truncate(args.limit.unwrap_or(usize::MAX));
            qs
        }
    };
    if asked.is_empty() {
        eprintln!("{}", say(if args.cardbox { "quiz-none-due" } else { "quiz-no-questions" }, &[]));
        return Ok(ExitCode::from(1));
    }
    restore_on_interrupt();
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::End);
    });
    let timer = (args.timer > 0).then(|| Duration::from_secs(args.timer));
    let read = |deadline: Option<Instant>| match deadline {
        None => lines.recv().unwrap_or(Input::End),
        Some(d) => match lines.recv_timeout(d.saturating_duration_since(Instant::now())) {
            Ok(input) => input,
            Err(mpsc::RecvTimeoutError::Timeout) => Input::Timeout,
            Err(mpsc::RecvTimeoutError::Disconnected) => Input::End,
        },
    };
    let tty = std::io::stdout().is_terminal();
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let set = lex.tiles();
    let mut out = std::io::stdout().lock();
    let mut score = Score::default();
    'quiz: for (i, q) in asked.iter().enumerate() {
        let shown = q.readable(set);
        let head = [("n", Arg::Num(i as u64 + 1)), ("total", Arg::Num(asked.len() as u64))];
        let count = [("answers", Arg::Num(q.answers.len() as u64))];
        if tty {
            write!(
                out,
                "\x1b[H\x1b[2J{}\n\n{}",
                say("quiz-question", &head),
                block(&shown, Tone::Question, terminal_width(&std::io::stdout()), color)
            )?;
        } else {
            writeln!(out, "{}: {shown}", say("quiz-question", &head))?;
        }
        if let Some(before) =
            cardbox.as_ref().and_then(|c| c.card(&shown).ok().flatten()).and_then(|c| c.flagged)
        {
            writeln!(out, "{}", say("quiz-flagged", &[("before", Arg::Str(&before.join(" ")))]))?;
        }
        writeln!(out, "{}\n{}", say("quiz-answers", &count), say("quiz-prompt", &[]))?;
        out.flush()?;
        let mut attempt = Attempt::new(q);
        let deadline = timer.map(|t| Instant::now() + t);
        while !attempt.is_done(q) {
            let line = match read(deadline) {
                Input::Line(line) if line.trim().is_empty() => break,
                Input::Line(line) => line,
                Input::Timeout => {
                    writeln!(out, "{}", say("quiz-time-up", &[]))?;
                    break;
                }
                Input::End => break 'quiz,
            };
            for typed in attempt.take(q, set, &line) {
                let (id, word) = match typed {
                    Typed::Right(i) => ("quiz-right", set.spell(&q.answers[i].word)),
                    Typed::Again(i) => ("quiz-again", set.spell(&q.answers[i].word)),
                    Typed::Wrong(w) => ("quiz-wrong", w),
                    Typed::None => continue,
                };
                writeln!(out, "{}", say(id, &[("word", Arg::Str(&word))]))?;
            }
            out.flush()?;
        }
        let hooks = |t: &[u8]| t.iter().map(|&t| set.name(t)).collect::<String>();
        let rows: Vec<[String; 3]> =
            q.answers.iter().map(|a| [hooks(&a.front), set.spell(&a.word), hooks(&a.back)]).collect();
        let w = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
        let (front, word, back) = (w(0), w(1), w(2));
        for (i, [f, a, b]) in rows.iter().enumerate() {
            let (mark, missed) =
                if attempt.found[i] { ("✓", String::new()) } else { ("·", say("quiz-missed", &[])) };
            let line = format!("{mark} {f:>front$} {a:<word$} {b:<back$}  {missed}");
            writeln!(out, "{}", line.trim_end())?;
        }
        if q.answers.is_empty() {
            writeln!(out, "{}", say("quiz-no-answer", &[]))?;
        }
        if !attempt.wrong.is_empty() {
            writeln!(out, "{}", say("quiz-wrong-list", &[("words", Arg::Str(&attempt.wrong.join(" ")))]))?;
        }
        let mut passed = attempt.passed(q);
        writeln!(out, "{}", say(if passed { "quiz-kept-passed" } else { "quiz-kept-missed" }, &[]))?;
        out.flush()?;
        // The end of input at this prompt keeps the verdict, as Enter does, and ends the quiz.
        let ended = match read(None) {
            Input::Line(l) => {
                match l.trim() {
                    "+" => passed = true,
                    "-" => passed = false,
                    _ => {}
                }
                false
            }
            Input::Timeout => false,
            Input::End => true,
        };
        score.add(q, &attempt, passed);
        if let Some(c) = &mut cardbox {
            c.record(&lex, q, passed, chrono::Utc::now())?;
        }
        if ended {
            break;
        }
    }
    let s = score;
    let totals = [
        ("passed", Arg::Num(s.passed)),
        ("questions", Arg::Num(s.questions)),
        ("found", Arg::Num(s.found)),
        ("answers", Arg::Num(s.answers)),
        ("wrong", Arg::Num(s.wrong)),
    ];
    writeln!(out, "{}", say("quiz-totals", &totals))?;
    Ok(ExitCode::SUCCESS)
}

/// On Ctrl-C (and SIGTERM, SIGHUP): ends any style, starts a fresh line and ends the process as
/// the signal would have. The terminal is never taken out of its line mode, so nothing else
/// needs restoring; every answer recorded before is in the cardbox.
fn restore_on_interrupt() {
    crate::files::on_signal(|| std::io::stderr().write_all(b"\x1b[0m\n"));
}
