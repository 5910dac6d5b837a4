//! What a rule set tells explanations of its lexicon's words: read from its `explain.toml` and
//! `ruleset.toml` by the rule engine, recorded in the lexicon's manifest as it is.

use serde::{Deserialize, Serialize};

/// What a rule set tells explanations: the article that leaves out a letter with no tile, the
/// enclitic pronouns and the article that counts a verb form with them as several words, and
/// notes on the codes of the classified verb list's entries.
///
/// ```
/// let data = lexico_vocab::ExplainData::default();
/// assert!(data.is_empty() && data.enclitics.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplainData {
    /// The article cited for a letter with no tile (`11; game art. 10.1`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub no_tile_article: String,
    /// Enclitic pronouns, when the rule set counts a verb form with them as several words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enclitics: Option<Enclitics>,
    /// Notes on the codes of a verb entry (`verb 88-0-.-abanar`), in the order they are said.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub codes: Vec<CodeNote>,
    /// How Spanish cites the articles that are not plain numbers of the lexicon regulation
    /// (`11; game art. 10.1`), by the article as the rule files write it.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub articles_es: std::collections::BTreeMap<String, String>,
}

impl ExplainData {
    /// Returns true if and only if it says nothing.
    pub fn is_empty(&self) -> bool {
        self.no_tile_article.is_empty()
            && self.enclitics.is_none()
            && self.codes.is_empty()
            && self.articles_es.is_empty()
    }

    /// An article as Spanish (`spanish`) or English cites it: the rule set's Spanish for an
    /// article that names another regulation, else the article as written.
    pub fn article<'a>(&'a self, article: &'a str, spanish: bool) -> &'a str {
        match self.articles_es.get(article) {
            Some(es) if spanish => es,
            _ => article,
        }
    }
}

/// The enclitic pronouns of a rule set, and the spelling changes undone before them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Enclitics {
    /// The article that counts a verb form with enclitic pronouns as several words.
    pub article: String,
    /// The pronouns, in tiles as spelled (`LOS`, `ME`); a longer one is tried before its end.
    pub pronouns: Vec<String>,
    /// Spelling changes undone before a pronoun, tried in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restore: Vec<Restoration>,
}

/// A spelling change a verb form undergoes before an enclitic: before `pronouns`, a form whose
/// text ends in one of `after` lost `add` (AMAD + OS = AMAOS: the D; AMEMOS + NOS = AMÉMONOS: the
/// S). `only`: the form as it stands is then no reading (AMAOS is no AMA + OS); an empty `add`
/// with `only` says the ending admits no reading at all (MEDRADOS is no MEDRAD + OS), for forms
/// of at least `min_tiles` tiles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Restoration {
    /// The pronouns it applies before.
    pub pronouns: Vec<String>,
    /// The endings of the form it applies to.
    pub after: Vec<String>,
    /// What the form lost, put back (empty: nothing).
    #[serde(default)]
    pub add: String,
    /// The form as it stands is no reading.
    #[serde(default)]
    pub only: bool,
    /// The fewest tiles of a form it applies to.
    #[serde(default)]
    pub min_tiles: usize,
}

/// A note on a code of a verb entry: `field` is the model, class or property of
/// `MM-C-P-infinitive`, `value` the code as the list writes it (`88`, `3`, `D`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeNote {
    /// Which code of the entry it speaks of.
    pub field: CodeField,
    /// The code.
    pub value: String,
    /// What it says, with its article (`regional Spanish verb, art. 17.11`).
    pub note: String,
    /// The same in Spanish (`verbo regional español, art. 17.11`); empty when the rule set
    /// gives none, and then `note` is said.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note_es: String,
}

/// Which code of a classified verb list's entry (`MM-C-P-infinitive`) a note speaks of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CodeField {
    /// `MM`: the model number, or a usage code.
    #[default]
    Model,
    /// `C`: the class.
    Class,
    /// `P`: the property.
    Property,
}
