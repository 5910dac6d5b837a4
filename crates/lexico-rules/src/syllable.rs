//! Spanish syllabification and stress of a written word.
//!
//! The input is one word in lower case as the dictionary writes it: acute accents (`á é í ó ú`)
//! and the diaeresis (`ü`) are significant. A few foreign letters of the lexicon (`è`, `î`, `ê`…)
//! are read as plain vowels.
//!
//! What the syllabifier knows:
//! - vowels `a e o` are strong (open), `i u ü` weak (closed); two strong vowels are in hiatus, a
//!   weak vowel next to another vowel forms a diphthong (or a triphthong, `buey`, `miau`) unless it
//!   carries a written accent (`país`, `río`), and `ii`, `uu` are always in hiatus (`chií`);
//! - an `h` between vowels does not break a diphthong (`ahu-ma-do`, `cohi-bir`) and starts the next
//!   syllable in a hiatus (`bú-ho`, `al-co-hol`);
//! - `ch`, `ll`, `rr` are single consonants, the `u` of `qu`/`gu` before `e`/`i` is silent, `ü`
//!   is a vowel;
//! - `y` is a vowel (a weak `i`) when no vowel follows it (`rey`, `jer-sey`, `hoy`), a consonant
//!   otherwise (`re-yes`, `yo`);
//! - between two vowel nuclei a single consonant starts the next syllable; of a group, the last
//!   consonant starts the next syllable, or the last two if they form one of the inseparable
//!   clusters `pr br tr dr cr gr fr kr pl bl cl gl fl kl tl` (`a-tle-ta`, `abs-trac-to`);
//! - stress: a written accent marks the stressed syllable; without one a word ending in a vowel, or
//!   in `n` or `s` after a vowel, is stressed on the second-to-last syllable, any other word
//!   (final `y` included) on the last.

use std::fmt;

/// The stress class of a word: which syllable, counted from the end, carries the stress.
///
/// ```
/// use lexico_rules::syllable::{syllabify, Stress};
///
/// assert_eq!(syllabify("canción")?.stress, Stress::Aguda);
/// assert_eq!(syllabify("casa")?.stress, Stress::Grave);
/// assert_eq!(Stress::from_name(Stress::Grave.name()), Some(Stress::Grave));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stress {
    /// *Monosílaba*: a word of one syllable (`sol`, `rey`, `té`, `sí`).
    Monosilaba,
    /// *Aguda* (oxytone): stressed on the last syllable of two or more (`canción`, `reloj`,
    /// `jersey`).
    Aguda,
    /// *Grave* or *llana* (paroxytone): stressed on the second-to-last syllable (`casa`, `cárcel`,
    /// `crisis`).
    Grave,
    /// *Esdrújula* (proparoxytone): stressed on the third-to-last syllable; always written with an
    /// accent (`régimen`, `ómicron`).
    Esdrujula,
    /// *Sobresdrújula*: stressed before the third-to-last syllable; always written with an accent
    /// (`dígaselo`).
    Sobresdrujula,
}

impl Stress {
    /// The class of a word of `count` syllables stressed on syllable `stressed` (0-based from the
    /// start).
    pub fn from_position(count: usize, stressed: usize) -> Stress {
        if count <= 1 {
            return Stress::Monosilaba;
        }
        match count - 1 - stressed {
            0 => Stress::Aguda,
            1 => Stress::Grave,
            2 => Stress::Esdrujula,
            _ => Stress::Sobresdrujula,
        }
    }

    /// The lower-case ASCII name used in rule files: `mono`, `aguda`, `grave`, `esdrujula`,
    /// `sobresdrujula`.
    pub fn name(self) -> &'static str {
        match self {
            Stress::Monosilaba => "mono",
            Stress::Aguda => "aguda",
            Stress::Grave => "grave",
            Stress::Esdrujula => "esdrujula",
            Stress::Sobresdrujula => "sobresdrujula",
        }
    }

    /// The inverse of [`Stress::name`].
    pub fn from_name(name: &str) -> Option<Stress> {
        Some(match name {
            "mono" => Stress::Monosilaba,
            "aguda" => Stress::Aguda,
            "grave" => Stress::Grave,
            "esdrujula" => Stress::Esdrujula,
            "sobresdrujula" => Stress::Sobresdrujula,
            _ => return None,
        })
    }
}

