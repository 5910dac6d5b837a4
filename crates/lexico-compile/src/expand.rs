//! Stage 2, entries → forms: the rules expand each source's entries (words of a raw list,
//! non-verb lemmas, lemma-table rows, classified verbs, update lines) into forms, and each form
//! is handed to a [`Sink`] that turns it into tiles. The entries are cut into units of work run
//! on several threads; the parts they file are merged in unit order, so the lexicon does not
//! depend on the number of threads.

use lexico_lexicon::provenance::{code, SlotInfo};
use lexico_lexicon::{EntryInfo, EntryKind, FormKind, Lexicon, Part, SourceInfo, VerbInfo};
use lexico_rules::pos_table;
use lexico_rules::{fise, lemmas, nonverbs, RuleError, RuleSet};
use lexico_tiles::TileSet;

use crate::forms::{Exclusion, Sink};
use crate::read::{entries, Parsed};
use crate::{CompileError, EvidenceCounts};

/// The previous edition, asked whether it holds a word.
pub(crate) struct Previous<'a>(pub &'a Lexicon);

impl nonverbs::PreviousEdition for Previous<'_> {
    fn has(&self, word: &str) -> bool {
        thread_local! {
            static SCRATCH: std::cell::RefCell<lexico_tiles::Word> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let lex = self.0;
        SCRATCH.with_borrow_mut(|w| lex.tiles().parse_word_into(word, w).is_ok() && lex.contains(w))
    }

    fn tile_count(&self, word: &str) -> Option<usize> {
        let mut w = Vec::new();
        self.0.tiles().parse_word_into(word, &mut w).ok().map(|()| w.len())
    }
}

/// What the lexicon records of a verb entry: its codes as the classified list gives them, and
/// the line of an undone update list that changed them, if one did.
fn verb_info(e: &lexico_rules::verbs::VerbEntry, undone_at: Option<&(String, u64)>) -> EntryInfo {
    EntryInfo {
        lemma: e.infinitive.clone(),
        homograph: e.homograph,
        kind: EntryKind::Verb(VerbInfo {
            model: e.model,
            class: e.class,
            property: e.property,
            forms: e.forms.clone(),
            undone_at: undone_at.cloned(),
        }),
    }
}

/// Units of work in flight at most: the workers run ahead of the merge by this many units, so
/// memory stays that of a few units however unequal they are.
const WINDOW: usize = 8;

/// Entries per unit of work: enough units to share between workers, few enough to keep merging
/// cheap.
fn unit_len(entries: usize) -> usize {
    entries.div_ceil(64).max(256)
}

/// A run of entries of one source.
pub(crate) struct Unit {
    source: usize,
    range: std::ops::Range<usize>,
}

/// What a unit of work produced.
pub(crate) struct Done<'a> {
    pub(crate) part: Part,
    pub(crate) exclusions: Vec<Exclusion>,
    pub(crate) refused: crate::forms::Refused<'a>,
    pub(crate) taken: u64,
    pub(crate) evidence: EvidenceCounts,
    /// The index of the unit's source.
    pub(crate) source: usize,
    /// The number of entries expanded.
    pub(crate) entries: u64,
    /// The number of lines whose own word (as the source spells it) was excluded.
    pub(crate) excluded_lines: u64,
}

/// Why a unit of work produced nothing.
enum Failure {
    Compile(CompileError),
    Panic(Box<dyn std::any::Any + Send>),
}

