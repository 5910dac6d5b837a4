//! `lexico install`: files a lexicon in the user's data folder, or chooses the default lexicon.
//! The work is the store's (`lexico_store::install_file`: the signature checked first when keys
//! are trusted, the file proven whole, a read-only copy installed with its signature as a pair,
//! under a lock); this module reads the flags and prints the line that reports it.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

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
        let title = lexico_store::make_embedded_default(&dir)?;
        println!("{title} (embedded) is the default lexicon");
        return Ok(ExitCode::SUCCESS);
    }
    let installed = if !args.default || lexicons::looks_like_path(&args.lexicon) || path.exists() {
        lexico_store::install_file(&dir, path, args.force, args.default)?
    } else {
        lexico_store::make_default(&dir, &args.lexicon)?
    };
    println!("{installed}");
    Ok(ExitCode::SUCCESS)
}
