//! What the data folder remembers about lexicon bytes: the content-addressed copies `install`
//! makes (`objects/<SHA-256>.lex`), and the verification records (`verified/<SHA-256>`), each
//! about the bytes whose SHA-256 names it and nothing else.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::atomic::{lock_folder, write_atomically};
use crate::read::read_small;
use crate::trust::TrustedKey;
use crate::StoreError;

/// The folder of verification records in a data folder.
pub const VERIFIED_DIR: &str = "verified";

/// The folder of installed lexicons' bytes in a data folder, each file named by its SHA-256.
pub const OBJECTS_DIR: &str = "objects";

/// The first line of a verification record: the format of what follows.
const RECORD_VERSION: &str = "lexico-verified 3";

/// SHA-256 of `bytes`, in lower-case hex.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    lexico_lexicon::hex(&Sha256::digest(bytes))
}

/// Returns true if and only if `text` is a SHA-256 in lower-case hex.
fn is_digest(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The installed copy of the lexicon whose bytes have the SHA-256 `sha`.
pub(crate) fn object_path(dir: &Path, sha: &str) -> PathBuf {
    dir.join(OBJECTS_DIR).join(format!("{sha}.lex"))
}

/// The link target that names the installed copy `sha`, relative to the data folder so that the
/// folder can be moved whole.
pub(crate) fn object_target(sha: &str) -> PathBuf {
    Path::new(OBJECTS_DIR).join(format!("{sha}.lex"))
}

/// The SHA-256 that names the installed copy `entry` links to, when `entry` is an installed
/// lexicon of the data folder `dir` (a symbolic link `NAME.lex -> objects/<SHA-256>.lex` in it);
/// `None` for any other file, which is then read as any file named by path.
pub(crate) fn linked_object(dir: &Path, entry: &Path) -> Option<String> {
    let target = std::fs::read_link(entry).ok()?;
    let mut parts = target.components();
    let folder = parts.next()?;
    let name = parts.next()?.as_os_str().to_str()?;
    if folder.as_os_str() != OBJECTS_DIR || parts.next().is_some() {
        return None;
    }
    let sha = name.strip_suffix(".lex").filter(|s| is_digest(s))?;
    let parent = crate::atomic::parent(entry);
    if parent != dir && std::fs::canonicalize(parent).ok()? != std::fs::canonicalize(dir).ok()? {
        return None;
    }
    Some(sha.to_string())
}

/// What identifies a file's inode and content without reading it: size, modification and change
/// times, inode and device. `install` records it for the copy it writes; an installed lexicon
/// whose copy no longer has it is hashed again (see [`Record::installed`]).
pub(crate) fn identity(meta: &std::fs::Metadata) -> String {
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

/// A verification record: what was proven of the bytes whose SHA-256 names it.
///
/// ```text
/// lexico-verified 3
/// sha256 <SHA-256 of the file>
/// payload <payload digest Lexicon::verify computed>
/// installed <identity of the installed copy, as install wrote it>
/// signature <SHA-256 of a signature file's text> <KEY ID that verified it>
/// ```
///
/// Every line after the second is optional; `signature` may repeat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    /// The payload digest that a full verification of these bytes computed.
    pub payload: Option<String>,
    /// The identity `install` gave its copy of these bytes when it wrote it: while the copy
    /// keeps it, the copy's name is taken for its SHA-256 without hashing it.
    pub installed: Option<String>,
    /// Signature texts (by SHA-256) that a trusted key (by id) verified over these bytes.
    pub signatures: Vec<(String, String)>,
}

impl Record {
    /// The record of the bytes `sha` in data folder `dir`; an empty one when there is none or it
    /// cannot be read (a record only saves work: without one, the work is done).
    pub fn read(dir: &Path, sha: &str) -> Record {
        let path = record_path(dir, sha);
        read_small(&path, "verification record")
            .ok()
            .flatten()
            .and_then(|t| Record::parse(&t, sha))
            .unwrap_or_default()
    }

    fn parse(text: &str, sha: &str) -> Option<Record> {
        let mut lines = text.lines();
        if lines.next() != Some(RECORD_VERSION) || lines.next() != Some(&format!("sha256 {sha}")) {
            return None;
        }
        let mut record = Record::default();
        for line in lines {
            let (key, value) = line.split_once(' ')?;
            match key {
                "payload" => record.payload = Some(value.to_string()),
                "installed" => record.installed = Some(value.to_string()),
                "signature" => {
                    let (sig, id) = value.split_once(' ')?;
                    record.signatures.push((sig.to_string(), id.to_string()));
                }
                _ => return None,
            }
        }
        Some(record)
    }

    fn text(&self, sha: &str) -> String {
        let mut text = format!("{RECORD_VERSION}\nsha256 {sha}\n");
        if let Some(payload) = &self.payload {
            text.push_str(&format!("payload {payload}\n"));
        }
        if let Some(installed) = &self.installed {
            text.push_str(&format!("installed {installed}\n"));
        }
        for (sig, id) in &self.signatures {
            text.push_str(&format!("signature {sig} {id}\n"));
        }
        text
    }

    /// The trusted key that verified the signature text whose SHA-256 is `sig`, if any.
    pub fn signed_by<'k>(&self, sig: &str, keys: &'k [TrustedKey]) -> Option<&'k TrustedKey> {
        let (_, id) = self.signatures.iter().find(|(s, _)| s == sig)?;
        keys.iter().find(|k| &k.id == id)
    }

    /// Adds that the key `id` verified the signature text whose SHA-256 is `sig`.
    pub fn add_signature(&mut self, sig: String, id: String) {
        if !self.signatures.iter().any(|(s, i)| *s == sig && *i == id) {
            self.signatures.push((sig, id));
        }
    }
}

