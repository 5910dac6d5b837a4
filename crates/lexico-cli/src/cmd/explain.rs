//! `lexico explain` (and `lexico valid --explain`): why each word is in or out, as the answers'
//! `explain` says it, printed as text, CSV or JSON. A word with a character that is no tile gets
//! an error row, and the words after it are explained all the same. With `--paradigm`, every
//! cell of each verb named (`lexico_answers::paradigm`), with its form and verdict.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::{explain, say, ExplainData, ExplainError, Explanation, ExplanationRecord};

use crate::i18n::term;
use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// Words to explain (any notation); with none, one word per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Read the words as verbs (infinitives) and give every cell of each one's paradigm: the
    /// form and its verdict, valid or refused by which rule and article.
    #[arg(long)]
    pub paradigm: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `explain`'s records.
const FIELDS: BatchFields = BatchFields {
    input: "word",
    names: &["word", "valid", "reason", "explanation", "derivations", "enclitics", "error"],
};

/// Explains each word (or each line of standard input); exit 0 if all are valid, 1 if not, 2
/// if some word could not be read.
pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let mut out = Out::new(args.format);
    if args.paradigm {
        return paradigms(&args, &lex, &mut out);
    }
    let data = &lex.manifest()?.explain;
    let mut all_valid = true;
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        // A word that is no word is that input's error row; a damaged lexicon stops the batch.
        let e = explain(&lex, text).map_err(|e| match e {
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

/// Prints an explanation: in text, the verdict line then one indented line per sentence, in
/// the terminal's language (`say::explanation`, with what `data`, the lexicon's rule set, says of
/// articles and verb codes); in CSV and JSON its [`ExplanationRecord`], whose fields stay
/// English.
fn print(out: &mut Out, e: &Explanation, data: &ExplainData) -> Result<()> {
    out.batch_row(&ExplanationRecord::new(e, data), |text| {
        let verdict = if e.valid { term("term-valid", "valid") } else { term("term-invalid", "invalid") };
        text.push_str(&format!("{}\t{verdict}\t{}", e.word, e.reason));
        for line in say::explanation(e, crate::i18n::terminal(), data) {
            text.push_str("\n  ");
            text.push_str(&line);
        }
    })?;
    Ok(())
}

/// `explain --paradigm`: every cell of each verb, one line (or record) a cell; the verdict in
/// the terminal's language in text.
fn paradigms(args: &Args, lex: &lexico_lexicon::Lexicon, out: &mut Out) -> Result<ExitCode> {
    anyhow::ensure!(!args.words.is_empty(), "explain --paradigm needs a verb (an infinitive)");
    let lang = crate::i18n::terminal();
    for verb in &args.words {
        for c in lexico_answers::paradigm(lex, &verb.to_string_lossy())? {
            out.row(&c, |line| {
                let verdict = say::paradigm_cell(&c, lang);
                line.push_str(&format!("{}\t{}\t{}\t{verdict}", c.verb, c.slot, c.form));
            })?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
