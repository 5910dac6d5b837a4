//! The manifest: what a lexicon is, what it was built from, and how many words it holds.

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

/// What kind of source a build took entries from: a list of the edition (each read by its
/// reader), an update list, or what the build itself adds (the rule set's own lists, the previous
/// edition). Its name (`fise-no-verbos`) is how manifests and `lexico info` write it.
///
/// ```
/// use lexico_lexicon::SourceKind;
///
/// assert_eq!(SourceKind::FiseNonVerbUpdates.to_string(), "fise-actualizacion-no-verbos");
/// assert!(SourceKind::FiseVerbUpdates.is_update_list() && !SourceKind::FiseVerbs.is_update_list());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SourceKind {
    /// A list given in memory, which no reader read ([`Lexicon::from_words`](crate::Lexicon::from_words)).
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

/// What a rule set tells explanations: the article that leaves out a letter with no tile, the
/// enclitic pronouns and the article that counts a verb form with them as several words, and
/// notes on the codes of the classified verb list's entries.
///
/// ```
/// let data = lexico_lexicon::ExplainData::default();
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
