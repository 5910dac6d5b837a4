//! The conjugation engine: slots, ending sets, spelling rules and models read from TOML, and the
//! application of a model to an infinitive.

use std::collections::{BTreeMap, HashMap};

use regex::Regex;
use serde::Deserialize;

use crate::error::RuleError;
use crate::files::RuleFiles;
use crate::toml_util::{OneOrMany, Source, Spanned};

/// The slot derived from `inf` by appending "se".
pub const INF_SE: &str = "inf.se";

/// The cells of the paradigm and the named groups of cells.
#[derive(Debug)]
pub(crate) struct Slots {
    pub names: Vec<String>,
    index: HashMap<String, usize>,
    groups: HashMap<String, Vec<usize>>,
    /// The participle's cells with their endings (`[participle]`), the first the one a
    /// classified list's irregular participle is given in.
    pub participle: Vec<(usize, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotsFile {
    slots: Vec<Spanned<String>>,
    #[serde(default)]
    groups: BTreeMap<String, Spanned<Vec<String>>>,
    participle: Spanned<ParticipleDef>,
}

/// `[participle]`: the group of the participle's cells, and the ending of each.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParticipleDef {
    group: String,
    endings: Vec<String>,
}

impl Slots {
    fn load(src: &Source) -> Result<Slots, RuleError> {
        let file: SlotsFile = src.parse()?;
        let mut names = Vec::new();
        let mut index = HashMap::new();
        for s in &file.slots {
            if index.insert(s.get_ref().clone(), names.len()).is_some() {
                return Err(src.error(s.span().start, format!("slot `{}` listed twice", s.get_ref())));
            }
            names.push(s.get_ref().clone());
        }
        if !index.contains_key("inf") || !index.contains_key(INF_SE) {
            return Err(src.error(0, "the slot list must contain `inf` and `inf.se`"));
        }
        let mut slots = Slots { names, index, groups: HashMap::new(), participle: Vec::new() };
        // Resolve groups (they may refer to groups defined later): iterate to a fixed point.
        let mut pending: Vec<(&String, &Spanned<Vec<String>>)> = file.groups.iter().collect();
        while !pending.is_empty() {
            let before = pending.len();
            let mut still = Vec::new();
            for (name, members) in pending {
                if slots.index.contains_key(name.as_str()) {
                    return Err(
                        src.error(members.span().start, format!("group `{name}` has the name of a slot"))
                    );
                }
                let mut set = Vec::new();
                let mut ready = true;
                for m in members.get_ref() {
                    match slots.resolve(m) {
                        Some(v) => set.extend(v),
                        None if file.groups.contains_key(m.as_str()) => ready = false,
                        None => {
                            return Err(src.error(
                                members.span().start,
                                format!("group `{name}`: `{m}` is neither a slot nor a group"),
                            ))
                        }
                    }
                }
                if ready {
                    let mut seen = vec![false; slots.names.len()];
                    set.retain(|&i| !std::mem::replace(&mut seen[i], true));
                    set.sort_unstable();
                    slots.groups.insert(name.clone(), set);
                } else {
                    still.push((name, members));
                }
            }
            if still.len() == before {
                let (name, members) = still[0];
                return Err(
                    src.error(members.span().start, format!("group `{name}` is defined in terms of itself"))
                );
            }
            pending = still;
        }
        let p = file.participle.get_ref();
        let cells = slots.resolve(&p.group).unwrap_or_default();
        if cells.is_empty() || cells.len() != p.endings.len() || p.endings.iter().any(|e| e.is_empty()) {
            return Err(src.error(
                file.participle.span().start,
                format!(
                    "participle: `{}` must be a slot or group with one non-empty ending each ({} given)",
                    p.group,
                    p.endings.len()
                ),
            ));
        }
        slots.participle = cells.into_iter().zip(p.endings.iter().cloned()).collect();
        Ok(slots)
    }

