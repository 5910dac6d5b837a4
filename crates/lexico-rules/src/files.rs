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
    /// link to one) of a bounded size ([`read_file`]): a device such as `/dev/zero` never ends
    /// and a FIFO waits for a writer, either of which would hang the load.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, RuleError> {
        match &self.place {
            Place::Folder(dir) => read_file(&dir.join(name)),
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

/// The most a file read by [`read_file`] may hold (256 MiB): a source list, an update list or a
/// rule table is a few megabytes (the FISE-2 lists together are under 5 MB), so anything larger
/// is a file given by mistake, refused before it fills the memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The bytes of the file `path` (a source list, an update list, a table of a rule set): only a
/// regular file (or a link to one) of at most [`MAX_FILE_BYTES`] is read. It is opened without
/// waiting (a FIFO, which would wait for a writer, is refused at once, and so is a device such
/// as `/dev/zero`, which never ends, or a socket), and read up to one byte past the bound, so a
/// file that grows while it is read is refused too. Errors name the file.
///
/// ```
/// let err = lexico_rules::files::read_file(std::path::Path::new("/dev/zero")).unwrap_err();
/// assert_eq!(err.to_string(), "/dev/zero: a device, not a regular file (only a regular file is read)");
/// ```
pub fn read_file(path: &Path) -> Result<Vec<u8>, RuleError> {
    use std::io::Read;
    let io = |source| RuleError::Io { path: path.to_path_buf(), source };
    let refuse = |why: String| io(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // A socket cannot be opened at all: say what it is rather than the system's words.
        Err(e) => match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() => {
                return Err(refuse(format!(
                    "{}, not a regular file (only a regular file is read)",
                    kind_of(&meta.file_type())
                )))
            }
            _ => return Err(io(e)),
        },
    };
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(refuse(format!(
            "{}, not a regular file (only a regular file is read)",
            kind_of(&meta.file_type())
        )));
    }
    let too_large = |len: u64| {
        refuse(format!("{len} bytes, larger than any file it could be (at most {MAX_FILE_BYTES})"))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// What a file that is not a regular file is, as a person says it.
fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}
