//! The plural engine over the FISE-2 non-verb list (`no-verbos.txt`, found by `lexico_testdata`;
//! the tests are skipped with a `skipped:` line where the list is absent).
//!
//! `measure_against_previous_edition` compares the plurals with the previous edition's word list
//! (`lexicon-src/letterpress-es.txt`, lower-case words without accents, one a line), asserts the
//! agreement of `docs/rules-plurals.md` and prints its figures (`-- --nocapture`).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use lexico_rules::plural::{Number, Plurals};
use lexico_rules::syllable::{syllabify, vowel};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fise_file(name: &str) -> String {
    let path = lexico_testdata::fise2_file(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Latin-1, CRLF or bare CR line ends.
    let text: String = bytes.iter().map(|&b| b as char).collect();
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// The headwords of `no-verbos.txt`: (masculine or only form, feminine if any).
fn headwords() -> Vec<(String, Option<String>)> {
    let text = fise_file("no-verbos.txt");
    let mut out = Vec::new();
    let mut in_body = false;
    for line in text.lines() {
        if line.trim() == "#" {
            if in_body {
                break;
            }
            in_body = true;
            continue;
        }
        if !in_body || line.trim().is_empty() {
            continue;
        }
        let mut tokens = line.split_whitespace().filter(|t| !t.chars().all(|c| c.is_ascii_digit()));
        let Some(first) = tokens.next() else { continue };
        out.push((first.to_string(), tokens.next().map(str::to_string)));
    }
    out
}

fn plurals() -> Plurals {
    Plurals::load(&workspace().join("rules/fise-2016/plurals")).expect("plural rules load")
}

#[test]
fn every_fise_headword_is_decided() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let p = plurals();
    let words = headwords();
    assert!(words.len() > 78_000, "no-verbos.txt has {} lines", words.len());
    let mut unreadable = Vec::new();
    for (m, f) in &words {
        for w in std::iter::once(m).chain(f) {
            if syllabify(w).is_err() {
                unreadable.push(w.clone());
            }
            let d = p.decide(w);
            if d.number == Number::Variable {
                assert!(!d.forms.is_empty(), "{w}: variable without forms");
                for form in &d.forms {
                    assert!(form.text != *w, "{w}: a plural equal to the lemma");
                }
            }
        }
    }
    // Only words without any vowel (interjections such as "pst") cannot be syllabified.
    for w in &unreadable {
        assert!(!w.chars().any(|c| vowel(c).is_some() || c == 'y'), "cannot syllabify {w}");
    }
}

#[test]
fn listed_lemmas_are_fise_headwords() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let p = plurals();
    let mut known: HashSet<String> = HashSet::new();
    for (m, f) in headwords() {
        known.insert(m);
        known.extend(f);
    }
    let update = fise_file("actualizacion-no-verbos.txt");
    known.extend(update.split_whitespace().map(str::to_string));
    // Letter names the non-verb list leaves out.
    known.extend(["a", "e", "u"].map(str::to_string));
    let mut missing: Vec<&str> = p.listed_lemmas().filter(|l| !known.contains(*l)).collect();
    missing.sort();
    assert!(missing.is_empty(), "listed lemmas not in the FISE lists: {missing:?}");
}

fn fold(word: &str) -> String {
    word.chars()
        .map(|c| match vowel(c) {
            Some((base, _)) => base,
            None => c,
        })
        .collect()
}

