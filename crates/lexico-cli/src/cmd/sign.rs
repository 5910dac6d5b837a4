//! `lexico sign` and `lexico keygen`: minisign signatures of lexicon files, and the key pairs that
//! make them.
//!
//! A signature is minisign's (`FILE.minisig`, Ed25519 over the file's BLAKE2b-512 hash, with a
//! trusted comment), so `minisign -Vm FILE -p KEY.pub` checks it too. A secret key is read as
//! minisign writes it; an encrypted one asks for its password (or takes it from
//! `LEXICO_KEY_PASSWORD`). See docs/maintainers.md. The work is the store's
//! (`lexico_store::sign_file`, `load_secret_key`, `keygen`); this module reads the flags and the
//! password variable, and prints. A file listed in the `SHA256SUMS` of its folder (a release
//! folder) gets its signature listed there too; an existing signature is replaced only with
//! `--force`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_store::{Password, SecretKey};

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
    /// Replace an existing signature (FILE.minisig); without it, an existing one stops the
    /// command before anything is written.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let key = load_secret_key(&args.key)?;
    let sig_path = lexico_store::signature_path(&args.file);
    if sig_path.exists() && !args.force {
        anyhow::bail!("{}: a signature is already there: give --force to replace it", sig_path.display());
    }
    // A file listed in the SHA256SUMS of its folder (a release folder) gets its signature listed
    // there too: read before anything is written, so that a bad one stops the command first.
    let sums_path = args.file.parent().map_or_else(|| PathBuf::from("SHA256SUMS"), |d| d.join("SHA256SUMS"));
    let name = args.file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let sums = match std::fs::read_to_string(&sums_path) {
        Ok(text) if text.lines().any(|l| l.split_once("  ").is_some_and(|(_, n)| n == name)) => Some(text),
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(anyhow::Error::new(e).context(sums_path.display().to_string())),
    };
    let sig_path = lexico_store::sign_file(&args.file, &key)?;
    if let Some(text) = sums {
        let sig = std::fs::read(&sig_path).with_context(|| sig_path.display().to_string())?;
        let sig_name = format!("{name}.minisig");
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| l.split_once("  ").is_none_or(|(_, n)| n != sig_name))
            .map(str::to_string)
            .collect();
        use sha2::Digest;
        lines.push(format!("{}  {sig_name}", lexico_lexicon::hex(&sha2::Sha256::digest(&sig))));
        // The checksums stay in the order of the names, as a release writes them.
        lines.sort_by(|a, b| a.split_once("  ").map(|x| x.1).cmp(&b.split_once("  ").map(|x| x.1)));
        let text = lines.join("\n") + "\n";
        lexico_store::atomic::write_atomically(&sums_path, text.as_bytes())?;
    }
    println!("signed {} with key {}: {}", args.file.display(), key.id, sig_path.display());
    Ok(ExitCode::SUCCESS)
}

/// The password of an encrypted key: [`PASSWORD_VAR`], else asked for on the terminal.
fn password() -> Password {
    match std::env::var(PASSWORD_VAR) {
        Ok(password) => Password::Given(password),
        Err(_) => Password::AskOnTerminal,
    }
}

/// Returns true if and only if a password would have to be asked for and there is no terminal
/// to ask it on ([`PASSWORD_VAR`] unset, no controlling terminal).
fn no_way_to_ask() -> bool {
    std::env::var_os(PASSWORD_VAR).is_none() && cfg!(unix) && std::fs::File::open("/dev/tty").is_err()
}

/// Reads a minisign secret key file: unencrypted, else with the password of [`PASSWORD_VAR`],
/// else asked for on the terminal. Without either, an encrypted key is one line saying so.
pub fn load_secret_key(path: &Path) -> Result<SecretKey> {
    if !no_way_to_ask() {
        return Ok(lexico_store::load_secret_key(path, password())?);
    }
    match lexico_store::load_secret_key(path, Password::None) {
        Err(lexico_store::StoreError::NotASecretKey { .. }) => anyhow::bail!(
            "{}: the secret key is encrypted and needs its password: set {PASSWORD_VAR} (there is no terminal to \
             ask it on)",
            path.display()
        ),
        other => Ok(other?),
    }
}

/// The minisign signature (the text of a `.minisig` file) of `bytes`, the content of `file`.
pub fn sign_bytes(key: &SecretKey, bytes: &[u8], file: &Path) -> Result<String> {
    Ok(lexico_store::sign_bytes(key, bytes, file)?)
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
    if !args.unencrypted && no_way_to_ask() {
        anyhow::bail!(
            "a password is needed to encrypt the secret key: set {PASSWORD_VAR} (there is no terminal to ask it \
             on), or give --unencrypted"
        );
    }
    let password = if args.unencrypted { Password::None } else { password() };
    let id = lexico_store::keygen(&args.public_key, &args.secret_key, password)?;
    println!("key {id}: public key {}, secret key {}", args.public_key.display(), args.secret_key.display());
    Ok(ExitCode::SUCCESS)
}
