//! `lexico build`: compile sources with a rule set into a lexicon file. On a terminal it draws
//! the build's progress, phase by phase; it prints the library's warnings about the sources and
//! what it took from and skipped in each folder, then a summary of counts.
//!
//! Outputs: `-o` must name a regular file or nothing yet (a folder, symlink, FIFO or device is
//! refused before anything is read or written). The lexicon, its exclusion report and its
//! signature are published as a set under a lock on the folder they go in: all are staged as
//! hidden temporary files, the list of renames is written to a hidden journal (`.FILE.journal`),
//! the renames are done and the journal is removed; a build killed in between has its renames
//! completed by the next build, which also removes temporary files left by killed builds. A
//! release folder is staged whole beside it and renamed into place. SIGINT, SIGTERM and SIGHUP
//! remove the temporary files before the process ends. The machinery is in `crate::files`; see
//! docs/maintainers.md.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use lexico_compile::{self as compile, Exclusion, Input, Meta, Phase};

use lexico_store::atomic::{check_output, check_release_dir, publish};

use crate::files::cleanup;
use crate::i18n::{msg, Arg};

#[derive(clap::Args)]
#[command(after_help = "On a terminal a progress bar names each phase (reading sources, expanding entries, \
writing words) in its own unit. Warnings (`lexico: warning: ...`: duplicate lines, an empty source, a \
source mostly excluded, a file given twice, files a folder skipped) never stop the build. The summary's \
counts are those of `lexico info`. See docs/maintainers.md.")]
pub struct Args {
    /// Source files or folders (a folder contributes its `.txt` and `.tsv` files; what it takes
    /// and skips is printed), or the federation's zip of lists as distributed (its FISE lists
    /// are taken, anything else is named and skipped). Each file's reader is chosen by its
    /// content: FISE list title, lemma-table header, or a plain word list; a FISE file of 2- and
    /// 3-tile totals is checked against, not read. The order does not matter: sources are taken
    /// in the order of their file names, so the lexicon is the same byte for byte from any folder.
    #[arg(required = true, value_name = "SOURCE")]
    pub sources: Vec<PathBuf>,
    /// The lexicon file to write; the exclusion report is written beside it as FILE.excluded.csv.
    #[arg(short, long, value_name = "FILE", required_unless_present = "release_dir")]
    pub output: Option<PathBuf>,
    /// Write a release into DIR instead: the lexicon (named after its edition), its exclusion
    /// report, release notes against --previous (NOTES.md) and SHA256SUMS. The same inputs give
    /// byte-identical files.
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub release_dir: Option<PathBuf>,
    /// The rule set: the name of one embedded in the binary (`lexico rules list`) or a folder. A
    /// value with a `/` or starting with `.` is a folder; a name no embedded set has is a folder
    /// if one exists (see docs/rules.md).
    #[arg(long, value_name = "NAME|DIR", default_value = lexico_rules::DEFAULT)]
    pub rules: PathBuf,
    /// The previous edition of the lexicon, as evidence where the sources leave a question open
    /// (which non-verbs vary in number): a file, the edition or name of an installed lexicon, or
    /// `embedded` for the lexicon embedded in the binary.
    #[arg(long, value_name = "LEXICON")]
    pub previous: Option<PathBuf>,
    /// A part-of-speech table (`lemma<TAB>homograph<TAB>categories`: `s adj adv interj loc prep
    /// conj onomat`…) giving the dictionary's categories of headwords of the non-verb lists, which
    /// the lists lack: a row decides its entry's number before the other evidence (see
    /// docs/formats.md, "Part-of-speech tables").
    #[arg(long, value_name = "FILE")]
    pub pos_table: Option<PathBuf>,
    /// What capital letters mean in a raw list: `auto` (a list whose words are all in capitals,
    /// as word games and `lexico dump` write them, is a word list; elsewhere capitals mark proper
    /// nouns and abbreviations, which are excluded), `proper` (always the latter), `words`
    /// (never: every raw list is read in lower case).
    #[arg(long, value_enum, value_name = "MEANING", default_value_t = CapitalsArg::Auto)]
    pub capitals: CapitalsArg,
    /// A federation update list to apply in reverse (repeatable): what it adds is taken out of the
    /// sources, what it removes is restored, what it reclassifies is put back, so the 2016 lists
    /// with both 2016 update lists undone are the 2009 sources. Recorded in the manifest's
    /// sources with the role `undone` (see docs/maintainers.md).
    #[arg(long = "undo", value_name = "UPDATE_LIST")]
    pub undo: Vec<PathBuf>,
    /// The lexicon's name, recorded in its manifest.
    #[arg(long, default_value = "unnamed")]
    pub name: String,
    /// The lexicon's edition.
    #[arg(long, default_value = "")]
    pub edition: String,
    /// The lexicon's version (semver or a date).
    #[arg(long = "lexicon-version", value_name = "VERSION", default_value = "0")]
    pub version: String,
    /// A note for the manifest (provenance, licence); repeatable.
    #[arg(long = "note", value_name = "TEXT")]
    pub notes: Vec<String>,
    /// Add the anagram index: exact and sub-anagram queries about ten times faster, for a file
    /// about ten times the word store and a slower build (see docs/queries.md).
    #[arg(long)]
    pub anagram_index: bool,
    /// Threads that expand entries and file their forms (default: one per core, at most four).
    /// The lexicon is the same whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Do not draw the progress bar even on a terminal (it is never drawn when standard error is
    /// not one). Warnings and the summary are printed all the same.
    #[arg(long)]
    pub quiet: bool,
    /// Then install the new lexicon in the data folder, as `lexico install FILE` does.
    #[arg(long)]
    pub install: bool,
    /// Sign the lexicon with this minisign secret key: FILE.minisig is written beside it (and
    /// listed in a release's SHA256SUMS).
    #[arg(long, value_name = "SECRET_KEY")]
    pub sign: Option<PathBuf>,
}

