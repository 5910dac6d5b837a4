//! Compiling sources with a rule set into a lexicon file image, with the warnings a maintainer
//! should read (duplicate lines, empty sources, sources mostly excluded, a source given twice)
//! returned as data and the progress reported to a callback: this module never prints.
//!
//! The lexicon does not depend on the order the sources are given in: they are taken in the
//! byte order of their paths (see `docs/maintainers.md`).

use sha2::{Digest, Sha256};

use lexico_rules::sources::{self, SourceKind};
use lexico_rules::{fise, lemmas, nonverbs, verbs, Form, RuleError, RuleSet, Verdict};
use lexico_tiles::{TileError, TileSet};

use crate::builder::{hex, Builder, Part};
use crate::error::LexiconError;
use crate::manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
pub use crate::progress::{Phase, Progress};
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
    /// What the maintainer should look at, though the build succeeded: in source order (the
    /// order of their paths), each source's warnings in the order of [`Warning`]'s variants.
    pub warnings: Vec<Warning>,
}

/// Line numbers a [`Warning::Duplicates`] names at most.
pub const DUPLICATES_SHOWN: usize = 5;

/// A source is [`Warning::MostlyExcluded`] when more than half of its entry lines, and at least
/// this many, had their word excluded: a handful of bad lines in a short hand-made list is not
/// worth a warning, the exclusion report lists them.
pub const MOSTLY_EXCLUDED_MIN_LINES: u64 = 10;

