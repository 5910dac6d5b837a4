//! Expanding the entries of a non-verb list into forms: the headword, its feminine, and their
//! plurals when the evidence says the word varies in number.
//!
//! The FISE non-verb list gives no part of speech, so whether a headword has a plural cannot be
//! read from it. The build decides it from evidence and reports how many words each kind of
//! evidence decided. A lemma-table row for the same headword and homograph number (part of speech
//! and marks) comes first, and annotates the entry without adding a word; then come the steps of
//! the rule set's `plurals/number.toml`, in its order, each with the label, rule and article it
//! cites there ([`EvidenceKind`] lists what a step can look at: the regulation's lists, the update
//! list, an ending rule without plural, a listed feminine, an adverb in *-mente* made on a listed
//! adjective, what the previous edition holds, and last the ending rules).
//!
//! Whatever decided the number, a plural the update list removes (section 5, *bajas en plural*) is
//! out. A plural the rules form but the evidence refuses is returned as a rejected form, so that
//! the lexicon can explain why it is out.

use std::collections::{HashMap, HashSet};

use crate::fise::{NonVerbEntry, UpdateAction, UpdateEntry};
use crate::form::{Admission, Form, FormKind};
use crate::lemmas::LemmaRow;
use crate::number::{EvidenceKind, Step};
use crate::plural::{add_suffix, Decision, LemmaEntry, Number, Plurals};
use crate::pos_table::{PosRow, PosTable};
use crate::syllable::strip_accents;

/// Which step of the evidence decided a word's number: its kind and the label the rule set gives
/// it (the build counts words by label).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Evidence {
    /// The kind of evidence that decided.
    pub kind: EvidenceKind,
    label: &'static str,
}

impl Evidence {
    /// A lemma-table row annotated the entry.
    pub const ANNOTATION: Evidence =
        Evidence { kind: EvidenceKind::Annotation, label: "lemma-table annotations" };

    /// How the build's counts name this evidence.
    pub fn name(self) -> &'static str {
        self.label
    }

    fn of(step: &Step) -> Evidence {
        Evidence { kind: step.kind, label: step.label }
    }
}

/// The previous edition, as far as the expansion needs it.
pub trait PreviousEdition {
    /// Returns true if and only if the previous edition holds `word` (spelled with or without
    /// accents, lower case).
    fn has(&self, word: &str) -> bool;

    /// The length of `word` in tiles, `None` if it cannot be spelled in tiles.
    fn tile_count(&self, word: &str) -> Option<usize>;
}

/// What the expansion of non-verbs knows besides the entry itself.
pub struct NonVerbContext<'a> {
    /// The rule set's plural rules.
    pub plurals: &'a Plurals,
    /// The previous edition, when the build names one: its silence on a plural is evidence.
    pub previous: Option<&'a dyn PreviousEdition>,
    updates: HashMap<String, Vec<UpdateEntry>>,
    annotations: HashMap<(String, Option<u8>), LemmaRow>,
    /// The part-of-speech table the build was given, if any.
    pos_table: Option<&'a PosTable>,
    /// Every headword and feminine of the non-verb list.
    words: HashSet<String>,
    /// The words listed as the feminine of a line.
    feminines: HashSet<String>,
    /// The plurals the update list removes (section 5), without accents.
    removed_plurals: HashSet<String>,
}

impl<'a> NonVerbContext<'a> {
    /// The context of a build: its plural rules, the previous edition if any, and the update list.
    pub fn new(
        plurals: &'a Plurals,
        previous: Option<&'a dyn PreviousEdition>,
        updates: &[UpdateEntry],
    ) -> Self {
        let mut map: HashMap<String, Vec<UpdateEntry>> = HashMap::new();
        for u in updates {
            map.entry(u.word.clone()).or_default().push(u.clone());
        }
        let removed_plurals = updates
            .iter()
            .filter(|u| u.section == UpdateAction::RemovedPluralOnly)
            .map(|u| strip_accents(&u.word))
            .collect();
        NonVerbContext {
            plurals,
            previous,
            updates: map,
            annotations: HashMap::new(),
            pos_table: None,
            words: HashSet::new(),
            feminines: HashSet::new(),
            removed_plurals,
        }
    }

    /// Adds the entries of the non-verb list, whose line format is evidence of number: a
    /// feminine on a line (or a word listed as one) marks a noun or adjective, and the headwords
    /// are the adjectives an adverb in *-mente* is made on.
    pub fn list(&mut self, entries: &[NonVerbEntry]) {
        for e in entries {
            self.words.insert(e.lemma.clone());
            if let Some(f) = &e.feminine {
                self.words.insert(f.clone());
                self.feminines.insert(f.clone());
            }
        }
    }

