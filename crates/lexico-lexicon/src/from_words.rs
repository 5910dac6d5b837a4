//! In-memory lexicons built from a list of words ([`Lexicon::from_words`]), in the style of
//! `fst::Set::from_iter`: for tests, studies and small word lists that have no sources or rules.

use lexico_tiles::{Tile, TileError, TileSet, Word};

use crate::builder::Builder;
use crate::provenance::{code, SlotInfo};
use crate::MAX_WORD_TILES;
use crate::{Lexicon, LexiconError, Manifest};

/// Something [`Lexicon::from_words`] takes as a word: text in any notation (`&str`, `String`:
/// natural spelling with or without accents, brackets, the FISE digits), or tiles (`&[Tile]`,
/// `Vec<Tile>`, [`Word`]).
///
/// ```
/// use lexico_lexicon::AsWord;
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let mut tiles = Vec::new();
/// "1U3O".to_word(&set, &mut tiles)?;
/// assert_eq!(set.spell(&tiles), "CHURRO");
/// let copy = tiles.clone();
/// copy.to_word(&set, &mut tiles)?;
/// assert_eq!(tiles, copy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait AsWord {
    /// Writes the word's tiles into `out` (cleared first), or says why it is no word of `set`.
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError>;
}

impl AsWord for str {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        set.parse_word_into(self, out)
    }
}

impl AsWord for String {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        set.parse_word_into(self, out)
    }
}

impl AsWord for [Tile] {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        if self.is_empty() {
            return Err(TileError::Empty);
        }
        if let Some(i) = self.iter().position(|&t| !set.is_tile(t)) {
            return Err(TileError::Unknown { column: i + 1, text: format!("tile byte {}", self[i]) });
        }
        out.clear();
        out.extend_from_slice(self);
        Ok(())
    }
}

impl AsWord for Vec<Tile> {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        self.as_slice().to_word(set, out)
    }
}

impl<const N: usize> AsWord for [Tile; N] {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        self.as_slice().to_word(set, out)
    }
}

impl<T: AsWord + ?Sized> AsWord for &T {
    fn to_word(&self, set: &TileSet, out: &mut Word) -> Result<(), TileError> {
        (**self).to_word(set, out)
    }
}

/// Why [`Lexicon::from_words`] could not build a lexicon.
///
/// ```
/// let err = lexico_lexicon::Lexicon::from_words(["casa", "ca$a"]).err().expect("refused");
/// assert_eq!(err.to_string(), "word 2: column 3: '$' is not a tile");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum FromWordsError {
    /// A word is not spelled in the Spanish tiles: `index` is its 0-based place in the input.
    #[error("word {}: {error}", index + 1)]
    Tile {
        /// The place of the word in the input, from 0.
        index: usize,
        /// What is wrong with it.
        error: TileError,
    },
    /// A word is longer than a lexicon file holds, or the file could not be laid out.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}

/// The name recorded in the manifest of a lexicon built by [`Lexicon::from_words`].
pub const FROM_WORDS_NAME: &str = "from-words";

impl Lexicon {
    /// Builds an in-memory lexicon of `words`, spelled in the Spanish tile set
    /// ([`lexico_lexicon::fise_2016_tiles`]), in the style of `fst::Set::from_iter`.
    ///
    /// The words may come in any order and any notation ([`AsWord`]: text such as `"ñandú"`,
    /// `"[CH]URRO"` or `"1U3O"`, or tiles); duplicates are merged. Every word counts as made by
    /// the slot `word` of the rule `from-words` (kind [`Kind::Unknown`](crate::Kind::Unknown)),
    /// with no source. The manifest is named `from-words` and allows 1 to 16 tiles a word (the
    /// most the file holds), so no word is too short or too long for it. The lexicon carries the
    /// anagram index, as the embedded one does. An empty list gives an empty lexicon.
    ///
    /// ```
    /// use lexico_lexicon::Lexicon;
    ///
    /// let lex = Lexicon::from_words(["perro", "CASA", "casa", "1U3O", "ñandú"])?;
    /// assert_eq!(lex.len(), 4);
    /// let tiles = lex.tiles().parse_word("churro")?;
    /// assert!(lex.contains(&tiles));
    /// assert!(Lexicon::from_words([tiles.as_slice()])?.contains(&tiles));
    /// assert!(Lexicon::from_words(["kiwi"]).is_err()); // K has no tile
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_words<I>(words: I) -> Result<Lexicon, FromWordsError>
    where
        I: IntoIterator,
        I::Item: AsWord,
    {
        Lexicon::from_words_explained(words, crate::ExplainData::default())
    }

