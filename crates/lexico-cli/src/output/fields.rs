//! A record's fields as the printer writes them: serde serializes the record into its field
//! names and each value's text in the output's format, kept in one buffer reused from record to
//! record. CSV writes the values in the record's order; JSON writes an object with the keys in
//! byte order, the order a `serde_json::Map` keeps and every JSON record of the program has had.
//!
//! A record is a struct or a map (a `#[serde(flatten)]`ed struct is a map) of values: strings,
//! numbers, booleans, `None`, or nested values, which are JSON in JSON and compact JSON text in a
//! CSV cell.

use std::fmt::{self, Display};
use std::io::{self, Write};
use std::ops::Range;

use serde::ser::{self, Impossible, Serialize, Serializer};

use super::Format;

/// The fields of the record being written.
pub struct Fields {
    format: Format,
    /// The values' texts (and the names of a map's keys), one after the other.
    text: Vec<u8>,
    /// Each field in the record's order: its name and where its value lies in `text`.
    fields: Vec<(Name, Range<usize>)>,
    /// The order of the keys of the last JSON record: the names in the record's order, and for
    /// each field written, its place and the bytes before its value (`{"key":`, `,"key":`).
    layout: (Vec<String>, Vec<(usize, Vec<u8>)>),
}

/// A field's name: a struct's own, or a map key's text in [`Fields::text`].
#[derive(Clone)]
enum Name {
    Static(&'static str),
    Text(Range<usize>),
}

impl Fields {
    pub fn new(format: Format) -> Fields {
        Fields { format, text: Vec::with_capacity(256), fields: Vec::new(), layout: Default::default() }
    }

    /// Takes `record`'s fields, in place of the last record's: after the field `lead`, if any,
    /// and before an empty field `error` if `error`.
    pub fn collect<R: Serialize + ?Sized>(
        &mut self,
        lead: Option<(&'static str, &str)>,
        record: &R,
        error: bool,
    ) -> io::Result<()> {
        self.text.clear();
        self.fields.clear();
        let mut all = || {
            if let Some((name, value)) = lead {
                self.push(Name::Static(name), value)?;
            }
            record.serialize(Collect(self))?;
            if error {
                self.push(Name::Static("error"), &None::<&str>)?;
            }
            Ok(())
        };
        all().map_err(|e: Error| io::Error::other(e.0))
    }

    fn name(&self, name: &Name) -> &str {
        match name {
            Name::Static(s) => s,
            // Map keys are taken from `str`s.
            Name::Text(r) => std::str::from_utf8(&self.text[r.clone()]).unwrap_or(""),
        }
    }

    /// The names of the fields, in order.
    pub fn names(&self) -> impl Iterator<Item = &[u8]> {
        self.fields.iter().map(|(n, _)| self.name(n).as_bytes())
    }

    /// The values' texts, in order.
    pub fn values(&self) -> impl Iterator<Item = &[u8]> {
        self.fields.iter().map(|(_, v)| &self.text[v.clone()])
    }

    /// Writes the fields as a JSON object on a line of its own, keys in byte order.
    pub fn write_json(&mut self, w: &mut impl Write) -> io::Result<()> {
        self.fit_layout()?;
        let (_, keys) = &self.layout;
        if keys.is_empty() {
            w.write_all(b"{")?;
        }
        for (i, key) in keys {
            w.write_all(key)?;
            w.write_all(&self.text[self.fields[*i].1.clone()])?;
        }
        w.write_all(b"}\n")
    }

    /// Makes the layout of the keys for the fields, unless it is already theirs (the records of
    /// a command have the same fields, so it is made once, not per record): keys in byte order,
    /// the last of equal keys kept, as a `serde_json::Map` keeps them.
    fn fit_layout(&mut self) -> io::Result<()> {
        let same = self.layout.0.len() == self.fields.len()
            && self.layout.0.iter().zip(&self.fields).all(|(a, (b, _))| a.as_str() == self.name(b));
        if same {
            return Ok(());
        }
        let names: Vec<String> = self.fields.iter().map(|(n, _)| self.name(n).to_string()).collect();
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&a, &b| names[a].cmp(&names[b]).then(a.cmp(&b)));
        let mut keys = Vec::with_capacity(order.len());
        for (j, &i) in order.iter().enumerate() {
            if order.get(j + 1).is_some_and(|&next| names[next] == names[i]) {
                continue;
            }
            let mut key = if keys.is_empty() { b"{".to_vec() } else { b",".to_vec() };
            serde_json::to_writer(&mut key, &names[i])?;
            key.push(b':');
            keys.push((i, key));
        }
        self.layout = (names, keys);
        Ok(())
    }

    /// Adds a field of name `name` whose value is `value`.
    fn push<T: Serialize + ?Sized>(&mut self, name: Name, value: &T) -> Result<(), Error> {
        let start = self.text.len();
        match self.format {
            Format::Json => value.serialize(&mut serde_json::Serializer::new(&mut self.text))?,
            Format::Csv | Format::Text => {
                if value.serialize(Cell(&mut self.text)).is_err() {
                    // A nested value: its compact JSON text.
                    self.text.truncate(start);
                    value.serialize(&mut serde_json::Serializer::new(&mut self.text))?;
                }
            }
        }
        self.fields.push((name, start..self.text.len()));
        Ok(())
    }
}

/// Why a record could not be taken apart (it is no struct or map): for the program's own records
/// this never happens.
#[derive(Debug)]
pub struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error(e.to_string())
    }
}