/// The previous edition's words, as the repository keeps them for the default lexicon.
fn previous_edition() -> HashSet<String> {
    let path = workspace().join("lexicon-src/letterpress-es.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::trim).filter(|w| !w.is_empty()).map(String::from).collect()
}

#[test]
fn measure_against_previous_edition() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let prev = previous_edition();
    let p = plurals();
    let mut lemmas: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for (m, f) in headwords() {
        for w in std::iter::once(m).chain(f) {
            if seen.insert(w.clone()) {
                lemmas.push(w);
            }
        }
    }
    let mut with_singular = 0;
    let mut variable = 0;
    let mut agree = 0;
    let mut disagree: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut no_plural_like = 0;
    let mut partial: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut not_varying: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut invariable = 0;
    let mut invariable_with_plural: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for lemma in &lemmas {
        let f = fold(lemma);
        if !prev.contains(&f) {
            continue;
        }
        with_singular += 1;
        let chars: Vec<char> = f.chars().collect();
        let stem: String = chars[..chars.len() - 1].iter().collect();
        let mut candidates = vec![("+s", format!("{f}s")), ("+es", format!("{f}es"))];
        match chars.last() {
            Some('z') => candidates.push(("-z+ces", format!("{stem}ces"))),
            Some('y') => candidates.push(("-y+is", format!("{stem}is"))),
            _ => {}
        }
        let prev_plurals: Vec<&(&str, String)> =
            candidates.iter().filter(|(_, c)| prev.contains(c)).collect();
        let d = p.decide(lemma);
        let stress = syllabify(lemma).map(|s| s.stress.name()).unwrap_or("?");
        let last = chars.last().copied().unwrap_or(' ');
        match d.number {
            Number::Variable => {
                variable += 1;
                let mine: Vec<String> = d.forms.iter().map(|x| fold(&x.text)).collect();
                if mine.iter().any(|m| prev.contains(m)) {
                    agree += 1;
                    let missing: Vec<&String> = mine.iter().filter(|m| !prev.contains(*m)).collect();
                    if !missing.is_empty() {
                        partial
                            .entry(format!("{} | -{last} {stress}", d.rule))
                            .or_default()
                            .push(format!("{lemma}->{}", mine.join("/")));
                    }
                } else if prev_plurals.is_empty() {
                    no_plural_like += 1;
                    let reason = if mine.iter().all(|m| m.chars().count() > 15) {
                        "plural over 15 letters".to_string()
                    } else if f.ends_with("mente") {
                        "adverb in -mente".to_string()
                    } else {
                        format!("{} | -{last} {stress}", d.rule)
                    };
                    not_varying.entry(reason).or_default().push(lemma.clone());
                } else {
                    let key = format!(
                        "{} | -{last} {stress} | previous has {}",
                        d.rule,
                        prev_plurals.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(",")
                    );
                    disagree.entry(key).or_default().push(format!("{lemma}->{}", mine.join("/")));
                }
            }
            _ => {
                invariable += 1;
                if !prev_plurals.is_empty() {
                    let key = format!("{} ({}) | -{last} {stress}", d.rule, d.number);
                    invariable_with_plural.entry(key).or_default().push(format!(
                        "{lemma}->{}",
                        prev_plurals.iter().map(|(_, s)| s.as_str()).collect::<Vec<_>>().join("/")
                    ));
                }
            }
        }
    }
    println!("lemmas (headwords and feminines): {}", lemmas.len());
    println!("singular in previous edition: {with_singular}");
    println!("variable by the rules: {variable}");
    println!("  a plural of ours in previous edition: {agree}");
    println!(
        "    of which one of our alternatives is missing there: {}",
        partial.values().map(Vec::len).sum::<usize>()
    );
    println!("  previous edition has no plural-like form (lemma does not vary there): {no_plural_like}");
    println!("  previous edition has another plural: {}", disagree.values().map(Vec::len).sum::<usize>());
    println!("invariable or without plural by the rules: {invariable}");
    println!(
        "  previous edition has a plural-like form: {}",
        invariable_with_plural.values().map(Vec::len).sum::<usize>()
    );
    let mut groups: Vec<_> = disagree.iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("\nVARIABLE, previous edition differs:");
    for (k, v) in groups {
        println!("{:5}  {k}: {}", v.len(), v.iter().take(12).cloned().collect::<Vec<_>>().join(" "));
    }
    let mut groups: Vec<_> = partial.iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("\nVARIABLE, one of our alternatives missing in the previous edition:");
    for (k, v) in groups {
        println!("{:5}  {k}: {}", v.len(), v.iter().take(12).cloned().collect::<Vec<_>>().join(" "));
    }
    let mut groups: Vec<_> = not_varying.iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("\nVARIABLE, previous edition has the singular but no plural-like form:");
    for (k, v) in groups {
        println!("{:5}  {k}: {}", v.len(), v.iter().take(12).cloned().collect::<Vec<_>>().join(" "));
    }
    let mut groups: Vec<_> = invariable_with_plural.iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("\nINVARIABLE/NONE, previous edition has a plural-like form:");
    for (k, v) in groups {
        println!("{:5}  {k}: {}", v.len(), v.iter().take(12).cloned().collect::<Vec<_>>().join(" "));
    }
    // Where the previous edition pluralises a lemma at all, one of our plurals is among its
    // forms: every difference docs/rules-plurals.md lists is a collision or a decision of 2016.
    let other = disagree.values().map(Vec::len).sum::<usize>();
    assert!(agree > 79_000, "only {agree} lemmas agree");
    assert!(other <= 30, "{other} lemmas have another plural in the previous edition: {disagree:?}");
    assert!(
        invariable_with_plural.values().map(Vec::len).sum::<usize>() <= 100,
        "invariable here, plural there: {invariable_with_plural:?}"
    );
}
