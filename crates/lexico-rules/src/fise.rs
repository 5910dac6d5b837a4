//! Readers for the federation's own list formats, exactly as published: Latin-1 or UTF-8, CRLF or
//! bare CR, explanatory text before a `#` line, and a signature after a closing `#` line.

use std::path::Path;

use lexico_tiles::quoted;

use crate::error::RuleError;
use crate::sources::{decode, lines};

/// A headword of the non-verb list (`TOTAL DE NO VERBOS SIN PLURALES`): `abacero abacera`,
/// `abaleo 1`, `ablativo ablativa 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonVerbEntry {
    pub line: usize,
    /// The headword, with its accents (`abacá`).
    pub lemma: String,
    /// The feminine listed on the same line, if any.
    pub feminine: Option<String>,
    /// The dictionary's homograph number (its superscript), if any.
    pub homograph: Option<u8>,
}

/// The body of a FISE list: the numbered lines between the first `#` line and the next one.
/// Returns the lines and the number of lines of the file.
fn body(path: &Path, bytes: &[u8]) -> Result<(Vec<(usize, String)>, usize), RuleError> {
    let text = decode(path, bytes, true)?;
    let mut out = Vec::new();
    let mut inside = false;
    let mut seen_start = false;
    let mut total = 0;
    for (n, line) in lines(&text) {
        total = n;
        let line = line.trim();
        if line == "#" {
            if inside {
                inside = false;
            } else if !seen_start {
                inside = true;
                seen_start = true;
            }
            continue;
        }
        if inside && !line.is_empty() {
            out.push((n, line.to_string()));
        }
    }
    if !seen_start {
        return Err(RuleError::syntax(path, 1, 1, "no '#' line ends the header of this FISE list"));
    }
    Ok((out, total))
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphabetic())
}

/// Reads the non-verb list. Returns the entries and the number of lines of the file.
pub fn read_non_verbs(path: &Path, bytes: &[u8]) -> Result<(Vec<NonVerbEntry>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut entries = Vec::with_capacity(body.len());
    for (n, line) in body {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let mut entry = NonVerbEntry { line: n, lemma: String::new(), feminine: None, homograph: None };
        let mut column = 1;
        for (i, f) in fields.iter().enumerate() {
            let last = i + 1 == fields.len();
            if i == 0 && is_word(f) {
                entry.lemma = f.to_string();
            } else if i == 1 && is_word(f) {
                entry.feminine = Some(f.to_string());
            } else if i >= 1 && last && f.chars().all(|c| c.is_ascii_digit()) && f.len() <= 2 {
                entry.homograph = f.parse().ok();
            } else {
                let at = line[column - 1..].find(f).map_or(column, |p| p + column);
                return Err(RuleError::syntax(
                    path,
                    n,
                    line[..at - 1].chars().count() + 1,
                    format!("expected 'headword [feminine] [homograph number]', found {}", quoted(f)),
                ));
            }
            column = line[column - 1..].find(f).map_or(column, |p| p + column) + f.len();
        }
        entries.push(entry);
    }
    Ok((entries, total))
}

/// The sections of the non-verb update list (`ACTUALIZACIÓN DE NO VERBOS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UpdateSection {
    /// 1. New entries that vary in number.
    AddedVariable,
    /// 2. New entries invariable in number (non-pluralising category, invariable plural, already
    ///    plural, or italics).
    AddedInvariable,
    /// 3. New in the plural only: the singular was already valid by another entry.
    AddedPluralOnly,
    /// 4. Removed entries, with or without number inflection.
    Removed,
    /// 5. Removed in the plural only.
    RemovedPluralOnly,
    /// Annex I: new entries whose forms were already valid by another entry.
    AddedAlreadyValid,
    /// Annex II: removed entries whose forms are still valid by another entry.
    RemovedStillValid,
}

/// One word of the non-verb update list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateEntry {
    pub line: usize,
    pub section: UpdateSection,
    pub word: String,
    /// Plurals the list spells out (`boy (plural "bois")`).
    pub plurals: Vec<String>,
    /// The parenthesised note, if any.
    pub note: String,
}

/// Reads the non-verb update list.
pub fn read_non_verb_updates(path: &Path, bytes: &[u8]) -> Result<(Vec<UpdateEntry>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut section = None;
    let mut out = Vec::new();
    for (n, line) in body {
        if let Some(s) = section_of(&line) {
            section = Some(s);
            continue;
        }
        if line.starts_with('(') {
            continue;
        }
        let Some(sec) = section else {
            return Err(RuleError::syntax(path, n, 1, "a word before the first numbered section"));
        };
        let (word, note) = match line.find('(') {
            Some(i) => (line[..i].trim(), line[i + 1..].trim_end_matches(')').trim()),
            None => (line.trim(), ""),
        };
        if !is_word(word) {
            return Err(RuleError::syntax(path, n, 1, format!("expected a word, found {}", quoted(word))));
        }
        let mut plurals = Vec::new();
        if note.starts_with("plural") {
            plurals = note
                .split('"')
                .map(str::trim)
                .filter(|s| is_word(s) && *s != "y" && !s.starts_with("plural"))
                .map(str::to_string)
                .collect();
        }
        out.push(UpdateEntry {
            line: n,
            section: sec,
            word: word.to_string(),
            plurals,
            note: note.to_string(),
        });
    }
    Ok((out, total))
}

