//! Why each word changed between two editions ([`attribute`]), told from what the two files hold:
//! the provenance code of every word and rejected form (its source entry and slot: rule and
//! article, and for a rejected form the reason), what each edition recorded of its entries
//! ([`EntryInfo`]: lemma, kind of entry, verb codes, update-list action), and the manifests (the
//! sources with their line bases and kinds, the rule set).
//!
//! Each added or removed word gets one of three causes ([`Cause`]), by the first of these checks
//! that applies:
//!
//! 1. **source change**: the edition that has the word takes it from an update list (a source
//!    whose manifest entry says it is one,
//!    [`SourceInfo::is_update_list`](lexico_lexicon::SourceInfo::is_update_list)) or from a row of a
//!    part-of-speech table, or the other edition refuses it by one; the list's or table's file
//!    and line are named;
//! 2. **source change**: an entry of an update list ([`EntryKind::Update`]) names the word or its
//!    lemma: the edition that has the word lists it as added, or the other lists it or its lemma
//!    as removed, or lists its lemma as invariable in number;
//! 3. **rule change**: a list of one edition's rule set (a closed list of the regulation, a
//!    source of kind `rule-list`) admits or refuses the word;
//! 4. **rule change**: both editions hold the lemma's entry, recorded alike, and one edition's
//!    rule admits the form (its rule id and article) while the other's refuses it (rule id,
//!    article and reason, from its rejected forms) or does not generate it at all;
//! 5. **source change**: both hold the lemma but record its entry differently (a verb
//!    reclassified: another model, class or use), or only one edition's sources hold it; a word
//!    of a plain word list (its own lemma) is a rule change when the other edition's rules refuse
//!    it, a source change when they never saw it;
//! 6. **unattributed**: the edition that has the word records no provenance for it, or no entry
//!    that names its lemma.
//!
//! When one edition is a plain word list (it describes no entry) and the other is not, only the
//! update lists (checks 1 and 2) attribute a cause: any other word is unattributed, its detail
//! saying what is known (the lemma and rule of the edition that describes it, what the other's
//! rules refuse, whether the plain list holds the lemma as a word).
//!
//! So an update list's word is a source change even where the rules differ too.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use crate::diff::diff_ranked;
use crate::diff::{ChangedWord, CountRecord, Diff, DiffError};
use lexico_lexicon::provenance::{entry_of, slot_of, Code, EntryInfo, EntryKind, Provenance};
use lexico_lexicon::UpdateAction;
use lexico_lexicon::{Lexicon, LexiconError, Manifest, SlotInfo};

/// What made a word change between two editions.
///
/// ```
/// use lexico_answers::Cause;
///
/// assert_eq!(Cause::Source.name(), "source");
/// assert_eq!(Cause::Rule.title(), "rule change");
/// assert_eq!(Cause::ALL.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cause {
    /// The sources changed: an update list adds or removes the word, or its lemma is in one
    /// edition's sources only, or its entry is described differently.
    Source,
    /// The rules changed: the same entry, one edition's rule admits the form and the other's
    /// refuses it or does not generate it.
    Rule,
    /// The two files do not tell.
    Unattributed,
}

impl Cause {
    /// Every cause, in the order reports list them.
    pub const ALL: [Cause; 3] = [Cause::Source, Cause::Rule, Cause::Unattributed];

    /// The short name used in CSV and JSON (`source`, `rule`, `unattributed`).
    pub fn name(self) -> &'static str {
        match self {
            Cause::Source => "source",
            Cause::Rule => "rule",
            Cause::Unattributed => "unattributed",
        }
    }

    /// The name a person reads (`source change`, `rule change`, `unattributed`).
    pub fn title(self) -> &'static str {
        match self {
            Cause::Source => "source change",
            Cause::Rule => "rule change",
            Cause::Unattributed => "unattributed",
        }
    }
}

/// An added or removed word, with its cause.
///
/// ```
/// use lexico_answers::{attribute, Cause};
/// use lexico_lexicon::Lexicon;
///
/// // Lexicons made from word lists record no entry descriptions: nothing names a lemma.
/// let (old, new) = (Lexicon::from_words(["casa"])?, Lexicon::from_words(["casa", "perro"])?);
/// let a = attribute(&old, &new)?;
/// let perro = &a.added[0];
/// assert_eq!((perro.change.word.as_str(), perro.cause), ("PERRO", Cause::Unattributed));
/// assert_eq!(perro.new.as_ref().map(|s| s.rule.as_str()), Some("from-words"));
/// assert!(perro.old.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attributed {
    /// The word, its tiles, kind and entry, as [`diff`](crate::diff) gives them.
    pub change: ChangedWord,
    /// True for a word the new edition adds, false for one it removes.
    pub added: bool,
    /// What made it change.
    pub cause: Cause,
    /// The source file and line the cause names: the update list's entry, or the lemma's entry
    /// in the edition that has the word (for a rule change, and for a lemma in one edition's
    /// sources only).
    pub source: Option<(String, u64)>,
    /// What the old edition's rules made of the word: the slot that admits it (a removed word)
    /// or refuses it (an added word, with the reason); `None` when they did neither.
    pub old: Option<SlotInfo>,
    /// The same for the new edition.
    pub new: Option<SlotInfo>,
    /// Why, in one line of English that names the rules, articles, sources and lemma.
    pub detail: String,
}

