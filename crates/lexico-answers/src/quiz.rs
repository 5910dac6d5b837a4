//! Quizzes on anagrams, as Zyzzyva and Aerolith ask them: a question is an alphagram (a word's
//! tiles in tile order), its answers are the lexicon's anagrams of it, each with its hooks. The
//! player types answers one by one, or "none" ("no hay") for a question they think has none;
//! [`Attempt`] checks each line typed against the question, and [`Score`] adds attempts up.
//!
//! What counts as a pass is the player's: [`Attempt::passed`] is the usual rule (every answer
//! found, nothing wrong), which a front end lets the player overrule, as Zyzzyva does.
//!
//! ```
//! use lexico_answers::quiz::{Attempt, Question, Typed};
//!
//! let lex = lexico_lexicon::Lexicon::from_words(["casa", "saca", "acas", "perro"])?;
//! let q = Question::of(&lex, &lex.tiles().parse_word("casa")?)?;
//! assert_eq!(q.readable(lex.tiles()), "AACS");
//! let mut attempt = Attempt::new(&q);
//! assert_eq!(attempt.take(&q, lex.tiles(), "saca perro"), [Typed::Right(2), Typed::Wrong("PERRO".into())]);
//! attempt.take(&q, lex.tiles(), "acas, casa");
//! assert!(attempt.is_done(&q));
//! assert!(!attempt.passed(&q)); // PERRO was wrong
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use lexico_lexicon::query::{anagram, hooks, AnagramQuery, QueryError, StudyList};
use lexico_lexicon::Lexicon;
use lexico_tiles::{Rack, Tile, TileError, TileSet, Word};

/// Why a question could not be made.
#[derive(Debug, thiserror::Error)]
pub enum QuizError {
    /// A byte that is no tile of the lexicon's set.
    #[error("byte {0} is not a tile of the lexicon")]
    NotATile(Tile),
    /// The anagram query failed.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// A question's text that is not tiles.
    #[error(transparent)]
    Tiles(#[from] TileError),
}

/// An answer of a question: the word, with the tiles that hook it in front and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The word's tiles.
    pub word: Word,
    /// Tiles `t` such that `t + word` is valid, in tile order.
    pub front: Vec<Tile>,
    /// Tiles `t` such that `word + t` is valid, in tile order.
    pub back: Vec<Tile>,
}

/// A question: an alphagram and its answers, the lexicon's anagrams of it, in tile order. A
/// question may have no answer (an alphagram whose words a later edition removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The tiles, in tile order.
    pub alphagram: Word,
    /// The anagrams, in tile order.
    pub answers: Vec<Answer>,
}

/// The tiles of `word` in tile order: its alphagram.
pub fn alphagram(word: &[Tile]) -> Word {
    let mut tiles = word.to_vec();
    tiles.sort_unstable();
    tiles
}

impl Question {
    /// The question of the alphagram of `tiles` (in any order), with the anagrams `lex` holds.
    pub fn of(lex: &Lexicon, tiles: &[Tile]) -> Result<Question, QuizError> {
        let alphagram = alphagram(tiles);
        let set = lex.tiles();
        if let Some(&t) = alphagram.iter().find(|&&t| !set.is_tile(t)) {
            return Err(QuizError::NotATile(t));
        }
        let rack = Rack::parse(set, &set.spell_tiles(&alphagram)).map_err(|_| QuizError::NotATile(0))?;
        let found = anagram(lex, &rack, &AnagramQuery::default())?;
        let answers = found
            .into_iter()
            .map(|f| {
                let h = hooks(lex, &f.tiles);
                Answer { word: f.tiles, front: h.front, back: h.back }
            })
            .collect();
        Ok(Question { alphagram, answers })
    }

    /// The question of the tiles `text` spells (an alphagram as a card or a player writes it,
    /// or any word of them), with the anagrams `lex` holds.
    pub fn read(lex: &Lexicon, text: &str) -> Result<Question, QuizError> {
        Question::of(lex, &lex.tiles().parse_word(text)?)
    }

