//! Update lists applied: the federation's update lists given as sources beside the full lists
//! change those lists as they say, section by section, so that the lists of an edition and the
//! update lists of the next give the next edition's sources.
//!
//! Each line is compared with the full lists. Where they already hold what the line gives (the
//! full lists of the edition the update made), nothing changes; where they hold what the line
//! changes (the lists of the edition before), the line is applied; where they hold neither, the
//! line is applied and a [`Warning::Disagrees`] names both lines.
//!
//! - Non-verb list (`ACTUALIZACIÓN DE NO VERBOS`): sections 1–3 are words of the list itself (it
//!   is a source: `nonverbs::update_forms`) and number evidence; section 4 takes its words out of
//!   the non-verb lists (a feminine alone leaves its line); section 5 rejects its plurals; the
//!   annexes name words that another entry makes valid, which the build checks once it is done
//!   ([`annex_check`]).
//! - Verb list (`ACTUALIZACIÓN DE VERBOS`): section 1 adds its verbs, with the class of their
//!   sub-heading and the model their note names (regular when it names none); section 2 takes
//!   them out (or leaves the obsolete entry the note speaks of); sections 3 and 4 give the usage
//!   code the rule set names for them; section 5 takes the obsolete code off; sections 6–11 move
//!   the class; section 12 changes the codes its note names ([`FormsChange`]), adds the forms it
//!   adds and withdraws the one it withdraws. A note of section 12 the engine does not read is
//!   left to the rule set when it decides the verb by itself (`verbs.toml`, or a model named
//!   after the verb), else counted in a [`Warning::NotApplied`].

use std::collections::HashSet;

use lexico_rules::fise::{FormsChange, UpdateAction, UpdateEntry, VerbClass, VerbUpdate, VerbUpdateSection};
use lexico_rules::syllable::strip_accents;
use lexico_rules::verbs::{VerbEntry, VerbRules};
use lexico_rules::RuleError;

use crate::read::{AddedForm, Applied, Parsed};
use crate::warnings::{Warning, DUPLICATES_SHOWN};
use crate::CompileError;

/// The forms the verb update lists withdraw (`se retira la forma "lloviznad"`): the verb and the
/// form, both lower case without accents.
pub(crate) type Dropped = HashSet<(String, String)>;

/// A form as compared: lower case, without acute accents.
pub(crate) fn folded(text: &str) -> String {
    strip_accents(&text.to_lowercase())
}

/// Applies the non-verb update list `updates` to the non-verb lists among `parsed`: the words
/// of section 4 leave them.
pub(crate) fn non_verbs(updates: &[UpdateEntry], parsed: &mut [Parsed]) {
    let removed: HashSet<&str> =
        updates.iter().filter(|u| u.section == UpdateAction::Removed).map(|u| u.word.as_str()).collect();
    if removed.is_empty() {
        return;
    }
    for p in parsed.iter_mut() {
        let Parsed::NonVerbs(entries) = p else { continue };
        entries.retain_mut(|e| {
            if e.feminine.as_deref().is_some_and(|f| removed.contains(f)) {
                e.feminine = None;
            }
            if removed.contains(e.lemma.as_str()) {
                match e.feminine.take() {
                    Some(f) => e.lemma = f,
                    None => return false,
                }
            }
            true
        });
    }
}

/// The words of the annexes of the non-verb update lists among `parsed` that `has` says are not
/// in the lexicon built: the annexes name words another entry makes valid.
pub(crate) fn annex_check(parsed: &[Parsed], paths: &[&str], has: impl Fn(&str) -> bool) -> Vec<Warning> {
    let mut out = Vec::new();
    for (p, path) in parsed.iter().zip(paths) {
        let Parsed::NonVerbUpdates(updates) = p else { continue };
        let missing: Vec<u64> = updates
            .iter()
            .filter(|u| {
                matches!(u.section, UpdateAction::AddedAlreadyValid | UpdateAction::RemovedStillValid)
            })
            .filter(|u| !has(&u.word))
            .map(|u| u.line as u64)
            .collect();
        if !missing.is_empty() {
            out.push(Warning::AnnexNotValid {
                source: path.to_string(),
                count: missing.len() as u64,
                lines: missing.iter().copied().take(DUPLICATES_SHOWN).collect(),
            });
        }
    }
    out
}

