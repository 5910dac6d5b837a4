//! What the fuzz targets share: the Spanish tile set, a small real lexicon image to mutate (and
//! to write again with every checksum and the payload digest recomputed, so that a change reaches
//! the decoders), the invariants every tokeniser answer must keep, a walk over everything a
//! lexicon can be asked, and a trusted key with a real signature to damage.
//!
//! A target is a few lines in `fuzz_targets/` calling these, so that adding one for a new reader
//! (the FISE lists, the plural or verb engines) is one small file.

use std::sync::OnceLock;

use lexico_lexicon::format;
use lexico_lexicon::provenance::code;
use lexico_lexicon::query::{self, AnagramQuery, Mode};
use lexico_lexicon::{Builder, EntryInfo, EntryKind, FormKind, Lexicon, Manifest, SlotInfo, SourceInfo};
use lexico_tiles::{Rack, TileError, TileSet};

/// The separator between the parts of an input that holds several files: it is not UTF-8, so it
/// never occurs inside the text of a well-formed file.
pub const SEPARATOR: &[u8] = b"\xff\x00";

/// Splits `data` at [`SEPARATOR`] into at most `n` parts.
pub fn split(data: &[u8], n: usize) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = data;
    while out.len() + 1 < n {
        match rest.windows(SEPARATOR.len()).position(|w| w == SEPARATOR) {
            Some(i) => {
                out.push(&rest[..i]);
                rest = &rest[i + SEPARATOR.len()..];
            }
            None => break,
        }
    }
    out.push(rest);
    out
}

/// The Spanish tile set, parsed once.
pub fn spanish() -> &'static TileSet {
    static SET: OnceLock<TileSet> = OnceLock::new();
    SET.get_or_init(lexico_lexicon::fise_2016_tiles)
}

/// Checks an error's column against the text it came from.
fn check_column(e: &TileError, text: &str) {
    if let Some(c) = e.column() {
        assert!(c >= 1 && c <= text.chars().count().max(1), "column {c} outside {text:?}: {e}");
    }
    assert!(!e.to_string().is_empty());
}

/// Runs every tokeniser entry point on `text` with `set` and checks that the answers agree.
pub fn check_tokeniser(set: &TileSet, text: &str) {
    let norm = lexico_tiles::normalize(text);
    assert_eq!(norm.chars.len(), norm.columns.len());
    assert!(norm.columns.windows(2).all(|w| w[0] <= w[1]));

    let slow = set.parse_word(text);
    match &slow {
        Ok(word) => {
            assert!(!word.is_empty());
            assert!(word.iter().all(|&t| set.is_tile(t)));
            // The bracket notation expresses every word exactly.
            assert_eq!(set.parse_word(&set.spell_tiles(word)).as_ref(), Ok(word));
        }
        Err(e) => check_column(e, text),
    }

    // The fast path may decline (it then defers to parse_word) but never disagrees.
    let mut fast = Vec::new();
    if set.parse_word_fast(text.as_bytes(), &mut fast) {
        assert_eq!(slow.as_ref(), Ok(&fast), "fast and full tokenisers disagree on {text:?}");
    }

    match set.parse_sequence(text) {
        Ok(seq) => {
            let blanks = seq.iter().filter(|t| t.is_none()).count();
            assert_eq!(blanks, text.matches('?').count());
            assert!(seq.iter().flatten().all(|&t| set.is_tile(t)));
            match Rack::parse(set, text) {
                Ok(rack) if seq.len() < 255 => assert_eq!(rack.len(), seq.len()),
                Ok(_) => {}
                Err(e) => assert!(seq.is_empty(), "{e}"),
            }
        }
        Err(e) => {
            check_column(&e, text);
            assert!(Rack::parse(set, text).is_err());
        }
    }
}

/// Words the sample lexicon holds, words it rejected, and words it never saw: the probes asked of
/// every lexicon a target opens.
pub const PROBES: &[&str] = &[
    "casa",
    "casas",
    "churro",
    "ñandú",
    "zuzar",
    "perro",
    "llave",
    "carro",
    "chacha",
    "casita",
    "nandu",
    "aa",
    "zz",
    "[ch][ll][rr]",
];

