//! `lexico completions`: shell completion scripts.

use std::process::ExitCode;

use anyhow::{bail, Result};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    bail!("'completions' is not available in this build")
}
