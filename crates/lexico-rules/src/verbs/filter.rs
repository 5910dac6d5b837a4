//! Section 17 of the regulation as data: which generated forms an entry keeps, and why not.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use regex::Regex;
use serde::Deserialize;

use super::models::{Cell, Conjugator, Paradigm};
use super::reader::VerbEntry;
use crate::error::RuleError;
use crate::files::RuleFiles;
use crate::form::{Admission, Form, FormKind};
use crate::tags::Mark;
use crate::toml_util::{fold, Source, Spanned};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    paradigm_article: String,
    classes: Spanned<ClassesDef>,
    #[serde(default)]
    usage: Vec<UsageDef>,
    rule: Vec<RuleDef>,
}

/// `[classes]`: the classes of the classified verb list by what the verb update list and a lemma
/// table call them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassesDef {
    usage: u8,
    transitive: Vec<u8>,
    intransitive: Vec<u8>,
    pronominal: Vec<u8>,
    unstated: u8,
}

/// A usage code of the classified verb list: a model number that names no conjugation model but
/// says the verb is regional or obsolete (class 0).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UsageDef {
    code: Spanned<u8>,
    name: Spanned<String>,
    #[serde(default)]
    marks: Vec<Spanned<String>>,
    /// The section of the FISE verb update list that gives verbs this code: `regionales`
    /// (`3. REGIONALES ESPAÑOLES`) or `desusados` (`4. DE USADO A DESUSADO`, undone by
    /// `5. DE DESUSADO A USADO`).
    update_section: Option<Spanned<String>>,
}

/// The values of a usage code's `update_section`, with the section of the verb update list each
/// names.
const UPDATE_SECTIONS: [(&str, crate::fise::VerbUpdateSection); 2] = [
    ("regionales", crate::fise::VerbUpdateSection::Regional),
    ("desusados", crate::fise::VerbUpdateSection::BecameObsolete),
];

/// The usage every entry without a usage code has.
const CURRENT: &str = "current";

#[derive(Debug)]
struct UsageCode {
    code: u8,
    name: String,
    marks: Vec<Mark>,
    update_section: Option<crate::fise::VerbUpdateSection>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleDef {
    id: Spanned<String>,
    article: String,
    verdict: Spanned<String>,
    reason: Option<String>,
    reason_es: Option<Spanned<String>>,
    class: Option<Spanned<Vec<u8>>>,
    property: Option<Vec<String>>,
    usage: Option<Vec<Spanned<String>>>,
    pronominal: Option<bool>,
    infinitive: Option<Vec<String>>,
    bracket: Option<String>,
    listed: Option<bool>,
    slots: Option<Spanned<Vec<String>>>,
    except: Option<Spanned<Vec<String>>>,
    texts: Option<Vec<String>>,
    text_matches: Option<Spanned<String>>,
    ending_not_matching: Option<Spanned<String>>,
    not_listed: Option<bool>,
}

#[derive(Debug)]
struct Rule {
    id: String,
    article: String,
    accept: bool,
    reason: String,
    /// The reason in Spanish, which explanations in Spanish give.
    reason_es: String,
    class: Option<Vec<u8>>,
    property: Option<Vec<char>>,
    usage: Option<Vec<String>>,
    pronominal: Option<bool>,
    infinitive: Option<HashSet<String>>,
    bracket: Option<String>,
    listed: Option<bool>,
    /// Slots the rule applies to (after `slots` and `except`); `None` = all.
    slots: Option<Vec<bool>>,
    texts: Option<HashSet<String>>,
    text_matches: Option<Regex>,
    ending_not_matching: Option<Regex>,
    not_listed: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerbsFile {
    verb: Vec<VerbDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerbDef {
    infinitive: Spanned<String>,
    homograph: Option<u8>,
    rule: String,
    article: String,
    model: Option<Spanned<String>>,
    note: Option<String>,
    #[serde(default)]
    add: BTreeMap<String, Spanned<String>>,
}

#[derive(Debug)]
struct VerbDecision {
    infinitive: String,
    homograph: Option<u8>,
    rule: String,
    article: String,
    model: Option<usize>,
    add: Vec<(usize, Vec<String>)>,
}

/// The FISE-2016 verb rule set: conjugation models and the section 17 filter.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let verbs = rules.verbs.as_ref().expect("fise-2016 has verb rules");
/// assert!(!verbs.slot_names().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct VerbRules {
    conj: Conjugator,
    rules: Vec<Rule>,
    verbs: Vec<VerbDecision>,
    descriptions: HashSet<String>,
    /// The article of the rule `paradigm`, which accepts a form no rule decides.
    paradigm_article: String,
    usages: Vec<UsageCode>,
    classes: ClassesDef,
}

/// Context of one entry while its forms are filtered.
struct EntryView<'a> {
    entry: &'a VerbEntry,
    verb: &'a str,
    pronominal: bool,
    usage: &'a str,
    bracket_is_list: bool,
    listed: HashSet<String>,
}

impl VerbRules {
    /// Loads `slots.toml`, `endings.toml`, `spelling.toml`, `models*.toml`, `rules.toml` and
    /// `verbs.toml` from `dir` (the rule set's `verbs/` directory).
    pub fn load(dir: &Path) -> Result<VerbRules, RuleError> {
        VerbRules::load_from(&RuleFiles::folder(dir))
    }

