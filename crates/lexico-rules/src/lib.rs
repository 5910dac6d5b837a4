//! Source readers, rule-set loading and the engines that expand a source entry into the forms the
//! federation accepts: the Spanish syllabifier, the plural engine and the conjugation engine.
//!
//! This crate owns the *language mechanics* (syllables, stress, feminine-ending notation, how a
//! conjugation template is applied); every *decision* of a regulation lives in the rule files under
//! `rules/`, which are embedded in the crate ([`embedded`]) and load from there or from any folder
//! through one reader ([`RuleFiles`]). It never prints, never writes files and knows nothing of the
//! lexicon file format: it hands [`Form`]s and exclusions to the caller.
//!
//! ```
//! use std::path::Path;
//!
//! let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
//! assert_eq!((rules.min_tiles, rules.max_tiles), (2, 15));
//! // A plain word list is told by its content, and read one word a line.
//! let bytes = b"casa\nperro\n";
//! assert_eq!(lexico_rules::sources::detect(bytes), lexico_rules::sources::Content::Source(lexico_rules::SourceKind::Raw));
//! assert_eq!(lexico_rules::sources::read_raw(Path::new("words.txt"), bytes)?.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod articles;
pub mod embedded;
pub mod error;
pub mod explain;
pub mod files;
pub mod fise;
pub mod form;
pub mod lemmas;
pub mod nonverbs;
pub mod number;
pub mod pattern;
pub mod plural;
pub mod pos_table;
pub mod ruleset;
pub mod sources;
pub mod syllable;
pub mod tags;
mod toml_util;
pub mod verbs;

pub use error::RuleError;

/// The rule set a build uses when given none: the federation's regulation of 2016.
pub const DEFAULT: &str = "fise-2016";
pub use files::RuleFiles;
pub use form::{Admission, Form, FormKind};
pub use ruleset::{RuleSet, Screener};
pub use sources::SourceKind;
