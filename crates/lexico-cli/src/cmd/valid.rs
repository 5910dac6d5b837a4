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
    if args.words.is_empty() && args.format == Format::Text {
        return batch(&lex, &mut out);
    }
    let mut all_valid = true;
    let mut scratch = Word::new();
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let (spelled, verdict) = judge_word(&lex, text, &mut scratch).map_err(input::bad)?;
        all_valid &= verdict == Verdict::Valid;
        let (valid, reason) = match verdict {
            Verdict::Valid => (true, ""),
            Verdict::Invalid(r) => (false, r),
        };
        out.record(
            &text_line(lex.tiles(), &spelled, verdict, &scratch),
            &[
                ("word", Value::Str(&spelled)),
                ("valid", Value::Bool(valid)),
                ("reason", Value::Str(reason)),
                ("error", Value::Null),
            ],
        )?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}

/// Text verdicts for words on standard input, with an allocation-free path for plain ASCII. Each
/// line is answered as it is read ([`input::stdin_lines`]): memory stays flat over any input.
fn batch(lex: &Lexicon, out: &mut Out) -> Result<ExitCode> {
    let mut all_valid = true;
    let mut errors = Errors::default();
    let mut scratch = Word::new();
    let mut upper = Vec::with_capacity(64);
    let mut checker = lex.checker();
    let words = TermWords::get();
    input::stdin_lines(out, |n, raw, out| {
        let line = raw.trim_ascii();
        if line.is_empty() {
            return Ok(());
        }
        if lex.tiles().parse_word_fast(line, &mut scratch) && checker.contains(&scratch) {
            upper.clear();
            if line.is_ascii() {
                upper.extend(line.iter().map(u8::to_ascii_uppercase));
            } else {
                // Accented vowels and Ñ: spelled by the tiles, as `judge_word` spells them.
                for &t in &scratch {
                    upper.extend_from_slice(lex.tiles().name(t).as_bytes());
                }
            }
            upper.push(b'\t');
            upper.extend_from_slice(words.valid.as_bytes());
            upper.push(b'\n');
            out.raw().write_all(&upper)?;
            return Ok(());
        }
        // Everything else, bad lines included, takes the slow path.
        let text = match std::str::from_utf8(raw) {
            Ok(text) => text.trim_ascii(),
            Err(e) => {
                errors.not_utf8(out, &FIELDS, n, raw, e)?;
                return Ok(());
            }
        };
        match judge_word(lex, text, &mut scratch) {
            Ok((spelled, verdict)) => {
                all_valid &= verdict == Verdict::Valid;
                // The lines of `text_line`, written without making each a string first.
                let w = out.raw();
                match verdict {
                    Verdict::Valid => writeln!(w, "{spelled}\t{}", words.valid)?,
                    Verdict::Invalid(SEPARATE_TILES) => {
                        writeln!(w, "{}", text_line(lex.tiles(), &spelled, verdict, &scratch))?
                    }
                    Verdict::Invalid(reason) => writeln!(w, "{spelled}\t{}\t{reason}", words.invalid)?,
                }
            }
            Err(e) => errors.input(out, &FIELDS, Place::Stdin(n), text, &input::Said::from(&e))?,
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_valid))
}
