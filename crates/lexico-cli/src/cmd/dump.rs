//! `lexico dump`: every word of a lexicon, in tile order.

use std::process::ExitCode;

use anyhow::Result;
use fst::Streamer;
use lexico_answers::record::{DumpRecord, SlotRecord, Spelled, Spelling};

use crate::lexicons::LexiconArg;
use crate::output::{Format, Out};

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
    let spelling = if args.tiles { Spelling::Brackets } else { Spelling::Natural };
    let mut stream = if args.rejected { lex.rejected()?.keys() } else { lex.fst().keys() };
    let mut word = String::new();
    let mut rank = 0;
    while let Some(key) = stream.next() {
        let slot =
            codes.as_ref().and_then(|c| slots.get(lexico_lexicon::provenance::slot_of(c[rank]) as usize));
        rank += 1;
        word.clear();
        Spelled::new(set, key, 0, spelling).push_to(&mut word);
        let record = DumpRecord { word: &word, tiles: key.len(), provenance: slot.map(SlotRecord::of) };
        out.row(&record, |line| {
            line.push_str(&word);
            if let Some(p) = &record.provenance {
                line.push_str(&format!("\t{}\t{}\t{}", p.slot, p.rule, p.article));
            }
        })?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
