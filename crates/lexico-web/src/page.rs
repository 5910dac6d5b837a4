//! The offline judge page, assembled from the engine (this crate compiled to WebAssembly by
//! `cargo xtask web`), a lexicon and the page's own files (`assets/`): one self-contained HTML
//! file ([`single_file`]) or the folder a web server offers ([`folder`]).
//!
//! The page's texts are the catalogue's, filled in the page's language (`{{t:ID}}`, escaped) and
//! switched to the other language in the browser by the engine's `message`. A single file holds
//! the engine and the lexicon as base64 blocks of their zlib deflate, and a content security policy that names its one
//! script and its one style sheet by their SHA-256 and allows no connection at all: whatever it
//! holds, the page cannot reach the network. The lexicon's SHA-256, the trusted keys and the
//! lexicon's signature are written into the page as data ([`Trust`]), and the page checks the
//! lexicon with them (`lexico_answers::trust`) before its first verdict.

use ct_codecs::{Base64, Encoder};
use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::safe::html_text;
use sha2::{Digest, Sha256};

const BODY: &str = include_str!("../assets/page.html");
const CONSULT: &str = include_str!("../assets/consult.html");
const DASH: &str = include_str!("../assets/dash.html");
const QUIZ: &str = include_str!("../assets/quiz.html");
const STATION_CSS: &str = include_str!("../assets/station.css");
const PAGE_CSS: &str = include_str!("../assets/page.css");
const PAGE_JS: &str = include_str!("../assets/page.js");
const WORKER_JS: &str = include_str!("../assets/sw.js");
const ICON: &str = include_str!("../assets/icon.svg");

/// The name of the single file inside a folder, which the page offers to download.
pub const SINGLE_FILE_NAME: &str = "juez.html";

/// The engine: the WebAssembly module and the JavaScript wasm-bindgen writes for it
/// (`--target web`), as `cargo xtask web` leaves them in `target/web/`.
#[derive(Clone, Copy)]
pub struct Engine<'a> {
    /// The module.
    pub wasm: &'a [u8],
    /// Its JavaScript (an ES module: `__wbg_init`, `Lexicon`, `message`, `max_play_words`).
    pub glue: &'a str,
}

/// A mode of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageMode {
    /// A play's verdict, as the station's judge page gives it.
    Juez,
    /// Each word's verdict and explanation, for study.
    Consulta,
    /// Whether a word meets a Scrabble Dash card, as `lexico dash` and the station's Dash mode
    /// answer.
    Dash,
    /// Anagram quizzes, as `lexico quiz` asks them, with a cardbox in the browser's storage.
    Estudio,
}

impl PageMode {
    /// Every mode, in the order the page offers them.
    pub const ALL: [PageMode; 4] = [PageMode::Juez, PageMode::Consulta, PageMode::Dash, PageMode::Estudio];

    fn name(self) -> &'static str {
        match self {
            PageMode::Juez => "juez",
            PageMode::Consulta => "consulta",
            PageMode::Dash => "dash",
            PageMode::Estudio => "estudio",
        }
    }
}

/// What the page trusts its lexicon with: written into it at export.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trust {
    /// The public keys (minisign public key files' text) whose signature the page accepts; none:
    /// the lexicon is unsigned, and only its SHA-256 is checked.
    pub keys: Vec<String>,
    /// The lexicon's signature (`FILE.minisig`'s text), for a signed lexicon.
    pub signature: Option<String>,
    /// The lexicon is the one `lexico` embeds.
    pub embedded: bool,
}

/// What a page holds besides the engine.
pub struct Page<'a> {
    /// The lexicon file.
    pub lexicon: &'a [u8],
    /// What the page trusts it with.
    pub trust: &'a Trust,
    /// Its modes, the first shown first: `[Juez]` for a tournament's tablet (`--solo-juez`).
    pub modes: &'a [PageMode],
    /// Seconds after which a verdict clears (0: at the next key or tap).
    pub clear_after: u64,
    /// The language the page opens in.
    pub lang: Lang,
}

