//! Readers for the federation's own list formats, exactly as published: Latin-1 or UTF-8, CRLF or
//! bare CR, explanatory text before a `#` line, and a signature after a closing `#` line.

use std::path::Path;

use lexico_tiles::quoted;

use crate::error::RuleError;
use crate::sources::{decode, lines};

/// A headword of the non-verb list (`TOTAL DE NO VERBOS SIN PLURALES`): `abacero abacera`,
/// `abaleo 1`, `ablativo ablativa 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonVerbEntry {
    /// The 1-based line of the list it was read from.
    pub line: usize,
    /// The headword, with its accents (`abacá`).
    pub lemma: String,
    /// The feminine listed on the same line, if any.
    pub feminine: Option<String>,
    /// The dictionary's homograph number (its superscript), if any.
    pub homograph: Option<u8>,
}

/// The body of a FISE list: the numbered lines between the first `#` line and the next one.
/// Returns the lines and the number of lines of the file.
fn body(path: &Path, bytes: &[u8]) -> Result<(Vec<(usize, String)>, usize), RuleError> {
    let text = decode(path, bytes, true)?;
    let mut out = Vec::new();
    let mut inside = false;
    let mut seen_start = false;
    let mut total = 0;
    for (n, line) in lines(&text) {
        total = n;
        let line = line.trim();
        if line == "#" {
            if inside {
                inside = false;
            } else if !seen_start {
                inside = true;
                seen_start = true;
            }
            continue;
        }
        if inside && !line.is_empty() {
            out.push((n, line.to_string()));
        }
    }
    if !seen_start {
        return Err(RuleError::syntax(path, 1, 1, "no '#' line ends the header of this FISE list"));
    }
    Ok((out, total))
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphabetic())
}

/// Reads the non-verb list. Returns the entries and the number of lines of the file.
pub fn read_non_verbs(path: &Path, bytes: &[u8]) -> Result<(Vec<NonVerbEntry>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut entries = Vec::with_capacity(body.len());
    for (n, line) in body {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let mut entry = NonVerbEntry { line: n, lemma: String::new(), feminine: None, homograph: None };
        let mut column = 1;
        for (i, f) in fields.iter().enumerate() {
            let last = i + 1 == fields.len();
            if i == 0 && is_word(f) {
                entry.lemma = f.to_string();
            } else if i == 1 && is_word(f) {
                entry.feminine = Some(f.to_string());
            } else if i >= 1 && last && f.chars().all(|c| c.is_ascii_digit()) && f.len() <= 2 {
                entry.homograph = f.parse().ok();
            } else {
                let at = line[column - 1..].find(f).map_or(column, |p| p + column);
                return Err(RuleError::syntax(
                    path,
                    n,
                    line[..at - 1].chars().count() + 1,
                    format!("expected 'headword [feminine] [homograph number]', found {}", quoted(f)),
                ));
            }
            column = line[column - 1..].find(f).map_or(column, |p| p + column) + f.len();
        }
        entries.push(entry);
    }
    Ok((entries, total))
}

/// A word of a file with its 1-based line and column.
pub type Placed = (usize, usize, String);

/// Reads a file of the 2- and 3-tile words (`LEXICÓN FISE 2: TOTALES DE DOS Y TRES FICHAS`,
/// see `docs/formats.md`): between the `#` lines, words separated by spaces or commas, spelled
/// as the lists spell them (`ch`, `ll`, `rr`, or the digits 1, 2, 3). Returns each word with its
/// line and column, and the number of lines of the file.
///
/// ```
/// let text = "LEXICÓN FISE 2: TOTALES DE DOS Y TRES FICHAS\n#\nab, ah\nche\n#\n";
/// let (words, lines) = lexico_rules::fise::read_totals(std::path::Path::new("t.txt"), text.as_bytes())?;
/// assert_eq!(words, [(3, 1, "ab".to_string()), (3, 5, "ah".to_string()), (4, 1, "che".to_string())]);
/// assert_eq!(lines, 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_totals(path: &Path, bytes: &[u8]) -> Result<(Vec<Placed>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut words = Vec::new();
    for (n, line) in body {
        let mut at = 0;
        for token in line.split([' ', ',', '\t']) {
            let column = line[..at].chars().count() + 1;
            at += token.len() + 1;
            if token.is_empty() {
                continue;
            }
            if !token.chars().all(|c| c.is_alphabetic() || matches!(c, '1' | '2' | '3')) {
                return Err(RuleError::syntax(
                    path,
                    n,
                    column,
                    format!("expected a word, found {}", quoted(token)),
                ));
            }
            words.push((n, column, token.to_string()));
        }
    }
    Ok((words, total))
}

