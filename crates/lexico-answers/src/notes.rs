//! Release notes in Markdown, in Spanish or English: what a new edition adds and removes, grouped
//! as the federation's update lists group them ([`notes`]) or by cause ([`notes_by_cause`]), and
//! the notes of a release folder ([`release_notes`]). Words are spelled as the sources spell
//! them where the lexicon records it (a headword or a feminine with its accents: `acreción`),
//! sources are named by file name, and counts agree with their nouns (`1 verbo`, `49 formas`).
//! The text depends only on the lexicons, so a release built twice has the same notes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use lexico_lexicon::{FormKind, Lexicon, LexiconError, Manifest, SlotInfo};

use crate::attribute::{Attributed, Attribution, Cause};
use crate::diff::{counts, diff, ChangedWord, Diff, DiffError};
use crate::forms::SourceSpelling;
use crate::i18n::{msg, Arg, Lang};
use crate::safe::markdown_text;

/// The message `id` with one number `count`.
fn counted(lang: Lang, id: &str, name: &str, count: usize) -> String {
    msg(lang, id, &[(name, Arg::Num(count as u64))])
}

/// Writes `words` as a wrapped Markdown paragraph.
fn paragraph(out: &mut String, words: impl Iterator<Item = String>) {
    let mut width = 0;
    for (i, w) in words.enumerate() {
        let len = w.chars().count();
        if i > 0 {
            out.push(',');
            if width + len + 2 > 100 {
                out.push('\n');
                width = 0;
            } else {
                out.push(' ');
                width += 1;
            }
        }
        width += len + 1;
        out.push_str(&w);
    }
    out.push_str("\n\n");
}

/// A changed word in lower case as its source spells it: a headword or a feminine with the
/// accents its entry records (`acreción`), any other form by its tiles (`acreciones`).
fn spelled(c: &ChangedWord, spelling: &SourceSpelling) -> String {
    let plain = c.word.to_lowercase();
    let code = c.entry.map(|e| lexico_lexicon::provenance::code(e, 0));
    spelling.spell(&plain, code.as_slice()).unwrap_or(plain)
}

/// A kind of form as the notes name it.
fn kind_name(kind: FormKind, lang: Lang) -> String {
    let id = match kind {
        FormKind::Lemma => "notes-kind-lemma",
        FormKind::Feminine => "notes-kind-feminine",
        FormKind::Plural => "notes-kind-plural",
        FormKind::VerbForm => "notes-kind-verb-form",
        FormKind::Unknown => "notes-kind-unknown",
    };
    msg(lang, id, &[])
}

/// A rule as a heading names it: `rule R (art. A)`.
fn rule_name(slot: &SlotInfo, lang: Lang) -> String {
    let rule = Arg::Str(&slot.rule);
    match slot.article.as_str() {
        "" => msg(lang, "notes-rule", &[("rule", rule)]),
        article => msg(lang, "notes-rule-article", &[("rule", rule), ("article", Arg::Str(article))]),
    }
}

/// What notes read of one edition: its entries, and of the new one its refused forms.
struct Edition<'a> {
    lex: &'a Lexicon,
    spelling: SourceSpelling,
}

