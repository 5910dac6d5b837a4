//! `lexico valid`: one verdict per word (one verdict per play with `--judge`: `crate::judge`).
//!
//! A batch judges every line: a word with a character that is no tile gets an error row (see
//! `input::Errors`) and the words after it are judged all the same.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::batch::{Batch, Judged, GROUP};
use lexico_answers::record::ValidRecord;
use lexico_answers::{judge_word, say, Reason, Verdict};
use lexico_lexicon::Lexicon;
use lexico_tiles::{TileSet, Word};

use crate::input::{self, Errors, Place};
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// Words to check (any notation: CHURRO, [CH]U[RR]O, 1U3O, ÇURRO); with none, one word per
    /// line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Judge the words as one play: a single ACCEPTABLE or UNACCEPTABLE line that never says
    /// which word failed, with the lexicon's name, edition and checksum. With no words, each line
    /// of standard input is a play (words separated by spaces or commas), answered as it arrives.
    #[arg(long, conflicts_with = "explain")]
    pub judge: bool,
    /// Say why each word is in (entry, slot, rule, article, source line) or out (the most
    /// specific reason first); the same as `lexico explain`.
    #[arg(long)]
    pub explain: bool,
    /// With --judge: append every judgement to FILE as CSV (UTC time, words, verdict, lexicon
    /// payload checksum), one line written and flushed per play.
    #[arg(long, value_name = "FILE", requires = "judge")]
    pub audit_log: Option<std::path::PathBuf>,
    /// With --judge at a terminal: clear each verdict, shown large, after SECS seconds (0: it
    /// stays until the next play). Elsewhere the verdict lines are printed as they are.
    #[arg(long, value_name = "SECS", default_value_t = 10, requires = "judge")]
    pub clear_after: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `valid`'s records.
const FIELDS: BatchFields = BatchFields { input: "word", names: &["word", "valid", "reason", "error"] };

/// Writes the row of a verdict: in CSV and JSON its [`ValidRecord`]; in text
/// `WORD<TAB>valid`, `WORD<TAB>invalid<TAB>REASON`, and for separate tiles the sentence that
/// says why in a fourth column. `tiles` are the word's.
fn verdict_row(
    out: &mut Out,
    set: &TileSet,
    spelled: &str,
    verdict: Verdict,
    tiles: &[u8],
) -> std::io::Result<()> {
    out.batch_row(&ValidRecord::new(spelled, verdict), |line| {
        let words = TermWords::get();
        line.push_str(spelled);
        line.push('\t');
        match verdict {
            Verdict::Valid => line.push_str(&words.valid),
            Verdict::Invalid(reason) => {
                line.push_str(&words.invalid);
                line.push('\t');
                line.push_str(reason.name());
                if reason == Reason::SeparateTiles {
                    line.push('\t');
                    line.push_str(
                        &say::separate_tiles(set, tiles, crate::i18n::terminal()).unwrap_or_default(),
                    );
                }
            }
        }
    })
}

/// The verdict words of the text format in the terminal's language (`valid`/`invalid`,
/// `válida`/`inválida`); the one-word reasons after them stay codes for scripts.
struct TermWords {
    valid: std::borrow::Cow<'static, str>,
    invalid: std::borrow::Cow<'static, str>,
}

impl TermWords {
    fn get() -> &'static TermWords {
        static WORDS: std::sync::OnceLock<TermWords> = std::sync::OnceLock::new();
        WORDS.get_or_init(|| TermWords {
            valid: crate::i18n::term("term-valid", "valid"),
            invalid: crate::i18n::term("term-invalid", "invalid"),
        })
    }
}

/// One verdict per word (`--judge` and `--explain` are `crate::judge` and `explain`, which
/// `main` runs instead).
pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let mut out = Out::new(args.format);
    if args.words.is_empty() {
        return batch(&lex, &mut out);
    }
    let mut all_valid = true;
    let mut scratch = Word::new();
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let (spelled, verdict) = judge_word(&lex, text, &mut scratch).map_err(input::bad)?;
        all_valid &= verdict == Verdict::Valid;
        verdict_row(out, lex.tiles(), &spelled, verdict, &scratch)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}

