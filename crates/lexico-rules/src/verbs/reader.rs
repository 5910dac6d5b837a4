//! Reader of the federation's classified verb list ("TOTAL DE VERBOS CLASIFICADOS").
//!
//! The file starts with explanatory text closed by a line holding only `#`; then come section
//! headers (`1. PRIMERA CONJUGACIÓN`, `2. …`, `3. …`) and one verb per line:
//! `MM-C-P-infinitive[ homograph][(forms)]`, e.g. `00-1-.-abalear 2`, `08-1-P-absolver(absuelto)`.
//! A second `#` line closes the list (a signature follows). Latin-1 or UTF-8, any line ends.

use std::path::Path;

use crate::error::RuleError;

/// One line of the classified verb list.
///
/// ```
/// use lexico_rules::verbs::VerbEntry;
///
/// let e = VerbEntry {
///     infinitive: "dignarse".into(), homograph: None, conjugation: 1, model: 0, class: 3,
///     property: '.', forms: None, line: 1,
/// };
/// assert_eq!(e.verb(), "dignar"); // the verb that is conjugated
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerbEntry {
    /// The infinitive as written, lower case, with "se" for pronominal entries (`dignarse`).
    pub infinitive: String,
    /// The dictionary's superscript distinguishing homographs (`abalear 2`).
    pub homograph: Option<u8>,
    /// 1, 2 or 3, from the section the line is in.
    pub conjugation: u8,
    /// The model number: 0 regular, 1… irregular models of the conjugation, or a usage code of
    /// the rule set (`verbs/rules.toml`, `[[usage]]`: regional, obsolete).
    pub model: u8,
    /// 0 with a usage code (obsolete or regional), 1 transitive, 2 intransitive, 3 pronominal (with "se"),
    /// 4 pronominal without "se" by an obsolete sense, 5 pronominal without "se" nor imperative
    /// by an impersonal sense.
    pub class: u8,
    /// `.` none, `D` defective, `I` impersonal, `P` irregular participle, `R` also regular.
    pub property: char,
    /// The text between brackets, if any (valid forms of a D entry, participles of a P entry).
    pub forms: Option<String>,
    /// 1-based line number in the file.
    pub line: usize,
}

impl VerbEntry {
    /// The infinitive without the enclitic "se" of pronominal entries: the verb that is conjugated.
    pub fn verb(&self) -> &str {
        bare_infinitive(&self.infinitive)
    }

    /// True if the entry's infinitive carries "se" (`dignarse`).
    pub fn is_pronominal_entry(&self) -> bool {
        self.verb().len() != self.infinitive.len()
    }
}

/// An infinitive as the classified list writes it without the enclitic "se" of a pronominal
/// entry (`dignarse` → `dignar`; `base` stays, being no infinitive with "se").
pub(crate) fn bare_infinitive(infinitive: &str) -> &str {
    infinitive.strip_suffix("se").filter(|v| ends_like_infinitive(v)).unwrap_or(infinitive)
}

fn ends_like_infinitive(s: &str) -> bool {
    ["ar", "er", "ir", "ír"].iter().any(|e| s.ends_with(e))
}

fn is_letter(c: char) -> bool {
    c.is_ascii_lowercase() || "ñáéíóúü".contains(c)
}

/// Reads the classified verb list. `path` is only used in error messages.
///
/// Every line that is not blank, not a section header and not a well-formed entry is an error
/// `path:line:column: reason`.
pub fn read_classified(path: &Path, bytes: &[u8]) -> Result<Vec<VerbEntry>, RuleError> {
    let text = crate::sources::decode(path, bytes, true)?;
    let mut entries = Vec::new();
    let mut in_list = false;
    let mut conjugation: Option<u8> = None;
    let mut seen_hash = false;
    for (n, raw) in crate::sources::lines(&text) {
        let line = raw.trim_end();
        if line.trim() == "#" {
            if in_list {
                // The closing `#`: a signature follows.
                break;
            }
            in_list = true;
            seen_hash = true;
            continue;
        }
        if !in_list || line.trim().is_empty() {
            continue;
        }
        if let Some(c) = section_header(line) {
            conjugation = Some(c);
            continue;
        }
        let conj = conjugation.ok_or_else(|| {
            RuleError::syntax(path, n, 1, "verb line before any section header (`1. PRIMERA CONJUGACIÓN`)")
        })?;
        entries.push(parse_entry(path, n, line, conj)?);
    }
    if !seen_hash {
        return Err(RuleError::syntax(
            path,
            crate::sources::lines(&text).count().max(1),
            0,
            "no `#` line closing the explanatory header: this is not a classified verb list",
        ));
    }
    Ok(entries)
}

