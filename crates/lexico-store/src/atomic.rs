//! Writing files so that a reader never sees half of one: stage in the same folder, flush to
//! disk, rename into place, flush the folder; publish a set of files (a lexicon, its report, its signature) or a
//! release folder whole, under a lock, with temporary files removed on a signal (by the program
//! that catches it, [`cleanup::remove_all`]) and completed or cleaned up by the next writer after
//! a kill. Every file the workspace writes goes through here: a build's outputs, notes and
//! reports, installed lexicons and their signatures, trusted keys, key pairs, signatures, the
//! default record and the verification records.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::StoreError;

/// The file name of a release's lexicon: its edition, or its name and version, in characters
/// that are safe in any file system.
///
/// ```
/// assert_eq!(lexico_store::atomic::release_stem("FISE", "FISE-2 2016", "1"), "FISE-2-2016");
/// assert_eq!(lexico_store::atomic::release_stem("club", "", "0.3"), "club-0.3");
/// ```
pub fn release_stem(name: &str, edition: &str, version: &str) -> String {
    let raw = if edition.is_empty() { format!("{name}-{version}") } else { edition.to_string() };
    raw.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' }).collect()
}

/// The folder of `path` (`.` for a bare file name).
pub fn parent(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The prefix of the temporary files staged for `path`: hidden, and named after it, so that the
/// next writer to `path` knows them.
pub fn temp_prefix(path: &Path) -> String {
    format!(".{}.tmp", path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
}

fn io(label: impl std::fmt::Display) -> impl FnOnce(std::io::Error) -> StoreError {
    move |source| StoreError::Io { label: label.to_string(), source }
}

/// Writes `bytes` to a temporary file in the folder of `path`, flushed to disk, to be renamed into
/// place by [`persist`] so that `path` is never a half-written file. The file is readable by all
/// (mode 0644 on Unix): a lexicon and its reports are meant to be read.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile, StoreError> {
    stage_with_mode(path, bytes, 0o644)
}

/// [`stage`] with the permissions `mode` on Unix (0600 for a secret key, 0444 for a file nobody
/// is to change in place).
pub fn stage_with_mode(path: &Path, bytes: &[u8], mode: u32) -> Result<tempfile::NamedTempFile, StoreError> {
    check_name(path)?;
    let dir = parent(path);
    let mut tmp = cleanup::create(
        || tempfile::Builder::new().prefix(&temp_prefix(path)).tempfile_in(dir),
        |t| t.path(),
    )
    .map_err(io(dir.display()))?;
    tmp.write_all(bytes).map_err(io(path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(std::fs::Permissions::from_mode(mode)).map_err(io(path.display()))?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    tmp.as_file().sync_all().map_err(io(path.display()))?;
    Ok(tmp)
}

/// Writes `bytes` to `path` atomically: `path` is never a half-written file.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("notes.md");
/// lexico_store::atomic::write_atomically(&path, b"first")?;
/// lexico_store::atomic::write_atomically(&path, b"second")?;
/// assert_eq!(std::fs::read(&path)?, b"second");
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 1); // no temporary file left
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    persist(stage(path, bytes)?, path).map(drop)
}

/// Writes a file that must not exist yet, whole or not at all, with permissions `mode` on Unix:
/// staged beside it, then linked into place only if nothing has that name meanwhile.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("key.pub");
/// lexico_store::atomic::write_new(&path, b"a key", 0o644)?;
/// assert!(lexico_store::atomic::write_new(&path, b"another", 0o644).is_err());
/// assert_eq!(std::fs::read(&path)?, b"a key");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_new(path: &Path, bytes: &[u8], mode: u32) -> Result<(), StoreError> {
    let tmp = stage_with_mode(path, bytes, mode)?;
    let staged = tmp.path().to_path_buf();
    let mut guard = cleanup::committing();
    let result = tmp.persist_noclobber(path);
    guard.done(&staged);
    result.map(drop).map_err(|e| io(path.display())(e.error))
}