/// The place of a verb entry among the full lists: the index of its list in `parsed` and its
/// index in the list.
type At = (usize, usize);

/// The classified verb lists of a build, with their paths.
struct Lists<'p> {
    parsed: &'p mut [Parsed],
    paths: &'p [String],
}

impl Lists<'_> {
    fn entries(&self) -> impl Iterator<Item = (At, &VerbEntry)> {
        self.parsed.iter().enumerate().flat_map(|(l, p)| match p {
            Parsed::Verbs(list) => list.entries.iter().enumerate().map(|(i, e)| ((l, i), e)).collect(),
            _ => Vec::new(),
        })
    }

    /// The entries of the verb `u` names, in its conjugation.
    fn of(&self, u: &VerbUpdate) -> Vec<At> {
        self.entries()
            .filter(|(_, e)| e.verb() == u.verb() && e.conjugation == u.conjugation)
            .map(|(a, _)| a)
            .collect()
    }

    fn get(&self, (l, i): At) -> &VerbEntry {
        match &self.parsed[l] {
            Parsed::Verbs(list) => &list.entries[i],
            _ => unreachable!("an entry's place is in a verb list"),
        }
    }

    fn get_mut(&mut self, (l, i): At) -> &mut VerbEntry {
        match &mut self.parsed[l] {
            Parsed::Verbs(list) => &mut list.entries[i],
            _ => unreachable!("an entry's place is in a verb list"),
        }
    }

    /// `path:line` of the entry at `at`.
    fn place(&self, at: At) -> (String, u64) {
        (self.paths[at.0].clone(), self.get(at).line as u64)
    }

    fn remove(&mut self, places: &[At]) {
        for (l, p) in self.parsed.iter_mut().enumerate() {
            let Parsed::Verbs(list) = p else { continue };
            let mut i = 0;
            list.entries.retain(|_| {
                i += 1;
                !places.contains(&(l, i - 1))
            });
        }
    }
}

/// The codes of an entry as the classified list writes them (`00-1-.-abacorar`).
fn codes(e: &VerbEntry) -> String {
    let forms = e.forms.as_deref().map(|f| format!("({f})")).unwrap_or_default();
    format!("{:02}-{}-{}-{}{forms}", e.model, e.class, e.property, e.infinitive)
}

