//! Embeds every rule set under `rules/` in the crate: writes `embedded.rs` to `OUT_DIR`, a table
//! of each set's name (its folder's name) and every regular file of its folder, as relative
//! `/`-separated paths in byte order with their bytes (`include_bytes!`). Cargo re-runs this
//! script when anything under `rules/` changes, so the table cannot go stale.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    // `rules` in the package is a link to the repository's `rules/`, so the published package
    // holds the files; cargo watches the folder the link leads to.
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let watched = rules.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", rules.display()));
    println!("cargo::rerun-if-changed={}", watched.display());
    let mut sets: Vec<(String, Vec<(String, PathBuf)>)> = Vec::new();
    for entry in read_dir(&rules) {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let mut files = Vec::new();
        walk(&path, "", &mut files);
        files.sort();
        sets.push((utf8_name(&path), files));
    }
    sets.sort();
    let mut out = String::from("/// The rule sets under `rules/`, by name.\n");
    out.push_str("static SETS: &[(&str, Files)] = &[\n");
    for (name, files) in &sets {
        writeln!(out, "    ({name:?}, &[").unwrap();
        for (relative, path) in files {
            let absolute = path.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let absolute = absolute.to_str().unwrap_or_else(|| panic!("{}: not UTF-8", path.display()));
            writeln!(out, "        ({relative:?}, include_bytes!({absolute:?})),").unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}

/// Adds every regular file under `dir` (links followed) to `files`, named relative to the set's
/// folder with `prefix` in front. Anything else (a FIFO, a device) is left out, as the loader
/// refuses to read it from a folder.
fn walk(dir: &Path, prefix: &str, files: &mut Vec<(String, PathBuf)>) {
    for entry in read_dir(dir) {
        let path = entry.path();
        let relative = format!("{prefix}{}", utf8_name(&path));
        if path.is_dir() {
            walk(&path, &format!("{relative}/"), files);
        } else if path.is_file() {
            files.push((relative, path));
        }
    }
}

fn read_dir(dir: &Path) -> impl Iterator<Item = std::fs::DirEntry> + '_ {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(move |e| e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
}

/// The file name of `path`, which must be UTF-8 (it becomes a name in a Rust string literal).
fn utf8_name(path: &Path) -> String {
    let name = path.file_name().expect("an entry has a name");
    name.to_str().unwrap_or_else(|| panic!("{}: the name is not UTF-8", path.display())).to_string()
}
