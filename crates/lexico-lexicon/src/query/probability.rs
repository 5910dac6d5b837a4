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
//!
//! [`Draws`] holds every tile's factor of the polynomial above, for callers that count many
//! words' copies themselves; the anagram index walk multiplies the same factors as it goes.

use fst::Streamer;
use lexico_tiles::{Tile, TileSet};

use super::MAX_WORD;
use crate::Lexicon;

/// The full bag of a tile set: how many of each tile, and of blanks.
///
/// ```
/// use lexico_lexicon::query::Bag;
///
/// let set = lexico_lexicon::fise_2016_tiles();
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
        for t in set.all() {
            counts[t as usize] = set.get(t).map_or(0, |d| d.count);
        }
        Bag::of_counts(counts, set.blanks())
    }

    /// The same bag with `blanks` blanks instead of its own: word-study tools count
    /// probabilities with 0, 1 or 2 blanks (the bag holds 98, 99 or 100 tiles in Spanish).
    ///
    /// ```
    /// use lexico_lexicon::query::Bag;
    ///
    /// let set = lexico_lexicon::fise_2016_tiles();
    /// let none = Bag::of(&set).with_blanks(0);
    /// assert_eq!(none.total(), 98);
    /// // No blank: ÑU is drawn only with the Ñ and one of the five U.
    /// assert_eq!(none.combinations(&set.parse_word("ÑU")?), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_blanks(&self, blanks: u8) -> Bag {
        Bag::of_counts(self.counts, blanks)
    }

    /// A bag of 60 copies of each tile of `set` and two blanks, for tests: the combinations of
    /// a word of 11 distinct tiles pass 2^64, and C(total, k) does from 8 tiles on.
    #[cfg(test)]
    pub(crate) fn sixty_of_each(set: &TileSet) -> Bag {
        let mut counts = [0u8; 256];
        for t in set.all() {
            counts[t as usize] = 60;
        }
        Bag::of_counts(counts, 2)
    }

    /// The bag of `counts[t]` copies of each tile byte `t`, and `blanks` blanks.
    fn of_counts(counts: [u8; 256], blanks: u8) -> Bag {
        let total = blanks as u32 + counts.iter().map(|&c| c as u32).sum::<u32>();
        let largest = counts.iter().copied().max().unwrap_or(0).max(blanks) as usize;
        let mut choose = vec![[0u128; MAX_WORD + 1]; largest + 1];
        for n in 0..=largest {
            choose[n][0] = 1;
            for k in 1..=MAX_WORD.min(n) {
                choose[n][k] = choose[n - 1][k - 1] + if k < n { choose[n - 1][k] } else { 0 };
            }
        }
        // Each from the one before, by the step `all_draws` takes next: the same products in the
        // same order (the same floats), 65 steps instead of 2,145.
        let mut draws = [1f64; MAX_WORD + 1];
        for k in 1..=MAX_WORD {
            draws[k] = draws[k - 1] * (total as f64 - (k - 1) as f64) / k as f64;
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
        Bag { counts, blanks, total, choose, choose64, draws }
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

    /// The ways of drawing 0, 1 and 2 of the bag's blanks, C(blanks, b) (0 where 64 bits do not
    /// hold it).
    fn blank_weights(&self) -> Poly {
        [0, 1, 2].map(|b| self.c(self.blanks, b).try_into().unwrap_or(0))
    }

    /// The longest word whose draws from the full bag, C(total, length), are below `bound`: so
    /// is every count of a word of at most that many tiles, each combination being one of
    /// those draws.
    fn longest_below(&self, bound: u128) -> usize {
        (0..=MAX_WORD).take_while(|&len| choose_total(self.total, len) < bound).last().unwrap_or(0)
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
    /// let set = lexico_lexicon::fise_2016_tiles();
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
        let mut p = ONE;
        for (t, k) in distinct {
            let row = &choose[self.counts[t as usize] as usize];
            let c2 = if k >= 2 { row[k - 2] } else { 0 };
            p = times(p, [row[k], row[k - 1], c2])?;
        }
        self.sum64(p, degree)
    }

    /// The combinations of a word whose draw polynomial (see [`Bag::three`]) is `p`, weighted
    /// by the blanks of the bag up to `degree`; `None` if a step overflows.
    fn sum64(&self, p: Poly, degree: usize) -> Option<u64> {
        let b = &self.choose64.as_ref()?[self.blanks as usize];
        let terms = [b[0].checked_mul(p[0])?, b[1].checked_mul(p[1])?, b[2].checked_mul(p[2])?];
        terms[..=degree].iter().try_fold(0u64, |a, &t| a.checked_add(t))
    }

    /// The factors of the draw polynomial for 1 to `max` copies of a tile, for a walk that
    /// multiplies the factors of a word's tiles as it meets them ([`times`]): the factor of `k`
    /// copies of a tile of which the bag holds `n` is at `n * (max + 1) + k`, and tile `t`'s
    /// `n` is `counts[t]`. `None` where the 64-bit sums of [`Bag::three64`] do not apply (a bag
    /// of more than two blanks, or whose binomials do not fit), and [`Bag::combinations`] must
    /// answer.
    pub(crate) fn factors64(&self, max: usize) -> Option<(Vec<Poly>, [u8; 256])> {
        let choose = self.choose64.as_ref()?;
        if self.blanks > 2 || max > MAX_WORD {
            return None;
        }
        let mut table = vec![[0; 3]; choose.len() * (max + 1)];
        for (n, row) in choose.iter().enumerate() {
            for k in 1..=max {
                table[n * (max + 1) + k] = [row[k], row[k - 1], if k >= 2 { row[k - 2] } else { 0 }];
            }
        }
        Some((table, self.counts))
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

/// [`Bag::combinations`] of many words, each given by its copies of each tile, from a table of
/// every tile's factor of the draw polynomial (see the module text): one lookup and one
/// product of three terms per distinct tile, for a caller that counts a word's copies itself.
///
/// The products wrap around 2^64: they are exact modulo 2^64, and the count modulo 2^64 is the
/// count itself for every word of a length whose draws from the full bag, C(total, length), fit
/// 64 bits, since each combination is one of those draws (words of up to 17 tiles of a bag of
/// 100). Longer words are left to the bag.
///
/// ```
/// use lexico_lexicon::query::{Bag, Draws};
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let bag = Bag::of(&set);
/// let draws = Draws::new(&bag, 15);
/// let word = set.parse_word("CASA")?;
/// let (a, c, s) = (set.parse_word("A")?[0], set.parse_word("C")?[0], set.parse_word("S")?[0]);
/// assert_eq!(draws.combinations_of_copies([(s, 1), (a, 2), (c, 1)]), Some(bag.combinations(&word)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Draws {
    /// The factor of `k` copies of a tile of which the bag holds `n`, at `n * stride + k`;
    /// empty where the bag has no 64-bit table (see [`Bag::factors64`]).
    table: Vec<Poly>,
    /// Each factor of `table` with the bag's blank weights folded in, for a word's last
    /// factor: the combinations are then `p · last` for the product `p` of the others (see
    /// [`Draws::sum_with`]).
    last: Vec<Poly>,
    /// The bag's copies of each tile byte.
    counts: [u8; 256],
    stride: usize,
    /// The ways of drawing 0, 1 and 2 of the bag's blanks.
    weights: Poly,
    /// The longest word the table counts (0: none).
    longest: usize,
}

impl Draws {
    /// The table of `bag` for words of up to `max` copies of a tile.
    pub fn new(bag: &Bag, max: usize) -> Draws {
        let max = max.min(MAX_WORD);
        let (table, counts) = bag.factors64(max).unwrap_or((Vec::new(), [0; 256]));
        let weights = bag.blank_weights();
        // Σ_j w_j (p·f)_j = p_0 (w_0 f_0 + w_1 f_1 + w_2 f_2) + p_1 (w_1 f_0 + w_2 f_1) + p_2 w_2 f_0.
        let w = weights;
        let last =
            table.iter().map(|f| [dot(w, *f), dot([w[1], w[2], 0], *f), w[2].wrapping_mul(f[0])]).collect();
        let longest = if table.is_empty() { 0 } else { bag.longest_below(1 << 64) };
        Draws { table, last, counts, stride: max + 1, weights, longest }
    }

    /// The longest word whose combinations the table counts; 0 if it counts none.
    #[inline]
    pub(crate) fn longest(&self) -> usize {
        self.longest
    }

    /// The factor of `k` copies (at least 1) of `t`, if the table has it.
    #[inline]
    pub(crate) fn factor(&self, t: Tile, k: usize) -> Option<Poly> {
        if k >= self.stride {
            return None;
        }
        self.table.get(self.counts[t as usize] as usize * self.stride + k).copied()
    }

    /// The combinations of a word of `len` tiles whose factors multiply to `p`, as
    /// [`Bag::combinations`] counts them; `None` for a word longer than the table counts.
    #[inline]
    pub(crate) fn sum(&self, p: Poly, len: usize) -> Option<u64> {
        (len <= self.longest).then(|| dot(self.weights, p))
    }

    /// The combinations of a word of `len` tiles whose factors but the last multiply to `p`,
    /// the last being that of `k` copies of `t`: [`Draws::sum`] of their product, in three
    /// products instead of nine.
    #[inline]
    pub(crate) fn sum_with(&self, p: Poly, t: Tile, k: usize, len: usize) -> Option<u64> {
        if len > self.longest || k >= self.stride {
            return None;
        }
        let g = self.last.get(self.counts[t as usize] as usize * self.stride + k)?;
        Some(dot(p, *g))
    }

    /// [`Bag::combinations_of_copies`] of a word given as its distinct tiles, each with its
    /// copies (`(tile, copies)`, in any order, each tile once); `None` where the table cannot
    /// tell (more copies than it was made for, a bag of more than two blanks, a word longer
    /// than it counts): [`Bag::combinations_of_copies`] then answers.
    #[inline]
    pub fn combinations_of_copies(&self, copies: impl IntoIterator<Item = (Tile, u8)>) -> Option<u64> {
        let mut p = ONE;
        let mut len = 0;
        for (t, k) in copies {
            len += k as usize;
            p = times_wrapping(p, self.factor(t, k as usize)?);
        }
        self.sum(p, len)
    }

    /// [`Draws::combinations_of_copies`] of a word given as its copies of each of `tiles`, 4
    /// bits each: the copies of `tiles[i]` are bits `4i` to `4i + 3` of `counts` (at most 32
    /// tiles; a count of a place past `tiles` is left to the bag, `None`).
    ///
    /// ```
    /// use lexico_lexicon::query::{Bag, Draws};
    ///
    /// let set = lexico_lexicon::fise_2016_tiles();
    /// let bag = Bag::of(&set);
    /// let draws = Draws::new(&bag, 15);
    /// let tiles = set.parse_word("ACS")?;
    /// // CASA: two A (place 0), one C (place 1), one S (place 2).
    /// let counts = 2 | 1 << 4 | 1 << 8;
    /// assert_eq!(draws.combinations_of_counts(&tiles, counts), Some(bag.combinations(&set.parse_word("CASA")?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn combinations_of_counts(&self, tiles: &[Tile], counts: u128) -> Option<u64> {
        let mut p = ONE;
        let mut len = 0;
        // The last tile's factor goes into the sum itself (see `sum_with`).
        let mut held: Option<(Tile, usize)> = None;
        for (half, mut c) in [counts as u64, (counts >> 64) as u64].into_iter().enumerate() {
            while c != 0 {
                let shift = c.trailing_zeros() & !3;
                let k = (c >> shift & 15) as usize;
                c &= !(15 << shift);
                let t = *tiles.get(16 * half + shift as usize / 4)?;
                len += k;
                if let Some((t, k)) = held {
                    p = times_wrapping(p, self.factor(t, k)?);
                }
                held = Some((t, k));
            }
        }
        match held {
            Some((t, k)) => self.sum_with(p, t, k, len),
            None => self.sum(p, len),
        }
    }
}

/// [`Bag::combinations`] of words met one after another, each counted from the prefix it
/// shares with the word before. A search in tile order meets words that share most of their
/// tiles with the one before (two new tiles a word, on average, among the words of
/// `pattern '*A*E*'`), so a word costs one product per new tile instead of one per distinct
/// tile.
///
/// Going from `c` to `c + 1` copies of a tile multiplies a word's draw polynomial (see
/// [`Bag::three`]) by the ratio of the two factors, which is no polynomial of whole numbers:
/// the products are taken modulo the prime 2^61 − 1, where every factor of at most one copy
/// past the bag's has an inverse. The count modulo that prime is the count itself when the
/// count is below it, which holds for every word of a length whose draws from the full bag,
/// C(total, length), are: each combination is one of those draws (up to 15 tiles of a bag of
/// up to 105). Anything else is counted by the bag: longer words, a tile two copies past the
/// bag's, bags of more than two blanks.
///
/// ```
/// use lexico_lexicon::query::{Bag, PrefixDraws};
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let bag = Bag::of(&set);
/// let mut draws = PrefixDraws::new(&bag);
/// for word in ["CASA", "CASAS", "CASO", "ÑU"] {
///     let tiles = set.parse_word(word)?;
///     assert_eq!(draws.combinations(&tiles), bag.combinations(&tiles));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PrefixDraws {
    bag: Bag,
    /// For a tile of which the bag holds `n`, going from `c` to `c + 1` copies multiplies the
    /// polynomial by `steps[n * (MAX_WORD + 1) + c]`, for `c` at most `n`; `None` past it.
    steps: Vec<Option<Poly>>,
    /// C(blanks, b) for b = 0, 1, 2, modulo the prime.
    weights: Poly,
    /// The longest word counted modulo the prime (0: none, the bag counts every word).
    longest: usize,
    /// The word before, `len` tiles, and the polynomial of each of its prefixes: `products[d]`
    /// is that of its first `d` tiles, for `d` up to `known`.
    word: [Tile; MAX_WORD],
    len: usize,
    products: [Poly; MAX_WORD + 1],
    known: usize,
    /// The copies of each tile in the word before.
    copies: [u8; 256],
}

