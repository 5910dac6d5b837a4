//! Output formats shared by every command, so `--format json` means the same everywhere, and the
//! error row a batch prints for a bad input.

use std::borrow::Cow;
use std::io::{self, BufWriter, StdoutLock, Write};

use clap::ValueEnum;

/// How records are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable columns separated by tabs.
    #[default]
    Text,
    /// CSV with a header row.
    Csv,
    /// JSON Lines: one object per record.
    Json,
}

/// A field value.
pub enum Value<'a> {
    Str(&'a str),
    Int(u64),
    Float(f64),
    Bool(bool),
    /// No value: an empty CSV cell, `null` in JSON.
    Null,
    /// A structured value (a list of derivations): nested in JSON, compact JSON text in CSV.
    Json(serde_json::Value),
}

/// The fields of a batch command's records, which the error row of a bad input has too.
pub struct Fields<'a> {
    /// The field that holds the input as typed (`word`, `rack`, `pattern`).
    pub input: &'a str,
    /// Every field of a record in order, the input's among them and `error` last.
    pub names: &'a [&'a str],
}

/// Writes records in the chosen format to standard output, straight into its buffer: no record
/// allocates.
pub struct Out {
    format: Format,
    header_done: bool,
    w: BufWriter<Sink>,
    /// The layout of the last JSON record, reused while the fields keep their names.
    json: JsonLayout,
}

/// Where an [`Out`] writes: standard output, or memory in tests.
enum Sink {
    Stdout(StdoutLock<'static>),
    #[cfg(test)]
    Memory(Vec<u8>),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            #[cfg(test)]
            Sink::Memory(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(buf),
            #[cfg(test)]
            Sink::Memory(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            #[cfg(test)]
            Sink::Memory(_) => Ok(()),
        }
    }
}

/// The order a JSON record's fields are written in and their keys, written out once: the
/// records of a command have the same fields, so this is made once per command, not per record.
#[derive(Default)]
struct JsonLayout {
    /// The names of the fields this layout is for, in the record's order.
    names: Vec<String>,
    /// For each field written, its place in the record and the bytes before its value
    /// (`{"key":`, then `,"key":`).
    keys: Vec<(usize, Vec<u8>)>,
}

impl JsonLayout {
    /// Makes the layout for `fields`, unless it is already theirs: keys in byte order, the last
    /// of equal keys kept, which is what a `serde_json::Map` of the fields writes.
    fn fit(&mut self, fields: &[(&str, Value)]) -> io::Result<()> {
        if self.names.len() == fields.len()
            && self.names.iter().zip(fields).all(|(a, (b, _))| a.as_str() == *b)
        {
            return Ok(());
        }
        self.names = fields.iter().map(|(k, _)| k.to_string()).collect();
        let mut order: Vec<usize> = (0..fields.len()).collect();
        order.sort_by_key(|&i| fields[i].0);
        self.keys.clear();
        for (j, &i) in order.iter().enumerate() {
            if order.get(j + 1).is_some_and(|&n| fields[n].0 == fields[i].0) {
                continue;
            }
            let mut key = if self.keys.is_empty() { b"{".to_vec() } else { b",".to_vec() };
            serde_json::to_writer(&mut key, fields[i].0)?;
            key.push(b':');
            self.keys.push((i, key));
        }
        Ok(())
    }
}

impl Out {
    pub fn new(format: Format) -> Out {
        Out::to(format, Sink::Stdout(io::stdout().lock()))
    }

    fn to(format: Format, sink: Sink) -> Out {
        Out {
            format,
            header_done: false,
            w: BufWriter::with_capacity(1 << 14, sink),
            json: JsonLayout::default(),
        }
    }

    /// An `Out` that writes to memory, for tests: [`Out::written`] gives the bytes.
    #[cfg(test)]
    pub fn in_memory(format: Format) -> Out {
        Out::to(format, Sink::Memory(Vec::new()))
    }

    /// The bytes written to an [`Out::in_memory`].
    #[cfg(test)]
    pub fn written(self) -> Vec<u8> {
        match self.w.into_inner().map_err(|e| e.into_error()).expect("memory does not fail") {
            Sink::Memory(bytes) => bytes,
            Sink::Stdout(_) => panic!("written to standard output"),
        }
    }

