//! `explain.toml` and the update sections of `verbs/rules.toml`: each rule set names its own
//! articles, and a malformed file is an error at its line and column.

use std::path::{Path, PathBuf};

use lexico_rules::RuleSet;

/// A copy of the embedded rule set `name` in a fresh folder, with `edit(path, text)` applied to
/// each file's text.
fn copy(name: &str, tag: &str, edit: impl Fn(&str, String) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lexico-explain-rules-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, bytes) in lexico_rules::embedded::files(name).expect("embedded") {
        let to = dir.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        let text = String::from_utf8(bytes.to_vec()).unwrap();
        std::fs::write(&to, edit(path, text)).unwrap();
    }
    dir
}

fn load_error(dir: &Path) -> String {
    RuleSet::load(dir).expect_err("the rule set does not load").to_string()
}

#[test]
fn each_rule_set_cites_its_own_articles_for_enclitics_and_the_verb_codes() {
    let cite = |name: &str| {
        let rules = RuleSet::embedded(name).unwrap();
        let enclitics = rules.explain.enclitics.expect("enclitics");
        let regional = rules
            .explain
            .code
            .iter()
            .find(|c| c.field == lexico_vocab::CodeField::Model && c.value == "88")
            .unwrap();
        (enclitics.article, regional.note.clone(), rules.no_tile_article)
    };
    let (old, new) = (cite("fise-2009"), cite("fise-2016"));
    assert_eq!((old.0.as_str(), new.0.as_str()), ("17.2", "17.5"));
    assert!(new.1.ends_with("art. 17.11") && !old.1.contains("17.11"), "{old:?} {new:?}");
    assert_eq!((old.2.as_str(), new.2.as_str()), ("game art. 10.1", "11; game art. 10.1"));
}

#[test]
fn a_malformed_explain_file_is_an_error_at_its_place() {
    let dir = copy("fise-2016", "field", |path, text| {
        if path == "explain.toml" {
            text.replacen("field = \"class\"", "field = \"klass\"", 1)
        } else {
            text
        }
    });
    let err = load_error(&dir);
    assert!(
        err.contains("explain.toml:")
            && err.contains("unknown variant `klass`, expected one of `model`, `class`, `property`"),
        "{err}"
    );
    let dir = copy("fise-2016", "key", |path, text| {
        if path == "explain.toml" {
            text.replacen("[enclitics]\n", "[enclitics]\npronoun = []\n", 1)
        } else {
            text
        }
    });
    let err = load_error(&dir);
    assert!(err.contains("explain.toml:") && err.contains("pronoun"), "{err}");
}

#[test]
fn an_unknown_update_section_is_an_error_at_its_place() {
    let dir = copy("fise-2009", "section", |path, text| {
        if path == "verbs/rules.toml" {
            text.replacen("update_section = \"regionales\"", "update_section = \"regional\"", 1)
        } else {
            text
        }
    });
    let err = load_error(&dir);
    assert!(
        err.contains("verbs/rules.toml:")
            && err.ends_with("unknown update_section `regional` (one of regionales, desusados)"),
        "{err}"
    );
    let dir = copy("fise-2009", "twice", |path, text| {
        if path == "verbs/rules.toml" {
            text.replacen("update_section = \"regionales\"", "update_section = \"desusados\"", 1)
        } else {
            text
        }
    });
    let err = load_error(&dir);
    assert!(err.ends_with("update_section `desusados` given to two usage codes"), "{err}");
}