/// A file of a page's folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name in the folder.
    pub name: &'static str,
    /// Its media type.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Why a page cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// A template names a message or value that does not exist.
    #[error("the page's template names {0}, which does not exist")]
    Template(String),
    /// A script holds text that would end its element early.
    #[error("the page's script holds '</script'")]
    Script,
    /// The lexicon cannot be read.
    #[error(transparent)]
    Lexicon(#[from] lexico_lexicon::LexiconError),
}

/// The page as one HTML file that needs nothing else: no network, no other file.
pub fn single_file(engine: Engine, page: &Page) -> Result<String, PageError> {
    let script = script(engine)?;
    let style = style();
    let csp = format!(
        "default-src 'none'; script-src '{}' 'wasm-unsafe-eval'; style-src '{}'; img-src data:; base-uri 'none'; form-action 'none'",
        csp_hash(&script),
        csp_hash(&style)
    );
    let mut html = head(page, &csp)?;
    html.push_str(&format!("<style>{style}</style>\n</head>\n"));
    html.push_str(&body_tag(page, None));
    html.push_str(&body(page)?);
    html.push_str(&trust_block(page)?);
    // Compressed (zlib's deflate, which browsers inflate themselves: `DecompressionStream`), the
    // engine takes a third of its bytes, and a lexicon's provenance and word store lose a fifth.
    for (id, bytes) in [("lexico-wasm", engine.wasm), ("lexico-lexicon", page.lexicon)] {
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(bytes, 9);
        html.push_str(&format!(
            "<script type=\"application/base64\" id=\"{id}\" data-deflate=\"zlib\">{}</script>\n",
            base64(&packed)?
        ));
    }
    html.push_str(&format!("<script type=\"module\">{script}</script>\n</body>\n</html>\n"));
    Ok(html)
}

