//! The answer of an anagram query in a compact form: one integer per word instead of a `Vec`,
//! which is what sorting and printing thousands of sub-anagrams costs least with.

use lexico_tiles::{Tile, TileSet};

use super::{Bag, Found, Sort};

/// The most tiles of a word in an [`AnagramKeys`] (the longest word of an anagram index).
pub const KEY_TILES: usize = crate::MAX_WORD_TILES;

/// The longest word a short key holds: 7 tiles, the game's rack, and a byte to spare.
const SHORT: usize = 7;

/// How many keys an [`AnagramKeys`] has room for from the start: more than the 7,558 words
/// of the sub-anagrams of `AEINR??`.
const RESERVED: usize = 8192;

/// Words as keys: the tiles as a big-endian integer, zero-padded. No tile is 0, so keys sort as
/// the words do (a word before its extensions). Answers of at most [`SHORT`] tiles use 8-byte
/// keys, which sort more than twice as fast as 16-byte ones.
#[derive(Clone, Debug)]
enum Keys {
    Short(Vec<u64>),
    Long(Vec<u128>),
}

/// A key of either size.
trait Key: Copy + Ord {
    fn len(self) -> usize;
    fn word(self) -> Word;
    /// Sorts keys longest first, ties in tile order.
    fn sort_by_length(keys: &mut [Self]);
}

impl Key for u64 {
    fn len(self) -> usize {
        8 - (self.trailing_zeros() / 8) as usize
    }
    fn word(self) -> Word {
        let mut tiles = [0; KEY_TILES];
        tiles[..8].copy_from_slice(&self.to_be_bytes());
        Word { tiles, len: Key::len(self) as u8 }
    }
    fn sort_by_length(keys: &mut [u64]) {
        // The last byte is free (at most SHORT tiles): put SHORT - length in front of the
        // tiles, so that plain integer order is the order wanted, then shift it back out.
        for k in keys.iter_mut() {
            *k = ((SHORT - Key::len(*k)) as u64) << 56 | *k >> 8;
        }
        keys.sort_unstable();
        for k in keys.iter_mut() {
            *k <<= 8;
        }
    }
}

impl Key for u128 {
    fn len(self) -> usize {
        16 - (self.trailing_zeros() / 8) as usize
    }
    fn word(self) -> Word {
        Word { tiles: self.to_be_bytes(), len: Key::len(self) as u8 }
    }
    fn sort_by_length(keys: &mut [u128]) {
        if keys.iter().any(|&k| k as u8 != 0) {
            // A word of 16 tiles leaves no byte free.
            keys.sort_unstable_by_key(|&k| (std::cmp::Reverse(Key::len(k)), k));
            return;
        }
        // As for short keys: 15 - length in front of the tiles, then plain integer order.
        for k in keys.iter_mut() {
            *k = ((KEY_TILES - 1 - Key::len(*k)) as u128) << 120 | *k >> 8;
        }
        keys.sort_unstable();
        for k in keys.iter_mut() {
            *k <<= 8;
        }
    }
}

/// A word of an [`AnagramKeys`], its tiles inline.
///
/// ```
/// // See AnagramKeys: `keys.word(i).tiles()` are the tiles of the i-th word.
/// let lex = lexico_lexicon::Lexicon::from_words(["sol"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "LOS")?;
/// let q = lexico_lexicon::query::AnagramQuery::default();
/// let keys = lexico_lexicon::query::anagram_keys(&lex, &rack, &q)?.expect("indexed");
/// assert_eq!(lex.tiles().spell(keys.word(0).tiles()), "SOL");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    tiles: [Tile; KEY_TILES],
    len: u8,
}

impl Word {
    /// The word's tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }
}

/// The words of an anagram query answered from the anagram index (see
/// [`super::anagram_keys`]), and the rack, from which each word's blanks follow: the rack's
/// tiles play the first copies of each tile of a word and blanks the rest, the rule
/// [`super::anagram`] follows (a super-anagram's added tiles come from the board: the answer
/// of a super-anagram query has no blanks).
///
/// ```
/// use lexico_lexicon::query::{anagram_keys, AnagramQuery};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "saca"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "CAS?")?;
/// let keys = anagram_keys(&lex, &rack, &AnagramQuery::default())?.expect("the lexicon has the index");
/// assert_eq!(keys.len(), 2);
/// let word = keys.word(0); // a Word: its tiles inline, no allocation
/// assert_eq!(keys.blanks(word.tiles()).count_ones(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AnagramKeys {
    keys: Keys,
    /// For each tile byte the rack holds, its place among the rack's distinct tiles, from 1;
    /// 0 for the others.
    place: [u8; 256],
    /// The copies the rack holds of each of its distinct tiles, by place.
    held: [u8; PLACES],
    blanks: u8,
}

/// Which tiles of one word blanks play: a tile the rack lacks, and the copies of a tile past
/// those the rack holds.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["sola"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "LOS?")?;
/// let q = lexico_lexicon::query::AnagramQuery::default();
/// let keys = lexico_lexicon::query::anagram_keys(&lex, &rack, &q)?.expect("indexed");
/// let mut marks = keys.marks();
/// let blank: Vec<bool> = keys.word(0).tiles().iter().map(|&t| marks.next(t)).collect();
/// assert_eq!(blank, [false, false, false, true]); // the A is the blank
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Marks<'k> {
    keys: &'k AnagramKeys,
    /// Copies of each of the rack's tiles so far, by place; place 0 counts the tiles it lacks.
    seen: [u8; PLACES],
}

