//! A real lexicon file, damaged every way a disk, a download or a careless copy damages one: every
//! truncation, and a seeded sample of 10,000 mutations (5,000 single-bit flips, 5,000 byte
//! overwrites). Each damaged file must be refused when it is opened, with a one-line reason, or
//! answer `contains` for a fixed set of probe words exactly as the intact file does. Never a
//! panic, never a different verdict.
//!
//! By design `Lexicon::from_vec` and `Lexicon::open` check the header's CRC-32, the tile set's and
//! the word store's at open; the manifest, provenance and rejected forms are checked when first
//! used, so damage there opens and is caught by the query that needs the section (or by `verify`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use lexico_compile::{compile, Input, Meta};
use lexico_lexicon::format;
use lexico_lexicon::Lexicon;
use lexico_rules::RuleSet;

/// Every 200th line of the default lexicon's source: about 3,200 words spread over the alphabet.
fn build() -> (Vec<u8>, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rules = RuleSet::load(&root.join("rules/fise-2016")).expect("the shipped rule set");
    let source = std::fs::read_to_string(root.join("lexicon-src/letterpress-es.txt"))
        .expect("the default lexicon's source");
    let words: Vec<String> = source.lines().step_by(200).map(str::to_string).collect();
    let input = Input { path: "sample.txt".into(), bytes: words.join("\n").into_bytes() };
    let meta = Meta { name: "corruption test".into(), ..Meta::default() };
    let compiled = compile(&rules, &[input], None, meta, &mut |_, _, _| {}).expect("the sample builds");
    (compiled.image, words)
}

/// SplitMix64: a seeded generator, so a failure names a mutation that can be replayed.
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

#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    refused: usize,
    identical: usize,
    /// Opened and answered identically, and `verify` finds the damage (a section checked on use);
    /// the others are alignment padding.
    identical_caught_by_verify: usize,
    wrong: Vec<String>,
    panicked: Vec<String>,
    bad_messages: Vec<String>,
}

impl Tally {
    fn line(&self, what: &str) -> String {
        format!(
            "{what}: {} tried, {} refused at open, {} answered identically ({} of them caught by verify), {} wrong, {} panicked",
            self.tried,
            self.refused,
            self.identical,
            self.identical_caught_by_verify,
            self.wrong.len(),
            self.panicked.len()
        )
    }
}

struct Probe {
    words: Vec<Vec<u8>>,
    verdicts: Vec<bool>,
}

impl Probe {
    /// Probe words: a tenth of the lexicon's words, and as many words it does not hold.
    fn new(lex: &Lexicon, words: &[String]) -> Probe {
        let set = lex.tiles();
        let mut probe = Vec::new();
        for w in words.iter().step_by(10) {
            for text in [w.clone(), format!("{w}s"), format!("{w}x")] {
                if let Ok(tiles) = set.parse_word(&text) {
                    probe.push(tiles);
                }
            }
        }
        let verdicts: Vec<bool> = probe.iter().map(|w| lex.contains(w)).collect();
        println!(
            "{} source lines, {} probes ({} found)",
            words.len(),
            probe.len(),
            verdicts.iter().filter(|&&v| v).count()
        );
        assert!(verdicts.iter().filter(|&&v| v).count() > 200);
        assert!(verdicts.iter().filter(|&&v| !v).count() > 200);
        Probe { words: probe, verdicts }
    }

    /// Opens a damaged image and tallies the outcome. Returns `Some(caught)` when the file
    /// opened and answered identically, `caught` telling whether `verify` found the damage.
    fn check(&self, tally: &mut Tally, what: String, image: Vec<u8>) -> Option<bool> {
        tally.tried += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| match Lexicon::from_vec(image) {
            Err(e) => Err(e.to_string()),
            Ok(lex) => {
                let answers: Vec<bool> = self.words.iter().map(|w| lex.contains(w)).collect();
                // The other queries must not panic either, whatever they answer.
                let _ = lex.manifest();
                for w in self.words.iter().take(5) {
                    let _ = lex.derivations(w);
                    let _ = lex.rejections(w);
                }
                Ok((answers, lex.verify().is_err()))
            }
        }));
        match outcome {
            Err(_) => tally.panicked.push(what),
            Ok(Err(message)) => {
                tally.refused += 1;
                if message.is_empty() || message.contains('\n') {
                    tally.bad_messages.push(format!("{what}: {message:?}"));
                }
            }
            Ok(Ok((answers, caught))) if answers == self.verdicts => {
                tally.identical += 1;
                tally.identical_caught_by_verify += caught as usize;
                return Some(caught);
            }
            Ok(Ok(_)) => tally.wrong.push(what),
        }
        None
    }
}

/// Returns true if and only if byte `at` of `image` is alignment padding: in neither the header
/// nor a section, so no checksum covers it and no reader reads it.
fn is_padding(image: &[u8], at: usize) -> bool {
    let table = format::read_table(image).unwrap();
    let header = 16 + 24 * table.len() + 4;
    at >= header && table.iter().all(|e| at < e.offset as usize || at >= (e.offset + e.len) as usize)
}

fn assert_clean(tally: &Tally, what: &str) {
    println!("{}", tally.line(what));
    assert!(tally.panicked.is_empty(), "{what}: panics: {:?}", tally.panicked);
    assert!(tally.wrong.is_empty(), "{what}: wrong verdicts: {:?}", tally.wrong);
    assert!(tally.bad_messages.is_empty(), "{what}: messages not on one line: {:?}", tally.bad_messages);
}

#[test]
fn every_truncation_is_refused_or_answers_identically() {
    let (image, words) = build();
    let intact = Lexicon::from_vec(image.clone()).unwrap();
    let probe = Probe::new(&intact, &words);
    let mut tally = Tally::default();
    for len in 0..image.len() {
        probe.check(&mut tally, format!("truncated to {len}"), image[..len].to_vec());
    }
    assert_clean(&tally, &format!("every truncation of a {}-byte file", image.len()));
    // Only the padding after the last section can go without the file changing meaning.
    assert!(tally.identical < 8, "{}", tally.line("truncations"));
}

#[test]
fn bit_flips_and_overwrites_are_refused_or_answer_identically() {
    let (image, words) = build();
    let intact = Lexicon::from_vec(image.clone()).unwrap();
    let probe = Probe::new(&intact, &words);
    let mut rng = Rng(0x1e71_c0de);
    let mut flips = Tally::default();
    for _ in 0..5_000 {
        let (at, bit) = (rng.below(image.len()), rng.below(8));
        let mut bad = image.clone();
        bad[at] ^= 1 << bit;
        if probe.check(&mut flips, format!("bit {bit} of byte {at} flipped"), bad) == Some(false) {
            assert!(is_padding(&image, at), "byte {at}: damage no check finds");
        }
    }
    assert_clean(&flips, "single-bit flips");
    let mut overwrites = Tally::default();
    for _ in 0..5_000 {
        let at = rng.below(image.len());
        let mut bad = image.clone();
        let byte = loop {
            let b = rng.next() as u8;
            if b != image[at] {
                break b;
            }
        };
        bad[at] = byte;
        if probe.check(&mut overwrites, format!("byte {at} set to {byte}"), bad) == Some(false) {
            assert!(is_padding(&image, at), "byte {at}: damage no check finds");
        }
    }
    assert_clean(&overwrites, "byte overwrites");
}
