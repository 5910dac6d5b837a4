//! `lexico explain` (and `lexico valid --explain`): why each word is in or out.
//!
//! A valid word is explained by every derivation the lexicon records for it. An invalid word gets
//! the most specific reason that can be checked, first: a letter with no tile, two tiles typed
//! apart where one tile is spelled the same (`[C][H]URRO`), a form the rules generated and
//! rejected, an analysis as a verb form with enclitic pronouns (17.5), a length out of bounds,
//! and last "not in the sources". Nothing is guessed: a lexicon without provenance
//! gets the checkable part of the answer and says what it cannot tell. A word with a character
//! that is no tile gets an error row, and the words after it are explained all the same.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::{Derivation, Lexicon, SlotInfo};
use lexico_tiles::{Tile, TileError, Word};
use serde_json::json;

use crate::cmd::valid::{judge_word, separate_tiles, Verdict, SEPARATE_TILES};
use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Fields, Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Words to explain (any notation); with none, one word per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    run_words(&lex, &args.words, args.format)
}

/// The fields of `explain`'s records.
const FIELDS: Fields = Fields {
    input: "word",
    names: &["word", "valid", "reason", "explanation", "derivations", "enclitics", "error"],
};

/// Explains each word of `words` (or of standard input); exit 0 if all are valid, 1 if not, 2
/// if some word could not be read.
pub fn run_words(lex: &Lexicon, words: &[OsString], format: Format) -> Result<ExitCode> {
    let mut out = Out::new(format);
    let mut all_valid = true;
    let errors = input::each(words, &mut out, &FIELDS, |text, out| {
        let e = explain(lex, text).map_err(input::bad)?;
        all_valid &= e.valid;
        print(out, &e)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}

/// What kind of form a slot made, for explanations and diffs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Lemma,
    Feminine,
    Plural,
    VerbForm,
    /// The lexicon was built from a plain word list: it does not know.
    Unknown,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Lemma => "lemma",
            Kind::Feminine => "feminine",
            Kind::Plural => "plural",
            Kind::VerbForm => "verb form",
            Kind::Unknown => "unknown",
        }
    }
}

/// The kind of form a slot names: the non-verb engine's `lemma`, `feminine` and `plural`, the
/// plain lists' `word`, and the paradigm cells of verbs for everything else.
pub fn kind_of(slot: &SlotInfo) -> Kind {
    match slot.slot.as_str() {
        "lemma" => Kind::Lemma,
        "feminine" => Kind::Feminine,
        "plural" => Kind::Plural,
        "word" | "" => Kind::Unknown,
        _ => Kind::VerbForm,
    }
}

/// A reading of an invalid word as a verb form followed by enclitic pronouns.
#[derive(Clone, Debug)]
pub struct Enclitic {
    /// The verb form, as the lexicon spells it.
    pub base: String,
    /// The pronouns, in order.
    pub pronouns: Vec<&'static str>,
    /// The spelling adjustment undone (`d` of AMAD + OS, `s` of AMEMOS + NOS), if any.
    pub restored: Option<&'static str>,
    /// How the base is a verb form, when the lexicon records it.
    pub derivation: Option<Derivation>,
}

/// Everything said about one word.
pub struct Explanation {
    pub word: String,
    pub valid: bool,
    /// One word for scripts: `listed`, `rejected-form`, `enclitic`, `no-tile`,
    /// `separate-tiles`, `too-short`, `too-long`, `unlisted`.
    pub reason: &'static str,
    /// The derivations of a valid word, or the rejections of a generated form.
    pub derivations: Vec<Derivation>,
    pub enclitics: Vec<Enclitic>,
    /// The sentences of the explanation, most specific first.
    pub lines: Vec<String>,
}

/// The enclitic pronouns of 17.5, longest first so LOS is tried before OS.
const PRONOUNS: [&str; 11] = ["LOS", "LAS", "LES", "NOS", "ME", "TE", "SE", "LO", "LA", "LE", "OS"];

