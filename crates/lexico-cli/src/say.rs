//! What typed values say to people, in the catalogue's words (`crate::i18n`): the errors about
//! input (a word, a rack, a pattern, a lexicon file or name, a signature), the explanation of a
//! word, the signer of a lexicon.
//!
//! Each error type keeps its English `Display`, which is what English speakers read and what
//! CSV and JSON records keep in their `error` field; [`Localize`] says the same thing from the
//! typed fields in another language. No message is recognised by its text: a type without words
//! in the catalogues is shown as it displays itself.

use std::error::Error;
use std::io;

use lexico_lexicon::query::{PatternProblem, QueryError, StudyError};
use lexico_lexicon::{
    kind_of, CodeNote, Derivation, EntryInfo, EntryKind, ExplainData, ExplainError, Explanation, Finding,
    Kind, LexiconError,
};
use lexico_tiles::{quoted, shown, TileError};

use crate::i18n::{msg, Arg, Lang};
use crate::lexicons::{EmptyLexiconArg, Signer};
use lexico_store::StoreError;

/// A value with words in the catalogues.
pub trait Localize: std::fmt::Display {
    /// The message in `lang`.
    fn localize(&self, lang: Lang) -> String;
}

/// A message of the catalogues without arguments, with its English words for `Display`.
pub struct Text {
    pub id: &'static str,
    pub english: &'static str,
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.english)
    }
}

impl Localize for Text {
    fn localize(&self, lang: Lang) -> String {
        msg(lang, self.id, &[])
    }
}

fn n(value: usize) -> Arg<'static> {
    Arg::Num(value as u64)
}

impl Localize for TileError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            // A malformed tile-set file: its own message, with its place.
            TileError::Syntax { .. } => self.to_string(),
            TileError::Unknown { column, text } => {
                msg(lang, "error-not-a-tile", &[("column", n(*column)), ("text", Arg::Str(&shown(text)))])
            }
            TileError::Absent { column, text } => {
                msg(lang, "error-absent-tile", &[("column", n(*column)), ("text", Arg::Str(&shown(text)))])
            }
            TileError::Bracket { column, text } => {
                msg(lang, "error-bracket", &[("column", n(*column)), ("text", Arg::Str(&quoted(text)))])
            }
            TileError::Empty => msg(lang, "error-empty-word", &[]),
        }
    }
}

impl Localize for QueryError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            QueryError::Blanks { got, max } => {
                msg(lang, "error-blanks", &[("got", n(*got)), ("max", n(*max))])
            }
            QueryError::RackTooLong { got, max } => {
                msg(lang, "error-rack-too-long", &[("got", n(*got)), ("max", n(*max))])
            }
            QueryError::Lengths { min, max } => {
                msg(lang, "error-lengths", &[("min", n(*min)), ("max", n(*max))])
            }
            QueryError::Pattern { column, problem } => {
                // The offending text, shown as the English message shows it.
                let (id, text) = match problem {
                    PatternProblem::Unclosed => ("error-pattern-unclosed", String::new()),
                    PatternProblem::Unopened => ("error-pattern-unopened", String::new()),
                    PatternProblem::EmptyClass => ("error-pattern-empty-class", String::new()),
                    PatternProblem::BlankInClass => ("error-pattern-blank-in-class", String::new()),
                    PatternProblem::Empty => ("error-pattern-empty", String::new()),
                    PatternProblem::NotATile(t) => ("error-not-a-tile", shown(t)),
                    PatternProblem::NoTile(t) => ("error-absent-tile", shown(t)),
                    PatternProblem::NotBracketed(t) => ("error-bracket", quoted(t)),
                    PatternProblem::NoTiles => ("error-pattern-no-tiles", String::new()),
                };
                msg(lang, id, &[("column", n(*column)), ("text", Arg::Str(&text))])
            }
            // The column in the catalogue's words; what is wrong comes from the
            // regular-expression parser, which has it in English only.
            QueryError::Syntax { column, message } => {
                msg(lang, "error-syntax", &[("column", n(*column)), ("message", Arg::Str(message))])
            }
            QueryError::TooLarge(_) => self.to_string(),
        }
    }
}

