//! `lexico tiles`: the tiles of words or racks, their count and face value. An input with a
//! character that is no tile gets an error row, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Fields, Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Words or racks, in any notation; `?` is a blank, and tiles may be separated by spaces or
    /// commas (`C H A O` is four tiles, `CHAO` three). With none, one per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `tiles`' records.
const FIELDS: Fields =
    Fields { input: "word", names: &["word", "tiles", "bracketed", "count", "value", "error"] };

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let set = lex.tiles();
    let mut out = Out::new(args.format);
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let seq = set.parse_sequence(text).map_err(input::bad)?;
        if seq.is_empty() {
            return Err(input::bad(crate::say::Text { id: "error-no-tiles", english: "no tiles" }));
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
                ("error", Value::Null),
            ],
        )?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(true))
}
