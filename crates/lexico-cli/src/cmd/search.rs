//! `lexico search`: the words that meet every condition given, as a study list — one line per
//! word, the words of one alphagram together, with probability order, hooks, inner hooks,
//! value and a mark for new words. The search itself is the library's (`query::Search`); this
//! module reads the flags and prints the records.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::ValueEnum;
use lexico_answers::record::{study_records, Spelling, StudyRecord, TileList};
use lexico_lexicon::query::{Condition, Search, StudyOrder, Test, TextCondition};
use lexico_lexicon::Lexicon;
use lexico_tiles::quoted;

use crate::lexicons::{open_named, LexiconArg};
use crate::output::{Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// Words of N tiles, or of a range of lengths: 7, 7..8, 7.. (7 or more), ..3 (at most 3).
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub length: Vec<String>,
    /// Words that fit a crossword pattern, as `lexico pattern` reads it (`?` one tile, `*` any
    /// run, `[AEIOU]` a class).
    #[arg(long, value_name = "PATTERN", help_heading = "Conditions")]
    pub pattern: Vec<String>,
    /// Words that a regular expression over tiles matches whole, as `lexico pattern --regex`
    /// reads it.
    #[arg(long, value_name = "REGEX", help_heading = "Conditions")]
    pub regex: Vec<String>,
    /// Anagrams of a rack: words of exactly its tiles (`?` a blank, `[AEIOU]` one tile of a
    /// class, `[^AEIOU]` one outside it, `*` any further tiles).
    #[arg(long, value_name = "RACK", help_heading = "Conditions")]
    pub anagram: Vec<String>,
    /// Words made from some of a rack's tiles (`?` a blank, `[AEIOU]` a class).
    #[arg(long, value_name = "RACK", help_heading = "Conditions")]
    pub sub: Vec<String>,
    /// Words that hold every lettered tile of a rack, and more (at least the rack's length).
    #[arg(long = "super", value_name = "RACK", help_heading = "Conditions")]
    pub super_: Vec<String>,
    /// Words that start with these tiles.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub prefix: Vec<String>,
    /// Words that end with these tiles.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub suffix: Vec<String>,
    /// Words that hold these tiles: `Ñ`, `Q,U`, `A2` (at least two A); a number after a tile
    /// counts it, so write CH, LL, RR by their letters.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub contains: Vec<String>,
    /// Words made only of these tiles, each any number of times.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub only: Vec<String>,
    /// Words with N vowels (A, E, I, O, U), or a range: 0, 4..
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub vowels: Vec<String>,
    /// Words of N distinct tiles, or a range: 7 for sevens with no repeated tile.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub distinct: Vec<String>,
    /// Words of this face value, or a range.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub value: Vec<String>,
    /// Words of this probability order within their length (1: the most probable): ..500 is
    /// the 500 most probable of each length.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub probability_order: Vec<String>,
    /// Words whose anagram group (the words of their alphagram, themselves included) has this
    /// size: 2.. for words with anagrams.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub anagrams: Vec<String>,
    /// Words that this many tiles hook in front of: 1.. for words with a front hook.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub front_hooks: Vec<String>,
    /// Words that this many tiles hook after.
    #[arg(long, value_name = "N..M", help_heading = "Conditions")]
    pub back_hooks: Vec<String>,
    /// Words that take each of these tiles in front: `--front-hook A` lists the words A hooks.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub front_hook: Vec<String>,
    /// Words that take each of these tiles after them.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub back_hook: Vec<String>,
    /// Words that these tiles, in this order, make a word in front of: `--takes-prefix RE`
    /// lists the words that RE- makes words of (HACER: REHACER).
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub takes_prefix: Vec<String>,
    /// Words that these tiles, in this order, make a word after: `--takes-suffix ES`.
    #[arg(long, value_name = "TILES", help_heading = "Conditions")]
    pub takes_suffix: Vec<String>,
    /// Words that LEXICON lacks, each marked new (`+` in text, `new` in CSV and JSON). LEXICON
    /// is named as --lexicon names one (`embedded` is the lexicon embedded in the binary).
    #[arg(long, value_name = "LEXICON", help_heading = "Conditions")]
    pub new_since: Vec<OsString>,
    /// Words that LEXICON has too.
    #[arg(long = "in", value_name = "LEXICON", help_heading = "Conditions")]
    pub in_: Vec<OsString>,
    /// Words that LEXICON lacks (not marked new).
    #[arg(long, value_name = "LEXICON", help_heading = "Conditions")]
    pub not_in: Vec<OsString>,
    /// Words the rules made from a source's entry: plurals, feminines, verb forms.
    #[arg(long, help_heading = "Conditions")]
    pub generated: bool,
    /// Words read as they are from a source: headwords, or the words of a plain list.
    #[arg(long, help_heading = "Conditions")]
    pub listed: bool,

    /// Words of any other length.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_length: Vec<String>,
    /// Words that do not fit the pattern.
    #[arg(long, value_name = "PATTERN", help_heading = "Negated conditions")]
    pub not_pattern: Vec<String>,
    /// Words the regular expression does not match.
    #[arg(long, value_name = "REGEX", help_heading = "Negated conditions")]
    pub not_regex: Vec<String>,
    /// Words that are no anagram of the rack.
    #[arg(long, value_name = "RACK", help_heading = "Negated conditions")]
    pub not_anagram: Vec<String>,
    /// Words not made from the rack's tiles.
    #[arg(long, value_name = "RACK", help_heading = "Negated conditions")]
    pub not_sub: Vec<String>,
    /// Words that lack some lettered tile of the rack.
    #[arg(long, value_name = "RACK", help_heading = "Negated conditions")]
    pub not_super: Vec<String>,
    /// Words that do not start with these tiles.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_prefix: Vec<String>,
    /// Words that do not end with these tiles.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_suffix: Vec<String>,
    /// Words that lack these tiles (`--not-contains Ñ`: no Ñ; `A2`: at most one A).
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_contains: Vec<String>,
    /// Words with some tile outside these.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_only: Vec<String>,
    /// Words with another number of vowels.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_vowels: Vec<String>,
    /// Words with another number of distinct tiles.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_distinct: Vec<String>,
    /// Words of another face value.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_value: Vec<String>,
    /// Words of another probability order.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_probability_order: Vec<String>,
    /// Words whose anagram group has another size: 1 for words with anagrams.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_anagrams: Vec<String>,
    /// Words with another number of front hooks.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_front_hooks: Vec<String>,
    /// Words with another number of back hooks.
    #[arg(long, value_name = "N..M", help_heading = "Negated conditions")]
    pub not_back_hooks: Vec<String>,
    /// Words that some of these tiles do not hook in front of.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_front_hook: Vec<String>,
    /// Words that some of these tiles do not hook after.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_back_hook: Vec<String>,
    /// Words that these tiles in front of them do not make a word of.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_takes_prefix: Vec<String>,
    /// Words that these tiles after them do not make a word of.
    #[arg(long, value_name = "TILES", help_heading = "Negated conditions")]
    pub not_takes_suffix: Vec<String>,
    /// Words that LEXICON has (each marked not new).
    #[arg(long, value_name = "LEXICON", help_heading = "Negated conditions")]
    pub not_new_since: Vec<OsString>,
    /// Words the rules did not make (the same as --listed).
    #[arg(long, help_heading = "Negated conditions")]
    pub not_generated: bool,
    /// Words not read as they are from a source (the same as --generated).
    #[arg(long, help_heading = "Negated conditions")]
    pub not_listed: bool,

    /// The order of the list. Default: study order, by length (shortest first), then by
    /// probability order, the words of one alphagram together; length (longest first), value
    /// (highest first) and probability (most combinations first) break ties in tile order.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub sort: SortArg,
    /// The blanks in the bag that combinations, probability and probability order count: 0,
    /// 1 or 2 (the bag's, the default).
    #[arg(long, value_name = "0|1|2", value_parser = clap::value_parser!(u8).range(0..=2), help_heading = "Output")]
    pub blanks: Option<u8>,
    /// Print only the first N words of the list.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub limit: Option<usize>,
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

impl Args {
    /// The conditions whose value is text, each with its flag's name, what it asks and whether
    /// it is negated.
    fn texts(&self) -> [(&'static str, TextCondition, bool, &[String]); 42] {
        use TextCondition as C;
        [
            ("length", C::Length, false, &self.length),
            ("not-length", C::Length, true, &self.not_length),
            ("pattern", C::Pattern, false, &self.pattern),
            ("not-pattern", C::Pattern, true, &self.not_pattern),
            ("regex", C::Regex, false, &self.regex),
            ("not-regex", C::Regex, true, &self.not_regex),
            ("anagram", C::Anagram, false, &self.anagram),
            ("not-anagram", C::Anagram, true, &self.not_anagram),
            ("sub", C::Sub, false, &self.sub),
            ("not-sub", C::Sub, true, &self.not_sub),
            ("super", C::Super, false, &self.super_),
            ("not-super", C::Super, true, &self.not_super),
            ("prefix", C::Prefix, false, &self.prefix),
            ("not-prefix", C::Prefix, true, &self.not_prefix),
            ("suffix", C::Suffix, false, &self.suffix),
            ("not-suffix", C::Suffix, true, &self.not_suffix),
            ("contains", C::Contains, false, &self.contains),
            ("not-contains", C::Contains, true, &self.not_contains),
            ("only", C::Only, false, &self.only),
            ("not-only", C::Only, true, &self.not_only),
            ("vowels", C::Vowels, false, &self.vowels),
            ("not-vowels", C::Vowels, true, &self.not_vowels),
            ("value", C::Value, false, &self.value),
            ("not-value", C::Value, true, &self.not_value),
            ("probability-order", C::ProbabilityOrder, false, &self.probability_order),
            ("not-probability-order", C::ProbabilityOrder, true, &self.not_probability_order),
            ("anagrams", C::Anagrams, false, &self.anagrams),
            ("not-anagrams", C::Anagrams, true, &self.not_anagrams),
            ("front-hooks", C::FrontHooks, false, &self.front_hooks),
            ("not-front-hooks", C::FrontHooks, true, &self.not_front_hooks),
            ("back-hooks", C::BackHooks, false, &self.back_hooks),
            ("not-back-hooks", C::BackHooks, true, &self.not_back_hooks),
            ("front-hook", C::FrontHook, false, &self.front_hook),
            ("not-front-hook", C::FrontHook, true, &self.not_front_hook),
            ("back-hook", C::BackHook, false, &self.back_hook),
            ("not-back-hook", C::BackHook, true, &self.not_back_hook),
            ("distinct", C::Distinct, false, &self.distinct),
            ("not-distinct", C::Distinct, true, &self.not_distinct),
            ("takes-prefix", C::TakesPrefix, false, &self.takes_prefix),
            ("not-takes-prefix", C::TakesPrefix, true, &self.not_takes_prefix),
            ("takes-suffix", C::TakesSuffix, false, &self.takes_suffix),
            ("not-takes-suffix", C::TakesSuffix, true, &self.not_takes_suffix),
        ]
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let mut conditions = Vec::new();
    for (name, on, negated, values) in args.texts() {
        for text in values {
            let c = Condition::parse(lex.tiles(), on, negated, text)
                .with_context(|| format!("--{name} {}", quoted(text)))?;
            conditions.push(c);
        }
    }
    let flags = [
        (Test::Generated, false, args.generated),
        (Test::Generated, true, args.not_generated),
        (Test::Listed, false, args.listed),
        (Test::Listed, true, args.not_listed),
    ];
    conditions
        .extend(flags.into_iter().filter(|f| f.2).map(|(test, negated, _)| Condition::new(test, negated)));
    // (new since, negated) of each lexicon named.
    let mut others: Vec<(bool, bool, Lexicon)> = Vec::new();
    for (name, new_since, negated, values) in [
        ("new-since", true, false, &args.new_since),
        ("not-new-since", true, true, &args.not_new_since),
        ("in", false, false, &args.in_),
        ("not-in", false, true, &args.not_in),
    ] {
        for value in values {
            let other = open_named(value)
                .with_context(|| format!("--{name} {}", quoted(&value.to_string_lossy())))?;
            others.push((new_since, negated, other));
        }
    }
    for (new_since, negated, other) in &others {
        let test = if *new_since { Test::NewSince(other) } else { Test::In(other) };
        conditions.push(Condition::new(test, *negated));
    }
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
