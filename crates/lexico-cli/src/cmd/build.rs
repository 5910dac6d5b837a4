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
//! release folder is staged whole beside it and renamed into place. SIGINT, SIGTERM and SIGHUP remove the temporary files before the
//! process ends. See docs/maintainers.md.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use lexico_lexicon::compile::{self, Exclusion, Input, Meta, Phase};

#[derive(clap::Args)]
#[command(after_help = "On a terminal a progress bar names each phase (reading sources, expanding entries, \
writing words) in its own unit. Warnings (`lexico: warning: ...`: duplicate lines, an empty source, a \
source mostly excluded, a file given twice, files a folder skipped) never stop the build. The summary's \
counts are those of `lexico info`. See docs/maintainers.md.")]
pub struct Args {
    /// Source files or folders (a folder contributes its `.txt` and `.tsv` files; what it takes
    /// and skips is printed). Each file's reader is chosen by its content: FISE list title,
    /// lemma-table header, or a plain word list. The order does not matter: sources are taken in
    /// the order of their paths, so the lexicon is the same byte for byte.
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
    #[arg(long, value_name = "NAME|DIR", default_value = crate::cmd::rules::DEFAULT)]
    pub rules: PathBuf,
    /// The previous edition of the lexicon, as evidence where the sources leave a question open
    /// (which non-verbs vary in number). `default` names the lexicon embedded in the binary.
    #[arg(long, value_name = "LEXICON")]
    pub previous: Option<PathBuf>,
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

pub fn run(args: Args) -> Result<ExitCode> {
    let started = Instant::now();
    // Temporary files are removed on SIGINT, SIGTERM and SIGHUP from here on.
    cleanup::install();
    // Where the build writes is checked before anything is read or written.
    match (&args.output, &args.release_dir) {
        (Some(o), _) => {
            check_output(o)?;
            check_output(&report_path(o))?;
            check_output(&crate::lexicons::signature_path(o))?;
        }
        (None, Some(dir)) => check_release_dir(dir)?,
        (None, None) => {}
    }
    let key = args.sign.as_deref().map(crate::cmd::sign::load_secret_key).transpose()?;
    // The rule set (a hundred regular expressions to compile) loads while the sources are read;
    // its errors are reported first, as if it had been loaded first.
    let (rules, inputs) = std::thread::scope(|scope| {
        let rules = scope.spawn(|| crate::cmd::rules::load(&args.rules));
        let inputs = read_sources(&args.sources);
        (rules.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), inputs)
    });
    let (rules, (inputs, folders)) = (rules?, inputs?);
    let stem = release_stem(&args.name, &args.edition, &args.version);
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
    };
    let mut bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| PhaseBar::new(args.anagram_index));
    let previous = match &args.previous {
        Some(p) if p.as_os_str() == "default" => Some(crate::lexicons::embedded()?),
        Some(p) => Some(crate::lexicons::open_path(p).context("--previous")?.lexicon),
        None => None,
    };
    let compiled = compile::compile(&rules, &inputs, previous.as_ref(), meta, &mut |phase, done, total| {
        if let Some(bar) = &mut bar {
            bar.show(phase, done, total);
        }
    });
    if let Some(bar) = &mut bar {
        bar.finish();
    }
    let compiled = compiled?;
    let report = report_path(&output);
    let csv = exclusion_csv(&compiled.exclusions)?;
    let signature =
        key.as_ref().map(|k| crate::cmd::sign::sign_bytes(k, &compiled.image, &output)).transpose()?;
    let mut files: Vec<(PathBuf, &[u8])> = vec![(report.clone(), &csv)];
    if let Some(sig) = &signature {
        files.push((crate::lexicons::signature_path(&output), sig.as_bytes()));
    }
    // The lexicon goes last: a build that fails on the way leaves no new lexicon behind.
    files.push((output.clone(), &compiled.image));
    match &args.release_dir {
        Some(dir) => {
            let new = lexico_lexicon::Lexicon::from_vec(compiled.image.clone())?;
            let release = release_files(files, &new, previous.as_ref())?;
            publish_release(dir, &release)?;
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
        let installed = crate::cmd::install::install(&dir, compiled.image, signature, false, false)
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
    for w in &compiled.warnings {
        writeln!(err, "lexico: warning: {w}")?;
    }
    writeln!(
        err,
        "{}: {} words ({} taken in, {} excluded, {} rejected forms kept) in {:.2} s",
        output.display(),
        m.words,
        compiled.taken,
        compiled.exclusions.len(),
        m.rejected_forms,
        started.elapsed().as_secs_f64()
    )?;
    let lengths: Vec<String> = m
        .words_by_length
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(n, c)| format!("{n}:{c}"))
        .collect();
    writeln!(err, "words by tiles: {}", lengths.join(" "))?;
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for x in &compiled.exclusions {
        *reasons.entry(x.rule.as_str()).or_default() += 1;
    }
    for (rule, n) in reasons {
        writeln!(err, "excluded by {rule}: {n}")?;
    }
    for (evidence, n) in &compiled.evidence {
        writeln!(err, "number of non-verbs decided by {evidence}: {n}")?;
    }
    writeln!(err, "exclusion report: {}", report.display())?;
    if let Some(installed) = installed {
        writeln!(err, "{installed}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The file name of a release's lexicon: its edition, or its name and version, in characters
/// that are safe in any file system.
pub(crate) fn release_stem(name: &str, edition: &str, version: &str) -> String {
    let raw = if edition.is_empty() { format!("{name}-{version}") } else { edition.to_string() };
    raw.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' }).collect()
}

/// The files of a release folder: `files` (the lexicon, its report, its signature), the release
/// notes and the checksums of all of them. Nothing in them depends on the time or the machine,
/// so building a release twice gives the same bytes (a signature aside: Ed25519 signatures of
/// minisign are randomised).
fn release_files(
    files: Vec<(PathBuf, &[u8])>,
    new: &lexico_lexicon::Lexicon,
    previous: Option<&lexico_lexicon::Lexicon>,
) -> Result<Vec<(String, Vec<u8>)>> {
    use sha2::{Digest, Sha256};
    let notes = match previous {
        Some(old) => {
            let d = crate::cmd::diff::diff(old, new)?;
            crate::cmd::diff::notes(old, new, &d)?
        }
        None => {
            let m = new.manifest()?;
            format!(
                "# {} {} {}: release notes\n\nFirst edition: {} words, payload SHA-256 `{}`; no \
                 previous edition was given (--previous) to compare with.\n",
                m.name, m.edition, m.version, m.words, m.payload_sha256
            )
        }
    };
    let mut out: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .map(|(p, b)| (p.file_name().expect("a file name").to_string_lossy().into_owned(), b.to_vec()))
        .collect();
    out.push(("NOTES.md".into(), notes.into_bytes()));
    out.sort_by(|a, b| a.0.cmp(&b.0));
    let mut sums = String::new();
    for (name, bytes) in &out {
        sums.push_str(&format!("{}  {name}\n", lexico_lexicon::hex(&Sha256::digest(bytes))));
    }
    out.push(("SHA256SUMS".into(), sums.into_bytes()));
    Ok(out)
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
            let (n, name, counts) = match phase {
                Phase::Reading => (1, "reading sources", "{bytes}/{total_bytes}"),
                Phase::Expanding => (2, "expanding entries", "{human_pos}/{human_len} entries"),
                Phase::Writing => (3, "writing words", "{human_pos}/{human_len} words"),
                Phase::Indexing => (4, "indexing anagrams", "{human_pos}/{human_len} words"),
            };
            let template = format!("{{spinner}} [{n}/{}] {name:<17} [{{bar:25}}] {counts}", self.phases);
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

/// Reads every source before anything is written, so an unreadable one stops the build. Returns
/// the sources and, for each folder, a line saying which files it took and which it skipped, and
/// why.
fn read_sources(paths: &[PathBuf]) -> Result<(Vec<Input>, Vec<String>)> {
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
        if meta.is_dir() {
            let (found, skipped) = folder_sources(path)?;
            if found.is_empty() {
                bail!("{}: the folder holds no .txt or .tsv source", path.display());
            }
            folders.push(folder_line(path, &found, &skipped));
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    let inputs = files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).with_context(|| format!("{}", p.display()))?;
            Ok(Input { path: p.to_string_lossy().into_owned(), bytes })
        })
        .collect::<Result<_>>()?;
    Ok((inputs, folders))
}

/// What a folder holds that a build skips, each with the reason.
type Skipped = Vec<(PathBuf, &'static str)>;

/// The sources of a folder (its `.txt` and `.tsv` files, by name), and what it holds besides,
/// each with the reason it is skipped. Folders inside it are not read.
fn folder_sources(dir: &Path) -> Result<(Vec<PathBuf>, Skipped)> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let p = entry.with_context(|| format!("{}", dir.display()))?.path();
        if p.is_dir() {
            skipped.push((p, "a folder"));
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("txt" | "tsv")) {
            found.push(p);
        } else {
            skipped.push((p, "not .txt or .tsv"));
        }
    }
    found.sort();
    skipped.sort();
    Ok((found, skipped))
}

/// What a build says about a folder given as a source: a note of the files it took, or a
/// warning when it skipped some, with the reason for each.
fn folder_line(dir: &Path, found: &[PathBuf], skipped: &[(PathBuf, &str)]) -> String {
    let name =
        |p: &Path| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into());
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let taken: Vec<String> = found.iter().map(|p| name(p)).collect();
    let mut line = format!(
        "{}: {} file{} taken ({})",
        dir.display(),
        found.len(),
        plural(found.len()),
        taken.join(", ")
    );
    if skipped.is_empty() {
        return format!("lexico: note: {line}");
    }
    let mut reasons: Vec<&str> = skipped.iter().map(|(_, r)| *r).collect();
    reasons.sort_unstable();
    reasons.dedup();
    let groups: Vec<String> = reasons
        .iter()
        .map(|reason| {
            let names: Vec<String> =
                skipped.iter().filter(|(_, r)| r == reason).map(|(p, _)| name(p)).collect();
            format!("{}: {reason}", names.join(", "))
        })
        .collect();
    line.push_str(&format!(", {} skipped ({})", skipped.len(), groups.join("; ")));
    format!("lexico: warning: {line}")
}

