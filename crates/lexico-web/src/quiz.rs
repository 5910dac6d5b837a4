//! The quiz and the cardbox of the engine's JavaScript interface: the questions and the
//! checking of typed answers are the answers' (`lexico_answers::quiz`, as `lexico quiz` asks
//! them), the cardbox is `lexico_cardbox`'s [`Deck`], scheduled by the same code as the
//! command's SQLite cardbox. JavaScript gives the time (`Date.now()`) and keeps the cardbox's
//! CSV in the browser's storage.

use lexico_answers::quiz::{questions, Attempt, Question, Score, Typed};
use lexico_cardbox::{from_millis, Deck, Group, Scheduler, Time};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::bindings::{json, thrown, Lexicon};

/// A quiz: its questions, the one being asked, the attempt at it and the totals so far.
#[wasm_bindgen]
pub struct Quiz {
    questions: Vec<Question>,
    at: usize,
    attempt: Attempt,
    score: Score,
}

impl Quiz {
    fn new(questions: Vec<Question>) -> Quiz {
        let attempt = questions.first().map(Attempt::new).unwrap_or_default();
        Quiz { questions, at: 0, attempt, score: Score::default() }
    }

    fn current(&self) -> Result<&Question, JsError> {
        self.questions.get(self.at).ok_or_else(|| JsError::new("the quiz is over"))
    }
}

#[wasm_bindgen]
impl Quiz {
    /// How many questions the quiz has.
    pub fn len(&self) -> usize {
        self.questions.len()
    }

    /// Returns true if and only if the quiz has no question.
    pub fn is_empty(&self) -> bool {
        self.questions.is_empty()
    }

    /// Returns true if and only if every question was answered.
    pub fn is_over(&self) -> bool {
        self.at >= self.questions.len()
    }

    /// Returns true if and only if nothing is left to ask of the current question: every answer
    /// found, or "none" said.
    pub fn is_done(&self) -> bool {
        self.current().is_ok_and(|q| self.attempt.is_done(q))
    }

    /// The usual verdict of the current attempt (every answer found, nothing wrong), which the
    /// player may overrule.
    pub fn passed(&self) -> bool {
        self.current().is_ok_and(|q| self.attempt.passed(q))
    }

    /// Ends the current question, counted `passed` or not as the player decided (record it in
    /// the cardbox first: [`Cardbox::record`]), and goes on to the next; returns true if and
    /// only if there is one.
    pub fn next(&mut self, passed: bool) -> bool {
        if let Some(q) = self.questions.get(self.at) {
            self.score.add(q, &self.attempt, passed);
            self.at += 1;
        }
        self.attempt = self.questions.get(self.at).map(Attempt::new).unwrap_or_default();
        !self.is_over()
    }

    /// The totals so far: `{questions, passed, answers, found, wrong}` (JSON), as `quiz-totals`
    /// says them.
    pub fn totals(&self) -> String {
        let s = self.score;
        serde_json::json!({
            "questions": s.questions, "passed": s.passed, "answers": s.answers, "found": s.found, "wrong": s.wrong,
        })
        .to_string()
    }
}

/// What one word typed was ([`Lexicon::quiz_take`]).
#[derive(Serialize)]
struct TypedRecord {
    /// `right`, `again`, `wrong` or `none`.
    kind: &'static str,
    word: String,
}

/// An answer, with its hooks, and whether the player found it.
#[derive(Serialize)]
struct AnswerRecord {
    front: String,
    word: String,
    back: String,
    found: bool,
}

/// A card of the cardbox, as the page shows it.
#[derive(Serialize)]
struct CardRecord<'a> {
    question: &'a str,
    answers: &'a [String],
    /// The Leitner box, or the FSRS state.
    place: String,
    /// Milliseconds since the epoch.
    due: i64,
    flagged: Option<&'a [String]>,
}

