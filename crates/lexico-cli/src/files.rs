//! Writing files so that a reader never sees half of one: stage in the same folder, flush to
//! disk, rename into place; publish a set of files (a lexicon, its report, its signature) or a
//! release folder whole, under a lock, with temporary files removed on a signal and completed or
//! cleaned up by the next build after a kill. Shared by `build`, `diff --notes`, `install`,
//! `sign`, `trust` and the default record.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The file name of a release's lexicon: its edition, or its name and version, in characters
/// that are safe in any file system.
pub fn release_stem(name: &str, edition: &str, version: &str) -> String {
    let raw = if edition.is_empty() { format!("{name}-{version}") } else { edition.to_string() };
    raw.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' }).collect()
}

/// The folder of `path` (`.` for a bare file name).
pub fn parent(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The prefix of the temporary files staged for `path`: hidden, and named after it, so that the
/// next build to `path` knows them.
pub fn temp_prefix(path: &Path) -> String {
    format!(".{}.tmp", path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
}

/// Writes `bytes` to a temporary file in the folder of `path`, flushed to disk, to be renamed into
/// place by [`persist`] so that `path` is never a half-written file.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    let dir = parent(path);
    let mut tmp = cleanup::create(
        || tempfile::Builder::new().prefix(&temp_prefix(path)).tempfile_in(dir),
        |t| t.path(),
    )
    .with_context(|| format!("{}", dir.display()))?;
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
    let staged = tmp.path().to_path_buf();
    let mut guard = cleanup::committing();
    tmp.persist(path).with_context(|| format!("{}", path.display()))?;
    guard.done(&staged);
    Ok(())
}

/// Refuses an output that exists and is not a regular file: a folder, a symlink (which would be
/// replaced, not followed), a FIFO or a device.
pub fn check_output(path: &Path) -> Result<()> {
    let meta = match path.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("{}", path.display())),
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
    bail!(
        "{}: {what}, not a regular file; the output must be a regular file or not exist yet",
        path.display()
    )
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
pub fn check_release_dir(dir: &Path) -> Result<()> {
    let meta = match dir.symlink_metadata() {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("{}", dir.display())),
    };
    if !meta.is_dir() {
        bail!("{}: not a folder; --release-dir must be a folder or not exist yet", dir.display());
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let entry = entry.with_context(|| format!("{}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !is_release_file(&name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            bail!(
                "{}: holds {name}, which is not part of a release; a release folder is replaced \
                 whole, so give an empty or new folder",
                dir.display()
            );
        }
    }
    Ok(())
}

/// The lock that serialises the builds writing `path`: an exclusive `flock` on the folder it goes
/// in, held for as long as the returned handle is open (nothing is left behind in the folder).
pub fn lock(path: &Path) -> Result<std::fs::File> {
    let dir = parent(path);
    let handle = std::fs::File::open(dir).with_context(|| format!("{}", dir.display()))?;
    #[cfg(unix)]
    rustix::fs::flock(&handle, rustix::fs::FlockOperation::LockExclusive)
        .map_err(std::io::Error::from)
        .with_context(|| format!("locking {}", dir.display()))?;
    Ok(handle)
}

/// The journal of a publication of `path` in progress: the renames still to do.
pub fn journal_path(path: &Path) -> PathBuf {
    parent(path)
        .join(format!(".{}.journal", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()))
}

