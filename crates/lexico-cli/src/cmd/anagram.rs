//! `lexico anagram`: the words a rack makes, exactly, from a subset, or with tiles added.
//!
//! Each rack's words are one group of rows; with several racks every row starts with its rack as
//! typed. A bad rack (a character that is no tile, too many blanks) gets one error row in place of
//! its group, and the racks after it are answered all the same.

use std::cell::OnceCell;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::ValueEnum;
use lexico_lexicon::query::{
    self, AnagramKeys, AnagramQuery, Bag, Found, Mode, PrefixDraws, Ranks, Sort, Word, KEY_TILES,
};
use lexico_lexicon::Lexicon;
use lexico_tiles::{Rack, Tile, TileSet};

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{float_text, int_text, plain, write_value, Fields, Format, Out, Value, FLOAT_TEXT};

#[derive(clap::Args)]
pub struct Args {
    /// Racks: tiles in any notation, `?` for a blank (at most 2); tiles separated by spaces or
    /// commas are read one by one (`C H A O` is four tiles, `CHAO` three). With none, one rack
    /// per line from standard input.
    pub racks: Vec<std::ffi::OsString>,
    /// Every word made from some of the rack's tiles (lengths: --min, default 1; --max, default
    /// the rack's length).
    #[arg(long, help_heading = "Query", conflicts_with = "super_")]
    pub sub: bool,
    /// Every word made from all the rack's tiles plus any others (lengths: --min, default the
    /// rack's length; --max, default 15, the board's width). A blank only adds to the length.
    #[arg(long = "super", help_heading = "Query")]
    pub super_: bool,
    /// Shortest word, in tiles (with --sub or --super).
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub min: Option<usize>,
    /// Longest word, in tiles (with --sub or --super).
    #[arg(long, help_heading = "Query", value_name = "N")]
    pub max: Option<usize>,
    #[command(flatten)]
    pub show: Show,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// Sorting, limits and format, shared by `anagram` and `pattern`.
#[derive(clap::Args)]
pub struct Show {
    /// Order of the words of each query; ties in tile order (CH after C, LL after L, Ñ after N,
    /// RR after R). Default: length for anagram, alpha for pattern. `probability` adds each
    /// word's probability rank within its length (it reads the whole lexicon once).
    #[arg(long, value_enum, help_heading = "Output")]
    pub sort: Option<SortArg>,
    /// Print only the first N words of each query.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub top: Option<usize>,
    /// Spell words with bracketed tiles ([ch]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format; csv and json add length, blanks, combinations and probability.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
}

/// `--sort` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SortArg {
    /// Longest first.
    Length,
    /// Highest face value first (blanks score 0).
    Value,
    /// Tile order.
    Alpha,
    /// Most probable draw from a full bag first.
    Probability,
}

impl SortArg {
    pub fn sort(self) -> Sort {
        match self {
            SortArg::Length => Sort::Length,
            SortArg::Value => Sort::Value,
            SortArg::Alpha => Sort::Alpha,
            SortArg::Probability => Sort::Probability,
        }
    }
}

/// The fields of the records of `anagram` and `pattern`, whose query is in the field `key`:
/// `rank` only with `--sort probability`, and `error` last.
pub fn field_names(key: &'static str, show: &Show) -> Vec<&'static str> {
    let mut names = vec![key, "word", "length", "value", "blanks", "combinations", "probability"];
    if show.sort == Some(SortArg::Probability) {
        names.push("rank");
    }
    names.push("error");
    names
}

/// Prints found words: one record each, with the query they answer when there are several.
pub struct Printer<'l> {
    lex: &'l Lexicon,
    bag: Bag,
    ranks: Option<Ranks>,
    text: TextLines,
    /// Name of the query field (`rack`, `pattern`).
    key: &'static str,
    /// Scratch: one text line, or the spelling of a word.
    line: String,
    /// Scratch: a word of an [`AnagramKeys`].
    found: Found,
    /// CSV and JSON rows, made at the first row; `None` inside if they cannot be written from
    /// parts (a tile set they do not fit), and each row then goes through [`Out::record`].
    rows: Option<Option<Rows>>,
    /// Whether the words printed come grouped by length (see [`Rows::write`]), and how many
    /// are about to be, if known, until the first of them is (else 0).
    by_length: bool,
    expected: usize,
}

