//! The one renderer: what typed values say to people, in the catalogue's words ([`crate::i18n`]),
//! in Spanish or English: a word's explanation ([`explanation`], [`describe`], [`entry`]), the
//! errors about input (a word, a rack, a pattern, a lexicon file; [`Localize`]), who vouches for
//! a lexicon ([`signer`]), why two tiles typed apart are not one ([`separate_tiles`]), whether a
//! word meets a Scrabble Dash card ([`dash_verdict`], [`dash`]).
//!
//! Each error type keeps its English `Display`, which CSV and JSON records keep in their `error`
//! field; [`Localize`] says the same thing from the typed fields in another language. No message
//! is recognised by its text.

use std::io;

use lexico_lexicon::query::{PatternProblem, QueryError, StudyError};
use lexico_lexicon::{
    CodeField, CodeNote, Derivation, EntryInfo, EntryKind, ExplainData, FormKind, LexiconError,
};
use lexico_tiles::{quoted, shown, TileError, TileSet};

use crate::dash::{Card, Cards, DashError, Judgement, Letter, Verdict as DashVerdict, Why};
use crate::explain::{ExplainError, Explanation, Finding};
use crate::i18n::{msg, Arg, Lang};
use crate::{PlayVerdict, Signer};

/// A value with words in the catalogues.
pub trait Localize: std::fmt::Display {
    /// The message in `lang`.
    fn localize(&self, lang: Lang) -> String;
}

