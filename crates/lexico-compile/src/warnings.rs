//! What the sources show that a maintainer should look at, though the build goes on: an empty
//! source, duplicate lines, a source mostly excluded, the same file given twice, rows of a
//! part-of-speech table that name no entry. Returned as
//! data ([`Warning`]); this crate never prints.

use std::collections::HashSet;

use lexico_lexicon::SourceInfo;
use lexico_rules::pos_table::PosTable;
use lexico_rules::{lemmas, verbs};

use crate::read::{entries, Parsed};

/// Line numbers a [`Warning::Duplicates`] names at most.
pub const DUPLICATES_SHOWN: usize = 5;

/// A source is [`Warning::MostlyExcluded`] when more than half of its entry lines, and at least
/// this many, had their word excluded: a handful of bad lines in a short hand-made list is not
/// worth a warning, the exclusion report lists them.
pub const MOSTLY_EXCLUDED_MIN_LINES: u64 = 10;

/// Something in the sources a maintainer should look at; the build goes on. Its `Display` is
/// one line naming the source, without a prefix (the caller adds its own).
///
/// ```
/// use lexico_compile::Warning;
///
/// let w = Warning::Empty { source: "notes.txt".into(), lines: 2 };
/// assert_eq!(w.to_string(), "notes.txt: empty source: no entry in its 2 lines");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// A source in which its reader found no entry at all (no word, lemma or verb): `lines` is
    /// the number of lines it has. A verb update list, whose lines change the classified lists
    /// rather than being entries of their own, is never empty in this sense.
    Empty {
        /// The source's path.
        source: String,
        /// The lines it has.
        lines: u64,
    },
    /// Lines whose entry repeats one of an earlier line of the same source, identical in every
    /// field its reader reads (for a raw list: the same word as written; for the update lists:
    /// in the same section). `lines` holds the first [`DUPLICATES_SHOWN`] repeating lines.
    Duplicates {
        /// The source's path.
        source: String,
        /// How many lines repeat an earlier one.
        count: u64,
        /// The first repeating lines.
        lines: Vec<u64>,
    },
    /// More than half of the entry lines of a source (and at least [`MOSTLY_EXCLUDED_MIN_LINES`])
    /// had their own word excluded (a character with no tile, a screening rule, the length):
    /// often a file that is not a word list at all.
    MostlyExcluded {
        /// The source's path.
        source: String,
        /// Entry lines whose word was excluded.
        excluded: u64,
        /// Entry lines in all.
        lines: u64,
    },
    /// A source with the same bytes as an earlier one (or the same path given twice): its
    /// entries are read twice.
    SameBytes {
        /// The source's path.
        source: String,
        /// The earlier source with the same bytes.
        first: String,
    },
    /// Lines of an update list given to undo (`--undo`) whose change no source entry carries (a
    /// verb the classified list does not hold in the class or code the line gives it), or whose
    /// note names no change of the list's codes: they are not undone. `lines` holds the first
    /// [`DUPLICATES_SHOWN`] of them.
    NotUndone {
        /// The update list's path.
        source: String,
        /// How many lines were not undone.
        count: u64,
        /// The first of them.
        lines: Vec<u64>,
    },
    /// A line of an update list given as a source that disagrees with the full lists: they hold
    /// neither what the line changes nor what it gives (a new verb listed with another model, a
    /// class change of a verb listed in a third class). The line is applied all the same.
    Disagrees {
        /// The update list's path.
        update: String,
        /// The line of the update list.
        line: u64,
        /// The full list's path (`the full lists` when no entry of them speaks of the word).
        source: String,
        /// The line of the full list (0 when no entry speaks of the word).
        source_line: u64,
        /// What the update list says and what the full list holds.
        says: String,
    },
    /// Lines of section 12 of a verb update list given as a source whose note names no change
    /// the engine reads, of a verb the rule set does not decide by itself: they are not
    /// applied. `lines` holds the first [`DUPLICATES_SHOWN`] of them.
    NotApplied {
        /// The update list's path.
        source: String,
        /// How many lines were not applied.
        count: u64,
        /// The first of them.
        lines: Vec<u64>,
    },
    /// Words of the annexes of a non-verb update list (annex I, new entries already valid by
    /// another entry; annex II, removed entries still valid by another) that are not in the
    /// lexicon built. `lines` holds the first [`DUPLICATES_SHOWN`] of them.
    AnnexNotValid {
        /// The update list's path.
        source: String,
        /// How many such words.
        count: u64,
        /// The first of their lines.
        lines: Vec<u64>,
    },
    /// A raw list whose words are all in capitals, read as a word list (capitals mark no proper
    /// noun there: a word-game list, or `lexico dump`'s own output); `--capitals` settles it.
    CapitalsAsWords {
        /// The list's path.
        source: String,
    },
    /// Rows of a part-of-speech table that name no entry of the non-verb lists (no headword, or
    /// no entry with the homograph number the row gives): they decide nothing. `lines` holds the
    /// first [`DUPLICATES_SHOWN`] of them.
    UnusedRows {
        /// The table's path.
        source: String,
        /// How many rows name no entry.
        count: u64,
        /// The first of them.
        lines: Vec<u64>,
    },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::Empty { source, lines: 0 } => write!(f, "{source}: empty source"),
            Warning::Empty { source, lines } => {
                write!(f, "{source}: empty source: no entry in its {lines} lines")
            }
            Warning::Duplicates { source, count, lines } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(f, "{source}: {count} duplicate line{s} ({})", at_lines(*count, lines))
            }
            Warning::MostlyExcluded { source, excluded, lines } => {
                write!(f, "{source}: {excluded} of {lines} lines excluded: is it a word list?")
            }
            Warning::SameBytes { source, first } if source == first => {
                write!(f, "{source}: given twice: its entries are read twice")
            }
            Warning::SameBytes { source, first } => {
                write!(f, "{source}: the same bytes as {first}: its entries are read twice")
            }
            Warning::NotUndone { source, count, lines } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{source}: {count} line{s} not undone: no source entry carries the change, or the \
                     note names no change of code ({})",
                    at_lines(*count, lines)
                )
            }
            Warning::Disagrees { update, line, source, source_line: 0, says } => {
                write!(
                    f,
                    "{update}:{line}: the update list and {source} disagree: {says}; the update is applied"
                )
            }
            Warning::Disagrees { update, line, source, source_line, says } => {
                write!(
                    f,
                    "{update}:{line}: the update list and {source}:{source_line} disagree: {says}; the update is applied"
                )
            }
            Warning::NotApplied { source, count, lines } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{source}: {count} line{s} of section 12 not applied: the engine reads no change in the \
                     note, and the rule set does not decide the verb by itself ({})",
                    at_lines(*count, lines)
                )
            }
            Warning::AnnexNotValid { source, count, lines } => {
                let (s, is) = if *count == 1 { ("", "is") } else { ("s", "are") };
                write!(
                    f,
                    "{source}: {count} word{s} of the annexes {is} not in the lexicon, though the list says \
                     another entry makes them valid ({})",
                    at_lines(*count, lines)
                )
            }
            Warning::CapitalsAsWords { source } => write!(
                f,
                "{source}: every word is in capitals: read as a word list, not as proper nouns (--capitals \
                 proper reads them as proper nouns)"
            ),
            Warning::UnusedRows { source, count, lines } => {
                let (s, name, decide) =
                    if *count == 1 { ("", "names", "decides") } else { ("s", "name", "decide") };
                write!(
                    f,
                    "{source}: {count} row{s} {name} no entry of the non-verb lists and {decide} nothing ({})",
                    at_lines(*count, lines)
                )
            }
        }
    }
}

