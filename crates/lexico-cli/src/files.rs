//! Writing files so that a reader never sees half of one: stage in the same folder, flush to
//! disk, rename into place. Shared by `build`, `diff --notes`, `install` and the default record.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};

/// The file name of a release's lexicon: its edition, or its name and version, in characters
/// that are safe in any file system.
pub fn release_stem(name: &str, edition: &str, version: &str) -> String {
    let raw = if edition.is_empty() { format!("{name}-{version}") } else { edition.to_string() };
    raw.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' }).collect()
}

/// Writes `bytes` to a temporary file in the folder of `path`, flushed to disk, to be renamed into
/// place by [`persist`] so that `path` is never a half-written file.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).with_context(|| format!("{}", dir.display()))?;
    tmp.write_all(bytes).with_context(|| format!("{}", path.display()))?;
    // A temporary file is private (0600); a lexicon and its reports are meant to be read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .with_context(|| format!("{}", path.display()))?;
    }
    tmp.as_file().sync_all().with_context(|| format!("{}", path.display()))?;
    Ok(tmp)
}

/// Writes `bytes` to `path` atomically: `path` is never a half-written file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    persist(stage(path, bytes)?, path)
}

/// Renames a staged file into place at `path`.
pub fn persist(tmp: tempfile::NamedTempFile, path: &Path) -> Result<()> {
    tmp.persist(path).with_context(|| format!("{}", path.display()))?;
    Ok(())
}