/// The prime the products of [`PrefixDraws`] are taken modulo: 2^61 − 1, so that a product is
/// reduced with shifts and additions.
const PRIME: u64 = (1 << 61) - 1;

/// `x` modulo [`PRIME`], for `x` under 2^125.
#[inline]
fn reduce(x: u128) -> u64 {
    // 2^61 ≡ 1: the high bits add to the low ones, twice.
    let s = (x as u64 & PRIME) + (x >> 61) as u64;
    let s = (s & PRIME) + (s >> 61);
    if s >= PRIME {
        s - PRIME
    } else {
        s
    }
}

/// `p · q` modulo x³ and [`PRIME`], their coefficients reduced.
#[inline]
fn times_mod(p: Poly, q: Poly) -> Poly {
    let w = |a: u64, b: u64| a as u128 * b as u128;
    [
        reduce(w(p[0], q[0])),
        reduce(w(p[0], q[1]) + w(p[1], q[0])),
        reduce(w(p[0], q[2]) + w(p[1], q[1]) + w(p[2], q[0])),
    ]
}

/// `a^e` modulo [`PRIME`].
fn power_mod(a: u64, mut e: u64) -> u64 {
    let (mut base, mut acc) = (a % PRIME, 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mod(acc, base);
        }
        base = mul_mod(base, base);
        e >>= 1;
    }
    acc
}

