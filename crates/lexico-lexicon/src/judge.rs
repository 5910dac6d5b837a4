//! Judging what a player typed: one word ([`judge_word`]: valid, or invalid with a one-word
//! reason), or a whole play ([`judge_play`]: acceptable or not, never saying which word failed).
//!
//! A word typed with two tiles that natural spelling reads as one (`[C][H]URRO`) is invalid
//! with the reason [`SEPARATE_TILES`]; a letter with no tile (K, W) is invalid, `no-tile`; any
//! other character that is no tile is an error ([`TileError`]), not a verdict.

use lexico_tiles::{TileError, TileSet, Word};

use crate::Lexicon;

/// A word's verdict. The reason of an invalid word is one word, for scripts: `no-tile`,
/// [`SEPARATE_TILES`], `too-short`, `too-long` or `unlisted`.
///
/// ```
/// use lexico_lexicon::{judge_word, Lexicon, Verdict};
///
/// let lex = Lexicon::from_words(["casa", "perro"])?;
/// let mut scratch = Vec::new();
/// assert_eq!(judge_word(&lex, "perro", &mut scratch)?, ("PERRO".to_string(), Verdict::Valid));
/// assert_eq!(judge_word(&lex, "kiwi", &mut scratch)?.1, Verdict::Invalid("no-tile"));
/// assert_eq!(judge_word(&lex, "gato", &mut scratch)?.1.reason(), Some("unlisted"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The lexicon holds the word.
    Valid,
    /// It does not, for the reason named.
    Invalid(&'static str),
}

impl Verdict {
    /// Returns true if and only if the verdict is [`Verdict::Valid`].
    pub fn is_valid(self) -> bool {
        self == Verdict::Valid
    }

    /// The reason of an invalid word, `None` for a valid one.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Verdict::Valid => None,
            Verdict::Invalid(r) => Some(r),
        }
    }
}

/// The reason of a word typed with separate tiles where one tile is spelled the same (`[C][H]URRO`).
pub const SEPARATE_TILES: &str = "separate-tiles";

/// Judges one typed word: its natural spelling and verdict, or an error for a character that is
/// no tile and no letter. A word typed with two tiles that natural spelling reads as one
/// (`[C][H]URRO`) is invalid, [`SEPARATE_TILES`], and keeps its spelling as typed: spelled
/// naturally it would read as another word. `scratch` receives the word's tiles; reusing it
/// across calls saves an allocation per word.
///
/// ```
/// use lexico_lexicon::{judge_word, Lexicon, Verdict, SEPARATE_TILES};
///
/// let lex = Lexicon::from_words(["churro"])?;
/// let mut tiles = Vec::new();
/// assert_eq!(judge_word(&lex, "1U3O", &mut tiles)?, ("CHURRO".into(), Verdict::Valid));
/// assert_eq!(tiles.len(), 4);
/// let (spelled, verdict) = judge_word(&lex, "[C][H]URRO", &mut tiles)?;
/// assert_eq!((spelled.as_str(), verdict), ("[C][H]URRO", Verdict::Invalid(SEPARATE_TILES)));
/// assert!(judge_word(&lex, "ca$a", &mut tiles).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge_word(lex: &Lexicon, text: &str, scratch: &mut Word) -> Result<(String, Verdict), TileError> {
    let tiles = lex.tiles();
    let spelled;
    if tiles.parse_word_fast(text.as_bytes(), scratch) {
        // The fast path reads accented vowels and Ñ too, which only the tile names spell right.
        spelled = if text.is_ascii() { text.to_ascii_uppercase() } else { tiles.spell(scratch) };
    } else {
        match tiles.parse_word(text) {
            Ok(w) => {
                *scratch = w;
                if tiles.split_digraph(scratch).is_some() {
                    return Ok((text.to_string(), Verdict::Invalid(SEPARATE_TILES)));
                }
                spelled = tiles.spell(scratch);
            }
            Err(TileError::Absent { .. }) => {
                return Ok((lexico_tiles::normalize(text).as_string(), Verdict::Invalid("no-tile")));
            }
            Err(e) => return Err(e),
        }
    }
    if lex.contains(scratch) {
        return Ok((spelled, Verdict::Valid));
    }
    let reason = match lex.manifest() {
        Ok(m) if scratch.len() < m.min_tiles as usize => "too-short",
        Ok(m) if scratch.len() > m.max_tiles as usize => "too-long",
        _ => "unlisted",
    };
    Ok((spelled, Verdict::Invalid(reason)))
}

