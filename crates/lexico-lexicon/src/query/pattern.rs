//! Crossword patterns over tiles, run as an automaton over the fst.
//!
//! Syntax: `?` is any one tile, `*` any run of tiles (none included), `[AEIOU]` one tile of a
//! class and `[^AEIOU]` one tile outside it; anything else is tiles in any notation, read as a
//! word is (`CH`, `[CH]`, `1` and `Ç` are the tile CH; spaces or commas separate tiles, so
//! `C H` is C then H). Inside a class, tiles are read the same way: `[CH]` is the tile CH,
//! `[C H]` or `[C,H]` the tiles C and H, `[1LL3]` CH, LL and RR.
//!
//! The automaton is the pattern's positions as a bit set (a Shift-And matcher): each tile moves
//! every live position one step, and a `*` position keeps itself alive. Its state is one `u64`
//! whatever the pattern, so no pattern can blow up, and the walk over the fst stops at the first
//! prefix no word can complete.

use fst::{Automaton, IntoStreamer, Streamer};
use lexico_tiles::{Tile, TileError, TileSet};

use super::{PatternProblem, QueryError};
use crate::Lexicon;

/// The most elements (tiles, classes, `?` and `*`) a pattern may have.
pub const MAX_PATTERN: usize = 63;

/// The longest text of a pattern, in bytes: far more than [`MAX_PATTERN`] elements need, each
/// at most a bracketed class of every tile. A longer text is refused before it is read.
pub const MAX_PATTERN_TEXT: usize = 4096;

/// A compiled crossword pattern.
///
/// ```
/// use lexico_lexicon::query::{search, Pattern};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "cosa", "caso", "perro"])?;
/// let pattern = Pattern::parse(lex.tiles(), "C?SA")?;
/// let mut found = Vec::new();
/// search(&lex, pattern, 1, 15, |w| { found.push(lex.tiles().spell(w)); true });
/// assert_eq!(found, ["CASA", "COSA"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Pattern {
    /// `tiles[b]`: the positions whose element accepts tile byte `b`.
    tiles: Vec<u64>,
    /// The positions holding a `*`.
    stars: u64,
    /// The bit of the position after the last element.
    accept: u64,
    /// Fewest and most tiles a match has (`None`: no limit, the pattern has a `*`).
    min: usize,
    max: Option<usize>,
}

enum Elem {
    Set(Box<[bool; 256]>),
    Star,
}

impl Pattern {
    /// Compiles `text` for the tiles of `set`.
    pub fn parse(set: &TileSet, text: &str) -> Result<Pattern, QueryError> {
        if text.len() > MAX_PATTERN_TEXT {
            return Err(QueryError::TooLarge(format!("a pattern may have at most {MAX_PATTERN_TEXT} bytes")));
        }
        let mut elems: Vec<Elem> = Vec::new();
        let mut all = [false; 256];
        for t in set.all() {
            all[t as usize] = true;
        }
        tokens(set, text, |token| {
            match token {
                Token::Blank => elems.push(Elem::Set(Box::new(all))),
                Token::Star => {
                    if !matches!(elems.last(), Some(Elem::Star)) {
                        elems.push(Elem::Star);
                    }
                }
                Token::Class { tiles, negated } => {
                    let mut member = [negated; 256];
                    for t in tiles {
                        member[t as usize] = !negated;
                    }
                    for (m, a) in member.iter_mut().zip(all) {
                        *m &= a;
                    }
                    elems.push(Elem::Set(Box::new(member)));
                }
                Token::Tiles(word) => {
                    for t in word {
                        let mut member = [false; 256];
                        member[t as usize] = true;
                        elems.push(Elem::Set(Box::new(member)));
                    }
                }
            }
            if elems.len() > MAX_PATTERN {
                return Err(QueryError::TooLarge(format!(
                    "a pattern may have at most {MAX_PATTERN} tiles, classes, '?' and '*'"
                )));
            }
            Ok(())
        })?;
        if elems.is_empty() {
            return Err(QueryError::Pattern { column: 1, problem: PatternProblem::Empty });
        }
        let mut tiles = vec![0u64; 256];
        let mut stars = 0u64;
        let mut min = 0;
        for (pos, e) in elems.iter().enumerate() {
            match e {
                Elem::Star => stars |= 1 << pos,
                Elem::Set(member) => {
                    min += 1;
                    for (b, &m) in member.iter().enumerate() {
                        if m {
                            tiles[b] |= 1 << pos;
                        }
                    }
                }
            }
        }
        Ok(Pattern { tiles, stars, accept: 1 << elems.len(), min, max: (stars == 0).then_some(min) })
    }

