//! `lexico explain` (and `lexico valid --explain`): why each word is in or out, as the library's
//! `lexico_lexicon::explain` says it, printed as text, CSV or JSON. A word with a character that
//! is no tile gets an error row, and the words after it are explained all the same.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::{
    explain, kind_of, Derivation, Enclitic, ExplainData, ExplainError, Explanation, Lexicon,
};
use serde_json::json;

use crate::i18n::{msg, Lang};
use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

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
const FIELDS: BatchFields = BatchFields {
    input: "word",
    names: &["word", "valid", "reason", "explanation", "derivations", "enclitics", "error"],
};

/// Explains each word of `words` (or of standard input); exit 0 if all are valid, 1 if not, 2
/// if some word could not be read.
pub fn run_words(lex: &Lexicon, words: &[OsString], format: Format) -> Result<ExitCode> {
    let mut out = Out::new(format);
    let data = &lex.manifest()?.explain;
    let mut all_valid = true;
    let errors = input::each(words, &mut out, &FIELDS, |text, out| {
        // A word that is no word is that input's error row; a damaged lexicon stops the batch.
        let e = explain(lex, text).map_err(|e| match e {
            ExplainError::Input(e) => input::bad(e),
            ExplainError::Damaged(e) => input::Fault::Stop(e.into()),
        })?;
        all_valid &= e.valid;
        print(out, &e, data)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}

/// An enclitic reading as the JSON of `explain` and of the station's API shows it, with the
/// article the lexicon's rule set cites for it.
pub fn enclitic_json(a: &Enclitic) -> serde_json::Value {
    json!({
        "base": a.base,
        "pronouns": a.pronouns,
        "restored": a.restored,
        "article": a.article,
        "derivation": a.derivation.as_ref().map(derivation_json),
    })
}

/// A derivation as the JSON of `explain` and of the station's API shows it.
pub fn derivation_json(d: &Derivation) -> serde_json::Value {
    json!({
        "entry": d.entry,
        "entry_text": d.entry_text(),
        "slot": d.slot.slot,
        "kind": kind_of(&d.slot).name(),
        "rule": d.slot.rule,
        "article": d.slot.article,
        "reason": d.slot.reason,
        "source": d.source.as_ref().map(|(p, _)| p.clone()),
        "line": d.source.as_ref().map(|(_, l)| *l),
    })
}

/// An explanation's record in CSV and JSON: its derivations and enclitic readings nested, as
/// [`derivation_json`] and [`enclitic_json`] give them.
#[derive(serde::Serialize)]
struct Record<'a> {
    word: &'a str,
    valid: bool,
    reason: &'a str,
    /// The sentences, in English, separated by ` | `.
    explanation: String,
    derivations: Vec<serde_json::Value>,
    enclitics: Vec<serde_json::Value>,
}

/// Prints an explanation: in text, the verdict line then one indented line per reason, in the
/// terminal's language (the library's English sentences, or the catalogue's, see
/// `crate::say::explanation`, with what `data`, the lexicon's rule set, says of articles and
/// verb codes); the reason code and the CSV and JSON fields stay English.
pub fn print(out: &mut Out, e: &Explanation, data: &ExplainData) -> Result<()> {
    let record = Record {
        word: &e.word,
        valid: e.valid,
        reason: e.reason,
        explanation: e.lines.join(" | "),
        derivations: e.derivations.iter().map(derivation_json).collect(),
        enclitics: e.enclitics.iter().map(enclitic_json).collect(),
    };
    out.batch_row(&record, |text| {
        let lang = Lang::terminal();
        let verdict = match (lang, e.valid) {
            (Lang::En, true) => "valid".into(),
            (Lang::En, false) => "invalid".into(),
            (lang, valid) => msg(lang, if valid { "term-valid" } else { "term-invalid" }, &[]),
        };
        text.push_str(&format!("{}\t{verdict}\t{}", e.word, e.reason));
        let local;
        let lines = match lang {
            Lang::En => &e.lines,
            lang => {
                local = crate::say::explanation(e, lang, data);
                &local
            }
        };
        for line in lines {
            text.push_str("\n  ");
            text.push_str(line);
        }
    })?;
    Ok(())
}
