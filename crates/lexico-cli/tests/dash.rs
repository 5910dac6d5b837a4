//! `lexico dash`: the examples of the Scrabble Dash leaflet (seed 004), its counting of cards,
//! the verb card on a FISE-2 build and on the embedded word list, bad cards and hands, and
//! `--list` against a brute force over `lexico dump` written here, apart from the library: random
//! hands and cards on both lexicons.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lexico_lexicon::{FormKind as Kind, Lexicon};
use serde_json::Value;

use common::{batch, check_batch, lexico};

/// The JSON records of a run, and its exit code.
fn records(args: &[&str]) -> (Vec<Value>, i32) {
    let (out, err, code) = batch(args, b"");
    assert!(code != 2, "{args:?}: {err}");
    (out.lines().map(|l| serde_json::from_str(l).unwrap()).collect(), code)
}

/// The record of one word for a card (on `lexicon` if given), with `--mano hand` if given.
fn judged(card: &str, hand: Option<&str>, lexicon: Option<&Path>, word: &str) -> Value {
    let mut args = vec!["dash", card, word, "--format", "json"];
    if let Some(h) = hand {
        args.extend(["--mano", h]);
    }
    let path;
    if let Some(l) = lexicon {
        path = l.display().to_string();
        args.extend(["--lexicon", &path]);
    }
    let (mut rows, _) = records(&args);
    assert_eq!(rows.len(), 1, "{args:?}");
    rows.remove(0)
}

#[test]
fn the_leaflets_examples() {
    // "Amalia tiene en su mano las letras A, T, L, M, N, O y E y rápidamente forma la palabra MANO."
    let mano = judged("Palabra de 4 letras", Some("ATLMNOE"), None, "MANO");
    assert_eq!((mano["verdict"].as_str(), mano["cards"].as_str()), (Some("meets"), Some("M·A·N·O")));
    // "sale una D. Amalia tiene en su mano las letras B, A, T, R, M, E, y F [...] DEBA."
    let deba = judged("Tiene una D", Some("B A T R M E F"), None, "DEBA");
    assert_eq!(deba["verdict"], "meets");
    // Without the turned-up D, the hand alone does not make DEBA.
    let deba = judged("4 letras", Some("BATRMEF"), None, "DEBA");
    assert_eq!((deba["reason"].as_str(), deba["missing"].as_str()), (Some("not-in-hand"), Some("D")));
    // "Qu + E + S + O"; "La LL se deberá jugar con dos L, la CH sin embargo tiene carta propia."
    for (word, cards, count) in
        [("QUESO", "QU·E·S·O", 4), ("CALLE", "C·A·L·L·E", 5), ("CHURRO", "CH·U·R·R·O", 5)]
    {
        let r = judged("4 letras", None, None, word);
        assert_eq!((r["cards"].as_str(), r["count"].as_u64()), (Some(cards), Some(count)), "{word}");
        assert_eq!(r["verdict"], if count == 4 { "meets" } else { "fails" }, "{word}");
    }
    // "Se eliminaron las letras W, X, y Z": a word that needs one cannot be laid down.
    let taxi = judged("4 letras", None, None, "TAXI");
    assert_eq!(
        (taxi["reason"].as_str(), taxi["missing"].as_str(), &taxi["cards"]),
        (Some("no-card"), Some("X"), &Value::Null)
    );
    let (text, _, code) = batch(&["dash", "4 letras", "taxi", "zeta", "mano"], b"");
    assert_eq!(code, 1);
    assert_eq!(
        text,
        "TAXI\tdoes not meet\t-\tneeds an X card, which Dash does not have\n\
         ZETA\tdoes not meet\t-\tneeds a Z card, which Dash does not have\n\
         MANO\tmeets\tM·A·N·O\t4 cards\n"
    );
}

