//! What changed between two editions: the words added and removed ([`diff`], one merged pass
//! over both word stores in tile order), each with its kind and entry read from the provenance
//! of the lexicon that has it. Why each word changed is the business of
//! [`attribute`](crate::attribute), the release notes of [`notes`](crate::notes).

use std::collections::BTreeMap;

use fst::Streamer;

use lexico_lexicon::FormKind;
use lexico_lexicon::{provenance, Lexicon, LexiconError};

/// Why two lexicons cannot be compared.
///
/// ```
/// // Two lexicons in the same tile set compare; DiffError::TileSets says when they do not.
/// let a = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// assert!(lexico_answers::diff(&a, &a)?.added.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// Their tile sets differ, so the same bytes are not the same word.
    #[error("the two lexicons are spelled in different tile sets: their words cannot be compared")]
    TileSets,
    /// A section of either lexicon could not be read.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}

/// A word added or removed, with what made it (from the lexicon that has it).
///
/// ```
/// use lexico_answers::diff;
/// use lexico_lexicon::{FormKind, Lexicon};
///
/// let (old, new) = (Lexicon::from_words(["casa", "gato"])?, Lexicon::from_words(["casa", "perro"])?);
/// let d = diff(&old, &new)?;
/// let added = &d.added[0];
/// assert_eq!((added.word.as_str(), added.tiles, added.kind), ("PERRO", 4, FormKind::Unknown));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangedWord {
    /// The word, spelled by its tile names (`CHURRO`).
    pub word: String,
    /// Its number of tiles.
    pub tiles: usize,
    /// What kind of form it is, by the provenance of the lexicon that has it.
    pub kind: FormKind,
    /// The source entry that made it, when that lexicon records provenance.
    pub entry: Option<u64>,
}

/// The difference between two lexicons: the words only the new one has, and the words only the
/// old one has, each in tile order.
///
/// ```
/// use lexico_answers::diff;
/// use lexico_lexicon::Lexicon;
///
/// let old = Lexicon::from_words(["casa", "gato", "sol"])?;
/// let new = Lexicon::from_words(["casa", "perro", "sol", "churro"])?;
/// let d = diff(&old, &new)?;
/// let words = |c: &[lexico_answers::ChangedWord]| c.iter().map(|c| c.word.clone()).collect::<Vec<_>>();
/// assert_eq!(words(&d.added), ["CHURRO", "PERRO"]); // CH sorts after C
/// assert_eq!(words(&d.removed), ["GATO"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// Words of the new lexicon the old one lacks.
    pub added: Vec<ChangedWord>,
    /// Words of the old lexicon the new one lacks.
    pub removed: Vec<ChangedWord>,
}

/// The kind and entry of every word of `lex`, by rank, or `None` without provenance.
fn kinds(lex: &Lexicon) -> Option<(Vec<u64>, Vec<FormKind>)> {
    let codes = lex.codes_in_order().ok()?;
    let slots = lex.slots().ok()?;
    let kinds: Vec<FormKind> = slots.iter().map(|s| s.kind).collect();
    Some((codes, kinds))
}

/// Compares the word stores of `old` and `new` in one merged pass over both. Fails when the two
/// are spelled in different tile sets.
pub fn diff(old: &Lexicon, new: &Lexicon) -> Result<Diff, DiffError> {
    Ok(diff_ranked(old, new)?.0)
}

/// A changed word's tiles and its rank in the lexicon that has it.
pub(crate) type Ranked = (Vec<u8>, usize);