/// `a · b` modulo [`PRIME`], for `a` and `b` below it.
#[inline]
fn mul_mod(a: u64, b: u64) -> u64 {
    reduce(a as u128 * b as u128)
}

impl PrefixDraws {
    /// The counter of `bag`'s combinations, before any word.
    pub fn new(bag: &Bag) -> PrefixDraws {
        const STRIDE: usize = MAX_WORD + 1;
        let rows = bag.choose.len();
        let mut steps = vec![None; rows * STRIDE];
        // The factor of k copies of a tile of which the bag holds n, from the bag's table of
        // factors (none for a bag of more than two blanks), if its coefficients are below the
        // prime; no copy is the polynomial 1.
        let table = bag.factors64(MAX_WORD);
        let mut usable = table.is_some();
        let table = table.map(|(t, _)| t).unwrap_or_default();
        let factor = |n: usize, k: usize| -> Option<Poly> {
            match k {
                0 => Some(ONE),
                _ => table.get(n * STRIDE + k).copied().filter(|f| f.iter().all(|&c| c < PRIME)),
            }
        };
        for n in 0..rows {
            for c in 0..=n.min(MAX_WORD - 1) {
                let (Some(from), Some(to)) = (factor(n, c), factor(n, c + 1)) else {
                    usable = false;
                    continue;
                };
                // The inverse of `from` modulo x³: its constant C(n, c) is not 0 (c ≤ n) and
                // below the prime, so it has an inverse modulo the prime.
                // 1 / (a0 + a1 x + a2 x²) = i − a1 i² x + (a1² i³ − a2 i²) x², i = 1 / a0.
                let i = power_mod(from[0], PRIME - 2);
                let (a1, a2) = (from[1], from[2]);
                let (i2, a1i) = (mul_mod(i, i), mul_mod(a1, i));
                let minus = |x: u64| (PRIME - x) % PRIME;
                let inverse = [
                    i,
                    minus(mul_mod(a1, i2)),
                    (mul_mod(mul_mod(a1i, a1i), i) + minus(mul_mod(a2, i2))) % PRIME,
                ];
                steps[n * STRIDE + c] = Some(times_mod(to, inverse));
            }
        }
        let weights = bag.blank_weights();
        let longest = if usable { bag.longest_below(PRIME as u128) } else { 0 };
        PrefixDraws {
            bag: bag.clone(),
            steps,
            weights,
            longest,
            word: [0; MAX_WORD],
            len: 0,
            products: [ONE; MAX_WORD + 1],
            known: 0,
            copies: [0; 256],
        }
    }

