//! Rulings and explanations on the embedded lexicon, as the judge station's arbiter page shows
//! them.

use lexico_answers::ruling::{ruling_word, RulingWord};
use lexico_answers::{explain, judge_play, play_words, say, Lang, PlayVerdict, Reason};

#[test]
fn plays_split_at_spaces_commas_and_semicolons() {
    assert_eq!(play_words(" casa, perro,,gato\tsol;mar "), ["casa", "perro", "gato", "sol", "mar"]);
    assert!(play_words(" , ").is_empty());
}

#[test]
fn a_play_is_acceptable_only_when_every_word_is_valid() {
    let lex = lexico_default::lexicon();
    let mut scratch = Vec::new();
    assert_eq!(judge_play(&lex, &["CASA", "PERROS"], &mut scratch), PlayVerdict::Acceptable);
    assert_eq!(judge_play(&lex, &["CASA", "PERROSX"], &mut scratch), PlayVerdict::Unacceptable);
    assert_eq!(judge_play(&lex, &["CASA", "PER$ROS"], &mut scratch), PlayVerdict::Error);
    assert_eq!(judge_play(&lex, &[], &mut scratch), PlayVerdict::Unacceptable);
}

#[test]
fn explanations_speak_the_language_asked_for() {
    let lex = lexico_default::lexicon();
    let data = &lex.manifest().unwrap().explain;
    let e = explain(&lex, "CASAX").unwrap();
    assert!(!e.valid);
    assert!(say::explanation(&e, Lang::Es, data)[0].starts_with("Inválida"));
    let e = explain(&lex, "CASA").unwrap();
    assert!(say::explanation(&e, Lang::En, data)[0].starts_with("in: "));
}

#[test]
fn a_ruling_names_an_unreadable_word_and_explains_the_others() {
    let lex = lexico_default::lexicon();
    let RulingWord::Unreadable { message, .. } = ruling_word(&lex, "CA$A", Lang::Es) else {
        panic!("CA$A was judged")
    };
    assert!(message.contains("«CA$A»"), "{message}");
    let RulingWord::Judged { word, valid, verdict_text, reason_text, .. } =
        ruling_word(&lex, "casa", Lang::Es)
    else {
        panic!("CASA was not judged")
    };
    assert_eq!((word.as_str(), valid), ("CASA", true));
    assert_eq!((verdict_text.as_str(), reason_text.as_str()), ("VÁLIDA", "figura en el léxico"));
    // A word of the embedded list is taken from it by no rule: the ruling names the list, and its
    // Spanish explanation names no rule.
    let RulingWord::Judged { lists, rules, summary, .. } = ruling_word(&lex, "casa", Lang::Es) else {
        panic!("CASA was not judged")
    };
    assert_eq!((lists, rules), (vec!["letterpress-es.txt".to_string()], vec![]));
    assert!(summary[0].starts_with("Válida: palabra de la lista; letterpress-es.txt, línea "), "{summary:?}");
    let RulingWord::Judged { summary, .. } = ruling_word(&lex, "casa", Lang::En) else { panic!("judged") };
    assert!(summary[0].starts_with("in: word, rule raw-list; letterpress-es.txt"), "{summary:?}");
    let RulingWord::Judged { verdict_text, reason, reason_text, .. } = ruling_word(&lex, "KIOSCO", Lang::Es)
    else {
        panic!("KIOSCO was not judged")
    };
    assert_eq!((verdict_text.as_str(), reason), ("INVÁLIDA", Reason::NoTile));
    assert_eq!(reason_text, "tiene una letra sin ficha en el juego");
}