    /// Writes the error row of a bad input, where its records would have been: in text
    /// `INPUT<TAB>error<TAB>MESSAGE` whatever the command, in CSV and JSON a record with the
    /// command's `fields`, the input as typed in its field, the message in `error` and every other
    /// field empty (CSV) or `null` (JSON).
    pub fn error_row(&mut self, fields: &Fields, input: &str, message: &str) -> io::Result<()> {
        if self.format == Format::Text {
            let (input, message) = (escape_controls(input), escape_controls(message));
            return writeln!(self.w, "{input}\terror\t{message}");
        }
        let record: Vec<(&str, Value)> = fields
            .names
            .iter()
            .map(|&name| match name {
                "error" => (name, Value::Str(message)),
                _ if name == fields.input => (name, Value::Str(input)),
                _ => (name, Value::Null),
            })
            .collect();
        self.record("", &record)
    }

    /// Writes the CSV header row of records with fields `names`, unless it is written already or
    /// the format is not CSV: for a fast path that writes its records with [`Out::raw`].
    pub fn header(&mut self, names: &[&str]) -> io::Result<()> {
        if self.format != Format::Csv || self.header_done {
            return Ok(());
        }
        self.header_done = true;
        self.w.write_all(names.join(",").as_bytes())?;
        self.w.write_all(b"\n")
    }

    /// Writes one record. `text` is the line printed in text format.
    pub fn record(&mut self, text: &str, fields: &[(&str, Value)]) -> io::Result<()> {
        match self.format {
            Format::Text => {
                self.w.write_all(text.as_bytes())?;
                self.w.write_all(b"\n")
            }
            Format::Csv => {
                if !self.header_done {
                    let names: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
                    self.header(&names)?;
                }
                for (i, (_, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.w.write_all(b",")?;
                    }
                    csv_cell(&mut self.w, v)?;
                }
                self.w.write_all(b"\n")
            }
            Format::Json => {
                self.json.fit(fields)?;
                if self.json.keys.is_empty() {
                    self.w.write_all(b"{")?;
                }
                for (i, key) in &self.json.keys {
                    self.w.write_all(key)?;
                    json_value(&mut self.w, &fields[*i].1)?;
                }
                self.w.write_all(b"}\n")
            }
        }
    }

    /// Writes raw bytes (fast paths that format their own text lines).
    pub fn raw(&mut self) -> &mut impl Write {
        &mut self.w
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// Writes the value of a field as [`Out::record`] writes it in `format` (CSV or JSON; text has
/// no fields): for rows written from parts made beforehand.
pub fn write_value(w: &mut impl Write, format: Format, v: &Value) -> io::Result<()> {
    match format {
        Format::Json => json_value(w, v),
        Format::Csv | Format::Text => csv_cell(w, v),
    }
}

/// Writes the value of a JSON field.
fn json_value(w: &mut impl Write, v: &Value) -> io::Result<()> {
    match v {
        Value::Str(s) => write_json_str(w, s),
        Value::Int(n) => write_int(w, *n),
        // A value that is no number (NaN, infinite) is `null`, as in a `serde_json::Value`;
        // the others as `serde_json` writes them, zmij's shortest digits.
        Value::Float(x) if x.is_finite() => w.write_all(zmij::Buffer::new().format_finite(*x).as_bytes()),
        Value::Float(_) => w.write_all(b"null"),
        Value::Bool(b) => w.write_all(if *b { b"true" } else { b"false" }),
        Value::Null => w.write_all(b"null"),
        Value::Json(j) => Ok(serde_json::to_writer(w, j)?),
    }
}

/// Writes `s` as a JSON string, as `serde_json` writes it: straight when nothing in it needs
/// escaping (no quote, backslash or control character), else by `serde_json`.
fn write_json_str(w: &mut impl Write, s: &str) -> io::Result<()> {
    if s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        return Ok(serde_json::to_writer(w, s)?);
    }
    w.write_all(b"\"")?;
    w.write_all(s.as_bytes())?;
    w.write_all(b"\"")
}

/// Writes one CSV cell: a string holding a comma, a quote or a line end quoted, its quotes
/// doubled.
fn csv_cell(w: &mut impl Write, v: &Value) -> io::Result<()> {
    match v {
        Value::Str(s) if s.bytes().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) => {
            w.write_all(b"\"")?;
            for (i, part) in s.split('"').enumerate() {
                if i > 0 {
                    w.write_all(b"\"\"")?;
                }
                w.write_all(part.as_bytes())?;
            }
            w.write_all(b"\"")
        }
        Value::Str(s) => w.write_all(s.as_bytes()),
        Value::Int(n) => write_int(w, *n),
        Value::Float(x) => write_float(w, *x),
        Value::Bool(b) => w.write_all(if *b { b"true" } else { b"false" }),
        Value::Null => Ok(()),
        Value::Json(j) => csv_cell(w, &Value::Str(&j.to_string())),
    }
}

/// Returns true if `word` is written as it is in a record of `format`: nothing to quote in CSV,
/// nothing to escape in JSON (text writes every word as it is).
pub fn plain(format: Format, word: &[u8]) -> bool {
    match format {
        Format::Text => true,
        Format::Csv => !word.iter().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')),
        Format::Json => !word.iter().any(|&b| b == b'"' || b == b'\\' || b < 0x20),
    }
}

/// Writes `n` in decimal, as `{n}` formats it, without the formatting machinery.
pub fn write_int(w: &mut impl Write, n: u64) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let len = int_text(&mut digits, n);
    w.write_all(&digits[..len])
}

