//! Quoting typed or listed text in error messages.

/// The most characters of a text that an error message quotes.
pub const QUOTE_CHARS: usize = 60;

/// `text` in single quotes for an error message, cut after [`QUOTE_CHARS`] characters with `…`.
/// Every such error also names the place (line, column), so the start of the text is enough to
/// recognise it, and a 1 MB argument does not make a 1 MB error line.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("'{}…'", &text[..end]),
        None => format!("'{text}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_after_sixty_characters() {
        assert_eq!(quoted("casa"), "'casa'");
        assert_eq!(quoted(""), "''");
        let sixty = "ñ".repeat(60);
        assert_eq!(quoted(&sixty), format!("'{sixty}'"));
        assert_eq!(quoted(&format!("{sixty}ñ")), format!("'{sixty}…'"));
        assert_eq!(quoted(&"a".repeat(1 << 20)), format!("'{}…'", "a".repeat(60)));
    }
}
