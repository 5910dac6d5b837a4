//! Anagrams of a rack.
//!
//! Exact and sub-anagrams, when the lexicon has an anagram index, walk its fst of alphagrams
//! (each word's tiles sorted, filed under their length) one length at a time, depth first,
//! choosing tiles in tile order: each multiset of tiles is reached once, not once per ordering,
//! which is what makes blanks cheap. At each node the walk takes a tile at least as late as the
//! last one taken that the rack still holds or, while a blank is left, any such tile, as long as
//! the rack's tiles from there on and its blanks can still fill the length (in an exact query:
//! it never passes over a tile the rack holds, which could never be placed later). Each
//! alphagram reached lists its words.
//!
//! For an answer with each word's combinations ([`anagram_keys_with_combinations`]), the walk
//! also multiplies the draw polynomial's factors of the tiles it takes, one run of equal tiles
//! at a time, so alphagrams that share a prefix share its product.
//!
//! Super-anagrams walk the same fst: an alphagram holds every lettered tile of the rack, so,
//! tiles coming in order, the walk may take any tile up to the first one of the rack not yet
//! taken, and that one only once the rack's tiles left fill what remains of the length. Added
//! tiles come from the board, never from a blank, so no tile of a super-anagram is a blank.
//!
//! Otherwise (a file without the index) the walk is over the word store's nodes, pruned by the
//! tiles left. At each node the walk follows only the transitions the rack
//! can pay for: a lettered tile it still holds, or, while a blank is left, any tile. A tile the rack holds is always paid with
//! that tile rather than a blank: a blank kept can later stand for anything the tile could, so
//! this never loses a word, it reaches each word once, and it keeps the most points (the value
//! of a word made from a rack does not depend on which of its equal letters the blank plays,
//! only on how many of each letter the rack lacks). Of several equal letters, the rack's tiles
//! take the first ones and the blanks the last ones (rack `A?`, word `AA`: `Aa`).

use fst::raw::{Fst, Node, Output};
use lexico_tiles::{Rack, Tile};

use super::probability::{times_wrapping, Poly, ONE};
use super::{AnagramKeys, Bag, Draws, Found, QueryError, MAX_WORD};
use crate::{AnagramIndex, Lexicon};

/// The most tiles a rack may hold (blanks included).
pub const MAX_RACK: usize = 32;

/// Which words of a rack are wanted.
///
/// ```
/// use lexico_lexicon::query::{anagram, AnagramQuery, Mode};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["sal", "sala"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "SAL")?;
/// let sup = AnagramQuery { mode: Mode::Super, max: Some(4), ..AnagramQuery::default() };
/// let words: Vec<String> = anagram(&lex, &rack, &sup)?.iter().map(|f| f.spell(lex.tiles())).collect();
/// assert_eq!(words, ["SAL", "SALA"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Words using exactly the rack's tiles.
    #[default]
    Exact,
    /// Words using some of the rack's tiles.
    Sub,
    /// Words using all of the rack's lettered tiles plus any other tiles; a blank of the rack
    /// only adds one to the shortest length.
    Super,
}

impl std::str::FromStr for Mode {
    type Err = super::UnknownName;

    /// `exact`, `sub` or `super`.
    fn from_str(name: &str) -> Result<Mode, super::UnknownName> {
        super::by_name("mode", name, &[Mode::Exact, Mode::Sub, Mode::Super], &["exact", "sub", "super"])
    }
}

/// An anagram query: the mode and optional length limits in tiles.
///
/// ```
/// use lexico_lexicon::query::{anagram, AnagramQuery, Mode};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "sal", "las", "alas"])?;
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "SAL")?;
/// let sub = AnagramQuery { mode: Mode::Sub, min: Some(2), ..AnagramQuery::default() };
/// let words: Vec<String> = anagram(&lex, &rack, &sub)?.iter().map(|f| f.spell(lex.tiles())).collect();
/// assert_eq!(words, ["AS", "LAS", "SAL"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AnagramQuery {
    /// Exact, sub- or super-anagrams.
    pub mode: Mode,
    /// Shortest word; defaults: exact and super, the rack's length; sub, 1.
    pub min: Option<usize>,
    /// Longest word; defaults: exact and sub, the rack's length; super, [`SUPER_MAX`].
    pub max: Option<usize>,
}

/// The default longest word of a super-anagram query: the width of the board.
pub const SUPER_MAX: usize = 15;

