//! Racks of a search's anagram conditions: tiles, blanks (`?`), classes (`[AEIOU]` one tile of
//! the class, `[^AEIOU]` one tile outside it) and, in an exact anagram, `*` (any further tiles).
//!
//! A class is read as a pattern's class (`[C H]` is C or H), except that a class of one tile is
//! that tile, as brackets type it anywhere (`[CH]`, `AE[R][R]`). A word fits a rack when each of
//! its tiles can be given its own element of the rack: a tile of the same kind, a class that
//! holds it, or a blank; an exact anagram uses every element (and, with `*`, may have tiles
//! left over), a sub-anagram some of them, a super-anagram every element and any other tiles.
//! The rack's tiles are given first (a tile of a kind the rack holds never needs a class or a
//! blank), then the classes, by a bipartite matching of the tiles left over to the classes, the
//! blanks taking the rest.

use lexico_tiles::{Tile, TileSet};

use super::pattern::{tokens, Token};
use super::{
    AnagramQuery, Bounded, Found, Mode, PatternProblem, QueryError, StudyError, MAX_RACK, MAX_WORD, SUPER_MAX,
};
use crate::{Lexicon, MAX_WORD_TILES};
use fst::automaton::AlwaysMatch;
use fst::{IntoStreamer, Streamer};

/// A rack of a search condition ([`super::Test::Anagram`], [`super::Test::Sub`],
/// [`super::Test::Super`]).
///
/// ```
/// use lexico_lexicon::query::RackPattern;
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let rack = RackPattern::parse(&set, "CAS[AEIOU]*")?;
/// assert_eq!((rack.len(), rack.classes.len(), rack.star), (4, 1, true));
/// let word = |w: &str| set.parse_word(w).unwrap();
/// assert!(rack.fits_exact(&word("casa")) && rack.fits_exact(&word("casado")));
/// assert!(!rack.fits_exact(&word("cast")) && !rack.fits_exact(&word("cas")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RackPattern {
    /// The rack's tiles, in tile order.
    pub tiles: Vec<Tile>,
    /// Its blanks.
    pub blanks: u8,
    /// Each class: the tiles it holds, in tile order.
    pub classes: Vec<Vec<Tile>>,
    /// Whether the rack has a `*`: an exact anagram may have any further tiles.
    pub star: bool,
    /// The copies of each tile byte among `tiles`.
    counts: Box<[u8; 256]>,
    /// Each class as a table of the tile bytes it holds.
    members: Vec<[bool; 256]>,
}

impl RackPattern {
    /// Reads a rack of `set`: tiles as a rack reads them (spaces or commas separate tiles), `?`
    /// a blank, `[..]` a class or a bracketed tile, `[^..]` a class of the tiles outside it,
    /// `*` any further tiles. At most the bag's blanks and [`MAX_RACK`] tiles, blanks and
    /// classes.
    pub fn parse(set: &TileSet, text: &str) -> Result<RackPattern, QueryError> {
        let mut tiles: Vec<Tile> = Vec::new();
        let mut blanks = 0usize;
        let mut classes: Vec<Vec<Tile>> = Vec::new();
        let mut star = false;
        tokens(set, text, |token| {
            match token {
                Token::Blank => blanks += 1,
                Token::Star => star = true,
                Token::Class { tiles: class, negated: true } => {
                    classes.push(set.all().filter(|t| class.binary_search(t).is_err()).collect())
                }
                Token::Class { tiles: class, negated: false } => match class[..] {
                    [t] => tiles.push(t),
                    _ => classes.push(class),
                },
                Token::Tiles(run) => tiles.extend(run),
            }
            Ok(())
        })?;
        if blanks > set.blanks() as usize {
            return Err(QueryError::Blanks { got: blanks, max: set.blanks() as usize });
        }
        let len = tiles.len() + blanks + classes.len();
        if len > MAX_RACK {
            return Err(QueryError::RackTooLong { got: len, max: MAX_RACK });
        }
        if len == 0 {
            return Err(QueryError::Pattern { column: 1, problem: PatternProblem::NoTiles });
        }
        tiles.sort_unstable();
        let mut counts = Box::new([0u8; 256]);
        for &t in &tiles {
            counts[t as usize] += 1;
        }
        let members = classes
            .iter()
            .map(|class| {
                let mut m = [false; 256];
                for &t in class {
                    m[t as usize] = true;
                }
                m
            })
            .collect();
        Ok(RackPattern { tiles, blanks: blanks as u8, classes, star, counts, members })
    }

    /// Returns true if and only if `text` may hold a class or a `*`, so that it must be read as
    /// a rack pattern rather than a plain rack ([`lexico_tiles::Rack`]).
    pub fn wanted(text: &str) -> bool {
        text.contains(['[', '*'])
    }

    /// The rack as a plain rack, when it has no class and no `*` (`AE[R][R]`, bracketed tiles).
    pub fn plain(&self) -> Option<lexico_tiles::Rack> {
        if self.star || !self.classes.is_empty() {
            return None;
        }
        let blanks = std::iter::repeat_n(None, self.blanks as usize);
        Some(lexico_tiles::Rack::of(self.tiles.iter().map(|&t| Some(t)).chain(blanks)))
    }

