//! Installing a lexicon in the data folder, and choosing the default.
//!
//! An installed lexicon is a read-only copy of the file's bytes, `objects/<SHA-256>.lex`, with
//! its signature beside it (`objects/<SHA-256>.lex.minisig`), and an entry `<EDITION>.lex` that
//! links to the copy (with `<EDITION>.lex.minisig` linking to the signature, for tools that look
//! for it there). Only `install` writes these, each in full under a temporary name and renamed
//! into place, under an exclusive lock on the data folder: concurrent installations happen one
//! after the other, and a lexicon and its signature are installed together or not at all. A
//! reader follows the entry's one link to a copy whose signature is beside it, so it reads a
//! matching pair whatever an installation does meanwhile.

use std::ffi::OsStr;
use std::fmt;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use lexico_lexicon::{Image, Lexicon};

use crate::atomic::{lock_folder, persist, release_stem, stage_with_mode};
use crate::folder::{clear_default, set_default};
use crate::installed::{find_installed, title};
use crate::open::embedded;
use crate::read::{read_lexicon, read_lexicon_if_any};
use crate::record::{
    identity, linked_object, object_path, sha256_hex, write_record_locked, Record, OBJECTS_DIR,
};
use crate::trust::{check_signature, read_signature, signature_path, trusted_keys};
use crate::StoreError;

/// What an installation did to the data folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The lexicon is new.
    Added,
    /// A different file of the same name was replaced (`force`), or the same lexicon with
    /// another signature.
    Replaced,
    /// The same bytes, with the same signature, were already installed.
    Unchanged,
}

/// One installation, displayed as the line that reports it.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("x.lex");
/// std::fs::write(&path, lexico_lexicon::Lexicon::from_words(["casa"])?.as_bytes())?;
/// let data = dir.path().join("data");
/// let done = lexico_store::install_file(&data, &path, false, true)?;
/// assert_eq!(done.change, lexico_store::Change::Added);
/// assert_eq!(done.to_string(), format!("installed from-words (1 words) as {}; it is the default lexicon", done.path.display()));
/// let again = lexico_store::install_file(&data, &path, false, false)?;
/// assert_eq!(again.change, lexico_store::Change::Unchanged);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Installation {
    /// Name, edition and version of the lexicon ([`title`]).
    pub title: String,
    /// How many words it holds.
    pub words: u64,
    /// Its entry in the data folder, `<EDITION>.lex`.
    pub path: PathBuf,
    /// What the installation did.
    pub change: Change,
    /// Whether it is now the default lexicon.
    pub default: bool,
}

impl fmt::Display for Installation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (title, words, path) = (&self.title, self.words, self.path.display());
        match self.change {
            Change::Added => write!(f, "installed {title} ({words} words) as {path}")?,
            Change::Replaced => write!(f, "installed {title} ({words} words) as {path}, replacing it")?,
            Change::Unchanged => write!(f, "{title} is already installed as {path}")?,
        }
        if self.default {
            write!(f, "; it is the default lexicon")?;
        }
        Ok(())
    }
}

/// The first 16 hex digits of a checksum, as the word judge shows them.
///
/// ```
/// assert_eq!(lexico_store::short("0123456789abcdef0123"), "0123456789abcdef");
/// ```
pub fn short(sha256: &str) -> &str {
    sha256.get(..16).unwrap_or(sha256)
}

/// Installs the lexicon file `path` in data folder `dir`. The file is read once; when keys are
/// trusted in `dir`, its signature (`FILE.minisig`) must be by one of them and is checked first,
/// before anything decodes the bytes; then the bytes are proven whole (every checksum, the
/// payload digest, the counts), and installed under the name of their edition (`<EDITION>.lex`,
/// or `<name>-<version>.lex`) with their signature. An installed lexicon of that name with other
/// bytes is replaced only if `force`; the same bytes with the same signature are left as they
/// are. With `default`, the lexicon becomes the default. Nothing is installed on any error.
pub fn install_file(dir: &Path, path: &Path, force: bool, default: bool) -> Result<Installation, StoreError> {
    let (bytes, _) = read_lexicon(path, &path.display().to_string())?;
    let signature = read_signature(&signature_path(path))?;
    let keys = trusted_keys(dir)?;
    let signed_by = if keys.is_empty() {
        None
    } else {
        let key = check_signature(path, signature.as_deref(), &bytes, &keys)
            .map_err(|e| e.context("nothing installed"))?;
        Some(key.id.clone())
    };
    let in_file = |e| StoreError::InFile { path: path.to_path_buf(), source: Box::new(e) };
    let lexicon = Lexicon::from_image(bytes).map_err(|e| in_file(e.into()))?;
    install_checked(dir, lexicon, signature, signed_by, force, default).map_err(in_file)
}

