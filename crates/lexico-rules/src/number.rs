//! `plurals/number.toml`: which words vary in number, as data. The plural engine
//! ([`crate::plural`]) knows how to form a plural; this file says which parts of speech and marks
//! of a lemma table take one, which list categories speak of a word in that category only, and the
//! order of the evidence that decides the number of a non-verb headword ([`crate::nonverbs`]),
//! each with the rule id and article it cites. See `docs/rules.md`.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use serde::Deserialize;

use crate::error::RuleError;
use crate::files::RuleFiles;
use crate::tags::{Category, Mark, Pos};
use crate::toml_util::{Source, Spanned};

/// The file name inside the plural rule folder.
pub const FILE: &str = "number.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NumberFile {
    ending_article: String,
    none_in_category_only: Vec<Spanned<String>>,
    pos: HashMap<String, Spanned<PosDef>>,
    #[serde(default)]
    marks: HashMap<String, Spanned<RuleRef>>,
    update: UpdateDefs,
    evidence: Vec<Spanned<StepDef>>,
    long_masculines: Option<Spanned<LongDef>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LongDef {
    label: String,
    rule: String,
    article: String,
    endings: Vec<[String; 2]>,
    inflections: Vec<String>,
}

/// `[long_masculines]`: a non-verb list that leaves out the words longer than a lexicon holds
/// may drop a whole line whose feminine is too long, the masculine with it. Such a masculine is
/// restored from the previous edition when no source speaks of it: see `lexico_compile` (stage
/// `restore`) and `docs/rules.md`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongMasculines {
    /// How the build's count of restored words is labelled.
    pub label: &'static str,
    /// The rule and article (here, the list's own note) that restore the word.
    pub cite: RuleRef,
    /// Masculine endings and the feminine endings that replace them, lower case, unaccented.
    pub endings: Vec<(String, String)>,
    /// Endings of inflected forms (a verb's persons, plurals): a word ending in one whose stem,
    /// without it, is a word of the previous edition is that word inflected, not a masculine.
    pub inflections: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PosDef {
    plural: bool,
    rule: Option<String>,
    article: Option<String>,
}

/// A rule id and the article it encodes.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RuleRef {
    /// The rule's id, as the lexicon's provenance and `explain` name it.
    pub rule: String,
    /// The article of the regulation the rule encodes.
    pub article: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateDefs {
    variable: UpdateVariable,
    invariable: RuleRef,
    plural_only: RuleRef,
    removed_plural: RuleRef,
}

/// The rule of section 1 of an update list (new entries variable in number): `article` for the
/// new word, `plural_article` for the plurals it spells out.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct UpdateVariable {
    /// The rule's id.
    pub rule: String,
    /// The article that admits the new word.
    pub article: String,
    /// The article that admits the plurals the update list spells out.
    pub plural_article: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepDef {
    kind: Spanned<String>,
    label: String,
    rule: Option<String>,
    article: Option<String>,
    tiles: Option<usize>,
    plural: Option<bool>,
    spelling: Option<Vec<Spanned<String>>>,
    reason: Option<String>,
    reason_es: Option<Spanned<String>>,
    suffix: Option<String>,
    min_stem: Option<usize>,
    participles: Option<Vec<String>>,
}

/// The kinds of evidence a step of `[[evidence]]` can use (the mechanics); the rule set chooses
/// which ones, in what order, and what they cite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EvidenceKind {
    /// A lemma-table row for the same headword (always first: it annotates the entry).
    Annotation,
    /// `pos-table`: a row of the part-of-speech table the build was given (`--pos-table`),
    /// decided as a lemma-table row with those parts of speech.
    PosTable,
    /// `regulation`: the regulation's own word lists.
    Regulation,
    /// `update`: the edition's update list, new entries variable or invariable.
    Update,
    /// `ending-no-plural`: an ending rule that gives the word no plural.
    EndingNoPlural,
    /// `feminine`: a listed feminine.
    Feminine,
    /// `adverb-mente`: an adverb in *-mente* made on a listed adjective.
    Adverb,
    /// `previous`: a plural the previous edition holds.
    Previous,
    /// `previous-short`: the previous edition holds the word but lacks a short plural.
    PreviousShort,
    /// `previous-silent-unadapted`: the previous edition holds the word in the singular only, and
    /// its spelling is not adapted to Spanish (see [`Spellings`]).
    SilentUnadapted,
    /// `previous-silent`: the previous edition holds the word in the singular only.
    Silent,
    /// `rules`: the ending rules (the last step).
    Rules,
}