/// Renames a staged file into place at `path`, then flushes the folder, so that the rename
/// itself survives a crash; returns the file, still open (its metadata is that of the file now
/// at `path`).
pub fn persist(tmp: tempfile::NamedTempFile, path: &Path) -> Result<std::fs::File, StoreError> {
    let staged = tmp.path().to_path_buf();
    let mut guard = cleanup::committing();
    let file = tmp.persist(path).map_err(|e| io(path.display())(e.error))?;
    guard.done(&staged);
    sync_dir(parent(path))?;
    Ok(file)
}

/// Flushes the folder `dir` to disk: the names renamed or removed in it. On Unix only: Windows
/// refuses to open a folder as a file (`Access denied`) and has no flush of a folder's names;
/// NTFS journals a rename's metadata itself, so there the flush is skipped, not emulated.
pub fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir.display()))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Removes the temporary files that writers of `path` killed on their way left beside it
/// (`.NAME.tmpXXXXXX`); the caller holds the lock on its folder ([`lock`]), which every writer
/// of `path` takes.
pub fn remove_stale(path: &Path) {
    let prefix = temp_prefix(path);
    let Ok(entries) = std::fs::read_dir(parent(path)) else { return };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// [`write_atomically`] under the lock on the folder of `path`, removing first what killed
/// writers of `path` left ([`remove_stale`]).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("x.lex.minisig");
/// std::fs::write(dir.path().join(".x.lex.minisig.tmpAbC123"), b"half a signature")?;
/// lexico_store::atomic::replace(&path, b"a signature")?;
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replace(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let _lock = lock(path)?;
    remove_stale(path);
    write_atomically(path, bytes)
}

/// Refuses an output that exists and is not a regular file: a folder, a symlink (which would be
/// replaced, not followed), a FIFO or a device.
pub fn check_output(path: &Path) -> Result<(), StoreError> {
    check_name(path)?;
    let meta = match path.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(path.display())(e)),
    };
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    let what = if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        special_kind(&t)
    };
    Err(StoreError::NotAnOutput { path: path.to_path_buf(), what })
}

/// Refuses, on Windows, a path with a character Windows forbids in a name ([`forbidden_char`]):
/// `a:b.lex` would otherwise write the hidden stream `b.lex` of a file `a` there.
pub fn check_name(path: &Path) -> Result<(), StoreError> {
    match forbidden_char(path) {
        Some(character) if cfg!(windows) => {
            Err(StoreError::ForbiddenName { path: path.to_path_buf(), character })
        }
        _ => Ok(()),
    }
}

/// The first character of a name in `path` (not its drive or root) that Windows forbids in file
/// names: `<>:"|?*` and the control characters.
///
/// ```
/// use std::path::Path;
/// use lexico_store::atomic::forbidden_char;
/// assert_eq!(forbidden_char(Path::new("mal:nombre.lex")), Some(':'));
/// assert_eq!(forbidden_char(Path::new("datos/¿qué?.lex")), Some('?'));
/// assert_eq!(forbidden_char(Path::new("Señal árbol/ñandú.lex")), None);
/// ```
pub fn forbidden_char(path: &Path) -> Option<char> {
    path.components().find_map(|component| match component {
        std::path::Component::Normal(name) => {
            name.to_string_lossy().chars().find(|c| "<>:\"|?*".contains(*c) || c.is_control())
        }
        _ => None,
    })
}

/// What a file that is neither a regular file, a folder nor a symlink is.
pub fn special_kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        return "a folder";
    }
    let _ = t;
    "a special file"
}

/// The files a release folder holds: a folder holding anything else is not replaced.
pub fn is_release_file(name: &str) -> bool {
    name == "NOTES.md"
        || name == "SHA256SUMS"
        || name.ends_with(".lex")
        || name.ends_with(".lex.excluded.csv")
        || name.ends_with(".lex.minisig")
}