impl fmt::Display for Stress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a word cannot be syllabified.
///
/// ```
/// use lexico_rules::syllable::{syllabify, SyllableError};
///
/// assert!(matches!(syllabify("pst"), Err(SyllableError::NoVowel(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyllableError {
    /// The word is empty.
    #[error("empty word")]
    Empty,
    /// The word holds a character that is not a lower-case Spanish letter.
    #[error("character {ch:?} at position {position} is not a lower-case Spanish letter")]
    BadChar {
        /// The character.
        ch: char,
        /// Its 0-based position in the word.
        position: usize,
    },
    /// The word has no vowel (`pst`, `sh`).
    #[error("word {0:?} has no vowel")]
    NoVowel(String),
}

/// The syllables and the stress of a word.
///
/// ```
/// let s = lexico_rules::syllable::syllabify("camión")?;
/// assert_eq!(s.syllables, ["ca", "mión"]);
/// assert!(s.written_accent);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Syllabification {
    /// The syllables, in order; they concatenate back to the word.
    pub syllables: Vec<String>,
    /// Index in `syllables` of the stressed syllable.
    pub stressed: usize,
    /// The stress class.
    pub stress: Stress,
    /// Index, in characters of the word, of the stressed vowel (the accented one, else the strong
    /// vowel of the stressed nucleus, else its last weak vowel).
    pub stressed_vowel: usize,
    /// Whether the stress is marked by a written acute accent.
    pub written_accent: bool,
}

impl Syllabification {
    /// The number of syllables.
    pub fn len(&self) -> usize {
        self.syllables.len()
    }

    /// Always false: a syllabification has at least one syllable.
    pub fn is_empty(&self) -> bool {
        self.syllables.is_empty()
    }
}

/// The base vowel of `c` and whether it carries an acute accent, or `None` for a consonant.
/// `ü` is `u` without accent; `y` is not a vowel here (its role depends on its position).
pub fn vowel(c: char) -> Option<(char, bool)> {
    Some(match c {
        'a' | 'à' | 'â' | 'ä' => ('a', false),
        'e' | 'è' | 'ê' | 'ë' => ('e', false),
        'i' | 'ì' | 'î' | 'ï' => ('i', false),
        'o' | 'ò' | 'ô' | 'ö' => ('o', false),
        'u' | 'ù' | 'û' | 'ü' => ('u', false),
        'á' => ('a', true),
        'é' => ('e', true),
        'í' => ('i', true),
        'ó' => ('o', true),
        'ú' => ('u', true),
        _ => return None,
    })
}

/// `c` with an acute accent, if it is a vowel that can carry one.
pub fn with_accent(c: char) -> char {
    match c {
        'a' => 'á',
        'e' => 'é',
        'i' => 'í',
        'o' => 'ó',
        'u' => 'ú',
        _ => c,
    }
}

/// `c` without an acute accent (`ü` and other marks are kept).
pub fn without_accent(c: char) -> char {
    match c {
        'á' => 'a',
        'é' => 'e',
        'í' => 'i',
        'ó' => 'o',
        'ú' => 'u',
        _ => c,
    }
}

/// `word` without acute accents.
pub fn strip_accents(word: &str) -> String {
    word.chars().map(without_accent).collect()
}

fn is_letter(c: char) -> bool {
    c.is_ascii_lowercase() || c == 'ñ' || c == 'ç' || vowel(c).is_some()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A vowel: base letter (`y` read as `i`) and written accent.
    Vowel(char, bool),
    /// A consonant letter (including `h` and `y` before a vowel).
    Consonant,
    /// The silent `u` of `qu`, `gu` before `e`/`i`.
    Silent,
}

fn strong(base: char) -> bool {
    matches!(base, 'a' | 'e' | 'o')
}

fn classify(chars: &[char]) -> Vec<Kind> {
    let n = chars.len();
    let mut kinds = Vec::with_capacity(n);
    for (i, &c) in chars.iter().enumerate() {
        let next_vowel = i + 1 < n && vowel(chars[i + 1]).is_some();
        let kind = if c == 'y' {
            if next_vowel {
                Kind::Consonant
            } else {
                Kind::Vowel('i', false)
            }
        } else if c == 'u'
            && i > 0
            && matches!(chars[i - 1], 'q' | 'g')
            && i + 1 < n
            && matches!(chars[i + 1], 'e' | 'i' | 'é' | 'í')
        {
            Kind::Silent
        } else if let Some((base, acc)) = vowel(c) {
            Kind::Vowel(base, acc)
        } else {
            Kind::Consonant
        };
        kinds.push(kind);
    }
    kinds
}

