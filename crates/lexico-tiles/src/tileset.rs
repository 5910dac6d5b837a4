//! Tile sets read from data, and the tokeniser from spellings to tiles.

use crate::normalize::normalize;
use crate::quote::quoted;
use crate::Word;

/// One tile, as the byte that stands for it in lexicon files. Bytes increase with the tile's row
/// in the tile-set file, so byte order is the game's alphabetical order.
///
/// ```
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// let (c, ch, d) = (set.tile_named("C"), set.tile_named("CH"), set.tile_named("D"));
/// assert!(c < ch && ch < d); // byte order is the game's alphabetical order
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Tile = u8;

/// The byte of the tile on each row. Any increasing sequence keeps the sort order; this one
/// starts with the 28 bytes the `fst` crate packs most compactly into its transitions (its
/// `COMMON_INPUTS` ranks), which makes a Spanish word store smaller than the same words stored as
/// UTF-8 text. Rows past the 28th take the bytes from 120 up.
const BYTE_OF_ROW: [u8; 28] = [
    45, 46, 47, 48, 49, 50, 51, 58, 61, 97, 98, 99, 100, 101, 102, 103, 104, 105, 108, 109, 110, 111, 112,
    114, 115, 116, 117, 119,
];

/// The most spellings (names and aliases together) a set may define: a game's alphabet has a few
/// dozen, and every spelling is tried wherever a word could start with its first letter, so a
/// bound keeps reading words in proportion to their length.
pub const MAX_SPELLINGS: usize = 1024;

/// The most tiles a set may define.
pub const MAX_TILES: usize = BYTE_OF_ROW.len() + (256 - 120);

/// The byte of the tile on 0-based row `row`.
fn byte_of_row(row: usize) -> Tile {
    match BYTE_OF_ROW.get(row) {
        Some(&b) => b,
        None => (120 + row - BYTE_OF_ROW.len()) as Tile,
    }
}

/// One row of a tile set.
///
/// ```
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// let ch = set.get(set.tile_named("CH").expect("a tile")).expect("defined");
/// assert_eq!((ch.name.as_str(), ch.count, ch.value), ("CH", 1, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDef {
    /// The natural spelling, upper case (`CH`).
    pub name: String,
    /// The spelling of a blank that plays the tile, lower case (`ch`).
    pub lower: String,
    /// How many are in the bag.
    pub count: u8,
    /// The face value.
    pub value: u8,
}

/// An error parsing a tile-set file or tokenising a spelling. Columns are 1-based characters.
///
/// ```
/// use lexico_tiles::{TileError, TileSet};
///
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// assert!(matches!(set.parse_word("ca$a"), Err(TileError::Unknown { column: 3, .. })));
/// assert!(matches!(set.parse_word("kiwi"), Err(TileError::Absent { column: 1, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// A malformed row of a tile-set file.
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A character that is no tile and no notation of one.
    #[error("column {column}: {} is not a tile", shown(text))]
    Unknown {
        /// The 1-based column of the character.
        column: usize,
        /// The character.
        text: String,
    },
    /// A letter of the alphabet the set has no tile for (K, W), which a blank cannot stand for.
    #[error("column {column}: {} has no tile and a blank cannot stand for it", shown(text))]
    Absent {
        /// The 1-based column of the letter.
        column: usize,
        /// The letter.
        text: String,
    },
    /// A `[` without its `]`, or brackets around something that is not a tile.
    #[error("column {column}: {} is not a bracketed tile", quoted(text))]
    Bracket {
        /// The 1-based column of the `[`.
        column: usize,
        /// What the brackets hold.
        text: String,
    },
    /// Nothing to read.
    #[error("empty word")]
    Empty,
}

/// A character of an error, quoted, with its code point when it is not ASCII: a look-alike such
/// as the Cyrillic `С` (U+0421) reads like a Latin letter, and only the code point tells them
/// apart.
pub fn shown(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii() => format!("'{c}' (U+{:04X})", c as u32),
        _ => quoted(text),
    }
}

impl TileError {
    /// The same error with its column moved right by `by` characters.
    fn shifted(self, by: usize) -> TileError {
        match self {
            TileError::Unknown { column, text } => TileError::Unknown { column: column + by, text },
            TileError::Absent { column, text } => TileError::Absent { column: column + by, text },
            TileError::Bracket { column, text } => TileError::Bracket { column: column + by, text },
            other => other,
        }
    }

    /// The 1-based column the error points at, if it points at one.
    pub fn column(&self) -> Option<usize> {
        match self {
            TileError::Unknown { column, .. }
            | TileError::Absent { column, .. }
            | TileError::Bracket { column, .. }
            | TileError::Syntax { column, .. } => Some(*column),
            TileError::Empty => None,
        }
    }
}

