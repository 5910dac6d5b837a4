//! The plural engine: the plurals of a singular headword by section 18 of the lexicon regulation.
//!
//! The engine knows the mechanics (final letter, stress class, adding `-s`/`-es`, moving or
//! dropping the written accent); every decision of the regulation is in the rule directory
//! (`rules/fise-2016/plurals/`, described in `docs/rules-plurals.md`):
//!
//! - `endings.txt`: the rules by final letter and stress class;
//! - `number.toml`: which parts of speech, marks and list categories take a plural, and the
//!   evidence order of [`crate::nonverbs`] ([`crate::number`]);
//! - every other `*.txt`: word lists (exceptions to the ending rules, closed lists), one
//!   word per line with its plural, the kind of list and the article.
//!
//! Results are [`Decision`]s: whether the word varies in number ([`Number`]), the rule and article
//! that decided it, and the plural [`Form`]s. An invariable word yields one form spelled like the
//! lemma; a word without plural yields no form.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::error::RuleError;
use crate::files::RuleFiles;
use crate::form::{Admission, Form, FormKind};
use crate::number::NumberRules;
use crate::syllable::{self, accentuate, strip_accents, syllabify, vowel, Stress};
pub use crate::tags::{Category, Pos};
use crate::tags::{Mark, Marks};

/// How a word behaves in number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Number {
    /// The word has one or more plural forms different from the singular.
    Variable,
    /// The plural is spelled like the singular (`crisis`, `tórax`, `equis`).
    Invariable,
    /// The word is accepted only as written, without a plural (`algún`, `byte`, an adverb).
    NoPlural,
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Number::Variable => "variable",
            Number::Invariable => "invariable",
            Number::NoPlural => "no plural",
        })
    }
}

/// One way of forming a plural.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alternative {
    /// Drop `drop` from the end of the lemma (accents ignored), add `add`, and write the accents
    /// the result needs (`+es`, `-z+ces`, `-y+is`; `drop` is empty for a plain suffix).
    Suffix {
        /// The ending dropped (empty for a plain suffix).
        drop: String,
        /// The ending added.
        add: String,
    },
    /// A plural spelled out in the rule file (`=regímenes`).
    Literal(String),
}

/// What a rule or list entry says about a word's plural.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// One or more plural forms.
    Forms(Vec<Alternative>),
    /// `inv`: the plural is spelled like the singular.
    Invariable,
    /// `none`: no plural.
    NoPlural,
}

impl Action {
    /// The number this action gives a word.
    pub fn number(&self) -> Number {
        match self {
            Action::Forms(_) => Number::Variable,
            Action::Invariable => Number::Invariable,
            Action::NoPlural => Number::NoPlural,
        }
    }
}

/// A word of a list file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListEntry {
    /// The singular, as the dictionary writes it.
    pub lemma: String,
    /// What the regulation says about its plural.
    pub action: Action,
    /// The kind of list.
    pub category: Category,
    /// The article of the regulation.
    pub article: String,
    /// The rule id: `article/category/lemma` (`A.B/nadj/lord`).
    pub rule: String,
    /// The file and 1-based line it was read from.
    pub source: (PathBuf, usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PatternChar {
    Letter(char),
    AnyVowel,
    AnyConsonant,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Condition {
    Stress(Stress),
    Tonic,
    Atonic,
}

/// A rule of `endings.txt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndingRule {
    /// The rule id.
    pub id: String,
    endings: Vec<Vec<PatternChar>>,
    when: Vec<Condition>,
    /// What the rule says.
    pub action: Action,
    /// The article of the regulation.
    pub article: String,
}

/// The decision on one lemma: its number, the rule that decided it and the plural forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<'a> {
    /// The lemma asked about.
    pub lemma: String,
    /// Whether it varies in number.
    pub number: Number,
    /// The id of the deciding rule (for [`Number::Variable`] with forms from several list
    /// entries, the first of them; each form carries its own).
    pub rule: &'a str,
    /// The article of the deciding rule.
    pub article: &'a str,
    /// The plural forms, slot `plural`: the plurals for [`Number::Variable`], a single form equal
    /// to the lemma for [`Number::Invariable`], none for [`Number::NoPlural`].
    pub forms: Vec<Form<'a>>,
}

impl<'a> Decision<'a> {
    /// The plural spellings, in order.
    pub fn texts(&self) -> Vec<&str> {
        self.forms.iter().map(|f| f.text.as_str()).collect()
    }

