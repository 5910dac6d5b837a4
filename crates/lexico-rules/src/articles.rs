//! The table of the regulation's articles a rule set keeps (`articles = "articles.txt"` in
//! `ruleset.toml`), and the check that every article its files cite is in it: a typo in an
//! article (`17.99`, an empty one) is an error at its line and column, never a citation of
//! nothing.

use std::collections::HashSet;
use std::path::Path;

use crate::error::{line_col, RuleError};

/// The articles of a rule set's table: one a line, the article, a tab and its title; `#`
/// comments and blank lines skipped.
pub(crate) struct Articles(HashSet<String>);

impl Articles {
    /// Reads the table `text` (of the file at `path`).
    pub(crate) fn parse(path: &Path, text: &str) -> Result<Articles, RuleError> {
        let mut set = HashSet::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let article = line.split('\t').next().unwrap_or("").trim();
            if article.is_empty() || !line.contains('\t') {
                return Err(RuleError::syntax(path, i + 1, 1, "expected an article, a tab and its title"));
            }
            if !set.insert(article.to_string()) {
                return Err(RuleError::syntax(
                    path,
                    i + 1,
                    1,
                    format!("article '{article}' is listed twice"),
                ));
            }
        }
        Ok(Articles(set))
    }

    /// Checks a citation (`17.4`, `9, 15, 16`, `11; game art. 10.1`): each of its articles,
    /// separated by `,` or `;`, must be in the table. Returns the message of the first that is
    /// not.
    pub(crate) fn check(&self, citation: &str) -> Result<(), String> {
        if citation.trim().is_empty() {
            return Err("an empty article: cite one of the table's (articles.txt)".into());
        }
        for part in citation.split([',', ';']).map(str::trim) {
            if !self.0.contains(part) {
                return Err(format!(
                    "article '{part}' is not in the rule set's table of articles (articles.txt){}",
                    if part.is_empty() { ": an empty part of a citation" } else { "" }
                ));
            }
        }
        Ok(())
    }

    /// Checks every article a TOML file of the rule set cites: the string values of keys named
    /// `article` or ending in `_article`, and the keys of an `articles_es` table. An error is at
    /// the value's (or key's) line and column.
    pub(crate) fn check_toml(&self, path: &Path, text: &str) -> Result<(), RuleError> {
        let doc = toml_edit::ImDocument::parse(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_col(text.as_bytes(), s.start));
            RuleError::syntax(path, line, column, e.message().trim().to_string())
        })?;
        let mut cited = Vec::new();
        walk_table(doc.as_table(), &mut cited);
        for (at, citation) in cited {
            if let Err(message) = self.check(&citation) {
                let (line, column) = line_col(text.as_bytes(), at);
                return Err(RuleError::syntax(path, line, column, message));
            }
        }
        Ok(())
    }

    /// Checks the articles `cited` (line, column, article) of a file at `path`.
    pub(crate) fn check_cited(&self, path: &Path, cited: &[(usize, usize, String)]) -> Result<(), RuleError> {
        for (line, column, citation) in cited {
            self.check(citation).map_err(|m| RuleError::syntax(path, *line, *column, m))?;
        }
        Ok(())
    }
}

fn is_article_key(key: &str) -> bool {
    key == "article" || key.ends_with("_article")
}

fn walk_table(table: &toml_edit::Table, out: &mut Vec<(usize, String)>) {
    for (key, item) in table.iter() {
        walk_item(key, item, out);
    }
}

fn walk_item(key: &str, item: &toml_edit::Item, out: &mut Vec<(usize, String)>) {
    match item {
        toml_edit::Item::Value(v) => walk_value(key, v, out),
        toml_edit::Item::Table(t) if key == "articles_es" => {
            for (k, _) in t.iter() {
                let at = t.key(k).and_then(|k| k.span()).map_or(0, |s| s.start);
                out.push((at, k.to_string()));
            }
        }
        toml_edit::Item::Table(t) => walk_table(t, out),
        toml_edit::Item::ArrayOfTables(a) => a.iter().for_each(|t| walk_table(t, out)),
        toml_edit::Item::None => {}
    }
}

fn walk_value(key: &str, value: &toml_edit::Value, out: &mut Vec<(usize, String)>) {
    match value {
        toml_edit::Value::String(s) if is_article_key(key) => {
            out.push((value.span().map_or(0, |r| r.start + 1), s.value().clone()))
        }
        toml_edit::Value::Array(a) => a.iter().for_each(|v| walk_value(key, v, out)),
        toml_edit::Value::InlineTable(t) => t.iter().for_each(|(k, v)| walk_value(k, v, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Articles {
        Articles::parse(Path::new("articles.txt"), "# c\n17\tVerbos\n17.4\tParticipios\ngame art. 10.1\tx\n")
            .unwrap()
    }

    #[test]
    fn citations_are_checked_part_by_part() {
        let t = table();
        assert!(
            t.check("17.4").is_ok() && t.check("17, 17.4").is_ok() && t.check("17; game art. 10.1").is_ok()
        );
        assert!(t.check("17.99").unwrap_err().contains("'17.99' is not in"));
        assert!(t.check("").unwrap_err().starts_with("an empty article"));
        assert!(t.check("17,").unwrap_err().contains("an empty part"));
    }

    #[test]
    fn toml_articles_are_found_at_their_place_wherever_they_sit() {
        let t = table();
        let text = "x_article = \"17\"\n[[rule]]\nid = \"a\"\narticle = \"17.4\"\n[[rule]]\nid = \"b\"\narticle = \"17.99\"\n";
        let err = t.check_toml(Path::new("r.toml"), text).unwrap_err().to_string();
        assert_eq!(
            err,
            "r.toml:7:12: article '17.99' is not in the rule set's table of articles (articles.txt)"
        );
        let inline = "step = [{ rule = \"r\", article = \"\" }]\n";
        let err = t.check_toml(Path::new("n.toml"), inline).unwrap_err().to_string();
        assert!(err.starts_with("n.toml:1:34: an empty article"), "{err}");
        let keys = "[articles_es]\n\"17.4\" = \"x\"\n\"18\" = \"y\"\n";
        let err = t.check_toml(Path::new("e.toml"), keys).unwrap_err().to_string();
        assert!(err.starts_with("e.toml:3:1: article '18'"), "{err}");
    }
}
