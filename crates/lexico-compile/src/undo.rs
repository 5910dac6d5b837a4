//! Update lists undone (`--undo`): the federation's update lists applied in reverse to the
//! sources, so that the lists of an edition and its update lists give the sources of the edition
//! before. What a list adds is taken out of the sources, what it removes is restored, what it
//! reclassifies is put back in its former class or code.
//!
//! - Non-verb list (`ACTUALIZACIÓN DE NO VERBOS`): the entries of sections 1, 2 and annex I
//!   (new entries) leave the non-verb lists (a feminine alone leaves its line); the entries of
//!   section 4 and annex II (removed entries) come back as entries of their own, a feminine beside
//!   its masculine when both are listed; the plurals of section 3 (new in the plural only) are
//!   rejected, those of section 5 (removed in the plural only) restored.
//! - Verb list (`ACTUALIZACIÓN DE VERBOS`): the verbs of section 1 leave the classified list;
//!   those of section 2 come back; sections 3 and 4 take the regional or obsolete code off (the
//!   rule set names which code each section gives, `update_section` in `verbs/rules.toml`),
//!   section 5 puts the obsolete code on; sections 6–11 put the class back; of section 12 the
//!   lines whose note names a change of the list's codes (also regular, only one model,
//!   defective) are put back.
//!
//! An update list given as a source too is applied first (`crate::apply`), then undone: what it
//! adds by itself as a source leaves it.
//!
//! A verb the list restores or takes out of a usage code has lost its model number: it gets the
//! model most of the listed verbs of its conjugation with its longest ending share (`-ecer` verbs
//! are conjugated like *agradecer*), else the regular one, and the class the rule set gives a verb
//! whose class no source states (`[classes]` of `verbs/rules.toml`: pronominal with "se", else
//! `unstated`). A line whose change no source entry carries is not undone, and counted in a
//! warning.

use std::collections::{HashMap, HashSet};

use lexico_rules::fise::{
    FormsChange, NonVerbEntry, UpdateAction, UpdateEntry, VerbClass, VerbUpdate, VerbUpdateSection,
};
use lexico_rules::verbs::{VerbEntry, VerbRules};

use crate::read::{Parsed, Restored};

/// An update list given to undo, once read.
pub(crate) enum UndoList {
    /// The non-verb update list.
    NonVerbs(Vec<UpdateEntry>),
    /// The verb update list.
    Verbs(Vec<VerbUpdate>),
}

/// The plurals an undone list added (section 3), without accents: the non-verb expansion rejects
/// them.
pub(crate) type UndonePlurals = HashSet<String>;

/// Applies `list` in reverse to the sources `parsed`. Returns what it restores and the lines it
/// could not undo. Each verb entry it changes is noted in its list with the update list's line.
pub(crate) fn apply(
    list: &UndoList,
    path: &str,
    verbs: Option<&VerbRules>,
    parsed: &mut [Parsed],
    undone_plurals: &mut UndonePlurals,
) -> (Restored, Vec<u64>) {
    match list {
        UndoList::NonVerbs(updates) => undo_non_verbs(updates, parsed, undone_plurals),
        UndoList::Verbs(updates) => undo_verbs(updates, path, verbs, parsed),
    }
}

