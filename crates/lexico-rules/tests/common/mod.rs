//! Paths shared by the verb tests.
#![allow(dead_code)]

use std::path::PathBuf;

use lexico_rules::verbs::{read_classified, VerbEntry, VerbRules};

/// The workspace root (two levels above this crate).
pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The FISE-2016 verb rule set of the repository.
pub fn rules() -> VerbRules {
    rules_of("fise-2016")
}

/// The verb rules of the repository's rule set `set` (`fise-2016`, `fise-2009`).
pub fn rules_of(set: &str) -> VerbRules {
    let dir = workspace().join("rules").join(set).join("verbs");
    VerbRules::load(&dir).unwrap_or_else(|e| panic!("loading {}: {e}", dir.display()))
}

/// The entries of the real FISE-2 classified verb list, which lives outside the repository
/// (see `lexico_testdata`), or `None` after a `skipped:` line when it is absent.
pub fn fise_entries() -> Option<Vec<VerbEntry>> {
    if lexico_testdata::fise2_missing() {
        return None;
    }
    let path = lexico_testdata::fise2_file("verbos-clasificados.txt");
    let bytes = std::fs::read(&path).unwrap();
    Some(read_classified(&path, &bytes).unwrap_or_else(|e| panic!("{e}")))
}
