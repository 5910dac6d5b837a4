//! Agreement of the verb expansion with the previous edition of the lexicon (the oracle), kept as
//! `lexicon-src/letterpress-es.txt` (one lower-case unaccented word per line) at the workspace
//! root; it needs the FISE-2 lists. The figures of `docs/rules-verbs.md`:
//!
//! `cargo test --release -p lexico-rules --test verbs_agreement -- --nocapture`

mod common;

use std::collections::{BTreeMap, HashSet};

use lexico_rules::verbs::fold;

fn tiles(w: &str) -> usize {
    let b = w.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        let pair = b.get(i..i + 2);
        i += if matches!(pair, Some(b"ch") | Some(b"ll") | Some(b"rr")) {
            2
        } else {
            w[i..].chars().next().unwrap().len_utf8()
        };
        n += 1;
    }
    n
}

#[test]
fn agreement_with_previous_edition() {
    let path = common::workspace().join("lexicon-src/letterpress-es.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the previous edition is missing: {}: {e}", path.display()));
    let oracle: HashSet<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let rules = common::rules();
    let Some(entries) = common::fise_entries() else { return };
    let mut accepted_all = HashSet::new();
    let mut accepted = HashSet::new();
    let mut generated = HashSet::new();
    let mut extra_by_slot: BTreeMap<String, usize> = BTreeMap::new();
    for e in &entries {
        let in_both = oracle.contains(fold(e.verb()).as_str());
        for f in rules.expand(e) {
            let w = fold(&f.text);
            if f.is_accepted() {
                accepted_all.insert(w.clone());
            }
            if !in_both || tiles(&w) > 15 {
                continue;
            }
            if f.is_accepted() {
                if !oracle.contains(w.as_str()) {
                    *extra_by_slot.entry(f.slot.to_string()).or_default() += 1;
                }
                accepted.insert(w.clone());
            }
            generated.insert(w);
        }
    }
    let present = accepted.iter().filter(|w| oracle.contains(w.as_str())).count();
    let missing =
        generated.iter().filter(|w| oracle.contains(w.as_str()) && !accepted_all.contains(*w)).count();
    let share = present as f64 / accepted.len() as f64;
    println!(
        "accepted words of verbs in both editions: {}; in the previous edition: {present} ({:.2}%)",
        accepted.len(),
        100.0 * share
    );
    println!("previous-edition words generated for those verbs but rejected: {missing}");
    println!("accepted words absent from the previous edition, by slot: {extra_by_slot:?}");
    assert!(share > 0.995, "agreement fell to {:.3}%", 100.0 * share);
}
