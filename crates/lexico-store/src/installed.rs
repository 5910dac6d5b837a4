//! Installed lexicons: the entries (`*.entry`) and `*.lex` files of the data folder, found by
//! edition, file name or name.

use std::ffi::OsStr;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use lexico_lexicon::{Lexicon, Manifest};

use crate::entry::ENTRY_EXTENSION;
use crate::folder::data_dir;
use crate::open::{embedded_opened, open_file, open_path_with, Check, Opened, Signer};
use crate::StoreError;

/// The word that names the embedded lexicon wherever a lexicon is named.
pub const EMBEDDED: &str = "embedded";

/// An installed lexicon, open and proven whole. Installed lexicons are the entries `*.entry` of
/// the data folder, each naming the read-only copies `lexico install` made
/// (`objects/<SHA-256>.lex` and its signature's), and the `*.lex` files put there by other means,
/// read as any file named by path.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::env::set_var("LEXICO_DATA_DIR", dir.path());
/// std::fs::write(dir.path().join("from-words.lex"), lexico_lexicon::Lexicon::from_words(["casa"])?.as_bytes())?;
/// let installed = lexico_store::find_installed(dir.path(), "from-words".as_ref())?;
/// assert_eq!(installed.path, dir.path().join("from-words.lex"));
/// assert_eq!(installed.lexicon.len(), 1);
/// assert_eq!(installed.title(), "from-words");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Installed {
    /// Its file in the data folder.
    pub path: PathBuf,
    /// The lexicon.
    pub lexicon: Lexicon,
    /// Who vouches for it.
    pub signer: Signer,
}

impl Installed {
    /// Name, edition and version, as a person reads them (`FISE FISE-2 2016`).
    pub fn title(&self) -> String {
        self.lexicon.manifest().map(title).unwrap_or_default()
    }

    fn stem(&self) -> String {
        self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    }
}

/// Name, edition and version of a manifest, the empty ones left out.
///
/// ```
/// let lex = lexico_store::embedded()?;
/// assert!(lexico_store::title(lex.manifest()?).contains("FISE-2 2009"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn title(m: &Manifest) -> String {
    let parts = [&m.name, &m.edition, &m.version];
    parts.iter().filter(|s| !s.is_empty()).map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

/// The entries and `*.lex` files of a data folder, by file name.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("broken.lex"), b"not a lexicon")?;
/// let scan = lexico_store::scan(dir.path())?;
/// assert_eq!((scan.found.len(), scan.broken.len()), (0, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Scan {
    /// Those that open, with a readable manifest.
    pub found: Vec<Installed>,
    /// Those that do not, with the reason.
    pub broken: Vec<(PathBuf, StoreError)>,
}

/// Every entry and `*.lex` file in `dir` (a missing folder holds none), each proven whole as
/// [`open_path`](crate::open_path) proves a file, with `dir`'s trusted keys and records (see
/// [`Scan`]).
pub fn scan(dir: &Path) -> Result<Scan, StoreError> {
    scan_with(dir, Check::Recorded)
}

/// [`scan`], relying on records as much as `check` allows.
pub fn scan_with(dir: &Path, check: Check) -> Result<Scan, StoreError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Scan::default()),
        Err(e) => return Err(StoreError::io(dir)(e)),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(StoreError::io(dir))?.path();
        if path.extension().is_some_and(|e| e == "lex" || e == ENTRY_EXTENSION) {
            paths.push(path);
        }
    }
    paths.sort();
    let (mut found, mut broken) = (Vec::new(), Vec::new());
    for path in paths {
        // Proven whole (and signed, when keys are trusted) like any file a program uses.
        match open_file(Some(dir), &path, &path.display().to_string(), check) {
            Ok(Opened { lexicon, signer }) => found.push(Installed { path, lexicon, signer }),
            Err(e) => broken.push((path, e)),
        }
    }
    Ok(Scan { found, broken })
}

/// The installed lexicon in `dir` that `value` names: by edition or file name, else by name,
/// ignoring case. Several matches are an error that lists them (see [`Installed`]).
pub fn find_installed(dir: &Path, value: &OsStr) -> Result<Installed, StoreError> {
    find_installed_with(dir, value, Check::Recorded)
}

