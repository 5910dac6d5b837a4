//! No typo in a rule file is silent: each kind of typo a maintainer can make in a field that
//! names something (class, slot, model, usage, category, article, ending, plural) is made, one at
//! a time, in a copy of `rules/fise-2016`, and the rule set must refuse to load with the file,
//! line and column of the typo.

use std::path::{Path, PathBuf};

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016")
}

/// A copy of `rules/fise-2016` in a fresh folder named after `name`.
fn copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lexico-rule-typos-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    fn walk(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let target = to.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                walk(&e.path(), &target);
            } else {
                std::fs::copy(e.path(), target).unwrap();
            }
        }
    }
    walk(&rules_dir(), &dir);
    dir
}

/// The typos: the file, the text replaced (its first occurrence), the typo, and the column of the
/// error on the line of that text.
const TYPOS: &[(&str, &str, &str, usize)] = &[
    ("verbs/rules.toml", "class = [3]", "class = [9]", 9),
    ("verbs/rules.toml", "article = \"17.5\"", "article = \"\"", 12),
    ("verbs/rules.toml", "article = \"17.5\"", "article = \"17.99\"", 12),
    ("verbs/rules.toml", "slots = [\"inf.se\"]", "slots = [\"inf.sé\"]", 9),
    ("verbs/rules.toml", "usage = [\"obsolete\"]", "usage = [\"obsolet\"]", 10),
    ("verbs/verbs.toml", "model = \"3-01\"", "model = \"3-99\"", 9),
    ("verbs/verbs.toml", "article = \"17.12\"", "article = \"17.21\"", 12),
    ("plurals/endings.txt", "+es         18.4.1", "+ss         18.4.1", 65),
    ("plurals/exceptions-18-4.txt", "aguay             -y+is", "aguay             -y+iss", 19),
    ("plurals/endings.txt", "+s          18.4.1", "+s          18.4.7", 77),
    ("plurals/endings.txt", "end-d               d ", "end-d               dd3", 21),
    ("plurals/exceptions-18-4.txt", "nadj        18.4.1", "nadjj       18.4.1", 59),
    ("plurals/exceptions-18-4.txt", "nadj        18.4.1", "nadj        18.5.1", 71),
    ("plurals/number.toml", "article = \"18.2.1\"", "article = \"18.2.11\"", 12),
    ("screening.toml", "article = \"16\"", "article = \"61\"", 12),
    ("ruleset.toml", "length_article = \"Vocabulario oficial\"", "length_article = \"Vocabulario\"", 19),
    ("explain.toml", "\"game art. 10\" =", "\"game art 10\" =", 1),
];

#[test]
fn every_kind_of_typo_is_an_error_at_its_place() {
    assert!(lexico_rules::RuleSet::load(&rules_dir()).is_ok(), "the shipped rule set loads");
    let mut failures = Vec::new();
    for (i, (file, from, to, column)) in TYPOS.iter().enumerate() {
        let dir = copy(&i.to_string());
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let at = text.find(from).unwrap_or_else(|| panic!("{file}: no {from:?}"));
        let line = text[..at].matches('\n').count() + 1;
        std::fs::write(&path, format!("{}{to}{}", &text[..at], &text[at + from.len()..])).unwrap();
        let want = format!("{}:{line}:{column}: ", path.display());
        match lexico_rules::RuleSet::load(&dir) {
            Ok(_) => failures.push(format!("{file}: {to:?} was accepted")),
            Err(e) if !e.to_string().starts_with(&want) => {
                failures.push(format!("{file}: {to:?}: wanted {want}…, got {e}"))
            }
            Err(_) => {}
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_bad_plural_says_what_the_valid_syntax_is() {
    let dir = copy("plural-syntax");
    let path = dir.join("plurals/endings.txt");
    let text =
        std::fs::read_to_string(&path).unwrap().replacen("+es         18.4.1", "+ss         18.4.1", 1);
    std::fs::write(&path, text).unwrap();
    let err = lexico_rules::RuleSet::load(&dir).unwrap_err().to_string();
    assert!(
        err.contains(
            "bad suffix \"+ss\": a plural appends +s or +es; a plural is inv, none, +s, +es, -END+SUFFIX"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
