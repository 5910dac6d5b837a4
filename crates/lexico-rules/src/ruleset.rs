//! Loading a rule set: `ruleset.toml` and the files it names, from a folder on disk or from a
//! set embedded in the crate, through one reader ([`RuleFiles`]).

use std::path::{Component, Path, PathBuf};

use lexico_tiles::quoted;
use regex::Regex;
use serde::Deserialize;
use toml::Spanned;

pub use crate::error::line_col;
use crate::error::RuleError;
use crate::files::RuleFiles;

/// A rule set as loaded from its folder.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// assert_eq!(rules.name, "fise-2016");
/// assert!(rules.screen("casa").is_none());
/// assert!(rules.plurals.is_some() && rules.verbs.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RuleSet {
    /// Where it was loaded from, as its messages name it: the folder as given, or `NAME
    /// (embedded)` for a set embedded in the crate. Nothing a lexicon records depends on it.
    pub dir: PathBuf,
    /// The rule set's name (`fise-2016`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its title (the regulation it encodes).
    pub title: String,
    /// The fewest tiles a word has.
    pub min_tiles: u8,
    /// The most tiles a word has.
    pub max_tiles: u8,
    /// The text of the tile-set file.
    pub tiles_csv: String,
    /// The screening rules, applied to words as the sources spell them.
    pub screening: Vec<ScreenRule>,
    screen_set: regex::RegexSet,
    /// The bytes a match of some screening rule can start with (see [`first_bytes`]): a word
    /// with none of them matches no rule, and is not scanned.
    screen_first: Box<[bool; 256]>,
    /// The plural rules (section 18), when the rule set has them.
    pub plurals: Option<crate::plural::Plurals>,
    /// The conjugation models and verb rules (section 17), when the rule set has them.
    pub verbs: Option<crate::verbs::VerbRules>,
    /// Every file read, relative to the rule-set folder, with its bytes (for digests).
    pub files: Vec<(String, Vec<u8>)>,
    /// The article cited when a word has a letter with no tile (`ruleset.toml`,
    /// `no_tile_article`; empty if none).
    pub no_tile_article: String,
    /// The article cited when a word has a character that is no letter of the tile set
    /// (`spelling_article`).
    pub spelling_article: String,
    /// The article cited when a word has too few or too many tiles (`length_article`).
    pub length_article: String,
    /// What explanations say that the rule set decides (`explain`, see [`crate::explain`]).
    pub explain: crate::explain::ExplainRules,
}

/// What a rule set says it is (`ruleset.toml`): see [`RuleSet::identity`].
///
/// ```
/// let files = lexico_rules::RuleFiles::embedded("fise-2016").expect("embedded");
/// let id = lexico_rules::RuleSet::identity(&files)?;
/// assert_eq!(id.name, "fise-2016");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The rule set's name (`fise-2016`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its title (the regulation it encodes).
    pub title: String,
}