    fn without_plural(lemma: &str, rule: &'a str, article: &'a str) -> Decision<'a> {
        Decision { lemma: lemma.to_string(), number: Number::NoPlural, rule, article, forms: Vec::new() }
    }
}

/// A lemma of a table that carries parts of speech and marks, e.g. `ayer adv n`,
/// `ballet n cursiva`, `bíceps n inv`, `lord n pl=lores`.
///
/// Marks: `pl=X|Y` (the plurals) and the marks of [`Mark`] (`inv`, `cursiva`, `desus`, `germ`…).
/// What each mark decides, if anything, is in the rule set's `plurals/number.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LemmaEntry {
    /// The singular.
    pub lemma: String,
    /// Its parts of speech.
    pub pos: Vec<Pos>,
    /// Its marks, and the plurals the table gives.
    pub marks: Marks,
}

impl FromStr for LemmaEntry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut tokens = s.split_whitespace();
        let lemma = tokens.next().ok_or("empty lemma entry")?.to_string();
        let mut entry = LemmaEntry { lemma, ..LemmaEntry::default() };
        for t in tokens {
            if let Some(m) = Mark::from_name(t) {
                entry.marks.insert(m);
            } else if let Some(forms) = t.strip_prefix("pl=") {
                let forms: Vec<String> = forms.split('|').map(str::to_string).collect();
                if forms.iter().any(|f| f.is_empty()) {
                    return Err(format!("empty plural in {t:?}"));
                }
                entry.marks.pl = Some(forms);
            } else if let Some(p) = Pos::from_name(t) {
                entry.pos.push(p);
            } else {
                return Err(format!("unknown part of speech or mark {t:?}"));
            }
        }
        Ok(entry)
    }
}

/// The plural rules of a rule set.
#[derive(Clone, Debug)]
pub struct Plurals {
    endings: Vec<EndingRule>,
    /// The ending rules filed by their endings, read from the last letter.
    index: EndingIndex,
    /// Every list entry, sorted by lemma, a lemma's entries in file order: one allocation for
    /// all of them, where a map of lists cost a table of millions of entries gigabytes.
    entries: Vec<ListEntry>,
    number: NumberRules,
}

/// The fields of a rule line, `None` for a blank or comment line, or an error when the number of
/// fields is not the number of names in `columns`.
fn row<'t>(
    path: &Path,
    line_no: usize,
    line: &'t str,
    columns: &str,
) -> Result<Option<Vec<Field<'t>>>, RuleError> {
    let f = fields(line);
    let Some(last) = f.last() else {
        return Ok(None);
    };
    let want = columns.split(' ').count();
    if f.len() != want {
        // The first field too many, or where the first missing one would start.
        let column = f.get(want).map_or(last.column + last.text.chars().count(), |x| x.column);
        let msg = format!("expected {want} columns ({columns}), found {}", f.len());
        return Err(RuleError::syntax(path, line_no, column, msg));
    }
    Ok(Some(f))
}

/// A whitespace-separated field of a rule line: its text and 1-based column.
struct Field<'a> {
    text: &'a str,
    column: usize,
}

fn fields(line: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut column = 0;
    let mut start_col = 0;
    for (i, c) in line.char_indices() {
        column += 1;
        if c == '#' && start.is_none() {
            break;
        }
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(Field { text: &line[s..i], column: start_col });
            }
        } else if start.is_none() {
            start = Some(i);
            start_col = column;
        }
    }
    if let Some(s) = start {
        out.push(Field { text: &line[s..], column: start_col });
    }
    out
}

fn valid_word(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == 'ñ' || vowel(c).is_some())
}

/// The articles the plural tables of a rule folder cite: for each `.txt` file (`name`, `text`),
/// each article with its line and column (`endings.txt`: the fifth column; the lists: the
/// fourth).
pub(crate) fn cited_articles(name: &str, text: &str) -> Vec<(usize, usize, String)> {
    let column = if name.ends_with("endings.txt") { 4 } else { 3 };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let f = fields(line);
        if let Some(a) = f.get(column) {
            out.push((i + 1, a.column, a.text.to_string()));
        }
    }
    out
}

