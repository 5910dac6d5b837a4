//! The cardbox as CSV: one card a row, with its history, so that a player can move a cardbox
//! between machines and editions. The SQLite cardbox ([`crate::Cardbox`]) and the one kept in
//! memory ([`crate::Deck`], the offline page's) write and read it here, and nowhere else.
//!
//! Columns: `question` (the alphagram, as it reads back), `answers` (space-separated), the
//! `scheduler` (`leitner` or `fsrs`), the Leitner `box`, the FSRS card (`stability`,
//! `difficulty`, `elapsed_days`, `scheduled_days`, `reps`, `lapses`, `state`, `last_review`),
//! `due`, `flagged` (the answers before a lexicon changed them) and `history` (each review as
//! `+TIME` passed or `-TIME` missed, space-separated). Times are RFC 3339 in UTC, to the second.

use std::io::{Read, Write};

use chrono::{DateTime, SecondsFormat, Utc};

use crate::{question_of, spelled, words, Card, CardboxError, FsrsState, Review, Schedule, Scheduler, Time};

const HEADER: [&str; 15] = [
    "question",
    "answers",
    "scheduler",
    "box",
    "stability",
    "difficulty",
    "elapsed_days",
    "scheduled_days",
    "reps",
    "lapses",
    "state",
    "last_review",
    "due",
    "flagged",
    "history",
];

fn rfc3339(t: Time) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Cards read (each replaces the card of its question).
    pub cards: usize,
    /// The questions whose answers in the file differ from the lexicon's: flagged.
    pub flagged: Vec<String>,
}

/// A card read from a line of CSV, with its history.
pub(crate) struct Row {
    pub card: Card,
    pub history: Vec<Review>,
}

/// Writes `cards`, each with its history, as CSV; `io` says an error of the writer.
pub(crate) fn write<'c>(
    out: impl Write,
    cards: impl IntoIterator<Item = (&'c Card, &'c [Review])>,
    io: impl Fn(String) -> CardboxError,
) -> Result<(), CardboxError> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(HEADER).map_err(|e| io(e.to_string()))?;
    for (card, history) in cards {
        let history: Vec<String> = history
            .iter()
            .map(|r| format!("{}{}", if r.passed { '+' } else { '-' }, rfc3339(r.at)))
            .collect();
        let mut row =
            vec![card.question.clone(), card.answers.join(" "), card.schedule.scheduler().name().into()];
        match &card.schedule {
            Schedule::Leitner(b) => {
                row.push(b.to_string());
                row.extend(std::iter::repeat_n(String::new(), 8));
            }
            Schedule::Fsrs(c) => row.extend([
                String::new(),
                c.stability.to_string(),
                c.difficulty.to_string(),
                c.elapsed_days.to_string(),
                c.scheduled_days.to_string(),
                c.reps.to_string(),
                c.lapses.to_string(),
                FsrsState::from_fsrs(c.state).name().into(),
                rfc3339(c.last_review),
            ]),
        }
        row.push(rfc3339(card.due));
        row.push(card.flagged.as_ref().map(|f| f.join(" ")).unwrap_or_default());
        row.push(history.join(" "));
        w.write_record(&row).map_err(|e| io(e.to_string()))?;
    }
    w.flush().map_err(|e| io(e.to_string()))
}

