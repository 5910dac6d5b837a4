//! Every example and list of sections 18.1 to 18.4 of the FISE-2016 regulation, as a table
//! (`tests/data/plural-examples-2016.tsv`): lemma, expected plurals, article, entry, note; and
//! every example and list of sections 15, 16 and 18 of the FISE annex "Uso de palabras" (DRAE
//! 2001), in the same form (`tests/data/plural-examples-2009.tsv`), checked against `fise-2009`.
//!
//! Expected plurals: alternatives joined by `|` (compared as a set), `=` for an invariable word,
//! `-` for a word without plural (no form other than the lemma). Entry: empty for a noun or
//! adjective ([`Plurals::decide`]); parts of speech and marks for [`Plurals::decide_entry`];
//! `list` to check what the regulation's own list entry of that article says alone
//! ([`Plurals::decide_list_entry`]), for words listed in several categories (`ese`, `mi`).
//! Letters are always compared; accents too, unless the note starts with `accent:` (the
//! regulation's spelling differs from the accentuation rules; accents are dropped on tiles).

use std::collections::BTreeSet;
use std::path::Path;

use lexico_rules::plural::{Decision, LemmaEntry, Number, Plurals};
use lexico_rules::syllable::strip_accents;

struct Row {
    line: usize,
    lemma: String,
    expected: String,
    article: String,
    entry: String,
    note: String,
}

fn rows(table: &str) -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(table);
    let text = std::fs::read_to_string(&path).expect("the example table is readable");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(n, l)| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert!(cols.len() >= 3, "line {}: too few columns", n + 1);
            let col = |i: usize| cols.get(i).copied().unwrap_or("").to_string();
            Row { line: n + 1, lemma: col(0), expected: col(1), article: col(2), entry: col(3), note: col(4) }
        })
        .collect()
}

fn check(row: &Row, d: &Decision) -> Option<String> {
    let got: BTreeSet<String> = d.forms.iter().map(|f| f.text.clone()).collect();
    let describe = || format!("{} {:?} by {} ({})", d.number, d.texts(), d.rule, d.article);
    match row.expected.as_str() {
        "=" => (d.number != Number::Invariable || d.texts() != vec![row.lemma.as_str()])
            .then(|| format!("expected invariable, got {}", describe())),
        "-" => (d.number == Number::Variable).then(|| format!("expected no plural, got {}", describe())),
        exp => {
            let want: BTreeSet<String> = exp.split('|').map(str::to_string).collect();
            let fold =
                |s: &BTreeSet<String>| -> BTreeSet<String> { s.iter().map(|x| strip_accents(x)).collect() };
            if d.number != Number::Variable || fold(&got) != fold(&want) {
                Some(format!("expected {exp}, got {}", describe()))
            } else if got != want && !row.note.starts_with("accent:") {
                Some(format!("accents: expected {exp}, got {}", describe()))
            } else {
                None
            }
        }
    }
}

#[test]
fn every_example_of_section_18() {
    let rows = rows("plural-examples-2016.tsv");
    assert!(rows.len() > 1000, "the table has every example");
    check_table("fise-2016", &rows);
}

#[test]
fn every_plural_example_of_the_annex() {
    let rows = rows("plural-examples-2009.tsv");
    assert!(rows.len() > 300, "the table has every example");
    check_table("fise-2009", &rows);
}

fn check_table(set: &str, rows: &[Row]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules").join(set).join("plurals");
    let p = Plurals::load(&dir).unwrap_or_else(|e| panic!("the {set} plural rules load: {e}"));
    let mut failures = Vec::new();
    for row in rows {
        let failure = match row.entry.as_str() {
            "" => check(row, &p.decide(&row.lemma)),
            "list" => {
                let entries: Vec<_> =
                    p.entries(&row.lemma).iter().filter(|e| e.article == row.article).collect();
                if entries.is_empty() {
                    Some(format!("no list entry of {}", row.article))
                } else {
                    let failures: Vec<String> =
                        entries.iter().filter_map(|e| check(row, &p.decide_list_entry(e))).collect();
                    (failures.len() == entries.len()).then(|| failures.join("; "))
                }
            }
            entry => {
                let e: LemmaEntry = format!("{} {entry}", row.lemma).parse().expect("entry column parses");
                check(row, &p.decide_entry(&e))
            }
        };
        if let Some(msg) = failure {
            failures.push(format!("line {} {} ({}): {msg}", row.line, row.lemma, row.article));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples fail:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