impl<'a> Edition<'a> {
    fn new(lex: &'a Lexicon) -> Edition<'a> {
        Edition { lex, spelling: SourceSpelling::from_entries(lex.entry_infos().unwrap_or_default()) }
    }

    /// The slot of the new edition's rules that refuses `word` (in tiles), if it refuses it.
    fn refusal(&self, word: &str) -> Option<SlotInfo> {
        let key = self.lex.tiles().parse_word(word).ok()?;
        let primary = self.lex.rejected().ok()?.get(&key)?;
        let prov = self.lex.provenance().ok()?;
        let code = *prov.codes(primary, true).first()?;
        prov.slots.get(lexico_lexicon::provenance::slot_of(code) as usize).cloned()
    }
}

/// One half of the notes: the additions (`has` is the new edition) or the removals (`has` is
/// the old one, `other` the new), grouped by kind. Removed words of unknown kind (the old
/// edition a plain word list) are grouped by the new edition's rule that refuses them, then the
/// words it neither makes nor refuses.
fn section(
    out: &mut String,
    heading: String,
    changes: &[ChangedWord],
    has: &Edition,
    other: Option<&Edition>,
    lang: Lang,
) {
    let _ = writeln!(out, "{heading}\n");
    let (_, by_kind) = counts(changes);
    for (kind, n) in &by_kind {
        let n = *n as usize;
        let of_kind = changes.iter().filter(|c| c.kind == *kind);
        match kind {
            FormKind::VerbForm => {
                // The federation lists verbs by infinitive: group the forms by entry.
                let mut verbs: BTreeMap<String, u64> = BTreeMap::new();
                for c in of_kind {
                    let name = match c.entry.and_then(|e| has.spelling.entries().get(&e)) {
                        Some(info) => info.lemma.clone(),
                        None => msg(lang, "notes-entry", &[("entry", Arg::Num(c.entry.unwrap_or(0)))]),
                    };
                    *verbs.entry(name).or_default() += 1;
                }
                let args = [("forms", Arg::Num(n as u64)), ("verbs", Arg::Num(verbs.len() as u64))];
                let _ = writeln!(out, "{}\n", msg(lang, "notes-verb-forms", &args));
                paragraph(out, verbs.into_iter().map(|(v, n)| format!("{v} ({n})")));
            }
            FormKind::Unknown if other.is_some_and(|o| !o.spelling.entries().is_empty()) => {
                let other = other.expect("checked");
                let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
                let mut not_made = Vec::new();
                for c in of_kind {
                    match other.refusal(&c.word) {
                        Some(slot) => {
                            refused.entry(rule_name(&slot, lang)).or_default().push(c.word.to_lowercase())
                        }
                        None => not_made.push(c.word.to_lowercase()),
                    }
                }
                for (rule, words) in refused {
                    let args = [("rule", Arg::Str(&rule)), ("count", Arg::Num(words.len() as u64))];
                    let _ = writeln!(out, "{}\n", msg(lang, "notes-refused-by", &args));
                    paragraph(out, words.into_iter());
                }
                if !not_made.is_empty() {
                    let _ = writeln!(out, "{}\n", counted(lang, "notes-not-made", "count", not_made.len()));
                    paragraph(out, not_made.into_iter());
                }
            }
            _ => {
                let id = match kind {
                    FormKind::Lemma => "notes-headwords",
                    FormKind::Feminine => "notes-feminines",
                    FormKind::Plural => "notes-plurals",
                    _ => "notes-unknown",
                };
                let _ = writeln!(out, "{}\n", counted(lang, id, "count", n));
                paragraph(out, of_kind.map(|c| spelled(c, &has.spelling)));
            }
        }
    }
}

/// Release notes in Markdown, in `lang`: what the new edition adds and removes, grouped as the
/// federation's update lists group them, with counts. Fails when a manifest cannot be read.
///
/// ```
/// use lexico_answers::{diff, notes, Lang};
/// use lexico_lexicon::Lexicon;
///
/// let old = Lexicon::from_words(["casa"])?;
/// let new = Lexicon::from_words(["casa", "casas"])?;
/// let text = notes(&old, &new, &diff(&old, &new)?, Lang::En)?;
/// assert!(text.contains("- added: 1 word; removed: 0 words"));
/// assert!(text.contains("casas"));
/// let text = notes(&old, &new, &diff(&old, &new)?, Lang::Es)?;
/// assert!(text.contains("- añadidas: 1 palabra; retiradas: 0 palabras"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn notes(old: &Lexicon, new: &Lexicon, d: &Diff, lang: Lang) -> Result<String, LexiconError> {
    let mut s = notes_head(old, new, d, lang)?;
    let (o, n) = (Edition::new(old), Edition::new(new));
    section(&mut s, counted(lang, "notes-additions", "count", d.added.len()), &d.added, &n, None, lang);
    section(
        &mut s,
        counted(lang, "notes-removals", "count", d.removed.len()),
        &d.removed,
        &o,
        Some(&n),
        lang,
    );
    Ok(s)
}