    /// The alphagram spelled so that it reads back as the same tiles
    /// ([`TileSet::spell_apart`]: ERAR's is `AE[R][R]`).
    pub fn readable(&self, set: &TileSet) -> String {
        set.spell_apart(&self.alphagram)
    }

    /// Returns true if and only if `other` has the same answers (the same words).
    pub fn same_answers(&self, other: &Question) -> bool {
        self.answers.len() == other.answers.len()
            && self.answers.iter().zip(&other.answers).all(|(a, b)| a.word == b.word)
    }
}

/// The questions of a study list: the alphagram of each word, once, in the list's order.
pub fn questions(lex: &Lexicon, list: &StudyList<'_>) -> Result<Vec<Question>, QuizError> {
    let mut seen = std::collections::HashSet::new();
    let mut alphagrams = Vec::new();
    list.each(|row| {
        if seen.insert(row.alphagram.to_vec()) {
            alphagrams.push(row.alphagram.to_vec());
        }
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    alphagrams.iter().map(|a| Question::of(lex, a)).collect()
}

/// What one word typed is, against a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The answer of this index, found now.
    Right(usize),
    /// The answer of this index, found before.
    Again(usize),
    /// A word that is no answer, as typed (normalised to capitals).
    Wrong(String),
    /// "none" or "no hay": the player says the question has no answer. It ends the question.
    None,
}

/// The words a player says for a question with no answer, in every language.
pub const NONE_WORDS: &[&str] = &["none", "no hay"];

/// A player's attempt at one question: which answers were found, what else was typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attempt {
    /// `found[i]` is true if and only if answer `i` was typed.
    pub found: Vec<bool>,
    /// The words typed that are no answer, in the order typed.
    pub wrong: Vec<String>,
    /// Returns true if and only if the player said "none".
    pub said_none: bool,
}

impl Attempt {
    /// A new attempt at `q`: nothing found yet.
    pub fn new(q: &Question) -> Attempt {
        Attempt { found: vec![false; q.answers.len()], ..Attempt::default() }
    }

    /// Checks a line the player typed: "none" or "no hay" (any case), else words separated by
    /// spaces or commas, each in any notation. A word that is no tile is wrong, as typed.
    pub fn take(&mut self, q: &Question, set: &TileSet, line: &str) -> Vec<Typed> {
        let line = line.trim();
        if NONE_WORDS.iter().any(|w| line.eq_ignore_ascii_case(w)) {
            self.said_none = true;
            return vec![Typed::None];
        }
        let mut out = Vec::new();
        for piece in line.split([' ', ',', '\t']).filter(|p| !p.is_empty()) {
            let typed = match set.parse_word(piece) {
                Ok(word) => match q.answers.iter().position(|a| a.word == word) {
                    Some(i) if self.found[i] => Typed::Again(i),
                    Some(i) => {
                        self.found[i] = true;
                        Typed::Right(i)
                    }
                    None => Typed::Wrong(set.spell(&word)),
                },
                Err(_) => Typed::Wrong(piece.to_uppercase()),
            };
            if let Typed::Wrong(w) = &typed {
                self.wrong.push(w.clone());
            }
            out.push(typed);
        }
        out
    }

    /// Returns true if and only if nothing is left to ask: every answer found (a question with
    /// none has none to find), or the player said "none".
    pub fn is_done(&self, q: &Question) -> bool {
        self.said_none || (!q.answers.is_empty() && self.found.iter().all(|&f| f))
    }

    /// The usual rule for a pass: every answer found and no word wrong; for a question with no
    /// answer, "none" said and no word wrong.
    pub fn passed(&self, q: &Question) -> bool {
        let all = self.found.iter().all(|&f| f);
        let none_right = !self.said_none || q.answers.is_empty();
        all && none_right && self.wrong.is_empty() && (self.said_none || !q.answers.is_empty())
    }

    /// The answers not found, by index.
    pub fn missed(&self) -> impl Iterator<Item = usize> + '_ {
        self.found.iter().enumerate().filter(|(_, &f)| !f).map(|(i, _)| i)
    }
}

