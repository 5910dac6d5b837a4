//! The tokeniser and its notations on any text: normalize, parse_word against parse_word_fast,
//! parse_sequence and Rack::parse, with the Spanish tile set.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    lexico_fuzz::check_tokeniser(lexico_fuzz::spanish(), &text);
});
