//! `lexico cardbox`: the cardbox of the lexicon's edition in the data folder (`lexico_cardbox`):
//! add the alphagrams of search conditions, list the due cards, its numbers, export and import
//! it as CSV. `lexico quiz --cardbox` asks its due cards.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_cardbox::{Cardbox, Group, Schedule, Scheduler};

use crate::conditions::Conditions;
use crate::i18n::{msg, terminal, Arg};
use crate::lexicons::LexiconArg;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Add the alphagrams of the words that meet the conditions (as `lexico search` reads them).
    Add {
        #[command(flatten)]
        conditions: Box<Conditions>,
        /// The scheduler of a cardbox made now: Zyzzyva's Leitner boxes, or FSRS.
        #[arg(long, value_enum, default_value = "leitner")]
        scheduler: SchedulerArg,
    },
    /// List the cards due now: question, answers, box or FSRS state, when due.
    Due {
        /// List at most N cards.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
    },
    /// Count the cards: in all, due, flagged, by box or state; the answers recorded.
    Stats,
    /// Write the cardbox as CSV (question, answers, box or FSRS state, due, flag, history).
    Export { file: PathBuf },
    /// Read cards from a CSV file `export` wrote; each replaces the card of its question.
    Import { file: PathBuf },
}

/// `--scheduler` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SchedulerArg {
    Leitner,
    Fsrs,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let lang = terminal();
    let say = |id: &str, a: &[(&str, Arg)]| msg(lang, id, a);
    let scheduler = match &args.action {
        Action::Add { scheduler: SchedulerArg::Fsrs, .. } => Scheduler::Fsrs,
        _ => Scheduler::Leitner,
    };
    let mut cardbox = Cardbox::open_in_data_folder(&lex, scheduler)?;
    if !cardbox.changed().is_empty() {
        eprintln!("{}", say("cardbox-changed", &[("n", Arg::Num(cardbox.changed().len() as u64))]));
    }
    let now = chrono::Utc::now();
    let path = cardbox.path().display().to_string();
    match args.action {
        Action::Add { conditions, .. } => {
            let added = cardbox.add(&lex, &conditions.questions(&lex)?, now)?;
            let total = cardbox.stats(now)?.cards;
            let a =
                [("added", Arg::Num(added as u64)), ("total", Arg::Num(total)), ("path", Arg::Str(&path))];
            println!("{}", say("cardbox-added", &a));
        }
        Action::Due { limit } => {
            for card in cardbox.due(now, limit)? {
                let place = match &card.schedule {
                    Schedule::Leitner(b) => say("cardbox-box", &[("box", Arg::Num(u64::from(*b)))]),
                    Schedule::Fsrs(_) => {
                        say(&format!("cardbox-state-{}", group_name(card.schedule.group())), &[])
                    }
                };
                let flag = if card.flagged.is_some() { "\t!" } else { "" };
                let due = card.due.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
                println!("{}\t{}\t{place}\t{due}{flag}", card.question, card.answers.join(" "));
            }
        }
        Action::Stats => {
            let s = cardbox.stats(now)?;
            let n = |v: u64| Arg::Num(v);
            let scheduler = cardbox.scheduler().name();
            println!(
                "{}",
                say("cardbox-stats", &[("path", Arg::Str(&path)), ("scheduler", Arg::Str(scheduler))])
            );
            let lines = [("cards", s.cards), ("due", s.due), ("flagged", s.flagged), ("reviews", s.reviews)];
            for (id, v) in lines {
                println!("{}", say(&format!("cardbox-stats-{id}"), &[("n", n(v)), ("passed", n(s.passed))]));
            }
            for (group, count) in s.groups {
                let label = match group {
                    Group::Box(b) => say("cardbox-box", &[("box", n(u64::from(b)))]),
                    other => say(&format!("cardbox-state-{}", group_name(other)), &[]),
                };
                println!("  {label}\t{count}");
            }
        }
        Action::Export { file } => {
            let mut bytes = Vec::new();
            cardbox.export_csv(&mut bytes)?;
            lexico_store::atomic::write_atomically(&file, &bytes)?;
            let cards = Arg::Num(cardbox.stats(now)?.cards);
            println!(
                "{}",
                say("cardbox-exported", &[("cards", cards), ("file", Arg::Str(&file.display().to_string()))])
            );
        }
        Action::Import { file } => {
            let input = std::fs::File::open(&file).with_context(|| file.display().to_string())?;
            let done =
                cardbox.import_csv(&lex, std::io::BufReader::new(input), &file.display().to_string())?;
            let a =
                [("cards", Arg::Num(done.cards as u64)), ("flagged", Arg::Num(done.flagged.len() as u64))];
            println!("{}", say("cardbox-imported", &a));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The name of an FSRS state's group (`new`, `learning`, …).
fn group_name(group: Group) -> &'static str {
    match group {
        Group::Fsrs(state) => state.name(),
        Group::Box(_) => "box",
    }
}
