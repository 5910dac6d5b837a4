//! Installed lexicons: the data folder, names and editions, the verification record, trust.
//!
//! A program names a lexicon the way `lexico --lexicon` does: `embedded`, a file path, or the
//! edition, file name or name of a lexicon installed in the data folder ([`open_named`]); with no
//! name, the installed default, else the embedded one ([`open_default`]).
//!
//! Installed lexicons are files `<EDITION>.lex` in the data folder ([`data_dir`]:
//! `$LEXICO_DATA_DIR`, else `$XDG_DATA_HOME/lexico`, else `~/.local/share/lexico`), which also
//! holds `default`, one line naming the default lexicon's file. Finding the lexicon when none is
//! named costs one attempt to open that record, which fails when no default is installed: the
//! data folder is never listed on that path. Looking a name up opens every installed file
//! (without reading its words) to read its manifest ([`scan`], [`find_installed`]).
//!
//! Every lexicon file opened, by path or by installed name, is proven whole before it answers
//! ([`open_path`]): its payload digest is computed and must equal its manifest's, and its counts
//! must agree with the manifest. The result is recorded in the data folder's `verified/` folder,
//! keyed by the file's path, size, modification and change times, inode and device, so a file
//! already verified and unchanged costs one `stat` and one small read. When the data folder holds
//! trusted public keys (`trusted/`, [`trusted_keys`]), the file must also carry a minisign
//! signature (`FILE.minisig`) by one of them ([`check_signature`]). The embedded lexicon is
//! trusted as part of the program ([`Signer::Embedded`]).
//!
//! This crate never prints and knows no command-line flags; every error is a [`StoreError`]
//! whose message is the one the `lexico` command prints.
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! std::env::set_var("LEXICO_DATA_DIR", dir.path());
//! let lex = lexico_lexicon::Lexicon::from_words(["casa", "perro"])?;
//! std::fs::write(dir.path().join("from-words.lex"), lex.as_bytes())?;
//! let opened = lexico_store::open_named("from-words".as_ref())?;
//! assert_eq!(opened.lexicon.len(), 2);
//! assert_eq!(opened.signer, lexico_store::Signer::Unsigned); // no key is trusted
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod error;
mod folder;
mod installed;
mod open;
mod trust;

pub use error::StoreError;
pub use folder::{
    clear_default, data_dir, default_path, require_data_dir, set_default, DATA_DIR_VAR, DEFAULT_RECORD,
};
pub use installed::{find_installed, looks_like_path, open_named, scan, title, Installed, Scan, EMBEDDED};
pub use open::{embedded, in_memory, open_default, open_path, Opened, Signer, DEFAULT, VERIFIED_DIR};
pub use trust::{
    check_signature, key_id, parse_public_key, read_signature, signature_path, trusted_keys, TrustedKey,
    TRUSTED_DIR,
};