fn valid_article(a: &str) -> bool {
    !a.is_empty() && a.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// What a plural column may hold, as its errors say it.
const PLURAL_SYNTAX: &str = "a plural is inv, none, +s, +es, -END+SUFFIX (the final letters END replaced by \
     SUFFIX, which ends in a vowel and s: -z+ces, -c+ques, -y+is) or =FORM, alternatives joined by |";

/// Returns true if and only if `s` can end a plural in place of a word's final letters: letters
/// ending in a vowel and `s` (`ces`, `ques`, `is`).
fn plural_ending(s: &str) -> bool {
    let mut rev = s.chars().rev();
    valid_word(s) && rev.next() == Some('s') && rev.next().is_some_and(|c| vowel(c).is_some())
}

/// Parses a plural column: `inv`, `none`, or alternatives `+s`, `+es`, `-z+ces`, `=form` joined
/// by `|`.
fn parse_action(text: &str) -> Result<Action, String> {
    match text {
        "inv" => return Ok(Action::Invariable),
        "none" => return Ok(Action::NoPlural),
        _ => {}
    }
    let mut alts = Vec::new();
    for alt in text.split('|') {
        if let Some(form) = alt.strip_prefix('=') {
            if !valid_word(form) {
                return Err(format!("bad plural form {alt:?}"));
            }
            alts.push(Alternative::Literal(form.to_string()));
        } else if let Some(add) = alt.strip_prefix('+') {
            if add != "s" && add != "es" {
                return Err(format!("bad suffix {alt:?}: a plural appends +s or +es; {PLURAL_SYNTAX}"));
            }
            alts.push(Alternative::Suffix { drop: String::new(), add: add.to_string() });
        } else if let Some(rest) = alt.strip_prefix('-') {
            let (drop, add) =
                rest.split_once('+').ok_or_else(|| format!("{alt:?}: expected -LETTERS+LETTERS"))?;
            if !valid_word(drop) || !plural_ending(add) {
                return Err(format!(
                    "bad replacement {alt:?}: the letters put in place end in a vowel and s (-z+ces, -y+is); \
                     {PLURAL_SYNTAX}"
                ));
            }
            alts.push(Alternative::Suffix { drop: drop.to_string(), add: add.to_string() });
        } else {
            return Err(format!("bad plural {alt:?}: {PLURAL_SYNTAX}"));
        }
    }
    Ok(Action::Forms(alts))
}

fn parse_endings(text: &str) -> Result<Vec<Vec<PatternChar>>, String> {
    text.split(',')
        .map(|e| {
            if e.is_empty() {
                return Err("empty ending".to_string());
            }
            e.chars()
                .map(|c| match c {
                    'V' => Ok(PatternChar::AnyVowel),
                    'C' => Ok(PatternChar::AnyConsonant),
                    c if valid_word(&c.to_string()) => Ok(PatternChar::Letter(c)),
                    c => Err(format!("bad letter {c:?} in ending {e:?}")),
                })
                .collect()
        })
        .collect()
}

fn parse_when(text: &str) -> Result<Vec<Condition>, String> {
    if text == "*" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|w| match w {
            "tonic" => Ok(Condition::Tonic),
            "atonic" => Ok(Condition::Atonic),
            _ => {
                Stress::from_name(w).map(Condition::Stress).ok_or_else(|| format!("unknown condition {w:?}"))
            }
        })
        .collect()
}

fn ends_with_plain(word: &str, end: &str) -> bool {
    strip_accents(word).ends_with(&strip_accents(end))
}

impl Plurals {
    /// Loads a plural rule directory: `endings.txt`, `number.toml` and every other `*.txt` file
    /// as a word list.
    /// A malformed line is reported as `file:line:column`.
    pub fn load(dir: &Path) -> Result<Plurals, RuleError> {
        Plurals::load_from(&RuleFiles::folder(dir))
    }