/// The rules the summary names with the number of forms they refused, those that refused most.
const REFUSALS_SHOWN: usize = 10;

/// The values of `--capitals`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum CapitalsArg {
    /// A raw list all in capitals is a word list.
    Auto,
    /// Capitals mark proper nouns and abbreviations.
    Proper,
    /// Capitals mean nothing.
    Words,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let started = Instant::now();
    // Temporary files are removed on SIGINT, SIGTERM and SIGHUP from here on.
    cleanup::install();
    // Where the build writes is checked before anything is read or written.
    let folder_of = |p: &Path, flag: &str| -> Result<()> {
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !parent.is_dir() {
            bail!("{flag} {}: the folder {} does not exist", p.display(), parent.display());
        }
        Ok(())
    };
    match (&args.output, &args.release_dir) {
        (Some(o), _) => {
            folder_of(o, "-o")?;
            check_output(o)?;
            check_output(&report_path(o))?;
            check_output(&crate::lexicons::signature_path(o))?;
        }
        (None, Some(dir)) => {
            folder_of(dir, "--release-dir")?;
            check_release_dir(dir).context("--release-dir")?
        }
        (None, None) => {}
    }
    let key = args.sign.as_deref().map(crate::keys::load_secret_key).transpose()?;
    let mut bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| PhaseBar::new(args.anagram_index));
    let mut show = |phase, done, total| {
        if let Some(bar) = &mut bar {
            bar.show(phase, done, total);
        }
    };
    // The rule set (a hundred regular expressions to compile) loads while the sources are read
    // and parsed; its errors are reported first, as if it had been loaded first.
    let (rules, read) = std::thread::scope(|scope| {
        let rules = scope.spawn(|| lexico_rules::RuleSet::named(&args.rules));
        let read = compile::gather(&args.sources).and_then(|gathered| {
            let folders: Vec<String> = gathered.opened.iter().map(folder_line).collect();
            Ok((compile::read_sources(gathered.inputs, &mut show)?, folders))
        });
        (rules.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), read)
    });
    let (rules, (read, folders)) = (rules?, read?);
    let undo = args
        .undo
        .iter()
        .map(|p| {
            let bytes = lexico_rules::files::read_file(p).context("--undo")?;
            Ok(Input { path: p.to_string_lossy().into_owned(), bytes })
        })
        .collect::<Result<Vec<Input>>>()?;
    let stem = lexico_store::atomic::release_stem(&args.name, &args.edition, &args.version);
    let output = match (&args.output, &args.release_dir) {
        (Some(o), _) => o.clone(),
        (None, Some(dir)) => dir.join(format!("{stem}.lex")),
        (None, None) => {
            bail!("give the lexicon file to write (-o FILE) or a release folder (--release-dir DIR)")
        }
    };
    let meta = Meta {
        name: args.name,
        edition: args.edition,
        version: args.version,
        notes: args.notes,
        tool: format!("lexico {}", env!("CARGO_PKG_VERSION")),
        anagram_index: args.anagram_index,
        jobs: args.jobs.map_or(0, usize::from),
        capitals: match args.capitals {
            CapitalsArg::Auto => compile::Capitals::Auto,
            CapitalsArg::Proper => compile::Capitals::Proper,
            CapitalsArg::Words => compile::Capitals::Words,
        },
        pos_table: match &args.pos_table {
            Some(p) => Some(Input {
                path: p.to_string_lossy().into_owned(),
                bytes: lexico_rules::files::read_file(p).context("--pos-table")?,
            }),
            None => None,
        },
    };
    let previous = args
        .previous
        .as_ref()
        .map(|p| crate::lexicons::open_named(p.as_os_str()).context("--previous"))
        .transpose()?;
    let compiled = compile::compile_read(&rules, read, &undo, previous.as_ref(), meta, &mut show);
    if let Some(bar) = &mut bar {
        bar.finish();
    }
    let compiled = compiled?;
    let modified = compile::modified_from(&compiled.manifest.rules);
    let report = report_path(&output);
    let csv = exclusion_csv(&compiled.exclusions)?;
    let signature =
        key.as_ref().map(|k| lexico_store::sign_bytes(k, &compiled.image, &output)).transpose()?;
    let mut files: Vec<(PathBuf, &[u8])> = vec![(report.clone(), &csv)];
    if let Some(sig) = &signature {
        files.push((crate::lexicons::signature_path(&output), sig.as_bytes()));
    }
    // The lexicon goes last: a build that fails on the way leaves no new lexicon behind.
    files.push((output.clone(), &compiled.image));
    match &args.release_dir {
        Some(dir) => {
            let new = lexico_lexicon::Lexicon::from_vec(compiled.image.clone())?;
            let differ = modified.as_ref().map(|m| m.files.join(", "));
            let lang = crate::i18n::terminal();
            let notes = lexico_answers::release_notes(&new, previous.as_ref(), differ.as_deref(), lang)?;
            let mut release: Vec<(String, Vec<u8>)> =
                files.iter().map(|(p, b)| (file_name(p), b.to_vec())).collect();
            release.push(("NOTES.md".into(), notes.into_bytes()));
            lexico_store::release::publish(dir, release)?;
        }
        None => publish(&output, &files)?,
    }
    // Installed before the summary is printed, so that a failure is the only line printed.
    let installed = if args.install {
        let dir = crate::lexicons::require_data_dir()?;
        let keys = crate::lexicons::trusted_keys(&dir)?;
        if !keys.is_empty() {
            crate::lexicons::check_signature(&output, signature.as_deref(), &compiled.image, &keys)
                .with_context(|| format!("{} was built but not installed", output.display()))?;
        }
        let installed = lexico_store::install_image(&dir, compiled.image, signature, false, false)
            .with_context(|| format!("{} was built but not installed", output.display()))?;
        Some(installed)
    } else {
        None
    };
    let m = &compiled.manifest;
    let mut err = std::io::stderr().lock();
    // Printed once everything is written: a failed build says one thing, its error.
    for line in &folders {
        writeln!(err, "{line}")?;
    }
    let lang = crate::i18n::terminal();
    let t = |id: &str, args: &[(&str, Arg)]| msg(lang, id, args);
    let warning = t("build-warning", &[]);
    for w in &compiled.warnings {
        writeln!(err, "lexico: {warning}: {w}")?;
    }
    for check in &compiled.totals {
        let kind = if check.agrees() { t("build-note", &[]) } else { warning.clone() };
        writeln!(err, "lexico: {kind}: {check}")?;
    }
    let (path, seconds) = (output.display().to_string(), format!("{:.2}", started.elapsed().as_secs_f64()));
    let num = |n: usize| Arg::Num(n as u64);
    writeln!(
        err,
        "{}",
        t(
            "build-summary",
            &[
                ("path", Arg::Str(&path)),
                ("words", num(m.words as usize)),
                ("taken", Arg::Num(compiled.taken)),
                ("excluded", num(compiled.exclusions.len())),
                ("rejected", num(m.rejected_forms as usize)),
                ("seconds", Arg::Str(&seconds)),
            ]
        )
    )?;
    let lengths: Vec<String> = m
        .words_by_length
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(n, c)| format!("{n}:{c}"))
        .collect();
    writeln!(err, "{}", t("build-by-tiles", &[("lengths", Arg::Str(&lengths.join(" ")))]))?;
    if let Some(modified) = &modified {
        let files = modified.files.join(", ");
        let rules = format!("{} {}", modified.name, modified.version);
        writeln!(
            err,
            "{}",
            t("build-rules-modified", &[("rules", Arg::Str(&rules)), ("files", Arg::Str(&files))])
        )?;
    }
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for x in &compiled.exclusions {
        *reasons.entry(x.rule.as_str()).or_default() += 1;
    }
    for (rule, n) in reasons {
        writeln!(err, "{}", t("build-excluded-by", &[("rule", Arg::Str(rule)), ("count", num(n))]))?;
    }
    // The rules that refused most generated forms, with their counts.
    for r in compiled.refused.iter().take(REFUSALS_SHOWN) {
        let rule =
            if r.article.is_empty() { r.rule.clone() } else { format!("{} (art. {})", r.rule, r.article) };
        writeln!(
            err,
            "{}",
            t("build-refused-by", &[("rule", Arg::Str(&rule)), ("count", Arg::Num(r.forms))])
        )?;
    }
    for (evidence, n) in &compiled.evidence {
        writeln!(
            err,
            "{}",
            t("build-decided-by", &[("evidence", Arg::Str(evidence)), ("count", Arg::Num(*n))])
        )?;
    }
    writeln!(err, "{}", t("build-report", &[("path", Arg::Str(&report.display().to_string()))]))?;
    if let Some(installed) = installed {
        writeln!(err, "{installed}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The name of the file `path`, as a release folder lists it.
fn file_name(path: &Path) -> String {
    path.file_name().expect("a file name").to_string_lossy().into_owned()
}

/// Where the exclusion report of `output` goes.
pub fn report_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".excluded.csv");
    PathBuf::from(name)
}

