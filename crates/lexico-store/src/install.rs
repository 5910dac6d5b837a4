//! Installing a lexicon in the data folder, and choosing the default.
//!
//! An installed lexicon is a read-only copy of the file's bytes, `objects/<SHA-256>.lex`, a
//! read-only copy of its signature's text, `objects/<SHA-256>.minisig` (each named by the
//! SHA-256 of its own bytes), and an entry `<EDITION>.entry` that names both
//! ([`crate::entry`]). Only `install` writes these, under an exclusive lock on the data folder:
//! the copies first, each in full under a temporary name, flushed and renamed into place, then
//! the entry, whose one rename installs the pair; the folder is flushed after each rename. A
//! reader reads the entry, then the copies it names, so it reads a matching pair whatever an
//! installation does meanwhile, and an installation killed at any point leaves the entry naming
//! a whole pair (the old one or the new one). The next installation removes the copies no entry
//! names and the temporary files a killed one left.

use std::ffi::OsStr;
use std::fmt;
use std::path::{Path, PathBuf};

use lexico_lexicon::Lexicon;

use crate::atomic::{lock_folder, persist, release_stem, stage_with_mode, sync_dir, write_atomically};
use crate::entry::{is_entry, Entry, ENTRY_EXTENSION};
use crate::folder::{default_name, write_default_locked};
use crate::installed::{find_installed, title};
use crate::open::{embedded, read_file};
use crate::read::read_lexicon;
use crate::record::{
    object_path, sha256_hex, signature_object_path, sweep, write_record_locked, Record, OBJECTS_DIR,
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
    /// Its entry in the data folder, `<EDITION>.entry`, which names its copy in `objects/`.
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
    if !keys.is_empty() {
        check_signature(path, signature.as_deref(), &bytes, &keys)
            .map_err(|e| e.context("nothing installed"))?;
    }
    let in_file = |e| StoreError::InFile { path: path.to_path_buf(), source: Box::new(e) };
    let lexicon = Lexicon::from_image(bytes).map_err(|e| in_file(e.into()))?;
    install_checked(dir, lexicon, signature, force, default).map_err(in_file)
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
    if !keys.is_empty() {
        let named = Path::new("the lexicon to install");
        check_signature(named, signature.as_deref(), &bytes, &keys)
            .map_err(|e| e.context("nothing installed"))?;
    }
    install_checked(dir, Lexicon::from_vec(bytes)?, signature, force, default)
}

/// The lexicon the entry `entry` names, `None` when what it names cannot be read whole (a copy
/// removed or changed: installing the lexicon again repairs it).
fn held(entry: &Path) -> Option<Lexicon> {
    let read = read_file(entry, &entry.display().to_string()).ok()?;
    Lexicon::from_image(read.bytes).ok()
}

/// Installs a lexicon whose signature, when keys are trusted, the key `signed_by` verified.
fn install_checked(
    dir: &Path,
    lexicon: Lexicon,
    signature: Option<String>,
    force: bool,
    default: bool,
) -> Result<Installation, StoreError> {
    let payload = lexicon
        .verify()
        .map_err(|e| StoreError::Format(e).context("verification failed, nothing installed"))?
        .to_string();
    let manifest = lexicon.manifest()?;
    let stem = release_stem(&manifest.name, &manifest.edition, &manifest.version);
    let path = dir.join(format!("{stem}.{ENTRY_EXTENSION}"));
    let new = Entry {
        lexicon: sha256_hex(lexicon.as_bytes()),
        signature: signature.as_deref().map(|t| sha256_hex(t.as_bytes())),
    };
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    sweep(dir);
    // An entry that is not one is an error: it is not replaced unnoticed.
    let named = Entry::read(&path)?;
    // A lexicon installed by an older version: a link `<stem>.lex` to its copy.
    let legacy = dir.join(format!("{stem}.lex"));
    let old = match &named {
        Some(_) => held(&path),
        None => read_lexicon(&legacy, "").ok().and_then(|(bytes, _)| Lexicon::from_image(bytes).ok()),
    };
    let same_bytes = old.as_ref().is_some_and(|old| old.as_bytes() == lexicon.as_bytes());
    let change = match (&named, &old) {
        (None, None) => Change::Added,
        (Some(named), Some(_)) if *named == new && !legacy_exists(&legacy) => Change::Unchanged,
        // What the entry names is gone or damaged: installing the lexicon repairs it.
        (Some(_), None) => Change::Replaced,
        _ if same_bytes || force => Change::Replaced,
        (_, Some(old)) => {
            let held = match old.manifest() {
                Ok(m) => format!("{}, payload sha256 {}", title(m), short(&m.payload_sha256)),
                Err(e) => format!("unreadable: {e}"),
            };
            return Err(StoreError::HoldsAnother {
                path,
                held,
                title: title(manifest),
                short: short(&manifest.payload_sha256).to_string(),
            });
        }
    };
    if change != Change::Unchanged {
        write_installation(dir, &path, &new, lexicon.as_bytes(), signature.as_deref(), &payload)?;
        // The legacy link goes with its signature's; a default record that named it names the
        // entry now.
        let _ = std::fs::remove_file(&legacy);
        let _ = std::fs::remove_file(signature_path(&legacy));
        if default_name(dir)?.as_deref() == legacy.file_name().and_then(|n| n.to_str()) {
            write_default_locked(dir, &file_name(&path))?;
        }
        collect_garbage(dir);
    }
    if default {
        write_default_locked(dir, &file_name(&path))?;
    } else if default_name(dir)?.is_none() {
        // The first installation in a folder records that the default is still the embedded
        // lexicon: from then on, a folder without its default record has lost it.
        write_default_locked(dir, "embedded")?;
    }
    Ok(Installation { title: title(manifest), words: manifest.words, path, change, default })
}

