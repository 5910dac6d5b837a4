//! The audit log of the judge stations (`lexico serve` and `lexico valid --judge`): one CSV line
//! per judgement (UTC time, the play as typed, table, round, verdict, lexicon payload checksum,
//! signer),
//! written, flushed and synced to the disk before the verdict is shown, so that stopping the
//! station (Ctrl-C, SIGTERM, a power cut after the answer) loses no line. Only a regular file (or
//! a new one) is a log: a FIFO or a device is refused, never waited on. The header of a new log
//! is written under an exclusive lock, so that stations starting together on one new log write
//! it once. A field that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`,
//! a tab or a carriage return) gets a leading `'`; control characters are escaped.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::time::SystemTime;

use lexico_answers::safe::{csv_safe, escape_controls};

/// The header line of a new log.
pub const HEADER: &str = "time,play,table,round,verdict,lexicon_sha256,signer\n";

/// Why an audit log cannot be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// The path names something that is not a regular file (a folder, a FIFO, a device).
    #[error("not a regular file; the audit log must be a file or not exist yet")]
    NotAFile,
    /// Opening or locking it failed.
    #[error(transparent)]
    Open(std::io::Error),
    /// Writing a judgement failed: the judgement must not be shown.
    #[error("writing the audit log: {0}")]
    Write(#[source] std::io::Error),
}

/// An open audit log: the file, and the checksum and signer of the lexicon every line names.
pub struct AuditLog {
    file: File,
    checksum: String,
    signer: String,
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
        if empty {
            (&file).write_all(HEADER.as_bytes()).map_err(AuditError::Open)?;
            file.sync_data().map_err(AuditError::Open)?;
        }
        drop(lock);
        Ok(AuditLog { file, checksum: checksum.to_string(), signer: signer.to_string() })
    }

    /// Appends one judgement and syncs it to the disk.
    pub fn record(&mut self, play: &str, table: &str, round: &str, verdict: &str) -> Result<(), AuditError> {
        let time = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let line = csv_line(&[&time, play, table, round, verdict, &self.checksum, &self.signer]);
        (|| {
            self.file.write_all(&line)?;
            self.file.flush()?;
            self.file.sync_data()
        })()
        .map_err(AuditError::Write)
    }
}

/// An exclusive `flock` on an open file, released when dropped.
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
    fn lines_are_quoted_csv() {
        let line = csv_line(&["t", "CASA, PERROS", "3", "=2", "ACCEPTABLE", "ab"]);
        assert_eq!(String::from_utf8(line).unwrap(), "t,\"CASA, PERROS\",3,'=2,ACCEPTABLE,ab\n");
    }
}