/// The notes of a release folder (`NOTES.md`) of the lexicon `new`, in `lang`: [`notes`]
/// against the `previous` edition, else a first edition's line; then, when the rule set is
/// modified from an embedded one, a line naming it and the files that differ (`modified`).
///
/// ```
/// use lexico_answers::Lang;
/// use lexico_lexicon::Lexicon;
/// let new = Lexicon::from_words(["casa"])?;
/// let text = lexico_answers::release_notes(&new, None, Some("plural.toml"), Lang::En)?;
/// assert!(text.contains("First edition: 1 word,"));
/// assert!(text.ends_with(" (files that differ: plural.toml).\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn release_notes(
    new: &Lexicon,
    previous: Option<&Lexicon>,
    modified: Option<&str>,
    lang: Lang,
) -> Result<String, DiffError> {
    let mut text = match previous {
        Some(old) => notes(old, new, &diff(old, new)?, lang)?,
        None => {
            let m = new.manifest()?;
            let edition = [&m.name, &m.edition, &m.version].map(|s| markdown_text(s)).join(" ");
            let first = msg(
                lang,
                "notes-first-edition",
                &[("words", Arg::Num(m.words)), ("sha", Arg::Str(&m.payload_sha256))],
            );
            format!("{}\n\n{first}\n", msg(lang, "notes-title", &[("edition", Arg::Str(&edition))]))
        }
    };
    if let Some(files) = modified {
        let set = &new.manifest()?.rules;
        let rules = format!("{} {}", markdown_text(&set.name), markdown_text(&set.version));
        let files = markdown_text(files);
        let line =
            msg(lang, "notes-rules-modified", &[("rules", Arg::Str(&rules)), ("files", Arg::Str(&files))]);
        let _ = writeln!(text, "\n{line}");
    }
    Ok(text)
}

/// An edition as the notes name it: its name, edition and version (an edition that names the
/// lexicon, FISE-2 of FISE, stands for both).
fn label(m: &Manifest) -> String {
    let mut s = if m.edition.contains(&m.name) { String::new() } else { m.name.clone() };
    for part in [&m.edition, &m.version] {
        if !part.is_empty() {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(part);
        }
    }
    markdown_text(&s)
}

/// A table of counts: a header of `first` and the columns added and removed, then one row for
/// each key.
fn table<K: Ord + Copy>(
    s: &mut String,
    first: &str,
    added: &BTreeMap<K, u64>,
    removed: &BTreeMap<K, u64>,
    name: impl Fn(K) -> String,
    align: &str,
    lang: Lang,
) {
    let (a, r) = (msg(lang, "notes-column-added", &[]), msg(lang, "notes-column-removed", &[]));
    let _ = writeln!(s, "| {first} | {a} | {r} |\n|{align}|---:|---:|");
    let keys: BTreeSet<K> = added.keys().chain(removed.keys()).copied().collect();
    for k in keys {
        let count = |m: &BTreeMap<K, u64>| m.get(&k).copied().unwrap_or(0);
        let _ = writeln!(s, "| {} | {} | {} |", name(k), count(added), count(removed));
    }
    s.push('\n');
}

