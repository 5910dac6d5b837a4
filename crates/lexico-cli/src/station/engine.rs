//! What the judge station asks of the rest of the program: the lexicon, read into memory and
//! checked there; the
//! verdict on a play; the verdict on a word; the explanation of a word in the station's language.
//!
//! Every call into the library's judge and explanations and into `lexicons` is here and nowhere
//! else in the station.

use anyhow::Result;
use lexico_lexicon::{explain as explain_word, judge_word, Lexicon, Verdict};
use lexico_tiles::Word;
use serde_json::{json, Value};

use crate::cmd::explain::{derivation_json, enclitic_json};
use crate::i18n::{msg, Arg, Lang};
use crate::lexicons::{self, LexiconArg, Signer};

/// Opens the lexicon `arg` chooses, as every command does, read once into memory of this
/// process and checked there in full, trusting no record (`Check::Full`): a station answers
/// from those bytes until it stops, whatever happens to the file.
pub fn open_in_memory(arg: &LexiconArg) -> Result<(Lexicon, Signer)> {
    let opened = arg.open_checked(lexicons::Check::Full)?;
    Ok((opened.lexicon, opened.signer))
}

/// The verdict on a whole play, and how a play's words are read: the library's, as `valid
/// --judge` uses them.
pub use lexico_lexicon::{play_words as words_of, PlayVerdict};

/// Judges a play (see [`lexico_lexicon::judge_play`]).
pub fn judge_play(lex: &Lexicon, words: &[&str]) -> PlayVerdict {
    lexico_lexicon::judge_play(lex, words, &mut Word::new())
}

/// One word's verdict for `/api/v1/valid`: spelling, validity and reason; `None` for a character
/// that is neither a letter nor a tile.
pub fn valid(lex: &Lexicon, word: &str) -> Option<(String, bool, &'static str)> {
    let mut scratch = Word::new();
    let (spelled, verdict) = judge_word(lex, word, &mut scratch).ok()?;
    Some(match verdict {
        Verdict::Valid => (spelled, true, "listed"),
        Verdict::Invalid(reason) => (spelled, false, reason),
    })
}

/// One word explained for `/api/v1/explain` and the arbiter page: the machine fields in
/// English, `summary` in `lang` (`crate::say::explanation`); `None` for a character that is
/// neither a letter nor a tile.
pub fn explain(lex: &Lexicon, word: &str, lang: Lang) -> Option<Value> {
    let e = explain_word(lex, word).ok()?;
    let summary = crate::say::explanation(&e, lang, &lex.manifest().ok()?.explain);
    let derivations: Vec<Value> = e.derivations.iter().map(derivation_json).collect();
    let enclitics: Vec<Value> = e.enclitics.iter().map(enclitic_json).collect();
    Some(json!({
        "word": e.word,
        "valid": e.valid,
        "reason": e.reason,
        "summary": summary,
        "explanation": e.lines,
        "derivations": derivations,
        "enclitics": enclitics,
    }))
}

/// The catalogue's message for a play's verdict (`JUGADA ACEPTABLE`…).
pub fn verdict_message(verdict: PlayVerdict) -> &'static str {
    match verdict {
        PlayVerdict::Acceptable => "verdict-acceptable",
        PlayVerdict::Unacceptable => "verdict-unacceptable",
        PlayVerdict::Error => "verdict-unreadable",
    }
}

