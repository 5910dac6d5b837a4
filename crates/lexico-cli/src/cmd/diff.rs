//! `lexico diff OLD NEW`: the words added and removed between two lexicons, with counts by length
//! and by kind, and release notes in the shape of the federation's update lists; with `--explain`,
//! each word's cause (a source change, a rule change, or unattributed) and the notes grouped by
//! cause. All of it is computed by the answers (`diff`, `notes`, `attribute`, `notes_by_cause`,
//! and their records); this module reads the flags and prints.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::{
    attribute, counts, diff, notes, notes_by_cause, Attribution, Cause, ChangeRecord, ExplainedRecord,
};
use lexico_lexicon::Lexicon;

use crate::lexicons::open_named;
use crate::output::{Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// The older lexicon: a file, the edition or name of an installed lexicon, or `embedded`.
    pub old: OsString,
    /// The newer lexicon, named as OLD is.
    pub new: OsString,
    /// Print the counts (by length and by kind) instead of the words.
    #[arg(long)]
    pub counts: bool,
    /// Also write release notes in Markdown to FILE (additions and removals grouped, with counts),
    /// in the language of --lang.
    #[arg(long, value_name = "FILE")]
    pub notes: Option<std::path::PathBuf>,
    /// Give each word its cause: a source change (the update list entry that adds or removes it,
    /// or a lemma only one edition's sources hold), a rule change (the rule and article that admit
    /// it in one edition and refuse it in the other), or unattributed; words are grouped by
    /// cause and counted. With --counts, counts by cause; with --notes, notes grouped by cause
    #[arg(long)]
    pub explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let old = open_named(&args.old)?;
    let new = open_named(&args.new)?;
    if args.explain {
        return explained(&args, &old, &new);
    }
    let d = diff(&old, &new)?;
    let mut out = Out::new(args.format);
    if args.counts {
        for r in d.count_records() {
            out.row(&r, |line| line.push_str(&format!("{}\t{}\t{}\t{}", r.change, r.by, r.key, r.count)))?;
        }
    } else {
        for (sign, added, list) in [("+", true, &d.added), ("-", false, &d.removed)] {
            for c in list {
                let row = ChangeRecord::new(c, added);
                out.row(&row, |line| line.push_str(&format!("{sign}{}\t{}", c.word, c.kind.name())))?;
            }
        }
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
            out.text_line(&line)?;
        }
    }
    out.flush()?;
    if let Some(path) = &args.notes {
        let text = notes(&old, &new, &d, crate::i18n::terminal())?;
        lexico_store::atomic::write_atomically(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `diff --explain`: every word with its cause, grouped by cause, and the counts.
fn explained(args: &Args, old: &Lexicon, new: &Lexicon) -> Result<ExitCode> {
    let a = attribute(old, new)?;
    let mut out = Out::new(args.format);
    if args.counts {
        for r in a.count_records() {
            out.row(&r, |line| line.push_str(&format!("{}\t{}\t{}\t{}", r.change, r.by, r.key, r.count)))?;
        }
    } else {
        let counts = a.counts();
        for cause in Cause::ALL {
            out.text_line(&format!("# {}: {}", cause.title(), counts[&cause]))?;
            for x in a.iter().filter(|x| x.cause == cause) {
                let sign = if x.added { "+" } else { "-" };
                out.row(&ExplainedRecord::new(x), |line| {
                    let (word, kind) = (&x.change.word, x.change.kind.name());
                    line.push_str(&format!("{sign}{word}\t{kind}\t{}\t{}", x.cause.title(), x.detail))
                })?;
            }
        }
        if let Some(plain) = &a.plain {
            out.text_line(&format!("# {plain} is a plain word list, without entries or rules: only the update lists attribute a cause"))?;
        }
        out.text_line(&summary(&a))?;
    }
    out.flush()?;
    if let Some(path) = &args.notes {
        let text = notes_by_cause(old, new, &a, crate::i18n::terminal())?;
        lexico_store::atomic::write_atomically(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The closing line of the text output: the count of each cause and the share attributed.
fn summary(a: &Attribution) -> String {
    let counts = a.counts();
    let parts: Vec<String> = Cause::ALL.iter().map(|c| format!("{} {}", c.title(), counts[c])).collect();
    let share = if a.is_empty() { 100.0 } else { 100.0 * a.attributed() as f64 / a.len() as f64 };
    format!("# causes: {}; attributed {} of {} ({share:.1} %)", parts.join(", "), a.attributed(), a.len())
}
