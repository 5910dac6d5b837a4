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
    let dir = workspace().join("rules/fise-2016/verbs");
    VerbRules::load(&dir).unwrap_or_else(|e| panic!("loading {}: {e}", dir.display()))
}

/// A file of the federation's FISE-2 data, which lives outside the repository
/// (`../shared/data/fise-2/` next to the workspace). Fails loudly if it is missing.
pub fn fise_file(name: &str) -> PathBuf {
    let path = workspace().join("../shared/data/fise-2").join(name);
    assert!(
        path.is_file(),
        "the FISE data is missing: {} not found (the FISE-2 sources must be in ../shared/data/fise-2/ \
         next to the workspace; they are not part of the repository)",
        path.display()
    );
    path
}

/// The entries of the real FISE-2 classified verb list.
pub fn fise_entries() -> Vec<VerbEntry> {
    let path = fise_file("verbos-clasificados.txt");
    let bytes = std::fs::read(&path).unwrap();
    read_classified(&path, &bytes).unwrap_or_else(|e| panic!("{e}"))
}
