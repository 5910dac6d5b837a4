//! Reading the files the store is given: each is opened without waiting (a FIFO never blocks the
//! open), must be a regular file, and is read whole, once, into memory of this process, up to a
//! bound that no genuine file of its kind comes near.

use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::Path;

use lexico_lexicon::{Image, Lexicon};

use crate::atomic::special_kind;
use crate::StoreError;

/// The most a key, signature or record file may hold: a minisign key or signature is a few
/// hundred bytes, a record a few lines.
pub(crate) const SMALL_FILE_LIMIT: u64 = 64 * 1024;

/// Opens `path` for reading without waiting for a writer if it is a FIFO (the flag changes
/// nothing for a regular file).
pub(crate) fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    // Windows refuses to open a folder as a file (`Access denied`): the error says what it is.
    options.open(path).map_err(|e| {
        if cfg!(windows) && path.is_dir() {
            std::io::Error::new(ErrorKind::IsADirectory, "a folder, not a file")
        } else {
            e
        }
    })
}

/// The text of the small file `path` (a key, a signature, a record), `what` naming its kind in
/// messages; `None` when there is none. Anything but a regular file of at most
/// [`SMALL_FILE_LIMIT`] bytes of UTF-8 is refused, before more than that is read.
pub(crate) fn read_small(path: &Path, what: &'static str) -> Result<Option<String>, StoreError> {
    let file = match open_nonblocking(path) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(StoreError::io(path)(e)),
    };
    let meta = file.metadata().map_err(StoreError::io(path))?;
    if !meta.is_file() {
        return Err(StoreError::NotARegularFile {
            path: path.to_path_buf(),
            kind: special_kind(&meta.file_type()),
            what,
        });
    }
    let too_large =
        |len: u64| StoreError::TooLarge { path: path.to_path_buf(), len, what, limit: SMALL_FILE_LIMIT };
    if meta.len() > SMALL_FILE_LIMIT {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // One byte past the bound tells a file that grew after it was looked at.
    file.take(SMALL_FILE_LIMIT + 1).read_to_end(&mut bytes).map_err(StoreError::io(path))?;
    if bytes.len() as u64 > SMALL_FILE_LIMIT {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map(Some).map_err(|_| StoreError::NotText { path: path.to_path_buf(), what })
}

/// The lexicon file `path`, open (without waiting, if it is a FIFO), and its metadata. Errors
/// name the file as `label`.
pub(crate) fn open_lexicon(path: &Path, label: &str) -> Result<(File, std::fs::Metadata), StoreError> {
    let io = |source| StoreError::Io { label: label.to_string(), source };
    let file = open_nonblocking(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    Ok((file, meta))
}

/// The bytes of the lexicon file `path`, read once into memory of this process, and the
/// metadata of the file they were read from. Errors name the file as `label`.
pub(crate) fn read_lexicon(path: &Path, label: &str) -> Result<(Image, std::fs::Metadata), StoreError> {
    let (file, meta) = open_lexicon(path, label)?;
    let bytes = Lexicon::read_image(file)
        .map_err(|source| StoreError::Lexicon { label: label.to_string(), source })?;
    Ok((bytes, meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("key.pub");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let err = read_small(&fifo, "minisign public key").unwrap_err();
        assert!(err.to_string().contains("a FIFO, not a minisign public key"), "{err}");
        let err = read_small(Path::new("/dev/zero"), "minisign secret key").unwrap_err();
        assert!(err.to_string().starts_with("/dev/zero: a device, not a minisign secret key"), "{err}");
    }

    #[test]
    fn a_small_file_past_the_bound_is_refused_and_a_missing_one_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.minisig");
        std::fs::write(&big, vec![b'a'; SMALL_FILE_LIMIT as usize + 1]).unwrap();
        let err = read_small(&big, "minisign signature").unwrap_err();
        assert!(matches!(err, StoreError::TooLarge { .. }), "{err}");
        assert!(read_small(&dir.path().join("none"), "minisign signature").unwrap().is_none());
        std::fs::write(&big, b"\xff\xfe").unwrap();
        assert!(matches!(read_small(&big, "minisign signature"), Err(StoreError::NotText { .. })));
    }
}
