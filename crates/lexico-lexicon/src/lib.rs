//! The lexicon file format: building one ([`Builder`]: tile-encoded words → fst + manifest +
//! provenance + anagram index) and reading one ([`Lexicon`]: open without reading the whole
//! file, integrity, `contains`, iteration, provenance lookups), and the queries over its word
//! store ([`query`]: anagrams, patterns, regular expressions, hooks, probability, searches of
//! conditions). It builds small lexicons in memory too ([`Lexicon::from_words`]).
//!
//! Build and query live together because they share the format, as the fst crate keeps
//! `SetBuilder` and `Set` together. This crate never prints, never reads source lists or rule
//! files (the pipeline that does is `lexico-compile`), never writes to disk, and says nothing to
//! people: verdicts, explanations, diffs and the records front ends print are `lexico-answers`'s.
//!
//! ```
//! use lexico_lexicon::{query, Lexicon};
//!
//! let lex = Lexicon::from_words(["casa", "saca", "acas", "perro", "churro"])?;
//! assert!(lex.contains(&lex.tiles().parse_word("churro")?));
//! assert!(!lex.contains(&lex.tiles().parse_word("gato")?));
//! let rack = lexico_tiles::Rack::parse(lex.tiles(), "ASAC")?;
//! let found = query::anagram(&lex, &rack, &query::AnagramQuery::default())?;
//! let words: Vec<String> = found.iter().map(|f| f.spell(lex.tiles())).collect();
//! assert_eq!(words, ["ACAS", "CASA", "SACA"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod anagram_index;
mod builder;
mod bytes;
mod error;
pub mod format;
mod from_words;
mod lexicon;
mod manifest;
pub mod progress;
pub mod provenance;
pub mod query;
mod stems;
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
pub use builder::{Builder, Part};
pub use bytes::Image;
pub use error::LexiconError;
pub use format::hex;
pub use from_words::{AsWord, FromWordsError, FROM_WORDS_NAME};
/// The vocabulary the rules produce and the file records (`lexico-vocab`), which the manifest and
/// the provenance hold.
pub use lexico_vocab::{
    CodeField, CodeNote, Enclitics, ExplainData, FormKind, Restoration, SourceKind, UpdateAction,
};
pub use lexicon::{Checker, Derivation, Lexicon};
pub use manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
pub use provenance::{Code, EntryInfo, EntryKind, SlotInfo, VerbInfo};
pub use words::Words;

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