/// Verdicts for words on standard input, in any format, judged by the answers' batch engine
/// ([`Batch`]). Lines are answered in groups of the lines at hand ([`input::stdin_events`]), so
/// that their lookups overlap; a line is answered as soon as the next one has not arrived yet,
/// and memory stays flat over any input. A line that is not UTF-8, or a word with a character
/// that is no tile, gets its error row.
fn batch(lex: &Lexicon, out: &mut Out) -> Result<ExitCode> {
    let mut lines = Lines {
        batch: Batch::new(lex),
        set: lex.tiles(),
        errors: Errors::default(),
        all_valid: true,
        text: Vec::with_capacity(GROUP * 16),
        lines: Vec::with_capacity(GROUP),
    };
    input::stdin_events(out, |event, out| match event {
        input::Event::Line(n, raw) => {
            let start = lines.text.len();
            lines.text.extend_from_slice(raw);
            lines.lines.push((n, start, lines.text.len()));
            if lines.lines.len() == GROUP {
                lines.answer(out)?;
            }
            Ok(())
        }
        input::Event::TooLong(n, start) => {
            // The lines before it are answered first, in order.
            lines.answer(out)?;
            Ok(lines.errors.too_long(out, &FIELDS, Place::Stdin(n), start)?)
        }
        input::Event::Idle => lines.answer(out),
    })?;
    out.flush()?;
    Ok(lines.errors.exit(lines.all_valid))
}

/// The lines of standard input gathered for the next group (at most [`GROUP`]), and what the
/// batch has found so far.
struct Lines<'l> {
    batch: Batch<'l>,
    set: &'l TileSet,
    errors: Errors,
    all_valid: bool,
    /// The gathered lines, one after the other.
    text: Vec<u8>,
    /// Each gathered line: its number and where it lies in `text`.
    lines: Vec<(usize, usize, usize)>,
}

impl Lines<'_> {
    /// Answers the gathered lines, in order.
    fn answer(&mut self, out: &mut Out) -> Result<()> {
        let text = std::mem::take(&mut self.text);
        let lines = std::mem::take(&mut self.lines);
        let result = self.answer_lines(out, &text, &lines);
        (self.text, self.lines) = (text, lines);
        self.text.clear();
        self.lines.clear();
        result
    }

    fn answer_lines(&mut self, out: &mut Out, text: &[u8], lines: &[(usize, usize, usize)]) -> Result<()> {
        // The words of the group, and for each the line it came from; lines that are not UTF-8
        // or are blank are told (or skipped) in their place.
        let mut words: Vec<&str> = Vec::with_capacity(lines.len());
        let mut from: Vec<usize> = Vec::with_capacity(lines.len());
        let mut bad: Vec<(usize, usize, &[u8], std::str::Utf8Error)> = Vec::new();
        for (k, &(n, start, end)) in lines.iter().enumerate() {
            let raw = &text[start..end];
            match std::str::from_utf8(raw) {
                Ok(line) if line.trim().is_empty() => {}
                Ok(line) => {
                    words.push(line.trim());
                    from.push(k);
                }
                Err(e) => bad.push((k, n, raw, e)),
            }
        }
        let mut bad = bad.into_iter().peekable();
        let Lines { batch, set, errors, all_valid, .. } = self;
        // The lines that are not UTF-8 before line `k` of the group, told in their place.
        let mut tell_bad_before = |k: usize, errors: &mut Errors, out: &mut Out| -> std::io::Result<()> {
            while let Some((_, n, raw, e)) = bad.next_if(|&(b, ..)| b < k) {
                errors.not_utf8(out, &FIELDS, n, raw, e)?;
            }
            Ok(())
        };
        batch.judge(&words, |i, judged| -> Result<()> {
            let k = from[i];
            tell_bad_before(k, errors, out)?;
            match judged {
                Ok(Judged { spelled, verdict, tiles }) => {
                    *all_valid &= verdict.is_valid();
                    verdict_row(out, set, spelled, verdict, tiles)?;
                }
                Err(e) => {
                    let n = lines[k].0;
                    errors.input(out, &FIELDS, Place::Stdin(n), words[i], &input::Said::from(&e))?;
                }
            }
            Ok(())
        })?;
        tell_bad_before(usize::MAX, errors, out)?;
        Ok(())
    }
}
