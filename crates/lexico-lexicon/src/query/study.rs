//! Word study: every word of a lexicon that meets a list of conditions ([`Search`]), with what a
//! study list shows of each — probability order, hooks, inner hooks, the size of its anagram
//! group, and whether it is new since another edition ([`StudyList`], one [`Row`] a word).
//!
//! A search reads the word store once, in tile order, and tests each word against every
//! condition that a word decides alone, cheapest first (length, prefix and suffix, counts of
//! tiles, anagrams of a rack, patterns, provenance, membership in another lexicon); it never
//! builds one list per condition to intersect them. The same walk gathers what the rest needs:
//! the combinations of every word of the lengths searched (a word's probability order is its
//! place among all the words of its length), and the words one tile longer and one tile
//! shorter (hooks and inner hooks). Conditions on those (probability order, anagram-group size,
//! hook counts) are tested on the words that met the others, once the walk is over.
//!
//! **Probability order** ranks the words of each length by their draw probability from the full
//! bag ([`Bag::combinations`]), most probable first, 1 to n: words of equal probability are
//! ordered by alphagram (their tiles in tile order), then by the word itself, as Zyzzyva orders
//! them; so a word's anagrams are ranked next to it.
//!
//! ```
//! use lexico_lexicon::query::{Condition, Search, TextCondition};
//!
//! let lex = lexico_lexicon::Lexicon::from_words(["as", "sal", "las", "mas", "asa", "alas", "masa"])?;
//! let set = lex.tiles();
//! let search = Search {
//!     conditions: vec![
//!         Condition::parse(set, TextCondition::Length, false, "3")?,
//!         Condition::parse(set, TextCondition::Contains, false, "S")?,
//!     ],
//!     ..Search::default()
//! };
//! let mut rows = Vec::new();
//! search.run(&lex)?.each(|r| {
//!     let (front, word, back) = (set.spell(r.front), set.spell(r.word), set.spell(r.back));
//!     rows.push(format!("{} [{front}] {word} [{back}] {}", r.order, r.anagrams));
//!     Ok::<_, ()>(())
//! }).unwrap();
//! // LAS and SAL, anagrams, are ranked together: ASA has more draws, MAS fewer.
//! assert_eq!(rows, ["1 [M] ASA [] 1", "2 [A] LAS [] 2", "3 [] SAL [] 2", "4 [] MAS [A] 1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use fst::automaton::AlwaysMatch;
use fst::{Automaton, IntoStreamer, Streamer};
use lexico_tiles::{Rack, Tile, TileSet};

use super::pattern::tile_error;
use super::{Bag, BingoSets, BingoType, Bounded, Pattern, PrefixDraws, QueryError, RackPattern, TileRegex};
use crate::provenance::slot_of;
use crate::{Checker, FormKind, Lexicon, LexiconError, MAX_WORD_TILES};

/// A count or an inclusive range of counts: `7`, `7..8`, `7..` (7 or more), `..8` (at most 8).
///
/// ```
/// use lexico_lexicon::query::Span;
///
/// let span: Span = "7..8".parse()?;
/// assert!(span.contains(7) && span.contains(8) && !span.contains(9));
/// assert_eq!("..500".parse::<Span>()?, Span { min: 0, max: 500 });
/// assert!("8..7".parse::<Span>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The least count.
    pub min: u64,
    /// The greatest count.
    pub max: u64,
}

impl Span {
    /// Returns true if and only if `n` is in the span.
    pub fn contains(self, n: u64) -> bool {
        self.min <= n && n <= self.max
    }

    /// The span as lengths in tiles, capped at what a `usize` holds.
    fn lengths(self) -> (usize, usize) {
        let cap = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        (cap(self.min), cap(self.max))
    }
}

impl FromStr for Span {
    type Err = StudyError;

    fn from_str(text: &str) -> Result<Span, StudyError> {
        let bad = || StudyError::Span(text.to_string());
        let number = |s: &str| -> Result<u64, StudyError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        let t = text.trim();
        let span = match t.split_once("..") {
            None => {
                let n = number(t)?;
                Span { min: n, max: n }
            }
            Some(("", "")) => return Err(bad()),
            Some(("", max)) => Span { min: 0, max: number(max)? },
            Some((min, "")) => Span { min: number(min)?, max: u64::MAX },
            Some((min, max)) => Span { min: number(min)?, max: number(max)? },
        };
        if span.min > span.max {
            return Err(StudyError::EmptySpan { min: span.min, max: span.max });
        }
        Ok(span)
    }
}

/// What a condition asks of a word.
#[derive(Clone)]
pub enum Test<'l> {
    /// Its number of tiles.
    Length(Span),
    /// It fits a crossword pattern.
    Pattern(Pattern),
    /// It matches a regular expression over tiles.
    Regex(Box<TileRegex>),
    /// It uses exactly the rack's tiles, blanks standing for any tile, a class for one of its
    /// tiles, and, if the rack has a `*`, any further tiles.
    Anagram(RackPattern),
    /// It uses some of the rack's tiles.
    Sub(RackPattern),
    /// It uses every lettered tile and class of the rack, and is at least as long as the rack.
    Super(RackPattern),
    /// It starts with these tiles.
    Prefix(Vec<Tile>),
    /// It ends with these tiles.
    Suffix(Vec<Tile>),
    /// It holds at least so many copies of each tile (`(tile, copies)`).
    Contains(Vec<(Tile, u8)>),
    /// The share of its tiles that are among these, in whole percent rounded down, is in the
    /// span (Zyzzyva's "consist of"): `100` (the default) is made of these tiles only.
    Only(Vec<Tile>, Span),
    /// Its number of vowels (A, E, I, O, U).
    Vowels(Span),
    /// Its number of distinct tiles.
    Distinct(Span),
    /// Its face value.
    Value(Span),
    /// Its probability order within its length (1: most probable).
    ProbabilityOrder(Span),
    /// The size of its anagram group, itself included.
    Anagrams(Span),
    /// How many tiles hook in front of it.
    FrontHooks(Span),
    /// How many tiles hook after it.
    BackHooks(Span),
    /// Each of these tiles hooks in front of it.
    FrontHook(Vec<Tile>),
    /// Each of these tiles hooks after it.
    BackHook(Vec<Tile>),
    /// These tiles, in this order, make a word in front of it.
    TakesPrefix(Vec<Tile>),
    /// These tiles, in this order, make a word after it.
    TakesSuffix(Vec<Tile>),
    /// It belongs to one of Zyzzyva's sets of sevens and eights ([`BingoSets`]).
    BingoType(BingoType),
    /// The other lexicon lacks it: the word is new since that edition, and its records say so.
    NewSince(&'l Lexicon),
    /// The other lexicon has it.
    In(&'l Lexicon),
    /// The rules made it: a plural, a feminine, a verb form.
    Generated,
    /// It was read as it is from a source: a headword, or a word of a plain list.
    Listed,
}

/// A condition of a search: a test, or its negation.
#[derive(Clone)]
pub struct Condition<'l> {
    /// What is asked of a word.
    pub test: Test<'l>,
    /// Whether the word must fail the test instead.
    pub negated: bool,
}