/// A screening rule: source words matching `pattern` are excluded with `reason`.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let rule = rules.screen("wifi").expect("W has no tile");
/// assert_eq!(rule.id, "k-or-w");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ScreenRule {
    /// The rule's id, recorded with each word it excludes.
    pub id: String,
    /// What it matches.
    pub pattern: Regex,
    /// Why a matching word is excluded.
    pub reason: String,
    /// The same in Spanish.
    pub reason_es: String,
    /// The article of the regulation it applies.
    pub article: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    name: String,
    version: String,
    #[serde(default)]
    title: String,
    min_tiles: u8,
    max_tiles: u8,
    tiles: Spanned<String>,
    #[serde(default)]
    screening: Option<Spanned<String>>,
    #[serde(default)]
    plurals: Option<Spanned<String>>,
    #[serde(default)]
    verbs: Option<Spanned<String>>,
    #[serde(default)]
    explain: Option<Spanned<String>>,
    /// The table of the regulation's articles every article of the rule set must be in.
    #[serde(default)]
    articles: Option<Spanned<String>>,
    #[serde(default)]
    no_tile_article: String,
    #[serde(default)]
    spelling_article: String,
    #[serde(default)]
    length_article: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScreeningFile {
    #[serde(default)]
    rule: Vec<ScreenRuleFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScreenRuleFile {
    id: Spanned<String>,
    pattern: Spanned<String>,
    reason: String,
    reason_es: Option<Spanned<String>>,
    article: String,
}

impl RuleSet {
    /// Loads the rule set in the folder `dir`.
    pub fn load(dir: &Path) -> Result<RuleSet, RuleError> {
        RuleSet::load_from(&RuleFiles::folder(dir))
    }

    /// Loads the rule set `name` embedded in the crate ([`crate::embedded`]); its messages name
    /// its files as `NAME (embedded)/FILE`.
    pub fn embedded(name: &str) -> Result<RuleSet, RuleError> {
        RuleSet::load_from(&embedded_files(name)?)
    }

    /// Loads the rule set `value` names, as `lexico build --rules` takes it: a value with a path
    /// separator, or starting with `.`, is a folder; otherwise it is the name of an embedded set,
    /// or, if no set has that name, a folder that exists. Anything else is
    /// [`RuleError::Unknown`], which lists the embedded names.
    ///
    /// ```
    /// use std::path::Path;
    /// let set = lexico_rules::RuleSet::named(Path::new("fise-2016"))?;
    /// assert_eq!(set.name, "fise-2016");
    /// let err = lexico_rules::RuleSet::named(Path::new("nosuch")).err().expect("no such set");
    /// assert!(err.to_string().ends_with("and no folder has this name"));
    /// # Ok::<(), lexico_rules::RuleError>(())
    /// ```
    pub fn named(value: &Path) -> Result<RuleSet, RuleError> {
        let name =
            value.to_str().filter(|v| !v.starts_with('.') && !v.contains(['/', std::path::MAIN_SEPARATOR]));
        match name {
            Some(name) if RuleFiles::embedded(name).is_some() => RuleSet::embedded(name),
            Some(name) if value.symlink_metadata().is_err() => {
                Err(RuleError::Unknown { name: name.to_string(), folder: true })
            }
            _ => RuleSet::load(value),
        }
    }

    /// Loads the rule set whose folder is `src`.
    pub fn load_from(src: &RuleFiles) -> Result<RuleSet, RuleError> {
        let dir = src.root();
        let mut files = Vec::new();
        let manifest: ManifestFile = read_toml(src, "ruleset.toml", &mut files)?;
        let named = [
            Some(&manifest.tiles),
            manifest.screening.as_ref(),
            manifest.plurals.as_ref(),
            manifest.verbs.as_ref(),
            manifest.explain.as_ref(),
            manifest.articles.as_ref(),
        ];
        for name in named.into_iter().flatten() {
            inside_the_folder(src, &files[0].1, name)?;
        }
        let tiles_name = manifest.tiles.get_ref();
        let tiles_bytes = read(src, tiles_name, &mut files)?;
        let tiles_csv = String::from_utf8(tiles_bytes)
            .map_err(|e| RuleError::syntax(src.path(tiles_name), 1, 1, format!("not UTF-8: {e}")))?;
        if let Err(e) = lexico_tiles::TileSet::parse(&tiles_csv) {
            return Err(tile_error(src.path(tiles_name), e));
        }
        let mut screening = Vec::new();
        let mut screen_set = regex::RegexSet::empty();
        if let Some(name) = manifest.screening.as_ref().map(Spanned::get_ref) {
            let file: ScreeningFile = read_toml(src, name, &mut files)?;
            let text = &files.last().expect("just read").1;
            let at = |value: &Spanned<String>, message: String| {
                let (line, column) = line_col(text, value.span().start);
                RuleError::syntax(src.path(name), line, column, message)
            };
            // A pattern's errors point at its text, past the opening quote, where a column
            // counted in the pattern itself starts.
            let at_text = |value: &Spanned<String>, message: String| {
                let start = value.span().start;
                let quote = text.get(start).is_some_and(|&b| b == b'\'' || b == b'"');
                let (line, column) = line_col(text, start + usize::from(quote));
                RuleError::syntax(src.path(name), line, column, message)
            };
            for r in &file.rule {
                let id = r.id.get_ref();
                let pattern = crate::pattern::one(r.pattern.get_ref())
                    .map_err(|e| at_text(&r.pattern, format!("rule '{id}': bad pattern: {e}")))?;
                if screening.iter().any(|s: &ScreenRule| s.id == *id) {
                    return Err(at(&r.id, format!("rule '{id}' is defined twice")));
                }
                let reason_es = match &r.reason_es {
                    None => {
                        return Err(at(
                            &r.id,
                            format!("rule '{id}' has a `reason` but no `reason_es`, the reason in Spanish"),
                        ))
                    }
                    Some(es) if es.get_ref().trim().is_empty() => {
                        return Err(at(es, "`reason_es` is empty".into()))
                    }
                    Some(es) => es.get_ref().clone(),
                };
                screening.push(ScreenRule {
                    id: id.clone(),
                    pattern,
                    reason: r.reason.clone(),
                    reason_es,
                    article: r.article.clone(),
                });
            }
            let patterns: Vec<&str> = file.rule.iter().map(|r| r.pattern.get_ref().as_str()).collect();
            screen_set = crate::pattern::set(&patterns).map_err(|(i, e)| {
                let r = &file.rule[i];
                at_text(&r.pattern, format!("rule '{}': {e}", r.id.get_ref()))
            })?;
        }
        let plurals =
            load_folder(src, manifest.plurals.as_ref(), &mut files, crate::plural::Plurals::load_from)?;
        let verbs =
            load_folder(src, manifest.verbs.as_ref(), &mut files, crate::verbs::VerbRules::load_from)?;
        let explain: crate::explain::ExplainRules = match manifest.explain.as_ref().map(Spanned::get_ref) {
            Some(name) => read_toml(src, name, &mut files)?,
            None => Default::default(),
        };
        if let Some(name) = manifest.articles.as_ref().map(Spanned::get_ref) {
            // Every article the files cite must be in the table: a typo cites nothing.
            let path = src.path(name);
            let table = read(src, name, &mut files)?;
            let table = std::str::from_utf8(&table)
                .map_err(|e| RuleError::syntax(&path, 1, 1, format!("not UTF-8: {e}")))?;
            let articles = crate::articles::Articles::parse(&path, table)?;
            let plurals_folder = manifest.plurals.as_ref().map(|p| format!("{}/", p.get_ref()));
            for (file, bytes) in &files {
                let Ok(text) = std::str::from_utf8(bytes) else { continue };
                if file.ends_with(".toml") {
                    articles.check_toml(&src.path(file), text)?;
                } else if plurals_folder.as_ref().is_some_and(|p| file.starts_with(p.as_str()))
                    && file.ends_with(".txt")
                {
                    articles.check_cited(&src.path(file), &crate::plural::cited_articles(file, text))?;
                }
            }
        }
        if manifest.min_tiles == 0 || manifest.min_tiles > manifest.max_tiles {
            return Err(RuleError::syntax(
                src.path("ruleset.toml"),
                1,
                1,
                "min_tiles must be from 1 to max_tiles",
            ));
        }
        Ok(RuleSet {
            dir,
            name: manifest.name,
            version: manifest.version,
            title: manifest.title,
            min_tiles: manifest.min_tiles,
            max_tiles: manifest.max_tiles,
            tiles_csv,
            screen_set,
            screen_first: screen_first(&screening),
            screening,
            plurals,
            verbs,
            files,
            no_tile_article: manifest.no_tile_article,
            spelling_article: manifest.spelling_article,
            length_article: manifest.length_article,
            explain,
        })
    }

    /// The name, version and title that `ruleset.toml` in `src` gives, without loading the
    /// rules (the file is checked as [`RuleSet::load_from`] checks it).
    pub fn identity(src: &RuleFiles) -> Result<Identity, RuleError> {
        let manifest: ManifestFile = read_toml(src, "ruleset.toml", &mut Vec::new())?;
        Ok(Identity { name: manifest.name, version: manifest.version, title: manifest.title })
    }

    /// The first screening rule a source word matches. One pass of all the patterns together
    /// tells whether any matches, so a playable word costs one scan; only a word that some rule
    /// screens out is scanned again to learn which rule comes first.
    pub fn screen(&self, text: &str) -> Option<&ScreenRule> {
        self.screen_in(&self.screen_set, text)
    }

    /// The screening rules for one thread: [`Screener::screen`] answers as
    /// [`RuleSet::screen`] does, from a copy of the compiled patterns with match caches of its
    /// own, so that threads screening at once never wait on each other for a cache.
    pub fn screener(&self) -> Screener<'_> {
        Screener { rules: self, set: self.screen_set.clone() }
    }

    fn screen_in(&self, set: &regex::RegexSet, text: &str) -> Option<&ScreenRule> {
        if !text.bytes().any(|b| self.screen_first[b as usize]) || !set.is_match(text) {
            return None;
        }
        let hits = set.matches(text);
        hits.iter().next().map(|i| &self.screening[i])
    }
}

