//! Stage 1, sources → entries: each source is told by its content (the FISE title line, the
//! lemma-table header, else a raw list), read by its reader, and described for the manifest
//! (path, kind, lines, SHA-256, first entry id). Every source is read before anything is
//! expanded, so an unreadable one stops the build before any work is done.

use sha2::{Digest, Sha256};

use lexico_lexicon::progress::{Phase, Progress};
use lexico_lexicon::{hex, FileDigest, SourceInfo};
use lexico_rules::sources::{self, Content, SourceKind};
use lexico_rules::{fise, lemmas, verbs, RuleSet};

use crate::CompileError;

/// A source file as given to a build: the path to record and its bytes.
///
/// ```
/// let input = lexico_compile::Input { path: "words.txt".into(), bytes: b"casa\nperro\n".to_vec() };
/// assert_eq!(input.path, "words.txt");
/// ```
#[derive(Clone, Debug)]
pub struct Input {
    /// The path messages name; the manifest records its file name.
    pub path: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// A source once read by its reader.
pub(crate) enum Parsed {
    Raw(sources::RawList),
    NonVerbs(Vec<fise::NonVerbEntry>),
    NonVerbUpdates(Vec<fise::UpdateEntry>),
    Lemmas(Vec<lemmas::LemmaRow>),
    Verbs(VerbList),
    /// The verb update list: its lines, and once applied to the classified lists
    /// (`crate::apply`), what it adds by itself.
    VerbUpdates(VerbUpdates),
    /// What an update list given to undo restores (`crate::undo`).
    Undone(Restored),
}

/// What undoing an update list brings back, expanded as a source of its own (its lines are the
/// entries' lines, so explanations name the update list).
#[derive(Default)]
pub(crate) struct Restored {
    /// Non-verb entries the list removed (section 4, annex II).
    pub non_verbs: Vec<fise::NonVerbEntry>,
    /// Plurals the list removed (section 5), with their lines.
    pub plurals: Vec<(usize, String)>,
    /// Verbs the list removed (section 2).
    pub verbs: Vec<verbs::VerbEntry>,
}

impl Restored {
    pub(crate) fn len(&self) -> usize {
        self.non_verbs.len() + self.plurals.len() + self.verbs.len()
    }
}

/// The classified verb list, and for each entry an undone update list changed (by its line), the
/// update list's path and line.
pub(crate) struct VerbList {
    pub entries: Vec<verbs::VerbEntry>,
    pub notes: std::collections::HashMap<usize, (String, u64)>,
}

/// A verb update list read as a source.
pub(crate) struct VerbUpdates {
    pub updates: Vec<fise::VerbUpdate>,
    pub applied: Applied,
}

/// What a verb update list adds by itself: the verbs of section 1 (and the entries sections 5
/// and 12 add) that no full list holds, and the forms section 12 adds.
#[derive(Default)]
pub(crate) struct Applied {
    /// New entries, each with the update list's line.
    pub verbs: Vec<verbs::VerbEntry>,
    /// Forms added to a verb, each with the update list's line and the verb's entry.
    pub forms: Vec<AddedForm>,
}

/// A form a line of section 12 adds (`añade aplugo, …`) that the verb's entries do not give.
pub(crate) struct AddedForm {
    pub line: usize,
    pub entry: verbs::VerbEntry,
    pub text: String,
}

/// The number of entries a source gave: words of a raw list, lemmas, verbs, update lines.
pub(crate) fn entries(p: &Parsed) -> usize {
    match p {
        Parsed::Raw(list) => list.len(),
        Parsed::NonVerbs(e) => e.len(),
        Parsed::NonVerbUpdates(e) => e.len(),
        Parsed::Lemmas(rows) => rows.len(),
        Parsed::Verbs(list) => list.entries.len(),
        Parsed::VerbUpdates(v) => v.applied.verbs.len() + v.applied.forms.len(),
        Parsed::Undone(r) => r.len(),
    }
}

/// The sources once read: what each holds, its description for the manifest, and the entry id
/// the next source would start at.
pub(crate) struct Sources {
    pub parsed: Vec<Parsed>,
    pub infos: Vec<SourceInfo>,
    pub base: u64,
}

/// Checks the classified verb lists among `parsed` (read from `inputs`) against `rules`: each
/// entry's model must be one of the rule set's, which must have verb rules.
pub(crate) fn check_verbs(rules: &RuleSet, inputs: &[&Input], parsed: &[Parsed]) -> Result<(), CompileError> {
    for (input, p) in inputs.iter().zip(parsed) {
        if let Parsed::Verbs(list) = p {
            let Some(v) = &rules.verbs else {
                return Err(CompileError::Unsupported {
                    path: input.path.clone(),
                    kind: "verb (the rule set has no verb rules)",
                });
            };
            v.check_entries(std::path::Path::new(&input.path), &list.entries)?;
        }
    }
    Ok(())
}

/// Reads every one of `inputs` (already in path order) with the reader its content calls for,
/// reporting [`Phase::Reading`] in bytes.
pub(crate) fn read_all(inputs: &[&Input], progress: Progress<'_>) -> Result<Sources, CompileError> {
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
                let Content::Source(kind) = sources::detect(&input.bytes) else {
                    let message = "a file of totals is what a build checks itself against, not a source";
                    return Err(lexico_rules::RuleError::syntax(path, 1, 1, message).into());
                };
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
                        let lines = sources::lines(&sources::decode(path, &input.bytes, true)?).count();
                        (Parsed::Verbs(VerbList { entries, notes: Default::default() }), lines)
                    }
                    SourceKind::FiseVerbUpdates => {
                        let (updates, lines) = fise::read_verb_updates(path, &input.bytes)?;
                        (Parsed::VerbUpdates(VerbUpdates { updates, applied: Default::default() }), lines)
                    }
                    SourceKind::LemmaTable => {
                        let (rows, lines) = lemmas::read_lemma_table(path, &input.bytes)?;
                        (Parsed::Lemmas(rows), lines)
                    }
                    SourceKind::FiseNonVerbUpdates => {
                        let (entries, lines) = fise::read_non_verb_updates(path, &input.bytes)?;
                        (Parsed::NonVerbUpdates(entries), lines)
                    }
                    // Kinds of source no file holds: what the build itself adds.
                    SourceKind::Unread
                    | SourceKind::RuleList
                    | SourceKind::PreviousEdition
                    | SourceKind::PosTable => {
                        unreachable!("detect tells only the kinds of source a file holds")
                    }
                };
                source_infos.push(SourceInfo {
                    file: FileDigest {
                        path: crate::file_name(&input.path).to_string(),
                        sha256: String::new(),
                    },
                    kind,
                    lines: lines as u64,
                    base,
                    role: String::new(),
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
    Ok(Sources { parsed, infos: source_infos, base })
}
