//! Where a rule set's files are read from: a folder on disk, or a set embedded in the crate
//! ([`crate::embedded`]). Every loader reads through [`RuleFiles`], so a rule set loads the same
//! way from either place, and its messages name a file as `DIR/plurals/endings.txt` for a folder
//! and `NAME (embedded)/plurals/endings.txt` for an embedded set.

use std::path::{Path, PathBuf};

use crate::error::line_col;
use crate::error::RuleError;

/// A folder of rule files: on disk, or a folder of an embedded rule set.
///
/// ```
/// let files = lexico_rules::RuleFiles::embedded("fise-2016").expect("embedded");
/// assert!(files.read_to_string("tiles.csv")?.contains("CH"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RuleFiles {
    place: Place,
}

#[derive(Clone, Debug)]
enum Place {
    Folder(PathBuf),
    Embedded {
        set: &'static str,
        files: crate::embedded::Files,
        /// The folder inside the set, `/`-separated; empty for the set's own folder.
        prefix: String,
    },
}

impl RuleFiles {
    /// The folder `dir` on disk, shown in messages as given.
    pub fn folder(dir: impl Into<PathBuf>) -> RuleFiles {
        RuleFiles { place: Place::Folder(dir.into()) }
    }

    /// The folder of the embedded rule set `name`, or `None` if no set of that name is embedded.
    pub fn embedded(name: &str) -> Option<RuleFiles> {
        let (set, files) = crate::embedded::find(name)?;
        Some(RuleFiles { place: Place::Embedded { set, files, prefix: String::new() } })
    }

    /// The folder `name` inside this one.
    pub fn sub(&self, name: &str) -> RuleFiles {
        let place = match &self.place {
            Place::Folder(dir) => Place::Folder(dir.join(name)),
            Place::Embedded { set, files, prefix } => {
                Place::Embedded { set, files, prefix: normalise(&format!("{prefix}/{name}")) }
            }
        };
        RuleFiles { place }
    }

    /// This folder as messages show it: the path on disk as given, or `NAME (embedded)` and the
    /// folder inside the set.
    pub fn root(&self) -> PathBuf {
        match &self.place {
            Place::Folder(dir) => dir.clone(),
            Place::Embedded { set, prefix, .. } if prefix.is_empty() => {
                PathBuf::from(format!("{set} (embedded)"))
            }
            Place::Embedded { set, prefix, .. } => Path::new(&format!("{set} (embedded)")).join(prefix),
        }
    }

    /// The file `name` of this folder as messages show it.
    pub fn path(&self, name: &str) -> PathBuf {
        self.root().join(name)
    }

    /// The bytes of the file `name` of this folder. On disk, it must be a regular file (or a
    /// link to one): a device such as `/dev/zero` never ends and a FIFO waits for a writer,
    /// either of which would hang the load.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, RuleError> {
        match &self.place {
            Place::Folder(dir) => {
                let path = dir.join(name);
                regular_file(&path)?;
                std::fs::read(&path).map_err(|source| RuleError::Io { path, source })
            }
            Place::Embedded { files, prefix, .. } => {
                let key = normalise(&format!("{prefix}/{name}"));
                match files.binary_search_by(|(p, _)| (*p).cmp(key.as_str())) {
                    Ok(i) => Ok(files[i].1.to_vec()),
                    Err(_) => Err(RuleError::Io {
                        path: self.path(name),
                        source: std::io::Error::new(
                            std::io::ErrorKind::NotFound,
                            "no such file in the embedded rule set",
                        ),
                    }),
                }
            }
        }
    }

    /// The text of the file `name` of this folder; bytes that are not UTF-8 are an error at
    /// their line and column.
    pub fn read_to_string(&self, name: &str) -> Result<String, RuleError> {
        let bytes = self.read(name)?;
        String::from_utf8(bytes).map_err(|e| {
            let (line, column) = line_col(e.as_bytes(), e.utf8_error().valid_up_to());
            RuleError::syntax(self.path(name), line, column, "not valid UTF-8")
        })
    }

    /// The names of the files directly in this folder, sorted; sub-folders are left out. On
    /// disk, an entry that is neither a file nor a folder (a FIFO) is listed, so that reading it
    /// is refused rather than skipped.
    pub fn list(&self) -> Result<Vec<String>, RuleError> {
        let mut names = match &self.place {
            Place::Folder(dir) => {
                let io = |source| RuleError::Io { path: dir.clone(), source };
                let mut names = Vec::new();
                for entry in std::fs::read_dir(dir).map_err(io)? {
                    let path = entry.map_err(io)?.path();
                    if !path.is_dir() {
                        names.push(
                            path.file_name().expect("an entry has a name").to_string_lossy().into_owned(),
                        );
                    }
                }
                names
            }
            Place::Embedded { files, prefix, .. } => {
                let start = if prefix.is_empty() { String::new() } else { format!("{prefix}/") };
                files
                    .iter()
                    .filter_map(|(p, _)| p.strip_prefix(start.as_str()))
                    .filter(|rest| !rest.contains('/'))
                    .map(str::to_string)
                    .collect()
            }
        };
        names.sort();
        Ok(names)
    }
}

/// A path inside an embedded set as its table names it: `/`-separated, without empty or `.`
/// components.
fn normalise(path: &str) -> String {
    path.split('/').filter(|c| !c.is_empty() && *c != ".").collect::<Vec<_>>().join("/")
}

/// Refuses to read `path` unless it is a regular file (or a link to one).
fn regular_file(path: &Path) -> Result<(), RuleError> {
    let meta =
        std::fs::metadata(path).map_err(|source| RuleError::Io { path: path.to_path_buf(), source })?;
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() { "is a directory, not a file" } else { "is not a regular file" };
    let source = std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
    Err(RuleError::Io { path: path.to_path_buf(), source })
}