/// The conditions whose value is text ([`Condition::parse`]), each a [`Test`] of the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextCondition {
    /// [`Test::Length`].
    Length,
    /// [`Test::Pattern`].
    Pattern,
    /// [`Test::Regex`].
    Regex,
    /// [`Test::Anagram`].
    Anagram,
    /// [`Test::Sub`].
    Sub,
    /// [`Test::Super`].
    Super,
    /// [`Test::Prefix`].
    Prefix,
    /// [`Test::Suffix`].
    Suffix,
    /// [`Test::Contains`].
    Contains,
    /// [`Test::Only`].
    Only,
    /// [`Test::Vowels`].
    Vowels,
    /// [`Test::Value`].
    Value,
    /// [`Test::ProbabilityOrder`].
    ProbabilityOrder,
    /// [`Test::Anagrams`].
    Anagrams,
    /// [`Test::FrontHooks`].
    FrontHooks,
    /// [`Test::BackHooks`].
    BackHooks,
    /// [`Test::FrontHook`].
    FrontHook,
    /// [`Test::BackHook`].
    BackHook,
    /// [`Test::Distinct`].
    Distinct,
    /// [`Test::TakesPrefix`].
    TakesPrefix,
    /// [`Test::TakesSuffix`].
    TakesSuffix,
    /// [`Test::BingoType`].
    BingoType,
}

impl TextCondition {
    /// Every condition whose value is text, in the order of [`TextCondition::NAMES`].
    pub const ALL: [TextCondition; 22] = {
        use TextCondition as C;
        [
            C::Length,
            C::Pattern,
            C::Regex,
            C::Anagram,
            C::Sub,
            C::Super,
            C::Prefix,
            C::Suffix,
            C::Contains,
            C::Only,
            C::Vowels,
            C::Value,
            C::ProbabilityOrder,
            C::Anagrams,
            C::FrontHooks,
            C::BackHooks,
            C::FrontHook,
            C::BackHook,
            C::Distinct,
            C::TakesPrefix,
            C::TakesSuffix,
            C::BingoType,
        ]
    };

    /// Their names, the `lexico search` flags of the same names (each also with `not-` in
    /// front, negated).
    pub const NAMES: &'static [&'static str] = &[
        "length",
        "pattern",
        "regex",
        "anagram",
        "sub",
        "super",
        "prefix",
        "suffix",
        "contains",
        "only",
        "vowels",
        "value",
        "probability-order",
        "anagrams",
        "front-hooks",
        "back-hooks",
        "front-hook",
        "back-hook",
        "distinct",
        "takes-prefix",
        "takes-suffix",
        "bingo-type",
    ];
}

impl std::str::FromStr for TextCondition {
    type Err = super::UnknownName;

    fn from_str(name: &str) -> Result<TextCondition, super::UnknownName> {
        super::by_name("a condition", name, &TextCondition::ALL, TextCondition::NAMES)
    }
}

impl std::str::FromStr for StudyOrder {
    type Err = super::UnknownName;

    /// `study`, `length`, `alpha`, `probability` or `value`.
    fn from_str(name: &str) -> Result<StudyOrder, super::UnknownName> {
        use StudyOrder as O;
        let names = &["study", "length", "alpha", "probability", "value"];
        super::by_name("sort", name, &[O::Study, O::Length, O::Alpha, O::Probability, O::Value], names)
    }
}

impl<'l> Condition<'l> {
    /// The condition `on` whose value is `text`, read in the tiles of `set`, negated if
    /// `negated`: a count or range of counts ([`Span`]) for `Length`, `Vowels`, `Distinct`,
    /// `Value`, `ProbabilityOrder`, `Anagrams`, `FrontHooks`, `BackHooks`; a pattern, a regular
    /// expression, a rack ([`RackPattern`]: blanks `?`, classes `[AEIOU]` and, for `Anagram`,
    /// `*`) or tiles for the others. In `Contains`, a number
    /// after a tile counts it (`A2`: at least two A; `Q,U`: a Q and a U), so CH, LL and RR are
    /// written by their letters there.
    ///
    /// ```
    /// use lexico_lexicon::query::{Condition, Test, TextCondition};
    ///
    /// let set = lexico_lexicon::fise_2016_tiles();
    /// let c = Condition::parse(&set, TextCondition::Contains, true, "A2CH")?;
    /// assert!(c.negated);
    /// let Test::Contains(counts) = c.test else { panic!() };
    /// assert_eq!(counts, [(set.tile_named("A").unwrap(), 2), (set.tile_named("CH").unwrap(), 1)]);
    /// assert!(Condition::parse(&set, TextCondition::Contains, false, "A0").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(
        set: &TileSet,
        on: TextCondition,
        negated: bool,
        text: &str,
    ) -> Result<Condition<'static>, StudyError> {
        use TextCondition as C;
        let test = match on {
            C::Length => Test::Length(text.parse()?),
            C::Pattern => Test::Pattern(Pattern::parse(set, text)?),
            C::Regex => Test::Regex(Box::new(TileRegex::new(set, text)?)),
            C::Anagram => Test::Anagram(RackPattern::parse(set, text)?),
            C::Sub => Test::Sub(rack(set, text)?),
            C::Super => Test::Super(rack(set, text)?),
            C::Prefix => Test::Prefix(set.parse_word(text).map_err(|e| tile_error(e, 0))?),
            C::Suffix => Test::Suffix(set.parse_word(text).map_err(|e| tile_error(e, 0))?),
            C::Contains => Test::Contains(counted_tiles(set, text)?),
            C::Only => match text.rsplit_once(':') {
                Some((tiles, share)) => Test::Only(tile_list(set, tiles)?, share.parse()?),
                None => Test::Only(tile_list(set, text)?, Span { min: 100, max: 100 }),
            },
            C::Vowels => Test::Vowels(text.parse()?),
            C::Value => Test::Value(text.parse()?),
            C::ProbabilityOrder => Test::ProbabilityOrder(text.parse()?),
            C::Anagrams => Test::Anagrams(text.parse()?),
            C::FrontHooks => Test::FrontHooks(text.parse()?),
            C::BackHooks => Test::BackHooks(text.parse()?),
            C::FrontHook => Test::FrontHook(tile_list(set, text)?),
            C::BackHook => Test::BackHook(tile_list(set, text)?),
            C::Distinct => Test::Distinct(text.parse()?),
            C::TakesPrefix => Test::TakesPrefix(set.parse_word(text).map_err(|e| tile_error(e, 0))?),
            C::TakesSuffix => Test::TakesSuffix(set.parse_word(text).map_err(|e| tile_error(e, 0))?),
            C::BingoType => {
                Test::BingoType(text.parse().map_err(|_| StudyError::BingoType(text.to_string()))?)
            }
        };
        Ok(Condition { test, negated })
    }

    /// The condition `test`, negated if `negated`.
    pub fn new(test: Test<'l>, negated: bool) -> Condition<'l> {
        Condition { test, negated }
    }
}

