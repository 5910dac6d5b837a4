//! Records: the answers of queries as typed rows, one per word found or per input, with the
//! fields that word-study lists print (spelling, length, face value, blanks, combinations,
//! probability, rank; hooks; tiles; verdicts; the words of a dump).
//!
//! Every record is a [`serde::Serialize`] type that borrows what it can; its field names are
//! those of the `lexico` command's CSV and JSON records, and the Python package hands the same
//! values over. What a record says is computed here only: a program that prints records, in any
//! format, never counts, spells or ranks a word itself.
//!
//! ```
//! use lexico_lexicon::query::{AnagramQuery, Sort};
//! use lexico_answers::record::{anagram_words, Spelling, WordRecords};
//!
//! let lex = lexico_lexicon::Lexicon::from_words(["casa", "saca", "cosa"])?;
//! let mut rows = WordRecords::new(&lex, Spelling::Natural);
//! let rack = lexico_tiles::Rack::parse(lex.tiles(), "CAS?")?;
//! let words = anagram_words(&lex, &rack, &AnagramQuery::default(), Sort::Alpha, &rows)?;
//! let mut lines = Vec::new();
//! words.records(&mut rows, usize::MAX, |r| {
//!     lines.push(serde_json::to_string(r)?);
//!     Ok::<_, serde_json::Error>(())
//! })?;
//! assert_eq!(lines[0], r#"{"word":"CASa","length":4,"value":5,"blanks":1,"combinations":3690,"probability":0.0009410324579691296}"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write as _};

use lexico_tiles::{Rack, Tile, TileSet};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::dash::{Card, Cards, Judgement, Verdict as DashVerdict, Why};
use crate::explain::{Enclitic, Explanation};
use crate::i18n::Lang;
use crate::judge::{PlayVerdict, Reason, Verdict};
use crate::say;
use crate::Signer;
use lexico_lexicon::query::{
    self, AnagramKeys, AnagramQuery, Bag, Found, Hooks, Pattern, PrefixDraws, QueryError, Ranks, Sort,
    StudyList, TileRegex,
};
use lexico_lexicon::{Derivation, ExplainData};
use lexico_lexicon::{Lexicon, SlotInfo};

/// How records spell words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spelling {
    /// Naturally, in capitals (`CHURRO`).
    #[default]
    Natural,
    /// Every tile in brackets (`[CH]U[RR]O`).
    Brackets,
}

/// A word spelled as records spell it: tiles played by a blank in lower case (`cHURRO`,
/// `[ch]U[RR]O`). It displays as its spelling and serializes as a string.
///
/// ```
/// use lexico_answers::record::{Spelled, Spelling};
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let word = set.parse_word("churro")?;
/// assert_eq!(Spelled::new(&set, &word, 0b1, Spelling::Natural).to_string(), "chURRO");
/// assert_eq!(Spelled::new(&set, &word, 0, Spelling::Brackets).to_string(), "[CH][U][RR][O]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Spelled<'a> {
    set: &'a TileSet,
    tiles: &'a [Tile],
    blanks: u64,
    spelling: Spelling,
    /// Whether the tiles are in any order (an alphagram), so that tiles whose spellings would
    /// read together are bracketed ([`TileSet::spell_apart`]).
    apart: bool,
}

impl<'a> Spelled<'a> {
    /// The word of `tiles` in `set`, bit `i` of `blanks` set if and only if a blank plays tile
    /// `i` (as in [`Found::blanks`]).
    pub fn new(set: &'a TileSet, tiles: &'a [Tile], blanks: u64, spelling: Spelling) -> Spelled<'a> {
        Spelled { set, tiles, blanks, spelling, apart: false }
    }

    /// Tiles in any order, an alphagram or a rack, spelled so that they read back as the same
    /// tiles: naturally, with brackets only around the tiles whose spellings would otherwise read
    /// together ([`TileSet::spell_apart`]: ERAR's alphagram is `AE[R][R]`), or every tile in
    /// brackets.
    ///
    /// ```
    /// use lexico_answers::record::{Spelled, Spelling};
    ///
    /// let set = lexico_lexicon::fise_2016_tiles();
    /// let mut tiles = set.parse_word("erar")?;
    /// tiles.sort_unstable();
    /// let spelled = Spelled::alphagram(&set, &tiles, Spelling::Natural).to_string();
    /// assert_eq!(spelled, "AE[R][R]");
    /// assert_eq!(set.parse_word(&spelled)?, tiles);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn alphagram(set: &'a TileSet, tiles: &'a [Tile], spelling: Spelling) -> Spelled<'a> {
        Spelled { set, tiles, blanks: 0, spelling, apart: true }
    }

    /// Calls `f` with each tile's spelling and whether it is bracketed.
    fn pieces(&self, mut f: impl FnMut(&'a str, bool)) {
        let all = self.spelling == Spelling::Brackets;
        if self.apart && !all {
            let mut apart = self.set.apart(self.tiles);
            for (i, &t) in self.tiles.iter().enumerate() {
                f(self.name(i, t), apart.next_if(|&k| k == i).is_some());
            }
        } else {
            for (i, &t) in self.tiles.iter().enumerate() {
                f(self.name(i, t), all);
            }
        }
    }

    /// The word's tiles.
    pub fn tiles(&self) -> &'a [Tile] {
        self.tiles
    }

    /// Returns true if and only if a blank plays tile `i`.
    pub fn is_blank(&self, i: usize) -> bool {
        i < 64 && self.blanks >> i & 1 == 1
    }

    /// The spelling of `t`, the word's tile `i`: in lower case if a blank plays it.
    fn name(&self, i: usize, t: Tile) -> &'a str {
        match self.set.get(t) {
            Some(d) if self.is_blank(i) => &d.lower,
            Some(d) => &d.name,
            None => "?",
        }
    }

    /// Appends the spelling to `s`.
    pub fn push_to(&self, s: &mut String) {
        // Most words are made of tiles named by one ASCII letter: spelled from the set's table
        // of those letters, and spelled again tile by tile only when a tile has a longer name
        // (or, in an alphagram, when tiles would read together and need brackets).
        if self.spelling == Spelling::Natural && (!self.apart || self.set.apart(self.tiles).peek().is_none())
        {
            let start = s.len();
            s.reserve(self.tiles.len());
            let all = self.tiles.iter().enumerate().all(|(i, &t)| {
                let name = self.set.one_byte_name(t);
                let name = if self.is_blank(i) { name.to_ascii_lowercase() } else { name };
                s.push(char::from(name));
                name != 0
            });
            if all {
                return;
            }
            s.truncate(start);
        }
        s.reserve(self.tiles.len() * if self.spelling == Spelling::Brackets { 6 } else { 2 });
        self.pieces(|name, bracket| {
            if bracket {
                s.push('[');
            }
            if let [letter] = name.as_bytes() {
                // Most tiles are one ASCII letter: pushed as a character, not copied as a slice.
                s.push(char::from(*letter));
            } else {
                s.push_str(name);
            }
            if bracket {
                s.push(']');
            }
        });
    }
}

