//! A hash set of a lexicon's words, made from the word store when a batch of lookups is large
//! and in no useful order (see [`Checker`](crate::Checker)): one lookup is a hash of the word's
//! tiles and, most of the time, one cache line, whatever word came before.
//!
//! Each tile is given a dense code (1 for the set's first tile, and so on), and a word is packed
//! into an integer, `bits` per tile, first tile highest: codes are never 0, so different words
//! never pack alike. Words that fit in 64 bits (12 tiles of a set of up to 31) go into one open
//! addressing table of `u64`, longer ones that fit in 128 bits into a table of `u128`; the rare
//! word longer still is looked up in the word store. The tables are kept at most about 60 % full
//! (linear probing, 0 marks an empty slot), each in a mapping of its own that Linux is asked to
//! back with huge pages, fewer page faults and address translations for lookups at random
//! (`valid` of a shuffled list faults about a fifth as often). For the 636,598 words of the default lexicon the tables take
//! 8 MiB for the 548,117 words of up to 12 tiles and 4 MiB for the 88,481 longer ones, and
//! while the set is made, 6 MiB more hold the keys listed before they are filed.

use fst::raw::{Fst, Node};
use lexico_tiles::{Tile, TileSet};

use crate::bytes::Bytes;

/// See the module text.
pub(crate) struct WordSet {
    /// The dense code of each tile byte, 0 for a byte that is no tile.
    code: [u8; 256],
    /// Bits per tile.
    bits: u32,
    short: Table<u64>,
    long: Table<u128>,
}

/// A key of a [`Table`]: a packed word.
trait Key: Copy + Eq + Default {
    /// The bytes of a slot.
    const SIZE: usize;
    /// The slot of the key in a table of `1 << (64 - shift)` slots.
    fn slot(self, shift: u32) -> usize;
    /// The key in `bytes`, [`Key::SIZE`] of them.
    fn read(bytes: &[u8]) -> Self;
    /// Writes the key into `bytes`, [`Key::SIZE`] of them.
    fn write(self, bytes: &mut [u8]);
}

/// The multiplier of Fibonacci hashing (2^64 divided by the golden ratio, made odd).
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

impl Key for u64 {
    const SIZE: usize = 8;

    fn slot(self, shift: u32) -> usize {
        (self.wrapping_mul(MIX) >> shift) as usize
    }

    fn read(bytes: &[u8]) -> u64 {
        u64::from_ne_bytes(bytes.try_into().expect("8 bytes"))
    }

    fn write(self, bytes: &mut [u8]) {
        bytes.copy_from_slice(&self.to_ne_bytes());
    }
}

impl Key for u128 {
    const SIZE: usize = 16;

    fn slot(self, shift: u32) -> usize {
        let folded = (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
        folded.slot(shift)
    }

    fn read(bytes: &[u8]) -> u128 {
        u128::from_ne_bytes(bytes.try_into().expect("16 bytes"))
    }

    fn write(self, bytes: &mut [u8]) {
        bytes.copy_from_slice(&self.to_ne_bytes());
    }
}

/// The slots of a [`Table`]: zeroed memory of its own mapping, which Linux is asked to back with
/// huge pages. A lookup reads one slot at random in megabytes: with 4 KiB pages nearly every one
/// also misses the address translation cache, with 2 MiB pages few do.
struct Slots(memmap2::MmapMut);

impl Slots {
    /// `None` if the memory cannot be mapped (the checker then goes on without a set).
    fn zeroed(len: usize) -> Option<Slots> {
        let map = memmap2::MmapMut::map_anon(len).ok()?;
        // Only advice: without huge pages the table works the same, a little slower.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(Slots(map))
    }
}

/// An open addressing table with linear probing; the key 0 (the empty word) is never stored.
struct Table<K> {
    slots: Slots,
    /// The number of slots, a power of two.
    size: usize,
    shift: u32,
    len: usize,
    key: std::marker::PhantomData<K>,
}

impl<K: Key> Table<K> {
    /// A table for up to `n` keys, at most about 60 % full then; `None` if its memory cannot
    /// be had.
    fn with_capacity(n: usize) -> Option<Table<K>> {
        let size = (n + n / 2 + n / 8).max(8).next_power_of_two();
        Some(Table {
            slots: Slots::zeroed(size.checked_mul(K::SIZE)?)?,
            size,
            shift: 64 - size.trailing_zeros(),
            len: 0,
            key: std::marker::PhantomData,
        })
    }

