//! Opening a lexicon file proven whole, with its verification record and its signer.
//!
//! A file is read once, whole, into memory of this process, and every check and every answer
//! comes from those bytes: nothing a later writer does to the file (a write, a truncation, a
//! rename) reaches them. The signature (when keys are trusted) is checked first, on those bytes,
//! every time; then their checksums, word stores, payload digest and counts, which a
//! verification record found by the SHA-256 of the bytes lets a later run skip. An installed
//! lexicon's entry names its copy by that SHA-256, which the bytes read must have.

use std::path::{Path, PathBuf};

use lexico_lexicon::{Image, Lexicon};

use crate::atomic::parent;
use crate::entry::{is_entry, Entry};
use crate::folder::{data_dir, default_path, DefaultLexicon};
use crate::read::{read_lexicon, read_small};
use crate::record::{object_path, record_verified, sha256_hex, signature_object_path, Record};
use crate::trust::{check_signature, read_signature, signature_path, trusted_keys};
use crate::StoreError;

/// A lexicon proven whole, and who signed it.
///
/// ```
/// let opened = lexico_store::open_named("embedded".as_ref())?;
/// assert_eq!(opened.signer, lexico_store::Signer::Embedded);
/// assert_eq!(opened.lexicon.len(), 636_598);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Opened {
    /// The lexicon.
    pub lexicon: Lexicon,
    /// Who vouches for it.
    pub signer: Signer,
}

/// Who vouches for a lexicon: the answers' type, which every front end shows.
pub use lexico_answers::Signer;

/// The default lexicon's file image, built from `lexicon-src/` by `lexico-default`: that crate's
/// static itself, so a program that uses both crates holds one copy (a static of its own here
/// would hold a second copy of the image).
pub use lexico_default::BYTES as DEFAULT;

/// Opens the lexicon embedded in the binary (`lexico_default`).
///
/// ```
/// assert_eq!(lexico_store::embedded()?.manifest()?.edition, "FISE-2 2009");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn embedded() -> Result<Lexicon, StoreError> {
    Lexicon::from_static(DEFAULT).map_err(StoreError::Embedded)
}

pub(crate) fn embedded_opened() -> Result<Opened, StoreError> {
    Ok(Opened { lexicon: embedded()?, signer: Signer::Embedded })
}

/// How much of the checking of a file may rest on a verification record. Either way the file
/// is read once into memory of this process and hashed, and its signature, when keys are
/// trusted, is checked on those bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Check {
    /// A record of these very bytes (found by their SHA-256) stands for the integrity checks it
    /// records: a command that answers and ends.
    #[default]
    Recorded,
    /// Every check is done again on the bytes read, whatever is recorded: the signature (when
    /// keys are trusted), every checksum, the word stores, the payload digest, the counts. For
    /// `info --verify`, and for a program that keeps the lexicon and answers from it for as long
    /// as it runs (a judge station, a library handle): it trusts nothing it did not check itself.
    Full,
}

/// Opens a lexicon file and proves it whole. The file is read once into memory of this process
/// and hashed; when keys are trusted in the data folder ([`data_dir`]), its signature is checked
/// first, on those bytes, before anything decodes them; then every section's checksum, the word
/// stores, the payload digest and the counts ([`Lexicon::verify`]), unless a record in the data
/// folder of the bytes' SHA-256 says they passed. An installed lexicon's entry (`NAME.entry`) is
/// followed to the copies `install` keeps (see [`crate::install_file`]). A folder, FIFO or device
/// is refused at once.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::env::set_var("LEXICO_DATA_DIR", dir.path().join("data"));
/// let path = dir.path().join("small.lex");
/// std::fs::write(&path, lexico_lexicon::Lexicon::from_words(["casa", "perro"])?.as_bytes())?;
/// let opened = lexico_store::open_path(&path)?;
/// assert_eq!((opened.lexicon.len(), opened.signer), (2, lexico_store::Signer::Unsigned));
/// // The verification is recorded under the file's SHA-256: the next open of these bytes skips it.
/// let sha = opened.lexicon.file_sha256();
/// assert!(dir.path().join("data/verified").join(sha).is_file());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_path(path: &Path) -> Result<Opened, StoreError> {
    open_path_with(path, Check::Recorded)
}

/// [`open_path`], relying on records as much as `check` allows.
pub fn open_path_with(path: &Path, check: Check) -> Result<Opened, StoreError> {
    open_file(data_dir().as_deref(), path, &path.display().to_string(), check)
}

/// The bytes of a lexicon file and the text of its signature, as read.
pub(crate) struct Read {
    pub bytes: Image,
    /// Their SHA-256.
    pub sha: String,
    /// The text of the signature, if there is one.
    pub signature: Option<String>,
}

