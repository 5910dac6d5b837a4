//! The compile pipeline: source lists and a rule set in, a lexicon file image out, with the
//! warnings a maintainer should read and an exclusion report of every word left out. It owns
//! the stages between the rules and the file format, one module each: [`read`](crate::Input)
//! the sources into entries, expand the entries into forms with the rules, turn the forms into
//! tile words (screening, length, exclusions), and hand the words to the
//! [`lexico_lexicon::Builder`], which writes the file. It never prints (progress goes to
//! a callback, warnings come back as data), never writes a file and never opens one: the caller
//! reads the sources and writes the image.
//!
//! The lexicon does not depend on the order the sources are given in (they are taken in the
//! byte order of their file names, see `docs/maintainers.md`) nor on the number of threads or the
//! folder they were read from: the lexicon records each source by file name and digest.
//!
//! ```
//! use lexico_compile::{compile, Input, Meta};
//!
//! let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
//! let list = Input { path: "words.txt".into(), bytes: b"casa\nperro\nkiwi\n".to_vec() };
//! let meta = Meta { name: "demo".into(), ..Meta::default() };
//! let compiled = compile(&rules, &[list], None, meta, &mut |_, _, _| {})?;
//! assert_eq!(compiled.manifest.words, 2);
//! assert_eq!(compiled.exclusions[0].text, "kiwi"); // K has no tile
//! let lexicon = lexico_lexicon::Lexicon::from_vec(compiled.image)?;
//! assert!(lexicon.contains(&lexicon.tiles().parse_word("perro")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod apply;
mod archive;
mod error;
mod expand;
mod folder;
mod forms;
mod modified;
mod read;
mod restore;
mod rule_lists;
mod totals;
mod undo;
mod warnings;
mod write;

use lexico_lexicon::{Builder, Lexicon, Manifest};
use lexico_rules::sources::{self, Content};
use lexico_rules::{fise, lemmas, RuleError, RuleSet, SourceKind};
use lexico_tiles::TileSet;
use sha2::Digest;

pub use archive::{is_archive, read_archive, Archive, MAX_ENTRIES, MAX_ENTRY_BYTES, MAX_TOTAL_BYTES};
pub use error::{CompileError, EvidenceCounts};
pub use folder::{folder_sources, gather, Folder, Gathered, Opened};
pub use forms::Exclusion;
pub use lexico_lexicon::progress::{Phase, Progress};
pub use modified::{modified_from, Modified};
pub use read::Input;
pub use totals::TotalsCheck;

pub use warnings::{Warning, DUPLICATES_SHOWN, MOSTLY_EXCLUDED_MIN_LINES};

use expand::{Previous, Work};
use forms::Sink;
use read::{entries, Parsed};

/// The descriptive fields of the lexicon being built.
///
/// ```
/// let meta = lexico_compile::Meta { name: "FISE".into(), edition: "FISE-2".into(), jobs: 1, ..Default::default() };
/// assert!(!meta.anagram_index); // off unless asked for
/// ```
#[derive(Clone, Debug, Default)]
pub struct Meta {
    /// The lexicon's name (`FISE`).
    pub name: String,
    /// Its edition (`FISE-2`).
    pub edition: String,
    /// Its version (semver or a date).
    pub version: String,
    /// Notes for the manifest (provenance, licence).
    pub notes: Vec<String>,
    /// The program building it (`lexico 0.1.0`).
    pub tool: String,
    /// Add the anagram index (section `AGRM`): anagram queries in a fraction of a millisecond, at
    /// the cost of a file about ten times the word store and a slower build.
    pub anagram_index: bool,
    /// Threads that expand entries and file their forms; 0: one per core, at most four. The
    /// lexicon does not depend on it.
    pub jobs: usize,
    /// A part-of-speech table (`lemma<TAB>homograph<TAB>categories`, see
    /// [`lexico_rules::pos_table`]): the categories of headwords of the non-verb lists, weighed
    /// at the step `pos-table` of the rule set's number evidence.
    pub pos_table: Option<Input>,
    /// What capitals mean in a raw list (see [`Capitals`]).
    pub capitals: Capitals,
}