    /// The combinations of `word`, as [`Bag::combinations`] counts them.
    pub fn combinations(&mut self, word: &[Tile]) -> u64 {
        if word.len() > self.longest {
            return self.bag.combinations(word);
        }
        let shared = self.word[..self.len].iter().zip(word).take_while(|(a, b)| a == b).count();
        for &t in &self.word[shared..self.len] {
            self.copies[t as usize] -= 1;
        }
        self.known = self.known.min(shared);
        for (d, &t) in word.iter().enumerate().skip(shared) {
            let c = self.copies[t as usize];
            self.copies[t as usize] = c + 1;
            self.word[d] = t;
            if self.known == d {
                let n = self.bag.counts[t as usize] as usize;
                if let Some(step) = self.steps.get(n * (MAX_WORD + 1) + c as usize).copied().flatten() {
                    self.products[d + 1] = times_mod(self.products[d], step);
                    self.known = d + 1;
                }
            }
        }
        self.len = word.len();
        if self.known < word.len() {
            return self.bag.combinations(word);
        }
        let p = &self.products[word.len()];
        let w = &self.weights;
        reduce(p[0] as u128 * w[0] as u128 + p[1] as u128 * w[1] as u128 + p[2] as u128 * w[2] as u128)
    }
}

/// C(`total`, `k`), exactly, or past 2^64 once it is.
fn choose_total(total: u32, k: usize) -> u128 {
    let mut c = 1u128;
    for i in 0..k as u128 {
        c = c * (total as u128 - i.min(total as u128)) / (i + 1);
        if c >> 64 != 0 {
            return c;
        }
    }
    c
}