impl fmt::Display for Spelled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut written = Ok(());
        self.pieces(|name, bracket| {
            if written.is_ok() {
                written = match bracket {
                    true => write!(f, "[{name}]"),
                    false => f.write_str(name),
                };
            }
        });
        written
    }
}

impl Serialize for Spelled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Spelled whole first: a serializer takes one string faster than a tile at a time.
        let mut s = String::with_capacity(self.tiles.len() * 2 + 8);
        self.push_to(&mut s);
        serializer.serialize_str(&s)
    }
}

/// A word found by an anagram, pattern or regular-expression query: the fields of a word-study
/// list, in the order the CLI's CSV columns give them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct WordRecord<'a> {
    /// The word, blanks in lower case.
    pub word: Spelled<'a>,
    /// Its tiles (CH, LL and RR count one).
    pub length: usize,
    /// Its face value: the values of the tiles not played by a blank.
    pub value: u32,
    /// The tiles blanks play.
    pub blanks: u32,
    /// The distinct draws from a full bag that spell it ([`Bag::combinations`]); `None` from
    /// records made without draws and ranks ([`WordRecords::without_draws`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combinations: Option<u64>,
    /// The chance that a draw of as many tiles from a full bag spells it; `None` from records
    /// made without draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// Its rank by probability among the words of its length, 1 the most probable (equal
    /// combinations share a rank): only when the records are ranked
    /// ([`WordRecords::ranked`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u64>,
}

impl<'a> WordRecord<'a> {
    /// The word's alphagram: its tiles in tile order, spelled naturally (no blank marked) so that
    /// it reads back ([`TileSet::spell_apart`]).
    pub fn alphagram(&self) -> String {
        let mut tiles = self.word.tiles.to_vec();
        tiles.sort_unstable();
        self.word.set.spell_apart(&tiles)
    }
}

/// Makes the [`WordRecord`]s of a lexicon's words: spells them, adds their values, counts their
/// combinations and probability in the lexicon's bag and, when asked, ranks them. A list that
/// shows neither draws nor ranks (the text of `lexico anagram`) asks for records
/// [`WordRecords::without_draws`], which cost no count.
///
/// ```
/// use lexico_answers::record::{Spelling, WordRecords};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["esa", "ñus", "asa"])?;
/// let mut rows = WordRecords::new(&lex, Spelling::Natural).ranked();
/// let esa = lex.tiles().parse_word("esa")?;
/// let r = rows.record(&esa, 0);
/// assert_eq!((r.word.to_string(), r.length, r.value, r.rank), ("ESA".to_string(), 3, 3, Some(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct WordRecords<'l> {
    lex: &'l Lexicon,
    bag: Bag,
    /// Counts the combinations of words met one after another (a search in tile order shares
    /// most of a word's tiles with the one before); made at the first word it counts.
    prefix: Option<PrefixDraws>,
    ranks: Option<Ranks>,
    /// Whether records carry their combinations and probability.
    draws: bool,
    spelling: Spelling,
    /// Each tile's face value, by its byte (0 for no tile).
    values: [u8; 256],
}

impl<'l> WordRecords<'l> {
    /// The records of `lex`'s words, spelled as `spelling` says, with their combinations and
    /// probability, without ranks.
    pub fn new(lex: &'l Lexicon, spelling: Spelling) -> WordRecords<'l> {
        let set = lex.tiles();
        let values = std::array::from_fn(|t| set.get(t as Tile).map_or(0, |d| d.value));
        WordRecords { lex, bag: Bag::of(set), prefix: None, ranks: None, draws: true, spelling, values }
    }

    /// The same records without their combinations and probability (`None`), unless they are
    /// ranked, which needs the combinations.
    pub fn without_draws(mut self) -> WordRecords<'l> {
        self.draws = false;
        self
    }

    /// Returns true if and only if the records carry their combinations: with draws, or ranked.
    pub fn counts(&self) -> bool {
        self.draws || self.ranks.is_some()
    }

