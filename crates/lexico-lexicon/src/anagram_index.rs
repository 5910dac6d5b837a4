//! The anagram index (section `AGRM`): every word filed under its length and alphagram, the
//! word's tiles sorted in tile order, so the anagrams of a rack are found by walking sorted tile
//! sequences instead of every ordering of them.
//!
//! ```text
//! offset  size  field
//! 0       8     length F of the fst, little-endian u64
//! 8       F     fst map: length byte, then alphagram -> bit offset of its words in the list
//! 8+F     ...   list of words: for each alphagram, its words in tile order, each as its
//!               digits then 1 bit "another word follows"
//! ```
//!
//! Alphagrams are filed by length first, so the nodes and lists that a rack's query reads (a
//! few lengths, the short ones) lie together at the start of the section.
//!
//! A word of `n` tiles, whose alphagram has `k` distinct tiles, is stored as `n - 1` digits of
//! `w` bits each (bits of `k - 1`: none when a single tile repeats), least significant first:
//! digit `i` is the position of the word's tile `i` among the alphagram's distinct tiles, in
//! tile order. The last tile is the one copy the others leave. `CASA`, alphagram `AACS`
//! ({A, C, S}, 2 bits a digit): C is 1, A is 0, S is 2, and the last A is left. A reader checks
//! that the digits use each tile no more often than the alphagram has it and leave exactly one
//! copy. Digits are decoded with a shift and a mask each, none depending on the one before;
//! they take about half as much space again as a word's rank among the orderings of its
//! alphagram, whose decoding needs a division per tile (see `docs/formats.md`). The bit offsets
//! increase with the keys, which keeps the fst near the size of a plain set of keys (an fst
//! shares increasing outputs along common prefixes). Bits are read least significant first
//! from little-endian bytes.

use fst::raw::{Fst, Node};
use fst::MapBuilder;

use crate::bytes::Bytes;
use crate::error::LexiconError;
use crate::MAX_WORD_TILES;

/// The distinct tiles of an alphagram, in tile order, and their copies.
struct Distinct {
    tiles: [u8; MAX_WORD_TILES],
    /// How many there are.
    k: usize,
    /// Byte `d` (least significant first): the copies of tile `d`.
    copies: u128,
}

impl Distinct {
    /// The distinct tiles of a sorted tile sequence of at most [`MAX_WORD_TILES`] tiles.
    fn of(sorted: &[u8]) -> Distinct {
        // The copies are counted in a register: a byte array in memory would make each count
        // wait for the store of the one before.
        let (mut tiles, mut copies, mut k) = ([0; MAX_WORD_TILES], 0u128, 0);
        for &t in sorted {
            if k == 0 || tiles[k - 1] != t {
                tiles[k] = t;
                k += 1;
            }
            // At most 16 tiles: k - 1 is below 16, and a count below 256.
            copies += 1u128 << ((8 * (k - 1)) & 127);
        }
        Distinct { tiles, k, copies }
    }

    /// Bits of a digit: enough for `k` values.
    fn width(&self) -> u32 {
        usize::BITS - self.k.saturating_sub(1).leading_zeros()
    }

    /// The digit of tile `t`, which must be one of them.
    fn digit(&self, t: u8) -> u64 {
        self.tiles[..self.k].iter().position(|&u| u == t).expect("a tile of the alphagram") as u64
    }
}

/// The words of a lexicon on their way into an anagram index.
#[derive(Default)]
pub struct Filer {
    /// Each word's alphagram zero-padded to 16 tiles as two big-endian halves (they sort as the
    /// alphagrams do: tiles are never 0), and its digits, 4 bits each, the first in the top
    /// bits (they sort as the words do): 24 bytes a word.
    items: Vec<(u64, u64, u64)>,
}

/// Bits of a digit in [`Filer`]'s items: a digit is below 16, the most tiles of a word.
const NIBBLE: u32 = 4;

impl Filer {
    /// Room for `n` words.
    pub fn with_capacity(n: usize) -> Filer {
        Filer { items: Vec::with_capacity(n) }
    }

    /// Adds `word`; each word of the lexicon once, in any order.
    pub fn add(&mut self, word: &[u8]) -> Result<(), LexiconError> {
        let mut sorted = [0u8; MAX_WORD_TILES];
        if word.len() > sorted.len() {
            return Err(LexiconError::Fst(format!("a word of {} tiles in the anagram index", word.len())));
        }
        sorted[..word.len()].copy_from_slice(word);
        sorted[..word.len()].sort_unstable();
        let set = Distinct::of(&sorted[..word.len()]);
        let mut digits = 0u64;
        for (i, &t) in word.iter().enumerate() {
            digits |= set.digit(t) << (64 - NIBBLE * (i as u32 + 1));
        }
        let half = |h: &[u8]| u64::from_be_bytes(h.try_into().expect("8 bytes"));
        self.items.push((half(&sorted[..8]), half(&sorted[8..]), digits));
        Ok(())
    }