/// A draw polynomial truncated at degree 2 (see [`Bag::three`]): the coefficient of `x^b` counts
/// the draws with `b` tiles played by blanks.
pub(crate) type Poly = [u64; 3];

/// The polynomial of no tile.
pub(crate) const ONE: Poly = [1, 0, 0];

/// `p` times the factor `c`, truncated at degree 2; `None` if a step overflows 64 bits.
#[inline]
pub(crate) fn times(p: Poly, c: Poly) -> Option<Poly> {
    let p2 =
        p[2].checked_mul(c[0])?.checked_add(p[1].checked_mul(c[1])?)?.checked_add(p[0].checked_mul(c[2])?)?;
    let p1 = p[1].checked_mul(c[0])?.checked_add(p[0].checked_mul(c[1])?)?;
    Some([p[0].checked_mul(c[0])?, p1, p2])
}

/// `p` times the factor `c`, truncated at degree 2, modulo 2^64 (see [`Draws`]).
#[inline]
pub(crate) fn times_wrapping(p: Poly, c: Poly) -> Poly {
    let m = |a: u64, b: u64| a.wrapping_mul(b);
    [
        m(p[0], c[0]),
        m(p[1], c[0]).wrapping_add(m(p[0], c[1])),
        m(p[2], c[0]).wrapping_add(m(p[1], c[1])).wrapping_add(m(p[0], c[2])),
    ]
}