/// What each section of the non-verb update list (`ACTUALIZACIÓN DE NO VERBOS`) does to its
/// words: the vocabulary's [`UpdateAction`], which a lexicon records for the lines it read.
pub use lexico_vocab::UpdateAction;

/// One word of the non-verb update list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateEntry {
    /// The 1-based line of the list it was read from.
    pub line: usize,
    /// What the section of the list the line is under does to its word.
    pub section: UpdateAction,
    /// The word, as the list spells it.
    pub word: String,
    /// Plurals the list spells out (`boy (plural "bois")`).
    pub plurals: Vec<String>,
    /// The parenthesised note, if any.
    pub note: String,
}

/// Reads the non-verb update list.
pub fn read_non_verb_updates(path: &Path, bytes: &[u8]) -> Result<(Vec<UpdateEntry>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut section = None;
    let mut out = Vec::new();
    for (n, line) in body {
        if let Some(s) = section_of(&line) {
            section = Some(s);
            continue;
        }
        if is_numbered(&line) {
            return Err(RuleError::syntax(
                path,
                n,
                1,
                format!("unknown section {} of a non-verb update list", quoted(&line)),
            ));
        }
        if line.starts_with('(') {
            continue;
        }
        let Some(sec) = section else {
            return Err(RuleError::syntax(path, n, 1, "a word before the first numbered section"));
        };
        let (word, note) = match line.find('(') {
            Some(i) => (line[..i].trim(), line[i + 1..].trim_end_matches(')').trim()),
            None => (line.trim(), ""),
        };
        if !is_word(word) {
            return Err(RuleError::syntax(path, n, 1, format!("expected a word, found {}", quoted(word))));
        }
        let mut plurals = Vec::new();
        if note.starts_with("plural") {
            plurals = note
                .split('"')
                .map(str::trim)
                .filter(|s| is_word(s) && *s != "y" && !s.starts_with("plural"))
                .map(str::to_string)
                .collect();
        }
        out.push(UpdateEntry {
            line: n,
            section: sec,
            word: word.to_string(),
            plurals,
            note: note.to_string(),
        });
    }
    Ok((out, total))
}

/// Returns true if and only if `line` starts like a numbered section title (`4. BAJAS …`).
fn is_numbered(line: &str) -> bool {
    line.split_once(". ").is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn section_of(line: &str) -> Option<UpdateAction> {
    let upper = line.to_uppercase();
    if !is_numbered(&upper) {
        return None;
    }
    Some(if upper.contains("ANEXO I:") {
        UpdateAction::AddedAlreadyValid
    } else if upper.contains("ANEXO II") {
        UpdateAction::RemovedStillValid
    } else if upper.contains("ALTAS VARIABLES") {
        UpdateAction::AddedVariable
    } else if upper.contains("ALTAS INVARIABLES") {
        UpdateAction::AddedInvariable
    } else if upper.contains("ALTAS EN PLURAL") {
        UpdateAction::AddedPluralOnly
    } else if upper.contains("BAJAS EN PLURAL") {
        UpdateAction::RemovedPluralOnly
    } else if upper.contains("BAJAS") {
        UpdateAction::Removed
    } else {
        return None;
    })
}

/// The sections of the verb update list (`ACTUALIZACIÓN DE VERBOS`), by what they change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VerbUpdateSection {
    /// 1. NUEVOS: new verbs.
    New,
    /// 2. SUPRIMIDOS: removed verbs.
    Removed,
    /// 3. REGIONALES ESPAÑOLES: verbs now coded regional.
    Regional,
    /// 4. DE USADO A DESUSADO: verbs now coded obsolete.
    BecameObsolete,
    /// 5. DE DESUSADO A USADO: verbs no longer coded obsolete.
    BecameCurrent,
    /// 6.–11. A change of class, from the first class to the second (`TRANSITIVO`,
    /// `INTRANSITIVO`, `PRONOMINAL`).
    Class(VerbClass, VerbClass),
    /// 12. CAMBIOS EN FORMAS: a change of model or forms, told by the line's note.
    Forms,
}

