//! The cardbox as CSV: one card a row, with its history, so that a player can move a cardbox
//! between machines and editions.
//!
//! Columns: `question` (the alphagram, as it reads back), `answers` (space-separated), the
//! `scheduler` (`leitner` or `fsrs`), the Leitner `box`, the FSRS card (`stability`,
//! `difficulty`, `elapsed_days`, `scheduled_days`, `reps`, `lapses`, `state`, `last_review`),
//! `due`, `flagged` (the answers before a lexicon changed them) and `history` (each review as
//! `+TIME` passed or `-TIME` missed, space-separated). Times are RFC 3339 in UTC, to the second.

use std::io::{Read, Write};

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::params;

use crate::{
    insert, question_of, secs, spelled, words, Card, Cardbox, CardboxError, FsrsState, Schedule, Time,
};

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

impl Cardbox {
    /// Writes every card, with its history, as CSV (see the module's columns).
    pub fn export_csv(&self, out: impl Write) -> Result<(), CardboxError> {
        let mut w = csv::Writer::from_writer(out);
        let io = |e: csv::Error| CardboxError::Unreadable { path: self.path.clone(), message: e.to_string() };
        w.write_record(HEADER).map_err(io)?;
        for card in self.cards()? {
            let history: Vec<String> = self
                .history(&card.question)?
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
            w.write_record(&row).map_err(io)?;
        }
        w.flush().map_err(|e| CardboxError::Unreadable { path: self.path.clone(), message: e.to_string() })
    }

    /// Reads cards from CSV written by [`Cardbox::export_csv`] (`file` names it in errors), in
    /// one transaction: each card replaces the card of its question, history included. A card
    /// whose answers in the file differ from `lex`'s is flagged, its schedule kept. Every card
    /// must be of the cardbox's scheduler, unless the cardbox is empty: it then takes the
    /// file's. A line that cannot be read imports nothing, and the error names it.
    pub fn import_csv(
        &mut self,
        lex: &lexico_lexicon::Lexicon,
        input: impl Read,
        file: &str,
    ) -> Result<Imported, CardboxError> {
        let set = lex.tiles();
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(input);
        let at = |line: u64, message: String| CardboxError::Csv { file: file.to_string(), line, message };
        let header = reader.headers().map_err(|e| at(1, e.to_string()))?.clone();
        if header.iter().ne(HEADER) {
            return Err(at(1, format!("the header is not the cardbox's: {}", HEADER.join(","))));
        }
        let empty = self.cards()?.is_empty();
        let path = self.path.clone();
        let db = |source| CardboxError::Database { path: path.clone(), source };
        let tx = self.conn.transaction().map_err(db)?;
        let mut imported = Imported::default();
        let mut scheduler = self.scheduler;
        for (i, row) in reader.records().enumerate() {
            let line = i as u64 + 2;
            let row = row.map_err(|e| at(line, e.to_string()))?;
            let field =
                |name: &str| row.get(HEADER.iter().position(|h| *h == name).unwrap_or(0)).unwrap_or("");
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
            let row_scheduler = crate::Scheduler::named(field("scheduler")).ok_or_else(|| {
                at(line, format!("column scheduler: '{}' is neither leitner nor fsrs", field("scheduler")))
            })?;
            if row_scheduler != scheduler {
                if empty && imported.cards == 0 {
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
                crate::Scheduler::Leitner => {
                    let b = field("box")
                        .parse::<u8>()
                        .ok()
                        .filter(|&b| usize::from(b) < crate::LEITNER_DAYS.len());
                    Schedule::Leitner(b.ok_or_else(|| {
                        at(line, format!("column box: '{}' is not a box from 0 to 10", field("box")))
                    })?)
                }
                crate::Scheduler::Fsrs => {
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
            let card = Card { question, answers: now, schedule, due, flagged };
            insert(&tx, &card, true).map_err(db)?;
            tx.execute("DELETE FROM reviews WHERE question = ?1", [&card.question]).map_err(db)?;
            for review in field("history").split_whitespace() {
                let (passed, text) = match review.split_at(1) {
                    ("+", t) => (true, t),
                    ("-", t) => (false, t),
                    _ => return Err(at(line, format!("column history: '{review}' is not +TIME or -TIME"))),
                };
                let t = when("history", text)?;
                tx.execute(
                    "INSERT INTO reviews (question, at, passed) VALUES (?1, ?2, ?3)",
                    params![card.question, secs(t), passed],
                )
                .map_err(db)?;
            }
            imported.cards += 1;
        }
        tx.execute("INSERT OR REPLACE INTO meta VALUES ('scheduler', ?1)", [scheduler.name()]).map_err(db)?;
        tx.commit().map_err(db)?;
        self.scheduler = scheduler;
        Ok(imported)
    }
}