    /// Loads the verb rule folder `files` (on disk or embedded), as [`VerbRules::load`] does.
    pub fn load_from(files: &RuleFiles) -> Result<VerbRules, RuleError> {
        let conj = Conjugator::load(files)?;
        let src = Source::read(files, "rules.toml")?;
        let file: RulesFile = src.parse()?;
        let mut usages: Vec<UsageCode> = Vec::new();
        for u in &file.usage {
            let (code, name) = (*u.code.get_ref(), u.name.get_ref());
            if conj.models.iter().any(|m| m.id.ends_with(&format!("-{code:02}"))) {
                return Err(
                    src.error(u.code.span().start, format!("usage code {code:02} is also a model number"))
                );
            }
            if usages.iter().any(|x| x.code == code) {
                return Err(src.error(u.code.span().start, format!("usage code {code:02} defined twice")));
            }
            if name == CURRENT || usages.iter().any(|x| x.name == *name) {
                return Err(src.error(u.name.span().start, format!("usage name `{name}` defined twice")));
            }
            let mut marks = Vec::new();
            for m in &u.marks {
                let Some(mark) = Mark::from_name(m.get_ref()) else {
                    let names: Vec<&str> = Mark::names().collect();
                    return Err(src.error(
                        m.span().start,
                        format!("unknown mark `{}` (marks: {})", m.get_ref(), names.join(", ")),
                    ));
                };
                marks.push(mark);
            }
            let update_section = match &u.update_section {
                None => None,
                Some(s) => {
                    let Some((_, section)) = UPDATE_SECTIONS.iter().find(|(n, _)| n == s.get_ref()) else {
                        let names: Vec<&str> = UPDATE_SECTIONS.iter().map(|(n, _)| *n).collect();
                        return Err(src.error(
                            s.span().start,
                            format!("unknown update_section `{}` (one of {})", s.get_ref(), names.join(", ")),
                        ));
                    };
                    if usages.iter().any(|x| x.update_section == Some(*section)) {
                        return Err(src.error(
                            s.span().start,
                            format!("update_section `{}` given to two usage codes", s.get_ref()),
                        ));
                    }
                    Some(*section)
                }
            };
            usages.push(UsageCode { code, name: name.clone(), marks, update_section });
        }
        let mut rules = Vec::new();
        let mut descriptions = HashSet::new();
        let mut ids = HashSet::new();
        for d in file.rule {
            if !ids.insert(d.id.get_ref().clone()) {
                return Err(src.error(d.id.span().start, format!("rule `{}` defined twice", d.id.get_ref())));
            }
            let accept = match d.verdict.get_ref().as_str() {
                "accept" => true,
                "reject" => false,
                other => {
                    return Err(src.error(
                        d.verdict.span().start,
                        format!("verdict must be \"accept\" or \"reject\", not \"{other}\""),
                    ))
                }
            };
            if !accept && d.reason.is_none() {
                return Err(src.error(d.id.span().start, "a rejecting rule needs a `reason`"));
            }
            src.check_reason_es(&d.id, d.reason.as_deref(), d.reason_es.as_ref())?;
            let resolve = |list: &Spanned<Vec<String>>| -> Result<Vec<bool>, RuleError> {
                let mut mask = vec![false; conj.slots.names.len()];
                for name in list.get_ref() {
                    let v = conj.slots.resolve(name).ok_or_else(|| {
                        src.error(list.span().start, format!("unknown slot or group `{name}`"))
                    })?;
                    for i in v {
                        mask[i] = true;
                    }
                }
                Ok(mask)
            };
            let mut slots = match &d.slots {
                Some(l) => Some(resolve(l)?),
                None => None,
            };
            if let Some(ex) = &d.except {
                let ex = resolve(ex)?;
                let base = slots.unwrap_or_else(|| vec![true; ex.len()]);
                slots = Some(base.iter().zip(&ex).map(|(a, b)| *a && !b).collect());
            }
            let usage = match &d.usage {
                None => None,
                Some(list) => Some(
                    list.iter()
                        .map(|u| {
                            let name = u.get_ref();
                            if name == CURRENT || usages.iter().any(|x| x.name == *name) {
                                Ok(name.clone())
                            } else {
                                let mut names = vec![CURRENT];
                                names.extend(usages.iter().map(|x| x.name.as_str()));
                                Err(src.error(
                                    u.span().start,
                                    format!("usage must be one of {}, not `{name}`", names.join(", ")),
                                ))
                            }
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                ),
            };
            let property = match &d.property {
                None => None,
                Some(list) => {
                    let mut v = Vec::new();
                    for p in list {
                        let mut cs = p.chars();
                        match (cs.next(), cs.next()) {
                            (Some(c), None) if ".DIPR".contains(c) => v.push(c),
                            _ => {
                                return Err(src.error(
                                    d.id.span().start,
                                    format!(
                                        "rule `{}`: property `{p}` is not one of . D I P R",
                                        d.id.get_ref()
                                    ),
                                ))
                            }
                        }
                    }
                    Some(v)
                }
            };
            let regex = |s: &Option<Spanned<String>>| -> Result<Option<Regex>, RuleError> {
                match s {
                    None => Ok(None),
                    Some(s) => crate::pattern::one(s.get_ref())
                        .map(Some)
                        .map_err(|e| src.error(s.span().start, format!("bad regex: {e}"))),
                }
            };
            if let Some(b) = &d.bracket {
                descriptions.insert(b.clone());
            }
            if let Some(class) = &d.class {
                let c = file.classes.get_ref();
                let known: Vec<u8> = std::iter::once(c.usage)
                    .chain(c.transitive.iter().chain(&c.intransitive).chain(&c.pronominal).copied())
                    .collect();
                if let Some(bad) = class.get_ref().iter().find(|x| !known.contains(x)) {
                    let mut names: Vec<String> = known.iter().map(u8::to_string).collect();
                    names.sort();
                    return Err(src.error(
                        class.span().start,
                        format!(
                            "rule `{}`: class {bad} is no class of [classes] ({})",
                            d.id.get_ref(),
                            names.join(", ")
                        ),
                    ));
                }
            }
            rules.push(Rule {
                id: d.id.get_ref().clone(),
                article: d.article.clone(),
                accept,
                reason: d.reason.clone().unwrap_or_default(),
                reason_es: d.reason_es.as_ref().map(|r| r.get_ref().clone()).unwrap_or_default(),
                class: d.class.as_ref().map(|c| c.get_ref().clone()),
                property,
                usage,
                pronominal: d.pronominal,
                infinitive: d.infinitive.as_ref().map(|v| v.iter().cloned().collect()),
                bracket: d.bracket.clone(),
                listed: d.listed,
                slots,
                texts: d.texts.as_ref().map(|v| v.iter().map(|t| fold(t)).collect()),
                text_matches: regex(&d.text_matches)?,
                ending_not_matching: regex(&d.ending_not_matching)?,
                not_listed: d.not_listed,
            });
        }
        let vsrc = Source::read(files, "verbs.toml")?;
        let vfile: VerbsFile = vsrc.parse()?;
        let mut verbs = Vec::new();
        for d in vfile.verb {
            let _ = &d.note;
            let model =
                match &d.model {
                    None => None,
                    Some(m) => Some(conj.model(m.get_ref()).ok_or_else(|| {
                        vsrc.error(m.span().start, format!("unknown model `{}`", m.get_ref()))
                    })?),
                };
            let mut add = Vec::new();
            for (slot, text) in &d.add {
                let i = conj
                    .slots
                    .index_of(slot)
                    .ok_or_else(|| vsrc.error(text.span().start, format!("unknown slot `{slot}`")))?;
                add.push((i, text.get_ref().split_whitespace().map(String::from).collect()));
            }
            if d.infinitive.get_ref().is_empty() {
                return Err(vsrc.error(d.infinitive.span().start, "empty infinitive"));
            }
            verbs.push(VerbDecision {
                infinitive: d.infinitive.get_ref().clone(),
                homograph: d.homograph,
                rule: d.rule.clone(),
                article: d.article.clone(),
                model,
                add,
            });
        }
        let classes = file.classes.get_ref().clone();
        let lists = [&classes.transitive, &classes.intransitive, &classes.pronominal];
        let mut seen = vec![classes.usage];
        for code in lists.iter().flat_map(|l| l.iter()) {
            if seen.contains(code) {
                return Err(
                    src.error(file.classes.span().start, format!("classes: class {code} is given twice"))
                );
            }
            seen.push(*code);
        }
        if lists.iter().any(|l| l.is_empty()) || !seen.contains(&classes.unstated) {
            return Err(src.error(
                file.classes.span().start,
                "classes: `transitive`, `intransitive` and `pronominal` each need a code, and `unstated` must be one of them",
            ));
        }
        Ok(VerbRules {
            conj,
            rules,
            verbs,
            descriptions,
            paradigm_article: file.paradigm_article,
            usages,
            classes,
        })
    }

    /// The slot names in paradigm order.
    pub fn slot_names(&self) -> &[String] {
        &self.conj.slots.names
    }

    /// `(id, name, note)` of every model, in definition order.
    pub fn models(&self) -> Vec<(String, String, String)> {
        self.conj.models.iter().map(|m| (m.id.clone(), m.name.clone(), m.note.clone())).collect()
    }

    /// Conjugates a bare infinitive (without "se") by a model given by id (`2-06`) or name
    /// (`hacer`). No rule of section 17 is applied.
    pub fn conjugate(&self, infinitive: &str, model: &str) -> Result<Paradigm<'_>, String> {
        let m = self.conj.model(model).ok_or_else(|| format!("unknown model `{model}`"))?;
        self.conj.conjugate(m, infinitive)
    }

    /// The usage code that the verb update list's `section` gives its verbs (`rules.toml`,
    /// `[[usage]]`, `update_section`), if the rule set names one.
    pub fn usage_code_for(&self, section: crate::fise::VerbUpdateSection) -> Option<u8> {
        self.usages.iter().find(|u| u.update_section == Some(section)).map(|u| u.code)
    }

    /// The codes of the classified list's class `c` (`rules.toml`, `[classes]`), the first the one
    /// a verb moved to that class gets.
    pub fn class_codes(&self, c: crate::fise::VerbClass) -> &[u8] {
        use crate::fise::VerbClass;
        match c {
            VerbClass::Transitive => &self.classes.transitive,
            VerbClass::Intransitive => &self.classes.intransitive,
            VerbClass::Pronominal => &self.classes.pronominal,
        }
    }

    /// The code a verb of class `c` gets: the first of [`VerbRules::class_codes`].
    pub fn class_code(&self, c: crate::fise::VerbClass) -> u8 {
        self.class_codes(c)[0]
    }

    /// The class of a verb with a usage code (regional, obsolete).
    pub fn usage_class(&self) -> u8 {
        self.classes.usage
    }

    /// The class a verb gets when no source states it (a verb an undone update list restores,
    /// or takes a usage code off): pronominal when its infinitive carries "se", else the rule
    /// set's `unstated` class.
    ///
    /// ```
    /// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
    /// let verbs = rules.verbs.as_ref().expect("verb rules");
    /// assert_eq!(verbs.unstated_class("dignarse"), 3);
    /// assert_eq!(verbs.unstated_class("base"), 1); // no infinitive with "se"
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unstated_class(&self, infinitive: &str) -> u8 {
        if super::reader::bare_infinitive(infinitive).len() != infinitive.len() {
            self.class_code(crate::fise::VerbClass::Pronominal)
        } else {
            self.classes.unstated
        }
    }

    /// Returns true if and only if `model` is a usage code of the rule set, not a model number.
    pub fn is_usage_code(&self, model: u8) -> bool {
        self.usage_code(model).is_some()
    }

    /// Returns true if and only if the model `model` of conjugation `conjugation` exists and
    /// conjugates `verb` (its ending fits the model's).
    pub fn model_fits(&self, conjugation: u8, model: u8, verb: &str) -> bool {
        self.conj.model(&format!("{conjugation}-{model:02}")).is_some_and(|m| self.conj.fits(m, verb).is_ok())
    }

    /// The number of the model of conjugation `conjugation` named `name` (`conducir` is 5 of the
    /// third conjugation), if the rule set has one.
    ///
    /// ```
    /// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
    /// let verbs = rules.verbs.as_ref().expect("verb rules");
    /// assert_eq!(verbs.model_number(3, "conducir"), Some(5));
    /// assert_eq!(verbs.model_number(1, "conducir"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn model_number(&self, conjugation: u8, name: &str) -> Option<u8> {
        let prefix = format!("{conjugation}-");
        self.conj
            .models
            .iter()
            .filter(|m| m.name == name)
            .find_map(|m| m.id.strip_prefix(&prefix).and_then(|n| n.parse().ok()))
    }