/// The rack of a sub- or super-anagram condition: no `*`, which only an exact anagram takes (a
/// sub-anagram has no further tiles, a super-anagram always may).
fn rack(set: &TileSet, text: &str) -> Result<RackPattern, StudyError> {
    let rack = RackPattern::parse(set, text)?;
    if rack.star {
        return Err(StudyError::Star);
    }
    Ok(rack)
}

/// Tiles as a rack lists them (`C H` two tiles, `CH` one), without blanks: each tile once, in
/// tile order.
fn tile_list(set: &TileSet, text: &str) -> Result<Vec<Tile>, StudyError> {
    let rack = Rack::parse(set, text).map_err(|e| tile_error(e, 0))?;
    if rack.blanks > 0 {
        return Err(StudyError::Blank);
    }
    let mut tiles = rack.tiles();
    tiles.dedup();
    Ok(tiles)
}

/// Tiles with counts (`A2CH`, `Q,U`): pieces separated by spaces or commas, each tiles in any
/// notation but digits, a number after a tile counting it. Each tile once, in tile order, with
/// its copies (at most 255).
fn counted_tiles(set: &TileSet, text: &str) -> Result<Vec<(Tile, u8)>, StudyError> {
    let chars: Vec<char> = text.chars().collect();
    let mut copies = [0u32; 256];
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' || chars[i] == ',' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_ascii_digit() && chars[i] != ' ' && chars[i] != ',' {
            i += 1;
        }
        let digits = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let count = match digits < i {
            false => 1,
            true => {
                let number: String = chars[digits..i].iter().collect();
                match number.parse::<u8>() {
                    Ok(n) if n > 0 && start < digits => n,
                    _ => return Err(StudyError::Count { column: digits + 1 }),
                }
            }
        };
        let piece: String = chars[start..digits].iter().collect();
        let tiles = set.parse_word(&piece).map_err(|e| tile_error(e, start))?;
        let (last, rest) = tiles.split_last().expect("a parsed word has a tile");
        for &t in rest {
            copies[t as usize] += 1;
        }
        copies[*last as usize] += u32::from(count);
    }
    let counted: Vec<(Tile, u8)> = (0..=255u8)
        .filter(|&t| copies[t as usize] > 0)
        .map(|t| (t, copies[t as usize].min(255) as u8))
        .collect();
    if counted.is_empty() {
        return Err(QueryError::Pattern { column: 1, problem: super::PatternProblem::NoTiles }.into());
    }
    Ok(counted)
}

/// Why a search cannot run.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// A malformed pattern, regular expression, rack or list of tiles.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// Text that is no count or range of counts.
    #[error("'{0}' is not a count or a range of counts (7, 7..8, 7.., ..8)")]
    Span(String),
    /// A range whose first count is larger than its second.
    #[error("{min}..{max} is empty: the first count is larger than the second")]
    EmptySpan {
        /// The first count.
        min: u64,
        /// The second.
        max: u64,
    },
    /// A count in a list of tiles that follows no tile, or is not 1 to 255; `column` is
    /// 1-based, in characters.
    #[error("column {column}: a count is a number from 1 to 255 after a tile (A2: at least two A)")]
    Count {
        /// The 1-based column of the count.
        column: usize,
    },
    /// A blank in a list of tiles.
    #[error("'?' is a blank: list the tiles themselves")]
    Blank,
    /// A `*` in the rack of a sub- or super-anagram.
    #[error("'*' (any further tiles) is for exact anagrams: a sub-anagram has no more tiles than its rack, a super-anagram always may")]
    Star,
    /// Text that is no bingo type.
    #[error("'{0}' is not a bingo type: 1, 2 or 3 (I, II or III)")]
    BingoType(String),
    /// More blanks for probability than the bag holds.
    #[error("the bag holds {max} blanks: probability counts 0 to {max}, not {got}")]
    ProbabilityBlanks {
        /// The blanks asked for.
        got: u8,
        /// The bag's.
        max: u8,
    },
    /// The lexicon of a condition on another lexicon ([`Test::NewSince`], [`Test::In`]) is
    /// spelled in another tile set, so the same bytes are not the same word.
    #[error("the lexicon of the condition {condition} is spelled in another tile set: its words cannot be compared")]
    TileSets {
        /// The condition's name: `new-since` or `in`, with `not-` in front when negated.
        condition: &'static str,
    },
    /// The lexicon's word store or provenance could not be read.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}

/// The order of a study list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StudyOrder {
    /// By length, shortest first, then by probability order: the words of one alphagram
    /// together, the most probable alphagrams first.
    #[default]
    Study,
    /// Longest first, ties in tile order (as [`super::Sort::Length`]).
    Length,
    /// Tile order.
    Alpha,
    /// Most combinations first, ties in tile order (as [`super::Sort::Probability`]).
    Probability,
    /// Highest face value first, ties in tile order.
    Value,
}

/// A search: conditions that must all hold, the order of the list and how many words it keeps.
#[derive(Clone, Default)]
pub struct Search<'l> {
    /// The conditions; a word must meet every one.
    pub conditions: Vec<Condition<'l>>,
    /// The order of the list.
    pub order: StudyOrder,
    /// Keep only the first words of the list.
    pub limit: Option<usize>,
    /// The blanks of the bag that combinations, probability and probability order count (0 to
    /// the tile set's); `None`: the tile set's own (two in the Spanish bag).
    pub blanks: Option<u8>,
}

/// A word the search kept, and what the list shows of it.
#[derive(Clone, Copy, Debug)]
struct Match {
    /// Its tiles, packed ([`pack`]), and their number.
    key: u128,
    len: u8,
    /// Its place among the words of its length the walk kept (`words[len]`).
    position: u32,
    combinations: u64,
    order: u32,
    anagrams: u32,
    /// Its hooks: ranges of `front[len + 1]` and `words[len + 1]`.
    front: (u32, u32),
    back: (u32, u32),
    inner_front: bool,
    inner_back: bool,
    new: bool,
}