    /// Adds lemma-table rows that annotate entries of the non-verb list.
    pub fn annotate(&mut self, rows: impl IntoIterator<Item = LemmaRow>) {
        for r in rows {
            self.annotations.insert((r.lemma.clone(), r.homograph), r);
        }
    }

    /// Adds a part-of-speech table: its rows decide the number of the entries they name, at the
    /// place of the step `pos-table` in the evidence order.
    pub fn with_pos_table(&mut self, table: &'a PosTable) {
        self.pos_table = Some(table);
    }

    /// The row of the part-of-speech table that speaks of `entry`, if any.
    pub fn pos_row(&self, entry: &NonVerbEntry) -> Option<&'a PosRow> {
        self.pos_table?.row(&entry.lemma, entry.homograph)
    }

    fn update(&self, word: &str, section: UpdateAction) -> Option<&UpdateEntry> {
        self.updates.get(word)?.iter().find(|u| u.section == section)
    }
}

fn form<'a>(text: &str, kind: FormKind, rule: &'a str, article: &'a str, verdict: Admission<'a>) -> Form<'a> {
    let slot = kind.slot().expect("a non-verb kind of form is its own slot");
    Form { text: text.to_string(), kind, slot, rule, article, verdict }
}

/// A rejection in the engine's words, English and Spanish.
fn rejected(reason: &'static str, reason_es: &'static str) -> Admission<'static> {
    Admission::Rejected { reason: reason.into(), reason_es: reason_es.into() }
}

fn rejected_owned((reason, reason_es): (String, String)) -> Admission<'static> {
    Admission::Rejected { reason: reason.into(), reason_es: reason_es.into() }
}

/// The reason a refusing step gives, in English and Spanish: the rule set's words when it has
/// them, else the engine's.
fn step_reason(step: &Step, en: &str, es: &str) -> (String, String) {
    match (&step.reason, &step.reason_es) {
        (Some(en), Some(es)) => (en.clone(), es.clone()),
        _ => (en.to_string(), es.to_string()),
    }
}

/// What [`expand`] made of one entry of the non-verb list.
#[derive(Debug)]
pub struct Expansion<'a> {
    /// The headword, the feminine, and the plurals of each, each form with the rule that
    /// decided it.
    pub forms: Vec<Form<'a>>,
    /// The evidence that decided each word's number (the headword's, then the feminine's).
    pub evidence: Vec<Evidence>,
    /// The part-of-speech table's row that decided the number, when one did, and the indices in
    /// `forms` of the forms it decided: their provenance is the row's line, not the entry's.
    pub by_table: Option<(&'a PosRow, Vec<usize>)>,
}

/// Expands one entry of the non-verb list: the headword, the feminine, and the plurals of each,
/// each form with the rule that decided it, and the evidence that decided each word's number.
pub fn expand<'a>(entry: &NonVerbEntry, ctx: &NonVerbContext<'a>) -> Expansion<'a> {
    let mut forms = vec![form(&entry.lemma, FormKind::Lemma, "listed", "", Admission::Accepted)];
    let mut evidence = Vec::new();
    if let Some(f) = &entry.feminine {
        forms.push(form(f, FormKind::Feminine, "listed-feminine", "", Admission::Accepted));
    }
    if let Some(row) = ctx.annotations.get(&(entry.lemma.clone(), entry.homograph)) {
        push_decision(
            ctx.plurals,
            ctx.plurals.decide_entry(&row.plural_entry(false)),
            &entry.lemma,
            &mut forms,
        );
        evidence.push(Evidence::ANNOTATION);
        if let Some(f) = &entry.feminine {
            let mut fem = row.plural_entry(true);
            fem.lemma = f.clone();
            push_decision(ctx.plurals, ctx.plurals.decide_entry(&fem), f, &mut forms);
            evidence.push(Evidence::ANNOTATION);
        }
        return Expansion { forms, evidence, by_table: None };
    }
    // A line with a feminine is a noun or adjective; so is a headword listed elsewhere as the
    // feminine of another line (the list repeats feminines that have an entry of their own).
    let gendered = entry.feminine.is_some() || ctx.feminines.contains(&entry.lemma);
    let words: Vec<&str> = std::iter::once(entry.lemma.as_str()).chain(entry.feminine.as_deref()).collect();
    let row = ctx.pos_row(entry);
    let mut by_table = Vec::new();
    for word in words {
        let before = forms.len();
        let ev = number(word, gendered, row, ctx, &mut forms);
        if ev.kind == EvidenceKind::PosTable {
            by_table.extend(before..forms.len());
        }
        evidence.push(ev);
    }
    // A plural the update list removes is the list's decision, not the table's.
    for i in remove_plurals(ctx, &mut forms) {
        by_table.retain(|&k| k != i);
    }
    let by_table = row.filter(|_| !by_table.is_empty()).map(|r| (r, by_table));
    Expansion { forms, evidence, by_table }
}

