//! Zyzzyva's Type I, II and III sevens and eights, computed for a lexicon and its tile set's bag
//! ([`BingoSets`]).
//!
//! Zyzzyva reads the top 100 six-tile bingo stems of English from a list; here they are computed
//! from the lexicon and the bag, by Baron's idea of the most probable, most productive stems:
//!
//! - a six-tile stem's *usable tiles* are the bag's tiles, counting the copies left after the
//!   stem, that make at least one valid seven with it; a stem's *score* is its combinations with
//!   no blank ([`Bag::combinations`]) times its usable tiles; the **top stems** are the 100 of
//!   highest score, ties in tile order of their tiles;
//! - **Type I**: the words of 7 or 8 tiles that hold a top stem (a seven is a top stem and one
//!   tile; an eight, a top stem and two);
//! - **Type II**: the words of 7 or 8 tiles made only of the tiles of a fixed multiset, not Type
//!   I: each tile the bag holds at least three of, a third of its count (rounded down) times, and
//!   one more S (in Spanish A×4 E×4 O×3 S×3 I×2 C D L N R T U; digraph tiles count as themselves);
//! - **Type III**: the words of 7 or 8 tiles, not Type I or II, with at least the combinations of
//!   the least probable seven (eight) made of a top stem and one (two different) of the tiles the
//!   bag holds two of that the stem lacks (the rule behind Zyzzyva's HUNTERS and NOTIFIED).
//!   Combinations are counted with the bag's own blanks, as Zyzzyva counts them, whatever blanks a
//!   search counts its probability with.
//!
//! ```
//! use lexico_lexicon::query::{bingo_sets, Bag, BingoType};
//!
//! let lex = lexico_lexicon::Lexicon::from_words(["cantares", "cantaré", "trances"])?;
//! let (sets, bag) = (bingo_sets(&lex), Bag::of(lex.tiles()));
//! let word = lex.tiles().parse_word("trances")?;
//! assert!(sets.is(BingoType::One, &word, &bag));
//! assert!(!sets.is(BingoType::Two, &word, &bag) && !sets.is(BingoType::Three, &word, &bag));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use fst::{IntoStreamer, Streamer};
use lexico_tiles::{Tile, TileSet};

use super::{Bag, Bounded};
pub use crate::stems::{BingoSets, Stem};
use crate::Lexicon;

/// How many stems are top stems.
pub const TOP_STEMS: usize = 100;

/// One of Zyzzyva's sets of sevens and eights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BingoType {
    /// Type I: words that hold a top stem.
    One,
    /// Type II: words made of the tiles of the Type II multiset, not Type I.
    Two,
    /// Type III: probable words, not Type I or II.
    Three,
}

impl FromStr for BingoType {
    type Err = super::UnknownName;

    /// `1`, `2`, `3`, or `I`, `II`, `III` in either case.
    fn from_str(name: &str) -> Result<BingoType, super::UnknownName> {
        let upper = name.trim().to_ascii_uppercase();
        let names = &["1", "2", "3", "I", "II", "III"];
        use BingoType as B;
        super::by_name("bingo type", &upper, &[B::One, B::Two, B::Three, B::One, B::Two, B::Three], names)
            .map_err(|e| super::UnknownName { name: name.to_string(), ..e })
    }
}

/// The top stems, Type II multiset and Type III thresholds of `lex`, computed from its sevens on
/// first use and kept with the lexicon.
pub fn bingo_sets(lex: &Lexicon) -> &BingoSets {
    lex.bingo_cell().get_or_init(|| BingoSets::compute(lex))
}

/// Up to eight tiles packed into 64 bits, the first in the highest byte.
fn pack6(tiles: &[Tile]) -> u64 {
    let mut b = [0u8; 8];
    b[..tiles.len()].copy_from_slice(tiles);
    u64::from_be_bytes(b)
}

impl BingoSets {
    /// The sets of `lex`, from its sevens and its tile set's bag.
    pub fn compute(lex: &Lexicon) -> BingoSets {
        let set = lex.tiles();
        let mut sevens = Vec::new();
        let mut stream =
            lex.fst().search(Bounded { inner: fst::automaton::AlwaysMatch, min: 7, max: 7 }).into_stream();
        while let Some((k, _)) = stream.next() {
            let mut a = [0u8; 7];
            a.copy_from_slice(k);
            a.sort_unstable();
            sevens.push(a);
        }
        BingoSets::from_sevens(set, sevens, TOP_STEMS)
    }

