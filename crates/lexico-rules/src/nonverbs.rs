//! Expanding the entries of a non-verb list into forms: the headword, its feminine, and their
//! plurals when the evidence says the word varies in number.
//!
//! The FISE non-verb list gives no part of speech, so whether a headword has a plural cannot be
//! read from it. The build decides it from evidence, in this order, and reports how many words
//! each source of evidence decided:
//!
//! 0. a lemma table's row for the same headword and homograph number (part of speech and marks),
//!    which annotates the entry without adding a word — [`Evidence::Annotation`];
//! 1. the regulation's own lists (18.1–18.4: articles, pronouns, letters, invariables, words of
//!    18.2 with or without plural) — [`Evidence::Regulation`];
//! 2. the update list of the edition: new entries variable, invariable, or new in the plural only
//!    — [`Evidence::Update`];
//! 3. the previous edition: a headword it holds varies in number if and only if it also holds one
//!    of the plurals the rules form — [`Evidence::Previous`];
//! 4. otherwise the ending rules of 18.4, as for any noun or adjective — [`Evidence::Rules`].
//!
//! A plural the rules form but the evidence refuses is returned as a rejected form, so that the
//! lexicon can explain why it is out.

use std::collections::HashMap;

use crate::fise::{NonVerbEntry, UpdateEntry, UpdateSection};
use crate::form::{Form, Verdict};
use crate::lemmas::LemmaRow;
use crate::plural::{Decision, Number, Plurals};

/// Which source of evidence decided a word's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Evidence {
    Annotation,
    Regulation,
    Update,
    Previous,
    Rules,
}

impl Evidence {
    pub fn name(self) -> &'static str {
        match self {
            Evidence::Annotation => "lemma-table annotations",
            Evidence::Regulation => "regulation lists",
            Evidence::Update => "update lists",
            Evidence::Previous => "previous edition",
            Evidence::Rules => "ending rules (no other evidence)",
        }
    }
}

/// The previous edition, as far as the expansion needs it.
pub trait PreviousEdition {
    /// Returns true if and only if the previous edition holds `word` (spelled with or without
    /// accents, lower case).
    fn has(&self, word: &str) -> bool;
}

/// What the expansion of non-verbs knows besides the entry itself.
pub struct NonVerbContext<'a> {
    pub plurals: &'a Plurals,
    pub previous: Option<&'a dyn PreviousEdition>,
    updates: HashMap<String, Vec<UpdateEntry>>,
    annotations: HashMap<(String, Option<u8>), LemmaRow>,
}

impl<'a> NonVerbContext<'a> {
    pub fn new(
        plurals: &'a Plurals,
        previous: Option<&'a dyn PreviousEdition>,
        updates: &[UpdateEntry],
    ) -> Self {
        let mut map: HashMap<String, Vec<UpdateEntry>> = HashMap::new();
        for u in updates {
            map.entry(u.word.clone()).or_default().push(u.clone());
        }
        NonVerbContext { plurals, previous, updates: map, annotations: HashMap::new() }
    }

    /// Adds lemma-table rows that annotate entries of the non-verb list.
    pub fn annotate(&mut self, rows: impl IntoIterator<Item = LemmaRow>) {
        for r in rows {
            self.annotations.insert((r.lemma.clone(), r.homograph), r);
        }
    }

    fn update(&self, word: &str, section: UpdateSection) -> Option<&UpdateEntry> {
        self.updates.get(word)?.iter().find(|u| u.section == section)
    }
}

fn form<'a>(text: &str, slot: &'a str, rule: &'a str, article: &'a str, verdict: Verdict<'a>) -> Form<'a> {
    Form { text: text.to_string(), slot, rule, article, verdict }
}

fn rejected(reason: &'static str) -> Verdict<'static> {
    Verdict::Rejected { reason: reason.into() }
}

/// Expands one entry of the non-verb list: the headword, the feminine, and the plurals of each,
/// each form with the rule that decided it. Also returns the evidence that decided each word's
/// number.
pub fn expand<'a>(entry: &NonVerbEntry, ctx: &NonVerbContext<'a>) -> (Vec<Form<'a>>, Vec<Evidence>) {
    let mut forms = vec![form(&entry.lemma, "lemma", "listed", "", Verdict::Accepted)];
    let mut evidence = Vec::new();
    if let Some(f) = &entry.feminine {
        forms.push(form(f, "feminine", "listed-feminine", "", Verdict::Accepted));
    }
    if let Some(row) = ctx.annotations.get(&(entry.lemma.clone(), entry.homograph)) {
        push_decision(
            ctx.plurals,
            ctx.plurals.decide_entry(&row.plural_entry(false)),
            &entry.lemma,
            &mut forms,
        );
        evidence.push(Evidence::Annotation);
        if let Some(f) = &entry.feminine {
            let mut fem = row.plural_entry(true);
            fem.lemma = f.clone();
            push_decision(ctx.plurals, ctx.plurals.decide_entry(&fem), f, &mut forms);
            evidence.push(Evidence::Annotation);
        }
        return (forms, evidence);
    }
    let words: Vec<&str> = std::iter::once(entry.lemma.as_str()).chain(entry.feminine.as_deref()).collect();
    for word in words {
        evidence.push(number(word, ctx, &mut forms));
    }
    (forms, evidence)
}

