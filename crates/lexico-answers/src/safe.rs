//! Text from inputs and files, shown safely: a CSV field that a spreadsheet reads as text, never
//! as a formula ([`csv_safe`]), and text with its control characters escaped, so that a line end
//! or an escape sequence never splits a row or reaches a terminal ([`escape_controls`]). Every CSV
//! the program writes and every line it shows from an input goes through these.

use std::borrow::Cow;

/// A CSV field as a spreadsheet reads it, never as a formula: a field that starts with `=`,
/// `+`, `-`, `@`, a tab or a carriage return gets a `'` in front (a spreadsheet shows the rest
/// as text). Every CSV file and output of the program goes through this rule; no word, number or
/// code of an answer starts so, only text echoed from an input (a bad rack, a source line).
pub fn csv_safe(field: &str) -> Cow<'_, str> {
    match csv_safe_bytes(field.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(field),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8(bytes).expect("a ' before UTF-8 is UTF-8")),
    }
}

/// [`csv_safe`] of the bytes of a field.
pub fn csv_safe_bytes(field: &[u8]) -> Cow<'_, [u8]> {
    match field.first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') => Cow::Owned([b"'", field].concat()),
        _ => Cow::Borrowed(field),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_fields_get_a_quote_in_front() {
        for (field, safe) in [
            ("=1+2", "'=1+2"),
            ("+SUM(A1)", "'+SUM(A1)"),
            ("-2", "'-2"),
            ("@SUM(1)", "'@SUM(1)"),
            ("\tx", "'\tx"),
        ] {
            assert_eq!(csv_safe(field), safe);
        }
        for field in ["CASA", "", "1-2", "a=b", "'=1"] {
            assert_eq!(csv_safe(field), field);
        }
    }
}