/// The screening rules of a [`RuleSet`] for one thread (see [`RuleSet::screener`]).
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let screener = rules.screener();
/// assert_eq!(screener.screen("kiosco").map(|r| r.id.as_str()), Some("k-or-w"));
/// assert!(screener.screen("pingüino").is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Screener<'r> {
    rules: &'r RuleSet,
    set: regex::RegexSet,
}

impl<'r> Screener<'r> {
    /// The rule set screened by.
    pub fn rules(&self) -> &'r RuleSet {
        self.rules
    }

    /// The first screening rule a source word matches, as [`RuleSet::screen`] tells it.
    pub fn screen(&self, text: &str) -> Option<&'r ScreenRule> {
        self.rules.screen_in(&self.set, text)
    }
}

/// The bytes a match of some rule of `screening` can start with: every byte if a rule can match
/// the empty string (or its pattern cannot be read back, which cannot happen: each compiled).
fn screen_first(screening: &[ScreenRule]) -> Box<[bool; 256]> {
    let mut first = Box::new([false; 256]);
    for r in screening {
        let nullable = match regex_syntax::Parser::new().parse(r.pattern.as_str()) {
            Ok(hir) => first_bytes(&hir, &mut first),
            Err(_) => true,
        };
        if nullable {
            return Box::new([true; 256]);
        }
    }
    first
}

