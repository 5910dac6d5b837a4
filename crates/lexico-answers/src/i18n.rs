//! The messages people read, in Spanish and in English, as data: one Project Fluent catalogue per
//! language (`i18n/es.ftl`, `i18n/en.ftl`), embedded in the binary.
//!
//! Which language a front end speaks is its own choice ([`Lang::from_env`] reads the locale
//! variables as a terminal program does). Machine formats (CSV and JSON field names and values)
//! never change with the language. A message missing from a catalogue (a test checks there is
//! none) reads as its id.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language of the catalogues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Spanish.
    Es,
    /// English.
    En,
}

/// The catalogues, as the binary embeds them.
pub const CATALOGUES: [(Lang, &str); 2] =
    [(Lang::Es, include_str!("../i18n/es.ftl")), (Lang::En, include_str!("../i18n/en.ftl"))];

impl Lang {
    /// The language tag (`es`, `en`), as HTML's `lang` attribute reads it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    /// The language of a tag or locale (`es`, `es_ES.UTF-8`, `en-GB`): Spanish for `es*`, else
    /// English; `None` for an empty one.
    pub fn from_locale(value: &str) -> Option<Lang> {
        if value.is_empty() {
            return None;
        }
        Some(if value.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("es")) { Lang::Es } else { Lang::En })
    }

    /// The language of the locale variables `var` reads: the first of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` that is set and not empty decides; English when none is.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| var(name).and_then(|v| Lang::from_locale(&v)))
            .unwrap_or(Lang::En)
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLang;

    /// Reads a language tag: `es` or `en`, in any case.
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.to_ascii_lowercase().as_str() {
            "es" => Ok(Lang::Es),
            "en" => Ok(Lang::En),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}

/// A language tag that is neither `es` nor `en`.
#[derive(Debug, thiserror::Error)]
#[error("unknown language '{0}': es or en")]
pub struct UnknownLang(pub String);

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    // Each catalogue is parsed the first time its language speaks, and only then.
    static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 2] = [OnceLock::new(), OnceLock::new()];
    let (lang, text) = CATALOGUES[lang as usize];
    BUNDLES[lang as usize].get_or_init(|| make_bundle(lang, text))
}

/// A bundle of one catalogue. Its errors are ignored here (a test checks there are none): a
/// message that does not parse reads as its id.
fn make_bundle(lang: Lang, text: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
    let tag: unic_langid::LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around placeables: the text goes to terminals, CSV and HTML.
    bundle.set_use_isolating(false);
    let _ = bundle.add_resource(resource);
    bundle
}

/// An argument of a message: text or a number (numbers choose plural forms).
pub enum Arg<'a> {
    /// Text.
    Str(&'a str),
    /// A number.
    Num(u64),
}

/// The message `id` in `lang`, with its arguments; the id itself when the catalogue lacks it.
pub fn msg(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return id.to_string();
    };
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Str(s) => fargs.set(*name, FluentValue::from(*s)),
            Arg::Num(n) => fargs.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    bundle.format_pattern(pattern, Some(&fargs), &mut errors).into_owned()
}

/// Returns true if and only if the catalogue of `lang` holds the message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    bundle(lang).has_message(id)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Every variable a pattern uses, selectors and variants included.
    fn variables<'s>(pattern: &ast::Pattern<&'s str>, out: &mut BTreeSet<&'s str>) {
        fn expression<'s>(e: &ast::Expression<&'s str>, out: &mut BTreeSet<&'s str>) {
            match e {
                ast::Expression::Inline(i) => inline(i, out),
                ast::Expression::Select { selector, variants } => {
                    inline(selector, out);
                    for v in variants {
                        variables(&v.value, out);
                    }
                }
            }
        }
        fn inline<'s>(i: &ast::InlineExpression<&'s str>, out: &mut BTreeSet<&'s str>) {
            match i {
                ast::InlineExpression::VariableReference { id } => {
                    out.insert(id.name);
                }
                ast::InlineExpression::Placeable { expression: e } => expression(e, out),
                _ => {}
            }
        }
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression: e } = element {
                expression(e, out);
            }
        }
    }

    /// Each message of a catalogue with its variables; fails on a syntax error.
    fn messages(text: &str) -> BTreeMap<&str, BTreeSet<&str>> {
        let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
        let mut out = BTreeMap::new();
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    variables(value, &mut vars);
                }
                assert!(out.insert(m.id.name, vars).is_none(), "{} twice", m.id.name);
            }
        }
        out
    }

    #[test]
    fn both_catalogues_hold_every_message_with_the_same_placeholders() {
        let es = messages(CATALOGUES[0].1);
        let en = messages(CATALOGUES[1].1);
        let (es_ids, en_ids): (BTreeSet<_>, BTreeSet<_>) = (es.keys().collect(), en.keys().collect());
        assert_eq!(es_ids, en_ids, "message ids differ between es.ftl and en.ftl");
        for (id, vars) in &es {
            assert_eq!(vars, &en[id], "{id}: placeholders differ between es.ftl and en.ftl");
        }
        assert!(es.len() > 50);
    }

    #[test]
    fn catalogues_load_into_bundles_without_errors() {
        for (lang, text) in CATALOGUES {
            let resource = FluentResource::try_new(text.to_string()).map_err(|(_, e)| e).unwrap();
            let mut bundle = FluentBundle::new_concurrent(vec![lang.tag().parse().unwrap()]);
            bundle.add_resource(resource).unwrap();
        }
    }

    #[test]
    fn messages_format_with_arguments_and_plurals() {
        assert_eq!(msg(Lang::Es, "verdict-acceptable", &[]), "JUGADA ACEPTABLE");
        assert_eq!(msg(Lang::En, "verdict-unacceptable", &[]), "PLAY UNACCEPTABLE");
        assert_eq!(
            msg(Lang::Es, "serve-stopped", &[("count", Arg::Num(1))]),
            "Estación detenida: 1 jugada juzgada."
        );
        assert_eq!(
            msg(Lang::Es, "serve-stopped", &[("count", Arg::Num(3))]),
            "Estación detenida: 3 jugadas juzgadas."
        );
        assert_eq!(
            msg(Lang::En, "serve-table-code", &[("code", Arg::Str("AB")), ("addr", Arg::Str("x"))]),
            "Table code: AB (the judge page and the API on x ask for it)"
        );
        assert_eq!(msg(Lang::Es, "no-such-message", &[]), "no-such-message");
        assert!(!msg(
            Lang::Es,
            "serve-lexicon",
            &[("lexicon", Arg::Str("FISE")), ("checksum", Arg::Str("ab"))]
        )
        .contains('\u{2068}'));
    }

    #[test]
    fn locale_variables_choose_spanish_for_es() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "es_ES.UTF-8")])), Lang::Es);
        assert_eq!(Lang::from_env(env(&[("LANG", "es_ES.UTF-8"), ("LC_MESSAGES", "C")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "en_US"), ("LC_ALL", "es_AR")])), Lang::Es);
        assert_eq!(Lang::from_env(env(&[("LC_ALL", ""), ("LANG", "es")])), Lang::Es);
        assert_eq!(Lang::from_env(env(&[("LANG", "C.UTF-8")])), Lang::En);
    }
}
