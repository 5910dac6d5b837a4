//! `lexico rules`: the rule sets embedded in the binary (`list`, `export`), and how a `--rules`
//! value names one of them or a folder ([`load`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexico_rules::{embedded, RuleFiles, RuleSet};
use lexico_tiles::quoted;

use crate::output::{Format, Out, Value};

/// The rule set `lexico build` uses when given no `--rules`.
pub const DEFAULT: &str = "fise-2016";

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(clap::Subcommand)]
pub enum Command {
    /// List the embedded rule sets: name, version, title
    List {
        /// Output format.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Write the files of an embedded rule set into a folder, to start a new edition from
    Export {
        /// The embedded rule set (see `lexico rules list`).
        #[arg(value_name = "NAME")]
        name: String,
        /// The folder to write into; created if missing. `lexico build --rules DIR` loads it.
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Overwrite files that already exist in DIR (without it, an existing file stops the
        /// export before anything is written).
        #[arg(long)]
        force: bool,
    },
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::List { format } => list(format),
        Command::Export { name, dir, force } => export(&name, &dir, force),
    }
}

/// Loads the rule set a `--rules` value names. A value with a path separator, or starting with
/// `.`, is a folder; otherwise it is the name of an embedded set, or, if no set has that name, a
/// folder that exists. Anything else is an error listing the embedded names (docs/rules.md).
pub fn load(value: &Path) -> Result<RuleSet> {
    let name =
        value.to_str().filter(|v| !v.starts_with('.') && !v.contains(['/', std::path::MAIN_SEPARATOR]));
    if let Some(name) = name {
        if let Some(files) = RuleFiles::embedded(name) {
            return Ok(RuleSet::load_from(&files)?);
        }
        if value.symlink_metadata().is_err() {
            bail!(
                "--rules {}: no rule set of this name is embedded ({}) and no folder has this name",
                quoted(name),
                embedded_names()
            );
        }
    }
    Ok(RuleSet::load(value)?)
}

/// The embedded names, for messages: `embedded: a, b`.
fn embedded_names() -> String {
    format!("embedded: {}", embedded::names().collect::<Vec<_>>().join(", "))
}

fn list(format: Format) -> Result<ExitCode> {
    let mut out = Out::new(format);
    for name in embedded::names() {
        let files = RuleFiles::embedded(name).expect("a listed name is embedded");
        let about = RuleSet::identity(&files)?;
        let text = format!("{name}\t{}\t{}", about.version, about.title);
        out.record(
            &text,
            &[
                ("name", Value::Str(name)),
                ("version", Value::Str(&about.version)),
                ("title", Value::Str(&about.title)),
            ],
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn export(name: &str, dir: &Path, force: bool) -> Result<ExitCode> {
    let Some(files) = embedded::files(name) else {
        bail!("{}: no rule set of this name is embedded ({})", quoted(name), embedded_names());
    };
    let targets: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|(path, bytes)| (path.split('/').fold(dir.to_path_buf(), |p, c| p.join(c)), *bytes))
        .collect();
    if !force {
        if let Some((path, _)) = targets.iter().find(|(path, _)| path.symlink_metadata().is_ok()) {
            bail!("{}: the file exists (--force overwrites it); nothing was exported", path.display());
        }
    }
    for (path, bytes) in &targets {
        write_file(path, bytes, force)?;
    }
    let about = RuleSet::identity(&RuleFiles::embedded(name).expect("a name with files is embedded"))?;
    writeln!(
        std::io::stderr().lock(),
        "{}: {} files of the rule set {name} {} ({})",
        dir.display(),
        targets.len(),
        about.version,
        about.title
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to `path` atomically (a temporary file in the same folder, flushed, then
/// renamed into place), creating the folders on the way; an existing file is replaced only if
/// `overwrite`, even if it appeared after the check before the export.
fn write_file(path: &Path, bytes: &[u8], overwrite: bool) -> Result<()> {
    let parent = path.parent().expect("a file in the export folder");
    std::fs::create_dir_all(parent).with_context(|| format!("{}", parent.display()))?;
    let tmp = crate::files::stage(path, bytes)?;
    if overwrite {
        return crate::files::persist(tmp, path);
    }
    tmp.persist_noclobber(path).map_err(|e| e.error).with_context(|| format!("{}", path.display()))?;
    Ok(())
}
