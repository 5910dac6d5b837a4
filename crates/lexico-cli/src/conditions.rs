//! The conditions of a word search, as flags: `lexico search` lists the words that meet them
//! and `lexico quiz` and `lexico cardbox add` ask their alphagrams.

use std::ffi::OsString;

use anyhow::{Context, Result};
use lexico_answers::quiz::Question;
use lexico_lexicon::query::{Condition, Search, StudyOrder, Test, TextCondition};
use lexico_lexicon::Lexicon;
use lexico_tiles::quoted;

use crate::i18n::{msg, terminal};
use crate::lexicons::open_named;

/// Another lexicon a condition names: (new since, negated, the lexicon).
pub type Other = (bool, bool, Lexicon);

#[derive(clap::Args)]
pub struct Conditions {
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
    /// Words made only of these tiles, each any number of times; with `:SHARE`, words whose
    /// share of these tiles, in whole percent, is in the range (AEIOU:60..).
    #[arg(long, value_name = "TILES[:SHARE]", help_heading = "Conditions")]
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
    /// Sevens and eights of Zyzzyva's Type I, II or III (1, 2, 3 or I, II, III), with the top
    /// stems computed from the lexicon and the bag (docs/queries.md).
    #[arg(long, value_name = "1|2|3", help_heading = "Conditions")]
    pub bingo_type: Vec<String>,
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
    /// Words outside that Type: every word of another length, too.
    #[arg(long, value_name = "1|2|3", help_heading = "Negated conditions")]
    pub not_bingo_type: Vec<String>,
    /// Words that LEXICON has (each marked not new).
    #[arg(long, value_name = "LEXICON", help_heading = "Negated conditions")]
    pub not_new_since: Vec<OsString>,
    /// Words the rules did not make (the same as --listed).
    #[arg(long, help_heading = "Negated conditions")]
    pub not_generated: bool,
    /// Words not read as they are from a source (the same as --generated).
    #[arg(long, help_heading = "Negated conditions")]
    pub not_listed: bool,
}

impl Conditions {
    /// The conditions whose value is text, each with its flag's name, what it asks and whether
    /// it is negated.
    fn texts(&self) -> [(&'static str, TextCondition, bool, &[String]); 44] {
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
            ("bingo-type", C::BingoType, false, &self.bingo_type),
            ("not-bingo-type", C::BingoType, true, &self.not_bingo_type),
        ]
    }

    /// The questions of the words that meet the conditions in `lex` (`quiz`, `cardbox add`): the
    /// alphagram of each word, once, in the study list's order. No condition is an error: it
    /// would ask every alphagram of the lexicon.
    pub fn questions(&self, lex: &Lexicon) -> Result<Vec<Question>> {
        let others = self.lexicons()?;
        let conditions = self.conditions(lex, &others)?;
        if conditions.is_empty() {
            anyhow::bail!(msg(terminal(), "quiz-no-conditions", &[]));
        }
        let list = Search { conditions, order: StudyOrder::Study, limit: None, blanks: None }.run(lex)?;
        Ok(lexico_answers::quiz::questions(lex, &list)?)
    }

    /// The lexicons the conditions name (`--new-since`, `--in`, their negations), opened.
    pub fn lexicons(&self) -> Result<Vec<Other>> {
        let mut others = Vec::new();
        for (name, new_since, negated, values) in [
            ("new-since", true, false, &self.new_since),
            ("not-new-since", true, true, &self.not_new_since),
            ("in", false, false, &self.in_),
            ("not-in", false, true, &self.not_in),
        ] {
            for value in values {
                let other = open_named(value)
                    .with_context(|| format!("--{name} {}", quoted(&value.to_string_lossy())))?;
                others.push((new_since, negated, other));
            }
        }
        Ok(others)
    }

    /// The conditions, read for `lex`, with the lexicons [`Conditions::lexicons`] opened.
    pub fn conditions<'l>(&self, lex: &Lexicon, others: &'l [Other]) -> Result<Vec<Condition<'l>>> {
        let mut conditions = Vec::new();
        for (name, on, negated, values) in self.texts() {
            for text in values {
                let c = Condition::parse(lex.tiles(), on, negated, text)
                    .with_context(|| format!("--{name} {}", quoted(text)))?;
                conditions.push(c);
            }
        }
        let flags = [
            (Test::Generated, false, self.generated),
            (Test::Generated, true, self.not_generated),
            (Test::Listed, false, self.listed),
            (Test::Listed, true, self.not_listed),
        ];
        conditions.extend(
            flags.into_iter().filter(|f| f.2).map(|(test, negated, _)| Condition::new(test, negated)),
        );
        for (new_since, negated, other) in others {
            let test = if *new_since { Test::NewSince(other) } else { Test::In(other) };
            conditions.push(Condition::new(test, *negated));
        }
        Ok(conditions)
    }
}
