//! The cardbox in memory, kept as its CSV: the offline page's, which the browser's storage
//! holds between visits. It schedules, checks answers against a lexicon and reads and writes
//! CSV with the same code as the SQLite cardbox ([`crate::Cardbox`]), and reads no clock: every
//! call that needs the time is given it.

use std::collections::BTreeMap;

use lexico_answers::quiz::Question;
use lexico_lexicon::Lexicon;

use crate::{csv_io, whole, Card, CardboxError, Imported, Review, Scheduler, Stats, Time};

/// A cardbox in memory (see the module's documentation): cards by question, each with its
/// history.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    scheduler: Scheduler,
    cards: BTreeMap<String, (Card, Vec<Review>)>,
}

impl Deck {
    /// An empty cardbox of `scheduler`.
    pub fn new(scheduler: Scheduler) -> Deck {
        Deck { scheduler, cards: BTreeMap::new() }
    }

    /// The cardbox's scheduler.
    pub fn scheduler(&self) -> Scheduler {
        self.scheduler
    }

    /// Cards in the cardbox.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Returns true if and only if the cardbox holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Reads cards from CSV as [`crate::Cardbox::import_csv`] does, with the same checks and
    /// flags against `lex`: each card replaces the card of its question, history included; an
    /// empty cardbox takes the file's scheduler. A line that cannot be read imports nothing.
    pub fn import_csv(
        &mut self,
        lex: &Lexicon,
        input: impl std::io::Read,
        file: &str,
    ) -> Result<Imported, CardboxError> {
        let (rows, scheduler, imported) = csv_io::read(lex, input, file, self.scheduler, self.is_empty())?;
        self.scheduler = scheduler;
        for row in rows {
            self.cards.insert(row.card.question.clone(), (row.card, row.history));
        }
        Ok(imported)
    }

    /// Writes every card, with its history, as CSV: what `lexico cardbox export` writes.
    pub fn export_csv(&self, out: impl std::io::Write) -> Result<(), CardboxError> {
        let io = |message| CardboxError::Csv { file: "CSV".into(), line: 0, message };
        csv_io::write(out, self.cards.values().map(|(c, h)| (c, h.as_slice())), io)
    }

    /// Adds the questions not yet in the cardbox, due at `now`; returns how many were added.
    pub fn add(&mut self, lex: &Lexicon, questions: &[Question], now: Time) -> usize {
        let now = whole(now);
        let set = lex.tiles();
        let mut added = 0;
        for q in questions {
            let question = q.readable(set);
            if !self.cards.contains_key(&question) {
                self.cards.insert(question, (Card::new(set, q, self.scheduler, now), Vec::new()));
                added += 1;
            }
        }
        added
    }

    /// Records an answer to `q` at `now`, passed or not as the player decided, as
    /// [`crate::Cardbox::record`] does: the card (added if it was not in the cardbox) moves in
    /// its scheduler, takes `q`'s answers and loses its flag, and the review joins its history.
    pub fn record(&mut self, lex: &Lexicon, q: &Question, passed: bool, now: Time) -> Card {
        let now = whole(now);
        let set = lex.tiles();
        let scheduler = self.scheduler;
        let (card, history) = self
            .cards
            .entry(q.readable(set))
            .or_insert_with(|| (Card::new(set, q, scheduler, now), Vec::new()));
        card.answered(set, q, passed, now);
        history.push(Review { at: now, passed });
        card.clone()
    }

    /// The cards due at `now`, the longest due first (then by question), at most `limit`.
    pub fn due(&self, now: Time, limit: Option<usize>) -> Vec<Card> {
        let mut due: Vec<&Card> = self.cards.values().map(|(c, _)| c).filter(|c| c.due <= now).collect();
        due.sort_by(|a, b| (a.due, &a.question).cmp(&(b.due, &b.question)));
        due.into_iter().take(limit.unwrap_or(usize::MAX)).cloned().collect()
    }

    /// Every card, in the order of their questions.
    pub fn cards(&self) -> impl Iterator<Item = &Card> {
        self.cards.values().map(|(c, _)| c)
    }

    /// The card of a question as [`Card::question`] spells it.
    pub fn card(&self, question: &str) -> Option<&Card> {
        self.cards.get(question).map(|(c, _)| c)
    }

    /// The reviews of a question, oldest first.
    pub fn history(&self, question: &str) -> &[Review] {
        self.cards.get(question).map_or(&[], |(_, h)| h.as_slice())
    }

    /// The cardbox's numbers at `now`.
    pub fn stats(&self, now: Time) -> Stats {
        let mut stats = Stats::default();
        for (card, history) in self.cards.values() {
            stats.cards += 1;
            stats.due += u64::from(card.due <= now);
            stats.flagged += u64::from(card.flagged.is_some());
            stats.reviews += history.len() as u64;
            stats.passed += history.iter().filter(|r| r.passed).count() as u64;
            *stats.groups.entry(card.schedule.group()).or_default() += 1;
        }
        stats
    }
}