impl Localize for StudyError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            StudyError::Query(e) => e.localize(lang),
            StudyError::Span(text) => msg(lang, "error-span", &[("text", Arg::Str(text))]),
            StudyError::EmptySpan { min, max } => {
                msg(lang, "error-empty-span", &[("min", Arg::Num(*min)), ("max", Arg::Num(*max))])
            }
            StudyError::Count { column } => msg(lang, "error-count", &[("column", n(*column))]),
            StudyError::Blank => msg(lang, "error-blank-in-tiles", &[]),
            StudyError::TileSets { condition } => {
                msg(lang, "error-condition-tile-sets", &[("condition", Arg::Str(condition))])
            }
            StudyError::Lexicon(e) => e.localize(lang),
            StudyError::Unknown(_) => self.to_string(),
        }
    }
}

impl Localize for io::Error {
    fn localize(&self, lang: Lang) -> String {
        let id = match self.kind() {
            io::ErrorKind::NotFound => "error-io-not-found",
            io::ErrorKind::PermissionDenied => "error-io-permission",
            io::ErrorKind::IsADirectory => "error-io-is-a-directory",
            _ => return self.to_string(),
        };
        msg(lang, id, &[])
    }
}

impl Localize for LexiconError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            LexiconError::Io(e) => e.localize(lang),
            LexiconError::NotALexicon => msg(lang, "error-not-a-lexicon", &[]),
            LexiconError::Version { expected, got } => msg(
                lang,
                "error-lexicon-version",
                &[("got", Arg::Num(u64::from(*got))), ("expected", Arg::Num(u64::from(*expected)))],
            ),
            LexiconError::Corrupt(detail) => msg(lang, "error-damaged", &[("detail", Arg::Str(detail))]),
            LexiconError::Missing(section) => {
                msg(lang, "error-missing-section", &[("section", Arg::Str(section))])
            }
            LexiconError::Fst(_) => self.to_string(),
        }
    }
}

impl Localize for ExplainError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            ExplainError::Input(e) => e.localize(lang),
            ExplainError::Damaged(e) => e.localize(lang),
        }
    }
}

impl Localize for EmptyLexiconArg {
    fn localize(&self, lang: Lang) -> String {
        msg(lang, "error-lexicon-empty", &[])
    }
}

impl Localize for StoreError {
    fn localize(&self, lang: Lang) -> String {
        let path = |p: &std::path::Path| p.display().to_string();
        match self {
            StoreError::EmptyName => msg(lang, "error-lexicon-name-empty", &[]),
            StoreError::NoDataDirForName { name } => {
                msg(lang, "error-no-data-dir", &[("path", Arg::Str(name))])
            }
            StoreError::NotInstalled { name, dir } => {
                msg(lang, "error-unknown-lexicon", &[("name", Arg::Str(name)), ("dir", Arg::Str(&path(dir)))])
            }
            StoreError::Ambiguous { name, found } => msg(
                lang,
                "error-ambiguous-lexicon",
                &[
                    ("name", Arg::Str(name)),
                    ("count", n(found.len())),
                    ("found", Arg::Str(&found.join(", "))),
                ],
            ),
            StoreError::Verification { label, source } => {
                format!(
                    "{}: {}",
                    msg(lang, "error-verification", &[("label", Arg::Str(label))]),
                    source.localize(lang)
                )
            }
            StoreError::Lexicon { label, source } => format!("{label}: {}", source.localize(lang)),
            StoreError::Io { label, source } => format!("{label}: {}", source.localize(lang)),
            StoreError::Format(e) => e.localize(lang),
            StoreError::InFile { path: p, source } => format!("{}: {}", path(p), source.localize(lang)),
            StoreError::Unsigned { path: p, keys } => {
                msg(lang, "error-unsigned", &[("path", Arg::Str(&path(p))), ("count", n(*keys))])
            }
            StoreError::NotASignature { signature, reason } => msg(
                lang,
                "error-not-a-signature",
                &[("path", Arg::Str(&path(signature))), ("why", Arg::Str(reason))],
            ),
            StoreError::UntrustedKey { path: p, id } => {
                msg(lang, "error-untrusted-key", &[("path", Arg::Str(&path(p))), ("id", Arg::Str(id))])
            }
            StoreError::BadSignature { path: p, id, reason } => msg(
                lang,
                "error-bad-signature",
                &[("path", Arg::Str(&path(p))), ("id", Arg::Str(id)), ("why", Arg::Str(reason))],
            ),
            StoreError::DefaultMissing { path: p } => {
                msg(lang, "error-default-missing", &[("path", Arg::Str(&path(p)))])
            }
            StoreError::DefaultLost { record } => {
                msg(lang, "error-default-lost", &[("path", Arg::Str(&path(record)))])
            }
            StoreError::ChangedSinceInstalled { path: p, got, installed } => msg(
                lang,
                "error-changed-since-installed",
                &[("path", Arg::Str(&path(p))), ("got", Arg::Str(got)), ("installed", Arg::Str(installed))],
            ),
            StoreError::KeyIdTaken { id, file } => {
                msg(lang, "error-key-id-taken", &[("id", Arg::Str(id)), ("path", Arg::Str(&path(file)))])
            }
            // Without words in the catalogues: as it displays itself.
            other => other.to_string(),
        }
    }
}

