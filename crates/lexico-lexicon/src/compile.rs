//! Compiling sources with a rule set into a lexicon file image.

use sha2::{Digest, Sha256};

use lexico_rules::sources::{self, SourceKind};
use lexico_rules::{fise, lemmas, nonverbs, verbs, Form, RuleError, RuleSet, Verdict};
use lexico_tiles::{TileError, TileSet};

use crate::builder::{hex, Builder, Part};
use crate::error::LexiconError;
use crate::manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
use crate::provenance::{code, Code, SlotInfo};

/// A source file as given to a build: the path to record and its bytes.
pub struct Input {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The descriptive fields of the lexicon being built.
#[derive(Clone, Debug, Default)]
pub struct Meta {
    pub name: String,
    pub edition: String,
    pub version: String,
    pub notes: Vec<String>,
    /// The program building it (`lexico 0.1.0`).
    pub tool: String,
    /// Add the anagram index (section `AGRM`): anagram queries in a fraction of a millisecond, at
    /// the cost of a file about ten times the word store and a slower build.
    pub anagram_index: bool,
    /// Threads that expand entries and file their forms; 0: one per core, at most four. The
    /// lexicon does not depend on it.
    pub jobs: usize,
}

/// A word a build took in and left out, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    pub text: String,
    pub reason: String,
    pub rule: String,
    pub article: String,
    pub source: String,
    pub line: u64,
}

/// What a build produced.
pub struct Compiled {
    pub image: Vec<u8>,
    pub manifest: Manifest,
    pub exclusions: Vec<Exclusion>,
    /// Words taken in (source words and generated forms), before duplicates were merged.
    pub taken: u64,
    /// How many words each source of evidence decided the number of.
    pub evidence: EvidenceCounts,
}

/// Why a build stopped.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
    #[error("{path}: {kind} lists are not supported by this build")]
    Unsupported { path: String, kind: &'static str },
    /// Nothing would be written: an empty lexicon is always a mistake (an empty or truncated
    /// source, the wrong file, a rule set that excludes everything).
    #[error("no word to write: {0}")]
    NoWords(String),
}

/// How many words each source of evidence decided the number of (see
/// [`lexico_rules::nonverbs`]).
pub type EvidenceCounts = std::collections::BTreeMap<&'static str, u64>;

/// A source once read by its reader.
enum Parsed {
    Raw(sources::RawList),
    NonVerbs(Vec<fise::NonVerbEntry>),
    NonVerbUpdates(Vec<fise::UpdateEntry>),
    Lemmas(Vec<lemmas::LemmaRow>),
    Verbs(Vec<verbs::VerbEntry>),
    /// The verb update list documents changes the classified list already carries: it adds no
    /// word by itself.
    VerbUpdates,
}

/// The previous edition, asked whether it holds a word.
impl nonverbs::PreviousEdition for crate::Lexicon {
    fn has(&self, word: &str) -> bool {
        thread_local! {
            static SCRATCH: std::cell::RefCell<lexico_tiles::Word> = const { std::cell::RefCell::new(Vec::new()) };
        }
        SCRATCH.with_borrow_mut(|w| self.tiles().parse_word_into(word, w).is_ok() && self.contains(w))
    }

    fn tile_count(&self, word: &str) -> Option<usize> {
        let mut w = Vec::new();
        self.tiles().parse_word_into(word, &mut w).ok().map(|()| w.len())
    }
}