    /// The same records with ranks ([`WordRecord::rank`]). It reads the whole word store once
    /// ([`Ranks::compute`]).
    pub fn ranked(mut self) -> WordRecords<'l> {
        if self.ranks.is_none() {
            self.ranks = Some(Ranks::compute(self.lex, &self.bag));
        }
        self
    }

    /// Returns true if and only if the records carry ranks.
    pub fn is_ranked(&self) -> bool {
        self.ranks.is_some()
    }

    /// The full bag of the lexicon's tile set, which combinations are counted in.
    pub fn bag(&self) -> &Bag {
        &self.bag
    }

    /// The record of the word of `tiles`, bit `i` of `blanks` set if a blank plays tile `i`.
    pub fn record<'a>(&mut self, tiles: &'a [Tile], blanks: u64) -> WordRecord<'a>
    where
        'l: 'a,
    {
        let combinations = match self.counts() {
            true => Some(self.prefix.get_or_insert_with(|| PrefixDraws::new(&self.bag)).combinations(tiles)),
            false => None,
        };
        self.make(tiles, blanks, combinations)
    }

    /// [`WordRecords::record`] of a word whose combinations are known (an answer of
    /// [`query::anagram_keys_with_combinations`] carries them).
    pub fn counted<'a>(&self, tiles: &'a [Tile], blanks: u64, combinations: u64) -> WordRecord<'a>
    where
        'l: 'a,
    {
        self.make(tiles, blanks, self.counts().then_some(combinations))
    }

    /// The record of a word of `combinations`, if counted.
    fn make<'a>(&self, tiles: &'a [Tile], blanks: u64, combinations: Option<u64>) -> WordRecord<'a>
    where
        'l: 'a,
    {
        let set = self.lex.tiles();
        let word = Spelled::new(set, tiles, blanks, self.spelling);
        let value = tiles
            .iter()
            .enumerate()
            .filter(|&(i, _)| !word.is_blank(i))
            .map(|(_, &t)| u32::from(self.values[usize::from(t)]))
            .sum();
        let length = tiles.len();
        WordRecord {
            word,
            length,
            value,
            blanks: (blanks & mask(length)).count_ones(),
            combinations,
            probability: combinations.filter(|_| self.draws).map(|c| self.bag.probability_of(c, length)),
            rank: self.ranks.as_ref().zip(combinations).map(|(r, c)| r.rank(length, c)),
        }
    }
}

/// The bits of the first `len` tiles of a blank mask.
fn mask(len: usize) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1 << len) - 1
    }
}

/// The words of an anagram query, in the order asked for: compact keys from the lexicon's
/// anagram index, each with its combinations, or words found by a walk of the word store.
#[derive(Clone, Debug)]
pub struct AnagramWords {
    words: Answer,
}

#[derive(Clone, Debug)]
enum Answer {
    Keys(Box<AnagramKeys>),
    Found(Vec<Found>),
}

/// The words `rack` makes under `query`, sorted in `order` (ties in tile order), for the
/// records of `records`: their combinations are counted as the words are found when the records
/// carry them. Errors as [`query::anagram`].
pub fn anagram_words(
    lex: &Lexicon,
    rack: &Rack,
    query: &AnagramQuery,
    order: Sort,
    records: &WordRecords<'_>,
) -> Result<AnagramWords, QueryError> {
    let bag = records.bag();
    let keys = match records.counts() {
        true => query::anagram_keys_with_combinations(lex, rack, query, bag)?,
        false => query::anagram_keys(lex, rack, query)?,
    };
    let words = match keys {
        Some(mut keys) => {
            keys.sort(order, lex.tiles(), bag);
            Answer::Keys(Box::new(keys))
        }
        None => {
            let mut found = query::anagram(lex, rack, query)?;
            query::sort(&mut found, order, lex.tiles(), bag);
            Answer::Found(found)
        }
    };
    Ok(AnagramWords { words })
}

/// The words a rack with classes or a `*` makes under `query` ([`query::anagram_pattern`]),
/// sorted as [`anagram_words`] sorts them; a rack of tiles and blanks only (`AE[R][R]`) is
/// answered by [`anagram_words`] itself. Racks read as [`query::RackPattern::wanted`] says.
pub fn anagram_pattern_words(
    lex: &Lexicon,
    rack: &query::RackPattern,
    query: &AnagramQuery,
    order: Sort,
    records: &WordRecords<'_>,
) -> Result<AnagramWords, query::StudyError> {
    if let Some(plain) = rack.plain() {
        return Ok(anagram_words(lex, &plain, query, order, records)?);
    }
    let mut found = query::anagram_pattern(lex, rack, query)?;
    query::sort(&mut found, order, lex.tiles(), records.bag());
    Ok(AnagramWords { words: Answer::Found(found) })
}

/// Why a rack typed as text makes no list: a character that is no tile, or what the query
/// refuses (more blanks than the bag's, a malformed class, a `*` beyond an exact anagram).
#[derive(Debug, thiserror::Error)]
pub enum RackError {
    /// The rack's text is not tiles.
    #[error(transparent)]
    Tiles(#[from] lexico_tiles::TileError),
    /// The query refuses the rack.
    #[error(transparent)]
    Query(#[from] query::StudyError),
}

impl say::Localize for RackError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            RackError::Tiles(e) => e.localize(lang),
            RackError::Query(e) => e.localize(lang),
        }
    }
}

impl From<QueryError> for RackError {
    fn from(e: QueryError) -> RackError {
        RackError::Query(e.into())
    }
}