    /// The slots a slot or group name stands for, in paradigm order.
    pub fn resolve(&self, name: &str) -> Option<Vec<usize>> {
        if let Some(&i) = self.index.get(name) {
            return Some(vec![i]);
        }
        self.groups.get(name).cloned()
    }

    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
}

/// Named ending sets: set name → ending per slot.
#[derive(Debug)]
pub(crate) struct Endings {
    sets: HashMap<String, Vec<Option<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndingsFile {
    sets: BTreeMap<String, BTreeMap<String, Spanned<OneOrMany>>>,
}

impl Endings {
    fn load(src: &Source, slots: &Slots) -> Result<Endings, RuleError> {
        let file: EndingsFile = src.parse()?;
        let mut sets = HashMap::new();
        for (name, table) in &file.sets {
            let mut per_slot: Vec<Option<String>> = vec![None; slots.names.len()];
            for (key, value) in table {
                let at = value.span().start;
                let targets = slots
                    .resolve(key)
                    .ok_or_else(|| src.error(at, format!("set `{name}`: unknown slot or group `{key}`")))?;
                let values: Vec<String> = match value.get_ref() {
                    OneOrMany::One(s) => vec![s.clone(); targets.len()],
                    OneOrMany::Many(v) if v.len() == targets.len() => v.clone(),
                    OneOrMany::Many(v) => {
                        return Err(src.error(
                            at,
                            format!(
                                "set `{name}`: `{key}` has {} slots but {} endings are given",
                                targets.len(),
                                v.len()
                            ),
                        ))
                    }
                };
                for (t, v) in targets.into_iter().zip(values) {
                    if per_slot[t].replace(v).is_some() {
                        return Err(
                            src.error(at, format!("set `{name}`: slot `{}` given twice", slots.names[t]))
                        );
                    }
                }
            }
            sets.insert(name.clone(), per_slot);
        }
        for needed in ["ar", "er", "ir"] {
            if !sets.contains_key(needed) {
                return Err(src.error(0, format!("the ending set `{needed}` is missing")));
            }
        }
        Ok(Endings { sets })
    }

