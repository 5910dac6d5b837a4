//! `lexico dump`: every word of a lexicon, in tile order; or the forms its rules refused that no
//! entry makes valid (`lexico_answers::refused_only`).

use std::process::ExitCode;

use anyhow::Result;
use fst::Streamer;
use lexico_answers::record::{DumpRecord, SlotRecord, Spelled, Spelling};
use lexico_answers::SourceSpelling;
use lexico_lexicon::provenance::slot_of;
use lexico_lexicon::LexiconError;

use crate::lexicons::LexiconArg;
use crate::output::{Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// Spell words with bracketed tiles ([CH]U[RR]O) instead of naturally.
    #[arg(long, conflicts_with = "accents")]
    pub tiles: bool,
    /// Spell headwords and feminines as their sources spell them, accents included (ACRECIÓN);
    /// other forms as their tiles spell them. For apps that show words with their accents.
    #[arg(long)]
    pub accents: bool,
    /// Add how each word got in: its slot (paradigm cell or kind of form) and rule.
    #[arg(long)]
    pub provenance: bool,
    /// Print the forms the rules generated and rejected instead of the valid words: each form
    /// once, however many entries generated it, leaving out the forms another entry makes valid
    /// (with `--provenance`, the rule of its first refusal; `explain` gives them all).
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
    let slots = if args.provenance { lex.slots()? } else { &[] };
    let spelling = if args.tiles { Spelling::Brackets } else { Spelling::Natural };
    // A lexicon from a plain word list records no spelling: its words keep their tiles'.
    let accents = match (args.accents, lex.provenance()) {
        (true, Ok(prov)) => Some((SourceSpelling::of(&lex)?, prov)),
        (true, Err(LexiconError::Missing(_))) | (false, _) => None,
        (true, Err(e)) => return Err(e.into()),
    };
    let mut word = String::new();
    let mut emit = |key: &[u8], code: Option<u64>| -> Result<()> {
        word.clear();
        Spelled::new(set, key, 0, spelling).push_to(&mut word);
        if let (Some((source, prov)), Some(code)) = (&accents, code) {
            let codes = prov.codes(code, args.rejected);
            if let Some(s) = source.spell(&word.to_lowercase(), &codes) {
                word = s.to_uppercase();
            }
        }
        let slot = code.filter(|_| args.provenance).and_then(|c| slots.get(slot_of(c) as usize));
        let record = DumpRecord { word: &word, tiles: key.len(), provenance: slot.map(SlotRecord::of) };
        out.row(&record, |line| {
            line.push_str(&word);
            if let Some(p) = &record.provenance {
                line.push_str(&format!("\t{}\t{}\t{}", p.slot, p.rule, p.article));
            }
        })?;
        Ok(())
    };
    if args.rejected {
        for (key, code) in lexico_answers::refused_only(&lex)? {
            emit(&key, Some(code))?;
        }
    } else {
        let codes = if args.provenance || accents.is_some() { Some(lex.codes_in_order()?) } else { None };
        let mut stream = lex.fst().keys();
        let mut rank = 0;
        while let Some(key) = stream.next() {
            emit(key, codes.as_ref().map(|c| c[rank]))?;
            rank += 1;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