fn exclusion_csv(exclusions: &[Exclusion]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["text", "reason", "rule", "article", "source", "line"])?;
    for x in exclusions {
        w.write_record([&x.text, &x.reason, &x.rule, &x.article, &x.source, &x.line.to_string()])?;
    }
    Ok(w.into_inner()?)
}

/// The folder of `path` (`.` for a bare file name).
fn parent(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The prefix of the temporary files staged for `path`: hidden, and named after it, so that the
/// next build to `path` knows them.
fn temp_prefix(path: &Path) -> String {
    format!(".{}.tmp", path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
}

/// Writes `bytes` to a temporary file in the folder of `path`, flushed to disk, to be renamed into
/// place by [`persist`] so that `path` is never a half-written file.
fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    let dir = parent(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(path))
        .tempfile_in(dir)
        .with_context(|| format!("{}", dir.display()))?;
    cleanup::register(tmp.path());
    tmp.write_all(bytes).with_context(|| format!("{}", path.display()))?;
    // A temporary file is private (0600); a lexicon and its reports are meant to be read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .with_context(|| format!("{}", path.display()))?;
    }
    tmp.as_file().sync_all().with_context(|| format!("{}", path.display()))?;
    Ok(tmp)
}

/// Writes `bytes` to `path` atomically: `path` is never a half-written file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    persist(stage(path, bytes)?, path)
}

