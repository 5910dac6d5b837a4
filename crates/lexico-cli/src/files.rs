//! Writing files so that a reader never sees half of one: the workspace's one atomic writer,
//! `lexico_store::atomic` (stage in the same folder, flush, rename into place; a set of files or
//! a release folder published whole under a lock), with its errors as the commands report them,
//! and the signal handler that removes what it staged when a signal ends the program. Used by
//! `build`, `diff --notes` and `rules --export`; `install`, `sign`, `keygen`, `trust` and the
//! default record write through the store's own functions.

use std::path::{Path, PathBuf};

use anyhow::Result;
use lexico_store::atomic;

/// See [`atomic::release_stem`].
pub fn release_stem(name: &str, edition: &str, version: &str) -> String {
    atomic::release_stem(name, edition, version)
}

/// See [`atomic::stage`].
pub fn stage(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    Ok(atomic::stage(path, bytes)?)
}

/// See [`atomic::persist`].
pub fn persist(tmp: tempfile::NamedTempFile, path: &Path) -> Result<()> {
    atomic::persist(tmp, path)?;
    Ok(())
}

/// See [`atomic::write_atomically`].
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    Ok(atomic::write_atomically(path, bytes)?)
}

/// See [`atomic::check_output`].
pub fn check_output(path: &Path) -> Result<()> {
    Ok(atomic::check_output(path)?)
}

/// See [`atomic::check_release_dir`].
pub fn check_release_dir(dir: &Path) -> Result<()> {
    Ok(atomic::check_release_dir(dir)?)
}

/// See [`atomic::publish`].
pub fn publish(output: &Path, files: &[(PathBuf, &[u8])]) -> Result<()> {
    Ok(atomic::publish(output, files)?)
}

/// See [`atomic::publish_release`].
pub fn publish_release(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<()> {
    Ok(atomic::publish_release(dir, files)?)
}

/// The temporary files and folders of a build, removed when a signal ends it.
pub mod cleanup {
    use std::sync::Once;

    /// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, removes what is staged
    /// (`lexico_store::atomic::cleanup::remove_all`, which waits for renames in progress and
    /// keeps anything new from being staged) and ends the process as the signal would have.
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
                        // Held until the process ends: nothing is staged after the clean-up.
                        let _held = lexico_store::atomic::cleanup::remove_all();
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
            }
        });
    }
}