    /// Builds the section.
    pub fn encode(self) -> Result<Vec<u8>, LexiconError> {
        encode(self.items)
    }
}

/// The tiles of an alphagram held as two zero-padded big-endian halves.
fn tiles_of(hi: u64, lo: u64) -> ([u8; MAX_WORD_TILES], usize) {
    let mut key = [0u8; MAX_WORD_TILES];
    key[..8].copy_from_slice(&hi.to_be_bytes());
    key[8..].copy_from_slice(&lo.to_be_bytes());
    let len = key.iter().position(|&b| b == 0).unwrap_or(key.len());
    (key, len)
}

fn encode(mut items: Vec<(u64, u64, u64)>) -> Result<Vec<u8>, LexiconError> {
    items.sort_unstable_by_key(|&(hi, lo, digits)| (tiles_of(hi, lo).1, hi, lo, digits));
    let mut map = MapBuilder::memory();
    let mut list = BitWriter::default();
    let mut i = 0;
    while i < items.len() {
        let (hi, lo) = (items[i].0, items[i].1);
        let (tiles, len) = tiles_of(hi, lo);
        let mut key = [0u8; MAX_WORD_TILES + 1];
        key[0] = len as u8;
        key[1..].copy_from_slice(&tiles);
        map.insert(&key[..=len], list.bits).map_err(|e| LexiconError::Fst(e.to_string()))?;
        let w = Distinct::of(&tiles[..len]).width();
        let same = |f: &(u64, u64, u64)| f.0 == hi && f.1 == lo;
        let mut j = i;
        while j < items.len() && same(&items[j]) {
            // The last tile is the one the others leave.
            for p in 0..len as u32 - 1 {
                list.push(items[j].2 >> (64 - NIBBLE * (p + 1)) & 0xf, w);
            }
            list.push(u64::from(j + 1 < items.len() && same(&items[j + 1])), 1);
            j += 1;
        }
        i = j;
    }
    let fst = map.into_inner().map_err(|e| LexiconError::Fst(e.to_string()))?;
    let mut out = Vec::with_capacity(8 + fst.len() + list.bytes.len() + 8);
    out.extend_from_slice(&(fst.len() as u64).to_le_bytes());
    out.extend_from_slice(&fst);
    out.extend_from_slice(&list.finish());
    Ok(out)
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    filled: u32,
    bits: u64,
}

impl BitWriter {
    fn push(&mut self, value: u64, width: u32) {
        for k in 0..width {
            self.acc |= (value >> k & 1) << self.filled;
            self.filled += 1;
            if self.filled == 64 {
                self.bytes.extend_from_slice(&self.acc.to_le_bytes());
                (self.acc, self.filled) = (0, 0);
            }
        }
        self.bits += width as u64;
    }

    fn finish(mut self) -> Vec<u8> {
        let tail = self.filled.div_ceil(8) as usize;
        self.bytes.extend_from_slice(&self.acc.to_le_bytes()[..tail]);
        self.bytes
    }
}

/// An opened anagram index.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "saca"])?;
/// assert!(lex.anagram_index()?.is_some()); // from_words files one, as the embedded lexicon does
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AnagramIndex {
    fst: Fst<Bytes>,
    list: Bytes,
}

impl AnagramIndex {
    /// Reads the section's layout (the fst's header, not its nodes).
    pub(crate) fn new(section: Bytes) -> Result<AnagramIndex, LexiconError> {
        let bytes = section.as_ref();
        let bad = || LexiconError::Corrupt("the anagram index is malformed".into());
        let len = bytes.get(..8).ok_or_else(bad)?;
        let len = u64::from_le_bytes(len.try_into().expect("8 bytes"));
        let end = 8u64.checked_add(len).filter(|&e| e <= bytes.len() as u64).ok_or_else(bad)? as usize;
        let fst = Fst::new(section.slice(8, end)).map_err(|e| LexiconError::fst(&e))?;
        Ok(AnagramIndex { fst, list: section.slice(end, bytes.len()) })
    }

    /// The fst of lengths and alphagrams; its outputs are bit offsets for
    /// [`AnagramIndex::words`].
    pub fn fst(&self) -> &Fst<Bytes> {
        &self.fst
    }