/// The progress bar of a build: one line, a fresh bar at each phase (so no frame mixes two
/// phases), naming the phase and counting in its unit (bytes read, entries expanded, words
/// written or indexed).
struct PhaseBar {
    bar: Option<indicatif::ProgressBar>,
    phase: Option<Phase>,
    /// The number of phases this build goes through (the anagram index adds one).
    phases: usize,
}

impl PhaseBar {
    fn new(anagram_index: bool) -> PhaseBar {
        PhaseBar { bar: None, phase: None, phases: if anagram_index { 4 } else { 3 } }
    }

    fn show(&mut self, phase: Phase, done: u64, total: u64) {
        if self.phase != Some(phase) {
            self.finish();
            self.phase = Some(phase);
            // Phase names and units in the terminal's language, the names padded to the longest.
            let lang = crate::i18n::terminal();
            let t = |id: &str| msg(lang, id, &[]);
            let names = [
                "build-phase-reading",
                "build-phase-expanding",
                "build-phase-writing",
                "build-phase-indexing",
            ];
            let width = names.iter().map(|id| t(id).chars().count()).max().unwrap_or(17);
            let (n, counts) = match phase {
                Phase::Reading => (1, "{bytes}/{total_bytes}".to_string()),
                Phase::Expanding => (2, format!("{{human_pos}}/{{human_len}} {}", t("build-unit-entries"))),
                Phase::Writing => (3, format!("{{human_pos}}/{{human_len}} {}", t("build-unit-words"))),
                Phase::Indexing => (4, format!("{{human_pos}}/{{human_len}} {}", t("build-unit-words"))),
            };
            let name = t(names[n - 1]);
            let template = format!("{{spinner}} [{n}/{}] {name:<width$} [{{bar:25}}] {counts}", self.phases);
            let style = indicatif::ProgressStyle::with_template(&template)
                .expect("a valid template")
                .progress_chars("=> ");
            let bar = indicatif::ProgressBar::new(total).with_style(style).with_position(done);
            // The spinner turns during the steps that report nothing (sorting the words).
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// Clears the bar from the terminal.
    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// What a build says about a folder given as a source: a note of the files it took, or a
/// warning when it skipped some, with the reason for each.
fn folder_line(opened: &compile::Opened) -> String {
    let compile::Opened { place, found, skipped } = opened;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut line = format!(
        "{}: {} file{} taken ({})",
        place.display(),
        found.len(),
        plural(found.len()),
        found.join(", ")
    );
    let lang = crate::i18n::terminal();
    if skipped.is_empty() {
        return format!("lexico: {}: {line}", msg(lang, "build-note", &[]));
    }
    let mut reasons: Vec<&str> = skipped.iter().map(|(_, r)| *r).collect();
    reasons.sort_unstable();
    reasons.dedup();
    let groups: Vec<String> = reasons
        .iter()
        .map(|reason| {
            let names: Vec<&str> =
                skipped.iter().filter(|(_, r)| r == reason).map(|(name, _)| name.as_str()).collect();
            format!("{}: {reason}", names.join(", "))
        })
        .collect();
    line.push_str(&format!(", {} skipped ({})", skipped.len(), groups.join("; ")));
    format!("lexico: {}: {line}", msg(lang, "build-warning", &[]))
}

/// The exclusion report: one row per excluded form, no field starting a formula (an excluded
/// source line may hold anything).
fn exclusion_csv(exclusions: &[Exclusion]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["text", "reason", "rule", "article", "source", "line"])?;
    for x in exclusions {
        let fields = [&x.text, &x.reason, &x.rule, &x.article, &x.source, &x.line.to_string()];
        w.write_record(fields.map(|f| crate::output::csv_safe(f)).iter().map(|f| f.as_bytes()))?;
    }
    Ok(w.into_inner()?)
}
