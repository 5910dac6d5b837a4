//! `lexico sign` and `lexico keygen`: minisign signatures of lexicon files, and the key pairs that
//! make them.
//!
//! A signature is minisign's (`FILE.minisig`, Ed25519 over the file's BLAKE2b-512 hash, with a
//! trusted comment), so `minisign -Vm FILE -p KEY.pub` checks it too. A secret key is read as
//! minisign writes it; an encrypted one asks for its password (or takes it from
//! `LEXICO_KEY_PASSWORD`). See docs/maintainers.md. The work is the store's
//! (`lexico_store::sign_file`, `load_secret_key`, `keygen`); this module reads the flags and the
//! password variable, and prints. A file listed in the `SHA256SUMS` of its folder (a release
//! folder) gets its signature listed there too (`lexico_store::release::sign_listed`); an
//! existing signature is replaced only with `--force`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use lexico_store::Password;

use crate::keys::{self, PASSWORD_VAR};

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
    let key = keys::load_secret_key(&args.key)?;
    let sig_path = lexico_store::signature_path(&args.file);
    if sig_path.exists() && !args.force {
        anyhow::bail!("{}: a signature is already there: give --force to replace it", sig_path.display());
    }
    let sig_path = lexico_store::release::sign_listed(&args.file, &key)?;
    println!("signed {} with key {}: {}", args.file.display(), key.id, sig_path.display());
    Ok(ExitCode::SUCCESS)
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
    if !args.unencrypted && keys::no_way_to_ask() {
        anyhow::bail!(
            "a password is needed to encrypt the secret key: set {PASSWORD_VAR} (there is no terminal to ask it \
             on), or give --unencrypted"
        );
    }
    let password = if args.unencrypted { Password::None } else { keys::password() };
    let id = lexico_store::keygen(&args.public_key, &args.secret_key, password)?;
    println!("key {id}: public key {}, secret key {}", args.public_key.display(), args.secret_key.display());
    Ok(ExitCode::SUCCESS)
}
