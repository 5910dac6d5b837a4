//! The manifest: what a lexicon is, what it was built from, and how many words it holds.

use lexico_vocab::{ExplainData, SourceKind};
use serde::{Deserialize, Serialize};

/// A file that went into a build, with its digest.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// // A lexicon from a list records no file; one compiled from sources records each source's digest.
/// assert!(lex.manifest()?.sources.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// The path as given to the build (relative paths stay relative, so builds are reproducible
    /// from any checkout).
    pub path: String,
    /// SHA-256 of the file's bytes, lower-case hex.
    pub sha256: String,
}

/// A source of words and the range of entry ids its lines received.
///
/// ```
/// let info = lexico_lexicon::SourceInfo { base: 100, lines: 50, ..Default::default() };
/// let m = lexico_lexicon::Manifest { sources: vec![info], ..Default::default() };
/// assert_eq!(m.locate(120).map(|(_, line)| line), Some(20));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceInfo {
    #[serde(flatten)]
    /// The file as given to the build, with its SHA-256.
    pub file: FileDigest,
    /// What kind of source it is: the reader that read it, or what the build took it from.
    pub kind: SourceKind,
    /// The number of lines read.
    pub lines: u64,
    /// The entry id of its line 1 minus one: line `l` of this source is entry `base + l`.
    pub base: u64,
    /// What the build did with it: empty for a source of words, `undone` for an update list
    /// applied in reverse (`lexico build --undo`). Absent from the manifest when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub role: String,
}

/// The rule set a lexicon was built with.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// assert_eq!(lex.manifest()?.rules.name, ""); // no rule set made it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSetInfo {
    /// The rule set's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Each of its files, with its SHA-256.
    pub files: Vec<FileDigest>,
}

/// Everything a lexicon says about itself.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "perro", "sol"])?;
/// let m = lex.manifest()?;
/// assert_eq!(m.words, 3);
/// assert_eq!(m.words_by_length[4], 2); // CASA, and PERRO: P E RR O
/// assert_eq!(m.payload_sha256.len(), 64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The lexicon's name (`FISE`, `letterpress-es`).
    pub name: String,
    /// The edition it is (`FISE-2`, `previous to FISE-2`).
    pub edition: String,
    /// Its version, semver or a date.
    pub version: String,
    /// Free text: provenance and licence notes.
    pub notes: Vec<String>,
    /// The version of the file format.
    pub format_version: u32,
    /// The program that built it (`lexico 0.1.0`).
    pub tool: String,
    /// The rule set the lexicon was built with.
    pub rules: RuleSetInfo,
    /// The sources, in the order of their entry ids.
    pub sources: Vec<SourceInfo>,
    /// The fewest tiles a word of this lexicon has (by its rules).
    pub min_tiles: u8,
    /// The most tiles a word of this lexicon has (by its rules).
    pub max_tiles: u8,
    /// Number of valid words.
    pub words: u64,
    /// `words_by_length[n]` is the number of valid words of `n` tiles.
    pub words_by_length: Vec<u64>,
    /// Number of forms the rules generated and rejected (kept for explanations).
    pub rejected_forms: u64,
    /// SHA-256 of every section but the manifest, in file order.
    pub payload_sha256: String,
    /// The size of each compressed section once inflated, by tag (`PROV`, `ENTR`): a reader
    /// inflates no more than this. Absent from files written before it was recorded.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub inflated: std::collections::BTreeMap<String, u64>,
    /// What explanations of this lexicon's words say that its rule set decides (the rule set's
    /// `explain.toml` and `ruleset.toml`): absent when the build had none, and then `explain`
    /// reads no word as a verb form with enclitics and cites no article.
    #[serde(default, skip_serializing_if = "ExplainData::is_empty")]
    pub explain: ExplainData,
}

impl SourceInfo {
    /// Returns true if and only if this source is an update list: a list of what an edition adds
    /// to, removes from or changes in the previous one (the FISE `ACTUALIZACIÓN` lists), rather
    /// than a list of the edition's entries.
    ///
    /// ```
    /// use lexico_lexicon::{SourceInfo, SourceKind};
    ///
    /// let update = SourceInfo { kind: SourceKind::FiseVerbUpdates, ..Default::default() };
    /// let list = SourceInfo { kind: SourceKind::FiseVerbs, ..Default::default() };
    /// assert!(update.is_update_list() && !list.is_update_list());
    /// ```
    pub fn is_update_list(&self) -> bool {
        self.kind.is_update_list()
    }

    /// Returns true if and only if this source is a list of the rule set (kind `rule-list`: a
    /// regulation's closed list of words, such as the plurals of the letters), not a list of
    /// the edition's sources: what it admits, the rules admit.
    ///
    /// ```
    /// use lexico_lexicon::{SourceInfo, SourceKind};
    ///
    /// let list = SourceInfo { kind: SourceKind::RuleList, ..Default::default() };
    /// assert!(list.is_rule_list() && !list.is_update_list());
    /// ```
    pub fn is_rule_list(&self) -> bool {
        self.kind == SourceKind::RuleList
    }
}

impl Manifest {
    /// The source and line an entry id stands for.
    pub fn locate(&self, entry: u64) -> Option<(&SourceInfo, u64)> {
        self.sources
            .iter()
            .rev()
            .find(|s| entry > s.base && entry - s.base <= s.lines)
            .map(|s| (s, entry - s.base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_range_past_the_largest_entry_id_does_not_overflow() {
        let manifest = Manifest {
            sources: vec![SourceInfo { base: u64::MAX - 1, lines: 10, ..Default::default() }],
            ..Default::default()
        };
        assert_eq!(manifest.locate(u64::MAX).map(|(_, l)| l), Some(1));
        assert!(manifest.locate(3).is_none());
    }
}
