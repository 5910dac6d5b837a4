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
mod error;
pub mod format;
mod from_words;
mod lexicon;
mod manifest;
pub mod progress;
pub mod provenance;
pub mod query;

pub use anagram_index::AnagramIndex;
pub use builder::{hex, Builder, Part};
pub use error::LexiconError;
pub use from_words::{AsWord, FromWordsError, FROM_WORDS_NAME};
pub use lexicon::{Checker, Derivation, Lexicon};
pub use manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
pub use provenance::{Code, SlotInfo};
