//! `lexico`: the Spanish Scrabble lexicon toolchain.

mod cmd;
mod input;
mod lexicons;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Build Spanish Scrabble lexicons (FISE rules) and query them: validity, tiles, word lists.
#[derive(Parser)]
#[command(name = "lexico", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile source lists with a rule set into a lexicon file.
    Build(cmd::build::Args),
    /// Is each word valid? Exit 0 if all are, 1 if any is not, 2 on error.
    Valid(cmd::valid::Args),
    /// Why each word is valid or not: entry, rule, article, source line (`valid --explain`).
    Explain(cmd::explain::Args),
    /// Words added and removed between two lexicons, with counts; release notes with --notes.
    Diff(cmd::diff::Args),
    /// Show the tiles of words or racks, their count and face value.
    Tiles(cmd::tiles::Args),
    /// Print a lexicon's manifest: name, edition, sources, rule set, counts, checksums.
    Info(cmd::info::Args),
    /// Print every word of a lexicon, in tile order.
    Dump(cmd::dump::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Build(args) => cmd::build::run(args),
        Command::Valid(args) => cmd::valid::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Diff(args) => cmd::diff::run(args),
        Command::Tiles(args) => cmd::tiles::run(args),
        Command::Info(args) => cmd::info::run(args),
        Command::Dump(args) => cmd::dump::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lexico: {err:#}");
            ExitCode::from(2)
        }
    }
}
