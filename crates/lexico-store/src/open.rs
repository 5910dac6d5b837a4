//! Opening a lexicon file proven whole, with its verification record and its signer.
//!
//! A file is read once; its signature (when keys are trusted), then its checksums, payload
//! digest and counts are checked on those bytes, in that order, and every answer comes from
//! them. A file named by path is read into memory of this process, so that nothing a later
//! writer does to it changes an answer already begun; an installed lexicon is read from the
//! read-only copy `install` keeps, which nothing writes in place. A verification record lets a
//! later run skip checks already done, and is found by the SHA-256 of the bytes: of the bytes
//! just read, for a file named by path; of the bytes `install` wrote, for its copy, whose name it
//! is.

use std::path::{Path, PathBuf};

use lexico_lexicon::{Image, Lexicon};

use crate::folder::{data_dir, default_path};
use crate::read::{open_lexicon, read_lexicon};
use crate::record::{identity, linked_object, object_path, sha256_hex, update_record, Record};
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

/// `lex` as it is: a lexicon this crate opened is already either a private copy in memory of
/// the process (a file named by path) or an installed copy that nothing writes in place (see
/// [`open_path`]), so a long-running program (a judge station) answers the same whatever
/// happens to the file afterwards.
///
/// ```
/// let lex = lexico_store::in_memory(lexico_store::embedded()?)?;
/// assert_eq!(lex.len(), 636_598);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn in_memory(lex: Lexicon) -> Result<Lexicon, StoreError> {
    Ok(lex)
}

/// How much of the checking of a file may rest on a verification record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Check {
    /// A record of these very bytes (found by their SHA-256) stands for the checks it records.
    #[default]
    Recorded,
    /// Every check is done again, whatever is recorded: the signature (when keys are trusted),
    /// every checksum, the payload digest, the counts.
    Full,
}

/// Opens a lexicon file and proves it whole. The file is read once into memory of this process;
/// when keys are trusted in the data folder ([`data_dir`]), its signature is checked first, on
/// those bytes, before anything decodes them; then every section's checksum, the payload digest
/// and the counts ([`Lexicon::verify`]). A record in the data folder of the bytes' SHA-256
/// (computed on every open of a file named by path) spares the checks it records. An installed
/// lexicon's entry is followed to the copy `install` keeps (see [`crate::install_file`]). A
/// folder, FIFO or device is refused at once.
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

/// The bytes of a lexicon file, as read.
struct Read {
    bytes: Image,
    /// The file they were read from: the installed copy, for an installed lexicon.
    source: PathBuf,
    /// For an installed lexicon, what is known of its copy.
    installed: Option<InstalledCopy>,
}

/// The copy `install` keeps of an installed lexicon.
struct InstalledCopy {
    /// The SHA-256 that names it.
    sha: String,
    /// The record of the bytes of that SHA-256.
    record: Record,
    /// Whether the copy still has the identity `install` gave it, so that its name is taken for
    /// the digest of its bytes (see `Record::installed`).
    intact: bool,
}

