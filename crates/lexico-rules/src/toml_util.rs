//! Reading TOML rule files with errors that name `file:line:column`.

use std::path::PathBuf;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::error::RuleError;
use crate::files::RuleFiles;

/// A rule file's text, kept to turn byte offsets into lines and columns.
pub(crate) struct Source {
    pub path: PathBuf,
    pub text: String,
}

impl Source {
    /// Reads the file `name` of the rule folder `files`.
    pub fn read(files: &RuleFiles, name: &str) -> Result<Source, RuleError> {
        let text = files.read_to_string(name)?;
        Ok(Source { path: files.path(name), text })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        (line, col)
    }

    /// An error at byte `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> RuleError {
        let (line, col) = self.line_col(offset);
        RuleError::syntax(&self.path, line, col, message)
    }

    /// Checks that a rule's reason has its Spanish beside it (`reason_es`), which explanations
    /// in Spanish give, and that no Spanish reason stands without the English one: the error is
    /// at the rule's `id` (`at`) or at the lone `reason_es`.
    pub fn check_reason_es(
        &self,
        at: &Spanned<String>,
        reason: Option<&str>,
        reason_es: Option<&Spanned<String>>,
    ) -> Result<(), RuleError> {
        match (reason, reason_es) {
            (Some(_), None) => Err(self.error(
                at.span().start,
                format!("rule `{}` has a `reason` but no `reason_es`, the reason in Spanish", at.get_ref()),
            )),
            (Some(_), Some(es)) if es.get_ref().trim().is_empty() => {
                Err(self.error(es.span().start, "`reason_es` is empty"))
            }
            (None, Some(es)) => Err(self.error(es.span().start, "`reason_es` without a `reason`")),
            _ => Ok(()),
        }
    }

    /// Parses the whole file into `T`.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, RuleError> {
        toml::from_str(&self.text).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            self.error(offset, e.message().trim().to_string())
        })
    }
}

/// A value that is one string or an array of strings.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

pub(crate) type Spanned<T> = toml::Spanned<T>;

/// Lower case without accents or diaeresis (ñ kept): how forms are compared with lists.
pub fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'á' | 'à' | 'Á' => 'a',
            'é' | 'É' => 'e',
            'í' | 'Í' => 'i',
            'ó' | 'Ó' => 'o',
            'ú' | 'ü' | 'Ú' | 'Ü' => 'u',
            'Ñ' => 'ñ',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}
