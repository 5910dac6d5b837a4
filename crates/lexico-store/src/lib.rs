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
//! Every lexicon file opened, by path or by installed name, is read once and proven whole before
//! it answers ([`open_path`]): when the data folder trusts keys (`trusted/`, [`trusted_keys`]),
//! its minisign signature (`FILE.minisig`) by one of them first ([`check_signature`]), before
//! anything decodes the bytes; then its checksums, its payload digest (computed, and equal to its
//! manifest's) and its counts. The result is recorded in the data folder's `verified/` folder
//! under the SHA-256 of the bytes checked. A file named by path is read into memory of this
//! process and hashed on every use, and its record looked up by that digest. `install` keeps a
//! read-only copy of each lexicon named by its SHA-256 (`objects/`, [`install_file`]), which
//! nothing writes in place and only an installation replaces, by rename; an installed lexicon is
//! read from that copy, whose name gives the digest of its record without hashing it. The
//! embedded lexicon is trusted as part of the program ([`Signer::Embedded`]).
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
mod error;
mod folder;
mod install;
mod installed;
mod open;
mod read;
mod record;
pub mod release;
mod say;
mod sign;
mod trust;

pub use error::StoreError;
pub use folder::{
    clear_default, data_dir, default_path, require_data_dir, set_default, DATA_DIR_VAR, DEFAULT_RECORD,
};
pub use install::{
    install_file, install_image, make_default, make_embedded_default, short, Change, Installation,
};
pub use installed::{
    find_installed, find_installed_with, looks_like_path, open_named, open_named_with, scan, scan_with,
    title, Installed, Scan, EMBEDDED,
};
pub use open::{
    embedded, in_memory, open_default, open_default_with, open_path, open_path_with, Check, Opened, Signer,
    DEFAULT,
};
pub use record::{OBJECTS_DIR, VERIFIED_DIR};
pub use sign::{keygen, load_secret_key, parse_secret_key, sign_bytes, sign_file, Password, SecretKey};
pub use trust::{
    check_signature, key_id, parse_public_key, parse_signature, read_signature, signature_path,
    trust_key_file, trust_key_text, trusted_keys, untrust, Trusted, TrustedKey, TRUSTED_DIR,
};
