//! The language the command speaks to people: `--lang` when given; else, in the terminal, the
//! first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty (a value starting with
//! `es` means Spanish), else, on Windows, the user's interface language (`console`), else
//! English; the judge station's pages and API speak Spanish unless
//! `--lang` says otherwise. The messages themselves are the answers' catalogues
//! (`lexico_answers::i18n`).

use std::sync::OnceLock;

pub use lexico_answers::i18n::{has, msg, Arg, Lang};

/// `--lang` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    /// Spanish.
    Es,
    /// English.
    En,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::Es => Lang::Es,
            LangArg::En => Lang::En,
        }
    }
}

/// The language `--lang` chose, if it was given.
static CHOSEN: OnceLock<Option<Lang>> = OnceLock::new();

/// Records the language of `--lang` (called once, by `main`).
pub fn choose(lang: Option<LangArg>) {
    let _ = CHOSEN.set(lang.map(Lang::from));
}

/// The terminal's language: `--lang`, else the locale variables, else the system's (on
/// Windows, read as if it were `LANG`), else English.
pub fn terminal() -> Lang {
    if let Some(Some(lang)) = CHOSEN.get() {
        return *lang;
    }
    let system = || crate::console::system_locale();
    Lang::from_env(|name| {
        std::env::var(name).ok().filter(|v| !v.is_empty()).or_else(|| (name == "LANG").then(system).flatten())
    })
}

/// The judge station's language: `--lang`, else Spanish.
pub fn station() -> Lang {
    CHOSEN.get().copied().flatten().unwrap_or(Lang::Es)
}

/// The terminal's words for a message without arguments: `english` as written in the code when
/// the terminal speaks English (no catalogue is parsed on that path, which `valid ONE_WORD` takes
/// in about a millisecond), else the catalogue's. A test checks that `english` is the English
/// catalogue's text.
pub fn term(id: &str, english: &'static str) -> std::borrow::Cow<'static, str> {
    match terminal() {
        Lang::En => english.into(),
        lang => msg(lang, id, &[]).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English words written in the code for [`term`] are the English catalogue's.
    #[test]
    fn terminal_words_written_in_the_code_are_the_english_catalogues() {
        for (id, english) in [
            ("term-valid", "valid"),
            ("term-invalid", "invalid"),
            ("term-judge-acceptable", "ACCEPTABLE"),
            ("term-judge-unacceptable", "UNACCEPTABLE"),
            ("term-judge-error", "ERROR"),
            ("term-judge-error-message", crate::judge::ERROR_MESSAGE),
            (
                "term-judge-prompt",
                "type each play on a line (words separated by spaces or commas); Ctrl-D ends",
            ),
            ("term-judge-not-a-tile", "a character is neither a letter nor a tile"),
            ("verdict-acceptable", "PLAY ACCEPTABLE"),
            ("verdict-unacceptable", "PLAY UNACCEPTABLE"),
            ("signer-embedded", "embedded in the binary"),
            ("signer-unsigned", "unsigned"),
        ] {
            assert_eq!(msg(Lang::En, id, &[]), english, "{id}");
            assert_ne!(msg(Lang::Es, id, &[]), id, "{id} is in the Spanish catalogue");
        }
        assert_eq!(msg(Lang::En, "term-judge-banner", &[("lexicon", Arg::Str("X"))]), "word judge: X");
        assert_eq!(
            msg(Lang::En, "term-judge-unjudged", &[("why", Arg::Str("W"))]),
            "the play could not be judged: W"
        );
    }
}