    /// Loads the plural rule folder `src` (on disk or embedded), as [`Plurals::load`] does.
    pub fn load_from(src: &RuleFiles) -> Result<Plurals, RuleError> {
        let endings = Self::load_endings(&src.path("endings.txt"), &src.read_to_string("endings.txt")?)?;
        let mut entries: Vec<ListEntry> = Vec::new();
        // Files are read in name order, so (path, line) orders entries as they were read.
        for name in src.list()? {
            if name.ends_with(".txt") && name != "endings.txt" {
                let text = src.read_to_string(&name)?;
                // At most one entry a line: the list never grows by doubling (and copying).
                entries.reserve_exact(text.lines().count());
                Self::load_list(&src.path(&name), &text, &mut entries)?;
            }
        }
        entries.shrink_to_fit();
        // In place: no second copy of the entries.
        entries.sort_unstable_by(|a, b| {
            (a.lemma.as_str(), &a.source.0, a.source.1).cmp(&(b.lemma.as_str(), &b.source.0, b.source.1))
        });
        // The first duplicate in reading order is reported, with the entry it repeats.
        let mut duplicate: Option<(&ListEntry, &ListEntry)> = None;
        let mut seen: std::collections::HashMap<&str, &ListEntry> = Default::default();
        for group in entries.chunk_by(|a, b| a.lemma == b.lemma) {
            seen.clear();
            for e in group {
                let Some(&first) = seen.get(e.rule.as_str()) else {
                    seen.insert(&e.rule, e);
                    continue;
                };
                let earlier =
                    |d: &(&ListEntry, &ListEntry)| (&d.1.source.0, d.1.source.1) < (&e.source.0, e.source.1);
                if !duplicate.as_ref().is_some_and(earlier) {
                    duplicate = Some((first, e));
                }
            }
        }
        if let Some((first, e)) = duplicate {
            // The column of the lemma, from the line itself (entries do not keep columns).
            let column = (e.source.0.file_name())
                .and_then(|n| src.read_to_string(&n.to_string_lossy()).ok())
                .and_then(|t| t.lines().nth(e.source.1 - 1).and_then(|l| fields(l).first().map(|f| f.column)))
                .unwrap_or(1);
            return Err(RuleError::syntax(
                &e.source.0,
                e.source.1,
                column,
                format!(
                    "duplicate entry {:?} (first at {}:{})",
                    e.rule,
                    first.source.0.display(),
                    first.source.1
                ),
            ));
        }
        let number = NumberRules::load(src)?;
        let index = EndingIndex::new(&endings);
        Ok(Plurals { endings, index, entries, number })
    }

