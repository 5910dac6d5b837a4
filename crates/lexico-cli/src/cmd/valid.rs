//! `lexico valid`: one verdict per word, or one verdict per play with `--judge`.
//!
//! A batch judges every line: a word with a character that is no tile gets an error row (see
//! `input::Errors`) and the words after it are judged all the same.

use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::record::ValidRecord;
use lexico_lexicon::{judge_word, separate_tiles, Lexicon, Verdict, SEPARATE_TILES};
use lexico_tiles::{TileSet, Word};

use crate::i18n::{msg, Arg, Lang};
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
/// `WORD<TAB>valid`, `WORD<TAB>invalid<TAB>REASON`, and for [`SEPARATE_TILES`] the sentence that
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
                line.push_str(reason);
                if reason == SEPARATE_TILES {
                    line.push('\t');
                    line.push_str(&separate_tiles_why(set, tiles));
                }
            }
        }
    })
}

/// The sentence that says why a word of two tiles that make a joined one ([`SEPARATE_TILES`])
/// is invalid, in the terminal's language.
fn separate_tiles_why(set: &TileSet, tiles: &[u8]) -> String {
    match Lang::terminal() {
        Lang::En => separate_tiles(set, tiles).unwrap_or_default(),
        lang => set.split_digraph(tiles).map_or_else(String::new, |(i, joined)| {
            let name = |t| Arg::Str(set.name(t));
            let args = [("first", name(tiles[i])), ("second", name(tiles[i + 1])), ("joined", name(joined))];
            msg(lang, "term-separate-tiles", &args)
        }),
    }
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

pub fn run(args: Args) -> Result<ExitCode> {
    if args.judge {
        // A station reading plays keeps the lexicon for hours: read once, checked in full.
        let check = if args.words.is_empty() {
            crate::lexicons::Check::Full
        } else {
            crate::lexicons::Check::Recorded
        };
        let opened = args.lexicon.open_checked(check)?;
        let audit = args.audit_log.as_deref();
        return crate::cmd::judge::run(
            opened.lexicon,
            &opened.signer,
            &args.words,
            audit,
            args.format,
            args.clear_after,
        );
    }
    let lex = args.lexicon.open()?;
    if args.explain {
        return crate::cmd::explain::run_words(&lex, &args.words, args.format);
    }
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

/// Verdicts for words on standard input, in any format, with an allocation-free path for
/// plain words (ASCII letters, accented vowels, Ñ): a valid one is spelled from the line or its
/// tiles, without the full tokeniser. Lines are answered in groups of the lines at hand
/// ([`input::stdin_events`]), so that their lookups overlap
/// ([`lexico_lexicon::Checker::contains_each`]); a line is answered as soon as the next one has
/// not arrived yet, and memory stays flat over any input. Everything else, bad lines included,
/// takes the path of a word given as an argument, with the same rows.
fn batch(lex: &Lexicon, out: &mut Out) -> Result<ExitCode> {
    let mut batch = Batch {
        lex,
        checker: lex.checker(),
        errors: Errors::default(),
        all_valid: true,
        text: Vec::with_capacity(GROUP * 16),
        lines: Vec::with_capacity(GROUP),
        tiles: Vec::with_capacity(GROUP * 16),
        parsed: Vec::with_capacity(GROUP),
        found: Vec::with_capacity(GROUP),
        scratch: Word::new(),
        spelled: String::with_capacity(64),
    };
    input::stdin_events(out, |event, out| match event {
        input::Event::Line(n, raw) => {
            let start = batch.text.len();
            batch.text.extend_from_slice(raw);
            batch.lines.push((n, start, batch.text.len()));
            if batch.lines.len() == GROUP {
                batch.answer(out)?;
            }
            Ok(())
        }
        input::Event::TooLong(n, start) => {
            // The lines before it are answered first, in order.
            batch.answer(out)?;
            Ok(batch.errors.too_long(out, &FIELDS, Place::Stdin(n), start)?)
        }
        input::Event::Idle => batch.answer(out),
    })?;
    out.flush()?;
    Ok(batch.errors.exit(batch.all_valid))
}

/// The most lines of standard input a [`Batch`] answers together.
const GROUP: usize = 64;

/// The state of a batch of `valid` on standard input: the lines gathered (at most [`GROUP`]),
/// and buffers reused from one group to the next.
struct Batch<'l> {
    lex: &'l Lexicon,
    checker: lexico_lexicon::Checker<'l>,
    errors: Errors,
    all_valid: bool,
    /// The gathered lines, one after the other.
    text: Vec<u8>,
    /// Each gathered line: its number and where it lies in `text`.
    lines: Vec<(usize, usize, usize)>,
    /// The tiles of the lines read by the fast path, one word after the other.
    tiles: Vec<u8>,
    /// For each gathered line, where its tiles lie in `tiles` if the fast path read it.
    parsed: Vec<Option<(usize, usize)>>,
    /// Whether each word of `tiles` is valid, in order.
    found: Vec<bool>,
    scratch: Word,
    /// The spelling of a valid word of the fast path.
    spelled: String,
}

impl Batch<'_> {
    /// Answers the gathered lines, in order.
    fn answer(&mut self, out: &mut Out) -> Result<()> {
        let set = self.lex.tiles();
        self.tiles.clear();
        self.parsed.clear();
        for &(_, start, end) in &self.lines {
            let line = self.text[start..end].trim_ascii();
            let fast = !line.is_empty() && set.parse_word_fast(line, &mut self.scratch);
            self.parsed.push(fast.then(|| {
                let at = self.tiles.len();
                self.tiles.extend_from_slice(&self.scratch);
                (at, self.tiles.len())
            }));
        }
        let words: Vec<&[u8]> = self.parsed.iter().flatten().map(|&(a, b)| &self.tiles[a..b]).collect();
        self.found.clear();
        self.found.resize(words.len(), false);
        self.checker.contains_each(&words, &mut self.found);
        drop(words);
        // Taken out while rows are written, which borrow the rest of the batch.
        let (text, lines, tiles) = (
            std::mem::take(&mut self.text),
            std::mem::take(&mut self.lines),
            std::mem::take(&mut self.tiles),
        );
        let (parsed, found) = (std::mem::take(&mut self.parsed), std::mem::take(&mut self.found));
        let mut answers = found.iter();
        let mut result = Ok(());
        for (&(n, start, end), parsed) in lines.iter().zip(&parsed) {
            let raw = &text[start..end];
            result = match *parsed {
                Some((a, b)) if answers.next() == Some(&true) => {
                    self.valid_row(out, raw.trim_ascii(), &tiles[a..b]).map_err(Into::into)
                }
                _ => self.slow_row(out, n, raw),
            };
            if result.is_err() {
                break;
            }
        }
        (self.text, self.lines, self.tiles, self.parsed, self.found) = (text, lines, tiles, parsed, found);
        self.text.clear();
        self.lines.clear();
        result
    }

    /// Writes the row of a valid word read by the fast path, typed as `line`, of tiles `tiles`:
    /// spelled as `judge_word` spells it, the line in capitals when it is ASCII, else by its
    /// tiles (accented vowels, Ñ).
    fn valid_row(&mut self, out: &mut Out, line: &[u8], tiles: &[u8]) -> std::io::Result<()> {
        self.spelled.clear();
        match std::str::from_utf8(line) {
            Ok(ascii) if ascii.is_ascii() => {
                self.spelled.push_str(ascii);
                self.spelled.make_ascii_uppercase();
            }
            _ => tiles.iter().for_each(|&t| self.spelled.push_str(self.lex.tiles().name(t))),
        }
        verdict_row(out, self.lex.tiles(), &self.spelled, Verdict::Valid, tiles)
    }

    /// Answers line `n`, `raw`, as a word given as an argument is answered.
    fn slow_row(&mut self, out: &mut Out, n: usize, raw: &[u8]) -> Result<()> {
        let text = match std::str::from_utf8(raw) {
            Ok(text) => text.trim(),
            Err(e) => {
                self.errors.not_utf8(out, &FIELDS, n, raw, e)?;
                return Ok(());
            }
        };
        if text.is_empty() {
            return Ok(());
        }
        let lex = self.lex;
        match judge_word(lex, text, &mut self.scratch) {
            Ok((spelled, verdict)) => {
                self.all_valid &= verdict == Verdict::Valid;
                verdict_row(out, lex.tiles(), &spelled, verdict, &self.scratch)?;
            }
            Err(e) => self.errors.input(out, &FIELDS, Place::Stdin(n), text, &input::Said::from(&e))?,
        }
        Ok(())
    }
}