/// Explains one typed word. Fails only on a character that is neither a tile nor a letter.
pub fn explain(lex: &Lexicon, text: &str) -> Result<Explanation, TileError> {
    let mut tiles = Word::new();
    let (word, verdict) = judge_word(lex, text, &mut tiles)?;
    let mut e = Explanation {
        word,
        valid: verdict == Verdict::Valid,
        reason: "listed",
        derivations: Vec::new(),
        enclitics: Vec::new(),
        lines: Vec::new(),
    };
    match verdict {
        Verdict::Valid => {
            match lex.derivations(&tiles) {
                Ok(ds) if !ds.is_empty() => {
                    e.lines = ds.iter().map(|d| format!("in: {}", describe(d))).collect();
                    e.derivations = ds;
                }
                _ => e.lines.push("in: listed (this lexicon records no provenance for it)".into()),
            }
            return Ok(e);
        }
        Verdict::Invalid("no-tile") => {
            e.reason = "no-tile";
            e.lines.push(format!(
                "out: {} has a letter with no tile in the set (K and W have none; art. 11; game art. 10.1)",
                e.word
            ));
            return Ok(e);
        }
        Verdict::Invalid(SEPARATE_TILES) => {
            e.reason = SEPARATE_TILES;
            let why = separate_tiles(lex.tiles(), &tiles).unwrap_or_default();
            e.lines.push(format!("out: {why}"));
            return Ok(e);
        }
        Verdict::Invalid(_) => {}
    }
    let rejections = lex.rejections(&tiles).unwrap_or_default();
    if !rejections.is_empty() {
        e.reason = "rejected-form";
        e.lines.extend(
            rejections
                .iter()
                .map(|d| format!("out: the rules generated it and rejected it: {}", describe(d))),
        );
        e.derivations = rejections;
    }
    e.enclitics = enclitics(lex, &tiles);
    for a in &e.enclitics {
        if e.reason == "listed" {
            e.reason = "enclitic";
        }
        e.lines.push(describe_enclitic(&e.word, a));
    }
    let (min, max) = match lex.manifest() {
        Ok(m) => (m.min_tiles as usize, m.max_tiles as usize),
        Err(_) => (2, 15),
    };
    if tiles.len() < min || tiles.len() > max {
        if e.reason == "listed" {
            e.reason = if tiles.len() < min { "too-short" } else { "too-long" };
        }
        let n = tiles.len();
        let unit = if n == 1 { "tile" } else { "tiles" };
        e.lines.push(format!("out: {n} {unit}; words have {min} to {max} tiles"));
    }
    if e.reason == "listed" {
        e.reason = "unlisted";
        e.lines.push(
            "out: not in the sources of this lexicon, and no rule generated it; diminutives, \
             augmentatives, superlatives and other derived words are valid only when the sources \
             list them (section 4)"
                .into(),
        );
    }
    Ok(e)
}