    /// The root of the fst: its transitions are lengths, then tiles.
    pub fn root(&self) -> Node<'_> {
        self.fst.root()
    }

    /// Calls `each` with every word filed under `alphagram` (sorted tiles, without the length)
    /// at bit offset `at`, in tile order, its tiles zero-padded to [`MAX_WORD_TILES`] bytes (no
    /// tile is 0): a caller can take them as one integer. Returns false if the list is damaged
    /// (it then stops).
    pub fn words(&self, alphagram: &[u8], at: u64, mut each: impl FnMut(&[u8; MAX_WORD_TILES])) -> bool {
        let n = alphagram.len();
        // No alphagram of a valid index is longer (the builder refuses longer words).
        if n == 0 || n > MAX_WORD_TILES {
            return false;
        }
        let set = Distinct::of(alphagram);
        let w = set.width();
        if set.k <= 8 {
            // Eight counts of a byte fit a u64, which is cheaper to shift than a u128.
            self.each_word(&set, set.copies as u64, w, n, at, &mut each)
        } else {
            self.each_word(&set, set.copies, w, n, at, &mut each)
        }
    }

    /// The loop of [`AnagramIndex::words`], with the alphagram's copies by digit as `copies`.
    fn each_word<C: Copies>(
        &self,
        set: &Distinct,
        copies: C,
        w: u32,
        n: usize,
        at: u64,
        each: &mut impl FnMut(&[u8; MAX_WORD_TILES]),
    ) -> bool {
        let mask = (1u64 << w) - 1;
        // The digits and the flag: at most 15 * 4 + 1 bits.
        let need = (n as u32 - 1) * w + 1;
        let list = self.list.as_ref();
        let mut at = at;
        let mut word = [0u8; MAX_WORD_TILES];
        loop {
            let Some(bits) = read(list, at, need) else {
                return false;
            };
            // The copies the digits use, to check them against the alphagram's and to find
            // the last tile: each count stays below 16, so bytes never carry.
            let mut used = C::default();
            for (i, slot) in word[..n - 1].iter_mut().enumerate() {
                let d = (bits >> (i as u32 * w) & mask) as u32;
                *slot = set.tiles[d as usize];
                used = used.plus_one(d);
            }
            // Exactly one copy must be left, a power of 256: then (bytes never carry) the
            // digits used the alphagram's tiles, each as often as it has them, but that one.
            let Some(d) = copies.minus(used).single() else {
                return false;
            };
            word[n - 1] = set.tiles[d as usize];
            // The bytes past n stay 0: every word of the alphagram has n tiles.
            each(&word);
            if bits >> (need - 1) & 1 == 0 {
                return true;
            }
            at += need as u64;
        }
    }
}

/// Counts of tiles by digit, a byte each, least significant first.
trait Copies: Copy + Default {
    /// One more copy of the tile of digit `d` (below the byte count).
    fn plus_one(self, d: u32) -> Self;
    /// `self - other`, wrapping.
    fn minus(self, other: Self) -> Self;
    /// The digit of the only copy counted, if exactly one is.
    fn single(self) -> Option<u32>;
}

macro_rules! copies {
    ($t:ty) => {
        impl Copies for $t {
            fn plus_one(self, d: u32) -> $t {
                // A digit has the width of the distinct tiles: below 8 when they fit a u64,
                // below 16 in a u128, so the shift stays within the integer.
                self.wrapping_add((1 as $t) << (8 * d & (<$t>::BITS - 1)))
            }
            fn minus(self, other: $t) -> $t {
                self.wrapping_sub(other)
            }
            fn single(self) -> Option<u32> {
                let z = self.trailing_zeros();
                (self.is_power_of_two() && z % 8 == 0).then_some(z / 8)
            }
        }
    };
}
copies!(u64);
copies!(u128);

/// `width` bits (at most 64) at bit offset `at`, least significant first; `None` past the end of
/// the list.
fn read(list: &[u8], at: u64, width: u32) -> Option<u64> {
    if at.checked_add(width as u64)? > 8 * list.len() as u64 {
        return None;
    }
    let low = peek(list, at);
    // One load holds 57 bits or more; a second one the rest.
    let v = if width <= 57 { low } else { low & 0xffff_ffff | peek(list, at + 32) << 32 };
    Some(if width == 64 { v } else { v & ((1 << width) - 1) })
}