/// A class of the verb update list's sections 6–11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VerbClass {
    /// Transitive (class 1 of the classified list).
    Transitive,
    /// Intransitive (class 2).
    Intransitive,
    /// Pronominal (classes 3, 4 and 5).
    Pronominal,
}

/// One verb of the verb update list: `bunkerizar (no usable por tener k)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerbUpdate {
    /// The 1-based line of the list it was read from.
    pub line: usize,
    /// The section of the list the line is under (what the update does).
    pub section: VerbUpdateSection,
    /// 1, 2 or 3, from the sub-heading the line is under (`Primera conjugación`).
    pub conjugation: u8,
    /// The sub-heading of section 1 the line is under, if any (`Pronominales`).
    pub class: Option<VerbClass>,
    /// The infinitive as written, with "se" for a pronominal entry.
    pub infinitive: String,
    /// The parenthesised note, if any, without its brackets.
    pub note: String,
    /// The 1-based column (in characters) of the note's first character on its line.
    pub note_column: usize,
}

/// What a line of section 12 (`CAMBIOS EN FORMAS`) says changed, when its note says it in words
/// the engine reads. A note it does not read (`queda sin las formas del verbo reponer`) gives
/// `None` from [`VerbUpdate::forms_change`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormsChange {
    /// `conjugado ahora también como regular`: now property R.
    NowAlsoRegular,
    /// `conjugado ahora solo como regular`: the regular model, without property R.
    NowOnlyRegular,
    /// `conjugado ahora también como "acertar"`: an entry by the model the note names, beside
    /// the verb's own ([`VerbUpdate::model_named`]).
    NowAlsoLike,
    /// `conjugado ahora solo como "contar"`: the model the note names, without property R.
    NowOnlyItsModel,
    /// `conjugado ahora como "predecir"`: the model the note names.
    NowLike,
    /// `usado ahora solo en infinitivo y en tercera persona`: now property D, in the forms the
    /// note names.
    NowDefective(String),
    /// `conjugado ahora en las formas cuya desinencia empieza por "i"`: property D, in the forms
    /// the note names (what the verb had before, the note does not say).
    NowConjugatedIn(String),
    /// `conjugado ahora en todas las formas`: no longer property D.
    NowAllForms,
    /// `impersonal, queda sin formas plurales`: now property I.
    NowImpersonal,
    /// `queda sin participio irregular sepulto/a/os/as …`: the irregular participle named
    /// (masculine singular) is no longer among the entry's P forms.
    DropsParticiple(String),
    /// `añade participio irregular, ensuelto, ensuelta, …`: now property P with the participle
    /// named (masculine singular).
    AddsParticiple(String),
    /// `añade aplugo, apluguiere, apluguiera, apluguiese`: forms the verb now has.
    AddsForms(Vec<String>),
    /// `se retira la forma "lloviznad"`, `queda sin la forma "enfistolarse" …`: a form the verb
    /// no longer has.
    DropsForm(String),
}

