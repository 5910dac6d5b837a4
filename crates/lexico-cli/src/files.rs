//! Writing files so that a reader never sees half of one goes through the workspace's one atomic
//! writer, `lexico_store::atomic` (stage in the same folder, flush, rename into place; a set of
//! files or a release folder published whole under a lock). This module holds the signal handler
//! that removes what is staged when a signal ends the program, and the one way a command acts
//! on a signal ([`on_signal`]).

/// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, calls `last`, keeps what it returns
/// (a lock, say) and ends the process as the signal would have. Nothing on other systems.
pub fn on_signal<T>(last: impl FnOnce() -> T + Send + 'static) {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let _kept = last();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
    #[cfg(not(unix))]
    drop(last);
}

/// The temporary files and folders of a build, removed when a signal ends it.
pub mod cleanup {
    use std::sync::Once;

    /// On SIGINT, SIGTERM or SIGHUP, removes what is staged
    /// (`lexico_store::atomic::cleanup::remove_all`, which waits for renames in progress and
    /// keeps anything new from being staged, held until the process ends) and ends the process
    /// as the signal would have ([`super::on_signal`]).
    pub fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| super::on_signal(lexico_store::atomic::cleanup::remove_all));
    }
}