impl AnagramQuery {
    /// The effective shortest and longest lengths for `rack`.
    pub fn lengths(&self, rack: &Rack) -> Result<(usize, usize), QueryError> {
        let n = rack.len();
        let (min, max) = match self.mode {
            Mode::Exact => (n, n),
            Mode::Sub => (self.min.unwrap_or(1), self.max.unwrap_or(n).min(n)),
            Mode::Super => (self.min.unwrap_or(n).max(n), self.max.unwrap_or(SUPER_MAX.max(n))),
        };
        if min > max || max > MAX_WORD {
            return Err(QueryError::Lengths { min, max });
        }
        Ok((min, max))
    }
}

/// Every word of `lex` that `rack` makes under `query`, in tile order, with the positions the
/// blanks play. Errors: more blanks than the bag holds, a rack longer than [`MAX_RACK`], or
/// lengths no word can have.
pub fn anagram(lex: &Lexicon, rack: &Rack, query: &AnagramQuery) -> Result<Vec<Found>, QueryError> {
    let (min, max) = checked(lex, rack, query)?;
    if let Some(keys) = from_index(lex, rack, min, max, query.mode) {
        return Ok(keys.found_in_order());
    }
    let (counts, distinct) = rack_counts(rack);
    let mut walk = Walk {
        counts,
        distinct,
        blanks: rack.blanks,
        lettered_left: rack.len() - rack.blanks as usize,
        word: Vec::with_capacity(max),
        mask: 0,
        min,
        max,
        mode: query.mode,
        out: Vec::new(),
    };
    let fst = lex.fst().as_fst();
    walk.go(fst, fst.root());
    Ok(walk.out)
}

/// The same words as [`anagram`], as [`AnagramKeys`] (unsorted), when the lexicon's anagram
/// index answers the query: any query on a lexicon with the index. `None` otherwise (use
/// [`anagram`]). Same errors as [`anagram`].
pub fn anagram_keys(
    lex: &Lexicon,
    rack: &Rack,
    query: &AnagramQuery,
) -> Result<Option<AnagramKeys>, QueryError> {
    let (min, max) = checked(lex, rack, query)?;
    Ok(from_index(lex, rack, min, max, query.mode))
}

/// The same words as [`anagram_keys`], each with its combinations in `bag` (see
/// [`Bag::combinations`]; [`AnagramKeys::combinations`] tells them): the walk of the index
/// multiplies the factors of an alphagram's tiles as it takes them, so every alphagram below a
/// node shares the work of its prefix, and each word's combinations come without counting its
/// tiles. For a caller that prints them.
///
/// ```
/// use lexico_lexicon::query::{anagram_keys_with_combinations, AnagramQuery, Bag, Mode};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["sal", "sala", "salas"])?;
/// let bag = Bag::of(lex.tiles());
/// let rack = lexico_tiles::Rack::parse(lex.tiles(), "SAL")?;
/// let q = AnagramQuery { mode: Mode::Super, ..AnagramQuery::default() };
/// let keys = anagram_keys_with_combinations(&lex, &rack, &q, &bag)?.expect("indexed");
/// for i in 0..keys.len() {
///     assert_eq!(keys.combinations(i), Some(bag.combinations(keys.word(i).tiles())));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn anagram_keys_with_combinations(
    lex: &Lexicon,
    rack: &Rack,
    query: &AnagramQuery,
    bag: &Bag,
) -> Result<Option<AnagramKeys>, QueryError> {
    let (min, max) = checked(lex, rack, query)?;
    let Some(index) = lex.anagram_index().ok().flatten() else {
        return Ok(None);
    };
    let tally = Some(Tally::new(bag, max));
    Ok(Some(match query.mode {
        Mode::Super => covering(index, rack, min, max, tally),
        Mode::Exact | Mode::Sub => by_alphagram(index, rack, min, max, tally),
    }))
}

/// The combinations of alphagrams, carried along a walk that takes their tiles in order: the
/// draw polynomial (see [`Bag::three`]) is a product of one factor per distinct tile, and the
/// copies of a tile come together, so each step multiplies the product of the runs before the
/// last one by the last run's factor.
struct Tally<'b> {
    bag: &'b Bag,
    draws: Draws,
    /// By depth, what the tiles taken down to it make.
    steps: Vec<Step>,
    /// The depth down to which the products are those of the tiles taken: they are made when
    /// an alphagram is reached, so a branch that reaches none costs nothing.
    made: usize,
}