impl VerbUpdate {
    /// What a line of section 12 changed, when its note says it in words the engine reads (see
    /// [`FormsChange`]); `None` for any other line.
    pub fn forms_change(&self) -> Option<FormsChange> {
        if self.section != VerbUpdateSection::Forms {
            return None;
        }
        let n = self.note.as_str();
        let quoted_word = |s: &str| -> Option<String> {
            let rest = s.strip_prefix('"')?;
            let end = rest.find('"')?;
            let word = &rest[..end];
            is_word(word).then(|| word.to_string())
        };
        let words_of = |s: &str| -> Vec<String> {
            // `aplugo, apluguiere y apluguiese, esta última por …`: the words up to the first
            // item that is no single word.
            s.split(", ")
                .flat_map(|item| item.split(" y "))
                .map(str::trim)
                .take_while(|w| is_word(w))
                .map(str::to_string)
                .collect()
        };
        if n == "conjugado ahora también como regular" {
            Some(FormsChange::NowAlsoRegular)
        } else if n == "conjugado ahora solo como regular" {
            Some(FormsChange::NowOnlyRegular)
        } else if n.starts_with("conjugado ahora también como \"") {
            Some(FormsChange::NowAlsoLike)
        } else if n.starts_with("conjugado ahora solo como \"") {
            Some(FormsChange::NowOnlyItsModel)
        } else if n.starts_with("conjugado ahora como \"") {
            Some(FormsChange::NowLike)
        } else if n == "conjugado ahora en todas las formas" {
            Some(FormsChange::NowAllForms)
        } else if let Some(forms) =
            n.strip_prefix("usado ahora solo en ").or_else(|| n.strip_prefix("usado ahora en "))
        {
            Some(FormsChange::NowDefective(forms.to_string()))
        } else if let Some(forms) = n.strip_prefix("conjugado ahora en ").filter(|f| !f.starts_with("todas"))
        {
            Some(FormsChange::NowConjugatedIn(forms.to_string()))
        } else if n.starts_with("impersonal") {
            Some(FormsChange::NowImpersonal)
        } else if let Some(rest) = n.strip_prefix("queda sin participio irregular") {
            let first = rest.trim_start_matches([',', ' ']).split(['/', ' ', ',']).next()?;
            is_word(first).then(|| FormsChange::DropsParticiple(first.to_string()))
        } else if let Some(rest) = n.strip_prefix("añade participio irregular") {
            let first = words_of(rest.trim_start_matches([',', ' '])).into_iter().next()?;
            Some(FormsChange::AddsParticiple(first))
        } else if let Some(rest) = n.strip_prefix("añade ") {
            let forms = words_of(rest);
            (!forms.is_empty()).then_some(FormsChange::AddsForms(forms))
        } else if let Some(rest) =
            n.strip_prefix("se retira la forma ").or_else(|| n.strip_prefix("queda sin la forma "))
        {
            quoted_word(rest).map(FormsChange::DropsForm)
        } else {
            None
        }
    }

    /// The conjugation model the note names (`conjugado como "conducir"`, `conjugado ahora solo
    /// como "contar"`), with its 1-based column on the line.
    pub fn model_named(&self) -> Option<(&str, usize)> {
        let key = "como \"";
        let start = self.note.find(key)? + key.len();
        let len = self.note[start..].find('"')?;
        Some((&self.note[start..start + len], self.note_column + self.note[..start].chars().count()))
    }

    /// The class a note of section 5 (`DE DESUSADO A USADO`) gives the verb: `transitivo`,
    /// `intransitivo` or `pronominal` as the note's first item.
    pub fn class_named(&self) -> Option<VerbClass> {
        match self.note.split(',').next().map(str::trim) {
            Some("transitivo") => Some(VerbClass::Transitive),
            Some("intransitivo") => Some(VerbClass::Intransitive),
            Some("pronominal") => Some(VerbClass::Pronominal),
            _ => None,
        }
    }

    /// The forms a new verb of section 1 is used in, when its note restricts them (`conjugado
    /// solo en infinitivo, participio y terceras personas`): it is defective.
    pub fn defective_in(&self) -> Option<&str> {
        self.note.strip_prefix("conjugado solo en ")
    }

    /// Returns true if and only if the note of a new verb says it is Spanish regional
    /// (`regional español, usado solo en infinitivo`).
    pub fn says_regional(&self) -> bool {
        self.note.starts_with("regional español")
    }

    /// Returns true if and only if the note of a removed verb says its entry stays as an
    /// obsolete one (`la posmarca alude al uso desusado`).
    pub fn says_obsolete(&self) -> bool {
        self.note.contains("uso desusado")
    }

    /// The infinitive without the enclitic "se" of a pronominal entry.
    pub fn verb(&self) -> &str {
        let is_inf = |v: &str| ["ar", "er", "ir", "ír"].iter().any(|e| v.ends_with(e));
        self.infinitive.strip_suffix("se").filter(|v| is_inf(v)).unwrap_or(&self.infinitive)
    }
}

