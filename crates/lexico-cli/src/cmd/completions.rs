//! `lexico completions`: shell completion scripts, generated from the command line's own
//! definition (clap_complete), so every command and flag is in them.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap_complete::Shell;

use crate::help::full_command;

#[derive(clap::Args)]
pub struct Args {
    /// The shell to complete for (where to save each script: README, "Install").
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    out.write_all(&script(args.shell))?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The completion script for `shell`. It is written to a buffer first: clap_complete panics on
/// a write error, and a closed pipe (`lexico completions bash | head`) must end quietly.
pub fn script(shell: Shell) -> Vec<u8> {
    let mut cli = full_command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cli, "lexico", &mut script);
    script
}
