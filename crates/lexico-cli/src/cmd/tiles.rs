//! `lexico tiles`: the tiles of words or racks, their count and face value. An input with a
//! character that is no tile gets an error row, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::record::TilesRecord;

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

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
const FIELDS: BatchFields =
    BatchFields { input: "word", names: &["word", "tiles", "bracketed", "count", "value", "error"] };

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let set = lex.tiles();
    let mut out = Out::new(args.format);
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let seq = set.parse_sequence(text).map_err(input::bad)?;
        if seq.is_empty() {
            return Err(input::bad(lexico_answers::say::Text { id: "error-no-tiles", english: "no tiles" }));
        }
        let r = TilesRecord::of(set, &seq);
        out.batch_row(&r, |line| {
            let (count, value) = (r.count, r.value);
            line.push_str(&format!("{}\t{}\t{count} tiles\t{value} points", r.word, r.tiles.join(" ")));
        })?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(true))
}
