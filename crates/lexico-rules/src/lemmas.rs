//! Lexico's lemma tables (`*.tsv`): hand-made sources, and annotations the FISE lists lack.
//!
//! ```text
//! lemma       pos     marks     model     (tab-separated)
//! bonito, ta  adj n
//! ayer        adv n
//! lord        n       pl=lores
//! ballet      n       cursiva
//! abaleo 1    n
//! ```
//!
//! `lemma` is the headword with its accents, optionally followed by a homograph number, and
//! optionally by a DRAE-style feminine ending (`bonito, ta`, `señor, ra`, `actor, triz`: the ending
//! replaces the headword from the last occurrence of the ending's first letter). `pos` and `marks`
//! are space-separated; `model` names a conjugation model (verbs).

use std::path::Path;

use lexico_tiles::quoted;

use crate::error::RuleError;
use crate::plural::LemmaEntry;
use crate::sources::{decode, lines};
use crate::tags::{Mark, Marks, Pos};

/// The verb classes a lemma table can give.
///
/// ```
/// use lexico_rules::lemmas::{read_lemma_table, VerbPos};
///
/// let table = "lemma\tpos\tmarks\tmodel\namar\tv.tr\t\t1-00\n";
/// let (rows, _) = read_lemma_table(std::path::Path::new("t.tsv"), table.as_bytes())?;
/// assert_eq!(rows[0].verb, [VerbPos::Transitive]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerbPos {
    /// `v.tr`: transitive.
    Transitive,
    /// `v.intr`: intransitive.
    Intransitive,
    /// `v.prnl`: pronominal.
    Pronominal,
}

/// One row of a lemma table.
///
/// ```
/// let table = "lemma\tpos\tmarks\tmodel\nbonito, ta\tadj n\t\t\n";
/// let (rows, lines) = lexico_rules::lemmas::read_lemma_table(std::path::Path::new("t.tsv"), table.as_bytes())?;
/// assert_eq!(lines, 2);
/// assert_eq!((rows[0].lemma.as_str(), rows[0].feminine.as_deref()), ("bonito", Some("bonita")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LemmaRow {
    /// The 1-based line of the row.
    pub line: usize,
    /// The headword.
    pub lemma: String,
    /// The feminine form, when the row gives one.
    pub feminine: Option<String>,
    /// The homograph number, when the headword has several entries.
    pub homograph: Option<u8>,
    /// The non-verb parts of speech.
    pub pos: Vec<Pos>,
    /// The verb classes, when the headword is a verb.
    pub verb: Vec<VerbPos>,
    /// The marks of the row, and the plurals it gives (see [`Marks`]).
    pub marks: Marks,
    /// The conjugation model, for a verb.
    pub model: Option<String>,
}

impl LemmaRow {
    /// The row as the plural engine reads it, for the headword or for its feminine.
    pub fn plural_entry(&self, feminine: bool) -> LemmaEntry {
        let lemma = if feminine { self.feminine.clone().unwrap_or_default() } else { self.lemma.clone() };
        let mut marks = self.marks.clone();
        if feminine {
            marks.pl = None;
        }
        LemmaEntry { lemma, pos: self.pos.clone(), marks }
    }
}

/// Applies a DRAE-style feminine ending: `bonito` + `ta` → `bonita`, `actor` + `triz` → `actriz`.
pub fn feminine_of(lemma: &str, ending: &str) -> Option<String> {
    let first = ending.chars().next()?;
    let at = lemma.rfind(first)?;
    Some(format!("{}{ending}", &lemma[..at]))
}

