//! `lexico build`: compile sources with a rule set into a lexicon file.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use lexico_lexicon::compile::{self, Exclusion, Input, Meta};
use lexico_rules::RuleSet;

#[derive(clap::Args)]
pub struct Args {
    /// Source files or folders (a folder contributes its `.txt` and `.tsv` files, by name). Each
    /// file's reader is chosen by its content: FISE list title, lemma-table header, or a plain
    /// word list.
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
    /// The rule-set folder.
    #[arg(long, value_name = "DIR", default_value = "rules/fise-2016")]
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
    /// Do not draw a progress bar even on a terminal.
    #[arg(long)]
    pub quiet: bool,
    /// Then install the new lexicon in the data folder, as `lexico install FILE` does.
    #[arg(long)]
    pub install: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let started = Instant::now();
    // The rule set (a hundred regular expressions to compile) loads while the sources are read;
    // its errors are reported first, as if it had been loaded first.
    let (rules, inputs) = std::thread::scope(|scope| {
        let rules = scope.spawn(|| RuleSet::load(&args.rules));
        let inputs = read_sources(&args.sources);
        (rules.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), inputs)
    });
    let (rules, inputs) = (rules?, inputs?);
    let stem = release_stem(&args.name, &args.edition, &args.version);
    let output = match (&args.output, &args.release_dir) {
        (Some(o), _) => o.clone(),
        (None, Some(dir)) => {
            std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
            dir.join(format!("{stem}.lex"))
        }
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
    let bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let total: u64 = inputs.iter().map(|i| i.bytes.len() as u64).sum();
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} reading sources [{bar:30}] {bytes}/{total_bytes}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar
    });
    let previous = match &args.previous {
        Some(p) if p.as_os_str() == "default" => Some(crate::lexicons::embedded()?),
        Some(p) => {
            Some(lexico_lexicon::Lexicon::open(p).with_context(|| format!("{} (--previous)", p.display()))?)
        }
        None => None,
    };
    let compiled = compile::compile(&rules, &inputs, previous.as_ref(), meta, &mut |done, _| {
        if let Some(bar) = &bar {
            bar.set_position(done);
        }
    })?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report_path(&output);
    // Both files are written in full before either is renamed into place, and the lexicon goes
    // last: a build that fails on the way leaves no new lexicon behind.
    let image = stage(&output, &compiled.image)?;
    let csv = stage(&report, &exclusion_csv(&compiled.exclusions)?)?;
    persist(csv, &report)?;
    persist(image, &output)?;
    if let Some(dir) = &args.release_dir {
        let new = lexico_lexicon::Lexicon::from_vec(compiled.image.clone())?;
        write_release(dir, &output, &report, &new, previous.as_ref())?;
    }
    // Installed before the summary is printed, so that a failure is the only line printed.
    let installed = if args.install {
        let dir = crate::lexicons::require_data_dir()?;
        let installed = crate::cmd::install::install(&dir, compiled.image, false, false)
            .with_context(|| format!("{} was built but not installed", output.display()))?;
        Some(installed)
    } else {
        None
    };
    let m = &compiled.manifest;
    let mut err = std::io::stderr().lock();
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

/// Writes the release notes and the checksums of a release folder. Nothing in them depends on
/// the time or the machine, so building a release twice gives the same bytes.
fn write_release(
    dir: &Path,
    lexicon: &Path,
    report: &Path,
    new: &lexico_lexicon::Lexicon,
    previous: Option<&lexico_lexicon::Lexicon>,
) -> Result<()> {
    use sha2::{Digest, Sha256};
    let notes_path = dir.join("NOTES.md");
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
    write_atomically(&notes_path, notes.as_bytes())?;
    let mut sums = String::new();
    let mut files = [lexicon, report, notes_path.as_path()];
    files.sort_by_key(|p| p.file_name().map(|n| n.to_os_string()));
    for path in files {
        let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
        let name = path.file_name().expect("a file name").to_string_lossy();
        sums.push_str(&format!("{}  {name}\n", lexico_lexicon::hex(&Sha256::digest(&bytes))));
    }
    write_atomically(&dir.join("SHA256SUMS"), sums.as_bytes())
}

/// Where the exclusion report of `output` goes.
pub fn report_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".excluded.csv");
    PathBuf::from(name)
}

/// Reads every source before anything is written, so an unreadable one stops the build.
fn read_sources(paths: &[PathBuf]) -> Result<Vec<Input>> {
    let mut files = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
        if meta.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("{}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("txt" | "tsv"))
                })
                .collect();
            found.sort();
            if found.is_empty() {
                bail!("{}: the folder holds no .txt or .tsv source", path.display());
            }
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).with_context(|| format!("{}", p.display()))?;
            Ok(Input { path: p.to_string_lossy().into_owned(), bytes })
        })
        .collect()
}

fn exclusion_csv(exclusions: &[Exclusion]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["text", "reason", "rule", "article", "source", "line"])?;
    for x in exclusions {
        w.write_record([&x.text, &x.reason, &x.rule, &x.article, &x.source, &x.line.to_string()])?;
    }
    Ok(w.into_inner()?)
}

/// Writes `bytes` to a temporary file in the folder of `path`, flushed to disk, to be renamed into
/// place by [`persist`] so that `path` is never a half-written file.
fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).with_context(|| format!("{}", dir.display()))?;
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
    tmp.persist(path).with_context(|| format!("{}", path.display()))?;
    Ok(())
}