    fn regular(conjugation: u8) -> &'static str {
        match conjugation {
            1 => "ar",
            2 => "er",
            _ => "ir",
        }
    }
}

/// An orthographic change at the stem|ending boundary.
#[derive(Debug)]
struct SpellRule {
    conjugations: Vec<u8>,
    infinitive: Option<Regex>,
    stem: Regex,
    ending: Regex,
    stem_to: Option<String>,
    ending_to: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpellFile {
    rule: Vec<SpellDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpellDef {
    #[allow(dead_code)]
    id: String,
    conjugations: Vec<u8>,
    infinitive: Option<Spanned<String>>,
    stem: Spanned<String>,
    ending: Spanned<String>,
    stem_to: Option<String>,
    ending_to: Option<String>,
}

fn compile(src: &Source, re: &Spanned<String>, pattern: String) -> Result<Regex, RuleError> {
    crate::pattern::one(&pattern)
        .map_err(|e| src.error(re.span().start, format!("bad regex `{}`: {e}", re.get_ref())))
}

fn load_spelling(src: &Source) -> Result<Vec<SpellRule>, RuleError> {
    let file: SpellFile = src.parse()?;
    file.rule
        .iter()
        .map(|d| {
            Ok(SpellRule {
                conjugations: d.conjugations.clone(),
                infinitive: match &d.infinitive {
                    Some(s) => Some(compile(src, s, s.get_ref().clone())?),
                    None => None,
                },
                stem: compile(src, &d.stem, format!("(?:{})$", d.stem.get_ref()))?,
                ending: compile(src, &d.ending, format!("^(?:{})", d.ending.get_ref()))?,
                stem_to: d.stem_to.clone(),
                ending_to: d.ending_to.clone(),
            })
        })
        .collect()
}

#[derive(Clone, Debug)]
enum Piece {
    Lit(String),
    Cap(String),
}

#[derive(Clone, Debug)]
enum Ending {
    /// The ending of the model's conjugation set, or of a named set.
    Set(Option<String>),
    Lit(String),
}

#[derive(Clone, Debug)]
struct Alt {
    stem: Vec<Piece>,
    ending: Ending,
}

/// The templates of one model (or variant) per slot; `None` means "not defined here".
type Table = Vec<Option<Vec<Alt>>>;

#[derive(Debug)]
struct Variant {
    re: Regex,
    forms: Table,
}

/// A conjugation model.
#[derive(Debug)]
pub(crate) struct Model {
    pub id: String,
    pub name: String,
    pub conjugation: u8,
    pub note: String,
    base: Option<usize>,
    re: Regex,
    forms: Table,
    variants: Vec<Variant>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelsFile {
    model: Vec<ModelDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelDef {
    id: Spanned<String>,
    name: String,
    conjugation: u8,
    base: Option<Spanned<String>>,
    note: Option<String>,
    #[serde(rename = "match")]
    re: Spanned<String>,
    #[serde(default)]
    forms: BTreeMap<String, Spanned<OneOrMany>>,
    #[serde(default)]
    variant: Vec<VariantDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantDef {
    #[serde(rename = "match")]
    re: Spanned<String>,
    #[serde(default)]
    forms: BTreeMap<String, Spanned<OneOrMany>>,
}

/// One generated cell: the text and where its ending starts.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let verbs = rules.verbs.as_ref().expect("verb rules");
/// let amar = verbs.conjugate("amar", "1-00")?;
/// let (_, cells) = &amar.cells[0];
/// assert_eq!(cells[0].text, "amar");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The form, with its ending.
    pub text: String,
    /// Byte offset of the ending in `text` (the template's `|`).
    pub ending_at: usize,
}

impl Cell {
    /// The ending of the form (from the template's `|` on).
    pub fn ending(&self) -> &str {
        &self.text[self.ending_at..]
    }
}

/// The simple forms of one verb by slot, in paradigm order.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let paradigm = rules.verbs.as_ref().expect("verb rules").conjugate("amar", "1-00")?;
/// assert!(paradigm.listing().lines().any(|l| l.ends_with(" amo")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paradigm<'a> {
    /// `(slot name, forms)`; a slot may have no form, one, or several variants.
    pub cells: Vec<(&'a str, Vec<Cell>)>,
}

impl Paradigm<'_> {
    /// A readable listing, one slot per line: `slot: form form`.
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for (slot, forms) in &self.cells {
            out.push_str(slot);
            out.push(':');
            if forms.is_empty() {
                out.push_str(" -");
            }
            for f in forms {
                out.push(' ');
                out.push_str(&f.text);
            }
            out.push('\n');
        }
        out
    }
}

/// The loaded conjugation machinery.
#[derive(Debug)]
pub(crate) struct Conjugator {
    pub slots: Slots,
    endings: Endings,
    spelling: Vec<SpellRule>,
    pub models: Vec<Model>,
    by_key: HashMap<String, usize>,
}

fn parse_template(
    src: &Source,
    at: usize,
    text: &str,
    captures: &[String],
    set_ok: &dyn Fn(&str) -> bool,
) -> Result<Vec<Alt>, RuleError> {
    let mut alts = Vec::new();
    for word in text.split_whitespace() {
        if word == "-" {
            continue;
        }
        let (stem_s, ending) = match word.split_once('|') {
            None => (word, Ending::Set(None)),
            Some((s, e)) => match e.strip_prefix('@') {
                Some("") => (s, Ending::Set(None)),
                Some(set) => {
                    if !set_ok(set) {
                        return Err(
                            src.error(at, format!("`{word}`: no ending set `{set}` with these slots"))
                        );
                    }
                    (s, Ending::Set(Some(set.to_string())))
                }
                None => {
                    if e.contains(['{', '}', '|']) {
                        return Err(
                            src.error(at, format!("`{word}`: the ending after `|` must be plain text"))
                        );
                    }
                    (s, Ending::Lit(e.to_string()))
                }
            },
        };
        let mut stem = Vec::new();
        let mut rest = stem_s;
        while let Some(open) = rest.find('{') {
            if rest[..open].contains('}') {
                return Err(src.error(at, format!("`{word}`: `}}` without `{{`")));
            }
            if open > 0 {
                stem.push(Piece::Lit(rest[..open].to_string()));
            }
            let close = rest[open..]
                .find('}')
                .ok_or_else(|| src.error(at, format!("`{word}`: `{{` without `}}`")))?
                + open;
            let name = &rest[open + 1..close];
            if !captures.iter().any(|c| c == name) {
                return Err(src.error(
                    at,
                    format!("`{word}`: `{{{name}}}` is not a capture of the model's `match` (nor r, inf)"),
                ));
            }
            stem.push(Piece::Cap(name.to_string()));
            rest = &rest[close + 1..];
        }
        if rest.contains('}') {
            return Err(src.error(at, format!("`{word}`: `}}` without `{{`")));
        }
        if !rest.is_empty() {
            stem.push(Piece::Lit(rest.to_string()));
        }
        alts.push(Alt { stem, ending });
    }
    Ok(alts)
}

impl Conjugator {
    pub fn load(files: &RuleFiles) -> Result<Conjugator, RuleError> {
        let slots = Slots::load(&Source::read(files, "slots.toml")?)?;
        let endings = Endings::load(&Source::read(files, "endings.toml")?, &slots)?;
        let spelling = load_spelling(&Source::read(files, "spelling.toml")?)?;
        let names: Vec<String> =
            files.list()?.into_iter().filter(|n| n.starts_with("models") && n.ends_with(".toml")).collect();
        let mut conj = Conjugator { slots, endings, spelling, models: Vec::new(), by_key: HashMap::new() };
        let mut sources = Vec::new();
        let mut defs = Vec::new();
        for name in &names {
            let src = Source::read(files, name)?;
            let file: ModelsFile = src.parse()?;
            for d in file.model {
                defs.push((d, sources.len()));
            }
            sources.push(src);
        }
        // First pass: ids, so that bases may be defined in any order or file.
        for (i, (d, f)) in defs.iter().enumerate() {
            let id = d.id.get_ref();
            if conj.by_key.insert(id.clone(), i).is_some() {
                return Err(sources[*f].error(d.id.span().start, format!("model `{id}` defined twice")));
            }
            conj.by_key.entry(d.name.clone()).or_insert(i);
        }
        for (d, f) in &defs {
            let model = conj.build_model(&sources[*f], d)?;
            conj.models.push(model);
        }
        // Bases must not loop. Each model's chain is walked once: a model known to reach a
        // model without a base is not walked again, so a chain of N bases takes N steps, not N².
        #[derive(Clone, Copy, PartialEq)]
        enum Walk {
            New,
            OnPath,
            Ends,
        }
        let mut state = vec![Walk::New; conj.models.len()];
        for (i, (d, f)) in defs.iter().enumerate() {
            let mut path = Vec::new();
            let mut m = Some(i);
            while let Some(b) = m {
                match state[b] {
                    Walk::Ends => break,
                    // Only this walk leaves marks: an earlier one either ended (and marked its
                    // path) or failed.
                    Walk::OnPath => {
                        return Err(sources[*f].error(
                            d.id.span().start,
                            format!("model `{}`: its bases loop", d.id.get_ref()),
                        ));
                    }
                    Walk::New => {
                        state[b] = Walk::OnPath;
                        path.push(b);
                        m = conj.models[b].base;
                    }
                }
            }
            for b in path {
                state[b] = Walk::Ends;
            }
        }
        for c in 1..=3u8 {
            if !conj.by_key.contains_key(&format!("{c}-00")) {
                return Err(RuleError::syntax(files.root(), 0, 0, format!("no regular model `{c}-00`")));
            }
        }
        Ok(conj)
    }

    fn build_table(
        &self,
        src: &Source,
        forms: &BTreeMap<String, Spanned<OneOrMany>>,
        re: &Regex,
    ) -> Result<Table, RuleError> {
        let mut captures: Vec<String> = re.capture_names().flatten().map(String::from).collect();
        captures.push("r".into());
        captures.push("inf".into());
        let n = self.slots.names.len();
        let mut table: Table = vec![None; n];
        let mut size: Vec<(usize, &str)> = vec![(usize::MAX, ""); n];
        let inf_se = self.slots.index_of(INF_SE).unwrap();
        for (key, value) in forms {
            let at = value.span().start;
            let targets = self
                .slots
                .resolve(key)
                .ok_or_else(|| src.error(at, format!("unknown slot or group `{key}`")))?;
            if targets.contains(&inf_se) {
                return Err(
                    src.error(at, format!("`{key}`: `inf.se` is derived from `inf` and cannot be written"))
                );
            }
            let texts: Vec<String> = match value.get_ref() {
                OneOrMany::One(s) => vec![s.clone(); targets.len()],
                OneOrMany::Many(v) if v.len() == targets.len() => v.clone(),
                OneOrMany::Many(v) => {
                    return Err(src.error(
                        at,
                        format!("`{key}` has {} slots but {} templates are given", targets.len(), v.len()),
                    ))
                }
            };
            for (t, text) in targets.iter().zip(texts) {
                let slot = *t;
                let set_ok = |set: &str| self.endings.sets.get(set).is_some_and(|s| s[slot].is_some());
                let alts = parse_template(src, at, &text, &captures, &set_ok)?;
                let k = targets.len();
                if k == size[slot].0 {
                    return Err(src.error(
                        at,
                        format!(
                            "slot `{}` is given by both `{}` and `{key}`, groups of the same size: give it on its own",
                            self.slots.names[slot], size[slot].1
                        ),
                    ));
                }
                if k < size[slot].0 {
                    size[slot] = (k, key.as_str());
                    table[slot] = Some(alts);
                }
            }
        }
        Ok(table)
    }

    fn build_model(&self, src: &Source, d: &ModelDef) -> Result<Model, RuleError> {
        if !(1..=3).contains(&d.conjugation) {
            return Err(src.error(d.id.span().start, "conjugation must be 1, 2 or 3"));
        }
        let re = compile(src, &d.re, d.re.get_ref().clone())?;
        let base =
            match &d.base {
                None => None,
                Some(b) => Some(*self.by_key.get(b.get_ref()).ok_or_else(|| {
                    src.error(b.span().start, format!("unknown base model `{}`", b.get_ref()))
                })?),
            };
        let forms = self.build_table(src, &d.forms, &re)?;
        let mut variants = Vec::new();
        for v in &d.variant {
            let vre = compile(src, &v.re, v.re.get_ref().clone())?;
            let vforms = self.build_table(src, &v.forms, &vre)?;
            variants.push(Variant { re: vre, forms: vforms });
        }
        Ok(Model {
            id: d.id.get_ref().clone(),
            name: d.name.clone(),
            conjugation: d.conjugation,
            note: d.note.clone().unwrap_or_default(),
            base,
            re,
            forms,
            variants,
        })
    }

    /// The model with this id (`2-06`) or name (`hacer`).
    pub fn model(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).copied()
    }

    /// Checks that `verb` (an infinitive without "se") fits model `m` and each model it builds
    /// on, without conjugating it: the error [`conjugate`](Self::conjugate) would give for a verb
    /// that does not fit.
    pub fn fits(&self, m: usize, verb: &str) -> Result<(), String> {
        let mut cur = Some(m);
        while let Some(i) = cur {
            let mm = &self.models[i];
            if !mm.re.is_match(verb) {
                return Err(misfit(verb, mm));
            }
            cur = mm.base;
        }
        Ok(())
    }

    /// Conjugates `verb` (an infinitive without "se") by model `m`.
    pub fn conjugate(&self, m: usize, verb: &str) -> Result<Paradigm<'_>, String> {
        let model = &self.models[m];
        let r = verb.char_indices().rev().nth(1).map(|(i, _)| &verb[..i]).unwrap_or("");
        // The chain of (table, captures) from the most specific to the base.
        // Captures are (name, text) pairs borrowed from the pattern and the infinitive.
        type Caps<'c> = Vec<(&'c str, &'c str)>;
        let mut chain: Vec<(&Table, Caps)> = Vec::new();
        let mut cur = Some(m);
        while let Some(i) = cur {
            let mm = &self.models[i];
            fn caps_of<'c>(re: &'c Regex, verb: &'c str, r: &'c str) -> Option<Caps<'c>> {
                let c = re.captures(verb)?;
                let mut v: Caps =
                    re.capture_names().flatten().map(|n| (n, c.name(n).map_or("", |x| x.as_str()))).collect();
                v.push(("r", r));
                v.push(("inf", verb));
                Some(v)
            }
            let main = caps_of(&mm.re, verb, r).ok_or_else(|| misfit(verb, mm))?;
            if let Some(v) = mm.variants.iter().find(|v| v.re.is_match(verb)) {
                chain.push((&v.forms, caps_of(&v.re, verb, r).unwrap_or_default()));
            }
            chain.push((&mm.forms, main));
            cur = mm.base;
        }
        let inf_se = self.slots.index_of(INF_SE).unwrap();
        let regular = Endings::regular(model.conjugation);
        let regular_set = self.endings.sets.get(regular);
        let spelling: Vec<&SpellRule> = self
            .spelling
            .iter()
            .filter(|r| {
                r.conjugations.contains(&model.conjugation)
                    && match &r.infinitive {
                        None => true,
                        Some(re) => re.is_match(verb),
                    }
            })
            .collect();
        let mut cells = Vec::with_capacity(self.slots.names.len());
        let mut inf_cells: Vec<Cell> = Vec::new();
        for (slot, name) in self.slots.names.iter().enumerate() {
            if slot == inf_se {
                cells.push((name.as_str(), Vec::new()));
                continue;
            }
            let found = chain.iter().find_map(|(t, caps)| t[slot].as_ref().map(|alts| (alts, caps)));
            let mut out: Vec<Cell> = Vec::new();
            if let Some((alts, caps)) = found {
                for alt in alts {
                    let mut stem = String::new();
                    for p in &alt.stem {
                        match p {
                            Piece::Lit(s) => stem.push_str(s),
                            Piece::Cap(c) => {
                                if let Some((_, v)) = caps.iter().find(|(n, _)| n == c) {
                                    stem.push_str(v);
                                }
                            }
                        }
                    }
                    let ending = match &alt.ending {
                        Ending::Lit(e) => e.as_str(),
                        Ending::Set(set) => {
                            let table = match set {
                                None => regular_set,
                                Some(set) => self.endings.sets.get(set),
                            };
                            let set = set.as_deref().unwrap_or(regular);
                            match table.and_then(|s| s[slot].as_deref()) {
                                Some(e) => e,
                                None => {
                                    return Err(format!(
                                        "model {}: no ending for slot `{name}` in set `{set}`",
                                        model.id
                                    ))
                                }
                            }
                        }
                    };
                    let cell = spell(&spelling, stem, ending);
                    if !out.contains(&cell) {
                        out.push(cell);
                    }
                }
            }
            if name == "inf" {
                inf_cells = out.clone();
            }
            cells.push((name.as_str(), out));
        }
        cells[inf_se].1 = inf_cells
            .into_iter()
            .map(|c| Cell { text: format!("{}se", c.text), ending_at: c.ending_at })
            .collect();
        Ok(Paradigm { cells })
    }
}

/// Why `verb` cannot be conjugated by `model`.
fn misfit(verb: &str, model: &Model) -> String {
    format!("`{verb}` does not fit model {} ({}): no match for `{}`", model.id, model.name, model.re.as_str())
}

/// Applies the first matching spelling rule at the stem|ending boundary.
fn spell(rules: &[&SpellRule], mut stem: String, ending: &str) -> Cell {
    let mut ending = std::borrow::Cow::Borrowed(ending);
    for rule in rules {
        if !rule.ending.is_match(&ending) || !rule.stem.is_match(&stem) {
            continue;
        }
        if let Some(to) = &rule.stem_to {
            stem = rule.stem.replace(&stem, to.as_str()).into_owned();
        }
        if let Some(to) = &rule.ending_to {
            ending = rule.ending.replace(&ending, to.as_str()).into_owned().into();
        }
        break;
    }
    let ending_at = stem.len();
    stem.push_str(&ending);
    Cell { text: stem, ending_at }
}