/// What capital letters mean in a raw list: a proper noun, an abbreviation or a symbol (the
/// regulation's reading of a dictionary's list), or nothing (a word-game list in capitals, as
/// `lexico dump` prints, Zyzzyva's or Woogles' lists).
///
/// ```
/// assert_eq!(lexico_compile::Capitals::default(), lexico_compile::Capitals::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Capitals {
    /// A raw list whose words are all in capitals is a word list; capitals elsewhere mark
    /// proper nouns and abbreviations.
    #[default]
    Auto,
    /// Capitals mark proper nouns and abbreviations in every raw list.
    Proper,
    /// Capitals mean nothing in any raw list: its words are read in lower case.
    Words,
}

/// What a build produced.
///
/// ```
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let input = lexico_compile::Input { path: "w.txt".into(), bytes: b"casa\ncasa\nperro\n".to_vec() };
/// let c = lexico_compile::compile(&rules, &[input], None, Default::default(), &mut |_, _, _| {})?;
/// assert_eq!((c.manifest.words, c.taken), (2, 3));
/// assert_eq!(c.warnings[0].to_string(), "w.txt: 1 duplicate line (at 2)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Compiled {
    /// The lexicon file, byte for byte: write it, or open it with
    /// [`Lexicon::from_vec`](lexico_lexicon::Lexicon::from_vec).
    pub image: Vec<u8>,
    /// The manifest the file records, counts and payload digest filled in.
    pub manifest: Manifest,
    /// Every word left out, in source order: the exclusion report.
    pub exclusions: Vec<Exclusion>,
    /// Words taken in (source words and generated forms), before duplicates were merged.
    pub taken: u64,
    /// How many words each source of evidence decided the number of.
    pub evidence: EvidenceCounts,
    /// What the maintainer should look at, though the build succeeded: in source order (the
    /// order of their file names), each source's warnings in the order of [`Warning`]'s variants.
    pub warnings: Vec<Warning>,
    /// The lexicon checked against each file of 2- and 3-tile totals among the inputs, by
    /// length: agreement or the differences.
    pub totals: Vec<TotalsCheck>,
    /// The forms the rules generated and refused, counted by the rule that refused them, the
    /// rules that refused most first.
    pub refused: Vec<Refusals>,
}

/// How many generated forms a rule refused in a build (a form refused in several derivations
/// counts in each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusals {
    /// The rule's id (`participle-non-transitive`).
    pub rule: String,
    /// The article it cites (`17.4`), empty when none.
    pub article: String,
    /// The forms it refused.
    pub forms: u64,
}

/// Compiles `inputs` with `rules`, taking `previous` (the last edition) as evidence where the
/// sources leave a question open. `progress(phase, done, total)` is called as the build goes
/// (see [`Progress`]).
///
/// The inputs are taken in the byte order of their file names, whatever order they come in: the
/// same files give the same lexicon, byte for byte, however they were listed.
pub fn compile(
    rules: &RuleSet,
    inputs: &[Input],
    previous: Option<&Lexicon>,
    meta: Meta,
    progress: Progress<'_>,
) -> Result<Compiled, CompileError> {
    compile_undoing(rules, inputs, &[], previous, meta, progress)
}

