//! What kind of form a word is (lemma, feminine, plural, verb form): typed by the engine that
//! made it, recorded with the slot that made it, shared by explanations and diffs.

use serde::{Deserialize, Serialize};

/// What kind of form an engine made: a headword, its feminine, a plural, or a cell of a verb's
/// paradigm; `Unknown` for a word of a plain list, of which the lexicon does not know it.
///
/// ```
/// use lexico_vocab::FormKind;
///
/// assert_eq!(FormKind::Plural.slot(), Some("plural"));
/// assert_eq!(FormKind::VerbForm.slot(), None); // the paradigm cell names the slot
/// assert_eq!(FormKind::VerbForm.name(), "verb form");
/// assert_eq!(FormKind::default(), FormKind::Unknown);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormKind {
    /// A headword as its source lists it.
    Lemma,
    /// The feminine of a headword.
    Feminine,
    /// A plural the rules made.
    Plural,
    /// A cell of a verb's paradigm.
    VerbForm,
    /// The lexicon was built from a plain word list: it does not know.
    #[default]
    Unknown,
}

impl FormKind {
    /// Returns true if and only if the kind is [`FormKind::Unknown`].
    pub fn is_unknown(&self) -> bool {
        *self == FormKind::Unknown
    }

    /// The kind's name, as the CLI prints it: `lemma`, `feminine`, `plural`, `verb form`,
    /// `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            FormKind::Lemma => "lemma",
            FormKind::Feminine => "feminine",
            FormKind::Plural => "plural",
            FormKind::VerbForm => "verb form",
            FormKind::Unknown => "unknown",
        }
    }

    /// The slot a form of this kind is filed under, for the kinds that are their own slot
    /// (`lemma`, `feminine`, `plural`); a verb form's slot is its paradigm cell, and a word of a
    /// plain list has the slot its list gives it.
    pub fn slot(self) -> Option<&'static str> {
        match self {
            FormKind::Lemma => Some("lemma"),
            FormKind::Feminine => Some("feminine"),
            FormKind::Plural => Some("plural"),
            FormKind::VerbForm | FormKind::Unknown => None,
        }
    }
}
