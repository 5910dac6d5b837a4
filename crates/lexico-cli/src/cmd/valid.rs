//! `lexico valid`: one verdict per word, or one verdict per play with `--judge`.
//!
//! A batch judges every line: a word with a character that is no tile gets an error row (see
//! `input::Errors`) and the words after it are judged all the same.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::{judge_word, separate_tiles, Lexicon, Verdict, SEPARATE_TILES};
use lexico_tiles::{TileSet, Word};

use crate::i18n::{msg, Arg, Lang};
use crate::input::{self, Errors, Place};
use crate::lexicons::LexiconArg;
use crate::output::{Fields, Format, Out, Value};

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
const FIELDS: Fields = Fields { input: "word", names: &["word", "valid", "reason", "error"] };

/// The text line of a verdict: `WORD<TAB>valid`, `WORD<TAB>invalid<TAB>REASON`, and for
/// [`SEPARATE_TILES`] the sentence that says why in a fourth column.
fn text_line(set: &TileSet, spelled: &str, verdict: Verdict, tiles: &[u8]) -> String {
    let words = TermWords::get();
    let (valid, invalid) = (&words.valid, &words.invalid);
    match verdict {
        Verdict::Valid => format!("{spelled}\t{valid}"),
        Verdict::Invalid(SEPARATE_TILES) => {
            let why = match Lang::terminal() {
                Lang::En => separate_tiles(set, tiles).unwrap_or_default(),
                lang => set.split_digraph(tiles).map_or_else(String::new, |(i, joined)| {
                    let name = |t| Arg::Str(set.name(t));
                    let args =
                        [("first", name(tiles[i])), ("second", name(tiles[i + 1])), ("joined", name(joined))];
                    msg(lang, "term-separate-tiles", &args)
                }),
            };
            format!("{spelled}\t{invalid}\t{SEPARATE_TILES}\t{why}")
        }
        Verdict::Invalid(reason) => format!("{spelled}\t{invalid}\t{reason}"),
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
        let opened = args.lexicon.open_trusted()?;
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
        record(out, lex.tiles(), &spelled, verdict, &scratch)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}

/// Verdicts for words on standard input, in any format, with an allocation-free path for
/// plain words (ASCII letters, accented vowels, Ñ): a valid one is written straight into the
/// output buffer from a row made once ([`ValidLine`]). Lines are answered in groups of the lines
/// at hand ([`input::stdin_events`]), so that their lookups overlap
/// ([`lexico_lexicon::Checker::contains_each`]); a line is answered as soon as the next one has
/// not arrived yet, and memory stays flat over any input. Everything else, bad lines included,
/// takes the path of a word given as an argument, with the same rows.
fn batch(lex: &Lexicon, out: &mut Out) -> Result<ExitCode> {
    let mut batch = Batch {
        lex,
        checker: lex.checker(),
        words: TermWords::get(),
        valid: ValidLine::new(out.format(), &TermWords::get().valid),
        errors: Errors::default(),
        all_valid: true,
        text: Vec::with_capacity(GROUP * 16),
        lines: Vec::with_capacity(GROUP),
        tiles: Vec::with_capacity(GROUP * 16),
        parsed: Vec::with_capacity(GROUP),
        found: Vec::with_capacity(GROUP),
        scratch: Word::new(),
        row: Vec::with_capacity(64),
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
    words: &'static TermWords,
    valid: ValidLine,
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
    /// One row of output.
    row: Vec<u8>,
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
                    match self.fast_row(out, raw.trim_ascii(), &tiles[a..b]) {
                        Ok(true) => Ok(()),
                        Ok(false) => self.slow_row(out, n, raw),
                        Err(e) => Err(e.into()),
                    }
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

    /// Writes the row of a valid word read by the fast path, typed as `line`, of tiles `tiles`;
    /// false, with nothing written, if its spelling needs quoting or escaping.
    fn fast_row(&mut self, out: &mut Out, line: &[u8], tiles: &[u8]) -> std::io::Result<bool> {
        let row = &mut self.row;
        row.clear();
        row.extend_from_slice(self.valid.before);
        let start = row.len();
        if line.is_ascii() {
            row.extend(line.iter().map(u8::to_ascii_uppercase));
        } else {
            // Accented vowels and Ñ: spelled by the tiles, as `judge_word` spells them.
            for &t in tiles {
                row.extend_from_slice(self.lex.tiles().name(t).as_bytes());
            }
        }
        if !self.valid.plain(&row[start..]) {
            return Ok(false);
        }
        row.extend_from_slice(&self.valid.after);
        out.header(FIELDS.names)?;
        out.raw().write_all(row)?;
        Ok(true)
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
                if out.format() != Format::Text {
                    record(out, lex.tiles(), &spelled, verdict, &self.scratch)?;
                    return Ok(());
                }
                // The lines of `text_line`, written without making each a string first.
                let w = out.raw();
                match verdict {
                    Verdict::Valid => writeln!(w, "{spelled}\t{}", self.words.valid)?,
                    Verdict::Invalid(SEPARATE_TILES) => {
                        writeln!(w, "{}", text_line(lex.tiles(), &spelled, verdict, &self.scratch))?
                    }
                    Verdict::Invalid(reason) => writeln!(w, "{spelled}\t{}\t{reason}", self.words.invalid)?,
                }
            }
            Err(e) => self.errors.input(out, &FIELDS, Place::Stdin(n), text, &input::Said::from(&e))?,
        }
        Ok(())
    }
}

/// The record of a verdict in CSV or JSON (text has its own line, [`text_line`]).
fn record(
    out: &mut Out,
    set: &TileSet,
    spelled: &str,
    verdict: Verdict,
    tiles: &[u8],
) -> std::io::Result<()> {
    let (valid, reason) = match verdict {
        Verdict::Valid => (true, ""),
        Verdict::Invalid(r) => (false, r),
    };
    let text =
        if out.format() == Format::Text { text_line(set, spelled, verdict, tiles) } else { String::new() };
    out.record(
        &text,
        &[
            ("word", Value::Str(spelled)),
            ("valid", Value::Bool(valid)),
            ("reason", Value::Str(reason)),
            ("error", Value::Null),
        ],
    )
}

/// The row of a valid word in the output's format, around the word: what [`record`] writes
/// for it, made once per batch.
struct ValidLine {
    before: &'static [u8],
    after: Vec<u8>,
    format: Format,
}

impl ValidLine {
    fn new(format: Format, valid: &str) -> ValidLine {
        let (before, after): (&[u8], Vec<u8>) = match format {
            Format::Text => (b"", [b"\t", valid.as_bytes(), b"\n"].concat()),
            Format::Csv => (b"", b",true,,\n".to_vec()),
            Format::Json => {
                (b"{\"error\":null,\"reason\":\"\",\"valid\":true,\"word\":\"", b"\"}\n".to_vec())
            }
        };
        ValidLine { before, after, format }
    }

    /// Returns true if `word` is written as it is in the format's row ([`crate::output::plain`]).
    fn plain(&self, word: &[u8]) -> bool {
        crate::output::plain(self.format, word)
    }
}
