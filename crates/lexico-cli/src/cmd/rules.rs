//! `lexico rules`: the rule sets embedded in the binary (`list`, `export`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexico_rules::{embedded, RuleError, RuleFiles, RuleSet};

use crate::output::{Format, Out, Value};

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
        return Err(RuleError::Unknown { name: name.to_string(), folder: false }.into());
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
    let tmp = lexico_store::atomic::stage(path, bytes)?;
    if overwrite {
        lexico_store::atomic::persist(tmp, path)?;
        return Ok(());
    }
    tmp.persist_noclobber(path).map_err(|e| e.error).with_context(|| format!("{}", path.display()))?;
    Ok(())
}