/// Lays out `n` in decimal, as `{n}` formats it, at the start of `dst`, and returns its length:
/// the digits written in place, last first, with no copy of a varying length. `dst` has room
/// for the digits (at most 20).
#[inline]
pub fn int_text(dst: &mut [u8], n: u64) -> usize {
    let len = n.checked_ilog10().map_or(1, |d| d as usize + 1);
    let mut value = n;
    for slot in dst[..len].iter_mut().rev() {
        *slot = b'0' + (value % 10) as u8;
        value /= 10;
    }
    len
}

/// Writes `x` as `{x}` formats it: the shortest decimal that reads back as `x`, never with an
/// exponent (`0.00000015`, `100`, `-0`). The digits are zmij's (the formatter `serde_json`
/// writes JSON numbers with, several times faster than `{x}`), laid out here; a value where two
/// shortest decimals are equally near ([`may_tie`]), which the two break differently, is left to
/// `{x}`.
pub fn write_float(w: &mut impl Write, x: f64) -> io::Result<()> {
    let Some(d) = Decimal::of(x) else {
        return write!(w, "{x}");
    };
    // Most values are laid out in a buffer and written at once, without the small writes.
    if let Some((text, n)) = d.short() {
        return w.write_all(&text[..n]);
    }
    let digits = &d.digits[..d.len];
    let (n, point) = (d.len as i32, d.point);
    if d.negative {
        w.write_all(b"-")?;
    }
    if digits.is_empty() {
        return w.write_all(b"0");
    }
    const ZEROS: [u8; 64] = [b'0'; 64];
    let zeros = |w: &mut dyn Write, mut n: usize| -> io::Result<()> {
        while n > 0 {
            let k = n.min(ZEROS.len());
            w.write_all(&ZEROS[..k])?;
            n -= k;
        }
        Ok(())
    };
    if point <= 0 {
        w.write_all(b"0.")?;
        zeros(w, (-point) as usize)?;
        w.write_all(digits)
    } else if point >= n {
        w.write_all(digits)?;
        zeros(w, (point - n) as usize)
    } else {
        w.write_all(&digits[..point as usize])?;
        w.write_all(b".")?;
        w.write_all(&digits[point as usize..])
    }
}

