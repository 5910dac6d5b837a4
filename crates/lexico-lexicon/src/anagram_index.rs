//! The anagram index (section `ANAG`): every word filed under its alphagram, the word's tiles
//! sorted in tile order, so the anagrams of a rack are found by walking sorted tile sequences
//! instead of every ordering of them.
//!
//! ```text
//! offset  size  field
//! 0       8     length F of the fst, little-endian u64
//! 8       F     fst map: alphagram -> bit offset of its words in the list
//! 8+F     ...   list of words: for each alphagram, its words in tile order, each as
//!               w bits of permutation rank then 1 bit "another word follows"
//! ```
//!
//! A word is stored as its rank among the distinct orderings of its alphagram's tiles, in tile
//! order: an alphagram with tile counts `c1..ck` summing to `n` has `M = n! / (c1!..ck!)`
//! orderings, so a rank takes `w` = bits of `M - 1` (0 for `AAA`, 41 for 15 distinct tiles).
//! The bit offsets increase with the alphagram, which keeps the fst near the size of a plain set
//! of alphagrams (an fst shares increasing outputs along common prefixes). Bits are read least
//! significant first from little-endian bytes. Storing whole words after their alphagram would
//! take about twice the space (see `docs/formats.md`).

use fst::raw::{Fst, Node};
use fst::MapBuilder;

use crate::builder::MAX_WORD_TILES;
use crate::error::LexiconError;
use crate::lexicon::Bytes;

/// The longest alphagram whose orderings are counted in a `u64` (20! < 2^64).
const MAX_RANKED: usize = 20;

const FACTORIAL: [u64; MAX_RANKED + 1] = {
    let mut f = [1u64; MAX_RANKED + 1];
    let mut i = 1;
    while i <= MAX_RANKED {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// For each `n` up to [`MAX_RANKED`], `(k, inv)` with `n = odd << k` and `inv` the inverse of
/// `odd` modulo 2^64: an exact quotient `x / n` is then `(x >> k) * inv`, without a division.
const EXACT_DIV: [(u32, u64); MAX_RANKED + 1] = {
    let mut t = [(0u32, 0u64); MAX_RANKED + 1];
    let mut n = 1;
    while n <= MAX_RANKED {
        let k = (n as u64).trailing_zeros();
        let odd = (n as u64) >> k;
        // Newton's iteration doubles the correct low bits each step: 3, 6, 12, 24, 48, 96.
        let mut inv = odd;
        let mut i = 0;
        while i < 5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inv)));
            i += 1;
        }
        t[n] = (k, inv);
        n += 1;
    }
    t
};

/// `x / n` for `n` in `1..=MAX_RANKED` dividing `x`.
fn exact_div(x: u64, n: usize) -> u64 {
    let (k, inv) = EXACT_DIV[n];
    (x >> k).wrapping_mul(inv)
}

/// The distinct tiles of a sorted tile sequence with their counts, and the number of distinct
/// orderings of the sequence; `None` past [`MAX_RANKED`] tiles.
fn orderings(sorted: &[u8], distinct: &mut Vec<(u8, u8)>) -> Option<u64> {
    distinct.clear();
    for &t in sorted {
        match distinct.last_mut() {
            Some((last, c)) if *last == t => *c += 1,
            _ => distinct.push((t, 1)),
        }
    }
    let mut m = *FACTORIAL.get(sorted.len())?;
    for &(_, c) in distinct.iter() {
        m /= FACTORIAL[c as usize];
    }
    Some(m)
}

/// Bits of a rank below `m`.
fn width(m: u64) -> u32 {
    64 - (m - 1).leading_zeros()
}

/// The rank of `word` among the orderings of its tiles, in tile order.
fn rank(word: &[u8], sorted: &[u8], distinct: &mut Vec<(u8, u8)>) -> Option<u64> {
    let mut m = orderings(sorted, distinct)?;
    let mut r = 0;
    for (i, &t) in word.iter().enumerate() {
        let left = (word.len() - i) as u64;
        for d in distinct.iter_mut() {
            // Orderings of what is left that start with d.0: m * count / left, always exact.
            let with = exact_div(m * d.1 as u64, left as usize);
            if d.0 == t {
                m = with;
                d.1 -= 1;
                break;
            }
            r += with;
        }
    }
    Some(r)
}

/// The words of a lexicon on their way into an anagram index.
#[derive(Default)]
pub struct Filer {
    /// Each word's alphagram zero-padded to 16 tiles as two big-endian halves (they sort as the
    /// alphagrams do: tiles are never 0), and its rank: 24 bytes a word.
    items: Vec<(u64, u64, u64)>,
    distinct: Vec<(u8, u8)>,
}

impl Filer {
    /// Room for `n` words.
    pub fn with_capacity(n: usize) -> Filer {
        Filer { items: Vec::with_capacity(n), distinct: Vec::new() }
    }