/// `Σ a_i b_i` modulo 2^64.
#[inline]
fn dot(a: Poly, b: Poly) -> u64 {
    a[0].wrapping_mul(b[0]).wrapping_add(a[1].wrapping_mul(b[1])).wrapping_add(a[2].wrapping_mul(b[2]))
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

/// Every word's probability order within its length, as a study list numbers it
/// ([`super::Search`]): most combinations first, equal ones by alphagram, then by the word; 1 to n
/// for the n words of a length. For callers that number words a search did not list.
///
/// ```
/// use lexico_lexicon::query::{Bag, Orders};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "sal", "las", "mas", "asa", "alas"])?;
/// let bag = Bag::of(lex.tiles());
/// let orders = Orders::compute(&lex, &bag);
/// let order = |w: &str| {
///     let w = lex.tiles().parse_word(w).unwrap();
///     orders.order(&w, bag.combinations(&w))
/// };
/// assert_eq!((order("asa"), order("las"), order("sal"), order("mas")), (Some(1), Some(2), Some(3), Some(4)));
/// assert_eq!(order("sol"), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Orders {
    /// `by_length[n]`: the order keys of every word of `n` tiles, sorted.
    by_length: Vec<Vec<OrderKey>>,
}

/// A word's place in the probability order of its length: fewer combinations later, then its
/// alphagram, then the word (both packed as [`super::study`] packs words).
type OrderKey = (u64, u128, u128);

fn order_key(word: &[Tile], combinations: u64) -> OrderKey {
    let mut sorted = [0u8; 16];
    sorted[..word.len()].copy_from_slice(word);
    sorted[..word.len()].sort_unstable();
    (!combinations, u128::from_be_bytes(sorted), super::study::pack(word))
}

impl Orders {
    /// Computes the combinations and alphagram of every word of `lex` in `bag`, reading the whole
    /// word store once.
    pub fn compute(lex: &Lexicon, bag: &Bag) -> Orders {
        let mut by_length: Vec<Vec<OrderKey>> = Vec::new();
        let mut draws = PrefixDraws::new(bag);
        let mut keys = lex.fst().keys();
        while let Some(k) = keys.next() {
            if k.len() > crate::MAX_WORD_TILES {
                continue;
            }
            if by_length.len() <= k.len() {
                by_length.resize_with(k.len() + 1, Vec::new);
            }
            by_length[k.len()].push(order_key(k, draws.combinations(k)));
        }
        for v in &mut by_length {
            v.sort_unstable();
        }
        Orders { by_length }
    }

