//! Words and racks from arguments or, with none, from standard input one per line, and what a
//! batch does with a bad one: an error row where its output would be, one line on standard error,
//! and on to the next.
//!
//! No line of standard input is longer than [`MAX_INPUT`] bytes: a longer line is refused with
//! its line number and skipped without being held in memory. No word, rack, pattern or play comes
//! near it (a word has at most 16 tiles, a rack 32, a pattern 63 elements, a regular expression
//! 4,096 bytes). Arguments are bounded by the system (128 KiB each on Linux), and the library
//! refuses a pattern or a regular expression of more than 4,096 bytes before it reads it.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_tiles::quoted;

use crate::i18n::{msg, Arg, Lang};
use crate::output::{escape_controls, BatchFields, Format, Out};
use lexico_answers::say::Localize;

/// The longest line of standard input taken, in bytes, without its line end.
pub const MAX_INPUT: usize = 4096;

/// The characters of a refused long input shown in its error row, so that a reader can tell
/// which it was.
const SHOWN: usize = 24;

/// Where an input came from, for messages: `argument 2`, `<stdin>:12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The n-th argument, from 1.
    Argument(usize),
    /// Line n of standard input, from 1.
    Stdin(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Argument(n) => write!(f, "argument {n}"),
            Place::Stdin(n) => write!(f, "<stdin>:{n}"),
        }
    }
}

impl Place {
    /// Where the input came from, in `lang`: `argumento 2`, `<stdin>:12`.
    pub fn said(self, lang: Lang) -> String {
        match (self, lang) {
            (Place::Argument(k), Lang::Es) => msg(lang, "error-place-argument", &[("n", Arg::Num(k as u64))]),
            _ => self.to_string(),
        }
    }
}

/// A line of standard input longer than [`MAX_INPUT`] bytes, refused without being read into
/// memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong;

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "longer than {MAX_INPUT} bytes, the most a line of input may hold")
    }
}

impl Localize for TooLong {
    fn localize(&self, lang: Lang) -> String {
        msg(lang, "error-too-long", &[("max", Arg::Num(MAX_INPUT as u64))])
    }
}

/// What the error row of a refused long line shows of it: its first characters, then `…`.
pub fn shown_start(start: &[u8]) -> String {
    let text = String::from_utf8_lossy(start);
    let mut shown: String = text.trim_start().chars().take(SHOWN).collect();
    shown.push('…');
    shown
}

/// What is wrong with a bad input: in English, for the `error` field of CSV and JSON records
/// (stable, whatever the language), and in the terminal's language when that is not English, for
/// the line on standard error and the text error row.
#[derive(Debug)]
pub struct Said {
    pub english: String,
    pub local: Option<String>,
}

impl Said {
    /// What `e` says, in English and in the terminal's language.
    pub fn from(e: &dyn Localize) -> Said {
        let lang = crate::i18n::terminal();
        Said { english: e.to_string(), local: (lang != Lang::En).then(|| e.localize(lang)) }
    }

    /// A message that exists in English only.
    pub fn english(message: String) -> Said {
        Said { english: message, local: None }
    }

    /// The words a person reads.
    pub fn text(&self) -> &str {
        self.local.as_deref().unwrap_or(&self.english)
    }
}

/// Why the handling of one input failed.
#[derive(Debug)]
pub enum Fault {
    /// The input is bad (a character that is no tile, a malformed pattern): its message, for an
    /// error row and a line on standard error. The batch goes on.
    Input(Said),
    /// Something that stops the batch: writing the output failed.
    Stop(anyhow::Error),
}

/// The fault of a bad input, with `e`'s message.
pub fn bad(e: impl Localize) -> Fault {
    Fault::Input(Said::from(&e))
}

impl From<io::Error> for Fault {
    fn from(e: io::Error) -> Fault {
        Fault::Stop(e.into())
    }
}

impl From<anyhow::Error> for Fault {
    fn from(e: anyhow::Error) -> Fault {
        Fault::Stop(e)
    }
}

/// Prints `message` as one line `lexico: MESSAGE` on standard error, control characters escaped.
/// A standard error that cannot be written to is no reason to stop a batch.
pub fn warn(message: &str) {
    let _ = writeln!(io::stderr().lock(), "lexico: {}", escape_controls(message));
}