/// A message of the catalogues without arguments, with its English words for `Display`.
pub struct Text {
    /// The message's id.
    pub id: &'static str,
    /// Its English words, as the English catalogue has them.
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
            StudyError::Star => msg(lang, "error-star-in-rack", &[]),
            StudyError::BingoType(text) => msg(lang, "error-bingo-type", &[("text", Arg::Str(text))]),
            StudyError::ProbabilityBlanks { got, max } => msg(
                lang,
                "error-probability-blanks",
                &[("got", Arg::Num(u64::from(*got))), ("max", Arg::Num(u64::from(*max)))],
            ),
            StudyError::TileSets { condition } => {
                msg(lang, "error-condition-tile-sets", &[("condition", Arg::Str(condition))])
            }
            StudyError::Lexicon(e) => e.localize(lang),
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

impl Localize for DashError {
    fn localize(&self, lang: Lang) -> String {
        match self {
            // A malformed card table: its own message, with its place.
            DashError::Table { .. } => self.to_string(),
            DashError::UnknownCard { typed, cards } => msg(
                lang,
                "error-dash-unknown-card",
                &[("typed", Arg::Str(typed)), ("cards", Arg::Str(&cards.join(", ")))],
            ),
            DashError::Length { typed, min, max } => msg(
                lang,
                "error-dash-length",
                &[("typed", Arg::Str(typed)), ("min", n(*min)), ("max", n(*max))],
            ),
            DashError::NotALetterCard { typed, letter } => msg(
                lang,
                "error-dash-not-a-letter-card",
                &[("typed", Arg::Str(typed)), ("letter", Arg::Str(letter))],
            ),
            DashError::NotAVowel { typed, letter } => msg(
                lang,
                "error-dash-not-a-vowel",
                &[("typed", Arg::Str(typed)), ("letter", Arg::Str(letter))],
            ),
            DashError::HandTooLong { got, max } => {
                msg(lang, "error-dash-hand-too-long", &[("got", n(*got)), ("max", n(*max))])
            }
            DashError::HandNoCard { column, text } => {
                msg(lang, "error-dash-hand-no-card", &[("column", n(*column)), ("text", Arg::Str(text))])
            }
            DashError::HandEmpty => msg(lang, "error-dash-hand-empty", &[]),
            DashError::NotALetter { column, text } => {
                msg(lang, "error-dash-not-a-letter", &[("column", n(*column)), ("text", Arg::Str(text))])
            }
            DashError::Tile(e) => e.localize(lang),
            DashError::NoVerbs => msg(lang, "error-dash-no-verbs", &[]),
            DashError::CannotTellVerb { word } => {
                msg(lang, "error-dash-cannot-tell-verb", &[("word", Arg::Str(word))])
            }
            DashError::NoProperNames => msg(lang, "error-dash-no-proper-names", &[]),
            DashError::ListNeedsHand => msg(lang, "error-dash-list-needs-hand", &[]),
            DashError::Lexicon(e) => e.localize(lang),
        }
    }
}

/// A Dash verdict as one word or two of `lang`: `meets`, `does not meet`, `players decide`
/// (`cumple`, `no cumple`, `deciden los jugadores`).
pub fn dash_verdict(verdict: &DashVerdict, lang: Lang) -> String {
    let id = match verdict {
        DashVerdict::Meets => "dash-meets",
        DashVerdict::Fails(_) => "dash-fails",
        DashVerdict::PlayersDecide => "dash-players-decide",
    };
    msg(lang, id, &[])
}

/// What a Dash judgement says after its verdict, in `lang`, for the `card` it answers: what the
/// word meets (`4 cards`, `a form of the verb deber`), why it fails (`5 cards, not 4`, `needs
/// an X card, which Dash does not have`, `the hand lacks E·L`), or that the players decide.
///
/// ```
/// use lexico_answers::dash::Dash;
/// use lexico_answers::{say, Lang};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["queso", "taxi"])?;
/// let dash = Dash::new(&lex, "Palabra de 5 letras", None)?;
/// assert_eq!(say::dash(&dash.judge("queso")?, dash.cards(), dash.card(), Lang::En), "4 cards, not 5");
/// assert_eq!(say::dash(&dash.judge("queso")?, dash.cards(), dash.card(), Lang::Es), "4 cartas, no 5");
/// assert_eq!(say::dash(&dash.judge("taxi")?, dash.cards(), dash.card(), Lang::En), "needs an X card, which Dash does not have");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dash(j: &Judgement, cards: &Cards, card: Card, lang: Lang) -> String {
    let count = j.cards.as_ref().map_or(0, Vec::len);
    let letter = card.letter().map_or("", |l| cards.spell(l));
    let at = |end: bool| -> &str {
        let laid = j.cards.as_deref().unwrap_or_default();
        let l: Option<&Letter> = if end { laid.last() } else { laid.first() };
        l.map_or("", |&l| cards.spell(l))
    };
    match &j.verdict {
        DashVerdict::Meets => match card {
            Card::Length(_) => msg(lang, "dash-meets-length", &[("count", n(count))]),
            Card::Verb => match &j.lemma {
                Some(lemma) => msg(lang, "dash-meets-verb-of", &[("lemma", Arg::Str(lemma))]),
                None => msg(lang, "dash-meets-verb", &[]),
            },
            Card::StartsWith(_) => msg(lang, "dash-meets-starts", &[("letter", Arg::Str(letter))]),
            Card::EndsWith(_) => msg(lang, "dash-meets-ends", &[("letter", Arg::Str(letter))]),
            Card::Contains(_) => msg(lang, "dash-meets-contains", &[("letter", Arg::Str(letter))]),
            Card::ProperName => msg(lang, "dash-players-decide-why", &[]),
        },
        DashVerdict::PlayersDecide => msg(lang, "dash-players-decide-why", &[]),
        DashVerdict::Fails(why) => match why {
            Why::NotAWord(reason) => msg(lang, "dash-not-a-word", &[("reason", Arg::Str(reason.name()))]),
            Why::NoCard(l) => msg(lang, "dash-no-card", &[("letter", Arg::Str(l))]),
            Why::Count => {
                let wanted = match card {
                    Card::Length(w) => w as usize,
                    _ => 0,
                };
                msg(lang, "dash-count", &[("count", n(count)), ("wanted", n(wanted))])
            }
            Why::FirstCard => {
                msg(lang, "dash-first-card", &[("letter", Arg::Str(letter)), ("first", Arg::Str(at(false)))])
            }
            Why::LastCard => {
                msg(lang, "dash-last-card", &[("letter", Arg::Str(letter)), ("last", Arg::Str(at(true)))])
            }
            Why::NoLetter => msg(lang, "dash-no-letter", &[("letter", Arg::Str(letter))]),
            Why::NotAVerb => msg(lang, "dash-not-a-verb", &[]),
            Why::NotInHand(missing) => {
                let missing = cards.spell_all(missing);
                match card.letter() {
                    Some(_) => msg(
                        lang,
                        "dash-not-in-hand-letter",
                        &[("cards", Arg::Str(&missing)), ("letter", Arg::Str(letter))],
                    ),
                    None => msg(lang, "dash-not-in-hand", &[("cards", Arg::Str(&missing))]),
                }
            }
        },
    }
}