    /// A lexicon of `words`, as [`Lexicon::from_words`] makes it, whose manifest records what
    /// explanations of its words may say (the enclitic pronouns and articles of a rule set, see
    /// [`ExplainData`](crate::ExplainData)).
    ///
    /// ```
    /// use lexico_lexicon::{Enclitics, ExplainData, Lexicon};
    ///
    /// let enclitics = Enclitics { article: "17.5".into(), pronouns: vec!["LO".into()], restore: vec![] };
    /// let data = ExplainData { enclitics: Some(enclitics), ..ExplainData::default() };
    /// let lex = Lexicon::from_words_explained(["dame"], data.clone())?;
    /// assert_eq!(lex.manifest()?.explain, data);
    /// assert!(Lexicon::from_words(["dame"])?.manifest()?.explain.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_words_explained<I>(words: I, explain: crate::ExplainData) -> Result<Lexicon, FromWordsError>
    where
        I: IntoIterator,
        I::Item: AsWord,
    {
        let set = crate::fise_2016_tiles();
        let mut builder = Builder::new(crate::FISE_2016_TILES_CSV);
        let slot = builder.slot(SlotInfo {
            slot: "word".into(),
            kind: crate::FormKind::Unknown,
            rule: FROM_WORDS_NAME.into(),
            article: String::new(),
            reason: String::new(),
            reason_es: String::new(),
        })?;
        // One code for every word: the provenance column is a single run, whatever the order.
        let c = code(0, slot);
        let mut word = Word::new();
        for (index, w) in words.into_iter().enumerate() {
            w.to_word(&set, &mut word).map_err(|error| FromWordsError::Tile { index, error })?;
            builder.insert(&word, c)?;
        }
        let manifest = Manifest {
            name: FROM_WORDS_NAME.into(),
            min_tiles: 1,
            max_tiles: MAX_WORD_TILES as u8,
            explain,
            ..Manifest::default()
        };
        Ok(Lexicon::from_vec(builder.finish(manifest)?)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_and_repeats_of_the_words_change_nothing() {
        let a = Lexicon::from_words(["casa", "perro", "gato"]).unwrap();
        let b = Lexicon::from_words(["GATO", "perro", "casa", "casa", "[P]E[RR]O"]).unwrap();
        assert_eq!(a.as_bytes(), b.as_bytes());
        assert_eq!(a.len(), 3);
    }

    #[test]
    fn text_and_tiles_give_the_same_lexicon() {
        let set = crate::fise_2016_tiles();
        let words = ["ñandú", "churro", "llave"];
        let tiles: Vec<Word> = words.iter().map(|w| set.parse_word(w).unwrap()).collect();
        let a = Lexicon::from_words(words).unwrap();
        let b = Lexicon::from_words(&tiles).unwrap();
        assert_eq!(a.as_bytes(), b.as_bytes());
        for t in &tiles {
            assert!(b.contains(t), "{}", set.spell(t));
        }
    }

    #[test]
    fn a_word_with_no_tile_names_its_place() {
        let err = Lexicon::from_words(["casa", "ca$a"]).err().expect("a word with no tile");
        assert!(matches!(err, FromWordsError::Tile { index: 1, .. }), "{err:?}");
        assert_eq!(err.to_string(), "word 2: column 3: '$' is not a tile");
        let bad: &[Tile] = &[1, 0];
        assert!(Lexicon::from_words([bad]).is_err());
    }

    #[test]
    fn an_empty_list_is_an_empty_lexicon() {
        let lex = Lexicon::from_words(Vec::<String>::new()).unwrap();
        assert!(lex.is_empty());
    }

    #[test]
    fn a_word_too_long_for_the_file_is_an_error() {
        assert!(Lexicon::from_words(["a".repeat(MAX_WORD_TILES + 1)]).is_err());
        assert!(Lexicon::from_words(["a".repeat(MAX_WORD_TILES)]).is_ok());
    }
}
