//! The data folder and its default record.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::atomic::write_atomically;
use crate::read::read_small;
use crate::StoreError;

/// The variable that overrides where installed lexicons live.
pub const DATA_DIR_VAR: &str = "LEXICO_DATA_DIR";

/// The file in the data folder that names the default lexicon.
pub const DEFAULT_RECORD: &str = "default";

/// The folder of installed lexicons: `$LEXICO_DATA_DIR`, else `$XDG_DATA_HOME/lexico`, else
/// `$HOME/.local/share/lexico`; `None` when none of them is set. Empty variables count as unset,
/// and so does a relative `XDG_DATA_HOME`, as the XDG base directory specification asks.
///
/// ```
/// std::env::set_var("LEXICO_DATA_DIR", "/srv/lexico");
/// assert_eq!(lexico_store::data_dir(), Some("/srv/lexico".into()));
/// std::env::set_var("LEXICO_DATA_DIR", "");
/// std::env::set_var("XDG_DATA_HOME", "/home/ana/.data");
/// assert_eq!(lexico_store::data_dir(), Some("/home/ana/.data/lexico".into()));
/// ```
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(DATA_DIR_VAR) {
        return Some(dir);
    }
    if let Some(xdg) = var("XDG_DATA_HOME").filter(|p| p.is_absolute()) {
        return Some(xdg.join("lexico"));
    }
    var("HOME").map(|home| home.join(".local/share/lexico"))
}

/// [`data_dir`], or an error saying how to set it.
///
/// ```
/// for var in ["LEXICO_DATA_DIR", "XDG_DATA_HOME", "HOME"] {
///     std::env::remove_var(var);
/// }
/// let err = lexico_store::require_data_dir().unwrap_err();
/// assert!(matches!(err, lexico_store::StoreError::NoDataDir));
/// ```
pub fn require_data_dir() -> Result<PathBuf, StoreError> {
    data_dir().ok_or(StoreError::NoDataDir)
}

/// The file that `dir`'s default record names, or `None` when there is no record. A record that
/// names anything but a file of `dir` is an error.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert_eq!(lexico_store::default_path(dir.path())?, None);
/// lexico_store::set_default(dir.path(), &dir.path().join("FISE-2.lex"))?;
/// assert_eq!(lexico_store::default_path(dir.path())?, Some(dir.path().join("FISE-2.lex")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_path(dir: &Path) -> Result<Option<PathBuf>, StoreError> {
    let record = dir.join(DEFAULT_RECORD);
    let Some(text) = read_small(&record, "default record")? else { return Ok(None) };
    let name = text.trim_end_matches(['\n', '\r']);
    if name.is_empty() || name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(StoreError::BadDefaultRecord { record, name: name.to_string() });
    }
    Ok(Some(dir.join(name)))
}

/// Makes `file`, a lexicon in `dir`, the default: the record is written atomically.
pub fn set_default(dir: &Path, file: &Path) -> Result<(), StoreError> {
    let name = file.file_name().and_then(|n| n.to_str()).ok_or(StoreError::NoFileName)?;
    write_atomically(&dir.join(DEFAULT_RECORD), format!("{name}\n").as_bytes())
}

/// Makes the embedded lexicon the default again: the record is removed.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// lexico_store::set_default(dir.path(), &dir.path().join("FISE-2.lex"))?;
/// lexico_store::clear_default(dir.path())?;
/// assert_eq!(lexico_store::default_path(dir.path())?, None);
/// lexico_store::clear_default(dir.path())?; // no record is no error
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn clear_default(dir: &Path) -> Result<(), StoreError> {
    let record = dir.join(DEFAULT_RECORD);
    match std::fs::remove_file(&record) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(StoreError::io(&record)(e)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_record_that_names_a_path_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(default_path(dir.path()).unwrap().is_none());
        for bad in ["../x.lex\n", "\n", "a/b.lex"] {
            std::fs::write(dir.path().join(DEFAULT_RECORD), bad).unwrap();
            let err = default_path(dir.path()).unwrap_err();
            assert!(
                err.to_string().contains(":1: not the file name of an installed lexicon"),
                "{bad:?}: {err}"
            );
        }
        std::fs::write(dir.path().join(DEFAULT_RECORD), "FISE-2.lex\n").unwrap();
        assert_eq!(default_path(dir.path()).unwrap(), Some(dir.path().join("FISE-2.lex")));
    }
}