/// What the tiles of an alphagram down to a depth make: the length of the run of equal tiles
/// that ends there, the product of the factors of the runs before it and the product with it,
/// modulo 2^64 (see [`Draws`]).
#[derive(Clone, Copy)]
struct Step {
    run: u8,
    /// The product with the run, then the product before it: picked by whether the next tile
    /// is the same, with no branch.
    upto_before: [Poly; 2],
}

impl<'b> Tally<'b> {
    /// A tally for alphagrams of at most `max` tiles.
    fn new(bag: &'b Bag, max: usize) -> Tally<'b> {
        let steps = vec![Step { run: 0, upto_before: [ONE; 2] }; max + 1];
        Tally { bag, draws: Draws::new(bag, max), steps, made: 0 }
    }

    /// Notes that the last tile of the alphagram, at depth `depth`, was taken anew.
    #[inline]
    fn take(&mut self, depth: usize) {
        self.made = self.made.min(depth - 1);
    }

    /// The run and the product before it at depth `d`, whose tile is `t`, `same` as the tile
    /// before it or not.
    #[inline]
    fn step(&self, d: usize, same: bool) -> (u8, Poly) {
        let last = &self.steps[d - 1];
        ((last.run & 0u8.wrapping_sub(same as u8)) + 1, last.upto_before[same as usize])
    }

    /// The combinations of `alphagram`, taken tile by tile.
    #[inline]
    fn combinations(&mut self, alphagram: &[Tile]) -> u64 {
        let n = alphagram.len();
        if n == 0 || n >= self.steps.len() || n > self.draws.longest() {
            return self.bag.combinations(alphagram);
        }
        for d in self.made + 1..n {
            let t = alphagram[d - 1];
            let (run, before) = self.step(d, d >= 2 && alphagram[d - 2] == t);
            let Some(f) = self.draws.factor(t, run as usize) else {
                self.made = d - 1;
                return self.bag.combinations(alphagram);
            };
            self.steps[d] = Step { run, upto_before: [times_wrapping(before, f), before] };
        }
        self.made = self.made.max(n - 1);
        // The last tile's factor goes into the sum itself: alphagrams that share all but their
        // last tile share the product of the others.
        let t = alphagram[n - 1];
        let (run, before) = self.step(n, n >= 2 && alphagram[n - 2] == t);
        match self.draws.sum_with(before, t, run as usize, n) {
            Some(c) => c,
            None => self.bag.combinations(alphagram),
        }
    }
}

/// The effective lengths, once the rack is known to be one the query can run on.
fn checked(lex: &Lexicon, rack: &Rack, query: &AnagramQuery) -> Result<(usize, usize), QueryError> {
    let set = lex.tiles();
    if rack.blanks > set.blanks() {
        return Err(QueryError::Blanks { got: rack.blanks_read(), max: set.blanks() as usize });
    }
    if rack.len() > MAX_RACK {
        return Err(QueryError::RackTooLong { got: rack.len(), max: MAX_RACK });
    }
    query.lengths(rack)
}

/// The words from the anagram index, if the lexicon has one.
fn from_index(lex: &Lexicon, rack: &Rack, min: usize, max: usize, mode: Mode) -> Option<AnagramKeys> {
    // A damaged index (a checksum mismatch) is not fatal: the word store answers the same.
    let index = lex.anagram_index().ok().flatten()?;
    Some(match mode {
        Mode::Super => covering(index, rack, min, max, None),
        Mode::Exact | Mode::Sub => by_alphagram(index, rack, min, max, None),
    })
}

struct Walk {
    counts: [u8; 256],
    /// The rack's distinct lettered tiles, in tile order.
    distinct: Vec<Tile>,
    blanks: u8,
    /// Lettered tiles of the rack not yet used.
    lettered_left: usize,
    word: Vec<Tile>,
    mask: u64,
    min: usize,
    max: usize,
    mode: Mode,
    out: Vec<Found>,
}

impl Walk {
    fn go<'f, D: AsRef<[u8]>>(&mut self, fst: &'f Fst<D>, node: Node<'f>) {
        let depth = self.word.len();
        if node.is_final() && depth >= self.min && (self.mode != Mode::Super || self.lettered_left == 0) {
            self.out.push(Found { tiles: self.word.clone(), blanks: self.mask });
        }
        if depth == self.max {
            return;
        }
        match self.mode {
            Mode::Super => {
                for tr in node.transitions() {
                    let t = tr.inp;
                    if self.counts[t as usize] > 0 {
                        self.counts[t as usize] -= 1;
                        self.lettered_left -= 1;
                        self.step(fst, t, tr.addr, false);
                        self.lettered_left += 1;
                        self.counts[t as usize] += 1;
                    } else if self.max - depth > self.lettered_left {
                        // An added tile, from the board: room must remain for the rack's tiles.
                        self.step(fst, t, tr.addr, false);
                    }
                }
            }
            Mode::Exact | Mode::Sub if self.blanks == 0 => {
                // Without blanks, ask the node for each tile the rack still holds: cheaper
                // than reading every transition of a wide node.
                for i in 0..self.distinct.len() {
                    let t = self.distinct[i];
                    if self.counts[t as usize] == 0 {
                        continue;
                    }
                    if let Some(k) = node.find_input(t) {
                        let addr = node.transition_addr(k);
                        self.counts[t as usize] -= 1;
                        self.step(fst, t, addr, false);
                        self.counts[t as usize] += 1;
                    }
                }
            }
            Mode::Exact | Mode::Sub => {
                for tr in node.transitions() {
                    let t = tr.inp;
                    if self.counts[t as usize] > 0 {
                        self.counts[t as usize] -= 1;
                        self.step(fst, t, tr.addr, false);
                        self.counts[t as usize] += 1;
                    } else {
                        self.blanks -= 1;
                        self.step(fst, t, tr.addr, true);
                        self.blanks += 1;
                    }
                }
            }
        }
    }