/// [`find_installed`], relying on records as much as `check` allows.
pub fn find_installed_with(dir: &Path, value: &OsStr, check: Check) -> Result<Installed, StoreError> {
    let key = value.to_string_lossy().to_lowercase();
    let Scan { found, broken } = scan_with(dir, check)?;
    // A damaged file that the value names by its file name is reported, not skipped. Its
    // error names the file already.
    if let Some((_, err)) = broken
        .into_iter()
        .find(|(p, _)| p.file_stem().is_some_and(|s| s.to_string_lossy().to_lowercase() == key))
    {
        return Err(err);
    }
    let matches = |i: &Installed, by_edition: bool| {
        let Ok(m) = i.lexicon.manifest() else { return false };
        if by_edition {
            m.edition.to_lowercase() == key || i.stem().to_lowercase() == key
        } else {
            m.name.to_lowercase() == key
        }
    };
    let by_edition: Vec<usize> = (0..found.len()).filter(|&i| matches(&found[i], true)).collect();
    let chosen = if by_edition.is_empty() {
        (0..found.len()).filter(|&i| matches(&found[i], false)).collect()
    } else {
        by_edition
    };
    match chosen[..] {
        [one] => Ok(found.into_iter().nth(one).expect("an index of the list")),
        [] => Err(StoreError::NotInstalled {
            name: value.to_string_lossy().into_owned(),
            dir: dir.to_path_buf(),
        }),
        _ => Err(StoreError::Ambiguous {
            name: value.to_string_lossy().into_owned(),
            found: chosen
                .iter()
                .map(|&i| format!("{} ({})", found[i].title(), found[i].path.display()))
                .collect(),
        }),
    }
}

/// Returns true if and only if `value` can only be a path: it has a path separator or ends in
/// `.lex`.
///
/// ```
/// use lexico_store::looks_like_path;
/// assert!(looks_like_path("x.lex".as_ref()) && looks_like_path("./FISE-2".as_ref()));
/// assert!(!looks_like_path("FISE-2".as_ref()));
/// ```
pub fn looks_like_path(value: &OsStr) -> bool {
    let text = value.to_string_lossy();
    text.contains(std::path::MAIN_SEPARATOR) || text.contains('/') || text.to_lowercase().ends_with(".lex")
}

/// Opens the lexicon `value` names, as `lexico --lexicon VALUE` does: `embedded` (in any case); a
/// path, when it looks like one or a file of that name exists; else an installed lexicon in the
/// data folder ([`data_dir`]) whose edition or file name is `value`, else one whose name is,
/// ignoring case. The file is proven whole and, once keys are trusted, its signature checked
/// ([`open_path`](crate::open_path)).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::env::set_var("LEXICO_DATA_DIR", dir.path());
/// std::fs::write(dir.path().join("from-words.lex"), lexico_lexicon::Lexicon::from_words(["casa"])?.as_bytes())?;
/// assert_eq!(lexico_store::open_named("FROM-WORDS".as_ref())?.lexicon.len(), 1);
/// assert_eq!(lexico_store::open_named("Embedded".as_ref())?.lexicon.len(), 636_598);
/// assert!(lexico_store::open_named("FISE-9".as_ref()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_named(value: &OsStr) -> Result<Opened, StoreError> {
    open_named_with(value, Check::Recorded)
}

/// [`open_named`], relying on records as much as `check` allows.
pub fn open_named_with(value: &OsStr, check: Check) -> Result<Opened, StoreError> {
    if value.is_empty() {
        return Err(StoreError::EmptyName);
    }
    if value.eq_ignore_ascii_case(EMBEDDED) {
        return embedded_opened();
    }
    let path = Path::new(value);
    if looks_like_path(value) || path.exists() || path.symlink_metadata().is_ok() {
        return open_path_with(path, check);
    }
    let Some(dir) = data_dir() else {
        return Err(StoreError::NoDataDirForName { name: path.display().to_string() });
    };
    let found = find_installed_with(&dir, value, check)?;
    Ok(Opened { lexicon: found.lexicon, signer: found.signer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_with_a_separator_or_the_lex_extension_is_a_path() {
        for path in ["x.lex", "X.LEX", "dir/x", "./FISE-2", "/abs/file"] {
            assert!(looks_like_path(OsStr::new(path)), "{path}");
        }
        for name in ["FISE-2", "fise", "FISE-2.lexicon", "lex"] {
            assert!(!looks_like_path(OsStr::new(name)), "{name}");
        }
    }
}