/// Where the record of the bytes `sha` is kept in data folder `dir`.
fn record_path(dir: &Path, sha: &str) -> PathBuf {
    dir.join(VERIFIED_DIR).join(sha)
}

/// Writes the record of the bytes `sha` in data folder `dir`, the caller holding the data
/// folder's lock ([`lock_folder`]).
pub(crate) fn write_record_locked(dir: &Path, sha: &str, record: &Record) -> Result<(), StoreError> {
    let folder = dir.join(VERIFIED_DIR);
    std::fs::create_dir_all(&folder).map_err(StoreError::io(&folder))?;
    write_atomically(&record_path(dir, sha), record.text(sha).as_bytes())
}

/// Adds what `update` says to the record of the bytes `sha` in data folder `dir`, under the data
/// folder's lock, so that what another program recorded meanwhile (an installation) is kept.
pub(crate) fn update_record(
    dir: &Path,
    sha: &str,
    update: impl FnOnce(&mut Record),
) -> Result<(), StoreError> {
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    let old = Record::read(dir, sha);
    let mut new = old.clone();
    update(&mut new);
    if new != old {
        write_record_locked(dir, sha, &new)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_read_back_and_one_under_another_name_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let sha = sha256_hex(b"bytes");
        let mut record =
            Record { payload: Some("p".into()), installed: Some("1 2".into()), ..Default::default() };
        record.add_signature("s".into(), "K".into());
        record.add_signature("s".into(), "K".into());
        update_record(dir.path(), &sha, |r| *r = record.clone()).unwrap();
        assert_eq!(Record::read(dir.path(), &sha), record);
        let other = sha256_hex(b"other bytes");
        std::fs::copy(record_path(dir.path(), &sha), record_path(dir.path(), &other)).unwrap();
        assert_eq!(Record::read(dir.path(), &other), Record::default());
    }

    #[cfg(unix)]
    #[test]
    fn only_a_link_into_the_objects_of_the_same_folder_names_an_installed_copy() {
        let dir = tempfile::tempdir().unwrap();
        let sha = sha256_hex(b"bytes");
        let entry = dir.path().join("X.lex");
        std::os::unix::fs::symlink(object_target(&sha), &entry).unwrap();
        assert_eq!(linked_object(dir.path(), &entry), Some(sha.clone()));
        let elsewhere = tempfile::tempdir().unwrap();
        assert_eq!(linked_object(elsewhere.path(), &entry), None);
        for target in ["objects/X.lex", "../objects/a.lex", "/etc/passwd"] {
            let link = dir.path().join("Y.lex");
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(target, &link).unwrap();
            assert_eq!(linked_object(dir.path(), &link), None, "{target}");
        }
        std::fs::write(dir.path().join("Z.lex"), b"a file").unwrap();
        assert_eq!(linked_object(dir.path(), &dir.path().join("Z.lex")), None);
    }
}
