//! Stage 3, forms → words: a form the rules accept is screened (for words as the sources spell
//! them), turned into tiles and checked for length, then filed in the word store; a rejected form
//! is kept for explanations; a word left out is recorded in the exclusion report with its reason.

use lexico_lexicon::provenance::{code, Code, SlotInfo};
use lexico_lexicon::{LexiconError, Part};
use lexico_rules::{Admission, Form, RuleSet, Screener};
use lexico_tiles::{TileError, TileSet};

/// A word a build took in and left out, with the reason.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let input = lexico_compile::Input { path: "w.txt".into(), bytes: b"casa\nwifi\n".to_vec() };
/// let c = lexico_compile::compile(&rules, &[input], None, Default::default(), &mut |_, _, _| {})?;
/// let x = &c.exclusions[0];
/// assert_eq!((x.text.as_str(), x.rule.as_str(), x.line), ("wifi", "k-or-w", 2)); // a screening rule
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    /// The word as the source or the rules spelled it.
    pub text: String,
    /// Why it was left out, in a phrase.
    pub reason: String,
    /// The id of the rule that left it out (`alphabet`, `length`, a screening rule's id).
    pub rule: String,
    /// The article of the regulation the rule applies.
    pub article: String,
    /// The source it came from (its path as given, or the rule set's file).
    pub source: String,
    /// The line of that source.
    pub line: u64,
}

/// Where forms go: into the word store, the store of rejected forms, or the exclusion report.
pub(crate) struct Sink<'a> {
    pub(crate) rules: &'a RuleSet,
    /// The screening rules, with match caches of this sink's own (a sink is one thread's).
    pub(crate) screener: Screener<'a>,
    pub(crate) tiles: &'a TileSet,
    pub(crate) part: Part,
    pub(crate) exclusions: Vec<Exclusion>,
    /// The forms the rules refused, counted by the rule (and article) that refused them.
    pub(crate) refused: Refused<'a>,
    pub(crate) taken: u64,
    /// Lines whose own word was excluded (see [`Sink::accept`]), and the last such line.
    pub(crate) excluded_lines: u64,
    pub(crate) last_excluded: Option<u64>,
    pub(crate) scratch: Vec<u8>,
    /// Slots by the form's kind and where its names sit: see [`Sink::slot`].
    pub(crate) slots: std::collections::HashMap<[(usize, usize); 6], u16, std::hash::BuildHasherDefault<Mix>>,
}

/// Forms refused, by the rule and article that refused them.
pub(crate) type Refused<'a> = std::collections::HashMap<(&'a str, &'a str), u64>;

/// A hasher for keys made of addresses and lengths: a multiply-rotate mix per word.
#[derive(Default)]
pub(crate) struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

