//! What the lexicon keeps of Zyzzyva's Type I, II and III sets once computed: the top stems, the
//! Type II multiset and the Type III thresholds. `query::bingo` computes and reads them; this
//! module only holds them, so that the lexicon can keep them without importing the queries.

use lexico_tiles::Tile;

/// A six-tile stem and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stem {
    /// Its tiles, in tile order.
    pub tiles: Vec<Tile>,
    /// Its combinations with no blank.
    pub combinations: u64,
    /// The bag's tiles, copies left after the stem, that make a valid seven with it.
    pub usable: u32,
}

impl Stem {
    /// Its score: combinations times usable tiles.
    pub fn score(&self) -> u128 {
        u128::from(self.combinations) * u128::from(self.usable)
    }
}

/// The top stems, the Type II multiset and the Type III thresholds of a lexicon
/// ([`crate::query::bingo_sets`], computed once).
#[derive(Clone, Debug)]
pub struct BingoSets {
    /// The top stems, best first.
    pub(crate) stems: Vec<Stem>,
    /// The top stems, packed (`pack6` of `query::bingo`), sorted.
    pub(crate) keys: Vec<u64>,
    /// Copies of each tile in the Type II multiset.
    pub(crate) two: [u8; 256],
    /// The least combinations of a Type III seven and eight (`None`: no such word).
    pub(crate) three: [Option<u64>; 2],
}
