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
    /// Words a rack makes: exactly, from a subset (--sub) or with tiles added (--super).
    Anagram(cmd::anagram::Args),
    /// Words that fit a crossword pattern (C?S*) or a regular expression over tiles (--regex).
    Pattern(cmd::pattern::Args),
    /// Tiles that make a valid word in front of a word or after it.
    Hooks(cmd::hooks::Args),
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
        Command::Anagram(args) => cmd::anagram::run(args),
        Command::Pattern(args) => cmd::pattern::run(args),
        Command::Hooks(args) => cmd::hooks::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lexico: {}", one_line(&err));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes on one line, as `{err:#}` prints them, but with a cause left out when
/// the message before it already ends with it (an I/O error wrapped by an error that quotes it),
/// and with control characters escaped, so that a line end or an escape sequence typed in a word
/// or read from a source never splits the message or reaches the terminal.
fn one_line(err: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if message.ends_with(&text) {
            continue;
        }
        if !message.is_empty() {
            message.push_str(": ");
        }
        message.push_str(&text);
    }
    message
        .chars()
        .map(|c| match c {
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}
