//! `lexico explain` (and `lexico valid --explain`): why each word is in or out, as the answers'
//! `explain` says it, printed as text, CSV or JSON. A word with a character that is no tile gets
//! an error row, and the words after it are explained all the same.

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
