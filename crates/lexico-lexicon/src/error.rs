//! The error type of this crate.

/// Why a lexicon file cannot be opened or used.
///
/// ```
/// let err = lexico_lexicon::Lexicon::from_vec(b"not a lexicon".to_vec()).err().expect("refused");
/// assert!(matches!(err, lexico_lexicon::LexiconError::NotALexicon | lexico_lexicon::LexiconError::Corrupt(_)));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The bytes do not start like a lexicon file.
    #[error("not a Lexico lexicon file (bad magic number)")]
    NotALexicon,
    /// A lexicon file of another format version: rebuilt from its sources, it is read.
    #[error(
        "lexicon format version {got} cannot be read by this version of lexico, which reads format \
         version {expected}: `lexico build` rebuilds it from its sources"
    )]
    Version {
        /// The version this build reads.
        expected: u32,
        /// The version of the file.
        got: u32,
    },
    /// The file is truncated or damaged.
    #[error("damaged lexicon file: {0}")]
    Corrupt(String),
    /// A section the operation needs is not in this file.
    #[error("this lexicon has no {0} section (it was built without it)")]
    Missing(&'static str),
    /// The word store did not build.
    #[error("word store: {0}")]
    Fst(String),
}

impl LexiconError {
    /// What the `fst` crate says of a store it cannot open, on one line: its own error names the
    /// reason only as its source, over several lines.
    pub(crate) fn fst(e: &dyn std::error::Error) -> LexiconError {
        let text = e.source().map_or_else(|| e.to_string(), |s| s.to_string());
        LexiconError::Fst(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}
