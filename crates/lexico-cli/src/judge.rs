//! The word-judge station of `lexico valid --judge`: one verdict per play, ACCEPTABLE or
//! UNACCEPTABLE, that never says which word failed.
//!
//! Plays come from the arguments (one play) or from standard input, one play a line, answered and
//! flushed as each line arrives so the station works at a terminal. A play with a character that
//! is neither a letter nor a tile, or a line that is not UTF-8, gets an ERROR line, and one line on
//! standard error naming the input line, neither of which says which word holds the character; the
//! station goes on; a blank line is a play too, and is answered (an empty play is unacceptable).
//! `--audit-log` appends each judgement to a CSV file (`lexico_station::audit`), written and synced per
//! play. The checksum shown and logged is the payload digest computed from the file, not the one
//! its manifest claims, with the signer (a trusted key, `unsigned`, or `embedded in the binary`,
//! named in the terminal's language on the verdict line, in English in CSV, JSON and the log); a
//! station reading plays from standard input answers from a copy of the lexicon in memory, so a
//! file replaced under it never changes an answer.
//!
//! At a terminal (plays typed, verdicts shown, text format) each verdict is drawn large and
//! cleared after `--clear-after` seconds (`crate::screen`); the reason a play could not be judged
//! is shown under it rather than on standard error. Anywhere else the output is the lines above.

use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;

use std::borrow::Cow;
use std::time::Duration;

use anyhow::{Context, Result};
use lexico_answers::record::JudgeRecord;
use lexico_answers::{judge_play, play_words as words_of, say, PlayVerdict};
use lexico_station::audit::AuditLog;
use lexico_tiles::Word;

use crate::i18n::{msg, term, Arg, Lang};
use crate::input::{self, Place};
use crate::lexicons::LexiconArg;
use crate::output::{Format, Out};
use crate::screen::{Screen, Tone};

/// What an ERROR line says, in the verdict line and in the `error` field.
pub use lexico_answers::PLAY_ERROR_MESSAGE as ERROR_MESSAGE;

/// What the station says to people, in the terminal's language. The machine formats (CSV, JSON)
/// keep the English verdict names and message.
struct JudgeWords {
    acceptable: Cow<'static, str>,
    unacceptable: Cow<'static, str>,
    error: Cow<'static, str>,
    error_message: Cow<'static, str>,
    prompt: Cow<'static, str>,
    /// What the screen of a terminal shows large (`crate::screen`).
    big_acceptable: String,
    big_unacceptable: String,
}

impl JudgeWords {
    fn new() -> JudgeWords {
        JudgeWords {
            acceptable: term("term-judge-acceptable", "ACCEPTABLE"),
            unacceptable: term("term-judge-unacceptable", "UNACCEPTABLE"),
            error: term("term-judge-error", "ERROR"),
            error_message: term("term-judge-error-message", ERROR_MESSAGE),
            prompt: term(
                "term-judge-prompt",
                "type each play on a line (words separated by spaces or commas); Ctrl-D ends",
            ),
            big_acceptable: term("verdict-acceptable", "PLAY ACCEPTABLE").into_owned(),
            big_unacceptable: term("verdict-unacceptable", "PLAY UNACCEPTABLE").into_owned(),
        }
    }

    fn banner(&self, id: &str) -> String {
        match crate::i18n::terminal() {
            Lang::En => format!("word judge: {id}"),
            lang => msg(lang, "term-judge-banner", &[("lexicon", Arg::Str(id))]),
        }
    }
}