/// `at 3, 6, 7`, or `first at …` when the warning names fewer lines than it counts.
fn at_lines(count: u64, lines: &[u64]) -> String {
    let shown: Vec<String> = lines.iter().map(u64::to_string).collect();
    let first = if count as usize > lines.len() { "first " } else { "" };
    format!("{first}at {}", shown.join(", "))
}

/// The rows of a part-of-speech table that name no entry of the non-verb lists among `parsed`:
/// a row without a homograph number names every entry of its headword, a numbered row the entry
/// with that number only.
pub(crate) fn unused_rows(source: &str, table: &PosTable, parsed: &[Parsed]) -> Option<Warning> {
    let mut headwords: HashSet<&str> = HashSet::new();
    let mut entries: HashSet<(&str, Option<u8>)> = HashSet::new();
    for e in parsed.iter().filter_map(crate::non_verb_entries).flatten() {
        headwords.insert(&e.lemma);
        entries.insert((&e.lemma, e.homograph));
    }
    let unused: Vec<u64> = table
        .rows()
        .iter()
        .filter(|r| match r.homograph {
            None => !headwords.contains(r.lemma.as_str()),
            Some(h) => !entries.contains(&(r.lemma.as_str(), Some(h))),
        })
        .map(|r| r.line as u64)
        .collect();
    (!unused.is_empty()).then(|| Warning::UnusedRows {
        source: source.to_string(),
        count: unused.len() as u64,
        lines: unused.iter().copied().take(DUPLICATES_SHOWN).collect(),
    })
}

/// What reading a source shows: that it is empty, has duplicate lines, or has the bytes of one
/// of the sources `before` it. Warnings name sources by their paths as given (`paths`, the
/// source's last).
pub(crate) fn reading_warnings(
    p: &Parsed,
    info: &SourceInfo,
    before: &[SourceInfo],
    paths: &[String],
) -> Vec<Warning> {
    let source = &paths[before.len()];
    let mut warnings = Vec::new();
    if entries(p) == 0 && !matches!(p, Parsed::VerbUpdates(_)) {
        warnings.push(Warning::Empty { source: source.clone(), lines: info.lines });
    }
    let (count, lines) = duplicates(p);
    if count > 0 {
        warnings.push(Warning::Duplicates { source: source.clone(), count, lines });
    }
    // Two empty sources have the same bytes too: that they are empty says it all.
    let same = before.iter().position(|b| b.file.sha256 == info.file.sha256).filter(|_| entries(p) > 0);
    if let Some(first) = same {
        warnings.push(Warning::SameBytes { source: source.clone(), first: paths[first].clone() });
    }
    warnings
}