/// The totals of a quiz.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Questions asked.
    pub questions: u64,
    /// Questions passed (as the player judged them).
    pub passed: u64,
    /// Answers of the questions asked.
    pub answers: u64,
    /// Answers found.
    pub found: u64,
    /// Words typed that were no answer.
    pub wrong: u64,
}

impl Score {
    /// Adds an attempt at `q`, passed or not as the player decided.
    pub fn add(&mut self, q: &Question, attempt: &Attempt, passed: bool) {
        self.questions += 1;
        self.passed += u64::from(passed);
        self.answers += q.answers.len() as u64;
        self.found += attempt.found.iter().filter(|&&f| f).count() as u64;
        self.wrong += attempt.wrong.len() as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        Lexicon::from_words(["erar", "arre", "erra", "errar", "casa", "saca", "acas", "casas", "ocaso"])
            .unwrap()
    }

    #[test]
    fn an_alphagram_reads_back_as_its_tiles() {
        let lex = lex();
        let set = lex.tiles();
        for word in ["erar", "arre", "errar", "casa", "churro", "llorar", "cachar"] {
            let tiles = alphagram(&set.parse_word(word).unwrap());
            let shown = set.spell_apart(&tiles);
            assert_eq!(set.parse_word(&shown).unwrap(), tiles, "{word}: {shown}");
        }
        let erar = alphagram(&set.parse_word("erar").unwrap());
        assert_eq!(set.spell_apart(&erar), "AE[R][R]");
        assert_eq!(set.spell_apart(&alphagram(&set.parse_word("arre").unwrap())), "AERR");
    }

    #[test]
    fn a_question_has_the_anagrams_with_their_hooks() {
        let lex = lex();
        let set = lex.tiles();
        let q = Question::of(&lex, &set.parse_word("saca").unwrap()).unwrap();
        let words: Vec<String> = q.answers.iter().map(|a| set.spell(&a.word)).collect();
        assert_eq!(words, ["ACAS", "CASA", "SACA"]);
        assert_eq!(set.spell(&q.answers[1].back), "S");
        let erar = Question::of(&lex, &set.parse_word("erar").unwrap()).unwrap();
        let words: Vec<String> = erar.answers.iter().map(|a| set.spell(&a.word)).collect();
        assert_eq!(words, ["ERAR"], "ARRE and ERRA have the tile RR");
    }

    #[test]
    fn none_is_right_only_for_a_question_without_answers() {
        let lex = lex();
        let set = lex.tiles();
        let empty = Question::of(&lex, &set.parse_word("xyz").unwrap()).unwrap();
        let mut a = Attempt::new(&empty);
        assert_eq!(a.take(&empty, set, "No hay"), [Typed::None]);
        assert!(a.is_done(&empty) && a.passed(&empty));
        let casa = Question::of(&lex, &set.parse_word("casa").unwrap()).unwrap();
        let mut a = Attempt::new(&casa);
        a.take(&casa, set, "none");
        assert!(a.is_done(&casa) && !a.passed(&casa));
        assert_eq!(a.missed().count(), 3);
        let mut silent = Attempt::new(&empty);
        assert!(!silent.is_done(&empty) && !silent.passed(&empty));
        assert_eq!(silent.take(&empty, set, "c$a"), [Typed::Wrong("C$A".into())]);
    }

    #[test]
    fn the_score_adds_attempts_as_the_player_judged_them() {
        let lex = lex();
        let set = lex.tiles();
        let q = Question::of(&lex, &set.parse_word("casa").unwrap()).unwrap();
        let mut a = Attempt::new(&q);
        assert_eq!(
            a.take(&q, set, "casa CASA ocaso"),
            [Typed::Right(1), Typed::Again(1), Typed::Wrong("OCASO".into())]
        );
        let mut score = Score::default();
        score.add(&q, &a, true);
        assert_eq!(score, Score { questions: 1, passed: 1, answers: 3, found: 1, wrong: 1 });
    }
}