/// Marks in `first` every byte a non-empty match of `hir` can start with, and returns whether
/// `hir` can match the empty string. A match that is not empty starts with a byte its first
/// consuming part can start with: a character of a class starts with the first byte of its
/// UTF-8 encoding, which grows with the character, so a class's range of characters starts
/// with a byte in the range of its ends' first bytes.
fn first_bytes(hir: &regex_syntax::hir::Hir, first: &mut [bool; 256]) -> bool {
    use regex_syntax::hir::{Class, HirKind};
    let lead = |c: char| c.encode_utf8(&mut [0; 4]).as_bytes()[0] as usize;
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(l) => match l.0.first() {
            Some(&b) => {
                first[b as usize] = true;
                false
            }
            None => true,
        },
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.iter() {
                first[r.start() as usize..=r.end() as usize].fill(true);
            }
            false
        }
        HirKind::Class(Class::Unicode(c)) => {
            for r in c.iter() {
                first[lead(r.start())..=lead(r.end())].fill(true);
            }
            false
        }
        HirKind::Repetition(r) => first_bytes(&r.sub, first) || r.min == 0,
        HirKind::Capture(c) => first_bytes(&c.sub, first),
        HirKind::Concat(parts) => parts.iter().all(|h| first_bytes(h, first)),
        HirKind::Alternation(parts) => {
            parts.iter().fold(false, |nullable, h| first_bytes(h, first) | nullable)
        }
    }
}

/// Converts a tile-set error into a rule error naming the tile file.
pub fn tile_error(path: PathBuf, e: lexico_tiles::TileError) -> RuleError {
    match e {
        lexico_tiles::TileError::Syntax { line, column, message } => {
            RuleError::syntax(path, line, column, message)
        }
        other => RuleError::syntax(path, 1, 1, other.to_string()),
    }
}

/// The folder of the embedded rule set `name`, or an error naming it.
fn embedded_files(name: &str) -> Result<RuleFiles, RuleError> {
    RuleFiles::embedded(name).ok_or_else(|| RuleError::Unknown { name: name.to_string(), folder: false })
}