    fn step<D: AsRef<[u8]>>(&mut self, fst: &Fst<D>, t: Tile, addr: usize, blank: bool) {
        let depth = self.word.len();
        self.word.push(t);
        if blank {
            self.mask |= 1 << depth;
        }
        self.go(fst, fst.node(addr));
        self.mask &= !(1 << depth);
        self.word.pop();
    }
}

/// The rack's count of each tile byte, and the tiles it holds, in tile order.
fn rack_counts(rack: &Rack) -> ([u8; 256], Vec<Tile>) {
    let mut counts = [0u8; 256];
    let mut distinct = Vec::new();
    for (t, &c) in rack.counts.iter().enumerate().take(256) {
        if c > 0 {
            counts[t] = c;
            distinct.push(t as Tile);
        }
    }
    (counts, distinct)
}

/// Exact or sub-anagrams from the anagram index, in the order the walk meets them: each length
/// in turn, the index filing alphagrams under their length first.
fn by_alphagram(
    index: &AnagramIndex,
    rack: &Rack,
    min: usize,
    max: usize,
    tally: Option<Tally>,
) -> AnagramKeys {
    let (counts, distinct) = rack_counts(rack);
    let mut walk = Sorted {
        index,
        counts,
        distinct,
        blanks: rack.blanks,
        alphagram: Vec::with_capacity(max),
        len: 0,
        out: AnagramKeys::new(max, counts, rack.blanks, tally.is_some(), false),
        tally,
    };
    each_length(index, min, max, |len, node, out| {
        walk.len = len;
        walk.go(node, out, 0);
    });
    walk.out
}

/// Calls `f(len, node, output)` with the index's subtree of the alphagrams of each length from
/// `min` to `max` that the index holds (the index files alphagrams under their length first).
fn each_length<'i>(
    index: &'i AnagramIndex,
    min: usize,
    max: usize,
    mut f: impl FnMut(usize, Node<'i>, Output),
) {
    let root = index.root();
    for len in min..=max {
        let Some(k) = u8::try_from(len).ok().and_then(|b| root.find_input(b)) else {
            continue;
        };
        let tr = root.transition(k);
        f(len, index.fst().node(tr.addr), Output::zero().cat(tr.out));
    }
}