/// The number of entry lines of a source that repeat an earlier one, and the first
/// [`DUPLICATES_SHOWN`] of them.
fn duplicates(p: &Parsed) -> (u64, Vec<u64>) {
    use std::borrow::Cow;
    use std::collections::HashSet;
    if let Parsed::Raw(list) = p {
        if let Some(found) = sorted_duplicates(list.words()) {
            return found;
        }
    }
    // Each entry as a key holding every field its reader reads but its line.
    let keyed: Box<dyn Iterator<Item = (usize, Cow<str>)>> = match p {
        Parsed::Raw(list) => Box::new(list.words().map(|(l, w)| (l, Cow::Borrowed(w)))),
        Parsed::NonVerbs(e) => Box::new(
            e.iter()
                .map(|e| (e.line, Cow::Owned(format!("{}\t{:?}\t{:?}", e.lemma, e.feminine, e.homograph)))),
        ),
        Parsed::NonVerbUpdates(e) => Box::new(e.iter().map(|u| {
            (u.line, Cow::Owned(format!("{:?}\t{}\t{:?}\t{}", u.section, u.word, u.plurals, u.note)))
        })),
        Parsed::Lemmas(rows) => Box::new(rows.iter().map(|r| {
            let key = lemmas::LemmaRow { line: 0, ..r.clone() };
            (r.line, Cow::Owned(format!("{key:?}")))
        })),
        Parsed::Verbs(list) => Box::new(list.entries.iter().map(|v| {
            let key = verbs::VerbEntry { line: 0, ..v.clone() };
            (v.line, Cow::Owned(format!("{key:?}")))
        })),
        Parsed::VerbUpdates(_) | Parsed::Undone(_) => Box::new(std::iter::empty()),
    };
    let mut seen = HashSet::with_capacity(entries(p));
    let (mut count, mut lines) = (0, Vec::new());
    for (line, key) in keyed {
        if !seen.insert(key) {
            count += 1;
            if lines.len() < DUPLICATES_SHOWN {
                lines.push(line as u64);
            }
        }
    }
    (count, lines)
}

/// [`duplicates`] of a word list in byte order (as word lists usually are), where a word that
/// repeats an earlier one repeats the one just before: one comparison a line instead of a hash
/// set of every word. `None` as soon as a word sorts before the one before it.
fn sorted_duplicates<'a>(words: impl Iterator<Item = (usize, &'a str)>) -> Option<(u64, Vec<u64>)> {
    let (mut count, mut lines) = (0, Vec::new());
    let mut before: Option<&str> = None;
    for (line, word) in words {
        match before.map(|b| b.cmp(word)) {
            Some(std::cmp::Ordering::Greater) => return None,
            Some(std::cmp::Ordering::Equal) => {
                count += 1;
                if lines.len() < DUPLICATES_SHOWN {
                    lines.push(line as u64);
                }
            }
            _ => {}
        }
        before = Some(word);
    }
    Some((count, lines))
}

/// Adds a [`Warning::MostlyExcluded`] to the warnings of each source more than half of whose
/// entry lines (and at least [`MOSTLY_EXCLUDED_MIN_LINES`]) had their own word excluded.
pub(crate) fn mostly_excluded(
    warnings: &mut [Vec<Warning>],
    parsed: &[Parsed],
    source_infos: &[SourceInfo],
    paths: &[String],
    excluded_lines: &[u64],
) {
    for (i, p) in parsed.iter().enumerate() {
        let (excluded, lines) = (excluded_lines[i], entries(p) as u64);
        if excluded * 2 > lines && excluded >= MOSTLY_EXCLUDED_MIN_LINES {
            let source = paths.get(i).cloned().unwrap_or_else(|| source_infos[i].file.path.clone());
            warnings[i].push(Warning::MostlyExcluded { source, excluded, lines });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_lists_find_the_duplicates_a_hash_set_finds_and_others_give_way() {
        let sorted = [(1, "a"), (2, "b"), (3, "b"), (4, "c"), (5, "c"), (6, "c")];
        assert_eq!(sorted_duplicates(sorted.into_iter()), Some((3, vec![3, 5, 6])));
        let many: Vec<(usize, &str)> = (1..=10).map(|l| (l, "x")).collect();
        assert_eq!(sorted_duplicates(many.into_iter()), Some((9, vec![2, 3, 4, 5, 6])));
        assert_eq!(sorted_duplicates([(1, "b"), (2, "a"), (3, "b")].into_iter()), None);
    }
}
