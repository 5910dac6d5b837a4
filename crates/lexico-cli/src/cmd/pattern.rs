//! `lexico pattern`: the words that fit a crossword pattern or a regular expression over tiles.
//! A malformed pattern gets one error row in place of its words, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::query::{self, Found, Pattern, Sort, TileRegex, MAX_WORD};

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
        if top == 0 {
            return Ok(());
        }
        let mut found = Vec::new();
        let mut failed = None;
        let mut n = 0;
        // In tile order the words are printed as the word store yields them; other orders
        // collect them first.
        let mut visit = |w: &[u8]| {
            any = true;
            if order != Sort::Alpha {
                found.push(Found::plain(w));
                return true;
            }
            if let Err(e) = rows.write(out, text, &records.record(w, 0)) {
                failed = Some(e);
                return false;
            }
            n += 1;
            n < top
        };
        if args.regex {
            let re = TileRegex::new(lex.tiles(), text).map_err(input::bad)?;
            query::search(&lex, re, min, max, &mut visit);
        } else {
            let p = Pattern::parse(lex.tiles(), text).map_err(input::bad)?;
            query::search(&lex, p, min, max, &mut visit);
        }
        if let Some(e) = failed {
            return Err(Fault::Stop(e.into()));
        }
        query::sort(&mut found, order, lex.tiles(), records.bag());
        for f in found.iter().take(top) {
            rows.write(out, text, &records.record(&f.tiles, f.blanks))?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
