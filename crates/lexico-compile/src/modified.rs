//! Whether a lexicon's rule set is an embedded one as shipped: a rule set that keeps the name and
//! version of an embedded set but whose files differ from it is "modified from" that set, and
//! says so (in `lexico info`, the build summary and the release notes) until its manifest gives
//! it a name or version of its own.

use lexico_lexicon::RuleSetInfo;
use lexico_rules::RuleSet;
use sha2::{Digest, Sha256};

/// A rule set that keeps an embedded set's name and version but not its files.
///
/// ```
/// let m = lexico_compile::Modified { name: "fise-2016".into(), version: "0.1.0".into(), files: vec!["verbs/rules.toml".into()] };
/// assert_eq!(m.to_string(), "modified from fise-2016 0.1.0 (files that differ: verbs/rules.toml)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modified {
    /// The embedded set's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The files that differ: changed, added or missing, in byte order.
    pub files: Vec<String>,
}

impl std::fmt::Display for Modified {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "modified from {} {} (files that differ: {})",
            self.name,
            self.version,
            self.files.join(", ")
        )
    }
}

/// How the rule set a lexicon records (`rules`) differs from the embedded set of the same name
/// and version; `None` when no embedded set has them, or its files are the same.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let c = lexico_compile::compile(&rules, &[lexico_compile::Input { path: "w.txt".into(), bytes: b"casa\n".to_vec() }], None, Default::default(), &mut |_, _, _| {})?;
/// assert_eq!(lexico_compile::modified_from(&c.manifest.rules), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn modified_from(rules: &RuleSetInfo) -> Option<Modified> {
    let shipped = RuleSet::embedded(&rules.name).ok().filter(|s| s.version == rules.version)?;
    let digests: Vec<(String, String)> = shipped
        .files
        .iter()
        .map(|(path, bytes)| (path.clone(), lexico_lexicon::hex(&Sha256::digest(bytes))))
        .collect();
    let mut files: Vec<String> = Vec::new();
    for f in &rules.files {
        if !digests.iter().any(|(p, d)| *p == f.path && *d == f.sha256) {
            files.push(f.path.clone());
        }
    }
    for (p, _) in &digests {
        if !rules.files.iter().any(|f| f.path == *p) {
            files.push(p.clone());
        }
    }
    files.sort();
    files.dedup();
    (!files.is_empty()).then(|| Modified { name: rules.name.clone(), version: rules.version.clone(), files })
}
