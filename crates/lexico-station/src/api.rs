//! The JSON answers of the station's API (`/api/v1/…`), one type each. Their fields are in byte
//! order, the order of the keys of every JSON object the program writes; `docs/arbiters.md` says
//! what each means.

use lexico_answers::ruling::RulingWord;
use lexico_answers::{DerivationRecord, EncliticRecord, Reason};
use serde::Serialize;

/// The lexicon a station judges with.
#[derive(Clone, Debug, Serialize)]
pub struct LexiconInfo {
    /// Its edition.
    pub edition: String,
    /// Its name.
    pub name: String,
    /// Its payload's SHA-256, as verified at start.
    pub sha256: String,
    /// Who vouches for it, in the ruling's language: only in a ruling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signer: Option<String>,
    /// Its version.
    pub version: String,
}

/// `GET /api/v1/lexicon`.
#[derive(Debug, Serialize)]
pub struct LexiconAnswer<'a> {
    /// The lexicon.
    pub lexicon: &'a LexiconInfo,
    /// Whether the judge needs the table code.
    pub table_code_required: bool,
    /// The tournament's name, if given.
    pub tournament: Option<&'a str>,
}

/// `GET /api/v1/code`: whose code the request carries (`arbiter` or `table`).
#[derive(Debug, Serialize)]
pub struct CodeAnswer {
    /// `arbiter` or `table`.
    pub access: &'static str,
}

/// `GET /api/v1/judge`: a play's verdict, naming no word.
#[derive(Debug, Serialize)]
pub struct JudgeAnswer<'a> {
    /// `unreadable-play` when a character of the play is neither a letter nor a tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'static str>,
    /// The lexicon.
    pub lexicon: &'a LexiconInfo,
    /// What is wrong with an unreadable play, in the answer's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The judgement's number, with which the arbiter opens its ruling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// `ACCEPTABLE`, `UNACCEPTABLE` or `ERROR`.
    pub verdict: &'static str,
    /// The number of words of the play.
    pub words: usize,
}

/// `GET /api/v1/ruling`: the arbiter's ruling on a play.
#[derive(Debug, Serialize)]
pub struct RulingAnswer<'a> {
    /// When the play was judged (RFC 3339, UTC), for a ruling asked for by its number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judged_at: Option<String>,
    /// The lexicon, with its signer.
    pub lexicon: LexiconInfo,
    /// The judgement's number, for a ruling asked for by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// The round, as given (with the play, or to the judge).
    pub round: String,
    /// The table, as given (with the play, or to the judge).
    pub table: String,
    /// When the ruling was made (RFC 3339, UTC).
    pub time: String,
    /// The tournament's name, if given.
    pub tournament: Option<&'a str>,
    /// `ACCEPTABLE`, `UNACCEPTABLE` or `ERROR`.
    pub verdict: &'static str,
    /// The verdict in words (`JUGADA ACEPTABLE`).
    pub verdict_text: String,
    /// Each word's ruling.
    pub words: Vec<RulingWord>,
}

/// `GET /api/v1/valid`: one word's verdict.
#[derive(Debug, Serialize)]
pub struct ValidAnswer<'a> {
    /// The lexicon.
    pub lexicon: &'a LexiconInfo,
    /// Why it is in or out.
    pub reason: Reason,
    /// Whether it is valid.
    pub valid: bool,
    /// The word, spelled naturally.
    pub word: String,
}

/// `GET /api/v1/explain`: one word explained.
#[derive(Debug, Serialize)]
pub struct ExplainAnswer<'a> {
    /// How a valid word is made, or how the rules refused it.
    pub derivations: Vec<DerivationRecord<'a>>,
    /// Its readings as a verb form with enclitic pronouns.
    pub enclitics: Vec<EncliticRecord<'a>>,
    /// The explanation's sentences in English.
    pub explanation: Vec<String>,
    /// The lexicon.
    pub lexicon: &'a LexiconInfo,
    /// Why it is in or out.
    pub reason: Reason,
    /// The explanation's sentences in the answer's language.
    pub summary: Vec<String>,
    /// Whether it is valid.
    pub valid: bool,
    /// The word, spelled naturally.
    pub word: &'a str,
}

/// A refused request: a stable code and a message for people.
#[derive(Debug, Serialize)]
pub struct RefusalAnswer<'a> {
    /// The code (`code-wrong`, `rate-limited`, …).
    pub error: &'a str,
    /// The message, in the answer's language.
    pub message: &'a str,
}
