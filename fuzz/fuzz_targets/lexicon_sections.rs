//! A lexicon file whose checksums and payload digest all match but whose sections are fuzzed:
//! the manifest, tile set, provenance codes, provenance table, entry descriptions, and the word
//! stores (valid words, rejected forms, anagram index): what a hand-made or buggy-writer file
//! looks like once it is past the CRC-32 checks and the digest. The word stores must be refused
//! by their check or walked without a panic.
//! Input: the eight sections separated by SEPARATOR, in that order; a missing part keeps the
//! sample's section.
#![no_main]

use lexico_lexicon::format::{self, tag};
use lexico_lexicon::Lexicon;
use libfuzzer_sys::fuzz_target;

const FUZZED: [[u8; 4]; 8] = [
    tag::MANIFEST,
    tag::TILES,
    tag::CODES,
    tag::PROVENANCE,
    tag::ENTRIES,
    tag::WORDS,
    tag::REJECTED,
    tag::ANAGRAMS,
];

fuzz_target!(|data: &[u8]| {
    let sample = lexico_fuzz::sample_image();
    let table = format::read_table(sample).expect("the sample reads");
    let parts = lexico_fuzz::split(data, FUZZED.len());
    let sections: Vec<([u8; 4], Vec<u8>)> = table
        .iter()
        .map(|e| {
            let own = &sample[e.offset as usize..(e.offset + e.len) as usize];
            let fuzzed = FUZZED.iter().position(|t| *t == e.tag).and_then(|i| parts.get(i));
            (e.tag, fuzzed.map_or(own, |p| *p).to_vec())
        })
        .collect();
    if let Ok(lex) = Lexicon::from_vec(lexico_fuzz::with_digest(sections)) {
        lexico_fuzz::exercise(&lex);
    }
});