/// Super-anagrams from the anagram index: the alphagrams of each length from `min` to `max`
/// that hold every lettered tile of the rack, in the order the walk meets them.
fn covering(index: &AnagramIndex, rack: &Rack, min: usize, max: usize, tally: Option<Tally>) -> AnagramKeys {
    let (counts, distinct) = rack_counts(rack);
    let mut walk = Covering {
        index,
        counts,
        distinct,
        next: 0,
        left: rack.len() - rack.blanks as usize,
        alphagram: Vec::with_capacity(max),
        len: 0,
        // No tile of a super-anagram is played by a blank; its answers run long.
        out: AnagramKeys::new(max, counts, 0, tally.is_some(), true),
        tally,
    };
    each_length(index, min, max, |len, node, out| {
        walk.len = len;
        walk.go(node, out);
    });
    walk.out
}

struct Covering<'i, 'b> {
    index: &'i AnagramIndex,
    /// The rack's lettered tiles not yet taken.
    counts: [u8; 256],
    /// The rack's distinct lettered tiles, in tile order.
    distinct: Vec<Tile>,
    /// The place in `distinct` of the first tile of the rack not yet taken (all its copies
    /// before it are).
    next: usize,
    /// The rack's lettered tiles not yet taken.
    left: usize,
    alphagram: Vec<Tile>,
    /// The length of the alphagrams walked.
    len: usize,
    /// The words found.
    out: AnagramKeys,
    /// The alphagrams' combinations, when the words carry them.
    tally: Option<Tally<'b>>,
}

impl Covering<'_, '_> {
    fn go(&mut self, node: Node<'_>, out: Output) {
        let depth = self.alphagram.len();
        if depth == self.len {
            if node.is_final() {
                emit(
                    self.index,
                    &self.alphagram,
                    out.cat(node.final_output()).value(),
                    &mut self.out,
                    &mut self.tally,
                );
            }
            return;
        }
        let fst = self.index.fst();
        let Some(&need) = self.distinct.get(self.next) else {
            // Every tile of the rack is taken: any tile completes the alphagram.
            for tr in node.transitions() {
                self.take(fst.node(tr.addr), out.cat(tr.out), tr.inp, false);
            }
            return;
        };
        if self.len - depth == self.left {
            // No room for an added tile: the next tile is the rack's.
            if let Some(k) = node.find_input(need) {
                let tr = node.transition(k);
                self.take(fst.node(tr.addr), out.cat(tr.out), need, true);
            }
            return;
        }
        // A tile later than `need` would pass over it for good.
        for tr in node.transitions() {
            if tr.inp > need {
                break;
            }
            self.take(fst.node(tr.addr), out.cat(tr.out), tr.inp, tr.inp == need);
        }
    }

    /// Takes `t`, the rack's tile `need` when `held`, and walks on.
    fn take(&mut self, node: Node<'_>, out: Output, t: Tile, held: bool) {
        let next = self.next;
        if held {
            self.counts[t as usize] -= 1;
            self.left -= 1;
            if self.counts[t as usize] == 0 {
                self.next += 1;
            }
        }
        self.alphagram.push(t);
        if let Some(tally) = &mut self.tally {
            tally.take(self.alphagram.len());
        }
        self.go(node, out);
        self.alphagram.pop();
        if held {
            self.counts[t as usize] += 1;
            self.left += 1;
            self.next = next;
        }
    }
}

struct Sorted<'i, 'b> {
    index: &'i AnagramIndex,
    /// The rack's lettered tiles not yet taken.
    counts: [u8; 256],
    /// The rack's distinct lettered tiles, in tile order.
    distinct: Vec<Tile>,
    blanks: u8,
    alphagram: Vec<Tile>,
    /// The length of the alphagrams walked.
    len: usize,
    /// The words found.
    out: AnagramKeys,
    /// The alphagrams' combinations, when the words carry them.
    tally: Option<Tally<'b>>,
}

