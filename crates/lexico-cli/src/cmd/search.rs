//! `lexico search`: the words that meet every condition given, as a study list — one line per
//! word, the words of one alphagram together, with probability order, hooks, inner hooks,
//! value and a mark for new words. The search itself is the library's (`query::Search`); this
//! module reads the flags and prints the records.

use std::process::ExitCode;

use anyhow::Result;
use clap::ValueEnum;
use lexico_answers::record::{study_records, Spelling, StudyRecord, TileList};
use lexico_lexicon::query::{Search, StudyOrder};

use crate::conditions::Conditions;
use crate::lexicons::LexiconArg;
use crate::output::{Format, Out};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub conditions: Conditions,

    /// The order of the list. Default: study order, by length (shortest first), then by
    /// probability order, the words of one alphagram together; length (longest first), value
    /// (highest first) and probability (most combinations first) break ties in tile order.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub sort: SortArg,
    /// Print only the first N words of the list.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub limit: Option<usize>,
    /// The blanks in the bag that combinations, probability and probability order count: 0,
    /// 1 or 2 (the bag's, the default).
    #[arg(long, value_name = "0|1|2", value_parser = clap::value_parser!(u8).range(0..=2), help_heading = "Output")]
    pub blanks: Option<u8>,
    /// Spell words and tiles with brackets ([CH]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format. Text: probability order, alphagram (at the first word of each), front
    /// hooks, the word between its inner hooks (`·` where the word without its first or last
    /// tile is valid), back hooks, value, and `+` for a new word, in aligned columns.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// `--sort` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SortArg {
    /// By length, then probability order: the words of one alphagram together.
    #[default]
    Study,
    /// Longest first.
    Length,
    /// Tile order.
    Alpha,
    /// Most combinations first.
    Probability,
    /// Highest face value first.
    Value,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let others = args.conditions.lexicons()?;
    let conditions = args.conditions.conditions(&lex, &others)?;
    let order = match args.sort {
        SortArg::Study => StudyOrder::Study,
        SortArg::Length => StudyOrder::Length,
        SortArg::Alpha => StudyOrder::Alpha,
        SortArg::Probability => StudyOrder::Probability,
        SortArg::Value => StudyOrder::Value,
    };
    let search = Search { conditions, order, limit: args.limit, blanks: args.blanks };
    let list = search.run(&lex)?;
    let spelling = if args.tiles { Spelling::Brackets } else { Spelling::Natural };
    let mut out = Out::new(args.format);
    if args.format == Format::Text {
        let mut columns = Columns::default();
        study_records(&list, spelling, |r| {
            columns.fit(r);
            Ok::<_, std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {});
        let mut last = String::new();
        let mut line = String::new();
        study_records(&list, spelling, |r| {
            columns.line(r, &mut last, &mut line);
            out.row(r, |l| l.push_str(&line))
        })?;
    } else {
        study_records(&list, spelling, |r| out.row(r, |_| ()))?;
    }
    out.flush()?;
    Ok(if list.is_empty() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The widths of the text columns, in characters, and a buffer for the text of one.
#[derive(Default)]
struct Columns {
    order: usize,
    alphagram: usize,
    front: usize,
    word: usize,
    back: usize,
    value: usize,
    scratch: String,
}

/// Appends `n` spaces.
fn pad(line: &mut String, n: usize) {
    line.extend(std::iter::repeat_n(' ', n));
}

/// Appends the tiles of `list` separated by spaces.
fn push_list(line: &mut String, list: &TileList) {
    for (i, t) in list.spelled().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        t.push_to(line);
    }
}

/// The characters `write` appends to `scratch` (emptied first).
fn width(scratch: &mut String, write: impl FnOnce(&mut String)) -> usize {
    scratch.clear();
    write(scratch);
    scratch.chars().count()
}

impl Columns {
    /// Widens the columns to hold `r`.
    fn fit(&mut self, r: &StudyRecord) {
        let digits = |n: u64| n.checked_ilog10().unwrap_or(0) as usize + 1;
        let s = &mut self.scratch;
        self.order = self.order.max(digits(r.probability_order));
        self.alphagram = self.alphagram.max(width(s, |s| r.alphagram.push_to(s)));
        self.front = self.front.max(width(s, |s| push_list(s, &r.front_hooks)));
        self.word = self.word.max(width(s, |s| r.word.push_to(s)));
        self.back = self.back.max(width(s, |s| push_list(s, &r.back_hooks)));
        self.value = self.value.max(digits(r.value as u64));
    }

    /// The text line of `r` into `line`: `last` is the alphagram of the line before, which is
    /// shown only where it changes, so that each alphagram heads its group of words.
    fn line(&mut self, r: &StudyRecord, last: &mut String, line: &mut String) {
        line.clear();
        let mut number = itoa::Buffer::new();
        let order = number.format(r.probability_order);
        pad(line, self.order - order.len());
        line.push_str(order);
        line.push_str("  ");
        let s = &mut self.scratch;
        let n = width(s, |s| r.alphagram.push_to(s));
        if s != last {
            line.push_str(s);
            pad(line, self.alphagram - n);
            std::mem::swap(s, last);
        } else {
            pad(line, self.alphagram);
        }
        line.push_str("  ");
        if self.front > 0 {
            let n = width(s, |s| push_list(s, &r.front_hooks));
            pad(line, self.front - n);
            line.push_str(s);
            line.push(' ');
        }
        line.push(if r.inner_front { '·' } else { ' ' });
        let n = width(s, |s| r.word.push_to(s));
        line.push_str(s);
        line.push(if r.inner_back { '·' } else { ' ' });
        pad(line, self.word - n);
        if self.back > 0 {
            let n = width(s, |s| push_list(s, &r.back_hooks));
            line.push(' ');
            line.push_str(s);
            pad(line, self.back - n);
        }
        line.push_str("  ");
        let value = number.format(r.value);
        pad(line, self.value - value.len());
        line.push_str(value);
        if r.new == Some(true) {
            line.push_str("  +");
        }
    }
}