/// Rejects the accepted plurals that the update list removes (section 5, *bajas en plural*), and
/// returns their indices.
fn remove_plurals<'a>(ctx: &NonVerbContext<'a>, forms: &mut [Form<'a>]) -> Vec<usize> {
    let mut removed = Vec::new();
    if ctx.removed_plurals.is_empty() {
        return removed;
    }
    let r = &ctx.plurals.number_rules().update_removed_plural;
    for (i, f) in forms.iter_mut().enumerate().filter(|(_, f)| f.kind == FormKind::Plural && f.is_accepted())
    {
        if ctx.removed_plurals.contains(&strip_accents(&f.text)) {
            removed.push(i);
            f.verdict = rejected(
                "the edition's update list removes this plural (section 5)",
                "la lista de actualización de la edición da de baja este plural (sección 5)",
            );
            f.rule = &r.rule;
            f.article = &r.article;
        }
    }
    removed
}

/// Expands a lemma-table row that is a lemma of its own (not an annotation): the headword, the
/// feminine, and their plurals as the row's parts of speech and marks decide.
pub fn expand_row<'a>(row: &LemmaRow, plurals: &'a Plurals) -> Vec<Form<'a>> {
    let mut forms = vec![form(&row.lemma, FormKind::Lemma, "listed", "", Admission::Accepted)];
    push_decision(plurals, plurals.decide_entry(&row.plural_entry(false)), &row.lemma, &mut forms);
    if let Some(f) = &row.feminine {
        forms.push(form(f, FormKind::Feminine, "listed-feminine", "", Admission::Accepted));
        push_decision(plurals, plurals.decide_entry(&row.plural_entry(true)), f, &mut forms);
    }
    forms
}

/// Pushes the plurals a decision gives, or, for a word without plural, the plurals the ending
/// rules would form, rejected by the deciding rule.
fn push_decision<'a>(plurals: &'a Plurals, d: Decision<'a>, word: &str, forms: &mut Vec<Form<'a>>) {
    match d.number {
        Number::Variable => forms.extend(d.forms.into_iter().filter(|f| f.text != word)),
        Number::Invariable => {}
        Number::NoPlural => {
            for f in plurals.by_ending(word).forms.into_iter().filter(|f| f.text != word) {
                forms.push(Form {
                    verdict: rejected(
                        "no plural for this part of speech or mark",
                        "sin plural por su categoría gramatical o su marca",
                    ),
                    rule: d.rule,
                    article: d.article,
                    ..f
                });
            }
        }
    }
}

