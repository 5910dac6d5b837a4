//! Golden paradigms: one file per conjugation model (named by its representative verb) and a few
//! more verbs, in `tests/paradigms/` at the workspace root. Each file lists every slot and its
//! forms, as the model conjugates the bare infinitive (no rule of section 17 applied).
//!
//! `UPDATE_EXPECT=1 cargo test -p lexico-rules --test verbs_paradigms` rewrites the files; review
//! the diff before committing.

mod common;

/// Verbs with a golden file besides each model's representative: (infinitive, model).
const EXTRA: &[(&str, &str)] = &[
    ("podrir", "3-22"),
    ("argüir", "3-06"),
    ("huir", "3-06"),
    ("prever", "2-20"),
    ("avergonzar", "1-01"),
    ("colgar", "1-01"),
    ("seguir", "3-15"),
    ("elegir", "3-15"),
    ("delinquir", "3-00"),
    ("distinguir", "3-00"),
    ("averiguar", "1-00"),
    ("cocer", "2-08"),
    ("conocer", "2-01"),
    ("contener", "2-17"),
    ("componer", "2-11"),
    ("deshacer", "2-06"),
    ("desdar", "1-04"),
];

fn golden_dir() -> std::path::PathBuf {
    common::workspace().join("tests/paradigms")
}

fn render(rules: &lexico_rules::verbs::VerbRules, verb: &str, model: &str) -> String {
    let (id, name, note) = rules
        .models()
        .into_iter()
        .find(|(id, name, _)| id == model || name == model)
        .unwrap_or_else(|| panic!("no model {model}"));
    let p = rules.conjugate(verb, &id).unwrap_or_else(|e| panic!("{verb} by {id}: {e}"));
    format!("# {verb}: model {id} ({name}) — {note}\n{}", p.listing())
}

fn diff(expected: &str, got: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    let mut out = String::new();
    for i in 0..e.len().max(g.len()) {
        let (a, b) = (e.get(i).copied().unwrap_or(""), g.get(i).copied().unwrap_or(""));
        if a != b {
            out.push_str(&format!("  expected: {a}\n  got:      {b}\n"));
        }
    }
    out
}

#[test]
fn golden_paradigms() {
    let rules = common::rules();
    let update = std::env::var("UPDATE_EXPECT").is_ok_and(|v| v == "1");
    let mut cases: Vec<(String, String, String)> =
        rules.models().into_iter().map(|(id, name, _)| (format!("{id}-{name}"), name, id)).collect();
    for (verb, model) in EXTRA {
        cases.push((verb.to_string(), verb.to_string(), model.to_string()));
    }
    let dir = golden_dir();
    let mut failures = Vec::new();
    for (file, verb, model) in cases {
        let path = dir.join(format!("{file}.txt"));
        let got = render(&rules, &verb, &model);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Err(_) => {
                failures.push(format!("{}: missing golden file (run with UPDATE_EXPECT=1)", path.display()))
            }
            Ok(expected) if expected != got => failures.push(format!(
                "{}: paradigm of {verb} differs\n{}",
                path.display(),
                diff(&expected, &got)
            )),
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