/// Renames a staged file into place at `path`.
fn persist(tmp: tempfile::NamedTempFile, path: &Path) -> Result<()> {
    let staged = tmp.path().to_path_buf();
    let mut guard = cleanup::committing();
    tmp.persist(path).with_context(|| format!("{}", path.display()))?;
    guard.done(&staged);
    Ok(())
}

/// Refuses an output that exists and is not a regular file: a folder, a symlink (which would be
/// replaced, not followed), a FIFO or a device.
fn check_output(path: &Path) -> Result<()> {
    let meta = match path.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("{}", path.display())),
    };
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    let what = if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        special_kind(&t)
    };
    bail!(
        "{}: {what}, not a regular file; the output must be a regular file or not exist yet",
        path.display()
    )
}

/// What a file that is neither a regular file, a folder nor a symlink is.
fn special_kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = t;
    "a special file"
}

/// The files a release folder holds: a folder holding anything else is not replaced.
fn is_release_file(name: &str) -> bool {
    name == "NOTES.md"
        || name == "SHA256SUMS"
        || name.ends_with(".lex")
        || name.ends_with(".lex.excluded.csv")
        || name.ends_with(".lex.minisig")
}

/// Refuses a release folder that exists and is not a folder (a symlink included), or that holds
/// anything a release does not: a release folder is replaced whole.
fn check_release_dir(dir: &Path) -> Result<()> {
    let meta = match dir.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("{}", dir.display())),
    };
    if !meta.is_dir() {
        bail!("{}: not a folder; --release-dir must be a folder or not exist yet", dir.display());
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let entry = entry.with_context(|| format!("{}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !is_release_file(&name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            bail!(
                "{}: holds {name}, which is not part of a release; a release folder is replaced \
                 whole, so give an empty or new folder",
                dir.display()
            );
        }
    }
    Ok(())
}