/// Compiles `inputs` with `rules`, taking `previous` (the last edition) as evidence where the
/// sources leave a question open. `progress(done, total)` is called as sources are expanded.
pub fn compile(
    rules: &RuleSet,
    inputs: &[Input],
    previous: Option<&crate::Lexicon>,
    meta: Meta,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Compiled, CompileError> {
    let tiles = TileSet::parse(&rules.tiles_csv)
        .map_err(|e| lexico_rules::ruleset::tile_error("tiles.csv".into(), e))?;
    // Read every source first: an unreadable one stops the build before anything is expanded.
    let mut parsed = Vec::with_capacity(inputs.len());
    let mut source_infos = Vec::new();
    let mut base = 0u64;
    // The sources' digests are computed on a second thread while they are parsed.
    let digests = std::thread::scope(|scope| -> Result<Vec<String>, CompileError> {
        let digests = scope.spawn(|| inputs.iter().map(|i| hex(&Sha256::digest(&i.bytes))).collect());
        let mut read = || -> Result<(), CompileError> {
            for input in inputs {
                let path = std::path::Path::new(&input.path);
                let kind = SourceKind::detect(&input.bytes);
                let (p, lines) = match kind {
                    SourceKind::Raw => {
                        let list = sources::read_raw(path, &input.bytes)?;
                        let lines = list.lines;
                        (Parsed::Raw(list), lines)
                    }
                    SourceKind::FiseNonVerbs => {
                        let (entries, lines) = fise::read_non_verbs(path, &input.bytes)?;
                        (Parsed::NonVerbs(entries), lines)
                    }
                    SourceKind::FiseVerbs => {
                        let entries = verbs::read_classified(path, &input.bytes)?;
                        let Some(v) = &rules.verbs else {
                            return Err(CompileError::Unsupported {
                                path: input.path.clone(),
                                kind: "verb (the rule set has no verb rules)",
                            });
                        };
                        v.check_entries(path, &entries)?;
                        let lines = sources::lines(&sources::decode(path, &input.bytes, true)?).count();
                        (Parsed::Verbs(entries), lines)
                    }
                    SourceKind::FiseVerbUpdates => {
                        let lines = sources::lines(&sources::decode(path, &input.bytes, true)?).count();
                        (Parsed::VerbUpdates, lines)
                    }
                    SourceKind::LemmaTable => {
                        let (rows, lines) = lemmas::read_lemma_table(path, &input.bytes)?;
                        (Parsed::Lemmas(rows), lines)
                    }
                    SourceKind::FiseNonVerbUpdates => {
                        let (entries, lines) = fise::read_non_verb_updates(path, &input.bytes)?;
                        (Parsed::NonVerbUpdates(entries), lines)
                    }
                };
                source_infos.push(SourceInfo {
                    file: FileDigest { path: input.path.clone(), sha256: String::new() },
                    kind: kind.name().to_string(),
                    lines: lines as u64,
                    base,
                });
                base += lines as u64;
                parsed.push(p);
            }
            Ok(())
        };
        read()?;
        Ok(digests.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })?;
    for (info, sha) in source_infos.iter_mut().zip(digests) {
        info.file.sha256 = sha;
    }
    let needs_plurals = parsed.iter().any(|p| matches!(p, Parsed::NonVerbs(_) | Parsed::Lemmas(_)));
    // A lemma-table row for a headword (and homograph number) of a FISE non-verb list annotates
    // that entry; any other row is a lemma of its own.
    let listed: std::collections::HashSet<(&str, Option<u8>)> = parsed
        .iter()
        .filter_map(|p| match p {
            Parsed::NonVerbs(e) => Some(e.iter().map(|e| (e.lemma.as_str(), e.homograph))),
            _ => None,
        })
        .flatten()
        .collect();
    // Every headword and feminine of the non-verb lists: an update list's new entry that none
    // of them repeats is a word of its own.
    let listed_words: std::collections::HashSet<&str> = parsed
        .iter()
        .filter_map(|p| match p {
            Parsed::NonVerbs(e) => {
                Some(e.iter().flat_map(|e| std::iter::once(e.lemma.as_str()).chain(e.feminine.as_deref())))
            }
            _ => None,
        })
        .flatten()
        .collect();
    let annotations: Vec<lemmas::LemmaRow> = parsed
        .iter()
        .filter_map(|p| match p {
            Parsed::Lemmas(rows) => {
                Some(rows.iter().filter(|r| listed.contains(&(r.lemma.as_str(), r.homograph))))
            }
            _ => None,
        })
        .flatten()
        .cloned()
        .collect();
    let plurals = match (&rules.plurals, needs_plurals) {
        (Some(p), _) => Some(p),
        (None, false) => None,
        (None, true) => {
            return Err(CompileError::Unsupported {
                path: "the rule set".into(),
                kind: "non-verb (the rule set has no plural rules)",
            })
        }
    };
    let updates: Vec<fise::UpdateEntry> = parsed
        .iter()
        .filter_map(|p| match p {
            Parsed::NonVerbUpdates(u) => Some(u.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect();
    let work = Work {
        rules,
        tiles: &tiles,
        plurals,
        previous,
        updates: &updates,
        annotations: &annotations,
        listed: &listed,
        listed_words: &listed_words,
        parsed: &parsed,
        infos: &source_infos,
    };
    let mut builder = Builder::new(&rules.tiles_csv);
    builder.anagram_index(meta.anagram_index);
    let mut exclusions = Vec::new();
    let mut taken = 0;
    let mut evidence = EvidenceCounts::new();
    let total = parsed.len() as u64;
    work.run_all(meta.jobs, |done| {
        builder.merge(done.part)?;
        exclusions.extend(done.exclusions);
        taken += done.taken;
        for (k, n) in done.evidence {
            *evidence.entry(k).or_default() += n;
        }
        if let Some(i) = done.finished {
            progress(i as u64 + 1, total);
        }
        Ok(())
    })?;
    let mut sink = Sink::new(rules, &tiles);
    // Words the regulation's plural lists name whose singular is too short to be a word (the
    // letters A, E, O, U: 18.1.2.3) are in no source list, yet their plurals are words.
    if let (Some(plurals), true) = (plurals, needs_plurals) {
        let mut by_file: std::collections::BTreeMap<std::path::PathBuf, Vec<(usize, Form)>> =
            Default::default();
        let mut lemmas: Vec<&str> = plurals.listed_lemmas().collect();
        lemmas.sort_unstable();
        for lemma in lemmas {
            let short = tiles.parse_word(lemma).is_ok_and(|w| w.len() < rules.min_tiles as usize);
            if !short || listed.contains(&(lemma, None)) {
                continue;
            }
            let Some(d) = plurals.closed_list(lemma) else { continue };
            let Some(entry) = plurals.entries(lemma).first() else { continue };
            for f in d.forms.into_iter().filter(|f| f.text != lemma && f.is_accepted()) {
                by_file.entry(entry.source.0.clone()).or_default().push((entry.source.1, f));
            }
        }
        for (path, forms) in by_file {
            let shown = path.strip_prefix(&rules.dir).unwrap_or(&path).to_string_lossy().into_owned();
            let lines = forms.iter().map(|(l, _)| *l).max().unwrap_or(0) as u64;
            let sha = rules.files.iter().find(|(p, _)| *p == shown).map(|(_, b)| hex(&Sha256::digest(b)));
            let source = format!("{}/{shown}", rules.dir.display());
            for (line, f) in &forms {
                sink.emit(f, false, &source, base, *line as u64)?;
            }
            source_infos.push(SourceInfo {
                file: FileDigest { path: source, sha256: sha.unwrap_or_default() },
                kind: "rule-list".into(),
                lines,
                base,
            });
            base += lines;
        }
    }
    let manifest = Manifest {
        name: meta.name,
        edition: meta.edition,
        version: meta.version,
        notes: meta.notes,
        tool: meta.tool,
        rules: RuleSetInfo {
            name: rules.name.clone(),
            version: rules.version.clone(),
            files: rules
                .files
                .iter()
                .map(|(p, b)| FileDigest { path: p.clone(), sha256: hex(&Sha256::digest(b)) })
                .collect(),
        },
        sources: source_infos,
        min_tiles: rules.min_tiles,
        max_tiles: rules.max_tiles,
        ..Manifest::default()
    };
    builder.merge(sink.part)?;
    exclusions.extend(sink.exclusions);
    taken += sink.taken;
    if builder.is_empty() {
        return Err(CompileError::NoWords(if taken == 0 {
            "the sources hold no word".into()
        } else {
            let mut by_rule: std::collections::BTreeMap<&str, usize> = Default::default();
            for x in &exclusions {
                *by_rule.entry(x.rule.as_str()).or_default() += 1;
            }
            let rules: Vec<String> = by_rule.iter().map(|(r, n)| format!("{n} by {r}")).collect();
            let rejected = taken - exclusions.len() as u64;
            let mut why = format!("the rules left out all {taken} words the sources gave");
            if !rules.is_empty() {
                why.push_str(&format!(" (excluded: {})", rules.join(", ")));
            }
            if rejected > 0 {
                why.push_str(&format!(" ({rejected} generated forms rejected)"));
            }
            why
        }));
    }
    let image = builder.finish(manifest)?;
    let lexicon = crate::Lexicon::from_vec(image)?;
    let manifest = lexicon.manifest()?.clone();
    let image = lexicon.into_bytes();
    Ok(Compiled { image, manifest, exclusions, taken, evidence })
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
struct Unit {
    source: usize,
    range: std::ops::Range<usize>,
    /// Whether it is the source's last unit.
    last: bool,
}

/// What a unit of work produced.
struct Done {
    part: Part,
    exclusions: Vec<Exclusion>,
    taken: u64,
    evidence: EvidenceCounts,
    /// The index of the source the unit finished.
    finished: Option<usize>,
}

/// Why a unit of work produced nothing.
enum Failure {
    Compile(CompileError),
    Panic(Box<dyn std::any::Any + Send>),
}

/// Everything the rules need to expand every source.
struct Work<'a> {
    rules: &'a RuleSet,
    tiles: &'a TileSet,
    plurals: Option<&'a lexico_rules::plural::Plurals>,
    previous: Option<&'a crate::Lexicon>,
    updates: &'a [fise::UpdateEntry],
    annotations: &'a [lemmas::LemmaRow],
    listed: &'a std::collections::HashSet<(&'a str, Option<u8>)>,
    listed_words: &'a std::collections::HashSet<&'a str>,
    parsed: &'a [Parsed],
    infos: &'a [SourceInfo],
}

/// What a worker keeps between units: the non-verb context of the source it is on.
#[derive(Default)]
struct WorkerState<'a> {
    non_verbs: Option<(usize, nonverbs::NonVerbContext<'a>)>,
}

impl<'a> Work<'a> {
    /// The units of work, in source order.
    fn units(&self) -> Vec<Unit> {
        let mut units = Vec::new();
        for (source, p) in self.parsed.iter().enumerate() {
            let n = match p {
                Parsed::Raw(list) => list.len(),
                Parsed::NonVerbs(e) => e.len(),
                Parsed::NonVerbUpdates(e) => e.len(),
                Parsed::Lemmas(rows) => rows.len(),
                Parsed::Verbs(e) => e.len(),
                Parsed::VerbUpdates => 0,
            };
            let step = unit_len(n);
            let mut start = 0;
            loop {
                let end = (start + step).min(n);
                units.push(Unit { source, range: start..end, last: end == n });
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
    fn run_all(
        &self,
        jobs: usize,
        mut merge: impl FnMut(Done) -> Result<(), CompileError>,
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
            let (tx, rx) = mpsc::channel::<(usize, Result<Done, Failure>)>();
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

    /// Expands one unit of work and files its forms.
    fn run(&self, unit: &Unit, state: &mut WorkerState<'a>) -> Result<Done, CompileError> {
        let p = &self.parsed[unit.source];
        let info = &self.infos[unit.source];
        let source = info.file.path.as_str();
        let mut sink = Sink::new(self.rules, self.tiles);
        let mut evidence = EvidenceCounts::new();
        match p {
            Parsed::Raw(list) => {
                let slot = sink.part.slot(SlotInfo {
                    slot: "word".into(),
                    rule: "raw-list".into(),
                    article: String::new(),
                    reason: String::new(),
                })?;
                for (line, text) in list.words_in(unit.range.clone()) {
                    sink.accept(text, true, (source, line as u64), code(info.base + line as u64, slot))?;
                }
            }
            Parsed::VerbUpdates => {}
            Parsed::NonVerbs(entries) => {
                let plurals = self.plurals.expect("checked when read");
                if state.non_verbs.as_ref().is_none_or(|(s, _)| *s != unit.source) {
                    let previous = self.previous.map(|l| l as &dyn nonverbs::PreviousEdition);
                    let mut ctx = nonverbs::NonVerbContext::new(plurals, previous, self.updates);
                    ctx.annotate(self.annotations.iter().cloned());
                    ctx.list(entries);
                    state.non_verbs = Some((unit.source, ctx));
                }
                let (_, ctx) = state.non_verbs.as_ref().expect("set above");
                for e in &entries[unit.range.clone()] {
                    let (forms, ev) = nonverbs::expand(e, ctx);
                    for ev in ev {
                        *evidence.entry(ev.name()).or_default() += 1;
                    }
                    let mut text = e.lemma.clone();
                    if let Some(f) = &e.feminine {
                        text.push(' ');
                        text.push_str(f);
                    }
                    if let Some(h) = e.homograph {
                        text.push_str(&format!(" {h}"));
                    }
                    sink.part.describe_entry(info.base + e.line as u64, format!("non-verb {text}"));
                    for (k, f) in forms.iter().enumerate() {
                        sink.emit(f, k == 0, source, info.base, e.line as u64)?;
                    }
                }
            }
            Parsed::Lemmas(rows) => {
                let plurals = self.plurals.expect("checked when read");
                for row in rows[unit.range.clone()]
                    .iter()
                    .filter(|r| !self.listed.contains(&(r.lemma.as_str(), r.homograph)))
                {
                    sink.part.describe_entry(info.base + row.line as u64, format!("lemma {}", row.lemma));
                    if !row.pos.is_empty() {
                        for (k, f) in nonverbs::expand_row(row, plurals).iter().enumerate() {
                            sink.emit(f, k == 0, source, info.base, row.line as u64)?;
                        }
                    }
                    if !row.verb.is_empty() {
                        let Some(v) = &self.rules.verbs else {
                            return Err(CompileError::Unsupported {
                                path: format!("{source}:{}", row.line),
                                kind: "verb (the rule set has no verb rules)",
                            });
                        };
                        let entry = v
                            .entry_for_row(row)
                            .map_err(|m| RuleError::syntax(std::path::Path::new(source), row.line, 1, m))?;
                        for f in v.expand(&entry) {
                            sink.emit(&f, false, source, info.base, row.line as u64)?;
                        }
                    }
                }
            }
            Parsed::Verbs(entries) => {
                let v = self.rules.verbs.as_ref().expect("checked when read");
                for e in &entries[unit.range.clone()] {
                    let mut text = format!("verb {:02}-{}-{}-{}", e.model, e.class, e.property, e.infinitive);
                    if let Some(h) = e.homograph {
                        text.push_str(&format!(" {h}"));
                    }
                    if let Some(f) = &e.forms {
                        text.push_str(&format!("({f})"));
                    }
                    sink.part.describe_entry(info.base + e.line as u64, text);
                    for f in v.expand(e) {
                        sink.emit(&f, false, source, info.base, e.line as u64)?;
                    }
                }
            }
            Parsed::NonVerbUpdates(entries) => {
                for u in &entries[unit.range.clone()] {
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
            taken: sink.taken,
            evidence,
            finished: unit.last.then_some(unit.source),
        })
    }
}

/// Where forms go: into the word store, the store of rejected forms, or the exclusion report.
struct Sink<'a> {
    rules: &'a RuleSet,
    tiles: &'a TileSet,
    part: Part,
    exclusions: Vec<Exclusion>,
    taken: u64,
    scratch: Vec<u8>,
    /// Slots by where the form's names sit: see [`Sink::slot`].
    slots: std::collections::HashMap<[(usize, usize); 4], u16, std::hash::BuildHasherDefault<Mix>>,
}

/// A hasher for keys made of addresses and lengths: a multiply-rotate mix per word.
#[derive(Default)]
struct Mix(u64);

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
    fn new(rules: &'a RuleSet, tiles: &'a TileSet) -> Sink<'a> {
        Sink {
            rules,
            tiles,
            part: Part::default(),
            exclusions: Vec::new(),
            taken: 0,
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
            Verdict::Accepted => Some((0, 0)),
            Verdict::Rejected { reason: std::borrow::Cow::Borrowed(r) } => Some(at(r)),
            Verdict::Rejected { .. } => None,
        };
        let key = reason.map(|r| [at(f.slot), at(f.rule), at(f.article), r]);
        if let Some(&i) = key.as_ref().and_then(|k| self.slots.get(k)) {
            return Ok(i);
        }
        let i = self.part.slot(SlotInfo {
            slot: f.slot.to_string(),
            rule: f.rule.to_string(),
            article: f.article.to_string(),
            reason: match &f.verdict {
                Verdict::Accepted => String::new(),
                Verdict::Rejected { reason } => reason.to_string(),
            },
        })?;
        if let Some(k) = key {
            self.slots.insert(k, i);
        }
        Ok(i)
    }

    /// Adds a form of the source entry at `line`. `screen` applies the screening rules (to words
    /// as the sources spell them, not to generated forms).
    fn emit(
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
            if self.tiles.parse_word_into(&f.text, &mut self.scratch).is_ok()
                && self.scratch.len() <= self.rules.max_tiles as usize
            {
                self.part.reject(&self.scratch, c)?;
            }
        }
        Ok(())
    }

    /// Adds a word the sources or rules accept, or records why it is left out.
    fn accept(
        &mut self,
        text: &str,
        screen: bool,
        (source, line): (&str, u64),
        c: Code,
    ) -> Result<(), LexiconError> {
        self.taken += 1;
        if admit(
            self.rules,
            self.tiles,
            text,
            screen,
            (source, line),
            &mut self.scratch,
            &mut self.exclusions,
        ) {
            self.part.insert(&self.scratch, c)?;
        }
        Ok(())
    }
}

/// Screens a source word and turns it into tiles in `word`, or records why it is left out.
/// `line` is the entry id; the report shows it as the line of `source`.
fn admit(
    rules: &RuleSet,
    tiles: &TileSet,
    text: &str,
    screen: bool,
    (source, line): (&str, u64),
    word: &mut Vec<u8>,
    exclusions: &mut Vec<Exclusion>,
) -> bool {
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
        if let Some(r) = rules.screen(text) {
            exclude(r.reason.clone(), &r.id, &r.article);
            return false;
        }
    }
    match tiles.parse_word_into(text, word) {
        Ok(()) => {}
        Err(TileError::Absent { text: t, .. }) => {
            exclude(format!("'{t}' has no tile"), "alphabet", "11; game art. 10.1");
            return false;
        }
        Err(e) => {
            exclude(e.to_string(), "alphabet", "game art. 10");
            return false;
        }
    }
    let n = word.len();
    if n < rules.min_tiles as usize || n > rules.max_tiles as usize {
        let reason = format!("{n} tiles: words have {} to {} tiles", rules.min_tiles, rules.max_tiles);
        exclude(reason, "length", "Vocabulario oficial");
        return false;
    }
    true
}