/// The bad inputs of a batch: each is told on standard error and gets its error row.
#[derive(Debug, Default)]
pub struct Errors {
    count: usize,
}

impl Errors {
    /// Reports the bad input `text` from `place`: the line `lexico: PLACE: 'TEXT': MESSAGE` on
    /// standard error and the text error row in the terminal's language, the `error` field of
    /// CSV and JSON in English.
    pub fn input(
        &mut self,
        out: &mut Out,
        fields: &BatchFields,
        place: Place,
        text: &str,
        message: &Said,
    ) -> io::Result<()> {
        self.count += 1;
        let place = place.said(crate::i18n::terminal());
        warn(&format!("{place}: {}: {}", quoted(text), message.text()));
        let row = if out.format() == Format::Text { message.text() } else { &message.english };
        out.error_row(fields, text, row)
    }

    /// Reports line `n` of standard input, which stops being UTF-8 where `e` says: the line
    /// `lexico: <stdin>:N:COLUMN: invalid UTF-8 …` on standard error, and an error row that shows
    /// the line with U+FFFD for the bytes that are not UTF-8.
    pub fn not_utf8(
        &mut self,
        out: &mut Out,
        fields: &BatchFields,
        n: usize,
        line: &[u8],
        e: std::str::Utf8Error,
    ) -> io::Result<()> {
        self.count += 1;
        let (column, message) = utf8_fault(line, e);
        warn(&format!("<stdin>:{n}:{column}: {message}"));
        let shown = String::from_utf8_lossy(line);
        out.error_row(fields, shown.trim(), &format!("column {column}: {message}"))
    }

    /// Reports a line longer than [`MAX_INPUT`] from `place`, which starts with `start`.
    pub fn too_long(
        &mut self,
        out: &mut Out,
        fields: &BatchFields,
        place: Place,
        start: &[u8],
    ) -> io::Result<()> {
        self.input(out, fields, place, &shown_start(start), &Said::from(&TooLong))
    }

    /// Returns true if and only if some input was bad.
    pub fn any(&self) -> bool {
        self.count > 0
    }

    /// The exit status of the batch: 2 if some input was bad, else 0 if `good` (every word
    /// valid, some query answered) and 1 if not.
    pub fn exit(&self, good: bool) -> ExitCode {
        if self.any() {
            ExitCode::from(2)
        } else if good {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    }
}

/// Calls `f(text, out)` for each argument, or each line of standard input when there are no
/// arguments, as each line arrives (a judge station answers play by play). LF, CRLF and bare CR
/// end lines; blank lines are skipped; a BOM is dropped; lines are trimmed. An input `f` finds
/// bad ([`Fault::Input`]), an argument or line that is not UTF-8, and a line longer than
/// [`MAX_INPUT`] get their error row (see [`Errors`]) and the batch goes on; [`Fault::Stop`]
/// and a failure to read standard input stop it.
pub fn each(
    args: &[OsString],
    out: &mut Out,
    fields: &BatchFields,
    mut f: impl FnMut(&str, &mut Out) -> Result<(), Fault>,
) -> Result<Errors> {
    let mut errors = Errors::default();
    let mut one = |text: &str, place: Place, out: &mut Out, errors: &mut Errors| match f(text, out) {
        Ok(()) => Ok(()),
        Err(Fault::Input(message)) => Ok(errors.input(out, fields, place, text, &message)?),
        Err(Fault::Stop(e)) => Err(e),
    };
    if !args.is_empty() {
        for (i, a) in args.iter().enumerate() {
            let place = Place::Argument(i + 1);
            // On Unix an argument is any bytes; on Windows any UTF-16, lone surrogates included.
            let bytes = a.as_encoded_bytes();
            match std::str::from_utf8(bytes) {
                Ok(text) => one(text, place, out, &mut errors)?,
                Err(e) => {
                    let (column, message) = utf8_fault(bytes, e);
                    let shown = String::from_utf8_lossy(bytes);
                    let message = Said::english(format!("column {column}: {message}"));
                    errors.input(out, fields, place, &shown, &message)?;
                }
            }
        }
        return Ok(errors);
    }
    stdin_lines(out, |n, line, out| match line {
        Ok(line) => match std::str::from_utf8(line) {
            Ok(text) => {
                let text = text.trim();
                if text.is_empty() {
                    return Ok(());
                }
                one(text, Place::Stdin(n), out, &mut errors)
            }
            Err(e) => Ok(errors.not_utf8(out, fields, n, line, e)?),
        },
        Err(start) => Ok(errors.too_long(out, fields, Place::Stdin(n), start.0)?),
    })?;
    Ok(errors)
}

/// The start of a line longer than [`MAX_INPUT`] (its first [`MAX_INPUT`] bytes at most): the
/// rest was skipped unread.
#[derive(Clone, Copy, Debug)]
pub struct LongLine<'a>(pub &'a [u8]);