/// Decides the number of `word` by the first step of the evidence order that applies, and
/// pushes its plural forms, accepted or rejected. `gendered`: the list gives the word a feminine
/// (see [`expand`]); `row`: the part-of-speech table's row for the entry.
fn number<'a>(
    word: &str,
    gendered: bool,
    row: Option<&PosRow>,
    ctx: &NonVerbContext<'a>,
    forms: &mut Vec<Form<'a>>,
) -> Evidence {
    let plurals = ctx.plurals;
    let rules = plurals.number_rules();
    let by_rules = plurals.decide(word);
    let candidates =
        || -> Vec<Form<'a>> { by_rules.forms.iter().filter(|f| f.text != word).cloned().collect() };
    let refuse = |forms: &mut Vec<Form<'a>>, step: &'a Step, reason: (String, String)| {
        let r = step.refuse.as_ref().expect("a refusing step has a rule");
        for f in candidates() {
            forms.push(Form {
                verdict: rejected_owned(reason.clone()),
                rule: &r.rule,
                article: &r.article,
                ..f
            });
        }
    };
    for step in &rules.steps {
        match step.kind {
            EvidenceKind::Annotation => {}
            EvidenceKind::PosTable => {
                let Some(row) = row else { continue };
                // The row's categories, for the headword and its feminine alike: the regulation's
                // lists still give the plurals of the words they name in a category (ayer-ayeres).
                let entry = LemmaEntry {
                    lemma: word.to_string(),
                    pos: row.categories.clone(),
                    marks: Default::default(),
                };
                push_decision(plurals, plurals.decide_entry(&entry), word, forms);
            }
            EvidenceKind::Regulation => {
                let Some(d) = plurals.closed_list(word) else { continue };
                match d.number {
                    Number::Variable => forms.extend(d.forms),
                    Number::Invariable => {}
                    Number::NoPlural => {
                        let reason = "the regulation gives this word no plural";
                        let reason_es = "el reglamento no da plural a esta palabra";
                        for f in plurals.by_ending(word).forms.into_iter().filter(|f| f.text != word) {
                            forms.push(Form {
                                verdict: rejected(reason, reason_es),
                                rule: d.rule,
                                article: d.article,
                                ..f
                            });
                        }
                    }
                }
            }
            EvidenceKind::Update => {
                if let Some(u) = ctx.update(word, UpdateAction::AddedVariable) {
                    let r = &rules.update_variable;
                    if u.plurals.is_empty() {
                        forms.extend(candidates());
                    } else {
                        for p in &u.plurals {
                            forms.push(form(
                                p,
                                FormKind::Plural,
                                &r.rule,
                                &r.plural_article,
                                Admission::Accepted,
                            ));
                        }
                    }
                } else if ctx.update(word, UpdateAction::AddedInvariable).is_some() {
                    let r = &rules.update_invariable;
                    for f in candidates() {
                        forms.push(Form {
                            verdict: rejected(
                                "invariable in number by the edition's update list",
                                "invariable en número según la lista de actualización de la edición",
                            ),
                            rule: &r.rule,
                            article: &r.article,
                            ..f
                        });
                    }
                } else {
                    continue;
                }
            }
            EvidenceKind::EndingNoPlural => {
                if by_rules.number != Number::NoPlural {
                    continue;
                }
                // An ending rule without plural (in FISE-2016, -y outside the lists of exceptions):
                // the regular plurals are kept as rejected forms, to explain why.
                for add in ["es", "s"] {
                    forms.push(Form {
                        text: add_suffix(word, "", add),
                        kind: FormKind::Plural,
                        slot: "plural",
                        rule: by_rules.rule,
                        article: by_rules.article,
                        verdict: rejected(
                            "the ending rules give this word no plural",
                            "las reglas de terminación no dan plural a esta palabra",
                        ),
                    });
                }
            }
            EvidenceKind::Feminine => {
                if !gendered {
                    continue;
                }
                forms.extend(candidates());
            }
            EvidenceKind::Adverb => {
                let adverb = step.adverb.as_ref().expect("checked when loaded");
                if !adverb.is_adverb(word, |stem| ctx.words.contains(stem)) {
                    continue;
                }
                refuse(
                    forms,
                    step,
                    step_reason(
                        step,
                        "an adverb in -mente has no plural",
                        "un adverbio en -mente no tiene plural",
                    ),
                );
            }
            EvidenceKind::Previous => {
                let Some(prev) = ctx.previous else { continue };
                if !candidates().iter().any(|f| prev.has(&f.text)) {
                    continue;
                }
                forms.extend(candidates());
            }
            EvidenceKind::PreviousShort => {
                let Some(prev) = ctx.previous else { continue };
                if !(prev.has(word)
                    && candidates().iter().any(|f| prev.tile_count(&f.text).is_some_and(|n| n <= step.tiles)))
                {
                    continue;
                }
                let reason = format!(
                    "the previous edition, complete in words of {} tiles or fewer, lacks this plural",
                    step.tiles
                );
                let reason_es = format!(
                    "la edición anterior, completa en palabras de {} fichas o menos, no tiene este plural",
                    step.tiles
                );
                refuse(forms, step, (reason, reason_es));
            }
            EvidenceKind::SilentUnadapted => {
                let Some(prev) = ctx.previous else { continue };
                let foreign = step.spelling.as_ref().is_some_and(|s| s.matches(word));
                if !(foreign && prev.has(word)) || candidates().iter().any(|f| prev.has(&f.text)) {
                    continue;
                }
                let reason = step_reason(
                    step,
                    "the previous edition holds this word in the singular only, and its spelling is not \
                     adapted to Spanish",
                    "la edición anterior solo recoge esta palabra en singular y su grafía no está adaptada \
                     al español",
                );
                refuse(forms, step, reason);
            }
            EvidenceKind::Silent => {
                let Some(prev) = ctx.previous else { continue };
                if !prev.has(word) {
                    continue;
                }
                if step.plural {
                    forms.extend(candidates());
                } else {
                    refuse(
                        forms,
                        step,
                        step_reason(
                            step,
                            "the previous edition holds this word in the singular only",
                            "la edición anterior solo recoge esta palabra en singular",
                        ),
                    );
                }
            }
            EvidenceKind::Rules => {
                if by_rules.number != Number::NoPlural {
                    forms.extend(candidates());
                }
            }
        }
        return Evidence::of(step);
    }
    unreachable!("the last step of the evidence order is `rules`, which always decides")
}