/// Reads the file `path`, or the copy an installed lexicon's entry links to. An installation
/// may replace the link and remove the copy between the two steps: the link is then followed
/// again. A file named by path is read into memory of this process. An installed copy that
/// still has the identity `install` gave it is mapped instead ([`Lexicon::map_image`]): it is
/// read-only and never written in place (another installation writes another copy), so
/// whoever could change its bytes could as well change the trusted keys of the data folder; a
/// copy that lost that identity is read into memory, and hashed.
fn read_file(dir: Option<&Path>, path: &Path, label: &str, check: Check) -> Result<Read, StoreError> {
    let mut attempts = 0;
    loop {
        let Some((dir, sha)) = dir.and_then(|dir| Some((dir, linked_object(dir, path)?))) else {
            let (bytes, _) = read_lexicon(path, label)?;
            return Ok(Read { bytes, source: path.to_path_buf(), installed: None });
        };
        let source = object_path(dir, &sha);
        let (file, meta) = match open_lexicon(&source, label) {
            Ok(opened) => opened,
            Err(StoreError::Io { source: e, .. })
                if e.kind() == std::io::ErrorKind::NotFound && attempts < 3 =>
            {
                attempts += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        let record = Record::read(dir, &sha);
        let intact =
            check == Check::Recorded && record.installed.as_deref() == Some(identity(&meta).as_str());
        let bytes = if intact { Lexicon::map_image(&file) } else { Lexicon::read_image(file) }
            .map_err(|source| StoreError::Lexicon { label: label.to_string(), source })?;
        return Ok(Read { bytes, source, installed: Some(InstalledCopy { sha, record, intact }) });
    }
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
    let file = read_file(dir, path, label, check)?;
    let changed = |got: String, installed: String| {
        StoreError::ChangedSinceInstalled { got, installed }.context(format!("{label}: verification failed"))
    };
    // The SHA-256 of the bytes read, and whether it was computed from them: an installed copy
    // that still has the identity `install` gave it is taken to hold the bytes its name says.
    let (sha, hashed, record) = match (dir, file.installed) {
        (_, Some(copy)) if copy.intact => (copy.sha, false, copy.record),
        (_, Some(copy)) => {
            let got = sha256_hex(&file.bytes);
            if got != copy.sha {
                return Err(changed(got, copy.sha));
            }
            (got, true, copy.record)
        }
        (Some(dir), None) => {
            let sha = sha256_hex(&file.bytes);
            let record = Record::read(dir, &sha);
            (sha, true, record)
        }
        (None, None) => (String::new(), false, Record::default()),
    };
    let recorded = if check == Check::Full { Record::default() } else { record };
    // The signature, on the bytes read, before any reader of the format sees them.
    let mut new_signature = None;
    let signer = if keys.is_empty() {
        Signer::Unsigned
    } else {
        let text = read_signature(&signature_path(&file.source))?;
        let sig_sha = text.as_deref().map(|t| sha256_hex(t.as_bytes()));
        let key = match sig_sha.as_deref().and_then(|s| recorded.signed_by(s, &keys)) {
            Some(key) => key,
            None => {
                let key = check_signature(path, text.as_deref(), &file.bytes, &keys)?;
                new_signature = sig_sha.map(|s| (s, key.id.clone()));
                key
            }
        };
        Signer::Key { id: key.id.clone(), comment: key.comment.clone() }
    };
    // Then the checksums, the payload digest and the counts.
    let lexicon = Lexicon::from_image(file.bytes)
        .map_err(|source| StoreError::Lexicon { label: label.to_string(), source })?;
    let verification = |source| StoreError::Verification { label: label.to_string(), source };
    let verified_now = match recorded.payload.as_deref() {
        Some(digest) if lexicon.assume_verified(digest).is_ok() => None,
        _ => Some(lexicon.verify().map_err(verification)?.to_string()),
    };
    if let Some(dir) = dir.filter(|_| verified_now.is_some() || new_signature.is_some()) {
        // A record is written only under the SHA-256 of the bytes just checked.
        if !hashed {
            let got = sha256_hex(lexicon.as_bytes());
            if got != sha {
                return Err(changed(got, sha));
            }
        }
        let payload = lexicon.payload_sha256_verified().map_err(verification)?.to_string();
        // A record that cannot be written costs the next run the checks, nothing more.
        let _ = update_record(dir, &sha, |r| {
            r.payload = Some(payload);
            if let Some((sig, id)) = new_signature {
                r.add_signature(sig, id);
            }
        });
    }
    Ok(Opened { lexicon, signer })
}

/// Opens the installed default lexicon (the data folder's default record), or the embedded one
/// when no default is installed or there is no data folder.
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
        Some(path) => open_file(
            Some(&dir),
            &path,
            &format!(
                "{} (the default lexicon; `lexico install --default NAME` chooses another)",
                path.display()
            ),
            check,
        ),
        None => embedded_opened(),
    }
}
