//! `lexico hooks`: the tiles that make a valid word in front of a word or after it. A word with
//! a character that is no tile gets an error row, and the batch goes on.

use std::process::ExitCode;

use anyhow::Result;
use lexico_lexicon::query;

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Fields, Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Words, in any notation; with none, one word per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// Spell tiles and words with brackets ([CH]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format. Text: front hooks, the word, back hooks, then the hooked words.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `hooks`' records.
const FIELDS: Fields =
    Fields { input: "word", names: &["word", "valid", "front", "back", "hooked", "error"] };

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let set = lex.tiles();
    let mut out = Out::new(args.format);
    let mut any = false;
    let spell = |w: &[u8]| {
        if args.tiles {
            set.spell_tiles(w)
        } else {
            set.spell(w)
        }
    };
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let word = set.parse_word(text).map_err(input::bad)?;
        let h = query::hooks(&lex, &word);
        any |= !h.front.is_empty() || !h.back.is_empty();
        let tile = |t: u8| spell(&[t]);
        let front: Vec<String> = h.front.iter().map(|&t| tile(t)).collect();
        let back: Vec<String> = h.back.iter().map(|&t| tile(t)).collect();
        let mut hooked: Vec<String> = Vec::new();
        for &t in &h.front {
            let mut w = vec![t];
            w.extend_from_slice(&word);
            hooked.push(spell(&w));
        }
        for &t in &h.back {
            let mut w = word.clone();
            w.push(t);
            hooked.push(spell(&w));
        }
        let (front, back, hooked) = (front.join(" "), back.join(" "), hooked.join(" "));
        let spelled = spell(&word);
        let dash = |s: &str| {
            if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }
        };
        out.record(
            &format!("{}\t{spelled}\t{}\t{}", dash(&front), dash(&back), dash(&hooked)),
            &[
                ("word", Value::Str(&spelled)),
                ("valid", Value::Bool(lex.contains(&word))),
                ("front", Value::Str(&front)),
                ("back", Value::Str(&back)),
                ("hooked", Value::Str(&hooked)),
                ("error", Value::Null),
            ],
        )?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(any))
}
