//! `lexico rules`: the rule sets embedded in the binary.

use std::process::ExitCode;

use anyhow::{bail, Result};

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    bail!("'rules' is not available in this build")
}