    /// The sets for the alphagrams of the valid sevens `sevens`, each in tile order, with `top`
    /// top stems.
    fn from_sevens(set: &TileSet, mut sevens: Vec<[Tile; 7]>, top: usize) -> BingoSets {
        let mut counts = [0u8; 256];
        for t in set.all() {
            counts[t as usize] = set.get(t).map_or(0, |d| d.count);
        }
        sevens.sort_unstable();
        sevens.dedup();
        // Every (stem, tile) a valid seven is made of.
        let mut pairs: Vec<([Tile; 6], Tile)> = Vec::with_capacity(sevens.len() * 7);
        for a in &sevens {
            for i in 0..7 {
                if i > 0 && a[i] == a[i - 1] {
                    continue;
                }
                let mut stem = [0u8; 6];
                stem[..i].copy_from_slice(&a[..i]);
                stem[i..].copy_from_slice(&a[i + 1..]);
                pairs.push((stem, a[i]));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let plain = Bag::of(set).with_blanks(0);
        let mut stems: Vec<Stem> = Vec::new();
        for group in pairs.chunk_by(|a, b| a.0 == b.0) {
            let stem = group[0].0;
            let usable: u32 = group
                .iter()
                .map(|&(_, t)| {
                    let used = stem.iter().filter(|&&x| x == t).count() as u32;
                    u32::from(counts[t as usize]).saturating_sub(used)
                })
                .sum();
            let combinations = plain.combinations(&stem);
            if usable > 0 && combinations > 0 {
                stems.push(Stem { tiles: stem.to_vec(), combinations, usable });
            }
        }
        // Stable: ties stay in tile order.
        stems.sort_by_key(|s| std::cmp::Reverse(s.score()));
        stems.truncate(top);
        let mut keys: Vec<u64> = stems.iter().map(|s| pack6(&s.tiles)).collect();
        keys.sort_unstable();

        let mut two = [0u8; 256];
        for t in set.all() {
            two[t as usize] = counts[t as usize] / 3;
        }
        if let Some(s) = set.tile_named("S") {
            two[s as usize] += 1;
        }

        let full = Bag::of(set);
        let pairs: Vec<Tile> = set.all().filter(|&t| counts[t as usize] == 2).collect();
        let mut three = [None, None];
        for stem in &stems {
            let lacking: Vec<Tile> = pairs.iter().copied().filter(|t| !stem.tiles.contains(t)).collect();
            for extra in 1..=lacking.len().min(2) {
                let mut word = stem.tiles.clone();
                word.extend_from_slice(&lacking[..extra]);
                let c = full.combinations(&word);
                three[extra - 1] = Some(three[extra - 1].map_or(c, |l: u64| l.min(c)));
            }
        }
        BingoSets { stems, keys, two, three }
    }

    /// The top stems, best first.
    pub fn stems(&self) -> &[Stem] {
        &self.stems
    }

    /// The least combinations of a Type III word of `len` tiles (7 or 8), counted with the bag's
    /// blanks; `None` when there is no Type III word of that length.
    pub fn threshold(&self, len: usize) -> Option<u64> {
        match len {
            7 | 8 => self.three[len - 7],
            _ => None,
        }
    }

    /// Returns true if and only if `word` belongs to the set `kind`; `bag` is the tile set's
    /// full bag, with its blanks ([`Bag::of`]), that Type III counts combinations in.
    pub fn is(&self, kind: BingoType, word: &[Tile], bag: &Bag) -> bool {
        let n = word.len();
        if n != 7 && n != 8 {
            return false;
        }
        let one = || self.has_top_stem(word);
        let two = || {
            let mut copies = [0u8; 256];
            word.iter().all(|&t| {
                copies[t as usize] += 1;
                copies[t as usize] <= self.two[t as usize]
            })
        };
        match kind {
            BingoType::One => one(),
            BingoType::Two => two() && !one(),
            BingoType::Three => {
                self.three[n - 7].is_some_and(|least| bag.combinations(word) >= least) && !two() && !one()
            }
        }
    }

    /// Returns true if and only if `word` (7 or 8 tiles) holds a top stem.
    fn has_top_stem(&self, word: &[Tile]) -> bool {
        let mut a = [0u8; 8];
        let n = word.len();
        a[..n].copy_from_slice(word);
        a[..n].sort_unstable();
        let a = &a[..n];
        let mut stem = [0u8; 6];
        let mut hit = |skip: &[usize]| {
            let mut j = 0;
            for (i, &t) in a.iter().enumerate() {
                if !skip.contains(&i) {
                    stem[j] = t;
                    j += 1;
                }
            }
            self.keys.binary_search(&pack6(&stem)).is_ok()
        };
        match n {
            7 => (0..7).any(|i| hit(&[i])),
            _ => (0..8).any(|i| (i + 1..8).any(|j| hit(&[i, j]))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bingo_types_read_in_numbers_and_roman_numerals() {
        assert_eq!("1".parse::<BingoType>().unwrap(), BingoType::One);
        assert_eq!("ii".parse::<BingoType>().unwrap(), BingoType::Two);
        assert_eq!("III".parse::<BingoType>().unwrap(), BingoType::Three);
        assert!("4".parse::<BingoType>().is_err());
        assert!("IV".parse::<BingoType>().is_err());
    }

    /// Two sevens, RATONES (A E N O R S T) and its twin with a U for the T, share the stem
    /// AENORS; each of their other stems makes one seven. Worked by hand from the bag (A 12,
    /// E 12, N 5, O 9, R 5, S 6, T 4, U 5):
    /// - AENORS: 12·12·5·9·5·6 = 194,400 draws with no blank, usable tiles T and U, 4 + 5 = 9:
    ///   score 1,749,600;
    /// - any other stem of a seven of seven distinct tiles scores that seven's draws: 12·12·5·9·
    ///   5·6·5 = 972,000 for the U seven's six, 777,600 for RATONES's six, ties in tile order.
    #[test]
    fn stems_rank_by_draws_times_usable_tiles() {
        let set = crate::fise_2016_tiles();
        let seven = |s: &str| -> [Tile; 7] {
            let mut a: [Tile; 7] = set.parse_word(s).unwrap().try_into().unwrap();
            a.sort_unstable();
            a
        };
        let sevens = vec![seven("ratones"), seven("ronseau"), seven("ratones")];
        let sets = BingoSets::from_sevens(&set, sevens.clone(), 100);
        let shown: Vec<(String, u64, u32)> =
            sets.stems().iter().map(|s| (set.spell(&s.tiles), s.combinations, s.usable)).collect();
        assert_eq!(shown.len(), 13);
        assert_eq!(shown[0], ("AENORS".to_string(), 194_400, 9));
        assert_eq!(sets.stems()[0].score(), 1_749_600);
        let names: Vec<&str> = shown.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(
            names[1..7],
            ["AENORU", "AENOSU", "AENRSU", "AEORSU", "ANORSU", "ENORSU"],
            "the U seven's stems, in tile order"
        );
        assert_eq!(names[7..], ["AENORT", "AENOST", "AENRST", "AEORST", "ANORST", "ENORST"]);
        assert!(sets.stems()[1..7].iter().all(|s| s.score() == 972_000));
        assert!(sets.stems()[7..].iter().all(|s| s.score() == 777_600));

        // With one top stem, AENORS: sevens and eights that hold it are Type I.
        let one = BingoSets::from_sevens(&set, sevens, 1);
        let bag = Bag::of(&set);
        let w = |s: &str| set.parse_word(s).unwrap();
        assert!(one.is(BingoType::One, &w("ronseau"), &bag));
        assert!(one.is(BingoType::One, &w("zorenas"), &bag));
        assert!(one.is(BingoType::One, &w("zorenasp"), &bag));
        assert!(!one.is(BingoType::One, &w("ratonas"), &bag), "one S only, no E");
        assert!(!one.is(BingoType::One, &w("aenors"), &bag), "six tiles");
        // Type II: within A×4 E×4 O×3 S×3 I×2 C D L N R T U, and not Type I.
        assert!(one.is(BingoType::Two, &w("aaeeoss"), &bag));
        assert!(!one.is(BingoType::Two, &w("sosiega"), &bag), "G is not in the multiset");
        assert!(!one.is(BingoType::Two, &w("aaaaaes"), &bag), "five A");
        assert!(!one.is(BingoType::Two, &w("ratones"), &bag), "Type I");
        // Type III: at least the draws of AENORS and one (two) of B G H M P, two blanks.
        assert_eq!(one.threshold(7), Some(bag.combinations(&w("aenorsb"))));
        assert_eq!(one.threshold(8), Some(bag.combinations(&w("aenorsbg"))));
        assert_eq!(bag.combinations(&w("aenorsb")), bag.combinations(&w("aenorsp")));
        assert!(bag.combinations(&w("aeeiosp")) > one.threshold(7).unwrap());
        assert!(one.is(BingoType::Three, &w("aeeiosp"), &bag), "a P: not Type II");
        assert!(!one.is(BingoType::Three, &w("aaeeoss"), &bag), "Type II");
        assert!(!one.is(BingoType::Three, &w("zorenas"), &bag), "Type I");
        assert!(!one.is(BingoType::Three, &w("jaquesz"), &bag));
    }
}