/// Loads an optional rule folder named in `ruleset.toml` with `load`, and records its files for
/// the manifest.
fn load_folder<T>(
    src: &RuleFiles,
    name: Option<&Spanned<String>>,
    files: &mut Vec<(String, Vec<u8>)>,
    load: impl FnOnce(&RuleFiles) -> Result<T, RuleError>,
) -> Result<Option<T>, RuleError> {
    let Some(name) = name.map(Spanned::get_ref) else { return Ok(None) };
    let loaded = load(&src.sub(name))?;
    record_folder(src, name, files)?;
    Ok(Some(loaded))
}

/// Records every file of a rule folder (sorted by name) for the manifest's digests.
fn record_folder(src: &RuleFiles, name: &str, files: &mut Vec<(String, Vec<u8>)>) -> Result<(), RuleError> {
    for n in src.sub(name).list()? {
        read(src, &format!("{name}/{n}"), files)?;
    }
    Ok(())
}

/// Refuses a file or folder name of `ruleset.toml` (whose bytes are `manifest`) that is absolute
/// or goes up with `..`: a rule set reads only what its folder holds, so that it can be copied
/// and digested as one thing.
fn inside_the_folder(src: &RuleFiles, manifest: &[u8], name: &Spanned<String>) -> Result<(), RuleError> {
    let path = Path::new(name.get_ref());
    if path.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir)) {
        return Ok(());
    }
    let (line, column) = line_col(manifest, name.span().start);
    let message = format!("{} is not a path inside the rule folder", quoted(name.get_ref()));
    Err(RuleError::syntax(src.path("ruleset.toml"), line, column, message))
}

fn read(src: &RuleFiles, name: &str, files: &mut Vec<(String, Vec<u8>)>) -> Result<Vec<u8>, RuleError> {
    let bytes = src.read(name)?;
    files.push((name.to_string(), bytes.clone()));
    Ok(bytes)
}

