//! The answer of an anagram query in a compact form: one integer per word instead of a `Vec`,
//! which is what sorting and printing thousands of sub-anagrams costs least with; optionally
//! with each word's combinations beside it, for rows that print them.

use lexico_tiles::{Tile, TileSet};

use super::{Bag, Found, Sort};

/// The most tiles of a word in an [`AnagramKeys`] (the longest word of an anagram index).
pub const KEY_TILES: usize = crate::MAX_WORD_TILES;

/// The longest word a short key holds: 7 tiles, the game's rack, and a byte to spare.
const SHORT: usize = 7;

/// How many keys an [`AnagramKeys`] has room for from the start: more than the 7,558 words
/// of the sub-anagrams of `AEINR??`.
const RESERVED: usize = 8192;

/// The bytes an answer expected to be large (a super-anagram's, tens of thousands of words)
/// reserves up front, so that it never grows by copying its keys: what is reserved and never
/// written costs nothing.
const LARGE: usize = 4 << 20;

/// Words as keys: the tiles as a big-endian integer, zero-padded. No tile is 0, so keys sort as
/// the words do (a word before its extensions). Answers of at most [`SHORT`] tiles use 8-byte
/// keys, which sort more than twice as fast as 16-byte ones. Keys may carry each word's
/// combinations (see [`super::anagram_keys_with_combinations`]), as a pair.
#[derive(Clone, Debug)]
enum Keys {
    Short(Vec<u64>),
    Long(Vec<u128>),
    ShortCounted(Vec<ShortCounted>),
    LongCounted(Vec<LongCounted>),
}

/// A long key with its word's combinations in 24 bytes (a `(u128, u64)` takes 32, which sorts
/// more slowly): the key's high and low halves, which compare as the key does, then the
/// combinations.
#[derive(Clone, Copy, Debug)]
struct LongCounted {
    hi: u64,
    lo: u64,
    combinations: u64,
}

/// Equality and order of an entry with its combinations by its key alone (for a long key, one
/// 128-bit integer: two words, no branch): no two words share a key, so the combinations never
/// decide, and a comparison that looks at them costs a test for a tie each time.
macro_rules! compared_by_key {
    ($entry:ty) => {
        impl PartialEq for $entry {
            fn eq(&self, other: &Self) -> bool {
                self.key() == other.key()
            }
        }

        impl Eq for $entry {}

        impl PartialOrd for $entry {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }

            fn lt(&self, other: &Self) -> bool {
                self.key() < other.key()
            }
        }

        impl Ord for $entry {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.key().cmp(&other.key())
            }
        }
    };
}

compared_by_key!(LongCounted);
compared_by_key!(ShortCounted);

/// A short key with its word's combinations, compared by the key alone (see
/// `compared_by_key!`): sorting the 7,558 words of `anagram --sub AEINR??` took 0.142 ms as
/// `(u64, u64)` pairs and takes 0.119 ms (their keys alone, 0.073 ms).
#[derive(Clone, Copy, Debug)]
struct ShortCounted {
    key: u64,
    combinations: u64,
}

/// Runs `$body` with `$k` bound to the entries of `$keys`, whatever their kind.
macro_rules! each_kind {
    ($keys:expr, $k:ident => $body:expr) => {
        match $keys {
            Keys::Short($k) => $body,
            Keys::Long($k) => $body,
            Keys::ShortCounted($k) => $body,
            Keys::LongCounted($k) => $body,
        }
    };
}

/// A key of either size.
trait Key: Copy + Ord {
    fn len(self) -> usize;
    fn word(self) -> Word;
    /// Whether the last byte is free (0).
    fn spare(self) -> bool;
    /// The key with its longest length less its length in front of its tiles and its last byte dropped, so that
    /// plain integer order is length order (longest first, ties in tile order); `back` undoes
    /// it.
    fn length_first(self) -> Self;
    fn back(self) -> Self;
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
    fn spare(self) -> bool {
        self as u8 == 0
    }
    fn length_first(self) -> u64 {
        ((SHORT - Key::len(self)) as u64) << 56 | self >> 8
    }
    fn back(self) -> u64 {
        self << 8
    }
}

impl Key for u128 {
    fn len(self) -> usize {
        16 - (self.trailing_zeros() / 8) as usize
    }
    fn word(self) -> Word {
        Word { tiles: self.to_be_bytes(), len: Key::len(self) as u8 }
    }
    fn spare(self) -> bool {
        self as u8 == 0
    }
    fn length_first(self) -> u128 {
        ((KEY_TILES - 1 - Key::len(self)) as u128) << 120 | self >> 8
    }
    fn back(self) -> u128 {
        self << 8
    }
}

/// An entry of an answer: a key, alone or with the word's combinations. Entries compare as
/// their keys do (no two words have the same key, so the combinations never decide).
trait Entry: Copy + Ord {
    type K: Key;
    fn key(self) -> Self::K;
    fn set_key(&mut self, key: Self::K);
    fn combinations(self) -> Option<u64>;
}