impl<'l> Printer<'l> {
    pub fn new(lex: &'l Lexicon, show: &Show, key: &'static str, show_key: bool) -> Printer<'l> {
        Printer {
            lex,
            bag: Bag::of(lex.tiles()),
            ranks: None,
            text: TextLines::new(show.tiles, show_key),
            key,
            line: String::new(),
            found: Found { tiles: Vec::new(), blanks: 0 },
            rows: None,
            by_length: false,
            expected: 0,
        }
    }

    /// The bag of the lexicon's tile set, which the printer counts combinations with.
    pub fn bag(&self) -> &Bag {
        &self.bag
    }

    /// Writes the CSV or JSON row of a word of `tiles`, blanks playing the tiles `blank` tells,
    /// from parts (see [`Rows`]); false, with nothing written and the rows so far handed to
    /// `out`, if it cannot. `combos` are the word's combinations, if known.
    fn fast_row(
        &mut self,
        out: &mut Out,
        query: &str,
        tiles: &[Tile],
        combos: Option<u64>,
        blank: impl FnMut(usize, Tile) -> bool,
    ) -> Result<bool> {
        let set = self.lex.tiles();
        let Some(sp) = self.text.spelling(set) else {
            return Ok(false);
        };
        let ranked = self.ranks.is_some();
        let key = self.key;
        let rows = self.rows.get_or_insert_with(|| Rows::new(out.format(), key, ranked, sp));
        let Some(rows) = rows else {
            return Ok(false);
        };
        // Once per answer, at its first row: rows grouped by length recycle their arena; the
        // others may need a large one.
        let expected = std::mem::take(&mut self.expected);
        if !self.by_length {
            rows.expect(expected);
        }
        if rows.write(out, sp, &self.bag, self.ranks.as_ref(), query, tiles, combos, self.by_length, blank)? {
            return Ok(true);
        }
        rows.drain(out, &self.bag, self.ranks.as_ref())?;
        rows.flush(out)?;
        Ok(false)
    }

    /// Hands the rows written from parts to `out`: at the end of each query, before anything
    /// else is written.
    pub fn finish(&mut self, out: &mut Out) -> io::Result<()> {
        match &mut self.rows {
            Some(Some(rows)) => {
                rows.drain(out, &self.bag, self.ranks.as_ref())?;
                rows.query_at = None;
                rows.flush(out)
            }
            _ => Ok(()),
        }
    }

    /// Sorts `found` in `order`, keeps the first `top`, and prints them.
    pub fn print_all(
        &mut self,
        out: &mut Out,
        query: &str,
        found: &mut [Found],
        order: Sort,
        top: Option<usize>,
    ) -> Result<()> {
        query::sort(found, order, self.lex.tiles(), &self.bag);
        self.rank_if(order);
        let n = top.unwrap_or(usize::MAX).min(found.len());
        (self.by_length, self.expected) = (order == Sort::Length, n);
        for f in &found[..n] {
            self.print(out, query, f)?;
        }
        (self.by_length, self.expected) = (false, 0);
        self.finish(out)?;
        Ok(())
    }

    fn rank_if(&mut self, order: Sort) {
        if order == Sort::Probability && self.ranks.is_none() {
            self.ranks = Some(Ranks::compute(self.lex, &self.bag));
        }
    }

    /// Sorts the words of an anagram query in `order`, keeps the first `top`, and prints them.
    /// Text without ranks is formatted straight from the keys; other outputs print each word as
    /// [`Printer::print`] does.
    pub fn print_keys(
        &mut self,
        out: &mut Out,
        query: &str,
        keys: &mut AnagramKeys,
        order: Sort,
        top: Option<usize>,
    ) -> Result<()> {
        let set = self.lex.tiles();
        keys.sort(order, set, &self.bag);
        self.rank_if(order);
        let n = top.unwrap_or(usize::MAX).min(keys.len());
        if out.format() == Format::Text
            && self.ranks.is_none()
            && self.text.write_keys(set, query, keys, n, out.raw())?
        {
            return Ok(());
        }
        // One word reused for every row: no allocation per word.
        let mut found = std::mem::replace(&mut self.found, Found::plain(&[]));
        (self.by_length, self.expected) = (order == Sort::Length, n);
        for i in 0..n {
            let word = keys.word(i);
            let combos = keys.combinations(i);
            if !keys.any_blank() {
                if self.fast_row(out, query, word.tiles(), combos, |_, _| false)? {
                    continue;
                }
            } else {
                let mut marks = keys.marks();
                if self.fast_row(out, query, word.tiles(), combos, |_, t| marks.next(t))? {
                    continue;
                }
            }
            found.tiles.clear();
            found.tiles.extend_from_slice(word.tiles());
            found.blanks = keys.blanks(word.tiles());
            self.print(out, query, &found)?;
        }
        self.found = found;
        (self.by_length, self.expected) = (false, 0);
        self.finish(out)?;
        Ok(())
    }

    /// Prints one word.
    pub fn print(&mut self, out: &mut Out, query: &str, f: &Found) -> Result<()> {
        let set = self.lex.tiles();
        if out.format() == Format::Text {
            let value = f.value(set);
            let rank = self.ranks.as_ref().map(|r| r.rank(f.tiles.len(), self.bag.combinations(&f.tiles)));
            self.line.clear();
            self.text.found_line(set, query, f, value, rank, &mut self.line);
            out.raw().write_all(self.line.as_bytes())?;
            return Ok(());
        }
        if self.fast_row(out, query, &f.tiles, None, |i, _| f.is_blank(i))? {
            return Ok(());
        }
        let value = f.value(set);
        self.line.clear();
        f.spell_into(set, self.text.tiles, &mut self.line);
        let combos = self.bag.combinations(&f.tiles);
        let len = f.tiles.len();
        let mut fields = [
            (self.key, Value::Str(query)),
            ("word", Value::Str(&self.line)),
            ("length", Value::Int(len as u64)),
            ("value", Value::Int(value as u64)),
            ("blanks", Value::Int(f.blanks.count_ones() as u64)),
            ("combinations", Value::Int(combos)),
            ("probability", Value::Float(self.bag.probability_of(combos, len))),
            ("error", Value::Null),
            ("error", Value::Null),
        ];
        let n = match &self.ranks {
            Some(r) => {
                fields[7] = ("rank", Value::Int(r.rank(len, combos)));
                9
            }
            None => 8,
        };
        out.record("", &fields[..n])?;
        Ok(())
    }
}

/// Text lines: `[QUERY<TAB>]WORD<TAB>VALUE[<TAB>RANK]`.
struct TextLines {
    /// Bracket spelling (`--tiles`).
    tiles: bool,
    /// Whether lines start with the query.
    show_key: bool,
    /// Each tile's spelling and value, made on first use.
    spelling: OnceCell<Option<Spelling>>,
}

impl TextLines {
    fn new(tiles: bool, show_key: bool) -> TextLines {
        TextLines { tiles, show_key, spelling: OnceCell::new() }
    }

    /// Appends the line of `f`, of face value `value`, to `line`.
    fn found_line(
        &self,
        set: &TileSet,
        query: &str,
        f: &Found,
        value: u32,
        rank: Option<u64>,
        line: &mut String,
    ) {
        use std::fmt::Write as _;
        if self.show_key {
            line.push_str(query);
            line.push('\t');
        }
        f.spell_into(set, self.tiles, line);
        let _ = write!(line, "\t{value}");
        if let Some(rank) = rank {
            let _ = write!(line, "\t{rank}");
        }
        line.push('\n');
    }

    /// Writes the lines of the first `n` words of `keys`, the answer to `query`, to `w`, as
    /// [`TextLines::found_line`] writes them without a rank; false, with nothing written, if a
    /// tile of `set` is too long for a [`Spelling`].
    fn write_keys(
        &self,
        set: &TileSet,
        query: &str,
        keys: &AnagramKeys,
        n: usize,
        w: &mut impl Write,
    ) -> io::Result<bool> {
        let Some(sp) = self.spelling(set) else {
            return Ok(false);
        };
        // Lines are gathered in a block handed to the writer when full: one copy of a few
        // kilobytes instead of one of a few bytes per line.
        let mut block = [0u8; BLOCK];
        let mut used = 0;
        let key = if self.show_key { query.as_bytes() } else { b"" };
        for i in 0..n {
            if used + key.len() + 1 + LINE > BLOCK {
                w.write_all(&block[..used])?;
                used = 0;
            }
            if self.show_key {
                if key.len() + 1 + LINE > BLOCK {
                    // A query longer than a block goes straight to the writer.
                    w.write_all(key)?;
                    w.write_all(b"\t")?;
                } else {
                    block[used..used + key.len()].copy_from_slice(key);
                    block[used + key.len()] = b'\t';
                    used += key.len() + 1;
                }
            }
            let line: &mut [u8; LINE] = (&mut block[used..used + LINE]).try_into().expect("LINE bytes");
            used += sp.line(keys, &keys.word(i), line);
        }
        w.write_all(&block[..used])?;
        Ok(true)
    }

    /// The spelling table of `set`, if every tile spells in at most [`SPELLING`] bytes.
    fn spelling(&self, set: &TileSet) -> Option<&Spelling> {
        self.spelling.get_or_init(|| Spelling::new(set, self.tiles)).as_ref()
    }
}

