//! `lexico completions`: shell completion scripts, generated from the command line's own
//! definition (clap_complete), so every command and flag is in them.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

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

/// The full command tree: every command with its arguments. `main` adds a command's arguments
/// only when it runs (`clap::Command::defer`); `build` adds them all, as completions and the
/// manual page need. Both stay English whatever the language (`crate::help::english_only`).
pub fn full_command() -> clap::Command {
    crate::help::english_only();
    let mut cli = crate::Cli::command();
    cli.build();
    cli
}
