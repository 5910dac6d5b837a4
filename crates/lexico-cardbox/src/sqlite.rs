//! The cardbox in a SQLite database: one file per lexicon edition in the data folder, each
//! change one transaction.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::DateTime;
use lexico_answers::quiz::Question;
use lexico_lexicon::Lexicon;
use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::{
    csv_io, file_name, question_of, spelled, whole, words, Card, CardboxError, FsrsState, Imported, Review,
    Schedule, Scheduler, Stats, Time,
};

/// The format of the database this version writes (`PRAGMA user_version`).
const FORMAT: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (
    question TEXT PRIMARY KEY,
    answers TEXT NOT NULL,
    box INTEGER,
    stability REAL, difficulty REAL, elapsed_days INTEGER, scheduled_days INTEGER,
    reps INTEGER, lapses INTEGER, state TEXT, last_review INTEGER,
    due INTEGER NOT NULL,
    flagged TEXT
);
CREATE INDEX IF NOT EXISTS cards_due ON cards (due);
CREATE TABLE IF NOT EXISTS reviews (
    id INTEGER PRIMARY KEY,
    question TEXT NOT NULL,
    at INTEGER NOT NULL,
    passed INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS reviews_question ON reviews (question);
";

/// An open cardbox (see the crate's documentation).
pub struct Cardbox {
    conn: Connection,
    path: PathBuf,
    scheduler: Scheduler,
    changed: Vec<String>,
}

/// A time of the database: seconds since the epoch.
fn secs(t: Time) -> i64 {
    t.timestamp()
}

fn time(s: i64) -> Time {
    DateTime::from_timestamp(s, 0).unwrap_or_default()
}

impl Cardbox {
    /// The cardbox of `lex`'s edition in the data folder (`cardboxes/EDITION.sqlite`), made
    /// with `scheduler` if there is none yet.
    pub fn open_in_data_folder(lex: &Lexicon, scheduler: Scheduler) -> Result<Cardbox, CardboxError> {
        let dir = lexico_store::require_data_dir()?.join("cardboxes");
        std::fs::create_dir_all(&dir)
            .map_err(|source| lexico_store::StoreError::Io { label: dir.display().to_string(), source })?;
        let m = lex.manifest()?;
        let edition = if m.edition.is_empty() { &m.name } else { &m.edition };
        Cardbox::open(&dir.join(file_name(edition)), lex, scheduler)
    }

    /// Opens the cardbox at `path`, making it with `scheduler` if the file does not exist, and
    /// flags the cards whose answers `lex` changed since the cardbox last saw a lexicon
    /// ([`Cardbox::changed`] lists them).
    pub fn open(path: &Path, lex: &Lexicon, scheduler: Scheduler) -> Result<Cardbox, CardboxError> {
        let db = |source| CardboxError::Database { path: path.to_path_buf(), source };
        let conn = Connection::open(path).map_err(db)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(db)?;
        // Each commit reaches the disk before the call returns.
        conn.pragma_update(None, "synchronous", "FULL").map_err(db)?;
        let format: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(db)?;
        if format > FORMAT {
            return Err(CardboxError::Unreadable {
                path: path.to_path_buf(),
                message: format!("cardbox format {format}, this version reads up to {FORMAT}"),
            });
        }
        conn.execute_batch(SCHEMA).map_err(db)?;
        conn.pragma_update(None, "user_version", FORMAT).map_err(db)?;
        conn.execute("INSERT OR IGNORE INTO meta VALUES ('scheduler', ?1)", [scheduler.name()])
            .map_err(db)?;
        let name: String =
            conn.query_row("SELECT value FROM meta WHERE key = 'scheduler'", [], |r| r.get(0)).map_err(db)?;
        let scheduler = Scheduler::named(&name).ok_or_else(|| CardboxError::Unreadable {
            path: path.to_path_buf(),
            message: format!("unknown scheduler '{name}'"),
        })?;
        let mut cardbox = Cardbox { conn, path: path.to_path_buf(), scheduler, changed: Vec::new() };
        cardbox.check_lexicon(lex)?;
        Ok(cardbox)
    }

    fn db(&self) -> impl Fn(rusqlite::Error) -> CardboxError + '_ {
        |source| CardboxError::Database { path: self.path.clone(), source }
    }

    /// Compares each card's answers with `lex`'s when `lex` is not the lexicon the cardbox last
    /// saw, flagging those that changed; records `lex` as seen.
    fn check_lexicon(&mut self, lex: &Lexicon) -> Result<(), CardboxError> {
        let m = lex.manifest()?;
        let seen = format!("{} {} {} {}", m.name, m.edition, m.version, m.payload_sha256);
        let last: Option<String> = self
            .conn
            .query_row("SELECT value FROM meta WHERE key = 'lexicon'", [], |r| r.get(0))
            .optional()
            .map_err(self.db())?;
        if last.as_deref() == Some(seen.as_str()) {
            return Ok(());
        }
        let set = lex.tiles();
        let path = self.path.clone();
        let db = |source| CardboxError::Database { path: path.clone(), source };
        let tx = self.conn.transaction().map_err(db)?;
        let cards: Vec<(String, String)> = {
            let mut st = tx.prepare("SELECT question, answers FROM cards ORDER BY question").map_err(db)?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map_err(db)?;
            rows.collect::<Result<_, _>>().map_err(db)?
        };
        let mut changed = Vec::new();
        for (question, answers) in cards {
            let q = question_of(lex, &question)
                .map_err(|message| CardboxError::Unreadable { path: self.path.clone(), message })?;
            let now = spelled(set, &q).join(" ");
            if now != answers {
                tx.execute(
                    "UPDATE cards SET flagged = COALESCE(flagged, answers), answers = ?2 WHERE question = ?1",
                    params![question, now],
                )
                .map_err(db)?;
                changed.push(question);
            }
        }
        tx.execute("INSERT OR REPLACE INTO meta VALUES ('lexicon', ?1)", [&seen]).map_err(db)?;
        tx.commit().map_err(db)?;
        self.changed = changed;
        Ok(())
    }

    /// The questions flagged when this cardbox was opened: their answers changed with the
    /// lexicon.
    pub fn changed(&self) -> &[String] {
        &self.changed
    }

    /// The cardbox's scheduler.
    pub fn scheduler(&self) -> Scheduler {
        self.scheduler
    }

    /// The cardbox's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds the questions not yet in the cardbox, due at `now`, in one transaction; returns how
    /// many were added.
    pub fn add(&mut self, lex: &Lexicon, questions: &[Question], now: Time) -> Result<usize, CardboxError> {
        let now = whole(now);
        let set = lex.tiles();
        let path = self.path.clone();
        let db = |source| CardboxError::Database { path: path.clone(), source };
        let tx = self.conn.transaction().map_err(db)?;
        let mut added = 0;
        for q in questions {
            added += insert(&tx, &Card::new(set, q, self.scheduler, now), false).map_err(db)?;
        }
        tx.commit().map_err(db)?;
        Ok(added)
    }

    /// The cards due at `now`, the longest due first, at most `limit`.
    pub fn due(&self, now: Time, limit: Option<usize>) -> Result<Vec<Card>, CardboxError> {
        let limit = limit.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        let mut st = self
            .conn
            .prepare(&format!("SELECT {COLUMNS} FROM cards WHERE due <= ?1 ORDER BY due, question LIMIT ?2"))
            .map_err(self.db())?;
        let rows = st.query_map(params![secs(now), limit], card_of).map_err(self.db())?;
        rows.collect::<Result<_, _>>().map_err(self.db())
    }

    /// Every card, in the order of their questions.
    pub fn cards(&self) -> Result<Vec<Card>, CardboxError> {
        let mut st = self
            .conn
            .prepare(&format!("SELECT {COLUMNS} FROM cards ORDER BY question"))
            .map_err(self.db())?;
        let rows = st.query_map([], card_of).map_err(self.db())?;
        rows.collect::<Result<_, _>>().map_err(self.db())
    }

    /// The card of a question as [`Card::question`] spells it.
    pub fn card(&self, question: &str) -> Result<Option<Card>, CardboxError> {
        self.conn
            .query_row(&format!("SELECT {COLUMNS} FROM cards WHERE question = ?1"), [question], card_of)
            .optional()
            .map_err(self.db())
    }

    /// The reviews of a question, oldest first.
    pub fn history(&self, question: &str) -> Result<Vec<Review>, CardboxError> {
        let mut st = self
            .conn
            .prepare("SELECT at, passed FROM reviews WHERE question = ?1 ORDER BY at, id")
            .map_err(self.db())?;
        let rows = st
            .query_map([question], |r| Ok(Review { at: time(r.get(0)?), passed: r.get(1)? }))
            .map_err(self.db())?;
        rows.collect::<Result<_, _>>().map_err(self.db())
    }

    /// Records an answer to `q` at `now`, passed or not as the player decided, in one
    /// transaction: the card (added if it was not in the cardbox) moves in its scheduler, takes
    /// `q`'s answers and loses its flag, and the review joins its history. Returns the card.
    pub fn record(
        &mut self,
        lex: &Lexicon,
        q: &Question,
        passed: bool,
        now: Time,
    ) -> Result<Card, CardboxError> {
        let now = whole(now);
        let set = lex.tiles();
        let question = q.readable(set);
        let path = self.path.clone();
        let db = |source| CardboxError::Database { path: path.clone(), source };
        let tx = self.conn.transaction().map_err(db)?;
        let old = tx
            .query_row(&format!("SELECT {COLUMNS} FROM cards WHERE question = ?1"), [&question], card_of)
            .optional()
            .map_err(db)?;
        let mut card = old.unwrap_or_else(|| Card::new(set, q, self.scheduler, now));
        card.answered(set, q, passed, now);
        insert(&tx, &card, true).map_err(db)?;
        tx.execute(
            "INSERT INTO reviews (question, at, passed) VALUES (?1, ?2, ?3)",
            params![card.question, secs(now), passed],
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
        Ok(card)
    }

    /// Writes every card, with its history, as CSV (see [`crate`]'s columns).
    pub fn export_csv(&self, out: impl std::io::Write) -> Result<(), CardboxError> {
        let cards = self.cards()?;
        let histories = cards.iter().map(|c| self.history(&c.question)).collect::<Result<Vec<_>, _>>()?;
        let io = |message| CardboxError::Unreadable { path: self.path.clone(), message };
        csv_io::write(out, cards.iter().zip(histories.iter().map(Vec::as_slice)), io)
    }

    /// Reads cards from CSV written by [`Cardbox::export_csv`] (`file` names it in errors), in
    /// one transaction: each card replaces the card of its question, history included. A card
    /// whose answers in the file differ from `lex`'s is flagged, its schedule kept. Every card
    /// must be of the cardbox's scheduler, unless the cardbox is empty: it then takes the
    /// file's. A line that cannot be read imports nothing, and the error names it.
    pub fn import_csv(
        &mut self,
        lex: &Lexicon,
        input: impl std::io::Read,
        file: &str,
    ) -> Result<Imported, CardboxError> {
        let empty = self.cards()?.is_empty();
        let (rows, scheduler, imported) = csv_io::read(lex, input, file, self.scheduler, empty)?;
        let path = self.path.clone();
        let db = |source| CardboxError::Database { path: path.clone(), source };
        let tx = self.conn.transaction().map_err(db)?;
        for row in rows {
            insert(&tx, &row.card, true).map_err(db)?;
            tx.execute("DELETE FROM reviews WHERE question = ?1", [&row.card.question]).map_err(db)?;
            for review in row.history {
                tx.execute(
                    "INSERT INTO reviews (question, at, passed) VALUES (?1, ?2, ?3)",
                    params![row.card.question, secs(review.at), review.passed],
                )
                .map_err(db)?;
            }
        }
        tx.execute("INSERT OR REPLACE INTO meta VALUES ('scheduler', ?1)", [scheduler.name()]).map_err(db)?;
        tx.commit().map_err(db)?;
        self.scheduler = scheduler;
        Ok(imported)
    }

    /// The cardbox's numbers at `now`.
    pub fn stats(&self, now: Time) -> Result<Stats, CardboxError> {
        let count = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> Result<u64, CardboxError> {
            self.conn.query_row(sql, p, |r| r.get::<_, i64>(0)).map(|n| n as u64).map_err(self.db())
        };
        let mut stats = Stats {
            cards: count("SELECT COUNT(*) FROM cards", &[])?,
            due: count("SELECT COUNT(*) FROM cards WHERE due <= ?1", &[&secs(now)])?,
            flagged: count("SELECT COUNT(*) FROM cards WHERE flagged IS NOT NULL", &[])?,
            reviews: count("SELECT COUNT(*) FROM reviews", &[])?,
            passed: count("SELECT COUNT(*) FROM reviews WHERE passed", &[])?,
            groups: BTreeMap::new(),
        };
        for card in self.cards()? {
            *stats.groups.entry(card.schedule.group()).or_default() += 1;
        }
        Ok(stats)
    }
}

/// The columns [`card_of`] reads.
const COLUMNS: &str = "question, answers, box, stability, difficulty, elapsed_days, scheduled_days, \
                       reps, lapses, state, last_review, due, flagged";

/// A card from a row of [`COLUMNS`].
fn card_of(r: &Row<'_>) -> rusqlite::Result<Card> {
    let due = time(r.get(11)?);
    let schedule = match r.get::<_, Option<u8>>(2)? {
        Some(b) => Schedule::Leitner(b),
        None => {
            let state: String = r.get(9)?;
            let state = FsrsState::named(&state).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(9, rusqlite::types::Type::Text, state.into())
            })?;
            Schedule::Fsrs(rs_fsrs::Card {
                due,
                stability: r.get(3)?,
                difficulty: r.get(4)?,
                elapsed_days: r.get(5)?,
                scheduled_days: r.get(6)?,
                reps: r.get(7)?,
                lapses: r.get(8)?,
                state: state.to_fsrs(),
                last_review: time(r.get(10)?),
            })
        }
    };
    Ok(Card {
        question: r.get(0)?,
        answers: words(&r.get::<_, String>(1)?),
        schedule,
        due,
        flagged: r.get::<_, Option<String>>(12)?.map(|f| words(&f)),
    })
}

/// Writes `card`, replacing the card of its question when `replace`, else only if there is
/// none; returns the rows written.
fn insert(conn: &Connection, card: &Card, replace: bool) -> rusqlite::Result<usize> {
    let verb = if replace { "INSERT OR REPLACE" } else { "INSERT OR IGNORE" };
    let sql = format!(
        "{verb} INTO cards ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
    );
    let flagged = card.flagged.as_ref().map(|f| f.join(" "));
    let answers = card.answers.join(" ");
    match &card.schedule {
        Schedule::Leitner(b) => conn.execute(
            &sql,
            params![
                card.question,
                answers,
                b,
                None::<f64>,
                None::<f64>,
                None::<i64>,
                None::<i64>,
                None::<i64>,
                None::<i64>,
                None::<String>,
                None::<i64>,
                secs(card.due),
                flagged
            ],
        ),
        Schedule::Fsrs(c) => conn.execute(
            &sql,
            params![
                card.question,
                answers,
                None::<u8>,
                c.stability,
                c.difficulty,
                c.elapsed_days,
                c.scheduled_days,
                c.reps,
                c.lapses,
                FsrsState::from_fsrs(c.state).name(),
                secs(c.last_review),
                secs(card.due),
                flagged
            ],
        ),
    }
}
