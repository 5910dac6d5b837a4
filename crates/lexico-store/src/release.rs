//! Release folders: the files a federation publishes for an edition, listed with their SHA-256
//! in `SHA256SUMS` (the format of `sha256sum`, in the order of the names), written whole
//! ([`publish`]), and a signature made later listed beside its file ([`sign_listed`]).

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::atomic::{publish_release, write_atomically};
use crate::sign::{sign_file, SecretKey};
use crate::StoreError;

/// The file of a release folder that lists the SHA-256 of every other.
pub const SUMS: &str = "SHA256SUMS";

/// One line of [`SUMS`]: the SHA-256 of `bytes` in hexadecimal, two spaces, `name`.
fn sum_line(name: &str, bytes: &[u8]) -> String {
    format!("{}  {name}", lexico_lexicon::hex(&Sha256::digest(bytes)))
}

/// The name a line of [`SUMS`] lists.
fn listed_name(line: &str) -> Option<&str> {
    line.split_once("  ").map(|(_, name)| name)
}

/// Writes the release folder `dir` whole: `files` (each a name and its bytes) and the
/// [`SUMS`] that lists them, in the order of their names. Nothing in it depends on the time or
/// the machine, so the same files give the same folder.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let release = dir.path().join("fise-2");
/// lexico_store::release::publish(&release, vec![("b.txt".into(), b"b\n".to_vec()), ("a.txt".into(), b"a\n".to_vec())])?;
/// let sums = std::fs::read_to_string(release.join("SHA256SUMS"))?;
/// let names: Vec<&str> = sums.lines().map(|l| l.split_once("  ").unwrap().1).collect();
/// assert_eq!(names, ["a.txt", "b.txt"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn publish(dir: &Path, mut files: Vec<(String, Vec<u8>)>) -> Result<(), StoreError> {
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let sums: String = files.iter().map(|(name, bytes)| sum_line(name, bytes) + "\n").collect();
    files.push((SUMS.into(), sums.into_bytes()));
    publish_release(dir, &files)
}

/// Signs the lexicon `file` as [`sign_file`] does and, when the [`SUMS`] of its folder lists
/// it (a release folder), lists the signature there too, in the order of the names, replacing
/// an older line of the same name. The list is read before anything is written, so that an
/// unreadable one stops the signing first. Returns the signature's path.
pub fn sign_listed(file: &Path, key: &SecretKey) -> Result<PathBuf, StoreError> {
    let sums_path = crate::atomic::parent(file).join(SUMS);
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let sums = match std::fs::read_to_string(&sums_path) {
        Ok(text) if text.lines().any(|l| listed_name(l) == Some(name.as_str())) => Some(text),
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(StoreError::io(&sums_path)(e)),
    };
    let sig_path = sign_file(file, key)?;
    if let Some(text) = sums {
        let sig = std::fs::read(&sig_path).map_err(StoreError::io(&sig_path))?;
        let sig_name = format!("{name}.minisig");
        let mut lines: Vec<String> =
            text.lines().filter(|l| listed_name(l) != Some(sig_name.as_str())).map(str::to_string).collect();
        lines.push(sum_line(&sig_name, &sig));
        lines.sort_by(|a, b| listed_name(a).cmp(&listed_name(b)));
        write_atomically(&sums_path, (lines.join("\n") + "\n").as_bytes())?;
    }
    Ok(sig_path)
}