/// The 57 or more bits from bit offset `at` on, least significant first, zeros past the end.
fn peek(list: &[u8], at: u64) -> u64 {
    let Ok(byte) = usize::try_from(at / 8) else {
        return 0;
    };
    let eight = match list.get(byte..byte.wrapping_add(8)) {
        // One 8-byte load, except near the end of the list.
        Some(eight) => eight.try_into().expect("8 bytes"),
        None => {
            let mut buf = [0u8; 8];
            for (b, &v) in buf.iter_mut().zip(list.get(byte..).unwrap_or_default()) {
                *b = v;
            }
            buf
        }
    };
    u64::from_le_bytes(eight) >> (at % 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The section of `words` and its opened index.
    fn index(words: &[&[u8]]) -> AnagramIndex {
        let mut filer = Filer::default();
        for w in words {
            filer.add(w).unwrap();
        }
        AnagramIndex::new(Bytes::owned(filer.encode().unwrap())).unwrap()
    }

    /// The words the index files under `alphagram`.
    fn listed(index: &AnagramIndex, alphagram: &[u8]) -> Vec<Vec<u8>> {
        let mut key = vec![alphagram.len() as u8];
        key.extend_from_slice(alphagram);
        let Some(at) = index.fst().get(&key) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        assert!(index.words(alphagram, at.value(), |w| {
            assert!(w[alphagram.len()..].iter().all(|&b| b == 0));
            out.push(w[..alphagram.len()].to_vec())
        }));
        out
    }

    #[test]
    fn every_ordering_reads_back_in_tile_order() {
        for sorted in
            [&[7u8][..], &[1, 2], &[1, 1, 2, 3], &[2, 2, 2], &[1, 1, 2, 2, 3, 3, 3], &[1, 3, 5, 7, 9, 11]]
        {
            let mut all = vec![sorted.to_vec()];
            // Every distinct ordering, by repeated next permutation.
            let mut p = sorted.to_vec();
            while let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) {
                let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
                p.swap(i - 1, j);
                p[i..].reverse();
                all.push(p.clone());
            }
            let words: Vec<&[u8]> = all.iter().rev().map(|w| &w[..]).collect();
            assert_eq!(listed(&index(&words), sorted), all, "{sorted:?}");
        }
    }

    #[test]
    fn digits_take_the_bits_the_distinct_tiles_need() {
        // CASA over A=1, C=3, S=22: of {A, C, S} (2 bits a digit), C is 1, A 0, S 2, and the
        // last A is left; then the flag: 0b0_10_00_01 in 7 bits.
        let mut filer = Filer::default();
        filer.add(&[3, 1, 22, 1]).unwrap();
        let section = filer.encode().unwrap();
        let fst_len = u64::from_le_bytes(section[..8].try_into().unwrap()) as usize;
        assert_eq!(&section[8 + fst_len..], &[0b0_10_00_01]);
    }

    #[test]
    fn lengths_file_apart_and_shorter_first() {
        let index = index(&[b"\x02\x01\x03", b"\x01\x02", b"\x01\x02\x03\x04", b"\x02\x01"]);
        let mut keys = Vec::new();
        let mut stream = index.fst().stream();
        use fst::Streamer;
        while let Some((k, _)) = stream.next() {
            keys.push(k.to_vec());
        }
        assert_eq!(keys, [vec![2, 1, 2], vec![3, 1, 2, 3], vec![4, 1, 2, 3, 4]]);
        assert_eq!(listed(&index, &[1, 2]), [vec![1, 2], vec![2, 1]]);
        assert_eq!(listed(&index, &[1, 2, 3]), [vec![2, 1, 3]]);
    }

    #[test]
    fn damaged_lists_stop_the_reading() {
        let index = index(&[b"\x01\x02\x03"]);
        let at = index.fst().get([3, 1, 2, 3]).unwrap().value();
        // Past the end of the list, or a digit beyond the tiles left.
        assert!(!index.words(&[1, 2, 3], at + 64, |_| {}));
        let bad = AnagramIndex { fst: index.fst, list: Bytes::owned(vec![0b11]) };
        assert!(!bad.words(&[1, 2, 3], 0, |_| {}));
    }

    proptest::proptest! {
        /// Whatever the list holds, reading it never panics, and every word it gives is an
        /// ordering of the alphagram: damage is refused or gives real anagrams, never other
        /// tiles.
        #[test]
        fn any_list_reads_as_anagrams_or_stops(
            list in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
            alphagram in proptest::collection::vec(1u8..6, 1..=MAX_WORD_TILES),
            at in 0u64..600,
        ) {
            let mut sorted = alphagram;
            sorted.sort_unstable();
            // The list is what is read here; the fst is not consulted.
            let fst = Fst::new(Bytes::owned(fst::raw::Builder::memory().into_inner().unwrap())).unwrap();
            let index = AnagramIndex { fst, list: Bytes::owned(list) };
            index.words(&sorted, at, |w| {
                let mut tiles = w[..sorted.len()].to_vec();
                assert!(w[sorted.len()..].iter().all(|&b| b == 0));
                tiles.sort_unstable();
                assert_eq!(tiles, sorted);
            });
        }
    }

    #[test]
    fn bits_read_back() {
        let mut w = BitWriter::default();
        let values = [(5u64, 3u32), (0, 0), (1 << 40 | 7, 41), (1, 1), (0x1234, 16), (3, 2)];
        for &(v, n) in &values {
            w.push(v, n);
        }
        let bytes = w.finish();
        let mut at = 0;
        for &(v, n) in &values {
            assert_eq!(peek(&bytes, at) & ((1u64 << n) - 1), v);
            at += n as u64;
        }
        assert_eq!(peek(&bytes, at), 0);
    }
}
