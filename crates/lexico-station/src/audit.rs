//! The audit log of the judge stations (`lexico serve` and `lexico valid --judge`): one CSV line
//! per judgement (UTC time, the play as typed, table, round, verdict, lexicon payload checksum,
//! signer, judgement number), written, flushed and synced to the disk before the verdict is
//! shown, so that stopping the station (Ctrl-C, SIGTERM, a power cut after the answer) loses no
//! line. Only a regular file (or a new one) is a log: a FIFO or a device is refused, never waited
//! on, and so is a file whose header is not the one written here. The header of a new log is
//! written under an exclusive lock, so that stations starting together on one new log write it
//! once. A field that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a
//! tab or a carriage return) gets a leading `'`; control characters are escaped. The numbered
//! judgements a log already holds are read when it is opened ([`AuditLog::take_past`]), so that
//! a station started again opens their rulings.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;
use std::time::SystemTime;

use lexico_answers::safe::{csv_safe, escape_controls};

/// The header line of a new log.
pub const HEADER: &str = "time,play,table,round,verdict,lexicon_sha256,signer,number\n";

/// Why an audit log cannot be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// The path names something that is not a regular file (a folder, a FIFO, a device).
    #[error("not a regular file; the audit log must be a file or not exist yet")]
    NotAFile,
    /// Opening, locking or reading it failed.
    #[error(transparent)]
    Open(std::io::Error),
    /// It holds lines under another header (an older station's log, or another file).
    #[error("its first line is not the header of an audit log ({expected}); give a new file")]
    Header {
        /// The header a log must have.
        expected: &'static str,
    },
    /// Writing a judgement failed: the judgement must not be shown.
    #[error("writing the audit log: {0}")]
    Write(#[source] std::io::Error),
}

/// An open audit log: the file, and the checksum and signer of the lexicon every line names.
pub struct AuditLog {
    file: File,
    checksum: String,
    signer: String,
    past: Vec<Logged>,
}

/// A numbered judgement the log held when it was opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    /// Its number.
    pub number: String,
    /// When (RFC 3339, UTC).
    pub time: String,
    /// The play, as typed.
    pub play: String,
    /// The table, as given.
    pub table: String,
    /// The round, as given.
    pub round: String,
    /// Returns true if and only if the lexicon that judged it is the log's (same checksum).
    pub same_lexicon: bool,
}

impl AuditLog {
    /// Opens `path` for appending, writing the header when the file is new or empty. The error
    /// does not name the path: the caller knows how the user gave it.
    pub fn open(path: &Path, checksum: &str, signer: &str) -> Result<AuditLog, AuditError> {
        match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() => return Err(AuditError::NotAFile),
            _ => {}
        }
        let file = OpenOptions::new().append(true).create(true).open(path).map_err(AuditError::Open)?;
        let lock = Lock::exclusive(&file).map_err(AuditError::Open)?;
        let empty = file.metadata().map_err(AuditError::Open)?.len() == 0;
        let past = if empty {
            (&file).write_all(HEADER.as_bytes()).map_err(AuditError::Open)?;
            file.sync_data().map_err(AuditError::Open)?;
            Vec::new()
        } else {
            let mut text = Vec::new();
            File::open(path).and_then(|mut f| f.read_to_end(&mut text)).map_err(AuditError::Open)?;
            past_judgements(&text, checksum)?
        };
        drop(lock);
        Ok(AuditLog { file, checksum: checksum.to_string(), signer: signer.to_string(), past })
    }

    /// The numbered judgements the log held when it was opened, oldest first (once: they are
    /// handed over, not kept).
    pub fn take_past(&mut self) -> Vec<Logged> {
        std::mem::take(&mut self.past)
    }

    /// Appends one judgement (`number` empty where judgements have none) and syncs it to the
    /// disk; returns the time it records.
    pub fn record(
        &mut self,
        play: &str,
        table: &str,
        round: &str,
        verdict: &str,
        number: &str,
    ) -> Result<String, AuditError> {
        let time = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let line = csv_line(&[&time, play, table, round, verdict, &self.checksum, &self.signer, number]);
        (|| {
            self.file.write_all(&line)?;
            self.file.flush()?;
            self.file.sync_data()
        })()
        .map_err(AuditError::Write)?;
        Ok(time)
    }
}