/// Lays out `x` as [`write_float`] writes it at the start of `text` and returns its length,
/// when it takes at most [`SHORT_FLOAT`] bytes (for a caller that copies it in fixed-size
/// chunks, which `text` has room for); `None` for the others (a value that is no number, a
/// possible tie, a longer text), with `text` overwritten.
pub fn float_text(x: f64, text: &mut [u8; FLOAT_TEXT]) -> Option<usize> {
    if !x.is_finite() || may_tie(x) {
        return None;
    }
    let mut buffer = zmij::Buffer::new();
    let s = buffer.format_finite(x).as_bytes();
    // The common forms of a probability: `D.DDDe-N` or `De-N` (D not 0), which is `0.`, N - 1
    // zeros and the digits; and `0.DDD`, zmij's text of a value from 10^-5 on, which is
    // already `{x}`'s. Any other goes through `Decimal`.
    if let Some(n) = small_float(s, text).or_else(|| plain_fraction(s, text)) {
        return Some(n);
    }
    let (short, n) = Decimal::parse(s)?.short()?;
    *text = short;
    Some(n)
}

/// [`float_text`] of zmij's text `s` of the form `D.DDDe-N` or `De-N`, D not 0 and N of 1 to 3
/// digits, if it is, laid out in `text` with no copy of a varying length but the digits'. Read
/// with plain loops from both ends: it runs once for each distinct probability of an answer's
/// rows.
fn small_float(s: &[u8], text: &mut [u8; FLOAT_TEXT]) -> Option<usize> {
    // The exponent's digits, from the end: at most 3.
    let (n, mut i, mut exponent, mut scale) = (s.len(), s.len(), 0usize, 1usize);
    while i > 0 && s[i - 1].is_ascii_digit() {
        if n - i == 3 {
            return None;
        }
        exponent += (s[i - 1] - b'0') as usize * scale;
        scale *= 10;
        i -= 1;
    }
    // Then `e-`, after at least the first digit.
    if i == n || i < 3 || s[i - 1] != b'-' || s[i - 2] != b'e' {
        return None;
    }
    let (e, zeros) = (i - 2, exponent.checked_sub(1)?);
    let first = s[0];
    if !(b'1'..=b'9').contains(&first) {
        return None;
    }
    let rest = match e {
        1 => &s[1..1],
        _ if s[1] == b'.' => &s[2..e],
        _ => return None,
    };
    // Every byte a digit, tested without a branch a byte; the trailing zeros dropped.
    if !rest.iter().fold(true, |all, b| all & b.is_ascii_digit()) {
        return None;
    }
    let end = rest.len() - rest.iter().rev().take_while(|&&b| b == b'0').count();
    let size = 3 + zeros + end;
    if size > SHORT_FLOAT {
        return None;
    }
    text[..SHORT_FLOAT].fill(b'0');
    text[1] = b'.';
    text[2 + zeros] = first;
    text[3 + zeros..size].copy_from_slice(&rest[..end]);
    Some(size)
}

/// [`float_text`] of zmij's text `s` of the form `0.DDD` (D digits, the last not 0), if it is:
/// the text itself.
fn plain_fraction(s: &[u8], text: &mut [u8; FLOAT_TEXT]) -> Option<usize> {
    let digits = s.strip_prefix(b"0.")?;
    let last_digit = digits.last().is_some_and(|&b| b != b'0');
    if s.len() > SHORT_FLOAT || !last_digit || !digits.iter().fold(true, |all, b| all & b.is_ascii_digit()) {
        return None;
    }
    text[..s.len()].copy_from_slice(s);
    Some(s.len())
}

/// The bytes of the buffer of [`float_text`]: the longest text it holds and a chunk more.
pub const FLOAT_TEXT: usize = SHORT_FLOAT + 16;

/// A finite value's shortest decimal: its significant digits (no leading or trailing zero;
/// none for zero) and where the decimal point falls among them.
struct Decimal {
    negative: bool,
    digits: [u8; 32],
    len: usize,
    point: i32,
}

impl Decimal {
    /// `None` for a value that is no number or may tie ([`may_tie`]), and for a text of zmij's
    /// this does not read: `{x}` then writes it.
    fn of(x: f64) -> Option<Decimal> {
        if !x.is_finite() || may_tie(x) {
            return None;
        }
        let mut buffer = zmij::Buffer::new();
        Decimal::parse(buffer.format_finite(x).as_bytes())
    }

