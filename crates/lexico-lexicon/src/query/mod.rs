//! Word-study queries over a lexicon's word store: anagrams of a rack (exact, sub, super, with
//! blanks), crossword patterns and regular expressions over tiles, hooks, draw probability, and
//! word study: searches of composable conditions that give study lists ([`Search`]).
//!
//! Every query walks the fst itself, pruned by what it looks for, so its cost follows the size of
//! the answer and of the prefixes that lead to it, never the size of the lexicon. Queries return
//! [`Found`] words; sorting and limits are here too, printing is the caller's.

mod anagram;
mod bingo;
mod hooks;
mod keys;
mod pattern;
mod probability;
mod rack_pattern;
mod regex;
pub mod study;

pub use anagram::{
    anagram, anagram_keys, anagram_keys_with_combinations, AnagramQuery, Mode, MAX_RACK, SUPER_MAX,
};
pub use bingo::{bingo_sets, BingoSets, BingoType, Stem, TOP_STEMS};
pub use hooks::{hooks, Hooks};
pub use keys::{AnagramKeys, Marks, Word, KEY_TILES};
pub use pattern::{search, Bounded, Pattern, MAX_PATTERN, MAX_PATTERN_TEXT};
pub use probability::{Bag, Draws, Orders, PrefixDraws, Ranks};
pub use rack_pattern::{anagram_pattern, RackPattern};
pub use regex::{TileRegex, REGEX_SIZE_LIMIT};
pub use study::{Condition, Row, Search, Span, StudyError, StudyList, StudyOrder, Test, TextCondition};

use lexico_tiles::{Tile, TileSet};

/// The longest word a query reports, in tiles: positions played by blanks are kept in a `u64`.
pub const MAX_WORD: usize = 64;

/// A word found by a query, with the positions played by blanks.
///
/// ```
/// use lexico_lexicon::query::{anagram, AnagramQuery};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "CAS?")?;
/// let found = anagram(&lex, &rack, &AnagramQuery::default())?;
/// assert_eq!(found[0].spell(lex.tiles()), "CASa"); // the blank in lower case
/// assert!(found[0].is_blank(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Found {
    /// The word's tiles, in order.
    pub tiles: Vec<Tile>,
    /// Bit `i` is set if and only if tile `i` is played by a blank.
    pub blanks: u64,
}

impl Found {
    /// A word with no blank.
    pub fn plain(tiles: &[Tile]) -> Found {
        Found { tiles: tiles.to_vec(), blanks: 0 }
    }

    /// Returns true if and only if tile `i` is played by a blank.
    pub fn is_blank(&self, i: usize) -> bool {
        i < 64 && self.blanks >> i & 1 == 1
    }

    /// The face value: the sum of the values of the tiles not played by a blank.
    pub fn value(&self, set: &TileSet) -> u32 {
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(i, _)| !self.is_blank(i))
            .map(|(_, &t)| set.get(t).map_or(0, |d| d.value as u32))
            .sum()
    }

    /// The natural spelling in capitals, with tiles played by a blank in lower case (`cHURRO`,
    /// `chURRO`).
    pub fn spell(&self, set: &TileSet) -> String {
        let mut s = String::with_capacity(self.tiles.len() + 2);
        self.spell_into(set, false, &mut s);
        s
    }

    /// The bracket spelling (`[ch]U[RR]O`), blanks in lower case.
    pub fn spell_tiles(&self, set: &TileSet) -> String {
        let mut s = String::with_capacity(self.tiles.len() * 4);
        self.spell_into(set, true, &mut s);
        s
    }

    /// Appends the natural spelling, or with `brackets` the bracket spelling, to `s`.
    pub fn spell_into(&self, set: &TileSet, brackets: bool, s: &mut String) {
        for (i, &t) in self.tiles.iter().enumerate() {
            if brackets {
                s.push('[');
            }
            let name = set.name(t);
            if !self.is_blank(i) {
                s.push_str(name);
            } else {
                s.extend(name.chars().flat_map(char::to_lowercase));
            }
            if brackets {
                s.push(']');
            }
        }
    }
}

/// The order of a query's answer. Ties are always broken by tile order, so output is stable.
///
/// ```
/// use lexico_lexicon::query::{anagram, sort, AnagramQuery, Bag, Mode, Sort};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "sal", "las"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "SAL")?;
/// let mut found = anagram(&lex, &rack, &AnagramQuery { mode: Mode::Sub, ..AnagramQuery::default() })?;
/// sort(&mut found, Sort::Alpha, lex.tiles(), &Bag::of(lex.tiles()));
/// let words: Vec<String> = found.iter().map(|f| f.spell(lex.tiles())).collect();
/// assert_eq!(words, ["AS", "LAS", "SAL"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// Longest first.
    #[default]
    Length,
    /// Highest face value first.
    Value,
    /// Tile order (the Spanish alphabet: CH after C, LL after L, Ñ after N, RR after R).
    Alpha,
    /// Most probable draw first (most combinations; see [`Bag::combinations`]).
    Probability,
}

