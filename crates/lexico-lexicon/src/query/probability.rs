//! The chance of drawing a word's tiles from a full bag, counted as word-study tools count it.
//!
//! A word's *combinations* is the number of distinct sets of tiles of the full bag (100 tiles
//! in the Spanish set, blanks included) that can spell it, a blank standing for any tile the bag
//! lacks or that the word wants more of — the count Zyzzyva's `LetterBag::getNumCombinations`
//! makes with the bag's blanks. With `k_t` copies of tile `t` in the word, `n_t` in the bag and
//! `B` blanks in the bag:
//!
//! ```text
//! combinations = Σ_{b=0..B} C(B, b) · Σ_{j_t ≥ 0, Σ j_t = b, j_t ≤ k_t} Π_t C(n_t, k_t − j_t)
//! ```
//!
//! where `j_t` is the number of copies of `t` played by blanks. The probability of drawing the
//! word when drawing as many tiles as it has is `combinations / C(total, length)`. Words are
//! ranked within their length by combinations, most first; equal combinations share a rank
//! (rank = 1 + the number of words of that length with more combinations).

use fst::Streamer;
use lexico_tiles::{Tile, TileSet};

use super::MAX_WORD;
use crate::Lexicon;

/// The full bag of a tile set: how many of each tile, and of blanks.
///
/// ```
/// use lexico_lexicon::query::Bag;
///
/// let set = lexico_tiles::TileSet::spanish();
/// let bag = Bag::of(&set);
/// assert_eq!(bag.total(), 100);
/// let (common, rare) = (set.parse_word("ESA")?, set.parse_word("ÑU")?);
/// assert!(bag.combinations(&common) > bag.combinations(&rare));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bag {
    counts: [u8; 256],
    blanks: u8,
    total: u32,
    /// `choose[n][k]` = C(n, k) for `n` up to the largest count of the bag and `k` ≤ `MAX_WORD`.
    choose: Vec<[u128; MAX_WORD + 1]>,
    /// `choose` in 64 bits, when every entry fits (a bag of at most 67 copies of a tile): the
    /// common case of [`Bag::combinations`] computes in 64 bits, several times faster.
    choose64: Option<Vec<[u64; MAX_WORD + 1]>>,
    /// `draws[k]` = C(total, k) as a float: the draws of `k` tiles from the full bag.
    draws: [f64; MAX_WORD + 1],
}

impl Bag {
    /// The bag of `set`.
    pub fn of(set: &TileSet) -> Bag {
        let mut counts = [0u8; 256];
        let mut total = set.blanks() as u32;
        for t in set.all() {
            let c = set.get(t).map_or(0, |d| d.count);
            counts[t as usize] = c;
            total += c as u32;
        }
        let largest = counts.iter().copied().max().unwrap_or(0).max(set.blanks()) as usize;
        let mut choose = vec![[0u128; MAX_WORD + 1]; largest + 1];
        for n in 0..=largest {
            choose[n][0] = 1;
            for k in 1..=MAX_WORD.min(n) {
                choose[n][k] = choose[n - 1][k - 1] + if k < n { choose[n - 1][k] } else { 0 };
            }
        }
        let mut draws = [0f64; MAX_WORD + 1];
        for (k, d) in draws.iter_mut().enumerate() {
            *d = all_draws(total, k);
        }
        let choose64 = choose
            .iter()
            .map(|row| {
                let mut narrow = [0u64; MAX_WORD + 1];
                for (n, &c) in narrow.iter_mut().zip(row) {
                    *n = u64::try_from(c).ok()?;
                }
                Some(narrow)
            })
            .collect();
        Bag { counts, blanks: set.blanks(), total, choose, choose64, draws }
    }

    /// The number of tiles in the bag, blanks included.
    pub fn total(&self) -> u32 {
        self.total
    }

    fn c(&self, n: u8, k: usize) -> u128 {
        if k > MAX_WORD {
            return 0;
        }
        self.choose[n as usize][k]
    }

    /// The number of distinct draws from the full bag that spell `word` (see the module text).
    pub fn combinations(&self, word: &[Tile]) -> u64 {
        let word = &word[..word.len().min(MAX_WORD)];
        // The product over tiles of the polynomials Σ_j C(n_t, k_t − j) x^j, truncated at
        // degree B: the coefficient of x^b counts the draws with b tiles played by blanks.
        let degree = (self.blanks as usize).min(word.len()).min(7);
        if degree <= 2 {
            self.three(word, degree)
        } else {
            self.wide(word, degree)
        }
    }