/// Everything the rules need to expand every source.
pub(crate) struct Work<'a> {
    pub(crate) rules: &'a RuleSet,
    pub(crate) tiles: &'a TileSet,
    pub(crate) plurals: Option<&'a lexico_rules::plural::Plurals>,
    pub(crate) previous: Option<&'a Previous<'a>>,
    pub(crate) updates: &'a [fise::UpdateEntry],
    pub(crate) annotations: &'a [lemmas::LemmaRow],
    pub(crate) listed: &'a std::collections::HashSet<(&'a str, Option<u8>)>,
    pub(crate) listed_words: &'a std::collections::HashSet<&'a str>,
    pub(crate) parsed: &'a [Parsed],
    pub(crate) infos: &'a [SourceInfo],
    /// The plurals an undone update list added (section 3), without accents: rejected.
    pub(crate) undone_plurals: &'a crate::undo::UndonePlurals,
    /// The part-of-speech table and the entry id its line 0 has (its source's base).
    pub(crate) pos_table: Option<(&'a lexico_rules::pos_table::PosTable, u64)>,
    /// The verb forms the verb update lists withdraw (section 12).
    pub(crate) dropped: &'a crate::apply::Dropped,
    /// The paths of the sources as given, for messages (the update lists undone after them).
    pub(crate) paths: &'a [String],
    /// For each source, whether it is a raw list in capitals read as a word list (lower case).
    pub(crate) capitals_as_words: &'a [bool],
}

/// The rule a form that a verb update list adds or withdraws (section 12) is accepted or
/// rejected by (it cites no article: it is a change of the sources).
const UPDATE_RULE: &str = "update-list";

/// The rule a form of an undone update list is accepted or rejected by (it cites no article: it
/// is a change of the sources, not a rule of the regulation).
const UNDONE_RULE: &str = "undone-update";

/// What a worker keeps between units: the non-verb context of the source it is on.
#[derive(Default)]
pub(crate) struct WorkerState<'a> {
    non_verbs: Option<(usize, nonverbs::NonVerbContext<'a>)>,
}

impl<'a> Work<'a> {
    /// The units of work, in source order.
    fn units(&self) -> Vec<Unit> {
        let mut units = Vec::new();
        for (source, p) in self.parsed.iter().enumerate() {
            let n = entries(p);
            let step = unit_len(n);
            let mut start = 0;
            loop {
                let end = (start + step).min(n);
                units.push(Unit { source, range: start..end });
                if end == n {
                    break;
                }
                start = end;
            }
        }
        units
    }

    /// Runs every unit on `jobs` threads (0: as many as the machine has cores, at most four),
    /// and hands what each produced to `merge` in unit order: the lexicon is the one a single
    /// thread would build. Stops at the first unit (in order) that fails.
    pub(crate) fn run_all(
        &self,
        jobs: usize,
        mut merge: impl FnMut(Done<'a>) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::{mpsc, Mutex};
        let units = self.units();
        let threads = match jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4),
            n => n,
        };
        let next = AtomicUsize::new(0);
        let (permit_tx, permits) = mpsc::channel::<()>();
        let permits = Mutex::new(permits);
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel::<(usize, Result<Done<'a>, Failure>)>();
            for _ in 0..WINDOW {
                permit_tx.send(()).expect("the receiver is alive");
            }
            for _ in 0..threads.min(units.len()) {
                let (tx, units, next, permits) = (tx.clone(), &units, &next, &permits);
                scope.spawn(move || {
                    let mut state = WorkerState::default();
                    loop {
                        // A permit, then the next unit: never more than WINDOW units unmerged.
                        if permits.lock().map_or(true, |p| p.recv().is_err()) {
                            return;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(unit) = units.get(i) else { return };
                        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            self.run(unit, &mut state)
                        }));
                        let r = match r {
                            Ok(Ok(done)) => Ok(done),
                            Ok(Err(e)) => Err(Failure::Compile(e)),
                            Err(p) => Err(Failure::Panic(p)),
                        };
                        if tx.send((i, r)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            let mut waiting = std::collections::BTreeMap::new();
            let mut want = 0;
            // Dropping `permit_tx` on the way out (done or failed) lets every worker stop.
            let permit_tx = permit_tx;
            while want < units.len() {
                let Ok((i, r)) = rx.recv() else { break };
                waiting.insert(i, r);
                while let Some(r) = waiting.remove(&want) {
                    match r {
                        Ok(done) => merge(done)?,
                        Err(Failure::Compile(e)) => return Err(e),
                        Err(Failure::Panic(p)) => std::panic::resume_unwind(p),
                    }
                    want += 1;
                    let _ = permit_tx.send(());
                }
            }
            Ok(())
        })
    }

    /// The non-verb context of the worker on `source`, made when it comes to a new source: every
    /// entry of the non-verb lists (and those an undone update list restores) is listed in it.
    fn non_verb_context<'s>(
        &self,
        source: usize,
        state: &'s mut WorkerState<'a>,
    ) -> &'s nonverbs::NonVerbContext<'a> {
        if state.non_verbs.as_ref().is_none_or(|(s, _)| *s != source) {
            let plurals = self.plurals.expect("checked when read");
            let previous = self.previous.map(|l| l as &dyn nonverbs::PreviousEdition);
            let mut ctx = nonverbs::NonVerbContext::new(plurals, previous, self.updates);
            ctx.annotate(self.annotations.iter().cloned());
            if let Some((t, _)) = self.pos_table {
                ctx.with_pos_table(t);
            }
            for p in self.parsed {
                match p {
                    Parsed::NonVerbs(entries) => ctx.list(entries),
                    Parsed::Undone(r) => ctx.list(&r.non_verbs),
                    _ => {}
                }
            }
            state.non_verbs = Some((source, ctx));
        }
        &state.non_verbs.as_ref().expect("set above").1
    }