    fn load_endings(path: &Path, text: &str) -> Result<Vec<EndingRule>, RuleError> {
        let mut rules: Vec<EndingRule> = Vec::new();
        let mut ids = std::collections::HashSet::new();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let Some(f) = row(path, line_no, line, "id ending when plural article")? else { continue };
            let err = |column: usize, msg: String| RuleError::syntax(path, line_no, column, msg);
            let id = f[0].text.to_string();
            if !ids.insert(f[0].text) {
                return Err(err(f[0].column, format!("duplicate rule id {id:?}")));
            }
            let endings = parse_endings(f[1].text).map_err(|m| err(f[1].column, m))?;
            let when = parse_when(f[2].text).map_err(|m| err(f[2].column, m))?;
            let action = parse_action(f[3].text).map_err(|m| err(f[3].column, m))?;
            if let Action::Forms(alts) = &action {
                for alt in alts {
                    match alt {
                        Alternative::Literal(_) => {
                            return Err(err(
                                f[3].column,
                                "an ending rule cannot spell out a plural".to_string(),
                            ))
                        }
                        Alternative::Suffix { drop, .. } => {
                            for e in &endings {
                                let tail: String = e
                                    .iter()
                                    .rev()
                                    .take(drop.chars().count())
                                    .filter_map(|p| match p {
                                        PatternChar::Letter(c) => Some(*c),
                                        _ => None,
                                    })
                                    .collect::<Vec<char>>()
                                    .into_iter()
                                    .rev()
                                    .collect();
                                if tail != *drop {
                                    return Err(err(
                                        f[3].column,
                                        format!("cannot drop {drop:?} from an ending it does not end with"),
                                    ));
                                }
                            }
                        }
                    }
                }
            }
            if !valid_article(f[4].text) {
                return Err(err(
                    f[4].column,
                    format!("bad article {:?}: expected numbers like 18.4.1", f[4].text),
                ));
            }
            rules.push(EndingRule { id, endings, when, action, article: f[4].text.to_string() });
        }
        if rules.is_empty() {
            return Err(RuleError::syntax(path, 1, 1, "no ending rule"));
        }
        Ok(rules)
    }

    /// Reads the entries of a list file; duplicates are found once every file is read.
    fn load_list(path: &Path, text: &str, entries: &mut Vec<ListEntry>) -> Result<(), RuleError> {
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let Some(f) = row(path, line_no, line, "lemma plural category article")? else { continue };
            let err = |column: usize, msg: String| RuleError::syntax(path, line_no, column, msg);
            let lemma = f[0].text;
            if !valid_word(lemma) {
                return Err(err(
                    f[0].column,
                    format!("bad lemma {lemma:?}: lower-case Spanish letters only"),
                ));
            }
            let action = parse_action(f[1].text).map_err(|m| err(f[1].column, m))?;
            if let Action::Forms(alts) = &action {
                for alt in alts {
                    if let Alternative::Suffix { drop, .. } = alt {
                        if !ends_with_plain(lemma, drop) {
                            return Err(err(f[1].column, format!("{lemma:?} does not end with {drop:?}")));
                        }
                    }
                }
            }
            let category = Category::from_name(f[2].text)
                .ok_or_else(|| err(f[2].column, format!("unknown category {:?}", f[2].text)))?;
            let article = f[3].text;
            if !valid_article(article) {
                return Err(err(
                    f[3].column,
                    format!("bad article {article:?}: expected numbers like 18.4.1"),
                ));
            }
            let rule = format!("{article}/{}/{lemma}", category.name());
            entries.push(ListEntry {
                lemma: lemma.to_string(),
                action,
                category,
                article: article.to_string(),
                rule,
                source: (path.to_path_buf(), line_no),
            });
        }
        Ok(())
    }

    /// The ending rules, in the order they are tried.
    pub fn ending_rules(&self) -> &[EndingRule] {
        &self.endings
    }

    /// Every list entry of `lemma` (exact spelling, accents significant), in file order.
    pub fn entries(&self, lemma: &str) -> &[ListEntry] {
        let start = self.entries.partition_point(|e| e.lemma.as_str() < lemma);
        let len = self.entries[start..].partition_point(|e| e.lemma == lemma);
        &self.entries[start..start + len]
    }

    /// What `number.toml` says: parts of speech, marks and the evidence order.
    pub fn number_rules(&self) -> &NumberRules {
        &self.number
    }

    /// Every lemma that has a list entry, in code-point order.
    pub fn listed_lemmas(&self) -> impl Iterator<Item = &str> {
        self.entries.chunk_by(|a, b| a.lemma == b.lemma).map(|g| g[0].lemma.as_str())
    }

    /// The plural forms of `lemma` read as a noun or adjective: see [`Plurals::decide`]. An
    /// invariable word yields one form equal to the lemma, a word without plural none.
    pub fn plurals(&self, lemma: &str) -> Vec<Form<'_>> {
        self.decide(lemma).forms
    }

    /// The decision for `lemma` read as a singular noun or adjective: the word lists first (every
    /// entry except the `none` of a category of `none_in_category_only` in `number.toml`, which
    /// speaks of the word in that category only), then the ending rules. When several entries apply, their
    /// plural forms are merged; failing any, an `inv` entry makes the word invariable, failing
    /// that a `none` entry leaves it without plural.
    pub fn decide(&self, lemma: &str) -> Decision<'_> {
        let applicable: Vec<&ListEntry> = self
            .entries(lemma)
            .iter()
            .filter(|e| !(e.action == Action::NoPlural && self.number.is_non_pluralising(e.category)))
            .collect();
        if let Some(d) = self.combine(lemma, &applicable) {
            return d;
        }
        self.by_ending(lemma)
    }

    /// Whether the regulation itself names `lemma` in a list (a closed list, or an exception to
    /// the ending rules), and what the lists say when merged as in [`Plurals::decide`] but
    /// including every `none` entry: `None` if the lemma is in no list. See
    /// [`Plurals::entries`] for the individual entries and their categories.
    pub fn closed_list(&self, lemma: &str) -> Option<Decision<'_>> {
        let all: Vec<&ListEntry> = self.entries(lemma).iter().collect();
        self.combine(lemma, &all)
    }

    /// The decision for a lemma of a table that carries parts of speech and marks, by the marks
    /// and parts of speech of `number.toml`: a mark that has a rule there decides first, `pl=`
    /// (the plurals) before the marks in the order of [`Mark::ALL`]: `inv` makes the word
    /// invariable, any other mark with a rule leaves it without plural; then
    /// a lemma with a part of speech that takes a plural (or none given) is decided as by
    /// [`Plurals::decide`]; a lemma with only parts of speech without plural has none, unless a
    /// list of the regulation gives it one (`hurra`-`hurras`).
    pub fn decide_entry(&self, entry: &LemmaEntry) -> Decision<'_> {
        let lemma = entry.lemma.as_str();
        let n = &self.number;
        if let (Some(forms), Some(m)) = (&entry.marks.pl, n.plurals_mark()) {
            let forms = forms.iter().map(|t| form(t, &m.rule, &m.article)).collect::<Vec<_>>();
            return Decision {
                lemma: lemma.to_string(),
                number: Number::Variable,
                rule: &m.rule,
                article: &m.article,
                forms,
            };
        }
        for mark in entry.marks.iter() {
            let Some(m) = n.mark(mark) else { continue };
            return if mark == Mark::Inv {
                Decision {
                    lemma: lemma.to_string(),
                    number: Number::Invariable,
                    rule: &m.rule,
                    article: &m.article,
                    forms: vec![form(lemma, &m.rule, &m.article)],
                }
            } else {
                Decision::without_plural(lemma, &m.rule, &m.article)
            };
        }
        if entry.pos.is_empty() || entry.pos.iter().any(|p| n.pluralises(*p)) {
            return self.decide(lemma);
        }
        let with_forms: Vec<&ListEntry> =
            self.entries(lemma).iter().filter(|e| matches!(e.action, Action::Forms(_))).collect();
        if let Some(d) = self.combine(lemma, &with_forms) {
            return d;
        }
        let r = n.no_plural_rule(entry.pos[0]).expect("a part of speech without plural has a rule");
        Decision::without_plural(lemma, &r.rule, &r.article)
    }

    /// What one list entry alone says about its lemma.
    pub fn decide_list_entry<'a>(&'a self, entry: &'a ListEntry) -> Decision<'a> {
        self.combine(&entry.lemma, &[entry]).expect("one entry always decides")
    }

    fn combine<'a>(&self, lemma: &str, entries: &[&'a ListEntry]) -> Option<Decision<'a>> {
        let first = *entries.first()?;
        let mut forms: Vec<Form> = Vec::new();
        let mut deciding: Option<&ListEntry> = None;
        for e in entries {
            if let Action::Forms(alts) = &e.action {
                deciding.get_or_insert(e);
                for text in apply(lemma, alts) {
                    if !forms.iter().any(|f| f.text == text) {
                        forms.push(form(&text, &e.rule, &e.article));
                    }
                }
            }
        }
        if let Some(e) = deciding {
            return Some(Decision {
                lemma: lemma.to_string(),
                number: Number::Variable,
                rule: &e.rule,
                article: &e.article,
                forms,
            });
        }
        if let Some(e) = entries.iter().find(|e| e.action == Action::Invariable) {
            return Some(Decision {
                lemma: lemma.to_string(),
                number: Number::Invariable,
                rule: &e.rule,
                article: &e.article,
                forms: vec![form(lemma, &e.rule, &e.article)],
            });
        }
        Some(Decision::without_plural(lemma, &first.rule, &first.article))
    }

    /// The decision of the ending rules alone, ignoring the word lists.
    pub fn by_ending(&self, lemma: &str) -> Decision<'_> {
        let Ok(s) = syllabify(lemma) else {
            return Decision::without_plural(lemma, "unreadable", &self.number.ending_article);
        };
        let chars: Vec<char> = lemma.chars().collect();
        let last = chars.len() - 1;
        // The final vowel is tonic when it carries the stress; an unaccented weak vowel after
        // another weak vowel (`cui`, `mui`) is read as a glide, as the 2016 regulation's example
        // `cui`-`cuis` requires.
        let glide = last > 0
            && matches!(vowel(chars[last]), Some(('i' | 'u', false)))
            && matches!(vowel(chars[last - 1]), Some(('i' | 'u', _)));
        let tonic = chars[last] != 'y' && vowel(chars[last]).is_some() && s.stressed_vowel == last && !glide;
        let Some(rule) = self.index.first(&chars, context(s.stress, tonic)).map(|i| &self.endings[i]) else {
            return Decision::without_plural(lemma, "no-ending-rule", &self.number.ending_article);
        };
        let (number, forms) = match &rule.action {
            Action::Forms(alts) => (
                Number::Variable,
                apply(lemma, alts).iter().map(|t| form(t, &rule.id, &rule.article)).collect(),
            ),
            Action::Invariable => (Number::Invariable, vec![form(lemma, &rule.id, &rule.article)]),
            Action::NoPlural => (Number::NoPlural, Vec::new()),
        };
        Decision { lemma: lemma.to_string(), number, rule: &rule.id, article: &rule.article, forms }
    }
}