    /// [`Bag::combinations`] for a bag of at most two blanks (the Spanish bag has two): the
    /// three coefficients held in registers, each tile's binomials read from one row. The same
    /// sums as [`Bag::wide`], whose coefficients up to `degree` never read the higher ones.
    fn three(&self, word: &[Tile], degree: usize) -> u64 {
        if let Some(sum) = self.three64(word, degree) {
            return sum;
        }
        let mut copies = [0u8; 256];
        for &t in word {
            copies[t as usize] += 1;
        }
        let (mut p0, mut p1, mut p2) = (1u128, 0u128, 0u128);
        for &t in word {
            // Each distinct tile once, at its first copy.
            let k = std::mem::take(&mut copies[t as usize]) as usize;
            if k == 0 {
                continue;
            }
            let row = &self.choose[self.counts[t as usize] as usize];
            let (c0, c1) = (row[k], row[k - 1]);
            let c2 = if k >= 2 { row[k - 2] } else { 0 };
            p2 = p2 * c0 + p1 * c1 + p0 * c2;
            p1 = p1 * c0 + p0 * c1;
            p0 *= c0;
        }
        let b = &self.choose[self.blanks as usize];
        let sum = [b[0] * p0, b[1] * p1, b[2] * p2][..=degree].iter().sum::<u128>();
        sum.min(u64::MAX as u128) as u64
    }

    /// [`Bag::combinations`] of a word given as its distinct tiles, each with its copies
    /// (`(tile, copies)`, in any order, each tile once): for a caller that has counted them.
    ///
    /// ```
    /// use lexico_lexicon::query::Bag;
    ///
    /// let set = lexico_tiles::TileSet::spanish();
    /// let bag = Bag::of(&set);
    /// let word = set.parse_word("CASA")?;
    /// let (a, c, s) = (set.parse_word("A")?[0], set.parse_word("C")?[0], set.parse_word("S")?[0]);
    /// assert_eq!(bag.combinations_of_copies(&[(s, 1), (a, 2), (c, 1)]), bag.combinations(&word));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn combinations_of_copies(&self, copies: &[(Tile, u8)]) -> u64 {
        let len: usize = copies.iter().map(|&(_, k)| k as usize).sum();
        let degree = (self.blanks as usize).min(len).min(7);
        if len <= MAX_WORD && degree <= 2 {
            if let Some(sum) = self.three64_of(copies.iter().map(|&(t, k)| (t, k as usize)), degree) {
                return sum;
            }
        }
        let word: Vec<Tile> = copies.iter().flat_map(|&(t, k)| std::iter::repeat_n(t, k as usize)).collect();
        self.combinations(&word)
    }

    /// [`Bag::three`] in 64-bit arithmetic; `None` if the bag's binomials do not fit or a step
    /// overflows (the 128-bit sums then answer).
    fn three64(&self, word: &[Tile], degree: usize) -> Option<u64> {
        self.choose64.as_ref()?;
        let mut copies = [0u8; 256];
        for &t in word {
            copies[t as usize] += 1;
        }
        // Each distinct tile once, at its first copy.
        let distinct = word.iter().filter_map(|&t| {
            let k = std::mem::take(&mut copies[t as usize]) as usize;
            (k > 0).then_some((t, k))
        });
        self.three64_of(distinct, degree)
    }

    /// [`Bag::three64`] of a word's distinct tiles, each with its copies.
    fn three64_of(&self, distinct: impl Iterator<Item = (Tile, usize)>, degree: usize) -> Option<u64> {
        let choose = self.choose64.as_ref()?;
        let (mut p0, mut p1, mut p2) = (1u64, 0u64, 0u64);
        for (t, k) in distinct {
            let row = &choose[self.counts[t as usize] as usize];
            let (c0, c1) = (row[k], row[k - 1]);
            let c2 = if k >= 2 { row[k - 2] } else { 0 };
            p2 = p2.checked_mul(c0)?.checked_add(p1.checked_mul(c1)?)?.checked_add(p0.checked_mul(c2)?)?;
            p1 = p1.checked_mul(c0)?.checked_add(p0.checked_mul(c1)?)?;
            p0 = p0.checked_mul(c0)?;
        }
        let b = &choose[self.blanks as usize];
        let terms = [b[0].checked_mul(p0)?, b[1].checked_mul(p1)?, b[2].checked_mul(p2)?];
        terms[..=degree].iter().try_fold(0u64, |a, &t| a.checked_add(t))
    }

    /// [`Bag::combinations`] in u128 arithmetic, capped at `u64::MAX`.
    fn wide(&self, word: &[Tile], degree: usize) -> u64 {
        let mut copies = [0u8; 256];
        for &t in word {
            copies[t as usize] += 1;
        }
        let mut poly = [0u128; 8];
        poly[0] = 1;
        for &t in word {
            let k = std::mem::take(&mut copies[t as usize]) as usize;
            if k == 0 {
                continue;
            }
            let n = self.counts[t as usize];
            for d in (0..=degree).rev() {
                let mut acc = 0u128;
                for j in 0..=d.min(k) {
                    acc += poly[d - j] * self.c(n, k - j);
                }
                poly[d] = acc;
            }
        }
        let sum: u128 = (0..=degree).map(|b| self.c(self.blanks, b) * poly[b]).sum();
        sum.min(u64::MAX as u128) as u64
    }

    /// The probability of drawing `word` when drawing as many tiles as it has from the full bag.
    pub fn probability(&self, word: &[Tile]) -> f64 {
        self.probability_of(self.combinations(word), word.len())
    }

    /// The probability of drawing a word of `len` tiles and `combinations` (see
    /// [`Bag::combinations`]): [`Bag::probability`] for a caller that has its combinations.
    pub fn probability_of(&self, combinations: u64, len: usize) -> f64 {
        let all = match self.draws.get(len) {
            Some(&all) => all,
            None => all_draws(self.total, len),
        };
        if all == 0.0 {
            0.0
        } else {
            combinations as f64 / all
        }
    }
}