/// A tile set: the tiles in sort order, their counts and values, the blanks, and the letters
/// that have no tile.
///
/// ```
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// let word = set.parse_word("[CH]U[RR]O")?;
/// assert_eq!(word, set.parse_word("churro")?);
/// assert_eq!(set.value(&word), 15);
/// assert_eq!(set.tile_named("Ñ").map(|t| set.name(t)), Some("Ñ"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TileSet {
    tiles: Vec<TileDef>,
    /// Every accepted spelling of a tile (names and aliases), longest first.
    spellings: Vec<(Vec<char>, Tile)>,
    /// For each first character, the indices in `spellings` of the spellings it starts, longest
    /// first: the tokeniser looks at a handful of candidates, not every spelling.
    starts: std::collections::HashMap<char, Vec<usize>>,
    /// ASCII letters that start a spelling of three or more characters (none in Spanish).
    multi_ascii: [bool; 128],
    /// The tile of each two-letter ASCII spelling that starts with a letter (CH, LL, RR), at
    /// `first << 7 | second`, for every case of both letters (`ch`, `Ch`, `cH`, `CH`).
    pairs: Vec<Tile>,
    /// The tile of each byte the fast tokeniser reads alone: ASCII letters of either case with a
    /// one-letter spelling, and [`ENYE`] (0 = none).
    letter: [Tile; 256],
    /// Whether some spelling of three or more characters starts with an ASCII letter.
    any_multi_ascii: bool,
    /// Direct lookup for single ASCII characters (0 = none).
    ascii: [Tile; 128],
    /// The tile spelled `Ñ` alone, when no longer spelling has an Ñ (0 otherwise): the fast
    /// tokeniser reads Ñ itself only then.
    enye: Tile,
    /// `row[b]` is 1 + the row of the tile whose byte is `b`, or 0.
    row: [u8; 256],
    /// `one_byte[b]`: the name of the tile whose byte is `b` when it is one ASCII character, or 0
    /// (CH, Ñ): most words are spelled from this table alone.
    one_byte: [u8; 256],
    /// `joins[b]`: whether a spelling longer than the name of the tile whose byte is `b` starts
    /// with the same character (C of CH, R of RR), so that the tile may read together with the
    /// tiles after it when they are spelled one after another.
    joins: [bool; 256],
    blanks: u8,
    absent: Vec<String>,
}

/// The bytes of an ASCII character in either case (a non-letter is its own only case).
fn cases(c: char) -> impl Iterator<Item = u8> {
    let c = c as u8;
    let other = if c.is_ascii_alphabetic() { c ^ 0x20 } else { c };
    std::iter::once(c).chain((other != c).then_some(other))
}

/// Stands for Ñ in the folded text of [`TileSet::parse_word_fast`] (not an ASCII byte, so never
/// part of an ASCII spelling).
const ENYE: u8 = 0x80;

/// The letter a two-byte UTF-8 sequence stands for once normalised, when it is a plain ASCII
/// letter (`é` → `E`) or Ñ ([`ENYE`]); `None` for anything else. Only the Latin-1 letters
/// (U+00C0–U+00FF, lead byte C3) are folded here, which covers Spanish words; the table is made
/// by [`normalize`] itself on first use, so the fast tokeniser cannot read a letter otherwise.
fn fold_two_byte_letter(b0: u8, b1: u8) -> Option<u8> {
    static FOLD: std::sync::OnceLock<[u8; 64]> = std::sync::OnceLock::new();
    if b0 != 0xC3 || !(0x80..0xC0).contains(&b1) {
        return None;
    }
    let fold = FOLD.get_or_init(|| {
        std::array::from_fn(|i| {
            let c = char::from_u32(0xC0 + i as u32).expect("U+00C0..U+00FF are characters");
            match normalize(c.encode_utf8(&mut [0; 4])).chars[..] {
                [n] if n.is_ascii_uppercase() => n as u8,
                ['Ñ'] => ENYE,
                _ => 0,
            }
        })
    });
    Some(fold[(b1 - 0x80) as usize]).filter(|&f| f != 0)
}

