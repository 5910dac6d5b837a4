//! What kind of form a word is (lemma, feminine, plural, verb form), read from the name of the
//! slot that made it: shared by explanations and diffs.

use crate::provenance::SlotInfo;

/// What kind of form a slot made, for explanations and diffs.
///
/// ```
/// use lexico_lexicon::{kind_of, Kind, SlotInfo};
///
/// let slot = SlotInfo { slot: "ind.pres.1s".into(), ..SlotInfo::default() };
/// assert_eq!(kind_of(&slot), Kind::VerbForm);
/// assert_eq!(Kind::VerbForm.name(), "verb form");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    Unknown,
}

impl Kind {
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

/// The kind of form a slot names: the non-verb engine's `lemma`, `feminine` and `plural`, the
/// plain lists' `word`, and the paradigm cells of verbs for everything else.
pub fn kind_of(slot: &SlotInfo) -> Kind {
    match slot.slot.as_str() {
        "lemma" => Kind::Lemma,
        "feminine" => Kind::Feminine,
        "plural" => Kind::Plural,
        "word" | "" => Kind::Unknown,
        _ => Kind::VerbForm,
    }
}
