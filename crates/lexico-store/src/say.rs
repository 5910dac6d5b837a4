//! The store's errors said in the catalogue's words, from their typed fields (its `Display` is
//! the English).

use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::say::Localize;

use crate::StoreError;

fn n(value: usize) -> Arg<'static> {
    Arg::Num(value as u64)
}

impl Localize for StoreError {
    fn localize(&self, lang: Lang) -> String {
        let path = |p: &std::path::Path| p.display().to_string();
        match self {
            StoreError::EmptyName => msg(lang, "error-lexicon-name-empty", &[]),
            StoreError::NoDataDirForName { name } => {
                msg(lang, "error-no-data-dir", &[("path", Arg::Str(name))])
            }
            StoreError::NotInstalled { name, dir } => {
                msg(lang, "error-unknown-lexicon", &[("name", Arg::Str(name)), ("dir", Arg::Str(&path(dir)))])
            }
            StoreError::Ambiguous { name, found } => msg(
                lang,
                "error-ambiguous-lexicon",
                &[
                    ("name", Arg::Str(name)),
                    ("count", n(found.len())),
                    ("found", Arg::Str(&found.join(", "))),
                ],
            ),
            StoreError::Verification { label, source } => {
                format!(
                    "{}: {}",
                    msg(lang, "error-verification", &[("label", Arg::Str(label))]),
                    source.localize(lang)
                )
            }
            StoreError::Lexicon { label, source } => format!("{label}: {}", source.localize(lang)),
            StoreError::Io { label, source } => format!("{label}: {}", source.localize(lang)),
            StoreError::Format(e) => e.localize(lang),
            StoreError::InFile { path: p, source } => format!("{}: {}", path(p), source.localize(lang)),
            StoreError::Unsigned { path: p, keys } => {
                msg(lang, "error-unsigned", &[("path", Arg::Str(&path(p))), ("count", n(*keys))])
            }
            StoreError::NotASignature { signature, reason } => msg(
                lang,
                "error-not-a-signature",
                &[("path", Arg::Str(&path(signature))), ("why", Arg::Str(reason))],
            ),
            StoreError::UntrustedKey { path: p, id } => {
                msg(lang, "error-untrusted-key", &[("path", Arg::Str(&path(p))), ("id", Arg::Str(id))])
            }
            StoreError::BadSignature { path: p, id, reason } => msg(
                lang,
                "error-bad-signature",
                &[("path", Arg::Str(&path(p))), ("id", Arg::Str(id)), ("why", Arg::Str(reason))],
            ),
            StoreError::DefaultMissing { path: p } => {
                msg(lang, "error-default-missing", &[("path", Arg::Str(&path(p)))])
            }
            StoreError::DefaultLost { record } => {
                msg(lang, "error-default-lost", &[("path", Arg::Str(&path(record)))])
            }
            StoreError::ChangedSinceInstalled { path: p, got, installed } => msg(
                lang,
                "error-changed-since-installed",
                &[("path", Arg::Str(&path(p))), ("got", Arg::Str(got)), ("installed", Arg::Str(installed))],
            ),
            StoreError::KeyIdTaken { id, file } => {
                msg(lang, "error-key-id-taken", &[("id", Arg::Str(id)), ("path", Arg::Str(&path(file)))])
            }
            // Without words in the catalogues: as it displays itself.
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_lexicon::LexiconError;
    use std::io;

    #[test]
    fn store_errors_say_their_english_in_the_english_catalogue() {
        let damaged = || LexiconError::Missing("x");
        for e in [
            StoreError::EmptyName,
            StoreError::NoDataDirForName { name: "x".into() },
            StoreError::NotInstalled { name: "n".into(), dir: "/d".into() },
            StoreError::Ambiguous { name: "n".into(), found: vec!["A (a.lex)".into(), "B (b.lex)".into()] },
            StoreError::Verification { label: "x.lex".into(), source: damaged() },
            StoreError::Lexicon { label: "x.lex".into(), source: damaged() },
            StoreError::Io { label: "x.lex".into(), source: io::Error::other("w") },
            StoreError::InFile { path: "x.lex".into(), source: Box::new(StoreError::Format(damaged())) },
            StoreError::Unsigned { path: "x.lex".into(), keys: 2 },
            StoreError::NotASignature { signature: "x.lex.minisig".into(), reason: "w".into() },
            StoreError::UntrustedKey { path: "x.lex".into(), id: "AB".into() },
            StoreError::BadSignature { path: "x.lex".into(), id: "AB".into(), reason: "w".into() },
            StoreError::DefaultMissing { path: "/d/X.entry".into() },
            StoreError::DefaultLost { record: "/d/default".into() },
            StoreError::ChangedSinceInstalled { path: "o".into(), got: "a".into(), installed: "b".into() },
            StoreError::KeyIdTaken { id: "AB".into(), file: "/d/trusted/AB.pub".into() },
        ] {
            assert_eq!(e.localize(Lang::En), e.to_string());
        }
    }

    #[test]
    fn lookup_errors_are_said_from_their_fields() {
        let e = StoreError::NotInstalled { name: "FISE-9".into(), dir: "/d".into() };
        let es = e.localize(Lang::Es);
        assert!(
            es.starts_with("ningún léxico instalado") && es.contains("'FISE-9'") && es.contains("/d"),
            "{es}"
        );
        let e = StoreError::Unsigned { path: "x.lex".into(), keys: 1 };
        assert!(e.localize(Lang::Es).starts_with("x.lex: sin firma"), "{}", e.localize(Lang::Es));
        assert!(e.localize(Lang::En).starts_with("x.lex: unsigned, and 1 key is trusted"));
    }
}