/// The forms an update list adds by itself: section 3, plurals new in the edition whose singular
/// was already valid by another entry; and a new entry of sections 1 and 2 that the non-verb list
/// lacks (`in_list` false), with its plurals for section 1. An update list is a source: what it
/// adds is in the edition, whether or not the non-verb list repeats it.
pub fn update_forms<'a>(u: &UpdateEntry, plurals: Option<&'a Plurals>, in_list: bool) -> Vec<Form<'a>> {
    // Without plural rules (a rule set with no `plurals` folder) the forms name the section of the
    // update list and cite no article.
    let rules = plurals.map(Plurals::number_rules);
    let cite = |r: Option<&'a crate::number::RuleRef>, id: &'static str| -> (&'a str, &'a str) {
        r.map_or((id, ""), |r| (r.rule.as_str(), r.article.as_str()))
    };
    match u.section {
        UpdateAction::AddedPluralOnly => {
            let (rule, article) = cite(rules.map(|r| &r.update_plural_only), "update-plural-only");
            vec![form(&u.word, FormKind::Plural, rule, article, Admission::Accepted)]
        }
        UpdateAction::AddedVariable if !in_list => {
            let v = rules.map(|r| &r.update_variable);
            let (rule, article) =
                v.map_or(("update-variable", ""), |v| (v.rule.as_str(), v.article.as_str()));
            let plural_article = v.map_or("", |v| v.plural_article.as_str());
            let mut forms = vec![form(&u.word, FormKind::Lemma, rule, article, Admission::Accepted)];
            if !u.plurals.is_empty() {
                forms.extend(
                    u.plurals
                        .iter()
                        .map(|p| form(p, FormKind::Plural, rule, plural_article, Admission::Accepted)),
                );
            } else if let Some(p) = plurals {
                forms.extend(p.decide(&u.word).forms.into_iter().filter(|f| f.text != u.word));
            }
            forms
        }
        UpdateAction::AddedInvariable if !in_list => {
            let (rule, article) = cite(rules.map(|r| &r.update_invariable), "update-invariable");
            vec![form(&u.word, FormKind::Lemma, rule, article, Admission::Accepted)]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::path::Path;

    struct Prev(HashSet<&'static str>);
    impl PreviousEdition for Prev {
        fn has(&self, word: &str) -> bool {
            self.0.contains(crate::syllable::strip_accents(word).as_str())
        }
        fn tile_count(&self, word: &str) -> Option<usize> {
            Some(word.replace("ch", "1").replace("ll", "2").replace("rr", "3").chars().count())
        }
    }

    fn plurals() -> Plurals {
        Plurals::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/plurals")).unwrap()
    }

    fn entry(lemma: &str, feminine: Option<&str>) -> NonVerbEntry {
        NonVerbEntry { line: 1, lemma: lemma.into(), feminine: feminine.map(Into::into), homograph: None }
    }

    fn kinds(ev: &[Evidence]) -> Vec<EvidenceKind> {
        ev.iter().map(|e| e.kind).collect()
    }

    fn accepted<'a>(forms: &'a [Form]) -> Vec<&'a str> {
        forms.iter().filter(|f| f.is_accepted()).map(|f| f.text.as_str()).collect()
    }

    #[test]
    fn lemma_table_rows_annotate_or_add() {
        let p = plurals();
        let text = "lemma\tpos\tmarks\tmodel\nayer\tadv n\t\t\nfeamente\tadv\t\t\nbonito, ta\tadj\t\t\n";
        let (rows, _) = crate::lemmas::read_lemma_table(Path::new("t.tsv"), text.as_bytes()).unwrap();
        assert_eq!(accepted(&expand_row(&rows[0], &p)), ["ayer", "ayeres"]);
        let adverb = expand_row(&rows[1], &p);
        assert_eq!(accepted(&adverb), ["feamente"]);
        assert!(adverb.iter().any(|f| f.text == "feamentes" && !f.is_accepted()));
        assert_eq!(accepted(&expand_row(&rows[2], &p)), ["bonito", "bonitos", "bonita", "bonitas"]);
        // As an annotation, the row decides the number of the list's entry and adds no word.
        let prev = Prev(["lentamente", "lentamentes"].into());
        let mut ctx = NonVerbContext::new(&p, Some(&prev), &[]);
        let text = "lemma\tpos\tmarks\tmodel\nlentamente\tadv\t\t\n";
        let (rows, _) = crate::lemmas::read_lemma_table(Path::new("t.tsv"), text.as_bytes()).unwrap();
        ctx.annotate(rows);
        let Expansion { forms, evidence: ev, .. } = expand(&entry("lentamente", None), &ctx);
        assert_eq!(accepted(&forms), ["lentamente"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Annotation]);
    }

    fn update(section: UpdateAction, word: &str, plurals: &[&str]) -> UpdateEntry {
        UpdateEntry {
            line: 1,
            section,
            word: word.into(),
            plurals: plurals.iter().map(|p| p.to_string()).collect(),
            note: String::new(),
        }
    }

    /// A context over invented lemmas: `list` is the non-verb list, `prev` the previous edition.
    fn context<'a>(
        p: &'a Plurals,
        prev: &'a Prev,
        updates: &[UpdateEntry],
        list: &[NonVerbEntry],
    ) -> NonVerbContext<'a> {
        let mut ctx = NonVerbContext::new(p, Some(prev), updates);
        ctx.list(list);
        ctx
    }

    #[test]
    fn the_regulation_and_the_update_lists_come_before_any_other_evidence() {
        let p = plurals();
        // The previous edition holds "lords" and "zumbeces": neither outweighs a list.
        let prev = Prev(["lord", "lords", "zumbez", "zumbeces"].into());
        let updates = [update(UpdateAction::AddedInvariable, "zumbez", &[])];
        let list = [entry("lord", None), entry("zumbez", None)];
        let ctx = context(&p, &prev, &updates, &list);
        let Expansion { forms, evidence: ev, .. } = expand(&entry("lord", None), &ctx);
        assert_eq!(accepted(&forms), ["lord", "lores"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Regulation]);
        let Expansion { forms, evidence: ev, .. } = expand(&entry("zumbez", None), &ctx);
        assert_eq!(accepted(&forms), ["zumbez"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Update]);
    }

    #[test]
    fn a_listed_feminine_makes_a_noun_or_adjective_that_pluralises() {
        let p = plurals();
        // Desusado words: the previous edition, built under the older annex, holds the singulars
        // only.
        let prev = Prev(["florindo", "florinda", "brusquera"].into());
        let list = [
            entry("florindo", Some("florinda")),
            entry("brusquero", Some("brusquera")),
            entry("brusquera", None),
        ];
        let ctx = context(&p, &prev, &[], &list);
        let Expansion { forms, evidence: ev, .. } = expand(&list[0], &ctx);
        assert_eq!(accepted(&forms), ["florindo", "florinda", "florindos", "florindas"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Feminine, EvidenceKind::Feminine]);
        // A feminine with an entry of its own is still a feminine.
        let Expansion { forms, evidence: ev, .. } = expand(&list[2], &ctx);
        assert_eq!(accepted(&forms), ["brusquera", "brusqueras"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Feminine]);
    }

    #[test]
    fn adverbs_in_mente_on_a_listed_adjective_have_no_plural() {
        let p = plurals();
        // "zarcamentes" is in the previous edition (say, a verb form): the adverb has no plural.
        let prev = Prev(["zarcamente", "zarcamentes", "trasquiladamente", "velemente"].into());
        let list = [
            entry("zarco", Some("zarca")),
            entry("zarcamente", None),
            entry("trasquiladamente", None),
            entry("velemente", None),
        ];
        let ctx = context(&p, &prev, &[], &list);
        let Expansion { forms, evidence: ev, .. } = expand(&list[1], &ctx);
        assert_eq!(accepted(&forms), ["zarcamente"]);
        assert_eq!(
            (forms[1].text.as_str(), forms[1].rule, forms[1].article),
            ("zarcamentes", "adverb-mente", "18.2.1")
        );
        assert_eq!(kinds(&ev), [EvidenceKind::Adverb]);
        // On the feminine of a participle, which the non-verb list does not carry.
        let Expansion { forms, evidence: ev, .. } = expand(&list[2], &ctx);
        assert_eq!(accepted(&forms), ["trasquiladamente"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Adverb]);
        // "vele" is no listed adjective: not an adverb in -mente.
        let Expansion { forms, evidence: ev, .. } = expand(&list[3], &ctx);
        assert_eq!(accepted(&forms), ["velemente", "velementes"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Silent]);
    }

    #[test]
    fn the_previous_editions_silence_is_not_evidence_of_no_plural() {
        let p = plurals();
        let prev = Prev(["casuco", "casucos", "trasmorro", "trabuy"].into());
        let list =
            [entry("casuco", None), entry("trasmorro", None), entry("gorbe", None), entry("trabuy", None)];
        let ctx = context(&p, &prev, &[], &list);
        let Expansion { forms, evidence: ev, .. } = expand(&list[0], &ctx);
        assert_eq!(accepted(&forms), ["casuco", "casucos"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Previous]);
        // Held in the singular only: a desusado noun or a word of 18.2, which the lists cannot
        // tell apart; art. 12 admits the plural of the first.
        let Expansion { forms, evidence: ev, .. } = expand(&list[1], &ctx);
        assert_eq!(accepted(&forms), ["trasmorro", "trasmorros"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Silent]);
        let Expansion { forms, evidence: ev, .. } = expand(&list[2], &ctx);
        assert_eq!(accepted(&forms), ["gorbe", "gorbes"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Rules]);
        // A plural of 3 tiles or fewer that the previous edition lacks is out.
        let short = Prev(["cho"].into());
        let Expansion { forms, evidence: ev, .. } =
            expand(&entry("cho", None), &context(&p, &short, &[], &[]));
        assert_eq!(accepted(&forms), ["cho"]);
        assert_eq!((forms[1].text.as_str(), forms[1].rule), ("chos", "previous-no-short-plural"));
        assert_eq!(kinds(&ev), [EvidenceKind::PreviousShort]);
        // A -y after a vowel in none of the lists of 18.4.1 is no noun or adjective.
        let Expansion { forms, .. } = expand(&list[3], &ctx);
        assert_eq!(accepted(&forms), ["trabuy"]);
        assert_eq!(
            (forms[1].text.as_str(), forms[1].rule, forms[1].article),
            ("trabuyes", "end-vowel-y", "18.4.1")
        );
    }

    #[test]
    fn a_part_of_speech_table_decides_before_the_previous_editions_silence() {
        let p = plurals();
        let prev = Prev(["zurbajo", "tarandá", "zurbosa", "frior", "ayer"].into());
        let text = "lemma\thomograph\tcategories\nzurbajo\t\tadv\ntarandá\t\tinterj s\nzurboso\t\tadv\nayer\t\tadv s\nquiñón\t2\tprep\n";
        let table = crate::pos_table::read_pos_table(Path::new("pos.tsv"), text.as_bytes()).unwrap();
        let list = [
            entry("zurbajo", None),
            entry("tarandá", None),
            entry("zurboso", Some("zurbosa")),
            entry("frior", None),
            entry("ayer", None),
            NonVerbEntry { homograph: Some(1), ..entry("quiñón", None) },
            NonVerbEntry { homograph: Some(2), ..entry("quiñón", None) },
        ];
        let mut ctx = context(&p, &prev, &[], &list);
        ctx.with_pos_table(&table);
        // An invented adverb the previous edition holds in the singular only: without the table
        // art. 12 would admit zurbajos; the table's adverb refuses it (18.2.1).
        let Expansion { forms, evidence: ev, by_table } = expand(&list[0], &ctx);
        assert_eq!(accepted(&forms), ["zurbajo"]);
        assert_eq!(
            (forms[1].text.as_str(), forms[1].rule, forms[1].article),
            ("zurbajos", "pos:adv", "18.2.1")
        );
        assert_eq!(kinds(&ev), [EvidenceKind::PosTable]);
        // The row's line is the provenance of the plural it decided, not of the headword.
        let (row, decided) = by_table.expect("the table decided");
        assert_eq!((row.line, decided), (2, vec![1]));
        assert_eq!(ctx.pos_row(&list[0]).map(|r| r.line), Some(2));
        // An interjection that is also a noun pluralises (18.2.6).
        let Expansion { forms, .. } = expand(&list[1], &ctx);
        assert_eq!(accepted(&forms), ["tarandá", "tarandás"]);
        // The row speaks of the headword and its feminine, before the listed feminine does.
        let Expansion { forms, evidence: ev, by_table } = expand(&list[2], &ctx);
        assert_eq!(accepted(&forms), ["zurboso", "zurbosa"]);
        assert_eq!(kinds(&ev), [EvidenceKind::PosTable, EvidenceKind::PosTable]);
        let decided: Vec<&str> =
            by_table.expect("the table decided").1.iter().map(|&i| forms[i].text.as_str()).collect();
        assert_eq!(decided, ["zurbosos", "zurbosas"]);
        // No row: the other evidence decides as before.
        let Expansion { forms, evidence: ev, by_table } = expand(&list[3], &ctx);
        assert!(by_table.is_none());
        assert_eq!(accepted(&forms), ["frior", "friores"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Silent]);
        assert!(ctx.pos_row(&list[3]).is_none());
        // The regulation's lists still give the plural of a word they name in a category.
        let Expansion { forms, .. } = expand(&list[4], &ctx);
        assert_eq!(accepted(&forms), ["ayer", "ayeres"]);
        // A numbered row speaks of that homograph only.
        assert!(ctx.pos_row(&list[5]).is_none());
        let Expansion { forms, evidence: ev, .. } = expand(&list[6], &ctx);
        assert_eq!(accepted(&forms), ["quiñón"]);
        assert_eq!(kinds(&ev), [EvidenceKind::PosTable]);
    }

    #[test]
    fn a_word_of_unadapted_spelling_keeps_the_previous_editions_silence() {
        let p = plurals();
        let prev = Prev(["sport", "troupe", "pizza", "bistec", "bistecs", "frior"].into());
        let list = [
            entry("sport", None),
            entry("troupe", None),
            entry("pizza", None),
            entry("bistec", None),
            entry("frior", None),
            entry("tuit", None),
        ];
        let ctx = context(&p, &prev, &[], &list);
        // Singular only in the previous edition, and spelt as Spanish does not write: no plural.
        for (e, plural) in [(&list[0], "sports"), (&list[1], "troupes"), (&list[2], "pizzas")] {
            let Expansion { forms, evidence: ev, .. } = expand(e, &ctx);
            assert_eq!(accepted(&forms), [e.lemma.as_str()]);
            assert_eq!(
                (forms[1].text.as_str(), forms[1].rule, forms[1].article),
                (plural, "unadapted-spelling", "18.2.5")
            );
            assert_eq!(kinds(&ev), [EvidenceKind::SilentUnadapted]);
        }
        // The previous edition holds its plural: adapted, it pluralises.
        let Expansion { forms, evidence: ev, .. } = expand(&list[3], &ctx);
        assert_eq!(accepted(&forms), ["bistec", "bistecs"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Previous]);
        // A Spanish spelling held in the singular only: art. 12 may admit the plural.
        let Expansion { forms, evidence: ev, .. } = expand(&list[4], &ctx);
        assert_eq!(accepted(&forms), ["frior", "friores"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Silent]);
        // New to the previous edition: the ending rules decide, whatever the spelling.
        let Expansion { forms, evidence: ev, .. } = expand(&list[5], &ctx);
        assert_eq!(accepted(&forms), ["tuit", "tuits"]);
        assert_eq!(kinds(&ev), [EvidenceKind::Rules]);
    }

    #[test]
    fn a_plural_the_update_list_removes_is_out_whatever_decided_the_number() {
        let p = plurals();
        let prev = Prev(["trivio", "trivios", "bermo", "bermos"].into());
        let updates = [update(UpdateAction::RemovedPluralOnly, "trivios", &[])];
        let list = [entry("trivio", None), entry("bermo", Some("berma"))];
        let ctx = context(&p, &prev, &updates, &list);
        let Expansion { forms, evidence: ev, .. } = expand(&list[0], &ctx);
        assert_eq!(accepted(&forms), ["trivio"]);
        assert_eq!((forms[1].text.as_str(), forms[1].rule), ("trivios", "update-removed-plural"));
        assert_eq!(kinds(&ev), [EvidenceKind::Previous]);
        let Expansion { forms, .. } = expand(&list[1], &ctx);
        assert_eq!(accepted(&forms), ["bermo", "berma", "bermos", "bermas"]);
    }

    #[test]
    fn update_list_entries_missing_from_the_non_verb_list_are_words_of_their_own() {
        let p = plurals();
        fn texts(forms: Vec<Form>) -> Vec<(String, String)> {
            forms.into_iter().map(|f| (f.text, f.slot.to_string())).collect()
        }
        let variable = update(UpdateAction::AddedVariable, "zoncador", &[]);
        assert_eq!(
            texts(update_forms(&variable, Some(&p), false)),
            [("zoncador".to_string(), "lemma".to_string()), ("zoncadores".to_string(), "plural".to_string())]
        );
        assert!(update_forms(&variable, Some(&p), true).is_empty());
        let spelled = update(UpdateAction::AddedVariable, "zumay", &["zumáis"]);
        assert_eq!(
            texts(update_forms(&spelled, Some(&p), false)),
            [("zumay".to_string(), "lemma".to_string()), ("zumáis".to_string(), "plural".to_string())]
        );
        let invariable = update(UpdateAction::AddedInvariable, "zunc", &[]);
        assert_eq!(
            texts(update_forms(&invariable, Some(&p), false)),
            [("zunc".to_string(), "lemma".to_string())]
        );
        let plural = update(UpdateAction::AddedPluralOnly, "zuncos", &[]);
        assert_eq!(
            texts(update_forms(&plural, Some(&p), true)),
            [("zuncos".to_string(), "plural".to_string())]
        );
        assert!(update_forms(&update(UpdateAction::Removed, "zonzo", &[]), Some(&p), false).is_empty());
    }
}