impl Sorted<'_, '_> {
    fn go(&mut self, node: Node<'_>, out: Output, last: Tile) {
        let depth = self.alphagram.len();
        if depth == self.len {
            if node.is_final() {
                self.emit(out.cat(node.final_output()).value());
            }
            return;
        }
        // Tiles come in order, so a tile of the rack earlier than the last one taken is never
        // placed: from tile t on, the rack can still give its tiles from t on and its blanks,
        // and they must cover the tiles the alphagram still lacks. That only shrinks as t
        // grows, so the first tile that fails ends the node.
        let need = (self.len - depth) as u32;
        let mut held = 0u32;
        let mut first = self.distinct.len();
        for (i, &t) in self.distinct.iter().enumerate().rev() {
            if t < last {
                break;
            }
            held += self.counts[t as usize] as u32;
            first = i;
        }
        if held + (self.blanks as u32) < need {
            return;
        }
        let fst = self.index.fst();
        if self.blanks == 0 {
            for i in first..self.distinct.len() {
                let t = self.distinct[i];
                let c = self.counts[t as usize];
                if held < need {
                    break;
                }
                held -= c as u32;
                if c == 0 {
                    continue;
                }
                if let Some(k) = node.find_input(t) {
                    let tr = node.transition(k);
                    self.counts[t as usize] -= 1;
                    self.alphagram.push(t);
                    if let Some(tally) = &mut self.tally {
                        tally.take(self.alphagram.len());
                    }
                    self.go(fst.node(tr.addr), out.cat(tr.out), t);
                    self.alphagram.pop();
                    self.counts[t as usize] += 1;
                }
            }
            return;
        }
        let mut next = first;
        for tr in node.transitions() {
            let t = tr.inp;
            if t < last {
                continue;
            }
            // The rack's tiles before t are passed over.
            while next < self.distinct.len() && self.distinct[next] < t {
                held -= self.counts[self.distinct[next] as usize] as u32;
                next += 1;
            }
            if held + (self.blanks as u32) < need {
                break;
            }
            let real = self.counts[t as usize] > 0;
            if real {
                self.counts[t as usize] -= 1;
            } else {
                self.blanks -= 1;
            }
            self.alphagram.push(t);
            if let Some(tally) = &mut self.tally {
                tally.take(self.alphagram.len());
            }
            self.go(fst.node(tr.addr), out.cat(tr.out), t);
            self.alphagram.pop();
            if real {
                self.counts[t as usize] += 1;
            } else {
                self.blanks += 1;
            }
        }
    }

    /// Adds the words of the alphagram taken so far, listed at bit offset `at`.
    fn emit(&mut self, at: u64) {
        emit(self.index, &self.alphagram, at, &mut self.out, &mut self.tally);
    }
}

/// Adds the words of `alphagram`, listed at bit offset `at`, to `out`, with their combinations
/// if a tally is kept.
fn emit(index: &AnagramIndex, alphagram: &[Tile], at: u64, out: &mut AnagramKeys, tally: &mut Option<Tally>) {
    match tally {
        Some(tally) => {
            let combinations = tally.combinations(alphagram);
            index.words(alphagram, at, |w| out.push_counted(w, combinations));
        }
        None => {
            index.words(alphagram, at, |w| out.push(w));
        }
    }
}

#[cfg(test)]
mod tests {
    use lexico_tiles::TileSet;

    use super::*;

    /// Alphagrams of 1 to 16 tiles of few kinds, in tile order, as a walk meets them.
    fn alphagrams(set: &TileSet, n: usize) -> Vec<Vec<Tile>> {
        let tiles: Vec<Tile> = set.all().collect();
        let mut seed = 0xa409_3822_299f_31d0u64;
        let mut out: Vec<Vec<Tile>> = (0..n)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let len = 1 + (seed >> 60) as usize;
                let first = (seed >> 40) as usize % tiles.len();
                let kinds = 1 + (seed >> 56) as usize % 12;
                let mut w: Vec<Tile> = (0..len)
                    .map(|i| tiles[(first + (seed >> (i * 3)) as usize % kinds) % tiles.len()])
                    .collect();
                w.sort();
                w
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The tally's combinations, taken along a walk that keeps the prefix an alphagram shares
    /// with the one before, are the bag's: in the Spanish bag, and in a bag of 60 copies of
    /// each tile, whose longer words are past what 64 bits hold and left to the bag.
    #[test]
    fn combinations_tallied_along_a_walk_equal_the_bags() {
        let set = crate::fise_2016_tiles();
        let words = alphagrams(&set, 20_000);
        for bag in [Bag::of(&set), Bag::sixty_of_each(&set)] {
            let mut tally = Tally::new(&bag, 16);
            let mut before: &[Tile] = &[];
            let mut past = 0;
            for w in &words {
                let shared = before.iter().zip(w).take_while(|(a, b)| a == b).count();
                if shared < w.len() {
                    tally.take(shared + 1);
                }
                let want = bag.combinations(w);
                past += (want == u64::MAX) as usize;
                assert_eq!(tally.combinations(w), want, "{w:?}");
                before = w;
            }
            assert_eq!(past > 0, bag.total() > 100, "{past} words past 2^64");
        }
    }
}