/// Reads the lexicon file `path` and its signature `FILE.minisig`, or, for an entry, the copies
/// it names, which must have the SHA-256 their names say. An installation may replace the entry
/// and remove the copies it named between the two reads: the entry is then read again.
pub(crate) fn read_file(path: &Path, label: &str) -> Result<Read, StoreError> {
    if !is_entry(path) {
        let (bytes, _) = read_lexicon(path, label)?;
        let signature = read_signature(&signature_path(path))?;
        return Ok(Read { sha: sha256_hex(&bytes), bytes, signature });
    }
    let dir = parent(path);
    let mut attempts = 0;
    loop {
        let entry =
            Entry::read(path)?.ok_or_else(|| StoreError::EntryMissing { path: path.to_path_buf() })?;
        match read_entry(dir, path, &entry, label) {
            Err(StoreError::ObjectMissing { .. }) if attempts < 3 => attempts += 1,
            read => return read,
        }
    }
}

/// The copies `entry` (the file `path` of the data folder `dir`) names.
fn read_entry(dir: &Path, path: &Path, entry: &Entry, label: &str) -> Result<Read, StoreError> {
    let missing = |object: PathBuf| StoreError::ObjectMissing { entry: path.to_path_buf(), object };
    let object = object_path(dir, &entry.lexicon);
    let bytes = match read_lexicon(&object, label) {
        Ok((bytes, _)) => bytes,
        Err(e) if e.is_not_found() => return Err(missing(object)),
        Err(e) => return Err(e),
    };
    let sha = sha256_hex(&bytes);
    if sha != entry.lexicon {
        return Err(StoreError::ChangedSinceInstalled {
            path: object,
            got: sha,
            installed: entry.lexicon.clone(),
        }
        .context(format!("{label}: verification failed")));
    }
    let signature = match &entry.signature {
        None => None,
        Some(sig_sha) => {
            let sig_object = signature_object_path(dir, sig_sha);
            let text =
                read_small(&sig_object, "minisign signature")?.ok_or_else(|| missing(sig_object.clone()))?;
            let got = sha256_hex(text.as_bytes());
            if got != *sig_sha {
                return Err(StoreError::ChangedSinceInstalled {
                    path: sig_object,
                    got,
                    installed: sig_sha.clone(),
                }
                .context(format!("{label}: verification failed")));
            }
            Some(text)
        }
    };
    Ok(Read { bytes, sha, signature })
}

/// Opens the lexicon file `path` (named `label` in errors) as [`open_path`] does, with the data
/// folder `dir` (its trusted keys and records; none without one).
pub(crate) fn open_file(
    dir: Option<&Path>,
    path: &Path,
    label: &str,
    check: Check,
) -> Result<Opened, StoreError> {
    let keys = match dir {
        Some(dir) => trusted_keys(dir)?,
        None => Vec::new(),
    };
    let read = read_file(path, label)?;
    // The signature, on the bytes read, before any reader of the format sees them.
    let signer = if keys.is_empty() {
        Signer::Unsigned
    } else {
        let key = check_signature(path, read.signature.as_deref(), &read.bytes, &keys)?;
        Signer::Key { id: key.id.clone(), comment: key.comment.clone() }
    };
    // Then the checksums, the word stores, the payload digest and the counts, unless a record of
    // these bytes says they passed.
    let recorded = match (dir, check) {
        (Some(dir), Check::Recorded) => Record::read(dir, &read.sha),
        _ => Record::default(),
    };
    let lexicon = Lexicon::from_image(read.bytes)
        .map_err(|source| StoreError::Lexicon { label: label.to_string(), source })?;
    let verification = |source| StoreError::Verification { label: label.to_string(), source };
    match recorded.payload.as_deref() {
        Some(digest) if lexicon.assume_verified(digest).is_ok() => {}
        _ => {
            let payload = lexicon.verify().map_err(verification)?;
            // A record that cannot be written costs the next run the checks, nothing more.
            if let Some(dir) = dir {
                let _ = record_verified(dir, &read.sha, payload);
            }
        }
    }
    Ok(Opened { lexicon, signer })
}

/// Opens the installed default lexicon (the data folder's default record), or the embedded one
/// when none was ever chosen or there is no data folder. A default that was chosen and is gone
/// (its record or its entry) is an error that says how to choose one again: a station is never
/// switched to another lexicon without a word.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::env::set_var("LEXICO_DATA_DIR", dir.path());
/// assert_eq!(lexico_store::open_default()?.signer, lexico_store::Signer::Embedded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_default() -> Result<Opened, StoreError> {
    open_default_with(Check::Recorded)
}

/// [`open_default`], relying on records as much as `check` allows.
pub fn open_default_with(check: Check) -> Result<Opened, StoreError> {
    let Some(dir) = data_dir() else { return embedded_opened() };
    match default_path(&dir)? {
        DefaultLexicon::Installed(path) => {
            let label = format!(
                "{} (the default lexicon; `lexico install --default NAME` chooses another)",
                path.display()
            );
            open_file(Some(&dir), &path, &label, check).map_err(|e| match e {
                StoreError::EntryMissing { path } => StoreError::DefaultMissing { path },
                e => e,
            })
        }
        DefaultLexicon::Embedded => embedded_opened(),
    }
}