/// The words the rack typed as `text` makes under `query`, as `lexico anagram` answers it: a
/// plain rack (`AEINR??`) by [`anagram_words`], one with classes or a `*` (`AEIS[LNRT]*`) by
/// [`anagram_pattern_words`].
pub fn rack_words(
    lex: &Lexicon,
    text: &str,
    query: &AnagramQuery,
    order: Sort,
    records: &WordRecords<'_>,
) -> Result<AnagramWords, RackError> {
    if query::RackPattern::wanted(text) {
        let rack = query::RackPattern::parse(lex.tiles(), text)?;
        Ok(anagram_pattern_words(lex, &rack, query, order, records)?)
    } else {
        let rack = Rack::parse(lex.tiles(), text)?;
        Ok(anagram_words(lex, &rack, query, order, records)?)
    }
}

impl AnagramWords {
    /// The number of words.
    pub fn len(&self) -> usize {
        match &self.words {
            Answer::Keys(k) => k.len(),
            Answer::Found(f) => f.len(),
        }
    }

    /// Returns true if and only if the rack makes no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `f` with the record of each of the first `top` words, in order, and stops at the
    /// first error it returns.
    pub fn records<E>(
        &self,
        rows: &mut WordRecords<'_>,
        top: usize,
        mut f: impl FnMut(&WordRecord<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        match &self.words {
            Answer::Keys(keys) => {
                for i in 0..keys.len().min(top) {
                    let word = keys.word(i);
                    let tiles = word.tiles();
                    let blanks = keys.blanks(tiles);
                    let record = match keys.combinations(i) {
                        Some(c) => rows.counted(tiles, blanks, c),
                        None => rows.record(tiles, blanks),
                    };
                    f(&record)?;
                }
            }
            Answer::Found(found) => {
                for w in found.iter().take(top) {
                    f(&rows.record(&w.tiles, w.blanks))?;
                }
            }
        }
        Ok(())
    }
}

/// A query over the word store that is not an anagram: a crossword pattern or a regular
/// expression over tiles.
#[derive(Clone, Debug)]
pub enum Shape {
    /// A crossword pattern (`?` one tile, `*` any run, `[AEIOU]` a class).
    Pattern(Pattern),
    /// A regular expression over tiles, matching whole words.
    Regex(Box<TileRegex>),
}

impl Shape {
    /// Reads `text` as a crossword pattern, or as a regular expression over tiles if `regex`.
    pub fn parse(set: &TileSet, text: &str, regex: bool) -> Result<Shape, QueryError> {
        Ok(match regex {
            true => Shape::Regex(Box::new(TileRegex::new(set, text)?)),
            false => Shape::Pattern(Pattern::parse(set, text)?),
        })
    }
}

/// Calls `f` with the record of each word of `min` to `max` tiles that fits `shape`, in `order`
/// (ties in tile order), the first `top` of them; stops at the first error `f` returns. In tile
/// order the words are recorded as the word store yields them; other orders gather them first.
/// Returns whether any word fits.
///
/// ```
/// use lexico_answers::record::{shape_words, Shape, Spelling, WordRecords};
/// use lexico_lexicon::query::Sort;
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "cosa", "caso", "sal"])?;
/// let shape = Shape::parse(lex.tiles(), "C?S?", false)?;
/// let mut records = WordRecords::new(&lex, Spelling::Natural).without_draws();
/// let mut words = Vec::new();
/// shape_words(&lex, &shape, (1, 15), Sort::Alpha, 2, &mut records, |r| {
///     words.push(r.word.to_string());
///     Ok::<_, ()>(())
/// }).unwrap();
/// assert_eq!(words, ["CASA", "CASO"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shape_words<E>(
    lex: &Lexicon,
    shape: &Shape,
    (min, max): (usize, usize),
    order: Sort,
    top: usize,
    records: &mut WordRecords<'_>,
    mut f: impl FnMut(&WordRecord<'_>) -> Result<(), E>,
) -> Result<bool, E> {
    let mut found = Vec::new();
    let mut failed = None;
    let mut any = false;
    let mut n = 0;
    let mut visit = |w: &[Tile]| {
        any = true;
        if order != Sort::Alpha {
            found.push(Found::plain(w));
            return true;
        }
        if let Err(e) = f(&records.record(w, 0)) {
            failed = Some(e);
            return false;
        }
        n += 1;
        n < top
    };
    if top > 0 {
        match shape {
            Shape::Pattern(p) => query::search(lex, p.clone(), min, max, &mut visit),
            Shape::Regex(re) => query::search(lex, (**re).clone(), min, max, &mut visit),
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    query::sort(&mut found, order, lex.tiles(), records.bag());
    for w in found.iter().take(top) {
        f(&records.record(&w.tiles, w.blanks))?;
    }
    Ok(any)
}

/// The hooks of a word as a record: the word, whether it is valid, its front and back hook
/// tiles and the hooked words (front hooks first), spelled as [`Spelling`] says. In CSV and JSON
/// the lists are one string each, their items separated by spaces.
///
/// ```
/// use lexico_answers::record::{HooksRecord, Spelling};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "mas", "asa", "ase"])?;
/// let r = HooksRecord::of(&lex, &lex.tiles().parse_word("as")?, Spelling::Natural);
/// assert_eq!((r.front, r.back, r.hooked), (vec!["M".into()], vec!["A".into(), "E".into()], vec!["MAS".into(), "ASA".into(), "ASE".into()]));
/// assert!(r.valid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HooksRecord {
    /// The word.
    pub word: String,
    /// Whether the word itself is valid.
    pub valid: bool,
    /// The tiles that make a valid word in front of it, in tile order.
    #[serde(serialize_with = "joined")]
    pub front: Vec<String>,
    /// The tiles that make a valid word after it, in tile order.
    #[serde(serialize_with = "joined")]
    pub back: Vec<String>,
    /// The hooked words: front hooks first, then back hooks.
    #[serde(serialize_with = "joined")]
    pub hooked: Vec<String>,
}

impl HooksRecord {
    /// The hooks of `word` in `lex` ([`query::hooks`]).
    pub fn of(lex: &Lexicon, word: &[Tile], spelling: Spelling) -> HooksRecord {
        let set = lex.tiles();
        let spell = |w: &[Tile]| Spelled::new(set, w, 0, spelling).to_string();
        let Hooks { front, back } = query::hooks(lex, word);
        let mut hooked = Vec::with_capacity(front.len() + back.len());
        let mut w = Vec::with_capacity(word.len() + 1);
        for &t in &front {
            w.clear();
            w.push(t);
            w.extend_from_slice(word);
            hooked.push(spell(&w));
        }
        for &t in &back {
            w.clear();
            w.extend_from_slice(word);
            w.push(t);
            hooked.push(spell(&w));
        }
        HooksRecord {
            word: spell(word),
            valid: lex.contains(word),
            front: front.iter().map(|&t| spell(&[t])).collect(),
            back: back.iter().map(|&t| spell(&[t])).collect(),
            hooked,
        }
    }
}

/// Serializes a list as one string, its items separated by spaces.
fn joined<S: Serializer>(items: &[String], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&items.join(" "))
}