/// Calls `f(n, line, out)` for each line of standard input, numbered from 1, as it arrives: LF,
/// CRLF and bare CR end lines, and a BOM at the start is dropped. A line longer than
/// [`MAX_INPUT`] is handed over as its start ([`LongLine`]). Memory stays that of
/// [`MAX_INPUT`] bytes and a read buffer, whatever the input's size. Whenever the next line has
/// not arrived yet (the read buffer is empty), `out` is flushed first: a program that writes a
/// word and waits for the answer gets it, while a file or a pipe full of words is answered in
/// large writes.
pub fn stdin_lines(
    out: &mut Out,
    mut f: impl FnMut(usize, Result<&[u8], LongLine>, &mut Out) -> Result<()>,
) -> Result<()> {
    stdin_events(out, |event, out| match event {
        Event::Line(n, line) => f(n, Ok(line), out),
        Event::TooLong(n, start) => f(n, Err(LongLine(start)), out),
        Event::Idle => Ok(()),
    })
}

/// What [`stdin_events`] hands over.
pub enum Event<'a> {
    /// Line `n` of standard input, from 1.
    Line(usize, &'a [u8]),
    /// Line `n`, longer than [`MAX_INPUT`]: its first bytes, the rest skipped unread.
    TooLong(usize, &'a [u8]),
    /// Every line read so far was handed over and the next has not arrived yet (or there is
    /// none): whatever is kept back must be answered now, before the output is flushed.
    Idle,
}

/// [`stdin_lines`] for a caller that gathers lines and answers them together: it also hears
/// [`Event::Idle`] before each flush and at the end of the input, when gathered lines must be
/// answered.
pub fn stdin_events(out: &mut Out, mut f: impl FnMut(Event<'_>, &mut Out) -> Result<()>) -> Result<()> {
    let mut reader = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut lines = Lines::default();
    loop {
        if reader.buffer().is_empty() {
            f(Event::Idle, out)?;
            out.flush()?;
        }
        let data = reader.fill_buf().context("reading standard input")?;
        if data.is_empty() {
            lines.finish(&mut |e| f(e, out))?;
            return f(Event::Idle, out);
        }
        let used = data.len();
        lines.feed(data, &mut |e| f(e, out))?;
        reader.consume(used);
    }
}

/// Cuts a stream of bytes into lines, read buffer by read buffer: the lines a buffer holds whole
/// are handed over from the buffer itself; the start of a line it ends in the middle of is kept,
/// up to [`MAX_INPUT`] bytes.
#[derive(Default)]
struct Lines {
    /// The start of the line the last buffer ended in the middle of.
    start: Vec<u8>,
    /// Whether that line is longer than [`MAX_INPUT`] (`start` then holds its first bytes).
    long: bool,
    /// Whether the last buffer ended with a CR: a LF at the start of the next one ends nothing.
    after_cr: bool,
    /// The number of the last line handed over.
    n: usize,
}

impl Lines {
    /// Hands over the lines that `data`, the next buffer, ends.
    fn feed(&mut self, data: &[u8], f: &mut dyn FnMut(Event<'_>) -> Result<()>) -> Result<()> {
        let mut from = usize::from(std::mem::take(&mut self.after_cr) && data.first() == Some(&b'\n'));
        for end in memchr::memchr2_iter(b'\n', b'\r', data) {
            if end < from {
                // The LF of a CRLF.
                continue;
            }
            self.line(&data[from..end], f)?;
            from = end + 1;
            if data[end] == b'\r' {
                match data.get(end + 1) {
                    Some(b'\n') => from += 1,
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
        }
        self.keep(&data[from.min(data.len())..]);
        Ok(())
    }

    /// Hands over the last line, if the input does not end with a line end.
    fn finish(&mut self, f: &mut dyn FnMut(Event<'_>) -> Result<()>) -> Result<()> {
        if !self.start.is_empty() || self.long {
            self.line(&[], f)?;
        }
        Ok(())
    }

    /// Keeps the start of a line, up to [`MAX_INPUT`] bytes in all.
    fn keep(&mut self, part: &[u8]) {
        let room = MAX_INPUT - self.start.len().min(MAX_INPUT);
        if part.len() > room {
            self.long = true;
        }
        self.start.extend_from_slice(&part[..part.len().min(room)]);
    }

    /// Hands over the line that ends with `end` (what came before is kept in `start`).
    fn line(&mut self, end: &[u8], f: &mut dyn FnMut(Event<'_>) -> Result<()>) -> Result<()> {
        self.n += 1;
        let first = self.n == 1;
        if self.start.is_empty() && !self.long {
            let line = if first { strip_bom(end) } else { end };
            return match line.len() > MAX_INPUT {
                true => f(Event::TooLong(self.n, &line[..MAX_INPUT])),
                false => f(Event::Line(self.n, line)),
            };
        }
        self.keep(end);
        let line = if first { strip_bom(&self.start) } else { &self.start };
        let result = match self.long {
            true => f(Event::TooLong(self.n, line)),
            false => f(Event::Line(self.n, line)),
        };
        self.start.clear();
        self.long = false;
        result
    }
}

/// `line` without a UTF-8 byte-order mark at its start.
fn strip_bom(line: &[u8]) -> &[u8] {
    line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line)
}

/// Where `line` stops being UTF-8, as `e` says, and what to say of it: the column counts
/// characters, as every other column does, and the message names the encoding the line seems to
/// be in, if any.
pub fn utf8_fault(line: &[u8], e: std::str::Utf8Error) -> (usize, String) {
    let valid = std::str::from_utf8(&line[..e.valid_up_to()]).map_or(0, |s| s.chars().count());
    (valid + 1, lexico_rules::sources::invalid_utf8(line, e.valid_up_to(), "input"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events of `data` read in buffers of `size` bytes, as text.
    fn events(data: &[u8], size: usize) -> Vec<String> {
        let mut lines = Lines::default();
        let mut got = Vec::new();
        let mut f = |e: Event<'_>| {
            got.push(match e {
                Event::Line(n, l) => format!("{n}:{}", String::from_utf8_lossy(l)),
                Event::TooLong(n, l) => format!("{n}:long {}", l.len()),
                Event::Idle => "idle".into(),
            });
            Ok(())
        };
        for chunk in data.chunks(size) {
            lines.feed(chunk, &mut f).unwrap();
        }
        lines.finish(&mut f).unwrap();
        got
    }

    #[test]
    fn lines_end_at_lf_crlf_and_cr_however_the_reads_cut_them() {
        let data = b"\xef\xbb\xbfuno\r\ndos\rtres\n\ncuatro\r\r\ncinco";
        let want = ["1:uno", "2:dos", "3:tres", "4:", "5:cuatro", "6:", "7:cinco"];
        for size in [1, 2, 3, 5, 7, 64] {
            assert_eq!(events(data, size), want, "reads of {size} bytes");
        }
    }

    #[test]
    fn a_line_longer_than_the_limit_is_handed_over_as_its_start() {
        let mut data = b"corta\n".to_vec();
        data.extend(std::iter::repeat_n(b'A', MAX_INPUT + 1));
        data.extend_from_slice(b"\r\nfin\n");
        data.extend(std::iter::repeat_n(b'B', MAX_INPUT));
        for size in [100, 4096, 1 << 16] {
            let got = events(&data, size);
            assert_eq!(got[0], "1:corta");
            assert_eq!(got[1], format!("2:long {MAX_INPUT}"), "reads of {size} bytes");
            assert_eq!(got[2], "3:fin");
            // Exactly the limit is no longer than it.
            assert_eq!(got[3], format!("4:{}", "B".repeat(MAX_INPUT)), "reads of {size} bytes");
            assert_eq!(got.len(), 4);
        }
    }

    #[test]
    fn the_message_of_a_long_input_is_the_english_catalogues() {
        assert_eq!(TooLong.localize(Lang::En), TooLong.to_string());
        assert!(TooLong.localize(Lang::Es).contains("4096"), "{}", TooLong.localize(Lang::Es));
        assert_eq!(shown_start(b"  CASA"), "CASA…");
    }
}
