//! `lexico dump`: every word of a lexicon, in tile order.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use fst::Streamer;

use crate::lexicons::LexiconArg;
use crate::output::{Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Spell words with bracketed tiles ([CH]U[RR]O) instead of naturally.
    #[arg(long)]
    pub tiles: bool,
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
    let mut stream = lex.fst().keys();
    let mut line = String::new();
    while let Some(key) = stream.next() {
        line.clear();
        if args.tiles {
            line.push_str(&set.spell_tiles(key));
        } else {
            for &t in key {
                line.push_str(set.name(t));
            }
        }
        if out.format() == Format::Text {
            let w = out.raw();
            w.write_all(line.as_bytes())?;
            w.write_all(b"\n")?;
        } else {
            out.record(
                &line,
                &[
                    ("word", Value::Str(&line)),
                    ("tiles", Value::Int(key.len() as u64)),
                ],
            )?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