/// The tiles of a word or rack as a record: its spelling, each tile's name (`?` for a blank),
/// the bracket spelling, the number of tiles and the face value (blanks score 0). In CSV and
/// JSON the names are one string, separated by spaces.
///
/// ```
/// use lexico_answers::record::TilesRecord;
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let r = TilesRecord::of(&set, &set.parse_sequence("churro?")?);
/// assert_eq!(r.word, "CHURRO?");
/// assert_eq!(r.bracketed, "[CH][U][RR][O]?");
/// assert_eq!((r.count, r.value), (5, 15));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TilesRecord {
    /// The tiles spelled one after the other, so that they read back ([`TileSet::spell_apart`]:
    /// `[C][H]` for C then H), a blank as `?`.
    pub word: String,
    /// Each tile's name, `?` for a blank.
    #[serde(serialize_with = "joined")]
    pub tiles: Vec<String>,
    /// Each tile in brackets, a blank as `?`.
    pub bracketed: String,
    /// The number of tiles.
    pub count: usize,
    /// The face value.
    pub value: u32,
}

impl TilesRecord {
    /// The record of a sequence of tiles of `set` (`None` a blank), as
    /// [`TileSet::parse_sequence`] reads one.
    pub fn of(set: &TileSet, sequence: &[Option<Tile>]) -> TilesRecord {
        let tiles: Vec<String> =
            sequence.iter().map(|t| t.map_or("?", |t| set.name(t)).to_string()).collect();
        let bracketed = sequence
            .iter()
            .zip(&tiles)
            .map(|(t, name)| if t.is_some() { format!("[{name}]") } else { "?".to_string() })
            .collect();
        let value = sequence.iter().flatten().map(|&t| set.get(t).map_or(0, |d| d.value as u32)).sum();
        // Each run of lettered tiles spelled so that it reads back (`[C][H]` for C then H); a
        // blank between two runs keeps them apart.
        let word = sequence
            .split(Option::is_none)
            .map(|run| set.spell_apart(&run.iter().flatten().copied().collect::<Vec<_>>()))
            .collect::<Vec<_>>()
            .join("?");
        TilesRecord { word, tiles, bracketed, count: sequence.len(), value }
    }
}

/// A verdict as a record: the word as spelled, whether it is valid, and the one-word reason
/// it is not ([`Verdict::reason`]; empty for a valid word).
///
/// ```
/// use lexico_answers::record::ValidRecord;
/// use lexico_answers::{Reason, Verdict};
///
/// let r = ValidRecord::new("KIWI", Verdict::Invalid(Reason::NoTile));
/// assert_eq!(serde_json::to_string(&r)?, r#"{"word":"KIWI","valid":false,"reason":"no-tile"}"#);
/// let r = ValidRecord::new("CASA", Verdict::Valid);
/// assert_eq!(serde_json::to_string(&r)?, r#"{"word":"CASA","valid":true,"reason":"listed"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValidRecord<'a> {
    /// The word, spelled as [`crate::judge_word`] spells it.
    pub word: &'a str,
    /// Whether it is valid.
    pub valid: bool,
    /// Why it is in or out: [`Reason::Listed`] for a valid word, as explanations, the station
    /// and Python say it.
    pub reason: Reason,
}

impl<'a> ValidRecord<'a> {
    /// The record of the verdict on `word`.
    pub fn new(word: &'a str, verdict: Verdict) -> ValidRecord<'a> {
        ValidRecord { word, valid: verdict.is_valid(), reason: verdict.reason() }
    }
}

/// A word's answer for a Scrabble Dash card, as `lexico dash`, the station's `/api/v1/dash` and
/// Python give it: the word, the card (as [`Cards::code`] names it, the same in every
/// language), the verdict and its one-word reason ([`DashVerdict::name`],
/// [`DashVerdict::reason`]), the letter cards it is laid down with (`QU·E·S·O`) and their
/// number, the cards it lacks (a letter with no card, or the hand's missing cards), and for the
/// verb card the verb it is a form of.
///
/// ```
/// use lexico_answers::dash::Dash;
/// use lexico_answers::record::DashRecord;
///
/// let lex = lexico_lexicon::Lexicon::from_words(["queso"])?;
/// let dash = Dash::new(&lex, "4 letras", Some("QESOA"))?;
/// let j = dash.judge("queso")?;
/// assert_eq!(
///     serde_json::to_string(&DashRecord::new(&j, dash.cards(), dash.card()))?,
///     r#"{"word":"QUESO","card":"length 4","verdict":"meets","reason":"meets","cards":"QU·E·S·O","count":4,"missing":null,"lemma":null}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DashRecord<'a> {
    /// The word, as the judgement spells it.
    pub word: &'a str,
    /// The card: `length 4`, `verb`, `proper-name`, `starts-with D`, `ends-with A`,
    /// `contains D`.
    pub card: String,
    /// `meets`, `fails` or `players-decide`.
    pub verdict: &'static str,
    /// Why: `meets`, `players-decide`, or the reason it fails ([`Why::name`]).
    pub reason: &'static str,
    /// The letter cards, `·` between them; `None` when it cannot be laid down.
    pub cards: Option<String>,
    /// How many letter cards.
    pub count: Option<usize>,
    /// The letter with no card, or the cards the hand lacks (`·` between them).
    pub missing: Option<String>,
    /// For the verb card, the verb a form meets it as.
    pub lemma: Option<&'a str>,
}

