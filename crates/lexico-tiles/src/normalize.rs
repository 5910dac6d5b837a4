//! Normalisation of a typed or listed spelling: case, accents and Unicode forms.

use unicode_normalization::char::decompose_canonical;

const ACUTE: char = '\u{301}';
const GRAVE: char = '\u{300}';
const DIAERESIS: char = '\u{308}';
const CIRCUMFLEX: char = '\u{302}';
const TILDE: char = '\u{303}';

/// A normalised spelling: upper-case characters, each with the 1-based position (in characters)
/// of the input character it came from, so that errors can point at what the user typed. A
/// character whose capital is not one character of its own kind is kept as typed (see
/// [`normalize`]).
///
/// ```
/// assert_eq!(lexico_tiles::normalize("Camión").as_string(), "CAMION");
/// assert_eq!(lexico_tiles::normalize("ñandú").as_string(), "ÑANDU");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Normalized {
    /// The characters, normalised.
    pub chars: Vec<char>,
    /// The 1-based column of the text each character came from, for messages.
    pub columns: Vec<usize>,
}

impl Normalized {
    /// The normalised text as a string.
    pub fn as_string(&self) -> String {
        self.chars.iter().collect()
    }
}

/// Normalises a spelling: NFC/NFD-insensitive, case-insensitive, acute and grave accents and the
/// diaeresis dropped (CAMIÓN → CAMION, PINGÜINO → PINGUINO), the tilde of Ñ kept. The circumflex
/// is dropped too: the dictionary, and so the FISE lists, spell a few loanwords with it (`boîte`,
/// `maître`, `ampère`), and the game plays them without it.
///
/// Decomposing and then dropping *every* combining mark would turn Ñ into N; only the three marks
/// the game ignores are dropped, and N followed by a combining tilde is recomposed as Ñ.
///
/// A character is kept as typed, so that no tile matches it, when Unicode's capital of it is
/// several characters (`ß` → `SS`, the ligature `ﬀ` → `FF`, `ŉ` → `ʼN`) or an ASCII letter
/// although the character is not ASCII (the dotless `ı` → `I`, the long `ſ` → `S`): these are not
/// the letters they capitalise to, and a word typed with them is not the word spelled without.
pub fn normalize(text: &str) -> Normalized {
    let mut out =
        Normalized { chars: Vec::with_capacity(text.len()), columns: Vec::with_capacity(text.len()) };
    for (i, c) in text.chars().enumerate() {
        let column = i + 1;
        if c.is_ascii() {
            push_upper(&mut out, c.to_ascii_uppercase(), column);
            continue;
        }
        decompose_canonical(c, |d| match d {
            ACUTE | GRAVE | DIAERESIS | CIRCUMFLEX => {}
            TILDE if matches!(out.chars.last(), Some('N')) => {
                *out.chars.last_mut().expect("checked by the guard") = 'Ñ';
            }
            _ => {
                let mut upper = d.to_uppercase();
                match (upper.next(), upper.next()) {
                    (Some(u), None) if u.is_ascii() == d.is_ascii() => push_upper(&mut out, u, column),
                    _ => push_upper(&mut out, d, column),
                }
            }
        });
    }
    out
}

fn push_upper(out: &mut Normalized, c: char, column: usize) {
    out.chars.push(c);
    out.columns.push(column);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(s: &str) -> String {
        normalize(s).as_string()
    }

    #[test]
    fn accents_and_diaeresis_are_dropped() {
        assert_eq!(n("camión"), "CAMION");
        assert_eq!(n("PINGÜINO"), "PINGUINO");
        assert_eq!(n("àèìòù"), "AEIOU");
        assert_eq!(n("boîte"), "BOITE");
    }

    #[test]
    fn enye_survives_both_unicode_forms() {
        assert_eq!(n("ñandú"), "ÑANDU");
        assert_eq!(n("n\u{303}andu\u{301}"), "ÑANDU");
        assert_eq!(n("N\u{303}"), "Ñ");
    }

    #[test]
    fn a_letter_whose_capital_is_other_letters_is_kept_as_typed() {
        assert_eq!(n("straße"), "STRAßE");
        assert_eq!(n("ﬀ"), "ﬀ");
        assert_eq!(n("ﬁesta"), "ﬁESTA");
        assert_eq!(n("ıdolo"), "ıDOLO");
        assert_eq!(n("ſol"), "ſOL");
        assert_eq!(normalize("aßb").columns, vec![1, 2, 3]);
        // Capitals of one character of the same kind are still taken.
        assert_eq!(n("\u{441}asa"), "\u{421}ASA");
        assert_eq!(n("ω"), "Ω");
    }

    #[test]
    fn columns_point_at_the_typed_character() {
        let got = normalize("pingu\u{308}ino");
        assert_eq!(got.as_string(), "PINGUINO");
        assert_eq!(got.columns, vec![1, 2, 3, 4, 5, 7, 8, 9]);
    }

    proptest! {
        #[test]
        fn normalisation_is_idempotent(s in "\\PC{0,20}") {
            let once = n(&s);
            prop_assert_eq!(n(&once), once);
        }

        #[test]
        fn enye_never_becomes_n(prefix in "[a-z]{0,5}", suffix in "[a-z]{0,5}", nfd in any::<bool>()) {
            let enye = if nfd { "n\u{303}" } else { "ñ" };
            let got = n(&format!("{prefix}{enye}{suffix}"));
            prop_assert_eq!(got.matches('Ñ').count(), 1);
        }
    }
}
