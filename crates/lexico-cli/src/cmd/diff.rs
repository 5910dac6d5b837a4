//! `lexico diff OLD NEW`: the words added and removed between two lexicons, with counts by length
//! and by kind, and release notes in the shape of the federation's update lists; with `--explain`,
//! each word's cause (a source change, a rule change, or unattributed) and the notes grouped by
//! cause. All of it is computed by `lexico_lexicon` (`diff`, `notes`, `attribute`,
//! `notes_by_cause`); this module reads the flags and prints.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::{
    attribute, counts, diff, notes, notes_by_cause, Attributed, Attribution, Cause, Lexicon,
};

use crate::output::{Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// The older lexicon: a file, the edition or name of an installed lexicon, or `default` (the
    /// lexicon embedded in the binary).
    pub old: PathBuf,
    /// The newer lexicon, named as OLD is.
    pub new: PathBuf,
    /// Print the counts (by length and by kind) instead of the words.
    #[arg(long)]
    pub counts: bool,
    /// Also write release notes in Markdown to FILE (additions and removals grouped, with counts).
    #[arg(long, value_name = "FILE")]
    pub notes: Option<PathBuf>,
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

/// Opens a lexicon named on the command line as `--lexicon` names one (a file, an installed
/// edition or name, `embedded`), proven whole as every lexicon file is; `default` is the
/// embedded one.
pub fn open(path: &Path) -> Result<Lexicon> {
    if path.as_os_str() == "default" {
        return Ok(crate::lexicons::embedded()?);
    }
    Ok(lexico_store::open_named(path.as_os_str())?.lexicon)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let old = open(&args.old)?;
    let new = open(&args.new)?;
    if args.explain {
        return explained(&args, &old, &new);
    }
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
                let row = Count { change, by, key: &key, count };
                out.row(&row, |line| line.push_str(&format!("{change}\t{by}\t{key}\t{count}")))?;
            }
        }
    } else {
        for (sign, change, list) in [("+", "added", &d.added), ("-", "removed", &d.removed)] {
            for c in list {
                let row = Word { change, word: &c.word, tiles: c.tiles, kind: c.kind.name() };
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
        let text = notes(&old, &new, &d)?;
        crate::files::write_atomically(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `diff --explain`: every word with its cause, grouped by cause, and the counts.
fn explained(args: &Args, old: &Lexicon, new: &Lexicon) -> Result<ExitCode> {
    let a = attribute(old, new)?;
    let mut out = Out::new(args.format);
    if args.counts {
        for (change, list) in [("added", &a.added), ("removed", &a.removed)] {
            for cause in Cause::ALL {
                let count = list.iter().filter(|x| x.cause == cause).count() as u64;
                let row = Count { change, by: "cause", key: cause.name(), count };
                out.row(&row, |line| line.push_str(&format!("{change}\tcause\t{}\t{count}", cause.name())))?;
            }
        }
    } else {
        let counts = a.counts();
        for cause in Cause::ALL {
            out.text_line(&format!("# {}: {}", cause.title(), counts[&cause]))?;
            for x in a.iter().filter(|x| x.cause == cause) {
                record(&mut out, x)?;
            }
        }
        out.text_line(&summary(&a))?;
    }
    out.flush()?;
    if let Some(path) = &args.notes {
        let text = notes_by_cause(old, new, &a)?;
        crate::files::write_atomically(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A count of `diff --counts`: of the words `change`d, those of `by` (`length`, `kind`,
/// `cause`, or `total`) `key`.
#[derive(serde::Serialize)]
struct Count<'a> {
    change: &'a str,
    by: &'a str,
    key: &'a str,
    count: u64,
}

/// A word added or removed.
#[derive(serde::Serialize)]
struct Word<'a> {
    change: &'a str,
    word: &'a str,
    tiles: usize,
    kind: &'a str,
}

/// A word added or removed with its cause: the fields of `docs/maintainers.md` ("Why each word
/// changed"); an absent or empty text is no value.
#[derive(serde::Serialize)]
struct Explained<'a> {
    word: &'a str,
    change: &'a str,
    tiles: usize,
    kind: &'a str,
    cause: &'a str,
    source: Option<&'a str>,
    line: Option<u64>,
    rule_old: Option<&'a str>,
    article_old: Option<&'a str>,
    reason_old: Option<&'a str>,
    rule_new: Option<&'a str>,
    article_new: Option<&'a str>,
    reason_new: Option<&'a str>,
    detail: &'a str,
}

/// One explained word: `+WORD kind cause detail` in text; in CSV and JSON its [`Explained`].
fn record(out: &mut Out, x: &Attributed) -> Result<()> {
    let (sign, change) = if x.added { ("+", "added") } else { ("-", "removed") };
    fn text(s: Option<&String>) -> Option<&str> {
        s.map(String::as_str).filter(|s| !s.is_empty())
    }
    let (o, n) = (x.old.as_ref(), x.new.as_ref());
    let row = Explained {
        word: &x.change.word,
        change,
        tiles: x.change.tiles,
        kind: x.change.kind.name(),
        cause: x.cause.name(),
        source: x.source.as_ref().map(|(path, _)| path.as_str()),
        line: x.source.as_ref().map(|&(_, line)| line),
        rule_old: text(o.map(|s| &s.rule)),
        article_old: text(o.map(|s| &s.article)),
        reason_old: text(o.map(|s| &s.reason)),
        rule_new: text(n.map(|s| &s.rule)),
        article_new: text(n.map(|s| &s.article)),
        reason_new: text(n.map(|s| &s.reason)),
        detail: &x.detail,
    };
    out.row(&row, |line| {
        line.push_str(&format!(
            "{sign}{}\t{}\t{}\t{}",
            x.change.word,
            x.change.kind.name(),
            x.cause.title(),
            x.detail
        ))
    })?;
    Ok(())
}

/// The closing line of the text output: the count of each cause and the share attributed.
fn summary(a: &Attribution) -> String {
    let counts = a.counts();
    let parts: Vec<String> = Cause::ALL.iter().map(|c| format!("{} {}", c.title(), counts[c])).collect();
    let share = if a.is_empty() { 100.0 } else { 100.0 * a.attributed() as f64 / a.len() as f64 };
    format!("# causes: {}; attributed {} of {} ({share:.1} %)", parts.join(", "), a.attributed(), a.len())
}