/// [`install_file`] of a file image in memory (a lexicon just built) and the text of its
/// signature; errors do not name a file.
pub fn install_image(
    dir: &Path,
    bytes: Vec<u8>,
    signature: Option<String>,
    force: bool,
    default: bool,
) -> Result<Installation, StoreError> {
    let keys = trusted_keys(dir)?;
    let signed_by = if keys.is_empty() {
        None
    } else {
        let named = Path::new("the lexicon to install");
        let key = check_signature(named, signature.as_deref(), &bytes, &keys)
            .map_err(|e| e.context("nothing installed"))?;
        Some(key.id.clone())
    };
    install_checked(dir, Lexicon::from_vec(bytes)?, signature, signed_by, force, default)
}

/// What an entry of the data folder holds now.
struct Held {
    bytes: Image,
    signature: Option<String>,
    /// The SHA-256 of the copy it links to, for an entry `install` made.
    linked: Option<String>,
}

/// What the entry `entry` of `dir` holds, `None` when there is no such entry (or it links to a
/// copy that is gone).
fn held(dir: &Path, entry: &Path) -> Result<Option<Held>, StoreError> {
    let linked = linked_object(dir, entry);
    let source = match &linked {
        Some(sha) => object_path(dir, sha),
        None => entry.to_path_buf(),
    };
    let Some(bytes) = read_lexicon_if_any(&source, &source.display().to_string())? else { return Ok(None) };
    let signature = read_signature(&signature_path(&source))?;
    Ok(Some(Held { bytes, signature, linked }))
}

/// Installs a lexicon whose signature, when keys are trusted, the key `signed_by` verified.
fn install_checked(
    dir: &Path,
    lexicon: Lexicon,
    signature: Option<String>,
    signed_by: Option<String>,
    force: bool,
    default: bool,
) -> Result<Installation, StoreError> {
    let payload = lexicon
        .verify()
        .map_err(|e| StoreError::Format(e).context("verification failed, nothing installed"))?
        .to_string();
    let manifest = lexicon.manifest()?;
    let stem = release_stem(&manifest.name, &manifest.edition, &manifest.version);
    let entry = dir.join(format!("{stem}.lex"));
    let sha = sha256_hex(lexicon.as_bytes());
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    let old = held(dir, &entry)?;
    // An installed copy named by these bytes' digest is this lexicon, even if the copy was
    // damaged since: installing it again repairs it.
    let same = |old: &Held| *old.bytes == *lexicon.as_bytes() || old.linked.as_deref() == Some(sha.as_str());
    let change = match &old {
        None => Change::Added,
        Some(old) if *old.bytes == *lexicon.as_bytes() && old.signature == signature => Change::Unchanged,
        Some(old) if same(old) || force => Change::Replaced,
        Some(old) => {
            let held = match Lexicon::from_vec(old.bytes.to_vec()).and_then(|old| {
                let m = old.manifest()?;
                Ok(format!("{}, payload sha256 {}", title(m), short(&m.payload_sha256)))
            }) {
                Ok(held) => held,
                Err(e) => format!("unreadable: {e}"),
            };
            return Err(StoreError::HoldsAnother {
                path: entry,
                held,
                title: title(manifest),
                short: short(&manifest.payload_sha256).to_string(),
            });
        }
    };
    // An entry put there by other means than `install` holding the same bytes becomes one.
    let linked = old.as_ref().and_then(|o| o.linked.as_deref()) == Some(sha.as_str());
    if change != Change::Unchanged || !linked {
        let record = Record {
            payload: Some(payload),
            installed: None,
            signatures: match (&signature, signed_by) {
                (Some(text), Some(id)) => vec![(sha256_hex(text.as_bytes()), id)],
                _ => Vec::new(),
            },
        };
        write_installation(dir, &entry, &sha, lexicon.as_bytes(), signature.as_deref(), record)?;
        remove_unlinked(dir);
    }
    if default {
        set_default(dir, &entry)?;
    }
    Ok(Installation { title: title(manifest), words: manifest.words, path: entry, change, default })
}

/// Writes the copy of `bytes` (SHA-256 `sha`) and its signature, their record, then the entry
/// `entry` linking to them; the caller holds the data folder's lock.
#[cfg(unix)]
fn write_installation(
    dir: &Path,
    entry: &Path,
    sha: &str,
    bytes: &[u8],
    signature: Option<&str>,
    mut record: Record,
) -> Result<(), StoreError> {
    use crate::atomic::link_atomically;
    use crate::record::object_target;

    let objects = dir.join(OBJECTS_DIR);
    std::fs::create_dir_all(&objects).map_err(StoreError::io(&objects))?;
    let object = object_path(dir, sha);
    // Read-only: nobody is meant to write an installed copy in place.
    let file = persist(stage_with_mode(&object, bytes, 0o444)?, &object)?;
    let meta = file.metadata().map_err(StoreError::io(&object))?;
    record.installed = Some(identity(&meta));
    let sig_object = signature_path(&object);
    match signature {
        Some(text) => drop(persist(stage_with_mode(&sig_object, text.as_bytes(), 0o444)?, &sig_object)?),
        None => remove_if_any(&sig_object)?,
    }
    write_record_locked(dir, sha, &record)?;
    // The one rename that installs the pair for every reader.
    link_atomically(entry, &object_target(sha))?;
    let sig_entry = signature_path(entry);
    match signature {
        Some(_) => link_atomically(&sig_entry, &signature_path(&object_target(sha)))?,
        None => remove_if_any(&sig_entry)?,
    }
    Ok(())
}