/// The serializer of a whole record: a struct or a map.
struct Collect<'f>(&'f mut Fields);

/// Refuses what is no record.
macro_rules! not_a_record {
    ($($method:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $method(self $(, _: $arg)*) -> Result<(), Error> {
            Err(Error(concat!("a record is a struct or a map, not ", stringify!($method)).into()))
        })*
    };
}

impl<'f> Serializer for Collect<'f> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Collect<'f>;
    type SerializeStruct = Collect<'f>;
    type SerializeStructVariant = Impossible<(), Error>;

    not_a_record! {
        serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32),
        serialize_i64(i64), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32),
        serialize_u64(u64), serialize_f32(f32), serialize_f64(f64), serialize_char(char),
        serialize_str(&str), serialize_bytes(&[u8]), serialize_none(), serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    }

    /// No fields at all: a record that only the text format prints.
    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(Error("a record is a struct or a map, not an enum".into()))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(Error("a record is a struct or a map, not a list".into()))
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(Error("a record is a struct or a map, not a tuple".into()))
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(Error("a record is a struct or a map, not a tuple".into()))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(Error("a record is a struct or a map, not an enum".into()))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Collect<'f>, Error> {
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Collect<'f>, Error> {
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(Error("a record is a struct or a map, not an enum".into()))
    }
}

impl ser::SerializeStruct for Collect<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.0.push(Name::Static(key), value)
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeMap for Collect<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        // The key's text goes into the buffer; its value follows with the next call.
        let start = self.0.text.len();
        key.serialize(Cell(&mut self.0.text)).map_err(|_| Error("a record's keys are strings".into()))?;
        self.0.fields.push((Name::Text(start..self.0.text.len()), 0..0));
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let (name, _) = self.0.fields.pop().ok_or_else(|| Error("a value without its key".into()))?;
        self.0.push(name, value)
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// The serializer of one CSV cell: a plain value's text as it is (an integer in decimal, a
/// float as `serde_json` writes it), nothing for `None`. A nested value is refused, and the
/// caller writes its JSON text instead.
struct Cell<'b>(&'b mut Vec<u8>);

/// The refusal of a nested value by [`Cell`].
#[derive(Debug)]
struct Nested;

impl Display for Nested {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a nested value")
    }
}

impl std::error::Error for Nested {}

impl ser::Error for Nested {
    fn custom<T: Display>(_: T) -> Nested {
        Nested
    }
}

/// A cell's bytes as a `fmt::Write`: what a value displays goes straight into them.
struct Text<'b>(&'b mut Vec<u8>);

impl fmt::Write for Text<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// Writes an integer as the standard library does.
macro_rules! integers {
    ($($method:ident($ty:ty)),*) => {
        $(fn $method(self, v: $ty) -> Result<(), Nested> {
            self.0.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
            Ok(())
        })*
    };
}

impl Serializer for Cell<'_> {
    type Ok = ();
    type Error = Nested;
    type SerializeSeq = Impossible<(), Nested>;
    type SerializeTuple = Impossible<(), Nested>;
    type SerializeTupleStruct = Impossible<(), Nested>;
    type SerializeTupleVariant = Impossible<(), Nested>;
    type SerializeMap = Impossible<(), Nested>;
    type SerializeStruct = Impossible<(), Nested>;
    type SerializeStructVariant = Impossible<(), Nested>;

    integers! {
        serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64)
    }

    fn serialize_bool(self, v: bool) -> Result<(), Nested> {
        self.0.extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), Nested> {
        self.serialize_f64(v as f64)
    }

    /// A float as JSON writes it (`serde_json`: the shortest text that reads back as the value,
    /// `1.5e-7`), so that a value reads the same in CSV and JSON; one JSON has no text for (NaN,
    /// an infinity) as the standard library writes it.
    fn serialize_f64(self, v: f64) -> Result<(), Nested> {
        if v.is_finite() {
            serde_json::to_writer(&mut *self.0, &v).map_err(|_| Nested)
        } else {
            fmt::write(&mut Text(self.0), format_args!("{v}")).map_err(|_| Nested)
        }
    }

    fn serialize_char(self, v: char) -> Result<(), Nested> {
        self.0.extend_from_slice(v.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Nested> {
        self.0.extend_from_slice(v.as_bytes());
        Ok(())
    }

    fn collect_str<T: Display + ?Sized>(self, v: &T) -> Result<(), Nested> {
        fmt::write(&mut Text(self.0), format_args!("{v}")).map_err(|_| Nested)
    }

    fn serialize_bytes(self, _: &[u8]) -> Result<(), Nested> {
        Err(Nested)
    }

    fn serialize_none(self) -> Result<(), Nested> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Nested> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Nested> {
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Nested> {
        Ok(())
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Nested> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Nested> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Nested> {
        Err(Nested)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Nested> {
        Err(Nested)
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Nested> {
        Err(Nested)
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Nested> {
        Err(Nested)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Nested> {
        Err(Nested)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Nested> {
        Err(Nested)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Nested> {
        Err(Nested)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Nested> {
        Err(Nested)
    }
}