/// The most bytes of a tile's spelling in a [`Spelling`]: `[CH]`, `[ñ]`.
const SPELLING: usize = 8;

/// The longest line [`Spelling::line`] writes: 16 tiles, a tab, a value, a line end.
const LINE: usize = KEY_TILES * SPELLING + 16;

/// The bytes of lines [`TextLines::write_keys`] gathers before writing them.
const BLOCK: usize = 8192;

/// Each tile's spelling, as [`Found::spell_into`] writes it, in capitals and in lower case (a
/// blank), padded to [`SPELLING`] bytes so that a word is spelled with fixed-size copies, and
/// its face value.
struct Spelling {
    /// By byte: the tile in capitals, then in lower case (played by a blank).
    spell: Vec<[Spelled; 2]>,
}

/// A tile as a line shows it: its spelling, padded, and the points it scores (0 for a blank).
#[derive(Clone, Copy)]
struct Spelled {
    bytes: [u8; SPELLING],
    len: u8,
    value: u8,
}

impl Spelling {
    /// `None` if a tile spells in more than [`SPELLING`] bytes.
    fn new(set: &TileSet, brackets: bool) -> Option<Spelling> {
        let mut one = Found { tiles: vec![0], blanks: 0 };
        let mut text = String::new();
        let mut spelled = |t: u8| {
            let mut cases = [Spelled { bytes: [0; SPELLING], len: 0, value: 0 }; 2];
            for (blank, case) in cases.iter_mut().enumerate() {
                (one.tiles[0], one.blanks) = (t, blank as u64);
                text.clear();
                one.spell_into(set, brackets, &mut text);
                case.bytes.get_mut(..text.len())?.copy_from_slice(text.as_bytes());
                case.len = text.len() as u8;
                case.value = if blank == 0 { set.get(t).map_or(0, |d| d.value) } else { 0 };
            }
            Some(cases)
        };
        // Every byte that is not a tile spells the same (as `?`): the tiles alone are spelled
        // one by one.
        let mut spell = vec![spelled(0)?; 256];
        for t in set.all() {
            spell[t as usize] = spelled(t)?;
        }
        Some(Spelling { spell })
    }

    /// Writes the line of `word`, one of `keys`, to `line`, and returns its length: the bytes
    /// [`TextLines::found_line`] writes for it without the query and the rank.
    fn line(&self, keys: &AnagramKeys, word: &Word, line: &mut [u8; LINE]) -> usize {
        let mut marks = keys.marks();
        let mut at = 0;
        let mut value = 0u32;
        for &t in word.tiles() {
            let tile = &self.spell[t as usize][marks.next(t) as usize];
            line[at..at + SPELLING].copy_from_slice(&tile.bytes);
            at += tile.len as usize;
            value += tile.value as u32;
        }
        line[at] = b'\t';
        at += 1;
        // A value has at most 4 digits: 16 tiles of at most 255 points.
        at += int_text(&mut line[at..], value as u64);
        line[at] = b'\n';
        at + 1
    }
}

/// A field of the records of `anagram` and `pattern`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Query,
    Word,
    Length,
    Value,
    Blanks,
    Combinations,
    Probability,
    Rank,
    Error,
}

impl Field {
    /// Whether the field's value follows from the word's alphagram and blanks alone (and the
    /// bag), so that it is written once per alphagram and copied after.
    fn by_alphagram(self) -> bool {
        !matches!(self, Field::Query | Field::Word | Field::Value)
    }

    /// The whole number an alphagram field holds for a word of `len` tiles, `blanks` of them
    /// blanks, and `combos` combinations; `None` for the probability and the error.
    fn int(self, ranks: Option<&Ranks>, combos: u64, len: usize, blanks: u64) -> Option<u64> {
        match self {
            Field::Length => Some(len as u64),
            Field::Blanks => Some(blanks),
            Field::Combinations => Some(combos),
            Field::Rank => Some(ranks.map_or(0, |r| r.rank(len, combos))),
            _ => None,
        }
    }
}

/// A part of a CSV or JSON row as [`Rows`] writes it: each field's separator, key and value.
#[derive(Clone, Copy)]
enum Piece {
    /// A run of fields that depend on the alphagram: run `i` of a cached entry.
    Run(usize),
    One(Field),
}

/// The most runs of alphagram fields a row has: they are separated by the query, the word and
/// the value.
const RUNS: usize = 4;

/// CSV and JSON rows of `anagram` and `pattern`, written as [`Out::record`] writes them but
/// without a record of fields per row. What depends only on a word's alphagram and blanks
/// (length, blanks, combinations, probability, rank) follows from its length, blanks and
/// combinations: it is formatted once for each such triple (16,230 among the 73,973 rows of
/// `anagram --super AEINR??`, against 52,551 alphagrams) and copied for the others. The
/// combinations come with the word when the query carried them (the anagram index walk
/// multiplies them out per alphagram), else they are counted from the copies of each tile,
/// which the spelling loop counts; the query is formatted once per query, and the word spelled
/// from the [`Spelling`] table. Rows are gathered in a block of [`ROWS`] bytes, larger than the
/// output's buffer so that it goes to the output without a copy, and every part is copied in
/// fixed-size chunks (the sources are padded for it).
struct Rows {
    json: bool,
    /// The pieces of a row, in the order the format writes its fields.
    pieces: Vec<Piece>,
    /// The fields of each run of alphagram fields.
    runs: Vec<Vec<(usize, Field)>>,
    /// The field names, in record order (the CSV header), and each field's separator and key,
    /// by place in the record order, padded with [`CHUNK`] zero bytes.
    names: Vec<&'static str>,
    heads: Vec<Vec<u8>>,
    /// The combinations of words not given with theirs (`pattern`'s), counted from the prefix
    /// each shares with the word before; made at the first such word.
    prefix: Option<PrefixDraws>,
    /// Combinations, length and blanks → where the alphagram fields' runs start in `arena`,
    /// and each run's length.
    /// One table for each length of word: rows sorted by length (anagram's default) then
    /// look up a table of a few thousand entries at a time, which the cache holds.
    cache: Vec<Triples>,
    /// The runs, one after another, and [`CHUNK`] zero bytes after the last: a quarter of
    /// [`ARENA`] reserved up front, all of it for a large answer (see [`Rows::expect`]).
    arena: Vec<u8>,
    /// The query the `query` piece was made for, and the piece, padded with [`CHUNK`] zero
    /// bytes; and where the query's text was while its rows were written (until
    /// [`Printer::finish`]), which tells the same query without comparing its bytes.
    query_text: String,
    query: Vec<u8>,
    query_at: Option<(*const u8, usize)>,
    /// The rows gathered, `used` bytes of them.
    block: Vec<u8>,
    used: usize,
    /// Rows of the current query not written yet, at most [`BATCH`] (see [`Rows::drain`]).
    waiting: Vec<Waiting>,
    /// The length of the last row written at once (see [`Rows::next_length`]).
    length: usize,
}