/// Without symbolic links, the entry is a copy of the bytes, read as any file named by path.
#[cfg(not(unix))]
fn write_installation(
    _dir: &Path,
    entry: &Path,
    _sha: &str,
    bytes: &[u8],
    signature: Option<&str>,
    _record: Record,
) -> Result<(), StoreError> {
    use crate::atomic::write_atomically;
    let sig_entry = signature_path(entry);
    match signature {
        Some(text) => write_atomically(&sig_entry, text.as_bytes())?,
        None => remove_if_any(&sig_entry)?,
    }
    write_atomically(entry, bytes)
}

/// Removes the file `path` if there is one.
fn remove_if_any(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(StoreError::io(path)(e)),
        _ => Ok(()),
    }
}

/// Removes the copies no entry links to any more, and what killed installations left (temporary
/// files in `objects/`, temporary links beside the entries); the caller holds the data folder's
/// lock, so no installation is writing them. A program reading a copy removed here keeps the
/// bytes it opened; one about to open it follows the entry's new link. Nothing here is worth
/// failing an installation that is done: what cannot be removed stays.
fn remove_unlinked(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut linked = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.contains(".lex.tmp") {
            let _ = std::fs::remove_file(&path);
        } else if let Some(sha) = linked_object(dir, &path) {
            linked.push(sha);
        }
    }
    let Ok(objects) = std::fs::read_dir(dir.join(OBJECTS_DIR)) else { return };
    for object in objects.flatten() {
        let name = object.file_name().to_string_lossy().into_owned();
        let sha = name.split('.').next().unwrap_or_default();
        if name.starts_with('.') || !linked.iter().any(|l| l == sha) {
            let _ = std::fs::remove_file(object.path());
        }
    }
}

/// Makes the installed lexicon that `value` names (its edition, file name or name, as
/// [`find_installed`] finds it) the default in data folder `dir`.
pub fn make_default(dir: &Path, value: &OsStr) -> Result<Installation, StoreError> {
    let found = find_installed(dir, value)?;
    set_default(dir, &found.path)?;
    let manifest = found.lexicon.manifest()?;
    Ok(Installation {
        title: title(manifest),
        words: manifest.words,
        path: found.path,
        change: Change::Unchanged,
        default: true,
    })
}

/// Makes the embedded lexicon the default again in data folder `dir`; returns its title.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert!(lexico_store::make_embedded_default(dir.path())?.contains("FISE-2 2009"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn make_embedded_default(dir: &Path) -> Result<String, StoreError> {
    clear_default(dir)?;
    Ok(title(embedded()?.manifest()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(words: &[&str], edition: &str) -> Vec<u8> {
        let lex = Lexicon::from_words(words.iter().copied()).unwrap();
        let mut manifest = lex.manifest().unwrap().clone();
        manifest.edition = edition.to_string();
        // A from-words lexicon's manifest is not covered by its payload digest: an edition can
        // be given to it.
        let table = lexico_lexicon::format::read_table(lex.as_bytes()).unwrap();
        let sections: Vec<([u8; 4], Vec<u8>)> = table
            .iter()
            .map(|e| {
                let bytes = &lex.as_bytes()[e.offset as usize..(e.offset + e.len) as usize];
                if e.tag == lexico_lexicon::format::tag::MANIFEST {
                    (e.tag, serde_json::to_vec(&manifest).unwrap())
                } else {
                    (e.tag, bytes.to_vec())
                }
            })
            .collect();
        lexico_lexicon::format::write(&sections)
    }

    #[cfg(unix)]
    #[test]
    fn an_installation_is_a_read_only_copy_named_by_its_digest_and_a_link_to_it() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let bytes = image(&["casa"], "E-1");
        let done = install_image(dir.path(), bytes.clone(), None, false, false).unwrap();
        assert_eq!(done.path, dir.path().join("E-1.lex"));
        let sha = sha256_hex(&bytes);
        assert_eq!(linked_object(dir.path(), &done.path), Some(sha.clone()));
        let object = object_path(dir.path(), &sha);
        assert_eq!(std::fs::metadata(&object).unwrap().permissions().mode() & 0o777, 0o444);
        assert!(Record::read(dir.path(), &sha).installed.is_some());
        // Replaced with force: the old copy goes, no temporary name is left.
        let other = image(&["perro"], "E-1");
        assert!(matches!(
            install_image(dir.path(), other.clone(), None, false, false),
            Err(StoreError::HoldsAnother { .. })
        ));
        install_image(dir.path(), other.clone(), None, true, false).unwrap();
        assert!(!object.exists());
        let names: Vec<String> = std::fs::read_dir(dir.path().join(OBJECTS_DIR))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, [format!("{}.lex", sha256_hex(&other))]);
        let prefix = crate::atomic::temp_prefix(&done.path);
        assert!(!std::fs::read_dir(dir.path()).unwrap().any(|e| e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(&prefix)));
    }
}
