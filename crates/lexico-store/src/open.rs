//! Opening a lexicon file proven whole, with its verification record and its signer.

use std::path::{Path, PathBuf};

use lexico_lexicon::Lexicon;

use crate::folder::{data_dir, default_path, write_atomically};
use crate::trust::{check_signature, read_signature, signature_path, trusted_keys};
use crate::StoreError;

/// The folder of verification records in a data folder.
pub const VERIFIED_DIR: &str = "verified";

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

/// Who vouches for a lexicon.
///
/// ```
/// use lexico_store::Signer;
///
/// assert_eq!(Signer::Embedded.to_string(), "embedded in the binary");
/// assert_eq!(Signer::Unsigned.to_string(), "unsigned");
/// let key = Signer::Key { id: "0123456789ABCDEF".into(), comment: "FISE".into() };
/// assert_eq!(key.to_string(), "key 0123456789ABCDEF (FISE)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signer {
    /// The lexicon compiled into the binary.
    Embedded,
    /// A file with no signature checked: no key is trusted.
    Unsigned,
    /// A file whose signature a trusted key verified: its key id and comment.
    Key {
        /// The key id, 16 upper-case hex digits.
        id: String,
        /// The comment the key was trusted with.
        comment: String,
    },
}

impl std::fmt::Display for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Signer::Embedded => write!(f, "embedded in the binary"),
            Signer::Unsigned => write!(f, "unsigned"),
            Signer::Key { id, comment } if comment.is_empty() || comment.contains(id.as_str()) => {
                write!(f, "key {id}")
            }
            Signer::Key { id, comment } => write!(f, "key {id} ({comment})"),
        }
    }
}

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

/// `lex` copied into memory when it is a mapped file, so that a long-running program answers the
/// same whatever happens to the file afterwards (a replaced file never changes an answer, a
/// truncated one never brings the process down). The copy is verified in turn: its computed
/// digest must be the one proven when the file was opened.
///
/// ```
/// let lex = lexico_store::in_memory(lexico_store::embedded()?)?; // not mapped: as it is
/// assert!(!lex.is_mapped());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn in_memory(lex: Lexicon) -> Result<Lexicon, StoreError> {
    if !lex.is_mapped() {
        return Ok(lex);
    }
    let copy = Lexicon::from_vec(lex.as_bytes().to_vec())?;
    if copy.verify().ok() != Some(lex.payload_sha256_verified()?) {
        return Err(StoreError::Changed);
    }
    Ok(copy)
}

/// What identifies a file's content without reading it: if any of these changed, the content may
/// have. The change time is set by the kernel on every write, rename or `utime`, and cannot be set
/// back by the file's owner.
fn identity(meta: &std::fs::Metadata) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        format!(
            "{} {}.{} {}.{} {} {}",
            meta.len(),
            meta.mtime(),
            meta.mtime_nsec(),
            meta.ctime(),
            meta.ctime_nsec(),
            meta.ino(),
            meta.dev()
        )
    }
    #[cfg(not(unix))]
    {
        let mtime = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        format!("{} {:?}", meta.len(), mtime)
    }
}

/// The verification record of the file at `path`, in `dir`'s `verified/` folder.
fn record_path(dir: &Path, path: &Path) -> PathBuf {
    use sha2::{Digest, Sha256};
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let key = lexico_lexicon::hex(&Sha256::digest(canonical.as_os_str().as_encoded_bytes()));
    dir.join(VERIFIED_DIR).join(&key[..32])
}

/// A verification record: the version, the lexicon's identity and payload digest, and, when a
/// signature was checked, the signature file's identity and the signing key's id.
fn record_text(lexicon: &str, digest: &str, signature: Option<(&str, &str)>) -> String {
    let mut text = format!("lexico-verified 1\nfile {lexicon}\npayload {digest}\n");
    if let Some((sig, key)) = signature {
        text.push_str(&format!("signature {sig}\nkey {key}\n"));
    }
    text
}

