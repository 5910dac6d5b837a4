//! A player's cardbox: the anagram questions they study (alphagrams, as
//! [`lexico_answers::quiz`] asks them), each with when it is due again, as Zyzzyva keeps one.
//!
//! - **Where.** One SQLite database per lexicon edition, `cardboxes/EDITION.sqlite` in the data
//!   folder that `lexico_store` owns ([`Cardbox::open_in_data_folder`]), or any file
//!   ([`Cardbox::open`]).
//! - **Written per answer.** Each call that changes the cardbox is one SQLite transaction (one
//!   answer, one `add`, one import), so a process killed between two answers leaves every
//!   earlier one recorded and the database readable.
//! - **Scheduling**, chosen per cardbox ([`Scheduler`]): Zyzzyva's Leitner boxes, or FSRS as
//!   the `rs-fsrs` crate computes it. The caller says whether an answer passed: the player
//!   decides what counts as a pass.
//! - **Editions.** Each card keeps the answers it was last asked with. Opened with a lexicon
//!   whose words differ from the one it last saw, the cardbox compares each card's answers with
//!   the lexicon's anagrams, and flags the cards whose answers changed ([`Card::flagged`] holds
//!   the answers before) without moving them in the schedule; answering a card clears its flag.
//! - **CSV** export and import ([`Cardbox::export_csv`], [`Cardbox::import_csv`]): question,
//!   answers, scheduler, box or FSRS state, next due, flag, history; an import checks each
//!   card's answers against the lexicon as opening does.
//! - **In memory** ([`Deck`]): the same cards, scheduling, checks and CSV without SQLite, for the
//!   offline page (built without the default feature `sqlite`, this crate is only that, and
//!   builds for WebAssembly); the page keeps the deck's CSV in the browser's storage.
//!
//! It never prints and reads the clock only where a caller passes `now`.
//!
//! ```
//! use lexico_answers::quiz::Question;
//! use lexico_cardbox::{Cardbox, Scheduler};
//!
//! let lex = lexico_lexicon::Lexicon::from_words(["casa", "saca", "perro"])?;
//! let dir = tempfile::tempdir()?;
//! let mut cardbox = Cardbox::open(&dir.path().join("box.sqlite"), &lex, Scheduler::Leitner)?;
//! let q = Question::of(&lex, &lex.tiles().parse_word("casa")?)?;
//! let now = chrono::Utc::now();
//! assert_eq!(cardbox.add(&lex, &[q.clone()], now)?, 1);
//! assert_eq!(cardbox.due(now, None)?.len(), 1);
//! let card = cardbox.record(&lex, &q, true, now)?;
//! assert_eq!(card.schedule, lexico_cardbox::Schedule::Leitner(1));
//! assert!(cardbox.due(now, None)?.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod csv_io;
mod deck;
mod error;
mod schedule;
#[cfg(feature = "sqlite")]
mod sqlite;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use lexico_answers::quiz::Question;
use lexico_lexicon::Lexicon;
use lexico_tiles::TileSet;

pub use csv_io::Imported;
pub use deck::Deck;
pub use error::CardboxError;
pub use schedule::{FsrsState, Group, Schedule, Scheduler, LEITNER_DAYS};
#[cfg(feature = "sqlite")]
pub use sqlite::Cardbox;

/// A moment, in whole seconds (the cardbox keeps no finer time).
pub type Time = DateTime<Utc>;

/// A card: a question, its answers when it was last asked, where it is in its scheduler.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// The alphagram, spelled so that it reads back ([`lexico_answers::quiz::readable`]).
    pub question: String,
    /// The answers, naturally spelled, in tile order.
    pub answers: Vec<String>,
    /// Its box or FSRS card.
    pub schedule: Schedule,
    /// When it is due again.
    pub due: Time,
    /// The answers it had before a lexicon changed them (flagged), until it is answered again.
    pub flagged: Option<Vec<String>>,
}

impl Card {
    /// A new card of `q`, due at `now`.
    fn new(set: &TileSet, q: &Question, scheduler: Scheduler, now: Time) -> Card {
        let (schedule, due) = Schedule::new(scheduler, now);
        Card { question: q.readable(set), answers: spelled(set, q), schedule, due, flagged: None }
    }

    /// The card answered at `now`, passed or not: it moves in its scheduler, takes `q`'s answers
    /// and loses its flag.
    fn answered(&mut self, set: &TileSet, q: &Question, passed: bool, now: Time) {
        (self.schedule, self.due) = self.schedule.review(passed, now);
        self.answers = spelled(set, q);
        self.flagged = None;
    }
}

/// A review of a card: when, and whether it passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Review {
    /// When it was answered.
    pub at: Time,
    /// Returns true if and only if the player passed it.
    pub passed: bool,
}

/// A cardbox's numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Cards in the cardbox.
    pub cards: u64,
    /// Cards due now.
    pub due: u64,
    /// Cards flagged: their answers changed with the lexicon.
    pub flagged: u64,
    /// Answers recorded.
    pub reviews: u64,
    /// Answers recorded as passed.
    pub passed: u64,
    /// Cards by box (Leitner) or by state (FSRS).
    pub groups: BTreeMap<Group, u64>,
}
/// `now` without its fraction of a second.
fn whole(now: Time) -> Time {
    DateTime::from_timestamp(now.timestamp(), 0).unwrap_or_default()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The answers of a question, spelled.
fn spelled(set: &TileSet, q: &Question) -> Vec<String> {
    q.answers.iter().map(|a| set.spell(&a.word)).collect()
}

/// The file name of the cardbox of a lexicon edition: the edition (a lexicon without one: its
/// name), with anything but letters, digits, `-`, `_` and `.` made `_`.
pub fn file_name(edition: &str) -> String {
    let stem: String =
        edition.chars().map(|c| if c.is_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
    let stem = stem.trim_start_matches('.');
    format!("{}.sqlite", if stem.is_empty() { "cardbox" } else { stem })
}

/// `now` in whole seconds, from milliseconds since the epoch (as JavaScript's `Date.now()` gives
/// them); `None` out of chrono's range.
pub fn from_millis(ms: f64) -> Option<Time> {
    DateTime::from_timestamp_millis(ms as i64).map(whole)
}

/// The question of an alphagram as a card spells it, with `lex`'s answers; why not, in words.
fn question_of(lex: &Lexicon, alphagram: &str) -> Result<Question, String> {
    Question::read(lex, alphagram).map_err(|e| format!("question '{alphagram}': {e}"))
}
