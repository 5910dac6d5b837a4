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
    /// Scratch: the fields of a JSON record in the order of their names.
    order: Vec<usize>,
}

impl Out {
    pub fn new(format: Format) -> Out {
        Out {
            format,
            header_done: false,
            w: BufWriter::with_capacity(1 << 14, io::stdout().lock()),
            order: Vec::new(),
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
                // An object's keys in byte order, the last of equal keys kept: what a
                // `serde_json::Map` of the fields writes.
                self.order.clear();
                self.order.extend(0..fields.len());
                self.order.sort_by_key(|&i| fields[i].0);
                self.w.write_all(b"{")?;
                let mut first = true;
                for (j, &i) in self.order.iter().enumerate() {
                    if self.order.get(j + 1).is_some_and(|&n| fields[n].0 == fields[i].0) {
                        continue;
                    }
                    if !first {
                        self.w.write_all(b",")?;
                    }
                    first = false;
                    let (k, v) = &fields[i];
                    serde_json::to_writer(&mut self.w, k)?;
                    self.w.write_all(b":")?;
                    match v {
                        Value::Str(s) => serde_json::to_writer(&mut self.w, s)?,
                        Value::Int(n) => serde_json::to_writer(&mut self.w, n)?,
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
        Value::Str(s) if s.contains([',', '"', '\n', '\r']) => {
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
        Value::Int(n) => write!(w, "{n}"),
        Value::Float(x) => write!(w, "{x}"),
        Value::Bool(b) => write!(w, "{b}"),
        Value::Null => Ok(()),
        Value::Json(j) => csv_cell(w, &Value::Str(&j.to_string())),
    }
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
