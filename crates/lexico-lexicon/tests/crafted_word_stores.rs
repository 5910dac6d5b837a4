//! Word stores made on purpose: a real lexicon's `WORD`, `REJW` or `AGRM` section with a few
//! bytes changed, then every checksum and the manifest's payload digest recomputed, so that the
//! file passes every check a damaged file fails and reaches the `fst` crate's decoders, which
//! trust what they read. 3,000 such files drawn with a fixed seed: each is refused by `verify`
//! with a one-line reason, or answers every query (words, rank, derivations, rejected forms,
//! anagrams, patterns, a dump) without a panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use fst::Streamer;
use lexico_lexicon::format::{self, tag};
use lexico_lexicon::provenance::code;
use lexico_lexicon::query::{self, AnagramQuery, Mode};
use lexico_lexicon::{Builder, Lexicon, Manifest, SlotInfo, SourceInfo};
use lexico_tiles::Rack;

/// Every 150th word of the default lexicon's source, valid; the same words with a tile added,
/// rejected; an anagram index.
fn sample() -> (Vec<u8>, Vec<Vec<u8>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("lexicon-src/letterpress-es.txt")).unwrap();
    let set = lexico_lexicon::fise_2016_tiles();
    let mut b = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
    b.anagram_index(true);
    let slot = b.slot(SlotInfo { slot: "word".into(), rule: "raw".into(), ..Default::default() }).unwrap();
    let mut probes = Vec::new();
    for (i, line) in text.lines().enumerate().step_by(150) {
        let Ok(word) = set.parse_word(line) else { continue };
        b.insert(&word, code(i as u64 + 1, slot)).unwrap();
        if let Ok(more) = set.parse_word(&format!("{line}z")) {
            if more.len() <= lexico_lexicon::MAX_WORD_TILES {
                b.reject(&more, code(i as u64 + 1, slot)).unwrap();
                probes.push(more);
            }
        }
        probes.push(word);
    }
    let lines = text.lines().count() as u64;
    let manifest = Manifest {
        name: "crafted".into(),
        sources: vec![SourceInfo { lines, ..Default::default() }],
        min_tiles: 2,
        max_tiles: 15,
        ..Default::default()
    };
    (b.finish(manifest).unwrap(), probes)
}

/// SplitMix64, so that a failure names a file that can be made again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `sections` written as a file whose checksums and payload digest all hold.
fn with_digest(mut sections: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    let digest = format::payload_digest(sections.iter().map(|(t, b)| (*t, b.as_slice())));
    let mani = sections.iter_mut().find(|(t, _)| *t == tag::MANIFEST).unwrap();
    let mut manifest: Manifest = serde_json::from_slice(&mani.1).unwrap();
    manifest.payload_sha256 = digest;
    mani.1 = serde_json::to_vec(&manifest).unwrap();
    format::write(&sections)
}

/// Everything a program asks of a lexicon, answers thrown away.
fn ask_everything(lex: &Lexicon, probes: &[Vec<u8>]) {
    let mut checker = lex.checker();
    for w in probes.iter().step_by(199) {
        let _ = checker.contains(w);
        let _ = lex.rejections(w);
    }
    // A rank counts the words before it: a few are enough.
    for w in probes.iter().step_by(1999) {
        assert_eq!(lex.contains(w), lex.rank(w).is_some());
        let _ = lex.derivations(w);
    }
    let set = lex.tiles().clone();
    for text in ["CASA", "ORT?"] {
        let rack = Rack::parse(&set, text).unwrap();
        for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
            let _ = query::anagram(lex, &rack, &AnagramQuery { mode, ..Default::default() });
        }
    }
    for pattern in ["CA??", "*Z", "[AEIOU]?S"] {
        let pattern = query::Pattern::parse(lex.tiles(), pattern).unwrap();
        query::search(lex, pattern, 2, 16, |_| true);
    }
    let mut keys = lex.fst().keys();
    while keys.next().is_some() {}
}

#[test]
fn crafted_word_stores_are_refused_or_answer_without_a_panic() {
    let (image, probes) = sample();
    let genuine = Lexicon::from_vec(image.clone()).unwrap();
    genuine.verify().unwrap();
    ask_everything(&genuine, &probes);
    let table = format::read_table(&image).unwrap();
    let sections: Vec<([u8; 4], Vec<u8>)> = table
        .iter()
        .map(|e| (e.tag, image[e.offset as usize..(e.offset + e.len) as usize].to_vec()))
        .collect();
    let targets = [tag::WORDS, tag::REJECTED, tag::ANAGRAMS];
    assert!(targets.iter().all(|t| sections.iter().any(|(s, _)| s == t)), "the sample has every word store");
    let mut rng = Rng(0x05ee_df57);
    let (mut structure, mut other, mut answered, mut panicked) = (0, 0, 0, Vec::new());
    for n in 0..3_000 {
        let target = targets[rng.below(targets.len())];
        let mut crafted = sections.clone();
        let bytes = &mut crafted.iter_mut().find(|(t, _)| *t == target).unwrap().1;
        let mut what = format!("file {n}: {}", String::from_utf8_lossy(&target));
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len());
            let byte = rng.next() as u8;
            bytes[at] = byte;
            what.push_str(&format!(", byte {at} set to {byte}"));
        }
        let file = with_digest(crafted);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let lex = Lexicon::from_vec(file).map_err(|e| (false, e.to_string()))?;
            let checked = lex.check_word_stores().map_err(|e| (true, e.to_string()));
            // Whatever `verify` says of the counts, a store that passed the check is walked.
            if checked.is_ok() {
                ask_everything(&lex, &probes);
            }
            checked?;
            lex.verify().map(drop).map_err(|e| (false, e.to_string()))
        }));
        match outcome {
            Err(_) => panicked.push(what),
            Ok(Err((by_structure, message))) => {
                assert!(!message.is_empty() && !message.contains('\n'), "{what}: {message:?}");
                if by_structure {
                    structure += 1;
                } else {
                    other += 1;
                }
            }
            Ok(Ok(())) => answered += 1,
        }
    }
    println!(
        "3000 crafted files: {structure} refused for their word store's structure, {other} refused \
         otherwise (at open, or counts), {answered} verified and answered"
    );
    assert!(panicked.is_empty(), "panics: {panicked:?}");
    assert!(structure > 500, "the structure check refused only {structure}");
}
