//! Study lists (`query::Search`) keep their invariants on random small lexicons: probability
//! order numbers the words of each length 1 to n, hooks are those `query::hooks` finds, and the
//! words new since another lexicon are the words `diff` says were added.

use std::collections::BTreeMap;

use lexico_answers::diff;
use lexico_answers::record::{study_records, Spelling};
use lexico_lexicon::query::{self, Condition, Search, Test};
use lexico_lexicon::Lexicon;
use lexico_tiles::{Tile, TileSet};
use proptest::prelude::*;

/// The tiles of the random words: common letters, digraphs, Ñ.
const ALPHABET: &[&str] = &["A", "E", "O", "S", "N", "Ñ", "CH", "LL", "RR", "R", "L"];

fn words_strategy() -> impl Strategy<Value = Vec<Vec<usize>>> {
    proptest::collection::vec(proptest::collection::vec(0..ALPHABET.len(), 1..6), 1..60)
}

fn lexicon(set: &TileSet, words: &[Vec<usize>]) -> Lexicon {
    let tiles: Vec<Vec<Tile>> =
        words.iter().map(|w| w.iter().map(|&i| set.tile_named(ALPHABET[i]).unwrap()).collect()).collect();
    Lexicon::from_words(tiles).expect("a lexicon of random words")
}

/// Each record of a search with no condition: its tiles, length, probability order, front and
/// back hooks, and whether it is marked new.
type Row = (Vec<Tile>, usize, u64, Vec<Tile>, Vec<Tile>, Option<bool>);

fn rows(lex: &Lexicon, search: &Search) -> Vec<Row> {
    let mut rows = Vec::new();
    let list = search.run(lex).expect("the search runs");
    study_records(&list, Spelling::Natural, |r| {
        rows.push((
            r.word.tiles().to_vec(),
            r.length,
            r.probability_order,
            r.front_hooks.tiles().to_vec(),
            r.back_hooks.tiles().to_vec(),
            r.new,
        ));
        Ok::<_, ()>(())
    })
    .unwrap();
    rows
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn probability_order_is_a_permutation_within_each_length(words in words_strategy()) {
        let set = lexico_lexicon::fise_2016_tiles();
        let lex = lexicon(&set, &words);
        let mut by_length: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
        for (_, length, order, ..) in rows(&lex, &Search::default()) {
            by_length.entry(length).or_default().push(order);
        }
        let total: usize = by_length.values().map(Vec::len).sum();
        prop_assert_eq!(total, lex.len());
        for (length, mut orders) in by_length {
            orders.sort_unstable();
            let expected: Vec<u64> = (1..=orders.len() as u64).collect();
            prop_assert_eq!(orders, expected, "length {}", length);
        }
    }

    #[test]
    fn hooks_agree_with_the_hooks_query(words in words_strategy()) {
        let set = lexico_lexicon::fise_2016_tiles();
        let lex = lexicon(&set, &words);
        for (word, _, _, front, back, _) in rows(&lex, &Search::default()) {
            let h = query::hooks(&lex, &word);
            prop_assert_eq!(&front, &h.front, "{}", set.spell(&word));
            prop_assert_eq!(&back, &h.back, "{}", set.spell(&word));
        }
    }

    #[test]
    fn new_since_gives_the_words_diff_adds(old in words_strategy(), new in words_strategy()) {
        let set = lexico_lexicon::fise_2016_tiles();
        let (a, b) = (lexicon(&set, &old), lexicon(&set, &new));
        let search = Search { conditions: vec![Condition::new(Test::NewSince(&a), false)], ..Search::default() };
        let rows = rows(&b, &search);
        prop_assert!(rows.iter().all(|r| r.5 == Some(true)));
        let mut found: Vec<String> = rows.iter().map(|r| set.spell(&r.0)).collect();
        found.sort();
        let mut added: Vec<String> = diff(&a, &b).unwrap().added.into_iter().map(|c| c.word).collect();
        added.sort();
        prop_assert_eq!(found, added);
    }
}
