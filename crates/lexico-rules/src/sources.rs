//! Source files: decoding, line splitting, and telling the kinds of list apart by their content.

use std::path::Path;

use crate::error::line_col;
use crate::error::RuleError;

pub use lexico_vocab::SourceKind;

/// What a file holds, as its first bytes tell: a source of one of the kinds a build reads (each
/// with its reader), or the federation's file of 2- and 3-tile words, which is no source but what
/// a build checks itself against.
///
/// ```
/// use lexico_rules::sources::{detect, Content};
/// use lexico_rules::SourceKind;
///
/// assert_eq!(detect(b"casa\nperro\n"), Content::Source(SourceKind::Raw));
/// assert_eq!(detect("lemma\tpos\tmarks\tmodel\n".as_bytes()), Content::Source(SourceKind::LemmaTable));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// A source of words.
    Source(SourceKind),
    /// A FISE file of the 2- and 3-tile words (`… TOTALES DE DOS Y TRES FICHAS`).
    Totals,
}

impl Content {
    /// The name reports give what a file holds: its kind of source's (`fise-no-verbos`), or
    /// `fise-totales` for a file of totals.
    pub fn name(self) -> &'static str {
        match self {
            Content::Source(kind) => kind.name(),
            Content::Totals => "fise-totales",
        }
    }
}

/// Tells what a file holds from its first bytes: the FISE lists by their title line, a lemma
/// table by its header, anything else is a raw list.
pub fn detect(bytes: &[u8]) -> Content {
    let head = decode_lossy(&bytes[..bytes.len().min(400)]);
    let first =
        head.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let upper = first.to_uppercase();
    let kind = if upper.starts_with("LEXICÓN FISE") || upper.starts_with("LEXICON FISE") {
        if upper.contains("FICHAS") {
            return Content::Totals;
        } else if upper.contains("ACTUALIZACI") && upper.contains("NO VERBOS") {
            SourceKind::FiseNonVerbUpdates
        } else if upper.contains("ACTUALIZACI") {
            SourceKind::FiseVerbUpdates
        } else if upper.contains("NO VERBOS") {
            SourceKind::FiseNonVerbs
        } else {
            SourceKind::FiseVerbs
        }
    } else if first.split('\t').take(4).eq(["lemma", "pos", "marks", "model"]) {
        SourceKind::LemmaTable
    } else {
        SourceKind::Raw
    };
    Content::Source(kind)
}

/// Decodes a source: UTF-8 (a BOM is dropped), or, when `latin1` allows it and the bytes are not
/// UTF-8, Latin-1. Otherwise invalid UTF-8 is an error at its line and column.
pub fn decode(path: &Path, bytes: &[u8], latin1: bool) -> Result<String, RuleError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(_) if latin1 => Ok(bytes.iter().map(|&b| b as char).collect()),
        Err(e) => {
            let (line, column) = line_col(bytes, e.valid_up_to());
            Err(RuleError::syntax(path, line, column, invalid_utf8(bytes, e.valid_up_to(), "file")))
        }
    }
}

/// The message for bytes that stop being UTF-8 at byte `at`: `invalid UTF-8`, with a hint when
/// they look like another encoding, which names `what` they are (`file`, `input`).
pub fn invalid_utf8(bytes: &[u8], at: usize, what: &str) -> String {
    match looks_like(bytes, at) {
        Some(encoding) => format!("invalid UTF-8 (the {what} looks like {encoding}; convert it to UTF-8)"),
        None => "invalid UTF-8".to_string(),
    }
}

/// The encoding that bytes which are not UTF-8 at byte `at` seem to be in: `UTF-16` when they
/// start with a UTF-16 byte-order mark or have a NUL in almost every other byte, `Latin-1` when
/// everything before `at` is ASCII, the byte at `at` is a Latin-1 letter or sign (A0–FF), and no
/// byte is a NUL or one that Windows-1252 leaves undefined. `None` when they look like neither:
/// damaged UTF-8, or text in two encodings, which converting as a whole would not mend.
pub fn looks_like(bytes: &[u8], at: usize) -> Option<&'static str> {
    if bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff") {
        return Some("UTF-16");
    }
    let head = &bytes[..bytes.len().min(512)];
    let pairs = head.len() / 2;
    if pairs >= 2 {
        let zeros = |parity: usize| head.chunks_exact(2).filter(|p| p[parity] == 0).count();
        let (even, odd) = (zeros(0), zeros(1));
        if even.max(odd) * 4 >= pairs * 3 && even.min(odd) * 4 < pairs {
            return Some("UTF-16");
        }
    }
    let latin1 = bytes.get(at).is_some_and(|&b| b >= 0xA0)
        && bytes[..at].is_ascii()
        && !bytes.iter().any(|b| matches!(b, 0x00 | 0x81 | 0x8D | 0x8F | 0x90 | 0x9D));
    latin1.then_some("Latin-1")
}