/// Refuses a release folder that exists and is not a folder (a symlink included), or that holds
/// anything a release does not: a release folder is replaced whole.
pub fn check_release_dir(dir: &Path) -> Result<(), StoreError> {
    let meta = match dir.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(dir.display())(e)),
    };
    if !meta.is_dir() {
        return Err(StoreError::NotAReleaseFolder { dir: dir.to_path_buf() });
    }
    for entry in std::fs::read_dir(dir).map_err(io(dir.display()))? {
        let entry = entry.map_err(io(dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !is_release_file(&name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            return Err(StoreError::ForeignInRelease { dir: dir.to_path_buf(), name });
        }
    }
    Ok(())
}

/// The lock that serialises the writers of `path`: on the folder it goes in, held for as long
/// as the returned handle lives, and released by the system when the process dies (nothing is
/// left behind in the folder). Two handles of one process exclude each other too on Unix: a
/// holder never asks for it again.
pub fn lock(path: &Path) -> Result<FolderLock, StoreError> {
    lock_folder(parent(path))
}

/// [`lock`] on the folder `dir` itself.
pub fn lock_folder(dir: &Path) -> Result<FolderLock, StoreError> {
    FolderLock::take(dir)
}

/// The lock on a folder ([`lock_folder`]): an exclusive `flock` on the open folder on Unix.
#[cfg(unix)]
pub struct FolderLock(
    #[allow(dead_code, reason = "the lock is held while the folder is open")] std::fs::File,
);

#[cfg(unix)]
impl FolderLock {
    fn take(dir: &Path) -> Result<FolderLock, StoreError> {
        let handle = std::fs::File::open(dir).map_err(io(dir.display()))?;
        rustix::fs::flock(&handle, rustix::fs::FlockOperation::LockExclusive)
            .map_err(|e| io(format!("locking {}", dir.display()))(e.into()))?;
        Ok(FolderLock(handle))
    }
}

/// The lock on a folder ([`lock_folder`]): on Windows, which opens a folder as a file only with
/// backup semantics and locks no byte range of a folder, a named mutex of the session whose name
/// is the hash of the folder's canonical path, lower-cased as NTFS compares names. The system
/// hands an abandoned mutex to the next waiter, as it drops a dead process's `flock`.
#[cfg(windows)]
pub struct FolderLock(windows_sys::Win32::Foundation::HANDLE);

#[cfg(windows)]
#[allow(unsafe_code, reason = "the mutex is the system's: three calls through windows-sys")]
impl FolderLock {
    fn take(dir: &Path) -> Result<FolderLock, StoreError> {
        use sha2::Digest as _;
        use windows_sys::Win32::Foundation::{CloseHandle, WAIT_ABANDONED, WAIT_OBJECT_0};
        use windows_sys::Win32::System::Threading::{CreateMutexW, WaitForSingleObject, INFINITE};
        let canonical = dir.canonicalize().map_err(io(dir.display()))?;
        let key = canonical.to_string_lossy().to_lowercase();
        let hash: String = sha2::Sha256::digest(key.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        let name: Vec<u16> = format!("Local\\lexico-folder-{hash}").encode_utf16().chain([0]).collect();
        let failed =
            |what: &str| io(format!("locking {} ({what})", dir.display()))(std::io::Error::last_os_error());
        // SAFETY: `name` is a NUL-terminated UTF-16 string that outlives the call; no attributes.
        let handle = unsafe { CreateMutexW(std::ptr::null(), 0, name.as_ptr()) };
        if handle.is_null() {
            return Err(failed("CreateMutexW"));
        }
        // SAFETY: `handle` is the mutex just opened.
        match unsafe { WaitForSingleObject(handle, INFINITE) } {
            WAIT_OBJECT_0 | WAIT_ABANDONED => Ok(FolderLock(handle)),
            _ => {
                let err = failed("WaitForSingleObject");
                // SAFETY: `handle` is open and not used again.
                unsafe { CloseHandle(handle) };
                Err(err)
            }
        }
    }
}

#[cfg(windows)]
#[allow(unsafe_code, reason = "the mutex is the system's: released and closed through windows-sys")]
impl Drop for FolderLock {
    fn drop(&mut self) {
        use windows_sys::Win32::Foundation::CloseHandle;
        use windows_sys::Win32::System::Threading::ReleaseMutex;
        // SAFETY: the thread that took the mutex holds the lock in its scope and drops it there;
        // the handle is not used again.
        unsafe {
            ReleaseMutex(self.0);
            CloseHandle(self.0);
        }
    }
}

/// The journal of a publication of `path` in progress: the renames still to do.
pub fn journal_path(path: &Path) -> PathBuf {
    parent(path)
        .join(format!(".{}.journal", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()))
}

/// Completes the renames a killed writer listed in the journal of `output`, then removes the
/// temporary files that killed writers left for `targets` (under the lock, no other writer is
/// writing them).
pub fn recover(output: &Path, targets: &[&Path]) -> Result<(), StoreError> {
    let journal_file = journal_path(output);
    match std::fs::read_to_string(&journal_file) {
        Ok(journal) => {
            for line in journal.lines() {
                if let Some((tmp, target)) = line.split_once('\t') {
                    if Path::new(tmp).exists() {
                        std::fs::rename(tmp, target)
                            .map_err(io(format!("{target} (completing an interrupted build)")))?;
                    }
                }
            }
            sync_dir(parent(output))?;
            std::fs::remove_file(&journal_file).map_err(io(journal_file.display()))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(journal_file.display())(e)),
    }
    for target in targets.iter().copied().chain([journal_file.as_path()]) {
        let prefix = temp_prefix(target);
        let Ok(entries) = std::fs::read_dir(parent(target)) else { continue };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let path = entry.path();
                let _ =
                    if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
            }
        }
    }
    Ok(())
}

