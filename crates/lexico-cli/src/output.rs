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
    w: BufWriter<StdoutLock<'static>>,
    /// The layout of the last JSON record, reused while the fields keep their names.
    json: JsonLayout,
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
        if self.names.len() == fields.len() && self.names.iter().zip(fields).all(|(a, (b, _))| a == b) {
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
        Out {
            format,
            header_done: false,
            w: BufWriter::with_capacity(1 << 14, io::stdout().lock()),
            json: JsonLayout::default(),
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
                    writeln!(self.w, "{}", names.join(","))?;
                    self.header_done = true;
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
                    match &fields[*i].1 {
                        Value::Str(s) => serde_json::to_writer(&mut self.w, s)?,
                        Value::Int(n) => write_int(&mut self.w, *n)?,
                        // A value that is no number (NaN, infinite) is `null`, as in a
                        // `serde_json::Value`.
                        Value::Float(x) => serde_json::to_writer(&mut self.w, x)?,
                        Value::Bool(b) => serde_json::to_writer(&mut self.w, b)?,
                        Value::Null => self.w.write_all(b"null")?,
                        Value::Json(j) => serde_json::to_writer(&mut self.w, j)?,
                    }
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
        Value::Float(x) => write!(w, "{x}"),
        Value::Bool(b) => write!(w, "{b}"),
        Value::Null => Ok(()),
        Value::Json(j) => csv_cell(w, &Value::Str(&j.to_string())),
    }
}

/// Writes `n` in decimal, as `{n}` formats it, without the formatting machinery.
fn write_int(w: &mut impl Write, mut n: u64) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    w.write_all(&digits[at..])
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
