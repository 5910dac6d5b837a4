//! Lexicon::from_vec on any bytes and on a real image with fuzzed damage, then every query.
//! Input: a first byte, even for "these bytes are the file", odd for "apply these edits to the
//! sample image" (each edit five bytes: offset u32 little-endian, byte to xor). With edits, bit 1
//! of the first byte cuts the image short, and bit 2 writes the damaged sections again with
//! every checksum and the payload digest recomputed, so that the damage reaches the decoders
//! behind those checks (the word stores' among them), as in a file made by hand.
#![no_main]

use lexico_lexicon::Lexicon;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let image = if mode % 2 == 0 {
        rest.to_vec()
    } else {
        let mut image = lexico_fuzz::sample_image().to_vec();
        for edit in rest.chunks_exact(5) {
            let at = u32::from_le_bytes([edit[0], edit[1], edit[2], edit[3]]) as usize;
            let len = image.len();
            image[at % len] ^= edit[4];
        }
        if mode & 4 != 0 {
            if let Some(sections) = lexico_fuzz::sections(&image) {
                image = lexico_fuzz::with_digest(sections);
            }
        }
        if mode % 4 == 3 {
            let cut = (rest.len() * 31) % image.len();
            image.truncate(cut);
        }
        image
    };
    if let Ok(lex) = Lexicon::from_vec(image) {
        lexico_fuzz::exercise(&lex);
    }
});