/// C(`total`, `k`) as a float, one factor at a time.
fn all_draws(total: u32, k: usize) -> f64 {
    let mut all = 1f64;
    let (n, k) = (total as f64, k as f64);
    let mut i = 0f64;
    while i < k {
        all = all * (n - i) / (i + 1.0);
        i += 1.0;
    }
    all
}

/// Probability ranks within each length, over a whole lexicon.
///
/// ```
/// use lexico_lexicon::query::{Bag, Ranks};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["esa", "ñus", "asa"])?;
/// let bag = Bag::of(lex.tiles());
/// let ranks = Ranks::compute(&lex, &bag);
/// let esa = lex.tiles().parse_word("esa")?;
/// assert_eq!(ranks.rank(3, bag.combinations(&esa)), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Ranks {
    /// `by_length[n]`: the combinations of every word of `n` tiles, most first.
    by_length: Vec<Vec<u64>>,
}

impl Ranks {
    /// Computes the combinations of every word of `lex`. It reads the whole word store (tens of
    /// milliseconds on a large lexicon), so queries do it only when ranks are asked for.
    pub fn compute(lex: &Lexicon, bag: &Bag) -> Ranks {
        let mut by_length: Vec<Vec<u64>> = Vec::new();
        let mut keys = lex.fst().keys();
        while let Some(k) = keys.next() {
            if by_length.len() <= k.len() {
                by_length.resize_with(k.len() + 1, Vec::new);
            }
            by_length[k.len()].push(bag.combinations(k));
        }
        for v in &mut by_length {
            v.sort_unstable_by(|a, b| b.cmp(a));
        }
        Ranks { by_length }
    }

