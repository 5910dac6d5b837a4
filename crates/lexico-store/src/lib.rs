//! Installed lexicons: the data folder, names and editions, the verification record, trust.
//!
//! A program names a lexicon the way `lexico --lexicon` does: `embedded`, a file path, or the
//! edition, file name or name of a lexicon installed in the data folder ([`open_named`]); with no
//! name, the installed default, else the embedded one ([`open_default`]).
//!
//! Installed lexicons are entries `<EDITION>.entry` in the data folder ([`data_dir`]:
//! `$LEXICO_DATA_DIR`, else `%APPDATA%\lexico` on Windows, elsewhere `$XDG_DATA_HOME/lexico`,
//! else `~/.local/share/lexico`), each naming read-only copies of a lexicon and its signature
//! kept under `objects/` by the SHA-256 of their bytes. The folder also holds `default`, one line naming the default lexicon's entry (or
//! `embedded`). Finding the lexicon when none is named costs one attempt to open that record.
//! Looking a name up opens every installed lexicon to read its manifest ([`scan`],
//! [`find_installed`]).
//!
//! Every lexicon file opened, by path or by installed name, is read once, whole, into memory of
//! this process, and proven whole before it answers ([`open_path`]): when the data folder trusts
//! keys (`trusted/`, [`trusted_keys`]), its minisign signature by one of them first
//! ([`check_signature`]), on those bytes, every time, before anything decodes them; then its
//! checksums, its word stores, its payload digest (computed, and equal to its manifest's) and its
//! counts. That second part is recorded in the data folder's `verified/` folder under the
//! SHA-256 of the bytes checked, which every open computes: a record spares a later run of the
//! same bytes those checks, never the signature. A running program that keeps a lexicon (a
//! station) opens it with [`Check::Full`] and trusts no record. The embedded lexicon is trusted
//! as part of the program ([`Signer::Embedded`]).
//!
//! Install, the default, trusted keys, key pairs and signatures are all here ([`install_file`],
//! [`make_default`], [`trust_key_file`], [`untrust`], [`keygen`], [`sign_file`]), and so is the
//! one atomic writer every file of the workspace goes through ([`atomic`]), and release folders
//! with their `SHA256SUMS` ([`release`]).
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

#![deny(missing_docs)]

pub mod atomic;
mod entry;
mod error;
mod folder;
mod install;
mod installed;
mod listing;
mod open;
mod read;
mod record;
pub mod release;
mod say;
mod sign;
mod trust;

pub use entry::ENTRY_EXTENSION;
pub use error::StoreError;
pub use folder::{
    clear_default, data_dir, default_path, require_data_dir, set_default, DefaultLexicon, DATA_DIR_VAR,
    DEFAULT_RECORD,
};
pub use install::{
    install_file, install_image, make_default, make_embedded_default, short, Change, Installation,
};
pub use installed::{
    find_installed, find_installed_with, looks_like_path, open_named, open_named_with, scan, scan_with,
    title, Installed, Scan, EMBEDDED,
};
pub use listing::{listing, Listed, Listing};
pub use open::{
    embedded, open_default, open_default_with, open_path, open_path_with, Check, Opened, Signer, DEFAULT,
};
pub use record::{OBJECTS_DIR, TRUSTED_DIR, VERIFIED_DIR};
pub use sign::{keygen, load_secret_key, parse_secret_key, sign_bytes, sign_file, Password, SecretKey};
pub use trust::{
    check_signature, key_id, parse_public_key, parse_signature, read_signature, signature_of, signature_path,
    trust_key_file, trust_key_text, trusted_keys, untrust, Trusted, TrustedKey,
};