/// A small real lexicon image with every section filled: words made one and two ways, rejected
/// forms, entry descriptions, two sources, an anagram index.
pub fn sample_image() -> &'static [u8] {
    static IMAGE: OnceLock<Vec<u8>> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let set = spanish();
        let mut b = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
        b.anagram_index(true);
        let word = b
            .slot(SlotInfo {
                slot: "word".into(),
                kind: FormKind::Unknown,
                rule: "raw-list".into(),
                article: String::new(),
                reason: String::new(),
                reason_es: String::new(),
            })
            .expect("a slot");
        let plural = b
            .slot(SlotInfo {
                slot: "plural".into(),
                kind: FormKind::Plural,
                rule: "plural-s".into(),
                article: "17.4".into(),
                reason: "not a countable noun".into(),
                reason_es: "no es un nombre contable".into(),
            })
            .expect("a slot");
        for (i, w) in PROBES[..9].iter().enumerate() {
            let entry = i as u64 + 1;
            b.insert(&set.parse_word(w).expect("a probe word"), code(entry, word)).expect("a word");
            let info = EntryInfo { lemma: w.to_string(), homograph: None, kind: EntryKind::LemmaRow };
            b.describe_entry(entry, info);
        }
        b.insert(&set.parse_word("casas").expect("a word"), code(20, plural)).expect("a word");
        b.reject(&set.parse_word("casita").expect("a word"), code(21, plural)).expect("a word");
        b.reject(&set.parse_word("nandu").expect("a word"), code(22, plural)).expect("a word");
        let manifest = Manifest {
            name: "fuzz".into(),
            sources: vec![
                SourceInfo { lines: 10, ..Default::default() },
                SourceInfo { base: 10, lines: 20, ..Default::default() },
            ],
            min_tiles: 2,
            max_tiles: 15,
            ..Default::default()
        };
        b.finish(manifest).expect("the sample lexicon builds")
    })
}

/// `sections` (tag and bytes, in file order) written as a file whose checksums all hold and,
/// when its manifest reads as JSON, whose payload digest does too: what a hand-made file looks
/// like, past every check of accidental damage, at the decoders behind them.
pub fn with_digest(mut sections: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    let digest = format::payload_digest(sections.iter().map(|(t, b)| (*t, b.as_slice())));
    if let Some((_, manifest)) = sections.iter_mut().find(|(t, _)| *t == format::tag::MANIFEST) {
        if let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(manifest) {
            if let Some(map) = value.as_object_mut() {
                map.insert("payload_sha256".into(), digest.into());
                *manifest = serde_json::to_vec(&value).expect("JSON writes back");
            }
        }
    }
    format::write(&sections)
}

/// The sections of a file image whose table reads, in file order.
pub fn sections(image: &[u8]) -> Option<Vec<([u8; 4], Vec<u8>)>> {
    let table = format::read_table(image).ok()?;
    Some(table.iter().map(|e| (e.tag, image[e.offset as usize..(e.offset + e.len) as usize].to_vec())).collect())
}

/// Asks an open lexicon everything it can be asked. Any answer is fine; a panic is not. A word
/// store is walked only once it passed its check (`check_word_stores`), as every program must
/// (the `fst` crate trusts the bytes it walks); the check itself must never panic.
pub fn exercise(lex: &Lexicon) {
    use fst::Streamer;
    let set = lex.tiles().clone();
    let _ = lex.len();
    let _ = lex.manifest();
    let checked = lex.check_word_stores();
    let _ = lex.verify();
    if checked.is_err() {
        return;
    }
    for probe in PROBES {
        let Ok(word) = set.parse_word(probe) else {
            continue;
        };
        let found = lex.contains(&word);
        assert_eq!(found, lex.rank(&word).is_some());
        let _ = lex.derivations(&word);
        let _ = lex.rejections(&word);
    }
    for rack in ["CASA", "A?", "RRO?"] {
        let Ok(rack) = Rack::parse(&set, rack) else { continue };
        for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
            let _ = query::anagram(lex, &rack, &AnagramQuery { mode, ..Default::default() });
        }
    }
    if let Ok(pattern) = query::Pattern::parse(&set, "*A*") {
        let mut found = 0;
        query::search(lex, &pattern, 0, usize::MAX, |_| {
            found += 1;
            found < 100_000
        });
    }
    // A dump, bounded: a damaged store must not loop forever either.
    let mut keys = lex.fst().keys();
    let mut n = 0;
    while let Some(key) = keys.next() {
        let _ = set.spell(key);
        n += 1;
        if n == 100_000 {
            break;
        }
    }
}

/// The bytes the real signature of [`signing`] signs.
pub const SIGNED: &[u8] = b"the bytes of a signed lexicon";

/// A trusted key (made once per run) and a real minisign signature of [`SIGNED`] by it.
pub fn signing() -> (&'static [lexico_store::TrustedKey], &'static str) {
    static SIGNING: OnceLock<(Vec<lexico_store::TrustedKey>, String)> = OnceLock::new();
    let (keys, sig) = SIGNING.get_or_init(|| {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().expect("a key pair");
        let sig = minisign::sign(None, &pair.sk, SIGNED, Some("file:x.lex"), None).expect("a signature");
        let id = lexico_store::key_id(pair.pk.keynum());
        (vec![lexico_store::TrustedKey { id, comment: String::new(), key: pair.pk }], sig.into_string())
    });
    (keys, sig)
}