/// A row of [`Rows`] on its way: its word spelled, its face value, and its (combinations,
/// length, blanks) key.
struct Waiting {
    word: [u8; LINE],
    spelled: usize,
    value: u32,
    key: u64,
}

/// The rows [`Rows`] holds back before writing them when they do not come grouped by length:
/// their cells are fetched ahead, all together, instead of each row waiting for its own.
const BATCH: usize = 32;

/// The alphagram fields of a row: cells kept in the arena, or runs laid out for this row only
/// (too long to keep).
enum Runs {
    Kept(Cells),
    Long(Vec<Vec<u8>>),
}

/// Where a triple's runs of alphagram fields are in the arena: the first's start, and each
/// one's length (the next starts where one ends).
#[derive(Clone, Copy)]
struct Cells {
    start: u32,
    lens: [u8; RUNS],
}

impl Cells {
    /// The cells in one word: the start, then the lengths' bytes.
    fn pack(self) -> u64 {
        self.start as u64 | (u32::from_le_bytes(self.lens) as u64) << 32
    }

    fn unpack(packed: u64) -> Cells {
        Cells { start: packed as u32, lens: ((packed >> 32) as u32).to_le_bytes() }
    }
}

/// The bytes [`Rows`] copies at a time.
const CHUNK: usize = 16;

/// The most bytes of the alphagram fields [`Rows::cells`] lays out itself: every field's key
/// (at most 8 of about 16 bytes), four numbers of at most 20 digits, a probability of at most
/// [`FLOAT_TEXT`] bytes, and a chunk of slack for each copy.
const CELLS: usize = 512;

/// The bytes the arena of cells reserves for a large answer: more than its runs take (about
/// 0.6 MB in CSV and 1.5 MB in JSON for `anagram --super AEINR??`, 3.6 MB in JSON for
/// `pattern '*A*E*'`). The binary's allocator gives a block this large huge pages: one page
/// fault per 2 MiB instead of one per 4 KiB, but the first clears 2 MiB (about 50 µs), which a
/// small answer does not make up for; it reserves a quarter, in small pages.
const ARENA: usize = 4 << 20;

/// The rows from which an answer is large (see [`ARENA`]): `anagram --sub AEINR??` has
/// 7,558, `--super` 73,973.
const LARGE_ANSWER: usize = 20_000;

/// The bytes of cells past which rows grouped by length drop those of the lengths before (see
/// [`Rows::next_length`]): the arena then stays within what the cache holds.
const RECYCLE: usize = 64 << 10;

/// The bytes of rows [`Rows`] gathers before writing them: more than the output's buffer.
const ROWS: usize = 32 * 1024;

/// Copies `len` bytes of `src` from `from` to `dst` at `at`, in [`CHUNK`]-byte copies (up to a
/// chunk more is copied past both ends, which both have room for), and moves `at` on.
#[inline(always)]
fn put(dst: &mut [u8], at: &mut usize, src: &[u8], from: usize, len: usize) {
    let mut i = 0;
    while i < len {
        let d: &mut [u8; CHUNK] = (&mut dst[*at + i..*at + i + CHUNK]).try_into().expect("a chunk");
        d.copy_from_slice(&src[from + i..from + i + CHUNK]);
        i += CHUNK;
    }
    *at += len;
}

/// What the alphagram fields of a row follow from: a word's combinations, length and blanks.
struct Triple {
    combos: u64,
    len: usize,
    blanks: u64,
}

impl Triple {
    /// The triple in one word, the key of its cells: 8 bytes of key and 8 of cells a slot, half
    /// the table a wider key makes; `None` beyond it (not in a 100-tile bag), and the row is
    /// then not written from parts. Never 0: a word has a length.
    fn key(combos: u64, len: usize, blanks: u64) -> Option<u64> {
        (combos >> 56 == 0 && blanks <= 7 && (1..32).contains(&len))
            .then_some(combos << 8 | (len as u64) << 3 | blanks)
    }

    /// The triple of a key made by [`Triple::key`].
    fn of(key: u64) -> Triple {
        Triple { combos: key >> 8, len: (key >> 3 & 31) as usize, blanks: key & 7 }
    }
}

/// The cells of the (combinations, length, blanks) keys of the words of one length: open
/// addressing, linear probing, a key of 0 marking a free slot (a key holds the length, never
/// 0). The slot of a key is known before it is looked up, so it is fetched ahead.
struct Triples {
    /// Each slot's key ([`Triple::key`]; 0 in a free slot) and cells ([`Cells::pack`]).
    slots: Vec<[u64; 2]>,
    filled: usize,
    /// 64 less the bits of the number of slots: a slot is the top bits of the key's product.
    shift: u32,
}

impl Triples {
    /// A table of `slots` slots, a power of two, or none (a table of a length no row has had
    /// yet, which takes no memory).
    fn new(slots: usize) -> Triples {
        Triples { slots: vec![[0; 2]; slots], filled: 0, shift: 64 - slots.trailing_zeros() }
    }

    /// Asks for the slot of `key` to be brought into the cache.
    #[inline]
    fn fetch(&self, key: u64) {
        if let Some(slot) = self.slots.get(self.home(key)) {
            fetch_ahead(slot);
        }
    }

