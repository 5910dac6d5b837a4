//! Property tests of the syllabifier that the plural engine relies on.

use lexico_rules::syllable::{accentuate, strip_accents, syllabify};
use proptest::prelude::*;

fn word() -> impl Strategy<Value = String> {
    // Letters of the Spanish alphabet, accented vowels, ü, and a few foreign ones; sometimes a
    // character that is not a letter at all, so that the error path is exercised too.
    proptest::collection::vec(
        prop_oneof![
            8 => proptest::sample::select(vec!['a', 'e', 'i', 'o', 'u']),
            6 => proptest::sample::select(vec![
                'b', 'c', 'd', 'f', 'g', 'h', 'j', 'l', 'm', 'n', 'ñ', 'p', 'q', 'r', 's', 't',
                'v', 'x', 'y', 'z',
            ]),
            2 => proptest::sample::select(vec!['á', 'é', 'í', 'ó', 'ú', 'ü']),
            1 => proptest::sample::select(vec!['k', 'w', 'è', '-', 'A', ' ']),
        ],
        0..14,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #[test]
    fn syllables_concatenate_back(w in word()) {
        if let Ok(s) = syllabify(&w) {
            prop_assert_eq!(s.syllables.concat(), w.clone());
            prop_assert!(!s.syllables.is_empty());
            prop_assert!(s.syllables.iter().all(|x| !x.is_empty()));
            prop_assert!(s.stressed < s.syllables.len());
            prop_assert!(s.stressed_vowel < w.chars().count());
        }
    }

    #[test]
    fn accentuate_changes_only_acute_accents(w in word()) {
        if let Ok(s) = syllabify(&w) {
            let out = accentuate(&w, s.stressed_vowel);
            prop_assert_eq!(strip_accents(&out), strip_accents(&w));
            prop_assert!(out.chars().filter(|c| "áéíóú".contains(*c)).count() <= 1);
        }
    }
}
