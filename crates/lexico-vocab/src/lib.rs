//! The vocabulary of Lexico's rules and lexicon files: the enums and tables the rule engine
//! produces and a lexicon file records, each defined here once, below both, so that neither
//! converts the other's twin. [`SourceKind`]: what kind of source a build read; [`FormKind`]:
//! what kind of form the rules made; [`UpdateAction`]: what a line of the federation's non-verb
//! update list does; [`ExplainData`]: what a rule set tells explanations (the enclitic pronouns
//! and their article, the spelling changes undone before them, notes on a verb entry's codes).
//!
//! It holds no logic beyond naming its values, reads nothing and depends on serde only.
//!
//! ```
//! use lexico_vocab::{FormKind, SourceKind, UpdateAction};
//!
//! assert_eq!(SourceKind::FiseNonVerbs.name(), "fise-no-verbos");
//! assert_eq!(FormKind::VerbForm.name(), "verb form");
//! assert!(UpdateAction::AddedVariable.adds());
//! ```

#![deny(missing_docs)]

mod explain;
mod form;
mod source;
mod update;

pub use explain::{CodeField, CodeNote, Enclitics, ExplainData, Restoration};
pub use form::FormKind;
pub use source::SourceKind;
pub use update::UpdateAction;
