//! The alphabet of the game: tile sets, normalisation of spellings, and the `Word` and `Rack`
//! types that every other crate speaks.
//!
//! A [`TileSet`] is read from a small data file (`rules/<set>/tiles.csv`), so another tile set is a
//! new file, not a patch. A tile is one byte, its 1-based row in that file, so that sorting words
//! by bytes sorts them in the game's alphabetical order (CH after C, LL after L, Ñ after N, RR after
//! R). This crate does no I/O beyond parsing the text it is handed, never prints, and knows
//! nothing of rules or lexicon files.
//!
//! ```
//! use lexico_tiles::{Rack, TileSet};
//!
//! # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
//! let set = TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
//! let word = set.parse_word("churro")?; // CH and RR are single tiles
//! assert_eq!(word.len(), 4);
//! assert_eq!(set.parse_word("1U3O")?, word); // the FISE digits
//! assert_eq!(set.spell(&word), "CHURRO");
//! assert_eq!(Rack::parse(&set, "C H A O ?")?.len(), 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod normalize;
mod quote;
mod rack;
mod tileset;

pub use normalize::{normalize, Normalized};
pub use quote::{quoted, QUOTE_CHARS};
pub use rack::Rack;
pub use tileset::{shown, Tile, TileDef, TileError, TileSet, MAX_TILES};

/// A word as tiles: one byte per tile, in tile order.
///
/// ```
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// let word: lexico_tiles::Word = set.parse_word("llave")?;
/// assert_eq!(word.len(), 4); // LL A V E
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Word = Vec<Tile>;