    /// Expands one non-verb entry and files its forms; a plural an undone update list added is
    /// rejected.
    fn expand_non_verb(
        &self,
        e: &fise::NonVerbEntry,
        ctx: &nonverbs::NonVerbContext<'a>,
        sink: &mut Sink<'a>,
        evidence: &mut EvidenceCounts,
        source: &str,
        base: u64,
    ) -> Result<(), CompileError> {
        let nonverbs::Expansion { mut forms, evidence: ev, by_table } = nonverbs::expand(e, ctx);
        for ev in ev {
            *evidence.entry(ev.name()).or_default() += 1;
        }
        let (row, mut by_table) = by_table.unzip();
        if !self.undone_plurals.is_empty() {
            for (k, f) in forms.iter_mut().enumerate().skip(1) {
                if f.is_accepted() && self.undone_plurals.contains(&crate::undo::unaccented(&f.text)) {
                    if let Some(decided) = &mut by_table {
                        decided.retain(|&i| i != k);
                    }
                    f.rule = UNDONE_RULE;
                    f.article = "";
                    f.verdict = lexico_rules::Admission::Rejected {
                        reason:
                            "a plural the undone update list adds (section 3): not in the edition before it"
                                .into(),
                        reason_es: "un plural que añade la lista de actualización deshecha (sección 3): no \
                                    está en la edición anterior"
                            .into(),
                    };
                }
            }
        }
        let info = EntryInfo {
            lemma: e.lemma.clone(),
            homograph: e.homograph,
            kind: EntryKind::NonVerb { feminine: e.feminine.clone() },
        };
        sink.part.describe_entry(base + e.line as u64, info);
        // The forms a part-of-speech table's row decided have the row's line for provenance.
        let table = match (row, by_table, self.pos_table) {
            (Some(row), Some(decided), Some((_, at))) if !decided.is_empty() => {
                let info = EntryInfo {
                    lemma: row.lemma.clone(),
                    homograph: row.homograph,
                    kind: EntryKind::PosRow {
                        categories: row.categories.iter().map(|&c| pos_table::name(c).to_string()).collect(),
                    },
                };
                sink.part.describe_entry(at + row.line as u64, info);
                Some((row.line as u64, at, decided))
            }
            _ => None,
        };
        for (k, f) in forms.iter().enumerate() {
            match &table {
                Some((line, at, decided)) if decided.contains(&k) => {
                    sink.emit(f, false, source, *at, *line)?
                }
                _ => sink.emit(f, k == 0, source, base, e.line as u64)?,
            }
        }
        Ok(())
    }