/// Who vouches for a lexicon, in `lang`: `incluido en el binario`, `sin firma`, `clave ID`.
pub fn signer(s: &Signer, lang: Lang) -> String {
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

/// A play's verdict as a judge station shows it, large, in `lang`: `JUGADA ACEPTABLE`,
/// `JUGADA INACEPTABLE`, `JUGADA ILEGIBLE`.
pub fn play_verdict(verdict: PlayVerdict, lang: Lang) -> String {
    let id = match verdict {
        PlayVerdict::Acceptable => "verdict-acceptable",
        PlayVerdict::Unacceptable => "verdict-unacceptable",
        PlayVerdict::Error => "verdict-unreadable",
    };
    msg(lang, id, &[])
}

/// Why a word of tiles `word` is [`Reason::SeparateTiles`](crate::Reason::SeparateTiles), in
/// `lang`: `C and H are separate tiles here; CH is one tile`; `None` when no two of its tiles
/// spell one.
///
/// ```
/// use lexico_answers::{say, Lang};
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let word = set.parse_word("[C][H]URRO")?;
/// assert_eq!(
///     say::separate_tiles(&set, &word, Lang::En).as_deref(),
///     Some("C and H are separate tiles here; CH is one tile")
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn separate_tiles(set: &TileSet, word: &[u8], lang: Lang) -> Option<String> {
    let (i, joined) = set.split_digraph(word)?;
    let name = |t| Arg::Str(set.name(t));
    let args = [("first", name(word[i])), ("second", name(word[i + 1])), ("joined", name(joined))];
    Some(msg(lang, "term-separate-tiles", &args))
}

/// An article as `lang` cites it: `art. 18.4.1` for an article of the regulation (a number),
/// else the name of the part of another text as the rule set writes it (`game art. 10.1`), in
/// Spanish as the rule set's `[articles_es]` gives it (`data`).
fn cite(article: &str, lang: Lang, data: &ExplainData) -> String {
    let article = data.article(article, lang != Lang::En);
    match article.chars().next() {
        Some(c) if c.is_ascii_digit() => msg(lang, "derivation-article", &[("article", Arg::Str(article))]),
        _ => article.to_string(),
    }
}

/// The sentences of an explanation in `lang`, one per finding, most specific first: what
/// `lexico explain` prints, the arbiter's page shows and CSV and JSON records keep (in English).
/// `data` is what the lexicon's rule set says of the articles and verb codes (its manifest's
/// `explain`).
pub fn explanation(e: &Explanation, lang: Lang, data: &ExplainData) -> Vec<String> {
    let t = |id: &str, args: &[(&str, Arg)]| msg(lang, id, args);
    let how = |d: &Derivation| describe(d, lang, data);
    let mut out = Vec::with_capacity(e.findings.len());
    for f in &e.findings {
        out.push(match f {
            Finding::Listed(i) => t("explain-listed", &[("how", Arg::Str(&how(&e.derivations[*i])))]),
            Finding::ListedBare => t("explain-listed-bare", &[]),
            Finding::NoTile => {
                let cite = match data.no_tile_article.as_str() {
                    "" => String::new(),
                    article => format!(" ({})", cite(article, lang, data)),
                };
                t("explain-no-tile", &[("word", Arg::Str(&e.word)), ("cite", Arg::Str(&cite))])
            }
            Finding::SeparateTiles { first, second, joined } => t(
                "explain-separate-tiles",
                &[("first", Arg::Str(first)), ("second", Arg::Str(second)), ("joined", Arg::Str(joined))],
            ),
            Finding::Rejected(i) => t("explain-rejected", &[("how", Arg::Str(&how(&e.derivations[*i])))]),
            Finding::Enclitic(i) => {
                let a = &e.enclitics[*i];
                let base = Arg::Str(&a.base);
                let restored = match a.restored.as_deref() {
                    Some(letter) => {
                        t("explain-enclitic-restored", &[("letter", Arg::Str(letter)), ("base", base)])
                    }
                    None => String::new(),
                };
                let reading = match &a.derivation {
                    Some(d) => {
                        t("explain-enclitic-base", &[("base", Arg::Str(&a.base)), ("how", Arg::Str(&how(d)))])
                    }
                    None => t("explain-enclitic-unknown", &[("base", Arg::Str(&a.base))]),
                };
                t(
                    "explain-enclitic",
                    &[
                        ("word", Arg::Str(&e.word)),
                        ("base", Arg::Str(&a.base)),
                        ("pronouns", Arg::Str(&a.pronouns.join(" + "))),
                        ("article", Arg::Str(&a.article)),
                        ("restored", Arg::Str(&restored)),
                        ("reading", Arg::Str(&reading)),
                    ],
                )
            }
            Finding::Length { tiles, min, max } => {
                t("explain-length", &[("tiles", n(*tiles)), ("min", n(*min)), ("max", n(*max))])
            }
            Finding::Unlisted => t("explain-unlisted", &[]),
        });
    }
    out
}

/// Returns true if and only if `d` takes a word from a source list as it is, by no rule of the
/// regulation: a word of a kind no rule names, of no entry, citing no article.
pub fn from_list(d: &Derivation) -> bool {
    d.slot.kind == FormKind::Unknown && d.entry_info.is_none() && d.slot.article.is_empty()
}

/// One derivation in `lang`: slot, entry (with what the verb list says of a verb), rule,
/// article, the rule's reason, source line. In English the slot names, articles and reasons are
/// the rule set's as they are; in another language the kind of form (but a verb form's cell)
/// and of entry are the catalogue's words ([`entry`]), the reason and any article that names
/// another regulation the rule set's Spanish (`reason_es`, `[articles_es]` of `explain.toml`),
/// falling back to its English where a lexicon records none. Rule ids stay ids, but for a word
/// taken from a list as it is, which only the English names by the id of no rule (`raw-list`).
pub fn describe(d: &Derivation, lang: Lang, data: &ExplainData) -> String {
    let spanish = lang != Lang::En;
    let slot = match (spanish, d.slot.kind) {
        (false, _) | (true, FormKind::VerbForm) => d.slot.slot.clone(),
        (true, kind) => msg(lang, &format!("slot-{}", kind.name().replace(' ', "-")), &[]),
    };
    let mut s = match &d.entry_info {
        Some(info) => {
            let entry = entry(info, lang);
            msg(lang, "derivation-of", &[("slot", Arg::Str(&slot)), ("entry", Arg::Str(&entry))])
        }
        None => slot,
    };
    if let Some(info) = &d.entry_info {
        // The rule set's words for the codes: in Spanish when it gives them.
        let note = |c: &CodeNote| match lang {
            Lang::Es if !c.note_es.is_empty() => c.note_es.clone(),
            _ => c.note.clone(),
        };
        let notes: Vec<String> = verb_notes(info, &data.codes).into_iter().map(note).collect();
        if !notes.is_empty() {
            s.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    if !(spanish && from_list(d)) {
        s.push_str(", ");
        s.push_str(&msg(lang, "derivation-rule", &[("rule", Arg::Str(&d.slot.rule))]));
    }
    if !d.slot.article.is_empty() {
        s.push_str(&format!(" ({})", cite(&d.slot.article, lang, data)));
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

/// What the rule set says (`codes`) of the codes of a classified verb list's entry: the model's,
/// then the class's, then the property's notes; nothing for another kind of entry.
///
/// ```
/// use lexico_answers::say::verb_notes;
/// use lexico_lexicon::{CodeField, CodeNote, EntryInfo, EntryKind, VerbInfo};
///
/// let note = |field, value: &str, text: &str| CodeNote {
///     field,
///     value: value.into(),
///     note: text.into(),
///     ..CodeNote::default()
/// };
/// let codes = [note(CodeField::Model, "88", "regional"), note(CodeField::Class, "1", "transitive")];
/// let code = VerbInfo { model: 88, class: 1, property: '.', forms: None, undone_at: None };
/// let amar = EntryInfo { lemma: "amar".into(), homograph: None, kind: EntryKind::Verb(code) };
/// let notes: Vec<&str> = verb_notes(&amar, &codes).iter().map(|c| c.note.as_str()).collect();
/// assert_eq!(notes, ["regional", "transitive"]);
/// let casa = EntryInfo { lemma: "casa".into(), homograph: None, kind: EntryKind::LemmaRow };
/// assert!(verb_notes(&casa, &codes).is_empty());
/// ```
pub fn verb_notes<'c>(entry: &EntryInfo, codes: &'c [CodeNote]) -> Vec<&'c CodeNote> {
    let EntryKind::Verb(verb) = &entry.kind else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    for field in [CodeField::Model, CodeField::Class, CodeField::Property] {
        let value = verb.code(field);
        notes.extend(codes.iter().filter(|c| c.field == field && c.value == value));
    }
    notes
}

/// A source entry in `lang`, from its typed fields: `verb 00-2-I-ventiscar`, `non-verb abacero
/// abacera`, `update added-variable boy`; in Spanish `ventiscar (verbo 00-2-I)`, `abacero
/// abacera (no verbo)`, `boy (lista de actualización: alta, variable en número)`.
///
/// ```
/// use lexico_answers::{say, Lang};
/// use lexico_lexicon::provenance::{EntryInfo, EntryKind, VerbInfo};
///
/// let code = VerbInfo { model: 8, class: 1, property: 'P', forms: Some("absuelto".into()), undone_at: None };
/// let verb = EntryInfo { lemma: "absolver".into(), homograph: None, kind: EntryKind::Verb(code) };
/// assert_eq!(say::entry(&verb, Lang::En), "verb 08-1-P-absolver(absuelto)");
/// assert_eq!(say::entry(&verb, Lang::Es), "absolver (verbo 08-1-P) con absuelto");
/// ```
pub fn entry(info: &EntryInfo, lang: Lang) -> String {
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

/// The verdict of a cell of a verb's paradigm (`explain --paradigm`): valid by which rule, or
/// refused by which rule and why, and whether another entry makes the form valid all the same.
///
/// ```
/// use lexico_answers::{say, Lang, ParadigmCell};
/// let cell = ParadigmCell { verb: "abacorar".into(), entry: 1, slot: "part.fp".into(), form: "ABACORADAS".into(),
///     valid: false, rule: "participle-non-transitive".into(), article: "17.4".into(),
///     reason: "not transitive".into(), reason_es: "no transitivo".into(), valid_elsewhere: false };
/// assert_eq!(say::paradigm_cell(&cell, Lang::Es), "rechazada: regla participle-non-transitive (art. 17.4): no transitivo");
/// ```
pub fn paradigm_cell(c: &crate::ParadigmCell, lang: Lang) -> String {
    let rule = match c.article.as_str() {
        "" => msg(lang, "notes-rule", &[("rule", Arg::Str(&c.rule))]),
        article => {
            msg(lang, "notes-rule-article", &[("rule", Arg::Str(&c.rule)), ("article", Arg::Str(article))])
        }
    };
    let reason = if lang == Lang::Es && !c.reason_es.is_empty() { &c.reason_es } else { &c.reason };
    let id = match (c.valid, c.valid_elsewhere) {
        (true, _) => "paradigm-valid",
        (false, false) => "paradigm-refused",
        (false, true) => "paradigm-valid-elsewhere",
    };
    msg(lang, id, &[("rule", Arg::Str(&rule)), ("reason", Arg::Str(reason))])
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
        for e in [
            LexiconError::NotALexicon,
            LexiconError::Version { expected: 3, got: 9 },
            LexiconError::Missing("x"),
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
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
            let e = crate::explain(&lex, word).unwrap();
            let es = explanation(&e, Lang::Es, &data);
            assert_eq!(es.len(), e.findings.len(), "{word}");
            assert!(
                es.iter().all(|s| s.starts_with("Válida") || s.starts_with("Inválida")),
                "{word}: {es:?}"
            );
            let en = explanation(&e, Lang::En, &data);
            assert!(en.iter().all(|s| s.starts_with("in: ") || s.starts_with("out: ")), "{word}: {en:?}");
        }
        let es = explanation(&crate::explain(&lex, "k").unwrap(), Lang::Es, &data);
        assert!(es[0].contains("art. 11"), "{es:?}");
        let dame = crate::explain(&lex, "dámelo").unwrap();
        let es = explanation(&dame, Lang::Es, &data);
        assert!(es[0].contains("(art. 17.5)"), "{es:?}");
        let unknown = "a verb form with enclitic pronouns counts as several words (art. 17.5), if";
        let tail = "is a verb form: this lexicon does not record which words are verb forms";
        assert_eq!(
            explanation(&dame, Lang::En, &data),
            [
                format!("out: DAMELO = DAME + LO: {unknown} DAME {tail}"),
                format!("out: DAMELO = DA + ME + LO: {unknown} DA {tail}"),
            ]
        );
    }

    #[test]
    fn articles_of_other_texts_are_cited_by_name() {
        let mut data = ExplainData::default();
        data.articles_es.insert("game art. 10.1".into(), "10.1 del reglamento de juego".into());
        assert_eq!(cite("18.4.1", Lang::En, &data), "art. 18.4.1");
        assert_eq!(cite("game art. 10.1", Lang::En, &data), "game art. 10.1");
        assert_eq!(cite("game art. 10.1", Lang::Es, &data), "art. 10.1 del reglamento de juego");
        assert_eq!(cite("Vocabulario oficial", Lang::Es, &data), "Vocabulario oficial");
    }

    #[test]
    fn verb_notes_are_said_in_spanish_when_the_rule_set_gives_them() {
        let note = |value: &str, en: &str, es: &str| CodeNote {
            field: CodeField::Model,
            value: value.into(),
            note: en.into(),
            note_es: es.into(),
        };
        let codes =
            [note("88", "regional Spanish verb", "verbo regional español"), note("99", "obsolete", "")];
        let d = |model: u8| Derivation {
            entry: 1,
            source: None,
            entry_info: Some(EntryInfo {
                lemma: "amar".into(),
                homograph: None,
                kind: EntryKind::Verb(lexico_lexicon::VerbInfo {
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

    #[test]
    fn entries_in_english_are_spelled_as_the_explanations_always_spelled_them() {
        use lexico_lexicon::UpdateAction;
        let e = |kind, homograph| EntryInfo { lemma: "boy".into(), homograph, kind };
        assert_eq!(
            entry(&e(EntryKind::Update(UpdateAction::AddedVariable), None), Lang::En),
            "update added-variable boy"
        );
        assert_eq!(
            entry(&e(EntryKind::NonVerb { feminine: Some("boya".into()) }, Some(2)), Lang::En),
            "non-verb boy boya 2"
        );
        assert_eq!(entry(&e(EntryKind::LemmaRow, None), Lang::En), "lemma boy");
        let pos = EntryKind::PosRow { categories: vec!["adv".into(), "interj".into()] };
        assert_eq!(entry(&e(pos, Some(1)), Lang::En), "pos-table boy 1: adv interj");
        let undone = lexico_lexicon::VerbInfo {
            model: 0,
            class: 1,
            property: '.',
            forms: None,
            undone_at: Some(("u.txt".into(), 9)),
        };
        assert_eq!(
            entry(&e(EntryKind::Verb(undone), Some(3)), Lang::En),
            "verb 00-1-.-boy 3, as before the update undone at u.txt:9"
        );
    }
}