fn decode_lossy(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(e) if e.error_len().is_none() => String::from_utf8_lossy(&bytes[..e.valid_up_to()]).into_owned(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// Splits text into numbered lines (1-based), accepting LF, CRLF and bare CR line ends.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // One scan of the whole text for line ends (a search per line costs more than the short
    // lines of a word list).
    let mut ends = memchr::memchr2_iter(b'\n', b'\r', text.as_bytes()).peekable();
    let mut start = 0;
    let mut n = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        n += 1;
        // A CRLF's LF was found as an end of its own: skip it.
        let end = loop {
            match ends.next() {
                Some(i) if i < start => continue,
                other => break other,
            }
        };
        match end {
            Some(i) => {
                let line = &text[start..i];
                start = if text.as_bytes()[i] == b'\r' && text.as_bytes().get(i + 1) == Some(&b'\n') {
                    i + 2
                } else {
                    i + 1
                };
                Some((n, line))
            }
            None => {
                let line = &text[start..];
                start = text.len();
                Some((n, line))
            }
        }
    })
}

/// What a raw list holds: its words with their lines, and the number of lines read. The words
/// stay in the decoded text (one allocation for a 600,000-word list, not one per word).
///
/// ```
/// let list = lexico_rules::sources::read_raw(std::path::Path::new("w.txt"), b"casa\n\nperro\n")?;
/// let words: Vec<(usize, &str)> = list.words().collect();
/// assert_eq!(words, [(1, "casa"), (3, "perro")]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawList {
    text: String,
    spans: Vec<(u32, u32, u32)>,
    /// The number of lines of the source.
    pub lines: usize,
}

impl RawList {
    /// The words, each with its 1-based line.
    pub fn words(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.words_in(0..self.spans.len())
    }

