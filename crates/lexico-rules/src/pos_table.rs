//! Part-of-speech tables (`lexico build --pos-table FILE`): the dictionary's categories of the
//! headwords of a FISE non-verb list, which the list itself does not give.
//!
//! ```text
//! lemma    homograph    categories    (tab-separated; the first line that is not a comment)
//! aquí        adv
//! ayer        adv s
//! abaleo    1    s
//! ```
//!
//! `lemma` is the headword as the non-verb list writes it (lower case, accents kept); `homograph`
//! is empty (every entry of that headword) or the homograph number of one entry; `categories` are
//! space-separated names: `s` (or `n`) noun, `adj`, `pron`, `art`, `contr`, `adv`, `prep`, `conj`,
//! `interj`, `onomat`, `loc` (a word of locutions or expressions) and `form` (a term of a compound
//! form). Blank lines and lines starting with `#` are skipped.

use std::collections::HashMap;
use std::path::Path;

use lexico_tiles::quoted;

use crate::error::RuleError;
use crate::plural::Pos;
use crate::sources::{decode, lines};

/// The header a part-of-speech table starts with.
pub const HEADER: [&str; 3] = ["lemma", "homograph", "categories"];

/// One row of a part-of-speech table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PosRow {
    /// The 1-based line of the row.
    pub line: usize,
    /// The headword.
    pub lemma: String,
    /// The homograph number, or `None` for every entry of the headword.
    pub homograph: Option<u8>,
    /// The categories, in the order the row gives them.
    pub categories: Vec<Pos>,
}

/// A part-of-speech table: its rows, found by headword and homograph number.
#[derive(Clone, Debug, Default)]
pub struct PosTable {
    rows: Vec<PosRow>,
    index: HashMap<(String, Option<u8>), usize>,
    /// The number of lines of the file.
    pub lines: usize,
}

impl PosTable {
    /// The rows, in file order.
    pub fn rows(&self) -> &[PosRow] {
        &self.rows
    }

    /// The row for an entry of the non-verb list: the row of its homograph number, else the row
    /// of its headword without a number.
    ///
    /// ```
    /// use lexico_rules::pos_table::read_pos_table;
    ///
    /// let t = read_pos_table("t.tsv".as_ref(), b"lemma\thomograph\tcategories\nbajo\t\tadj s\nbajo\t2\tprep\n")?;
    /// assert_eq!(t.row("bajo", Some(2)).unwrap().line, 3);
    /// assert_eq!(t.row("bajo", Some(1)).unwrap().line, 2);
    /// assert!(t.row("alto", None).is_none());
    /// # Ok::<(), lexico_rules::RuleError>(())
    /// ```
    pub fn row(&self, lemma: &str, homograph: Option<u8>) -> Option<&PosRow> {
        let key = |h| (lemma.to_string(), h);
        let at =
            homograph.and_then(|h| self.index.get(&key(Some(h)))).or_else(|| self.index.get(&key(None)))?;
        Some(&self.rows[*at])
    }
}

/// The category a table names: the parts of speech of the lemma tables, and `s`
/// (*sustantivo*, as the dictionary abbreviates it) for a noun.
fn category(name: &str) -> Option<Pos> {
    match name {
        "s" => Some(Pos::N),
        _ => Pos::from_name(name),
    }
}

/// The name a table gives a category: `s` for a noun, as the dictionary abbreviates it, and
/// the part of speech's own name for the others.
///
/// ```
/// use lexico_rules::plural::Pos;
///
/// assert_eq!(lexico_rules::pos_table::name(Pos::N), "s");
/// assert_eq!(lexico_rules::pos_table::name(Pos::Adv), "adv");
/// ```
pub fn name(category: Pos) -> &'static str {
    match category {
        Pos::N => "s",
        _ => category.name(),
    }
}