/// Every added and removed word of two editions, each with its cause ([`attribute`]).
///
/// ```
/// use lexico_answers::{attribute, Cause};
/// use lexico_lexicon::Lexicon;
///
/// let (old, new) = (Lexicon::from_words(["casa", "gato"])?, Lexicon::from_words(["casa", "perro"])?);
/// let a = attribute(&old, &new)?;
/// assert_eq!(a.len(), 2);
/// assert_eq!(a.counts()[&Cause::Unattributed], 2);
/// assert_eq!(a.attributed(), 0);
/// assert_eq!(a.diff(), lexico_answers::diff(&old, &new)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attribution {
    /// Words of the new edition the old one lacks, in tile order.
    pub added: Vec<Attributed>,
    /// Words of the old edition the new one lacks, in tile order.
    pub removed: Vec<Attributed>,
    /// The edition (`old (NAME)` or `new (NAME)`) that is a plain word list, without entries or
    /// rules, when the other describes its entries: only update lists attribute a cause then.
    pub plain: Option<String>,
}

impl Attribution {
    /// The added words, then the removed ones.
    pub fn iter(&self) -> impl Iterator<Item = &Attributed> {
        self.added.iter().chain(&self.removed)
    }

    /// The number of words added or removed.
    pub fn len(&self) -> usize {
        self.added.len() + self.removed.len()
    }

    /// Returns true if and only if the two editions hold the same words.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of words of each cause, every cause listed (zero included).
    pub fn counts(&self) -> BTreeMap<Cause, u64> {
        let mut counts: BTreeMap<Cause, u64> = Cause::ALL.iter().map(|&c| (c, 0)).collect();
        for a in self.iter() {
            *counts.entry(a.cause).or_default() += 1;
        }
        counts
    }

    /// The number of words given a cause (a source or a rule change).
    pub fn attributed(&self) -> u64 {
        self.iter().filter(|a| a.cause != Cause::Unattributed).count() as u64
    }

    /// The words alone, as [`diff`](crate::diff) gives them.
    pub fn diff(&self) -> Diff {
        Diff {
            added: self.added.iter().map(|a| a.change.clone()).collect(),
            removed: self.removed.iter().map(|a| a.change.clone()).collect(),
        }
    }
}

impl Attribution {
    /// The count of each cause among the words added, then among those removed, every cause
    /// listed (zero included).
    pub fn count_records(&self) -> Vec<CountRecord> {
        let mut rows = Vec::new();
        for (change, list) in [("added", &self.added), ("removed", &self.removed)] {
            for cause in Cause::ALL {
                let count = list.iter().filter(|x| x.cause == cause).count() as u64;
                rows.push(CountRecord { change, by: "cause", key: cause.name().to_string(), count });
            }
        }
        rows
    }
}

/// A word added or removed with its cause, as `diff --explain` prints it: the fields of
/// `docs/maintainers.md` ("Why each word changed"); an absent or empty text is no value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ExplainedRecord<'a> {
    /// The word.
    pub word: &'a str,
    /// `added` or `removed`.
    pub change: &'static str,
    /// Its number of tiles.
    pub tiles: usize,
    /// Its kind of form.
    pub kind: &'static str,
    /// Its cause's name.
    pub cause: &'static str,
    /// The source file the cause names.
    pub source: Option<&'a str>,
    /// The line of that file.
    pub line: Option<u64>,
    /// The old edition's rule that admits or refuses it.
    pub rule_old: Option<&'a str>,
    /// That rule's article.
    pub article_old: Option<&'a str>,
    /// That rule's reason.
    pub reason_old: Option<&'a str>,
    /// The new edition's rule.
    pub rule_new: Option<&'a str>,
    /// Its article.
    pub article_new: Option<&'a str>,
    /// Its reason.
    pub reason_new: Option<&'a str>,
    /// Why, in one line.
    pub detail: &'a str,
}