/// The numbered judgements of a log's text, after checking its header. A line that cannot be
/// read as a row of the log is left where it is, and opens no ruling.
fn past_judgements(text: &[u8], checksum: &str) -> Result<Vec<Logged>, AuditError> {
    if !text.starts_with(HEADER.as_bytes()) {
        return Err(AuditError::Header { expected: HEADER.trim_end() });
    }
    let mut rows = csv::ReaderBuilder::new().from_reader(text);
    let mut past = Vec::new();
    for row in rows.records().flatten() {
        // Columns: time, play, table, round, verdict, lexicon_sha256, signer, number.
        if row.len() != 8 || row[7].is_empty() {
            continue;
        }
        past.push(Logged {
            number: row[7].to_string(),
            time: row[0].to_string(),
            play: unneutralise(&row[1]),
            table: unneutralise(&row[2]),
            round: unneutralise(&row[3]),
            same_lexicon: &row[5] == checksum,
        });
    }
    Ok(past)
}

/// A field as it was given, from the log: the `'` that [`neutralise`] put before a formula
/// taken away. (Control characters stay escaped: a play that held one was unreadable anyway.)
fn unneutralise(field: &str) -> String {
    match field.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest.to_string(),
        _ => field.to_string(),
    }
}

/// An exclusive `flock` on an open file, released when dropped. On Windows the log is opened
/// without one (the standard library's file locks need Rust 1.89, newer than the workspace's
/// minimum): two stations starting on one empty log at the same instant could both write its
/// header line.
#[cfg_attr(not(unix), allow(dead_code, reason = "the lock is taken on Unix only"))]
struct Lock<'f>(&'f File);

impl<'f> Lock<'f> {
    fn exclusive(file: &'f File) -> std::io::Result<Lock<'f>> {
        #[cfg(unix)]
        rustix::fs::flock(file, rustix::fs::FlockOperation::LockExclusive)?;
        Ok(Lock(file))
    }
}

impl Drop for Lock<'_> {
    fn drop(&mut self) {
        #[cfg(unix)]
        let _ = rustix::fs::flock(self.0, rustix::fs::FlockOperation::Unlock);
    }
}

/// One CSV line of `fields`, each made safe for a spreadsheet ([`neutralise`]).
fn csv_line(fields: &[&str]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
    // Written to memory, which does not fail.
    let _ = w.write_record(fields.iter().map(|f| neutralise(f)));
    w.into_inner().unwrap_or_default()
}

/// A field a spreadsheet shows as text: control characters escaped, and a `'` before a field
/// that would start a formula (the rule of every CSV the program writes, `csv_safe`).
pub fn neutralise(field: &str) -> String {
    csv_safe(&escape_controls(field)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_fields_are_neutralised() {
        assert_eq!(neutralise("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(neutralise("+1"), "'+1");
        assert_eq!(neutralise("-1"), "'-1");
        assert_eq!(neutralise("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise("CASA PERROS"), "CASA PERROS");
        assert_eq!(neutralise("a\nb"), "a\\nb");
    }

    #[test]
    fn a_log_read_again_gives_its_numbered_judgements_and_refuses_another_header() {
        let text = format!(
            "{HEADER}t1,\"CASA, PERROS\",12,3,ACCEPTABLE,ab,embedded,K7QM4\n\
             t2,'@CASA,'=1,,ERROR,ab,embedded,P3XW9\n\
             t3,SOL,,,ACCEPTABLE,ab,embedded,\n\
             t4,GATO,1,1,UNACCEPTABLE,cd,embedded,Q4RT7\n"
        );
        let past = past_judgements(text.as_bytes(), "ab").unwrap();
        let got: Vec<(&str, &str, &str, bool)> = past
            .iter()
            .map(|l| (l.number.as_str(), l.play.as_str(), l.table.as_str(), l.same_lexicon))
            .collect();
        assert_eq!(
            got,
            [
                ("K7QM4", "CASA, PERROS", "12", true),
                ("P3XW9", "@CASA", "=1", true),
                ("Q4RT7", "GATO", "1", false)
            ]
        );
        let old = "time,play,table,round,verdict,lexicon_sha256,signer\nt,CASA,,,ACCEPTABLE,ab,x\n";
        assert!(matches!(past_judgements(old.as_bytes(), "ab"), Err(AuditError::Header { .. })));
    }

    #[test]
    fn lines_are_quoted_csv() {
        let line = csv_line(&["t", "CASA, PERROS", "3", "=2", "ACCEPTABLE", "ab"]);
        assert_eq!(String::from_utf8(line).unwrap(), "t,\"CASA, PERROS\",3,'=2,ACCEPTABLE,ab\n");
    }
}