fn section_header(line: &str) -> Option<u8> {
    let (num, rest) = line.split_once(". ")?;
    let c: u8 = num.parse().ok()?;
    if (1..=3).contains(&c) && rest.to_uppercase().contains("CONJUGACI") {
        Some(c)
    } else {
        None
    }
}

fn parse_entry(path: &Path, n: usize, line: &str, conj: u8) -> Result<VerbEntry, RuleError> {
    let chars: Vec<char> = line.chars().collect();
    let err = |col: usize, msg: String| RuleError::syntax(path, n, col, msg);
    // MM-
    if chars.len() < 8 {
        return Err(err(1, "expected `MM-C-P-infinitive`".into()));
    }
    for (i, &c) in chars[..2].iter().enumerate() {
        if !c.is_ascii_digit() {
            return Err(err(i + 1, format!("expected a two-digit model number, found `{c}`")));
        }
    }
    let model: u8 = chars[0].to_digit(10).unwrap() as u8 * 10 + chars[1].to_digit(10).unwrap() as u8;
    if chars[2] != '-' {
        return Err(err(3, format!("expected `-` after the model number, found `{}`", chars[2])));
    }
    let class = match chars[3].to_digit(10) {
        Some(d) if d <= 5 => d as u8,
        _ => return Err(err(4, format!("expected a class digit 0-5, found `{}`", chars[3]))),
    };
    if chars[4] != '-' {
        return Err(err(5, format!("expected `-` after the class, found `{}`", chars[4])));
    }
    let property = chars[5];
    if !".DIPR".contains(property) {
        return Err(err(6, format!("expected a property `.`, `D`, `I`, `P` or `R`, found `{property}`")));
    }
    if chars[6] != '-' {
        return Err(err(7, format!("expected `-` after the property, found `{}`", chars[6])));
    }
    // infinitive
    let mut i = 7;
    while i < chars.len() && is_letter(chars[i]) {
        i += 1;
    }
    if i == 7 {
        return Err(err(8, "expected an infinitive in lower case".into()));
    }
    let infinitive: String = chars[7..i].iter().collect();
    let verb = bare_infinitive(&infinitive);
    let expected: &[&str] = match conj {
        1 => &["ar"],
        2 => &["er"],
        _ => &["ir", "ír"],
    };
    if !expected.iter().any(|e| verb.ends_with(e)) {
        return Err(err(
            8,
            format!("`{infinitive}` is not an infinitive of the conjugation {conj} (section header)"),
        ));
    }
    // homograph
    let mut homograph = None;
    if i < chars.len() && chars[i] == ' ' {
        let start = i + 1;
        let mut j = start;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        if j == start {
            return Err(err(start + 1, "expected a homograph number after the space".into()));
        }
        let s: String = chars[start..j].iter().collect();
        homograph = Some(
            s.parse::<u8>().map_err(|_| err(start + 1, format!("homograph number `{s}` out of range")))?,
        );
        i = j;
    }
    // forms
    let mut forms = None;
    if i < chars.len() && chars[i] == '(' {
        let close = chars.len() - 1;
        if chars[close] != ')' {
            return Err(err(chars.len() + 1, "unclosed bracket: expected `)` at the end of the line".into()));
        }
        let inner: String = chars[i + 1..close].iter().collect();
        if inner.trim().is_empty() || inner.contains('(') || inner.contains(')') {
            return Err(err(i + 2, "empty or nested brackets".into()));
        }
        forms = Some(inner);
        i = chars.len();
    }
    if i < chars.len() {
        return Err(err(i + 1, format!("unexpected `{}` after the infinitive", chars[i])));
    }
    match (property, forms.is_some()) {
        ('D' | 'P', false) => return Err(err(6, format!("property {property} needs its forms in brackets"))),
        ('.' | 'I' | 'R', true) => {
            return Err(err(6, format!("brackets are only for properties D and P, not `{property}`")))
        }
        _ => {}
    }
    Ok(VerbEntry { infinitive, homograph, conjugation: conj, model, class, property, forms, line: n })
}