    /// Checks the models the notes of a verb update list name (`conjugado como "conducir"`):
    /// each must be a model of the line's conjugation, else an error at the name's column. Both
    /// a build that applies the list and one that undoes it check it, so a list errors the same
    /// way either way.
    pub fn check_updates(&self, path: &Path, updates: &[crate::fise::VerbUpdate]) -> Result<(), RuleError> {
        for u in updates {
            let Some((name, column)) = u.model_named() else { continue };
            if self.model_number(u.conjugation, name).is_none() {
                let prefix = format!("{}-", u.conjugation);
                let names: Vec<&str> = self
                    .conj
                    .models
                    .iter()
                    .filter(|m| m.id.starts_with(&prefix))
                    .map(|m| m.name.as_str())
                    .collect();
                return Err(RuleError::syntax(
                    path,
                    u.line,
                    column,
                    format!(
                        "no conjugation model named {} in conjugation {} (models: {})",
                        lexico_tiles::quoted(name),
                        u.conjugation,
                        names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The description of a defective verb's forms that the rules read (`bracket` in
    /// `rules.toml`: `infinitivo y terceras personas`) that says what `forms` says, in other
    /// words or numbers (`infinitivo y en tercera persona`), if there is one.
    pub fn defective_description(&self, forms: &str) -> Option<&str> {
        fn key(s: &str) -> std::collections::BTreeSet<String> {
            s.split(|c: char| !c.is_alphabetic())
                .filter(|w| !["", "y", "en", "solo", "la", "las", "el", "los"].contains(w))
                .map(|w| w.strip_suffix('s').filter(|w| w.len() > 1).unwrap_or(w).to_string())
                .collect()
        }
        let want = key(forms);
        self.descriptions.iter().map(String::as_str).filter(|d| key(d) == want).min()
    }

    /// Returns true if and only if the rule set decides how `entry` is conjugated by itself: a
    /// verb-by-verb decision of `verbs.toml`, or a model named after the verb (`pudrir`).
    pub fn decides(&self, entry: &VerbEntry) -> bool {
        let verb = entry.verb();
        self.decisions(entry, verb).next().is_some()
            || self.model_id(entry) != format!("{}-00", entry.conjugation)
                && self.conj.model(&self.model_id(entry)).is_some_and(|m| self.conj.models[m].name == verb)
    }

    /// The usage code an entry's model number is, if it is one (`rules.toml`, `[[usage]]`).
    fn usage_code(&self, model: u8) -> Option<&UsageCode> {
        self.usages.iter().find(|u| u.code == model)
    }

    /// The id of the model an entry is conjugated by (`1-00` for regular verbs and for those
    /// whose model number is a usage code), after the verb-by-verb decisions of `verbs.toml`.
    pub fn model_id(&self, entry: &VerbEntry) -> String {
        let verb = entry.verb();
        if let Some(m) = self.decisions(entry, verb).find_map(|d| d.model) {
            return self.conj.models[m].id.clone();
        }
        let n = if self.usage_code(entry.model).is_some() { 0 } else { entry.model };
        format!("{}-{:02}", entry.conjugation, n)
    }

    fn decisions<'s, 'e>(
        &'s self,
        entry: &'e VerbEntry,
        verb: &'e str,
    ) -> impl Iterator<Item = &'s VerbDecision> + use<'s, 'e> {
        self.verbs.iter().filter(move |d| {
            d.infinitive == verb && (d.homograph.is_none() || d.homograph == entry.homograph)
        })
    }

    /// The paradigm an entry is conjugated with before the rules are applied: its model, the
    /// regular forms too for property R, the participles of its brackets for property P.
    pub fn paradigm(&self, entry: &VerbEntry) -> Result<Paradigm<'_>, String> {
        let verb = entry.verb();
        let (m, regular) = self.models_of(entry)?;
        let mut p = self.conj.conjugate(m, verb)?;
        if let Some(reg) = regular {
            let r = self.conj.conjugate(reg, verb)?;
            for ((_, cells), (_, extra)) in p.cells.iter_mut().zip(r.cells) {
                for c in extra {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
        }
        if entry.property == 'P' {
            // The participles of the brackets are given in the participle's first cell (slots.toml,
            // `[participle]`): each cell takes their stem with its own ending.
            let words: Vec<&str> = entry.forms.as_deref().unwrap_or("").split_whitespace().collect();
            let participle = &self.conj.slots.participle;
            let given = participle.first().map_or("", |(_, e)| e.as_str());
            for (slot, suffix) in participle {
                let cells: Vec<Cell> = words
                    .iter()
                    .filter_map(|w| w.strip_suffix(given))
                    .map(|stem| Cell { text: format!("{stem}{suffix}"), ending_at: stem.len() })
                    .collect();
                let name = &self.conj.slots.names[*slot];
                if let Some((_, c)) = p.cells.iter_mut().find(|(s, _)| *s == name.as_str()) {
                    *c = cells;
                }
            }
        }
        Ok(p)
    }

    /// The model an entry is conjugated by and, for property R, the regular model whose forms
    /// it also takes.
    fn models_of(&self, entry: &VerbEntry) -> Result<(usize, Option<usize>), String> {
        let id = self.model_id(entry);
        let m = self.conj.model(&id).ok_or_else(|| format!("no model `{id}` in the rule set"))?;
        let regular = match entry.property {
            'R' => Some(self.conj.model(&format!("{}-00", entry.conjugation)).ok_or("no regular model")?),
            _ => None,
        };
        Ok((m, regular))
    }

    /// Checks every entry against the rule set: the usage class goes with a usage code and only
    /// there, its model exists and fits its infinitive, its irregular participles end in the
    /// ending slots.toml gives them (`[participle]`), the forms listed for a defective verb are
    /// generated.
    pub fn check_entries(&self, path: &Path, entries: &[VerbEntry]) -> Result<(), RuleError> {
        for e in entries {
            let usage_class = self.classes.usage;
            if self.usage_code(e.model).is_some() != (e.class == usage_class) {
                let codes: Vec<String> = self.usages.iter().map(|u| format!("{:02}", u.code)).collect();
                let codes =
                    if codes.is_empty() { "none in this rule set".to_string() } else { codes.join(", ") };
                return Err(RuleError::syntax(
                    path,
                    e.line,
                    4,
                    format!(
                        "class {usage_class} goes with the usage codes only ({codes}), not with model {:02} and class {}",
                        e.model, e.class
                    ),
                ));
            }
            let err = |msg: String| RuleError::syntax(path, e.line, 1, msg);
            let (m, regular) = self.models_of(e).map_err(err)?;
            self.conj.fits(m, e.verb()).map_err(err)?;
            if let Some(reg) = regular {
                self.conj.fits(reg, e.verb()).map_err(err)?;
            }
            let given = self.conj.slots.participle.first().map_or("", |(_, e)| e.as_str());
            if e.property == 'P'
                && e.forms.as_deref().unwrap_or("").split_whitespace().any(|w| !w.ends_with(given))
            {
                return Err(err(format!("irregular participles must end in -{given}")));
            }
            if e.property == 'D' && !self.descriptions.contains(e.forms.as_deref().unwrap_or("")) {
                let p = self.paradigm(e).map_err(err)?;
                let all: HashSet<String> =
                    p.cells.iter().flat_map(|(_, c)| c.iter().map(|c| fold(&c.text))).collect();
                for w in e.forms.as_deref().unwrap_or("").split_whitespace() {
                    if !all.contains(&fold(w)) {
                        return Err(err(format!(
                            "`{w}` is listed as a valid form but is not a form of `{}`",
                            e.infinitive
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every form the rules generate for an entry, accepted or rejected, with the rule and article
    /// that decided it. A word belongs to the lexicon if ANY entry gives it an accepted form (the
    /// same text may be rejected in one slot and accepted in another, or by a homograph).
    pub fn expand<'r>(&'r self, entry: &VerbEntry) -> Vec<Form<'r>> {
        let verb = entry.verb();
        let paradigm = match self.paradigm(entry) {
            Ok(p) => p,
            Err(reason) => {
                return vec![Form {
                    text: entry.infinitive.clone(),
                    kind: FormKind::VerbForm,
                    slot: "inf",
                    rule: "model-mismatch",
                    article: &self.paradigm_article,
                    // The engine's detail is in English; the Spanish says what it means for the entry.
                    verdict: Admission::Rejected {
                        reason: reason.into(),
                        reason_es: "la entrada no encaja en el modelo de conjugación que indica".into(),
                    },
                }];
            }
        };
        let bracket_is_list =
            entry.property == 'D' && entry.forms.as_deref().is_some_and(|f| !self.descriptions.contains(f));
        let view = EntryView {
            entry,
            verb,
            pronominal: entry.is_pronominal_entry(),
            usage: self.usage_code(entry.model).map_or(CURRENT, |u| u.name.as_str()),
            bracket_is_list,
            listed: if bracket_is_list {
                entry.forms.as_deref().unwrap_or("").split_whitespace().map(fold).collect()
            } else {
                HashSet::new()
            },
        };
        let rules: Vec<&Rule> = self.rules.iter().filter(|r| applies_to_entry(r, &view)).collect();
        let mut out: Vec<Form> = Vec::new();
        // Cells are unique per slot within a paradigm; only added forms can repeat one.
        let mut push = |slot: usize, cell: &Cell, origin: Option<(&'r str, &'r str)>| {
            let name = &self.conj.slots.names[slot];
            if origin.is_some() && out.iter().any(|f| f.slot == *name && f.text == cell.text) {
                return;
            }
            let mut form = self.judge(&rules, &view, slot, cell);
            if let (Some((rule, article)), true) = (origin, form.rule == "paradigm") {
                form.rule = rule;
                form.article = article;
            }
            out.push(form);
        };
        for (slot, (_, cells)) in paradigm.cells.iter().enumerate() {
            for c in cells {
                push(slot, c, None);
            }
        }
        for d in self.decisions(entry, verb) {
            for (slot, texts) in &d.add {
                for t in texts {
                    let cell = Cell { text: t.clone(), ending_at: t.len() };
                    push(*slot, &cell, Some((&d.rule, &d.article)));
                }
            }
        }
        out
    }

    /// The form of `cell` in `slot`, decided by the first of `rules` (the rules that apply to
    /// the entry, in order) that applies to the cell.
    fn judge<'r>(&'r self, rules: &[&'r Rule], v: &EntryView, slot: usize, cell: &Cell) -> Form<'r> {
        let slot_name = self.conj.slots.names[slot].as_str();
        for &r in rules {
            if !applies_to_cell(r, v, slot, cell) {
                continue;
            }
            return Form {
                text: cell.text.clone(),
                kind: FormKind::VerbForm,
                slot: slot_name,
                rule: &r.id,
                article: &r.article,
                verdict: if r.accept {
                    Admission::Accepted
                } else {
                    Admission::Rejected {
                        reason: r.reason.as_str().into(),
                        reason_es: r.reason_es.as_str().into(),
                    }
                },
            };
        }
        Form {
            text: cell.text.clone(),
            kind: FormKind::VerbForm,
            slot: slot_name,
            rule: "paradigm",
            article: &self.paradigm_article,
            verdict: Admission::Accepted,
        }
    }
}

/// Whether the conditions of `r` on the entry (not on a form) hold.
fn applies_to_entry(r: &Rule, v: &EntryView) -> bool {
    let e = v.entry;
    none_or(&r.class, |c| c.contains(&e.class))
        && none_or(&r.property, |p| p.contains(&e.property))
        && none_or(&r.usage, |u| u.iter().any(|x| x == v.usage))
        && none_or(&r.pronominal, |&p| p == v.pronominal)
        && none_or(&r.infinitive, |i| i.contains(v.verb))
        && none_or(&r.bracket, |b| e.forms.as_deref() == Some(b.as_str()))
        && none_or(&r.listed, |&l| l == v.bracket_is_list)
}

/// Whether the conditions of `r` on a form hold, for a rule that applies to its entry.
fn applies_to_cell(r: &Rule, v: &EntryView, slot: usize, cell: &Cell) -> bool {
    none_or(&r.slots, |s| s[slot])
        && none_or(&r.texts, |t| t.contains(&fold(&cell.text)))
        && none_or(&r.text_matches, |re| re.is_match(&cell.text))
        && none_or(&r.ending_not_matching, |re| !re.is_match(cell.ending()))
        && none_or(&r.not_listed, |&n| n != v.listed.contains(&fold(&cell.text)))
}

/// True if `o` is `None` or its value satisfies `f`.
fn none_or<T>(o: &Option<T>, f: impl FnOnce(&T) -> bool) -> bool {
    match o {
        None => true,
        Some(v) => f(v),
    }
}

impl VerbRules {
    /// The classified-list entry a lemma-table row stands for: its conjugation from the
    /// infinitive's ending, its model by name (the row's `model`, or the regular model), its
    /// class from the verb parts of speech (`v.tr` transitive, `v.intr` intransitive, `v.prnl`
    /// alone pronominal: the first code of each in `[classes]` of `rules.toml`); a row with a
    /// mark (`desus`, `germ`, `geo`) that a usage code of `rules.toml` stands for takes that code
    /// (the first in file order) and the usage class, and is filtered as that usage.
    pub fn entry_for_row(&self, row: &crate::lemmas::LemmaRow) -> Result<VerbEntry, String> {
        use crate::lemmas::VerbPos;
        let verb = row.lemma.strip_suffix("se").filter(|v| v.ends_with('r')).unwrap_or(&row.lemma);
        let conjugation = match fold(verb).get(verb.len().saturating_sub(2)..) {
            Some("ar") => 1,
            Some("er") => 2,
            Some("ir") => 3,
            _ => return Err(format!("'{}' is not an infinitive", row.lemma)),
        };
        let model = match &row.model {
            None => 0,
            Some(name) => {
                let found = self.models().into_iter().find(|(id, n, _)| {
                    (n == name || id == name) && id.starts_with(&format!("{conjugation}-"))
                });
                let (id, _, _) =
                    found.ok_or_else(|| format!("no conjugation model '{name}' for this conjugation"))?;
                id.rsplit('-')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("model id '{id}'"))?
            }
        };
        let usage = self.usages.iter().find(|u| u.marks.iter().any(|&m| row.marks.has(m)));
        use crate::fise::VerbClass;
        let (model, class) = if let Some(u) = usage {
            (u.code, self.classes.usage)
        } else if row.verb.contains(&VerbPos::Transitive) {
            (model, self.class_code(VerbClass::Transitive))
        } else if row.verb.contains(&VerbPos::Intransitive) {
            (model, self.class_code(VerbClass::Intransitive))
        } else {
            (model, self.class_code(VerbClass::Pronominal))
        };
        let pronominal = class == self.class_code(VerbClass::Pronominal);
        let infinitive = if pronominal && !row.lemma.ends_with("se") {
            format!("{}se", row.lemma)
        } else {
            row.lemma.clone()
        };
        Ok(VerbEntry {
            infinitive,
            homograph: row.homograph,
            conjugation,
            model,
            class,
            property: '.',
            forms: None,
            line: row.line,
        })
    }
}