/// Completes, under the lock on the folder of `output`, what a writer of the set `targets` (the
/// last one being `output`) killed on its way left: the renames its journal lists, then its
/// temporary files are removed ([`recover`]).
pub fn complete(output: &Path, targets: &[&Path]) -> Result<(), StoreError> {
    let _lock = lock(output)?;
    recover(output, targets)
}

/// Publishes `files` (the last one being `output`, the lexicon) as a set: under the lock on
/// `output`, every file is staged in full, the renames are listed in a journal, done, and the
/// journal is removed. A writer killed after listing them has them done by the next one.
pub fn publish(output: &Path, files: &[(PathBuf, &[u8])]) -> Result<(), StoreError> {
    let files: Vec<(PathBuf, &[u8], u32)> = files.iter().map(|(p, b)| (p.clone(), *b, 0o644)).collect();
    // Checked again under the lock: something may have appeared since the build started.
    publish_set(output, &files, check_output)
}

/// Writes `files` (path, bytes, permissions on Unix), none of which may exist yet, as a set: all
/// of them or none (a key pair). `exists` is the error for one that does: nothing is then
/// written. As [`publish`], under the lock on the folder of the last one, with a journal that the
/// next writer of the set completes.
pub fn publish_new(
    files: &[(PathBuf, &[u8], u32)],
    exists: impl Fn(&Path) -> StoreError,
) -> Result<(), StoreError> {
    let last = &files.last().expect("a file to write").0;
    publish_set(last, files, |path| match path.symlink_metadata() {
        Ok(_) => Err(exists(path)),
        Err(_) => Ok(()),
    })
}

/// [`publish`] and [`publish_new`]: `check` is asked of each file under the lock, after what a
/// killed writer left is completed or removed, and before anything is staged.
fn publish_set(
    output: &Path,
    files: &[(PathBuf, &[u8], u32)],
    check: impl Fn(&Path) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let _lock = lock(output)?;
    let targets: Vec<&Path> = files.iter().map(|(p, _, _)| p.as_path()).collect();
    recover(output, &targets)?;
    for (path, _, _) in files {
        check(path)?;
    }
    let mut staged = Vec::new();
    for (path, bytes, mode) in files {
        staged.push((stage_with_mode(path, bytes, *mode)?.into_temp_path(), path));
    }
    let journal: String = staged
        .iter()
        .map(|(tmp, path)| format!("{}\t{}\n", absolute(tmp).display(), absolute(path).display()))
        .collect();
    // From the journal on, a signal waits for the renames instead of removing what they need.
    let journal_file = journal_path(output);
    // Staged before the guard: `stage` registers its file with the signal thread.
    let journal_tmp = stage(&journal_file, journal.as_bytes())?;
    let mut guard = cleanup::committing();
    let staged_journal = journal_tmp.path().to_path_buf();
    journal_tmp.persist(&journal_file).map_err(|e| io(journal_file.display())(e.error))?;
    sync_dir(parent(&journal_file))?;
    guard.done(&staged_journal);
    for (tmp, path) in staged {
        let name = tmp.to_path_buf();
        tmp.persist(path).map_err(|e| io(path.display())(e.error))?;
        guard.done(&name);
    }
    for (path, _, _) in files {
        sync_dir(parent(path))?;
    }
    std::fs::remove_file(&journal_file).map_err(io(journal_file.display()))?;
    sync_dir(parent(&journal_file))
}

