//! The verb engine: the classified verb list reader, the conjugation models and the section 17
//! rules of the FISE regulation, all rule decisions read from `rules/<set>/verbs/` (see
//! `docs/rules-verbs.md`).
//!
//! ```no_run
//! use std::path::Path;
//! use lexico_rules::verbs::{read_classified, VerbRules};
//! let rules = VerbRules::load(Path::new("rules/fise-2016/verbs")).unwrap();
//! let path = Path::new("verbos-clasificados.txt");
//! let entries = read_classified(path, &std::fs::read(path).unwrap()).unwrap();
//! for e in &entries {
//!     for form in rules.expand(e) {
//!         println!("{} {} {} {}", form.text, form.slot, form.rule, form.is_accepted());
//!     }
//! }
//! ```

mod filter;
mod models;
mod reader;

pub use crate::toml_util::fold;
pub use filter::VerbRules;
pub use models::{Cell, Paradigm};
pub use reader::{read_classified, VerbEntry};
