//! `lexico tiles`: the tiles of words or racks, their count and face value.

use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_tiles::quoted;

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Words or racks, in any notation; `?` is a blank, and tiles may be separated by spaces or
    /// commas (`C H A O` is four tiles, `CHAO` three). With none, one per line from standard input.
    pub words: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let set = lex.tiles();
    let mut out = Out::new(args.format);
    input::each(&args.words, |text, place| {
        let seq = set.parse_sequence(text).with_context(|| format!("{place}: {}", quoted(text)))?;
        if seq.is_empty() {
            anyhow::bail!("{place}: no tiles in {}", quoted(text));
        }
        let names: Vec<&str> = seq.iter().map(|t| t.map_or("?", |t| set.name(t))).collect();
        let value: u32 = seq.iter().flatten().map(|&t| set.get(t).map_or(0, |d| d.value as u32)).sum();
        let spelled: String = names.concat();
        let joined = names.join(" ");
        let bracketed: String =
            names.iter().map(|n| if *n == "?" { "?".to_string() } else { format!("[{n}]") }).collect();
        out.record(
            &format!("{spelled}\t{joined}\t{} tiles\t{value} points", seq.len()),
            &[
                ("word", Value::Str(&spelled)),
                ("tiles", Value::Str(&joined)),
                ("bracketed", Value::Str(&bracketed)),
                ("count", Value::Int(seq.len() as u64)),
                ("value", Value::Int(value as u64)),
            ],
        )?;
        Ok(())
    })?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