/// The number of contexts a word's ending rule is chosen in: its stress class, and whether its
/// final vowel is tonic.
const CONTEXTS: usize = 10;

/// The context of a word: its stress class and whether its final vowel is the stressed one.
fn context(stress: Stress, tonic: bool) -> usize {
    let class = match stress {
        Stress::Monosilaba => 0,
        Stress::Aguda => 1,
        Stress::Grave => 2,
        Stress::Esdrujula => 3,
        Stress::Sobresdrujula => 4,
    };
    class * 2 + usize::from(tonic)
}

/// Returns true if and only if a rule with the conditions `when` applies in `context`.
fn applies(when: &[Condition], context: usize) -> bool {
    let tonic = context % 2 == 1;
    when.is_empty()
        || when.iter().any(|c| match c {
            Condition::Stress(st) => self::context(*st, tonic) == context,
            Condition::Tonic => tonic,
            Condition::Atonic => !tonic,
        })
}

/// The ending rules as a trie of their endings read from the last letter: the rules a word's
/// ending matches are found by walking its letters from the end, in time bounded by its length
/// and the endings that share its last letters, not by the number of rules. Each node keeps, for
/// each context, the first rule in file order with an ending that ends there and applies in it.
#[derive(Clone, Debug)]
struct EndingIndex {
    nodes: Vec<Node>,
}