const KINDS: [(&str, EvidenceKind); 11] = [
    ("pos-table", EvidenceKind::PosTable),
    ("regulation", EvidenceKind::Regulation),
    ("update", EvidenceKind::Update),
    ("ending-no-plural", EvidenceKind::EndingNoPlural),
    ("feminine", EvidenceKind::Feminine),
    ("adverb-mente", EvidenceKind::Adverb),
    ("previous", EvidenceKind::Previous),
    ("previous-short", EvidenceKind::PreviousShort),
    ("previous-silent-unadapted", EvidenceKind::SilentUnadapted),
    ("previous-silent", EvidenceKind::Silent),
    ("rules", EvidenceKind::Rules),
];

/// One step of the evidence order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Which kind of evidence the step weighs.
    pub kind: EvidenceKind,
    /// How the build's count of words decided by this step is labelled.
    pub label: &'static str,
    /// The rule and article that refuse a plural, for the steps that refuse one.
    pub refuse: Option<RuleRef>,
    /// `previous-short`: the longest plural, in tiles, for which the previous edition is complete.
    pub tiles: usize,
    /// `previous-silent`: true if the word pluralises by the ending rules, false if it has none.
    pub plural: bool,
    /// `previous-silent-unadapted`: the spellings that are not adapted to Spanish.
    pub spelling: Option<Spellings>,
    /// Why the step refuses a plural, as the rule set words it (`None`: the engine's words).
    pub reason: Option<String>,
    /// The same in Spanish, given with `reason`.
    pub reason_es: Option<String>,
    /// `adverb-mente`: what makes a word an adverb made on a listed adjective.
    pub adverb: Option<AdverbSuffix>,
}

/// How `adverb-mente` tells an adverb made on an adjective (BUENAMENTE on BUENA): the word ends
/// in `suffix`, and the stem before it, of `min_stem` letters or more, is a listed word or ends in
/// one of `participles` (a feminine participle, which the non-verb list does not give: UNIDAMENTE,
/// ABASTADAMENTE).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdverbSuffix {
    /// The ending of the adverb (`mente`).
    pub suffix: String,
    /// The fewest letters of the stem.
    pub min_stem: usize,
    /// Endings of feminine participles a stem may have without being listed (`ada`, `ida`).
    pub participles: Vec<String>,
}

impl AdverbSuffix {
    /// Returns true if and only if `word` is an adverb made on a stem that `listed` holds or on
    /// a feminine participle: the participle's ending comes after at least two letters.
    ///
    /// ```
    /// use lexico_rules::number::AdverbSuffix;
    ///
    /// let a = AdverbSuffix { suffix: "mente".into(), min_stem: 3, participles: vec!["ada".into()] };
    /// assert!(a.is_adverb("buenamente", |stem| stem == "buena"));
    /// assert!(a.is_adverb("abastadamente", |_| false));
    /// assert!(!a.is_adverb("demente", |_| true)); // the stem "de" is too short
    /// ```
    pub fn is_adverb(&self, word: &str, listed: impl Fn(&str) -> bool) -> bool {
        let Some(stem) = word.strip_suffix(self.suffix.as_str()) else { return false };
        stem.chars().count() >= self.min_stem
            && (listed(stem)
                || self.participles.iter().any(|p| stem.len() > p.len() + 1 && stem.ends_with(p.as_str())))
    }
}

/// Spellings of a word that Spanish does not write, as regular expressions over the word as the
/// non-verb list gives it (lower case, accents kept): a word that matches one is not adapted to
/// Spanish (FISE 2016, 18.2.5), so it is no old Spanish word either.
#[derive(Clone, Debug)]
pub struct Spellings {
    patterns: Vec<String>,
    set: regex::RegexSet,
}

