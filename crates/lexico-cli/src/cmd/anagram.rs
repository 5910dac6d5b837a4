//! `lexico anagram`: the words a rack makes, exactly, from a subset, or with tiles added.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use lexico_lexicon::query::{self, AnagramQuery, Bag, Found, Mode, Ranks, Sort};
use lexico_lexicon::Lexicon;
use lexico_tiles::Rack;

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Racks: tiles in any notation, `?` for a blank (at most 2); tiles separated by spaces or
    /// commas are read one by one (`C H A O` is four tiles, `CHAO` three). With none, one rack
    /// per line from standard input.
    pub racks: Vec<String>,
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

/// Sorting, limits and format, shared by `anagram` and `pattern`.
#[derive(clap::Args)]
pub struct Show {
    /// Order of the words of each query; ties in tile order (CH after C, LL after L, Ñ after N,
    /// RR after R). Default: length for anagram, alpha for pattern. `probability` adds each
    /// word's probability rank within its length (it reads the whole lexicon once).
    #[arg(long, value_enum, help_heading = "Output")]
    pub sort: Option<SortArg>,
    /// Print only the first N words of each query.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub top: Option<usize>,
    /// Spell words with bracketed tiles ([ch]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format; csv and json add length, blanks, combinations and probability.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
}

/// `--sort` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SortArg {
    /// Longest first.
    Length,
    /// Highest face value first (blanks score 0).
    Value,
    /// Tile order.
    Alpha,
    /// Most probable draw from a full bag first.
    Probability,
}

impl SortArg {
    pub fn sort(self) -> Sort {
        match self {
            SortArg::Length => Sort::Length,
            SortArg::Value => Sort::Value,
            SortArg::Alpha => Sort::Alpha,
            SortArg::Probability => Sort::Probability,
        }
    }
}

/// Prints found words: one record each, with the query they answer when there are several.
pub struct Printer<'l> {
    lex: &'l Lexicon,
    bag: Bag,
    ranks: Option<Ranks>,
    pub out: Out,
    tiles: bool,
    /// Name of the query field (`rack`, `pattern`) and whether text lines show it.
    key: &'static str,
    show_key: bool,
    line: String,
}

impl<'l> Printer<'l> {
    pub fn new(lex: &'l Lexicon, show: &Show, key: &'static str, show_key: bool) -> Printer<'l> {
        Printer {
            lex,
            bag: Bag::of(lex.tiles()),
            ranks: None,
            out: Out::new(show.format),
            tiles: show.tiles,
            key,
            show_key,
            line: String::new(),
        }
    }

    /// Sorts `found` in `order`, keeps the first `top`, and prints them.
    pub fn print_all(
        &mut self,
        query: &str,
        found: &mut [Found],
        order: Sort,
        top: Option<usize>,
    ) -> Result<()> {
        query::sort(found, order, self.lex.tiles(), &self.bag);
        if order == Sort::Probability && self.ranks.is_none() {
            self.ranks = Some(Ranks::compute(self.lex, &self.bag));
        }
        let n = top.unwrap_or(usize::MAX).min(found.len());
        for f in &found[..n] {
            self.print(query, f)?;
        }
        Ok(())
    }

    /// Prints one word.
    pub fn print(&mut self, query: &str, f: &Found) -> Result<()> {
        let set = self.lex.tiles();
        let value = f.value(set);
        if self.out.format() == Format::Text {
            // One line built in a reused buffer: no allocation per word.
            use std::fmt::Write as _;
            self.line.clear();
            if self.show_key {
                self.line.push_str(query);
                self.line.push('\t');
            }
            f.spell_into(set, self.tiles, &mut self.line);
            let _ = write!(self.line, "\t{value}");
            if let Some(r) = &self.ranks {
                let rank = r.rank(f.tiles.len(), self.bag.combinations(&f.tiles));
                let _ = write!(self.line, "\t{rank}");
            }
            self.line.push('\n');
            self.out.raw().write_all(self.line.as_bytes())?;
            return Ok(());
        }
        let word = if self.tiles { f.spell_tiles(set) } else { f.spell(set) };
        let combos = self.bag.combinations(&f.tiles);
        let mut fields = vec![
            (self.key, Value::Str(query)),
            ("word", Value::Str(&word)),
            ("length", Value::Int(f.tiles.len() as u64)),
            ("value", Value::Int(value as u64)),
            ("blanks", Value::Int(f.blanks.count_ones() as u64)),
            ("combinations", Value::Int(combos)),
            ("probability", Value::Float(self.bag.probability(&f.tiles))),
        ];
        if let Some(r) = &self.ranks {
            fields.push(("rank", Value::Int(r.rank(f.tiles.len(), combos))));
        }
        self.out.record("", &fields)?;
        Ok(())
    }
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
    let mut printer = Printer::new(&lex, &args.show, "rack", args.racks.len() != 1);
    let mut any = false;
    input::each(&args.racks, |text, place| {
        let rack = Rack::parse(lex.tiles(), text).with_context(|| format!("{place}: '{text}'"))?;
        let mut found = query::anagram(&lex, &rack, &q).with_context(|| format!("{place}: '{text}'"))?;
        any |= !found.is_empty();
        printer.print_all(text, &mut found, order, args.show.top)
    })?;
    printer.out.flush()?;
    Ok(if any { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