    /// Fewest tiles a match has.
    pub fn min_len(&self) -> usize {
        self.min
    }

    /// Most tiles a match has, if limited.
    pub fn max_len(&self) -> Option<usize> {
        self.max
    }

    /// The positions reachable from `s` without reading a tile: past each `*`. Consecutive
    /// stars are merged when parsing, so one step is enough.
    fn closure(&self, s: u64) -> u64 {
        s | (s & self.stars) << 1
    }
}

/// A piece of a pattern or a rack, as [`tokens`] reads it.
pub(super) enum Token {
    /// `?`.
    Blank,
    /// `*`.
    Star,
    /// `[..]` (`negated`: `[^..]`): the tiles named, in tile order, once each.
    Class { tiles: Vec<Tile>, negated: bool },
    /// A run of tiles as a word reads them.
    Tiles(Vec<Tile>),
}

/// Reads `text`, the notation patterns and racks share, for the tiles of `set`: spaces, commas
/// and tabs separate; `?`, `*`, `[..]`, `[^..]` and runs of tiles are given to `f` in order. An
/// empty class, a blank in a class, an unopened or unclosed bracket and a run that is not tiles
/// are errors at their column.
pub(super) fn tokens(
    set: &TileSet,
    text: &str,
    mut f: impl FnMut(Token) -> Result<(), QueryError>,
) -> Result<(), QueryError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            ' ' | ',' | '\t' => i += 1,
            '?' => {
                f(Token::Blank)?;
                i += 1;
            }
            '*' => {
                f(Token::Star)?;
                i += 1;
            }
            '[' => {
                let close = closing(&chars, i)
                    .ok_or(QueryError::Pattern { column: i + 1, problem: PatternProblem::Unclosed })?;
                let negated = chars.get(i + 1) == Some(&'^');
                let start = i + 1 + negated as usize;
                let inner: String = chars[start..close].iter().collect();
                let seq = set.parse_sequence(&inner).map_err(|e| tile_error(e, start))?;
                let problem = match seq.is_empty() {
                    true => Some(PatternProblem::EmptyClass),
                    false if seq.contains(&None) => Some(PatternProblem::BlankInClass),
                    false => None,
                };
                if let Some(problem) = problem {
                    return Err(QueryError::Pattern { column: i + 1, problem });
                }
                let mut tiles: Vec<Tile> = seq.into_iter().flatten().collect();
                tiles.sort_unstable();
                tiles.dedup();
                f(Token::Class { tiles, negated })?;
                i = close + 1;
            }
            ']' => return Err(QueryError::Pattern { column: i + 1, problem: PatternProblem::Unopened }),
            _ => {
                let start = i;
                while i < chars.len() && !" ,\t?*[]".contains(chars[i]) {
                    i += 1;
                }
                let run: String = chars[start..i].iter().collect();
                f(Token::Tiles(set.parse_word(&run).map_err(|e| tile_error(e, start))?))?;
            }
        }
    }
    Ok(())
}

