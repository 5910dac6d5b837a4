//! Which files of a folder given as a source a build reads: its `.txt` and `.tsv` files, by
//! name; everything else it holds is skipped, each with the reason, so that nothing is left out
//! unsaid. Folders inside it are not read.

use std::path::{Path, PathBuf};

/// What a folder given as a source holds for a build.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Folder {
    /// The sources, in the order of their names.
    pub found: Vec<PathBuf>,
    /// Everything else, in the order of the names, each with the reason it is skipped.
    pub skipped: Vec<(PathBuf, &'static str)>,
}

/// Lists the folder `dir` as a build reads it (see the module's documentation).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// for name in ["b.txt", "a.tsv", "notes.docx"] {
///     std::fs::write(dir.path().join(name), "casa\n")?;
/// }
/// std::fs::create_dir(dir.path().join("old"))?;
/// let folder = lexico_compile::folder_sources(dir.path())?;
/// assert_eq!(folder.found, [dir.path().join("a.tsv"), dir.path().join("b.txt")]);
/// assert_eq!(folder.skipped, [(dir.path().join("notes.docx"), "not .txt or .tsv"), (dir.path().join("old"), "a folder")]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn folder_sources(dir: &Path) -> std::io::Result<Folder> {
    let mut folder = Folder::default();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            folder.skipped.push((path, "a folder"));
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("txt" | "tsv")) {
            folder.found.push(path);
        } else {
            folder.skipped.push((path, "not .txt or .tsv"));
        }
    }
    folder.found.sort();
    folder.skipped.sort();
    Ok(folder)
}
