//! What explanations say that a rule set decides (`explain.toml`, named by `ruleset.toml`): the
//! enclitic pronouns and the article that counts a verb form with them as several words, the
//! spelling changes undone before them, and notes on the codes of the classified verb list's
//! entries. A build records them in the lexicon's manifest, so a lexicon's explanations cite its
//! own rule set.

use serde::Deserialize;

/// The contents of `explain.toml`.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let enclitics = rules.explain.enclitics.as_ref().expect("fise-2016 names its enclitics");
/// assert!(enclitics.pronouns.iter().any(|p| p == "NOS"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ExplainRules {
    /// The enclitic pronouns, if the rule set counts a verb form with them as several words.
    #[serde(default)]
    pub enclitics: Option<EncliticRules>,
    /// Notes on the codes of a verb entry, in the order they are said.
    #[serde(default)]
    pub code: Vec<CodeRule>,
    /// `[articles_es]`: how Spanish cites an article that is not a plain number of the lexicon
    /// regulation, keyed by the article as the rule files write it (`"game art. 10.1"`).
    #[serde(default)]
    pub articles_es: std::collections::BTreeMap<String, String>,
}

/// `[enclitics]`: the article, the pronouns (in capitals, longer ones first) and the spelling
/// changes undone before them (`[[enclitics.restore]]`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EncliticRules {
    /// The article that counts a verb form with enclitics as several words.
    pub article: String,
    /// The pronouns.
    pub pronouns: Vec<String>,
    /// Spelling changes undone before a pronoun, tried in order.
    #[serde(default)]
    pub restore: Vec<RestoreRule>,
}

/// A spelling change undone before a pronoun: see `docs/rules.md`, "explain.toml".
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RestoreRule {
    /// The pronouns it applies before.
    pub pronouns: Vec<String>,
    /// The endings of the verb form it applies to.
    pub after: Vec<String>,
    /// What the form lost before the pronoun (empty: nothing).
    #[serde(default)]
    pub add: String,
    /// The form as it stands is no reading.
    #[serde(default)]
    pub only: bool,
    /// The fewest tiles of a form it applies to.
    #[serde(default)]
    pub min_tiles: usize,
}

/// Which code of a classified verb list's entry (`MM-C-P-infinitive`) a note speaks of.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CodeField {
    /// `model`: the model number, or a usage code (`MM`).
    #[default]
    Model,
    /// `class`: the class (`C`).
    Class,
    /// `property`: the property (`P`).
    Property,
}

/// `[[code]]`: a note on a code of a verb entry (`MM-C-P-infinitive`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CodeRule {
    /// Which code: `model`, `class` or `property`.
    pub field: CodeField,
    /// The code (`88`, `3`, `D`).
    pub value: String,
    /// What it says, with its article.
    pub note: String,
    /// The same in Spanish, for people reading Spanish (`note` when empty).
    #[serde(default)]
    pub note_es: String,
}