    /// The words of `range` (indexes of words, not lines), each with its 1-based line.
    pub fn words_in(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.spans[range]
            .iter()
            .map(|&(line, start, end)| (line as usize, &self.text[start as usize..end as usize]))
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Returns true if and only if the list holds no word.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

/// Reads a raw list: one word a line, `#` starts a comment, blank lines are skipped, surrounding
/// white space is trimmed. The file must be UTF-8 and under 4 GiB.
pub fn read_raw(path: &Path, bytes: &[u8]) -> Result<RawList, RuleError> {
    let text = decode(path, bytes, false)?;
    if text.len() > u32::MAX as usize {
        return Err(RuleError::syntax(path, 1, 1, "a raw list must be under 4 GiB"));
    }
    // The words are at most the lines: the spans are made once, at their full size. A list
    // without a `#` is not searched for one line by line.
    let ends = |b| memchr::memchr_iter(b, text.as_bytes()).count();
    let line_ends = ends(b'\n') + ends(b'\r');
    let comments = memchr::memchr(b'#', text.as_bytes()).is_some();
    let mut spans = Vec::with_capacity(line_ends + 1);
    let mut lines_read = 0;
    for (n, line) in lines(&text) {
        lines_read = n;
        let word = match comments.then(|| memchr::memchr(b'#', line.as_bytes())).flatten() {
            Some(i) => &line[..i],
            None => line,
        };
        let word = trim(word);
        if !word.is_empty() {
            let start = word.as_ptr() as usize - text.as_ptr() as usize;
            spans.push((n as u32, start as u32, (start + word.len()) as u32));
        }
    }
    Ok(RawList { text, spans, lines: lines_read })
}

/// `str::trim`, sooner for the usual word, whose first and last bytes are ASCII and not white
/// space.
#[inline]
fn trim(s: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(|&b| b > b' ' && b < 0x80);
    if plain(s.as_bytes().first()) && plain(s.as_bytes().last()) {
        s
    } else {
        s.trim()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines split one end at a time, the plain way.
    fn reference_lines(text: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let (line, next) = match rest.find(['\n', '\r']) {
                Some(i) if rest[i..].starts_with("\r\n") => (&rest[..i], &rest[i + 2..]),
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, ""),
            };
            out.push((out.len() + 1, line));
            rest = next;
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn lines_agree_with_a_plain_splitter(text in "[a#é \r\n]{0,40}") {
            proptest::prop_assert_eq!(lines(&text).collect::<Vec<_>>(), reference_lines(&text));
        }

        #[test]
        fn raw_lists_agree_with_a_plain_reader(text in "[aé#~ \t\u{a0}\u{2003}\u{85}\r\n]{0,40}") {
            // Each line cut at its `#`, trimmed as `str::trim` trims, kept if not empty.
            let want: Vec<(usize, &str)> = reference_lines(&text)
                .into_iter()
                .map(|(n, line)| (n, line.split('#').next().unwrap_or("").trim()))
                .filter(|(_, w)| !w.is_empty())
                .collect();
            let list = read_raw(Path::new("x.txt"), text.as_bytes()).unwrap();
            proptest::prop_assert_eq!(list.words().collect::<Vec<_>>(), want);
            proptest::prop_assert_eq!(list.lines, reference_lines(&text).len());
        }
    }

    #[test]
    fn every_line_end_is_a_line_end() {
        let got: Vec<_> = lines("a\r\nb\rc\nd").collect();
        assert_eq!(got, [(1, "a"), (2, "b"), (3, "c"), (4, "d")]);
        let got: Vec<_> = lines("a\n\nb\n").collect();
        assert_eq!(got, [(1, "a"), (2, ""), (3, "b")]);
        assert_eq!(lines("").count(), 0);
    }

    #[test]
    fn raw_lists_keep_line_numbers_and_drop_comments_and_bom() {
        let list =
            read_raw(Path::new("x.txt"), "\u{feff}# head\r\ncasa\r\n\r\n  perro  # pet\rgato".as_bytes())
                .unwrap();
        let words: Vec<_> = list.words().collect();
        assert_eq!(words, [(2, "casa"), (4, "perro"), (5, "gato")]);
        assert_eq!(list.lines, 5);
    }

    #[test]
    fn invalid_utf8_is_an_error_at_its_place() {
        let err = read_raw(Path::new("x.txt"), b"casa\nca\xf1a\n").unwrap_err().to_string();
        assert_eq!(err, "x.txt:2:3: invalid UTF-8 (the file looks like Latin-1; convert it to UTF-8)");
        let err = read_raw(Path::new("x.txt"), b"casa\nperro\x80\xff\n").unwrap_err().to_string();
        assert_eq!(err, "x.txt:2:6: invalid UTF-8");
    }

    #[test]
    fn bytes_in_another_encoding_are_named_in_the_error() {
        let utf16 = "UTF-16; convert it to UTF-8)";
        let latin1 = "Latin-1; convert it to UTF-8)";
        let cases: &[(&[u8], Option<&str>)] = &[
            (b"\xff\xfec\x00a\x00s\x00a\x00\n\x00", Some(utf16)),
            (b"\xfe\xff\x00c\x00a", Some(utf16)),
            // No byte-order mark, but a NUL in every other byte and an Ñ that is not UTF-8.
            (b"c\x00a\x00\xf1\x00a\x00\n\x00", Some(utf16)),
            (b"\x00c\x00a\x00\xf1\x00a", Some(utf16)),
            (b"ca\xf1a\nni\xf1o\n", Some(latin1)),
            (b"\xbfqu\xe9?\n", Some(latin1)),
            // Damaged UTF-8, a byte Windows-1252 does not define, text in two encodings.
            (b"casa\x80\xff\n", None),
            (b"ca\xf1a \x81\n", None),
            (b"\xc3\xb1a ca\xf1a\n", None),
        ];
        for (bytes, hint) in cases {
            let err = decode(Path::new("x.txt"), bytes, false).unwrap_err().to_string();
            match hint {
                Some(h) => {
                    assert!(err.ends_with(&format!("invalid UTF-8 (the file looks like {h}")), "{err}")
                }
                None => assert!(err.ends_with(": invalid UTF-8"), "{bytes:?}: {err}"),
            }
        }
    }

    #[test]
    fn kinds_are_told_by_content() {
        let fise = b"LEXIC\xd3N FISE 2: TOTAL DE NO VERBOS SIN PLURALES\r\n";
        assert_eq!(detect(fise), Content::Source(SourceKind::FiseNonVerbs));
        assert_eq!(
            detect(b"LEXIC\xd3N FISE 2: TOTAL DE VERBOS CLASIFICADOS"),
            Content::Source(SourceKind::FiseVerbs)
        );
        assert_eq!(
            detect(b"LEXIC\xd3N FISE 2: ACTUALIZACI\xd3N DE NO VERBOS"),
            Content::Source(SourceKind::FiseNonVerbUpdates)
        );
        assert_eq!(
            detect(b"LEXIC\xd3N FISE 2: ACTUALIZACI\xd3N DE VERBOS"),
            Content::Source(SourceKind::FiseVerbUpdates)
        );
        assert_eq!(detect(b"LEXIC\xd3N FISE 2: TOTALES DE DOS Y TRES FICHAS"), Content::Totals);
        assert_eq!(detect(b"lemma\tpos\tmarks\tmodel\n"), Content::Source(SourceKind::LemmaTable));
        assert_eq!(detect(b"casa\nperro\n"), Content::Source(SourceKind::Raw));
        assert_eq!(detect(b""), Content::Source(SourceKind::Raw));
    }
}