/// One derivation in a sentence: slot, entry, rule, article, reason, source line.
pub fn describe(d: &Derivation) -> String {
    let mut s = d.slot.slot.clone();
    if let Some(text) = &d.entry_text {
        s.push_str(&format!(" of {text}"));
        let notes = entry_notes(text);
        if !notes.is_empty() {
            s.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    s.push_str(&format!(", rule {}", d.slot.rule));
    if !d.slot.article.is_empty() {
        s.push_str(&format!(" (art. {})", d.slot.article));
    }
    if !d.slot.reason.is_empty() {
        s.push_str(&format!(": {}", d.slot.reason));
    }
    if let Some((path, line)) = &d.source {
        s.push_str(&format!("; {path}:{line}"));
    }
    s
}

/// What the classified verb list's code (`MM-C-P-infinitive`) says about a verb, with the article
/// of section 17 that treats each class.
fn entry_notes(text: &str) -> Vec<&'static str> {
    let Some(code) = text.strip_prefix("verb ") else {
        return Vec::new();
    };
    let parts: Vec<&str> = code.splitn(4, '-').collect();
    let [model, class, property, _] = parts[..] else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    match model {
        "88" => notes.push("regional Spanish verb, art. 17.11"),
        "99" => notes.push("obsolete or germanía verb, art. 17.7"),
        _ => {}
    }
    match class {
        "1" => notes.push("transitive"),
        "2" => notes.push("intransitive"),
        "3" | "4" | "5" => notes.push("pronominal verb, art. 17.10"),
        _ => {}
    }
    match property {
        "D" => notes.push("defective, art. 17.6"),
        "I" => notes.push("impersonal, art. 17.8"),
        _ => {}
    }
    notes
}

fn describe_enclitic(word: &str, a: &Enclitic) -> String {
    let mut s = format!("out: {word} = {} + {}", a.base, a.pronouns.join(" + "));
    if let Some(letter) = a.restored {
        s.push_str(&format!(" (the {letter} of {} drops before the pronoun)", a.base));
    }
    s.push_str(": a verb form with enclitic pronouns counts as several words (art. 17.5");
    match &a.derivation {
        Some(d) => s.push_str(&format!("); {} is {}", a.base, describe(d))),
        None => s.push_str(&format!(
            "), if {} is a verb form: this lexicon does not record which words are verb forms",
            a.base
        )),
    }
    s
}

/// Every reading of `word` as a valid verb form followed by one to three enclitic pronouns.
fn enclitics(lex: &Lexicon, word: &[Tile]) -> Vec<Enclitic> {
    let set = lex.tiles();
    let parse = |s: &str| set.parse_word(s).ok();
    let pronouns: Vec<(&'static str, Word)> = PRONOUNS.iter().filter_map(|&p| Some((p, parse(p)?))).collect();
    let (Some(d), Some(s)) = (set.tile_named("D"), set.tile_named("S")) else {
        return Vec::new();
    };
    let vowels: Vec<Tile> = ["A", "E", "I", "O", "U"].iter().filter_map(|v| set.tile_named(v)).collect();
    let mo = parse("MO").unwrap_or_default();
    let mut out: Vec<Enclitic> = Vec::new();
    // (remaining word, pronouns stripped so far, innermost first)
    let mut todo: Vec<(Word, Vec<&'static str>)> = vec![(word.to_vec(), Vec::new())];
    while let Some((rest, stripped)) = todo.pop() {
        if stripped.len() == 3 {
            continue;
        }
        for (p, ptiles) in &pronouns {
            let Some(base) = rest.strip_suffix(ptiles.as_slice()) else { continue };
            if base.len() < 2 {
                continue;
            }
            let mut prons = vec![*p];
            prons.extend(stripped.iter().copied());
            // Before OS the d of the imperative drops (AMAD + OS = AMAOS): after a vowel only
            // the restored form is a reading.
            // It stays only in IDOS (ID + OS), so MEDRADOS is no MEDRAD + OS.
            let mut candidates = vec![(base.to_vec(), None)];
            if *p == "OS" && base.last().is_some_and(|t| vowels.contains(t)) {
                candidates = vec![([base, &[d]].concat(), Some("d"))];
            } else if *p == "OS" && base.last() == Some(&d) && base.len() > 2 {
                candidates.clear();
            }
            if (*p == "NOS" || *p == "SE") && base.ends_with(&mo) {
                candidates.push(([base, &[s]].concat(), Some("s")));
            }
            for (cand, restored) in candidates {
                if let Some(derivation) = verb_form(lex, &cand) {
                    let spelled = set.spell(&cand);
                    if !out.iter().any(|a| a.base == spelled && a.pronouns == prons) {
                        out.push(Enclitic { base: spelled, pronouns: prons.clone(), restored, derivation });
                    }
                }
            }
            todo.push((base.to_vec(), prons));
        }
    }
    // Fewer pronouns first, then the longer base.
    out.sort_by(|a, b| a.pronouns.len().cmp(&b.pronouns.len()).then(b.base.len().cmp(&a.base.len())));
    out
}

/// `Some(how)` when `word` is a valid verb form, `Some(None)` when it is valid but the lexicon
/// does not say what it is, `None` when it is not a valid verb form.
fn verb_form(lex: &Lexicon, word: &[Tile]) -> Option<Option<Derivation>> {
    if !lex.contains(word) {
        return None;
    }
    match lex.derivations(word) {
        Ok(ds) => {
            if let Some(d) = ds.iter().find(|d| kind_of(&d.slot) == Kind::VerbForm) {
                Some(Some(d.clone()))
            } else if !ds.is_empty() && ds.iter().all(|d| kind_of(&d.slot) == Kind::Unknown) {
                Some(None)
            } else {
                None
            }
        }
        Err(_) => Some(None),
    }
}

fn derivation_json(d: &Derivation) -> serde_json::Value {
    json!({
        "entry": d.entry,
        "entry_text": d.entry_text,
        "slot": d.slot.slot,
        "kind": kind_of(&d.slot).name(),
        "rule": d.slot.rule,
        "article": d.slot.article,
        "reason": d.slot.reason,
        "source": d.source.as_ref().map(|(p, _)| p.clone()),
        "line": d.source.as_ref().map(|(_, l)| *l),
    })
}

/// Prints an explanation: in text, the verdict line then one indented line per reason.
pub fn print(out: &mut Out, e: &Explanation) -> Result<()> {
    let verdict = if e.valid { "valid" } else { "invalid" };
    let mut text = format!("{}\t{verdict}\t{}", e.word, e.reason);
    for line in &e.lines {
        text.push_str("\n  ");
        text.push_str(line);
    }
    let derivations = serde_json::Value::Array(e.derivations.iter().map(derivation_json).collect());
    let enclitics = serde_json::Value::Array(
        e.enclitics
            .iter()
            .map(|a| {
                json!({
                    "base": a.base,
                    "pronouns": a.pronouns,
                    "restored": a.restored,
                    "article": "17.5",
                    "derivation": a.derivation.as_ref().map(derivation_json),
                })
            })
            .collect(),
    );
    out.record(
        &text,
        &[
            ("word", Value::Str(&e.word)),
            ("valid", Value::Bool(e.valid)),
            ("reason", Value::Str(e.reason)),
            ("explanation", Value::Str(&e.lines.join(" | "))),
            ("derivations", Value::Json(derivations)),
            ("enclitics", Value::Json(enclitics)),
            ("error", Value::Null),
        ],
    )?;
    Ok(())
}