impl<'a> ExplainedRecord<'a> {
    /// The record of `x`.
    pub fn new(x: &'a Attributed) -> ExplainedRecord<'a> {
        fn text(s: Option<&String>) -> Option<&str> {
            s.map(String::as_str).filter(|s| !s.is_empty())
        }
        let (o, n) = (x.old.as_ref(), x.new.as_ref());
        ExplainedRecord {
            word: &x.change.word,
            change: if x.added { "added" } else { "removed" },
            tiles: x.change.tiles,
            kind: x.change.kind.name(),
            cause: x.cause.name(),
            source: x.source.as_ref().map(|(path, _)| path.as_str()),
            line: x.source.as_ref().map(|&(_, line)| line),
            rule_old: text(o.map(|s| &s.rule)),
            article_old: text(o.map(|s| &s.article)),
            reason_old: text(o.map(|s| &s.reason)),
            rule_new: text(n.map(|s| &s.rule)),
            article_new: text(n.map(|s| &s.article)),
            reason_new: text(n.map(|s| &s.reason)),
            detail: &x.detail,
        }
    }
}

/// An entry as English release notes and details describe it (`verb 00-1-.-amar`).
fn english(info: &EntryInfo) -> String {
    crate::say::entry(info, crate::Lang::En)
}

/// An entry of an update list: what it does, its word as listed, and its file and line.
struct Listed {
    action: UpdateAction,
    word: String,
    source: (String, u64),
}

/// One way a word or rejected form was made, read from one edition.
struct Made<'s> {
    slot: SlotInfo,
    source: Option<(String, u64)>,
    entry: Option<&'s EntryInfo>,
}

/// What attribution reads of one edition, decoded once.
struct Side<'a> {
    /// `old` or `new`.
    label: &'static str,
    lex: &'a Lexicon,
    manifest: &'a Manifest,
    prov: Option<&'a Provenance>,
    /// The derivation code of every word, by rank (empty without provenance).
    codes: Vec<Code>,
    /// What the edition recorded of each entry, by entry id.
    entries: BTreeMap<u64, EntryInfo>,
    /// Entry ids by their lemma (the update lists' entries left out).
    lemmas: HashMap<String, Vec<u64>>,
    /// The update lists' entries, by their word folded ([`fold`]): the action and the file and
    /// line.
    listed_updates: HashMap<String, Vec<Listed>>,
    /// The paths of the update lists among the sources.
    updates: HashSet<&'a str>,
    /// The paths of the part-of-speech tables among the sources.
    tables: HashSet<&'a str>,
    /// The paths of the rule set's own lists among the sources.
    rule_lists: HashSet<&'a str>,
    /// True for an edition that describes no entry (a plain word list): it cannot say why it
    /// holds or lacks a word.
    plain: bool,
}