impl<'a> DashRecord<'a> {
    /// The record of `j`, an answer for `card`.
    pub fn new(j: &'a Judgement, cards: &Cards, card: Card) -> DashRecord<'a> {
        DashRecord {
            word: &j.word,
            card: cards.code(card),
            verdict: j.verdict.name(),
            reason: j.verdict.reason(),
            cards: j.cards.as_deref().map(|c| cards.spell_all(c)),
            count: j.cards.as_ref().map(Vec::len),
            missing: match &j.verdict {
                DashVerdict::Fails(Why::NoCard(letter)) => Some(letter.clone()),
                DashVerdict::Fails(Why::NotInHand(missing)) => Some(cards.spell_all(missing)),
                _ => None,
            },
            lemma: j.lemma.as_deref(),
        }
    }
}

/// A play's verdict as `lexico valid --judge --format json` prints it, and the browser's judge
/// answers it: the verdict's name, the number of words, the lexicon (name, edition, version, the
/// payload digest verified, who vouches for it, in English), and the reason a play could not be
/// judged ([`crate::PLAY_ERROR_MESSAGE`]), never naming a word.
///
/// ```
/// use lexico_answers::record::JudgeRecord;
/// use lexico_answers::{PlayVerdict, Signer};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let m = lex.manifest()?;
/// let r = JudgeRecord::new(PlayVerdict::Acceptable, 1, m, lex.verify()?, &Signer::Unsigned);
/// assert_eq!((r.verdict, r.words, r.signer.as_str(), r.error), ("ACCEPTABLE", 1, "unsigned", None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgeRecord<'a> {
    /// `ACCEPTABLE`, `UNACCEPTABLE` or `ERROR`.
    pub verdict: &'static str,
    /// The number of words of the play.
    pub words: usize,
    /// The lexicon's name.
    pub lexicon: &'a str,
    /// Its edition.
    pub edition: &'a str,
    /// Its version.
    pub version: &'a str,
    /// The payload digest computed from its bytes.
    pub payload_sha256: &'a str,
    /// Who vouches for it, in English.
    pub signer: String,
    /// Why the play could not be judged: [`crate::PLAY_ERROR_MESSAGE`] for an `ERROR`.
    pub error: Option<&'static str>,
}

impl<'a> JudgeRecord<'a> {
    /// The record of `verdict` on a play of `words` words, judged with the lexicon of manifest
    /// `m`, payload digest `digest` and signer `signer`.
    pub fn new(
        verdict: PlayVerdict,
        words: usize,
        m: &'a lexico_lexicon::Manifest,
        digest: &'a str,
        signer: &Signer,
    ) -> JudgeRecord<'a> {
        JudgeRecord {
            verdict: verdict.name(),
            words,
            lexicon: &m.name,
            edition: &m.edition,
            version: &m.version,
            payload_sha256: digest,
            signer: signer.to_string(),
            error: (verdict == PlayVerdict::Error).then_some(crate::PLAY_ERROR_MESSAGE),
        }
    }
}

/// A word of a lexicon as `dump` lists it: its spelling and tiles and, when asked for, how it
/// got in (its slot: paradigm cell or kind of form, rule and article).
#[derive(Clone, Copy, Debug)]
pub struct DumpRecord<'a> {
    /// The word.
    pub word: &'a str,
    /// Its number of tiles.
    pub tiles: usize,
    /// How it got in, if asked for: the fields `slot`, `rule` and `article`.
    pub provenance: Option<SlotRecord<'a>>,
}

/// The fields `word` and `tiles`, then those of the provenance if given: a struct of two or
/// five fields, not a flattened map, which a serializer takes more slowly (a map's keys are
/// values to it).
impl Serialize for DumpRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = if self.provenance.is_some() { 5 } else { 2 };
        let mut s = serializer.serialize_struct("DumpRecord", fields)?;
        s.serialize_field("word", self.word)?;
        s.serialize_field("tiles", &self.tiles)?;
        if let Some(p) = &self.provenance {
            s.serialize_field("slot", p.slot)?;
            s.serialize_field("rule", p.rule)?;
            s.serialize_field("article", p.article)?;
        }
        s.end()
    }
}

/// How a word got in, as [`DumpRecord`] gives it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SlotRecord<'a> {
    /// The paradigm cell or kind of form.
    pub slot: &'a str,
    /// The rule that admitted or refused it.
    pub rule: &'a str,
    /// The article of the regulation the rule cites.
    pub article: &'a str,
}

