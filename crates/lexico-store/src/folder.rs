//! The data folder and its default record.

use std::path::{Path, PathBuf};

use crate::atomic::{lock_folder, write_atomically};
use crate::entry::is_entry;
use crate::read::read_small;
use crate::record::{sweep, OBJECTS_DIR};
use crate::StoreError;

/// The variable that overrides where installed lexicons live.
pub const DATA_DIR_VAR: &str = "LEXICO_DATA_DIR";

/// The file in the data folder that names the default lexicon.
pub const DEFAULT_RECORD: &str = "default";

/// The folder of installed lexicons: `$LEXICO_DATA_DIR`, else, on Windows, `%APPDATA%\lexico`
/// (the user's roaming application data), elsewhere `$XDG_DATA_HOME/lexico`, else
/// `$HOME/.local/share/lexico`; `None` when none of them is set. Empty variables count as unset,
/// and so does a relative `XDG_DATA_HOME`, as the XDG base directory specification asks.
///
/// ```
/// std::env::set_var("LEXICO_DATA_DIR", "/srv/lexico");
/// assert_eq!(lexico_store::data_dir(), Some("/srv/lexico".into()));
/// std::env::set_var("LEXICO_DATA_DIR", "");
/// # #[cfg(unix)] {
/// std::env::set_var("XDG_DATA_HOME", "/home/ana/.data");
/// assert_eq!(lexico_store::data_dir(), Some("/home/ana/.data/lexico".into()));
/// # }
/// ```
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(DATA_DIR_VAR) {
        return Some(dir);
    }
    if cfg!(windows) {
        return var("APPDATA").map(|appdata| appdata.join("lexico"));
    }
    if let Some(xdg) = var("XDG_DATA_HOME").filter(|p| p.is_absolute()) {
        return Some(xdg.join("lexico"));
    }
    var("HOME").map(|home| home.join(".local/share/lexico"))
}

/// [`data_dir`], or an error saying how to set it.
///
/// ```
/// for var in ["LEXICO_DATA_DIR", "XDG_DATA_HOME", "HOME", "APPDATA"] {
///     std::env::remove_var(var);
/// }
/// let err = lexico_store::require_data_dir().unwrap_err();
/// assert!(matches!(err, lexico_store::StoreError::NoDataDir));
/// ```
pub fn require_data_dir() -> Result<PathBuf, StoreError> {
    data_dir().ok_or(StoreError::NoDataDir)
}

/// What a data folder's default record says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefaultLexicon {
    /// The lexicon embedded in the binary: the record says `embedded`, or no lexicon was ever
    /// installed in the folder (and so no default chosen).
    Embedded,
    /// The installed lexicon of this entry (or, in a folder installed into by an older version,
    /// this file).
    Installed(PathBuf),
}

/// The word a default record holds for the embedded lexicon.
const EMBEDDED_RECORD: &str = "embedded";

/// The default lexicon of the data folder `dir`, as its record `default` names it: one line, the
/// file name of an installed lexicon's entry, or `embedded`. The first installation in a folder
/// writes the record, so a folder with installed lexicons and no record has lost it: that is an
/// error (as is a record that names anything but a file of `dir`), never a quiet fall back on
/// the embedded lexicon.
///
/// ```
/// use lexico_store::DefaultLexicon;
/// let dir = tempfile::tempdir()?;
/// assert_eq!(lexico_store::default_path(dir.path())?, DefaultLexicon::Embedded);
/// lexico_store::set_default(dir.path(), &dir.path().join("FISE-2.entry"))?;
/// assert_eq!(lexico_store::default_path(dir.path())?, DefaultLexicon::Installed(dir.path().join("FISE-2.entry")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_path(dir: &Path) -> Result<DefaultLexicon, StoreError> {
    let record = dir.join(DEFAULT_RECORD);
    let Some(text) = read_small(&record, "default record")? else {
        if has_installed(dir) {
            return Err(StoreError::DefaultLost { record });
        }
        return Ok(DefaultLexicon::Embedded);
    };
    let name = text.trim_end_matches(['\n', '\r']);
    if name == EMBEDDED_RECORD {
        return Ok(DefaultLexicon::Embedded);
    }
    if name.is_empty() || name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(StoreError::BadDefaultRecord { record, name: name.to_string() });
    }
    Ok(DefaultLexicon::Installed(dir.join(name)))
}

/// Returns true if and only if lexicons were installed in the data folder `dir`: it holds an
/// entry or the `objects/` folder an installation writes.
fn has_installed(dir: &Path) -> bool {
    if dir.join(OBJECTS_DIR).is_dir() {
        return true;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    entries.flatten().any(|e| is_entry(&e.path()))
}

/// Makes `file`, a lexicon in `dir`, the default: the record is written atomically, under the
/// data folder's lock.
pub fn set_default(dir: &Path, file: &Path) -> Result<(), StoreError> {
    let name = file.file_name().and_then(|n| n.to_str()).ok_or(StoreError::NoFileName)?;
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    write_default_locked(dir, name)
}

/// Writes the default record of `dir`, naming `name` (an entry's file name, or `embedded`); the
/// caller holds the data folder's lock.
pub(crate) fn write_default_locked(dir: &Path, name: &str) -> Result<(), StoreError> {
    sweep(dir);
    write_atomically(&dir.join(DEFAULT_RECORD), format!("{name}\n").as_bytes())
}

/// The file name the default record of `dir` holds, if there is a record; the caller holds the
/// data folder's lock.
pub(crate) fn default_name(dir: &Path) -> Result<Option<String>, StoreError> {
    Ok(read_small(&dir.join(DEFAULT_RECORD), "default record")?
        .map(|t| t.trim_end_matches(['\n', '\r']).to_string()))
}

/// Makes the embedded lexicon the default again: the record says `embedded`.
///
/// ```
/// use lexico_store::DefaultLexicon;
/// let dir = tempfile::tempdir()?;
/// lexico_store::set_default(dir.path(), &dir.path().join("FISE-2.entry"))?;
/// lexico_store::clear_default(dir.path())?;
/// assert_eq!(lexico_store::default_path(dir.path())?, DefaultLexicon::Embedded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn clear_default(dir: &Path) -> Result<(), StoreError> {
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    write_default_locked(dir, EMBEDDED_RECORD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_record_that_names_a_path_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(default_path(dir.path()).unwrap(), DefaultLexicon::Embedded);
        for bad in ["../x.lex\n", "\n", "a/b.lex"] {
            std::fs::write(dir.path().join(DEFAULT_RECORD), bad).unwrap();
            let err = default_path(dir.path()).unwrap_err();
            assert!(
                err.to_string().contains(":1: not the file name of an installed lexicon"),
                "{bad:?}: {err}"
            );
        }
        std::fs::write(dir.path().join(DEFAULT_RECORD), "FISE-2.entry\n").unwrap();
        assert_eq!(
            default_path(dir.path()).unwrap(),
            DefaultLexicon::Installed(dir.path().join("FISE-2.entry"))
        );
    }

    #[test]
    fn a_lost_record_in_a_folder_with_installed_lexicons_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("FISE-2.entry"), "").unwrap();
        let err = default_path(dir.path()).unwrap_err().to_string();
        assert!(err.contains("default") && err.contains("install --default"), "{err}");
        clear_default(dir.path()).unwrap();
        assert_eq!(default_path(dir.path()).unwrap(), DefaultLexicon::Embedded);
    }
}