/// Returns true if and only if a legacy link or file of an older version's installation is
/// there.
fn legacy_exists(legacy: &Path) -> bool {
    legacy.symlink_metadata().is_ok()
}

/// The file name of `path`, which has one.
fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Writes the copies of `bytes` and of `signature` (unless they are there already, whole), the
/// record of the bytes (`payload`, their payload digest), then the entry `path` naming them
/// (`entry`): the one rename that installs the pair. The caller holds the data folder's lock.
fn write_installation(
    dir: &Path,
    path: &Path,
    entry: &Entry,
    bytes: &[u8],
    signature: Option<&str>,
    payload: &str,
) -> Result<(), StoreError> {
    let objects = dir.join(OBJECTS_DIR);
    std::fs::create_dir_all(&objects).map_err(StoreError::io(&objects))?;
    // Read-only: nobody is meant to write an installed copy in place.
    write_object(&object_path(dir, &entry.lexicon), bytes)?;
    if let (Some(text), Some(sha)) = (signature, &entry.signature) {
        write_object(&signature_object_path(dir, sha), text.as_bytes())?;
    }
    write_record_locked(dir, &entry.lexicon, &Record { payload: Some(payload.to_string()) })?;
    write_atomically(path, entry.text().as_bytes())
}

/// Writes the copy `object` of `bytes`, read-only, unless it is there with those bytes.
fn write_object(object: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    if std::fs::read(object).is_ok_and(|held| held == bytes) {
        return Ok(());
    }
    persist(stage_with_mode(object, bytes, 0o444)?, object).map(drop)
}

/// Removes the copies no entry names, and what killed installations left (temporary files);
/// the caller holds the data folder's lock, so no installation is writing them. A program
/// reading a copy removed here keeps the bytes it read; one about to read it reads the entry
/// again. Nothing here is worth failing an installation that is done: what cannot be removed
/// stays.
fn collect_garbage(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut named = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if !is_entry(&path) {
            continue;
        }
        match Entry::read(&path) {
            Ok(Some(e)) => named.extend(std::iter::once(e.lexicon).chain(e.signature)),
            // An entry that cannot be read may name anything: nothing is removed.
            _ => return,
        }
    }
    // A legacy link of an older version's installation names its copy too.
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        if let Ok(target) = std::fs::read_link(entry.path()) {
            if let Some(name) = target.file_name().and_then(|n| n.to_str()) {
                named.push(name.split('.').next().unwrap_or_default().to_string());
            }
        }
    }
    let objects = dir.join(OBJECTS_DIR);
    let Ok(copies) = std::fs::read_dir(&objects) else { return };
    for copy in copies.flatten() {
        let name = copy.file_name().to_string_lossy().into_owned();
        let sha = name.split('.').next().unwrap_or_default();
        if !named.iter().any(|n| n == sha) {
            let _ = std::fs::remove_file(copy.path());
        }
    }
    let _ = sync_dir(&objects);
}

/// Makes the installed lexicon that `value` names (its edition, file name or name, as
/// [`find_installed`] finds it) the default in data folder `dir`.
pub fn make_default(dir: &Path, value: &OsStr) -> Result<Installation, StoreError> {
    let found = find_installed(dir, value)?;
    crate::folder::set_default(dir, &found.path)?;
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
    crate::folder::clear_default(dir)?;
    Ok(title(embedded()?.manifest()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::folder::DEFAULT_RECORD;

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

    #[test]
    fn an_installation_is_read_only_copies_named_by_their_digests_and_an_entry_naming_them() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = image(&["casa"], "E-1");
        let done = install_image(dir.path(), bytes.clone(), None, false, false).unwrap();
        assert_eq!(done.path, dir.path().join("E-1.entry"));
        let sha = sha256_hex(&bytes);
        assert_eq!(Entry::read(&done.path).unwrap(), Some(Entry { lexicon: sha.clone(), signature: None }));
        let object = object_path(dir.path(), &sha);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&object).unwrap().permissions().mode() & 0o777, 0o444);
        }
        assert!(Record::read(dir.path(), &sha).payload.is_some());
        // The first installation records that the default is still the embedded lexicon.
        assert_eq!(std::fs::read_to_string(dir.path().join(DEFAULT_RECORD)).unwrap(), "embedded\n");
        // Replaced with force: the old copy goes, no temporary name is left.
        let other = image(&["perro"], "E-1");
        assert!(matches!(
            install_image(dir.path(), other.clone(), None, false, false),
            Err(StoreError::HoldsAnother { .. })
        ));
        install_image(dir.path(), other.clone(), None, true, false).unwrap();
        assert!(!object.exists());
        let names = |folder: &Path| -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(folder)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        assert_eq!(names(&dir.path().join(OBJECTS_DIR)), [format!("{}.lex", sha256_hex(&other))]);
        assert_eq!(names(dir.path()), ["E-1.entry", "default", "objects", "verified"]);
    }

    #[test]
    fn a_removed_or_changed_copy_is_installed_again() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = image(&["casa"], "E-1");
        install_image(dir.path(), bytes.clone(), None, false, false).unwrap();
        let object = object_path(dir.path(), &sha256_hex(&bytes));
        std::fs::remove_file(&object).unwrap();
        let again = install_image(dir.path(), bytes.clone(), None, false, false).unwrap();
        assert_eq!(again.change, Change::Replaced);
        assert_eq!(std::fs::read(&object).unwrap(), bytes);
        let again = install_image(dir.path(), bytes.clone(), None, false, false).unwrap();
        assert_eq!(again.change, Change::Unchanged);
    }
}