/// Compiles `inputs` as [`compile`] does, after applying the federation's update lists `undo`
/// in reverse: what they add is taken out of the sources, what they remove is restored, what
/// they reclassify is put back, so that an edition's lists with its update lists undone are the
/// sources of the edition before (`lexico build --undo`, see `docs/maintainers.md`). The lists
/// undone are recorded in the manifest's sources with the role `undone`, after the sources; the
/// entries they restore name their lines. Each must be a FISE update list
/// (`ACTUALIZACIÓN DE NO VERBOS`, `ACTUALIZACIÓN DE VERBOS`), given once, and none may also be
/// a source.
///
/// ```
/// use lexico_compile::{compile_undoing, Input};
///
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let list = Input { path: "words.txt".into(), bytes: b"casa\nperro\n".to_vec() };
/// let not_an_update = Input { path: "other.txt".into(), bytes: b"gato\n".to_vec() };
/// let err = compile_undoing(&rules, &[list], &[not_an_update], None, Default::default(), &mut |_, _, _| {});
/// assert!(err.err().unwrap().to_string().starts_with("other.txt:1:1: not a FISE update list"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compile_undoing(
    rules: &RuleSet,
    inputs: &[Input],
    undo: &[Input],
    previous: Option<&Lexicon>,
    meta: Meta,
    progress: Progress<'_>,
) -> Result<Compiled, CompileError> {
    let mut inputs: Vec<&Input> = inputs.iter().collect();
    inputs.sort_by(|a, b| by_path(a, b));
    let (totals, inputs): (Vec<&Input>, Vec<&Input>) = inputs.into_iter().partition(|i| totals::is_totals(i));
    let sources = read::read_all(&inputs, progress)?;
    compile_sources(rules, &inputs, sources, &totals, undo, previous, meta, progress)
}

/// The order sources and lists to undo are taken in: the byte order of their file names, then
/// of their bytes, so that the same files give the same lexicon from any folder however their
/// paths were typed. Sorts that use it are stable: the same file given twice keeps its places
/// (and is warned about).
fn by_path(a: &Input, b: &Input) -> std::cmp::Ordering {
    file_name(&a.path).cmp(file_name(&b.path)).then_with(|| a.bytes.cmp(&b.bytes))
}

/// The name a source is recorded under in the manifest, the exclusion report and explanations:
/// its file name (the entry's name for an entry of a zip), never the path as typed.
///
/// ```
/// assert_eq!(lexico_compile::file_name("/home/ana/listas/no-verbos.txt"), "no-verbos.txt");
/// assert_eq!(lexico_compile::file_name("LISTAS.zip/LISTAS/no-verbos.txt"), "no-verbos.txt");
/// assert_eq!(lexico_compile::file_name("w.txt"), "w.txt");
/// ```
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).find(|p| !p.is_empty()).unwrap_or(path)
}

/// Sources read by [`read_sources`], to compile with [`compile_read`].
pub struct SourcesRead {
    /// In the byte order of their file names.
    inputs: Vec<Input>,
    sources: read::Sources,
    /// The files of totals among them, set aside.
    totals: Vec<Input>,
}

/// Reads `inputs` with the reader each one's content calls for, as [`compile`] does first: the
/// part of a build that needs no rule set, so that a program can do it while its rule set loads
/// (`lexico build` does). [`compile_read`] compiles them; together they build what
/// [`compile_undoing`] builds.
///
/// ```
/// use lexico_compile::{compile_read, read_sources, Input};
///
/// let read = read_sources(vec![Input { path: "w.txt".into(), bytes: b"casa\nperro\n".to_vec() }], &mut |_, _, _| {})?;
/// let rules = lexico_rules::RuleSet::embedded("fise-2016")?;
/// let c = compile_read(&rules, read, &[], None, Default::default(), &mut |_, _, _| {})?;
/// assert_eq!(c.manifest.words, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_sources(mut inputs: Vec<Input>, progress: Progress<'_>) -> Result<SourcesRead, CompileError> {
    inputs.sort_by(by_path);
    let (totals, inputs): (Vec<Input>, Vec<Input>) = inputs.into_iter().partition(totals::is_totals);
    let sources = read::read_all(&inputs.iter().collect::<Vec<_>>(), progress)?;
    Ok(SourcesRead { inputs, sources, totals })
}