/// Reads a lemma table. The first non-empty line must be the header.
pub fn read_lemma_table(path: &Path, bytes: &[u8]) -> Result<(Vec<LemmaRow>, usize), RuleError> {
    let text = decode(path, bytes, false)?;
    let mut rows = Vec::new();
    let mut header = false;
    let mut total = 0;
    for (n, line) in lines(&text) {
        total = n;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        if !header {
            if cells.iter().take(4).map(|c| c.trim()).ne(["lemma", "pos", "marks", "model"]) {
                return Err(RuleError::syntax(
                    path,
                    n,
                    1,
                    "expected the header 'lemma<TAB>pos<TAB>marks<TAB>model'",
                ));
            }
            header = true;
            continue;
        }
        if cells.len() > 4 {
            let column = cells[..4].iter().map(|c| c.chars().count() + 1).sum::<usize>() + 1;
            return Err(RuleError::syntax(path, n, column, "more than 4 columns"));
        }
        let cell = |k: usize| cells.get(k).map_or("", |c| c.trim());
        let column =
            |k: usize| cells[..k.min(cells.len())].iter().map(|c| c.chars().count() + 1).sum::<usize>() + 1;
        let mut row = LemmaRow {
            line: n,
            lemma: String::new(),
            feminine: None,
            homograph: None,
            pos: Vec::new(),
            verb: Vec::new(),
            marks: Marks::default(),
            model: (!cell(3).is_empty()).then(|| cell(3).to_string()),
        };
        let (head, ending) = match cell(0).split_once(',') {
            Some((h, e)) => (h.trim(), Some(e.trim())),
            None => (cell(0), None),
        };
        let mut words = head.split_whitespace();
        row.lemma = words.next().unwrap_or("").to_string();
        if row.lemma.is_empty() || !row.lemma.chars().all(char::is_alphabetic) {
            return Err(RuleError::syntax(path, n, 1, format!("{} is not a headword", quoted(cell(0)))));
        }
        if let Some(h) = words.next() {
            row.homograph = Some(h.parse().map_err(|_| {
                RuleError::syntax(path, n, 1, format!("{} is not a homograph number", quoted(h)))
            })?);
        }
        if let Some(e) = ending {
            row.feminine = Some(feminine_of(&row.lemma, e).ok_or_else(|| {
                RuleError::syntax(
                    path,
                    n,
                    1,
                    format!("the feminine ending {} does not fit {}", quoted(e), quoted(&row.lemma)),
                )
            })?);
        }
        for p in cell(1).split_whitespace() {
            match p {
                "v.tr" => row.verb.push(VerbPos::Transitive),
                "v.intr" => row.verb.push(VerbPos::Intransitive),
                "v.prnl" => row.verb.push(VerbPos::Pronominal),
                _ => match Pos::from_name(p) {
                    Some(pos) => row.pos.push(pos),
                    None => {
                        return Err(RuleError::syntax(
                            path,
                            n,
                            column(1),
                            format!("{} is not a part of speech", quoted(p)),
                        ))
                    }
                },
            }
        }
        for m in cell(2).split_whitespace() {
            let marks = &mut row.marks;
            match Mark::from_name(m) {
                Some(mark) => marks.insert(mark),
                None => match m.strip_prefix("pl=") {
                    Some(forms) if forms.split('|').all(|f| !f.is_empty()) => {
                        marks.pl = Some(forms.split('|').map(str::to_string).collect());
                    }
                    _ => {
                        return Err(RuleError::syntax(
                            path,
                            n,
                            column(2),
                            format!("{} is not a mark", quoted(m)),
                        ))
                    }
                },
            }
        }
        if row.pos.is_empty() && row.verb.is_empty() {
            return Err(RuleError::syntax(path, n, column(1), "no part of speech"));
        }
        rows.push(row);
    }
    if !header {
        return Err(RuleError::syntax(path, 1, 1, "expected the header 'lemma<TAB>pos<TAB>marks<TAB>model'"));
    }
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feminine_endings_replace_from_the_last_occurrence_of_their_first_letter() {
        assert_eq!(feminine_of("bonito", "ta").as_deref(), Some("bonita"));
        assert_eq!(feminine_of("señor", "ra").as_deref(), Some("señora"));
        assert_eq!(feminine_of("actor", "triz").as_deref(), Some("actriz"));
        assert_eq!(feminine_of("abacero", "ra").as_deref(), Some("abacera"));
        assert_eq!(feminine_of("sol", "x"), None);
    }

    #[test]
    fn rows_give_lemma_feminine_homograph_pos_and_marks() {
        let text = "lemma\tpos\tmarks\tmodel\nbonito, ta\tadj n\t\t\nlord\tn\tpl=lores\nabaleo 1\tn\tdesus\namar\tv.tr\t\tamar\n";
        let (rows, total) = read_lemma_table(Path::new("t.tsv"), text.as_bytes()).unwrap();
        assert_eq!(total, 5);
        assert_eq!(rows[0].feminine.as_deref(), Some("bonita"));
        assert_eq!(rows[0].pos, [Pos::Adj, Pos::N]);
        assert_eq!(rows[1].marks.pl, Some(vec!["lores".to_string()]));
        assert_eq!((rows[2].homograph, rows[2].marks.has(Mark::Desus)), (Some(1), true));
        assert_eq!(
            (rows[3].verb.clone(), rows[3].model.as_deref()),
            (vec![VerbPos::Transitive], Some("amar"))
        );
    }

    #[test]
    fn malformed_rows_are_reported_at_their_column() {
        let err = |text: &str| read_lemma_table(Path::new("t.tsv"), text.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            err("lemma\tpos\tmarks\tmodel\ncasa\tnoun\n"),
            "t.tsv:2:6: 'noun' is not a part of speech"
        );
        assert_eq!(err("lemma\tpos\tmarks\tmodel\ncasa\tn\tbold\n"), "t.tsv:2:8: 'bold' is not a mark");
        assert_eq!(err("lemma\tpos\tmarks\tmodel\ncasa\t\t\n"), "t.tsv:2:6: no part of speech");
        assert_eq!(err("casa\tn\n"), "t.tsv:1:1: expected the header 'lemma<TAB>pos<TAB>marks<TAB>model'");
        assert!(err("lemma\tpos\tmarks\tmodel\nsol, x\tn\n").contains("does not fit"));
        // A long cell is quoted by its start; the column still points at it.
        let long = format!("lemma\tpos\tmarks\tmodel\ncasa\tn\t{}\n", "x".repeat(100_000));
        assert_eq!(err(&long), format!("t.tsv:2:8: '{}…' is not a mark", "x".repeat(60)));
    }
}