    /// Adds `word`; each word of the lexicon once, in any order.
    pub fn add(&mut self, word: &[u8]) -> Result<(), LexiconError> {
        let mut sorted = [0u8; 16];
        if word.len() > sorted.len() {
            return Err(LexiconError::Fst(format!("a word of {} tiles in the anagram index", word.len())));
        }
        sorted[..word.len()].copy_from_slice(word);
        sorted[..word.len()].sort_unstable();
        let r = rank(word, &sorted[..word.len()], &mut self.distinct).expect("16 tiles are ranked");
        let half = |h: &[u8]| u64::from_be_bytes(h.try_into().expect("8 bytes"));
        self.items.push((half(&sorted[..8]), half(&sorted[8..]), r));
        Ok(())
    }

    /// Builds the section.
    pub fn encode(self) -> Result<Vec<u8>, LexiconError> {
        encode(self.items)
    }
}

fn encode(mut items: Vec<(u64, u64, u64)>) -> Result<Vec<u8>, LexiconError> {
    items.sort_unstable();
    let mut map = MapBuilder::memory();
    let mut list = BitWriter::default();
    let mut distinct = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let (hi, lo) = (items[i].0, items[i].1);
        let mut key = [0u8; 16];
        key[..8].copy_from_slice(&hi.to_be_bytes());
        key[8..].copy_from_slice(&lo.to_be_bytes());
        let len = key.iter().position(|&b| b == 0).unwrap_or(key.len());
        let w = width(orderings(&key[..len], &mut distinct).expect("16 tiles are ranked"));
        map.insert(&key[..len], list.bits).map_err(|e| LexiconError::Fst(e.to_string()))?;
        let same = |f: &(u64, u64, u64)| f.0 == hi && f.1 == lo;
        let mut j = i;
        while j < items.len() && same(&items[j]) {
            list.push(items[j].2, w);
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
        let fst = Fst::new(section.slice(8, end)).map_err(|e| LexiconError::Fst(e.to_string()))?;
        Ok(AnagramIndex { fst, list: section.slice(end, bytes.len()) })
    }

    /// The fst of alphagrams; its outputs are bit offsets for [`AnagramIndex::words`].
    pub fn fst(&self) -> &Fst<Bytes> {
        &self.fst
    }

    /// The root of the alphagram fst.
    pub fn root(&self) -> Node<'_> {
        self.fst.root()
    }

    /// Calls `each` with every word filed under `alphagram` (sorted tiles) at bit offset `at`,
    /// in tile order. Returns false if the list is damaged (it then stops).
    pub fn words(&self, alphagram: &[u8], at: u64, mut each: impl FnMut(&[u8])) -> bool {
        let n = alphagram.len();
        // No alphagram of a valid index is longer (the builder refuses longer words), and up to
        // that length no product below overflows.
        if n > MAX_WORD_TILES {
            return false;
        }
        // The distinct tiles and their counts, and the number of orderings: the product of
        // C(tiles so far, count) over the distinct tiles, without a division.
        let mut tiles = [0u8; MAX_RANKED];
        let mut counts = [0u8; MAX_RANKED];
        let mut k = 0;
        for &t in alphagram {
            if k > 0 && tiles[k - 1] == t {
                counts[k - 1] += 1;
            } else {
                (tiles[k], counts[k]) = (t, 1);
                k += 1;
            }
        }
        let mut total = 1u64;
        let mut so_far = 0;
        for &c in &counts[..k] {
            so_far += c as usize;
            total *= CHOOSE[so_far][c as usize];
        }
        let w = width(total);
        let list = self.list.as_ref();
        let mut at = at;
        let sorted = packed(alphagram);
        let mut word = [0u8; 2 * MAX_WORD_TILES];
        loop {
            let Some(mut r) = read(list, at, w + 1) else {
                return false;
            };
            let more = r >> w & 1 == 1;
            r &= (1u64 << w) - 1;
            at += w as u64 + 1;
            if r >= total {
                return false;
            }
            unrank(sorted, n, total, r, &mut word);
            each(&word[..n]);
            if !more {
                return true;
            }
        }
    }
}

/// A sorted tile sequence of at most [`MAX_WORD_TILES`] tiles as a big-endian integer: byte
/// `i` is tile `i`, zero-padded.
fn packed(sorted: &[u8]) -> u128 {
    let k = sorted.iter().fold(0u128, |k, &t| k << 8 | t as u128);
    k.checked_shl(8 * (MAX_WORD_TILES - sorted.len()) as u32).unwrap_or(0)
}

