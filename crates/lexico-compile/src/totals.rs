//! A file of the 2- and 3-tile words (`LEXICÓN FISE 2: TOTALES DE DOS Y TRES FICHAS`, see
//! `docs/formats.md`): not a source, but what a build checks itself against. The lexicon's words
//! of 2 and 3 tiles are compared with the file's, length by length.

use std::collections::BTreeSet;

use lexico_lexicon::Lexicon;
use lexico_rules::sources::{self, Content};
use lexico_rules::{fise, RuleError};
use lexico_tiles::{TileSet, Word};

use crate::{CompileError, Input};

/// The words of a check that a [`TotalsCheck`] names at most, each way.
pub const WORDS_SHOWN: usize = 10;

/// Returns true if and only if `input` is a file of totals.
pub(crate) fn is_totals(input: &Input) -> bool {
    sources::detect(&input.bytes) == Content::Totals
}

/// A file of totals once read: its words by length.
pub(crate) struct Totals {
    path: String,
    by_length: [BTreeSet<Word>; 2],
}

/// Reads the file of totals `input` with the tile set `tiles`: each word must be of 2 or 3
/// tiles, else an error at its line and column.
pub(crate) fn read(input: &Input, tiles: &TileSet) -> Result<Totals, CompileError> {
    let path = std::path::Path::new(&input.path);
    let (words, _) = fise::read_totals(path, &input.bytes)?;
    let mut by_length = [BTreeSet::new(), BTreeSet::new()];
    for (line, column, text) in words {
        let word =
            tiles.parse_word(&text).map_err(|e| RuleError::syntax(path, line, column, e.to_string()))?;
        match word.len() {
            2 | 3 => by_length[word.len() - 2].insert(word),
            n => {
                return Err(RuleError::syntax(
                    path,
                    line,
                    column,
                    format!(
                        "{} has {n} tiles: a file of totals lists words of 2 and 3 tiles",
                        lexico_tiles::quoted(&text)
                    ),
                )
                .into())
            }
        };
    }
    Ok(Totals { path: input.path.clone(), by_length })
}

/// The lexicon's words of one length against a file of totals.
///
/// ```
/// let c = lexico_compile::TotalsCheck {
///     source: "totales.txt".into(), tiles: 2, listed: 3, built: 3, not_built: vec![], not_listed: vec![],
/// };
/// assert!(c.agrees());
/// assert_eq!(c.to_string(), "totales.txt: 3 words of 2 tiles, as listed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalsCheck {
    /// The file of totals.
    pub source: String,
    /// The length checked, in tiles.
    pub tiles: usize,
    /// How many words of that length the file lists.
    pub listed: u64,
    /// How many the lexicon holds.
    pub built: u64,
    /// The first [`WORDS_SHOWN`] words the file lists and the lexicon lacks.
    pub not_built: Vec<String>,
    /// The first [`WORDS_SHOWN`] words the lexicon holds and the file does not list.
    pub not_listed: Vec<String>,
}

impl TotalsCheck {
    /// Returns true if and only if the lexicon holds exactly the words the file lists.
    pub fn agrees(&self) -> bool {
        self.not_built.is_empty() && self.not_listed.is_empty()
    }
}

impl std::fmt::Display for TotalsCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let TotalsCheck { source, tiles, listed, built, not_built, not_listed } = self;
        if self.agrees() {
            return write!(f, "{source}: {built} words of {tiles} tiles, as listed");
        }
        write!(f, "{source}: {built} words of {tiles} tiles where {listed} are listed")?;
        if !not_built.is_empty() {
            write!(f, "; listed, not built: {}", not_built.join(" "))?;
        }
        if !not_listed.is_empty() {
            write!(f, "; built, not listed: {}", not_listed.join(" "))?;
        }
        Ok(())
    }
}

impl Totals {
    /// The lexicon `built` against this file, length by length.
    pub(crate) fn check(&self, built: &Lexicon) -> Vec<TotalsCheck> {
        let mut words = [BTreeSet::new(), BTreeSet::new()];
        for w in built.words().filter(|w| (2..=3).contains(&w.len())) {
            words[w.len() - 2].insert(w);
        }
        let spell = |w: &Word| built.tiles().spell(w);
        (0..2)
            .map(|i| {
                let (listed, have) = (&self.by_length[i], &words[i]);
                TotalsCheck {
                    source: self.path.clone(),
                    tiles: i + 2,
                    listed: listed.len() as u64,
                    built: have.len() as u64,
                    not_built: listed.difference(have).take(WORDS_SHOWN).map(spell).collect(),
                    not_listed: have.difference(listed).take(WORDS_SHOWN).map(spell).collect(),
                }
            })
            .collect()
    }
}