impl PartialEq for Spellings {
    fn eq(&self, other: &Spellings) -> bool {
        self.patterns == other.patterns
    }
}

impl Eq for Spellings {}

impl Spellings {
    /// True if the word's spelling matches one of the patterns.
    pub fn matches(&self, word: &str) -> bool {
        self.set.is_match(word)
    }

    /// The patterns, in the file's order.
    pub fn patterns(&self) -> &[String] {
        &self.patterns
    }
}

/// What `number.toml` says.
#[derive(Clone, Debug)]
pub struct NumberRules {
    /// The article cited when no ending rule applies to a word.
    pub ending_article: String,
    non_pluralising: HashSet<Category>,
    pos: HashMap<Pos, Option<RuleRef>>,
    marks: HashMap<Mark, RuleRef>,
    plurals_mark: Option<RuleRef>,
    /// Update-list section 1: new entries variable in number.
    pub update_variable: UpdateVariable,
    /// Update-list section 2: new entries invariable in number.
    pub update_invariable: RuleRef,
    /// Update-list section 3: plurals new in the edition whose singular was already valid.
    pub update_plural_only: RuleRef,
    /// Update-list section 5: plurals the edition removes.
    pub update_removed_plural: RuleRef,
    /// The evidence steps, in order; the last is `rules`.
    pub steps: Vec<Step>,
    /// Masculines a non-verb list left out with a feminine too long, if the rule set restores them.
    pub long_masculines: Option<LongMasculines>,
}

/// The key of `[marks]` for the plurals a lemma table gives (`pl=X|Y`), beside the marks.
const PLURALS_MARK: &str = "pl";

/// A string that lives as long as the program: step labels are counted under `&'static str`
/// keys. Each distinct label is kept once, however often a rule set is loaded.
fn intern(s: &str) -> &'static str {
    static POOL: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut pool = POOL.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&k) = pool.get(s) {
        return k;
    }
    let k: &'static str = Box::leak(s.to_string().into_boxed_str());
    pool.insert(k);
    k
}

/// Compiles the patterns of `spelling`; a bad one is an error at its place.
fn spellings(src: &Source, at: usize, list: &[Spanned<String>]) -> Result<Spellings, RuleError> {
    if list.is_empty() {
        return Err(src.error(at, "`spelling` needs at least one pattern"));
    }
    let patterns: Vec<String> = list.iter().map(|p| p.get_ref().clone()).collect();
    let set = crate::pattern::set(&patterns).map_err(|(i, reason)| {
        let p = &list[i];
        src.error(p.span().start, format!("spelling `{}`: {reason}", p.get_ref()))
    })?;
    Ok(Spellings { patterns, set })
}

