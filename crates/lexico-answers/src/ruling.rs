//! An arbiter's ruling on a word of a challenged play ([`ruling_word`]): its verdict in words,
//! the rules and articles that decide it, and its explanation, in the language of the ruling.

use lexico_lexicon::Lexicon;
use serde::Serialize;

use crate::explain::explain;
use crate::i18n::{msg, Arg, Lang};
use crate::judge::Reason;
use crate::say;

/// One word of a ruling, as the arbiter's page prints it and the station's API gives it. Its
/// fields are in byte order, the order of the keys of every JSON object the program writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RulingWord {
    /// A word judged.
    Judged {
        /// The articles that decide it, cited in the ruling's language (`art. 18.4.1`).
        articles: Vec<String>,
        /// The source lists it was taken from as it is, by no rule (`words.txt`).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        lists: Vec<String>,
        /// Why it is in or out.
        reason: Reason,
        /// The reason in words (`figura en el léxico`).
        reason_text: String,
        /// The rules that decide it, by id.
        rules: Vec<String>,
        /// The explanation's sentences.
        summary: Vec<String>,
        /// Whether it is valid.
        valid: bool,
        /// The verdict in words (`VÁLIDA`).
        verdict_text: String,
        /// The word, spelled naturally.
        word: String,
    },
    /// A word with a character that is neither a letter nor a tile: named, so that the arbiter
    /// corrects it; no verdict.
    Unreadable {
        /// Always `unreadable-word`.
        error: &'static str,
        /// What is wrong, in the ruling's language.
        message: String,
        /// The word as typed.
        word: String,
    },
}

/// One word of an arbiter's ruling, in `lang`: its verdict, the reason in words, the rules and
/// articles that decide it, and the explanation's sentences; for a word with a character that is
/// neither a letter nor a tile (or a lexicon whose provenance is damaged), the word as typed and
/// what is wrong.
///
/// ```
/// use lexico_answers::ruling::{ruling_word, RulingWord};
/// use lexico_answers::Lang;
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let RulingWord::Judged { word, valid, verdict_text, .. } = ruling_word(&lex, "casa", Lang::Es) else {
///     panic!("judged")
/// };
/// assert_eq!((word.as_str(), valid, verdict_text.as_str()), ("CASA", true, "VÁLIDA"));
/// assert!(matches!(ruling_word(&lex, "CA$A", Lang::Es), RulingWord::Unreadable { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ruling_word(lex: &Lexicon, word: &str, lang: Lang) -> RulingWord {
    let explained = explain(lex, word).ok().zip(lex.manifest().ok());
    let Some((e, manifest)) = explained else {
        return RulingWord::Unreadable {
            error: "unreadable-word",
            message: msg(lang, "ruling-unreadable-word", &[("word", Arg::Str(word))]),
            word: word.to_string(),
        };
    };
    let data = &manifest.explain;
    let mut rules: Vec<&str> = Vec::new();
    let mut articles: Vec<&str> = Vec::new();
    let mut lists: Vec<&str> = Vec::new();
    for d in &e.derivations {
        // A rule of the rule set cites its article; a word taken from a plain list has neither,
        // and the list is named instead.
        if !d.slot.article.is_empty() {
            rules.push(&d.slot.rule);
            articles.push(&d.slot.article);
        } else if let (true, Some((path, _))) = (say::from_list(d), &d.source) {
            lists.push(path);
        }
    }
    articles.extend(e.enclitics.iter().map(|a| a.article.as_str()));
    if e.reason == Reason::NoTile && !data.no_tile_article.is_empty() {
        articles.push(&data.no_tile_article);
    }
    dedup_in_order(&mut rules);
    dedup_in_order(&mut articles);
    dedup_in_order(&mut lists);
    let spanish = lang != Lang::En;
    RulingWord::Judged {
        articles: articles
            .iter()
            .map(|a| msg(lang, "derivation-article", &[("article", Arg::Str(data.article(a, spanish)))]))
            .collect(),
        lists: lists.into_iter().map(String::from).collect(),
        reason: e.reason,
        reason_text: msg(lang, &format!("reason-{}", e.reason.name()), &[]),
        rules: rules.into_iter().map(String::from).collect(),
        summary: say::explanation(&e, lang, data),
        valid: e.valid,
        verdict_text: msg(lang, if e.valid { "word-valid" } else { "word-invalid" }, &[]),
        word: e.word,
    }
}

/// Drops the repeats of a list, keeping the first of each in its place.
fn dedup_in_order(items: &mut Vec<&str>) {
    let mut seen = std::collections::HashSet::new();
    items.retain(|item| seen.insert(*item));
}