/// Applies the verb update list `updates` (of the source at `path`) to the classified lists
/// among `parsed` (whose paths are `paths`). Returns what the list adds by itself and what a
/// maintainer should know: the lines that disagree with the lists, and those not applied.
pub(crate) fn verbs(
    updates: &[VerbUpdate],
    path: &str,
    rules: &VerbRules,
    parsed: &mut [Parsed],
    paths: &[String],
    dropped: &mut Dropped,
) -> Result<(Applied, Vec<Warning>), CompileError> {
    let mut lists = Lists { parsed, paths };
    let mut applied = Applied::default();
    let mut warnings = Vec::new();
    let mut not_applied = Vec::new();
    let file = std::path::Path::new(path);
    for u in updates {
        let at = lists.of(u);
        let current: Vec<At> =
            at.iter().copied().filter(|&a| !rules.is_usage_code(lists.get(a).model)).collect();
        let mut disagree = |lists: &Lists, at: Option<At>, says: String| {
            let (source, source_line) = match at {
                Some(a) => lists.place(a),
                None => ("the full lists".to_string(), 0),
            };
            warnings.push(Warning::Disagrees {
                update: path.to_string(),
                line: u.line as u64,
                source,
                source_line,
                says,
            });
        };
        let named = u.model_named().and_then(|(name, _)| rules.model_number(u.conjugation, name));
        let new_entry = |model: u8, class: u8| VerbEntry {
            infinitive: u.infinitive.clone(),
            homograph: None,
            conjugation: u.conjugation,
            model,
            class,
            property: '.',
            forms: None,
            line: u.line,
        };
        let usage_code = |section: VerbUpdateSection, title: &str| {
            rules.usage_code_for(section).ok_or_else(|| {
                CompileError::from(RuleError::syntax(
                    file,
                    u.line,
                    1,
                    format!(
                        "section '{title}' cannot be applied: the rule set gives no usage code for it \
                         (verbs/rules.toml, update_section)"
                    ),
                ))
            })
        };
        match u.section {
            VerbUpdateSection::New => {
                let mut want = match u.class {
                    Some(c) => new_entry(named.unwrap_or(0), rules.class_code(c)),
                    None => new_entry(named.unwrap_or(0), rules.unstated_class(&u.infinitive)),
                };
                if u.says_regional() {
                    (want.model, want.class) =
                        (usage_code(VerbUpdateSection::Regional, "1. NUEVOS")?, rules.usage_class());
                }
                let defective = u.defective_in();
                let agrees = |e: &VerbEntry| {
                    let class_ok = match u.class {
                        _ if rules.is_usage_code(want.model) => e.model == want.model,
                        Some(c) => rules.class_codes(c).contains(&e.class),
                        None => true,
                    };
                    let model_ok =
                        defective.is_some() || e.model == want.model || rules.is_usage_code(want.model);
                    class_ok && model_ok && (defective.is_none() || e.property == 'D')
                };
                if at.iter().any(|&a| agrees(lists.get(a))) {
                    continue;
                }
                if let Some(forms) = defective {
                    let description = rules.defective_description(forms).ok_or_else(|| {
                        RuleError::syntax(
                            file,
                            u.line,
                            u.note_column,
                            format!(
                                "cannot be applied: no rule of the rule set reads the forms '{forms}' of a defective \
                                 verb (verbs/rules.toml, bracket)"
                            ),
                        )
                    })?;
                    (want.property, want.forms) = ('D', Some(description.to_string()));
                }
                match at.first() {
                    None => {
                        rules.check_entries(file, std::slice::from_ref(&want))?;
                        applied.verbs.push(want);
                    }
                    Some(&first) => {
                        let says =
                            format!("a new verb {}, listed as {}", codes(&want), codes(lists.get(first)));
                        disagree(&lists, Some(first), says);
                        let e = lists.get_mut(first);
                        (e.model, e.class, e.property, e.forms) =
                            (want.model, want.class, want.property, want.forms);
                    }
                }
            }
            VerbUpdateSection::Removed => {
                if current.is_empty() {
                    continue;
                }
                let obsolete =
                    u.says_obsolete() && !at.iter().any(|&a| rules.is_usage_code(lists.get(a).model));
                if obsolete {
                    let code = usage_code(VerbUpdateSection::BecameObsolete, "2. SUPRIMIDOS")?;
                    let e = lists.get_mut(current[0]);
                    (e.model, e.class, e.property, e.forms) = (code, rules.usage_class(), '.', None);
                    lists.remove(&current[1..]);
                } else {
                    lists.remove(&current);
                }
            }
            VerbUpdateSection::Regional | VerbUpdateSection::BecameObsolete => {
                let title = if u.section == VerbUpdateSection::Regional {
                    "3. REGIONALES ESPAÑOLES"
                } else {
                    "4. DE USADO A DESUSADO"
                };
                let code = usage_code(u.section, title)?;
                if at.iter().any(|&a| lists.get(a).model == code) {
                    continue;
                }
                // The entry spelled as the line spells it (with or without "se"), else every one
                // in current use.
                let spelled: Vec<At> =
                    current.iter().copied().filter(|&a| lists.get(a).infinitive == u.infinitive).collect();
                let change = if spelled.is_empty() { current.clone() } else { spelled };
                if change.is_empty() {
                    disagree(
                        &lists,
                        at.first().copied(),
                        format!("{} {}, which no entry holds in current use", title, u.infinitive),
                    );
                    applied.verbs.push(new_entry(code, rules.usage_class()));
                }
                for a in change {
                    let e = lists.get_mut(a);
                    (e.model, e.class, e.property, e.forms) = (code, rules.usage_class(), '.', None);
                }
            }
            VerbUpdateSection::BecameCurrent => {
                let class = u.class_named().map(|c| rules.class_code(c));
                let fits =
                    |e: &VerbEntry| class.is_none_or(|c| e.class == c) && named.is_none_or(|m| e.model == m);
                if current.iter().any(|&a| fits(lists.get(a))) {
                    continue;
                }
                let obsolete = usage_code(VerbUpdateSection::BecameObsolete, "5. DE DESUSADO A USADO")?;
                let old: Vec<At> = at.iter().copied().filter(|&a| lists.get(a).model == obsolete).collect();
                let class = class.unwrap_or_else(|| rules.unstated_class(&u.infinitive));
                let model = named.unwrap_or(0);
                match (old.first(), current.first()) {
                    (Some(&a), _) => {
                        let e = lists.get_mut(a);
                        (e.model, e.class, e.property, e.forms) = (model, class, '.', None);
                    }
                    (None, Some(&a)) => {
                        let says = format!(
                            "now in use as {}, listed as {}",
                            codes(&new_entry(model, class)),
                            codes(lists.get(a))
                        );
                        disagree(&lists, Some(a), says);
                        let e = lists.get_mut(a);
                        (e.model, e.class) = (model, class);
                    }
                    (None, None) => {
                        disagree(&lists, None, format!("{} now in use, which no entry holds", u.infinitive));
                        let e = new_entry(model, class);
                        rules.check_entries(file, std::slice::from_ref(&e))?;
                        applied.verbs.push(e);
                    }
                }
            }
            VerbUpdateSection::Class(from, to) => {
                if current.is_empty() {
                    // A verb of a usage code has no class to move; one no list holds is a
                    // disagreement.
                    if at.is_empty() {
                        disagree(
                            &lists,
                            None,
                            format!("{} moves class, but no entry holds it", u.infinitive),
                        );
                        let e = new_entry(0, rules.class_code(to));
                        rules.check_entries(file, std::slice::from_ref(&e))?;
                        applied.verbs.push(e);
                    }
                    continue;
                }
                if current.iter().any(|&a| rules.class_codes(to).contains(&lists.get(a).class)) {
                    continue;
                }
                let mut change: Vec<At> = current
                    .iter()
                    .copied()
                    .filter(|&a| rules.class_codes(from).contains(&lists.get(a).class))
                    .collect();
                if change.is_empty() {
                    let says = format!(
                        "a move from {} to {}, listed as {}",
                        class_name(from),
                        class_name(to),
                        codes(lists.get(current[0]))
                    );
                    disagree(&lists, Some(current[0]), says);
                    change = current.clone();
                }
                for a in change {
                    // A pronominal entry is written with "se" as the line writes it; another
                    // never is.
                    let e = lists.get_mut(a);
                    e.class = rules.class_code(to);
                    if to != VerbClass::Pronominal {
                        e.infinitive = e.verb().to_string();
                    } else if u.infinitive != u.verb() {
                        e.infinitive = u.infinitive.clone();
                    }
                }
            }
            VerbUpdateSection::Forms => {
                let Some(change) = u.forms_change() else {
                    if !at.iter().any(|&a| rules.decides(lists.get(a))) {
                        not_applied.push(u.line as u64);
                    }
                    continue;
                };
                let accepted = |lists: &Lists| -> HashSet<String> {
                    at.iter()
                        .flat_map(|&a| rules.expand(lists.get(a)))
                        .filter(|f| f.is_accepted())
                        .map(|f| folded(&f.text))
                        .collect()
                };
                // The changes of codes need an entry in current use.
                let codes_change = !matches!(change, FormsChange::AddsForms(_) | FormsChange::DropsForm(_));
                if codes_change && current.is_empty() {
                    disagree(
                        &lists,
                        at.first().copied(),
                        format!("a change of forms of {}, which no entry holds in current use", u.infinitive),
                    );
                    continue;
                }
                let any =
                    |lists: &Lists, f: &dyn Fn(&VerbEntry) -> bool| current.iter().any(|&a| f(lists.get(a)));
                let model = named.unwrap_or(0);
                match change {
                    FormsChange::NowAlsoRegular => {
                        if !any(&lists, &|e| e.property == 'R') {
                            for &a in &current {
                                let e = lists.get_mut(a);
                                if e.property == '.' {
                                    e.property = 'R';
                                }
                            }
                        }
                    }
                    c @ (FormsChange::NowOnlyRegular | FormsChange::NowOnlyItsModel) => {
                        let model = if c == FormsChange::NowOnlyRegular { 0 } else { model };
                        if !any(&lists, &|e| e.model == model && e.property != 'R') {
                            for &a in &current {
                                let e = lists.get_mut(a);
                                e.model = model;
                                if e.property == 'R' {
                                    e.property = '.';
                                }
                            }
                        }
                    }
                    FormsChange::NowLike => {
                        if !any(&lists, &|e| e.model == model) {
                            for &a in &current {
                                lists.get_mut(a).model = model;
                            }
                        }
                    }
                    FormsChange::NowAlsoLike => {
                        if !any(&lists, &|e| e.model == model) {
                            let e = VerbEntry {
                                model,
                                property: '.',
                                forms: None,
                                line: u.line,
                                ..lists.get(current[0]).clone()
                            };
                            rules.check_entries(file, std::slice::from_ref(&e))?;
                            applied.verbs.push(e);
                        }
                    }
                    FormsChange::NowDefective(forms) | FormsChange::NowConjugatedIn(forms) => {
                        if !any(&lists, &|e| e.property == 'D') {
                            let description = rules.defective_description(&forms).ok_or_else(|| {
                                RuleError::syntax(
                                    file,
                                    u.line,
                                    u.note_column,
                                    format!(
                                        "cannot be applied: no rule of the rule set reads the forms '{forms}' of a \
                                         defective verb (verbs/rules.toml, bracket)"
                                    ),
                                )
                            })?;
                            for &a in &current {
                                let e = lists.get_mut(a);
                                (e.property, e.forms) = ('D', Some(description.to_string()));
                            }
                        }
                    }
                    FormsChange::NowAllForms => {
                        if !any(&lists, &|e| e.property != 'D') {
                            for &a in &current {
                                let e = lists.get_mut(a);
                                (e.property, e.forms) = ('.', None);
                            }
                        }
                    }
                    FormsChange::NowImpersonal => {
                        if !any(&lists, &|e| e.property == 'I') {
                            for &a in &current {
                                let e = lists.get_mut(a);
                                (e.property, e.forms) = ('I', None);
                            }
                        }
                    }
                    FormsChange::DropsParticiple(p) => {
                        for &a in &current {
                            let e = lists.get_mut(a);
                            if e.property != 'P' {
                                continue;
                            }
                            let kept: Vec<&str> = e
                                .forms
                                .as_deref()
                                .unwrap_or("")
                                .split_whitespace()
                                .filter(|w| *w != p)
                                .collect();
                            e.forms = (!kept.is_empty()).then(|| kept.join(" "));
                            if e.forms.is_none() {
                                e.property = '.';
                            }
                        }
                    }
                    FormsChange::AddsParticiple(p) => {
                        let has = |e: &VerbEntry| {
                            e.property == 'P'
                                && e.forms.as_deref().unwrap_or("").split_whitespace().any(|w| w == p)
                        };
                        if !any(&lists, &has) {
                            let e = lists.get_mut(current[0]);
                            e.forms = match (e.property, e.forms.take()) {
                                ('P', Some(f)) => Some(format!("{f} {p}")),
                                _ => Some(p.clone()),
                            };
                            e.property = 'P';
                            rules.check_entries(file, std::slice::from_ref(lists.get(current[0])))?;
                        }
                    }
                    FormsChange::AddsForms(forms) => {
                        let have = accepted(&lists);
                        let entry = match at.first() {
                            Some(&a) => lists.get(a).clone(),
                            None => {
                                disagree(
                                    &lists,
                                    None,
                                    format!("forms added to {}, which no entry holds", u.infinitive),
                                );
                                new_entry(0, rules.unstated_class(&u.infinitive))
                            }
                        };
                        for text in forms.iter().filter(|f| !have.contains(&folded(f))) {
                            applied.forms.push(AddedForm {
                                line: u.line,
                                entry: entry.clone(),
                                text: text.clone(),
                            });
                        }
                    }
                    FormsChange::DropsForm(form) => {
                        if accepted(&lists).contains(&folded(&form)) {
                            dropped.insert((folded(u.verb()), folded(&form)));
                        }
                    }
                }
            }
        }
    }
    if !not_applied.is_empty() {
        warnings.push(Warning::NotApplied {
            source: path.to_string(),
            count: not_applied.len() as u64,
            lines: not_applied.iter().copied().take(DUPLICATES_SHOWN).collect(),
        });
    }
    Ok((applied, warnings))
}

fn class_name(c: VerbClass) -> &'static str {
    match c {
        VerbClass::Transitive => "transitive",
        VerbClass::Intransitive => "intransitive",
        VerbClass::Pronominal => "pronominal",
    }
}
