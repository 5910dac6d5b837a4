//! `lexico pattern`: the words that fit a crossword pattern or a regular expression over tiles.
//! A malformed pattern gets one error row in place of its words, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::query::{self, Found, Pattern, Sort, TileRegex, MAX_WORD};

use crate::cmd::anagram::{field_names, Printer, Show, SortArg};
use crate::input::{self, Fault};
use crate::lexicons::LexiconArg;
use crate::output::{Fields, Out};

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
    let mut printer = Printer::new(&lex, &args.show, "pattern", args.patterns.len() != 1);
    let mut out = Out::new(args.show.format);
    let names = field_names("pattern", &args.show);
    let fields = Fields { input: "pattern", names: &names };
    let top = args.show.top.unwrap_or(usize::MAX);
    let mut any = false;
    let errors = input::each(&args.patterns, &mut out, &fields, |text, out| {
        let mut found = Vec::new();
        let mut failed = None;
        let mut n = 0;
        // One word reused for every row: no allocation per word.
        let mut word = Found::plain(&[]);
        // In tile order the words are printed as the fst yields them; other orders collect.
        let mut visit = |w: &[u8]| {
            any = true;
            if order != Sort::Alpha {
                found.push(Found::plain(w));
                return true;
            }
            word.tiles.clear();
            word.tiles.extend_from_slice(w);
            if let Err(e) = printer.print(out, text, &word) {
                failed = Some(e);
                return false;
            }
            n += 1;
            n < top
        };
        if top > 0 {
            if args.regex {
                let re = TileRegex::new(lex.tiles(), text).map_err(input::bad)?;
                query::search(&lex, re, min, max, &mut visit);
            } else {
                let p = Pattern::parse(lex.tiles(), text).map_err(input::bad)?;
                query::search(&lex, p, min, max, &mut visit);
            }
        }
        printer.finish(out)?;
        if let Some(e) = failed {
            return Err(Fault::Stop(e));
        }
        if order != Sort::Alpha {
            printer.print_all(out, text, &mut found, order, args.show.top)?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
