//! RuleSet::load on a folder holding fuzzed `ruleset.toml`, `screening.toml` and `tiles.csv`.
//! Input: the three files separated by SEPARATOR. A manifest naming any other file is skipped,
//! so that the target never reads outside its folder.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use lexico_rules::{RuleError, RuleSet};
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 3] = ["ruleset.toml", "screening.toml", "tiles.csv"];

fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("lexico-fuzz-rules-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    })
}

/// Returns true if and only if every file the manifest names is one of the three written here.
fn names_only_ours(manifest: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(manifest) else {
        return true;
    };
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return true;
    };
    ["tiles", "screening"].iter().all(|key| match table.get(*key) {
        Some(toml::Value::String(s)) => NAMES.contains(&s.as_str()),
        _ => true,
    })
}

fuzz_target!(|data: &[u8]| {
    let parts = lexico_fuzz::split(data, 3);
    if !names_only_ours(parts[0]) {
        return;
    }
    let dir = dir();
    for (name, bytes) in NAMES.iter().zip(parts.iter().copied().chain(std::iter::repeat(&b""[..]))) {
        std::fs::write(dir.join(name), bytes).expect("the temporary folder is writable");
    }
    match RuleSet::load(dir) {
        Ok(rules) => {
            assert!(rules.min_tiles >= 1 && rules.min_tiles <= rules.max_tiles);
            for w in lexico_fuzz::PROBES {
                let _ = rules.screen(w);
            }
            lexico_tiles::TileSet::parse(&rules.tiles_csv).expect("a loaded rule set has tiles");
        }
        Err(RuleError::Syntax { path, line, column, .. }) => {
            assert!(path.starts_with(dir) && line >= 1 && column >= 1);
        }
        Err(RuleError::Io { path, .. }) => assert!(path.starts_with(dir)),
        // A set is loaded from its folder here, never by a name.
        Err(e @ RuleError::Unknown { .. }) => panic!("a folder's set refused as an unknown name: {e}"),
    }
});