/// Why `word` is [`SEPARATE_TILES`], in a sentence: `C and H are separate tiles here; CH is one
/// tile`; `None` when no two of its tiles spell one.
///
/// ```
/// let set = lexico_lexicon::fise_2016_tiles();
/// let word = set.parse_word("[C][H]URRO")?;
/// assert_eq!(
///     lexico_lexicon::separate_tiles(&set, &word).as_deref(),
///     Some("C and H are separate tiles here; CH is one tile")
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn separate_tiles(set: &TileSet, word: &[u8]) -> Option<String> {
    let (i, joined) = set.split_digraph(word)?;
    let (a, b, joined) = (set.name(word[i]), set.name(word[i + 1]), set.name(joined));
    Some(format!("{a} and {b} are separate tiles here; {joined} is one tile"))
}

/// What a word-judge station says of a play it cannot judge ([`PlayVerdict::Error`]): it never
/// names the word that holds the character.
pub const PLAY_ERROR_MESSAGE: &str =
    "a character of the play is neither a letter nor a tile; type the play again";

/// The verdict on a whole play.
///
/// ```
/// use lexico_lexicon::{judge_play, Lexicon, PlayVerdict};
///
/// let lex = Lexicon::from_words(["casa", "perro"])?;
/// let mut scratch = Vec::new();
/// assert_eq!(judge_play(&lex, &["casa", "perro"], &mut scratch), PlayVerdict::Acceptable);
/// assert_eq!(judge_play(&lex, &["casa", "gato"], &mut scratch), PlayVerdict::Unacceptable);
/// assert_eq!(judge_play(&lex, &["casa", "ca$a"], &mut scratch).name(), "ERROR");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayVerdict {
    /// Every word of the play is valid.
    Acceptable,
    /// Some word is not (or the play is empty).
    Unacceptable,
    /// A character that is neither a letter nor a tile: the play cannot be judged.
    Error,
}

impl PlayVerdict {
    /// The verdict as a word-judge station shows it: `ACCEPTABLE`, `UNACCEPTABLE`, `ERROR`.
    pub fn name(self) -> &'static str {
        match self {
            PlayVerdict::Acceptable => "ACCEPTABLE",
            PlayVerdict::Unacceptable => "UNACCEPTABLE",
            PlayVerdict::Error => "ERROR",
        }
    }
}

/// Judges a play: acceptable when every word is valid, an error when any word holds a character
/// that is neither a letter nor a tile (whichever word it is), else unacceptable. An empty play
/// is unacceptable.
pub fn judge_play(lex: &Lexicon, play: &[&str], scratch: &mut Word) -> PlayVerdict {
    if play.is_empty() {
        return PlayVerdict::Unacceptable;
    }
    let mut ok = true;
    for text in play {
        match judge_word(lex, text, scratch) {
            Ok((_, v)) => ok &= v == Verdict::Valid,
            // Keep reading: an unknown character anywhere makes the play an error, and the
            // answer must not depend on which word holds it.
            Err(_) => return PlayVerdict::Error,
        }
    }
    if ok {
        PlayVerdict::Acceptable
    } else {
        PlayVerdict::Unacceptable
    }
}

/// Judges a play typed as one line (words separated by spaces, tabs, commas or semicolons):
/// [`judge_play`] of [`play_words`].
///
/// ```
/// use lexico_lexicon::{judge_play_line, Lexicon, PlayVerdict};
///
/// let lex = Lexicon::from_words(["casa", "perro"])?;
/// assert_eq!(judge_play_line(&lex, "casa, perro"), PlayVerdict::Acceptable);
/// assert_eq!(judge_play_line(&lex, ""), PlayVerdict::Unacceptable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge_play_line(lex: &Lexicon, line: &str) -> PlayVerdict {
    judge_play(lex, &play_words(line), &mut Word::new())
}

/// Splits a typed play into its words (spaces, tabs, commas or semicolons between them).
///
/// ```
/// assert_eq!(lexico_lexicon::play_words(" casa, perro,,gato\tsol "), ["casa", "perro", "gato", "sol"]);
/// ```
pub fn play_words(line: &str) -> Vec<&str> {
    line.split([' ', ',', '\t', ';']).filter(|w| !w.is_empty()).collect()
}
