//! The lexicon file format: building one ([`Builder`]: tile-encoded words → fst + manifest +
//! provenance) and querying one ([`Lexicon`]: open without reading the whole file, `contains`,
//! iteration, provenance lookups) and answering word studies ([`query`]: anagrams, patterns,
//! hooks, probability).
//!
//! Build and query live together because they share the format, as the fst crate keeps
//! `SetBuilder` and `Set` together. This crate never prints, never reads source lists or rule
//! files, and never writes to disk: it turns words into bytes and bytes into answers.

pub mod anagram_index;
mod builder;
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

pub use anagram_index::AnagramIndex;
pub use builder::{hex, Builder, Part};
pub use diff::{counts, diff, notes, Change, Diff, DiffError};
pub use error::LexiconError;
pub use explain::{describe, describe_enclitic, explain, Enclitic, Explanation};
pub use from_words::{AsWord, FromWordsError, FROM_WORDS_NAME};
pub use judge::{judge_play, judge_word, play_words, separate_tiles, PlayVerdict, Verdict, SEPARATE_TILES};
pub use kind::{kind_of, Kind};
pub use lexicon::{Checker, Derivation, Lexicon};
pub use manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
pub use provenance::{Code, SlotInfo};