fn undo_non_verbs(
    updates: &[UpdateEntry],
    parsed: &mut [Parsed],
    undone_plurals: &mut UndonePlurals,
) -> (Restored, Vec<u64>) {
    use UpdateAction::*;
    let added: HashSet<&str> = updates
        .iter()
        .filter(|u| matches!(u.section, AddedVariable | AddedInvariable | AddedAlreadyValid))
        .map(|u| u.word.as_str())
        .collect();
    let plurals_added: HashSet<&str> =
        updates.iter().filter(|u| u.section == AddedPluralOnly).map(|u| u.word.as_str()).collect();
    for p in parsed.iter_mut() {
        // An update list given as a source adds its words itself: what this list adds leaves it.
        if let Parsed::NonVerbUpdates(entries) = p {
            entries.retain(|u| match u.section {
                AddedVariable | AddedInvariable | AddedAlreadyValid => !added.contains(u.word.as_str()),
                AddedPluralOnly => !plurals_added.contains(u.word.as_str()),
                _ => true,
            });
            continue;
        }
        let Parsed::NonVerbs(entries) = p else { continue };
        entries.retain_mut(|e| {
            let fem_added = e.feminine.as_deref().is_some_and(|f| added.contains(f));
            if fem_added {
                e.feminine = None;
            }
            if added.contains(e.lemma.as_str()) {
                match e.feminine.take() {
                    Some(f) => e.lemma = f,
                    None => return false,
                }
            }
            true
        });
    }
    let mut restored = Restored::default();
    let removed: Vec<&UpdateEntry> =
        updates.iter().filter(|u| matches!(u.section, Removed | RemovedStillValid)).collect();
    // A feminine listed beside its masculine comes back on its line, as the non-verb list writes
    // it: `aarónico aarónica`, `abaleador abaleadora`, `alemán alemana`.
    let plain: HashMap<String, &str> =
        removed.iter().map(|u| (unaccented(&u.word), u.word.as_str())).collect();
    let masculine_of = |w: &str| -> Option<&str> {
        let stem = w.strip_suffix('a')?;
        [format!("{stem}o"), stem.to_string()]
            .iter()
            .find_map(|m| plain.get(&unaccented(m)).copied())
            .filter(|m| *m != w)
    };
    let feminines: HashMap<&str, &str> =
        removed.iter().filter_map(|u| Some((masculine_of(&u.word)?, u.word.as_str()))).collect();
    let paired: HashSet<&str> = feminines.values().copied().collect();
    for u in &removed {
        if paired.contains(u.word.as_str()) && !feminines.contains_key(u.word.as_str()) {
            continue;
        }
        restored.non_verbs.push(NonVerbEntry {
            line: u.line,
            lemma: u.word.clone(),
            feminine: feminines.get(u.word.as_str()).map(|f| f.to_string()),
            homograph: None,
        });
    }
    for u in updates {
        match u.section {
            RemovedPluralOnly => restored.plurals.push((u.line, u.word.clone())),
            AddedPluralOnly => {
                undone_plurals.insert(unaccented(&u.word));
            }
            _ => {}
        }
    }
    (restored, Vec::new())
}

/// `word` without its acute accents (the diaeresis stays: it is spelled on no tile, but the
/// lists keep it apart).
pub(crate) fn unaccented(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' => 'u',
            c => c,
        })
        .collect()
}

/// The model a verb that lost its model number gets: the one most of the listed verbs of its
/// conjugation with its longest ending (of 3 letters or more, shared by 2 verbs or more) have,
/// the smallest number on a tie; the regular model (0) when no ending is shared or the model does
/// not conjugate the verb.
struct Analogy {
    counts: HashMap<(u8, String), HashMap<u8, usize>>,
}

impl Analogy {
    fn new(entries: &[&VerbEntry], verbs: &VerbRules) -> Analogy {
        let mut counts: HashMap<(u8, String), HashMap<u8, usize>> = HashMap::new();
        let mut seen = HashSet::new();
        for e in entries {
            if verbs.is_usage_code(e.model) || !seen.insert((e.conjugation, e.verb(), e.model)) {
                continue;
            }
            let verb = e.verb();
            for (i, _) in verb.char_indices().skip(1) {
                let suffix = &verb[i..];
                if suffix.chars().count() < 3 {
                    break;
                }
                *counts
                    .entry((e.conjugation, suffix.to_string()))
                    .or_default()
                    .entry(e.model)
                    .or_default() += 1;
            }
        }
        Analogy { counts }
    }

    fn model(&self, conjugation: u8, verb: &str, verbs: &VerbRules) -> u8 {
        for (i, _) in verb.char_indices().skip(1) {
            let suffix = &verb[i..];
            if suffix.chars().count() < 3 {
                break;
            }
            let Some(models) = self.counts.get(&(conjugation, suffix.to_string())) else { continue };
            if models.values().sum::<usize>() < 2 {
                continue;
            }
            let best = models.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))).map(|(m, _)| *m);
            return best.filter(|&m| verbs.model_fits(conjugation, m, verb)).unwrap_or(0);
        }
        0
    }
}

