//! What `dump` lists beyond the valid words' tiles: the forms the rules refused that no entry
//! makes valid ([`refused_only`]), and a word as its source spells it, accents included
//! ([`SourceSpelling`]).

use std::collections::BTreeMap;

use fst::{IntoStreamer, Streamer};
use lexico_lexicon::provenance::{entry_of, Code, EntryInfo, EntryKind};
use lexico_lexicon::{Lexicon, LexiconError};

/// The forms the rules of `lex` generated and refused that are not valid words (no other entry
/// makes them valid: RENDISTEIS, refused as one verb's cell, is another's), in tile order, each
/// with the derivation code of its first refusal.
///
/// ```
/// // A lexicon from a word list refuses nothing.
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// assert!(lexico_answers::refused_only(&lex)?.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn refused_only(lex: &Lexicon) -> Result<Vec<(Vec<u8>, Code)>, LexiconError> {
    let mut out = Vec::new();
    let mut stream = lex.rejected()?.op().add(lex.fst().into_stream()).difference();
    while let Some((key, values)) = stream.next() {
        out.push((key.to_vec(), values.first().map_or(0, |v| v.value)));
    }
    Ok(out)
}

/// Words spelled as their sources spell them: a headword or a feminine with the accents its
/// entry records (`acreción`), from what a lexicon stores of its entries.
pub struct SourceSpelling {
    entries: BTreeMap<u64, EntryInfo>,
}

impl SourceSpelling {
    /// The spellings `lex` records (none for a lexicon from a plain word list).
    pub fn of(lex: &Lexicon) -> Result<SourceSpelling, LexiconError> {
        Ok(SourceSpelling { entries: lex.entry_infos()? })
    }

    /// What the lexicon records of its entries.
    pub(crate) fn from_entries(entries: BTreeMap<u64, EntryInfo>) -> SourceSpelling {
        SourceSpelling { entries }
    }

    /// The entries, by id.
    pub(crate) fn entries(&self) -> &BTreeMap<u64, EntryInfo> {
        &self.entries
    }

    /// `word` (in lower case, spelled by its tiles) as the entry of one of `codes` (its
    /// derivations) spells it, in lower case; `None` when none spells it (a plural, a verb
    /// form).
    ///
    /// ```
    /// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
    /// let s = lexico_answers::SourceSpelling::of(&lex)?;
    /// assert_eq!(s.spell("casa", &[0]), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spell(&self, word: &str, codes: &[Code]) -> Option<String> {
        let folded = crate::attribute::fold(word);
        codes.iter().filter_map(|&c| self.entries.get(&entry_of(c))).find_map(|info| {
            let feminine = match &info.kind {
                EntryKind::NonVerb { feminine } => feminine.as_deref(),
                _ => None,
            };
            [Some(info.lemma.as_str()), feminine]
                .into_iter()
                .flatten()
                .map(str::to_lowercase)
                .find(|s| crate::attribute::fold(s) == folded)
        })
    }
}