fn card_record(card: &lexico_cardbox::Card) -> CardRecord<'_> {
    CardRecord {
        question: &card.question,
        answers: &card.answers,
        place: match card.schedule.group() {
            Group::Box(b) => b.to_string(),
            Group::Fsrs(state) => state.name().to_string(),
        },
        due: card.due.timestamp_millis(),
        flagged: card.flagged.as_deref(),
    }
}

fn now_of(ms: f64) -> Result<Time, JsError> {
    from_millis(ms).ok_or_else(|| JsError::new(&format!("{ms} is not a time")))
}

#[wasm_bindgen]
impl Lexicon {
    /// A quiz of the questions of a search (`request`: what [`Lexicon::search`] takes), the
    /// alphagram of each word once, in the list's order, at most `limit`.
    pub fn quiz(&self, request_json: &str, limit: usize) -> Result<Quiz, JsError> {
        let (_, search) = self.search_of(request_json)?;
        let list = search.run(&self.lex).map_err(|e| thrown(&e, self.lang))?;
        let mut qs = questions(&self.lex, &list).map_err(|e| JsError::new(&e.to_string()))?;
        qs.truncate(limit);
        Ok(Quiz::new(qs))
    }

    /// A quiz of these alphagrams (a cardbox's due cards: [`Cardbox::due`]).
    pub fn quiz_of(&self, alphagrams: Vec<String>) -> Result<Quiz, JsError> {
        let qs = alphagrams
            .iter()
            .map(|a| Question::read(&self.lex, a))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Quiz::new(qs))
    }

    /// The current question: `{n, total, question, answers}` (JSON), `question` the alphagram
    /// spelled so that it reads back (as `lexico quiz` shows it), `answers` how many it has.
    pub fn quiz_question(&self, quiz: &Quiz) -> Result<String, JsError> {
        let q = quiz.current()?;
        json(&serde_json::json!({
            "n": quiz.at + 1,
            "total": quiz.questions.len(),
            "question": q.readable(self.lex.tiles()),
            "answers": q.answers.len(),
        }))
    }

    /// Checks a line typed for the current question ("none", "no hay", or words separated by
    /// spaces or commas): a JSON list of `{kind, word}`, `kind` `right`, `again`, `wrong` or
    /// `none`.
    pub fn quiz_take(&self, quiz: &mut Quiz, line: &str) -> Result<String, JsError> {
        let set = self.lex.tiles();
        let q = quiz.questions.get(quiz.at).ok_or_else(|| JsError::new("the quiz is over"))?;
        let typed: Vec<TypedRecord> = quiz
            .attempt
            .take(q, set, line)
            .into_iter()
            .map(|t| match t {
                Typed::Right(i) => TypedRecord { kind: "right", word: set.spell(&q.answers[i].word) },
                Typed::Again(i) => TypedRecord { kind: "again", word: set.spell(&q.answers[i].word) },
                Typed::Wrong(w) => TypedRecord { kind: "wrong", word: w },
                Typed::None => TypedRecord { kind: "none", word: String::new() },
            })
            .collect();
        json(&typed)
    }

    /// The current question's answers with their hooks and whether each was found, and the
    /// wrong words typed: `{answers: [{front, word, back, found}], wrong, passed}` (JSON).
    pub fn quiz_answers(&self, quiz: &Quiz) -> Result<String, JsError> {
        let set = self.lex.tiles();
        let q = quiz.current()?;
        let hooks = |t: &[u8]| t.iter().map(|&t| set.name(t)).collect::<String>();
        let answers: Vec<AnswerRecord> = q
            .answers
            .iter()
            .zip(&quiz.attempt.found)
            .map(|(a, &found)| AnswerRecord {
                front: hooks(&a.front),
                word: set.spell(&a.word),
                back: hooks(&a.back),
                found,
            })
            .collect();
        json(&serde_json::json!({
            "answers": answers, "wrong": quiz.attempt.wrong, "passed": quiz.attempt.passed(q),
        }))
    }

    /// The cardbox kept as `stored` (CSV as `lexico cardbox export` writes it; empty: a new
    /// cardbox of `scheduler`, `leitner` or `fsrs`). Its cards are checked against this lexicon
    /// as `lexico cardbox import` checks them: those whose answers changed are flagged.
    pub fn cardbox(&self, stored: &str, scheduler: &str) -> Result<Cardbox, JsError> {
        let scheduler = Scheduler::named(scheduler)
            .ok_or_else(|| JsError::new(&format!("'{scheduler}' is neither leitner nor fsrs")))?;
        let mut deck = Deck::new(scheduler);
        let changed = if stored.trim().is_empty() {
            Vec::new()
        } else {
            deck.import_csv(&self.lex, stored.as_bytes(), "cardbox")
                .map_err(|e| JsError::new(&e.to_string()))?
                .flagged
        };
        Ok(Cardbox { deck, changed })
    }

    /// Imports CSV written by `lexico cardbox export` (or [`Cardbox::export_csv`]; `file` names
    /// it in errors) into `cardbox`, as `lexico cardbox import` does: `{cards, flagged}` (JSON),
    /// the questions flagged because their answers differ from this lexicon's. A line that
    /// cannot be read imports nothing, and the error names it.
    pub fn cardbox_import(&self, cardbox: &mut Cardbox, csv: &str, file: &str) -> Result<String, JsError> {
        let done = cardbox
            .deck
            .import_csv(&self.lex, csv.as_bytes(), file)
            .map_err(|e| JsError::new(&e.to_string()))?;
        json(&serde_json::json!({ "cards": done.cards, "flagged": done.flagged }))
    }
}

