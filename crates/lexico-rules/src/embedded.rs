//! The rule sets embedded in the crate: every folder under the repository's `rules/`, with every
//! regular file it holds, taken in when the crate is compiled (see `build.rs`). A program built
//! on this crate can load a rule set without the repository ([`crate::RuleSet::embedded`]) or
//! write one back out as a folder to start a new edition from.
//!
//! ```
//! for name in lexico_rules::embedded::names() {
//!     let files = lexico_rules::embedded::files(name).unwrap();
//!     assert!(files.iter().any(|(path, _)| *path == "ruleset.toml"));
//! }
//! ```

/// The files of an embedded rule set: each file's path relative to the set's folder
/// (`/`-separated, `plurals/endings.txt`) and its bytes, in byte order of the paths.
///
/// ```
/// let files: lexico_rules::embedded::Files = lexico_rules::embedded::files("fise-2016").expect("embedded");
/// assert!(files.iter().any(|(path, _)| *path == "tiles.csv"));
/// assert!(files.windows(2).all(|w| w[0].0 < w[1].0));
/// ```
pub type Files = &'static [(&'static str, &'static [u8])];

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The names of the embedded rule sets (their folders' names), in byte order.
pub fn names() -> impl Iterator<Item = &'static str> {
    SETS.iter().map(|(name, _)| *name)
}

/// The files of the embedded rule set `name` (see [`Files`]); `None` if no set of that name is
/// embedded.
pub fn files(name: &str) -> Option<Files> {
    find(name).map(|(_, files)| files)
}

/// The embedded rule set `name`: its name and its files.
pub(crate) fn find(name: &str) -> Option<(&'static str, Files)> {
    SETS.iter().find(|(n, _)| *n == name).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table holds exactly the folders of `rules/` and, for each, exactly the bytes of every
    /// file under it.
    #[test]
    fn the_table_mirrors_the_rules_folder() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        let mut folders: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        assert!(!folders.is_empty());
        assert_eq!(names().collect::<Vec<_>>(), folders);
        for name in names() {
            let mut on_disk = Vec::new();
            let mut pending = vec![root.join(name)];
            while let Some(dir) = pending.pop() {
                for entry in std::fs::read_dir(&dir).unwrap() {
                    let path = entry.unwrap().path();
                    if path.is_dir() {
                        pending.push(path);
                    } else {
                        let relative = path.strip_prefix(root.join(name)).unwrap();
                        on_disk
                            .push((relative.to_string_lossy().into_owned(), std::fs::read(&path).unwrap()));
                    }
                }
            }
            on_disk.sort();
            let embedded: Vec<(String, Vec<u8>)> =
                files(name).unwrap().iter().map(|(p, b)| (p.to_string(), b.to_vec())).collect();
            assert_eq!(embedded, on_disk, "{name}");
        }
        assert!(files("no-such-set").is_none());
    }
}
