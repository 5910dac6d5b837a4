//! What kind of source a build read.

use serde::{Deserialize, Serialize};

/// What kind of source a build took entries from: a list of the edition (each read by its
/// reader), an update list, or what the build itself adds (the rule set's own lists, the previous
/// edition). Its name (`fise-no-verbos`) is how manifests and `lexico info` write it.
///
/// ```
/// use lexico_vocab::SourceKind;
///
/// assert_eq!(SourceKind::FiseNonVerbUpdates.to_string(), "fise-actualizacion-no-verbos");
/// assert!(SourceKind::FiseVerbUpdates.is_update_list() && !SourceKind::FiseVerbs.is_update_list());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SourceKind {
    /// A list given in memory, which no reader read (`Lexicon::from_words`).
    #[default]
    #[serde(rename = "")]
    Unread,
    /// A plain list of words, one a line.
    #[serde(rename = "raw")]
    Raw,
    /// The federation's non-verb list (`TOTAL DE NO VERBOS`).
    #[serde(rename = "fise-no-verbos")]
    FiseNonVerbs,
    /// The federation's classified verb list (`TOTAL DE VERBOS CLASIFICADOS`).
    #[serde(rename = "fise-verbos")]
    FiseVerbs,
    /// The federation's non-verb update list (`ACTUALIZACIÓN DE NO VERBOS`).
    #[serde(rename = "fise-actualizacion-no-verbos")]
    FiseNonVerbUpdates,
    /// The federation's verb update list (`ACTUALIZACIÓN DE VERBOS`).
    #[serde(rename = "fise-actualizacion-verbos")]
    FiseVerbUpdates,
    /// A lemma table (`lemma<TAB>pos<TAB>marks<TAB>model`).
    #[serde(rename = "lemma-table")]
    LemmaTable,
    /// A list of the rule set: a closed list of the regulation's words.
    #[serde(rename = "rule-list")]
    RuleList,
    /// The previous edition, as the source of the words the build restores from it.
    #[serde(rename = "previous-edition")]
    PreviousEdition,
    /// A part-of-speech table (`lexico build --pos-table`): its rows decide the number of the
    /// non-verb entries they name.
    #[serde(rename = "pos-table")]
    PosTable,
}

impl SourceKind {
    /// The kind's name, as manifests write it (empty for [`SourceKind::Unread`]).
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Unread => "",
            SourceKind::Raw => "raw",
            SourceKind::FiseNonVerbs => "fise-no-verbos",
            SourceKind::FiseVerbs => "fise-verbos",
            SourceKind::FiseNonVerbUpdates => "fise-actualizacion-no-verbos",
            SourceKind::FiseVerbUpdates => "fise-actualizacion-verbos",
            SourceKind::LemmaTable => "lemma-table",
            SourceKind::RuleList => "rule-list",
            SourceKind::PreviousEdition => "previous-edition",
            SourceKind::PosTable => "pos-table",
        }
    }

    /// Returns true if and only if the source is an update list: what an edition adds to,
    /// removes from or changes in the previous one, rather than a list of the edition's entries.
    pub fn is_update_list(self) -> bool {
        matches!(self, SourceKind::FiseNonVerbUpdates | SourceKind::FiseVerbUpdates)
    }
}

impl std::fmt::Display for SourceKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