fn undo_verbs(
    updates: &[VerbUpdate],
    path: &str,
    verbs: Option<&VerbRules>,
    parsed: &mut [Parsed],
) -> (Restored, Vec<u64>) {
    let mut restored = Restored::default();
    let mut not_undone = Vec::new();
    let Some(rules) = verbs else {
        return (restored, updates.iter().map(|u| u.line as u64).collect());
    };
    let analogy = {
        let all: Vec<&VerbEntry> = parsed
            .iter()
            .filter_map(|p| match p {
                Parsed::Verbs(list) => Some(list.entries.iter()),
                _ => None,
            })
            .flatten()
            .collect();
        Analogy::new(&all, rules)
    };
    let regional = rules.usage_code_for(VerbUpdateSection::Regional);
    let obsolete = rules.usage_code_for(VerbUpdateSection::BecameObsolete);
    for u in updates {
        let note = (path.to_string(), u.line as u64);
        let mut changed = 0;
        if u.section == VerbUpdateSection::Removed {
            let model = analogy.model(u.conjugation, u.verb(), rules);
            restored.verbs.push(VerbEntry {
                infinitive: u.infinitive.clone(),
                homograph: None,
                conjugation: u.conjugation,
                model,
                class: rules.unstated_class(&u.infinitive),
                property: '.',
                forms: None,
                line: u.line,
            });
            continue;
        }
        for p in parsed.iter_mut() {
            // A verb update list given as a source adds its new verbs itself.
            if let (Parsed::VerbUpdates(v), VerbUpdateSection::New) = (&mut *p, u.section) {
                let before = v.applied.verbs.len();
                v.applied.verbs.retain(|e| e.verb() != u.verb() || e.conjugation != u.conjugation);
                changed += before - v.applied.verbs.len();
                continue;
            }
            let Parsed::Verbs(list) = p else { continue };
            let before = list.entries.len();
            if u.section == VerbUpdateSection::New {
                list.entries.retain(|e| e.verb() != u.verb() || e.conjugation != u.conjugation);
                changed += before - list.entries.len();
                continue;
            }
            for e in list.entries.iter_mut() {
                if e.verb() != u.verb() || e.conjugation != u.conjugation {
                    continue;
                }
                let done = match u.section {
                    VerbUpdateSection::Regional | VerbUpdateSection::BecameObsolete => {
                        let code = if u.section == VerbUpdateSection::Regional { regional } else { obsolete };
                        if code.is_some_and(|c| c == e.model) {
                            e.model = analogy.model(e.conjugation, e.verb(), rules);
                            e.class = rules.unstated_class(&e.infinitive);
                            true
                        } else {
                            false
                        }
                    }
                    VerbUpdateSection::BecameCurrent => match obsolete {
                        Some(code) if !rules.is_usage_code(e.model) => {
                            (e.model, e.class, e.property, e.forms) = (code, rules.usage_class(), '.', None);
                            true
                        }
                        _ => false,
                    },
                    VerbUpdateSection::Class(from, to) => {
                        if rules.class_codes(to).contains(&e.class) {
                            let verb = e.verb().to_string();
                            e.class = rules.class_code(from);
                            e.infinitive =
                                if from == VerbClass::Pronominal { format!("{verb}se") } else { verb };
                            true
                        } else {
                            false
                        }
                    }
                    VerbUpdateSection::Forms => match (u.forms_change(), e.property) {
                        (Some(FormsChange::NowAlsoRegular), 'R') => {
                            e.property = '.';
                            true
                        }
                        (Some(FormsChange::NowOnlyItsModel), '.') if e.model != 0 => {
                            e.property = 'R';
                            true
                        }
                        (Some(FormsChange::NowDefective(_)), 'D') => {
                            (e.property, e.forms) = ('.', None);
                            true
                        }
                        _ => false,
                    },
                    VerbUpdateSection::New | VerbUpdateSection::Removed => false,
                };
                if done {
                    list.notes.insert(e.line, note.clone());
                    changed += 1;
                }
            }
        }
        if changed == 0 {
            not_undone.push(u.line as u64);
        }
    }
    (restored, not_undone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(infinitive: &str, conjugation: u8, model: u8) -> VerbEntry {
        VerbEntry {
            infinitive: infinitive.into(),
            homograph: None,
            conjugation,
            model,
            class: 1,
            property: '.',
            forms: None,
            line: 1,
        }
    }

    #[test]
    fn a_verb_that_lost_its_model_takes_the_one_its_longest_shared_ending_has() {
        let rules = lexico_rules::RuleSet::embedded("fise-2016").expect("embedded");
        let verbs = rules.verbs.as_ref().expect("verb rules");
        let list = [
            entry("merecer", 2, 1),
            entry("parecer", 2, 1),
            entry("padecer", 2, 1),
            entry("mecer", 2, 0),
            entry("barrer", 2, 0),
            entry("correr", 2, 0),
            entry("fregar", 1, 2),
        ];
        let refs: Vec<&VerbEntry> = list.iter().collect();
        let analogy = Analogy::new(&refs, verbs);
        // -ecer: three verbs like merecer against one regular.
        assert_eq!(analogy.model(2, "juvenecer", verbs), 1);
        // -rrer: regular; an ending shared by one verb only decides nothing.
        assert_eq!(analogy.model(2, "abarrer", verbs), 0);
        assert_eq!(analogy.model(1, "transfregar", verbs), 0);
        // Another conjugation's verbs are not asked.
        assert_eq!(analogy.model(1, "enmerecar", verbs), 0);
    }

    /// A verb the update list removed comes back with the class the rule set gives a verb whose
    /// class no source states: pronominal for 17.10's "arrepentirse, dignarse, gelarse, jumarse",
    /// the `unstated` class for "morir, subir, caer", which 17.10 accepts without "se".
    #[test]
    fn a_restored_verb_takes_the_rule_sets_class_for_its_infinitive() {
        let rules = lexico_rules::RuleSet::embedded("fise-2016").expect("embedded");
        let verbs = rules.verbs.as_ref().expect("verb rules");
        let removed = |line, infinitive: &str, conjugation| VerbUpdate {
            line,
            section: VerbUpdateSection::Removed,
            conjugation,
            class: None,
            infinitive: infinitive.into(),
            note: String::new(),
            note_column: 0,
        };
        let updates = [
            removed(1, "arrepentirse", 3),
            removed(2, "dignarse", 1),
            removed(3, "gelarse", 1),
            removed(4, "jumarse", 1),
            removed(5, "morir", 3),
            removed(6, "subir", 3),
            removed(7, "caer", 2),
        ];
        let (restored, not_undone) = undo_verbs(&updates, "u.txt", Some(verbs), &mut []);
        assert!(not_undone.is_empty());
        let classes: Vec<(&str, u8)> =
            restored.verbs.iter().map(|e| (e.infinitive.as_str(), e.class)).collect();
        let pronominal = verbs.class_code(VerbClass::Pronominal);
        assert_eq!(
            classes,
            [
                ("arrepentirse", pronominal),
                ("dignarse", pronominal),
                ("gelarse", pronominal),
                ("jumarse", pronominal),
                ("morir", 1),
                ("subir", 1),
                ("caer", 1)
            ]
        );
    }

    #[test]
    fn a_removed_feminine_comes_back_on_its_masculine_line() {
        let update = |line, word: &str| UpdateEntry {
            line,
            section: UpdateAction::Removed,
            word: word.into(),
            plurals: vec![],
            note: String::new(),
        };
        let updates = [
            update(1, "aarónica"),
            update(2, "aarónico"),
            update(3, "abaleador"),
            update(4, "abaleadora"),
            update(5, "ababa"),
        ];
        let (restored, not_undone) = undo_non_verbs(&updates, &mut [], &mut UndonePlurals::new());
        let got: Vec<_> =
            restored.non_verbs.iter().map(|e| (e.line, e.lemma.as_str(), e.feminine.as_deref())).collect();
        assert_eq!(
            got,
            [(2, "aarónico", Some("aarónica")), (3, "abaleador", Some("abaleadora")), (5, "ababa", None)]
        );
        assert!(not_undone.is_empty());
    }
}
