//! Text from inputs and files, shown safely: a CSV field that a spreadsheet reads as text, never
//! as a formula ([`csv_safe`]), and text with its control characters escaped, so that a line end
//! or an escape sequence never splits a row or reaches a terminal ([`escape_controls`]), and text
//! in HTML ([`html_text`], [`fill`]) and Markdown ([`markdown_text`]) shown literally. Every CSV
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

/// [`csv_safe`] of the bytes of a field: one that starts with `=`, `+`, `-`, `@`, a tab, a CR,
/// or the full-width `＝`, `＋`, `－`, `＠` that a spreadsheet reads as them.
pub fn csv_safe_bytes(field: &[u8]) -> Cow<'_, [u8]> {
    const FULL_WIDTH: [&str; 4] = ["\u{ff1d}", "\u{ff0b}", "\u{ff0d}", "\u{ff20}"];
    let formula = matches!(field.first(), Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r'))
        || FULL_WIDTH.iter().any(|c| field.starts_with(c.as_bytes()));
    if formula {
        Cow::Owned([b"'", field].concat())
    } else {
        Cow::Borrowed(field)
    }
}

/// Returns true if and only if `c` is a character [`escape_controls`] escapes: a control
/// character, or one that turns the direction of the text around it (which can make a line
/// read otherwise than it is).
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with its control characters escaped (`\t`, `\u{1b}`), so that a tab or a line end typed
/// in an input never splits a row and an escape sequence never reaches the terminal; the
/// characters that turn the direction of text are escaped too. Every line for people that
/// shows text read from a file or a key (a lexicon's name or edition, a key's comment, a file
/// name) goes through it.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Text made safe for HTML content and attribute values (the station's pages, the offline page).
///
/// ```
/// assert_eq!(lexico_answers::safe::html_text("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
/// ```
pub fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text` (a name or an edition read from a file) as Markdown shows it literally: control
/// characters escaped as `\u{1b}`, markup characters with a backslash, `&`, `<` and `>` as HTML
/// entities, so that no name adds a line, a heading, a link or raw HTML to release notes.
///
/// ```
/// assert_eq!(lexico_answers::safe::markdown_text("FISE <b>2</b>\r# x"), "FISE &lt;b&gt;2&lt;/b&gt;\\u{d}\\# x");
/// ```
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

/// Fills a page template in `lang`: `{{t:ID}}` with the catalogue's message `ID`, made safe for
/// HTML ([`html_text`]); `{{v:NAME}}` with `value(NAME)`, which is HTML already (a caller that
/// has text makes it safe with [`html_text`]). Fails with the key that cannot be filled: a
/// message or value that does not exist, or `{{` for one that is never closed.
///
/// ```
/// use lexico_answers::safe::{fill, html_text};
/// use lexico_answers::Lang;
/// let value = |name: &str| (name == "who").then(|| html_text("<Ana>"));
/// assert_eq!(fill("<p>{{v:who}}</p>", Lang::Es, &value).unwrap(), "<p>&lt;Ana&gt;</p>");
/// assert_eq!(fill("{{v:what}}", Lang::Es, &value).unwrap_err(), "v:what");
/// assert_eq!(fill("{{t:page-modes", Lang::Es, &value).unwrap_err(), "{{");
/// ```
pub fn fill(
    template: &str,
    lang: crate::Lang,
    value: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find("}}") else { return Err("{{".into()) };
        let key = &rest[start + 2..start + len];
        match key.split_once(':') {
            Some(("t", id)) if crate::i18n::has(lang, id) => {
                out.push_str(&html_text(&crate::i18n::msg(lang, id, &[])))
            }
            Some(("v", name)) => out.push_str(&value(name).ok_or_else(|| key.to_string())?),
            _ => return Err(key.to_string()),
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    Ok(out)
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
            ("\u{ff1d}1+2", "'\u{ff1d}1+2"),
            ("\u{ff0b}1", "'\u{ff0b}1"),
            ("\u{ff0d}1", "'\u{ff0d}1"),
            ("\u{ff20}A", "'\u{ff20}A"),
        ] {
            assert_eq!(csv_safe(field), safe);
        }
        for field in ["CASA", "", "1-2", "a=b", "'=1", "\u{ff21}", "\u{ff1c}"] {
            assert_eq!(csv_safe(field), field);
        }
    }

    #[test]
    fn control_and_direction_characters_are_escaped_for_the_terminal() {
        assert_eq!(escape_controls("FISE\r\u{1b}[31mUNACCEPTABLE"), "FISE\\r\\u{1b}[31mUNACCEPTABLE");
        assert_eq!(escape_controls("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(escape_controls("Ñandú 2016"), "Ñandú 2016");
    }
}
