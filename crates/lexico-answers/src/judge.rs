//! Judging what a player typed: one word ([`judge_word`]: valid, or invalid with a one-word
//! reason), or a whole play ([`judge_play`]: acceptable or not, never saying which word failed).
//!
//! A word typed with two tiles that natural spelling reads as one (`[C][H]URRO`) is invalid
//! ([`Reason::SeparateTiles`]); a letter with no tile (K, W) is invalid ([`Reason::NoTile`]);
//! any other character that is no tile is an error ([`TileError`]), not a verdict.

use lexico_lexicon::Lexicon;
use lexico_tiles::{TileError, Word};

/// Why a word is in or out, one word for scripts (its [`Reason::name`], which CSV and JSON
/// records print): a valid word is [`Reason::Listed`]; [`judge_word`] gives the reasons it can
/// check (a letter with no tile, separate tiles, a length out of bounds, not listed), and
/// [`explain`](crate::explain) the more specific ones it finds (a rejected form, enclitics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The lexicon holds the word.
    Listed,
    /// The rules generated it and refused it.
    RejectedForm,
    /// A verb form with enclitic pronouns, which counts as several words.
    Enclitic,
    /// A letter with no tile in the set (K, W).
    NoTile,
    /// Two tiles typed apart where one tile is spelled the same (`[C][H]URRO`).
    SeparateTiles,
    /// Fewer tiles than any word of the lexicon.
    TooShort,
    /// More tiles than any word of the lexicon.
    TooLong,
    /// Not in the lexicon, for no more specific reason.
    Unlisted,
}

impl Reason {
    /// The reason's name: `listed`, `rejected-form`, `enclitic`, `no-tile`, `separate-tiles`,
    /// `too-short`, `too-long`, `unlisted`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Listed => "listed",
            Reason::RejectedForm => "rejected-form",
            Reason::Enclitic => "enclitic",
            Reason::NoTile => "no-tile",
            Reason::SeparateTiles => "separate-tiles",
            Reason::TooShort => "too-short",
            Reason::TooLong => "too-long",
            Reason::Unlisted => "unlisted",
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A word's verdict: valid, or invalid with the [`Reason`].
///
/// ```
/// use lexico_answers::{judge_word, Reason, Verdict};
/// use lexico_lexicon::Lexicon;
///
/// let lex = Lexicon::from_words(["casa", "perro"])?;
/// let mut scratch = Vec::new();
/// assert_eq!(judge_word(&lex, "perro", &mut scratch)?, ("PERRO".to_string(), Verdict::Valid));
/// assert_eq!(judge_word(&lex, "kiwi", &mut scratch)?.1, Verdict::Invalid(Reason::NoTile));
/// assert_eq!(judge_word(&lex, "gato", &mut scratch)?.1.reason(), Reason::Unlisted);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The lexicon holds the word.
    Valid,
    /// It does not, for the reason given.
    Invalid(Reason),
}

impl Verdict {
    /// Returns true if and only if the verdict is [`Verdict::Valid`].
    pub fn is_valid(self) -> bool {
        self == Verdict::Valid
    }

    /// The reason: [`Reason::Listed`] for a valid word.
    pub fn reason(self) -> Reason {
        match self {
            Verdict::Valid => Reason::Listed,
            Verdict::Invalid(r) => r,
        }
    }
}

/// Judges one typed word: its natural spelling and verdict, or an error for a character that is
/// no tile and no letter. A word typed with two tiles that natural spelling reads as one
/// (`[C][H]URRO`) is invalid, [`Reason::SeparateTiles`], and keeps its spelling as typed: spelled
/// naturally it would read as another word. `scratch` receives the word's tiles; reusing it
/// across calls saves an allocation per word.
///
/// ```
/// use lexico_answers::{judge_word, Reason, Verdict};
/// use lexico_lexicon::Lexicon;
///
/// let lex = Lexicon::from_words(["churro"])?;
/// let mut tiles = Vec::new();
/// assert_eq!(judge_word(&lex, "1U3O", &mut tiles)?, ("CHURRO".into(), Verdict::Valid));
/// assert_eq!(tiles.len(), 4);
/// let (spelled, verdict) = judge_word(&lex, "[C][H]URRO", &mut tiles)?;
/// assert_eq!((spelled.as_str(), verdict), ("[C][H]URRO", Verdict::Invalid(Reason::SeparateTiles)));
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
                    return Ok((text.to_string(), Verdict::Invalid(Reason::SeparateTiles)));
                }
                spelled = tiles.spell(scratch);
            }
            Err(TileError::Absent { .. }) => {
                return Ok((lexico_tiles::normalize(text).as_string(), Verdict::Invalid(Reason::NoTile)));
            }
            Err(e) => return Err(e),
        }
    }
    if lex.contains(scratch) {
        return Ok((spelled, Verdict::Valid));
    }
    let reason = match lex.manifest() {
        Ok(m) if scratch.len() < m.min_tiles as usize => Reason::TooShort,
        Ok(m) if scratch.len() > m.max_tiles as usize => Reason::TooLong,
        _ => Reason::Unlisted,
    };
    Ok((spelled, Verdict::Invalid(reason)))
}

/// The most words a judge station takes in one play: a play forms one word along its line and at
/// most one across each tile placed (8), and the bound leaves room for a monitor who types words
/// twice. The station and the browser's judge refuse a longer play, with a message.
pub const MAX_PLAY_WORDS: usize = 16;

/// What a word-judge station says of a play it cannot judge ([`PlayVerdict::Error`]): it never
/// names the word that holds the character.
pub const PLAY_ERROR_MESSAGE: &str =
    "a character of the play is neither a letter nor a tile; type the play again";

/// The verdict on a whole play.
///
/// ```
/// use lexico_answers::{judge_play, PlayVerdict};
/// use lexico_lexicon::Lexicon;
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
/// use lexico_answers::{judge_play_line, PlayVerdict};
/// use lexico_lexicon::Lexicon;
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
/// assert_eq!(lexico_answers::play_words(" casa, perro,,gato\tsol "), ["casa", "perro", "gato", "sol"]);
/// ```
pub fn play_words(line: &str) -> Vec<&str> {
    line.split([' ', ',', '\t', ';']).filter(|w| !w.is_empty()).collect()
}
