//! Whole-lexicon and batch calls that return plain data, one call each: every word in order
//! ([`Lexicon::words`]), a batch of verdicts ([`valid_many`]), the words of a crossword pattern
//! or a regular expression over tiles ([`pattern_words`], [`regex_words`]). They suit a binding
//! for another language, which wants one call and a list back; Rust programs may also use the
//! streaming forms ([`Lexicon::fst`], [`query::search`](crate::query::search)).

use fst::Streamer;
use lexico_tiles::{TileError, Word};

use crate::query::{search, Pattern, QueryError, TileRegex};
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

/// A word of a batch that is no word of the tile set: its place in the batch (from 0) and why.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["sol"])?;
/// let err = lexico_lexicon::valid_many(&lex, ["sol", "s@l"]).unwrap_err();
/// assert_eq!(err.to_string(), "word 2: column 2: '@' is not a tile");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[error("word {}: {error}", index + 1)]
pub struct BadWord {
    /// The place of the word in the batch, from 0.
    pub index: usize,
    /// What is wrong with it.
    pub error: TileError,
}

/// Whether each of `words` is valid, in order: the batch path of `lexico valid`. Plain words
/// (ASCII letters, accented vowels, Ñ) are read without allocating and looked up by a
/// [`Checker`](crate::Checker): from the prefix they share with the word before (fastest on a
/// sorted list), or in a hash set of the words once a large batch shows no useful order; any
/// other notation goes through [`judge_word`](crate::judge_word), so a verdict is the same as
/// one word's. Fails on the first word with a character that is neither a letter nor a tile.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "churro"])?;
/// assert_eq!(lexico_lexicon::valid_many(&lex, ["casa", "[CH]U[RR]O", "kiwi", "gato"])?, [true, true, false, false]);
/// let err = lexico_lexicon::valid_many(&lex, ["casa", "ca$a"]).unwrap_err();
/// assert_eq!(err.index, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn valid_many<I>(lex: &Lexicon, words: I) -> Result<Vec<bool>, BadWord>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let words = words.into_iter();
    let mut out = Vec::with_capacity(words.size_hint().0);
    let mut checker = lex.checker();
    let mut scratch = Word::new();
    for (index, text) in words.enumerate() {
        let text = text.as_ref();
        if lex.tiles().parse_word_fast(text.as_bytes(), &mut scratch) {
            out.push(checker.contains(&scratch));
            continue;
        }
        let (_, verdict) =
            crate::judge_word(lex, text, &mut scratch).map_err(|error| BadWord { index, error })?;
        out.push(verdict.is_valid());
    }
    Ok(out)
}

/// Every word that fits the crossword pattern `pattern` (`?` one tile, `*` any tiles, `[AEIOU]`,
/// `[^…]`), in tile order.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "cosa", "caso"])?;
/// let words = lexico_lexicon::pattern_words(&lex, "C?SA")?;
/// assert_eq!(words.iter().map(|w| lex.tiles().spell(w)).collect::<Vec<_>>(), ["CASA", "COSA"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pattern_words(lex: &Lexicon, pattern: &str) -> Result<Vec<Word>, QueryError> {
    let p = Pattern::parse(lex.tiles(), pattern)?;
    let mut out = Vec::new();
    search(lex, p, 0, usize::MAX, |w| {
        out.push(w.to_vec());
        true
    });
    Ok(out)
}

/// Every word that the regular expression `regex` over tiles matches as a whole (`.` one tile,
/// `[CH]` the tile CH), in tile order.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "cosa", "caso"])?;
/// let words = lexico_lexicon::regex_words(&lex, "C.S[AO]")?;
/// assert_eq!(words.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn regex_words(lex: &Lexicon, regex: &str) -> Result<Vec<Word>, QueryError> {
    let re = TileRegex::new(lex.tiles(), regex)?;
    let mut out = Vec::new();
    search(lex, re, 0, usize::MAX, |w| {
        out.push(w.to_vec());
        true
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        Lexicon::from_words(["casa", "casas", "cosa", "churro", "ñandú", "llave", "perro", "sol"]).unwrap()
    }

    #[test]
    fn valid_many_agrees_with_judge_word_in_every_notation() {
        let lex = lex();
        let words = ["casa", "CASAS", "ñandu", "NANDU", "1U3O", "[C][H]URRO", "kiwi", "gato", "s", "Llave"];
        let many = valid_many(&lex, words).unwrap();
        let mut scratch = Word::new();
        for (w, v) in words.iter().zip(&many) {
            let one = crate::judge_word(&lex, w, &mut scratch).unwrap().1.is_valid();
            assert_eq!(*v, one, "{w}");
        }
        assert_eq!(many.iter().filter(|&&v| v).count(), 5);
    }

    #[test]
    fn words_are_every_word_in_tile_order() {
        let lex = lex();
        let words: Vec<Word> = lex.words().collect();
        assert_eq!(words.len(), lex.len());
        assert!(words.windows(2).all(|p| p[0] < p[1]));
    }

    #[test]
    fn pattern_and_regex_words_equal_a_scan() {
        let lex = lex();
        let set = lex.tiles();
        let spelled = |ws: Vec<Word>| ws.iter().map(|w| set.spell(w)).collect::<Vec<_>>();
        let scan: Vec<String> =
            lex.words().map(|w| set.spell(&w)).filter(|w| w.len() == 4 && w.ends_with('A')).collect();
        assert_eq!(spelled(pattern_words(&lex, "???A").unwrap()), scan);
        assert_eq!(spelled(regex_words(&lex, "...A").unwrap()), scan);
        assert!(pattern_words(&lex, "[A").is_err());
    }
}
