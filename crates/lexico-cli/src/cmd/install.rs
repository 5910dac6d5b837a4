//! `lexico install`: files a lexicon in the user's data folder.

use std::process::ExitCode;

use anyhow::{bail, Result};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    bail!("'install' is not available in this build")
}