/// Opens a lexicon file and proves it whole: every section's checksum, the payload digest and the
/// counts ([`Lexicon::verify`]), unless a record in the data folder ([`data_dir`]) says these very
/// bytes were verified; then, when keys are trusted there, its signature. A folder, FIFO or
/// device is refused at once.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::env::set_var("LEXICO_DATA_DIR", dir.path().join("data"));
/// let path = dir.path().join("small.lex");
/// std::fs::write(&path, lexico_lexicon::Lexicon::from_words(["casa", "perro"])?.as_bytes())?;
/// let opened = lexico_store::open_path(&path)?;
/// assert_eq!((opened.lexicon.len(), opened.signer), (2, lexico_store::Signer::Unsigned));
/// // The verification is recorded: the next open of the unchanged file skips it.
/// assert_eq!(std::fs::read_dir(dir.path().join("data/verified"))?.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_path(path: &Path) -> Result<Opened, StoreError> {
    open_path_as(path, &path.display().to_string())
}

/// [`open_path`], errors naming the file as `label`.
pub(crate) fn open_path_as(path: &Path, label: &str) -> Result<Opened, StoreError> {
    let io = |source| StoreError::Io { label: label.to_string(), source };
    let lex = |source| StoreError::Lexicon { label: label.to_string(), source };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        // Lexicon::open names what it is.
        Lexicon::open(path).map_err(lex)?;
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    let lexicon = Lexicon::open_file(file).map_err(lex)?;
    let dir = data_dir();
    let keys = match &dir {
        Some(dir) => trusted_keys(dir)?,
        None => Vec::new(),
    };
    let sig_path = signature_path(path);
    let sig_meta = std::fs::metadata(&sig_path).ok().filter(|m| m.is_file());
    let id = identity(&meta);
    let sig_id = sig_meta.as_ref().map(identity);
    let record = dir.as_ref().map(|d| record_path(d, path));
    let recorded = record.as_ref().and_then(|r| std::fs::read_to_string(r).ok());
    // A record names the file's identity and digest, and the signature's identity and key.
    let mut verified_key = None;
    let mut hit = false;
    if let Some(text) = &recorded {
        let mut lines = text.lines();
        let ok = lines.next() == Some("lexico-verified 1") && lines.next() == Some(&format!("file {id}"));
        if let (true, Some(digest)) = (ok, lines.next().and_then(|l| l.strip_prefix("payload "))) {
            if lexicon.assume_verified(digest).is_ok() {
                hit = true;
                if let (Some(sig), Some(key)) = (lines.next(), lines.next()) {
                    if sig_id.as_ref().is_some_and(|s| sig == format!("signature {s}")) {
                        verified_key = key.strip_prefix("key ").map(str::to_string);
                    }
                }
            }
        }
    }
    if !hit {
        lexicon.verify().map_err(|source| StoreError::Verification { label: label.to_string(), source })?;
    }
    let digest = lexicon.payload_sha256_verified().map_err(lex)?.to_string();
    let signer = if keys.is_empty() {
        Signer::Unsigned
    } else {
        let key = match verified_key.as_ref().and_then(|id| keys.iter().find(|k| &k.id == id)) {
            Some(key) => key,
            None => {
                let sig = read_signature(&sig_path)?;
                check_signature(path, sig.as_deref(), lexicon.as_bytes(), &keys)?
            }
        };
        verified_key = Some(key.id.clone());
        Signer::Key { id: key.id.clone(), comment: key.comment.clone() }
    };
    if let Some(record) = record {
        let text = record_text(&id, &digest, sig_id.as_deref().zip(verified_key.as_deref()));
        if recorded.as_deref() != Some(text.as_str()) {
            // A record that cannot be written costs the next run a verification, nothing more.
            if let Some(parent) = record.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = write_atomically(&record, text.as_bytes());
        }
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
    let Some(dir) = data_dir() else { return embedded_opened() };
    match default_path(&dir)? {
        Some(path) => open_path_as(
            &path,
            &format!(
                "{} (the default lexicon; `lexico install --default NAME` chooses another)",
                path.display()
            ),
        ),
        None => embedded_opened(),
    }
}
