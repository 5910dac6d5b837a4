//! `lexico diff OLD NEW`: the words added and removed between two lexicons, with counts by length
//! and by kind, and release notes in the shape of the federation's update lists (all computed by
//! `lexico_lexicon::diff` and `notes`; this module reads the flags and prints).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::{counts, diff, notes, Lexicon};

use crate::output::{Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// The older lexicon file (`default`: the lexicon embedded in the binary).
    pub old: PathBuf,
    /// The newer lexicon file (`default`: the lexicon embedded in the binary).
    pub new: PathBuf,
    /// Print the counts (by length and by kind) instead of the words.
    #[arg(long)]
    pub counts: bool,
    /// Also write release notes in Markdown to FILE (additions and removals grouped, with counts).
    #[arg(long, value_name = "FILE")]
    pub notes: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Opens a lexicon named on the command line, proven whole as every lexicon file is
/// ([`crate::lexicons::open_path`]); `default` is the embedded one.
pub fn open(path: &Path) -> Result<Lexicon> {
    if path.as_os_str() == "default" {
        return Ok(crate::lexicons::embedded()?);
    }
    Ok(crate::lexicons::open_path(path)?.lexicon)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let old = open(&args.old)?;
    let new = open(&args.new)?;
    let d = diff(&old, &new)?;
    let mut out = Out::new(args.format);
    if args.counts {
        for (change, list) in [("added", &d.added), ("removed", &d.removed)] {
            let (by_len, by_kind) = counts(list);
            let total = list.len() as u64;
            let rows = std::iter::once(("total", "all".to_string(), total))
                .chain(by_len.iter().map(|(n, c)| ("length", n.to_string(), *c)))
                .chain(by_kind.iter().map(|(k, c)| ("kind", k.name().to_string(), *c)));
            for (by, key, count) in rows {
                out.record(
                    &format!("{change}\t{by}\t{key}\t{count}"),
                    &[
                        ("change", Value::Str(change)),
                        ("by", Value::Str(by)),
                        ("key", Value::Str(&key)),
                        ("count", Value::Int(count)),
                    ],
                )?;
            }
        }
    } else {
        for (sign, change, list) in [("+", "added", &d.added), ("-", "removed", &d.removed)] {
            for c in list {
                out.record(
                    &format!("{sign}{}\t{}", c.word, c.kind.name()),
                    &[
                        ("change", Value::Str(change)),
                        ("word", Value::Str(&c.word)),
                        ("tiles", Value::Int(c.tiles as u64)),
                        ("kind", Value::Str(c.kind.name())),
                    ],
                )?;
            }
        }
        if args.format == Format::Text {
            for (change, list) in [("added", &d.added), ("removed", &d.removed)] {
                let (by_len, by_kind) = counts(list);
                let lens: Vec<String> = by_len.iter().map(|(n, c)| format!("{n}:{c}")).collect();
                let kinds: Vec<String> = by_kind.iter().map(|(k, c)| format!("{}:{c}", k.name())).collect();
                let line = format!(
                    "# {change} {}; by tiles {}; by kind {}",
                    list.len(),
                    lens.join(" "),
                    kinds.join(", ")
                );
                out.record(&line, &[])?;
            }
        }
    }
    out.flush()?;
    if let Some(path) = &args.notes {
        let text = notes(&old, &new, &d)?;
        crate::files::write_atomically(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