/// Runs the station with the lexicon `lexicon` chooses on the plays of `words` (one play) or of
/// standard input (one a line); at a terminal, verdicts are drawn large and cleared after
/// `clear_after` seconds (`crate::screen`).
pub fn run(
    lexicon: &LexiconArg,
    words: &[OsString],
    audit: Option<&Path>,
    format: Format,
    clear_after: u64,
) -> Result<ExitCode> {
    let opened = lexicon.open_trusted()?;
    let signer = &opened.signer;
    // A station reading plays may run for hours: it answers from a copy in memory, verified again,
    // never from a file that could change under it.
    let copy;
    let lex = if words.is_empty() {
        copy = crate::lexicons::in_memory(opened.lexicon)?;
        &copy
    } else {
        &opened.lexicon
    };
    let m = lex.manifest()?;
    let digest = lex.payload_sha256_verified()?.to_string();
    // A hand-edited manifest may hold anything: cut by characters, never inside one.
    let short: String = digest.chars().take(16).collect();
    let lang = crate::i18n::terminal();
    let said_signer = say::signer(signer, lang);
    let id = format!("{} {} {}, sha256 {short}, {said_signer}", m.name, m.edition, m.version);
    let signer = signer.to_string();
    let mut log = match audit {
        Some(p) => Some(
            AuditLog::open(p, &digest, &signer).with_context(|| format!("{} (--audit-log)", p.display()))?,
        ),
        None => None,
    };
    let say = JudgeWords::new();
    // At a terminal, plays typed one by one: the verdicts are drawn large.
    let screen = (words.is_empty() && format == Format::Text)
        .then(|| Screen::open(say.banner(&id), say.prompt.to_string(), Duration::from_secs(clear_after)))
        .flatten();
    let mut out = Out::new(format);
    let mut scratch = Word::new();
    let (mut any_bad, mut any_error) = (false, false);
    // `play` is what is wrong with a line that is not text at all: an error for that play, never
    // a crash. `place` is the input line, None for the play of the arguments: naming the argument
    // would name the word.
    let mut answer = |play: Result<&[&str], &str>, place: Option<Place>, out: &mut Out| -> Result<()> {
        let verdict = play.map_or(PlayVerdict::Error, |p| judge_play(lex, p, &mut scratch));
        let not_a_tile = term("term-judge-not-a-tile", "a character is neither a letter nor a tile");
        let why = play.err().unwrap_or(&not_a_tile);
        let play = play.unwrap_or(&[]);
        any_bad |= verdict == PlayVerdict::Unacceptable;
        any_error |= verdict == PlayVerdict::Error;
        if let Some(log) = log.as_mut() {
            log.record(&play.join(" "), "", "", verdict.name(), "")?;
        }
        let unjudged = match lang {
            Lang::En => format!("the play could not be judged: {why}"),
            lang => msg(lang, "term-judge-unjudged", &[("why", Arg::Str(why))]),
        };
        let unjudged = match place {
            Some(place) => format!("{}: {unjudged}", place.said(lang)),
            None => unjudged,
        };
        if verdict == PlayVerdict::Error && screen.is_none() {
            // One line per play on standard error, naming no word of it, nor a column.
            input::warn(&unjudged);
        }
        let text = match verdict {
            PlayVerdict::Error => format!("{}\t{}\t{id}", say.error, say.error_message),
            PlayVerdict::Acceptable => format!("{}\t{id}", say.acceptable),
            PlayVerdict::Unacceptable => format!("{}\t{id}", say.unacceptable),
        };
        if let Some(screen) = &screen {
            let (big, tone, note) = match verdict {
                PlayVerdict::Acceptable => (say.big_acceptable.as_str(), Tone::Acceptable, None),
                PlayVerdict::Unacceptable => (say.big_unacceptable.as_str(), Tone::Unacceptable, None),
                PlayVerdict::Error => (&*say.error, Tone::Error, Some(unjudged.as_str())),
            };
            screen.show(big, tone, &text, note)?;
            return Ok(());
        }
        let record = JudgeRecord::new(verdict, play.len(), m, &digest, &opened.signer);
        out.row(&record, |line| line.push_str(&text))?;
        out.flush()?;
        Ok(())
    };
    if words.is_empty() {
        if screen.is_none() && io::stdin().is_terminal() {
            eprintln!("{}", say.banner(&id));
            eprintln!("{}", say.prompt);
        }
        input::stdin_lines(&mut out, |n, part, out| match part {
            Ok(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => answer(Ok(&words_of(text)), Some(Place::Stdin(n)), out),
                Err(e) => answer(Err(&input::utf8_fault(bytes, e).1), Some(Place::Stdin(n)), out),
            },
            // A line too long to be a play is not read: an error for that play.
            Err(_) => answer(Err(&input::TooLong.to_string()), Some(Place::Stdin(n)), out),
        })?;
    } else {
        // One play: an argument that is not UTF-8 makes it an error, as a line would.
        let texts: Result<Vec<&str>, _> =
            words.iter().map(|w| std::str::from_utf8(w.as_encoded_bytes()).map_err(|e| (w, e))).collect();
        match texts {
            Ok(texts) => {
                let play: Vec<&str> = texts.into_iter().flat_map(words_of).collect();
                answer(Ok(&play), None, &mut out)?;
            }
            Err((w, e)) => {
                let (_, why) = input::utf8_fault(w.as_encoded_bytes(), e);
                answer(Err(&why), None, &mut out)?;
            }
        }
    }
    Ok(if any_error {
        ExitCode::from(2)
    } else if any_bad {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