impl<'a> Side<'a> {
    fn new(lex: &'a Lexicon, label: &'static str) -> Result<Side<'a>, LexiconError> {
        let manifest = lex.manifest()?;
        let prov = match lex.provenance() {
            Ok(p) => Some(p),
            Err(LexiconError::Missing(_)) => None,
            Err(e) => return Err(e),
        };
        let codes = match prov {
            Some(_) => lex.codes_in_order()?,
            None => Vec::new(),
        };
        let entries = lex.entry_infos()?;
        let updates: HashSet<&str> =
            manifest.sources.iter().filter(|s| s.is_update_list()).map(|s| s.file.path.as_str()).collect();
        let mut lemmas: HashMap<String, Vec<u64>> = HashMap::new();
        let mut listed_updates: HashMap<String, Vec<Listed>> = HashMap::new();
        for (&id, info) in &entries {
            let at = manifest.locate(id).filter(|(s, _)| updates.contains(s.file.path.as_str()));
            match (at, &info.kind) {
                (Some((s, line)), EntryKind::Update(action)) => {
                    listed_updates.entry(fold(&info.lemma)).or_default().push(Listed {
                        action: *action,
                        word: info.lemma.clone(),
                        source: (s.file.path.clone(), line),
                    })
                }
                _ => lemmas.entry(info.lemma.clone()).or_default().push(id),
            }
        }
        let rule_lists =
            manifest.sources.iter().filter(|s| s.is_rule_list()).map(|s| s.file.path.as_str()).collect();
        let tables = manifest
            .sources
            .iter()
            .filter(|s| s.kind == lexico_lexicon::SourceKind::PosTable)
            .map(|s| s.file.path.as_str())
            .collect();
        let plain = entries.is_empty();
        Ok(Side {
            plain,
            label,
            lex,
            manifest,
            prov,
            codes,
            entries,
            lemmas,
            listed_updates,
            updates,
            tables,
            rule_lists,
        })
    }

    /// The edition as reports name it: `old` or `new`, with its edition or name.
    fn name(&self) -> String {
        let m = self.manifest;
        let what = if m.edition.is_empty() { &m.name } else { &m.edition };
        if what.is_empty() {
            self.label.to_string()
        } else {
            format!("{} ({what})", self.label)
        }
    }

    /// The rule set's name, as reports give it.
    fn rules(&self) -> String {
        match self.manifest.rules.name.as_str() {
            "" => format!("the rule set of {}", self.name()),
            name => format!("rule set {name}"),
        }
    }

    fn made(&self, codes: Vec<Code>) -> Vec<Made<'_>> {
        let Some(prov) = self.prov else { return Vec::new() };
        codes
            .into_iter()
            .map(|code| {
                let entry = entry_of(code);
                Made {
                    slot: prov.slots.get(slot_of(code) as usize).cloned().unwrap_or_default(),
                    source: self.manifest.locate(entry).map(|(s, l)| (s.file.path.clone(), l)),
                    entry: self.entries.get(&entry),
                }
            })
            .collect()
    }

    /// How the word of rank `rank` was made.
    fn admitted(&self, rank: usize) -> Vec<Made<'_>> {
        match (self.prov, self.codes.get(rank)) {
            (Some(prov), Some(&primary)) => self.made(prov.codes(primary, false)),
            _ => Vec::new(),
        }
    }

    /// How the rules generated the form `key` and refused it.
    fn refused(&self, key: &[u8]) -> Result<Vec<Made<'_>>, LexiconError> {
        // A lexicon that keeps no rejected forms refused none; a damaged one is an error.
        let rejected = match self.lex.rejected() {
            Ok(r) => r,
            Err(LexiconError::Missing(_)) => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let Some(prov) = self.prov else { return Ok(Vec::new()) };
        Ok(match rejected.get(key) {
            Some(primary) => self.made(prov.codes(primary, true)),
            None => Vec::new(),
        })
    }

    /// What a source line that decides the word by itself is, as reports name it: an update
    /// list's entry or a part-of-speech table's row; `None` for any other source.
    fn deciding_line(&self, m: &Made<'_>) -> Option<&'static str> {
        let (path, _) = m.source.as_ref()?;
        if self.updates.contains(path.as_str()) {
            Some("update list entry")
        } else if self.tables.contains(path.as_str()) {
            Some("part-of-speech table row")
        } else {
            None
        }
    }

    /// Returns true if and only if `text` (a lemma as a source spells it) is a word of the
    /// edition.
    fn holds_word(&self, text: &str) -> bool {
        self.lex.tiles().parse_word(text).is_ok_and(|w| self.lex.contains(&w))
    }

    fn is_rule_list(&self, m: &Made<'_>) -> bool {
        m.source.as_ref().is_some_and(|(path, _)| self.rule_lists.contains(path.as_str()))
    }
}

/// A word or lemma as update lists and tiles are compared: lower case, without the accents and
/// diaeresis that no tile shows (`Ñ` is a tile of its own and stays).
pub(crate) fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            c => c,
        })
        .collect()
}

/// The entry of an update list of `side` that accounts for the word `word` (folded) with the
/// lemmas `lemmas` (folded): the list adds the word (`holds`: `side` is the edition that has
/// it), or removes the word or its lemma, or makes its lemma invariable in number (the word being
/// another form of it).
fn update_entry<'s>(side: &'s Side<'_>, word: &str, lemmas: &[String], holds: bool) -> Option<&'s Listed> {
    let of = |key: &str| side.listed_updates.get(key).into_iter().flatten();
    let on_word = of(word).find(|l| if holds { l.action.adds() } else { l.action.removes() });
    on_word.or_else(|| {
        lemmas
            .iter()
            .filter(|l| l.as_str() != word)
            .find_map(|l| of(l).find(|e| !holds && e.action.drops_other_forms()))
    })
}

/// `rule R (art. A)`, `rule R`, and the reason after a colon when there is one.
fn rule_text(s: &SlotInfo) -> String {
    let mut t = format!("rule {}", if s.rule.is_empty() { "?" } else { &s.rule });
    if !s.article.is_empty() {
        let _ = write!(t, " (art. {})", s.article);
    }
    if !s.reason.is_empty() {
        let _ = write!(t, ": {}", s.reason);
    }
    t
}

fn at(source: &Option<(String, u64)>) -> String {
    match source {
        Some((path, line)) => format!("{path}:{line}"),
        None => "an unlisted source".to_string(),
    }
}