    /// The number of elements: tiles, blanks and classes.
    pub fn len(&self) -> usize {
        self.tiles.len() + self.blanks as usize + self.classes.len()
    }

    /// Returns true if and only if the rack has no element (never, once parsed).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns true if and only if `word` uses every element of the rack, and no other tile
    /// unless the rack has a `*`.
    pub fn fits_exact(&self, word: &[Tile]) -> bool {
        match self.star {
            false => word.len() == self.len() && self.fit(word, false, false),
            true => word.len() >= self.len() && self.fit(word, true, true),
        }
    }

    /// Returns true if and only if `word` uses some of the rack's elements and nothing else.
    pub fn fits_sub(&self, word: &[Tile]) -> bool {
        (self.star || word.len() <= self.len()) && self.fit(word, false, self.star)
    }

    /// Returns true if and only if `word` uses every element of the rack but its blanks, and
    /// is at least as long as the rack.
    pub fn fits_super(&self, word: &[Tile]) -> bool {
        word.len() >= self.len() && self.fit(word, true, true)
    }

    /// Whether the tiles of `word` can each be given their own element: every tile and class of
    /// the rack used if `all`, tiles no element takes allowed if `extra` (blanks take any tile).
    fn fit(&self, word: &[Tile], all: bool, extra: bool) -> bool {
        let mut left = *self.counts;
        let mut rest: Vec<Tile> = Vec::with_capacity(word.len());
        for &t in word {
            match left[t as usize] {
                0 => rest.push(t),
                c => left[t as usize] = c - 1,
            }
        }
        if all && left.iter().any(|&c| c > 0) {
            return false;
        }
        let matched = self.matching(&rest);
        if all && matched < self.classes.len() {
            return false;
        }
        extra || rest.len() - matched <= self.blanks as usize
    }

    /// The most tiles of `rest` that the classes can take, each class one tile.
    fn matching(&self, rest: &[Tile]) -> usize {
        self.owners(rest).iter().filter(|o| o.is_some()).count()
    }

    /// For each class, the tile of `rest` it takes in a largest matching (Kuhn's augmenting
    /// paths: a rack has at most [`MAX_RACK`] classes, a word a few dozen tiles).
    fn owners(&self, rest: &[Tile]) -> Vec<Option<usize>> {
        let mut owner: Vec<Option<usize>> = vec![None; self.classes.len()];
        if rest.is_empty() {
            return owner;
        }
        for i in 0..rest.len() {
            let mut seen = vec![false; self.classes.len()];
            self.augment(i, rest, &mut owner, &mut seen);
        }
        owner
    }

    /// The places of `word` (a word the rack makes as an exact or sub-anagram, with no `*`)
    /// that its blanks play, as bits: the tiles no tile of the rack and no class takes. The
    /// rack's tiles take the first copies of their kind, so a blank plays the last ones.
    fn blanks_of(&self, word: &[Tile]) -> u64 {
        let mut left = *self.counts;
        let mut rest: Vec<(usize, Tile)> = Vec::new();
        for (i, &t) in word.iter().enumerate() {
            match left[t as usize] {
                0 => rest.push((i, t)),
                c => left[t as usize] = c - 1,
            }
        }
        let tiles: Vec<Tile> = rest.iter().map(|&(_, t)| t).collect();
        let mut taken = vec![false; rest.len()];
        for j in self.owners(&tiles).into_iter().flatten() {
            taken[j] = true;
        }
        rest.iter().zip(taken).filter(|(_, taken)| !taken).fold(0, |mask, (&(i, _), _)| mask | 1 << i)
    }

    fn augment(&self, i: usize, rest: &[Tile], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
        for c in 0..self.members.len() {
            if seen[c] || !self.members[c][rest[i] as usize] {
                continue;
            }
            seen[c] = true;
            if owner[c].is_none_or(|j| self.augment(j, rest, owner, seen)) {
                owner[c] = Some(i);
                return true;
            }
        }
        false
    }
}