/// One cause of an error chain in `lang`, when its type has words in the catalogues and `lang`
/// is not English; `None` otherwise (the cause is shown as it displays itself).
pub fn cause(e: &(dyn Error + 'static), lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return None;
    }
    let localize: &dyn Localize = if let Some(e) = e.downcast_ref::<TileError>() {
        e
    } else if let Some(e) = e.downcast_ref::<QueryError>() {
        e
    } else if let Some(e) = e.downcast_ref::<StudyError>() {
        e
    } else if let Some(e) = e.downcast_ref::<LexiconError>() {
        e
    } else if let Some(e) = e.downcast_ref::<StoreError>() {
        e
    } else if let Some(e) = e.downcast_ref::<EmptyLexiconArg>() {
        e
    } else if let Some(e) = e.downcast_ref::<ExplainError>() {
        e
    } else {
        e.downcast_ref::<io::Error>()?
    };
    Some(localize.localize(lang))
}

/// Who vouches for a lexicon, in `lang`: `incluido en el binario`, `sin firma`, `clave ID`.
pub fn signer(s: &Signer, lang: Lang) -> String {
    if lang == Lang::En {
        return s.to_string();
    }
    match s {
        Signer::Embedded => msg(lang, "signer-embedded", &[]),
        Signer::Unsigned => msg(lang, "signer-unsigned", &[]),
        Signer::Key { id, comment } if comment.is_empty() || comment.contains(id.as_str()) => {
            msg(lang, "signer-key", &[("id", Arg::Str(id))])
        }
        Signer::Key { id, comment } => {
            msg(lang, "signer-key-comment", &[("id", Arg::Str(id)), ("comment", Arg::Str(comment))])
        }
    }
}

/// The sentences of an explanation in the catalogue of `lang`, one per finding: what the judge
/// station's arbiter page shows, and what `lexico explain` prints in Spanish. `data` is what the
/// lexicon's rule set says of the articles and verb codes (its manifest's `explain`).
pub fn explanation(e: &Explanation, lang: Lang, data: &ExplainData) -> Vec<String> {
    let t = |id: &str, args: &[(&str, Arg)]| msg(lang, id, args);
    let mut out = Vec::with_capacity(e.findings.len());
    for f in &e.findings {
        out.push(match f {
            Finding::Listed(i) => {
                t("explain-listed", &[("how", Arg::Str(&describe(&e.derivations[*i], lang, data)))])
            }
            Finding::ListedBare => t("explain-listed-bare", &[]),
            Finding::NoTile => {
                let article = data.article(&data.no_tile_article, lang != Lang::En);
                let cite = if article.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", t("derivation-article", &[("article", Arg::Str(article))]))
                };
                t("explain-no-tile", &[("word", Arg::Str(&e.word)), ("cite", Arg::Str(&cite))])
            }
            Finding::SeparateTiles { first, second, joined } => t(
                "explain-separate-tiles",
                &[("first", Arg::Str(first)), ("second", Arg::Str(second)), ("joined", Arg::Str(joined))],
            ),
            Finding::Rejected(i) => {
                t("explain-rejected", &[("how", Arg::Str(&describe(&e.derivations[*i], lang, data)))])
            }
            Finding::Enclitic(i) => {
                let a = &e.enclitics[*i];
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
                        &[("base", Arg::Str(&a.base)), ("how", Arg::Str(&describe(d, lang, data)))],
                    ),
                    None => t("explain-enclitic-unknown", &[("base", Arg::Str(&a.base))]),
                });
                line
            }
            Finding::Length { tiles, min, max } => {
                t("explain-length", &[("tiles", n(*tiles)), ("min", n(*min)), ("max", n(*max))])
            }
            Finding::Unlisted => t("explain-unlisted", &[]),
        });
    }
    out
}

