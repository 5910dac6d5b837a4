//! Which files of a folder given as a source a build reads: its `.txt` and `.tsv` files, by
//! name; everything else it holds is skipped, each with the reason, so that nothing is left out
//! unsaid. Folders inside it are not read. A zip of lists (the federation's download) is read
//! like a folder of its entries ([`gather`]).

use std::path::{Path, PathBuf};

use lexico_rules::RuleError;

use crate::{CompileError, Input};

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

/// What a build reads from the sources it was given ([`gather`]).
#[derive(Debug, Default)]
pub struct Gathered {
    /// Every source read, in the order given, a folder's and a zip's in the order of their names.
    pub inputs: Vec<Input>,
    /// Each folder and zip given, with what it took and what it skipped.
    pub opened: Vec<Opened>,
}

/// A folder or zip given as a source, as a build read it.
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    /// The folder or zip, as given.
    pub place: PathBuf,
    /// The names of the files taken.
    pub found: Vec<String>,
    /// The names of the files skipped, each with the reason.
    pub skipped: Vec<(String, &'static str)>,
}

/// The error of reading `path`.
fn io(path: &Path, source: std::io::Error) -> RuleError {
    RuleError::Io { path: path.to_path_buf(), source }
}

/// Reads every source of `paths` before anything is written, so that an unreadable one stops
/// the build: a file is read as it is, a folder as its `.txt` and `.tsv` files
/// ([`folder_sources`]), a zip as its entries that are lists ([`crate::read_archive`]). A folder
/// or zip with no source is an error.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("a.txt"), "casa\n")?;
/// std::fs::write(dir.path().join("notes.docx"), "")?;
/// let gathered = lexico_compile::gather(&[dir.path().to_path_buf()])?;
/// assert_eq!(gathered.inputs.len(), 1);
/// assert_eq!(gathered.opened[0].found, ["a.txt"]);
/// assert_eq!(gathered.opened[0].skipped, [("notes.docx".to_string(), "not .txt or .tsv")]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gather(paths: &[PathBuf]) -> Result<Gathered, CompileError> {
    let name =
        |p: &Path| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into());
    let mut gathered = Gathered::default();
    let mut files = Vec::new();
    for path in paths {
        if std::fs::metadata(path).map_err(|e| io(path, e))?.is_dir() {
            let folder = folder_sources(path).map_err(|e| io(path, e))?;
            if folder.found.is_empty() {
                let path = path.display().to_string();
                return Err(CompileError::NoSource {
                    path,
                    reason: "the folder holds no .txt or .tsv source",
                });
            }
            gathered.opened.push(Opened {
                place: path.clone(),
                found: folder.found.iter().map(|p| name(p)).collect(),
                skipped: folder.skipped.iter().map(|(p, why)| (name(p), *why)).collect(),
            });
            files.extend(folder.found);
        } else {
            files.push(path.clone());
        }
    }
    for p in files {
        let bytes = lexico_rules::files::read_file(&p)?;
        let path = p.to_string_lossy().into_owned();
        if !crate::is_archive(&bytes) {
            gathered.inputs.push(Input { path, bytes });
            continue;
        }
        let archive = crate::read_archive(&path, &bytes)?;
        if archive.inputs.is_empty() {
            return Err(CompileError::NoSource { path, reason: "the zip holds no FISE list" });
        }
        let entry = |name: &str| {
            let name = name.trim_end_matches('/');
            name.rsplit('/').next().unwrap_or(name).to_string()
        };
        gathered.opened.push(Opened {
            place: p,
            found: archive.inputs.iter().map(|i| entry(&i.path)).collect(),
            skipped: archive.skipped.iter().map(|(name, why)| (entry(name), *why)).collect(),
        });
        gathered.inputs.extend(archive.inputs);
    }
    Ok(gathered)
}