    /// The forms of a verb entry, those a verb update list withdraws rejected.
    fn withdrawn<'r>(
        &self,
        e: &lexico_rules::verbs::VerbEntry,
        mut forms: Vec<lexico_rules::Form<'r>>,
    ) -> Vec<lexico_rules::Form<'r>> {
        if self.dropped.is_empty() {
            return forms;
        }
        let verb = crate::apply::folded(e.verb());
        for f in forms.iter_mut().filter(|f| f.is_accepted()) {
            if self.dropped.contains(&(verb.clone(), crate::apply::folded(&f.text))) {
                f.rule = UPDATE_RULE;
                f.article = "";
                f.verdict = lexico_rules::Admission::Rejected {
                    reason: "a form the verb update list withdraws (section 12)".into(),
                    reason_es: "una forma que retira la lista de actualización de verbos (sección 12)".into(),
                };
            }
        }
        forms
    }

    /// Expands one unit of work and files its forms.
    fn run(&self, unit: &Unit, state: &mut WorkerState<'a>) -> Result<Done<'a>, CompileError> {
        let p = &self.parsed[unit.source];
        let info = &self.infos[unit.source];
        let source = info.file.path.as_str();
        // Errors name the source by its path as given; the lexicon, by its file name.
        let typed = self.paths.get(unit.source).map_or(source, String::as_str);
        let mut sink = Sink::new(self.rules, self.tiles);
        let mut evidence = EvidenceCounts::new();
        match p {
            Parsed::Raw(list) => {
                let slot = sink.part.slot(SlotInfo {
                    slot: "word".into(),
                    kind: FormKind::Unknown,
                    rule: "raw-list".into(),
                    article: String::new(),
                    reason: String::new(),
                    reason_es: String::new(),
                })?;
                let lower = self.capitals_as_words.get(unit.source).copied().unwrap_or(false);
                for (line, text) in list.words_in(unit.range.clone()) {
                    let c = code(info.base + line as u64, slot);
                    if lower {
                        sink.accept(&text.to_lowercase(), true, (source, line as u64), c)?;
                    } else {
                        sink.accept(text, true, (source, line as u64), c)?;
                    }
                }
            }
            Parsed::VerbUpdates(v) => {
                let rules = self.rules.verbs.as_ref().expect("checked when applied");
                let (verbs, forms) = (&v.applied.verbs, &v.applied.forms);
                for i in unit.range.clone() {
                    if let Some(e) = verbs.get(i) {
                        sink.part.describe_entry(info.base + e.line as u64, verb_info(e, None));
                        for f in self.withdrawn(e, rules.expand(e)) {
                            sink.emit(&f, false, source, info.base, e.line as u64)?;
                        }
                    } else {
                        let added = &forms[i - verbs.len()];
                        sink.part
                            .describe_entry(info.base + added.line as u64, verb_info(&added.entry, None));
                        let f = lexico_rules::Form {
                            text: added.text.clone(),
                            kind: lexico_rules::FormKind::VerbForm,
                            slot: "added",
                            rule: UPDATE_RULE,
                            article: "",
                            verdict: lexico_rules::Admission::Accepted,
                        };
                        sink.emit(&f, true, source, info.base, added.line as u64)?;
                    }
                }
            }
            Parsed::NonVerbs(entries) => {
                let ctx = self.non_verb_context(unit.source, state);
                for e in &entries[unit.range.clone()] {
                    self.expand_non_verb(e, ctx, &mut sink, &mut evidence, source, info.base)?;
                }
            }
            Parsed::Undone(r) => {
                let (nv, verbs) = (r.non_verbs.len(), r.verbs.len());
                for i in unit.range.clone() {
                    if i < nv {
                        let ctx = self.non_verb_context(unit.source, state);
                        self.expand_non_verb(
                            &r.non_verbs[i],
                            ctx,
                            &mut sink,
                            &mut evidence,
                            source,
                            info.base,
                        )?;
                    } else if i < nv + verbs {
                        let e = &r.verbs[i - nv];
                        let Some(v) = &self.rules.verbs else {
                            return Err(CompileError::Unsupported {
                                path: format!("{typed}:{}", e.line),
                                kind: "verb (the rule set has no verb rules)",
                            });
                        };
                        sink.part.describe_entry(info.base + e.line as u64, verb_info(e, None));
                        for f in v.expand(e) {
                            sink.emit(&f, false, source, info.base, e.line as u64)?;
                        }
                    } else {
                        let (line, word) = &r.plurals[i - nv - verbs];
                        let f = lexico_rules::Form {
                            text: word.clone(),
                            kind: lexico_rules::FormKind::Plural,
                            slot: "plural",
                            rule: UNDONE_RULE,
                            article: "",
                            verdict: lexico_rules::Admission::Accepted,
                        };
                        sink.emit(&f, true, source, info.base, *line as u64)?;
                    }
                }
            }
            Parsed::Lemmas(rows) => {
                let plurals = self.plurals.expect("checked when read");
                for row in rows[unit.range.clone()]
                    .iter()
                    .filter(|r| !self.listed.contains(&(r.lemma.as_str(), r.homograph)))
                {
                    let entry = EntryInfo {
                        lemma: row.lemma.clone(),
                        homograph: row.homograph,
                        kind: EntryKind::LemmaRow,
                    };
                    sink.part.describe_entry(info.base + row.line as u64, entry);
                    if !row.pos.is_empty() {
                        for (k, f) in nonverbs::expand_row(row, plurals).iter().enumerate() {
                            sink.emit(f, k == 0, source, info.base, row.line as u64)?;
                        }
                    }
                    if !row.verb.is_empty() {
                        let Some(v) = &self.rules.verbs else {
                            return Err(CompileError::Unsupported {
                                path: format!("{typed}:{}", row.line),
                                kind: "verb (the rule set has no verb rules)",
                            });
                        };
                        let entry = v
                            .entry_for_row(row)
                            .map_err(|m| RuleError::syntax(std::path::Path::new(typed), row.line, 1, m))?;
                        for f in v.expand(&entry) {
                            sink.emit(&f, false, source, info.base, row.line as u64)?;
                        }
                    }
                }
            }
            Parsed::Verbs(list) => {
                let v = self.rules.verbs.as_ref().expect("checked when read");
                for e in &list.entries[unit.range.clone()] {
                    sink.part
                        .describe_entry(info.base + e.line as u64, verb_info(e, list.notes.get(&e.line)));
                    for f in self.withdrawn(e, v.expand(e)) {
                        sink.emit(&f, false, source, info.base, e.line as u64)?;
                    }
                }
            }
            Parsed::NonVerbUpdates(entries) => {
                for u in &entries[unit.range.clone()] {
                    // Described like any entry, so that `diff --explain` can name the line that
                    // adds, removes or reclassifies a word even where it emits no form itself.
                    sink.part.describe_entry(info.base + u.line as u64, update_info(u));
                    let in_list = self.listed_words.contains(u.word.as_str());
                    for f in nonverbs::update_forms(u, self.plurals, in_list) {
                        sink.emit(&f, true, source, info.base, u.line as u64)?;
                    }
                }
            }
        }
        sink.part.sort();
        Ok(Done {
            part: sink.part,
            exclusions: sink.exclusions,
            refused: sink.refused,
            taken: sink.taken,
            evidence,
            source: unit.source,
            entries: unit.range.len() as u64,
            excluded_lines: sink.excluded_lines,
        })
    }
}

/// What the lexicon records of an entry of the non-verb update list: its word and what its
/// section does to it.
fn update_info(u: &fise::UpdateEntry) -> EntryInfo {
    EntryInfo { lemma: u.word.clone(), homograph: None, kind: EntryKind::Update(u.section) }
}