impl TileSet {
    /// Parses a tile-set file (`kind,tile,count,value,aliases`; see `rules/fise-2016/tiles.csv`).
    pub fn parse(text: &str) -> Result<TileSet, TileError> {
        let mut set = TileSet {
            tiles: Vec::new(),
            spellings: Vec::new(),
            starts: std::collections::HashMap::new(),
            multi_ascii: [false; 128],
            pairs: vec![0; 128 * 128],
            ascii: [0; 128],
            letter: [0; 256],
            any_multi_ascii: false,
            enye: 0,
            row: [0; 256],
            one_byte: [0; 256],
            joins: [false; 256],
            blanks: 0,
            absent: Vec::new(),
        };
        let mut header_seen = false;
        // Every spelling seen so far, to refuse one used twice in one lookup.
        let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let row = raw.trim_end_matches('\r');
            if row.trim().is_empty() || row.starts_with('#') {
                continue;
            }
            if !header_seen {
                if row != "kind,tile,count,value,aliases" {
                    return Err(syntax(line, 1, "expected the header 'kind,tile,count,value,aliases'"));
                }
                header_seen = true;
                continue;
            }
            let cells: Vec<&str> = row.split(',').collect();
            if cells.len() != 5 {
                return Err(syntax(line, 1, format!("expected 5 columns, found {}", cells.len())));
            }
            let column_of = |k: usize| cells[..k].iter().map(|c| c.chars().count() + 1).sum::<usize>() + 1;
            let name = normalize(cells[1]).as_string();
            if !is_spelling(&name) {
                return Err(syntax(line, column_of(1), format!("{} is not a tile name", quoted(cells[1]))));
            }
            let number = |k: usize| -> Result<u8, TileError> {
                cells[k].trim().parse::<u8>().map_err(|_| {
                    syntax(line, column_of(k), format!("{} is not a number from 0 to 255", quoted(cells[k])))
                })
            };
            let (count, value) = (number(2)?, number(3)?);
            match cells[0] {
                "tile" => {
                    if set.tiles.len() == MAX_TILES {
                        return Err(syntax(line, 1, format!("more than {MAX_TILES} tiles")));
                    }
                    if set.tiles.iter().any(|t| t.name == name) {
                        return Err(syntax(
                            line,
                            column_of(1),
                            format!("tile {} is defined twice", quoted(&name)),
                        ));
                    }
                    // A name that is an earlier tile's alias would make one spelling mean two
                    // tiles.
                    if !seen.insert(name.clone()) {
                        return Err(syntax(
                            line,
                            column_of(1),
                            format!("spelling {} is used twice", quoted(&name)),
                        ));
                    }
                    let tile = byte_of_row(set.tiles.len());
                    set.row[tile as usize] = (set.tiles.len() + 1) as u8;
                    if let [b] = name.as_bytes() {
                        set.one_byte[tile as usize] = *b;
                    }
                    let lower = name.chars().flat_map(char::to_lowercase).collect();
                    set.tiles.push(TileDef { name: name.clone(), lower, count, value });
                    set.spellings.push((name.chars().collect(), tile));
                    for alias in cells[4].split('|').filter(|a| !a.is_empty()) {
                        let alias = normalize(alias).as_string();
                        // An alias that normalises to nothing (only accents) would match
                        // everywhere and stop the tokeniser from advancing.
                        if !is_spelling(&alias) {
                            return Err(syntax(
                                line,
                                column_of(4),
                                format!("{} is not a spelling of a tile", quoted(&alias)),
                            ));
                        }
                        if set.spellings.len() == MAX_SPELLINGS {
                            return Err(syntax(
                                line,
                                column_of(4),
                                format!("more than {MAX_SPELLINGS} spellings (tile names and aliases)"),
                            ));
                        }
                        if !seen.insert(alias.clone()) {
                            return Err(syntax(
                                line,
                                column_of(4),
                                format!("spelling {} is used twice", quoted(&alias)),
                            ));
                        }
                        set.spellings.push((alias.chars().collect(), tile));
                    }
                }
                "blank" => set.blanks = count,
                "absent" => set.absent.push(name),
                other => {
                    return Err(syntax(
                        line,
                        1,
                        format!("{} is not a kind (tile, blank or absent)", quoted(other)),
                    ));
                }
            }
        }
        if set.tiles.is_empty() {
            return Err(syntax(1, 1, "the tile set defines no tile"));
        }
        set.spellings.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(&b.1)));
        for (k, (spelling, tile)) in set.spellings.iter().enumerate() {
            if let [c] = spelling[..] {
                if c.is_ascii() {
                    set.ascii[c as usize] = *tile;
                }
            }
            set.starts.entry(spelling[0]).or_default().push(k);
            match spelling[..] {
                [a, b] if a.is_ascii() && b.is_ascii() => {
                    for a in cases(a) {
                        for b in cases(b) {
                            set.pairs[(a as usize) << 7 | b as usize] = *tile;
                        }
                    }
                }
                [a, _, _, ..] if a.is_ascii() => set.multi_ascii[a as usize] = true,
                _ => {}
            }
        }
        let single_enye = set.spellings.iter().find(|(s, _)| s[..] == ['Ñ']).map(|&(_, t)| t);
        let enye_in_longer = set.spellings.iter().any(|(s, _)| s.len() > 1 && s.contains(&'Ñ'));
        set.enye = single_enye.filter(|_| !enye_in_longer).unwrap_or(0);
        for b in (b'A'..=b'Z').chain(b'a'..=b'z') {
            set.letter[b as usize] = set.ascii[b.to_ascii_uppercase() as usize];
        }
        set.letter[ENYE as usize] = set.enye;
        set.any_multi_ascii = set.multi_ascii.iter().any(|&m| m);
        for (row, def) in set.tiles.iter().enumerate() {
            let own = def.name.chars().count();
            let longer = |c: &char| {
                set.starts.get(c).is_some_and(|k| k.iter().any(|&k| set.spellings[k].0.len() > own))
            };
            set.joins[byte_of_row(row) as usize] = def.name.chars().next().is_some_and(|c| longer(&c));
        }
        Ok(set)
    }

    /// The Spanish tile set of `rules/fise-2016/tiles.csv`, for this crate's tests: a program
    /// gets its tile set from the rule set it builds with, or from the lexicon it reads.
    #[cfg(test)]
    pub(crate) fn spanish() -> TileSet {
        TileSet::parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv")))
            .expect("the shipped tile set parses")
    }

    /// The tiles in sort order.
    pub fn tiles(&self) -> &[TileDef] {
        &self.tiles
    }

    /// Every tile of the set, in sort order.
    pub fn all(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.tiles.len()).map(byte_of_row)
    }

    /// The name of tile `t` when it is one ASCII character (`A`), or 0 (`CH`, `Ñ`, no tile).
    ///
    /// ```
    /// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
    /// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
    /// let churro = set.parse_word("churro")?;
    /// assert_eq!(set.one_byte_name(churro[0]), 0);
    /// assert_eq!(set.one_byte_name(churro[1]), b'U');
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn one_byte_name(&self, t: Tile) -> u8 {
        self.one_byte[t as usize]
    }

    /// Whether tile `t` may read together with the tiles after it when tiles are spelled one
    /// after another: a longer spelling starts with its name's first character (`C` of `CH`,
    /// `R` of `RR`). Only such a tile is ever bracketed by [`spell_apart`](Self::spell_apart).
    #[inline]
    fn may_join(&self, t: Tile) -> bool {
        self.joins[t as usize]
    }

    /// The definition of tile `t`, if the set has it.
    #[inline]
    pub fn get(&self, t: Tile) -> Option<&TileDef> {
        self.tiles.get((self.row[t as usize] as usize).wrapping_sub(1))
    }

    /// Returns true if and only if `t` is a tile of this set.
    #[inline]
    pub fn is_tile(&self, t: Tile) -> bool {
        self.row[t as usize] != 0
    }

    /// How many blanks the bag holds.
    pub fn blanks(&self) -> u8 {
        self.blanks
    }

    /// The first two neighbouring tiles of `word` whose natural spellings, one after the other,
    /// read as a single tile: C then H, read as CH. Returns the position of the first of them and
    /// the tile they would be read as. Only brackets type such a word (`[C][H]URRO`): natural
    /// spelling reads every CH, LL and RR as one tile, so no word of a lexicon holds these pairs.
    pub fn split_digraph(&self, word: &[Tile]) -> Option<(usize, Tile)> {
        word.windows(2).enumerate().find_map(|(i, pair)| {
            let joined = [self.name(pair[0]), self.name(pair[1])].concat();
            match self.parse_word(&joined).ok()?[..] {
                [t] => Some((i, t)),
                _ => None,
            }
        })
    }

    /// The tile named `name` (natural spelling or alias, any case).
    pub fn tile_named(&self, name: &str) -> Option<Tile> {
        let name: Vec<char> = normalize(name).chars;
        self.spellings.iter().find(|(s, _)| *s == name).map(|&(_, t)| t)
    }

    /// [`parse_word`](Self::parse_word) into `out`: plain letters (most words) without
    /// allocating, through [`parse_word_fast`](Self::parse_word_fast), anything else through the
    /// full tokeniser.
    pub fn parse_word_into(&self, text: &str, out: &mut Word) -> Result<(), TileError> {
        if !self.parse_word_fast(text.as_bytes(), out) {
            *out = self.parse_word(text)?;
        }
        Ok(())
    }

    /// Tokenises a word typed in any notation: natural spelling (every CH, LL, RR is one tile),
    /// brackets (`[CH]`), and the aliases of the set (FISE digits 1/2/3, Ç).
    pub fn parse_word(&self, text: &str) -> Result<Word, TileError> {
        let mut word = Word::with_capacity(text.len());
        self.tokenize(text, |t| {
            word.push(t);
            Ok(())
        })?;
        if word.is_empty() {
            return Err(TileError::Empty);
        }
        Ok(word)
    }

    /// Reads tiles and blanks in the order typed: pieces separated by spaces or commas are read
    /// on their own (`C H A O` is four tiles, `CH A O` three), a piece without separators is read
    /// like a word (`CHAO` is three tiles), and `?` is a blank (`None`).
    pub fn parse_sequence(&self, text: &str) -> Result<Vec<Option<Tile>>, TileError> {
        let mut out = Vec::new();
        let mut offset = 0;
        for piece in text.split([' ', ',', '\t']) {
            let mut inner = 0;
            for part in piece.split('?') {
                if inner > 0 {
                    out.push(None);
                }
                if !part.is_empty() {
                    let shift = offset + inner;
                    self.tokenize(part, |t| {
                        out.push(Some(t));
                        Ok(())
                    })
                    .map_err(|e| e.shifted(shift))?;
                }
                inner += part.chars().count() + 1;
            }
            offset += piece.chars().count() + 1;
        }
        Ok(out)
    }

    /// Calls `emit` with each tile of `text`, handling brackets, aliases and digraphs.
    pub(crate) fn tokenize(
        &self,
        text: &str,
        mut emit: impl FnMut(Tile) -> Result<(), TileError>,
    ) -> Result<(), TileError> {
        let norm = normalize(text);
        let chars = &norm.chars;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let column = norm.columns[i];
            if c == '[' {
                let close = chars[i + 1..].iter().position(|&c| c == ']');
                let Some(len) = close else {
                    return Err(TileError::Bracket { column, text: chars[i..].iter().collect() });
                };
                let inner: Vec<char> = chars[i + 1..i + 1 + len].to_vec();
                match self.spellings.iter().find(|(s, _)| *s == inner) {
                    Some(&(_, t)) => emit(t)?,
                    None => {
                        let shown: String = chars[i..i + 2 + len].iter().collect();
                        return Err(TileError::Bracket { column, text: shown });
                    }
                }
                i += len + 2;
                continue;
            }
            let longest = self.starts.get(&c).and_then(|candidates| {
                candidates.iter().map(|&k| &self.spellings[k]).find(|(s, _)| chars[i..].starts_with(s))
            });
            match longest {
                Some((s, t)) => {
                    emit(*t)?;
                    i += s.len();
                }
                None => {
                    let shown = c.to_string();
                    if self.absent.contains(&shown) {
                        return Err(TileError::Absent { column, text: shown });
                    }
                    return Err(TileError::Unknown { column, text: shown });
                }
            }
        }
        Ok(())
    }

    /// Tokenises a spelling made of letters only into `out`, without allocating: ASCII letters,
    /// the vowels with an acute, grave or circumflex accent or a diaeresis (read without it, as
    /// [`normalize`](crate::normalize) does), and Ñ. Returns false for anything else (brackets,
    /// combining marks, a letter with no tile, a very long or empty input), which the caller then
    /// hands to [`TileSet::parse_word`] for a full answer.
    pub fn parse_word_fast(&self, text: &[u8], out: &mut Word) -> bool {
        if text.is_ascii() {
            return self.parse_letters(text, out);
        }
        let mut folded = [0u8; 64];
        let mut n = 0;
        let mut i = 0;
        while i < text.len() {
            if n == folded.len() {
                return false;
            }
            let b = text[i];
            if b.is_ascii() {
                folded[n] = b;
                i += 1;
            } else {
                let Some(&next) = text.get(i + 1) else { return false };
                match fold_two_byte_letter(b, next) {
                    Some(ENYE) if self.enye == 0 => return false,
                    Some(f) => folded[n] = f,
                    None => return false,
                }
                i += 2;
            }
            n += 1;
        }
        self.parse_letters(&folded[..n], out)
    }

    /// [`parse_word_fast`](Self::parse_word_fast) on ASCII letters and the [`ENYE`] mark.
    fn parse_letters(&self, text: &[u8], out: &mut Word) -> bool {
        out.clear();
        out.reserve(text.len());
        let mut i = 0;
        while i < text.len() {
            let b = text[i];
            if self.any_multi_ascii && b.is_ascii() && self.multi_ascii[b.to_ascii_uppercase() as usize] {
                // A letter that starts a spelling of three or more letters: the longest spelling
                // that matches wins over its first letter, as in `tokenize`.
                if let Some((len, t)) = self.longest_spelling(&text[i..]) {
                    out.push(t);
                    i += len;
                    continue;
                }
            } else if let Some(&next) = text.get(i + 1) {
                // Otherwise a position is a two-letter spelling or one letter: table lookups.
                if (b | next) < 0x80 {
                    let pair = self.pairs[(b as usize) << 7 | next as usize];
                    if pair != 0 {
                        out.push(pair);
                        i += 2;
                        continue;
                    }
                }
            }
            let t = self.letter[b as usize];
            if t == 0 {
                return false;
            }
            out.push(t);
            i += 1;
        }
        !out.is_empty()
    }

    /// The length and tile of the longest spelling of two or more ASCII letters that `text`
    /// starts with (any case).
    fn longest_spelling(&self, text: &[u8]) -> Option<(usize, Tile)> {
        let first = text[0].to_ascii_uppercase() as char;
        let candidates = self.starts.get(&first).map_or(&[][..], Vec::as_slice);
        candidates.iter().map(|&k| &self.spellings[k]).filter(|(s, _)| s.len() >= 2).find_map(|(s, t)| {
            let matches = s.len() <= text.len()
                && s.iter().zip(text).all(|(&c, &b)| c.is_ascii() && c as u8 == b.to_ascii_uppercase());
            matches.then_some((s.len(), *t))
        })
    }

    /// Spells a word naturally in capitals (`CHURRO`).
    pub fn spell(&self, word: &[Tile]) -> String {
        word.iter().map(|&t| self.name(t)).collect()
    }

    /// Spells tiles in any order so that they read back as the same tiles: naturally, but with
    /// brackets around the tiles whose natural spellings, one after the other, would read as
    /// another tile (`AE[R][R]`, the alphagram of ERAR, which `AERR` would read as A E RR). The
    /// one spelling of alphagrams and racks; a word of a lexicon never needs brackets.
    ///
    /// ```
    /// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
    /// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
    /// let mut alphagram = set.parse_word("erar")?;
    /// alphagram.sort_unstable();
    /// assert_eq!(set.spell_apart(&alphagram), "AE[R][R]");
    /// assert_eq!(set.parse_word(&set.spell_apart(&alphagram))?, alphagram);
    /// assert_eq!(set.spell_apart(&set.parse_word("aerr")?), "AERR"); // A E RR reads as itself
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spell_apart(&self, tiles: &[Tile]) -> String {
        let mut s = String::with_capacity(tiles.len() * 2);
        let mut apart = self.apart(tiles);
        for (i, &t) in tiles.iter().enumerate() {
            let bracket = apart.next_if(|&k| k == i).is_some();
            if bracket {
                s.push('[');
            }
            s.push_str(self.name(t));
            if bracket {
                s.push(']');
            }
        }
        s
    }

    /// The places, in increasing order, of the tiles of `tiles` that [`spell_apart`]
    /// (Self::spell_apart) brackets: every tile that a longer spelling starting at it or at an
    /// earlier tile would read together with its neighbours, when the tiles are spelled
    /// naturally one after another. Bracketed, each of them reads as itself, and so does every
    /// tile left bare (what follows it reads no further than the natural spelling did).
    pub fn apart<'a>(&'a self, tiles: &'a [Tile]) -> std::iter::Peekable<impl Iterator<Item = usize> + 'a> {
        // The last place a longer spelling started at an earlier tile reaches.
        let mut reach = 0usize;
        let mut joined = false;
        (0..tiles.len())
            .filter(move |&i| {
                let here = self.joins_at(tiles, i);
                let bracket = here.is_some() || (joined && i <= reach);
                if let Some(end) = here {
                    reach = reach.max(end);
                    joined = true;
                }
                bracket
            })
            .peekable()
    }

    /// Where the natural spelling of `tiles` from tile `i` on would be read as a spelling longer
    /// than tile `i`'s name: the place of the last tile that spelling reaches into. `None` when
    /// tile `i` reads as itself.
    fn joins_at(&self, tiles: &[Tile], i: usize) -> Option<usize> {
        if !self.may_join(tiles[i]) {
            return None;
        }
        // A one-letter name followed by another: they read together only as a two-letter
        // spelling (the table of those) or as one of three or more letters.
        let a = self.one_byte[tiles[i] as usize] as usize;
        if a != 0 && !self.multi_ascii[a] {
            match tiles.get(i + 1).map(|&t| self.one_byte[t as usize] as usize) {
                None => return None,
                Some(b) if b != 0 && self.pairs[a << 7 | b] == 0 => return None,
                _ => {}
            }
        }
        let name = self.name(tiles[i]);
        let first = name.chars().next()?;
        let own = name.chars().count();
        let candidates = self.starts.get(&first)?;
        // The spelling the tokeniser takes: the first of the candidates, longest first, that the
        // natural text from tile `i` starts with.
        candidates
            .iter()
            .map(|&k| &self.spellings[k].0)
            .find_map(|s| {
                let mut text = tiles[i..]
                    .iter()
                    .enumerate()
                    .flat_map(|(j, &t)| self.name(t).chars().map(move |c| (j, c)));
                let mut last = 0;
                for &c in s {
                    match text.next() {
                        Some((j, d)) if d == c => last = j,
                        _ => return None,
                    }
                }
                Some((s.len(), last))
            })
            .filter(|&(len, _)| len > own)
            .map(|(_, last)| i + last)
    }

    /// Spells a word with every tile in brackets (`[CH]U[RR]O`).
    pub fn spell_tiles(&self, word: &[Tile]) -> String {
        word.iter().map(|&t| format!("[{}]", self.name(t))).collect()
    }

    /// The natural spelling of tile `t`, or `?` for a byte the set does not define.
    #[inline]
    pub fn name(&self, t: Tile) -> &str {
        self.get(t).map_or("?", |d| d.name.as_str())
    }

    /// The face value of a word (no blanks).
    pub fn value(&self, word: &[Tile]) -> u32 {
        word.iter().map(|&t| self.get(t).map_or(0, |d| d.value as u32)).sum()
    }
}

