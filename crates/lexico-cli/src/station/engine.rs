//! What the judge station asks of the rest of the program: the lexicon, copied into memory; the
//! verdict on a play; the verdict on a word; the explanation of a word in the station's language.
//!
//! Every call into the library's judge and explanations and into `lexicons` is here and nowhere
//! else in the station.

use anyhow::Result;
use lexico_lexicon::{explain as explain_word, judge_word, Derivation, Lexicon, Verdict, SEPARATE_TILES};
use lexico_tiles::Word;
use serde_json::{json, Value};

use crate::cmd::explain::derivation_json;
use crate::i18n::{msg, Arg, Lang};
use crate::lexicons::{self, LexiconArg, Signer};

/// Opens the lexicon `arg` chooses, as every command does, and copies it into memory
/// ([`lexicons::in_memory`]).
pub fn open_in_memory(arg: &LexiconArg) -> Result<(Lexicon, Signer)> {
    let opened = arg.open_trusted()?;
    Ok((lexicons::in_memory(opened.lexicon)?, opened.signer))
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
/// English, `summary` in `lang`; `None` for a character that is neither a letter nor a tile.
pub fn explain(lex: &Lexicon, word: &str, lang: Lang) -> Option<Value> {
    let e = explain_word(lex, word).ok()?;
    let mut scratch = Word::new();
    judge_word(lex, word, &mut scratch).ok()?;
    let mut summary = Vec::new();
    let t = |id: &str, args: &[(&str, Arg)]| msg(lang, id, args);
    match e.reason {
        "listed" if e.derivations.is_empty() => summary.push(t("explain-listed-bare", &[])),
        "listed" => {
            for d in &e.derivations {
                summary.push(t("explain-listed", &[("how", Arg::Str(&describe(d, lang)))]));
            }
        }
        "no-tile" => {
            let article = lex.manifest().map(|m| m.explain.no_tile_article.clone()).unwrap_or_default();
            let cite = if article.is_empty() {
                String::new()
            } else {
                format!(" ({})", t("derivation-article", &[("article", Arg::Str(&article))]))
            };
            summary.push(t("explain-no-tile", &[("word", Arg::Str(&e.word)), ("cite", Arg::Str(&cite))]))
        }
        SEPARATE_TILES => {
            let set = lex.tiles();
            if let Some((i, joined)) = set.split_digraph(&scratch) {
                summary.push(t(
                    "explain-separate-tiles",
                    &[
                        ("first", Arg::Str(set.name(scratch[i]))),
                        ("second", Arg::Str(set.name(scratch[i + 1]))),
                        ("joined", Arg::Str(set.name(joined))),
                    ],
                ));
            }
        }
        _ => {
            if e.reason == "rejected-form" {
                for d in &e.derivations {
                    summary.push(t("explain-rejected", &[("how", Arg::Str(&describe(d, lang)))]));
                }
            }
            for a in &e.enclitics {
                let pronouns = a.pronouns.join(" + ");
                let mut line = t(
                    "explain-enclitic",
                    &[
                        ("word", Arg::Str(&e.word)),
                        ("base", Arg::Str(&a.base)),
                        ("pronouns", Arg::Str(&pronouns)),
                        ("article", Arg::Str(&a.article)),
                    ],
                );
                if let Some(letter) = a.restored.as_deref() {
                    line.push(' ');
                    line.push_str(&t(
                        "explain-enclitic-restored",
                        &[("letter", Arg::Str(letter)), ("base", Arg::Str(&a.base))],
                    ));
                }
                line.push(' ');
                line.push_str(&match &a.derivation {
                    Some(d) => t(
                        "explain-enclitic-base",
                        &[("base", Arg::Str(&a.base)), ("how", Arg::Str(&describe(d, lang)))],
                    ),
                    None => t("explain-enclitic-unknown", &[("base", Arg::Str(&a.base))]),
                });
                summary.push(line);
            }
            let (min, max) =
                lex.manifest().map(|m| (m.min_tiles as u64, m.max_tiles as u64)).unwrap_or((2, 15));
            let n = scratch.len() as u64;
            if n < min || n > max {
                summary.push(t(
                    "explain-length",
                    &[("tiles", Arg::Num(n)), ("min", Arg::Num(min)), ("max", Arg::Num(max))],
                ));
            }
            if e.reason == "unlisted" {
                summary.push(t("explain-unlisted", &[]));
            }
        }
    }
    let derivations: Vec<Value> = e.derivations.iter().map(derivation_json).collect();
    let enclitics: Vec<Value> = e
        .enclitics
        .iter()
        .map(|a| {
            json!({
                "base": a.base,
                "pronouns": a.pronouns,
                "restored": a.restored,
                "article": a.article,
                "derivation": a.derivation.as_ref().map(derivation_json),
            })
        })
        .collect();
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

/// One derivation in the station's language: slot, entry, rule, article, reason, source line.
fn describe(d: &Derivation, lang: Lang) -> String {
    let mut s = match &d.entry_text {
        Some(entry) => {
            msg(lang, "derivation-of", &[("slot", Arg::Str(&d.slot.slot)), ("entry", Arg::Str(entry))])
        }
        None => d.slot.slot.clone(),
    };
    s.push_str(", ");
    s.push_str(&msg(lang, "derivation-rule", &[("rule", Arg::Str(&d.slot.rule))]));
    if !d.slot.article.is_empty() {
        s.push_str(&format!(
            " ({})",
            msg(lang, "derivation-article", &[("article", Arg::Str(&d.slot.article))])
        ));
    }
    if !d.slot.reason.is_empty() {
        s.push_str(&format!(": {}", d.slot.reason));
    }
    if let Some((path, line)) = &d.source {
        let line = line.to_string();
        s.push_str(&format!(
            "; {}",
            msg(lang, "derivation-source", &[("path", Arg::Str(path)), ("line", Arg::Str(&line))])
        ));
    }
    s
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
}
