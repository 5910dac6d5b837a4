//! The station's pages: HTML templates embedded in the binary (`assets/`), filled with the
//! catalogue's messages (`{{t:ID}}`) and the station's values (`{{v:NAME}}`), every one
//! HTML-escaped: the judge and arbiter pages once at start, the page that tells a browser why a
//! request was refused for each refusal. The scripts, the style sheet and the icon are served as
//! they are.

use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::safe::html_text;
use lexico_answers::{say, Signer};

use crate::{Station, StationError};

type Result<T> = std::result::Result<T, StationError>;

pub const CSS: &str = include_str!("../assets/station.css");
pub const JUDGE_JS: &str = include_str!("../assets/judge.js");
pub const ARBITER_JS: &str = include_str!("../assets/arbiter.js");
/// The station's icon: a tile with an L, 16 and 32 pixels square.
pub const FAVICON: &[u8] = include_bytes!("../assets/favicon.ico");
const JUDGE_HTML: &str = include_str!("../assets/judge.html");
const ARBITER_HTML: &str = include_str!("../assets/arbiter.html");
const REFUSAL_HTML: &str = include_str!("../assets/refusal.html");

/// The judge page.
pub fn judge(st: &Station) -> Result<String> {
    render(JUDGE_HTML, st, st.lang, &|_| None)
}

/// The arbiter page.
pub fn arbiter(st: &Station) -> Result<String> {
    render(ARBITER_HTML, st, st.lang, &|_| None)
}

/// The page that tells a person in `lang` why the station refused a browser's request: the
/// `message`, the HTTP `status` and refusal `code` (for whoever helps), links to both pages.
pub fn refusal(st: &Station, lang: Lang, status: u16, code: &str, message: &str) -> String {
    let extra = |name: &str| match name {
        "message" => Some(message.to_string()),
        "status" => Some(format!("{status} {code}")),
        _ => None,
    };
    // The template's messages and values are known; a station that started has rendered it.
    render(REFUSAL_HTML, st, lang, &extra).unwrap_or_else(|_| html_text(message))
}

/// How the lexicon is vouched for, as a line of the pages: «Léxico firmado por clave …»,
/// «Léxico incluido en el programa», «Léxico sin firma».
fn lexicon_signed(signer: &Signer, lang: Lang) -> String {
    match signer {
        Signer::Embedded => msg(lang, "lexicon-embedded", &[]),
        Signer::Unsigned => msg(lang, "lexicon-unsigned", &[]),
        Signer::Key { .. } => {
            msg(lang, "lexicon-signed-by", &[("signer", Arg::Str(&say::signer(signer, lang)))])
        }
    }
}

fn value(st: &Station, lang: Lang, name: &str) -> Option<String> {
    Some(match name {
        "lang" => lang.tag().to_string(),
        "lexicon" => st.lexicon_title(),
        "tournament" => st.tournament.clone().unwrap_or_default(),
        "tournament-or-dash" => st.tournament.clone().unwrap_or_else(|| "—".to_string()),
        "sha256" => st.lexicon.sha256.clone(),
        "sha256-short" => st.lexicon.sha256.chars().take(16).collect(),
        "lexicon-signed" => lexicon_signed(&st.signer, lang),
        "clear-after" => st.clear_after.to_string(),
        "needs-code" => st.table_code.is_some().to_string(),
        "dash-cards" => lexico_answers::dash::Cards::embedded().wordings(lang).join("|"),
        "clears" if st.clear_after == 0 => msg(lang, "judge-never-clears", &[]),
        "clears" => msg(lang, "judge-clears", &[("seconds", Arg::Num(st.clear_after))]),
        _ => return None,
    })
}

/// Fills a template in `lang` (`lexico_answers::safe::fill`), with `extra`'s values and the
/// station's, each made safe for HTML; fails on a message or value that does not exist.
fn render(
    template: &str,
    st: &Station,
    lang: Lang,
    extra: &dyn Fn(&str) -> Option<String>,
) -> Result<String> {
    let value = |name: &str| extra(name).or_else(|| value(st, lang, name)).map(|v| html_text(&v));
    lexico_answers::safe::fill(template, lang, &value)
        .map_err(|key| StationError::Page(format!("{key}: no such message or value for a page template")))
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
            assert!(st.judge_page.contains(&html_text(&msg(lang, "lexicon-embedded", &[]))));
            assert!(st.judge_page.contains(&format!("lang=\"{}\"", lang.tag())));
            assert!(st.judge_page.contains(&html_text(&msg(lang, "verdict-acceptable-word", &[]))));
            assert!(st.arbiter_page.contains(&html_text(&msg(lang, "dictamen-title", &[]))));
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
            value(&st, Lang::Es, "clears").unwrap(),
            "El veredicto se queda hasta la jugada siguiente, 1 segundo como mucho."
        );
        let page = refusal(&st, Lang::Es, 404, "not-found", "No existe <esa> página.");
        assert!(
            page.contains("<h1>No existe &lt;esa&gt; página.</h1>") && page.contains("404 not-found"),
            "{page}"
        );
        assert!(page.contains("<html lang=\"es\">") && !page.contains("{{"), "{page}");
    }

    #[test]
    fn the_lexicon_line_says_who_signed_it() {
        let key = Signer::Key { id: "3F8C0A1B2D4E5F60".into(), comment: "FISE".into() };
        assert_eq!(lexicon_signed(&key, Lang::Es), "Léxico firmado por clave 3F8C0A1B2D4E5F60 (FISE)");
        assert_eq!(lexicon_signed(&Signer::Embedded, Lang::Es), "Léxico incluido en el programa");
        assert_eq!(lexicon_signed(&Signer::Unsigned, Lang::En), "Lexicon not signed");
    }

    #[test]
    fn values_are_escaped() {
        assert_eq!(
            html_text("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
