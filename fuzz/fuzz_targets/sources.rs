//! The source readers on any bytes: sources::detect, decode (UTF-8 and Latin-1), lines and
//! read_raw.
#![no_main]

use std::path::Path;

use lexico_rules::sources::{self, decode, lines, read_raw};
use lexico_rules::RuleError;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = sources::detect(data).name();
    let path = Path::new("src.txt");
    let latin1 = decode(path, data, true).expect("Latin-1 decodes every byte string");
    let mut expected = 1;
    for (n, line) in lines(&latin1) {
        assert_eq!(n, expected);
        assert!(!line.contains(['\n', '\r']));
        expected += 1;
    }
    match read_raw(path, data) {
        Ok(list) => {
            let words: Vec<(usize, &str)> = list.words().collect();
            for &(line, text) in &words {
                assert!(!text.is_empty() && text == text.trim() && !text.contains('#'));
                assert!(line >= 1 && line <= list.lines);
            }
            assert!(words.windows(2).all(|p| p[0].0 < p[1].0));
        }
        Err(RuleError::Syntax { line, column, .. }) => {
            assert!(line >= 1 && column >= 1);
            assert!(std::str::from_utf8(data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data)).is_err());
        }
        Err(e) => panic!("read_raw failed without a place: {e}"),
    }
});