/// Whether two adjacent vowels belong to the same syllable.
fn diphthong(a: (char, bool), b: (char, bool)) -> bool {
    let (sa, sb) = (strong(a.0), strong(b.0));
    if sa && sb {
        return false;
    }
    if (!sa && a.1 && sb) || (sa && !sb && b.1) {
        return false;
    }
    if !sa && !sb && a.0 == b.0 {
        return false;
    }
    true
}

fn inseparable(first: &str, second: &str) -> bool {
    matches!(second, "r" | "l") && matches!(first, "p" | "b" | "t" | "d" | "c" | "g" | "f" | "k")
        || (first == "v" && second == "r")
}

/// Splits `word` into syllables and finds its stress.
pub fn syllabify(word: &str) -> Result<Syllabification, SyllableError> {
    let chars: Vec<char> = word.chars().collect();
    if chars.is_empty() {
        return Err(SyllableError::Empty);
    }
    if let Some((position, &ch)) = chars.iter().enumerate().find(|(_, c)| !is_letter(**c)) {
        return Err(SyllableError::BadChar { ch, position });
    }
    let kinds = classify(&chars);
    let n = chars.len();

    // Nuclei: (first vowel index, last vowel index).
    let mut nuclei: Vec<(usize, usize)> = Vec::new();
    // Vowel indices of the open nucleus.
    let mut open: Vec<usize> = Vec::new();
    for i in 0..n {
        let Kind::Vowel(base, acc) = kinds[i] else {
            continue;
        };
        let Some(&p) = open.last() else {
            open.push(i);
            nuclei.push((i, i));
            continue;
        };
        let Kind::Vowel(pb, pa) = kinds[p] else { unreachable!() };
        let adjacent = p + 1 == i || (p + 2 == i && chars[p + 1] == 'h');
        let has_strong = open.iter().any(|&v| matches!(kinds[v], Kind::Vowel(b, _) if strong(b)));
        if adjacent && diphthong((pb, pa), (base, acc)) && !(has_strong && strong(base)) {
            open.push(i);
            nuclei.last_mut().expect("a nucleus is open").1 = i;
        } else if adjacent && strong(base) && has_strong && open.len() >= 2 && !strong(pb) && !pa {
            // strong-weak-strong: the weak vowel goes with the following strong one (a-hue-car).
            open.pop();
            let prev = *open.last().expect("two vowels");
            nuclei.last_mut().expect("a nucleus is open").1 = prev;
            open = vec![p, i];
            nuclei.push((p, i));
        } else {
            open = vec![i];
            nuclei.push((i, i));
        }
    }
    if nuclei.is_empty() {
        return Err(SyllableError::NoVowel(word.to_string()));
    }

    // Syllable boundaries: start index of each syllable after the first.
    let mut starts = vec![0usize];
    for w in nuclei.windows(2) {
        let (end, next) = (w[0].1 + 1, w[1].0);
        // Consonant units in chars[end..next].
        let mut units: Vec<(usize, String)> = Vec::new();
        let mut i = end;
        while i < next {
            let c = chars[i];
            if kinds[i] == Kind::Silent {
                if let Some(last) = units.last_mut() {
                    last.1.push(c);
                }
                i += 1;
                continue;
            }
            let pair = if i + 1 < next { Some((c, chars[i + 1])) } else { None };
            if matches!(pair, Some(('c', 'h')) | Some(('l', 'l')) | Some(('r', 'r'))) {
                units.push((i, [c, chars[i + 1]].iter().collect()));
                i += 2;
            } else {
                units.push((i, c.to_string()));
                i += 1;
            }
        }
        let boundary = match units.len() {
            0 => next,
            1 => units[0].0,
            k => {
                let a = &units[k - 2].1;
                let b = &units[k - 1].1;
                if inseparable(a, b) {
                    units[k - 2].0
                } else {
                    units[k - 1].0
                }
            }
        };
        starts.push(boundary);
    }

    let syllables: Vec<String> = starts
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            let e = starts.get(k + 1).copied().unwrap_or(n);
            chars[s..e].iter().collect()
        })
        .collect();

    // Stress.
    let accented = (0..n).find(|&i| matches!(kinds[i], Kind::Vowel(_, true)));
    let (stressed, written_accent) = match accented {
        Some(i) => (nuclei.iter().position(|&(a, b)| a <= i && i <= b).unwrap(), true),
        None => {
            let last = chars[n - 1];
            let before_last = if n >= 2 { Some(chars[n - 2]) } else { None };
            let vowel_end = matches!(kinds[n - 1], Kind::Vowel(_, _)) && last != 'y';
            let ns_end =
                matches!(last, 'n' | 's') && before_last.is_some_and(|c| c != 'y' && vowel(c).is_some());
            let count = nuclei.len();
            if count >= 2 && (vowel_end || ns_end) {
                (count - 2, false)
            } else {
                (count - 1, false)
            }
        }
    };
    let (a, b) = nuclei[stressed];
    let stressed_vowel = match accented {
        Some(i) => i,
        None => {
            let vowels: Vec<usize> = (a..=b).filter(|&i| matches!(kinds[i], Kind::Vowel(_, _))).collect();
            vowels
                .iter()
                .copied()
                .find(|&i| matches!(kinds[i], Kind::Vowel(base, _) if strong(base)))
                .unwrap_or(*vowels.last().unwrap())
        }
    };
    Ok(Syllabification {
        stress: Stress::from_position(syllables.len(), stressed),
        syllables,
        stressed,
        stressed_vowel,
        written_accent,
    })
}