/// A cardbox in memory ([`Deck`]), which the page keeps as its CSV ([`Cardbox::export_csv`]).
#[wasm_bindgen]
pub struct Cardbox {
    deck: Deck,
    changed: Vec<String>,
}

#[wasm_bindgen]
impl Cardbox {
    /// The cardbox as CSV: what `lexico cardbox export` writes, and what `lexico cardbox import`
    /// reads.
    pub fn export_csv(&self) -> Result<String, JsError> {
        let mut out = Vec::new();
        self.deck.export_csv(&mut out).map_err(|e| JsError::new(&e.to_string()))?;
        String::from_utf8(out).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Records the answer to `quiz`'s current question at `now` (milliseconds since the epoch),
    /// passed or not as the player decided, as `lexico quiz --record` does: the card (added if
    /// it was not in the cardbox) moves in its scheduler. Returns the card ([`Cardbox::card`]).
    pub fn record(
        &mut self,
        lexicon: &Lexicon,
        quiz: &Quiz,
        passed: bool,
        now_ms: f64,
    ) -> Result<String, JsError> {
        let card = self.deck.record(&lexicon.lex, quiz.current()?, passed, now_of(now_ms)?);
        json(&card_record(&card))
    }

    /// `leitner` or `fsrs`.
    pub fn scheduler(&self) -> String {
        self.deck.scheduler().name().to_string()
    }

    /// The questions flagged when the cardbox was opened: their answers changed with the lexicon.
    pub fn changed(&self) -> Vec<String> {
        self.changed.clone()
    }

    /// The alphagrams of the cards due at `now` (milliseconds since the epoch), the longest due
    /// first, at most `limit`.
    pub fn due(&self, now_ms: f64, limit: usize) -> Result<Vec<String>, JsError> {
        Ok(self.deck.due(now_of(now_ms)?, Some(limit)).into_iter().map(|c| c.question).collect())
    }

    /// A card (`{question, answers, place, due, flagged}`, JSON; `place` its box or FSRS
    /// state, `due` in milliseconds), or nothing.
    pub fn card(&self, question: &str) -> Option<String> {
        self.deck.card(question).and_then(|c| serde_json::to_string(&card_record(c)).ok())
    }

    /// The numbers at `now`: `{cards, due, flagged, reviews, passed}` (JSON).
    pub fn stats(&self, now_ms: f64) -> Result<String, JsError> {
        let s = self.deck.stats(now_of(now_ms)?);
        json(&serde_json::json!({
            "cards": s.cards, "due": s.due, "flagged": s.flagged, "reviews": s.reviews, "passed": s.passed,
        }))
    }
}