/// Compiles sources read by [`read_sources`] as [`compile_undoing`] compiles its inputs.
pub fn compile_read(
    rules: &RuleSet,
    read: SourcesRead,
    undo: &[Input],
    previous: Option<&Lexicon>,
    meta: Meta,
    progress: Progress<'_>,
) -> Result<Compiled, CompileError> {
    let SourcesRead { inputs, sources, totals } = read;
    let inputs: Vec<&Input> = inputs.iter().collect();
    let totals: Vec<&Input> = totals.iter().collect();
    compile_sources(rules, &inputs, sources, &totals, undo, previous, meta, progress)
}

/// Compiles `sources`, read from `inputs` (in the byte order of their file names), and checks the
/// lexicon against the files of totals `totals`.
#[allow(clippy::too_many_arguments)] // Each is a separate input of a build; a struct would only rename them.
fn compile_sources(
    rules: &RuleSet,
    inputs: &[&Input],
    sources: read::Sources,
    totals: &[&Input],
    undo: &[Input],
    previous: Option<&Lexicon>,
    meta: Meta,
    progress: Progress<'_>,
) -> Result<Compiled, CompileError> {
    let tiles = TileSet::parse(&rules.tiles_csv)
        .map_err(|e| lexico_rules::ruleset::tile_error("tiles.csv".into(), e))?;
    let totals = totals.iter().map(|t| totals::read(t, &tiles)).collect::<Result<Vec<_>, _>>()?;
    read::check_verbs(rules, inputs, &sources.parsed)?;
    for (input, p) in inputs.iter().zip(&sources.parsed) {
        if let Parsed::VerbUpdates(v) = p {
            check_verb_updates(rules, &input.path, &v.updates)?;
        }
    }
    let undo_lists = read_undo_lists(rules, undo)?;
    let read::Sources { mut parsed, infos: mut source_infos, mut base } = sources;
    // Messages name the sources by their paths as given; the lexicon, by their file names.
    let paths: Vec<String> = inputs.iter().map(|i| i.path.clone()).collect();
    // Each source's warnings, in source order: what reading found now, exclusions after.
    let mut warnings: Vec<Vec<Warning>> = source_infos
        .iter()
        .enumerate()
        .map(|(i, info)| warnings::reading_warnings(&parsed[i], info, &source_infos[..i], &paths[..=i]))
        .collect();
    // The update lists among the sources change the full lists, in the order of their file names.
    let mut dropped = apply::Dropped::new();
    for i in 0..parsed.len() {
        match &mut parsed[i] {
            Parsed::NonVerbUpdates(u) => {
                let u = std::mem::take(u);
                apply::non_verbs(&u, &mut parsed);
                parsed[i] = Parsed::NonVerbUpdates(u);
            }
            Parsed::VerbUpdates(v) => {
                let updates = std::mem::take(&mut v.updates);
                let verbs = rules.verbs.as_ref().expect("checked above");
                let (applied, w) =
                    apply::verbs(&updates, &paths[i], verbs, &mut parsed, &paths, &mut dropped)?;
                warnings[i].extend(w);
                parsed[i] = Parsed::VerbUpdates(read::VerbUpdates { updates, applied });
            }
            _ => {}
        }
    }
    let mut undone_plurals = undo::UndonePlurals::new();
    let mut all_paths = paths.clone();
    for (input, kind, list, lines) in undo_lists {
        all_paths.push(input.path.clone());
        let (restored, not_undone) = undo::apply(
            &list,
            file_name(&input.path),
            rules.verbs.as_ref(),
            &mut parsed,
            &mut undone_plurals,
        );
        let mut w = Vec::new();
        if !not_undone.is_empty() {
            w.push(Warning::NotUndone {
                source: input.path.clone(),
                count: not_undone.len() as u64,
                lines: not_undone.iter().copied().take(warnings::DUPLICATES_SHOWN).collect(),
            });
        }
        warnings.push(w);
        parsed.push(Parsed::Undone(restored));
        source_infos.push(lexico_lexicon::SourceInfo {
            file: lexico_lexicon::FileDigest {
                path: file_name(&input.path).to_string(),
                sha256: lexico_lexicon::hex(&sha2::Sha256::digest(&input.bytes)),
            },
            kind,
            lines: lines as u64,
            base,
            role: "undone".into(),
        });
        base += lines as u64;
    }
    // A part-of-speech table is a source like the others: its line is the provenance of what its
    // rows decide.
    let pos_table = match &meta.pos_table {
        Some(t) => {
            let table = lexico_rules::pos_table::read_pos_table(std::path::Path::new(&t.path), &t.bytes)?;
            source_infos.push(lexico_lexicon::SourceInfo {
                file: lexico_lexicon::FileDigest {
                    path: file_name(&t.path).to_string(),
                    sha256: lexico_lexicon::hex(&sha2::Sha256::digest(&t.bytes)),
                },
                kind: lexico_lexicon::SourceKind::PosTable,
                lines: table.lines as u64,
                base,
                role: String::new(),
            });
            let unused = warnings::unused_rows(&t.path, &table, &parsed);
            warnings.push(unused.into_iter().collect());
            let at = base;
            base += table.lines as u64;
            Some((table, at))
        }
        None => None,
    };
    // Which raw lists are word lists in capitals: their words are read in lower case.
    let capitals_as_words: Vec<bool> = parsed
        .iter()
        .map(|p| match (p, meta.capitals) {
            (Parsed::Raw(_), Capitals::Words) => true,
            (Parsed::Raw(list), Capitals::Auto) => {
                list.words().any(|(_, w)| w.chars().any(char::is_uppercase))
                    && list.words().all(|(_, w)| !w.chars().any(char::is_lowercase))
            }
            _ => false,
        })
        .collect();
    for (i, &words) in capitals_as_words.iter().enumerate() {
        if words && meta.capitals == Capitals::Auto {
            warnings[i].push(Warning::CapitalsAsWords { source: all_paths[i].clone() });
        }
    }
    let previous = previous.map(Previous);
    let needs_plurals = parsed.iter().any(|p| match p {
        Parsed::NonVerbs(_) | Parsed::Lemmas(_) => true,
        Parsed::Undone(r) => !r.non_verbs.is_empty() || !r.plurals.is_empty(),
        _ => false,
    });
    // A lemma-table row for a headword (and homograph number) of a FISE non-verb list annotates
    // that entry; any other row is a lemma of its own.
    let listed: std::collections::HashSet<(&str, Option<u8>)> = parsed
        .iter()
        .filter_map(non_verb_entries)
        .flatten()
        .map(|e| (e.lemma.as_str(), e.homograph))
        .collect();
    // Every headword and feminine of the non-verb lists: an update list's new entry that none
    // of them repeats is a word of its own.
    let listed_words: std::collections::HashSet<&str> = parsed
        .iter()
        .filter_map(non_verb_entries)
        .flatten()
        .flat_map(|e| std::iter::once(e.lemma.as_str()).chain(e.feminine.as_deref()))
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
        previous: previous.as_ref(),
        updates: &updates,
        annotations: &annotations,
        listed: &listed,
        listed_words: &listed_words,
        parsed: &parsed,
        infos: &source_infos,
        undone_plurals: &undone_plurals,
        pos_table: pos_table.as_ref().map(|(t, at)| (t, *at)),
        dropped: &dropped,
        paths: &all_paths,
        capitals_as_words: &capitals_as_words,
    };
    let mut builder = Builder::new(&rules.tiles_csv);
    builder.anagram_index(meta.anagram_index);
    builder.reserve(parsed.iter().map(|p| if let Parsed::Raw(list) = p { list.len() } else { 0 }).sum());
    let mut exclusions = Vec::new();
    let mut taken = 0;
    let mut evidence = EvidenceCounts::new();
    let total_entries: u64 = parsed.iter().map(|p| entries(p) as u64).sum();
    let mut expanded = 0;
    let mut excluded_lines = vec![0u64; parsed.len()];
    progress(Phase::Expanding, 0, total_entries);
    let mut refused: std::collections::HashMap<(String, String), u64> = Default::default();
    work.run_all(meta.jobs, |done| {
        builder.merge(done.part)?;
        exclusions.extend(done.exclusions);
        for ((rule, article), n) in done.refused {
            *refused.entry((rule.to_string(), article.to_string())).or_default() += n;
        }
        taken += done.taken;
        for (k, n) in done.evidence {
            *evidence.entry(k).or_default() += n;
        }
        excluded_lines[done.source] += done.excluded_lines;
        expanded += done.entries;
        progress(Phase::Expanding, expanded, total_entries);
        Ok(())
    })?;
    warnings::mostly_excluded(&mut warnings, &parsed, &source_infos, &all_paths, &excluded_lines);
    let warnings: Vec<Warning> = warnings.into_iter().flatten().collect();
    let mut sink = Sink::new(rules, &tiles);
    let non_verb_list = parsed.iter().any(|p| matches!(p, Parsed::NonVerbs(_)));
    let long = plurals.and_then(|p| p.number_rules().long_masculines.as_ref());
    if let (Some(rule), Some(previous), true) = (long, &previous, non_verb_list) {
        let (next, restored) = restore::emit(
            rules,
            &tiles,
            rule,
            previous.0,
            &builder,
            &updates,
            &mut sink,
            &mut source_infos,
            base,
        )?;
        base = next;
        if restored > 0 {
            *evidence.entry(rule.label).or_default() += restored;
        }
    }
    if let (Some(plurals), true) = (plurals, needs_plurals) {
        rule_lists::emit(rules, &tiles, plurals, &listed, &mut sink, &mut source_infos, base)?;
    }
    let manifest = write::manifest(meta, rules, source_infos);
    builder.merge(sink.part)?;
    exclusions.extend(sink.exclusions);
    for ((rule, article), n) in sink.refused {
        *refused.entry((rule.to_string(), article.to_string())).or_default() += n;
    }
    // The rules that refused most forms first, then by name.
    let mut refused: Vec<Refusals> =
        refused.into_iter().map(|((rule, article), forms)| Refusals { rule, article, forms }).collect();
    refused.sort_by(|a, b| b.forms.cmp(&a.forms).then_with(|| a.rule.cmp(&b.rule)));
    taken += sink.taken;
    let (image, manifest) = write::finish(builder, manifest, &exclusions, taken, progress)?;
    let mut warnings = warnings;
    let annexes = parsed.iter().any(|p| matches!(p, Parsed::NonVerbUpdates(_)));
    let mut checks = Vec::new();
    if annexes || !totals.is_empty() {
        let built = Lexicon::from_vec(image.clone())?;
        // The annexes of the non-verb update lists name words another entry makes valid.
        let has = |w: &str| built.tiles().parse_word(w).is_ok_and(|t| built.contains(&t));
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        warnings.extend(apply::annex_check(&parsed[..paths.len()], &paths, has));
        for t in &totals {
            checks.extend(t.check(&built));
        }
    }
    Ok(Compiled { image, manifest, exclusions, taken, evidence, warnings, totals: checks, refused })
}

