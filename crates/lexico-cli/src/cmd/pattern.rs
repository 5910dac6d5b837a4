//! `lexico pattern`: the words that fit a crossword pattern or a regular expression over tiles.
//! A malformed pattern gets one error row in place of its words, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::record::{shape_words, Shape};
use lexico_lexicon::query::{Sort, MAX_WORD};

use crate::input::{self, Fault};
use crate::lexicons::LexiconArg;
use crate::output::words::{Show, SortArg, WordRows};
use crate::output::Out;

#[derive(clap::Args)]
pub struct Args {
    /// Patterns: `?` any one tile, `*` any run of tiles, `[AEIOU]` one tile of a class,
    /// `[^AEIOU]` one tile outside it, anything else tiles in any notation (`CH`, `[CH]`, `1`
    /// and `Ç` are one tile; `C H` is two). With none, one pattern per line from standard input.
    pub patterns: Vec<std::ffi::OsString>,
    /// Read each pattern as a regular expression over tiles that must match the whole word: `.`
    /// is one tile, letter runs are read as words, `[CH]` is C or H (write CH, LL, RR as 1, 2,
    /// 3 or Ç inside classes), ranges run in tile order.
    #[arg(long, help_heading = "Query")]
    pub regex: bool,
    /// Shortest word, in tiles.
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub min: Option<usize>,
    /// Longest word, in tiles.
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub max: Option<usize>,
    #[command(flatten)]
    pub show: Show,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let order = args.show.sort.map_or(Sort::Alpha, SortArg::sort);
    let (min, max) = (args.min.unwrap_or(1), args.max.unwrap_or(MAX_WORD));
    let mut records = args.show.records(&lex);
    let rows = WordRows::new("pattern", &args.show, args.patterns.len() != 1);
    let top = args.show.top.unwrap_or(usize::MAX);
    let mut out = Out::new(args.show.format);
    let mut any = false;
    let errors = input::each(&args.patterns, &mut out, &rows.fields(), |text, out| {
        let shape = Shape::parse(lex.tiles(), text, args.regex).map_err(input::bad)?;
        let found =
            shape_words(&lex, &shape, (min, max), order, top, &mut records, |r| rows.write(out, text, r));
        any |= found.map_err(|e| Fault::Stop(e.into()))?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