/// The page as the folder a web server offers: `index.html`, its script and style sheet, the
/// engine, the lexicon, a web-app manifest, an icon and a service worker that keeps them all for
/// use without a network, and the single file ([`SINGLE_FILE_NAME`]) to download.
pub fn folder(engine: Engine, page: &Page) -> Result<Vec<File>, PageError> {
    let single = single_file(engine, page)?;
    let csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self' data:; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'";
    let mut html = head(page, csp)?;
    html.push_str(concat!(
        "<link rel=\"stylesheet\" href=\"juez.css\">\n",
        "<link rel=\"manifest\" href=\"manifest.webmanifest\">\n",
        "<link rel=\"icon\" href=\"icon.svg\" type=\"image/svg+xml\">\n",
        "<script type=\"module\" src=\"juez.js\"></script>\n</head>\n"
    ));
    html.push_str(&body_tag(page, Some(("lexico.wasm", "lexicon.lex", "sw.js"))));
    html.push_str(&body(page)?);
    html.push_str(&trust_block(page)?);
    html.push_str("</body>\n</html>\n");
    let cache = format!("lexico-{}", &hex(&Sha256::digest(single.as_bytes()))[..16]);
    let names = [
        "index.html",
        "juez.js",
        "juez.css",
        "lexico.wasm",
        "lexicon.lex",
        "manifest.webmanifest",
        "icon.svg",
        SINGLE_FILE_NAME,
    ];
    let listed: Vec<String> =
        std::iter::once("./".to_string()).chain(names.iter().map(|n| n.to_string())).collect();
    let worker = format!(
        "const CACHE = {};\nconst FILES = {};\n{WORKER_JS}",
        serde_json::to_string(&cache).unwrap_or_default(),
        serde_json::to_string(&listed).unwrap_or_default()
    );
    let manifest = serde_json::json!({
        "name": msg(page.lang, "page-title", &[]),
        "short_name": msg(page.lang, "page-short-name", &[]),
        "lang": page.lang.tag(),
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#111144",
        "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    });
    Ok(vec![
        File { name: "index.html", content_type: "text/html; charset=utf-8", bytes: html.into_bytes() },
        File {
            name: "juez.js",
            content_type: "text/javascript; charset=utf-8",
            bytes: script(engine)?.into_bytes(),
        },
        File { name: "juez.css", content_type: "text/css; charset=utf-8", bytes: style().into_bytes() },
        File { name: "lexico.wasm", content_type: "application/wasm", bytes: engine.wasm.to_vec() },
        File { name: "lexicon.lex", content_type: "application/octet-stream", bytes: page.lexicon.to_vec() },
        File {
            name: "manifest.webmanifest",
            content_type: "application/manifest+json",
            bytes: serde_json::to_vec_pretty(&manifest).unwrap_or_default(),
        },
        File { name: "icon.svg", content_type: "image/svg+xml", bytes: ICON.as_bytes().to_vec() },
        File { name: "sw.js", content_type: "text/javascript; charset=utf-8", bytes: worker.into_bytes() },
        File { name: SINGLE_FILE_NAME, content_type: "text/html; charset=utf-8", bytes: single.into_bytes() },
    ])
}

/// The SHA-256 of `bytes`, in lower-case hex: what `lexico page` prints of each file.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The one script: the engine's JavaScript, then the page's.
fn script(engine: Engine) -> Result<String, PageError> {
    let script = format!("{}\n{PAGE_JS}", engine.glue);
    if script.to_ascii_lowercase().contains("</script") {
        return Err(PageError::Script);
    }
    Ok(script)
}

/// The one style sheet: the station's, then the page's.
fn style() -> String {
    format!("{STATION_CSS}\n{PAGE_CSS}")
}

fn csp_hash(text: &str) -> String {
    format!("sha256-{}", Base64::encode_to_string(Sha256::digest(text.as_bytes())).unwrap_or_default())
}

fn base64(bytes: &[u8]) -> Result<String, PageError> {
    Base64::encode_to_string(bytes).map_err(|_| PageError::Template("base64 of a file too large".into()))
}

fn head(page: &Page, csp: &str) -> Result<String, PageError> {
    let lex = lexico_lexicon::Lexicon::from_vec(page.lexicon.to_vec())?;
    let m = lex.manifest()?;
    let title = format!("{} — {} {}", msg(page.lang, "page-title", &[]), m.name, m.edition);
    Ok(format!(
        concat!(
            "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n",
            "<meta name=\"color-scheme\" content=\"light\">\n<title>{title}</title>\n"
        ),
        lang = page.lang.tag(),
        csp = html_text(csp),
        title = html_text(&title)
    ))
}

fn body_tag(page: &Page, files: Option<(&str, &str, &str)>) -> String {
    let mut tag = format!("<body class=\"offline\" data-clear-after=\"{}\"", page.clear_after);
    if let Some((wasm, lexicon, worker)) = files {
        tag.push_str(&format!(
            " data-wasm-file=\"{wasm}\" data-lexicon-file=\"{lexicon}\" data-worker=\"{worker}\""
        ));
    }
    tag.push_str(">\n");
    tag
}

/// The trust block: the keys, the signature and the file's SHA-256, as JSON that cannot end its
/// element (`<` is written `\u003c`).
fn trust_block(page: &Page) -> Result<String, PageError> {
    let t = page.trust;
    let json = serde_json::json!({
        "keys": if t.embedded { Vec::new() } else { t.keys.clone() },
        "signature": t.signature,
        "embedded": t.embedded,
        "file_sha256": sha256_hex(page.lexicon),
    });
    let text = serde_json::to_string(&json).unwrap_or_default().replace('<', "\\u003c");
    Ok(format!("<script type=\"application/json\" id=\"lexico-trust\">{text}</script>\n"))
}

fn body(page: &Page) -> Result<String, PageError> {
    let lang = page.lang;
    let other = match lang {
        Lang::Es => Lang::En,
        Lang::En => Lang::Es,
    };
    let buttons: String = if page.modes.len() > 1 {
        page.modes
            .iter()
            .map(|m| {
                let id = format!("page-mode-{}", m.name());
                format!(
                    "<button type=\"button\" data-mode=\"{}\" aria-pressed=\"false\" data-t=\"{id}\">{}</button>",
                    m.name(),
                    html_text(&msg(lang, &id, &[]))
                )
            })
            .collect()
    } else {
        String::new()
    };
    let modes_id = if page.modes.len() > 1 { "page-modes-all" } else { "page-modes-judge-only" };
    let clears = match page.clear_after {
        0 => msg(lang, "judge-never-clears", &[]),
        n => msg(lang, "judge-clears", &[("seconds", Arg::Num(n))]),
    };
    let form = |mode: PageMode, template: &str| -> Result<String, PageError> {
        if page.modes.contains(&mode) {
            render(template, lang, &|_| None)
        } else {
            Ok(String::new())
        }
    };
    let consult = form(PageMode::Consulta, CONSULT)?;
    let dash = form(PageMode::Dash, DASH)?;
    let quiz = form(PageMode::Estudio, QUIZ)?;
    render(BODY, lang, &|name| {
        Some(match name {
            "mode-buttons" => buttons.clone(),
            "mode-list" => html_text(&msg(lang, modes_id, &[])),
            "other-lang" => other.tag().to_string(),
            "other-lang-name" => html_text(&msg(lang, &format!("page-lang-{}", other.tag()), &[])),
            "clears" => html_text(&clears),
            "consult-form" => consult.clone(),
            "dash-form" => dash.clone(),
            "quiz-form" => quiz.clone(),
            _ => return None,
        })
    })
}

/// Fills a template (`lexico_answers::safe::fill`): the values are HTML already.
fn render(template: &str, lang: Lang, value: &dyn Fn(&str) -> Option<String>) -> Result<String, PageError> {
    lexico_answers::safe::fill(template, lang, value).map_err(PageError::Template)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ct_codecs::Decoder;

    const GLUE: &str = "export default async function __wbg_init() {}\nexport class Lexicon {}\n";
    const WASM: &[u8] = b"\0asm\x01\0\0\0";

    fn lexicon() -> Vec<u8> {
        lexico_lexicon::Lexicon::from_words(["casa", "perro"]).unwrap().into_bytes()
    }

    /// The text of the element of `html` with id `id`.
    fn block<'h>(html: &'h str, id: &str) -> &'h str {
        let open = format!("id=\"{id}\"");
        let at = html.find(&open).unwrap_or_else(|| panic!("no {id}"));
        let start = at + html[at..].find('>').unwrap() + 1;
        &html[start..start + html[start..].find("</script>").unwrap()]
    }

    #[test]
    fn a_single_file_holds_everything_and_allows_no_connection() {
        let bytes = lexicon();
        let trust = Trust::default();
        let page = Page {
            lexicon: &bytes,
            trust: &trust,
            modes: &[PageMode::Juez, PageMode::Consulta],
            clear_after: 10,
            lang: Lang::Es,
        };
        let html = single_file(Engine { wasm: WASM, glue: GLUE }, &page).unwrap();
        assert!(!html.contains("{{"), "a placeholder is left");
        let unpacked = |id: &str| {
            let packed = Base64::decode_to_vec(block(&html, id), None).unwrap();
            miniz_oxide::inflate::decompress_to_vec_zlib(&packed).unwrap()
        };
        assert_eq!(unpacked("lexico-lexicon"), bytes);
        assert_eq!(unpacked("lexico-wasm"), WASM);
        let trust: serde_json::Value = serde_json::from_str(block(&html, "lexico-trust")).unwrap();
        assert_eq!(trust["file_sha256"], sha256_hex(&bytes));
        assert_eq!(trust["embedded"], false);
        // The policy names the one script and the one style sheet, and allows no connection.
        let script = {
            let start = html.find("<script type=\"module\">").unwrap() + "<script type=\"module\">".len();
            &html[start..start + html[start..].find("</script>").unwrap()]
        };
        let style = {
            let start = html.find("<style>").unwrap() + "<style>".len();
            &html[start..start + html[start..].find("</style>").unwrap()]
        };
        assert!(html.contains(&csp_hash(script)) && html.contains(&csp_hash(style)));
        let policy = &html[html.find("Content-Security-Policy").unwrap()..];
        let policy = &policy[..policy.find('>').unwrap()];
        assert!(!policy.contains("connect-src") && policy.contains("default-src &#39;none&#39;"), "{policy}");
        assert!(!html.contains("<link") && !html.contains(" src=\""), "nothing is loaded from elsewhere");
        assert!(html.contains("data-mode=\"consulta\"") && html.contains("<form id=\"consult-form\""));
        assert!(html.contains("<html lang=\"es\">") && html.contains("Juez sin conexión"));
    }

    #[test]
    fn a_judge_only_page_has_no_study_form() {
        let bytes = lexicon();
        let trust = Trust::default();
        let page =
            Page { lexicon: &bytes, trust: &trust, modes: &[PageMode::Juez], clear_after: 0, lang: Lang::En };
        let html = single_file(Engine { wasm: WASM, glue: GLUE }, &page).unwrap();
        assert!(!html.contains("<form id=\"consult-form\"") && !html.contains("data-mode=\""));
        assert!(html.contains("This page only judges plays"));
    }

    #[test]
    fn a_folder_lists_its_files_for_the_service_worker() {
        let bytes = lexicon();
        let trust = Trust {
            keys: vec!["untrusted comment: k\nRWQ".into()],
            signature: Some("sig".into()),
            embedded: false,
        };
        let page = Page {
            lexicon: &bytes,
            trust: &trust,
            modes: &[PageMode::Juez, PageMode::Consulta],
            clear_after: 10,
            lang: Lang::Es,
        };
        let files = folder(Engine { wasm: WASM, glue: GLUE }, &page).unwrap();
        let names: Vec<&str> = files.iter().map(|f| f.name).collect();
        for name in [
            "index.html",
            "juez.js",
            "juez.css",
            "lexico.wasm",
            "lexicon.lex",
            "manifest.webmanifest",
            "icon.svg",
            "sw.js",
            SINGLE_FILE_NAME,
        ] {
            assert!(names.contains(&name), "{name}");
        }
        let text = |name: &str| {
            String::from_utf8(files.iter().find(|f| f.name == name).unwrap().bytes.clone()).unwrap()
        };
        let worker = text("sw.js");
        for name in names.iter().filter(|n| **n != "sw.js") {
            assert!(worker.contains(&format!("\"{name}\"")), "{name} is not kept by the service worker");
        }
        let index = text("index.html");
        assert!(index.contains("data-worker=\"sw.js\"") && index.contains("src=\"juez.js\""));
        let trust: serde_json::Value = serde_json::from_str(block(&index, "lexico-trust")).unwrap();
        assert_eq!(trust["signature"], "sig");
        let manifest: serde_json::Value = serde_json::from_str(&text("manifest.webmanifest")).unwrap();
        assert_eq!(manifest["start_url"], "./");
    }

    #[test]
    fn the_trust_block_cannot_end_its_element() {
        let bytes = lexicon();
        let trust = Trust {
            keys: vec!["</script><script>alert(1)</script>".into()],
            signature: None,
            embedded: false,
        };
        let page =
            Page { lexicon: &bytes, trust: &trust, modes: &[PageMode::Juez], clear_after: 0, lang: Lang::Es };
        let html = single_file(Engine { wasm: WASM, glue: GLUE }, &page).unwrap();
        assert!(!html.contains("alert(1)</script>"));
        let trust: serde_json::Value = serde_json::from_str(block(&html, "lexico-trust")).unwrap();
        assert_eq!(trust["keys"][0], "</script><script>alert(1)</script>");
    }
}