/// The lock that serialises the builds writing `path`: an exclusive `flock` on the folder it goes
/// in, held for as long as the returned handle is open (nothing is left behind in the folder).
fn lock(path: &Path) -> Result<std::fs::File> {
    let dir = parent(path);
    let handle = std::fs::File::open(dir).with_context(|| format!("{}", dir.display()))?;
    #[cfg(unix)]
    rustix::fs::flock(&handle, rustix::fs::FlockOperation::LockExclusive)
        .map_err(std::io::Error::from)
        .with_context(|| format!("locking {}", dir.display()))?;
    Ok(handle)
}

/// The journal of a publication of `path` in progress: the renames still to do.
fn journal_path(path: &Path) -> PathBuf {
    parent(path)
        .join(format!(".{}.journal", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()))
}

/// Completes the renames a killed build listed in the journal of `output`, then removes the
/// temporary files that killed builds left for `targets` (under the lock, no other build is
/// writing them).
fn recover(output: &Path, targets: &[&Path]) -> Result<()> {
    let journal_file = journal_path(output);
    match std::fs::read_to_string(&journal_file) {
        Ok(journal) => {
            for line in journal.lines() {
                if let Some((tmp, target)) = line.split_once('\t') {
                    if Path::new(tmp).exists() {
                        std::fs::rename(tmp, target)
                            .with_context(|| format!("{target} (completing an interrupted build)"))?;
                    }
                }
            }
            std::fs::remove_file(&journal_file).with_context(|| format!("{}", journal_file.display()))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e).with_context(|| format!("{}", journal_file.display())),
    }
    for target in targets.iter().copied().chain([journal_file.as_path()]) {
        let prefix = temp_prefix(target);
        let Ok(entries) = std::fs::read_dir(parent(target)) else { continue };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let path = entry.path();
                let _ =
                    if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
            }
        }
    }
    Ok(())
}

/// Publishes `files` (the last one being `output`, the lexicon) as a set: under the lock on
/// `output`, every file is staged in full, the renames are listed in the lock file, done, and the
/// list is cleared. A build killed after listing them has them done by the next build.
fn publish(output: &Path, files: &[(PathBuf, &[u8])]) -> Result<()> {
    let _lock = lock(output)?;
    let targets: Vec<&Path> = files.iter().map(|(p, _)| p.as_path()).collect();
    recover(output, &targets)?;
    // Checked again under the lock: something may have appeared since the build started.
    for (path, _) in files {
        check_output(path)?;
    }
    let mut staged = Vec::new();
    for (path, bytes) in files {
        staged.push((stage(path, bytes)?.into_temp_path(), path));
    }
    let journal: String = staged
        .iter()
        .map(|(tmp, path)| format!("{}\t{}\n", absolute(tmp).display(), absolute(path).display()))
        .collect();
    // From the journal on, a signal waits for the renames instead of removing what they need.
    let journal_file = journal_path(output);
    // Staged before the guard: `stage` registers its file with the signal thread.
    let journal_tmp = stage(&journal_file, journal.as_bytes())?;
    let mut guard = cleanup::committing();
    let staged_journal = journal_tmp.path().to_path_buf();
    journal_tmp.persist(&journal_file).with_context(|| format!("{}", journal_file.display()))?;
    guard.done(&staged_journal);
    for (tmp, path) in staged {
        let name = tmp.to_path_buf();
        tmp.persist(path).map_err(|e| e.error).with_context(|| format!("{}", path.display()))?;
        guard.done(&name);
    }
    std::fs::remove_file(&journal_file).with_context(|| format!("{}", journal_file.display()))
}