/// Every word of `lex` that `rack` makes under `query`, in tile order, with the places its blanks
/// play: the words whose tiles each take their own element of the rack, as a search's
/// `--anagram`, `--sub` and `--super` conditions keep them ([`RackPattern::fits_exact`] and the
/// others), within the query's lengths (an exact anagram with a `*` has no longest length but
/// the query's `max`). A tile that no tile of the rack and no class takes is played by a blank,
/// except the further tiles of a `*` and the added tiles of a super-anagram, which come from the
/// board. Errors: a `*` in a sub- or super-anagram, or lengths no word can have.
///
/// ```
/// use lexico_lexicon::query::{anagram_pattern, AnagramQuery, RackPattern};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["mar", "mares", "ramas", "sed"])?;
/// let rack = RackPattern::parse(lex.tiles(), "AR[MS]*")?;
/// let found = anagram_pattern(&lex, &rack, &AnagramQuery::default())?;
/// let words: Vec<String> = found.iter().map(|f| f.spell(lex.tiles())).collect();
/// assert_eq!(words, ["MAR", "MARES", "RAMAS"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn anagram_pattern(
    lex: &Lexicon,
    rack: &RackPattern,
    query: &AnagramQuery,
) -> Result<Vec<Found>, StudyError> {
    let n = rack.len();
    let (min, max) = match query.mode {
        Mode::Exact if rack.star => (n, query.max.unwrap_or(MAX_WORD_TILES)),
        Mode::Exact => (n, n),
        _ if rack.star => return Err(StudyError::Star),
        Mode::Sub => (query.min.unwrap_or(1), query.max.unwrap_or(n).min(n)),
        Mode::Super => (query.min.unwrap_or(n).max(n), query.max.unwrap_or(SUPER_MAX.max(n))),
    };
    if min > max || max > MAX_WORD {
        return Err(QueryError::Lengths { min, max }.into());
    }
    let mut found = Vec::new();
    let mut stream = lex.fst().search(Bounded { inner: AlwaysMatch, min, max }).into_stream();
    while let Some((word, _)) = stream.next() {
        let (fits, blanks) = match query.mode {
            Mode::Exact => (rack.fits_exact(word), !rack.star),
            Mode::Sub => (rack.fits_sub(word), true),
            Mode::Super => (rack.fits_super(word), false),
        };
        if fits {
            let blanks = if blanks { rack.blanks_of(word) } else { 0 };
            found.push(Found { tiles: word.to_vec(), blanks });
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(w: &str) -> Vec<Tile> {
        crate::fise_2016_tiles().parse_word(w).unwrap()
    }

    fn rack(text: &str) -> RackPattern {
        RackPattern::parse(&crate::fise_2016_tiles(), text).unwrap()
    }

    #[test]
    fn a_class_of_one_tile_is_that_tile() {
        let set = crate::fise_2016_tiles();
        let r = rack("AE[R][R]");
        assert!(r.classes.is_empty());
        assert_eq!(r.tiles, set.parse_word("[A][E][R][R]").unwrap());
        assert_eq!(rack("[CH]O").tiles, word("CHO"));
        assert_eq!(rack("[C H]").classes, [word("[C][H]")]);
        assert_eq!(rack("[^AEIOU]").classes[0].len(), 28 - 5);
    }

    #[test]
    fn classes_are_matched_whatever_their_order() {
        // The E must go to the first class for the second to take the A.
        let r = rack("[AE][E]S");
        assert!(r.classes.len() == 1 && r.fits_exact(&word("ESE")) && !r.fits_exact(&word("ASA")));
        let r = rack("[EI][AE]S");
        assert!(r.fits_exact(&word("SEA")) && r.fits_exact(&word("SIE")) && !r.fits_exact(&word("SAA")));
        assert!(rack("[AEIOU][AEIOU]?").fits_exact(&word("OSO")));
        assert!(!rack("[AEIOU][AEIOU]?").fits_exact(&word("SOS")));
    }

    #[test]
    fn sub_super_and_star_use_the_elements_as_they_say() {
        let r = rack("S[AEIOU]?");
        assert!(r.fits_sub(&word("AS")) && r.fits_sub(&word("SOL")) && r.fits_sub(&word("OS")));
        assert!(!r.fits_sub(&word("SSS")) && !r.fits_sub(&word("SOLA")));
        assert!(r.fits_super(&word("SOL")) && r.fits_super(&word("MESA")) && !r.fits_super(&word("SS")));
        let star = rack("S[AEIOU]*");
        assert!(
            star.fits_exact(&word("SOLES")) && !star.fits_exact(&word("SSS")) && !star.fits_exact(&word("S"))
        );
    }

    #[test]
    fn blanks_play_what_no_tile_or_class_takes() {
        // AES from S[AEIOU]?: the S is the rack's, the class takes the A, the blank the E.
        assert_eq!(rack("S[AEIOU]?").blanks_of(&word("AES")), 0b010);
        // CASA from CAS?: the rack's A is the first, the blank plays the last.
        assert_eq!(rack("CAS?").blanks_of(&word("CASA")), 0b1000);
        assert_eq!(rack("[AEIOU]CS?").blanks_of(&word("CASO")), 0b1000);
        assert_eq!(rack("[AEIOU]CSA").blanks_of(&word("CASO")), 0);
    }

    #[test]
    fn bad_racks_say_where() {
        let set = crate::fise_2016_tiles();
        let err = |t: &str| RackPattern::parse(&set, t).unwrap_err().to_string();
        assert_eq!(err("A[EI"), "column 2: '[' has no closing ']'");
        assert_eq!(err("A[?]"), "column 2: '?' inside a class (a class lists tiles)");
        assert_eq!(err("AB@"), "column 3: '@' is not a tile");
        assert!(err("???").contains("blank"), "{}", err("???"));
        assert_eq!(err("*"), "column 1: no tiles");
    }
}
