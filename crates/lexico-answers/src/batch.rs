//! A batch of verdicts: one engine for every front end that judges many words (`lexico valid`
//! on standard input, Python's `Lexicon.valid_many`).
//!
//! Plain words (ASCII letters, accented vowels, Ñ) are read without allocating and looked up
//! together, group by group, by a [`Checker`]: from the prefix each shares with the word before
//! (fastest on a sorted list), or in a hash set of the words once a large batch shows no useful
//! order, with the lookups of a group overlapping. Any other notation, and every word that is
//! not valid, goes through [`judge_word`], so a verdict is the same as one word's.

use lexico_lexicon::{Checker, Lexicon};
use lexico_tiles::{Tile, TileError, Word};

use crate::judge::{judge_word, Verdict};

/// The most words a [`Batch`] looks up together: a front end that gathers lines as they arrive
/// answers them in groups of at most this many.
pub const GROUP: usize = 64;

/// A word of a batch, judged: its spelling (as [`judge_word`] spells it), its verdict and tiles.
#[derive(Clone, Copy, Debug)]
pub struct Judged<'a> {
    /// The word, spelled naturally (as typed for separate tiles).
    pub spelled: &'a str,
    /// The verdict.
    pub verdict: Verdict,
    /// The word's tiles.
    pub tiles: &'a [Tile],
}

/// Judges words group by group, with buffers reused from one group to the next.
///
/// ```
/// use lexico_answers::batch::Batch;
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "churro"])?;
/// let mut batch = Batch::new(&lex);
/// let mut seen = Vec::new();
/// batch.judge(&["casa", "[CH]U[RR]O", "gato", "ca$a"], |i, judged| {
///     seen.push((i, judged.map(|j| (j.spelled.to_string(), j.verdict.is_valid())).ok()));
///     Ok::<_, ()>(())
/// }).unwrap();
/// assert_eq!(seen[1], (1, Some(("CHURRO".to_string(), true))));
/// assert_eq!(seen[2].1, Some(("GATO".to_string(), false)));
/// assert_eq!(seen[3], (3, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Batch<'l> {
    lex: &'l Lexicon,
    checker: Checker<'l>,
    /// The tiles of the group's plain words, one after the other.
    tiles: Vec<Tile>,
    /// For each word of the group, where its tiles lie in `tiles` if it is a plain word.
    parsed: Vec<Option<(usize, usize)>>,
    /// Whether each plain word is valid, in order.
    found: Vec<bool>,
    scratch: Word,
    spelled: String,
}

impl<'l> Batch<'l> {
    /// A batch over `lex`.
    pub fn new(lex: &'l Lexicon) -> Batch<'l> {
        Batch {
            lex,
            checker: lex.checker(),
            tiles: Vec::with_capacity(GROUP * 16),
            parsed: Vec::with_capacity(GROUP),
            found: Vec::with_capacity(GROUP),
            scratch: Word::new(),
            spelled: String::with_capacity(64),
        }
    }

    /// Judges `words` (each trimmed of spaces by the caller), looking them up together, and calls
    /// `f` with each word's place in `words` and its verdict, or the error of a word with a
    /// character that is neither a letter nor a tile, in order; stops at the first error `f`
    /// returns.
    pub fn judge<E>(
        &mut self,
        words: &[&str],
        mut f: impl FnMut(usize, Result<Judged<'_>, TileError>) -> Result<(), E>,
    ) -> Result<(), E> {
        let set = self.lex.tiles();
        self.tiles.clear();
        self.parsed.clear();
        for word in words {
            let fast = !word.is_empty() && set.parse_word_fast(word.as_bytes(), &mut self.scratch);
            self.parsed.push(fast.then(|| {
                let at = self.tiles.len();
                self.tiles.extend_from_slice(&self.scratch);
                (at, self.tiles.len())
            }));
        }
        let plain: Vec<&[Tile]> = self.parsed.iter().flatten().map(|&(a, b)| &self.tiles[a..b]).collect();
        self.found.clear();
        self.found.resize(plain.len(), false);
        self.checker.contains_each(&plain, &mut self.found);
        drop(plain);
        let mut answers = self.found.iter();
        for (i, (word, parsed)) in words.iter().zip(&self.parsed).enumerate() {
            match *parsed {
                Some((a, b)) if answers.next() == Some(&true) => {
                    // Spelled as `judge_word` spells it: the word in capitals when it is ASCII,
                    // else by its tiles (accented vowels, Ñ).
                    let tiles = &self.tiles[a..b];
                    self.spelled.clear();
                    if word.is_ascii() {
                        self.spelled.push_str(word);
                        self.spelled.make_ascii_uppercase();
                    } else {
                        tiles.iter().for_each(|&t| self.spelled.push_str(set.name(t)));
                    }
                    f(i, Ok(Judged { spelled: &self.spelled, verdict: Verdict::Valid, tiles }))?;
                }
                _ => match judge_word(self.lex, word, &mut self.scratch) {
                    Ok((spelled, verdict)) => {
                        f(i, Ok(Judged { spelled: &spelled, verdict, tiles: &self.scratch }))?;
                    }
                    Err(e) => f(i, Err(e))?,
                },
            }
        }
        Ok(())
    }
}

/// A word of a batch that is no word of the tile set: its place in the batch (from 0) and why.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["sol"])?;
/// let err = lexico_answers::valid_many(&lex, ["sol", "s@l"]).unwrap_err();
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

/// Whether each of `words` is valid, in order, judged by a [`Batch`] group by group. Fails on
/// the first word with a character that is neither a letter nor a tile.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "churro"])?;
/// assert_eq!(lexico_answers::valid_many(&lex, ["casa", "[CH]U[RR]O", "kiwi", "gato"])?, [true, true, false, false]);
/// let err = lexico_answers::valid_many(&lex, ["casa", "ca$a"]).unwrap_err();
/// assert_eq!(err.index, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn valid_many<I>(lex: &Lexicon, words: I) -> Result<Vec<bool>, BadWord>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let words: Vec<I::Item> = words.into_iter().collect();
    let mut out = Vec::with_capacity(words.len());
    let mut batch = Batch::new(lex);
    for (g, group) in words.chunks(GROUP).enumerate() {
        let texts: Vec<&str> = group.iter().map(AsRef::as_ref).collect();
        batch.judge(&texts, |i, judged| {
            let index = g * GROUP + i;
            out.push(judged.map_err(|error| BadWord { index, error })?.verdict.is_valid());
            Ok(())
        })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_agrees_with_judge_word_in_every_notation() {
        let lex = Lexicon::from_words(["casa", "casas", "cosa", "churro", "ñandú", "llave", "perro", "sol"])
            .unwrap();
        let words =
            ["casa", "CASAS", "ñandu", "NANDU", "1U3O", "[C][H]URRO", "kiwi", "gato", "s", "Llave", "Ñandú"];
        let mut batch = Batch::new(&lex);
        let mut scratch = Word::new();
        let mut n = 0;
        batch
            .judge(&words, |i, judged| {
                let one = judge_word(&lex, words[i], &mut scratch).unwrap();
                let judged = judged.unwrap();
                assert_eq!((judged.spelled, judged.verdict), (one.0.as_str(), one.1), "{}", words[i]);
                assert_eq!(judged.tiles, &scratch[..], "{}", words[i]);
                n += 1;
                Ok::<_, ()>(())
            })
            .unwrap();
        assert_eq!(n, words.len());
        assert_eq!(valid_many(&lex, words).unwrap().iter().filter(|&&v| v).count(), 6);
    }
}
