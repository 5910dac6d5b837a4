//! The error type of this crate: every variant names the place it comes from.

use std::path::PathBuf;

/// An error in a rule file or a source file, with the place it was found.
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    /// A file could not be read at all.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A file was read but a line of it is malformed. `line` and `column` are 1-based; a column of
    /// 0 means the whole line.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax { path: PathBuf, line: usize, column: usize, message: String },
}

impl RuleError {
    /// Builds a [`RuleError::Syntax`] for `path` at `line` and `column`.
    pub fn syntax(path: impl Into<PathBuf>, line: usize, column: usize, message: impl Into<String>) -> Self {
        RuleError::Syntax { path: path.into(), line, column, message: message.into() }
    }
}