impl<K: Key> Entry for K {
    type K = K;
    fn key(self) -> K {
        self
    }
    fn set_key(&mut self, key: K) {
        *self = key;
    }
    fn combinations(self) -> Option<u64> {
        None
    }
}

impl Entry for ShortCounted {
    type K = u64;
    fn key(self) -> u64 {
        self.key
    }
    fn set_key(&mut self, key: u64) {
        self.key = key;
    }
    fn combinations(self) -> Option<u64> {
        Some(self.combinations)
    }
}

impl Entry for LongCounted {
    type K = u128;
    fn key(self) -> u128 {
        (self.hi as u128) << 64 | self.lo as u128
    }
    fn set_key(&mut self, key: u128) {
        (self.hi, self.lo) = ((key >> 64) as u64, key as u64);
    }
    fn combinations(self) -> Option<u64> {
        Some(self.combinations)
    }
}

/// Sorts entries longest first, ties in tile order.
fn sort_by_length<E: Entry>(entries: &mut [E]) {
    if !entries.iter().all(|e| e.key().spare()) {
        // A word of 16 tiles leaves no byte free.
        entries.sort_unstable_by_key(|e| (std::cmp::Reverse(e.key().len()), e.key()));
        return;
    }
    for e in entries.iter_mut() {
        e.set_key(e.key().length_first());
    }
    entries.sort_unstable();
    for e in entries.iter_mut() {
        e.set_key(e.key().back());
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
    /// tiles and `blanks` blanks; `counted` if the words carry their combinations, `large` if
    /// it is expected to be large (see [`LARGE`]).
    pub(crate) fn new(max: usize, held: [u8; 256], blanks: u8, counted: bool, large: bool) -> AnagramKeys {
        // Room for the words of most racks up front: memory not written to costs nothing, and
        // growing by doubling would copy the keys and touch twice the pages.
        let room = |size: usize| if large { LARGE.div_ceil(size) } else { RESERVED };
        let keys = match (max <= SHORT, counted) {
            (true, false) => Keys::Short(Vec::with_capacity(room(size_of::<u64>()))),
            (false, false) => Keys::Long(Vec::with_capacity(room(size_of::<u128>()))),
            (true, true) => Keys::ShortCounted(Vec::with_capacity(room(size_of::<ShortCounted>()))),
            (false, true) => Keys::LongCounted(Vec::with_capacity(room(size_of::<LongCounted>()))),
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

    /// Adds a word as [`AnagramKeys::push`] does, with its combinations (to an answer made to
    /// carry them).
    pub(crate) fn push_counted(&mut self, word: &[Tile; KEY_TILES], combinations: u64) {
        match &mut self.keys {
            Keys::ShortCounted(k) if word[SHORT] == 0 => k.push(ShortCounted {
                key: u64::from_be_bytes(word[..8].try_into().expect("8 bytes")),
                combinations,
            }),
            Keys::LongCounted(k) => {
                let mut entry = LongCounted { hi: 0, lo: 0, combinations };
                entry.set_key(u128::from_be_bytes(*word));
                k.push(entry)
            }
            _ => {}
        }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        each_kind!(&self.keys, k => k.len())
    }

    /// Returns true if and only if there is no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Word `i`, in the order of the last [`AnagramKeys::sort`] (before any, the order the
    /// search met them).
    #[inline]
    pub fn word(&self, i: usize) -> Word {
        each_kind!(&self.keys, k => k[i].key().word())
    }

    /// The combinations of word `i` (see [`Bag::combinations`]) if the answer carries them: an
    /// answer of [`super::anagram_keys_with_combinations`].
    #[inline]
    pub fn combinations(&self, i: usize) -> Option<u64> {
        each_kind!(&self.keys, k => k[i].combinations())
    }

    /// Whether a blank may play a tile of some word: the rack has blanks (a super-anagram's
    /// never does). Without, [`AnagramKeys::blanks`] is 0 and [`Marks::next`] false for
    /// every word.
    pub fn any_blank(&self) -> bool {
        self.blanks > 0
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
        each_kind!(&mut keys, k => self.sort_keys(k, order, set, bag));
        self.keys = keys;
    }

    fn sort_keys<E: Entry>(&self, keys: &mut [E], order: Sort, set: &TileSet, bag: &Bag) {
        // Each word is once in the answer, so tile order is total: no tie is left for the
        // blanks to break, and an unstable sort gives the one order.
        match order {
            Sort::Alpha => keys.sort_unstable(),
            Sort::Length => sort_by_length(keys),
            Sort::Value => {
                keys.sort_unstable();
                keys.sort_by_cached_key(|&k| std::cmp::Reverse(self.value(k.key().word().tiles(), set)));
            }
            Sort::Probability => {
                keys.sort_unstable();
                keys.sort_by_cached_key(|&k| {
                    std::cmp::Reverse(
                        k.combinations().unwrap_or_else(|| bag.combinations(k.key().word().tiles())),
                    )
                });
            }
        }
    }

    /// The words as [`Found`], in tile order.
    pub fn found_in_order(mut self) -> Vec<Found> {
        each_kind!(&mut self.keys, k => k.sort_unstable());
        (0..self.len()).map(|i| self.found(i)).collect()
    }
}