/// What is known of a word when one of the two editions is a plain word list (it describes no
/// entry): what the edition that has the word made of it (the lemma and rule, or its list's
/// line), what the other's rules made of it, and whether the plain list holds the lemma.
fn plain_detail(has: &Side<'_>, lacks: &Side<'_>, made: &[Made<'_>], refused: &[Made<'_>]) -> String {
    let plain = "a plain word list, without entries or rules";
    let mut d = String::new();
    let with_entry = made.iter().find(|m| m.entry.is_some());
    match (with_entry, made.first()) {
        (Some(m), _) => {
            let lemma = &m.entry.map(|e| e.lemma.as_str()).unwrap_or_default();
            let _ = write!(
                d,
                "{}: {} makes it from the lemma {lemma} ({})",
                at(&m.source),
                has.name(),
                rule_text(&m.slot)
            );
        }
        (None, Some(m)) if has.plain => {
            let _ = write!(d, "{}: {}, {plain}, lists it", at(&m.source), has.name());
        }
        (None, Some(m)) => {
            let _ = write!(d, "{}: {} lists it ({})", at(&m.source), has.name(), rule_text(&m.slot));
        }
        (None, None) => {}
    }
    match refused.first() {
        Some(r) => {
            let _ = write!(d, "; {} refuses it ({})", lacks.name(), rule_text(&r.slot));
        }
        None if !lacks.plain => {
            let _ = write!(d, "; {} neither makes nor refuses it", lacks.name());
        }
        None => {}
    }
    if lacks.plain {
        let _ = write!(d, "; {} is {plain},", lacks.name());
        if let Some(lemma) = with_entry.and_then(|m| m.entry).map(|e| e.lemma.as_str()) {
            let holds = if lacks.holds_word(lemma) { "and holds" } else { "and lacks" };
            let _ = write!(d, " {holds} the lemma {lemma} as a word");
        }
    }
    d.push_str(": the cause cannot be told");
    d
}