/// A word's place in the probability order of its length: fewer combinations later, then its
/// alphagram, then its place in tile order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    fewer: u64,
    alphagram: u128,
    position: u32,
}

/// The result of a search: the words kept, in the order asked for, with what a study list
/// shows of each ([`StudyList::each`]).
pub struct StudyList<'a> {
    lex: &'a Lexicon,
    bag: Bag,
    /// `words[n]`: the words of `n` tiles the walk kept, packed, in tile order.
    words: Vec<Vec<u128>>,
    /// `front[n]`: the words of `n` tiles with their first tile moved to the end, packed,
    /// sorted: the words that hook in front of a word of `n - 1` tiles are those that start
    /// with it here.
    front: Vec<Vec<u128>>,
    matches: Vec<Match>,
    /// Whether a condition asks for words new since another lexicon.
    marks_new: bool,
}

/// The vowels, by the names of their tiles.
const VOWELS: [&str; 5] = ["A", "E", "I", "O", "U"];

/// A word's tiles packed into 128 bits, the first in the highest byte: words of one length
/// compare as their tiles do, and the words that extend a word of `n` tiles by one are those
/// whose key starts with its `n` bytes. A lexicon holds words of at most
/// [`MAX_WORD_TILES`] = 16 tiles.
pub(super) fn pack(tiles: &[Tile]) -> u128 {
    let mut b = [0u8; 16];
    b[..tiles.len()].copy_from_slice(tiles);
    u128::from_be_bytes(b)
}

/// The word of `len` tiles a [`pack`] key holds.
fn unpack(key: u128, len: usize) -> ([u8; 16], usize) {
    (key.to_be_bytes(), len)
}

/// The tile at place `i` (from 0) of a [`pack`] key.
fn tile_at(key: u128, i: usize) -> Tile {
    key.to_be_bytes()[i]
}

/// Sorted keys, asked about keys that never decrease: each answer is found by reading on from
/// where the last one stopped, so a whole sweep reads each key once.
struct Sweep<'k> {
    keys: &'k [u128],
    at: usize,
}

