//! Word-study queries agree with a brute-force scan of every word of a small lexicon built here,
//! for random racks (0, 1 or 2 blanks, digraph tiles or not) and random patterns.

use std::collections::BTreeSet;

use lexico_lexicon::provenance::code;
use lexico_lexicon::query::{self, AnagramQuery, Bag, Found, Mode, Pattern, Sort, TileRegex};
use lexico_lexicon::{Builder, Lexicon, Manifest, SlotInfo, SourceInfo};
use lexico_tiles::{Rack, Tile, TileSet};
use proptest::prelude::*;

/// The tiles the random words and racks are made of: common letters, the three digraphs and
/// the letters they are made of, Ñ and N.
const ALPHABET: &[&str] = &["A", "E", "O", "C", "CH", "H", "L", "LL", "R", "RR", "N", "Ñ", "S"];

fn tile(set: &TileSet, name: &str) -> Tile {
    set.tile_named(name).expect("a tile of the set")
}

fn lexicon(words: &BTreeSet<Vec<Tile>>) -> Lexicon {
    lexicon_with(words, true)
}

/// A lexicon with or without the anagram index: without it, anagrams walk the word store.
fn lexicon_with(words: &BTreeSet<Vec<Tile>>, anagram_index: bool) -> Lexicon {
    let mut b = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
    b.anagram_index(anagram_index);
    let slot = b
        .slot(SlotInfo {
            slot: "word".into(),
            rule: "raw".into(),
            article: String::new(),
            reason: String::new(),
        })
        .unwrap();
    for (i, w) in words.iter().enumerate() {
        b.insert(w, code(i as u64 + 1, slot)).unwrap();
    }
    let manifest = Manifest {
        name: "props".into(),
        sources: vec![SourceInfo { lines: words.len() as u64, ..Default::default() }],
        ..Default::default()
    };
    Lexicon::from_vec(b.finish(manifest).expect("builds")).expect("opens")
}

fn word_strategy() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0..ALPHABET.len(), 1..8)
}

fn counts(tiles: &[Tile]) -> [usize; 256] {
    let mut c = [0; 256];
    for &t in tiles {
        c[t as usize] += 1;
    }
    c
}

/// What the anagram query must return, by definition: for each word, how many tiles the rack
/// lacks (paid by blanks), and whether the word qualifies; value is what the rack's own tiles
/// are worth.
fn brute_anagram(
    set: &TileSet,
    words: &BTreeSet<Vec<Tile>>,
    rack: &Rack,
    mode: Mode,
    (min, max): (usize, usize),
) -> BTreeSet<(Vec<Tile>, u32, u32)> {
    let have = counts(&rack.tiles());
    let mut out = BTreeSet::new();
    for w in words {
        let need = counts(w);
        let lacking: usize = (0..256).map(|t| need[t].saturating_sub(have[t])).sum();
        let ok = match mode {
            Mode::Exact => w.len() == rack.len() && lacking <= rack.blanks as usize,
            Mode::Sub => (min..=max).contains(&w.len()) && lacking <= rack.blanks as usize,
            Mode::Super => (min..=max).contains(&w.len()) && (0..256).all(|t| have[t] <= need[t]),
        };
        if !ok {
            continue;
        }
        let (value, blanks) = match mode {
            Mode::Super => (set.value(w), 0),
            _ => {
                let v: u32 = (0..256)
                    .map(|t| need[t].min(have[t]) as u32 * set.get(t as Tile).map_or(0, |d| d.value as u32))
                    .sum();
                (v, lacking as u32)
            }
        };
        out.insert((w.clone(), value, blanks));
    }
    out
}

/// A pattern element, for generating patterns and their regular expressions.
#[derive(Clone, Debug)]
enum El {
    Tile(usize),
    Any,
    Star,
    Class(Vec<usize>, bool),
}

fn el_strategy() -> impl Strategy<Value = El> {
    prop_oneof![
        3 => (0..ALPHABET.len()).prop_map(El::Tile),
        2 => Just(El::Any),
        1 => Just(El::Star),
        1 => (proptest::collection::vec(0..ALPHABET.len(), 1..4), any::<bool>())
            .prop_map(|(v, n)| El::Class(v, n)),
    ]
}

/// Matches by backtracking, element by element: a different algorithm from the automaton.
fn brute_match(set: &TileSet, els: &[El], w: &[Tile]) -> bool {
    match els.split_first() {
        None => w.is_empty(),
        Some((El::Star, rest)) => (0..=w.len()).any(|k| brute_match(set, rest, &w[k..])),
        Some((e, rest)) => {
            let Some((&t, tail)) = w.split_first() else {
                return false;
            };
            let ok = match e {
                El::Tile(i) => t == tile(set, ALPHABET[*i]),
                El::Any => true,
                El::Class(v, negated) => v.iter().any(|&i| t == tile(set, ALPHABET[i])) != *negated,
                El::Star => unreachable!(),
            };
            ok && brute_match(set, rest, tail)
        }
    }
}