fn section_of(line: &str) -> Option<UpdateSection> {
    let upper = line.to_uppercase();
    let numbered =
        upper.split_once(". ").map(|(n, _)| n.chars().all(|c| c.is_ascii_digit())).unwrap_or(false);
    if !numbered {
        return None;
    }
    Some(if upper.contains("ANEXO I:") {
        UpdateSection::AddedAlreadyValid
    } else if upper.contains("ANEXO II") {
        UpdateSection::RemovedStillValid
    } else if upper.contains("ALTAS VARIABLES") {
        UpdateSection::AddedVariable
    } else if upper.contains("ALTAS INVARIABLES") {
        UpdateSection::AddedInvariable
    } else if upper.contains("ALTAS EN PLURAL") {
        UpdateSection::AddedPluralOnly
    } else if upper.contains("BAJAS EN PLURAL") {
        UpdateSection::RemovedPluralOnly
    } else if upper.contains("BAJAS") {
        UpdateSection::Removed
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "LEXIC\u{d3}N FISE 2: TOTAL DE NO VERBOS SIN PLURALES\r\nNotas:\r\n#\r\n";

    fn latin1(s: &str) -> Vec<u8> {
        s.chars().map(|c| c as u32 as u8).collect()
    }

    #[test]
    fn non_verb_lines_give_headword_feminine_and_homograph() {
        let bytes = latin1(&format!(
            "{HEAD}aba\r\nabacá\rabacero abacera\r\nabaleo 1\r\nablativo ablativa 2\r\n#\r\nFirma\r\n"
        ));
        let (entries, total) = read_non_verbs(Path::new("nv.txt"), &bytes).unwrap();
        let got: Vec<_> =
            entries.iter().map(|e| (e.line, e.lemma.as_str(), e.feminine.as_deref(), e.homograph)).collect();
        assert_eq!(
            got,
            [
                (4, "aba", None, None),
                (5, "abacá", None, None),
                (6, "abacero", Some("abacera"), None),
                (7, "abaleo", None, Some(1)),
                (8, "ablativo", Some("ablativa"), Some(2)),
            ]
        );
        assert_eq!(total, 10);
    }

    #[test]
    fn a_malformed_line_is_reported_at_its_column() {
        let bytes = latin1(&format!("{HEAD}aba\r\nabacero abacera x1\r\n"));
        let err = read_non_verbs(Path::new("nv.txt"), &bytes).unwrap_err().to_string();
        assert_eq!(err, "nv.txt:5:17: expected 'headword [feminine] [homograph number]', found 'x1'");
        let err = read_non_verbs(Path::new("nv.txt"), b"aba\r\n").unwrap_err().to_string();
        assert!(err.starts_with("nv.txt:1:1: no '#' line"), "{err}");
    }

    #[test]
    fn update_sections_and_spelled_out_plurals() {
        let text = "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE NO VERBOS\r\n1. ALTAS VARIABLES EN N\u{da}MERO\r\n#\r\n\
            1. ALTAS VARIABLES EN N\u{da}MERO\r\nabaá\r\nboy (plural \"bois)\r\nguanay (plurales \"guanáis\" y \"guanayes\")\r\n\
            2. ALTAS INVARIABLES EN N\u{da}MERO\r\nabc\r\naquelo (\"aquelos\" es plural de \"aquele\")\r\n\
            3. ALTAS EN PLURAL PERO NO EN SINGULAR\r\nabejeos\r\n4. BAJAS VARIABLES E INVARIABLES EN N\u{da}MERO\r\nabacora\r\n\
            6. ANEXO I: ALTAS YA V\u{c1}LIDAS POR OTRA ENTRADA\r\n(Sin relevancia)\r\nabarque\r\n#\r\n";
        let (entries, _) = read_non_verb_updates(Path::new("u.txt"), &latin1(text)).unwrap();
        let got: Vec<_> = entries.iter().map(|e| (e.section, e.word.as_str(), e.plurals.clone())).collect();
        use UpdateSection::*;
        assert_eq!(
            got,
            [
                (AddedVariable, "abaá", vec![]),
                (AddedVariable, "boy", vec!["bois".to_string()]),
                (AddedVariable, "guanay", vec!["guanáis".to_string(), "guanayes".to_string()]),
                (AddedInvariable, "abc", vec![]),
                (AddedInvariable, "aquelo", vec![]),
                (AddedPluralOnly, "abejeos", vec![]),
                (Removed, "abacora", vec![]),
                (AddedAlreadyValid, "abarque", vec![]),
            ]
        );
    }
}
