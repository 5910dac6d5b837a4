//! `lexico anagram`: the words a rack makes, exactly, from a subset, or with tiles added.
//!
//! Each rack's words are one group of rows; with several racks every row starts with its rack as
//! typed. A bad rack (a character that is no tile, too many blanks) gets one error row in place of
//! its group, and the racks after it are answered all the same.

use std::process::ExitCode;

use anyhow::{bail, Result};
use lexico_answers::record::rack_words;
use lexico_lexicon::query::{AnagramQuery, Mode, Sort};

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::words::{Show, SortArg, WordRows};
use crate::output::Out;

#[derive(clap::Args)]
pub struct Args {
    /// Racks: tiles in any notation, `?` for a blank (at most 2); tiles separated by spaces or
    /// commas are read one by one (`C H A O` is four tiles, `CHAO` three). `[AEIOU]` is one tile
    /// of a class, `[^AEIOU]` one outside it, and, for exact anagrams, `*` any further tiles, as
    /// in `lexico search --anagram`. With none, one rack per line from standard input.
    pub racks: Vec<std::ffi::OsString>,
    /// Every word made from some of the rack's tiles (lengths: --min, default 1; --max, default
    /// the rack's length).
    #[arg(long, help_heading = "Query", conflicts_with = "super_")]
    pub sub: bool,
    /// Every word made from all the rack's tiles plus any others (lengths: --min, default the
    /// rack's length; --max, default 15, the board's width). A blank only adds to the length.
    #[arg(long = "super", help_heading = "Query")]
    pub super_: bool,
    /// Shortest word, in tiles (with --sub or --super).
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub min: Option<usize>,
    /// Longest word, in tiles (with --sub or --super).
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub max: Option<usize>,
    #[command(flatten)]
    pub show: Show,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = match (args.sub, args.super_) {
        (true, _) => Mode::Sub,
        (_, true) => Mode::Super,
        _ => Mode::Exact,
    };
    if mode == Mode::Exact && (args.min.is_some() || args.max.is_some()) {
        bail!("--min and --max need --sub or --super (an exact anagram uses the whole rack)");
    }
    let lex = args.lexicon.open()?;
    let order = args.show.sort.map_or(Sort::Length, SortArg::sort);
    let q = AnagramQuery { mode, min: args.min, max: args.max };
    let mut records = args.show.records(&lex);
    let rows = WordRows::new("rack", &args.show, args.racks.len() != 1);
    let top = args.show.top.unwrap_or(usize::MAX);
    let mut out = Out::new(args.show.format);
    let mut any = false;
    let errors = input::each(&args.racks, &mut out, &rows.fields(), |text, out| {
        let words = rack_words(&lex, text, &q, order, &records).map_err(input::bad)?;
        any |= !words.is_empty();
        Ok(words.records(&mut records, top, |r| rows.write(out, text, r))?)
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
