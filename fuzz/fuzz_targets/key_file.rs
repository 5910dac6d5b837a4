//! Public and secret key files' text, as `lexico trust add` and `lexico sign --key` read them:
//! any text must be refused with a reason or read as a key, never panic inside minisign. A public
//! key read back from its base64 line is the same key. Input: a first byte choosing the reader
//! (even: public key, odd: secret key, unencrypted), then the text.
#![no_main]

use lexico_store::{key_id, parse_public_key, parse_secret_key, Password};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if mode % 2 == 0 {
        if let Ok((key, _comment)) = parse_public_key(&text) {
            let (again, _) = parse_public_key(&key.to_base64()).expect("a key's own base64 line is a key");
            assert_eq!(key_id(again.keynum()), key_id(key.keynum()));
        }
    } else if let Ok(key) = parse_secret_key(&text, Password::None) {
        assert_eq!(key.id.len(), 16);
    }
});
