//! What a program asks of a lexicon, answered the same for every front end: the `lexico`
//! command, the judge station, the Python package and the browser each read their flags or
//! requests, make one call here and print what comes back.
//!
//! - a word's verdict ([`judge_word`]), a batch of them ([`batch`], [`valid_many`]), a play's
//!   ([`judge_play`]: acceptable or not, never saying which word failed);
//! - why a word is in or out ([`explain`]), an arbiter's ruling on a word with the rules and
//!   articles that decide it ([`ruling`]);
//! - what changed between two editions ([`diff`], [`notes`]) and why ([`attribute`],
//!   [`notes_by_cause`]);
//! - Scrabble Dash: does a word meet a Dash card, with the game's letter cards and a hand, and
//!   which words a hand makes for a card ([`dash`]);
//! - quizzes on anagrams: questions, answers with hooks, checking what a player types, scores
//!   ([`quiz`]);
//! - the records every front end prints and serialises ([`record`]): found words, hooks, tiles,
//!   verdicts, dumped words, study lists;
//! - the sentences for people, in Spanish and English, from one Fluent catalogue per language
//!   ([`i18n`]) through one renderer ([`say`]);
//! - a lexicon's bytes proven where there is no data folder, with the keys and digest a program
//!   was given ([`trust`]: the browser's judge, the npm package).
//!
//! It never prints, reads no file, starts no thread and reads no clock, so it builds for
//! `wasm32-unknown-unknown`; the lexicon file and its queries are `lexico-lexicon`'s.
//!
//! ```
//! use lexico_answers::{judge_word, Reason, Verdict};
//! use lexico_lexicon::Lexicon;
//!
//! let lex = Lexicon::from_words(["casa", "saca", "acas", "perro", "churro"])?;
//! let mut scratch = Vec::new();
//! assert_eq!(judge_word(&lex, "churro", &mut scratch)?.1, Verdict::Valid);
//! assert_eq!(judge_word(&lex, "gato", &mut scratch)?.1, Verdict::Invalid(Reason::Unlisted));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod attribute;
pub mod batch;
pub mod dash;
mod diff;
mod explain;
mod forms;
pub mod i18n;
mod judge;
mod notes;
mod paradigm;
pub mod quiz;
pub mod record;
pub mod ruling;
pub mod safe;
pub mod say;
pub mod trust;

pub use attribute::{attribute, Attributed, Attribution, Cause, ExplainedRecord};
pub use batch::{valid_many, BadWord};
pub use diff::{counts, diff, ChangeRecord, ChangedWord, CountRecord, Diff, DiffError};
pub use explain::{explain, Enclitic, ExplainError, Explanation, Finding};
pub use forms::{refused_only, SourceSpelling};
pub use notes::{notes, notes_by_cause, release_notes};
pub use paradigm::{paradigm, ParadigmCell, ParadigmError};
/// Who vouches for a lexicon: the program that embeds it, nobody (no key is trusted), or a
/// trusted key that verified its signature. Its `Display` is the English that CSV, JSON and audit
/// logs keep; [`say::signer`] says it in a language.
///
/// ```
/// use lexico_answers::Signer;
///
/// assert_eq!(Signer::Embedded.to_string(), "embedded in the binary");
/// assert_eq!(Signer::Unsigned.to_string(), "unsigned");
/// let key = Signer::Key { id: "0123456789ABCDEF".into(), comment: "FISE".into() };
/// assert_eq!(key.to_string(), "key 0123456789ABCDEF (FISE)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signer {
    /// The lexicon compiled into the binary.
    Embedded,
    /// A file with no signature checked: no key is trusted.
    Unsigned,
    /// A file whose signature a trusted key verified: its key id and comment.
    Key {
        /// The key id, 16 upper-case hex digits.
        id: String,
        /// The comment the key was trusted with.
        comment: String,
    },
}

impl std::fmt::Display for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&say::signer(self, i18n::Lang::En))
    }
}

pub use i18n::Lang;
pub use judge::{
    judge_play, judge_play_line, judge_word, play_words, PlayVerdict, Reason, Verdict, MAX_PLAY_WORDS,
    PLAY_ERROR_MESSAGE,
};
pub use lexico_lexicon::ExplainData;
pub use record::{DerivationRecord, EncliticRecord, ExplanationRecord};

/// The guide `docs/library.md`, whose examples run as doc tests of this crate.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
struct LibraryGuide;