/// The index of the `]` closing the `[` at `open`, counting nested brackets (`[[CH]A]`).
pub(super) fn closing(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (k, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// A tile error inside a pattern, its column moved to count from the pattern's start.
pub(crate) fn tile_error(e: TileError, offset: usize) -> QueryError {
    let column = offset + e.column().unwrap_or(1);
    let problem = match e {
        TileError::Unknown { text, .. } => PatternProblem::NotATile(text),
        TileError::Absent { text, .. } => PatternProblem::NoTile(text),
        TileError::Bracket { text, .. } => PatternProblem::NotBracketed(text),
        TileError::Empty => PatternProblem::NoTiles,
        TileError::Syntax { message, .. } => return QueryError::Syntax { column, message },
    };
    QueryError::Pattern { column, problem }
}

impl Automaton for Pattern {
    type State = u64;

    fn start(&self) -> u64 {
        self.closure(1)
    }

    fn is_match(&self, s: &u64) -> bool {
        s & self.accept != 0
    }

    fn can_match(&self, s: &u64) -> bool {
        *s != 0
    }

    fn accept(&self, s: &u64, byte: u8) -> u64 {
        let moved = (s & self.tiles[byte as usize]) << 1;
        // A `*` takes any byte: only tiles occur in words.
        let stay = s & self.stars;
        self.closure(moved | stay)
    }
}

/// An automaton limited to words of `min..=max` tiles.
///
/// ```
/// use lexico_lexicon::query::{search, Pattern};
///
/// // `search` bounds an automaton by length itself; Bounded is what it walks.
/// let lex = lexico_lexicon::Lexicon::from_words(["sol", "sola", "solar"])?;
/// let mut found = Vec::new();
/// search(&lex, Pattern::parse(lex.tiles(), "SOL*")?, 4, 4, |w| { found.push(lex.tiles().spell(w)); true });
/// assert_eq!(found, ["SOLA"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bounded<A> {
    /// The automaton.
    pub inner: A,
    /// The fewest tiles.
    pub min: usize,
    /// The most tiles.
    pub max: usize,
}

impl<A: Automaton> Automaton for Bounded<A> {
    type State = (A::State, usize);

    fn start(&self) -> Self::State {
        (self.inner.start(), 0)
    }

    fn is_match(&self, s: &Self::State) -> bool {
        s.1 >= self.min && s.1 <= self.max && self.inner.is_match(&s.0)
    }

    fn can_match(&self, s: &Self::State) -> bool {
        s.1 <= self.max && self.inner.can_match(&s.0)
    }

    fn accept(&self, s: &Self::State, byte: u8) -> Self::State {
        (self.inner.accept(&s.0, byte), s.1 + 1)
    }
}

/// Calls `f` with every word of `lex` that `aut` matches and that has `min..=max` tiles, in tile
/// order; `f` returns false to stop.
pub fn search<A: Automaton>(lex: &Lexicon, aut: A, min: usize, max: usize, mut f: impl FnMut(&[Tile]) -> bool)
where
    A::State: Clone,
{
    let bounded = Bounded { inner: aut, min, max };
    let mut stream = lex.fst().search(bounded).into_stream();
    while let Some((k, _)) = stream.next() {
        if !f(k) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(p: &str, w: &str) -> bool {
        let set = crate::fise_2016_tiles();
        let p = Pattern::parse(&set, p).unwrap();
        let mut s = p.start();
        for t in set.parse_word(w).unwrap() {
            s = p.accept(&s, t);
        }
        p.is_match(&s)
    }

    #[test]
    fn digraphs_are_one_tile_in_patterns() {
        assert!(matches("?URRO", "CHURRO"));
        assert!(matches("[CH]U3O", "CHURRO"));
        assert!(!matches("C H ? ? ?", "CHURRO"));
        assert!(!matches("[C,H]???", "CHURRO"));
        assert!(matches("[C,H,CH]???", "CHURRO"));
        assert!(matches("*RR*", "CHURRO"));
        assert!(!matches("*R*", "CHURRO"));
        assert!(matches("[^AEIOU]*O", "CHURRO"));
        assert!(!matches("[^CH]*", "CHURRO"));
        assert!(matches("*?*?*?*", "CHURRO"));
        assert!(matches("*?*?*?*?*", "CHURRO"));
        assert!(!matches("*?*?*?*?*?*", "CHURRO"));
    }

    #[test]
    fn bad_patterns_name_the_column() {
        let set = crate::fise_2016_tiles();
        let err = |p: &str| Pattern::parse(&set, p).unwrap_err().to_string();
        assert_eq!(err("CA[SA"), "column 3: '[' has no closing ']'");
        assert_eq!(err("CA?K"), "column 4: 'K' has no tile and a blank cannot stand for it");
        assert_eq!(err("[AE@]"), "column 4: '@' is not a tile");
        assert_eq!(err("C\u{410}SA"), "column 2: 'А' (U+0410) is not a tile");
        assert_eq!(err("A]"), "column 2: ']' without its '['");
        assert_eq!(err(""), "column 1: an empty pattern");
    }

    /// A long pattern is refused from its length, before a single element is made (each took
    /// hundreds of bytes); the longest a pattern of [`MAX_PATTERN`] classes of every tile needs
    /// still parses as far as its element count.
    #[test]
    fn a_pattern_longer_than_its_text_limit_is_refused_unread() {
        let set = crate::fise_2016_tiles();
        let long = "A".repeat(MAX_PATTERN_TEXT + 1);
        assert!(matches!(Pattern::parse(&set, &long), Err(QueryError::TooLarge(_))));
        let every = format!("[{}]", set.all().map(|t| set.name(t)).collect::<Vec<_>>().join(" "));
        let classes = every.repeat(MAX_PATTERN);
        assert!(classes.len() <= MAX_PATTERN_TEXT, "{}", classes.len());
        assert!(Pattern::parse(&set, &classes).is_ok());
    }
}
