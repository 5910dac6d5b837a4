//! A `.minisig` file's text checked against a trusted key, as a station checks a lexicon's
//! signature: any text, or a real signature with fuzzed damage and cuts, must be refused with a
//! reason or verify, never panic inside minisign; only the real signature of the signed bytes
//! verifies. Input: a first byte, even for "this is the signature file", odd for "apply these
//! edits to the real signature" (each edit five bytes: offset u32 little-endian, byte to xor).
#![no_main]

use std::path::Path;

use lexico_store::{check_signature, parse_signature, StoreError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (keys, real) = lexico_fuzz::signing();
    let text = if mode % 2 == 0 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        let mut bytes = real.as_bytes().to_vec();
        for edit in rest.chunks_exact(5) {
            let at = u32::from_le_bytes([edit[0], edit[1], edit[2], edit[3]]) as usize;
            let len = bytes.len();
            bytes[at % len] ^= edit[4];
        }
        if mode % 4 == 3 {
            bytes.truncate((rest.len() * 31) % bytes.len());
        }
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let _ = parse_signature(&text);
    let signed = lexico_fuzz::SIGNED;
    match check_signature(Path::new("x.lex"), Some(&text), signed, keys) {
        Ok(key) => assert_eq!(key.id, keys[0].id),
        Err(
            StoreError::NotASignature { .. }
            | StoreError::UntrustedKey { .. }
            | StoreError::BadSignature { .. },
        ) => {}
        Err(e) => panic!("an unexpected refusal: {e}"),
    }
    // Other bytes under any signature: never verified.
    assert!(check_signature(Path::new("x.lex"), Some(&text), b"other bytes", keys).is_err());
});
