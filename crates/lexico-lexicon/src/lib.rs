//! The lexicon file format: building one ([`Builder`]: tile-encoded words → fst + manifest +
//! provenance) and querying one ([`Lexicon`]: open without reading the whole file, `contains`,
//! iteration, provenance lookups) and answering word studies ([`query`]: anagrams, patterns,
//! hooks, probability).
//!
//! It also answers what a program asks of a lexicon: is a word valid and why not
//! ([`judge_word`]), is a play acceptable ([`judge_play`]), why a word is in or out
//! ([`explain`]), what kind of form it is ([`kind_of`]), what changed between two editions
//! ([`diff`], [`notes`]) and why, a source or a rule change ([`attribute`], [`notes_by_cause`]);
//! and it builds small lexicons in memory ([`Lexicon::from_words`]). Answers come as typed
//! records ([`record`]), the rows every front end prints.
//!
//! Build and query live together because they share the format, as the fst crate keeps
//! `SetBuilder` and `Set` together. This crate never prints, never reads source lists or rule
//! files (the pipeline that does is `lexico-compile`), and never writes to disk: it turns words
//! into bytes and bytes into answers.
//!
//! ```
//! use lexico_lexicon::{judge_word, query, Lexicon, Verdict};
//!
//! let lex = Lexicon::from_words(["casa", "saca", "acas", "perro", "churro"])?;
//! let mut scratch = Vec::new();
//! assert_eq!(judge_word(&lex, "churro", &mut scratch)?.1, Verdict::Valid);
//! assert_eq!(judge_word(&lex, "gato", &mut scratch)?.1, Verdict::Invalid("unlisted"));
//! let rack = lexico_tiles::Rack::parse(lex.tiles(), "ASAC")?;
//! let found = query::anagram(&lex, &rack, &query::AnagramQuery::default())?;
//! let words: Vec<String> = found.iter().map(|f| f.spell(lex.tiles())).collect();
//! assert_eq!(words, ["ACAS", "CASA", "SACA"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod anagram_index;
mod attribute;
mod builder;
mod bytes;
mod diff;
mod error;
mod explain;
pub mod format;
mod from_words;
mod judge;
mod kind;
mod lexicon;
mod manifest;
pub mod progress;
pub mod provenance;
pub mod query;
pub mod record;
mod word_set;
mod word_store;
mod words;

/// The longest word a lexicon file holds, in tiles. The game's board is 15 squares wide.
///
/// ```
/// let longest = "a".repeat(lexico_lexicon::MAX_WORD_TILES);
/// assert!(lexico_lexicon::Lexicon::from_words([longest]).is_ok());
/// ```
pub const MAX_WORD_TILES: usize = 16;

pub use anagram_index::AnagramIndex;
pub use attribute::{attribute, notes_by_cause, Attributed, Attribution, Cause};
pub use builder::{Builder, Part};
pub use bytes::Image;
pub use diff::{counts, diff, markdown_text, notes, Change, Diff, DiffError};
pub use error::LexiconError;
pub use explain::{
    describe, describe_enclitic, explain, verb_notes, Enclitic, ExplainError, Explanation, Finding,
};
pub use format::hex;
pub use from_words::{AsWord, FromWordsError, FROM_WORDS_NAME};
pub use judge::{
    judge_play, judge_play_line, judge_word, play_words, separate_tiles, PlayVerdict, Verdict,
    PLAY_ERROR_MESSAGE, SEPARATE_TILES,
};
pub use kind::Kind;
pub use lexicon::{Checker, Derivation, Lexicon};
pub use manifest::{
    CodeField, CodeNote, Enclitics, ExplainData, FileDigest, Manifest, Restoration, RuleSetInfo, SourceInfo,
    SourceKind,
};
pub use provenance::{kind_of, Code, EntryInfo, EntryKind, SlotInfo, UpdateAction, VerbInfo};
pub use words::{pattern_words, regex_words, valid_many, BadWord, Words};

/// The text of `rules/fise-2016/tiles.csv`, the tile set of the default rule set: the one
/// [`Lexicon::from_words`] builds with, for programs and tests that have no rule set at hand. A
/// build takes its tile set from its rule set, and an opened lexicon carries its own
/// ([`Lexicon::tiles`]).
pub const FISE_2016_TILES_CSV: &str = include_str!("../rules/fise-2016/tiles.csv");

/// [`FISE_2016_TILES_CSV`] read as a tile set.
///
/// ```
/// let set = lexico_lexicon::fise_2016_tiles();
/// assert_eq!(set.parse_word("churro")?.len(), 4); // CH U RR O
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fise_2016_tiles() -> lexico_tiles::TileSet {
    lexico_tiles::TileSet::parse(FISE_2016_TILES_CSV).expect("the default rule set's tile file parses")
}