    /// The key in slot `i`.
    fn get(&self, i: usize) -> K {
        K::read(&self.slots.0[i * K::SIZE..(i + 1) * K::SIZE])
    }

    fn insert(&mut self, key: K) {
        let mask = self.size - 1;
        let mut i = key.slot(self.shift);
        loop {
            let s = self.get(i);
            if s == key {
                return;
            }
            if s == K::default() {
                key.write(&mut self.slots.0[i * K::SIZE..(i + 1) * K::SIZE]);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// The first slot `key` would be in, and what it holds.
    fn first(&self, key: K) -> (usize, K) {
        let i = key.slot(self.shift);
        (i, self.get(i))
    }

    fn contains(&self, key: K) -> bool {
        let (i, s) = self.first(key);
        self.contains_from(key, i, s)
    }

    /// [`Table::contains`] with the key's [`Table::first`] slot already read.
    fn contains_from(&self, key: K, mut i: usize, mut s: K) -> bool {
        let mask = self.size - 1;
        loop {
            if s == key {
                return true;
            }
            if s == K::default() {
                return false;
            }
            i = (i + 1) & mask;
            s = self.get(i);
        }
    }
}

/// How a word is looked up in a [`WordSet`].
#[derive(Clone, Copy)]
enum Packed {
    Short(u64),
    Long(u128),
    /// Too long to pack: the word store answers.
    Unpacked,
    /// A byte that is no tile: no word of the lexicon has it.
    Absent,
}

impl WordSet {
    /// The set of every word of `fst`, spelled in `tiles`; `None` if a word of the store holds a
    /// byte that is no tile of the set, or the set has too many tiles to pack.
    pub(crate) fn new(fst: &Fst<Bytes>, tiles: &TileSet) -> Option<WordSet> {
        let mut code = [0u8; 256];
        let mut n = 0u32;
        for t in tiles.all() {
            n += 1;
            code[t as usize] = u8::try_from(n).ok()?;
        }
        let bits = 32 - n.leading_zeros();
        if !(1..=8).contains(&bits) {
            return None;
        }
        // The keys first, in the order of the store, then the tables: inserting in a loop of
        // its own lets the cache misses of successive inserts overlap.
        let mut walk =
            Walk { fst, code: &code, bits, short: Vec::with_capacity(fst.len()), long: Vec::new() };
        if !walk.node(fst.root(), 0, 0) {
            return None;
        }
        let mut short = Table::with_capacity(walk.short.len())?;
        for &k in &walk.short {
            short.insert(k);
        }
        let mut long = Table::with_capacity(walk.long.len())?;
        for &k in &walk.long {
            long.insert(k);
        }
        Some(WordSet { code, bits, short, long })
    }

    /// Whether `word` is in the set, or `None` when the word store must say (a word too long
    /// to pack).
    pub(crate) fn contains(&self, word: &[Tile]) -> Option<bool> {
        Some(match self.pack(word) {
            Packed::Short(k) => self.short.contains(k),
            Packed::Long(k) => self.long.contains(k),
            Packed::Absent => false,
            Packed::Unpacked => return None,
        })
    }

    /// [`WordSet::contains`] of each of `words` into `found`, `ask(word)` answering the words too
    /// long to pack. The words of a group are packed first, then the first slot of each is read
    /// in a loop that does little else, so that the cache misses of a group overlap instead of
    /// following one another (a lookup in a table of megabytes is one miss), then compared.
    pub(crate) fn contains_each(&self, words: &[&[Tile]], found: &mut [bool], ask: impl Fn(&[Tile]) -> bool) {
        const GROUP: usize = 16;
        for (words, found) in words.chunks(GROUP).zip(found.chunks_mut(GROUP)) {
            let mut packed = [Packed::Absent; GROUP];
            for (w, p) in words.iter().zip(&mut packed) {
                *p = self.pack(w);
            }
            let mut first = [(0usize, 0u128); GROUP];
            for (p, f) in packed.iter().zip(&mut first) {
                *f = match *p {
                    Packed::Short(k) => {
                        let (i, s) = self.short.first(k);
                        (i, s as u128)
                    }
                    Packed::Long(k) => self.long.first(k),
                    _ => (0, 0),
                };
            }
            for (((w, p), &(i, s)), out) in words.iter().zip(&packed).zip(&first).zip(found.iter_mut()) {
                *out = match *p {
                    Packed::Short(k) => self.short.contains_from(k, i, s as u64),
                    Packed::Long(k) => self.long.contains_from(k, i, s),
                    Packed::Absent => false,
                    Packed::Unpacked => ask(w),
                };
            }
        }
    }

    fn pack(&self, word: &[Tile]) -> Packed {
        let width = word.len() as u32 * self.bits;
        if word.is_empty() || width > 128 {
            return Packed::Unpacked;
        }
        let mut k = 0u128;
        let mut missing = false;
        for &t in word {
            let c = self.code[t as usize];
            missing |= c == 0;
            k = k << self.bits | c as u128;
        }
        if missing {
            return Packed::Absent;
        }
        if width <= 64 {
            Packed::Short(k as u64)
        } else {
            Packed::Long(k)
        }
    }

    /// The memory the tables take, in bytes.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.short.size * 8 + self.long.size * 16
    }
}

/// The walk of the word store that lists the keys of a [`WordSet`]: each word's key is packed
/// on the way down, one tile per level.
struct Walk<'a> {
    fst: &'a Fst<Bytes>,
    code: &'a [u8; 256],
    bits: u32,
    short: Vec<u64>,
    long: Vec<u128>,
}

impl Walk<'_> {
    /// Lists the words below `node`, reached by `depth` tiles packed in `key`; false if a
    /// transition is by a byte that is no tile.
    fn node(&mut self, node: Node<'_>, key: u128, depth: u32) -> bool {
        if node.is_final() && depth > 0 {
            let width = depth * self.bits;
            if width <= 64 {
                self.short.push(key as u64);
            } else if width <= 128 {
                self.long.push(key);
            }
        }
        for t in node.transitions() {
            let c = self.code[t.inp as usize];
            if c == 0 {
                return false;
            }
            // Past 128 bits the key loses its first tiles, but such words are never packed.
            let next = key << self.bits | c as u128;
            if !self.node(self.fst.node(t.addr), next, depth + 1) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lexicon;

    #[test]
    fn a_word_set_holds_exactly_the_words_of_the_store() {
        let words = ["a", "casa", "casas", "churro", "ñandú", "zuzar", "aaaaaaaaaaaaaaaz"];
        let lex = Lexicon::from_words(words).unwrap();
        let set = WordSet::new(lex.fst().as_fst(), lex.tiles()).unwrap();
        for w in words {
            let w = lex.tiles().parse_word(w).unwrap();
            assert_eq!(set.contains(&w), Some(true), "{w:?}");
        }
        for w in ["cas", "casass", "churros", "aaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "ab", "z"] {
            let t = lex.tiles().parse_word(w).unwrap();
            assert_eq!(set.contains(&t), Some(false), "{w}");
        }
        // A byte that is no tile; the empty word and a word too long to pack (26 tiles of 5
        // bits), which the word store answers.
        assert_eq!(set.contains(&[200, 3]), Some(false));
        assert_eq!(set.contains(&[]), None);
        assert_eq!(set.contains(&lex.tiles().parse_word(&"a".repeat(26)).unwrap()), None);
        assert!(set.bytes() > 0);
        // The same answers in groups, more words than one group holds.
        let mut probes: Vec<Vec<u8>> = Vec::new();
        for w in words.iter().chain(&["cas", "churros", "aaaaaaaaaaaaaaaa", "ab"]).cycle().take(40) {
            probes.push(lex.tiles().parse_word(w).unwrap());
        }
        probes.push(vec![200, 3]);
        probes.push(lex.tiles().parse_word(&"a".repeat(26)).unwrap());
        let refs: Vec<&[u8]> = probes.iter().map(Vec::as_slice).collect();
        let mut found = vec![false; refs.len()];
        set.contains_each(&refs, &mut found, |w| lex.contains(w));
        let want: Vec<bool> = refs.iter().map(|w| lex.contains(w)).collect();
        assert_eq!(found, want);
    }

    #[test]
    fn a_word_set_agrees_with_the_store_across_the_64_and_128_bit_packings() {
        // Every prefix of the longest word, and each with one tile more: present and absent
        // words of every length, across 12 tiles (60 bits), 13 (65) and 16 (80).
        let words = ["abcdefghijlm", "abcdefghijlmn", "abcdefghijlmnñop"];
        let lex = Lexicon::from_words(words).unwrap();
        let set = WordSet::new(lex.fst().as_fst(), lex.tiles()).unwrap();
        let long = lex.tiles().parse_word(words[2]).unwrap();
        for n in 1..=long.len() {
            for extra in [None, Some(long[0])] {
                let mut w = long[..n].to_vec();
                w.extend(extra);
                assert_eq!(set.contains(&w), Some(lex.contains(&w)), "{n} {extra:?}");
            }
        }
    }
}
