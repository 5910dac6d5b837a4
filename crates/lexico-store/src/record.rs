//! What the data folder remembers about lexicon bytes: the content-addressed copies `install`
//! makes (`objects/<SHA-256>.lex` and `objects/<SHA-256>.minisig`), and the verification records
//! (`verified/<SHA-256>`), each about the bytes whose SHA-256 names it and nothing else.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::atomic::{lock_folder, write_atomically};
use crate::read::read_small;
use crate::StoreError;

/// The folder of verification records in a data folder.
pub const VERIFIED_DIR: &str = "verified";

/// The folder of installed lexicons' bytes in a data folder, each file named by its SHA-256.
pub const OBJECTS_DIR: &str = "objects";

/// The folder of trusted public keys in a data folder.
pub const TRUSTED_DIR: &str = "trusted";

/// The first line of a verification record: the format of what follows.
const RECORD_VERSION: &str = "lexico-verified 3";

/// SHA-256 of `bytes`, in lower-case hex.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    lexico_lexicon::hex(&Sha256::digest(bytes))
}

/// Returns true if and only if `text` is a SHA-256 in lower-case hex.
pub(crate) fn is_digest(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The installed copy of the lexicon whose bytes have the SHA-256 `sha`.
pub(crate) fn object_path(dir: &Path, sha: &str) -> PathBuf {
    dir.join(OBJECTS_DIR).join(format!("{sha}.lex"))
}

/// The installed copy of the signature whose text has the SHA-256 `sha`.
pub(crate) fn signature_object_path(dir: &Path, sha: &str) -> PathBuf {
    dir.join(OBJECTS_DIR).join(format!("{sha}.minisig"))
}

/// A verification record: what was proven of the bytes whose SHA-256 names it.
///
/// ```text
/// lexico-verified 3
/// sha256 <SHA-256 of the file>
/// payload <payload digest Lexicon::verify computed>
/// ```
///
/// It says that those bytes passed every check of their integrity ([`Lexicon::verify`]: the
/// checksums, the structure of the word stores, the digest, the counts), and nothing of who
/// signed them: a record is a file anyone who can write the data folder can write, so a
/// signature is checked on the bytes every time they are used.
///
/// [`Lexicon::verify`]: lexico_lexicon::Lexicon::verify
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    /// The payload digest that a full verification of these bytes computed.
    pub payload: Option<String>,
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
            match line.split_once(' ')? {
                ("payload", value) if is_digest(value) => record.payload = Some(value.to_string()),
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
        text
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

/// Records that the bytes `sha` passed a full verification that computed the payload digest
/// `payload`, under the data folder's lock.
pub(crate) fn record_verified(dir: &Path, sha: &str, payload: &str) -> Result<(), StoreError> {
    std::fs::create_dir_all(dir).map_err(StoreError::io(dir))?;
    let _lock = lock_folder(dir)?;
    sweep(dir);
    let record = Record { payload: Some(payload.to_string()) };
    if Record::read(dir, sha) != record {
        write_record_locked(dir, sha, &record)?;
    }
    Ok(())
}

/// Removes the temporary files that writers killed on their way left in the data folder `dir`
/// and its folders (`.NAME.tmpXXXXXX`): the caller holds the data folder's lock, which every
/// writer of these folders takes, so none of them is being written. What cannot be removed
/// stays, to be removed next time.
pub(crate) fn sweep(dir: &Path) {
    for folder in [dir.to_path_buf(), dir.join(VERIFIED_DIR), dir.join(OBJECTS_DIR), dir.join(TRUSTED_DIR)] {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') && name.contains(".tmp") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_read_back_and_one_under_another_name_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let sha = sha256_hex(b"bytes");
        let payload = sha256_hex(b"payload");
        record_verified(dir.path(), &sha, &payload).unwrap();
        assert_eq!(Record::read(dir.path(), &sha), Record { payload: Some(payload) });
        let other = sha256_hex(b"other bytes");
        std::fs::copy(record_path(dir.path(), &sha), record_path(dir.path(), &other)).unwrap();
        assert_eq!(Record::read(dir.path(), &other), Record::default());
        // A record of the previous version, which named signatures, is no record.
        let old = format!("lexico-verified 2\nsha256 {sha}\nsignature x 0123456789ABCDEF\n");
        std::fs::write(record_path(dir.path(), &sha), old).unwrap();
        assert_eq!(Record::read(dir.path(), &sha), Record::default());
    }

    #[test]
    fn a_sweep_removes_the_temporary_files_of_killed_writers() {
        let dir = tempfile::tempdir().unwrap();
        for folder in ["", VERIFIED_DIR, OBJECTS_DIR, TRUSTED_DIR] {
            std::fs::create_dir_all(dir.path().join(folder)).unwrap();
            std::fs::write(dir.path().join(folder).join(".x.tmpAbC123"), b"half").unwrap();
            std::fs::write(dir.path().join(folder).join("kept"), b"whole").unwrap();
        }
        sweep(dir.path());
        for folder in ["", VERIFIED_DIR, OBJECTS_DIR, TRUSTED_DIR] {
            let names: Vec<String> = std::fs::read_dir(dir.path().join(folder))
                .unwrap()
                .map(|e| e.unwrap())
                .filter(|e| e.file_type().unwrap().is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            assert_eq!(names, ["kept"], "{folder}");
        }
    }
}
