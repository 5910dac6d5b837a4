//! `lexico lexicons`: the installed lexicons.

use std::process::ExitCode;

use anyhow::{bail, Result};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    bail!("'lexicons' is not available in this build")
}