    /// The decimal of zmij's text `s` of a finite value.
    fn parse(s: &[u8]) -> Option<Decimal> {
        let (negative, s) = match s.strip_prefix(b"-") {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (mantissa, exponent) = match s.iter().position(|&b| b == b'e') {
            Some(i) => {
                let (sign, e) = match &s[i + 1..] {
                    [b'-', e @ ..] => (-1, e),
                    [b'+', e @ ..] => (1, e),
                    e => (1, e),
                };
                if e.is_empty() || e.len() > 4 || !e.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                (&s[..i], sign * e.iter().fold(0i32, |n, &b| 10 * n + (b - b'0') as i32))
            }
            None => (s, 0),
        };
        let mut digits = [0u8; 32];
        let mut len = 0;
        let mut point = None;
        for &b in mantissa {
            if b == b'.' {
                point = Some(len);
            } else if len < digits.len() {
                digits[len] = b;
                len += 1;
            } else {
                return None;
            }
        }
        let mut point = point.unwrap_or(len) as i32 + exponent;
        let mut start = 0;
        while start < len && digits[start] == b'0' {
            start += 1;
            point -= 1;
        }
        while len > start && digits[len - 1] == b'0' {
            len -= 1;
        }
        digits.copy_within(start..len, 0);
        Some(Decimal { negative, digits, len: len - start, point })
    }

    /// The text laid out in a buffer, if it takes at most [`SHORT_FLOAT`] bytes.
    fn short(&self) -> Option<([u8; FLOAT_TEXT], usize)> {
        let digits = &self.digits[..self.len];
        let (n, point) = (self.len as i32, self.point);
        let size = self.negative as i32
            + if digits.is_empty() {
                1
            } else if point <= 0 {
                2 - point + n
            } else if point >= n {
                point
            } else {
                n + 1
            };
        if size > SHORT_FLOAT as i32 {
            return None;
        }
        let mut text = [b'0'; FLOAT_TEXT];
        let mut at = self.negative as usize;
        if self.negative {
            text[0] = b'-';
        }
        if digits.is_empty() {
            at += 1;
        } else if point <= 0 {
            text[at + 1] = b'.';
            at += 2 + (-point) as usize;
            text[at..at + digits.len()].copy_from_slice(digits);
            at += digits.len();
        } else if point >= n {
            text[at..at + digits.len()].copy_from_slice(digits);
            at += point as usize;
        } else {
            let p = point as usize;
            text[at..at + p].copy_from_slice(&digits[..p]);
            text[at + p] = b'.';
            text[at + p + 1..at + digits.len() + 1].copy_from_slice(&digits[p..]);
            at += digits.len() + 1;
        }
        Some((text, at))
    }
}

/// The longest text [`write_float`] lays out in a buffer; longer ones are written in parts.
const SHORT_FLOAT: usize = 48;

/// Returns true if `x` may lie exactly halfway between two shortest decimals: only when its exact
/// decimal expansion has at most 18 significant digits (17 digits and a final 5). A draw's
/// probability, a quotient of two large numbers, never does.
fn may_tie(x: f64) -> bool {
    const LIMIT: u128 = 1_000_000_000_000_000_000;
    let bits = x.abs().to_bits();
    let (exponent, fraction) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (mut m, mut e) =
        if exponent == 0 { (fraction, -1074) } else { (fraction | 1 << 52, exponent - 1075) };
    if m == 0 {
        return true;
    }
    let twos = m.trailing_zeros();
    m >>= twos;
    e += twos as i32;
    // The exact value is m·2^e, m odd: its significant digits are m·5^-e (e < 0), or m·2^e
    // without its trailing zeros (e ≥ 0).
    let mut r = m as u128;
    if e < 0 {
        for _ in 0..-e {
            r *= 5;
            if r >= LIMIT {
                return false;
            }
        }
    } else {
        let mut e = e;
        while e > 0 && r.is_multiple_of(5) {
            r /= 5;
            e -= 1;
        }
        for _ in 0..e {
            r *= 2;
            if r >= LIMIT {
                return false;
            }
        }
    }
    r < LIMIT
}

/// `text` with its control characters escaped (`\t`, `\u{1b}`), so that a tab or a line end typed
/// in an input never splits a row and an escape sequence never reaches the terminal.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Returns true if and only if the error is a closed output pipe (`lexico dump | head`), which
/// ends the program quietly as grep does.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(x: f64) -> String {
        let mut out = Vec::new();
        write_float(&mut out, x).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The next number of a xorshift sequence (a fixed, spread-out series of test values).
    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn integers_are_laid_out_as_display_writes_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut values = vec![0, 9, 10, 99, 100, 255, 1000, u64::MAX, u64::MAX / 10];
        values.extend((0..20).map(|d| 10u64.pow(d)));
        values.extend((0..10_000).map(|_| xorshift(&mut seed) >> (seed % 64)));
        for n in values {
            let mut text = [0u8; 20];
            let len = int_text(&mut text, n);
            assert_eq!(&text[..len], n.to_string().as_bytes(), "{n}");
        }
    }

    #[test]
    fn float_texts_are_written_as_display_writes_them() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut values =
            vec![1.0, 0.5, 1e-7, 1.5e-7, 8.551225640764084e-7, 1e-40, 1e-47, 1e-50, 0.1, 1e-5, 1e-4];
        for _ in 0..200_000 {
            let seed = xorshift(&mut seed);
            values.push((seed % 1_000_000_007) as f64 / 16_007_560_800.0);
            values.push((seed >> 11) as f64 / (1u64 << 53) as f64 / 1e9);
            values.push((seed >> 11) as f64 / (1u64 << 53) as f64);
            values.push(f64::from_bits(seed));
        }
        // Texts zmij does not write are left to `Decimal`, never misread.
        let mut text = [0; FLOAT_TEXT];
        for odd in [&b"1e-0"[..], b"0.5e-3", b"1.5e-", b"1.5e+3", b"-1e-3", b"1e-1000", b"1.5x3e-2"] {
            assert_eq!(small_float(odd, &mut text), None, "{}", String::from_utf8_lossy(odd));
        }
        for odd in [&b"0."[..], b"0.50", b"0.5e-3", b"0.5.1", b"1.5", b"-0.5", b"00.5"] {
            assert_eq!(plain_fraction(odd, &mut text), None, "{}", String::from_utf8_lossy(odd));
        }
        for x in values {
            let want = format!("{x}");
            // What an earlier value left in the buffer must not show through.
            text.fill(b'7');
            match float_text(x, &mut text) {
                Some(n) => assert_eq!(&text[..n], want.as_bytes(), "{:e}", x),
                // Only a long text, or one `{x}` must write, is left out.
                None => assert!(want.len() > SHORT_FLOAT || !x.is_finite() || may_tie(x), "{:e}", x),
            }
        }
    }

    #[test]
    fn json_floats_are_written_as_serde_json_writes_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut values =
            vec![0.0, -0.0, 1.0, 1e21, 5e-324, f64::MAX, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for _ in 0..100_000 {
            let seed = xorshift(&mut seed);
            values.push(f64::from_bits(seed));
            values.push((seed % 1_000_000_007) as f64 / 16_007_560_800.0);
        }
        for x in values {
            let mut got = Vec::new();
            json_value(&mut got, &Value::Float(x)).unwrap();
            assert_eq!(got, serde_json::to_vec(&x).unwrap(), "{:e}", x);
        }
    }

    #[test]
    fn floats_are_written_as_display_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            100.0,
            1e16,
            1e21,
            1.5e-7,
            8.551225640764084e-7,
            0.00011348494411822837,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            123456789012345680.0,
        ];
        // Bit patterns spread over every exponent, and ratios like a draw's probability.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            let seed = xorshift(&mut seed);
            values.push(f64::from_bits(seed));
            values.push((seed % 1_000_000_007) as f64 / 16_007_560_800.0);
            // Exact binary fractions, some exactly halfway between two shortest decimals.
            values.push((seed >> 20) as f64 / 4096.0);
        }
        for x in values {
            assert_eq!(float(x), format!("{x}"), "{:e}", x);
        }
    }
}
