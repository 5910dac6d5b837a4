//! The cardbox's errors, each naming its place.

use std::path::PathBuf;

/// What can go wrong with a cardbox.
#[derive(Debug, thiserror::Error)]
pub enum CardboxError {
    /// The database could not be opened, read or written.
    #[cfg(feature = "sqlite")]
    #[error("{}: {source}", path.display())]
    Database {
        /// The cardbox's file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The database holds something this version cannot read: a newer format, a scheduler or
    /// a question it does not know.
    #[error("{}: {message}", path.display())]
    Unreadable {
        /// The cardbox's file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A line of a CSV file being imported.
    #[error("{file}:{line}: {message}")]
    Csv {
        /// The file, as the message names it.
        file: String,
        /// The line, from 1 (the header).
        line: u64,
        /// What is wrong, naming the column.
        message: String,
    },
    /// The data folder or a file in it.
    #[cfg(feature = "sqlite")]
    #[error(transparent)]
    Store(#[from] lexico_store::StoreError),
    /// The lexicon could not answer a question.
    #[error(transparent)]
    Quiz(#[from] lexico_answers::quiz::QuizError),
    /// The lexicon could not be read.
    #[error(transparent)]
    Lexicon(#[from] lexico_lexicon::LexiconError),
}
