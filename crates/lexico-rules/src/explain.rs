//! What explanations say that a rule set decides (`explain.toml`, named by `ruleset.toml`): the
//! enclitic pronouns and the article that counts a verb form with them as several words, the
//! spelling changes undone before them, and notes on the codes of the classified verb list's
//! entries. A build records them in the lexicon's manifest, so a lexicon's explanations cite its
//! own rule set.

use lexico_vocab::{CodeNote, Enclitics};
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
    /// `[enclitics]`: the article, the pronouns (in capitals, longer ones first) and the spelling
    /// changes undone before them (`[[enclitics.restore]]`), if the rule set counts a verb form
    /// with enclitic pronouns as several words.
    #[serde(default)]
    pub enclitics: Option<Enclitics>,
    /// `[[code]]`: notes on the codes of a verb entry (`MM-C-P-infinitive`), in the order they
    /// are said.
    #[serde(default)]
    pub code: Vec<CodeNote>,
    /// `[articles_es]`: how Spanish cites an article that is not a plain number of the lexicon
    /// regulation, keyed by the article as the rule files write it (`"game art. 10.1"`).
    #[serde(default)]
    pub articles_es: std::collections::BTreeMap<String, String>,
}