/// Completes the renames a killed build listed in the journal of `output`, then removes the
/// temporary files that killed builds left for `targets` (under the lock, no other build is
/// writing them).
pub fn recover(output: &Path, targets: &[&Path]) -> Result<()> {
    let journal_file = journal_path(output);
    match std::fs::read_to_string(&journal_file) {
        Ok(journal) => {
            for line in journal.lines() {
                if let Some((tmp, target)) = line.split_once('\t') {
                    if Path::new(tmp).exists() {
                        std::fs::rename(tmp, target)
                            .with_context(|| format!("{target} (completing an interrupted build)"))?;
                    }
                }
            }
            std::fs::remove_file(&journal_file).with_context(|| format!("{}", journal_file.display()))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e).with_context(|| format!("{}", journal_file.display())),
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

/// Publishes `files` (the last one being `output`, the lexicon) as a set: under the lock on
/// `output`, every file is staged in full, the renames are listed in the lock file, done, and the
/// list is cleared. A build killed after listing them has them done by the next build.
pub fn publish(output: &Path, files: &[(PathBuf, &[u8])]) -> Result<()> {
    let _lock = lock(output)?;
    let targets: Vec<&Path> = files.iter().map(|(p, _)| p.as_path()).collect();
    recover(output, &targets)?;
    // Checked again under the lock: something may have appeared since the build started.
    for (path, _) in files {
        check_output(path)?;
    }
    let mut staged = Vec::new();
    for (path, bytes) in files {
        staged.push((stage(path, bytes)?.into_temp_path(), path));
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
    journal_tmp.persist(&journal_file).with_context(|| format!("{}", journal_file.display()))?;
    guard.done(&staged_journal);
    for (tmp, path) in staged {
        let name = tmp.to_path_buf();
        tmp.persist(path).map_err(|e| e.error).with_context(|| format!("{}", path.display()))?;
        guard.done(&name);
    }
    std::fs::remove_file(&journal_file).with_context(|| format!("{}", journal_file.display()))
}

/// `path` made absolute against the current folder, for the lock file's list.
pub fn absolute(path: &Path) -> PathBuf {
    std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
}

/// Writes a release folder whole: its files go into a hidden folder beside `dir`, which then
/// takes the place of `dir` in one rename (an exchange when `dir` exists, on Linux), under the
/// lock on `dir`.
pub fn publish_release(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<()> {
    let _lock = lock(dir)?;
    recover(dir, &[dir])?;
    check_release_dir(dir)?;
    let staging = cleanup::create(
        || tempfile::Builder::new().prefix(&temp_prefix(dir)).tempdir_in(parent(dir)),
        |t| t.path(),
    )
    .with_context(|| format!("{}", parent(dir).display()))?;
    for (name, bytes) in files {
        let path = staging.path().join(name);
        let mut file = std::fs::File::create(&path).with_context(|| format!("{}", path.display()))?;
        file.write_all(bytes).with_context(|| format!("{}", path.display()))?;
        file.sync_all().with_context(|| format!("{}", path.display()))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))
            .with_context(|| format!("{}", staging.path().display()))?;
    }
    let staged = staging.keep();
    let mut guard = cleanup::committing();
    let exists = dir.symlink_metadata().is_ok();
    if !exists {
        std::fs::rename(&staged, dir).with_context(|| format!("{}", dir.display()))?;
        guard.done(&staged);
        return Ok(());
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
            return Ok(());
        }
    }
    // Without an atomic exchange: the previous release is moved aside, then replaced.
    let aside = parent(dir).join(format!("{}old", temp_prefix(dir)));
    let _ = std::fs::remove_dir_all(&aside);
    std::fs::rename(dir, &aside).with_context(|| format!("{}", dir.display()))?;
    std::fs::rename(&staged, dir).with_context(|| format!("{}", dir.display()))?;
    guard.done(&staged);
    let _ = std::fs::remove_dir_all(&aside);
    Ok(())
}

/// The temporary files and folders of a build, removed when a signal ends it.
pub mod cleanup {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, MutexGuard, Once};

    static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    fn staged() -> MutexGuard<'static, Vec<PathBuf>> {
        STAGED.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, removes what is staged and ends the
    /// process as the signal would have.
    pub fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            #[cfg(unix)]
            {
                use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
                let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
                    return;
                };
                std::thread::spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Waits for renames and temporary paths in progress (see `committing`
                        // and `create`), and holds the lock until the process ends.
                        let mut paths = staged();
                        for path in paths.drain(..) {
                            let _ = if path.is_dir() {
                                std::fs::remove_dir_all(&path)
                            } else {
                                std::fs::remove_file(&path)
                            };
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
            }
        });
    }

    /// Makes a temporary file or folder with `make` and records its path (`path_of`) to remove on
    /// a signal, both under the lock the signal thread takes and keeps until the process ends: a
    /// signal never finds a temporary path made and not yet recorded, and nothing is made after
    /// the signal thread has cleaned up.
    pub fn create<T>(
        make: impl FnOnce() -> std::io::Result<T>,
        path_of: impl Fn(&T) -> &Path,
    ) -> std::io::Result<T> {
        let mut paths = staged();
        let made = make()?;
        paths.push(path_of(&made).to_path_buf());
        Ok(made)
    }

    /// Holds off the signal thread while renames are done: a signal then waits for them, so a
    /// set of files is never left half-published by a signal.
    pub fn committing() -> Committing {
        Committing(staged())
    }

    pub struct Committing(MutexGuard<'static, Vec<PathBuf>>);

    impl Committing {
        /// Forgets a path renamed into place.
        pub fn done(&mut self, path: &Path) {
            self.0.retain(|p| p != path);
        }
    }
}