/// [`diff`], with the tiles and rank of each added word (in `new`) and removed word (in `old`).
pub(crate) fn diff_ranked(
    old: &Lexicon,
    new: &Lexicon,
) -> Result<(Diff, Vec<Ranked>, Vec<Ranked>), DiffError> {
    let names = |l: &Lexicon| l.tiles().all().map(|t| l.tiles().name(t).to_string()).collect::<Vec<_>>();
    if names(old) != names(new) {
        return Err(DiffError::TileSets);
    }
    let set = new.tiles();
    let spell = |key: &[u8]| key.iter().map(|&t| set.name(t)).collect::<String>();
    let (old_prov, new_prov) = (kinds(old), kinds(new));
    let change = |key: &[u8], rank: usize, prov: &Option<(Vec<u64>, Vec<FormKind>)>| {
        let code = prov.as_ref().and_then(|(codes, _)| codes.get(rank).copied());
        ChangedWord {
            word: spell(key),
            tiles: key.len(),
            kind: match (code, prov) {
                (Some(c), Some((_, kinds))) => {
                    kinds.get(provenance::slot_of(c) as usize).copied().unwrap_or(FormKind::Unknown)
                }
                _ => FormKind::Unknown,
            },
            entry: code.map(provenance::entry_of),
        }
    };
    let mut d = Diff { added: Vec::new(), removed: Vec::new() };
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let mut a = old.fst().keys();
    let mut b = new.fst().keys();
    let (mut ra, mut rb) = (0usize, 0usize);
    let mut ka = a.next().map(<[u8]>::to_vec);
    let mut kb = b.next().map(<[u8]>::to_vec);
    loop {
        // Which side is behind: the old one (a removal), the new one (an addition), or neither.
        let order = match (&ka, &kb) {
            (None, None) => break,
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => x.cmp(y),
        };
        if order.is_le() {
            if order.is_lt() {
                let key = ka.as_deref().expect("a key");
                d.removed.push(change(key, ra, &old_prov));
                removed.push((key.to_vec(), ra));
            }
            ka = a.next().map(<[u8]>::to_vec);
            ra += 1;
        }
        if order.is_ge() {
            if order.is_gt() {
                let key = kb.as_deref().expect("a key");
                d.added.push(change(key, rb, &new_prov));
                added.push((key.to_vec(), rb));
            }
            kb = b.next().map(<[u8]>::to_vec);
            rb += 1;
        }
    }
    Ok((d, added, removed))
}

/// Counts of changes by length (tiles) and by kind.
pub fn counts(changes: &[ChangedWord]) -> (BTreeMap<usize, u64>, BTreeMap<FormKind, u64>) {
    let mut by_len = BTreeMap::new();
    let mut by_kind = BTreeMap::new();
    for c in changes {
        *by_len.entry(c.tiles).or_default() += 1;
        *by_kind.entry(c.kind).or_default() += 1;
    }
    (by_len, by_kind)
}

/// A count of `diff --counts`: of the words `change`d (`added`, `removed`), those `by` a
/// grouping (`total`, `length`, `kind`, `cause`) of `key`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CountRecord {
    /// `added` or `removed`.
    pub change: &'static str,
    /// `total`, `length`, `kind` or `cause`.
    pub by: &'static str,
    /// The group: `all`, a length, a kind's or a cause's name.
    pub key: String,
    /// The words in it.
    pub count: u64,
}

impl Diff {
    /// The counts of the words added and removed: the total, then by length and by kind.
    ///
    /// ```
    /// use lexico_lexicon::Lexicon;
    ///
    /// let (old, new) = (Lexicon::from_words(["casa"])?, Lexicon::from_words(["casa", "perro", "gato"])?);
    /// let rows = lexico_answers::diff(&old, &new)?.count_records();
    /// assert_eq!((rows[0].by, rows[0].key.as_str(), rows[0].count), ("total", "all", 2));
    /// assert_eq!((rows[1].by, rows[1].key.as_str(), rows[1].count), ("length", "4", 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_records(&self) -> Vec<CountRecord> {
        let mut rows = Vec::new();
        for (change, list) in [("added", &self.added), ("removed", &self.removed)] {
            let (by_len, by_kind) = counts(list);
            let row = |by, key: String, count| CountRecord { change, by, key, count };
            rows.push(row("total", "all".to_string(), list.len() as u64));
            rows.extend(by_len.iter().map(|(n, c)| row("length", n.to_string(), *c)));
            rows.extend(by_kind.iter().map(|(k, c)| row("kind", k.name().to_string(), *c)));
        }
        rows
    }
}

/// A word added or removed, as `diff` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChangeRecord<'a> {
    /// `added` or `removed`.
    pub change: &'static str,
    /// The word.
    pub word: &'a str,
    /// Its number of tiles.
    pub tiles: usize,
    /// Its kind of form.
    pub kind: &'static str,
}

impl<'a> ChangeRecord<'a> {
    /// The record of `c`, a word `added` (else removed).
    pub fn new(c: &'a ChangedWord, added: bool) -> ChangeRecord<'a> {
        let change = if added { "added" } else { "removed" };
        ChangeRecord { change, word: &c.word, tiles: c.tiles, kind: c.kind.name() }
    }
}