/// Reads and parses a TOML file of the rule set, with errors at line and column.
fn read_toml<T: serde::de::DeserializeOwned>(
    src: &RuleFiles,
    name: &str,
    files: &mut Vec<(String, Vec<u8>)>,
) -> Result<T, RuleError> {
    let path = src.path(name);
    let bytes = read(src, name, files)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let (line, column) = line_col(&bytes, e.valid_up_to());
        RuleError::syntax(&path, line, column, "not valid UTF-8")
    })?;
    toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map(|s| line_col(text.as_bytes(), s.start)).unwrap_or((1, 1));
        let message = e.message().to_string();
        RuleError::syntax(&path, line, column, message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir_with(files: &[(&str, &str)]) -> tempdir::Dir {
        tempdir::Dir::new(files)
    }

    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new(files: &[(&str, &str)]) -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let dir = std::env::temp_dir().join(format!(
                    "lexico-rules-test-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::SeqCst)
                ));
                std::fs::create_dir_all(&dir).unwrap();
                for (name, text) in files {
                    std::fs::write(dir.join(name), text).unwrap();
                }
                Dir(dir)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    const TILES: &str = "kind,tile,count,value,aliases\ntile,A,1,1,\n";

    /// The first bytes of a pattern, and whether it can match the empty string.
    fn first_of(pattern: &str) -> ([bool; 256], bool) {
        let mut first = [false; 256];
        let nullable = first_bytes(&regex_syntax::Parser::new().parse(pattern).unwrap(), &mut first);
        (first, nullable)
    }

    #[test]
    fn a_text_that_a_pattern_matches_holds_one_of_its_first_bytes() {
        let patterns = [
            r"\.",
            "-",
            r"\s",
            r"\p{Lu}",
            "(?i)[kw]",
            "[0-9]",
            "ab|c",
            "x*y",
            r"\bqu",
            "(?i)ñ",
            "é+",
            "[^a-zñ]",
            "(a|)b",
            "^z$",
            "(?:x?)(?:y?)c",
            "[α-ω]",
            "ü{2,}",
        ];
        let chars = [
            'a', 'b', 'c', 'k', 'q', 'u', 'x', 'y', 'z', 'ñ', 'é', 'É', 'Ñ', 'ü', 'β', '-', '.', ' ',
            '\u{a0}', '7', 'W',
        ];
        for p in patterns {
            let re = Regex::new(p).unwrap();
            let (first, nullable) = first_of(p);
            assert!(!nullable, "{p}");
            // Every text of up to three of the characters.
            let (mut texts, mut last) = (Vec::new(), vec![String::new()]);
            for _ in 0..3 {
                last = last.iter().flat_map(|t| chars.iter().map(move |&c| format!("{t}{c}"))).collect();
                texts.extend(last.iter().cloned());
            }
            for t in &texts {
                if re.is_match(t) {
                    assert!(t.bytes().any(|b| first[b as usize]), "{p} matches {t:?}");
                }
            }
        }
        for p in ["x*", "a?", "", r"\b", "(a|)", "^", "(?:ab)*"] {
            assert!(first_of(p).1, "{p} matches the empty string");
        }
    }

    #[test]
    fn plain_lower_case_words_are_not_scanned_by_the_shipped_screening() {
        let rules = RuleSet::embedded("fise-2016").unwrap();
        let scanned: String =
            (b'a'..=b'z').filter(|&b| rules.screen_first[b as usize]).map(char::from).collect();
        // Only K and W can start a match among the plain letters: `(?i)[kw]`.
        assert_eq!(scanned, "kw");
        // A rule that matches the empty string leaves every word to be scanned.
        let rule = |p: &str| ScreenRule {
            id: p.into(),
            pattern: Regex::new(p).unwrap(),
            reason: String::new(),
            reason_es: String::new(),
            article: String::new(),
        };
        assert!(screen_first(&[rule("-"), rule("x*")]).iter().all(|&b| b));
        let first = screen_first(&[rule("-"), rule("é")]);
        assert_eq!(first.iter().filter(|&&b| b).count(), 2);
        assert!(first[b'-' as usize] && first[0xc3]);
    }

    #[test]
    fn the_shipped_rule_set_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016");
        let rules = RuleSet::load(&dir).unwrap();
        assert_eq!(rules.name, "fise-2016");
        assert_eq!((rules.min_tiles, rules.max_tiles), (2, 15));
        assert_eq!(rules.screen("Madrid").unwrap().id, "capitals");
        assert_eq!(rules.screen("kiosco").unwrap().id, "k-or-w");
        assert_eq!(rules.screen("bi-").unwrap().id, "affix-or-compound");
        assert!(rules.screen("pingüino").is_none());
    }

    /// Every embedded set loads, and loads as its folder under `rules/` does: the same
    /// identity, tiles and recorded files (so the same digests in a lexicon's manifest).
    #[test]
    fn an_embedded_set_loads_as_its_folder_does() {
        let names: Vec<&str> = crate::embedded::names().collect();
        assert!(!names.is_empty());
        for name in names {
            let embedded = RuleSet::embedded(name).unwrap_or_else(|e| panic!("{e}"));
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules").join(name);
            let folder = RuleSet::load(&dir).unwrap();
            assert_eq!(embedded.dir, Path::new(&format!("{name} (embedded)")));
            assert_eq!(folder.dir, dir);
            assert_eq!(
                (&embedded.name, &embedded.version, &embedded.title),
                (&folder.name, &folder.version, &folder.title)
            );
            assert_eq!(embedded.tiles_csv, folder.tiles_csv);
            assert_eq!(embedded.files, folder.files);
            let ids = |r: &RuleSet| r.screening.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
            assert_eq!(ids(&embedded), ids(&folder));
            assert_eq!(embedded.plurals.is_some(), folder.plurals.is_some());
            assert_eq!(embedded.verbs.is_some(), folder.verbs.is_some());
            let identity = RuleSet::identity(&RuleFiles::embedded(name).unwrap()).unwrap();
            assert_eq!(
                (identity.name, identity.version, identity.title),
                (folder.name, folder.version, folder.title)
            );
        }
    }

    #[test]
    fn an_unknown_embedded_set_is_refused_with_the_names_there_are() {
        let err = RuleSet::embedded("no-such-set").unwrap_err().to_string();
        let names: Vec<&str> = crate::embedded::names().collect();
        assert_eq!(
            err,
            format!("'no-such-set': no rule set of this name is embedded (embedded: {})", names.join(", "))
        );
    }

    /// The messages of an embedded set name its files as `NAME (embedded)/FILE`, from every
    /// loader.
    #[test]
    fn errors_in_an_embedded_set_name_it() {
        let name = crate::embedded::names().next().unwrap();
        let src = RuleFiles::embedded(name).unwrap();
        let err = src.sub("plurals/none").read("x.txt").unwrap_err().to_string();
        assert_eq!(
            err,
            format!("{name} (embedded)/plurals/none/x.txt: no such file in the embedded rule set")
        );
        let err = crate::plural::Plurals::load_from(&src.sub("no-folder")).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{name} (embedded)/no-folder/endings.txt: ")), "{err}");
        let err = crate::verbs::VerbRules::load_from(&src.sub("no-folder")).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{name} (embedded)/no-folder/slots.toml: ")), "{err}");
        assert_eq!(src.sub("./").read("ruleset.toml").unwrap(), src.read("./ruleset.toml").unwrap());
    }

    #[test]
    fn a_file_that_is_not_utf8_is_reported_at_its_place() {
        let d = dir_with(&[]);
        std::fs::write(d.0.join("endings.txt"), b"# ok\nend-s  s\xff\n").unwrap();
        let err = crate::plural::Plurals::load(&d.0).unwrap_err().to_string();
        assert!(err.ends_with("endings.txt:2:9: not valid UTF-8"), "{err}");
    }

    #[test]
    fn a_bad_key_is_reported_at_its_line() {
        let d = dir_with(&[
            ("ruleset.toml", "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"t.csv\"\nbogus = 1\n"),
            ("t.csv", TILES),
        ]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("ruleset.toml:6:1:"), "{err}");
    }

    #[test]
    fn a_bad_pattern_and_a_duplicate_rule_are_reported() {
        let head = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"t.csv\"\nscreening = \"s.toml\"\n";
        let d = dir_with(&[
            ("ruleset.toml", head),
            ("t.csv", TILES),
            (
                "s.toml",
                "[[rule]]\nid = \"a\"\npattern = \"(\"\nreason = \"r\"\nreason_es = \"r\"\narticle = \"1\"\n",
            ),
        ]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("s.toml:3:"), "{err}");
        assert!(
            err.ends_with("rule 'a': bad pattern: unclosed group") && !err.contains('\n'),
            "a bad pattern is reported on one line: {err}"
        );
        let rule =
            "[[rule]]\nid = \"a\"\npattern = \"x\"\nreason = \"r\"\nreason_es = \"r\"\narticle = \"1\"\n";
        let d = dir_with(&[("ruleset.toml", head), ("t.csv", TILES), ("s.toml", &format!("{rule}{rule}"))]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("defined twice"), "{err}");
    }

    #[test]
    fn a_screening_rule_without_a_spanish_reason_is_refused_at_its_id() {
        let head = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"t.csv\"\nscreening = \"s.toml\"\n";
        let rule = "[[rule]]\nid = \"a\"\npattern = \"x\"\nreason = \"r\"\narticle = \"1\"\n";
        let d = dir_with(&[("ruleset.toml", head), ("t.csv", TILES), ("s.toml", rule)]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("s.toml:2:6:") && err.contains("no `reason_es`"), "{err}");
    }

    /// Every rule of the shipped sets that gives a reason gives it in Spanish too (the loaders
    /// refuse one that does not), and every article that names another regulation than the
    /// lexicon's has its Spanish citation in `[articles_es]` of `explain.toml`.
    #[test]
    fn every_shipped_rule_has_a_spanish_reason_and_article() {
        for name in ["fise-2016", "fise-2009"] {
            let rules = RuleSet::embedded(name).unwrap();
            for s in &rules.screening {
                assert!(!s.reason_es.is_empty(), "{name}: {}", s.id);
            }
            for (path, bytes) in crate::embedded::files(name).unwrap() {
                let text = String::from_utf8_lossy(bytes);
                let reasons = text.lines().filter(|l| l.starts_with("reason = ")).count();
                let spanish = text.lines().filter(|l| l.starts_with("reason_es = ")).count();
                assert_eq!(reasons, spanish, "{name}/{path}");
                for line in text.lines().filter(|l| l.contains("article = \"")) {
                    let article = line.split('"').nth(1).unwrap_or("");
                    if article.chars().any(char::is_alphabetic) && !article.contains("Vocabulario") {
                        assert!(rules.explain.articles_es.contains_key(article), "{name}/{path}: {article}");
                    }
                }
            }
        }
    }

    #[test]
    fn screening_patterns_too_big_to_compile_together_are_an_error_at_their_place() {
        let head = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"t.csv\"\nscreening = \"s.toml\"\n";
        let rule = |id: &str| {
            format!("[[rule]]\nid = \"{id}\"\npattern = '\\w{{100}}'\nreason = \"r\"\nreason_es = \"r\"\narticle = \"1\"\n\n")
        };
        let screening: String = ["a", "b", "c"].iter().map(|id| rule(id)).collect();
        let d = dir_with(&[("ruleset.toml", head), ("t.csv", TILES), ("s.toml", &screening)]);
        let err = RuleSet::load(&d.0).unwrap_err();
        let RuleError::Syntax { line, column, ref message, .. } = err else { panic!("{err}") };
        // Each compiles alone, and two together: the third takes the set past the limit, and is
        // named at its pattern.
        assert_eq!((line, column), (17, 12), "{err}");
        assert!(message.contains("size limit") && !message.contains('\n'), "{err}");
        // One pattern too big on its own is a bad pattern at its place.
        let d = dir_with(&[
            ("ruleset.toml", head),
            ("t.csv", TILES),
            ("s.toml", "[[rule]]\nid = \"a\"\npattern = '\\w{1000}'\nreason = \"r\"\nreason_es = \"r\"\narticle = \"1\"\n"),
        ]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("s.toml:3:12: rule 'a': bad pattern:") && err.contains("size limit"), "{err}");
    }

    #[test]
    fn file_names_that_leave_the_rule_folder_are_refused_at_their_place() {
        let head = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\n";
        for (names, place, shown) in [
            ("tiles = \"/dev/zero\"\n", "5:9", "/dev/zero"),
            ("tiles = \"t.csv\"\nscreening = \"../s.toml\"\n", "6:13", "../s.toml"),
            ("tiles = \"t.csv\"\nplurals = \"p/../../p\"\n", "6:11", "p/../../p"),
            ("tiles = \"t.csv\"\nverbs = '/etc'\n", "6:9", "/etc"),
        ] {
            let d = dir_with(&[("ruleset.toml", &format!("{head}{names}")), ("t.csv", TILES)]);
            let err = RuleSet::load(&d.0).unwrap_err().to_string();
            let want = format!("ruleset.toml:{place}: '{shown}' is not a path inside the rule folder");
            assert!(err.ends_with(&want), "{err}");
        }
        let d = dir_with(&[("ruleset.toml", &format!("{head}tiles = \"./t.csv\"\n")), ("t.csv", TILES)]);
        assert!(RuleSet::load(&d.0).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_rule_file_that_is_not_a_regular_file_is_refused() {
        // A link to a device: /dev/null reads as empty, /dev/zero would read without end.
        let head = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"t.csv\"\n";
        let d = dir_with(&[("ruleset.toml", head)]);
        std::os::unix::fs::symlink("/dev/null", d.0.join("t.csv")).unwrap();
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.ends_with("t.csv: is not a regular file"), "{err}");
        let d = dir_with(&[("ruleset.toml", head)]);
        std::fs::create_dir(d.0.join("t.csv")).unwrap();
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.ends_with("t.csv: is a directory, not a file"), "{err}");
    }

    #[test]
    fn a_missing_file_names_its_path() {
        let d = dir_with(&[]);
        let err = RuleSet::load(&d.0).unwrap_err().to_string();
        assert!(err.contains("ruleset.toml"), "{err}");
    }
}