/// The title, the two editions and the tables of counts by kind and by length that open the
/// release notes.
fn notes_head(old: &Lexicon, new: &Lexicon, d: &Diff, lang: Lang) -> Result<String, LexiconError> {
    let (om, nm) = (old.manifest()?, new.manifest()?);
    let mut s = String::new();
    let _ = writeln!(s, "{}\n", msg(lang, "notes-title", &[("edition", Arg::Str(&label(nm)))]));
    let (ol, nl) = (label(om), label(nm));
    let _ =
        writeln!(s, "{}\n", msg(lang, "notes-changes", &[("old", Arg::Str(&ol)), ("new", Arg::Str(&nl))]));
    for (id, m) in [("notes-new-lexicon", nm), ("notes-previous-lexicon", om)] {
        let _ = writeln!(
            s,
            "{}",
            msg(lang, id, &[("words", Arg::Num(m.words)), ("sha", Arg::Str(&m.payload_sha256))])
        );
    }
    let (added, removed) = (Arg::Num(d.added.len() as u64), Arg::Num(d.removed.len() as u64));
    let _ = writeln!(s, "{}\n", msg(lang, "notes-added-removed", &[("added", added), ("removed", removed)]));
    let (al, ak) = counts(&d.added);
    let (rl, rk) = counts(&d.removed);
    table(&mut s, &msg(lang, "notes-column-kind", &[]), &ak, &rk, |k| kind_name(k, lang), "---", lang);
    table(&mut s, &msg(lang, "notes-column-tiles", &[]), &al, &rl, |n: usize| n.to_string(), "---:", lang);
    Ok(s)
}

/// A cause as the notes name it.
fn cause_name(cause: Cause, lang: Lang) -> String {
    let id = match cause {
        Cause::Source => "notes-cause-source",
        Cause::Rule => "notes-cause-rule",
        Cause::Unattributed => "notes-cause-unattributed",
    };
    msg(lang, id, &[])
}