/// `path` made absolute against the current folder, for the lock file's list.
fn absolute(path: &Path) -> PathBuf {
    std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
}

/// Writes a release folder whole: its files go into a hidden folder beside `dir`, which then
/// takes the place of `dir` in one rename (an exchange when `dir` exists, on Linux), under the
/// lock on `dir`.
fn publish_release(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<()> {
    let _lock = lock(dir)?;
    recover(dir, &[dir])?;
    check_release_dir(dir)?;
    let staging = tempfile::Builder::new()
        .prefix(&temp_prefix(dir))
        .tempdir_in(parent(dir))
        .with_context(|| format!("{}", parent(dir).display()))?;
    cleanup::register(staging.path());
    for (name, bytes) in files {
        let path = staging.path().join(name);
        let mut file = std::fs::File::create(&path).with_context(|| format!("{}", path.display()))?;
        file.write_all(bytes).with_context(|| format!("{}", path.display()))?;
        file.sync_all().with_context(|| format!("{}", path.display()))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))
            .with_context(|| format!("{}", staging.path().display()))?;
    }
    let staged = staging.keep();
    let mut guard = cleanup::committing();
    let exists = dir.symlink_metadata().is_ok();
    if !exists {
        std::fs::rename(&staged, dir).with_context(|| format!("{}", dir.display()))?;
        guard.done(&staged);
        return Ok(());
    }
    #[cfg(target_os = "linux")]
    {
        let swapped = rustix::fs::renameat_with(
            rustix::fs::CWD,
            &staged,
            rustix::fs::CWD,
            dir,
            rustix::fs::RenameFlags::EXCHANGE,
        );
        if swapped.is_ok() {
            // `staged` now holds the previous release.
            let _ = std::fs::remove_dir_all(&staged);
            guard.done(&staged);
            return Ok(());
        }
    }
    // Without an atomic exchange: the previous release is moved aside, then replaced.
    let aside = parent(dir).join(format!("{}old", temp_prefix(dir)));
    let _ = std::fs::remove_dir_all(&aside);
    std::fs::rename(dir, &aside).with_context(|| format!("{}", dir.display()))?;
    std::fs::rename(&staged, dir).with_context(|| format!("{}", dir.display()))?;
    guard.done(&staged);
    let _ = std::fs::remove_dir_all(&aside);
    Ok(())
}

/// The temporary files and folders of a build, removed when a signal ends it.
mod cleanup {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, MutexGuard, Once};

    static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    fn staged() -> MutexGuard<'static, Vec<PathBuf>> {
        STAGED.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, removes what is staged and ends the
    /// process as the signal would have.
    pub fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            #[cfg(unix)]
            {
                use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
                let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
                    return;
                };
                std::thread::spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Waits for renames in progress (see `committing`).
                        let mut paths = staged();
                        for path in paths.drain(..) {
                            let _ = if path.is_dir() {
                                std::fs::remove_dir_all(&path)
                            } else {
                                std::fs::remove_file(&path)
                            };
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
            }
        });
    }

    /// Records a temporary path to remove on a signal.
    pub fn register(path: &Path) {
        staged().push(path.to_path_buf());
    }

    /// Holds off the signal thread while renames are done: a signal then waits for them, so a
    /// set of files is never left half-published by a signal.
    pub fn committing() -> Committing {
        Committing(staged())
    }

    pub struct Committing(MutexGuard<'static, Vec<PathBuf>>);

    impl Committing {
        /// Forgets a path renamed into place.
        pub fn done(&mut self, path: &Path) {
            self.0.retain(|p| p != path);
        }
    }
}
