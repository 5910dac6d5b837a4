//! The tables a rule set loads besides its manifest, screening rules and tile set: the plural
//! rules (`plurals/endings.txt`, `number.toml`, the word lists), the verb rules (`verbs/slots.toml`,
//! `endings.toml`, `spelling.toml`, `models-1.toml`, `rules.toml`, `verbs.toml`) and `explain.toml`.
//! Input: one byte choosing the table, then the table's bytes, which replace it in a copy of the
//! shipped `fise-2016` folder (a list is added beside the shipped ones). A table that loads is then
//! used: plurals decided, verbs conjugated. Any error must name its file and line; a panic, or a
//! load that does not end, is a bug.
#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use lexico_rules::plural::Plurals;
use lexico_rules::verbs::{VerbEntry, VerbRules};
use lexico_rules::{RuleError, RuleSet};
use libfuzzer_sys::fuzz_target;

/// The tables the first byte chooses among, as paths in the rule folder.
const TABLES: [&str; 10] = [
    "plurals/endings.txt",
    "plurals/number.toml",
    "plurals/fuzzed.txt",
    "verbs/slots.toml",
    "verbs/endings.toml",
    "verbs/spelling.toml",
    "verbs/models-1.toml",
    "verbs/rules.toml",
    "verbs/verbs.toml",
    "explain-only/explain.toml",
];

/// A copy of the shipped `fise-2016` rule folder, made once per process.
fn folder() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("lexico-fuzz-tables-{}", std::process::id()));
        for (path, bytes) in lexico_rules::embedded::files("fise-2016").expect("the shipped set") {
            let to = dir.join(path);
            std::fs::create_dir_all(to.parent().expect("a folder")).expect("a temporary folder");
            std::fs::write(to, bytes).expect("the temporary folder is writable");
        }
        // `explain.toml` is read through a manifest that names nothing else, so that loading it
        // does not load the plural and verb rules too.
        let only = dir.join("explain-only");
        std::fs::create_dir_all(&only).expect("a temporary folder");
        std::fs::copy(dir.join("tiles.csv"), only.join("tiles.csv")).expect("a copy");
        let manifest = "name = \"x\"\nversion = \"1\"\nmin_tiles = 2\nmax_tiles = 15\ntiles = \"tiles.csv\"\n\
                        explain = \"explain.toml\"\n";
        std::fs::write(only.join("ruleset.toml"), manifest).expect("the temporary folder is writable");
        dir
    })
}

/// The bytes the folder holds at `path` before any input: the shipped table, or none (the added
/// list, the explain table).
fn shipped(path: &str) -> Option<&'static [u8]> {
    let files = lexico_rules::embedded::files("fise-2016").expect("the shipped set");
    files.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

fn check_error(e: &RuleError, dir: &Path) {
    match e {
        RuleError::Syntax { path, line, message, .. } => {
            assert!(path.starts_with(dir) && *line >= 1, "{e}");
            assert!(!message.contains('\n'), "a message on several lines: {e}");
        }
        RuleError::Io { path, .. } => assert!(path.starts_with(dir), "{e}"),
        // A set is loaded from its folder here, never by a name.
        RuleError::Unknown { .. } => panic!("a folder's set refused as an unknown name: {e}"),
    }
}

fn verb(infinitive: &str, conjugation: u8, model: u8, class: u8, property: char, forms: Option<&str>) -> VerbEntry {
    VerbEntry {
        infinitive: infinitive.into(),
        homograph: None,
        conjugation,
        model,
        class,
        property,
        forms: forms.map(String::from),
        line: 1,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else { return };
    let table = TABLES[choice as usize % TABLES.len()];
    let dir = folder();
    let path = dir.join(table);
    std::fs::write(&path, bytes).expect("the temporary folder is writable");
    match table.split_once('/') {
        Some(("plurals", _)) => match Plurals::load(&dir.join("plurals")) {
            Ok(p) => {
                for w in ["casa", "reloj", "jersey", "cui", "régimen", "a", "álbum", "tórax", "z", "ñu"] {
                    let d = p.decide(w);
                    assert!(d.forms.iter().all(|f| !f.text.is_empty()), "{w}");
                    let _ = p.by_ending(w);
                    let _ = p.closed_list(w);
                }
            }
            Err(e) => check_error(&e, dir),
        },
        Some(("verbs", _)) => match VerbRules::load(&dir.join("verbs")) {
            Ok(v) => {
                let entries = [
                    verb("amar", 1, 0, 1, '.', None),
                    verb("temer", 2, 0, 2, '.', None),
                    verb("vivirse", 3, 0, 3, '.', None),
                    verb("contar", 1, 1, 1, 'R', None),
                    verb("imprimir", 3, 0, 1, 'P', Some("impreso")),
                    verb("abolir", 3, 0, 1, 'D', Some("abolimos")),
                ];
                let _ = v.check_entries(Path::new("v.txt"), &entries);
                for e in &entries {
                    for f in v.expand(e) {
                        assert!(!f.slot.is_empty());
                    }
                }
                let _ = v.unstated_class("amarse");
            }
            Err(e) => check_error(&e, dir),
        },
        _ => match RuleSet::load(&dir.join("explain-only")) {
            Ok(rules) => assert!(rules.verbs.is_none() && rules.plurals.is_none()),
            Err(e) => check_error(&e, dir),
        },
    }
    // The folder is the shipped one again for the next input.
    match shipped(table) {
        Some(original) => std::fs::write(&path, original).expect("the temporary folder is writable"),
        None => std::fs::remove_file(&path).expect("the file just written"),
    }
});
