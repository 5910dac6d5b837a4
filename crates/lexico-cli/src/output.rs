//! The printer every command writes with, so that `--format json` means the same everywhere: it
//! takes records one at a time (any `serde::Serialize` struct or map, the library's records
//! among them) and writes each as a text line, a CSV row or a JSON Lines object, streaming.
//!
//! - Text: the line the command makes for the record.
//! - CSV (the `csv` crate's writer): a header of the first record's field names, then one row per
//!   record, in the record's field order. No field starts a spreadsheet formula ([`csv_safe`]).
//! - JSON Lines (`serde_json`): one object per record, its keys in byte order.
//!
//! Numbers are written as `serde_json` writes them, in CSV as in JSON (a float is the shortest
//! text that reads back as the value: `1.5e-7`); nested values (a list of derivations) are JSON
//! in JSON and compact JSON text in a CSV cell. See [`fields`].

mod fields;
pub mod words;

use std::io::{self, BufWriter, StdoutLock, Write};

use clap::ValueEnum;
use serde::ser::{Serialize, SerializeMap, Serializer};

use fields::Fields;
pub use lexico_answers::safe::{csv_safe, csv_safe_bytes, escape_controls};

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

/// A field value of a record made as a list of named values ([`Out::record`]).
pub enum Value<'a> {
    Str(&'a str),
    Int(u64),
    /// No value: an empty CSV cell, `null` in JSON.
    Null,
}

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Str(v) => s.serialize_str(v),
            Value::Int(v) => s.serialize_u64(*v),
            Value::Null => s.serialize_none(),
        }
    }
}

/// A record given as its fields in order, each a name and a [`Value`].
struct Named<'a>(&'a [(&'a str, Value<'a>)]);

impl Serialize for Named<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// The fields of a batch command's records, which the error row of a bad input has too.
pub struct BatchFields<'a> {
    /// The field that holds the input as typed (`word`, `rack`, `pattern`).
    pub input: &'a str,
    /// Every field of a record in order, the input's among them and `error` last.
    pub names: &'a [&'a str],
}

/// The error row of a bad input in CSV and JSON: the batch's fields, the input as typed in its
/// field, the message in `error`, every other field empty (CSV) or `null` (JSON).
struct ErrorRow<'a> {
    fields: &'a BatchFields<'a>,
    input: &'a str,
    message: &'a str,
}

impl Serialize for ErrorRow<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.fields.names.len()))?;
        for &name in self.fields.names {
            let value = match name {
                "error" => Some(self.message),
                _ if name == self.fields.input => Some(self.input),
                _ => None,
            };
            map.serialize_entry(name, &value)?;
        }
        map.end()
    }
}

/// Writes records in the chosen format to standard output, through a buffer.
pub struct Out {
    format: Format,
    w: Writer,
    /// The record being written, as field names and value texts; reused from one to the next.
    fields: Fields,
    /// The text line being written; reused from one to the next.
    line: String,
}

/// Where an [`Out`] writes: text and JSON Lines through a buffer, CSV through the `csv`
/// crate's writer (which has its own).
enum Writer {
    Lines(BufWriter<Sink>),
    Csv { w: Box<csv::Writer<Sink>>, header: bool, row: csv::ByteRecord },
}

/// Standard output, or memory in tests.
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

/// The bytes a writer gathers before it writes them to standard output.
const BUFFER: usize = 1 << 16;

impl Out {
    pub fn new(format: Format) -> Out {
        Out::to(format, Sink::Stdout(io::stdout().lock()))
    }

    fn to(format: Format, sink: Sink) -> Out {
        let w = match format {
            Format::Csv => Writer::Csv {
                w: Box::new(
                    csv::WriterBuilder::new()
                        .has_headers(false)
                        .flexible(true)
                        .buffer_capacity(BUFFER)
                        .from_writer(sink),
                ),
                header: false,
                row: csv::ByteRecord::new(),
            },
            Format::Text | Format::Json => Writer::Lines(BufWriter::with_capacity(BUFFER, sink)),
        };
        Out { format, w, fields: Fields::new(format), line: String::new() }
    }

