//! `lexico dump`: every word of a lexicon, in tile order.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use fst::Streamer;

use crate::lexicons::LexiconArg;
use crate::output::{write_int, Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Spell words with bracketed tiles ([CH]U[RR]O) instead of naturally.
    #[arg(long)]
    pub tiles: bool,
    /// Add how each word got in: its slot (paradigm cell or kind of form) and rule.
    #[arg(long)]
    pub provenance: bool,
    /// Print the forms the rules generated and rejected instead of the valid words: each form
    /// once, however many entries generated it, as many as `info` counts as rejected forms kept
    /// (with `--provenance`, the rule of its first derivation; `explain` gives them all).
    #[arg(long)]
    pub rejected: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let set = lex.tiles();
    let mut out = Out::new(args.format);
    let codes = match (args.provenance, args.rejected) {
        (false, _) => None,
        (true, false) => Some(lex.codes_in_order()?),
        (true, true) => {
            let mut all = Vec::with_capacity(lex.rejected()?.len());
            let mut s = lex.rejected()?.stream();
            while let Some((_, c)) = s.next() {
                all.push(c);
            }
            Some(all)
        }
    };
    let slots = if args.provenance { lex.slots()? } else { &[] };
    let mut stream = if args.rejected { lex.rejected()?.keys() } else { lex.fst().keys() };
    let mut line = String::new();
    let mut row = Vec::with_capacity(64);
    let mut rank = 0;
    while let Some(key) = stream.next() {
        let slot =
            codes.as_ref().and_then(|c| slots.get(lexico_lexicon::provenance::slot_of(c[rank]) as usize));
        rank += 1;
        line.clear();
        if args.tiles {
            line.push_str(&set.spell_tiles(key));
        } else {
            for &t in key {
                line.push_str(set.name(t));
            }
        }
        if let Some(slot) = slot {
            let text = format!("{line}\t{}\t{}\t{}", slot.slot, slot.rule, slot.article);
            out.record(
                &text,
                &[
                    ("word", Value::Str(&line)),
                    ("tiles", Value::Int(key.len() as u64)),
                    ("slot", Value::Str(&slot.slot)),
                    ("rule", Value::Str(&slot.rule)),
                    ("article", Value::Str(&slot.article)),
                ],
            )?;
        } else if out.format() == Format::Text {
            let w = out.raw();
            w.write_all(line.as_bytes())?;
            w.write_all(b"\n")?;
        } else if crate::output::plain(out.format(), line.as_bytes()) {
            // The record `out.record` writes, made in one buffer: `WORD,TILES` or
            // `{"tiles":TILES,"word":"WORD"}`.
            row.clear();
            if out.format() == Format::Csv {
                out.header(&["word", "tiles"])?;
                row.extend_from_slice(line.as_bytes());
                row.push(b',');
                write_int(&mut row, key.len() as u64)?;
                row.push(b'\n');
            } else {
                row.extend_from_slice(b"{\"tiles\":");
                write_int(&mut row, key.len() as u64)?;
                row.extend_from_slice(b",\"word\":\"");
                row.extend_from_slice(line.as_bytes());
                row.extend_from_slice(b"\"}\n");
            }
            out.raw().write_all(&row)?;
        } else {
            out.record(&line, &[("word", Value::Str(&line)), ("tiles", Value::Int(key.len() as u64))])?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