    /// The rank of a word of `len` tiles with `combinations` among the words of that length:
    /// 1 + the number with more combinations.
    pub fn rank(&self, len: usize, combinations: u64) -> u64 {
        self.by_length.get(len).map_or(0, |v| v.partition_point(|&c| c > combinations) as u64) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zyzzyva's three loops (no blank, one blank, two blanks), for checking the polynomial.
    fn zyzzyva(bag: &Bag, word: &[Tile]) -> u128 {
        let mut letters: Vec<(Tile, usize)> = Vec::new();
        for &t in word {
            match letters.iter_mut().find(|(d, _)| *d == t) {
                Some(e) => e.1 += 1,
                None => letters.push((t, 1)),
            }
        }
        let prod = |ls: &[(Tile, usize)]| -> u128 {
            ls.iter().map(|&(t, k)| bag.c(bag.counts[t as usize], k)).product()
        };
        let mut total = prod(&letters);
        for i in 0..letters.len() {
            letters[i].1 -= 1;
            total += bag.c(bag.blanks, 1) * prod(&letters);
            letters[i].1 += 1;
        }
        for i in 0..letters.len() {
            letters[i].1 -= 1;
            for j in i..letters.len() {
                if letters[j].1 == 0 {
                    continue;
                }
                letters[j].1 -= 1;
                total += bag.c(bag.blanks, 2) * prod(&letters);
                letters[j].1 += 1;
            }
            letters[i].1 += 1;
        }
        total
    }

    #[test]
    fn two_blank_sums_equal_the_general_ones_at_each_degree() {
        let set = TileSet::spanish();
        let bag = Bag::of(&set);
        for w in ["CHURRO", "AEINRST", "ZZZ", "ÑAÑA", "A", "EEEEEEEEEEEEEE", "ABANDERIZABAMOS"] {
            let Ok(word) = set.parse_word(w) else {
                continue;
            };
            for degree in 0..=2.min(word.len()) {
                assert_eq!(bag.three(&word, degree), bag.wide(&word, degree), "{w} degree {degree}");
            }
        }
    }

    #[test]
    fn sixty_four_bit_sums_equal_the_general_ones_or_give_way() {
        let set = TileSet::spanish();
        let bag = Bag::of(&set);
        let tiles: Vec<Tile> = set.all().collect();
        let mut seed = 0x9e37_79b9u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = 1 + (seed >> 60) as usize;
            let word: Vec<Tile> =
                (0..len).map(|i| tiles[((seed >> (i * 3)) as usize) % tiles.len()]).collect();
            for degree in 0..=2.min(len) {
                assert_eq!(bag.three64(&word, degree), Some(bag.wide(&word, degree)), "{word:?} {degree}");
            }
        }
        // A bag whose binomials do not fit in 64 bits has no 64-bit table; a word whose sums
        // overflow 64 bits gets none: both are answered by the 128-bit sums.
        let mut wide = bag.clone();
        wide.choose64 = None;
        let word = set.parse_word("EEEEEEEEEEEEEE").unwrap();
        assert_eq!(wide.three64(&word, 2), None);
        assert_eq!(wide.combinations(&word), bag.combinations(&word));
    }

    #[test]
    fn combinations_of_counted_copies_equal_those_of_the_word() {
        let set = TileSet::spanish();
        let bag = Bag::of(&set);
        let tiles: Vec<Tile> = set.all().collect();
        let mut seed = 0x2545_f491u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = 1 + (seed >> 60) as usize;
            // Few distinct tiles, so that copies pile up past a tile's count in the bag.
            let kinds = 1 + (seed >> 56) as usize % 6;
            let word: Vec<Tile> = (0..len).map(|i| tiles[((seed >> (i * 3)) as usize) % kinds]).collect();
            let mut copies: Vec<(Tile, u8)> = Vec::new();
            // Counted in reverse order of first appearance: the order must not matter.
            for &t in word.iter().rev() {
                match copies.iter_mut().find(|(d, _)| *d == t) {
                    Some(e) => e.1 += 1,
                    None => copies.push((t, 1)),
                }
            }
            assert_eq!(bag.combinations_of_copies(&copies), bag.combinations(&word), "{word:?}");
        }
    }

    #[test]
    fn combinations_agree_with_zyzzyvas_loops() {
        let set = TileSet::spanish();
        let bag = Bag::of(&set);
        assert_eq!(bag.total(), 100);
        for w in ["CHURRO", "AEINRST", "ZZZ", "ÑAÑA", "A", "JAQUE", "EEEEEEEEEEEEEE"] {
            let word = set.parse_word(w).unwrap();
            assert_eq!(bag.combinations(&word) as u128, zyzzyva(&bag, &word), "{w}");
        }
    }

    #[test]
    fn one_tile_words_count_their_copies_and_the_blanks() {
        let set = TileSet::spanish();
        let bag = Bag::of(&set);
        // 12 A tiles or one of the 2 blanks; the probability is that over 100 tiles.
        let a = set.parse_word("A").unwrap();
        assert_eq!(bag.combinations(&a), 14);
        assert!((bag.probability(&a) - 0.14).abs() < 1e-12);
        // Two Z: the bag has one Z, so one Z and a blank (1·2) or two blanks (1).
        let zz = set.parse_word("ZZ").unwrap();
        assert_eq!(bag.combinations(&zz), 3);
    }
}