/// One word of an arbiter's ruling: its verdict, the reason in words, the rules and articles
/// that decide it, and the explanation lines that `lexico explain` prints in `lang`; for a word
/// with a character that is neither a letter nor a tile, the word as typed and what is wrong.
pub fn ruling_word(lex: &Lexicon, word: &str, lang: Lang) -> Value {
    let explained = explain_word(lex, word).ok().zip(lex.manifest().ok());
    let Some((e, manifest)) = explained else {
        return json!({
            "word": word,
            "error": "unreadable-word",
            "message": msg(lang, "ruling-unreadable-word", &[("word", Arg::Str(word))]),
        });
    };
    let data = &manifest.explain;
    let spanish = lang != Lang::En;
    let mut rules: Vec<&str> = Vec::new();
    let mut articles: Vec<&str> = Vec::new();
    for d in &e.derivations {
        // A rule of the rule set cites its article; a word taken from a plain list has neither.
        if !d.slot.article.is_empty() {
            rules.push(&d.slot.rule);
            articles.push(&d.slot.article);
        }
    }
    articles.extend(e.enclitics.iter().map(|a| a.article.as_str()));
    if e.reason == "no-tile" && !data.no_tile_article.is_empty() {
        articles.push(&data.no_tile_article);
    }
    dedup_in_order(&mut rules);
    dedup_in_order(&mut articles);
    let articles: Vec<String> = articles
        .iter()
        .map(|a| msg(lang, "derivation-article", &[("article", Arg::Str(data.article(a, spanish)))]))
        .collect();
    json!({
        "word": e.word,
        "valid": e.valid,
        "reason": e.reason,
        "verdict_text": msg(lang, if e.valid { "word-valid" } else { "word-invalid" }, &[]),
        "reason_text": msg(lang, &format!("reason-{}", e.reason), &[]),
        "rules": rules,
        "articles": articles,
        "summary": crate::say::explanation(&e, lang, data),
    })
}

/// Drops the repeats of a list, keeping the first of each in its place.
fn dedup_in_order(items: &mut Vec<&str>) {
    let mut seen = std::collections::HashSet::new();
    items.retain(|item| seen.insert(*item));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_split_at_spaces_commas_and_semicolons() {
        assert_eq!(words_of(" casa, perro,,gato\tsol;mar "), ["casa", "perro", "gato", "sol", "mar"]);
        assert!(words_of(" , ").is_empty());
    }

    #[test]
    fn a_play_is_acceptable_only_when_every_word_is_valid() {
        let lex = lexicons::embedded().unwrap();
        assert_eq!(judge_play(&lex, &["CASA", "PERROS"]), PlayVerdict::Acceptable);
        assert_eq!(judge_play(&lex, &["CASA", "PERROSX"]), PlayVerdict::Unacceptable);
        assert_eq!(judge_play(&lex, &["CASA", "PER$ROS"]), PlayVerdict::Error);
        assert_eq!(judge_play(&lex, &[]), PlayVerdict::Unacceptable);
    }

    #[test]
    fn explanations_speak_the_station_language() {
        let lex = lexicons::embedded().unwrap();
        let e = explain(&lex, "CASAX", Lang::Es).unwrap();
        assert_eq!(e["valid"], false);
        assert!(e["summary"][0].as_str().unwrap().starts_with("Inválida"), "{e}");
        let e = explain(&lex, "CASA", Lang::En).unwrap();
        assert!(e["summary"][0].as_str().unwrap().starts_with("Valid"), "{e}");
    }

    #[test]
    fn a_ruling_names_an_unreadable_word_and_explains_the_others() {
        let lex = lexicons::embedded().unwrap();
        let bad = ruling_word(&lex, "CA$A", Lang::Es);
        assert_eq!(bad["error"], "unreadable-word");
        assert!(bad["message"].as_str().unwrap().contains("«CA$A»"), "{bad}");
        let good = ruling_word(&lex, "casa", Lang::Es);
        assert_eq!((good["word"].as_str(), good["valid"].as_bool()), (Some("CASA"), Some(true)));
        assert_eq!(good["verdict_text"], "VÁLIDA");
        assert_eq!(good["reason_text"], "figura en el léxico");
        let k = ruling_word(&lex, "KIOSCO", Lang::Es);
        assert_eq!((k["verdict_text"].as_str(), k["reason"].as_str()), (Some("INVÁLIDA"), Some("no-tile")));
        assert_eq!(k["reason_text"], "tiene una letra sin ficha en el juego");
    }
}