/// The non-verb entries a source holds: those of a non-verb list, or those an undone update
/// list restores.
fn non_verb_entries(p: &Parsed) -> Option<&[fise::NonVerbEntry]> {
    match p {
        Parsed::NonVerbs(e) => Some(e),
        Parsed::Undone(r) => Some(&r.non_verbs),
        _ => None,
    }
}

/// Checks a verb update list (a source or one to undo) at `path` against `rules`: the rule set
/// must have verb rules, and every model a note names must be one of its own.
fn check_verb_updates(rules: &RuleSet, path: &str, updates: &[fise::VerbUpdate]) -> Result<(), CompileError> {
    let Some(v) = &rules.verbs else {
        return Err(CompileError::Unsupported {
            path: path.to_string(),
            kind: "verb update (the rule set has no verb rules)",
        });
    };
    Ok(v.check_updates(std::path::Path::new(path), updates)?)
}

/// Reads the update lists to undo, in the byte order of their file names: each with its kind, its
/// entries and its number of lines. A list that is no FISE update list, or that is given twice,
/// is an error at its first line; a verb update list is checked as a source is
/// ([`check_verb_updates`]). A list that is also a source is applied, then undone.
fn read_undo_lists<'i>(
    rules: &RuleSet,
    undo: &'i [Input],
) -> Result<Vec<(&'i Input, SourceKind, undo::UndoList, usize)>, CompileError> {
    let mut undo: Vec<&Input> = undo.iter().collect();
    undo.sort_by(|a, b| by_path(a, b));
    let mut out = Vec::new();
    for input in undo {
        let path = std::path::Path::new(&input.path);
        if out.iter().any(|(i, ..): &(&Input, _, _, _)| i.path == input.path || i.bytes == input.bytes) {
            return Err(
                RuleError::syntax(path, 1, 1, "an update list is undone once: it is given twice").into()
            );
        }
        let content = sources::detect(&input.bytes);
        let (kind, list, lines) = match content {
            Content::Source(kind @ SourceKind::FiseNonVerbUpdates) => {
                let (entries, lines) = fise::read_non_verb_updates(path, &input.bytes)?;
                (kind, undo::UndoList::NonVerbs(entries), lines)
            }
            Content::Source(kind @ SourceKind::FiseVerbUpdates) => {
                let (entries, lines) = fise::read_verb_updates(path, &input.bytes)?;
                check_verb_updates(rules, &input.path, &entries)?;
                (kind, undo::UndoList::Verbs(entries), lines)
            }
            other => {
                return Err(RuleError::syntax(
                    path,
                    1,
                    1,
                    format!(
                        "not a FISE update list (its first line is no 'ACTUALIZACIÓN DE NO VERBOS' or \
                         'ACTUALIZACIÓN DE VERBOS' title): it reads as a {} list, which cannot be undone",
                        other.name()
                    ),
                )
                .into())
            }
        };
        out.push((input, kind, list, lines));
    }
    Ok(out)
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
    fn a_long_masculine_the_list_dropped_is_restored_from_the_previous_edition() {
        // 15 tiles each: a masculine whose feminine would have 16, a verb person whose stem
        // without -n is a word, and a masculine the update list removes.
        let previous = Lexicon::from_words([
            "contemporizador",
            "desgualdrajaran",
            "desgualdrajara",
            "desincentivador",
            "casa",
        ])
        .unwrap();
        let list = "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n#\ncasa\n";
        let update = "LEXICÓN FISE 2: ACTUALIZACIÓN DE NO VERBOS\n#\n4. BAJAS\ndesincentivador\n";
        let inputs = [input("no-verbos.txt", list), input("update.txt", update)];
        let compiled = compile(&rules(), &inputs, Some(&previous), Meta::default(), &mut |_, _, _| {})
            .expect("the sources build");
        let lex = Lexicon::from_vec(compiled.image).unwrap();
        let has = |w: &str| lex.contains(&lex.tiles().parse_word(w).unwrap());
        assert!(has("contemporizador") && has("casa"));
        assert!(!has("desgualdrajaran"), "a verb person is no masculine");
        assert!(!has("desincentivador"), "the update list removes it");
        let label = rules().plurals.unwrap().number_rules().long_masculines.as_ref().unwrap().label;
        assert_eq!(compiled.evidence.get(label), Some(&1));
        let source = compiled
            .manifest
            .sources
            .iter()
            .find(|s| s.kind == lexico_lexicon::SourceKind::PreviousEdition)
            .unwrap();
        assert_eq!(source.lines, 5);
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