impl<'k> Sweep<'k> {
    /// A sweep of each list.
    fn each(lists: &'k [Vec<u128>]) -> Vec<Sweep<'k>> {
        lists.iter().map(|keys| Sweep { keys, at: 0 }).collect()
    }

    /// The place of the first key not below `key`.
    fn skip_to(&mut self, key: u128) -> usize {
        debug_assert!(self.at == 0 || self.keys[self.at - 1] < key, "a sweep goes forward");
        self.at += self.keys[self.at..].iter().take_while(|&&k| k < key).count();
        self.at
    }

    /// Whether the keys hold `key`.
    fn holds(&mut self, key: u128) -> bool {
        let at = self.skip_to(key);
        self.keys.get(at) == Some(&key)
    }

    /// The range of the keys (packed words of `len + 1` tiles) that start with the `len` tiles
    /// of `prefix`.
    fn extending(&mut self, prefix: u128, len: usize) -> (u32, u32) {
        let rest = 8 * (16 - len) as u32;
        let last = prefix | 1u128.checked_shl(rest).map_or(u128::MAX, |b| b - 1);
        let a = self.skip_to(prefix);
        let b = a + self.keys[a..].iter().take_while(|&&k| k <= last).count();
        (a as u32, b as u32)
    }
}

/// Whether the rules made each word of `lex`, by its place in tile order: the kind of form the
/// slot of its derivation names (a plural, a feminine or a verb form; the first derivation of a
/// word made in several ways, as `diff` reports it).
fn generated_by_rank(lex: &Lexicon) -> Result<Vec<bool>, LexiconError> {
    let generated: Vec<bool> = lex
        .slots()?
        .iter()
        .map(|s| matches!(s.kind, FormKind::Plural | FormKind::Feminine | FormKind::VerbForm))
        .collect();
    let codes = lex.codes_in_order()?;
    Ok(codes.into_iter().map(|c| generated.get(slot_of(c) as usize).copied().unwrap_or(false)).collect())
}

/// A condition made ready to test words: its tables built once.
enum Check<'c, 'l> {
    Length(Span),
    Pattern(&'c Pattern),
    Regex(&'c TileRegex),
    /// Exact (0), sub (1) or super (2) anagrams of a rack of tiles and blanks: its copies of
    /// each tile, its tiles with their copies, its blanks and length.
    Rack {
        mode: u8,
        copies: Box<[u8; 256]>,
        tiles: Vec<(Tile, u8)>,
        blanks: u8,
        len: usize,
    },
    /// Exact (0), sub (1) or super (2) anagrams of a rack with classes or a `*`.
    Classes(u8, &'c RackPattern),
    Distinct(Span),
    /// Membership of the word with these tiles added in front (`true`) or after it.
    Takes {
        checker: Box<Checker<'l>>,
        tiles: &'c [Tile],
        front: bool,
        scratch: Vec<Tile>,
    },
    Prefix(&'c [Tile]),
    Suffix(&'c [Tile]),
    Contains(&'c [(Tile, u8)]),
    Only(Box<[bool; 256]>, Span),
    Vowels(Span),
    Value(Span),
    Bingo(BingoType, &'l BingoSets, Box<Bag>),
    Generated(bool),
    /// Membership in another lexicon; `new` for the first `--new-since`.
    Member {
        checker: Box<Checker<'l>>,
        new_since: bool,
        marks: bool,
    },
    /// Tested after the walk.
    Later,
}

/// The cost rank of a test: cheaper ones are tried first.
fn cost(test: &Test) -> u8 {
    match test {
        Test::Length(_) => 0,
        Test::Prefix(_) | Test::Suffix(_) => 1,
        Test::Value(_) | Test::Vowels(_) | Test::Distinct(_) | Test::Contains(_) | Test::Only(..) => 2,
        Test::Anagram(_) | Test::Sub(_) | Test::Super(_) | Test::BingoType(_) => 3,
        Test::Pattern(_) | Test::Regex(_) => 4,
        Test::Generated | Test::Listed => 5,
        Test::NewSince(_) | Test::In(_) | Test::TakesPrefix(_) | Test::TakesSuffix(_) => 6,
        Test::ProbabilityOrder(_)
        | Test::Anagrams(_)
        | Test::FrontHooks(_)
        | Test::BackHooks(_)
        | Test::FrontHook(_)
        | Test::BackHook(_) => 7,
    }
}

/// Runs automaton `a` over `word`.
fn matches<A: Automaton>(a: &A, word: &[Tile]) -> bool {
    let mut s = a.start();
    for &t in word {
        if !a.can_match(&s) {
            return false;
        }
        s = a.accept(&s, t);
    }
    a.is_match(&s)
}

/// Per-tile tables: face values and vowels.
struct Tables {
    value: [u32; 256],
    vowel: [bool; 256],
}

impl Tables {
    fn of(set: &TileSet) -> Tables {
        let mut t = Tables { value: [0; 256], vowel: [false; 256] };
        for tile in set.all() {
            t.value[tile as usize] = set.get(tile).map_or(0, |d| d.value as u32);
            t.vowel[tile as usize] = VOWELS.contains(&set.name(tile));
        }
        t
    }
}

impl Search<'_> {
    /// The lengths a word of the list can have, from the conditions that bound them.
    fn lengths(&self) -> (usize, usize) {
        let (mut lo, mut hi) = (1, MAX_WORD_TILES);
        for c in self.conditions.iter().filter(|c| !c.negated) {
            let (min, max) = match &c.test {
                Test::Length(s) => s.lengths(),
                Test::Anagram(r) if r.star => (r.len(), usize::MAX),
                Test::Anagram(r) => (r.len(), r.len()),
                Test::Sub(r) => (1, r.len()),
                Test::Super(r) => (r.len(), usize::MAX),
                Test::Pattern(p) => (p.min_len(), p.max_len().unwrap_or(usize::MAX)),
                Test::Prefix(t) | Test::Suffix(t) => (t.len(), usize::MAX),
                Test::Contains(c) => (c.iter().map(|&(_, k)| k as usize).sum(), usize::MAX),
                Test::BingoType(_) => (7, 8),
                _ => continue,
            };
            lo = lo.max(min);
            hi = hi.min(max);
        }
        (lo, hi)
    }

    /// Runs the search on `lex`. Fails when another lexicon of a condition is spelled in other
    /// tiles, or when `lex`'s word store or, for `generated` and `listed`, its provenance
    /// cannot be read.
    pub fn run<'a>(&self, lex: &'a Lexicon) -> Result<StudyList<'a>, StudyError> {
        let set = lex.tiles();
        let names = |s: &TileSet| s.all().map(|t| s.name(t).to_string()).collect::<Vec<_>>();
        let mut marks_new = false;
        for c in &self.conditions {
            if let Test::NewSince(other) | Test::In(other) = c.test {
                if names(other.tiles()) != names(set) {
                    let condition = match (&c.test, c.negated) {
                        (Test::NewSince(_), false) => "new-since",
                        (Test::NewSince(_), true) => "not-new-since",
                        (_, false) => "in",
                        (_, true) => "not-in",
                    };
                    return Err(StudyError::TileSets { condition });
                }
                marks_new |= matches!(c.test, Test::NewSince(_));
            }
        }
        let mut bag = Bag::of(set);
        if let Some(blanks) = self.blanks {
            if blanks > set.blanks() {
                return Err(StudyError::ProbabilityBlanks { got: blanks, max: set.blanks() });
            }
            bag = bag.with_blanks(blanks);
        }
        let mut list = StudyList {
            lex,
            bag: bag.clone(),
            words: vec![Vec::new(); MAX_WORD_TILES + 2],
            front: vec![Vec::new(); MAX_WORD_TILES + 2],
            matches: Vec::new(),
            marks_new,
        };
        let (lo, hi) = self.lengths();
        if lo > hi {
            return Ok(list);
        }
        let provenance = self.conditions.iter().any(|c| matches!(c.test, Test::Generated | Test::Listed));
        let generated = if provenance { Some(generated_by_rank(lex)?) } else { None };
        let mut checks = self.checks(lex);
        let tables = Tables::of(set);
        let mut ranks: Vec<Vec<Rank>> = vec![Vec::new(); MAX_WORD_TILES + 1];
        let mut draws = PrefixDraws::new(&bag);
        // Every word up to one tile longer than the longest searched (its hooks), or every
        // word when provenance is asked for, whose column is by place among all the words.
        let max = if provenance { usize::MAX } else { hi + 1 };
        let mut stream = lex.fst().search(Bounded { inner: AlwaysMatch, min: 1, max }).into_stream();
        let mut place = 0usize;
        while let Some((k, _)) = stream.next() {
            let rank = place;
            place += 1;
            let n = k.len();
            if n > MAX_WORD_TILES {
                return Err(LexiconError::Corrupt(format!(
                    "a word of {n} tiles in the word store, which holds at most {MAX_WORD_TILES}"
                ))
                .into());
            }
            if n > hi + 1 || n + 1 < lo {
                continue;
            }
            let key = pack(k);
            list.words[n].push(key);
            if n > lo {
                let mut rotated = [0u8; 16];
                rotated[..n - 1].copy_from_slice(&k[1..]);
                rotated[n - 1] = k[0];
                list.front[n].push(u128::from_be_bytes(rotated));
            }
            if n < lo || n > hi {
                continue;
            }
            let position = (list.words[n].len() - 1) as u32;
            let combinations = draws.combinations(k);
            let mut sorted = [0u8; 16];
            sorted[..n].copy_from_slice(k);
            sorted[..n].sort_unstable();
            ranks[n].push(Rank { fewer: !combinations, alphagram: u128::from_be_bytes(sorted), position });
            let mut new = false;
            let kept = checks.iter_mut().all(|(negated, check)| {
                let holds = match check {
                    Check::Length(s) => s.contains(n as u64),
                    Check::Prefix(p) => k.starts_with(p),
                    Check::Suffix(p) => k.ends_with(p),
                    Check::Value(s) => s.contains(k.iter().map(|&t| tables.value[t as usize] as u64).sum()),
                    Check::Vowels(s) => {
                        s.contains(k.iter().filter(|&&t| tables.vowel[t as usize]).count() as u64)
                    }
                    Check::Contains(c) => {
                        c.iter().all(|&(t, want)| k.iter().filter(|&&x| x == t).count() >= want as usize)
                    }
                    Check::Only(allowed, share) => {
                        let inside = k.iter().filter(|&&t| allowed[t as usize]).count();
                        share.contains((inside * 100 / n) as u64)
                    }
                    Check::Distinct(s) => {
                        let mut seen = [false; 256];
                        s.contains(
                            k.iter().filter(|&&t| !std::mem::replace(&mut seen[t as usize], true)).count()
                                as u64,
                        )
                    }
                    Check::Classes(mode, r) => match mode {
                        0 => r.fits_exact(k),
                        1 => r.fits_sub(k),
                        _ => r.fits_super(k),
                    },
                    Check::Takes { checker, tiles, front, scratch } => {
                        scratch.clear();
                        if *front {
                            scratch.extend_from_slice(tiles);
                            scratch.extend_from_slice(k);
                        } else {
                            scratch.extend_from_slice(k);
                            scratch.extend_from_slice(tiles);
                        }
                        checker.contains(scratch)
                    }
                    Check::Rack { mode, copies, tiles, blanks, len } => match mode {
                        2 => {
                            n >= *len
                                && tiles
                                    .iter()
                                    .all(|&(t, c)| k.iter().filter(|&&x| x == t).count() >= c as usize)
                        }
                        _ => {
                            let fits = if *mode == 0 { n == *len } else { n <= *len };
                            fits && {
                                let mut left = **copies;
                                let mut lacking = 0;
                                for &t in k {
                                    match left[t as usize] {
                                        0 => lacking += 1,
                                        c => left[t as usize] = c - 1,
                                    }
                                }
                                lacking <= *blanks as usize
                            }
                        }
                    },
                    Check::Pattern(p) => matches(*p, k),
                    Check::Regex(r) => matches(*r, k),
                    Check::Bingo(kind, sets, bag) => sets.is(*kind, k, bag),
                    Check::Generated(want) => {
                        generated.as_ref().and_then(|g| g.get(rank)).copied().unwrap_or(false) == *want
                    }
                    Check::Member { checker, new_since, marks } => {
                        let member = checker.contains(k);
                        if *marks {
                            new = !member;
                        }
                        member != *new_since
                    }
                    // Tested after the walk, negated or not.
                    Check::Later => return true,
                };
                holds != *negated
            });
            if kept {
                list.matches.push(Match {
                    key,
                    len: n as u8,
                    position,
                    combinations,
                    order: 0,
                    anagrams: 0,
                    front: (0, 0),
                    back: (0, 0),
                    inner_front: false,
                    inner_back: false,
                    new,
                });
            }
        }
        list.finish(self, &mut ranks);
        Ok(list)
    }

    /// The conditions as checks, cheapest first.
    fn checks<'s>(&'s self, lex: &'s Lexicon) -> Vec<(bool, Check<'s, 's>)> {
        let mut conditions: Vec<&Condition> = self.conditions.iter().collect();
        conditions.sort_by_key(|c| cost(&c.test));
        let mut marked = false;
        conditions
            .into_iter()
            .map(|c| {
                let check = match &c.test {
                    Test::Length(s) => Check::Length(*s),
                    Test::Pattern(p) => Check::Pattern(p),
                    Test::Regex(r) => Check::Regex(r),
                    Test::Anagram(r) | Test::Sub(r) | Test::Super(r) => {
                        let mode = match c.test {
                            Test::Anagram(_) => 0,
                            Test::Sub(_) => 1,
                            _ => 2,
                        };
                        if !r.classes.is_empty() || r.star {
                            Check::Classes(mode, r)
                        } else {
                            let mut copies = Box::new([0u8; 256]);
                            for &t in &r.tiles {
                                copies[t as usize] += 1;
                            }
                            let tiles = (0..=255u8)
                                .filter(|&t| copies[t as usize] > 0)
                                .map(|t| (t, copies[t as usize]))
                                .collect();
                            Check::Rack { mode, copies, tiles, blanks: r.blanks, len: r.len() }
                        }
                    }
                    Test::Prefix(p) => Check::Prefix(p),
                    Test::Suffix(p) => Check::Suffix(p),
                    Test::Contains(t) => Check::Contains(t),
                    Test::Only(tiles, share) => {
                        let mut allowed = Box::new([false; 256]);
                        for &t in tiles {
                            allowed[t as usize] = true;
                        }
                        Check::Only(allowed, *share)
                    }
                    Test::Vowels(s) => Check::Vowels(*s),
                    Test::Distinct(s) => Check::Distinct(*s),
                    Test::TakesPrefix(tiles) | Test::TakesSuffix(tiles) => Check::Takes {
                        checker: Box::new(lex.checker()),
                        tiles,
                        front: matches!(c.test, Test::TakesPrefix(_)),
                        scratch: Vec::with_capacity(MAX_WORD_TILES + tiles.len()),
                    },
                    Test::Value(s) => Check::Value(*s),
                    Test::BingoType(kind) => {
                        Check::Bingo(*kind, super::bingo_sets(lex), Box::new(Bag::of(lex.tiles())))
                    }
                    Test::Generated => Check::Generated(true),
                    Test::Listed => Check::Generated(false),
                    Test::NewSince(other) | Test::In(other) => {
                        let new_since = matches!(c.test, Test::NewSince(_));
                        let marks = new_since && !marked;
                        marked |= marks;
                        Check::Member { checker: Box::new(other.checker()), new_since, marks }
                    }
                    Test::ProbabilityOrder(_)
                    | Test::Anagrams(_)
                    | Test::FrontHooks(_)
                    | Test::BackHooks(_)
                    | Test::FrontHook(_)
                    | Test::BackHook(_) => Check::Later,
                };
                (c.negated, check)
            })
            .collect()
    }
}

impl<'a> StudyList<'a> {
    /// After the walk: ranks the lengths of the words kept, finds their hooks and inner hooks,
    /// tests the conditions on those, and sorts and cuts the list.
    fn finish(&mut self, search: &Search, ranks: &mut [Vec<Rank>]) {
        let mut order: Vec<Vec<(u32, u32)>> = vec![Vec::new(); ranks.len()];
        for m in &self.matches {
            let n = m.len as usize;
            if !order[n].is_empty() || ranks[n].is_empty() {
                continue;
            }
            // Each word's place (from 1) and the size of its anagram group, by its position.
            let r = &mut ranks[n];
            r.sort_unstable();
            let mut places = vec![(0u32, 0u32); r.len()];
            let mut i = 0;
            while i < r.len() {
                let group = r[i..].iter().take_while(|x| x.alphagram == r[i].alphagram).count();
                for (j, x) in r[i..i + group].iter().enumerate() {
                    places[x.position as usize] = ((i + j + 1) as u32, group as u32);
                }
                i += group;
            }
            order[n] = places;
            self.front[n + 1].sort_unstable();
        }
        // The matches are still in tile order, so the words of each length that extend them,
        // and their first tiles, come in order too: each length is swept once, from where the
        // word before ended.
        let (mut backs, mut fronts, mut prefixes) =
            (Sweep::each(&self.words), Sweep::each(&self.front), Sweep::each(&self.words));
        for m in &mut self.matches {
            let n = m.len as usize;
            (m.order, m.anagrams) = order[n][m.position as usize];
            m.back = backs[n + 1].extending(m.key, n);
            m.front = fronts[n + 1].extending(m.key, n);
            let (word, _) = unpack(m.key, n);
            if n > 1 {
                m.inner_front = self.words[n - 1].binary_search(&pack(&word[1..n])).is_ok();
                m.inner_back = prefixes[n - 1].holds(pack(&word[..n - 1]));
            }
        }
        let later: Vec<&Condition> = search
            .conditions
            .iter()
            .filter(|c| {
                matches!(
                    c.test,
                    Test::ProbabilityOrder(_)
                        | Test::Anagrams(_)
                        | Test::FrontHooks(_)
                        | Test::BackHooks(_)
                        | Test::FrontHook(_)
                        | Test::BackHook(_)
                )
            })
            .collect();
        if !later.is_empty() {
            let (front, words) = (&self.front, &self.words);
            // The hook tiles of a word of `n` tiles: the tile at place `n` of the longer keys.
            let hooked = |keys: &[u128], (a, b): (u32, u32), n: usize, tiles: &[Tile]| {
                let keys = &keys[a as usize..b as usize];
                tiles.iter().all(|&t| keys.iter().any(|&k| tile_at(k, n) == t))
            };
            self.matches.retain(|m| {
                let n = m.len as usize;
                later.iter().all(|c| {
                    let holds = match &c.test {
                        Test::ProbabilityOrder(s) => s.contains(m.order as u64),
                        Test::Anagrams(s) => s.contains(m.anagrams as u64),
                        Test::FrontHooks(s) => s.contains((m.front.1 - m.front.0) as u64),
                        Test::BackHooks(s) => s.contains((m.back.1 - m.back.0) as u64),
                        Test::FrontHook(tiles) => hooked(&front[n + 1], m.front, n, tiles),
                        Test::BackHook(tiles) => hooked(&words[n + 1], m.back, n, tiles),
                        _ => true,
                    };
                    holds != c.negated
                })
            });
        }
        // The words were kept in tile order; stable sorts keep it for ties.
        let tables = Tables::of(self.lex.tiles());
        match search.order {
            // (length, order) is each word's own: no ties to keep.
            StudyOrder::Study => self.matches.sort_unstable_by_key(|m| (m.len, m.order)),
            StudyOrder::Alpha => {}
            StudyOrder::Length => self.matches.sort_by_key(|m| std::cmp::Reverse(m.len)),
            StudyOrder::Probability => self.matches.sort_by_key(|m| std::cmp::Reverse(m.combinations)),
            StudyOrder::Value => self.matches.sort_by_cached_key(|m| {
                let (w, n) = unpack(m.key, m.len as usize);
                std::cmp::Reverse(w[..n].iter().map(|&t| tables.value[t as usize]).sum::<u32>())
            }),
        }
        if let Some(limit) = search.limit {
            self.matches.truncate(limit);
        }
    }

    /// The number of words in the list.
    pub fn len(&self) -> usize {
        self.matches.len()
    }

    /// Returns true if and only if no word meets the conditions.
    pub fn is_empty(&self) -> bool {
        self.matches.is_empty()
    }

    /// Returns true if and only if the records say whether each word is new (a condition asks
    /// for words new since another lexicon).
    pub fn marks_new(&self) -> bool {
        self.marks_new
    }

    /// The lexicon searched.
    pub fn lexicon(&self) -> &'a Lexicon {
        self.lex
    }

    /// The full bag the combinations are counted in.
    pub fn bag(&self) -> &Bag {
        &self.bag
    }

    /// Calls `f` with what the list says of each word, in order: its tiles, alphagram, front
    /// and back hook tiles, and the rest of its record; stops at the first error.
    pub fn each<E>(&self, mut f: impl FnMut(Row<'_>) -> Result<(), E>) -> Result<(), E> {
        let mut hooks: Vec<Tile> = Vec::new();
        for m in &self.matches {
            let n = m.len as usize;
            let (word, _) = unpack(m.key, n);
            let mut alphagram = word;
            alphagram[..n].sort_unstable();
            hooks.clear();
            let front = &self.front[n + 1][m.front.0 as usize..m.front.1 as usize];
            hooks.extend(front.iter().map(|&k| tile_at(k, n)));
            let split = hooks.len();
            let back = &self.words[n + 1][m.back.0 as usize..m.back.1 as usize];
            hooks.extend(back.iter().map(|&k| tile_at(k, n)));
            f(Row {
                word: &word[..n],
                alphagram: &alphagram[..n],
                front: &hooks[..split],
                back: &hooks[split..],
                order: m.order as u64,
                anagrams: m.anagrams as u64,
                combinations: m.combinations,
                inner_front: m.inner_front,
                inner_back: m.inner_back,
                new: self.marks_new.then_some(m.new),
            })?;
        }
        Ok(())
    }
}

/// What a study list says of one word ([`StudyList::each`]).
pub struct Row<'r> {
    /// The word's tiles.
    pub word: &'r [Tile],
    /// Its tiles in tile order.
    pub alphagram: &'r [Tile],
    /// The tiles that hook in front of it, in tile order.
    pub front: &'r [Tile],
    /// The tiles that hook after it, in tile order.
    pub back: &'r [Tile],
    /// Its probability order within its length, from 1.
    pub order: u64,
    /// The words of its alphagram, itself included.
    pub anagrams: u64,
    /// The distinct draws from a full bag that spell it.
    pub combinations: u64,
    /// Whether the word without its first tile is valid.
    pub inner_front: bool,
    /// Whether the word without its last tile is valid.
    pub inner_back: bool,
    /// Whether it is new since the lexicon a `new-since` condition names: only when one does.
    pub new: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_as_players_write_them() {
        assert_eq!("7".parse::<Span>().unwrap(), Span { min: 7, max: 7 });
        assert_eq!(" 7..8 ".parse::<Span>().unwrap(), Span { min: 7, max: 8 });
        assert_eq!("7..".parse::<Span>().unwrap(), Span { min: 7, max: u64::MAX });
        assert_eq!("..8".parse::<Span>().unwrap(), Span { min: 0, max: 8 });
        for bad in ["", "..", "a", "-1", "+3", "7..x", "7...8", "1e3"] {
            assert!(matches!(bad.parse::<Span>(), Err(StudyError::Span(_))), "{bad}");
        }
        assert!(matches!("8..7".parse::<Span>(), Err(StudyError::EmptySpan { min: 8, max: 7 })));
    }

    #[test]
    fn counted_tiles_read_counts_after_tiles() {
        let set = crate::fise_2016_tiles();
        let t = |n: &str| set.tile_named(n).unwrap();
        assert_eq!(counted_tiles(&set, "A2").unwrap(), [(t("A"), 2)]);
        assert_eq!(counted_tiles(&set, "Q,U").unwrap(), [(t("Q"), 1), (t("U"), 1)]);
        assert_eq!(counted_tiles(&set, "A A").unwrap(), [(t("A"), 2)]);
        assert_eq!(
            counted_tiles(&set, "CHURRO2").unwrap(),
            [(t("CH"), 1), (t("O"), 2), (t("RR"), 1), (t("U"), 1)]
        );
        assert_eq!(counted_tiles(&set, "ñ").unwrap(), [(t("Ñ"), 1)]);
        assert!(matches!(counted_tiles(&set, "2A"), Err(StudyError::Count { column: 1 })));
        assert!(matches!(counted_tiles(&set, "A0"), Err(StudyError::Count { column: 2 })));
        assert!(matches!(counted_tiles(&set, "A300"), Err(StudyError::Count { column: 2 })));
        assert!(matches!(
            counted_tiles(&set, "QA@"),
            Err(StudyError::Query(QueryError::Pattern { column: 3, .. }))
        ));
        assert!(counted_tiles(&set, " , ").is_err());
    }

    /// The words a search of `conditions` (name, negated, value) lists on `lex`, in tile order.
    fn listed(lex: &Lexicon, conditions: &[(TextCondition, bool, &str)], blanks: Option<u8>) -> Vec<String> {
        let set = lex.tiles();
        let conditions = conditions
            .iter()
            .map(|&(on, negated, text)| Condition::parse(set, on, negated, text).unwrap())
            .collect();
        let search = Search { conditions, order: StudyOrder::Alpha, limit: None, blanks };
        let mut words = Vec::new();
        search
            .run(lex)
            .unwrap()
            .each(|r| {
                words.push(set.spell(r.word));
                Ok::<_, ()>(())
            })
            .unwrap();
        words
    }

    #[test]
    fn prefixes_suffixes_and_distinct_tiles_and_their_negations() {
        let lex =
            Lexicon::from_words(["hacer", "rehacer", "dar", "redar", "mar", "mares", "ese", "eses", "sed"])
                .unwrap();
        use TextCondition as C;
        assert_eq!(listed(&lex, &[(C::TakesPrefix, false, "RE")], None), ["DAR", "HACER"]);
        assert_eq!(
            listed(&lex, &[(C::TakesPrefix, true, "RE"), (C::Length, false, "3")], None),
            ["ESE", "MAR", "SED"]
        );
        // --front-hook RE is R and E each hooking: no word here takes both.
        assert!(listed(&lex, &[(C::FrontHook, false, "RE")], None).is_empty());
        assert_eq!(listed(&lex, &[(C::TakesSuffix, false, "ES")], None), ["MAR"]);
        assert_eq!(listed(&lex, &[(C::TakesSuffix, false, "S")], None), ["ESE"]);
        assert_eq!(
            listed(&lex, &[(C::TakesSuffix, true, "S"), (C::Length, false, "..3")], None),
            ["DAR", "MAR", "SED"]
        );
        assert_eq!(listed(&lex, &[(C::Distinct, false, "2")], None), ["ESE", "ESES"]);
        assert_eq!(listed(&lex, &[(C::Distinct, true, "..3")], None), ["HACER", "MARES", "REDAR", "REHACER"]);
    }

    #[test]
    fn classes_and_stars_in_anagram_racks_and_their_negations() {
        let lex = Lexicon::from_words(["mar", "mares", "ramas", "arma", "rama", "sed"]).unwrap();
        use TextCondition as C;
        assert_eq!(listed(&lex, &[(C::Anagram, false, "AR[MS]")], None), ["MAR"]);
        assert_eq!(
            listed(&lex, &[(C::Anagram, false, "AR[MS]*")], None),
            ["ARMA", "MAR", "MARES", "RAMA", "RAMAS"]
        );
        assert_eq!(listed(&lex, &[(C::Anagram, true, "AR[MS]*")], None), ["SED"]);
        assert_eq!(
            listed(&lex, &[(C::Sub, false, "[AEIOU]RSM?")], None),
            ["ARMA", "MAR", "MARES", "RAMA", "RAMAS", "SED"]
        );
        assert_eq!(
            listed(&lex, &[(C::Super, false, "[^R]RA")], None),
            ["ARMA", "MAR", "MARES", "RAMA", "RAMAS"]
        );
        assert!(matches!(Condition::parse(lex.tiles(), C::Sub, false, "AR*"), Err(StudyError::Star)));
    }

    #[test]
    fn probability_counts_the_blanks_asked_for() {
        let lex = Lexicon::from_words(["zas", "sol", "as"]).unwrap();
        let set = lex.tiles();
        let combinations = |blanks: Option<u8>| {
            let search = Search { blanks, ..Search::default() };
            let mut by_word = Vec::new();
            search
                .run(&lex)
                .unwrap()
                .each(|r| {
                    by_word.push((set.spell(r.word), r.combinations));
                    Ok::<_, ()>(())
                })
                .unwrap();
            by_word
        };
        let zas = set.parse_word("zas").unwrap();
        for blanks in [0, 1, 2] {
            let bag = Bag::of(set).with_blanks(blanks);
            let got = combinations(Some(blanks));
            assert!(got.contains(&("ZAS".to_string(), bag.combinations(&zas))), "{blanks}: {got:?}");
        }
        assert_eq!(combinations(None), combinations(Some(2)));
        assert_ne!(combinations(Some(0)), combinations(Some(2)));
        let too_many = Search { blanks: Some(3), ..Search::default() };
        assert!(matches!(too_many.run(&lex), Err(StudyError::ProbabilityBlanks { got: 3, max: 2 })));
    }

    #[test]
    fn keys_extend_their_prefixes() {
        let set = crate::fise_2016_tiles();
        let w = |s: &str| pack(&set.parse_word(s).unwrap());
        let longer: Vec<u128> = ["CASAS", "CASCO", "COSAS"].iter().map(|s| w(s)).collect();
        let mut sweep = Sweep { keys: &longer, at: 0 };
        assert_eq!(sweep.extending(w("CASA"), 4), (0, 1));
        assert_eq!(sweep.extending(w("CASC"), 4), (1, 2));
        assert_eq!(sweep.extending(w("CASO"), 4), (2, 2));
        assert_eq!(sweep.extending(w("ZZZZ"), 4), (3, 3));
        assert_eq!(tile_at(longer[0], 4), set.tile_named("S").unwrap());
        let shorter: Vec<u128> = ["CAS", "COS"].iter().map(|s| w(s)).collect();
        let mut sweep = Sweep { keys: &shorter, at: 0 };
        let held: Vec<bool> =
            ["CAR", "CAS", "CAS", "CAT", "COS", "DOS"].iter().map(|s| sweep.holds(w(s))).collect();
        assert_eq!(held, [false, true, true, false, true, false]);
    }
}
