//! `lexico install`: files a lexicon in the user's data folder, after proving it whole (every
//! checksum, the payload digest, the counts) and, when keys are trusted, checking its signature,
//! under a name taken from its manifest, and optionally makes it the default lexicon. The
//! signature (`FILE.minisig`), when there is one, is installed beside it.

use std::ffi::OsString;
use std::fmt;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexico_lexicon::Lexicon;

use crate::lexicons;

#[derive(clap::Args)]
pub struct Args {
    /// The lexicon file to install; with --default, also the edition or name of a lexicon
    /// already installed, or `embedded`, to make it the default.
    #[arg(value_name = "FILE|NAME")]
    pub lexicon: OsString,
    /// Make it the lexicon every command uses when given no --lexicon and no LEXICO_LEXICON.
    #[arg(long)]
    pub default: bool,
    /// Replace an installed file of the same name that holds a different lexicon.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let dir = lexicons::require_data_dir()?;
    let path = Path::new(&args.lexicon);
    if args.default && args.lexicon.eq_ignore_ascii_case(lexicons::EMBEDDED) {
        lexicons::clear_default(&dir)?;
        let embedded = lexicons::embedded()?;
        println!("{} (embedded) is the default lexicon", lexicons::title(embedded.manifest()?));
        return Ok(ExitCode::SUCCESS);
    }
    let installed = if !args.default || lexicons::looks_like_path(&args.lexicon) || path.exists() {
        let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
        if !meta.is_file() {
            // Named the way every command names it (a FIFO, a device, a folder).
            lexico_lexicon::Lexicon::open(path).with_context(|| format!("{}", path.display()))?;
        }
        let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
        let sig = lexicons::read_signature(&lexicons::signature_path(path))?;
        let keys = lexicons::trusted_keys(&dir)?;
        if !keys.is_empty() {
            lexicons::check_signature(path, sig.as_deref(), &bytes, &keys).context("nothing installed")?;
        }
        install(&dir, bytes, sig, args.force, args.default).with_context(|| format!("{}", path.display()))?
    } else {
        let found = lexicons::find_installed(&dir, &args.lexicon)?;
        lexicons::set_default(&dir, &found.path)?;
        let manifest = found.lexicon.manifest()?;
        Outcome {
            title: lexicons::title(manifest),
            words: manifest.words,
            path: found.path,
            change: Change::Unchanged,
            default: true,
        }
    };
    println!("{installed}");
    Ok(ExitCode::SUCCESS)
}

/// What an installation did to the data folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The file is new.
    Added,
    /// A different file of the same name was replaced (`--force`).
    Replaced,
    /// The same bytes were already installed.
    Unchanged,
}

/// One installation, displayed as the line that reports it.
#[derive(Debug)]
pub struct Outcome {
    pub title: String,
    pub words: u64,
    pub path: PathBuf,
    pub change: Change,
    pub default: bool,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (title, words, path) = (&self.title, self.words, self.path.display());
        match self.change {
            Change::Added => write!(f, "installed {title} ({words} words) as {path}")?,
            Change::Replaced => write!(f, "installed {title} ({words} words) as {path}, replacing it")?,
            Change::Unchanged => write!(f, "{title} is already installed as {path}")?,
        }
        if self.default {
            write!(f, "; it is the default lexicon")?;
        }
        Ok(())
    }
}

/// Installs the lexicon file image `bytes` into `dir`: every checksum is verified first, then
/// the image is written atomically as `<EDITION>.lex` (or `<name>-<version>.lex`). An installed
/// file of that name with other bytes is replaced only if `force`; one with the same bytes is
/// left as it is. With `default`, the lexicon becomes the default. `signature`, the text of its
/// minisign signature, is installed beside it (checked by the caller); without one, a signature
/// left beside an earlier file of that name is removed.
pub fn install(
    dir: &Path,
    bytes: Vec<u8>,
    signature: Option<String>,
    force: bool,
    default: bool,
) -> Result<Outcome> {
    let lexicon = Lexicon::from_vec(bytes)?;
    lexicon.verify().context("verification failed, nothing installed")?;
    let manifest = lexicon.manifest()?;
    let stem = crate::files::release_stem(&manifest.name, &manifest.edition, &manifest.version);
    let path = dir.join(format!("{stem}.lex"));
    let change = match std::fs::read(&path) {
        Ok(old)
            if old == lexicon.as_bytes()
                && lexicons::read_signature(&lexicons::signature_path(&path)).ok().flatten() == signature =>
        {
            Change::Unchanged
        }
        Ok(old) if old == lexicon.as_bytes() => Change::Replaced,
        Ok(_) if force => Change::Replaced,
        Ok(old) => {
            let held = match Lexicon::from_vec(old).and_then(|old| {
                let m = old.manifest()?;
                Ok(format!("{}, payload sha256 {}", lexicons::title(m), short(&m.payload_sha256)))
            }) {
                Ok(held) => held,
                Err(e) => format!("unreadable: {e}"),
            };
            bail!(
                "{} holds a different lexicon ({held}) than this one ({}, payload sha256 {}); \
                 --force replaces it",
                path.display(),
                lexicons::title(manifest),
                short(&manifest.payload_sha256)
            );
        }
        Err(e) if e.kind() == ErrorKind::NotFound => Change::Added,
        Err(e) => return Err(e).with_context(|| format!("{}", path.display())),
    };
    if change != Change::Unchanged {
        std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
        let sig_path = lexicons::signature_path(&path);
        match &signature {
            Some(sig) => crate::files::write_atomically(&sig_path, sig.as_bytes())?,
            None => match std::fs::remove_file(&sig_path) {
                Err(e) if e.kind() != ErrorKind::NotFound => {
                    return Err(e).with_context(|| format!("{}", sig_path.display()))
                }
                _ => {}
            },
        }
        crate::files::write_atomically(&path, lexicon.as_bytes())?;
    }
    if default {
        lexicons::set_default(dir, &path)?;
    }
    Ok(Outcome { title: lexicons::title(manifest), words: manifest.words, path, change, default })
}

/// The first 16 hex digits of a checksum, as the word judge shows them.
pub fn short(sha256: &str) -> &str {
    sha256.get(..16).unwrap_or(sha256)
}