/// One derivation in `lang`: slot, entry (with what the verb list says of a verb), rule,
/// article, the rule's reason, source line. In English, the slot names, articles and reasons are
/// the rule set's as they are; in another language, the kind of form and of entry are the
/// catalogue's words ([`entry_local`]), the reason and any article that names another regulation
/// the rule set's Spanish (`reason_es`, `[articles_es]` of `explain.toml`), falling back to its
/// English where a lexicon records none. Rule ids stay ids.
pub fn describe(d: &Derivation, lang: Lang, data: &ExplainData) -> String {
    let codes = &data.codes;
    let spanish = lang != Lang::En;
    let slot = match (spanish, kind_of(&d.slot)) {
        (false, _) | (true, Kind::VerbForm) => d.slot.slot.clone(),
        (true, kind) => msg(lang, &format!("slot-{}", kind.name().replace(' ', "-")), &[]),
    };
    let entry = match (&d.entry_info, spanish) {
        (Some(info), true) => Some(entry_local(info, lang)),
        _ => d.entry_text(),
    };
    let mut s = match entry {
        Some(entry) => msg(lang, "derivation-of", &[("slot", Arg::Str(&slot)), ("entry", Arg::Str(&entry))]),
        None => slot,
    };
    if let Some(entry) = &d.entry_info {
        // The rule set's words for the codes: in Spanish when it gives them.
        let note = |c: &CodeNote| match lang {
            Lang::Es if !c.note_es.is_empty() => c.note_es.clone(),
            _ => c.note.clone(),
        };
        let notes: Vec<String> = lexico_lexicon::verb_notes(entry, codes).into_iter().map(note).collect();
        if !notes.is_empty() {
            s.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    s.push_str(", ");
    s.push_str(&msg(lang, "derivation-rule", &[("rule", Arg::Str(&d.slot.rule))]));
    if !d.slot.article.is_empty() {
        let article = data.article(&d.slot.article, spanish);
        s.push_str(&format!(" ({})", msg(lang, "derivation-article", &[("article", Arg::Str(article))])));
    }
    let reason = match spanish {
        true if !d.slot.reason_es.is_empty() => &d.slot.reason_es,
        _ => &d.slot.reason,
    };
    if !reason.is_empty() {
        s.push_str(&format!(": {reason}"));
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

/// A source entry in the catalogue's words, from its typed fields: `ventiscar (verbo 00-2-I)`,
/// `abacero abacera (no verbo)`, `boy (lista de actualización: alta, variable en número)`.
pub fn entry_local(info: &EntryInfo, lang: Lang) -> String {
    let mut lemma = info.lemma.clone();
    let homograph = |lemma: &mut String| {
        if let Some(h) = info.homograph {
            lemma.push_str(&format!(" {h}"));
        }
    };
    match &info.kind {
        EntryKind::Verb(v) => {
            homograph(&mut lemma);
            let codes = format!("{:02}-{}-{}", v.model, v.class, v.property);
            let mut text =
                msg(lang, "entry-verb", &[("lemma", Arg::Str(&lemma)), ("codes", Arg::Str(&codes))]);
            if let Some(forms) = &v.forms {
                text.push_str(&msg(lang, "entry-verb-forms", &[("forms", Arg::Str(forms))]));
            }
            if let Some((path, line)) = &v.undone_at {
                let line = line.to_string();
                text.push_str(&msg(
                    lang,
                    "entry-verb-undone",
                    &[("path", Arg::Str(path)), ("line", Arg::Str(&line))],
                ));
            }
            text
        }
        EntryKind::NonVerb { feminine } => {
            if let Some(fem) = feminine {
                lemma.push_str(&format!(" {fem}"));
            }
            homograph(&mut lemma);
            msg(lang, "entry-non-verb", &[("lemma", Arg::Str(&lemma))])
        }
        EntryKind::LemmaRow => msg(lang, "entry-lemma-row", &[("lemma", Arg::Str(&lemma))]),
        EntryKind::Update(action) => {
            let action = msg(lang, &format!("update-{}", action.name()), &[]);
            msg(lang, "entry-update", &[("lemma", Arg::Str(&lemma)), ("action", Arg::Str(&action))])
        }
        EntryKind::PosRow { categories } => {
            homograph(&mut lemma);
            let categories = categories.join(" ");
            msg(lang, "entry-pos-row", &[("lemma", Arg::Str(&lemma)), ("categories", Arg::Str(&categories))])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(value: &dyn Localize, lang: Lang) -> String {
        match lang {
            Lang::En => value.to_string(),
            lang => value.localize(lang),
        }
    }

    #[test]
    fn tile_errors_keep_their_column_in_spanish() {
        let e = TileError::Unknown { column: 3, text: "$".into() };
        assert_eq!(said(&e, Lang::En), "column 3: '$' is not a tile");
        assert_eq!(said(&e, Lang::Es), "columna 3: '$' no es una ficha");
        let e = TileError::Absent { column: 1, text: "K".into() };
        assert!(said(&e, Lang::Es).starts_with("columna 1: 'K' no tiene ficha"), "{}", said(&e, Lang::Es));
    }

    #[test]
    fn query_errors_say_the_english_of_the_library_in_the_english_catalogue() {
        let lex = lexico_lexicon::Lexicon::from_words(["casa"]).unwrap();
        for pattern in ["CA[S", "CA]", "C[]", "C[A?]", "", "C$", "CK", "C[K]"] {
            let Err(e) = lexico_lexicon::query::Pattern::parse(lex.tiles(), pattern) else {
                panic!("{pattern} parsed")
            };
            assert_eq!(e.localize(Lang::En), e.to_string(), "{pattern}");
            assert!(e.localize(Lang::Es).starts_with("columna "), "{pattern}: {}", e.localize(Lang::Es));
        }
        for e in [
            QueryError::Blanks { got: 3, max: 2 },
            QueryError::RackTooLong { got: 30, max: 25 },
            QueryError::Lengths { min: 9, max: 3 },
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
        for e in [
            TileError::Unknown { column: 2, text: "@".into() },
            TileError::Absent { column: 1, text: "W".into() },
            TileError::Bracket { column: 1, text: "XY".into() },
            TileError::Empty,
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
        assert_eq!(EmptyLexiconArg.localize(Lang::En), EmptyLexiconArg.to_string());
        let damaged = || LexiconError::Missing("x");
        for e in [
            StoreError::EmptyName,
            StoreError::NoDataDirForName { name: "x".into() },
            StoreError::NotInstalled { name: "n".into(), dir: "/d".into() },
            StoreError::Ambiguous { name: "n".into(), found: vec!["A (a.lex)".into(), "B (b.lex)".into()] },
            StoreError::Verification { label: "x.lex".into(), source: damaged() },
            StoreError::Lexicon { label: "x.lex".into(), source: damaged() },
            StoreError::Io { label: "x.lex".into(), source: io::Error::other("w") },
            StoreError::InFile { path: "x.lex".into(), source: Box::new(StoreError::Format(damaged())) },
            StoreError::Unsigned { path: "x.lex".into(), keys: 2 },
            StoreError::NotASignature { signature: "x.lex.minisig".into(), reason: "w".into() },
            StoreError::UntrustedKey { path: "x.lex".into(), id: "AB".into() },
            StoreError::BadSignature { path: "x.lex".into(), id: "AB".into(), reason: "w".into() },
            StoreError::DefaultMissing { path: "/d/X.entry".into() },
            StoreError::DefaultLost { record: "/d/default".into() },
            StoreError::ChangedSinceInstalled { path: "o".into(), got: "a".into(), installed: "b".into() },
            StoreError::KeyIdTaken { id: "AB".into(), file: "/d/trusted/AB.pub".into() },
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
        for e in [
            LexiconError::NotALexicon,
            LexiconError::Version { expected: 3, got: 9 },
            LexiconError::Missing("x"),
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
    }

    #[test]
    fn a_chain_is_said_cause_by_cause() {
        let err = anyhow::Error::from(LexiconError::NotALexicon).context("x.lex");
        let causes: Vec<Option<String>> = err.chain().map(|c| cause(c, Lang::Es)).collect();
        assert_eq!(causes[0], None);
        assert_eq!(
            causes[1].as_deref(),
            Some("no es un fichero de léxico de Lexico (número mágico incorrecto)")
        );
        assert!(err.chain().all(|c| cause(c, Lang::En).is_none()));
    }

    #[test]
    fn lookup_errors_are_said_from_their_fields() {
        let e = StoreError::NotInstalled { name: "FISE-9".into(), dir: "/d".into() };
        let es = said(&e, Lang::Es);
        assert!(
            es.starts_with("ningún léxico instalado") && es.contains("'FISE-9'") && es.contains("/d"),
            "{es}"
        );
        let e = StoreError::Unsigned { path: "x.lex".into(), keys: 1 };
        assert!(said(&e, Lang::Es).starts_with("x.lex: sin firma"), "{}", said(&e, Lang::Es));
        assert!(said(&e, Lang::En).starts_with("x.lex: unsigned, and 1 key is trusted"));
    }

    #[test]
    fn signers_are_named_in_the_language() {
        assert_eq!(signer(&Signer::Embedded, Lang::Es), "incluido en el binario");
        assert_eq!(signer(&Signer::Unsigned, Lang::Es), "sin firma");
        assert_eq!(signer(&Signer::Unsigned, Lang::En), "unsigned");
        let key = Signer::Key { id: "AB".into(), comment: "FISE".into() };
        assert_eq!(signer(&key, Lang::Es), "clave AB (FISE)");
        assert_eq!(signer(&key, Lang::En), key.to_string());
    }

    #[test]
    fn every_finding_of_an_explanation_gets_a_sentence() {
        let enclitics = lexico_lexicon::Enclitics {
            article: "17.5".into(),
            pronouns: vec!["LO".into(), "ME".into()],
            restore: vec![],
        };
        let data = ExplainData {
            enclitics: Some(enclitics),
            no_tile_article: "11".into(),
            ..ExplainData::default()
        };
        let lex =
            lexico_lexicon::Lexicon::from_words_explained(["casa", "da", "dame"], data.clone()).unwrap();
        for word in ["casa", "k", "c", "dámelo", "casita"] {
            let e = lexico_lexicon::explain(&lex, word).unwrap();
            let es = explanation(&e, Lang::Es, &data);
            assert_eq!(es.len(), e.lines.len(), "{word}");
            assert!(
                es.iter().all(|s| s.starts_with("Válida") || s.starts_with("Inválida")),
                "{word}: {es:?}"
            );
        }
        let es = explanation(&lexico_lexicon::explain(&lex, "k").unwrap(), Lang::Es, &data);
        assert!(es[0].contains("art. 11"), "{es:?}");
        let es = explanation(&lexico_lexicon::explain(&lex, "dámelo").unwrap(), Lang::Es, &data);
        assert!(es[0].contains("(art. 17.5)"), "{es:?}");
    }

    #[test]
    fn verb_notes_are_said_in_spanish_when_the_rule_set_gives_them() {
        let note = |value: &str, en: &str, es: &str| CodeNote {
            field: lexico_lexicon::CodeField::Model,
            value: value.into(),
            note: en.into(),
            note_es: es.into(),
        };
        let codes =
            [note("88", "regional Spanish verb", "verbo regional español"), note("99", "obsolete", "")];
        let d = |model: u8| Derivation {
            entry: 1,
            source: None,
            entry_info: Some(lexico_lexicon::EntryInfo {
                lemma: "amar".into(),
                homograph: None,
                kind: lexico_lexicon::EntryKind::Verb(lexico_lexicon::VerbInfo {
                    model,
                    class: 1,
                    property: '.',
                    forms: None,
                    undone_at: None,
                }),
            }),
            slot: lexico_lexicon::SlotInfo::default(),
        };
        let data = ExplainData { codes: codes.to_vec(), ..ExplainData::default() };
        let es = describe(&d(88), Lang::Es, &data);
        assert!(es.contains("amar (verbo 88-1-.) (verbo regional español)"), "{es}");
        assert!(describe(&d(88), Lang::En, &data).contains("verb 88-1-.-amar (regional Spanish verb)"));
        assert!(describe(&d(99), Lang::Es, &data).contains("(obsolete)"));
    }
}