    /// An `Out` that writes to memory, for tests: [`Out::written`] gives the bytes.
    #[cfg(test)]
    pub fn in_memory(format: Format) -> Out {
        Out::to(format, Sink::Memory(Vec::new()))
    }

    /// The bytes written to an [`Out::in_memory`].
    #[cfg(test)]
    pub fn written(self) -> Vec<u8> {
        let sink = match self.w {
            Writer::Lines(w) => w.into_inner().map_err(|e| e.into_error()).expect("memory does not fail"),
            Writer::Csv { w, .. } => {
                w.into_inner().map_err(|e| e.into_error()).expect("memory does not fail")
            }
        };
        match sink {
            Sink::Memory(bytes) => bytes,
            Sink::Stdout(_) => panic!("written to standard output"),
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Writes one record: in text, the line `text` makes (without its line end); in CSV and
    /// JSON, the fields of `record`.
    pub fn row<R: Serialize + ?Sized>(
        &mut self,
        record: &R,
        text: impl FnOnce(&mut String),
    ) -> io::Result<()> {
        self.write(None, record, false, text)
    }

    /// Writes one record of a batch command: [`Out::row`] with the field `error` last, empty
    /// (its error rows fill it).
    pub fn batch_row<R: Serialize>(&mut self, record: &R, text: impl FnOnce(&mut String)) -> io::Result<()> {
        self.write(None, record, true, text)
    }

    /// Writes one record that answers the query `input`, a batch command's input: in CSV and
    /// JSON the input in the field `name`, then the record's fields, then `error`, empty.
    pub fn answer_row<R: Serialize>(
        &mut self,
        (name, input): (&'static str, &str),
        record: &R,
        text: impl FnOnce(&mut String),
    ) -> io::Result<()> {
        self.write(Some((name, input)), record, true, text)
    }

    /// Writes one record, in CSV and JSON after the field `lead` and before an empty `error`
    /// field if `error`.
    fn write<R: Serialize + ?Sized>(
        &mut self,
        lead: Option<(&'static str, &str)>,
        record: &R,
        error: bool,
        text: impl FnOnce(&mut String),
    ) -> io::Result<()> {
        match &mut self.w {
            Writer::Lines(w) if self.format == Format::Text => {
                self.line.clear();
                text(&mut self.line);
                self.line.push('\n');
                w.write_all(self.line.as_bytes())
            }
            Writer::Lines(w) => {
                self.fields.collect(lead, record, error)?;
                self.fields.write_json(w)
            }
            Writer::Csv { w, header, row } => {
                self.fields.collect(lead, record, error)?;
                if !*header {
                    *header = true;
                    w.write_record(self.fields.names().map(csv_safe_bytes)).map_err(csv_error)?;
                }
                // A whole record, which the writer lays out faster than field by field.
                row.clear();
                self.fields.values().for_each(|v| row.push_field(&csv_safe_bytes(v)));
                w.write_byte_record(row).map_err(csv_error)
            }
        }
    }

    /// Writes one record made as a list of named values; `text` is its line in text.
    pub fn record(&mut self, text: &str, fields: &[(&str, Value)]) -> io::Result<()> {
        self.row(&Named(fields), |line| line.push_str(text))
    }

    /// Writes a line that only the text format has (a summary under a list); nothing in CSV
    /// and JSON.
    pub fn text_line(&mut self, text: &str) -> io::Result<()> {
        if self.format != Format::Text {
            return Ok(());
        }
        self.row(&(), |line| line.push_str(text))
    }

    /// Writes the error row of a bad input, where its records would have been: in text
    /// `INPUT<TAB>error<TAB>MESSAGE` whatever the command, in CSV and JSON a record with the
    /// command's `fields`, the input as typed in its field, the message in `error` and every other
    /// field empty (CSV) or `null` (JSON).
    pub fn error_row(&mut self, fields: &BatchFields, input: &str, message: &str) -> io::Result<()> {
        self.row(&ErrorRow { fields, input, message }, |line| {
            line.push_str(&escape_controls(input));
            line.push_str("\terror\t");
            line.push_str(&escape_controls(message));
        })
    }

    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.w {
            Writer::Lines(w) => w.flush(),
            Writer::Csv { w, .. } => w.flush(),
        }
    }
}

/// The I/O error of a CSV writer's error, so that a closed pipe is still told as one.
fn csv_error(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

/// Returns true if and only if the error is a closed output pipe (`lexico dump | head`), which
/// ends the program quietly as grep does.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize)]
    struct Row<'a> {
        word: &'a str,
        count: u64,
        share: f64,
        valid: bool,
        note: Option<&'a str>,
        list: Vec<u8>,
    }

    fn printed(format: Format, rows: &[Row]) -> String {
        let mut out = Out::in_memory(format);
        for r in rows {
            out.row(r, |line| line.push_str(r.word)).unwrap();
        }
        out.flush().unwrap();
        String::from_utf8(out.written()).unwrap()
    }

    #[test]
    fn one_record_in_each_format() {
        let rows = [
            Row { word: "CASA", count: 3, share: 1.5e-7, valid: true, note: None, list: vec![1, 2] },
            Row { word: "a,\"b\"", count: 0, share: 0.25, valid: false, note: Some("=1+2"), list: vec![] },
        ];
        assert_eq!(printed(Format::Text, &rows), "CASA\na,\"b\"\n");
        assert_eq!(
            printed(Format::Csv, &rows),
            "word,count,share,valid,note,list\n\
             CASA,3,1.5e-7,true,,\"[1,2]\"\n\
             \"a,\"\"b\"\"\",0,0.25,false,'=1+2,[]\n"
        );
        assert_eq!(
            printed(Format::Json, &rows),
            "{\"count\":3,\"list\":[1,2],\"note\":null,\"share\":1.5e-7,\"valid\":true,\"word\":\"CASA\"}\n\
             {\"count\":0,\"list\":[],\"note\":\"=1+2\",\"share\":0.25,\"valid\":false,\"word\":\"a,\\\"b\\\"\"}\n"
        );
    }

    /// A float is `serde_json`'s text in CSV as in JSON, for every kind of finite value.
    #[test]
    fn floats_are_written_as_serde_json_writes_them_in_csv_and_json() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut values = vec![0.0, -0.0, 1.0, 1e21, 5e-324, f64::MAX, 8.551225640764084e-7, 0.1];
        for _ in 0..2_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            values.push(f64::from_bits(seed));
            values.push((seed % 1_000_000_007) as f64 / 16_007_560_800.0);
        }
        for x in values.into_iter().filter(|x| x.is_finite()) {
            let [csv, json] = [Format::Csv, Format::Json].map(|f| {
                #[derive(serde::Serialize)]
                struct X {
                    x: f64,
                }
                let mut out = Out::in_memory(f);
                out.row(&X { x }, |_| ()).unwrap();
                out.flush().unwrap();
                String::from_utf8(out.written()).unwrap()
            });
            let csv_cell = csv.strip_prefix("x\n").unwrap().trim_end_matches('\n').trim_matches('"');
            let csv_cell = csv_cell.strip_prefix('\'').unwrap_or(csv_cell);
            let text = serde_json::to_string(&x).unwrap();
            assert_eq!(csv_cell, text, "{x:e}");
            assert_eq!(csv_cell.parse::<f64>().unwrap(), x, "{x:e}");
            assert_eq!(json, format!("{{\"x\":{text}}}\n"), "{x:e}");
        }
    }
}
