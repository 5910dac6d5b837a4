//! `lexico sign` and `lexico keygen`: minisign signatures of lexicon files, and the key pairs that
//! make them.
//!
//! A signature is minisign's (`FILE.minisig`, Ed25519 over the file's BLAKE2b-512 hash, with a
//! trusted comment), so `minisign -Vm FILE -p KEY.pub` checks it too. A secret key is read as
//! minisign writes it; an encrypted one asks for its password (or takes it from
//! `LEXICO_KEY_PASSWORD`). See docs/maintainers.md.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use crate::lexicons;

/// The variable that gives the password of an encrypted secret key without a prompt.
pub const PASSWORD_VAR: &str = "LEXICO_KEY_PASSWORD";

#[derive(clap::Args)]
pub struct Args {
    /// The file to sign (a lexicon); the signature is written beside it as FILE.minisig.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The minisign secret key (`lexico keygen` or `minisign -G` makes one).
    #[arg(long, short = 'k', value_name = "SECRET_KEY")]
    pub key: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let key = load_secret_key(&args.key)?;
    let bytes = std::fs::read(&args.file).with_context(|| format!("{}", args.file.display()))?;
    // Only a lexicon proven whole is signed: a signature vouches for what the file says.
    let lexicon = lexico_lexicon::Lexicon::from_vec(bytes)
        .and_then(|l| l.verify().map(|_| ()).map(|()| l))
        .with_context(|| format!("{}: not signed", args.file.display()))?;
    let sig = sign_bytes(&key, lexicon.as_bytes(), &args.file)?;
    let sig_path = lexicons::signature_path(&args.file);
    crate::files::write_atomically(&sig_path, sig.as_bytes())?;
    println!("signed {} with key {}: {}", args.file.display(), key.id, sig_path.display());
    Ok(ExitCode::SUCCESS)
}

/// A secret key and its id.
pub struct SecretKey {
    pub key: minisign::SecretKey,
    pub id: String,
}

/// Reads a minisign secret key file: unencrypted, else with the password of
/// [`PASSWORD_VAR`], else asked for on the terminal.
pub fn load_secret_key(path: &Path) -> Result<SecretKey> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    let parse = |password: Option<String>| minisign::SecretKey::from_box(text.clone().into(), password);
    let key = match parse(Some(String::new())) {
        Ok(key) => key,
        Err(_) => match std::env::var(PASSWORD_VAR) {
            Ok(password) => parse(Some(password)),
            Err(_) => parse(None),
        }
        .map_err(|e| anyhow::anyhow!("{}: not a usable minisign secret key: {e}", path.display()))?,
    };
    let public = minisign::PublicKey::from_secret_key(&key)
        .map_err(|e| anyhow::anyhow!("{}: not a usable minisign secret key: {e}", path.display()))?;
    Ok(SecretKey { id: lexicons::key_id(public.keynum()), key })
}

/// The minisign signature (the text of a `.minisig` file) of `bytes`, the content of `file`.
pub fn sign_bytes(key: &SecretKey, bytes: &[u8], file: &Path) -> Result<String> {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let trusted = format!("file:{name}");
    let sig = minisign::sign(None, &key.key, std::io::Cursor::new(bytes), Some(&trusted), None)
        .map_err(|e| anyhow::anyhow!("signing {}: {e}", file.display()))?;
    Ok(sig.into_string())
}

#[derive(clap::Args)]
pub struct KeygenArgs {
    /// Where to write the public key (give it to `lexico trust add` on every station).
    #[arg(long, short = 'p', value_name = "FILE")]
    pub public_key: PathBuf,
    /// Where to write the secret key (keep it off the stations).
    #[arg(long, short = 's', value_name = "FILE")]
    pub secret_key: PathBuf,
    /// Do not encrypt the secret key with a password (for automated signing and tests; the
    /// password is otherwise asked for, or taken from LEXICO_KEY_PASSWORD).
    #[arg(long)]
    pub unencrypted: bool,
}

pub fn keygen(args: KeygenArgs) -> Result<ExitCode> {
    for path in [&args.public_key, &args.secret_key] {
        if path.symlink_metadata().is_ok() {
            bail!("{}: already exists; a key is never overwritten", path.display());
        }
    }
    let password = if args.unencrypted { Some(String::new()) } else { std::env::var(PASSWORD_VAR).ok() };
    let pair = minisign::KeyPair::generate_encrypted_keypair(password)
        .map_err(|e| anyhow::anyhow!("generating a key pair: {e}"))?;
    let id = lexicons::key_id(pair.pk.keynum());
    let public = pair.pk.to_box().map_err(|e| anyhow::anyhow!("{e}"))?.into_string();
    let secret = pair
        .sk
        .to_box(Some(&format!("lexico secret key {id}")))
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .into_string();
    write_new(&args.secret_key, secret.as_bytes(), 0o600)?;
    write_new(&args.public_key, public.as_bytes(), 0o644)?;
    println!("key {id}: public key {}, secret key {}", args.public_key.display(), args.secret_key.display());
    Ok(ExitCode::SUCCESS)
}

/// Writes a file that must not exist yet, with permissions `mode` on Unix.
fn write_new(path: &Path, bytes: &[u8], mode: u32) -> Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(mode);
    }
    #[cfg(not(unix))]
    let _ = mode;
    let mut file = options.open(path).with_context(|| format!("{}", path.display()))?;
    file.write_all(bytes).with_context(|| format!("{}", path.display()))?;
    file.sync_all().with_context(|| format!("{}", path.display()))?;
    Ok(())
}
