//! The tile-set file parser on any text; a set that parses must then tokenise consistently.
//! Input: `tiles.csv` text, SEPARATOR, a word to tokenise with it.
#![no_main]

use lexico_tiles::{TileError, TileSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parts = lexico_fuzz::split(data, 2);
    let csv = String::from_utf8_lossy(parts[0]);
    match TileSet::parse(&csv) {
        Ok(set) => {
            assert_eq!(set.all().count(), set.tiles().len());
            for t in set.all() {
                let name = set.name(t).to_string();
                assert_eq!(set.parse_word(&format!("[{name}]")), Ok(vec![t]));
            }
            let word = String::from_utf8_lossy(parts.get(1).copied().unwrap_or(b"chorro"));
            lexico_fuzz::check_tokeniser(&set, &word);
        }
        Err(TileError::Syntax { line, column, .. }) => assert!(line >= 1 && column >= 1),
        Err(e) => panic!("a tile file error without a place: {e}"),
    }
});
