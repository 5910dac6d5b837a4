//! The regular expressions of rule files, compiled within a stated size: a hostile or careless
//! rule file (`\w{100}`, say, which compiles to millions of states in Unicode mode) gets an
//! error at its place, never a panic nor a build that exhausts memory.

use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};

/// The most memory, in bytes, one compiled pattern of a rule file may take, and all the patterns
/// of one list compiled together (the screening rules, the spellings of `number.toml`): the
/// regex crate's own default, stated here so that it cannot change under a rule set. The
/// shipped rule sets' patterns take a few kilobytes.
pub const SIZE_LIMIT: usize = 10 << 20;

/// Compiles one pattern within [`SIZE_LIMIT`]; the reason it does not compile, on one line.
///
/// ```
/// assert!(lexico_rules::pattern::one("[kw]").is_ok());
/// assert_eq!(lexico_rules::pattern::one("(").unwrap_err(), "unclosed group");
/// assert!(lexico_rules::pattern::one(r"\w{1000}").unwrap_err().contains("size limit"));
/// ```
pub fn one(pattern: &str) -> Result<Regex, String> {
    RegexBuilder::new(pattern).size_limit(SIZE_LIMIT).build().map_err(|e| pattern_error(&e))
}

/// Compiles patterns together into one set within [`SIZE_LIMIT`]. Fails with the index of the
/// pattern at fault and the reason: the first pattern that does not compile alone, or else the
/// first one whose set with all the patterns before it passes the limit.
///
/// ```
/// let big = r"\w{100}";
/// assert!(lexico_rules::pattern::set(&[big]).is_ok());
/// let (at, reason) = lexico_rules::pattern::set(&["x", big, big, big, "y"]).unwrap_err();
/// assert_eq!(at, 3); // two fit together, not three
/// assert!(reason.contains("together"), "{reason}");
/// ```
pub fn set<S: AsRef<str>>(patterns: &[S]) -> Result<RegexSet, (usize, String)> {
    for (i, p) in patterns.iter().enumerate() {
        one(p.as_ref()).map_err(|reason| (i, reason))?;
    }
    let build = |n: usize| {
        RegexSetBuilder::new(patterns[..n].iter().map(AsRef::as_ref)).size_limit(SIZE_LIMIT).build()
    };
    match build(patterns.len()) {
        Ok(set) => Ok(set),
        Err(e) => {
            // Every pattern compiles alone, so the set of the first one does: the smallest
            // prefix that fails is found in a logarithmic number of compilations.
            let (mut fits, mut fails) = (1, patterns.len());
            while fails - fits > 1 {
                let mid = fits + (fails - fits) / 2;
                if build(mid).is_ok() {
                    fits = mid;
                } else {
                    fails = mid;
                }
            }
            let reason = match e {
                regex::Error::CompiledTooBig(limit) => format!(
                    "this pattern and the ones before it compile past the size limit of {limit} bytes \
                     together"
                ),
                other => pattern_error(&other),
            };
            Err((fails - 1, reason))
        }
    }
}

/// The reason a pattern does not compile, on one line: the regex crate's message spans several
/// lines (the pattern, a caret under the fault, the reason) and only the reason is kept, since
/// the error already points at the pattern.
pub(crate) fn pattern_error(e: &regex::Error) -> String {
    let text = e.to_string();
    let reason = text.lines().map(str::trim).rfind(|l| !l.is_empty());
    let reason = reason.unwrap_or("invalid pattern");
    reason.strip_prefix("error: ").unwrap_or(reason).to_string()
}
