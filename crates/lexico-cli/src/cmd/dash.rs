//! `lexico dash CARD WORD…`: does each word meet a Scrabble Dash card, laid down with the game's
//! letter cards (and made from a hand, with `--mano`); `--list`: every word a hand makes for the
//! card, longest first. The question and its answers are the answers' `dash`; this is flags and
//! the printer.

use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::dash::{Dash, DashError, Judgement, Verdict};
use lexico_answers::record::DashRecord;
use lexico_answers::say;

use crate::input::{self, Fault};
use crate::lexicons::LexiconArg;
use crate::output::{BatchFields, Format, Out};

#[derive(clap::Args)]
pub struct Args {
    /// The red Dash card as it reads, in Spanish: "4 letras", verbo, "nombre propio", "empieza
    /// con D", "termina con A", "tiene una D" (case and accents do not count).
    pub card: String,
    /// Words to judge (any notation); with none, one word per line from standard input.
    pub words: Vec<std::ffi::OsString>,
    /// The player's hand: up to 7 letter cards (ATLMNOE; Q is the Qu card, LL two L cards). Each
    /// word must be made of them and the card's turned-up letter.
    #[arg(long, value_name = "HAND", visible_alias = "hand")]
    pub mano: Option<String>,
    /// Every word the hand (--mano) makes for the card, most cards first; none means the card
    /// goes back under the deck.
    #[arg(long, requires = "mano", conflicts_with = "words")]
    pub list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// The fields of `dash`'s records.
const FIELDS: BatchFields = BatchFields {
    input: "word",
    names: &["word", "card", "verdict", "reason", "cards", "count", "missing", "lemma", "error"],
};

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let dash = Dash::new(&lex, &args.card, args.mano.as_deref()).map_err(|e| match e {
        DashError::HandTooLong { .. } | DashError::HandNoCard { .. } | DashError::HandEmpty => {
            anyhow::Error::from(e).context("--mano")
        }
        e => e.into(),
    })?;
    let lang = crate::i18n::terminal();
    let mut out = Out::new(args.format);
    if args.list {
        let found = dash.list()?;
        for j in &found {
            let record = DashRecord::new(j, dash.cards(), dash.card());
            out.row(&record, |line| {
                line.push_str(&j.word);
                line.push('\t');
                line.push_str(record.cards.as_deref().unwrap_or_default());
            })?;
        }
        if found.is_empty() {
            out.text_line(&crate::i18n::msg(lang, "dash-list-none", &[]))?;
        }
        out.flush()?;
        return Ok(if found.is_empty() { ExitCode::from(1) } else { ExitCode::SUCCESS });
    }
    let mut all_meet = true;
    let errors = input::each(&args.words, &mut out, &FIELDS, |text, out| {
        let j = dash.judge(text).map_err(|e| match e {
            DashError::Lexicon(e) => Fault::Stop(e.into()),
            e => input::bad(e),
        })?;
        all_meet &= !matches!(j.verdict, Verdict::Fails(_));
        row(out, &dash, &j, lang)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(errors.exit(all_meet))
}

/// A word's row: in CSV and JSON its [`DashRecord`]; in text `WORD<TAB>VERDICT<TAB>CARDS<TAB>WHY`
/// in the terminal's language, `-` for the cards of a word that cannot be laid down.
fn row(out: &mut Out, dash: &Dash, j: &Judgement, lang: lexico_answers::Lang) -> std::io::Result<()> {
    let record = DashRecord::new(j, dash.cards(), dash.card());
    out.batch_row(&record, |line| {
        for (i, field) in [
            crate::output::escape_controls(&j.word).to_string(),
            say::dash_verdict(&j.verdict, lang),
            record.cards.clone().unwrap_or_else(|| "-".into()),
            say::dash(j, dash.cards(), dash.card(), lang),
        ]
        .iter()
        .enumerate()
        {
            if i > 0 {
                line.push('\t');
            }
            line.push_str(field);
        }
    })
}