impl<'a> SlotRecord<'a> {
    /// The provenance a slot of the lexicon's table gives.
    pub fn of(slot: &'a SlotInfo) -> SlotRecord<'a> {
        SlotRecord { slot: &slot.slot, rule: &slot.rule, article: &slot.article }
    }
}

/// Tiles listed one after another (a word's hooks): in CSV and JSON one string, the tiles
/// separated by spaces (`B C G`), each spelled as [`Spelling`] says; empty for none.
#[derive(Clone, Copy, Debug)]
pub struct TileList<'a> {
    set: &'a TileSet,
    tiles: &'a [Tile],
    spelling: Spelling,
}

impl<'a> TileList<'a> {
    /// The tiles.
    pub fn tiles(&self) -> &'a [Tile] {
        self.tiles
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Returns true if and only if the list holds no tile.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Each tile, spelled.
    pub fn spelled(&self) -> impl Iterator<Item = Spelled<'a>> + '_ {
        self.tiles.iter().map(|t| Spelled::new(self.set, std::slice::from_ref(t), 0, self.spelling))
    }
}

impl fmt::Display for TileList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.spelled().enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            fmt::Display::fmt(&t, f)?;
        }
        Ok(())
    }
}

impl Serialize for TileList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A word of a study list ([`Search`](lexico_lexicon::query::Search)): the fields of `lexico search`'s records,
/// in the order of its CSV columns.
///
/// ```
/// use lexico_lexicon::query::{Condition, Search, TextCondition};
/// use lexico_answers::record::{study_records, Spelling};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "mas", "asa", "ase", "sa"])?;
/// let search = Search { conditions: vec![Condition::parse(lex.tiles(), TextCondition::Pattern, false, "AS")?], ..Search::default() };
/// let mut json = Vec::new();
/// study_records(&search.run(&lex)?, Spelling::Natural, |r| {
///     json.push(serde_json::to_string(r)?);
///     Ok::<_, serde_json::Error>(())
/// })?;
/// assert_eq!(json, [concat!(
///     r#"{"word":"AS","alphagram":"AS","length":2,"probability_order":1,"combinations":109,"#,
///     r#""probability":0.02202020202020202,"anagrams":2,"front_hooks":"M","back_hooks":"A E","#,
///     r#""inner_front":false,"inner_back":false,"value":2}"#
/// )]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StudyRecord<'a> {
    /// The word.
    pub word: Spelled<'a>,
    /// Its tiles in tile order, spelled so that they read back ([`Spelled::alphagram`]).
    pub alphagram: Spelled<'a>,
    /// Its number of tiles.
    pub length: usize,
    /// Its place among the words of its length by draw probability, 1 the most probable; equal
    /// probabilities by alphagram, then by word.
    pub probability_order: u64,
    /// The distinct draws from a full bag that spell it ([`Bag::combinations`]).
    pub combinations: u64,
    /// The chance that a draw of as many tiles from a full bag spells it.
    pub probability: f64,
    /// The words of its alphagram, itself included.
    pub anagrams: u64,
    /// The tiles that make a word in front of it, in tile order.
    pub front_hooks: TileList<'a>,
    /// The tiles that make a word after it, in tile order.
    pub back_hooks: TileList<'a>,
    /// Whether the word without its first tile is valid.
    pub inner_front: bool,
    /// Whether the word without its last tile is valid.
    pub inner_back: bool,
    /// Its face value.
    pub value: u32,
    /// Whether it is new since the lexicon a `new-since` condition names: only when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<bool>,
}

/// Calls `f` with the record of each word of `list`, in order, spelled as `spelling` says;
/// stops at the first error it returns.
pub fn study_records<E>(
    list: &StudyList<'_>,
    spelling: Spelling,
    mut f: impl FnMut(&StudyRecord<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let set = list.lexicon().tiles();
    let bag = list.bag();
    list.each(|row| {
        let list = |tiles| TileList { set, tiles, spelling };
        let length = row.word.len();
        f(&StudyRecord {
            word: Spelled::new(set, row.word, 0, spelling),
            alphagram: Spelled::alphagram(set, row.alphagram, spelling),
            length,
            probability_order: row.order,
            combinations: row.combinations,
            probability: bag.probability_of(row.combinations, length),
            anagrams: row.anagrams,
            front_hooks: list(row.front),
            back_hooks: list(row.back),
            inner_front: row.inner_front,
            inner_back: row.inner_back,
            value: set.value(row.word),
            new: row.new,
        })
    })
}

/// An explanation as CSV and JSON print it: the verdict, the reason, the English sentences
/// (joined by ` | `), and the derivations and enclitic readings as nested records.
#[derive(Debug, Serialize)]
pub struct ExplanationRecord<'a> {
    /// The word, as [`Explanation::word`].
    pub word: &'a str,
    /// Whether the lexicon holds it.
    pub valid: bool,
    /// Why it is in or out.
    pub reason: Reason,
    /// The sentences in English, separated by ` | `.
    pub explanation: String,
    /// The derivations.
    pub derivations: Vec<DerivationRecord<'a>>,
    /// The enclitic readings.
    pub enclitics: Vec<EncliticRecord<'a>>,
}