/// Reads the verb update list. Returns the verbs and the number of lines of the file. A section
/// title the reader does not know, a verb before any section or conjugation sub-heading, and a
/// verb that is no infinitive of its conjugation are errors at their line and column.
pub fn read_verb_updates(path: &Path, bytes: &[u8]) -> Result<(Vec<VerbUpdate>, usize), RuleError> {
    let (body, total) = body(path, bytes)?;
    let mut section = None;
    let mut conjugation = None;
    let mut class = None;
    let mut out = Vec::new();
    for (n, line) in body {
        let upper = line.to_uppercase();
        if upper.split_once(". ").is_some_and(|(d, _)| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
        {
            let Some(s) = verb_section_of(&upper) else {
                return Err(RuleError::syntax(
                    path,
                    n,
                    1,
                    format!("unknown section {} of a verb update list", quoted(&line)),
                ));
            };
            (section, conjugation, class) = (Some(s), None, None);
            continue;
        }
        if line.starts_with('(') || upper == "NINGÚN VERBO" {
            continue;
        }
        if let Some(c) = ["PRIMERA CONJUGACIÓN", "SEGUNDA CONJUGACIÓN", "TERCERA CONJUGACIÓN"]
            .iter()
            .position(|h| upper == *h)
        {
            (conjugation, class) = (Some(c as u8 + 1), None);
            continue;
        }
        if let Some(c) = [
            ("TRANSITIVOS", VerbClass::Transitive),
            ("INTRANSITIVOS", VerbClass::Intransitive),
            ("PRONOMINALES", VerbClass::Pronominal),
        ]
        .iter()
        .find_map(|(h, c)| (upper == *h).then_some(*c))
        {
            class = Some(c);
            continue;
        }
        let (Some(sec), Some(conj)) = (section, conjugation) else {
            return Err(RuleError::syntax(
                path,
                n,
                1,
                "a verb before its section and conjugation headings (`1. NUEVOS`, `Primera conjugación`)",
            ));
        };
        let (word, note, note_column) = match line.find('(') {
            Some(i) => {
                let note = line[i + 1..].trim_end().trim_end_matches(')');
                let lead = note.len() - note.trim_start().len();
                (line[..i].trim(), note.trim(), line[..i + 1 + lead].chars().count() + 1)
            }
            None => (line.trim(), "", 0),
        };
        let update = VerbUpdate {
            line: n,
            section: sec,
            conjugation: conj,
            class,
            infinitive: word.to_string(),
            note: note.to_string(),
            note_column,
        };
        let endings: &[&str] = match conj {
            1 => &["ar"],
            2 => &["er"],
            _ => &["ir", "ír"],
        };
        if !is_word(word) || !endings.iter().any(|e| update.verb().ends_with(e)) {
            return Err(RuleError::syntax(
                path,
                n,
                1,
                format!("expected an infinitive of the conjugation {conj}, found {}", quoted(word)),
            ));
        }
        out.push(update);
    }
    Ok((out, total))
}

fn verb_section_of(upper: &str) -> Option<VerbUpdateSection> {
    use VerbClass::*;
    let title = upper.split_once(". ")?.1.trim();
    let class = |s: &str| match s {
        "TRANSITIVO" => Some(Transitive),
        "INTRANSITIVO" => Some(Intransitive),
        "PRONOMINAL" => Some(Pronominal),
        _ => None,
    };
    Some(match title {
        "NUEVOS" => VerbUpdateSection::New,
        "SUPRIMIDOS" => VerbUpdateSection::Removed,
        "REGIONALES ESPAÑOLES" => VerbUpdateSection::Regional,
        "DE USADO A DESUSADO" => VerbUpdateSection::BecameObsolete,
        "DE DESUSADO A USADO" => VerbUpdateSection::BecameCurrent,
        "CAMBIOS EN FORMAS" => VerbUpdateSection::Forms,
        t => {
            let (from, to) = t.strip_prefix("DE ")?.split_once(" A ")?;
            VerbUpdateSection::Class(class(from)?, class(to)?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "LEXIC\u{d3}N FISE 2: TOTAL DE NO VERBOS SIN PLURALES\r\nNotas:\r\n#\r\n";

    fn latin1(s: &str) -> Vec<u8> {
        s.chars().map(|c| c as u32 as u8).collect()
    }

    #[test]
    fn non_verb_lines_give_headword_feminine_and_homograph() {
        let bytes = latin1(&format!(
            "{HEAD}aba\r\nabacá\rabacero abacera\r\nabaleo 1\r\nablativo ablativa 2\r\n#\r\nFirma\r\n"
        ));
        let (entries, total) = read_non_verbs(Path::new("nv.txt"), &bytes).unwrap();
        let got: Vec<_> =
            entries.iter().map(|e| (e.line, e.lemma.as_str(), e.feminine.as_deref(), e.homograph)).collect();
        assert_eq!(
            got,
            [
                (4, "aba", None, None),
                (5, "abacá", None, None),
                (6, "abacero", Some("abacera"), None),
                (7, "abaleo", None, Some(1)),
                (8, "ablativo", Some("ablativa"), Some(2)),
            ]
        );
        assert_eq!(total, 10);
    }

    #[test]
    fn a_malformed_line_is_reported_at_its_column() {
        let bytes = latin1(&format!("{HEAD}aba\r\nabacero abacera x1\r\n"));
        let err = read_non_verbs(Path::new("nv.txt"), &bytes).unwrap_err().to_string();
        assert_eq!(err, "nv.txt:5:17: expected 'headword [feminine] [homograph number]', found 'x1'");
        let err = read_non_verbs(Path::new("nv.txt"), b"aba\r\n").unwrap_err().to_string();
        assert!(err.starts_with("nv.txt:1:1: no '#' line"), "{err}");
    }

    #[test]
    fn update_sections_and_spelled_out_plurals() {
        let text = "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE NO VERBOS\r\n1. ALTAS VARIABLES EN N\u{da}MERO\r\n#\r\n\
            1. ALTAS VARIABLES EN N\u{da}MERO\r\nabaá\r\nboy (plural \"bois)\r\nguanay (plurales \"guanáis\" y \"guanayes\")\r\n\
            2. ALTAS INVARIABLES EN N\u{da}MERO\r\nabc\r\naquelo (\"aquelos\" es plural de \"aquele\")\r\n\
            3. ALTAS EN PLURAL PERO NO EN SINGULAR\r\nabejeos\r\n4. BAJAS VARIABLES E INVARIABLES EN N\u{da}MERO\r\nabacora\r\n\
            6. ANEXO I: ALTAS YA V\u{c1}LIDAS POR OTRA ENTRADA\r\n(Sin relevancia)\r\nabarque\r\n#\r\n";
        let (entries, _) = read_non_verb_updates(Path::new("u.txt"), &latin1(text)).unwrap();
        let got: Vec<_> = entries.iter().map(|e| (e.section, e.word.as_str(), e.plurals.clone())).collect();
        use UpdateAction::*;
        assert_eq!(
            got,
            [
                (AddedVariable, "abaá", vec![]),
                (AddedVariable, "boy", vec!["bois".to_string()]),
                (AddedVariable, "guanay", vec!["guanáis".to_string(), "guanayes".to_string()]),
                (AddedInvariable, "abc", vec![]),
                (AddedInvariable, "aquelo", vec![]),
                (AddedPluralOnly, "abejeos", vec![]),
                (Removed, "abacora", vec![]),
                (AddedAlreadyValid, "abarque", vec![]),
            ]
        );
    }

    #[test]
    fn verb_update_sections_headings_and_notes() {
        let text = "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE VERBOS\r\n1. NUEVOS\r\n#\r\n\
            1. NUEVOS\r\n\r\nPrimera conjugaci\u{f3}n\r\n\r\nTransitivos\r\n\r\nablucionar\r\n\
            bunkerizar (no usable por tener k)\r\nPronominales\r\nningún verbo\r\n\
            Segunda conjugaci\u{f3}n\r\nPronominales\r\nautoabastecerse (conjugado como \"agradecer\")\r\n\
            2. SUPRIMIDOS\r\nTercera conjugaci\u{f3}n\r\nafre\u{f1}ir\r\n\
            8. DE TRANSITIVO A PRONOMINAL\r\n(Con uso actual y no regional espa\u{f1}ol)\r\nPrimera conjugaci\u{f3}n\r\nacorarse\r\n\
            12. CAMBIOS EN FORMAS\r\nPrimera conjugaci\u{f3}n\r\nbrisar (impersonal, queda sin formas plurales)\r\n#\r\nFirma\r\n";
        let (updates, total) = read_verb_updates(Path::new("v.txt"), &latin1(text)).unwrap();
        let got: Vec<_> = updates
            .iter()
            .map(|u| (u.line, u.section, u.conjugation, u.class, u.verb(), u.note.as_str()))
            .collect();
        use VerbClass::*;
        use VerbUpdateSection::*;
        assert_eq!(
            got,
            [
                (10, New, 1, Some(Transitive), "ablucionar", ""),
                (11, New, 1, Some(Transitive), "bunkerizar", "no usable por tener k"),
                (16, New, 2, Some(Pronominal), "autoabastecer", "conjugado como \"agradecer\""),
                (19, Removed, 3, None, "afreñir", ""),
                (23, Class(Transitive, Pronominal), 1, None, "acorar", ""),
                (26, Forms, 1, None, "brisar", "impersonal, queda sin formas plurales"),
            ]
        );
        assert_eq!(updates[2].infinitive, "autoabastecerse");
        assert_eq!(total, 28);
    }

    #[test]
    fn notes_name_models_classes_and_changes_of_forms() {
        let text = "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE VERBOS\r\n#\r\n\
            1. NUEVOS\r\nTercera conjugaci\u{f3}n\r\npostconducir (conjugado como \"conducir\")\r\n\
            5. DE DESUSADO A USADO\r\nTercera conjugaci\u{f3}n\r\ninvenir (transitivo, conjugado como \"venir\")\r\n\
            12. CAMBIOS EN FORMAS\r\nPrimera conjugaci\u{f3}n\r\n\
            cimentar (conjugado ahora tambi\u{e9}n como regular)\r\nhibernar (conjugado ahora solo como regular)\r\n\
            desaforar (conjugado ahora solo como \"contar\")\r\nbrisar (impersonal, queda sin formas plurales)\r\n\
            respectar (usado ahora solo en infinitivo y en tercera persona)\r\n\
            sepultar (queda sin participio irregular sepulto/a/os/as que tiene entrada propia)\r\n\
            lloviznar (se retira la forma \"lloviznad\")\r\n\
            Segunda conjugaci\u{f3}n\r\nhaber (a\u{f1}ade hab\u{e9}, habemos, esta \u{fa}ltima por locuciones)\r\n\
            ensolver (a\u{f1}ade participio irregular, ensuelto, ensuelta)\r\n\
            responder (queda sin las formas del verbo reponer)\r\n\
            Tercera conjugaci\u{f3}n\r\nabolir (conjugado ahora en todas las formas)\r\n\
            empedernir (conjugado ahora en las formas cuya desinencia empieza por \"i\")\r\n#\r\n";
        let (u, _) = read_verb_updates(Path::new("v.txt"), &latin1(text)).unwrap();
        assert_eq!(u[0].model_named(), Some(("conducir", 31)));
        assert_eq!(
            (u[1].class_named(), u[1].model_named()),
            (Some(VerbClass::Transitive), Some(("venir", 38)))
        );
        use FormsChange::*;
        let changes: Vec<Option<FormsChange>> = u[2..].iter().map(VerbUpdate::forms_change).collect();
        assert_eq!(
            changes,
            [
                Some(NowAlsoRegular),
                Some(NowOnlyRegular),
                Some(NowOnlyItsModel),
                Some(NowImpersonal),
                Some(NowDefective("infinitivo y en tercera persona".into())),
                Some(DropsParticiple("sepulto".into())),
                Some(DropsForm("lloviznad".into())),
                Some(AddsForms(vec!["habé".into(), "habemos".into()])),
                Some(AddsParticiple("ensuelto".into())),
                None,
                Some(NowAllForms),
                Some(NowConjugatedIn("las formas cuya desinencia empieza por \"i\"".into())),
            ]
        );
        assert_eq!(u[0].forms_change(), None, "only section 12 changes forms");
    }

    #[test]
    fn an_unknown_section_of_a_non_verb_update_list_is_an_error() {
        let text =
            "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE NO VERBOS\r\n#\r\n8. OTRAS ALTAS\r\nabc\r\n#\r\n";
        let err = read_non_verb_updates(Path::new("u.txt"), &latin1(text)).unwrap_err().to_string();
        assert_eq!(err, "u.txt:3:1: unknown section '8. OTRAS ALTAS' of a non-verb update list");
    }

    #[test]
    fn a_verb_update_list_out_of_shape_is_reported_at_its_line() {
        let head = "LEXIC\u{d3}N FISE 2: ACTUALIZACI\u{d3}N DE VERBOS\r\n#\r\n";
        let err = |body: &str| {
            read_verb_updates(Path::new("v.txt"), &latin1(&format!("{head}{body}"))).unwrap_err().to_string()
        };
        assert_eq!(err("13. OTROS\r\n"), "v.txt:3:1: unknown section '13. OTROS' of a verb update list");
        assert!(err("1. NUEVOS\r\nablucionar\r\n").starts_with("v.txt:4:1: a verb before its section"));
        assert_eq!(
            err("2. SUPRIMIDOS\r\nSegunda conjugaci\u{f3}n\r\nabachar\r\n"),
            "v.txt:5:1: expected an infinitive of the conjugation 2, found 'abachar'"
        );
    }
}