/// Reads every card of CSV written by [`write`] (`file` names it in errors), each with `lex`'s
/// answers: a card whose answers in the file differ is flagged (the file's answers kept as
/// [`Card::flagged`]), its schedule kept. The cards must all be of one scheduler: `scheduler`,
/// or the file's own when `take_files` (an empty cardbox takes the file's). Returns the cards,
/// the scheduler and what the import did; the first line that cannot be read is the error.
pub(crate) fn read(
    lex: &lexico_lexicon::Lexicon,
    input: impl Read,
    file: &str,
    scheduler: Scheduler,
    take_files: bool,
) -> Result<(Vec<Row>, Scheduler, Imported), CardboxError> {
    let set = lex.tiles();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(input);
    let at = |line: u64, message: String| CardboxError::Csv { file: file.to_string(), line, message };
    let header = reader.headers().map_err(|e| at(1, e.to_string()))?.clone();
    if header.iter().ne(HEADER) {
        return Err(at(1, format!("the header is not the cardbox's: {}", HEADER.join(","))));
    }
    let mut imported = Imported::default();
    let mut scheduler = scheduler;
    let mut rows = Vec::new();
    for (i, row) in reader.records().enumerate() {
        let line = i as u64 + 2;
        let row = row.map_err(|e| at(line, e.to_string()))?;
        let field = |name: &str| row.get(HEADER.iter().position(|h| *h == name).unwrap_or(0)).unwrap_or("");
        let number = |name: &str| -> Result<f64, CardboxError> {
            field(name)
                .parse::<f64>()
                .map_err(|_| at(line, format!("column {name}: '{}' is not a number", field(name))))
        };
        let when = |name: &str, text: &str| -> Result<Time, CardboxError> {
            DateTime::parse_from_rfc3339(text)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| at(line, format!("column {name}: '{text}' is not an RFC 3339 time")))
        };
        let row_scheduler = Scheduler::named(field("scheduler")).ok_or_else(|| {
            at(line, format!("column scheduler: '{}' is neither leitner nor fsrs", field("scheduler")))
        })?;
        if row_scheduler != scheduler {
            if take_files && rows.is_empty() {
                scheduler = row_scheduler;
            } else {
                return Err(at(
                    line,
                    format!("a {} card in a {} cardbox", row_scheduler.name(), scheduler.name()),
                ));
            }
        }
        let q = question_of(lex, field("question")).map_err(|m| at(line, format!("column {m}")))?;
        let due = when("due", field("due"))?;
        let schedule = match row_scheduler {
            Scheduler::Leitner => {
                let b =
                    field("box").parse::<u8>().ok().filter(|&b| usize::from(b) < crate::LEITNER_DAYS.len());
                Schedule::Leitner(b.ok_or_else(|| {
                    at(line, format!("column box: '{}' is not a box from 0 to 10", field("box")))
                })?)
            }
            Scheduler::Fsrs => {
                let state = FsrsState::named(field("state")).ok_or_else(|| {
                    at(line, format!("column state: '{}' is not an FSRS state", field("state")))
                })?;
                Schedule::Fsrs(rs_fsrs::Card {
                    due,
                    stability: number("stability")?,
                    difficulty: number("difficulty")?,
                    elapsed_days: number("elapsed_days")? as i64,
                    scheduled_days: number("scheduled_days")? as i64,
                    reps: number("reps")? as i32,
                    lapses: number("lapses")? as i32,
                    state: state.to_fsrs(),
                    last_review: when("last_review", field("last_review"))?,
                })
            }
        };
        let in_file = words(field("answers"));
        let now = spelled(set, &q);
        let mut flagged = Some(words(field("flagged"))).filter(|f| !f.is_empty());
        if in_file != now {
            flagged.get_or_insert(in_file);
        }
        let question = q.readable(set);
        if flagged.is_some() {
            imported.flagged.push(question.clone());
        }
        let mut history = Vec::new();
        for review in field("history").split_whitespace() {
            let (passed, text) = match (review.strip_prefix('+'), review.strip_prefix('-')) {
                (Some(t), _) => (true, t),
                (_, Some(t)) => (false, t),
                _ => return Err(at(line, format!("column history: '{review}' is not +TIME or -TIME"))),
            };
            history.push(Review { at: when("history", text)?, passed });
        }
        let card = Card { question, answers: now, schedule, due, flagged };
        rows.push(Row { card, history });
        imported.cards += 1;
    }
    Ok((rows, scheduler, imported))
}
