//! `lexico hooks`: the tiles that make a valid word in front of a word or after it. A word with
//! a character that is no tile gets an error row, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::record::{HooksRecord, Spelling};

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// Words, in any notation; with none, one word per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Spell tiles and words with brackets ([CH]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format. Text: front hooks, the word, back hooks, then the hooked words.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `hooks`' records.
const FIELDS: BatchFields =
    BatchFields { input: "word", names: &["word", "valid", "front", "back", "hooked", "error"] };

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let spelling = if args.tiles { Spelling::Brackets } else { Spelling::Natural };
    let mut out = Out::new(args.format);
    let mut any = false;
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let word = lex.tiles().parse_word(text).map_err(input::bad)?;
        let r = HooksRecord::of(&lex, &word, spelling);
        any |= !r.front.is_empty() || !r.back.is_empty();
        // An empty list is a dash in text.
        let list = |items: &[String], line: &mut String| match items.is_empty() {
            true => line.push('-'),
            false => line.push_str(&items.join(" ")),
        };
        out.batch_row(&r, |line| {
            list(&r.front, line);
            line.push('\t');
            line.push_str(&r.word);
            line.push('\t');
            list(&r.back, line);
            line.push('\t');
            list(&r.hooked, line);
        })?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
