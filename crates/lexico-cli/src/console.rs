//! The console on Windows. Its text needs nothing: the standard library writes to a Windows
//! console in UTF-16 (`WriteConsoleW`), so Ñ, accents and the verdicts of `valid --judge` show
//! right whatever the console's code page, and redirected output stays UTF-8. What it needs is
//! escape sequences turned on (the colours and clearing of `valid --judge`), which the consoles
//! of Windows 10 and later understand once asked, and the user's language where no locale
//! variable is set, as is usual there.

/// Turns on the console's escape sequences on Windows (a console that refuses keeps them off,
/// as a redirected output does); elsewhere there is nothing to do.
pub fn prepare() {
    #[cfg(windows)]
    let _ = anstyle_query::windows::enable_virtual_terminal_processing();
}

/// The user's interface language on Windows (`es-ES`), asked where no locale variable is set;
/// `None` elsewhere, where the locale variables alone decide.
pub fn system_locale() -> Option<String> {
    #[cfg(windows)]
    return sys_locale::get_locale();
    #[cfg(not(windows))]
    None
}