impl NumberRules {
    /// Reads `number.toml` of the plural folder `files`.
    pub fn load(files: &RuleFiles) -> Result<NumberRules, RuleError> {
        let src = Source::read(files, FILE)?;
        let file: NumberFile = src.parse()?;
        let mut non_pluralising = HashSet::new();
        for c in &file.none_in_category_only {
            let cat = Category::from_name(c.get_ref())
                .ok_or_else(|| src.error(c.span().start, format!("unknown category `{}`", c.get_ref())))?;
            non_pluralising.insert(cat);
        }
        let mut pos = HashMap::new();
        for (name, def) in &file.pos {
            let at = def.span().start;
            let p = Pos::from_name(name)
                .ok_or_else(|| src.error(at, format!("unknown part of speech `{name}`")))?;
            let d = def.get_ref();
            let refuse = match (d.plural, &d.rule, &d.article) {
                (true, None, None) => None,
                (false, Some(rule), Some(article)) => {
                    Some(RuleRef { rule: rule.clone(), article: article.clone() })
                }
                (true, _, _) => {
                    return Err(src.error(
                        at,
                        format!("pos `{name}`: a part of speech with a plural takes no `rule` nor `article`"),
                    ))
                }
                (false, _, _) => {
                    return Err(src.error(
                        at,
                        format!(
                            "pos `{name}`: a part of speech without plural needs a `rule` and an `article`"
                        ),
                    ))
                }
            };
            pos.insert(p, refuse);
        }
        if let Some(missing) = Pos::ALL.iter().map(|p| p.name()).find(|n| !file.pos.contains_key(*n)) {
            return Err(src.error(
                0,
                format!("no `[pos.{missing}]`: every part of speech of the lemma table needs one"),
            ));
        }
        let mut marks = HashMap::new();
        let mut plurals_mark = None;
        for (name, def) in &file.marks {
            match Mark::from_name(name) {
                Some(m) => {
                    marks.insert(m, def.get_ref().clone());
                }
                None if name == PLURALS_MARK => plurals_mark = Some(def.get_ref().clone()),
                None => {
                    let names: Vec<&str> = std::iter::once(PLURALS_MARK).chain(Mark::names()).collect();
                    return Err(src.error(
                        def.span().start,
                        format!("unknown mark `{name}` (marks: {})", names.join(", ")),
                    ));
                }
            }
        }
        let mut steps: Vec<Step> = Vec::new();
        for s in &file.evidence {
            let at = s.span().start;
            let d = s.get_ref();
            let kind_name = d.kind.get_ref().as_str();
            let kind = KINDS.iter().find(|(n, _)| *n == kind_name).map(|(_, k)| *k).ok_or_else(|| {
                let names: Vec<&str> = KINDS.iter().map(|(n, _)| *n).collect();
                src.error(
                    d.kind.span().start,
                    format!("unknown evidence `{kind_name}` (evidence: {})", names.join(", ")),
                )
            })?;
            if steps.iter().any(|x| x.kind == kind) {
                return Err(src.error(d.kind.span().start, format!("evidence `{kind_name}` given twice")));
            }
            let plural = d.plural.unwrap_or(true);
            let needs_rule = matches!(
                kind,
                EvidenceKind::Adverb | EvidenceKind::PreviousShort | EvidenceKind::SilentUnadapted
            ) || (kind == EvidenceKind::Silent && !plural);
            let refuse = match (&d.rule, &d.article) {
                (Some(rule), Some(article)) if needs_rule => {
                    Some(RuleRef { rule: rule.clone(), article: article.clone() })
                }
                (None, None) if !needs_rule => None,
                _ if needs_rule => {
                    return Err(src.error(
                        at,
                        format!("evidence `{kind_name}` refuses plurals: it needs a `rule` and an `article`"),
                    ))
                }
                _ => {
                    return Err(src.error(at, format!("evidence `{kind_name}` takes no `rule` nor `article`")))
                }
            };
            if d.tiles.is_some() != (kind == EvidenceKind::PreviousShort) {
                return Err(src.error(at, "`tiles` goes with the evidence `previous-short`, and only there"));
            }
            if d.plural.is_some() && kind != EvidenceKind::Silent {
                return Err(src.error(at, "`plural` goes with the evidence `previous-silent` only"));
            }
            if d.reason.is_some() && !needs_rule {
                return Err(
                    src.error(at, format!("evidence `{kind_name}` refuses no plural: it takes no `reason`"))
                );
            }
            src.check_reason_es(&d.kind, d.reason.as_deref(), d.reason_es.as_ref())?;
            let adverb = match (kind == EvidenceKind::Adverb, &d.suffix, d.min_stem, &d.participles) {
                (true, Some(suffix), Some(min_stem), Some(participles)) if !suffix.is_empty() => {
                    Some(AdverbSuffix { suffix: suffix.clone(), min_stem, participles: participles.clone() })
                }
                (false, None, None, None) => None,
                _ => {
                    return Err(src.error(
                        at,
                        "`suffix`, `min_stem` and `participles` go with the evidence `adverb-mente`, which needs them",
                    ))
                }
            };
            let spelling = match &d.spelling {
                _ if (kind == EvidenceKind::SilentUnadapted) != d.spelling.is_some() => {
                    return Err(src.error(
                        at,
                        "`spelling` goes with the evidence `previous-silent-unadapted`, which needs it",
                    ))
                }
                None => None,
                Some(list) => Some(spellings(&src, at, list)?),
            };
            steps.push(Step {
                kind,
                label: intern(&d.label),
                refuse,
                tiles: d.tiles.unwrap_or(0),
                plural,
                spelling,
                reason: d.reason.clone(),
                reason_es: d.reason_es.as_ref().map(|r| r.get_ref().clone()),
                adverb,
            });
        }
        if steps.last().map(|s| s.kind) != Some(EvidenceKind::Rules) {
            let at = file.evidence.last().map_or(0, |s| s.span().start);
            return Err(src.error(
                at,
                "the last `[[evidence]]` must be `rules`: the ending rules decide what nothing else does",
            ));
        }
        let long_masculines = match &file.long_masculines {
            None => None,
            Some(def) => {
                let d = def.get_ref();
                let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == 'ñ');
                if let Some(bad) = d.endings.iter().flatten().chain(&d.inflections).find(|s| !plain(s)) {
                    return Err(src.error(
                        def.span().start,
                        format!("long_masculines: ending `{bad}` is not in plain lower-case letters"),
                    ));
                }
                Some(LongMasculines {
                    label: intern(&d.label),
                    cite: RuleRef { rule: d.rule.clone(), article: d.article.clone() },
                    endings: d.endings.iter().map(|[m, f]| (m.clone(), f.clone())).collect(),
                    inflections: d.inflections.clone(),
                })
            }
        };
        let u = file.update;
        Ok(NumberRules {
            ending_article: file.ending_article,
            non_pluralising,
            pos,
            marks,
            plurals_mark,
            update_variable: u.variable,
            update_invariable: u.invariable,
            update_plural_only: u.plural_only,
            update_removed_plural: u.removed_plural,
            steps,
            long_masculines,
        })
    }

    /// True if a `none` entry of the category speaks of the word in that category only (an
    /// adverb, say), not of the same word as a noun or adjective.
    pub fn is_non_pluralising(&self, c: Category) -> bool {
        self.non_pluralising.contains(&c)
    }

    /// True if the part of speech takes a plural.
    pub fn pluralises(&self, p: Pos) -> bool {
        matches!(self.pos.get(&p), Some(None))
    }

    /// The rule and article that deny a plural to the part of speech, `None` if it takes one.
    pub fn no_plural_rule(&self, p: Pos) -> Option<&RuleRef> {
        self.pos.get(&p).and_then(Option::as_ref)
    }

    /// The rule and article of a mark of the lemma table, `None` if the mark does not decide.
    pub fn mark(&self, mark: Mark) -> Option<&RuleRef> {
        self.marks.get(&mark)
    }

    /// The rule and article that admit the plurals a lemma table gives (`pl=X|Y`), `None` if
    /// the rule set does not take them.
    pub fn plurals_mark(&self) -> Option<&RuleRef> {
        self.plurals_mark.as_ref()
    }

    /// The step of the given kind, if the rule set uses it.
    pub fn step(&self, kind: EvidenceKind) -> Option<&Step> {
        self.steps.iter().find(|s| s.kind == kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn original() -> String {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/plurals").join(FILE);
        std::fs::read_to_string(p).unwrap()
    }

    /// Loads the FISE-2016 `number.toml` edited by `edit`; the error as text.
    fn load_edited(tag: &str, edit: impl Fn(&str) -> String) -> Result<NumberRules, String> {
        let dir = std::env::temp_dir().join(format!("lexico-number-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE), edit(&original())).unwrap();
        let r = NumberRules::load(&RuleFiles::folder(&dir)).map_err(|e| e.to_string());
        std::fs::remove_dir_all(&dir).ok();
        r
    }

    fn line_of(text: &str, needle: &str) -> usize {
        text.lines().position(|l| l.contains(needle)).expect("needle in the file") + 1
    }

    /// A final consonant is no mark of an unadapted spelling (18.4.1 pluralises words in every
    /// final consonant): no word the regulation gives a plural in 18.1–18.4 matches a pattern.
    #[test]
    fn no_word_the_regulation_pluralises_is_spelt_as_unadapted() {
        let n = load_edited("examples", str::to_string).unwrap();
        let unadapted = n.step(EvidenceKind::SilentUnadapted).unwrap().spelling.as_ref().unwrap();
        let examples = include_str!("../tests/data/plural-examples-2016.tsv");
        let pluralised: Vec<&str> = examples
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut cells = l.split('\t');
                let (lemma, plurals) = (cells.next()?, cells.next()?);
                (plurals != "-" && plurals != "=").then_some(lemma)
            })
            .collect();
        assert!(pluralised.len() > 600, "{}", pluralised.len());
        for word in ["calicut", "yagurt", "airbag", "fang", "resort", "iceberg", "cricrí"] {
            assert!(pluralised.contains(&word), "{word}");
        }
        let matched: Vec<&&str> = pluralised.iter().filter(|w| unadapted.matches(w)).collect();
        assert!(matched.is_empty(), "{matched:?}");
    }

    #[test]
    fn an_evidence_reason_without_its_spanish_is_refused_at_the_step() {
        let line = line_of(&original(), "kind = \"previous-silent-unadapted\"");
        let err = load_edited("reason-es", |t| {
            let start = t.find("reason_es = ").unwrap();
            let end = start + t[start..].find('\n').unwrap() + 1;
            format!("{}{}", &t[..start], &t[end..])
        })
        .unwrap_err();
        assert!(err.contains(&format!("{FILE}:{line}:8:")), "{err}");
        assert!(err.contains("has a `reason` but no `reason_es`"), "{err}");
    }

    #[test]
    fn the_fise_2016_file_gives_the_order_of_evidence() {
        let n = load_edited("ok", str::to_string).unwrap();
        let kinds: Vec<EvidenceKind> = n.steps.iter().map(|s| s.kind).collect();
        use EvidenceKind::*;
        assert_eq!(
            kinds,
            [
                PosTable,
                Regulation,
                Update,
                EndingNoPlural,
                Feminine,
                Adverb,
                Previous,
                PreviousShort,
                SilentUnadapted,
                Silent,
                Rules
            ]
        );
        let unadapted = n.step(SilentUnadapted).unwrap().spelling.as_ref().unwrap();
        for (word, foreign) in [
            ("sport", true),
            ("pizza", true),
            ("boîte", true),
            ("miss", true),
            ("assí", false),
            ("trasmorro", false),
            // The italic examples of 18.2.5 that spelling shows, and its adapted ones.
            ("byte", true),
            ("quorum", true),
            ("exequatur", true),
            ("cuórum", false),
            ("execuátur", false),
            ("adagio", false),
            ("airbag", false),
            ("convoy", false),
            ("sexi", false),
            ("junior", false),
            ("páter", false),
            ("vademécum", false),
            ("camping", true),
            ("flash", true),
            ("input", true),
            // Spanish spellings: des- before h, an Americanism in sh, y after a vowel.
            ("deshacimiento", false),
            ("cafisho", false),
            ("aymé", false),
        ] {
            assert_eq!(unadapted.matches(word), foreign, "{word}");
        }
        assert_eq!(n.step(PreviousShort).unwrap().tiles, 3);
        assert!(n.pluralises(Pos::N) && !n.pluralises(Pos::Adv));
        assert_eq!(n.no_plural_rule(Pos::Adv).unwrap().article, "18.2.1");
        assert!(n.is_non_pluralising(Category::Interj) && !n.is_non_pluralising(Category::Cursiva));
        assert!(n.mark(Mark::Desus).is_none() && n.mark(Mark::Cursiva).is_some());
        assert!(n.plurals_mark().is_some());
    }

    /// Art. 2 of 2016: "angustiosamente, buenamente, felizmente, sabiamente" are adverbs in -mente
    /// made on adjectives the lists hold; a feminine participle makes one too, listed or not.
    #[test]
    fn the_regulation_examples_of_adverbs_in_mente_are_adverbs() {
        let n = load_edited("mente", str::to_string).unwrap();
        let adverb = n.step(EvidenceKind::Adverb).unwrap().adverb.as_ref().unwrap();
        let listed = ["angustiosa", "buena", "feliz", "sabia"];
        for word in ["angustiosamente", "buenamente", "felizmente", "sabiamente"] {
            assert!(adverb.is_adverb(word, |stem| listed.contains(&stem)), "{word}");
        }
        assert!(adverb.is_adverb("abastadamente", |_| false));
        assert!(adverb.is_adverb("unidamente", |_| false));
        // Not listed and no participle; a stem too short; no -mente at all.
        assert!(!adverb.is_adverb("verdemente", |_| false));
        assert!(!adverb.is_adverb("demente", |_| true));
        assert!(!adverb.is_adverb("buena", |_| true));
        // The endings are the rule set's: without them no participle makes an adverb.
        let no_participles = load_edited("mente-none", |t| {
            t.replacen("participles = [\"ada\", \"ida\"]", "participles = []", 1)
        })
        .unwrap();
        let adverb = no_participles.step(EvidenceKind::Adverb).unwrap().adverb.as_ref().unwrap();
        assert!(!adverb.is_adverb("abastadamente", |_| false));
        let err = load_edited("mente-missing", |t| t.replacen("min_stem = 3\n", "", 1)).unwrap_err();
        assert!(err.contains("go with the evidence `adverb-mente`, which needs them"), "{err}");
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let text = original();
        // An unknown key (deny_unknown_fields).
        let line = line_of(&text, "tiles = 3");
        let err = load_edited("key", |t| t.replacen("tiles = 3", "tiles = 3\ntile = 3", 1)).unwrap_err();
        assert!(err.contains(&format!("number.toml:{}:1: unknown field `tile`", line + 1)), "{err}");
        // An unknown evidence kind, at its value.
        let line = line_of(&text, "kind = \"feminine\"");
        let err =
            load_edited("kind", |t| t.replacen("kind = \"feminine\"", "kind = \"femenine\"", 1)).unwrap_err();
        assert!(err.contains(&format!("number.toml:{line}:8: unknown evidence `femenine`")), "{err}");
        // A refusing step without its rule.
        let err = load_edited("refuse", |t| t.replacen("rule = \"adverb-mente\"\n", "", 1)).unwrap_err();
        assert!(err.contains("evidence `adverb-mente` refuses plurals"), "{err}");
        // The last step must be the ending rules.
        let err = load_edited("last", |t| {
            t.replacen(
                "[[evidence]]\nkind = \"rules\"\nlabel = \"ending rules (no other evidence)\"\n",
                "",
                1,
            )
        })
        .unwrap_err();
        assert!(err.contains("the last `[[evidence]]` must be `rules`"), "{err}");
        // An unknown category, part of speech or mark.
        let err =
            load_edited("cat", |t| t.replacen("\"prep\", \"loc\"]", "\"prep\", \"lock\"]", 1)).unwrap_err();
        assert!(err.contains("unknown category `lock`"), "{err}");
        let err = load_edited("pos", |t| t.replacen("[pos.form]", "[pos.forma]", 1)).unwrap_err();
        assert!(err.contains("unknown part of speech `forma`"), "{err}");
        let err = load_edited("mark", |t| t.replacen("[marks.cursiva]", "[marks.italic]", 1)).unwrap_err();
        assert!(err.contains("unknown mark `italic`"), "{err}");
        // A bad spelling pattern, at its place; `spelling` on another step.
        let line = line_of(&text, "'ou',");
        let err = load_edited("spelling", |t| t.replacen("'ou',", "'o(u',", 1)).unwrap_err();
        assert!(err.contains(&format!("number.toml:{line}:5: spelling `o(u`: unclosed group")), "{err}");
        let err = load_edited("spelling-kind", |t| {
            t.replacen("kind = \"rules\"\n", "kind = \"rules\"\nspelling = ['x$']\n", 1)
        })
        .unwrap_err();
        assert!(err.contains("`spelling` goes with the evidence `previous-silent-unadapted`"), "{err}");
    }
}
