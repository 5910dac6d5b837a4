//! Racks: the tiles a player holds, blanks included.

use crate::tileset::{Tile, TileError, TileSet};

/// A rack: how many of each tile, and how many blanks.
///
/// ```
/// # let tiles_csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/fise-2016/tiles.csv"));
/// let set = lexico_tiles::TileSet::parse(tiles_csv)?; // rules/fise-2016/tiles.csv
/// let rack = lexico_tiles::Rack::parse(&set, "CH A ? O")?;
/// assert_eq!((rack.len(), rack.blanks), (4, 1));
/// assert_eq!(lexico_tiles::Rack::parse(&set, "C H A O")?.len(), 4); // apart, C and H are two tiles
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rack {
    /// `counts[t]` is the number of tile `t` (256 entries, one per byte).
    pub counts: Vec<u8>,
    /// How many blanks (`?`) the rack holds.
    pub blanks: u8,
    /// The number of tiles read, blanks included: the counts above stop at 255, a rack of a
    /// thousand tiles is still reported as a thousand.
    read: usize,
    /// The number of blanks read, which `blanks` stops counting at 255.
    blanks_read: usize,
}

impl Rack {
    /// Parses a rack. Tiles may be separated by spaces or commas, in which case each piece is read
    /// on its own (`C H A O` is four tiles, `CH A O` three); without separators the text is read
    /// like a word (`CHAO` is three tiles). `?` is a blank.
    pub fn parse(set: &TileSet, text: &str) -> Result<Rack, TileError> {
        let rack = Rack::of(set.parse_sequence(text)?);
        if rack.is_empty() {
            return Err(TileError::Empty);
        }
        Ok(rack)
    }

    /// The rack of these tiles, `None` for a blank.
    pub fn of(tiles: impl IntoIterator<Item = Option<Tile>>) -> Rack {
        let mut rack = Rack { counts: vec![0; 256], blanks: 0, read: 0, blanks_read: 0 };
        for tile in tiles {
            rack.read += 1;
            match tile {
                Some(t) => rack.counts[t as usize] = rack.counts[t as usize].saturating_add(1),
                None => {
                    rack.blanks = rack.blanks.saturating_add(1);
                    rack.blanks_read += 1;
                }
            }
        }
        rack
    }

    /// The number of tiles, blanks included.
    pub fn len(&self) -> usize {
        let counted = self.counts.iter().map(|&c| c as usize).sum::<usize>() + self.blanks as usize;
        counted.max(self.read)
    }

    /// The number of blanks, however many: [`Rack::blanks`] stops at 255.
    pub fn blanks_read(&self) -> usize {
        self.blanks_read.max(self.blanks as usize)
    }

    /// Returns true if and only if the rack holds no tile and no blank.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The lettered tiles in tile order, each repeated by its count.
    pub fn tiles(&self) -> Vec<Tile> {
        let mut out = Vec::new();
        for (t, &c) in self.counts.iter().enumerate() {
            out.extend(std::iter::repeat_n(t as Tile, c as usize));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rack_of_1000_tiles_counts_1000_not_255() {
        let set = TileSet::spanish();
        let r = Rack::parse(&set, &"A".repeat(1000)).unwrap();
        assert_eq!(r.len(), 1000);
        let r = Rack::parse(&set, &"AB".repeat(300)).unwrap();
        assert_eq!(r.len(), 600);
    }

    #[test]
    fn a_rack_of_10000_blanks_counts_10000_not_255() {
        let set = TileSet::spanish();
        let r = Rack::parse(&set, &"?".repeat(10_000)).unwrap();
        assert_eq!((r.len(), r.blanks_read(), r.blanks), (10_000, 10_000, 255));
    }

    fn rack(s: &str) -> (Vec<String>, u8) {
        let set = TileSet::spanish();
        let r = Rack::parse(&set, s).unwrap();
        (r.tiles().iter().map(|&t| set.name(t).to_string()).collect(), r.blanks)
    }

    #[test]
    fn separators_decide_digraphs() {
        assert_eq!(rack("C H A O").0, ["A", "C", "H", "O"]);
        assert_eq!(rack("C,H,A,O").0, ["A", "C", "H", "O"]);
        assert_eq!(rack("CHAO").0, ["A", "CH", "O"]);
        assert_eq!(rack("CH A O").0, ["A", "CH", "O"]);
    }

    #[test]
    fn question_marks_are_blanks() {
        assert_eq!(
            rack("AEINR??"),
            (vec!["A", "E", "I", "N", "R"].into_iter().map(String::from).collect(), 2)
        );
        assert_eq!(rack("? ?").1, 2);
    }

    #[test]
    fn errors_point_into_the_whole_rack() {
        let set = TileSet::spanish();
        assert_eq!(Rack::parse(&set, "A B K"), Err(TileError::Absent { column: 5, text: "K".into() }));
        assert_eq!(Rack::parse(&set, "AB?@"), Err(TileError::Unknown { column: 4, text: "@".into() }));
        assert_eq!(Rack::parse(&set, " , "), Err(TileError::Empty));
    }
}
