//! The word-judge station of `lexico valid --judge`: one verdict per play, ACCEPTABLE or
//! UNACCEPTABLE, that never says which word failed.
//!
//! Plays come from the arguments (one play) or from standard input, one play a line, answered and
//! flushed as each line arrives so the station works at a terminal. A play with a character that
//! is neither a letter nor a tile, or a line that is not UTF-8, gets an ERROR line, and one line on
//! standard error naming the input line, neither of which says which word holds the character; the
//! station goes on. `--audit-log` appends each judgement to a CSV file, written and flushed per play.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use lexico_lexicon::{judge_play, play_words as words_of, Lexicon, PlayVerdict};
use lexico_tiles::Word;

use crate::input::{self, Place};
use crate::output::{Format, Out, Value};

/// What an ERROR line says, in the verdict line and in the `error` field.
const ERROR_MESSAGE: &str = "a character of the play is neither a letter nor a tile; type the play again";

/// The append-only audit log.
struct AuditLog {
    file: File,
    checksum: String,
}

impl AuditLog {
    fn open(path: &Path, checksum: &str) -> Result<AuditLog> {
        let mut file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("{} (--audit-log)", path.display()))?;
        let empty = file.metadata().with_context(|| format!("{}", path.display()))?.len() == 0;
        if empty {
            file.write_all(b"time,words,verdict,lexicon_sha256\n")
                .with_context(|| format!("{}", path.display()))?;
        }
        Ok(AuditLog { file, checksum: checksum.to_string() })
    }

    /// Appends one judgement and flushes it to the disk before the verdict is shown.
    fn record(&mut self, words: &str, verdict: PlayVerdict) -> Result<()> {
        let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
        w.write_record([utc_now().as_str(), words, verdict.name(), self.checksum.as_str()])?;
        let line = w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?;
        self.file.write_all(&line).context("writing the audit log")?;
        self.file.flush().context("writing the audit log")?;
        self.file.sync_data().context("writing the audit log")?;
        Ok(())
    }
}

/// Runs the station on the plays of `words` (one play) or of standard input (one a line).
pub fn run(lex: &Lexicon, words: &[OsString], audit: Option<&Path>, format: Format) -> Result<ExitCode> {
    let m = lex.manifest()?;
    // A hand-edited manifest may hold anything: cut by characters, never inside one.
    let short: String = m.payload_sha256.chars().take(16).collect();
    let id = format!("{} {} {}, sha256 {short}", m.name, m.edition, m.version);
    let mut log = audit.map(|p| AuditLog::open(p, &m.payload_sha256)).transpose()?;
    let mut out = Out::new(format);
    let mut scratch = Word::new();
    let (mut any_bad, mut any_error) = (false, false);
    // `play` is what is wrong with a line that is not text at all: an error for that play, never
    // a crash. `place` is the input line, None for the play of the arguments: naming the argument
    // would name the word.
    let mut answer = |play: Result<&[&str], &str>, place: Option<Place>, out: &mut Out| -> Result<()> {
        let verdict = play.map_or(PlayVerdict::Error, |p| judge_play(lex, p, &mut scratch));
        let why = play.err().unwrap_or("a character is neither a letter nor a tile");
        let play = play.unwrap_or(&[]);
        any_bad |= verdict == PlayVerdict::Unacceptable;
        any_error |= verdict == PlayVerdict::Error;
        if let Some(log) = log.as_mut() {
            log.record(&play.join(" "), verdict)?;
        }
        if verdict == PlayVerdict::Error {
            // One line per play on standard error, naming no word of it, nor a column.
            match place {
                Some(place) => input::warn(&format!("{place}: the play could not be judged: {why}")),
                None => input::warn(&format!("the play could not be judged: {why}")),
            }
        }
        let text = match verdict {
            PlayVerdict::Error => format!("ERROR\t{ERROR_MESSAGE}\t{id}"),
            v => format!("{}\t{id}", v.name()),
        };
        let error = match verdict {
            PlayVerdict::Error => Value::Str(ERROR_MESSAGE),
            _ => Value::Null,
        };
        out.record(
            &text,
            &[
                ("verdict", Value::Str(verdict.name())),
                ("words", Value::Int(play.len() as u64)),
                ("lexicon", Value::Str(&m.name)),
                ("edition", Value::Str(&m.edition)),
                ("version", Value::Str(&m.version)),
                ("payload_sha256", Value::Str(&m.payload_sha256)),
                ("error", error),
            ],
        )?;
        out.flush()?;
        Ok(())
    };
    if words.is_empty() {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!("word judge: {id}");
            eprintln!("type each play on a line (words separated by spaces or commas); Ctrl-D ends");
        }
        let mut lock = stdin.lock();
        let mut buf = Vec::new();
        let mut n = 0;
        loop {
            buf.clear();
            if lock.read_until(b'\n', &mut buf).context("reading standard input")? == 0 {
                break;
            }
            let line = input::trim_line(&buf, n == 0);
            for part in input::split_lines(line) {
                n += 1;
                match std::str::from_utf8(part) {
                    Ok(text) => {
                        let play = words_of(text);
                        if !play.is_empty() {
                            answer(Ok(&play), Some(Place::Stdin(n)), &mut out)?;
                        }
                    }
                    Err(e) => {
                        let (_, why) = input::utf8_fault(part, e);
                        answer(Err(&why), Some(Place::Stdin(n)), &mut out)?;
                    }
                }
            }
        }
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

/// The current time in UTC, RFC 3339 to the second (`2024-05-01T09:30:00Z`).
fn utc_now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    rfc3339(secs)
}

/// Formats seconds since the Unix epoch as an RFC 3339 UTC time.
fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem / 60 % 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_rfc3339_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