/// Expands a lemma-table row that is a lemma of its own (not an annotation): the headword, the
/// feminine, and their plurals as the row's parts of speech and marks decide.
pub fn expand_row<'a>(row: &LemmaRow, plurals: &'a Plurals) -> Vec<Form<'a>> {
    let mut forms = vec![form(&row.lemma, "lemma", "listed", "", Verdict::Accepted)];
    push_decision(plurals, plurals.decide_entry(&row.plural_entry(false)), &row.lemma, &mut forms);
    if let Some(f) = &row.feminine {
        forms.push(form(f, "feminine", "listed-feminine", "", Verdict::Accepted));
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
                    verdict: rejected("no plural for this part of speech or mark"),
                    rule: d.rule,
                    article: d.article,
                    ..f
                });
            }
        }
    }
}

/// Decides the number of `word` and pushes its plural forms, accepted or rejected.
fn number<'a>(word: &str, ctx: &NonVerbContext<'a>, forms: &mut Vec<Form<'a>>) -> Evidence {
    let plurals = ctx.plurals;
    if let Some(d) = plurals.closed_list(word) {
        match d.number {
            Number::Variable => forms.extend(d.forms),
            Number::Invariable => {}
            Number::NoPlural => {
                let reason = "the regulation gives this word no plural";
                for f in plurals.by_ending(word).forms.into_iter().filter(|f| f.text != word) {
                    forms.push(Form { verdict: rejected(reason), rule: d.rule, article: d.article, ..f });
                }
            }
        }
        return Evidence::Regulation;
    }
    let by_rules = plurals.decide(word);
    if let Some(u) = ctx.update(word, UpdateSection::AddedVariable) {
        if u.plurals.is_empty() {
            forms.extend(by_rules.forms.into_iter().filter(|f| f.text != word));
        } else {
            for p in &u.plurals {
                forms.push(form(p, "plural", "update-variable", "18.4", Verdict::Accepted));
            }
        }
        return Evidence::Update;
    }
    if ctx.update(word, UpdateSection::AddedInvariable).is_some() {
        for f in by_rules.forms.into_iter().filter(|f| f.text != word) {
            forms.push(Form {
                verdict: rejected("invariable in number by the edition's update list"),
                rule: "update-invariable",
                article: "18",
                ..f
            });
        }
        return Evidence::Update;
    }
    if let Some(prev) = ctx.previous {
        if prev.has(word) {
            let candidates: Vec<Form> = by_rules.forms.into_iter().filter(|f| f.text != word).collect();
            if candidates.is_empty() || candidates.iter().any(|f| prev.has(&f.text)) {
                forms.extend(candidates);
            } else {
                for f in candidates {
                    forms.push(Form {
                        verdict: rejected("the previous edition does not inflect this word in number (adverb, interjection, unadapted foreign word…)"),
                        rule: "previous-no-plural",
                        article: "18.2",
                        ..f
                    });
                }
            }
            return Evidence::Previous;
        }
    }
    forms.extend(by_rules.forms.into_iter().filter(|f| f.text != word));
    Evidence::Rules
}

/// The forms an update list adds by itself: section 3, plurals new in the edition whose singular
/// was already valid by another entry.
pub fn update_forms(u: &UpdateEntry) -> Option<Form<'static>> {
    (u.section == UpdateSection::AddedPluralOnly)
        .then(|| form(&u.word, "plural", "update-plural-only", "18", Verdict::Accepted))
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
    }

    fn plurals() -> Plurals {
        Plurals::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/plurals")).unwrap()
    }

    fn entry(lemma: &str, feminine: Option<&str>) -> NonVerbEntry {
        NonVerbEntry { line: 1, lemma: lemma.into(), feminine: feminine.map(Into::into), homograph: None }
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
        let (forms, ev) = expand(&entry("lentamente", None), &ctx);
        assert_eq!(accepted(&forms), ["lentamente"]);
        assert_eq!(ev, [Evidence::Annotation]);
    }

    #[test]
    fn evidence_decides_in_order() {
        let p = plurals();
        let prev = Prev(["lentamente", "casa", "casas", "bonito", "bonitos", "bonita", "bonitas"].into());
        let updates = vec![UpdateEntry {
            line: 1,
            section: UpdateSection::AddedInvariable,
            word: "abc".into(),
            plurals: vec![],
            note: String::new(),
        }];
        let ctx = NonVerbContext::new(&p, Some(&prev), &updates);
        let (forms, ev) = expand(&entry("bonito", Some("bonita")), &ctx);
        assert_eq!(accepted(&forms), ["bonito", "bonita", "bonitos", "bonitas"]);
        assert_eq!(ev, [Evidence::Previous, Evidence::Previous]);
        let (forms, ev) = expand(&entry("lentamente", None), &ctx);
        assert_eq!(accepted(&forms), ["lentamente"]);
        assert_eq!(forms[1].rule, "previous-no-plural");
        assert_eq!(ev, [Evidence::Previous]);
        let (forms, ev) = expand(&entry("lord", None), &ctx);
        assert_eq!(accepted(&forms), ["lord", "lores"]);
        assert_eq!(ev, [Evidence::Regulation]);
        let (forms, ev) = expand(&entry("abc", None), &ctx);
        assert_eq!(accepted(&forms), ["abc"]);
        assert_eq!(ev, [Evidence::Regulation]);
        let (forms, ev) = expand(&entry("mesa", None), &ctx);
        assert_eq!(accepted(&forms), ["mesa", "mesas"]);
        assert_eq!(ev, [Evidence::Rules]);
    }
}
