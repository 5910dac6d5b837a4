//! An installed lexicon's entry: `<EDITION>.entry` in the data folder, a small record that names
//! the lexicon's copy and its signature's copy in `objects/`, both by the SHA-256 of their
//! bytes. One file names both, so that an installation switches the pair with one rename, and
//! the store needs no symbolic link (a Windows folder has none).
//!
//! ```text
//! lexico-entry 1
//! lexicon <SHA-256 of the lexicon: objects/<SHA-256>.lex>
//! signature <SHA-256 of the signature's text: objects/<SHA-256>.minisig>
//! ```
//!
//! The `signature` line is absent for a lexicon installed unsigned.

use std::path::Path;

use crate::read::read_small;
use crate::record::is_digest;
use crate::StoreError;

/// The extension of an entry's file.
pub const ENTRY_EXTENSION: &str = "entry";

/// The first line of an entry: the format of what follows.
const ENTRY_VERSION: &str = "lexico-entry 1";

/// What an entry names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The SHA-256 of the lexicon's bytes.
    pub lexicon: String,
    /// The SHA-256 of its signature's text, when it was installed with one.
    pub signature: Option<String>,
}

/// Returns true if and only if `path` names an entry (its extension is `entry`).
pub(crate) fn is_entry(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == ENTRY_EXTENSION)
}

impl Entry {
    /// The entry in the file `path`; `None` when there is no such file.
    pub fn read(path: &Path) -> Result<Option<Entry>, StoreError> {
        let Some(text) = read_small(path, "lexicon entry")? else { return Ok(None) };
        Entry::parse(&text).map(Some).ok_or_else(|| StoreError::NotAnEntry { path: path.to_path_buf() })
    }

    fn parse(text: &str) -> Option<Entry> {
        let mut lines = text.lines();
        if lines.next() != Some(ENTRY_VERSION) {
            return None;
        }
        let lexicon = lines.next()?.strip_prefix("lexicon ").filter(|s| is_digest(s))?.to_string();
        let signature = match lines.next() {
            None => None,
            Some(line) => Some(line.strip_prefix("signature ").filter(|s| is_digest(s))?.to_string()),
        };
        if lines.next().is_some() {
            return None;
        }
        Some(Entry { lexicon, signature })
    }

    /// The entry's text.
    pub fn text(&self) -> String {
        let mut text = format!("{ENTRY_VERSION}\nlexicon {}\n", self.lexicon);
        if let Some(signature) = &self.signature {
            text.push_str(&format!("signature {signature}\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::sha256_hex;

    #[test]
    fn an_entry_reads_back_and_anything_else_is_not_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("X.entry");
        assert_eq!(Entry::read(&path).unwrap(), None);
        for signature in [None, Some(sha256_hex(b"sig"))] {
            let entry = Entry { lexicon: sha256_hex(b"lex"), signature };
            std::fs::write(&path, entry.text()).unwrap();
            assert_eq!(Entry::read(&path).unwrap(), Some(entry));
        }
        for bad in ["", "lexico-entry 1\n", "lexico-entry 1\nlexicon ../x\n", "LEXICO\r\n\u{0}"] {
            std::fs::write(&path, bad).unwrap();
            let err = Entry::read(&path).unwrap_err().to_string();
            assert!(err.contains("not an installed lexicon's entry"), "{bad:?}: {err}");
        }
    }
}