/// Something in the sources a maintainer should look at; the build goes on. Its `Display` is
/// one line naming the source, without a prefix (the caller adds its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// A source in which its reader found no entry at all (no word, lemma or verb): `lines` is
    /// the number of lines it has. The verb update list, which adds no word by design, is never
    /// empty in this sense.
    Empty { source: String, lines: u64 },
    /// Lines whose entry repeats one of an earlier line of the same source, identical in every
    /// field its reader reads (for a raw list: the same word as written; for the update lists:
    /// in the same section). `lines` holds the first [`DUPLICATES_SHOWN`] repeating lines.
    Duplicates { source: String, count: u64, lines: Vec<u64> },
    /// More than half of the entry lines of a source (and at least [`MOSTLY_EXCLUDED_MIN_LINES`])
    /// had their own word excluded (a character with no tile, a screening rule, the length):
    /// often a file that is not a word list at all.
    MostlyExcluded { source: String, excluded: u64, lines: u64 },
    /// A source with the same bytes as an earlier one (or the same path given twice): its
    /// entries are read twice.
    SameBytes { source: String, first: String },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::Empty { source, lines: 0 } => write!(f, "{source}: empty source"),
            Warning::Empty { source, lines } => {
                write!(f, "{source}: empty source: no entry in its {lines} lines")
            }
            Warning::Duplicates { source, count, lines } => {
                let shown: Vec<String> = lines.iter().map(u64::to_string).collect();
                let (s, first) = if *count == 1 { ("", "") } else { ("s", "first ") };
                let first = if *count as usize > lines.len() { first } else { "" };
                write!(f, "{source}: {count} duplicate line{s} ({first}at {})", shown.join(", "))
            }
            Warning::MostlyExcluded { source, excluded, lines } => {
                write!(f, "{source}: {excluded} of {lines} lines excluded: is it a word list?")
            }
            Warning::SameBytes { source, first } if source == first => {
                write!(f, "{source}: given twice: its entries are read twice")
            }
            Warning::SameBytes { source, first } => {
                write!(f, "{source}: the same bytes as {first}: its entries are read twice")
            }
        }
    }
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
/// sources leave a question open. `progress(phase, done, total)` is called as the build goes
/// (see [`Progress`]).
///
/// The inputs are taken in the byte order of their paths, whatever order they come in: the
/// same files give the same lexicon, byte for byte, however they were listed.
pub fn compile(
    rules: &RuleSet,
    inputs: &[Input],
    previous: Option<&crate::Lexicon>,
    meta: Meta,
    progress: Progress<'_>,
) -> Result<Compiled, CompileError> {
    let tiles = TileSet::parse(&rules.tiles_csv)
        .map_err(|e| lexico_rules::ruleset::tile_error("tiles.csv".into(), e))?;
    let mut inputs: Vec<&Input> = inputs.iter().collect();
    // Stable: the same path given twice keeps its places (and is warned about).
    inputs.sort_by(|a, b| a.path.cmp(&b.path));
    let inputs = inputs.as_slice();
    let total_bytes: u64 = inputs.iter().map(|i| i.bytes.len() as u64).sum();
    let mut read_bytes = 0;
    progress(Phase::Reading, 0, total_bytes);
    // Read every source first: an unreadable one stops the build before anything is expanded.
    let mut parsed = Vec::with_capacity(inputs.len());
    let mut source_infos = Vec::new();
    let mut base = 0u64;
    // The sources' digests are computed on a second thread while they are parsed.
    let digests = std::thread::scope(|scope| -> Result<Vec<String>, CompileError> {
        let digests = scope.spawn(|| inputs.iter().map(|i| hex(&Sha256::digest(&i.bytes))).collect());
        let mut read = || -> Result<(), CompileError> {
            for &input in inputs {
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
                read_bytes += input.bytes.len() as u64;
                progress(Phase::Reading, read_bytes, total_bytes);
            }
            Ok(())
        };
        read()?;
        Ok(digests.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })?;
    for (info, sha) in source_infos.iter_mut().zip(digests) {
        info.file.sha256 = sha;
    }
    // Each source's warnings, in source order: what reading found now, exclusions after.
    let mut warnings: Vec<Vec<Warning>> = source_infos
        .iter()
        .enumerate()
        .map(|(i, info)| reading_warnings(&parsed[i], info, &source_infos[..i]))
        .collect();
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
    let total_entries: u64 = parsed.iter().map(|p| entries(p) as u64).sum();
    let mut expanded = 0;
    let mut excluded_lines = vec![0u64; parsed.len()];
    progress(Phase::Expanding, 0, total_entries);
    work.run_all(meta.jobs, |done| {
        builder.merge(done.part)?;
        exclusions.extend(done.exclusions);
        taken += done.taken;
        for (k, n) in done.evidence {
            *evidence.entry(k).or_default() += n;
        }
        excluded_lines[done.source] += done.excluded_lines;
        expanded += done.entries;
        progress(Phase::Expanding, expanded, total_entries);
        Ok(())
    })?;
    for (i, p) in parsed.iter().enumerate() {
        let (excluded, lines) = (excluded_lines[i], entries(p) as u64);
        if excluded * 2 > lines && excluded >= MOSTLY_EXCLUDED_MIN_LINES {
            let source = source_infos[i].file.path.clone();
            warnings[i].push(Warning::MostlyExcluded { source, excluded, lines });
        }
    }
    let warnings: Vec<Warning> = warnings.into_iter().flatten().collect();
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
            // Named by the rule set, not the folder it was loaded from, so that an embedded set
            // and a copy of it on disk record the same manifest.
            let source = format!("{}/{shown}", rules.name);
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
    let image = builder.finish_with_progress(manifest, progress)?;
    let lexicon = crate::Lexicon::from_vec(image)?;
    let manifest = lexicon.manifest()?.clone();
    let image = lexicon.into_bytes();
    Ok(Compiled { image, manifest, exclusions, taken, evidence, warnings })
}

/// The number of entries a source gave: words of a raw list, lemmas, verbs, update lines.
fn entries(p: &Parsed) -> usize {
    match p {
        Parsed::Raw(list) => list.len(),
        Parsed::NonVerbs(e) => e.len(),
        Parsed::NonVerbUpdates(e) => e.len(),
        Parsed::Lemmas(rows) => rows.len(),
        Parsed::Verbs(e) => e.len(),
        Parsed::VerbUpdates => 0,
    }
}

/// What reading a source shows: that it is empty, has duplicate lines, or has the bytes of one
/// of the sources `before` it.
fn reading_warnings(p: &Parsed, info: &SourceInfo, before: &[SourceInfo]) -> Vec<Warning> {
    let source = &info.file.path;
    let mut warnings = Vec::new();
    if entries(p) == 0 && !matches!(p, Parsed::VerbUpdates) {
        warnings.push(Warning::Empty { source: source.clone(), lines: info.lines });
    }
    let (count, lines) = duplicates(p);
    if count > 0 {
        warnings.push(Warning::Duplicates { source: source.clone(), count, lines });
    }
    // Two empty sources have the same bytes too: that they are empty says it all.
    let same = before.iter().find(|b| b.file.sha256 == info.file.sha256).filter(|_| entries(p) > 0);
    if let Some(first) = same {
        warnings.push(Warning::SameBytes { source: source.clone(), first: first.file.path.clone() });
    }
    warnings
}

/// The number of entry lines of a source that repeat an earlier one, and the first
/// [`DUPLICATES_SHOWN`] of them.
fn duplicates(p: &Parsed) -> (u64, Vec<u64>) {
    use std::borrow::Cow;
    use std::collections::HashSet;
    // Each entry as a key holding every field its reader reads but its line.
    let keyed: Box<dyn Iterator<Item = (usize, Cow<str>)>> = match p {
        Parsed::Raw(list) => Box::new(list.words().map(|(l, w)| (l, Cow::Borrowed(w)))),
        Parsed::NonVerbs(e) => Box::new(
            e.iter()
                .map(|e| (e.line, Cow::Owned(format!("{}\t{:?}\t{:?}", e.lemma, e.feminine, e.homograph)))),
        ),
        Parsed::NonVerbUpdates(e) => Box::new(e.iter().map(|u| {
            (u.line, Cow::Owned(format!("{:?}\t{}\t{:?}\t{}", u.section, u.word, u.plurals, u.note)))
        })),
        Parsed::Lemmas(rows) => Box::new(rows.iter().map(|r| {
            let key = lemmas::LemmaRow { line: 0, ..r.clone() };
            (r.line, Cow::Owned(format!("{key:?}")))
        })),
        Parsed::Verbs(e) => Box::new(e.iter().map(|v| {
            let key = verbs::VerbEntry { line: 0, ..v.clone() };
            (v.line, Cow::Owned(format!("{key:?}")))
        })),
        Parsed::VerbUpdates => Box::new(std::iter::empty()),
    };
    let mut seen = HashSet::new();
    let (mut count, mut lines) = (0, Vec::new());
    for (line, key) in keyed {
        if !seen.insert(key) {
            count += 1;
            if lines.len() < DUPLICATES_SHOWN {
                lines.push(line as u64);
            }
        }
    }
    (count, lines)
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
}

/// What a unit of work produced.
struct Done {
    part: Part,
    exclusions: Vec<Exclusion>,
    taken: u64,
    evidence: EvidenceCounts,
    /// The index of the unit's source.
    source: usize,
    /// The number of entries expanded.
    entries: u64,
    /// The number of lines whose own word (as the source spells it) was excluded.
    excluded_lines: u64,
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
            source: unit.source,
            entries: unit.range.len() as u64,
            excluded_lines: sink.excluded_lines,
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
    /// Lines whose own word was excluded (see [`Sink::accept`]), and the last such line.
    excluded_lines: u64,
    last_excluded: Option<u64>,
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

    /// Adds a word the sources or rules accept, or records why it is left out. A word left out
    /// with `screen` (a word as its source spells it) counts its line among the lines excluded.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> RuleSet {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016");
        RuleSet::load(&dir).expect("the shipped rule set loads")
    }

    fn input(path: &str, text: &str) -> Input {
        Input { path: path.into(), bytes: text.as_bytes().to_vec() }
    }

    /// `n` distinct made-up words, one a line, of plain letters (no digraph can form).
    fn words(n: usize, from: usize) -> String {
        let (c, v) = (b"bcdfgmnpst", b"aeiou");
        (from..from + n)
            .map(|i| {
                let w = [c[i % 10], v[i / 10 % 5], c[i / 50 % 10], v[i / 500 % 5], c[i / 2500 % 10], b'a'];
                format!("{}\n", String::from_utf8_lossy(&w))
            })
            .collect()
    }

    fn build(inputs: &[Input], meta: Meta) -> (Compiled, Vec<(Phase, u64, u64)>) {
        let mut calls = Vec::new();
        let compiled = compile(&rules(), inputs, None, meta, &mut |p, d, t| calls.push((p, d, t)))
            .expect("the sources build");
        (compiled, calls)
    }

    fn warnings(inputs: &[Input]) -> Vec<String> {
        build(inputs, Meta::default()).0.warnings.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn progress_goes_through_the_phases_in_order_and_ends_at_each_total() {
        let inputs = [input("b.txt", &words(3000, 0)), input("a.txt", &words(1500, 3000))];
        let meta = Meta { anagram_index: true, jobs: 2, ..Meta::default() };
        let (compiled, calls) = build(&inputs, meta);
        let mut phases: Vec<Phase> = calls.iter().map(|c| c.0).collect();
        phases.dedup();
        assert_eq!(phases, [Phase::Reading, Phase::Expanding, Phase::Writing, Phase::Indexing]);
        for pair in calls.windows(2) {
            let ((p, d, t), (q, e, u)) = (pair[0], pair[1]);
            if p == q {
                assert!(t == u && d <= e, "{pair:?}: the total changed or done went back");
            } else {
                assert_eq!(d, t, "{p:?} ended at {d} of {t}");
            }
        }
        let last = calls.last().unwrap();
        assert_eq!(last.1, last.2, "the last phase ends at its total: {last:?}");
        let total = |phase| calls.iter().find(|c| c.0 == phase).unwrap().2;
        let bytes: usize = inputs.iter().map(|i| i.bytes.len()).sum();
        assert_eq!(total(Phase::Reading), bytes as u64);
        assert_eq!(total(Phase::Expanding), 4500);
        assert_eq!(total(Phase::Writing), compiled.manifest.words);
        assert_eq!(total(Phase::Indexing), compiled.manifest.words);
        let moves = calls.iter().filter(|c| c.0 == Phase::Expanding && c.1 > 0 && c.1 < c.2).count();
        assert!(moves > 3, "the expansion moves in steps: {calls:?}");
    }

    #[test]
    fn no_indexing_phase_without_the_anagram_index() {
        let (_, calls) = build(&[input("a.txt", "casa\ncasas\n")], Meta::default());
        let mut phases: Vec<Phase> = calls.iter().map(|c| c.0).collect();
        phases.dedup();
        assert_eq!(phases, [Phase::Reading, Phase::Expanding, Phase::Writing]);
    }

    #[test]
    fn the_order_of_the_inputs_changes_nothing() {
        let (a, b) = (input("a.txt", "casa\nperro\n"), input("b.txt", "gato\ncasa\n"));
        let (ab, _) = build(&[a, b], Meta::default());
        let (a, b) = (input("a.txt", "casa\nperro\n"), input("b.txt", "gato\ncasa\n"));
        let (ba, _) = build(&[b, a], Meta::default());
        assert!(ab.image == ba.image, "the lexicon depends on the order of its sources");
        let paths: Vec<&str> = ab.manifest.sources.iter().map(|s| s.file.path.as_str()).collect();
        assert_eq!(paths, ["a.txt", "b.txt"]);
    }

    #[test]
    fn duplicate_lines_are_counted_with_the_first_repeating_lines() {
        let text = "casa\nperro\ncasa\n# a comment\ngato\nperro\ncasa\n";
        assert_eq!(warnings(&[input("list.txt", text)]), ["list.txt: 3 duplicate lines (at 3, 6, 7)"]);
        let many: String = (0..8).map(|_| "casa\n").collect();
        assert_eq!(
            warnings(&[input("many.txt", &many)]),
            ["many.txt: 7 duplicate lines (first at 2, 3, 4, 5, 6)"]
        );
        assert_eq!(warnings(&[input("one.txt", "casa\ncasa\n")]), ["one.txt: 1 duplicate line (at 2)"]);
        assert!(warnings(&[input("clean.txt", "casa\nperro\n")]).is_empty());
    }

    #[test]
    fn an_empty_source_is_named() {
        let inputs = [input("words.txt", "casa\n"), input("empty.txt", ""), input("notes.txt", "# only\n\n")];
        assert_eq!(
            warnings(&inputs),
            ["empty.txt: empty source", "notes.txt: empty source: no entry in its 2 lines"]
        );
    }

    #[test]
    fn a_source_mostly_excluded_is_warned_about_from_ten_lines() {
        let prose = |bad: usize, good: usize| -> String {
            let mut t: String = (0..bad).map(|i| format!("línea {i} de un texto\n")).collect();
            t.push_str(&words(good, 0));
            t
        };
        assert_eq!(
            warnings(&[input("prose.txt", &prose(12, 3))]),
            ["prose.txt: 12 of 15 lines excluded: is it a word list?"]
        );
        // Too few lines, or not more than half.
        assert!(warnings(&[input("short.txt", &prose(9, 1))]).is_empty());
        assert!(warnings(&[input("half.txt", &prose(10, 10))]).is_empty());
    }

    #[test]
    fn a_source_given_twice_is_warned_about() {
        let inputs = [input("a.txt", "casa\n"), input("copy.txt", "casa\n"), input("a.txt", "casa\n")];
        assert_eq!(
            warnings(&inputs),
            [
                "a.txt: given twice: its entries are read twice",
                "copy.txt: the same bytes as a.txt: its entries are read twice"
            ]
        );
    }
}
