//! The offline judge page, as `lexico page` writes it and `lexico serve` offers it at
//! `/sin-conexion/`: the engine this binary embeds (with the feature `page`: `cargo xtask web`
//! builds it into `target/web/`, and `cargo xtask dist` builds the binary with it), and what a
//! page carries of the lexicon a command opened.
//!
//! A page carries the lexicon's bytes and what it trusts them with: for the embedded lexicon,
//! its file's SHA-256; for a file signed by a trusted key, its signature and the trusted keys
//! (`--trust`, else those of the data folder); for an unsigned file, its SHA-256. An unsigned
//! lexicon goes without its anagram index, which the page never uses (a signed one goes whole:
//! its signature covers every byte). Before anything is written, the page's own check
//! (`lexico_answers::trust::open_proven`) is run on what it carries.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use lexico_answers::trust::{open_proven, PublicKey, Trust as Check};
use lexico_web::page::{Engine, Trust};

use crate::i18n::{msg, terminal};
use crate::lexicons::{self, LexiconArg, Signer, LEXICON_VAR};

#[cfg(feature = "page")]
static WASM: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/web/lexico_web_bg.wasm"));
#[cfg(feature = "page")]
static GLUE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/web/lexico_web.js"));

/// The engine this binary embeds, if it was built with it.
pub fn engine() -> Option<Engine<'static>> {
    #[cfg(feature = "page")]
    return Some(Engine { wasm: WASM, glue: GLUE });
    #[cfg(not(feature = "page"))]
    None
}

/// The engine, or an error that says how to get a binary that has it.
pub fn require_engine() -> Result<Engine<'static>> {
    match engine() {
        Some(engine) => Ok(engine),
        None => bail!(msg(terminal(), "page-error-no-engine", &[])),
    }
}

/// What a page carries of a lexicon.
pub struct Carried {
    /// The lexicon's bytes.
    pub bytes: Vec<u8>,
    /// What the page trusts them with.
    pub trust: Trust,
    /// Who vouches for it.
    pub signer: Signer,
    /// The payload digest the page will show.
    pub payload_sha256: String,
    /// Whether the anagram index was left out.
    pub stripped: bool,
}

/// What a page carries of the lexicon `arg` names, with the public keys `keys` (files of
/// minisign public keys; none: those the data folder trusts), checked as the page will check it.
pub fn carried(arg: &LexiconArg, keys: &[PathBuf]) -> Result<Carried> {
    let opened = arg.open_trusted()?;
    let mut key_texts = Vec::new();
    for path in keys {
        let text = std::fs::read_to_string(path).with_context(|| format!("{} (--trust)", path.display()))?;
        PublicKey::parse(&text).map_err(|e| anyhow::anyhow!("{} (--trust): {e}", path.display()))?;
        key_texts.push(text);
    }
    if keys.is_empty() && !matches!(opened.signer, Signer::Embedded) {
        if let Some(dir) = lexicons::data_dir() {
            for key in lexicons::trusted_keys(&dir)? {
                key_texts.push(format!("untrusted comment: {}\n{}\n", key.comment, key.key.to_base64()));
            }
        }
    }
    let embedded = matches!(opened.signer, Signer::Embedded);
    let (bytes, signature, stripped) = if embedded || key_texts.is_empty() {
        let bytes = opened.lexicon.without_anagram_index()?;
        let stripped = bytes.len() != opened.lexicon.as_bytes().len();
        (bytes, None, stripped)
    } else {
        let signature = signature_text(arg)?;
        (opened.lexicon.as_bytes().to_vec(), signature, false)
    };
    let trust = Trust { keys: if embedded { Vec::new() } else { key_texts }, signature, embedded };
    // Checked whole here (no SHA-256 given: every checksum, the payload digest and the counts),
    // so that the page, given the file's SHA-256, may rest on this check.
    let check = Check {
        keys: trust.keys.iter().map(|k| PublicKey::parse(k)).collect::<Result<_, _>>()?,
        file_sha256: None,
        embedded,
    };
    let (lex, signer) = open_proven(bytes.clone(), trust.signature.as_deref(), &check)
        .map_err(|e| anyhow::anyhow!(e.say(terminal())))?;
    let payload_sha256 = lex.payload_sha256_verified()?.to_string();
    Ok(Carried { bytes, trust, signer, payload_sha256, stripped })
}

/// The text of the signature of the lexicon `arg` names (`FILE.minisig` beside a file, or the
/// one an installed lexicon's entry names), if there is one.
fn signature_text(arg: &LexiconArg) -> Result<Option<String>> {
    let value: Option<OsString> =
        arg.lexicon.clone().or_else(|| std::env::var_os(LEXICON_VAR).filter(|v| !v.is_empty()));
    let path: Option<PathBuf> = match value {
        Some(v) if lexicons::looks_like_path(&v) || Path::new(&v).is_file() => Some(PathBuf::from(v)),
        Some(v) => Some(lexico_store::find_installed(&lexicons::require_data_dir()?, &v)?.path),
        None => match lexicons::data_dir() {
            Some(dir) => match lexicons::default_path(&dir)? {
                lexico_store::DefaultLexicon::Installed(path) => Some(path),
                lexico_store::DefaultLexicon::Embedded => None,
            },
            None => None,
        },
    };
    let Some(path) = path else { return Ok(None) };
    Ok(lexico_store::signature_of(&path)?)
}