/// Returns true if and only if `s` (normalised) can spell a tile: not empty, and free of the
/// characters the notations give a meaning to (brackets, separators, white space).
fn is_spelling(s: &str) -> bool {
    !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || "[],".contains(c))
}

fn syntax(line: usize, column: usize, message: impl Into<String>) -> TileError {
    TileError::Syntax { line, column, message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn es() -> TileSet {
        TileSet::spanish()
    }

    fn tiles(s: &str) -> Vec<String> {
        let set = es();
        set.parse_word(s).unwrap().iter().map(|&t| set.name(t).to_string()).collect()
    }

    #[test]
    fn churro_is_four_tiles_worth_fifteen() {
        let set = es();
        let w = set.parse_word("CHURRO").unwrap();
        assert_eq!(tiles("churro"), ["CH", "U", "RR", "O"]);
        assert_eq!(set.value(&w), 15);
    }

    #[test]
    fn every_notation_gives_the_same_tiles() {
        let set = es();
        let want = set.parse_word("CHURRO").unwrap();
        for s in ["churro", "Churro", "[CH]U[RR]O", "[ch]u[rr]o", "1u3o", "ÇU3O", "çurro"] {
            assert_eq!(set.parse_word(s).unwrap(), want, "{s}");
        }
    }

    #[test]
    fn bracketed_single_letters_stay_separate_tiles_and_are_found() {
        let set = es();
        let split = |s: &str| {
            let w = set.parse_word(s).unwrap();
            set.split_digraph(&w).map(|(i, t)| (i, set.name(t).to_string()))
        };
        assert_eq!(tiles("[C][H]URRO"), ["C", "H", "U", "RR", "O"]);
        assert_eq!(split("[C][H]URRO"), Some((0, "CH".into())));
        assert_eq!(split("[C]HURRO"), Some((0, "CH".into())));
        assert_eq!(split("CA[L][L]E"), Some((2, "LL".into())));
        assert_eq!(split("PE[R]RO"), Some((2, "RR".into())));
        for s in ["CHURRO", "[CH]U[RR]O", "1U3O", "[C]ASA", "LLORRAR", "ÑU"] {
            assert_eq!(split(s), None, "{s}");
        }
    }

    #[test]
    fn sort_order_is_the_spanish_order() {
        let set = es();
        let mut words: Vec<Word> =
            ["DADO", "CHAPA", "CURA", "LLAMA", "LUZ", "ÑU", "NUBE", "RRR", "RUSO", "SOL"]
                .iter()
                .map(|w| set.parse_word(w).unwrap())
                .collect();
        words.sort();
        let spelled: Vec<String> = words.iter().map(|w| set.spell(w)).collect();
        assert_eq!(spelled, ["CURA", "CHAPA", "DADO", "LUZ", "LLAMA", "NUBE", "ÑU", "RUSO", "RRR", "SOL"]);
    }

    #[test]
    fn k_and_w_are_absent_not_unknown() {
        assert_eq!(es().parse_word("kiosco"), Err(TileError::Absent { column: 1, text: "K".into() }));
        assert_eq!(es().parse_word("ca@sa"), Err(TileError::Unknown { column: 3, text: "@".into() }));
        assert!(matches!(es().parse_word("[XX]"), Err(TileError::Bracket { column: 1, .. })));
        assert!(matches!(es().parse_word("[CH"), Err(TileError::Bracket { .. })));
        assert_eq!(es().parse_word(""), Err(TileError::Empty));
    }

    #[test]
    fn a_character_that_is_not_ascii_is_shown_with_its_code_point() {
        let err = |s: &str| es().parse_word(s).unwrap_err().to_string();
        assert_eq!(err("сasa"), "column 1: 'С' (U+0421) is not a tile");
        assert_eq!(err("ca😀"), "column 3: '😀' (U+1F600) is not a tile");
        assert_eq!(err("ca@"), "column 3: '@' is not a tile");
        let set = TileSet::parse("kind,tile,count,value,aliases\ntile,A,1,1,\nabsent,Þ,0,0,\n").unwrap();
        assert_eq!(
            set.parse_word("aþ").unwrap_err().to_string(),
            "column 2: 'Þ' (U+00DE) has no tile and a blank cannot stand for it"
        );
    }

    #[test]
    fn sharp_s_and_ligatures_are_not_tiles() {
        let unknown = |column, text: &str| Err(TileError::Unknown { column, text: text.into() });
        assert_eq!(es().parse_word("ß"), unknown(1, "ß"));
        assert_eq!(es().parse_word("straße"), unknown(5, "ß"));
        assert_eq!(es().parse_word("ﬀ"), unknown(1, "ﬀ"));
        assert_eq!(es().parse_word("ﬁesta"), unknown(1, "ﬁ"));
        assert_eq!(es().parse_word("ıdolo"), unknown(1, "ı"));
        assert_eq!(es().parse_word("ſol"), unknown(1, "ſ"));
        assert_eq!(es().parse_word("ß").unwrap_err().to_string(), "column 1: 'ß' (U+00DF) is not a tile");
        assert!(matches!(es().parse_sequence("a ß"), Err(TileError::Unknown { column: 3, .. })));
        let mut out = Word::new();
        for s in ["ß", "ﬀ", "ı", "ſ", "straße"] {
            assert!(!es().parse_word_fast(s.as_bytes(), &mut out), "{s}");
        }
    }

    #[test]
    fn long_quotes_are_cut_and_keep_their_column() {
        let long = format!("ab[{}", "c".repeat(100_000));
        let err = es().parse_word(&long).unwrap_err();
        assert_eq!(err.column(), Some(3));
        assert_eq!(err.to_string(), format!("column 3: '[{}…' is not a bracketed tile", "C".repeat(59)));
        let csv = format!("kind,tile,count,value,aliases\ntile,A,{},1,\n", "9".repeat(1000));
        let err = TileSet::parse(&csv).unwrap_err().to_string();
        assert_eq!(err, format!("2:8: '{}…' is not a number from 0 to 255", "9".repeat(60)));
    }

    #[test]
    fn fast_path_agrees_on_ascii() {
        let set = es();
        let mut out = Word::new();
        for s in ["churro", "LLORRAR", "zuzar", "abc", "chch"] {
            assert!(set.parse_word_fast(s.as_bytes(), &mut out));
            assert_eq!(out, set.parse_word(s).unwrap(), "{s}");
        }
        assert!(!set.parse_word_fast(b"kiosco", &mut out));
        assert!(!set.parse_word_fast(b"", &mut out));
        // Digraphs in any case, and digits (aliases the full tokeniser reads) left to it.
        for (s, tiles) in [("Churro", 4), ("cHurro", 4), ("lLuvia", 5), ("peRro", 4), ("chCH", 2)] {
            assert!(set.parse_word_fast(s.as_bytes(), &mut out), "{s}");
            assert_eq!(out, set.parse_word(s).unwrap(), "{s}");
            assert_eq!(out.len(), tiles, "{s}");
        }
        assert!(!set.parse_word_fast(b"1urro", &mut out));
    }

    #[test]
    fn fast_path_reads_accents_and_enye_like_the_full_tokeniser() {
        let set = es();
        let mut out = Word::new();
        for s in ["ñu", "ÑANDÚ", "pingüino", "camión", "àèìòù", "ÂÊÎÔÛ", "aïë", "chíllar", "Ñandú", "ÿ"]
        {
            assert!(set.parse_word_fast(s.as_bytes(), &mut out), "{s}");
            assert_eq!(out, set.parse_word(s).unwrap(), "{s}");
        }
        // The full tokeniser answers these: a combining accent, letters with a tilde, ring or
        // cedilla (Ç is an alias of CH), a letter with no tile, a sign, a word too long to fold.
        for s in ["a\u{301}", "ã", "å", "ç", "ß", "k", "×", &"á".repeat(70)] {
            assert!(!set.parse_word_fast(s.as_bytes(), &mut out), "{s}");
        }
    }

    #[test]
    fn fast_path_leaves_enye_to_the_full_tokeniser_when_a_longer_spelling_has_one() {
        let csv = "kind,tile,count,value,aliases\ntile,A,1,1,\ntile,Ñ,1,1,\ntile,ÑA,1,1,\n";
        let set = TileSet::parse(csv).unwrap();
        let mut out = Word::new();
        assert!(!set.parse_word_fast("ña".as_bytes(), &mut out));
        assert_eq!(set.parse_word("ña").unwrap().len(), 1);
    }

    #[test]
    fn a_hundred_thousand_aliases_are_refused_at_the_limit_with_their_line() {
        let aliases: Vec<String> = (0..100_000).map(|n| format!("X{n}")).collect();
        let text = format!("kind,tile,count,value,aliases\ntile,B,2,3,\ntile,A,12,1,{}\n", aliases.join("|"));
        match TileSet::parse(&text) {
            Err(TileError::Syntax { line: 3, column: 13, message }) => {
                assert!(message.contains(&MAX_SPELLINGS.to_string()), "{message}")
            }
            other => panic!("expected the limit on line 3, column 13: {other:?}"),
        }
        // Up to the limit, a set reads, and every alias reads as its tile.
        let fit: Vec<String> = (0..MAX_SPELLINGS - 2).map(|n| format!("X{n}")).collect();
        let text = format!("kind,tile,count,value,aliases\ntile,B,2,3,\ntile,A,12,1,{}\n", fit.join("|"));
        let set = TileSet::parse(&text).expect("a set within the limit reads");
        assert_eq!(set.parse_word("X1021B").unwrap(), set.parse_word("AB").unwrap());
        // A spelling used twice is still found among many.
        let text = format!("kind,tile,count,value,aliases\ntile,B,2,3,X7\ntile,A,12,1,{}\n", fit.join("|"));
        assert!(matches!(TileSet::parse(&text), Err(TileError::Syntax { line: 3, .. })));
    }

    #[test]
    fn malformed_tile_files_name_line_and_column() {
        let bad = "kind,tile,count,value,aliases\ntile,A,12,x,\n";
        assert_eq!(TileSet::parse(bad).unwrap_err().to_string(), "2:11: 'x' is not a number from 0 to 255");
        let twice = "kind,tile,count,value,aliases\ntile,A,1,1,\ntile,A,1,1,\n";
        assert!(TileSet::parse(twice).unwrap_err().to_string().starts_with("3:6:"));
    }

    #[test]
    fn an_alias_of_only_accents_is_refused_rather_than_looping() {
        let accent = "kind,tile,count,value,aliases\ntile,A,1,1,\u{301}\n";
        assert_eq!(TileSet::parse(accent).unwrap_err().to_string(), "2:12: '' is not a spelling of a tile");
    }

    #[test]
    fn a_tile_named_like_an_earlier_alias_is_refused() {
        let twice = "kind,tile,count,value,aliases\ntile,U,1,1,V\ntile,V,1,1,\n";
        assert_eq!(TileSet::parse(twice).unwrap_err().to_string(), "3:6: spelling 'V' is used twice");
    }

    #[test]
    fn alphagrams_bracket_only_the_tiles_that_would_read_together() {
        let set = es();
        let sorted = |w: &str| {
            let mut t = set.parse_word(w).unwrap();
            t.sort_unstable();
            set.spell_apart(&t)
        };
        assert_eq!(sorted("erar"), "AE[R][R]");
        assert_eq!(sorted("lela"), "AE[L][L]");
        assert_eq!(sorted("hocico"), "C[C][H]IOO");
        assert_eq!(sorted("churro"), "CHORRU");
        assert_eq!(sorted("callar"), "AACLLR");
        // R then RR reads as RR then R unless both are bracketed.
        assert_eq!(sorted("errar"), "AE[R][RR]");
        assert_eq!(sorted("casa"), "AACS");
    }

    #[test]
    fn fast_path_agrees_with_spellings_longer_than_two_letters() {
        let csv = "kind,tile,count,value,aliases\ntile,A,1,1,\ntile,B,1,1,\ntile,ABB,1,1,\n\
                   tile,C,1,1,\ntile,H,1,1,\ntile,CH,1,1,\n";
        let set = TileSet::parse(csv).unwrap();
        let mut out = Word::new();
        for s in ["abb", "abbab", "ab", "babba", "chABb", "aBBch", "Chabbc"] {
            assert!(set.parse_word_fast(s.as_bytes(), &mut out), "{s}");
            assert_eq!(out, set.parse_word(s).unwrap(), "{s}");
        }
    }

    proptest! {
        #[test]
        fn fast_path_agrees_with_the_full_tokeniser(text in "[a-zA-ZáéíóúÁÉÍÓÚüÜñÑàèçãÇ\u{301}ßﬀıſ1-3\\[\\]?]{0,20}") {
            let set = es();
            let mut out = Word::new();
            if set.parse_word_fast(text.as_bytes(), &mut out) {
                prop_assert_eq!(Ok(out), set.parse_word(&text));
            }
        }

        #[test]
        fn spell_parse_round_trips(rows in proptest::collection::vec(0usize..28, 1..15)) {
            let set = es();
            let word: Vec<Tile> = rows.iter().map(|&r| byte_of_row(r)).collect();
            // A word whose tiles spell C then H (or L L, R R) would read back as a digraph: the
            // natural notation cannot express it, the bracket notation can.
            let bracketed = set.spell_tiles(&word);
            prop_assert_eq!(set.parse_word(&bracketed).unwrap(), word.clone());
            let natural = set.spell(&word);
            let back = set.parse_word(&natural).unwrap();
            prop_assert_eq!(set.spell(&back), natural);
        }

        #[test]
        fn tiles_spelled_apart_read_back(rows in proptest::collection::vec(0usize..28, 1..20)) {
            let set = es();
            let tiles: Vec<Tile> = rows.iter().map(|&r| byte_of_row(r)).collect();
            let apart = set.spell_apart(&tiles);
            prop_assert_eq!(set.parse_word(&apart).unwrap(), tiles.clone());
            // Without its brackets it is the natural spelling, and it has none when that
            // spelling reads back already.
            let natural = set.spell(&tiles);
            prop_assert_eq!(apart.replace(['[', ']'], ""), natural.clone());
            if set.parse_word(&natural).unwrap() == tiles {
                prop_assert_eq!(apart, natural);
            }
        }

        #[test]
        fn tiles_spelled_apart_read_back_with_longer_spellings(rows in proptest::collection::vec(0usize..6, 1..12)) {
            let csv = "kind,tile,count,value,aliases\ntile,A,1,1,\ntile,B,1,1,\ntile,ABB,1,1,\n\
                       tile,C,1,1,\ntile,H,1,1,\ntile,CH,1,1,\n";
            let set = TileSet::parse(csv).unwrap();
            let tiles: Vec<Tile> = rows.iter().map(|&r| byte_of_row(r)).collect();
            prop_assert_eq!(set.parse_word(&set.spell_apart(&tiles)).unwrap(), tiles);
        }
    }
}