#[derive(Clone, Debug)]
struct Node {
    /// The next letters back, and the nodes they lead to.
    next: Vec<(PatternChar, u32)>,
    /// By context, the index of the first rule whose ending ends here and applies in it.
    first: [u32; CONTEXTS],
}

/// No rule.
const NONE: u32 = u32::MAX;

impl Node {
    fn new() -> Node {
        Node { next: Vec::new(), first: [NONE; CONTEXTS] }
    }
}

impl EndingIndex {
    fn new(rules: &[EndingRule]) -> EndingIndex {
        let mut nodes = vec![Node::new()];
        for (i, rule) in rules.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(NONE - 1);
            for ending in &rule.endings {
                let mut at = 0;
                for &p in ending.iter().rev() {
                    at = match nodes[at].next.iter().find(|(q, _)| *q == p) {
                        Some(&(_, n)) => n as usize,
                        None => {
                            nodes.push(Node::new());
                            let n = nodes.len() - 1;
                            nodes[at].next.push((p, n as u32));
                            n
                        }
                    };
                }
                for (c, first) in nodes[at].first.iter_mut().enumerate() {
                    if *first == NONE && applies(&rule.when, c) {
                        *first = i;
                    }
                }
            }
        }
        EndingIndex { nodes }
    }

    /// The index of the first rule, in file order, with an ending `chars` ends in that applies in
    /// `context`.
    fn first(&self, chars: &[char], context: usize) -> Option<usize> {
        let mut best = NONE;
        let mut frontier = vec![0usize];
        let mut next = Vec::new();
        for &c in chars.iter().rev() {
            let is_vowel = c != 'y' && vowel(c).is_some();
            let class = if is_vowel { PatternChar::AnyVowel } else { PatternChar::AnyConsonant };
            let letter = PatternChar::Letter(syllable::without_accent(c));
            next.clear();
            for &at in &frontier {
                for &(p, n) in &self.nodes[at].next {
                    if p == letter || p == class {
                        best = best.min(self.nodes[n as usize].first[context]);
                        next.push(n as usize);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        (best != NONE).then_some(best as usize)
    }
}

fn form<'a>(text: &str, rule: &'a str, article: &'a str) -> Form<'a> {
    Form {
        text: text.to_string(),
        kind: FormKind::Plural,
        slot: "plural",
        rule,
        article,
        verdict: Admission::Accepted,
    }
}

/// Applies plural alternatives to `lemma`.
fn apply(lemma: &str, alts: &[Alternative]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for alt in alts {
        let text = match alt {
            Alternative::Literal(t) => t.clone(),
            Alternative::Suffix { drop, add } => add_suffix(lemma, drop, add),
        };
        if !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

/// `lemma` without its last `drop.len()` letters, plus `add`, with the written accents the new
/// word needs (the stress stays on the same vowel). A plain `+s` never changes the accents.
pub fn add_suffix(lemma: &str, drop: &str, add: &str) -> String {
    let chars: Vec<char> = lemma.chars().collect();
    let keep = chars.len().saturating_sub(drop.chars().count());
    let mut text: String = chars[..keep].iter().collect();
    text.push_str(add);
    if drop.is_empty() && add == "s" {
        return text;
    }
    match syllabify(lemma) {
        Ok(s) => {
            let mut stressed = s.stressed_vowel;
            // A final stressed `y` kept before a vowel becomes a consonant (`cuy`, `cu-yes`): the
            // stress is on the vowel before it.
            if drop.is_empty() && stressed + 1 == chars.len() && chars[stressed] == 'y' {
                stressed = stressed.saturating_sub(1);
            }
            accentuate(&text, stressed)
        }
        Err(_) => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_move_accents() {
        let cases = [
            ("joven", "", "es", "jóvenes"),
            ("canción", "", "es", "canciones"),
            ("cáliz", "z", "ces", "cálices"),
            ("maíz", "z", "ces", "maíces"),
            ("jersey", "y", "is", "jerséis"),
            ("gay", "y", "is", "gais"),
            ("i", "", "es", "íes"),
            ("rey", "", "es", "reyes"),
            ("récord", "", "s", "récords"),
            ("país", "", "es", "países"),
            ("cuy", "", "es", "cuyes"),
            ("muimuy", "y", "is", "muimuís"),
        ];
        for (lemma, drop, add, expected) in cases {
            assert_eq!(add_suffix(lemma, drop, add), expected, "{lemma} -{drop}+{add}");
        }
    }

    /// The first rule, in file order, whose ending `chars` ends in and that applies in `context`,
    /// by trying every rule: what the index must find.
    fn scan(rules: &[EndingRule], chars: &[char], context: usize) -> Option<usize> {
        let matches = |pattern: &[PatternChar]| {
            pattern.len() <= chars.len()
                && chars[chars.len() - pattern.len()..].iter().zip(pattern).all(|(&c, p)| {
                    let is_vowel = c != 'y' && vowel(c).is_some();
                    match p {
                        PatternChar::Letter(l) => syllable::without_accent(c) == *l,
                        PatternChar::AnyVowel => is_vowel,
                        PatternChar::AnyConsonant => !is_vowel,
                    }
                })
        };
        rules.iter().position(|r| r.endings.iter().any(|e| matches(e)) && applies(&r.when, context))
    }

    #[test]
    fn the_ending_index_finds_the_rule_a_scan_of_every_rule_finds() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/plurals/endings.txt");
        let shipped = Plurals::load_endings(&shipped, &std::fs::read_to_string(&shipped).unwrap()).unwrap();
        // Random rules over letters and the classes V and C, with random conditions, before and
        // after the shipped ones.
        let letters = ['a', 'e', 'i', 'o', 'u', 'y', 'n', 's', 'r', 'z', 'V', 'C'];
        let conditions = ["*", "tonic", "atonic", "mono", "aguda,grave", "esdrujula,tonic"];
        let mut text = String::new();
        for i in 0..300 {
            let ending: String = (0..1 + next(3)).map(|_| letters[next(letters.len())]).collect();
            text.push_str(&format!("r{i} {ending} {} +s 18.4.1\n", conditions[next(conditions.len())]));
        }
        let random = Plurals::load_endings(Path::new("random.txt"), &text).unwrap();
        let word_letters: Vec<char> = "aáeéiíoóuúüynsrlzch".chars().collect();
        for rules in [shipped.clone(), [random.clone(), shipped.clone()].concat(), [shipped, random].concat()]
        {
            let index = EndingIndex::new(&rules);
            for _ in 0..3000 {
                let word: Vec<char> =
                    (0..1 + next(6)).map(|_| word_letters[next(word_letters.len())]).collect();
                for context in 0..CONTEXTS {
                    assert_eq!(
                        index.first(&word, context),
                        scan(&rules, &word, context),
                        "{word:?} in {context}"
                    );
                }
            }
        }
    }

    #[test]
    fn fields_have_columns() {
        let f = fields("  abc   +s|+es  nadj 18.4.1 # note");
        let cols: Vec<(&str, usize)> = f.iter().map(|x| (x.text, x.column)).collect();
        assert_eq!(cols, vec![("abc", 3), ("+s|+es", 9), ("nadj", 17), ("18.4.1", 22)]);
    }

    #[test]
    fn lemma_entries_parse() {
        let e: LemmaEntry = "ayer adv n".parse().unwrap();
        assert_eq!(e.pos, vec![Pos::Adv, Pos::N]);
        let e: LemmaEntry = "lord n pl=lores|lords cursiva".parse().unwrap();
        assert!(e.marks.has(Mark::Cursiva));
        assert_eq!(e.marks.pl, Some(vec!["lores".to_string(), "lords".to_string()]));
        assert!("x sustantivo".parse::<LemmaEntry>().is_err());
    }
}