impl<'a> ExplanationRecord<'a> {
    /// The record of `e`, with what `data` (the lexicon's rule set) says of articles and codes.
    pub fn new(e: &'a Explanation, data: &ExplainData) -> ExplanationRecord<'a> {
        ExplanationRecord {
            word: &e.word,
            valid: e.valid,
            reason: e.reason,
            explanation: say::explanation(e, Lang::En, data).join(" | "),
            derivations: e.derivations.iter().map(DerivationRecord::new).collect(),
            enclitics: e.enclitics.iter().map(EncliticRecord::new).collect(),
        }
    }
}

/// A derivation as explanations' records and the station's API show it: the entry's id and
/// description, the slot, kind of form, rule, article, reason and source line. Its fields are in
/// byte order, the order of the keys of every JSON object the program writes.
#[derive(Debug, Serialize)]
pub struct DerivationRecord<'a> {
    /// The article it cites.
    pub article: &'a str,
    /// The source entry id.
    pub entry: u64,
    /// The entry as English explanations describe it (`verb 00-1-.-amar`).
    pub entry_text: Option<String>,
    /// The kind of form.
    pub kind: &'static str,
    /// The line of the source file.
    pub line: Option<u64>,
    /// The rule's reason.
    pub reason: &'a str,
    /// The rule.
    pub rule: &'a str,
    /// The slot.
    pub slot: &'a str,
    /// The source file.
    pub source: Option<&'a str>,
}

impl<'a> DerivationRecord<'a> {
    /// The record of `d`.
    pub fn new(d: &'a Derivation) -> DerivationRecord<'a> {
        DerivationRecord {
            entry: d.entry,
            entry_text: d.entry_info.as_ref().map(|info| say::entry(info, Lang::En)),
            slot: &d.slot.slot,
            kind: d.slot.kind.name(),
            rule: &d.slot.rule,
            article: &d.slot.article,
            reason: &d.slot.reason,
            source: d.source.as_ref().map(|(path, _)| path.as_str()),
            line: d.source.as_ref().map(|&(_, line)| line),
        }
    }
}

/// An enclitic reading as explanations' records show it (fields in byte order, as
/// [`DerivationRecord`]'s).
#[derive(Debug, Serialize)]
pub struct EncliticRecord<'a> {
    /// The article.
    pub article: &'a str,
    /// The verb form.
    pub base: &'a str,
    /// How the base is a verb form, when the lexicon records it.
    pub derivation: Option<DerivationRecord<'a>>,
    /// The pronouns.
    pub pronouns: &'a [String],
    /// The letter put back before the pronoun, if any.
    pub restored: Option<&'a str>,
}

impl<'a> EncliticRecord<'a> {
    /// The record of `a`.
    pub fn new(a: &'a Enclitic) -> EncliticRecord<'a> {
        EncliticRecord {
            base: &a.base,
            pronouns: &a.pronouns,
            restored: a.restored.as_deref(),
            article: &a.article,
            derivation: a.derivation.as_ref().map(DerivationRecord::new),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_lexicon::query::Mode;

    /// Records of answers from the anagram index and from a walk of the word store say the
    /// same, and each field is what the bag and the tile set say of the word.
    #[test]
    fn records_from_keys_equal_records_from_the_walk() {
        let words = ["casa", "saca", "cosa", "casas", "asa", "sal", "chacha", "churro"];
        let indexed = Lexicon::from_words(words).unwrap();
        let plain = {
            let mut b = lexico_lexicon::Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
            b.anagram_index(false);
            let slot = b.slot(SlotInfo::default()).unwrap();
            for w in words {
                b.insert(&indexed.tiles().parse_word(w).unwrap(), lexico_lexicon::provenance::code(0, slot))
                    .unwrap();
            }
            let manifest = lexico_lexicon::Manifest {
                min_tiles: 1,
                max_tiles: 16,
                ..lexico_lexicon::Manifest::default()
            };
            Lexicon::from_vec(b.finish(manifest).unwrap()).unwrap()
        };
        for rack in ["CAS?", "AS??", "CHA?", "CHURRO"] {
            for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
                for order in [Sort::Length, Sort::Alpha, Sort::Value, Sort::Probability] {
                    let q = AnagramQuery { mode, min: None, max: Some(8) };
                    let shown = |lex: &Lexicon| {
                        let mut rows = WordRecords::new(lex, Spelling::Natural).ranked();
                        let r = Rack::parse(lex.tiles(), rack).unwrap();
                        let words = anagram_words(lex, &r, &q, order, &rows).unwrap();
                        let mut out = Vec::new();
                        words
                            .records(&mut rows, usize::MAX, |r| {
                                let bag = Bag::of(lex.tiles());
                                assert_eq!(r.combinations, Some(bag.combinations(r.word.tiles())));
                                out.push(serde_json::to_string(r).unwrap());
                                Ok::<_, ()>(())
                            })
                            .unwrap();
                        out
                    };
                    assert_eq!(shown(&indexed), shown(&plain), "{rack} {mode:?} {order:?}");
                    // Without draws: the same words, values and ranks, no combinations.
                    let mut brief = WordRecords::new(&indexed, Spelling::Natural).without_draws();
                    let r = Rack::parse(indexed.tiles(), rack).unwrap();
                    let words = anagram_words(&indexed, &r, &q, order, &brief).unwrap();
                    let mut full = WordRecords::new(&indexed, Spelling::Natural);
                    let all = anagram_words(&indexed, &r, &q, order, &full).unwrap();
                    let mut seen = Vec::new();
                    words
                        .records(&mut brief, usize::MAX, |r| {
                            assert_eq!((r.combinations, r.probability), (None, None));
                            seen.push((r.word.to_string(), r.value, r.blanks));
                            Ok::<_, ()>(())
                        })
                        .unwrap();
                    let mut want = Vec::new();
                    all.records(&mut full, usize::MAX, |r| {
                        want.push((r.word.to_string(), r.value, r.blanks));
                        Ok::<_, ()>(())
                    })
                    .unwrap();
                    assert_eq!(seen, want, "{rack} {mode:?} {order:?}");
                }
            }
        }
    }
}