/// A name that names none of an enum's values: what it should have been, the name, and the
/// names it can be.
///
/// ```
/// use lexico_lexicon::query::{Mode, Sort};
///
/// assert_eq!("probability".parse::<Sort>()?, Sort::Probability);
/// let e = "fast".parse::<Sort>().unwrap_err();
/// assert_eq!(e.to_string(), "sort must be 'length', 'value', 'alpha' or 'probability', not 'fast'");
/// assert_eq!("sub".parse::<Mode>()?, Mode::Sub);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} must be {}, not '{name}'", names(expected))]
pub struct UnknownName {
    /// What the name was for (`sort`, `mode`).
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names it can be.
    pub expected: &'static [&'static str],
}

/// `'a', 'b' or 'c'`.
fn names(expected: &[&str]) -> String {
    let quoted: Vec<String> = expected.iter().map(|n| format!("'{n}'")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The value of an enum named `name` among `values` (each with its name), or the error that
/// says which names there are.
pub(crate) fn by_name<T: Copy>(
    what: &'static str,
    name: &str,
    values: &[T],
    expected: &'static [&'static str],
) -> Result<T, UnknownName> {
    match expected.iter().position(|n| *n == name) {
        Some(i) => Ok(values[i]),
        None => Err(UnknownName { what, name: name.to_string(), expected }),
    }
}

impl Sort {
    /// Every order, in the order of [`Sort::NAMES`].
    pub const ALL: [Sort; 4] = [Sort::Length, Sort::Value, Sort::Alpha, Sort::Probability];
    /// The names of the orders: `length`, `value`, `alpha`, `probability`.
    pub const NAMES: &'static [&'static str] = &["length", "value", "alpha", "probability"];
}

impl std::str::FromStr for Sort {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Sort, UnknownName> {
        by_name("sort", name, &Sort::ALL, Sort::NAMES)
    }
}

/// Sorts found words in `order` (stable; ties in tile order, then fewer blanks first).
pub fn sort(found: &mut [Found], order: Sort, set: &TileSet, bag: &Bag) {
    found.sort_by(|a, b| a.tiles.cmp(&b.tiles).then(a.blanks.cmp(&b.blanks)));
    match order {
        Sort::Alpha => {}
        Sort::Length => found.sort_by_key(|f| std::cmp::Reverse(f.tiles.len())),
        Sort::Value => found.sort_by_cached_key(|f| std::cmp::Reverse(f.value(set))),
        Sort::Probability => found.sort_by_cached_key(|f| std::cmp::Reverse(bag.combinations(&f.tiles))),
    }
}

/// What is wrong with a crossword pattern ([`QueryError::Pattern`]), as typed values that a
/// program can say in its own language; `Display` says it in English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternProblem {
    /// A `[` with no `]` after it.
    #[error("'[' has no closing ']'")]
    Unclosed,
    /// A `]` with no `[` before it.
    #[error("']' without its '['")]
    Unopened,
    /// `[]`.
    #[error("an empty class")]
    EmptyClass,
    /// `[A?]`.
    #[error("'?' inside a class (a class lists tiles)")]
    BlankInClass,
    /// Nothing to search for.
    #[error("an empty pattern")]
    Empty,
    /// A character that is no tile and no notation of one (shown as [`lexico_tiles::shown`]
    /// shows it).
    #[error("{} is not a tile", lexico_tiles::shown(.0))]
    NotATile(String),
    /// A letter the set has no tile for (K, W).
    #[error("{} has no tile and a blank cannot stand for it", lexico_tiles::shown(.0))]
    NoTile(String),
    /// Brackets around something that is not a tile.
    #[error("'{0}' is not a bracketed tile")]
    NotBracketed(String),
    /// Nothing where tiles were expected.
    #[error("no tiles")]
    NoTiles,
}

/// Why a query cannot run.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let bad = lexico_lexicon::query::Pattern::parse(lex.tiles(), "CA[SA");
/// assert!(bad.is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// More blanks in a rack than the bag holds.
    #[error("{got} blanks, but the bag holds only {max}")]
    Blanks {
        /// Blanks in the rack.
        got: usize,
        /// The most a query takes.
        max: usize,
    },
    /// A rack longer than [`MAX_RACK`].
    #[error("{got} tiles, but a rack may hold at most {max}")]
    RackTooLong {
        /// Tiles in the rack.
        got: usize,
        /// The most a query takes.
        max: usize,
    },
    /// Lengths that no word can have.
    #[error("no word can be {min} to {max} tiles long")]
    Lengths {
        /// The shortest length asked for.
        min: usize,
        /// The longest.
        max: usize,
    },
    /// A malformed crossword pattern, or a character of a pattern or regular expression that is
    /// no tile, as a typed [`PatternProblem`]; `column` is 1-based, in characters.
    #[error("column {column}: {problem}")]
    Pattern {
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        problem: PatternProblem,
    },
    /// A malformed regular expression (as its parser says it); `column` is 1-based, in
    /// characters.
    #[error("column {column}: {message}")]
    Syntax {
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A pattern or regular expression too large to run.
    #[error("{0}")]
    TooLarge(String),
}