    /// The first slot `key` may be in.
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    fn get(&self, key: u64) -> Option<Cells> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let [k, cells] = self.slots[i];
            if k == key {
                return Some(Cells::unpack(cells));
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Empties the table, keeping its memory.
    fn clear(&mut self) {
        if self.filled > 0 {
            self.slots.fill([0; 2]);
            self.filled = 0;
        }
    }

    /// Adds `key`, which is not in the table yet.
    fn insert(&mut self, key: u64, cells: Cells) {
        // At most three quarters full.
        if 4 * (self.filled + 1) > 3 * self.slots.len() {
            let old = std::mem::replace(self, Triples::new((2 * self.slots.len()).max(TRIPLES)));
            for [k, c] in old.slots {
                if k != 0 {
                    self.insert(k, Cells::unpack(c));
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i][0] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = [key, cells.pack()];
        self.filled += 1;
    }
}

/// Asks for the memory of `x` to be brought into the cache, without waiting for it: a prefetch
/// instruction on x86-64 (a plain load whose value nothing waits for, the only way in safe
/// Rust, took `pattern '*A*E*' --format json` from 52.6 to 57.6 ms), a plain load elsewhere.
#[inline(always)]
fn fetch_ahead<T: Copy>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and cannot fault; `x` is a valid
    // reference, and SSE, which the instruction needs, is part of every x86-64 processor.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::hint::black_box(*x);
}

/// The most tiles of a word [`Rows`] writes (the board's width); a longer one goes through
/// [`Out::record`].
const ROW_TILES: usize = 15;

/// The slots of each length's table of (length, blanks, combinations) triples at its first
/// triple (it holds three quarters as many); a table doubles as needed (`anagram --super
/// AEINR??` has 16,230 triples over 9 lengths, `pattern '*A*E*'` 40,576 over 14).
const TRIPLES: usize = 1 << 10;

impl Rows {
    /// `None` if the format is text, or a tile's spelling would need quoting in CSV or escaping
    /// in JSON.
    fn new(format: Format, key: &'static str, ranks: bool, sp: &Spelling) -> Option<Rows> {
        let json = match format {
            Format::Text => return None,
            Format::Csv => false,
            Format::Json => true,
        };
        let plain = |s: &Spelled| plain(format, &s.bytes[..s.len as usize]);
        if !sp.spell.iter().all(|cases| cases.iter().all(plain)) {
            return None;
        }
        let mut fields = vec![
            (key, Field::Query),
            ("word", Field::Word),
            ("length", Field::Length),
            ("value", Field::Value),
            ("blanks", Field::Blanks),
            ("combinations", Field::Combinations),
            ("probability", Field::Probability),
        ];
        if ranks {
            fields.push(("rank", Field::Rank));
        }
        fields.push(("error", Field::Error));
        let names: Vec<&'static str> = fields.iter().map(|f| f.0).collect();
        // The order fields are written in: the record's in CSV, by key in JSON (as
        // `Out::record` writes them).
        let mut order: Vec<usize> = (0..fields.len()).collect();
        if json {
            order.sort_by_key(|&i| fields[i].0);
        }
        let mut heads = vec![Vec::new(); fields.len()];
        let mut pieces = Vec::new();
        let mut runs: Vec<Vec<(usize, Field)>> = Vec::new();
        for (j, &i) in order.iter().enumerate() {
            let head = &mut heads[i];
            if json {
                head.push(if j == 0 { b'{' } else { b',' });
                serde_json::to_writer(&mut *head, fields[i].0).ok()?;
                head.push(b':');
            } else if j > 0 {
                head.push(b',');
            }
            let field = fields[i].1;
            if field.by_alphagram() {
                if !matches!(pieces.last(), Some(Piece::Run(_))) {
                    pieces.push(Piece::Run(runs.len()));
                    runs.push(Vec::new());
                }
                runs.last_mut().expect("a run").push((i, field));
            } else {
                pieces.push(Piece::One(field));
            }
        }
        if runs.len() > RUNS {
            return None;
        }
        for head in &mut heads {
            head.extend_from_slice(&[0; CHUNK]);
        }
        let cache = (0..=ROW_TILES).map(|_| Triples::new(0)).collect();
        Some(Rows {
            json,
            pieces,
            runs,
            names,
            heads,
            prefix: None,
            cache,
            arena: {
                let mut a = Vec::with_capacity(ARENA / 4);
                a.extend_from_slice(&[0; CHUNK]);
                a
            },
            query_text: String::new(),
            query: vec![0; CHUNK],
            query_at: None,
            block: vec![0; 2 * ROWS],
            used: 0,
            waiting: Vec::with_capacity(BATCH),
            length: 0,
        })
    }

    /// Makes room for an answer of `rows` rows, about to be written.
    fn expect(&mut self, rows: usize) {
        if rows >= LARGE_ANSWER {
            self.large_arena();
        }
    }

    /// Makes room in the arena for `n` bytes more: an arena that outgrows what it reserved at
    /// first is a large answer's (`pattern`'s rows, whose number is not known ahead), and
    /// takes [`ARENA`] bytes at once.
    #[inline]
    fn arena_room(&mut self, n: usize) {
        if self.arena.len() + n > self.arena.capacity() {
            self.large_arena();
        }
    }

    /// Gives the arena [`ARENA`] bytes, unless it has them.
    fn large_arena(&mut self) {
        if self.arena.capacity() < ARENA {
            // A new block and a copy of what is written: a reallocation would copy the whole
            // old block, reading pages never written.
            let mut arena = Vec::with_capacity(ARENA);
            arena.extend_from_slice(&self.arena);
            self.arena = arena;
        }
    }

    /// Writes the row of a word of `tiles`, a blank playing the tiles `blank` tells, the answer
    /// to `query`, whose combinations are `combos` if known, among rows grouped `by_length` or
    /// not; false, with nothing written, if the word is too long for a row from parts.
    #[allow(clippy::too_many_arguments)]
    fn write(
        &mut self,
        out: &mut Out,
        sp: &Spelling,
        bag: &Bag,
        ranks: Option<&Ranks>,
        query: &str,
        tiles: &[Tile],
        combos: Option<u64>,
        by_length: bool,
        mut blank: impl FnMut(usize, Tile) -> bool,
    ) -> Result<bool> {
        if tiles.len() > ROW_TILES {
            return Ok(false);
        }
        let mut word = [0u8; LINE];
        let (mut at, mut value, mut blanks) = (0, 0u32, 0u64);
        for (i, &t) in tiles.iter().enumerate() {
            let b = blank(i, t);
            let tile = &sp.spell[t as usize][b as usize];
            word[at..at + SPELLING].copy_from_slice(&tile.bytes);
            at += tile.len as usize;
            value += tile.value as u32;
            blanks += b as u64;
        }
        // Counted, if not given, from the prefix the word shares with the one before; a byte
        // that is no tile counts as a tile the bag lacks, as `Bag::combinations` counts it, and
        // spells `?`, as `Found::spell_into` spells it.
        let combos = match combos {
            Some(c) => c,
            None => self.prefix.get_or_insert_with(|| PrefixDraws::new(bag)).combinations(tiles),
        };
        let Some(key) = Triple::key(combos, tiles.len(), blanks) else {
            return Ok(false);
        };
        let at_ = Some((query.as_ptr(), query.len()));
        if self.query_at != at_ && self.query_text != query {
            // The rows waiting go out with the query piece they were made for.
            self.drain(out, bag, ranks)?;
            self.query_text.clear();
            self.query_text.push_str(query);
            self.query.clear();
            self.query.extend_from_slice(&self.heads[0][..self.heads[0].len() - CHUNK]);
            let v = Value::Str(query);
            write_value(&mut self.query, out.format(), &v)?;
            self.query.extend_from_slice(&[0; CHUNK]);
        }
        self.query_at = at_;
        // Rows grouped by length are written at once: their length's table of cells is in the
        // cache. The others wait, their cells fetched ahead.
        if !by_length {
            self.cache[tiles.len()].fetch(key);
            self.waiting.push(Waiting { word, spelled: at, value, key });
            if self.waiting.len() == BATCH {
                self.drain(out, bag, ranks)?;
            }
            return Ok(true);
        }
        if tiles.len() != self.length {
            self.next_length(tiles.len());
        }
        let runs = self.look_up(bag, ranks, key)?;
        self.put_row(out, &word, at, value, runs)?;
        Ok(true)
    }

    /// Rows grouped by length do not come back to a length once past it: when the arena has
    /// grown past [`RECYCLE`] bytes, the cells of the lengths before are dropped, and the new
    /// length's table takes the largest table's memory, whose pages are touched already.
    fn next_length(&mut self, len: usize) {
        self.length = len;
        if self.arena.len() <= RECYCLE || !self.waiting.is_empty() {
            return;
        }
        for table in &mut self.cache {
            table.clear();
        }
        if let Some(largest) = (0..self.cache.len()).max_by_key(|&l| self.cache[l].slots.len()) {
            self.cache.swap(largest, len);
        }
        self.arena.clear();
        self.arena.extend_from_slice(&[0; CHUNK]);
    }

    /// The alphagram fields of `key` (combinations, length and blanks, as [`Triple::key`]
    /// packs them): their cells, laid out and kept if they are not yet, or the runs too long to
    /// keep.
    #[inline(always)]
    fn look_up(&mut self, bag: &Bag, ranks: Option<&Ranks>, key: u64) -> io::Result<Runs> {
        let Triple { combos, len, blanks } = Triple::of(key);
        if let Some(c) = self.cache[len].get(key) {
            return Ok(Runs::Kept(c));
        }
        let runs = self.cells(bag, ranks, combos, len, blanks)?;
        if let Runs::Kept(c) = runs {
            self.cache[len].insert(key, c);
        }
        Ok(runs)
    }

    /// Writes the rows waiting: their cells are looked up first, all of them (the slots were
    /// fetched as the rows came), and fetched in turn; then the rows are written.
    fn drain(&mut self, out: &mut Out, bag: &Bag, ranks: Option<&Ranks>) -> io::Result<()> {
        let waiting = std::mem::take(&mut self.waiting);
        let mut runs = [const { None }; BATCH];
        for (w, r) in waiting.iter().zip(&mut runs) {
            let found = self.look_up(bag, ranks, w.key)?;
            if let Runs::Kept(c) = found {
                // A row's runs are short: two lines hold them.
                fetch_ahead(&self.arena[c.start as usize]);
                fetch_ahead(&self.arena[(c.start as usize + 64).min(self.arena.len() - 1)]);
            }
            *r = Some(found);
        }
        for (w, r) in waiting.iter().zip(runs) {
            self.put_row(out, &w.word, w.spelled, w.value, r.expect("looked up above"))?;
        }
        self.waiting = waiting;
        self.waiting.clear();
        Ok(())
    }

    /// Writes the row of a word spelled in the first `spelled` bytes of `word` (padded for
    /// copies by the chunk), of face value `value`, whose alphagram fields are `runs`, for the
    /// current query.
    #[inline(always)]
    fn put_row(
        &mut self,
        out: &mut Out,
        word: &[u8; LINE],
        spelled: usize,
        value: u32,
        runs: Runs,
    ) -> io::Result<()> {
        // The longest row: the query, the runs (at most 255 bytes each when kept), the word
        // and the value with their heads, a line end, and a chunk of slack for each copy.
        let long = match &runs {
            Runs::Kept(_) => RUNS * 256,
            Runs::Long(texts) => texts.iter().map(|t| t.len() + CHUNK).sum(),
        };
        let most = self.query.len() + long + LINE + 2 * 64 + 8 * CHUNK;
        if self.used + most > self.block.len() {
            self.flush(out)?;
            if most > self.block.len() {
                self.block.resize(most, 0);
            }
        }
        let (row, at_) = (&mut self.block[..], &mut self.used);
        let mut start = match runs {
            Runs::Kept(c) => c.start as usize,
            Runs::Long(_) => 0,
        };
        for piece in &self.pieces {
            match *piece {
                Piece::Run(i) => match &runs {
                    Runs::Kept(cells) => {
                        let len = cells.lens[i] as usize;
                        put(row, at_, &self.arena, start, len);
                        start += len;
                    }
                    Runs::Long(texts) => {
                        row[*at_..*at_ + texts[i].len()].copy_from_slice(&texts[i]);
                        *at_ += texts[i].len();
                    }
                },
                Piece::One(Field::Query) => put(row, at_, &self.query, 0, self.query.len() - CHUNK),
                Piece::One(Field::Word) => {
                    let head = &self.heads[1];
                    put(row, at_, head, 0, head.len() - CHUNK);
                    if self.json {
                        row[*at_] = b'"';
                        *at_ += 1;
                        put(row, at_, word, 0, spelled);
                        row[*at_] = b'"';
                        *at_ += 1;
                    } else {
                        put(row, at_, word, 0, spelled);
                    }
                }
                Piece::One(_) => {
                    let head = &self.heads[3];
                    put(row, at_, head, 0, head.len() - CHUNK);
                    *at_ += int_text(&mut row[*at_..], value as u64);
                }
            }
        }
        if self.json {
            row[*at_..*at_ + 2].copy_from_slice(b"}\n");
            *at_ += 2;
        } else {
            row[*at_] = b'\n';
            *at_ += 1;
        }
        if self.used >= ROWS {
            self.flush(out)?;
        }
        Ok(())
    }

    /// Writes what is left of the rows to `out`, after the CSV header if it is not written
    /// yet (rows reach `out` only here).
    fn flush(&mut self, out: &mut Out) -> io::Result<()> {
        if self.used == 0 {
            return Ok(());
        }
        out.header(&self.names)?;
        out.raw().write_all(&self.block[..self.used])?;
        self.used = 0;
        Ok(())
    }

    /// Formats the alphagram fields of a word of `len` tiles, `combos` combinations and
    /// `blanks` blanks into the arena, and returns where they are; or, for a run too long for
    /// [`Cells`], the runs themselves, for this row only.
    /// They are laid out in a buffer, numbers digit by digit and the probability from
    /// [`float_text`] (JSON: zmij's text, as `serde_json` writes it), and added to the arena
    /// at once; a value that does not fit it goes through [`write_value`].
    fn cells(
        &mut self,
        bag: &Bag,
        ranks: Option<&Ranks>,
        combos: u64,
        len: usize,
        blanks: u64,
    ) -> io::Result<Runs> {
        let probability = bag.probability_of(combos, len);
        let mut json_float = zmij::Buffer::new();
        let mut float = [0u8; FLOAT_TEXT];
        let float_len = if self.json {
            if !probability.is_finite() {
                return self.cells_by_value(bag, ranks, combos, len, blanks);
            }
            let text = json_float.format_finite(probability).as_bytes();
            if text.len() > FLOAT_TEXT - CHUNK {
                return self.cells_by_value(bag, ranks, combos, len, blanks);
            }
            float[..text.len()].copy_from_slice(text);
            text.len()
        } else {
            match float_text(probability, &mut float) {
                Some(n) => n,
                None => return self.cells_by_value(bag, ranks, combos, len, blanks),
            }
        };
        let mut buf = [0u8; CELLS];
        let mut lens = [0; RUNS];
        let mut at = 0;
        for (r, run) in self.runs.iter().enumerate() {
            let from = at;
            for &(i, field) in run {
                let head = &self.heads[i];
                put(&mut buf, &mut at, head, 0, head.len() - CHUNK);
                if field == Field::Probability {
                    put(&mut buf, &mut at, &float, 0, float_len);
                } else if let Some(int) = field.int(ranks, combos, len, blanks) {
                    at += int_text(&mut buf[at..], int);
                } else if self.json {
                    buf[at..at + 4].copy_from_slice(b"null");
                    at += 4;
                }
            }
            let n = at - from;
            if n > u8::MAX as usize {
                return self.cells_by_value(bag, ranks, combos, len, blanks);
            }
            lens[r] = n as u8;
        }
        Ok(Runs::Kept(Cells { start: self.keep(&buf[..at]), lens }))
    }

    /// Adds `bytes` at the end of the arena, where its [`CHUNK`] zero bytes were, puts them back
    /// after, and returns where `bytes` start.
    fn keep(&mut self, bytes: &[u8]) -> u32 {
        self.arena_room(bytes.len());
        let start = self.arena.len() - CHUNK;
        self.arena.truncate(start);
        self.arena.extend_from_slice(bytes);
        self.arena.extend_from_slice(&[0; CHUNK]);
        start as u32
    }

    /// [`Rows::cells`] through [`write_value`], for the values [`Rows::cells`] does not lay out
    /// itself; runs longer than a [`Cells`] holds are not kept, and each row lays them out
    /// again.
    fn cells_by_value(
        &mut self,
        bag: &Bag,
        ranks: Option<&Ranks>,
        combos: u64,
        len: usize,
        blanks: u64,
    ) -> io::Result<Runs> {
        let runs = self.runs_by_value(bag, ranks, combos, len, blanks)?;
        if runs.iter().any(|r| r.len() > u8::MAX as usize) {
            return Ok(Runs::Long(runs));
        }
        let mut lens = [0; RUNS];
        for (len, run) in lens.iter_mut().zip(&runs) {
            *len = run.len() as u8;
        }
        Ok(Runs::Kept(Cells { start: self.keep(&runs.concat()), lens }))
    }

    /// The runs of alphagram fields of a word of `len` tiles, `combos` combinations and
    /// `blanks` blanks, each field's head and value as [`write_value`] writes it.
    fn runs_by_value(
        &self,
        bag: &Bag,
        ranks: Option<&Ranks>,
        combos: u64,
        len: usize,
        blanks: u64,
    ) -> io::Result<Vec<Vec<u8>>> {
        let format = if self.json { Format::Json } else { Format::Csv };
        let mut runs = Vec::with_capacity(self.runs.len());
        for run in &self.runs {
            let mut text = Vec::new();
            for &(i, field) in run {
                let head = &self.heads[i];
                text.extend_from_slice(&head[..head.len() - CHUNK]);
                let v = match field {
                    Field::Probability => Value::Float(bag.probability_of(combos, len)),
                    _ => field.int(ranks, combos, len, blanks).map_or(Value::Null, Value::Int),
                };
                write_value(&mut text, format, &v)?;
            }
            runs.push(text);
        }
        Ok(runs)
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = match (args.sub, args.super_) {
        (true, _) => Mode::Sub,
        (_, true) => Mode::Super,
        _ => Mode::Exact,
    };
    if mode == Mode::Exact && (args.min.is_some() || args.max.is_some()) {
        bail!("--min and --max need --sub or --super (an exact anagram uses the whole rack)");
    }
    let lex = args.lexicon.open()?;
    let order = args.show.sort.map_or(Sort::Length, SortArg::sort);
    let q = AnagramQuery { mode, min: args.min, max: args.max };
    let mut printer = Printer::new(&lex, &args.show, "rack", args.racks.len() != 1);
    let mut out = Out::new(args.show.format);
    let names = field_names("rack", &args.show);
    let fields = Fields { input: "rack", names: &names };
    let mut any = false;
    let errors = input::each(&args.racks, &mut out, &fields, |text, out| {
        let rack = Rack::parse(lex.tiles(), text).map_err(input::bad)?;
        // CSV and JSON rows print each word's combinations: the walk counts them per alphagram.
        let keys = match args.show.format {
            Format::Text => query::anagram_keys(&lex, &rack, &q),
            Format::Csv | Format::Json => {
                query::anagram_keys_with_combinations(&lex, &rack, &q, printer.bag())
            }
        };
        if let Some(mut keys) = keys.map_err(input::bad)? {
            any |= !keys.is_empty();
            return Ok(printer.print_keys(out, text, &mut keys, order, args.show.top)?);
        }
        let mut found = query::anagram(&lex, &rack, &q).map_err(input::bad)?;
        any |= !found.is_empty();
        Ok(printer.print_all(out, text, &mut found, order, args.show.top)?)
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_store::DEFAULT;

    /// The combinations the index walk carries with each word are those the bag counts for it,
    /// for every word of exact, sub- and super-anagram queries of the default lexicon, and the
    /// words are those of the plain answer.
    #[test]
    fn combinations_carried_by_the_walk_equal_the_bags() {
        let lex = Lexicon::from_static(DEFAULT).unwrap();
        let set = lex.tiles();
        let bag = Bag::of(set);
        for text in ["AEINR??", "CHURR?", "ÑU", "L,L,A,M,A", "??", "QUE"] {
            let rack = Rack::parse(set, text).unwrap();
            for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
                let q = AnagramQuery { mode, min: None, max: None };
                let plain = query::anagram_keys(&lex, &rack, &q).unwrap().expect("indexed");
                let counted =
                    query::anagram_keys_with_combinations(&lex, &rack, &q, &bag).unwrap().expect("indexed");
                assert_eq!(counted.len(), plain.len(), "{text} {mode:?}");
                for i in 0..counted.len() {
                    let word = counted.word(i);
                    assert_eq!(word, plain.word(i), "{text} {mode:?}");
                    assert_eq!(
                        counted.combinations(i),
                        Some(bag.combinations(word.tiles())),
                        "{text} {mode:?}"
                    );
                }
            }
        }
    }

    /// The default lexicon, its bag, and the probability ranks of its words.
    fn default_ranked() -> (Lexicon, Bag, Ranks) {
        let lex = Lexicon::from_static(DEFAULT).unwrap();
        let bag = Bag::of(lex.tiles());
        let ranks = Ranks::compute(&lex, &bag);
        (lex, bag, ranks)
    }

    /// The CSV and JSON rows written from parts are, byte for byte, the records
    /// [`Out::record`] writes for the same words: exact, sub- and super-anagrams in every order,
    /// with ranks, a top, the rack column and bracket spellings, and pattern answers printed
    /// word by word, one query after another into the same output.
    #[test]
    fn rows_from_parts_equal_records() {
        // Ranked once: the printers of `--sort probability` are handed them.
        let (lex, bag, ranks) = default_ranked();
        let set = lex.tiles();
        let shows = [
            (None, false, None),
            (Some(SortArg::Alpha), true, Some(40)),
            (Some(SortArg::Value), false, None),
            (Some(SortArg::Probability), false, None),
            (Some(SortArg::Probability), true, Some(40)),
        ];
        for format in [Format::Csv, Format::Json] {
            for (sort, tiles, top) in shows {
                let show = Show { sort, top, tiles, format };
                let order = sort.map_or(Sort::Length, SortArg::sort);
                let answer = |parts: bool| {
                    let mut out = Out::in_memory(format);
                    let mut printer = Printer::new(&lex, &show, "rack", true);
                    if !parts {
                        printer.rows = Some(None);
                    }
                    if sort == Some(SortArg::Probability) {
                        printer.ranks = Some(ranks.clone());
                    }
                    for text in ["AEINRS?", "CHURR?", "ÑU", "QUE?I", "L,L,A,M,A"] {
                        let rack = Rack::parse(set, text).unwrap();
                        for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
                            let q = AnagramQuery { mode, min: None, max: Some(9) };
                            let mut keys = query::anagram_keys_with_combinations(&lex, &rack, &q, &bag)
                                .unwrap()
                                .expect("indexed");
                            printer.print_keys(&mut out, text, &mut keys, order, top).unwrap();
                        }
                    }
                    for text in ["*ZA*E", "CH?RR?", "ÑU*"] {
                        let p = query::Pattern::parse(set, text).unwrap();
                        let mut word = Found::plain(&[]);
                        query::search(&lex, p, 1, query::MAX_WORD, |w: &[u8]| {
                            word.tiles.clear();
                            word.tiles.extend_from_slice(w);
                            printer.print(&mut out, text, &word).unwrap();
                            true
                        });
                        printer.finish(&mut out).unwrap();
                    }
                    out.flush().unwrap();
                    out.written()
                };
                let (parts, records) = (answer(true), answer(false));
                assert!(parts.len() > 100_000, "{}", parts.len());
                if parts != records {
                    let (a, b) = (String::from_utf8_lossy(&parts), String::from_utf8_lossy(&records));
                    let line = a.lines().zip(b.lines()).find(|(x, y)| x != y);
                    panic!("{format:?} {sort:?} tiles {tiles}: first difference {line:?}");
                }
            }
        }
    }

    /// A row whose alphagram fields are laid out for it alone (too long to keep) is the row
    /// written from the kept cells of the same fields, with and without ranks.
    #[test]
    fn rows_of_long_runs_equal_rows_of_kept_cells() {
        let (lex, bag, ranks) = default_ranked();
        let set = lex.tiles();
        let lines = TextLines::new(false, true);
        let sp = lines.spelling(set).unwrap();
        for format in [Format::Csv, Format::Json] {
            for ranked in [None, Some(&ranks)] {
                let mut rows = Rows::new(format, "rack", ranked.is_some(), sp).unwrap();
                for (combos, len, blanks) in
                    [(1u64, 2usize, 0u64), (216_635_443_200, 15, 0), (3, 7, 2), (0, 4, 1)]
                {
                    let key = Triple::key(combos, len, blanks).unwrap();
                    let mut out = Out::in_memory(format);
                    let Runs::Kept(cells) = rows.look_up(&bag, ranked, key).unwrap() else {
                        panic!("cells of {combos} {len} {blanks} not kept");
                    };
                    let mut word = [0; LINE];
                    word[..4].copy_from_slice(b"CASA");
                    rows.put_row(&mut out, &word, 4, 6, Runs::Kept(cells)).unwrap();
                    let long = rows.runs_by_value(&bag, ranked, combos, len, blanks).unwrap();
                    rows.put_row(&mut out, &word, 4, 6, Runs::Long(long)).unwrap();
                    rows.flush(&mut out).unwrap();
                    out.flush().unwrap();
                    let text = String::from_utf8(out.written()).unwrap();
                    let rows: Vec<&str> = text.lines().skip(usize::from(format == Format::Csv)).collect();
                    assert_eq!(rows.len(), 2, "{text}");
                    assert_eq!(rows[0], rows[1], "{format:?} {combos} {len} {blanks}");
                }
            }
        }
    }

    /// The text written from keys is, byte for byte, the text written from the same answer as
    /// `Found` words, in every order, with and without `--tiles` and the rack column, for exact,
    /// sub- and super-anagrams.
    #[test]
    fn lines_from_keys_equal_lines_from_found_words() {
        let lex = Lexicon::from_static(DEFAULT).unwrap();
        let set = lex.tiles();
        let bag = Bag::of(set);
        for text in ["AEINR??", "CAS?", "ÑU?", "CHURR?", "L,L,A,M,A", "??", "QUE?I", "CH,O,O,CH"] {
            let rack = Rack::parse(set, text).unwrap();
            for q in [
                AnagramQuery { mode: Mode::Exact, min: None, max: None },
                AnagramQuery { mode: Mode::Sub, min: None, max: None },
                AnagramQuery { mode: Mode::Sub, min: Some(3), max: Some(5) },
                AnagramQuery { mode: Mode::Super, min: None, max: Some(rack.len() + 1) },
            ] {
                // Lengths no word of the rack can have (`??` with --min 3) are an error.
                let Ok(found) = query::anagram(&lex, &rack, &q) else {
                    continue;
                };
                let keys =
                    query::anagram_keys(&lex, &rack, &q).unwrap().expect("the default lexicon has the index");
                for order in [Sort::Length, Sort::Alpha, Sort::Value, Sort::Probability] {
                    for (tiles, show_key) in [(false, false), (true, false), (false, true), (true, true)] {
                        let lines = TextLines::new(tiles, show_key);
                        let mut want = String::new();
                        let mut found = found.clone();
                        query::sort(&mut found, order, set, &bag);
                        for f in &found {
                            lines.found_line(set, text, f, f.value(set), None, &mut want);
                        }
                        let mut keys = keys.clone();
                        keys.sort(order, set, &bag);
                        let mut got = Vec::new();
                        assert!(lines.write_keys(set, text, &keys, keys.len(), &mut got).unwrap());
                        let what = format!("{text} {:?} {order:?} tiles {tiles} key {show_key}", q.mode);
                        assert_eq!(String::from_utf8(got).unwrap(), want, "{what}");
                    }
                }
            }
        }
    }
}