/// Reads a part-of-speech table. Every error names the file, line and column.
pub fn read_pos_table(path: &Path, bytes: &[u8]) -> Result<PosTable, RuleError> {
    let text = decode(path, bytes, false)?;
    let mut table = PosTable::default();
    let mut header = false;
    for (n, line) in lines(&text) {
        table.lines = n;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        // The 1-based column where cell `k` starts.
        let column = |k: usize| cells[..k].iter().map(|c| c.chars().count() + 1).sum::<usize>() + 1;
        if !header {
            if cells.iter().map(|c| c.trim()).ne(HEADER) {
                return Err(RuleError::syntax(
                    path,
                    n,
                    1,
                    "expected the header 'lemma<TAB>homograph<TAB>categories'",
                ));
            }
            header = true;
            continue;
        }
        if cells.len() != 3 {
            let (at, message) = match cells.len() {
                1 | 2 => (line.chars().count() + 1, format!("{} columns where a row has 3", cells.len())),
                _ => (column(3), "more than 3 columns".to_string()),
            };
            return Err(RuleError::syntax(path, n, at, message));
        }
        let lemma = cells[0].trim();
        if lemma.is_empty() || !lemma.chars().all(|c| c.is_alphabetic() && !c.is_uppercase()) {
            return Err(RuleError::syntax(
                path,
                n,
                1,
                format!(
                    "{} is not a headword (lower-case letters, as the non-verb list writes it)",
                    quoted(lemma)
                ),
            ));
        }
        let homograph = match cells[1].trim() {
            "" => None,
            h => Some(h.parse::<u8>().ok().filter(|&h| h > 0).ok_or_else(|| {
                RuleError::syntax(path, n, column(1), format!("{} is not a homograph number", quoted(h)))
            })?),
        };
        let mut categories = Vec::new();
        let mut at = column(2);
        for (i, name) in cells[2].split(' ').enumerate() {
            if i > 0 {
                at += 1;
            }
            if !name.is_empty() {
                let pos = category(name).ok_or_else(|| {
                    RuleError::syntax(
                        path,
                        n,
                        at,
                        format!(
                            "{} is not a category (s adj pron art contr adv prep conj interj onomat loc form)",
                            quoted(name)
                        ),
                    )
                })?;
                if !categories.contains(&pos) {
                    categories.push(pos);
                }
            }
            at += name.chars().count();
        }
        if categories.is_empty() {
            return Err(RuleError::syntax(path, n, column(2), "no category"));
        }
        let key = (lemma.to_string(), homograph);
        if let Some(&earlier) = table.index.get(&key) {
            let first = table.rows[earlier].line;
            return Err(RuleError::syntax(
                path,
                n,
                1,
                format!("{} repeats the row of line {first}", quoted(lemma)),
            ));
        }
        table.index.insert(key, table.rows.len());
        table.rows.push(PosRow { line: n, lemma: lemma.to_string(), homograph, categories });
    }
    if !header {
        return Err(RuleError::syntax(
            path,
            1,
            1,
            "expected the header 'lemma<TAB>homograph<TAB>categories'",
        ));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<PosTable, String> {
        read_pos_table(Path::new("pos.tsv"), text.as_bytes()).map_err(|e| e.to_string())
    }

    const HEAD: &str = "lemma\thomograph\tcategories\n";

    #[test]
    fn rows_give_headword_homograph_and_categories() {
        let t = read(&format!(
            "# regulation examples\n{HEAD}aquí\t\tadv\n\nayer\t\tadv s\nzurbajo\t2\tadv  adj\n"
        ))
        .unwrap();
        assert_eq!(t.lines, 6);
        let rows = t.rows();
        assert_eq!(
            (rows[0].line, rows[0].lemma.as_str(), rows[0].categories.as_slice()),
            (3, "aquí", &[Pos::Adv][..])
        );
        assert_eq!(rows[1].categories, [Pos::Adv, Pos::N]);
        assert_eq!((rows[2].homograph, rows[2].categories.as_slice()), (Some(2), &[Pos::Adv, Pos::Adj][..]));
        // A row without a number speaks of every entry; a numbered row of its entry only.
        assert!(t.row("zurbajo", Some(2)).is_some() && t.row("zurbajo", Some(1)).is_none());
        assert_eq!(t.row("aquí", Some(3)).unwrap().line, 3);
    }

    #[test]
    fn malformed_rows_are_reported_at_their_column() {
        let err = |body: &str| read(&format!("{HEAD}{body}")).unwrap_err();
        assert_eq!(err("aquí\t\tadverbio\n"), "pos.tsv:2:7: 'adverbio' is not a category (s adj pron art contr adv prep conj interj onomat loc form)");
        assert_eq!(err("ayer\t\tadv sust\n"), "pos.tsv:2:11: 'sust' is not a category (s adj pron art contr adv prep conj interj onomat loc form)");
        assert_eq!(err("ayer\tuno\tadv\n"), "pos.tsv:2:6: 'uno' is not a homograph number");
        assert_eq!(err("ayer\t0\tadv\n"), "pos.tsv:2:6: '0' is not a homograph number");
        assert_eq!(err("ayer\t\t\n"), "pos.tsv:2:7: no category");
        assert_eq!(err("ayer\tadv\n"), "pos.tsv:2:9: 2 columns where a row has 3");
        assert_eq!(err("ayer\t\tadv\tx\n"), "pos.tsv:2:11: more than 3 columns");
        assert_eq!(
            err("Ayer\t\tadv\n"),
            "pos.tsv:2:1: 'Ayer' is not a headword (lower-case letters, as the non-verb list writes it)"
        );
        assert_eq!(err("ayer\t\tadv\nayer\t\ts\n"), "pos.tsv:3:1: 'ayer' repeats the row of line 2");
        assert_eq!(
            read("aquí\t\tadv\n").unwrap_err(),
            "pos.tsv:1:1: expected the header 'lemma<TAB>homograph<TAB>categories'"
        );
        assert_eq!(
            read("# only a comment\n").unwrap_err(),
            "pos.tsv:1:1: expected the header 'lemma<TAB>homograph<TAB>categories'"
        );
    }

    #[test]
    fn the_same_headword_may_have_a_row_per_homograph() {
        let t = read(&format!("{HEAD}bajo\t1\tadj s\nbajo\t2\tprep\n")).unwrap();
        assert_eq!(t.row("bajo", Some(1)).unwrap().categories, [Pos::Adj, Pos::N]);
        assert_eq!(t.row("bajo", Some(2)).unwrap().categories, [Pos::Prep]);
        assert!(t.row("bajo", None).is_none());
    }
}