/// The pattern syntax: tiles bracketed so neighbours never merge, classes comma-separated.
fn pattern_text(els: &[El]) -> String {
    els.iter()
        .map(|e| match e {
            El::Tile(i) => format!("[{}]", ALPHABET[*i]),
            El::Any => "?".into(),
            El::Star => "*".into(),
            El::Class(v, n) => {
                let names: Vec<&str> = v.iter().map(|&i| ALPHABET[i]).collect();
                format!("[{}{}]", if *n { "^" } else { "" }, names.join(","))
            }
        })
        .collect()
}

/// The regex syntax: digraphs as the FISE digits, each tile in its own group.
fn regex_text(els: &[El]) -> String {
    let one = |i: usize| match ALPHABET[i] {
        "CH" => "1".to_string(),
        "LL" => "2".to_string(),
        "RR" => "3".to_string(),
        s => s.to_string(),
    };
    els.iter()
        .map(|e| match e {
            El::Tile(i) => format!("({})", one(*i)),
            El::Any => ".".into(),
            El::Star => ".*".into(),
            El::Class(v, n) => {
                let names: String = v.iter().map(|&i| one(i)).collect();
                format!("[{}{}]", if *n { "^" } else { "" }, names)
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn anagrams_equal_a_brute_force_scan(
        raw_words in proptest::collection::vec(word_strategy(), 1..300),
        raw_rack in proptest::collection::vec(0..ALPHABET.len(), 0..7),
        blanks in 0u8..=2,
        spaced in any::<bool>(),
        min in 1usize..4,
        extra in 0usize..4,
    ) {
        let set = lexico_lexicon::fise_2016_tiles();
        let words: BTreeSet<Vec<Tile>> = raw_words
            .iter()
            .map(|w| w.iter().map(|&i| tile(&set, ALPHABET[i])).collect())
            .collect();
        let lex = lexicon(&words);
        let walked = lexicon_with(&words, false);
        // The rack as a user types it: separated tiles, or a run in bracket notation.
        let mut text: String = if spaced {
            raw_rack.iter().map(|&i| ALPHABET[i]).collect::<Vec<_>>().join(" ")
        } else {
            raw_rack.iter().map(|&i| format!("[{}]", ALPHABET[i])).collect()
        };
        for _ in 0..blanks {
            text.push_str(if spaced { " ?" } else { "?" });
        }
        prop_assume!(!raw_rack.is_empty() || blanks > 0);
        let rack = Rack::parse(&set, &text).unwrap();
        prop_assert_eq!(rack.len(), raw_rack.len() + blanks as usize);
        for mode in [Mode::Exact, Mode::Sub, Mode::Super] {
            let q = AnagramQuery {
                mode,
                min: (mode != Mode::Exact).then_some(min),
                max: (mode != Mode::Exact).then_some(rack.len() + extra),
            };
            let lengths = match q.lengths(&rack) {
                Ok(l) => l,
                Err(e) => {
                    // Lengths no word can have are refused, never answered with nothing.
                    prop_assert_eq!(query::anagram(&lex, &rack, &q).unwrap_err(), e);
                    continue;
                }
            };
            // The index and the word-store walk give the same words, in the same order, with the
            // blanks in the same places.
            let found = query::anagram(&lex, &rack, &q).unwrap();
            prop_assert_eq!(&found, &query::anagram(&walked, &rack, &q).unwrap(), "rack {:?} mode {:?}", text, mode);
            // The compact answer holds the same words, sorts them as `query::sort` sorts the
            // words, and gives each the same blanks and value.
            let keys = query::anagram_keys(&lex, &rack, &q).unwrap();
            prop_assert!(keys.is_some(), "the index answers every mode");
            prop_assert!(query::anagram_keys(&walked, &rack, &q).unwrap().is_none());
            if let Some(keys) = keys {
                let bag = Bag::of(&set);
                for order in [Sort::Length, Sort::Alpha, Sort::Value, Sort::Probability] {
                    let mut keys = keys.clone();
                    keys.sort(order, &set, &bag);
                    let mut want = found.clone();
                    query::sort(&mut want, order, &set, &bag);
                    let got: Vec<Found> = (0..keys.len()).map(|i| keys.found(i)).collect();
                    prop_assert_eq!(&got, &want, "rack {:?} mode {:?} order {:?}", text, mode, order);
                    for (i, f) in want.iter().enumerate() {
                        prop_assert_eq!(keys.value(keys.word(i).tiles(), &set), f.value(&set));
                    }
                    // With their combinations: the same words in the same order, each with
                    // the combinations the bag counts for it; without, none.
                    let mut counted = query::anagram_keys_with_combinations(&lex, &rack, &q, &bag).unwrap().unwrap();
                    counted.sort(order, &set, &bag);
                    let again: Vec<Found> = (0..counted.len()).map(|i| counted.found(i)).collect();
                    prop_assert_eq!(&again, &want, "rack {:?} mode {:?} order {:?}", text, mode, order);
                    for i in 0..counted.len() {
                        let combinations = bag.combinations(counted.word(i).tiles());
                        prop_assert_eq!(counted.combinations(i), Some(combinations));
                        prop_assert_eq!(keys.combinations(i), None);
                    }
                }
            }
            let got: BTreeSet<(Vec<Tile>, u32, u32)> = found
                .into_iter()
                .map(|f| {
                    let v = f.value(&set);
                    (f.tiles, v, f.blanks.count_ones())
                })
                .collect();
            let want = brute_anagram(&set, &words, &rack, mode, lengths);
            prop_assert_eq!(got, want, "rack {:?} mode {:?}", text, mode);
        }
    }

    #[test]
    fn patterns_and_regexes_equal_a_brute_force_scan(
        raw_words in proptest::collection::vec(word_strategy(), 1..300),
        els in proptest::collection::vec(el_strategy(), 1..7),
    ) {
        let set = lexico_lexicon::fise_2016_tiles();
        let words: BTreeSet<Vec<Tile>> = raw_words
            .iter()
            .map(|w| w.iter().map(|&i| tile(&set, ALPHABET[i])).collect())
            .collect();
        let lex = lexicon(&words);
        let want: Vec<Vec<Tile>> = words
            .iter()
            .filter(|w| brute_match(&set, &els, w))
            .cloned()
            .collect();
        let ptext = pattern_text(&els);
        let pattern = Pattern::parse(&set, &ptext).unwrap();
        let mut got = Vec::new();
        query::search(&lex, pattern, 1, 64, |w| {
            got.push(w.to_vec());
            true
        });
        prop_assert_eq!(&got, &want, "pattern {}", ptext);
        let rtext = regex_text(&els);
        let re = TileRegex::new(&set, &rtext).unwrap();
        let mut got = Vec::new();
        query::search(&lex, re, 1, 64, |w| {
            got.push(w.to_vec());
            true
        });
        prop_assert_eq!(&got, &want, "regex {}", rtext);
    }
}

#[test]
fn separate_c_and_h_never_make_ch() {
    let set = lexico_lexicon::fise_2016_tiles();
    let w = |s: &str| set.parse_word(s).unwrap();
    let words: BTreeSet<Vec<Tile>> = [w("CHOCHO"), w("COCHE")].into_iter().collect();
    let lex = lexicon(&words);
    let exact = AnagramQuery::default();
    let found = |rack: &str| -> Vec<Found> {
        query::anagram(&lex, &Rack::parse(&set, rack).unwrap(), &exact).unwrap()
    };
    assert!(found("C,H,O,O,C,H").is_empty());
    assert_eq!(found("CH,O,O,CH"), vec![Found::plain(&w("CHOCHO"))]);
    // A blank as CH is one blank, shown in lower case.
    let f = found("CH,O,O,?");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].spell(&set), "CHOchO");
    assert_eq!(f[0].value(&set), 7);
}

#[test]
fn more_blanks_than_the_bag_holds_are_refused() {
    let set = lexico_lexicon::fise_2016_tiles();
    let lex = lexicon(&[set.parse_word("CASA").unwrap()].into_iter().collect());
    let rack = Rack::parse(&set, "???????????????").unwrap();
    let err = query::anagram(&lex, &rack, &AnagramQuery::default()).unwrap_err();
    assert_eq!(err.to_string(), "15 blanks, but the bag holds only 2");
}

#[test]
fn hooks_are_the_tiles_that_make_words() {
    let set = lexico_lexicon::fise_2016_tiles();
    let w = |s: &str| set.parse_word(s).unwrap();
    let lex = lexicon(&[w("ASA"), w("CASA"), w("CHASA"), w("ASAS"), w("ASADO")].into_iter().collect());
    let h = query::hooks(&lex, &w("ASA"));
    assert_eq!(h.front, vec![tile(&set, "C"), tile(&set, "CH")]);
    assert_eq!(h.back, vec![tile(&set, "S")]);
    assert_eq!(query::hooks(&lex, &w("XX")), query::Hooks::default());
}