/// Writes `word` (a word whose stress is on the vowel at character index `stressed_vowel`) with
/// the written accents the Spanish rules require: every other acute accent is removed, and the
/// stressed vowel gets one if it is a weak vowel in hiatus with a neighbouring vowel, or if the
/// default stress of the unaccented word falls elsewhere. Monosyllables get no accent.
pub fn accentuate(word: &str, stressed_vowel: usize) -> String {
    let mut chars: Vec<char> = word.chars().map(without_accent).collect();
    let Some(&sv) = chars.get(stressed_vowel) else {
        return chars.into_iter().collect();
    };
    // A `y` never carries a written accent.
    let Some((base, _)) = vowel(sv) else {
        return chars.into_iter().collect();
    };
    let neighbour_vowel = |i: Option<usize>| -> Option<char> {
        let i = i?;
        let c = *chars.get(i)?;
        if c == 'h' {
            return None;
        }
        vowel(c).map(|(b, _)| b)
    };
    let prev =
        stressed_vowel.checked_sub(1).and_then(|p| if chars[p] == 'h' { p.checked_sub(1) } else { Some(p) });
    let next = if chars.get(stressed_vowel + 1) == Some(&'h') {
        Some(stressed_vowel + 2)
    } else {
        Some(stressed_vowel + 1)
    };
    let weak = !strong(base) && sv != 'ü';
    if weak {
        let hiatus = [neighbour_vowel(prev), neighbour_vowel(next)]
            .into_iter()
            .flatten()
            .any(|b| strong(b) || b == base);
        // A `u` after `q`/`g` before e/i is silent, not a vowel in hiatus.
        if hiatus {
            chars[stressed_vowel] = with_accent(sv);
            return chars.into_iter().collect();
        }
    }
    let plain: String = chars.iter().collect();
    let Ok(s) = syllabify(&plain) else {
        return plain;
    };
    if s.len() <= 1 {
        return plain;
    }
    // Syllable that holds the stressed vowel.
    let mut offset = 0;
    let mut target = s.len() - 1;
    for (k, syl) in s.syllables.iter().enumerate() {
        let len = syl.chars().count();
        if stressed_vowel < offset + len {
            target = k;
            break;
        }
        offset += len;
    }
    if target == s.stressed {
        plain
    } else {
        chars[stressed_vowel] = with_accent(sv);
        chars.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syl(word: &str) -> String {
        syllabify(word).unwrap().syllables.join("-")
    }

    fn stress(word: &str) -> Stress {
        syllabify(word).unwrap().stress
    }

    #[test]
    fn syllables_of_many_words() {
        let cases = [
            ("casa", "ca-sa"),
            ("árbol", "ár-bol"),
            ("país", "pa-ís"),
            ("río", "rí-o"),
            ("pais", "pais"),
            ("ciudad", "ciu-dad"),
            ("cuida", "cui-da"),
            ("chií", "chi-í"),
            ("buey", "buey"),
            ("miau", "miau"),
            ("paraguay", "pa-ra-guay"),
            ("averiguáis", "a-ve-ri-guáis"),
            ("aéreo", "a-é-re-o"),
            ("poeta", "po-e-ta"),
            ("leer", "le-er"),
            ("búho", "bú-ho"),
            ("alcohol", "al-co-hol"),
            ("ahumado", "ahu-ma-do"),
            ("cohibir", "cohi-bir"),
            ("prohíbe", "pro-hí-be"),
            ("rehén", "re-hén"),
            ("deshielo", "des-hie-lo"),
            ("coche", "co-che"),
            ("calle", "ca-lle"),
            ("perro", "pe-rro"),
            ("queso", "que-so"),
            ("guitarra", "gui-ta-rra"),
            ("pingüino", "pin-güi-no"),
            ("agüero", "a-güe-ro"),
            ("guerra", "gue-rra"),
            ("quiosco", "quios-co"),
            ("rey", "rey"),
            ("reyes", "re-yes"),
            ("jersey", "jer-sey"),
            ("hoy", "hoy"),
            ("yo", "yo"),
            ("ayer", "a-yer"),
            ("abrazo", "a-bra-zo"),
            ("atleta", "a-tle-ta"),
            ("abstracto", "abs-trac-to"),
            ("instrumento", "ins-tru-men-to"),
            ("perspectiva", "pers-pec-ti-va"),
            ("transporte", "trans-por-te"),
            ("construir", "cons-truir"),
            ("istmo", "ist-mo"),
            ("examen", "e-xa-men"),
            ("inhumano", "in-hu-ma-no"),
            ("psicología", "psi-co-lo-gí-a"),
            ("té", "té"),
            ("sí", "sí"),
            ("a", "a"),
            ("y", "y"),
            ("régimen", "ré-gi-men"),
            ("regímenes", "re-gí-me-nes"),
            ("dígaselo", "dí-ga-se-lo"),
            ("cómic", "có-mic"),
            ("maíz", "ma-íz"),
            ("baúl", "ba-úl"),
            ("tráiler", "trái-ler"),
            ("bóer", "bó-er"),
            ("náhuatl", "ná-huatl"),
            ("ahuecar", "a-hue-car"),
            ("estand", "es-tand"),
            ("fórceps", "fór-ceps"),
            ("sándwich", "sánd-wich"),
            ("ampère", "am-pè-re"),
            ("hablar", "ha-blar"),
            ("submarino", "sub-ma-ri-no"),
        ];
        for (word, expected) in cases {
            assert_eq!(syl(word), expected, "syllables of {word}");
        }
    }

    #[test]
    fn stress_classes() {
        use Stress::*;
        let cases = [
            ("sol", Monosilaba),
            ("té", Monosilaba),
            ("sí", Monosilaba),
            ("rey", Monosilaba),
            ("pie", Monosilaba),
            ("canción", Aguda),
            ("reloj", Aguda),
            ("jersey", Aguda),
            ("convoy", Aguda),
            ("pared", Aguda),
            ("casa", Grave),
            ("crisis", Grave),
            ("joven", Grave),
            ("cárcel", Grave),
            ("póney", Grave),
            ("tórax", Grave),
            ("país", Aguda),
            ("río", Grave),
            ("régimen", Esdrujula),
            ("ómicron", Esdrujula),
            ("dígaselo", Sobresdrujula),
            ("robots", Aguda),
            ("bíceps", Grave),
            ("tribu", Grave),
            ("dadá", Aguda),
        ];
        for (word, expected) in cases {
            assert_eq!(stress(word), expected, "stress of {word}");
        }
    }

    #[test]
    fn stressed_vowel() {
        let cases =
            [("casa", 1), ("canción", 5), ("cuida", 2), ("buey", 2), ("muy", 2), ("jersey", 4), ("joven", 1)];
        for (word, expected) in cases {
            assert_eq!(syllabify(word).unwrap().stressed_vowel, expected, "stressed vowel of {word}");
        }
    }

    #[test]
    fn accentuation_after_suffix() {
        let cases = [
            ("jovenes", 1, "jóvenes"),
            ("canciones", 5, "canciones"),
            ("cancíones", 5, "canciones"),
            ("barmanes", 1, "bármanes"),
            ("calices", 1, "cálices"),
            ("maíces", 2, "maíces"),
            ("íes", 0, "íes"),
            ("bues", 1, "búes"),
            ("jerseis", 4, "jerséis"),
            ("gais", 1, "gais"),
            ("aes", 0, "aes"),
            ("faralaes", 5, "faralaes"),
            ("bantúes", 4, "bantúes"),
            ("reyes", 1, "reyes"),
        ];
        for (word, sv, expected) in cases {
            assert_eq!(accentuate(word, sv), expected, "accents of {word}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(syllabify(""), Err(SyllableError::Empty));
        assert!(matches!(syllabify("Casa"), Err(SyllableError::BadChar { ch: 'C', .. })));
        assert!(matches!(syllabify("pst"), Err(SyllableError::NoVowel(_))));
        assert!(matches!(syllabify("a-b"), Err(SyllableError::BadChar { .. })));
    }
}