/// Attributes a changed word: `has` is the edition that holds it (its rank there), `lacks` the
/// other.
fn attribute_one(
    has: &Side<'_>,
    lacks: &Side<'_>,
    key: &[u8],
    rank: usize,
    change: ChangedWord,
) -> Result<Attributed, LexiconError> {
    let added = has.label == "new";
    let mut a = Attributed {
        change,
        added,
        cause: Cause::Unattributed,
        source: None,
        old: None,
        new: None,
        detail: String::new(),
    };
    let put = |a: &mut Attributed,
               cause: Cause,
               source: Option<(String, u64)>,
               held: Option<SlotInfo>,
               other: Option<SlotInfo>,
               detail: String| {
        a.cause = cause;
        a.source = source;
        let (o, n) = if added { (other, held) } else { (held, other) };
        a.old = o;
        a.new = n;
        a.detail = detail;
    };
    let made = has.admitted(rank);
    let refused = lacks.refused(key)?;
    let Some(first) = made.first() else {
        let detail = format!("{} records no provenance for it", has.name());
        put(&mut a, Cause::Unattributed, None, None, refused.first().map(|r| r.slot.clone()), detail);
        return Ok(a);
    };
    // 1. The edition that has it takes it from an update list (one that adds it, or one undone
    // by `build --undo` that restores it) or from a part-of-speech table's row.
    if let Some((m, what)) = made.iter().find_map(|m| Some((m, has.deciding_line(m)?))) {
        let detail =
            format!("{}: {} takes it from this {what} ({})", at(&m.source), has.name(), rule_text(&m.slot));
        put(&mut a, Cause::Source, m.source.clone(), Some(m.slot.clone()), None, detail);
        return Ok(a);
    }
    // 2. The other edition refuses it by an update list (one that removes it, or one undone) or
    // by a part-of-speech table's row.
    if let Some((r, what)) = refused.iter().find_map(|r| Some((r, lacks.deciding_line(r)?))) {
        let detail =
            format!("{}: {} refuses it by this {what} ({})", at(&r.source), lacks.name(), rule_text(&r.slot));
        put(&mut a, Cause::Source, r.source.clone(), Some(first.slot.clone()), Some(r.slot.clone()), detail);
        return Ok(a);
    }
    // 3. An entry of an update list names the word or its lemma: it adds the word, removes it
    // or its lemma, or makes its lemma invariable in number. The entry emits no form of its own
    // (the lemma is in the edition's list), so only its description tells.
    let word = fold(&a.change.word);
    let lemmas: Vec<String> =
        made.iter().chain(&refused).filter_map(|m| m.entry).map(|e| fold(&e.lemma)).collect();
    for (side, holds) in [(has, true), (lacks, false)] {
        if let Some(e) = update_entry(side, &word, &lemmas, holds) {
            let source = Some(e.source.clone());
            let mut detail = format!(
                "{}: the update list of {} lists {} in section {}",
                at(&source),
                side.name(),
                e.word,
                e.action
            );
            if let (false, Some(r)) = (holds, refused.first()) {
                let _ = write!(detail, "; {} refuses it ({})", side.name(), rule_text(&r.slot));
            }
            put(
                &mut a,
                Cause::Source,
                source,
                Some(first.slot.clone()),
                refused.first().map(|r| r.slot.clone()),
                detail,
            );
            return Ok(a);
        }
    }
    // A plain word list on one side tells no cause beyond the update lists': what each side
    // made of the word is said, and the word is left unattributed.
    if has.plain != lacks.plain {
        let detail = plain_detail(has, lacks, &made, &refused);
        let other = refused.first().map(|r| r.slot.clone());
        put(&mut a, Cause::Unattributed, first.source.clone(), Some(first.slot.clone()), other, detail);
        return Ok(a);
    }
    // 4. A list of the rule set admits it (a closed list of the regulation) or refuses it.
    if let Some(m) = made.iter().find(|m| has.is_rule_list(m)) {
        let refusal = refused.first();
        let other = match refusal {
            Some(r) => format!("{} refuses it ({})", lacks.name(), rule_text(&r.slot)),
            None => format!("{} does not generate it", lacks.rules()),
        };
        let detail = format!(
            "{}: a list of {} admits it ({}); {other}",
            at(&m.source),
            has.rules(),
            rule_text(&m.slot)
        );
        put(
            &mut a,
            Cause::Rule,
            m.source.clone(),
            Some(m.slot.clone()),
            refusal.map(|r| r.slot.clone()),
            detail,
        );
        return Ok(a);
    }
    if let Some(r) = refused.iter().find(|r| lacks.is_rule_list(r)) {
        let detail = format!(
            "{}: {} admits it ({}); a list of {} refuses it ({})",
            at(&r.source),
            has.name(),
            rule_text(&first.slot),
            lacks.rules(),
            rule_text(&r.slot)
        );
        put(
            &mut a,
            Cause::Rule,
            first.source.clone(),
            Some(first.slot.clone()),
            Some(r.slot.clone()),
            detail,
        );
        return Ok(a);
    }
    // 5. The lemma: in both editions' sources alike (the rules decide), described differently,
    // or in one edition's only.
    let mut reclassified: Option<(&Made<'_>, String, u64)> = None;
    let mut only_here: Option<(&Made<'_>, String)> = None;
    let mut listed_only_here: Option<&Made<'_>> = None;
    for m in &made {
        let Some(entry) = m.entry else {
            // A plain word list describes no entry: the word is its own lemma, and what the
            // other edition's rules made of it is all there is to read.
            if m.source.is_some() && listed_only_here.is_none() {
                listed_only_here = Some(m);
            }
            continue;
        };
        let lemma = entry.lemma.clone();
        match lacks.lemmas.get(&lemma) {
            Some(ids) if ids.iter().any(|id| lacks.entries.get(id) == Some(entry)) => {
                let refusal =
                    refused.iter().find(|r| r.entry.is_some_and(|e| e.lemma == lemma)).or(refused.first());
                let detail = match refusal {
                    Some(r) => format!(
                        "{lemma} ({}): {} admits it ({}); {} refuses it ({})",
                        at(&m.source),
                        has.name(),
                        rule_text(&m.slot),
                        lacks.name(),
                        rule_text(&r.slot)
                    ),
                    None => format!(
                        "{lemma} ({}): {} admits it ({}); {} does not generate it",
                        at(&m.source),
                        has.name(),
                        rule_text(&m.slot),
                        lacks.rules()
                    ),
                };
                put(
                    &mut a,
                    Cause::Rule,
                    m.source.clone(),
                    Some(m.slot.clone()),
                    refusal.map(|r| r.slot.clone()),
                    detail,
                );
                return Ok(a);
            }
            Some(ids) => {
                if reclassified.is_none() {
                    reclassified = Some((m, lemma, ids[0]));
                }
            }
            None => {
                if only_here.is_none() {
                    only_here = Some((m, lemma));
                }
            }
        }
    }
    if let Some((m, lemma, id)) = reclassified {
        let theirs = lacks.entries.get(&id).map(english).unwrap_or_default();
        let their_source = lacks.manifest.locate(id).map(|(s, l)| (s.file.path.clone(), l));
        let detail = format!(
            "{lemma}: {} describes its entry as '{}' ({}), {} as '{theirs}' ({})",
            has.name(),
            m.entry.map(english).unwrap_or_default(),
            at(&m.source),
            lacks.name(),
            at(&their_source)
        );
        put(
            &mut a,
            Cause::Source,
            m.source.clone(),
            Some(m.slot.clone()),
            refused.first().map(|r| r.slot.clone()),
            detail,
        );
        return Ok(a);
    }
    if let Some((m, lemma)) = only_here {
        let detail = format!("{}: the lemma {lemma} is in the sources of {} only", at(&m.source), has.name());
        put(
            &mut a,
            Cause::Source,
            m.source.clone(),
            Some(m.slot.clone()),
            refused.first().map(|r| r.slot.clone()),
            detail,
        );
        return Ok(a);
    }
    if let Some(m) = listed_only_here {
        let (cause, detail) = match refused.first() {
            Some(r) => (
                Cause::Rule,
                format!(
                    "{}: {} lists it ({}); {} refuses it ({})",
                    at(&m.source),
                    has.name(),
                    rule_text(&m.slot),
                    lacks.name(),
                    rule_text(&r.slot)
                ),
            ),
            None => {
                (Cause::Source, format!("{}: listed in the sources of {} only", at(&m.source), has.name()))
            }
        };
        put(
            &mut a,
            cause,
            m.source.clone(),
            Some(m.slot.clone()),
            refused.first().map(|r| r.slot.clone()),
            detail,
        );
        return Ok(a);
    }
    let detail = format!("{} describes no entry for it: its lemma cannot be told", has.name());
    put(
        &mut a,
        Cause::Unattributed,
        first.source.clone(),
        Some(first.slot.clone()),
        refused.first().map(|r| r.slot.clone()),
        detail,
    );
    Ok(a)
}

/// Compares `old` and `new` ([`diff`](crate::diff)) and attributes every added and removed word
/// to a source change, a rule change, or neither (see the module documentation for the order of
/// the checks). Fails when the two are spelled in different tile sets or a section cannot be
/// read.
///
/// ```
/// use lexico_answers::{attribute, Cause};
/// use lexico_lexicon::Lexicon;
///
/// let (old, new) = (Lexicon::from_words(["casa"])?, Lexicon::from_words(["casa", "casas"])?);
/// let a = attribute(&old, &new)?;
/// assert_eq!(a.added.len(), 1);
/// assert_eq!(a.added[0].change.word, "CASAS");
/// assert!(a.removed.is_empty());
/// assert_eq!(a.counts().values().sum::<u64>(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attribute(old: &Lexicon, new: &Lexicon) -> Result<Attribution, DiffError> {
    let (d, added, removed) = diff_ranked(old, new)?;
    let (o, n) = (Side::new(old, "old")?, Side::new(new, "new")?);
    let plain = match (o.plain, n.plain) {
        (true, false) => Some(o.name()),
        (false, true) => Some(n.name()),
        _ => None,
    };
    let mut out = Attribution { plain, ..Attribution::default() };
    for (change, (key, rank)) in d.added.into_iter().zip(added) {
        out.added.push(attribute_one(&n, &o, &key, rank, change)?);
    }
    for (change, (key, rank)) in d.removed.into_iter().zip(removed) {
        out.removed.push(attribute_one(&o, &n, &key, rank, change)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_lexicon::provenance::code;
    use lexico_lexicon::{Builder, FileDigest, SourceInfo, SourceKind};

    type Admitted<'a> = (&'a str, u64, &'a str, &'a str);
    type Refused<'a> = (&'a str, u64, &'a str, &'a str, &'a str);

    /// A headword of a non-verb list.
    fn nv(lemma: &str) -> EntryInfo {
        EntryInfo { lemma: lemma.into(), homograph: None, kind: EntryKind::NonVerb { feminine: None } }
    }

    /// A line of a non-verb update list.
    fn update(action: UpdateAction, word: &str) -> EntryInfo {
        EntryInfo { lemma: word.into(), homograph: None, kind: EntryKind::Update(action) }
    }

    /// An edition: its words and refused forms with entry, rule and article (and reason), what it
    /// records of its entries, and its sources (path, kind, lines) numbered in order.
    fn edition(
        words: &[Admitted],
        refused: &[Refused],
        entries: &[(u64, EntryInfo)],
        sources: &[(&str, SourceKind, u64)],
    ) -> Lexicon {
        let set = lexico_lexicon::fise_2016_tiles();
        let mut b = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
        let slot = |b: &mut Builder, rule: &str, article: &str, reason: &str| {
            b.slot(SlotInfo {
                slot: "form".into(),
                rule: rule.into(),
                article: article.into(),
                reason: reason.into(),
                ..SlotInfo::default()
            })
            .unwrap()
        };
        for &(w, entry, rule, article) in words {
            let s = slot(&mut b, rule, article, "");
            b.insert(&set.parse_word(w).unwrap(), code(entry, s)).unwrap();
        }
        for &(w, entry, rule, article, reason) in refused {
            let s = slot(&mut b, rule, article, reason);
            b.reject(&set.parse_word(w).unwrap(), code(entry, s)).unwrap();
        }
        for (entry, info) in entries {
            b.describe_entry(*entry, info.clone());
        }
        let mut base = 0;
        let mut infos = Vec::new();
        for &(path, kind, lines) in sources {
            let file = FileDigest { path: path.into(), sha256: String::new() };
            // The other fields (a source's role, say) keep their defaults, whichever there are.
            #[allow(clippy::needless_update)]
            infos.push(SourceInfo { file, kind, lines, base, ..Default::default() });
            base += lines;
        }
        let manifest = Manifest { name: "T".into(), sources: infos, ..Default::default() };
        Lexicon::from_vec(b.finish(manifest).unwrap()).unwrap()
    }

    fn find<'a>(list: &'a [Attributed], word: &str) -> &'a Attributed {
        list.iter().find(|a| a.change.word == word).unwrap_or_else(|| panic!("{word}: {list:?}"))
    }

    #[test]
    fn each_change_is_told_a_rule_change_or_a_source_change_from_the_two_files() {
        let list = [("no-verbos.txt", SourceKind::FiseNonVerbs, 3)];
        let old = edition(
            &[("casa", 1, "lemma", ""), ("casas", 1, "end-vowel", "18.5"), ("gato", 2, "lemma", "")],
            &[],
            &[(1, nv("casa")), (2, nv("gato"))],
            &list,
        );
        let new = edition(
            &[
                ("casa", 1, "lemma", ""),
                ("gato", 2, "lemma", ""),
                ("gatos", 2, "end-vowel", "18.1"),
                ("sol", 3, "lemma", ""),
                ("perro", 5, "update-variable", "18"),
            ],
            &[("casas", 1, "invariable", "18.2", "no plural")],
            &[
                (1, nv("casa")),
                (2, nv("gato")),
                (3, nv("sol")),
                (5, update(UpdateAction::AddedVariable, "perro")),
            ],
            &[("no-verbos.txt", SourceKind::FiseNonVerbs, 3), ("act.txt", SourceKind::FiseNonVerbUpdates, 4)],
        );
        let a = attribute(&old, &new).unwrap();

        let casas = find(&a.removed, "CASAS");
        assert_eq!(casas.cause, Cause::Rule);
        assert_eq!(casas.source, Some(("no-verbos.txt".into(), 1)));
        let (o, n) = (casas.old.as_ref().unwrap(), casas.new.as_ref().unwrap());
        assert_eq!((o.rule.as_str(), o.article.as_str()), ("end-vowel", "18.5"));
        assert_eq!(
            (n.rule.as_str(), n.article.as_str(), n.reason.as_str()),
            ("invariable", "18.2", "no plural")
        );

        let gatos = find(&a.added, "GATOS");
        assert_eq!((gatos.cause, gatos.old.is_none()), (Cause::Rule, true));
        assert!(gatos.detail.ends_with("the rule set of old (T) does not generate it"), "{}", gatos.detail);

        let perro = find(&a.added, "PERRO");
        assert_eq!(perro.cause, Cause::Source);
        assert_eq!(perro.source, Some(("act.txt".into(), 2)));

        let sol = find(&a.added, "SOL");
        assert_eq!((sol.cause, sol.source.clone()), (Cause::Source, Some(("no-verbos.txt".into(), 3))));
        assert!(sol.detail.contains("the lemma sol is in the sources of new (T) only"), "{}", sol.detail);

        assert_eq!(a.counts()[&Cause::Source], 2);
        assert_eq!(a.counts()[&Cause::Rule], 2);
        assert_eq!(a.attributed(), 4);
        let notes = crate::notes_by_cause(&old, &new, &a, crate::Lang::En).unwrap();
        assert!(notes.contains("### act.txt: 1\n\n+perro\n"), "{notes}");
        assert!(
            notes.contains("### old: end-vowel (art. 18.5); new: invariable (art. 18.2): 1\n\n-casas\n"),
            "{notes}"
        );
    }

    #[test]
    fn an_update_list_entry_that_makes_a_lemma_invariable_accounts_for_its_plural() {
        let sources =
            [("no-verbos.txt", SourceKind::FiseNonVerbs, 1), ("act.txt", SourceKind::FiseNonVerbUpdates, 3)];
        let old = edition(
            &[("lied", 1, "lemma", ""), ("liedes", 1, "end-d", "18.5")],
            &[],
            &[(1, nv("lied"))],
            &sources[..1],
        );
        let new = edition(
            &[("lied", 1, "lemma", "")],
            &[("liedes", 1, "update-invariable", "18", "invariable by the update list")],
            &[(1, nv("lied")), (4, update(UpdateAction::AddedInvariable, "lied"))],
            &sources,
        );
        let a = attribute(&old, &new).unwrap();
        let liedes = find(&a.removed, "LIEDES");
        assert_eq!((liedes.cause, liedes.source.clone()), (Cause::Source, Some(("act.txt".into(), 3))));
        assert!(liedes.detail.contains("lists lied in section added-invariable"), "{}", liedes.detail);
    }

    #[test]
    fn folding_drops_the_accents_no_tile_shows_and_keeps_enye() {
        assert_eq!(fold("Pingüino"), "pinguino");
        assert_eq!(fold("ÑANDÚ"), "ñandu");
    }
}
