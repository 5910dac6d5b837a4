//! The federation's download read as it is: a zip of its lists ("LEXICÓN FISE 2 - LISTAS.zip":
//! the full lists, the update lists, the regulation as a Word document, a file of the 2- and
//! 3-tile totals). Every entry is read (within bounds) and told by its content, as a source on
//! disk is: the FISE lists and the file of totals by their title lines, a lemma table by its
//! header. Anything else is skipped, and named with the reason.

use std::io::Read;

use lexico_rules::sources::{self, Content};
use lexico_rules::SourceKind;

use crate::{CompileError, Input};

/// The most bytes one entry may inflate to: the largest FISE list is under 2 MB.
pub const MAX_ENTRY_BYTES: u64 = 64 << 20;

/// The most bytes all the entries together may inflate to.
pub const MAX_TOTAL_BYTES: u64 = 256 << 20;

/// The most entries an archive may hold.
pub const MAX_ENTRIES: usize = 1000;

/// What a zip of lists holds for a build.
#[derive(Debug, Default)]
pub struct Archive {
    /// The entries taken, each as `ZIP/ENTRY` with its bytes, in the archive's order.
    pub inputs: Vec<Input>,
    /// The entries skipped (`ZIP/ENTRY`), each with the reason.
    pub skipped: Vec<(String, &'static str)>,
}

/// Returns true if and only if `bytes` start like a zip archive (a local file header, or the
/// end record of an empty archive).
///
/// ```
/// assert!(lexico_compile::is_archive(b"PK\x03\x04..."));
/// assert!(!lexico_compile::is_archive(b"casa\nperro\n"));
/// ```
pub fn is_archive(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// Reads the zip archive `bytes` (named `path` in messages and in the inputs it gives): each
/// entry that is a FISE list, a file of totals or a lemma table becomes an input `PATH/ENTRY`;
/// folders and anything else are skipped, with the reason. A damaged archive, an entry whose
/// path leaves its folder (`../x.txt`, `/etc/x`), more than [`MAX_ENTRIES`] entries, an entry
/// that inflates past [`MAX_ENTRY_BYTES`] or all of them past [`MAX_TOTAL_BYTES`] are errors.
pub fn read_archive(path: &str, bytes: &[u8]) -> Result<Archive, CompileError> {
    let bad = |reason: String| CompileError::Archive { path: path.to_string(), reason };
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| bad(format!("not a readable zip archive ({e})")))?;
    if zip.len() > MAX_ENTRIES {
        return Err(bad(format!(
            "{} entries, more than the {MAX_ENTRIES} a zip of lists may hold",
            zip.len()
        )));
    }
    let mut out = Archive::default();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| bad(format!("entry {}: {e}", i + 1)))?;
        let name = entry.name().to_string();
        if entry.enclosed_name().is_none() {
            return Err(bad(format!("entry {} has a path outside its folder", lexico_tiles::quoted(&name))));
        }
        let at = format!("{path}/{name}");
        if entry.is_dir() {
            out.skipped.push((at, "a folder"));
            continue;
        }
        let mut data = Vec::new();
        let limit = MAX_ENTRY_BYTES.min(MAX_TOTAL_BYTES - total);
        (&mut entry)
            .take(limit + 1)
            .read_to_end(&mut data)
            .map_err(|e| bad(format!("entry {}: {e}", lexico_tiles::quoted(&name))))?;
        if data.len() as u64 > limit {
            let bound = if limit < MAX_ENTRY_BYTES { MAX_TOTAL_BYTES } else { MAX_ENTRY_BYTES };
            return Err(bad(format!(
                "entry {} inflates past {} MiB, more than a zip of lists may hold",
                lexico_tiles::quoted(&name),
                bound >> 20
            )));
        }
        total += data.len() as u64;
        if is_archive(&data) {
            out.skipped.push((at, "a document, not a list"));
        } else if sources::detect(&data) == Content::Source(SourceKind::Raw) {
            out.skipped.push((at, "no FISE title line or lemma-table header"));
        } else {
            out.inputs.push(Input { path: at, bytes: data });
        }
    }
    Ok(out)
}