/// Release notes grouped by cause, in `lang`: the opening of [`notes`] (editions, counts by
/// kind and by length), a table of counts by cause, then 1. source changes by source file, 2.
/// rule changes by the pair of rules, 3. the words left unattributed. Each word is `+word` or
/// `-word`, as its source spells it. The text depends only on the two lexicons.
///
/// ```
/// use lexico_answers::{attribute, notes_by_cause, Lang};
/// use lexico_lexicon::Lexicon;
///
/// let (old, new) = (Lexicon::from_words(["casa"])?, Lexicon::from_words(["casa", "casas"])?);
/// let text = notes_by_cause(&old, &new, &attribute(&old, &new)?, Lang::En)?;
/// assert!(text.contains("| unattributed | 1 | 0 |"));
/// assert!(text.contains("## 3. Unattributed: 1 word\n\n+casas"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn notes_by_cause(
    old: &Lexicon,
    new: &Lexicon,
    a: &Attribution,
    lang: Lang,
) -> Result<String, LexiconError> {
    let mut s = notes_head(old, new, &a.diff(), lang)?;
    let count = |list: &[Attributed], cause| list.iter().filter(|x| x.cause == cause).count() as u64;
    let added: BTreeMap<Cause, u64> = Cause::ALL.iter().map(|&c| (c, count(&a.added, c))).collect();
    let removed: BTreeMap<Cause, u64> = Cause::ALL.iter().map(|&c| (c, count(&a.removed, c))).collect();
    table(
        &mut s,
        &msg(lang, "notes-column-cause", &[]),
        &added,
        &removed,
        |c| cause_name(c, lang),
        "---",
        lang,
    );
    if let Some(plain) = &a.plain {
        let _ =
            writeln!(s, "{}\n", msg(lang, "notes-plain", &[("edition", Arg::Str(&markdown_text(plain)))]));
    }
    let (o, n) = (Edition::new(old), Edition::new(new));
    let sign = |x: &Attributed| {
        let has = if x.added { &n } else { &o };
        format!("{}{}", if x.added { '+' } else { '-' }, spelled(&x.change, &has.spelling))
    };
    let rule = |slot: &Option<SlotInfo>| match slot {
        Some(s) if s.article.is_empty() => s.rule.clone(),
        Some(s) => format!("{} (art. {})", s.rule, s.article),
        None => msg(lang, "notes-not-generated", &[]),
    };
    for cause in Cause::ALL {
        let words: Vec<&Attributed> = a.iter().filter(|x| x.cause == cause).collect();
        let id = match cause {
            Cause::Source => "notes-source-changes",
            Cause::Rule => "notes-rule-changes",
            Cause::Unattributed => "notes-unattributed",
        };
        let _ = writeln!(s, "{}\n", counted(lang, id, "count", words.len()));
        let mut groups: BTreeMap<(String, String), Vec<&Attributed>> = BTreeMap::new();
        for x in words {
            let group = match cause {
                Cause::Source => {
                    (x.source.as_ref().map(|(p, _)| p.clone()).unwrap_or_default(), String::new())
                }
                Cause::Rule => (rule(&x.old), rule(&x.new)),
                Cause::Unattributed => Default::default(),
            };
            groups.entry(group).or_default().push(x);
        }
        for ((first, second), words) in groups {
            let count = words.len() as u64;
            if cause == Cause::Rule {
                let args =
                    [("old", Arg::Str(&first)), ("new", Arg::Str(&second)), ("count", Arg::Num(count))];
                let _ = writeln!(s, "{}\n", msg(lang, "notes-rule-pair", &args));
            } else if !first.is_empty() {
                let _ = writeln!(s, "### {}: {count}\n", markdown_text(&first));
            }
            paragraph(&mut s, words.into_iter().map(sign));
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_lexicon::provenance::{code, EntryKind, VerbInfo};
    use lexico_lexicon::EntryInfo;
    use lexico_lexicon::{Builder, SlotInfo};

    /// An edition of the verb conducir (its forms `verb_forms`) and the headword acreción.
    fn edition(verb_forms: &[&str]) -> Lexicon {
        let set = lexico_lexicon::fise_2016_tiles();
        let mut b = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
        let slot = |b: &mut Builder, kind| {
            b.slot(SlotInfo { kind, rule: "r".into(), ..SlotInfo::default() }).unwrap()
        };
        let (verb, lemma) = (slot(&mut b, FormKind::VerbForm), slot(&mut b, FormKind::Lemma));
        for w in verb_forms {
            b.insert(&set.parse_word(w).unwrap(), code(1, verb)).unwrap();
        }
        b.insert(&set.parse_word("acrecion").unwrap(), code(2, lemma)).unwrap();
        let info = VerbInfo { model: 5, class: 1, property: '.', forms: None, undone_at: None };
        b.describe_entry(
            1,
            EntryInfo { lemma: "conducir".into(), homograph: None, kind: EntryKind::Verb(info) },
        );
        let headword = EntryKind::NonVerb { feminine: None };
        b.describe_entry(2, EntryInfo { lemma: "acreción".into(), homograph: None, kind: headword });
        Lexicon::from_vec(b.finish(Manifest { name: "T".into(), ..Default::default() }).unwrap()).unwrap()
    }

    #[test]
    fn notes_agree_in_number_in_both_languages_and_keep_the_sources_accents() {
        let old = Lexicon::from_words(["casa"]).unwrap();
        let one = edition(&["conduje"]);
        let d = diff(&old, &one).unwrap();
        let es = notes(&old, &one, &d, Lang::Es).unwrap();
        assert!(es.contains("### Formas verbales: 1 forma de 1 verbo\n\nconducir (1)\n"), "{es}");
        assert!(es.contains("### Lemas: 1\n\nacreción\n"), "{es}");
        assert!(es.contains("## 1. Altas: 2 palabras\n") && es.contains("## 2. Bajas: 1 palabra\n"), "{es}");
        let two = edition(&["conduje", "condujo"]);
        let en = notes(&old, &two, &diff(&old, &two).unwrap(), Lang::En).unwrap();
        assert!(en.contains("### Verb forms: 2 forms of 1 verb\n\nconducir (2)\n"), "{en}");
        assert!(en.contains("- added: 3 words; removed: 1 word\n"), "{en}");
    }
}