/// Writes the ordering of rank `r` (below `total`, their number) of the `n` tiles of `sorted`
/// (see [`packed`]) to `word[..n]`.
fn unrank(sorted: u128, n: usize, total: u64, mut r: u64, word: &mut [u8; 2 * MAX_WORD_TILES]) {
    // Of the m orderings of the tiles left (in tile order, `rest`), those that start with the
    // tile at index i form a block of m * c / left, c its copies, after the blocks of the tiles
    // before it: the rank falls in the block of the tile at index r * left / m (the blocks are
    // proportional to the copies). One division, rather than a branch per tile that no
    // predictor can guess.
    let mut rest = sorted;
    let mut m = total;
    let mut len = 0;
    while r != 0 {
        let left = n - len;
        let i = (r * left as u64 / m) as usize;
        let t = byte(rest, i);
        let (mut first, mut end) = (i, i + 1);
        while first > 0 && byte(rest, first - 1) == t {
            first -= 1;
        }
        while end < left && byte(rest, end) == t {
            end += 1;
        }
        r -= exact_div(m * first as u64, left);
        m = exact_div(m * (end - first) as u64, left);
        word[len] = t;
        len += 1;
        // Take the tile out: the bytes after it move up one.
        let keep = if first == 0 { 0 } else { !0u128 << (8 * (MAX_WORD_TILES - first)) };
        rest = rest & keep | rest << 8 & !keep;
    }
    // Rank 0 among what is left: the rest in tile order.
    word[len..len + MAX_WORD_TILES].copy_from_slice(&rest.to_be_bytes());
}

/// Byte `i` of a big-endian tile sequence.
fn byte(tiles: u128, i: usize) -> u8 {
    tiles.to_be_bytes()[i]
}

/// `CHOOSE[n][k]` = C(n, k) for `n` up to [`MAX_RANKED`].
const CHOOSE: [[u64; MAX_RANKED + 1]; MAX_RANKED + 1] = {
    let mut c = [[0u64; MAX_RANKED + 1]; MAX_RANKED + 1];
    let mut n = 0;
    while n <= MAX_RANKED {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    c
};

/// `width` bits (at most 57) at bit offset `at`, least significant first.
fn read(list: &[u8], at: u64, width: u32) -> Option<u64> {
    let byte = usize::try_from(at / 8).ok()?;
    let shift = (at % 8) as u32;
    if shift + width > 64 {
        return None;
    }
    let v = match list.get(byte..byte.wrapping_add(8)) {
        // One 8-byte load, except near the end of the list.
        Some(eight) => u64::from_le_bytes(eight.try_into().expect("8 bytes")),
        None => {
            let need = (shift + width).div_ceil(8) as usize;
            let src = list.get(byte..byte.checked_add(need)?)?;
            let mut buf = [0u8; 8];
            buf[..src.len()].copy_from_slice(src);
            u64::from_le_bytes(buf)
        }
    } >> shift;
    Some(if width == 64 { v } else { v & ((1u64 << width) - 1) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_orderings_in_order() {
        let mut d = Vec::new();
        let sorted = [1, 1, 2, 3];
        let mut all: Vec<[u8; 4]> = Vec::new();
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    for e in 0..4 {
                        let idx = [a, b, c, e];
                        let mut s = idx;
                        s.sort();
                        if s == [0, 1, 2, 3] {
                            all.push(idx.map(|i| sorted[i]));
                        }
                    }
                }
            }
        }
        all.sort();
        all.dedup();
        assert_eq!(orderings(&sorted, &mut d), Some(all.len() as u64));
        for (i, w) in all.iter().enumerate() {
            assert_eq!(rank(w, &sorted, &mut d), Some(i as u64), "{w:?}");
        }
    }

    #[test]
    fn unranking_inverts_ranking() {
        let mut d = Vec::new();
        for sorted in
            [&[7u8][..], &[1, 2], &[1, 1, 2, 3], &[2, 2, 2], &[1, 1, 2, 2, 3, 3, 3], &[1, 3, 5, 7, 9, 11, 13]]
        {
            let total = orderings(sorted, &mut d).unwrap();
            let mut seen = std::collections::BTreeSet::new();
            for r in 0..total {
                let mut word = [0u8; 2 * MAX_WORD_TILES];
                unrank(packed(sorted), sorted.len(), total, r, &mut word);
                let word = &word[..sorted.len()];
                assert_eq!(rank(word, sorted, &mut d), Some(r), "{sorted:?} {word:?}");
                seen.insert(word.to_vec());
            }
            assert_eq!(seen.len() as u64, total);
        }
    }

    #[test]
    fn exact_division_matches_division() {
        for n in 1..=MAX_RANKED {
            for q in [0u64, 1, 7, 12345, 1 << 40, FACTORIAL[15]] {
                assert_eq!(exact_div(q * n as u64, n), q, "{q} * {n}");
            }
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
            assert_eq!(read(&bytes, at, n), Some(v));
            at += n as u64;
        }
        assert_eq!(read(&bytes, at, 9), None);
    }
}
