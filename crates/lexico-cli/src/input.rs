//! Words and racks from arguments or, with none, from standard input one per line, and what a
//! batch does with a bad one: an error row where its output would be, one line on standard error,
//! and on to the next.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_tiles::quoted;

use crate::i18n::Lang;
use crate::output::{escape_controls, Fields, Format, Out};
use crate::say::{self, Localize};

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
        let lang = Lang::terminal();
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
        fields: &Fields,
        place: Place,
        text: &str,
        message: &Said,
    ) -> io::Result<()> {
        self.count += 1;
        let place = say::place(place, Lang::terminal());
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
        fields: &Fields,
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
/// bad ([`Fault::Input`]), or an argument or line that is not UTF-8, gets its error row (see
/// [`Errors`]) and the batch goes on; [`Fault::Stop`] and a failure to read standard input stop
/// it.
pub fn each(
    args: &[OsString],
    out: &mut Out,
    fields: &Fields,
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
    stdin_lines(out, |n, line, out| match std::str::from_utf8(line) {
        Ok(text) => {
            let text = text.trim();
            if text.is_empty() {
                return Ok(());
            }
            one(text, Place::Stdin(n), out, &mut errors)
        }
        Err(e) => Ok(errors.not_utf8(out, fields, n, line, e)?),
    })?;
    Ok(errors)
}

/// Calls `f(n, line, out)` for each line of standard input, numbered from 1, as it arrives: LF,
/// CRLF and bare CR end lines, and a BOM at the start is dropped. Memory stays that of one line
/// and a read buffer, whatever the input's size. Whenever the next line has not arrived yet (the
/// read buffer is empty), `out` is flushed first: a program that writes a word and waits for the
/// answer gets it, while a file or a pipe full of words is answered in large writes.
pub fn stdin_lines(out: &mut Out, mut f: impl FnMut(usize, &[u8], &mut Out) -> Result<()>) -> Result<()> {
    stdin_events(out, |event, out| match event {
        Event::Line(n, line) => f(n, line, out),
        Event::Idle => Ok(()),
    })
}

/// What [`stdin_events`] hands over.
pub enum Event<'a> {
    /// Line `n` of standard input, from 1.
    Line(usize, &'a [u8]),
    /// Every line read so far was handed over and the next has not arrived yet (or there is
    /// none): whatever is kept back must be answered now, before the output is flushed.
    Idle,
}

/// [`stdin_lines`] for a caller that gathers lines and answers them together: it also hears
/// [`Event::Idle`] before each flush and at the end of the input, when gathered lines must be
/// answered.
pub fn stdin_events(out: &mut Out, mut f: impl FnMut(Event<'_>, &mut Out) -> Result<()>) -> Result<()> {
    let mut reader = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    // The start of a line that the read buffer ends in the middle of.
    let mut carry = Vec::new();
    let mut n = 0usize;
    loop {
        if reader.buffer().is_empty() {
            f(Event::Idle, out)?;
            out.flush()?;
        }
        let data = reader.fill_buf().context("reading standard input")?;
        if data.is_empty() {
            pieces(&carry, &mut n, out, &mut f)?;
            return f(Event::Idle, out);
        }
        // The lines read whole are answered from the read buffer itself; the rest waits.
        let used = data.len();
        let end = data.iter().rposition(|&b| b == b'\n').map_or(0, |end| end + 1);
        let (whole, rest) = data.split_at(end);
        if carry.is_empty() {
            pieces(whole, &mut n, out, &mut f)?;
        } else if !whole.is_empty() {
            carry.extend_from_slice(whole);
            pieces(&carry, &mut n, out, &mut f)?;
            carry.clear();
        }
        carry.extend_from_slice(rest);
        reader.consume(used);
    }
}

/// Hands over the lines of `data`, lines read whole, numbering them on from `n`: each piece up to
/// a LF is cut into lines as [`trim_line`] and [`split_lines`] cut it, so that CRLF and bare CR end
/// lines too.
fn pieces(
    data: &[u8],
    n: &mut usize,
    out: &mut Out,
    f: &mut impl FnMut(Event<'_>, &mut Out) -> Result<()>,
) -> Result<()> {
    if *n > 0 && memchr::memchr(b'\r', data).is_none() {
        // No CR: each piece is one line (the common case, found with a fast search).
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', data) {
            *n += 1;
            f(Event::Line(*n, &data[start..end]), out)?;
            start = end + 1;
        }
        if start < data.len() {
            *n += 1;
            f(Event::Line(*n, &data[start..]), out)?;
        }
        return Ok(());
    }
    for piece in data.split_inclusive(|&b| b == b'\n') {
        for line in split_lines(trim_line(piece, *n == 0)) {
            *n += 1;
            f(Event::Line(*n, line), out)?;
        }
    }
    Ok(())
}

/// Where `line` stops being UTF-8, as `e` says, and what to say of it: the column counts
/// characters, as every other column does, and the message names the encoding the line seems to
/// be in, if any.
pub fn utf8_fault(line: &[u8], e: std::str::Utf8Error) -> (usize, String) {
    let valid = std::str::from_utf8(&line[..e.valid_up_to()]).map_or(0, |s| s.chars().count());
    (valid + 1, lexico_rules::sources::invalid_utf8(line, e.valid_up_to(), "input"))
}

/// Splits bytes into lines at LF, CRLF or a bare CR.
pub fn split_lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let data = data.strip_suffix(b"\n").unwrap_or(data);
    let data = data.strip_suffix(b"\r").unwrap_or(data);
    let mut rest = Some(data);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let skip = if s[i..].starts_with(b"\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// Drops the line end (LF, CRLF) and, on the first line, a UTF-8 BOM.
pub fn trim_line(buf: &[u8], first: bool) -> &[u8] {
    let mut line = buf.strip_suffix(b"\n").unwrap_or(buf);
    line = line.strip_suffix(b"\r").unwrap_or(line);
    if first {
        line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    }
    line
}