impl<'a> Sink<'a> {
    pub(crate) fn new(rules: &'a RuleSet, tiles: &'a TileSet) -> Sink<'a> {
        Sink {
            rules,
            screener: rules.screener(),
            tiles,
            part: Part::default(),
            exclusions: Vec::new(),
            refused: Default::default(),
            taken: 0,
            excluded_lines: 0,
            last_excluded: None,
            scratch: Vec::new(),
            slots: Default::default(),
        }
    }

    /// The slot of a form. The names of a form are borrowed from the rule set or constants,
    /// which live as long as the build (`Form<'a>`: no name can be freed, and its place reused,
    /// while the sink lives): where they sit identifies them, and a form's slot is found without
    /// reading or hashing its names. A reason the rules made up for one form is looked up by its
    /// text.
    fn slot(&mut self, f: &Form<'a>) -> Result<u16, LexiconError> {
        let at = |s: &str| (s.as_ptr() as usize, s.len());
        let reason = match &f.verdict {
            Admission::Accepted => Some(((0, 0), (0, 0))),
            Admission::Rejected {
                reason: std::borrow::Cow::Borrowed(r),
                reason_es: std::borrow::Cow::Borrowed(es),
            } => Some((at(r), at(es))),
            Admission::Rejected { .. } => None,
        };
        let kind = f.kind;
        let key = reason.map(|(r, es)| [(kind as usize, 0), at(f.slot), at(f.rule), at(f.article), r, es]);
        if let Some(&i) = key.as_ref().and_then(|k| self.slots.get(k)) {
            return Ok(i);
        }
        let i = self.part.slot(SlotInfo {
            slot: f.slot.to_string(),
            kind,
            rule: f.rule.to_string(),
            article: f.article.to_string(),
            reason: match &f.verdict {
                Admission::Accepted => String::new(),
                Admission::Rejected { reason, .. } => reason.to_string(),
            },
            reason_es: match &f.verdict {
                Admission::Accepted => String::new(),
                Admission::Rejected { reason_es, .. } => reason_es.to_string(),
            },
        })?;
        if let Some(k) = key {
            self.slots.insert(k, i);
        }
        Ok(i)
    }

    /// Adds a form of the source entry at `line`. `screen` applies the screening rules (to words
    /// as the sources spell them, not to generated forms).
    pub(crate) fn emit(
        &mut self,
        f: &Form<'a>,
        screen: bool,
        source: &str,
        base: u64,
        line: u64,
    ) -> Result<(), LexiconError> {
        let slot = self.slot(f)?;
        let c = code(base + line, slot);
        if f.is_accepted() {
            self.accept(&f.text, screen, (source, line), c)?;
        } else {
            // A rejected form is out by its rule already; one that is not even spellable in
            // tiles, or too long, is not worth keeping for explanations.
            self.taken += 1;
            *self.refused.entry((f.rule, f.article)).or_default() += 1;
            if self.tiles.parse_word_into(&f.text, &mut self.scratch).is_ok()
                && self.scratch.len() <= self.rules.max_tiles as usize
            {
                self.part.reject(&self.scratch, c)?;
            }
        }
        Ok(())
    }

    /// Adds a word the sources or rules accept, or records why it is left out. A word left out
    /// with `screen` (a word as its source spells it) counts its line among the lines excluded.
    pub(crate) fn accept(
        &mut self,
        text: &str,
        screen: bool,
        (source, line): (&str, u64),
        c: Code,
    ) -> Result<(), LexiconError> {
        self.taken += 1;
        if admit(
            &self.screener,
            self.tiles,
            text,
            screen,
            (source, line),
            &mut self.scratch,
            &mut self.exclusions,
        ) {
            self.part.insert(&self.scratch, c)?;
        } else if screen && self.last_excluded != Some(line) {
            self.excluded_lines += 1;
            self.last_excluded = Some(line);
        }
        Ok(())
    }
}

/// Screens a source word and turns it into tiles in `word`, or records why it is left out.
/// `line` is the entry id; the report shows it as the line of `source`.
fn admit(
    screener: &Screener,
    tiles: &TileSet,
    text: &str,
    screen: bool,
    (source, line): (&str, u64),
    word: &mut Vec<u8>,
    exclusions: &mut Vec<Exclusion>,
) -> bool {
    let rules = screener.rules();
    let mut exclude = |reason: String, rule: &str, article: &str| {
        exclusions.push(Exclusion {
            text: text.to_string(),
            reason,
            rule: rule.to_string(),
            article: article.to_string(),
            source: source.to_string(),
            line,
        });
    };
    if screen {
        if let Some(r) = screener.screen(text) {
            exclude(r.reason.clone(), &r.id, &r.article);
            return false;
        }
    }
    match tiles.parse_word_into(text, word) {
        Ok(()) => {}
        Err(TileError::Absent { text: t, .. }) => {
            exclude(format!("'{t}' has no tile"), "alphabet", &rules.no_tile_article);
            return false;
        }
        Err(e) => {
            exclude(e.to_string(), "alphabet", &rules.spelling_article);
            return false;
        }
    }
    let n = word.len();
    if n < rules.min_tiles as usize || n > rules.max_tiles as usize {
        let reason = format!("{n} tiles: words have {} to {} tiles", rules.min_tiles, rules.max_tiles);
        exclude(reason, "length", &rules.length_article);
        return false;
    }
    true
}
