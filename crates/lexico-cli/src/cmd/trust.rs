//! `lexico trust`: the public keys whose signatures a station accepts, kept as minisign public
//! key files `<KEY ID>.pub` in the data folder's `trusted/` folder.
//!
//! With no key trusted, lexicon files are used unsigned (their integrity is still proven by their
//! digest); once one key is trusted, every lexicon file a command uses or installs must carry a
//! signature by a trusted key. See docs/arbiters.md.

use std::io::ErrorKind;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use crate::lexicons;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Trust a public key: a minisign public key file, or the key's base64 line.
    Add {
        #[arg(value_name = "PUBKEY")]
        key: String,
    },
    /// List the trusted keys: id and comment.
    List,
    /// Stop trusting a key, by its id (`trust list`).
    Remove {
        #[arg(value_name = "KEY_ID")]
        id: String,
    },
}

pub fn run(args: Args) -> Result<ExitCode> {
    let dir = lexicons::require_data_dir()?;
    let folder = dir.join(lexicons::TRUSTED_DIR);
    match args.action {
        Action::Add { key } => {
            let path = std::path::Path::new(&key);
            let text = if path.is_file() {
                std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?
            } else {
                key.clone()
            };
            let (public, comment) = lexicons::parse_public_key(&text).with_context(|| {
                if path.is_file() {
                    path.display().to_string()
                } else {
                    "PUBKEY is neither a file nor a minisign public key".to_string()
                }
            })?;
            let id = lexicons::key_id(public.keynum());
            let file = folder.join(format!("{id}.pub"));
            let comment = if comment.is_empty() { format!("minisign public key {id}") } else { comment };
            let body = format!("untrusted comment: {comment}\n{}\n", public.to_base64());
            std::fs::create_dir_all(&folder).with_context(|| format!("{}", folder.display()))?;
            crate::files::write_atomically(&file, body.as_bytes())?;
            println!("trusted key {id} ({comment}): {}", file.display());
        }
        Action::List => {
            let keys = lexicons::trusted_keys(&dir)?;
            if keys.is_empty() {
                println!("no key is trusted: lexicon files are used unsigned (`lexico trust add PUBKEY`)");
            }
            for key in keys {
                println!("{}  {}", key.id, key.comment);
            }
        }
        Action::Remove { id } => {
            let id = id.to_uppercase();
            if id.len() != 16 || !id.chars().all(|c| c.is_ascii_hexdigit()) {
                bail!("'{id}' is not a key id (16 hex digits, as `lexico trust list` shows)");
            }
            let file = folder.join(format!("{id}.pub"));
            match std::fs::remove_file(&file) {
                Ok(()) => println!("key {id} is no longer trusted"),
                Err(e) if e.kind() == ErrorKind::NotFound => {
                    bail!("key {id} is not trusted (`lexico trust list` lists the trusted keys)")
                }
                Err(e) => return Err(e).with_context(|| format!("{}", file.display())),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