#[test]
fn text_rows_speak_spanish_and_exit_codes_are_those_of_valid() {
    let (text, _, code) =
        batch(&["--lang", "es", "dash", "4 letras", "--mano", "ATLMNOE", "mano", "manto", "anom"], b"");
    assert_eq!(code, 1);
    assert_eq!(
        text,
        "MANO\tcumple\tM·A·N·O\t4 cartas\n\
         MANTO\tno cumple\tM·A·N·T·O\t5 cartas, no 4\n\
         ANOM\tno cumple\tA·N·O·M\tno es una palabra del léxico (unlisted)\n"
    );
    assert_eq!(batch(&["dash", "4 letras", "mano", "lote"], b"").2, 0);
    let (text, _, code) = batch(&["dash", "empieza con D", "--mano", "BATRMEF"], b"deba\nboda\n");
    assert_eq!(code, 1);
    assert!(
        text.ends_with("BODA\tdoes not meet\tB·O·D·A\tdoes not start with D: it starts with B\n"),
        "{text}"
    );
    // A proper name is the players' to decide: no verdict of the lexicon, and no failure.
    let (text, _, code) = batch(&["--lang", "es", "dash", "nombre propio", "León"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "LEON\tdeciden los jugadores\tL·E·O·N\tsi es un nombre propio lo deciden los jugadores (la regla del folleto: decir de quién es el nombre)\n"
    );
}

#[test]
fn a_bad_word_gets_its_row_and_the_batch_goes_on() {
    check_batch(
        &["dash", "4 letras"],
        ["mano", "ca$a", "lote"],
        ["MANO", "LOTE"],
        "column 3: '$' is not a tile",
    );
}

#[test]
fn a_card_or_a_hand_the_leaflet_does_not_have_is_one_line_and_exit_2() {
    for (args, said) in [
        (&["dash", "5 palabras", "mano"][..], "'5 palabras' is not a Dash card; the cards: Palabra de N letras"),
        (&["dash", "empieza con 7", "mano"], "'empieza con 7' is not a Dash card: '7' is not a letter card"),
        (&["dash", "termina con B", "mano"], "'termina con B' is not a Dash card: this card always turns up a vowel, and B is a consonant"),
        (&["dash", "palabra de 9 letras", "mano"], "the length cards ask for 2 to 7 letters"),
        (&["dash", "4 letras", "--mano", "ATLMNOEE", "mano"], "--mano: a hand holds at most 7 cards, not 8"),
        (&["dash", "4 letras", "--mano", "ATLWNOE", "mano"], "--mano: column 4: 'W' is not a Dash letter card"),
        (&["dash", "nombre propio", "--mano", "ATLMNOE", "--list"], "no lexicon holds proper names: for this card the players decide"),
        (&["--lang", "es", "dash", "termina con B", "mano"], "'termina con B' no es una carta de Dash: esta carta da vuelta siempre una vocal, y B es consonante"),
    ] {
        let (out, err, code) = batch(args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    // Words and --list, or --list without a hand: a usage error of the flags.
    for args in
        [&["dash", "4 letras", "--mano", "ATLMNOE", "--list", "mano"][..], &["dash", "4 letras", "--list"]]
    {
        let out = lexico().args(args).output().unwrap();
        assert_eq!((out.status.code(), out.stdout.len()), (Some(2), 0), "{args:?}");
    }
}

#[test]
fn the_verb_card_on_a_plain_word_list_is_refused_in_one_line() {
    let (out, err, code) = batch(&["dash", "verbo", "deba", "casa"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "lexico: this lexicon cannot tell verbs: it was built from a plain word list, which says no word's part of speech\n"
    );
    let (_, err, code) = batch(&["dash", "verbo", "--mano", "ATLMNOE", "--list"], b"");
    assert_eq!((code, err.lines().count()), (2, 1));
    let (out, _, _) = batch(&["info"], b"");
    assert!(out.contains("parts of speech      not known (a plain word list)"), "{out}");
}

/// The FISE-2 build, made once per test run.
fn fise2() -> &'static PathBuf {
    common::fise2_build("dash")
}

#[test]
fn the_verb_card_on_a_fise2_build() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let lex = Some(fise2().as_path());
    // The leaflet's DEBA, of DEBER; CASA, of CASAR (él casa); ÁRBOL is no verb.
    for (word, verdict, lemma) in
        [("DEBA", "meets", "deber"), ("CASA", "meets", "casar"), ("ÁRBOL", "fails", "")]
    {
        let r = judged("verbo", None, lex, word);
        assert_eq!(r["verdict"], verdict, "{word}");
        assert_eq!(r["lemma"].as_str().unwrap_or_default(), lemma, "{word}");
    }
    assert_eq!(judged("verbo", None, lex, "ÁRBOL")["reason"], "not-a-verb");
    assert_eq!(judged("Tipo de palabra: verbo", Some("BATRMEF"), lex, "DEBA")["missing"], "D");
    let (out, _, _) = batch(&["info", "--lexicon", fise2().to_str().unwrap()], b"");
    assert!(out.contains("parts of speech      verb forms known"), "{out}");
}

/// A small random generator with a fixed seed (xorshift64), so every run draws the same cases.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

const VOWELS: &[&str] = &["A", "E", "I", "O", "U"];
const COMMON: &[&str] = &["B", "C", "D", "L", "M", "N", "P", "R", "S", "T"];
const RARE: &[&str] = &["CH", "QU", "Ñ", "F", "G", "H", "J", "V", "Y"];

/// The leaflet's cards of a word spelled naturally, read here on their own: CH and QU are one
/// card each, every other letter one card (so LL and RR are two), no card for W, X, Z or a Q
/// without its U.
fn brute_cards(word: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = word.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let pair = (chars[i], chars.get(i + 1).copied());
        match pair {
            ('C', Some('H')) | ('Q', Some('U')) => {
                out.push(format!("{}{}", pair.0, pair.1.unwrap()));
                i += 2;
            }
            ('Q' | 'W' | 'X' | 'Z', _) => return None,
            (c, _) => {
                out.push(c.to_string());
                i += 1;
            }
        }
    }
    Some(out)
}

/// A card as the test draws it: its text and the rule on a word's cards.
enum Rule {
    Length(usize),
    Starts(String),
    Ends(String),
    Has(String),
    Verb,
}

impl Rule {
    fn text(&self) -> String {
        match self {
            Rule::Length(n) => format!("Palabra de {n} letras"),
            Rule::Starts(l) => format!("empieza con {l}"),
            Rule::Ends(l) => format!("Termina con {l}"),
            Rule::Has(l) => format!("tiene una {l}"),
            Rule::Verb => "verbo".into(),
        }
    }

    fn letter(&self) -> Option<&str> {
        match self {
            Rule::Starts(l) | Rule::Ends(l) | Rule::Has(l) => Some(l),
            _ => None,
        }
    }

    fn holds(&self, cards: &[String]) -> bool {
        match self {
            Rule::Length(n) => cards.len() == *n,
            Rule::Starts(l) => cards.first() == Some(l),
            Rule::Ends(l) => cards.last() == Some(l),
            Rule::Has(l) => cards.contains(l),
            Rule::Verb => true,
        }
    }
}

/// Every word of `lexicon` (`embedded` or a file) with its cards, read from `lexico dump`.
fn dumped(lexicon: &str) -> Vec<(String, Vec<String>)> {
    let (out, _, code) = batch(&["dump", "--lexicon", lexicon], b"");
    assert_eq!(code, 0);
    out.lines().filter_map(|w| Some((w.to_string(), brute_cards(w)?))).collect()
}

/// Draws `cases` hands and cards and checks `lexico dash CARD --mano HAND --list` against the
/// words of `lexicon` filtered here: the card's rule, the hand's cards with the turned-up letter,
/// most cards first and then in the dump's order; for the verb card, a word with a derivation
/// whose kind is a verb form.
fn check_lists(lexicon: &str, seed: u64, cases: usize, verbs: Option<&Lexicon>) {
    let words = dumped(lexicon);
    let mut draw = Draw(seed);
    for case in 0..cases {
        let mut hand: Vec<&str> = (0..3).map(|_| draw.pick(VOWELS)).collect();
        for _ in 0..4 {
            hand.push(if draw.below(4) == 0 { draw.pick(RARE) } else { draw.pick(COMMON) });
        }
        let any = |d: &mut Draw| if d.below(3) == 0 { d.pick(VOWELS) } else { d.pick(COMMON) }.to_string();
        let rule = match draw.below(if verbs.is_some() { 5 } else { 4 }) {
            0 => Rule::Length(2 + draw.below(6)),
            1 => Rule::Starts(any(&mut draw)),
            2 => Rule::Ends(draw.pick(VOWELS).to_string()),
            3 => Rule::Has(any(&mut draw)),
            _ => Rule::Verb,
        };
        let mut budget: HashMap<&str, usize> = HashMap::new();
        for card in hand.iter().copied().chain(rule.letter()) {
            *budget.entry(card).or_default() += 1;
        }
        let mut want: Vec<(&str, &[String])> = words
            .iter()
            .filter(|(_, cards)| rule.holds(cards))
            .filter(|(_, cards)| {
                let mut used: HashMap<&str, usize> = HashMap::new();
                cards.iter().all(|c| {
                    let n = used.entry(c.as_str()).or_default();
                    *n += 1;
                    *n <= budget.get(c.as_str()).copied().unwrap_or(0)
                })
            })
            .map(|(w, cards)| (w.as_str(), cards.as_slice()))
            .collect();
        if let (Rule::Verb, Some(lex)) = (&rule, verbs) {
            want.retain(|(w, _)| {
                let tiles = lex.tiles().parse_word(w).unwrap();
                lex.derivations(&tiles).unwrap().iter().any(|d| d.slot.kind == Kind::VerbForm)
            });
        }
        want.sort_by_key(|w| std::cmp::Reverse(w.1.len()));
        let hand_text = hand.join(" ");
        let card = rule.text();
        let (rows, code) = records(&[
            "dash",
            &card,
            "--mano",
            &hand_text,
            "--list",
            "--format",
            "json",
            "--lexicon",
            lexicon,
        ]);
        let got: Vec<(&str, &str)> =
            rows.iter().map(|r| (r["word"].as_str().unwrap(), r["cards"].as_str().unwrap())).collect();
        let want_spelled: Vec<String> = want.iter().map(|(_, c)| c.join("·")).collect();
        let want: Vec<(&str, &str)> =
            want.iter().zip(&want_spelled).map(|((w, _), c)| (*w, c.as_str())).collect();
        assert_eq!(got, want, "case {case}: {lexicon} '{card}' --mano '{hand_text}'");
        assert_eq!(code, if want.is_empty() { 1 } else { 0 }, "case {case}");
    }
}

#[test]
fn lists_on_the_embedded_lexicon_equal_a_brute_force_over_its_dump() {
    check_lists("embedded", 0xda5e_0001, 30, None);
}

#[test]
fn lists_on_a_fise2_build_equal_a_brute_force_over_its_dump() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let path = fise2();
    let lex = Lexicon::open(path).unwrap();
    check_lists(path.to_str().unwrap(), 0xda5e_0002, 30, Some(&lex));
}
