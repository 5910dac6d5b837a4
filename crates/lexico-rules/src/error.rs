//! The error type of this crate: every variant names the place it comes from.

use std::path::PathBuf;

/// An error in a rule file or a source file, with the place it was found.
///
/// ```
/// let err = lexico_rules::RuleSet::load(std::path::Path::new("no/such/folder")).err().expect("no such set");
/// assert!(err.to_string().starts_with("no/such/folder"));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    /// A file could not be read at all.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        #[source]
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// A file was read but a line of it is malformed. `line` and `column` are 1-based; a column of
    /// 0 means the whole line.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// The 1-based column, 0 for the whole line.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No rule set of this name is embedded, and, when `folder` is true, no folder has the name
    /// either ([`crate::RuleSet::named`]).
    #[error("{}: no rule set of this name is embedded (embedded: {}){}", lexico_tiles::quoted(name), embedded_names(), if *folder { " and no folder has this name" } else { "" })]
    Unknown {
        /// The name asked for.
        name: String,
        /// Whether a folder of that name was looked for too.
        folder: bool,
    },
}

/// The names of the embedded rule sets, for messages: `a, b`.
fn embedded_names() -> String {
    crate::embedded::names().collect::<Vec<_>>().join(", ")
}

/// 1-based line and column (in characters) of byte `offset`: where an error points.
///
/// ```
/// assert_eq!(lexico_rules::error::line_col(b"casa\nperro", 7), (2, 3));
/// ```
pub fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

impl RuleError {
    /// Builds a [`RuleError::Syntax`] for `path` at `line` and `column`. A message of several
    /// lines (a TOML parser's, say) is joined into one with `; `, so every error stays one line.
    ///
    /// ```
    /// let e = lexico_rules::RuleError::syntax("r.toml", 3, 1, "invalid table header\nduplicate key `pl`\n");
    /// assert_eq!(e.to_string(), "r.toml:3:1: invalid table header; duplicate key `pl`");
    /// ```
    pub fn syntax(path: impl Into<PathBuf>, line: usize, column: usize, message: impl Into<String>) -> Self {
        let message: String = message.into();
        let message = message.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ");
        RuleError::Syntax { path: path.into(), line, column, message }
    }
}
