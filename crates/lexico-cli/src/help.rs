//! The help summaries in the user's language: each command's one-line `about` and the help of the
//! main flags come from the catalogue (`about-COMMAND`, `help-COMMAND-ARG`, `help-ARG` for the
//! flags every command shares) when the language is not English.
//!
//! The language is known before the command line is parsed: `--lang` is looked for in the
//! arguments, then the locale variables decide ([`early`]). In English nothing is read from the
//! catalogue: the summaries are the literals of `main.rs` and the flags' doc comments, which a
//! test checks against the English catalogue. Manual pages and completion scripts stay English.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use crate::i18n::{self, msg, Lang};

/// The language `--lang` (or `--lang=…`) names among `args`, if it does.
pub fn language_of(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<Lang> {
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.to_str() {
            Some("--") => return None,
            Some("--lang") => args.next(),
            Some(a) => a.strip_prefix("--lang=").map(Into::into),
            None => None,
        };
        if let Some(lang) = value.and_then(|v| v.to_str().and_then(Lang::from_locale)) {
            return Some(lang);
        }
    }
    None
}

/// Set by [`english_only`].
static ENGLISH_ONLY: AtomicBool = AtomicBool::new(false);

/// From now on the help texts are English whatever the language: the manual page and the
/// completion scripts are generated from the command tree and stay English.
pub fn english_only() {
    ENGLISH_ONLY.store(true, Ordering::Relaxed);
}

/// The language of the help texts of this run: `--lang` among the process's arguments
/// ([`language_of`]), else the locale variables; English after [`english_only`].
pub fn early() -> Lang {
    if ENGLISH_ONLY.load(Ordering::Relaxed) {
        return Lang::En;
    }
    static LANG: OnceLock<Lang> = OnceLock::new();
    *LANG.get_or_init(|| {
        language_of(std::env::args_os().skip(1))
            .unwrap_or_else(|| Lang::from_env(|name| std::env::var(name).ok()))
    })
}

/// The one-line summary of command `name`: `english` in English, else the catalogue's.
pub fn about(name: &str, english: &'static str) -> clap::builder::StyledStr {
    match early() {
        Lang::En => english.into(),
        lang => msg(lang, &format!("about-{name}"), &[]).into(),
    }
}

/// `cmd` (the command `name`, its arguments added) with the help of its arguments from the
/// catalogue when the language is not English: `help-NAME-ARG`, else `help-ARG` for a global flag
/// (one every command shares); an argument the catalogue has no words for keeps its English help.
pub fn arguments(name: &str, cmd: clap::Command) -> clap::Command {
    let lang = early();
    if lang == Lang::En {
        return cmd;
    }
    cmd.mut_args(|arg| {
        let id = arg.get_id().as_str().replace('_', "-");
        let own = format!("help-{name}-{id}");
        // A flag every command shares is global; a command's own flag of the same name is not.
        let shared = if arg.is_global_set() { format!("help-{id}") } else { own.clone() };
        match [own, shared].into_iter().find(|m| i18n::has(lang, m)) {
            Some(m) => arg.help(msg(lang, &m, &[])).long_help(None::<&str>),
            None => arg,
        }
    })
}

/// The whole command line `cli` with its summary and shared flags in the language of the help.
pub fn top(cli: clap::Command) -> clap::Command {
    let lang = early();
    if lang == Lang::En {
        return cli;
    }
    arguments("lexico", cli.about(msg(lang, "about-lexico", &[])))
}

/// The full command tree: every command with its arguments. `main` adds a command's arguments
/// only when it runs (`clap::Command::defer`); `build` adds them all, as completions and the
/// manual page need. Both stay English whatever the language ([`english_only`]).
pub fn full_command() -> clap::Command {
    english_only();
    let mut cli = <crate::Cli as clap::CommandFactory>::command();
    cli.build();
    cli
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_lang_flag_decides_before_parsing() {
        assert_eq!(language_of(args(&["--lang", "es", "valid"])), Some(Lang::Es));
        assert_eq!(language_of(args(&["valid", "--lang=es", "CASA"])), Some(Lang::Es));
        assert_eq!(language_of(args(&["valid", "--lang", "en"])), Some(Lang::En));
        assert_eq!(language_of(args(&["valid", "CASA"])), None);
        // After `--` it is a word.
        assert_eq!(language_of(args(&["valid", "--", "--lang", "es"])), None);
    }
}