    /// The probability order of `word`, whose combinations are `combinations`; `None` for a
    /// word the lexicon lacks.
    pub fn order(&self, word: &[Tile], combinations: u64) -> Option<u64> {
        if word.len() > crate::MAX_WORD_TILES {
            return None;
        }
        let words = self.by_length.get(word.len())?;
        words.binary_search(&order_key(word, combinations)).ok().map(|i| i as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next step of a linear congruential sequence (a fixed series of test values).
    fn lcg(seed: &mut u64) {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    }

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
        let set = crate::fise_2016_tiles();
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
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        let tiles: Vec<Tile> = set.all().collect();
        let mut seed = 0x9e37_79b9u64;
        for _ in 0..20_000 {
            lcg(&mut seed);
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
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        let tiles: Vec<Tile> = set.all().collect();
        let mut seed = 0x2545_f491u64;
        for _ in 0..20_000 {
            lcg(&mut seed);
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
    fn combinations_from_the_table_of_factors_equal_those_of_the_word() {
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        let tiles: Vec<Tile> = set.all().collect();
        let draws = Draws::new(&bag, 15);
        let narrow = Draws::new(&bag, 2);
        let mut seed = 0x517c_c1b7_u64;
        for _ in 0..20_000 {
            lcg(&mut seed);
            let len = 1 + (seed >> 60) as usize;
            let kinds = 1 + (seed >> 56) as usize % 8;
            let word: Vec<Tile> = (0..len).map(|i| tiles[((seed >> (i * 3)) as usize) % kinds]).collect();
            let copies = copies_of(&word);
            let want = bag.combinations(&word);
            // The table answers every word of the Spanish bag (no sum overflows) but those with
            // more copies of a tile than it holds, which are left to the bag.
            // As 4-bit counts by place in the set, when no tile has 16 copies.
            if copies.iter().all(|&(_, k)| k < 16) {
                let counts = copies.iter().fold(0u128, |c, &(t, k)| {
                    c + ((k as u128) << (4 * tiles.iter().position(|&x| x == t).unwrap()))
                });
                assert_eq!(draws.combinations_of_counts(&tiles, counts), Some(want), "{word:?}");
            }
            for (table, most) in [(&draws, 15), (&narrow, 2)] {
                let many = copies.iter().any(|&(_, k)| k > most);
                let got = table.combinations_of_copies(copies.iter().copied());
                assert_eq!(got, if many { None } else { Some(want) }, "{word:?} table of {most}");
            }
        }
    }

    #[test]
    fn draws_of_the_full_bag_are_all_draws_bit_for_bit() {
        let set = crate::fise_2016_tiles();
        for bag in [Bag::of(&set), Bag::sixty_of_each(&set)] {
            for (k, &d) in bag.draws.iter().enumerate() {
                assert_eq!(d.to_bits(), all_draws(bag.total, k).to_bits(), "{k} of {}", bag.total);
            }
        }
    }

    #[test]
    fn draws_leave_to_the_bag_what_64_bits_cannot_hold() {
        let set = crate::fise_2016_tiles();
        // The bag's count stops at u64::MAX where a word's passes it.
        let bag = Bag::sixty_of_each(&set);
        let draws = Draws::new(&bag, 15);
        assert_eq!(draws.longest, 7);
        let mut past = 0;
        for w in random_words(&set, 20_000, 0x1319_8a2e) {
            let copies = copies_of(&w);
            let want = bag.combinations(&w);
            past += (want == u64::MAX) as usize;
            let got = draws.combinations_of_copies(copies.iter().copied());
            assert_eq!(got, (w.len() <= 7).then_some(want), "{w:?}");
        }
        assert!(past > 100, "{past} words past 2^64");
    }

    /// The distinct tiles of `word` with their copies, in order of first appearance.
    fn copies_of(word: &[Tile]) -> Vec<(Tile, u8)> {
        let mut copies: Vec<(Tile, u8)> = Vec::new();
        for &t in word {
            match copies.iter_mut().find(|(d, _)| *d == t) {
                Some(e) => e.1 += 1,
                None => copies.push((t, 1)),
            }
        }
        copies
    }

    /// Random words of 1 to 16 tiles of few kinds, so that copies pile up past a tile's count
    /// in the bag, and longer ones past the lengths counted modulo the prime.
    fn random_words(set: &TileSet, n: usize, mut seed: u64) -> Vec<Vec<Tile>> {
        let tiles: Vec<Tile> = set.all().collect();
        (0..n)
            .map(|_| {
                lcg(&mut seed);
                let len = 1 + (seed >> 60) as usize + if seed & 0xff == 0 { 10 } else { 0 };
                let kinds = 1 + (seed >> 56) as usize % 10;
                let first = (seed >> 40) as usize % tiles.len();
                (0..len)
                    .map(|i| tiles[(first + (seed >> (i * 3 % 48)) as usize % kinds) % tiles.len()])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn prefix_draws_equal_the_bags_in_tile_order_and_any_order() {
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        let mut words = random_words(&set, 30_000, 0x243f_6a88);
        let mut draws = PrefixDraws::new(&bag);
        assert_eq!(draws.longest, 16, "C(100, 16) is below 2^61 - 1, C(100, 17) is not");
        for w in &words {
            assert_eq!(draws.combinations(w), bag.combinations(w), "{w:?}");
        }
        // In tile order each word shares a prefix with the one before, as in a search.
        words.sort();
        let mut draws = PrefixDraws::new(&bag);
        for w in &words {
            assert_eq!(draws.combinations(w), bag.combinations(w), "{w:?}");
        }
        // Words of a tile two copies past the bag's, among words that are not.
        let mut draws = PrefixDraws::new(&bag);
        for w in ["ÑAÑA", "ÑAÑAÑA", "ÑAÑAS", "ÑAÑ", "ZZZZ", "ZZZZA", "ZZ", "CHUCHERIA", "CHUCH"] {
            let w = set.parse_word(w).unwrap();
            assert_eq!(draws.combinations(&w), bag.combinations(&w), "{w:?}");
        }
        assert_eq!(draws.combinations(&[]), 1);
    }

    #[test]
    fn prefix_draws_count_bytes_the_bag_lacks_as_the_bag_does() {
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        let casa = set.parse_word("CASA").unwrap();
        let mut draws = PrefixDraws::new(&bag);
        // 200 is no tile of the set: the bag holds none of it.
        for w in
            [vec![200], vec![200, 200], [&casa[..], &[200]].concat(), [&casa[..2], &[200, 200, 200]].concat()]
        {
            assert_eq!(draws.combinations(&w), bag.combinations(&w), "{w:?}");
        }
    }

    #[test]
    fn prefix_draws_leave_to_the_bag_what_the_prime_cannot_hold() {
        let set = crate::fise_2016_tiles();
        let words = random_words(&set, 5_000, 0x85a3_08d3);
        // Three blanks: polynomials of degree 3, which the steps do not hold.
        let mut three = Bag::of(&set);
        three.blanks = 3;
        // A bag of 300 tiles: C(300, k) passes the prime from 11 tiles on.
        let mut large = Bag::of(&set);
        large.total = 300;
        for (bag, longest) in [(three, 0), (large, 10)] {
            let mut draws = PrefixDraws::new(&bag);
            assert_eq!(draws.longest, longest);
            for w in &words {
                assert_eq!(draws.combinations(w), bag.combinations(w), "{w:?}");
            }
        }
    }

    #[test]
    fn combinations_agree_with_zyzzyvas_loops() {
        let set = crate::fise_2016_tiles();
        let bag = Bag::of(&set);
        assert_eq!(bag.total(), 100);
        for w in ["CHURRO", "AEINRST", "ZZZ", "ÑAÑA", "A", "JAQUE", "EEEEEEEEEEEEEE"] {
            let word = set.parse_word(w).unwrap();
            assert_eq!(bag.combinations(&word) as u128, zyzzyva(&bag, &word), "{w}");
        }
    }

    #[test]
    fn bags_of_fewer_blanks_agree_with_zyzzyvas_loops() {
        let set = crate::fise_2016_tiles();
        for blanks in 0..=2u8 {
            let bag = Bag::of(&set).with_blanks(blanks);
            assert_eq!(bag.total(), 98 + blanks as u32);
            for w in ["CHURRO", "AEINRST", "ZZZ", "ÑAÑA", "A", "JAQUE", "EEEEEEEEEEEEEE"] {
                let word = set.parse_word(w).unwrap();
                assert_eq!(bag.combinations(&word) as u128, zyzzyva(&bag, &word), "{w} {blanks}");
                let mut draws = PrefixDraws::new(&bag);
                assert_eq!(draws.combinations(&word), bag.combinations(&word), "{w} {blanks}");
            }
        }
        // Without blanks a word with more copies of a tile than the bag has cannot be drawn.
        assert_eq!(Bag::of(&set).with_blanks(0).combinations(&set.parse_word("ZZ").unwrap()), 0);
    }

    #[test]
    fn one_tile_words_count_their_copies_and_the_blanks() {
        let set = crate::fise_2016_tiles();
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