impl Marks<'_> {
    /// Whether a blank plays `t`, the word's next tile.
    pub fn next(&mut self, t: Tile) -> bool {
        let p = self.keys.place[t as usize] as usize;
        self.seen[p] = self.seen[p].saturating_add(1);
        // Nothing is held at place 0.
        self.keys.blanks > 0 && self.seen[p] > self.keys.held[p]
    }
}

/// Places of [`AnagramKeys::place`]: a rack has at most [`super::MAX_RACK`] distinct tiles.
const PLACES: usize = super::MAX_RACK + 1;

impl AnagramKeys {
    /// An empty answer for words of at most `max` tiles, for a rack holding `held` lettered
    /// tiles and `blanks` blanks.
    pub(crate) fn new(max: usize, held: [u8; 256], blanks: u8) -> AnagramKeys {
        // Room for the words of most racks up front: memory not written to costs nothing, and
        // growing by doubling would copy the keys and touch twice the pages.
        let keys = if max <= SHORT {
            Keys::Short(Vec::with_capacity(RESERVED))
        } else {
            Keys::Long(Vec::with_capacity(RESERVED))
        };
        let mut place = [0u8; 256];
        let mut by_place = [0u8; PLACES];
        let mut n = 0;
        for (t, &c) in held.iter().enumerate() {
            if c > 0 && n + 1 < PLACES {
                n += 1;
                place[t] = n as u8;
                by_place[n] = c;
            }
        }
        AnagramKeys { keys, place, held: by_place, blanks }
    }

    /// Adds a word of at most `max` tiles (see [`AnagramKeys::new`]), its tiles zero-padded to
    /// [`KEY_TILES`] bytes; a longer one is left out.
    pub(crate) fn push(&mut self, word: &[Tile; KEY_TILES]) {
        match &mut self.keys {
            Keys::Short(k) if word[SHORT] == 0 => {
                k.push(u64::from_be_bytes(word[..8].try_into().expect("8 bytes")))
            }
            Keys::Long(k) => k.push(u128::from_be_bytes(*word)),
            _ => {}
        }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        match &self.keys {
            Keys::Short(k) => k.len(),
            Keys::Long(k) => k.len(),
        }
    }

    /// Returns true if and only if there is no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Word `i`, in the order of the last [`AnagramKeys::sort`] (before any, the order the
    /// search met them).
    pub fn word(&self, i: usize) -> Word {
        match &self.keys {
            Keys::Short(k) => k[i].word(),
            Keys::Long(k) => k[i].word(),
        }
    }

    /// The positions of `word` (one of the words) that blanks play, as in [`Found::blanks`].
    pub fn blanks(&self, word: &[Tile]) -> u64 {
        if self.blanks == 0 {
            return 0;
        }
        let mut marks = self.marks();
        word.iter().enumerate().fold(0, |mask, (i, &t)| mask | u64::from(marks.next(t)) << i)
    }

    /// Which tiles of a word blanks play, told tile by tile (one `Marks` per word): for a caller
    /// that goes through the word's tiles anyway.
    pub fn marks(&self) -> Marks<'_> {
        Marks { keys: self, seen: [0; PLACES] }
    }

    /// The face value of `word` (one of the words): its tiles not played by a blank.
    pub fn value(&self, word: &[Tile], set: &TileSet) -> u32 {
        let blanks = self.blanks(word);
        let value = |(i, &t): (usize, &Tile)| {
            if blanks >> i & 1 == 1 {
                0
            } else {
                set.get(t).map_or(0, |d| d.value as u32)
            }
        };
        word.iter().enumerate().map(value).sum()
    }

    /// Word `i` with its blanks.
    pub fn found(&self, i: usize) -> Found {
        let word = self.word(i);
        Found { tiles: word.tiles().to_vec(), blanks: self.blanks(word.tiles()) }
    }

    /// Sorts the words in `order`, as [`super::sort`] sorts the same words as [`Found`].
    pub fn sort(&mut self, order: Sort, set: &TileSet, bag: &Bag) {
        let mut keys = std::mem::replace(&mut self.keys, Keys::Short(Vec::new()));
        match &mut keys {
            Keys::Short(k) => self.sort_keys(k, order, set, bag),
            Keys::Long(k) => self.sort_keys(k, order, set, bag),
        }
        self.keys = keys;
    }

    fn sort_keys<K: Key>(&self, keys: &mut [K], order: Sort, set: &TileSet, bag: &Bag) {
        // Each word is once in the answer, so tile order is total: no tie is left for the
        // blanks to break, and an unstable sort gives the one order.
        match order {
            Sort::Alpha => keys.sort_unstable(),
            Sort::Length => K::sort_by_length(keys),
            Sort::Value => {
                keys.sort_unstable();
                keys.sort_by_cached_key(|&k| std::cmp::Reverse(self.value(k.word().tiles(), set)));
            }
            Sort::Probability => {
                keys.sort_unstable();
                keys.sort_by_cached_key(|&k| std::cmp::Reverse(bag.combinations(k.word().tiles())));
            }
        }
    }

    /// The words as [`Found`], in tile order.
    pub fn found_in_order(mut self) -> Vec<Found> {
        match &mut self.keys {
            Keys::Short(k) => k.sort_unstable(),
            Keys::Long(k) => k.sort_unstable(),
        }
        (0..self.len()).map(|i| self.found(i)).collect()
    }
}
