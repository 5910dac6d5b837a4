//! What kind of form a word is (lemma, feminine, plural, verb form): recorded with the slot that
//! made it ([`SlotInfo::kind`](crate::SlotInfo::kind), read by [`kind_of`](crate::kind_of)), as
//! the build's rules typed it; shared by explanations and diffs.

use serde::{Deserialize, Serialize};

/// What kind of form a slot made, for explanations and diffs.
///
/// ```
/// use lexico_lexicon::{kind_of, Kind, SlotInfo};
///
/// let slot = SlotInfo { slot: "ind.pres.1s".into(), kind: Kind::VerbForm, ..SlotInfo::default() };
/// assert_eq!(kind_of(&slot), Kind::VerbForm);
/// assert_eq!(Kind::VerbForm.name(), "verb form");
/// assert_eq!(SlotInfo::default().kind, Kind::Unknown);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A headword as the source lists it.
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

impl Kind {
    /// Returns true if and only if the kind is [`Kind::Unknown`].
    pub fn is_unknown(&self) -> bool {
        *self == Kind::Unknown
    }

    /// The kind's name, as the CLI prints it: `lemma`, `feminine`, `plural`, `verb form`,
    /// `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Lemma => "lemma",
            Kind::Feminine => "feminine",
            Kind::Plural => "plural",
            Kind::VerbForm => "verb form",
            Kind::Unknown => "unknown",
        }
    }
}
