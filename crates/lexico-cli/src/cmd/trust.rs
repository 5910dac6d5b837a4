//! `lexico trust`: the public keys whose signatures a station accepts, kept as minisign public
//! key files `<KEY ID>.pub` in the data folder's `trusted/` folder.
//!
//! With no key trusted, lexicon files are used unsigned (their integrity is still proven by their
//! digest); once one key is trusted, every lexicon file a command uses or installs must carry a
//! signature by a trusted key. See docs/arbiters.md. The work is the store's
//! (`lexico_store::trust_key_file`, `trusted_keys`, `untrust`); this module reads the arguments and
//! prints.

use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::lexicons;
use crate::output::escape_controls;

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
        /// Replace a trusted key of the same key id (another key under the id is refused
        /// otherwise).
        #[arg(long)]
        replace: bool,
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
    match args.action {
        Action::Add { key, replace } => {
            let path = std::path::Path::new(&key);
            let trusted = if path.is_file() {
                lexico_store::trust_key_file(&dir, path, replace)?
            } else {
                match lexico_store::trust_key_text(&dir, &key, replace) {
                    Err(e @ lexico_store::StoreError::KeyIdTaken { .. }) => return Err(e.into()),
                    other => other.context("PUBKEY is neither a file nor a minisign public key")?,
                }
            };
            let (comment, file) = (escape_controls(&trusted.comment), trusted.file.display().to_string());
            println!("trusted key {} ({comment}): {}", trusted.id, escape_controls(&file));
        }
        Action::List => {
            let keys = lexicons::trusted_keys(&dir)?;
            if keys.is_empty() {
                println!("no key is trusted: lexicon files are used unsigned (`lexico trust add PUBKEY`)");
            }
            for key in keys {
                println!("{}  {}", key.id, escape_controls(&key.comment));
            }
        }
        Action::Remove { id } => {
            let id = lexico_store::untrust(&dir, &id)?;
            println!("key {id} is no longer trusted");
        }
    }
    Ok(ExitCode::SUCCESS)
}
