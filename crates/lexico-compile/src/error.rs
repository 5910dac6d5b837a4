//! Why a build stops, and what it counts as it goes.

use lexico_lexicon::LexiconError;
use lexico_rules::RuleError;

/// Why a build stopped.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let input = lexico_compile::Input { path: "k.txt".into(), bytes: b"kiwi\n".to_vec() };
/// let err = lexico_compile::compile(&rules, &[input], None, Default::default(), &mut |_, _, _| {}).err().expect("no word");
/// assert!(err.to_string().starts_with("no word to write"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// A source or a rule file could not be read (with its place).
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The file could not be laid out (too many distinct rule outcomes, a word too long).
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
    /// A source of a kind the rule set has no rules for (verbs without verb rules).
    #[error("{path}: {kind} lists are not supported by this build")]
    Unsupported {
        /// The source (or `the rule set`).
        path: String,
        /// What kind of list, and why it is not supported.
        kind: &'static str,
    },
    /// A zip of lists that cannot be read as it is: damaged, an entry whose path leaves its
    /// folder, or more than a zip of lists may hold (`crate::read_archive`).
    #[error("{path}: {reason}")]
    Archive {
        /// The archive.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A folder or zip given as a source that holds none (`crate::gather`).
    #[error("{path}: {reason}")]
    NoSource {
        /// The folder or zip.
        path: String,
        /// What it holds instead.
        reason: &'static str,
    },
    /// Nothing would be written: an empty lexicon is always a mistake (an empty or truncated
    /// source, the wrong file, a rule set that excludes everything).
    #[error("no word to write: {0}")]
    NoWords(String),
}

/// How many words each source of evidence decided the number of (see
/// [`lexico_rules::nonverbs`]).
///
/// ```
/// let counts = lexico_compile::EvidenceCounts::new();
/// assert!(counts.is_empty()); // a build from plain lists decides no number
/// ```
pub type EvidenceCounts = std::collections::BTreeMap<&'static str, u64>;