/// `path` made absolute against the current folder, for the journal.
pub fn absolute(path: &Path) -> PathBuf {
    std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
}

/// Writes a release folder whole: its files go into a hidden folder beside `dir`, which then
/// takes the place of `dir` in one rename (an exchange when `dir` exists, on Linux), under the
/// lock on `dir`.
pub fn publish_release(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), StoreError> {
    let _lock = lock(dir)?;
    recover(dir, &[dir])?;
    check_release_dir(dir)?;
    let staging = cleanup::create(
        || tempfile::Builder::new().prefix(&temp_prefix(dir)).tempdir_in(parent(dir)),
        |t| t.path(),
    )
    .map_err(io(parent(dir).display()))?;
    for (name, bytes) in files {
        let path = staging.path().join(name);
        let mut file = std::fs::File::create(&path).map_err(io(path.display()))?;
        file.write_all(bytes).map_err(io(path.display()))?;
        file.sync_all().map_err(io(path.display()))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(io(staging.path().display()))?;
    }
    sync_dir(staging.path())?;
    let staged = staging.keep();
    let mut guard = cleanup::committing();
    let exists = dir.symlink_metadata().is_ok();
    if !exists {
        std::fs::rename(&staged, dir).map_err(io(dir.display()))?;
        guard.done(&staged);
        return sync_dir(parent(dir));
    }
    #[cfg(target_os = "linux")]
    {
        let swapped = rustix::fs::renameat_with(
            rustix::fs::CWD,
            &staged,
            rustix::fs::CWD,
            dir,
            rustix::fs::RenameFlags::EXCHANGE,
        );
        if swapped.is_ok() {
            // `staged` now holds the previous release.
            let _ = std::fs::remove_dir_all(&staged);
            guard.done(&staged);
            return sync_dir(parent(dir));
        }
    }
    // Without an atomic exchange: the previous release is moved aside, then replaced.
    let aside = parent(dir).join(format!("{}old", temp_prefix(dir)));
    let _ = std::fs::remove_dir_all(&aside);
    std::fs::rename(dir, &aside).map_err(io(dir.display()))?;
    std::fs::rename(&staged, dir).map_err(io(dir.display()))?;
    guard.done(&staged);
    let _ = std::fs::remove_dir_all(&aside);
    sync_dir(parent(dir))
}

/// The temporary files and folders staged by this process, which a program removes when a
/// signal ends it ([`remove_all`](cleanup::remove_all), called from its signal handler thread).
pub mod cleanup {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, MutexGuard};

    static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    fn staged() -> MutexGuard<'static, Vec<PathBuf>> {
        STAGED.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes a temporary file or folder with `make` and records its path (`path_of`) to remove on
    /// a signal, both under the lock [`remove_all`] takes and keeps: a signal never finds a
    /// temporary path made and not yet recorded, and nothing is made after it has cleaned up.
    pub fn create<T>(
        make: impl FnOnce() -> std::io::Result<T>,
        path_of: impl Fn(&T) -> &Path,
    ) -> std::io::Result<T> {
        let mut paths = staged();
        let made = make()?;
        paths.push(path_of(&made).to_path_buf());
        Ok(made)
    }

    /// Holds off [`remove_all`] while renames are done: a signal then waits for them, so a set
    /// of files is never left half-published by a signal.
    pub fn committing() -> Committing {
        Committing(staged())
    }

    /// See [`committing`].
    pub struct Committing(MutexGuard<'static, Vec<PathBuf>>);

    impl Committing {
        /// Forgets a path renamed into place.
        pub fn done(&mut self, path: &Path) {
            self.0.retain(|p| p != path);
        }
    }

    /// Removes every temporary path staged and not yet renamed into place, waiting for renames
    /// in progress. The returned guard keeps any other from being made: a program ending on a
    /// signal holds it until it exits.
    pub fn remove_all() -> Held {
        let mut paths = staged();
        for path in paths.drain(..) {
            let _ = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        }
        Held(paths)
    }

    /// See [`remove_all`].
    pub struct Held(#[allow(dead_code)] MutexGuard<'static, Vec<PathBuf>>);
}
