//! What can go wrong with a Dash question: a card table, a card, a hand or a word that cannot be
//! read, a question the lexicon cannot answer. Each variant carries its place and the text at
//! fault; its `Display` is the English that CSV and JSON keep, and `say` says it in Spanish.

use lexico_lexicon::LexiconError;
use lexico_tiles::TileError;

/// An error of [`crate::dash`].
#[derive(Debug, thiserror::Error)]
pub enum DashError {
    /// A card table that does not read, at its line and column.
    #[error("{path}:{line}:{column}: {message}")]
    Table {
        /// The table's name.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No Dash card reads like this.
    #[error("'{typed}' is not a Dash card; the cards: {}", cards.join(", "))]
    UnknownCard {
        /// The card as typed.
        typed: String,
        /// The cards of the table, in Spanish, `N` for a number and `_` for a letter.
        cards: Vec<String>,
    },
    /// A length card with a number no card shows.
    #[error("'{typed}' is not a Dash card: the length cards ask for {min} to {max} letters")]
    Length {
        /// The card as typed.
        typed: String,
        /// The fewest letters a length card asks for.
        min: usize,
        /// The most.
        max: usize,
    },
    /// A card's turned-up letter that is no letter card.
    #[error("'{typed}' is not a Dash card: '{letter}' is not a letter card")]
    NotALetterCard {
        /// The card as typed.
        typed: String,
        /// The letter as typed.
        letter: String,
    },
    /// A consonant on a card that always turns up a vowel ("Termina con").
    #[error("'{typed}' is not a Dash card: this card always turns up a vowel, and {letter} is a consonant")]
    NotAVowel {
        /// The card as typed.
        typed: String,
        /// The consonant.
        letter: String,
    },
    /// A hand of more cards than a hand holds.
    #[error("a hand holds at most {max} cards, not {got}")]
    HandTooLong {
        /// The cards typed.
        got: usize,
        /// The most a hand holds.
        max: usize,
    },
    /// A character of a hand that is no letter card (W, X, Z, a digit).
    #[error("column {column}: '{text}' is not a Dash letter card")]
    HandNoCard {
        /// 1-based column of the character.
        column: usize,
        /// The character.
        text: String,
    },
    /// A hand with no card.
    #[error("the hand has no card")]
    HandEmpty,
    /// A character of a proper name that is no letter.
    #[error("column {column}: '{text}' is not a letter")]
    NotALetter {
        /// 1-based column of the character.
        column: usize,
        /// The character.
        text: String,
    },
    /// A word with a character that is no tile.
    #[error(transparent)]
    Tile(#[from] TileError),
    /// The verb card asked of a lexicon whose provenance names no verb form (a plain word list).
    #[error("this lexicon cannot tell verbs: it was built from a plain word list, which says no word's part of speech")]
    NoVerbs,
    /// The verb card asked of a word that came from a plain word list.
    #[error("this lexicon cannot tell whether {word} is a verb form: it came from a plain word list")]
    CannotTellVerb {
        /// The word.
        word: String,
    },
    /// Every word of a hand asked for the proper-name card: no lexicon holds proper names.
    #[error("no lexicon holds proper names: for this card the players decide (the leaflet's rule: say whose name it is)")]
    NoProperNames,
    /// A list of words asked without a hand.
    #[error("listing the words for a card needs a hand")]
    ListNeedsHand,
    /// The lexicon could not be read.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}
