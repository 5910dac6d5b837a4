//! The station's pages: HTML templates embedded in the binary (`assets/`), filled once at start
//! with the catalogue's messages (`{{t:ID}}`) and the station's values (`{{v:NAME}}`), every one
//! HTML-escaped. The scripts and the style sheet are served as they are.

use lexico_answers::i18n::{self, msg, Arg};
use lexico_answers::say;

use crate::{Station, StationError};

type Result<T> = std::result::Result<T, StationError>;

macro_rules! bail {
    ($($arg:tt)*) => {
        return Err(StationError::Page(format!($($arg)*)))
    };
}

pub const CSS: &str = include_str!("../assets/station.css");
pub const JUDGE_JS: &str = include_str!("../assets/judge.js");
pub const ARBITER_JS: &str = include_str!("../assets/arbiter.js");
const JUDGE_HTML: &str = include_str!("../assets/judge.html");
const ARBITER_HTML: &str = include_str!("../assets/arbiter.html");

/// The judge page.
pub fn judge(st: &Station) -> Result<String> {
    render(JUDGE_HTML, st)
}

/// The arbiter page.
pub fn arbiter(st: &Station) -> Result<String> {
    render(ARBITER_HTML, st)
}

fn value(st: &Station, name: &str) -> Option<String> {
    Some(match name {
        "lang" => st.lang.tag().to_string(),
        "lexicon" => st.lexicon_title(),
        "tournament" => st.tournament.clone().unwrap_or_default(),
        "tournament-or-dash" => st.tournament.clone().unwrap_or_else(|| "—".to_string()),
        "sha256" => st.lexicon.sha256.clone(),
        "sha256-short" => st.lexicon.sha256.chars().take(16).collect(),
        "signer" => say::signer(&st.signer, st.lang),
        "clear-after" => st.clear_after.to_string(),
        "needs-code" => st.table_code.is_some().to_string(),
        "dash-cards" => lexico_answers::dash::Cards::embedded().wordings(st.lang).join("|"),
        "clears" if st.clear_after == 0 => msg(st.lang, "judge-never-clears", &[]),
        "clears" => msg(st.lang, "judge-clears", &[("seconds", Arg::Num(st.clear_after))]),
        _ => return None,
    })
}

/// Fills a template; fails on a message or value that does not exist.
fn render(template: &str, st: &Station) -> Result<String> {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find("}}") else { bail!("an unclosed {{{{ in a page template") };
        let key = &rest[start + 2..start + len];
        let text = match key.split_once(':') {
            Some(("t", id)) if i18n::has(st.lang, id) => msg(st.lang, id, &[]),
            Some(("v", name)) => match value(st, name) {
                Some(v) => v,
                None => bail!("no value {name} for a page template"),
            },
            _ => bail!("no message {key} for a page template"),
        };
        out.push_str(&escape(&text));
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Text made safe for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_answers::{Lang, Signer};

    fn quiet(_: &str) {}

    #[test]
    fn both_pages_render_in_both_languages() {
        for lang in [Lang::Es, Lang::En] {
            let lex = lexico_default::lexicon();
            let signer = Signer::Embedded;
            let settings = crate::Settings {
                lang,
                signer,
                arbiter_code: "ARBITER1".into(),
                table_code: Some("TABLE123".into()),
                clear_after: 10,
                rate_limit: 60,
                audit: None,
                tournament: Some("Open <de> Madrid".into()),
                warn: quiet,
            };
            let st = Station::new(lex, settings).unwrap();
            assert!(st.judge_page.contains(&say::signer(&st.signer, lang)));
            assert!(st.judge_page.contains(&format!("lang=\"{}\"", lang.tag())));
            assert!(st.judge_page.contains(&escape(&msg(lang, "verdict-acceptable-word", &[]))));
            assert!(st.arbiter_page.contains(&escape(&msg(lang, "dictamen-title", &[]))));
            assert!(st.arbiter_page.contains("Open &lt;de&gt; Madrid"));
            for page in [&st.judge_page, &st.arbiter_page] {
                assert!(!page.contains("{{"), "{page}");
                // No code reaches a page: they are typed by the people who hold them.
                assert!(!page.contains("ARBITER1") && !page.contains("TABLE123"));
            }
        }
    }

    #[test]
    fn one_second_is_singular() {
        let lex = lexico_default::lexicon();
        let settings = crate::Settings {
            lang: Lang::Es,
            signer: Signer::Embedded,
            arbiter_code: "ARBITER1".into(),
            table_code: None,
            clear_after: 1,
            rate_limit: 60,
            audit: None,
            tournament: None,
            warn: quiet,
        };
        let st = Station::new(lex, settings).unwrap();
        assert_eq!(
            value(&st, "clears").unwrap(),
            "El veredicto se borra al cabo de 1 segundo o al pulsar cualquier tecla."
        );
    }

    #[test]
    fn values_are_escaped() {
        assert_eq!(escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }
}
