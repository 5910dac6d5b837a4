//! Every word of a lexicon, in tile order ([`Lexicon::words`]).

use fst::Streamer;
use lexico_tiles::Word;

use crate::Lexicon;

/// Every word of a lexicon, in tile order: see [`Lexicon::words`].
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["sol", "luna"])?;
/// assert_eq!(lex.words().count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Words<'a> {
    stream: fst::map::Stream<'a>,
}

impl Iterator for Words<'_> {
    type Item = Word;

    fn next(&mut self) -> Option<Word> {
        self.stream.next().map(|(k, _)| k.to_vec())
    }
}

impl Lexicon {
    /// Every word, as tiles, in tile order (the Spanish alphabetical order). Each word is a new
    /// `Vec`; walk [`Lexicon::fst`] to read them without allocating.
    ///
    /// ```
    /// let lex = lexico_lexicon::Lexicon::from_words(["dado", "chico", "casa"])?;
    /// let words: Vec<String> = lex.words().map(|w| lex.tiles().spell(&w)).collect();
    /// assert_eq!(words, ["CASA", "CHICO", "DADO"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn words(&self) -> Words<'_> {
        Words { stream: self.fst().stream() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_every_word_in_tile_order() {
        let lex = Lexicon::from_words(["casa", "casas", "cosa", "churro", "ñandú", "llave", "perro", "sol"])
            .unwrap();
        let words: Vec<Word> = lex.words().collect();
        assert_eq!(words.len(), lex.len());
        assert!(words.windows(2).all(|p| p[0] < p[1]));
    }
}
