//! The station's pages in a real browser: Debian's `chromium` driven through `chromedriver`
//! (WebDriver, with `fantoccini`, and Chrome DevTools commands for screen sizes and print
//! media), in one browser session.
//!
//! - The judge page checks the table code when it is typed; a wrong one costs no play.
//! - At 320×640, 390×844, 768×1024, 1280×800, 1920×1080 and 3840×2160, in the normal and the
//!   full-screen views, each verdict (ACEPTABLE, INACEPTABLE, ILEGIBLE) shows its whole text,
//!   inside the screen, at least a fifth of its height, with its text filling the width or the
//!   height it has. A screenshot of each goes to `target/station-screens/`.
//! - Any key clears a verdict (a character typed starts the next play); the timer clears it
//!   too; the table and round stay, are shown, and «Cambiar mesa» empties them.
//! - The arbiter page refuses a wrong code and a play of 17 words, names an unreadable word (which
//!   the judge page never does) and explains the others, and its printed dictamen states the
//!   play's verdict, each word's, the tournament, table, round, date, lexicon and checksum, and
//!   a line for the chief arbiter's signature.
//!
//! `LEXICO_UPDATE_SCREENSHOTS=1` also writes the guides' screenshots (`docs/station-*.png`).
//! Without chromium or chromedriver the test prints one `skipped:` line and passes, unless
//! `LEXICO_REQUIRE_BROWSER=1` (as in CI, where `.ci/run` installs them).

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

mod harness;
use harness::{start, temp_dir, workspace, ARBITER};

/// The first of `names` found on PATH.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|dir| names.iter().map(move |n| dir.join(n))).find(|p| p.is_file())
}

/// chromedriver on a free port, killed when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_driver(binary: &Path) -> Driver {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(binary)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver runs");
    let driver = Driver(child, port);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen on port {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
    driver
}

fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../station-screens");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a screenshot under `target/station-screens/`, and into `docs/` as `docs_name` when
/// `LEXICO_UPDATE_SCREENSHOTS=1`.
fn keep(png: &[u8], name: &str, docs_name: Option<&str>) {
    std::fs::write(screenshots().join(name), png).unwrap();
    if let (Some(docs), Some("1")) = (docs_name, std::env::var("LEXICO_UPDATE_SCREENSHOTS").ok().as_deref()) {
        std::fs::write(workspace().join("docs").join(docs), png).unwrap();
    }
}

/// A Chrome DevTools command, sent through chromedriver.
#[derive(Debug)]
struct Cdp(&'static str, Value);

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(json!({"cmd": self.0, "params": self.1}).to_string()))
    }
}

/// The page's viewport set to `width`×`height` CSS pixels (a phone's below 800).
async fn viewport(c: &Client, width: u32, height: u32) {
    let params = json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800});
    c.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", params)).await.unwrap();
}

/// The page as printed (`print`) or on screen (`""`).
async fn media(c: &Client, media: &str) {
    c.issue_cmd(Cdp("Emulation.setEmulatedMedia", json!({"media": media}))).await.unwrap();
}

/// Presses one key (a character, or a WebDriver key code) where the focus is.
async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Waits until `script` returns true.
async fn until(c: &Client, script: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while js(c, script).await != Value::Bool(true) {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text_of(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// The verdict's geometry as the browser lays it out.
const GEOMETRY: &str = r#"
const v = document.getElementById('verdict');
const r = v.getBoundingClientRect();
const room = document.getElementById('verdict-text').getBoundingClientRect();
const lines = Array.from(v.querySelectorAll('.verdict-line')).map(function (l) {
  const span = l.firstElementChild.getBoundingClientRect();
  return { text: l.textContent, sw: l.scrollWidth, cw: l.clientWidth, sh: l.scrollHeight, ch: l.clientHeight,
           width: span.width, height: l.getBoundingClientRect().height };
});
return { vw: window.innerWidth, vh: window.innerHeight, top: r.top, left: r.left, bottom: r.bottom,
         right: r.right, height: r.height, sw: v.scrollWidth, cw: v.clientWidth, sh: v.scrollHeight,
         ch: v.clientHeight, roomWidth: room.width, roomHeight: room.height, lines: lines,
         text: document.body.innerText };
"#;

/// Judges `play` from the play box and checks the verdict's layout on a `width`×`height` screen.
async fn judge_and_measure(
    c: &Client,
    play: &str,
    kind: &str,
    words: [&str; 2],
    (width, height): (u32, u32),
    shot: &str,
) -> Vec<u8> {
    let input = c.find(Locator::Id("play")).await.unwrap();
    input.send_keys(&format!("{play}\u{E007}")).await.unwrap();
    until(c, &format!("return document.querySelector('#verdict.{kind}') !== null && !document.getElementById('verdict').hidden"), &format!("{shot}: no verdict {kind}")).await;
    let g = js(c, GEOMETRY).await;
    let f = |v: &Value| v.as_f64().unwrap();
    assert_eq!((f(&g["vw"]), f(&g["vh"])), (width as f64, height as f64), "{shot}: the screen size");
    assert!(f(&g["sw"]) <= f(&g["cw"]) && f(&g["sh"]) <= f(&g["ch"]), "{shot}: the verdict overflows: {g}");
    assert!(f(&g["top"]) >= 0.0 && f(&g["left"]) >= 0.0, "{shot}: {g}");
    assert!(
        f(&g["bottom"]) <= f(&g["vh"]) + 0.5 && f(&g["right"]) <= f(&g["vw"]) + 0.5,
        "{shot}: off the screen: {g}"
    );
    assert!(f(&g["height"]) >= f(&g["vh"]) / 5.0, "{shot}: less than a fifth of the screen: {g}");
    let lines = g["lines"].as_array().unwrap();
    let texts: Vec<&str> = lines.iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts, words, "{shot}");
    let (mut widest, mut tall) = (0.0f64, 0.0f64);
    for l in lines {
        assert!(f(&l["sw"]) <= f(&l["cw"]) && f(&l["sh"]) <= f(&l["ch"]), "{shot}: a line is cut: {l}");
        widest = widest.max(f(&l["width"]));
        tall += f(&l["height"]);
    }
    // As large as the space allows: the text fills the width or the height it has.
    let filled = (widest / f(&g["roomWidth"])).max(tall / f(&g["roomHeight"]));
    assert!(filled >= 0.85, "{shot}: the verdict could be larger ({filled:.2}): {g}");
    let png = c.screenshot().await.unwrap();
    keep(&png, &format!("{shot}.png"), None);
    png
}

const SIZES: [(u32, u32); 6] = [(320, 640), (390, 844), (768, 1024), (1280, 800), (1920, 1080), (3840, 2160)];

#[test]
fn the_station_in_a_browser_at_every_screen_size() {
    let browser = on_path(&["chromium", "chromium-browser"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        assert!(
            std::env::var_os("LEXICO_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
            "LEXICO_REQUIRE_BROWSER=1 but chromium or chromedriver is not on PATH"
        );
        println!("skipped: chromium and chromedriver are not both on PATH (apt-get install chromium chromium-driver)");
        return;
    };
    let dir = temp_dir("browser", "station");
    let log = dir.join("audit.csv");
    let hall = start(&[
        "--audit-log",
        log.to_str().unwrap(),
        "--clear-after",
        "0",
        "--rate-limit",
        "0",
        "--table-code",
        "MESA1234",
        "--torneo",
        "Open de Madrid",
    ]);
    let quick = start(&["--clear-after", "1"]);
    let driver = start_driver(&driver);
    let profile = dir.join("profile");
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": browser,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--window-size=1280,800", format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let judged = runtime.block_on(async {
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.1))
            .await
            .expect("a WebDriver session");
        let base = format!("http://{}", hall.addr);
        viewport(&c, 1280, 800).await;
        c.goto(&format!("{base}/")).await.unwrap();
        assert_eq!(js(&c, "return document.documentElement.lang").await, "es");
        assert!(text_of(&c, "lexicon").await.contains("Letterpress Spanish list"));

        // The table code is checked when it is typed: a wrong one keeps the code form, and no
        // play box is offered until the code is right.
        let code = c.active_element().await.unwrap();
        assert_eq!(code.attr("id").await.unwrap().as_deref(), Some("code"));
        code.send_keys("MESA9999\u{E007}").await.unwrap();
        until(&c, "return document.getElementById('code-message').textContent === 'Código incorrecto.'", "no refusal of the wrong code").await;
        assert!(!c.find(Locator::Id("judge-form")).await.unwrap().is_displayed().await.unwrap());
        let code = c.active_element().await.unwrap();
        code.send_keys("MESA1234\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('judge-form').hidden", "the right code did not open the judge").await;
        // The table first, then the round, then the play: all from the keyboard.
        let table = c.active_element().await.unwrap();
        assert_eq!(table.attr("id").await.unwrap().as_deref(), Some("table"));
        table.send_keys("12\u{E004}3").await.unwrap();
        assert_eq!(text_of(&c, "place").await, "Mesa 12 · Ronda 3");

        // Any key clears a verdict, and a character typed starts the next play.
        let input = c.find(Locator::Id("play")).await.unwrap();
        input.send_keys("casa, perros\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('verdict').hidden", "no verdict").await;
        assert!(text_of(&c, "verdict-meta").await.contains("Mesa 12 · Ronda 3"));
        assert_eq!(js(&c, "return document.getElementById('play').value").await, "");
        press(&c, 'g').await;
        until(&c, "return document.getElementById('verdict').hidden", "a key did not clear the verdict").await;
        assert_eq!(js(&c, "return document.getElementById('play').value").await, "g");
        press(&c, '\u{E00C}').await; // Escape empties the box.
        let mut judged = 1;

        // Every verdict at every size, in both views.
        let kinds = [
            ("acceptable", "casa perros", ["JUGADA", "ACEPTABLE"]),
            ("unacceptable", "CASA GATOZQ", ["JUGADA", "INACEPTABLE"]),
            ("unreadable", "ca$a", ["JUGADA", "ILEGIBLE"]),
        ];
        for view in ["normal", "completa"] {
            if view == "completa" {
                // F2 switches the view, and the address keeps it for a reload.
                press(&c, '\u{E032}').await;
                until(&c, "return document.body.classList.contains('full')", "F2 did not switch to full screen").await;
                assert!(c.current_url().await.unwrap().as_str().ends_with("/?pantalla=completa"));
                c.goto(&format!("{base}/?pantalla=completa")).await.unwrap();
                until(&c, "return document.body.classList.contains('full') && !document.getElementById('judge-form').hidden", "the full-screen view").await;
                assert_eq!(js(&c, "return document.getElementById('table').value").await, "12", "the table stays");
            }
            for (width, height) in SIZES {
                viewport(&c, width, height).await;
                keep(&c.screenshot().await.unwrap(), &format!("judge-{view}-{width}x{height}-form.png"), None);
                for (kind, play, words) in kinds {
                    let shot = format!("judge-{view}-{width}x{height}-{kind}");
                    let png = judge_and_measure(&c, play, kind, words, (width, height), &shot).await;
                    if (view, width, kind) == ("normal", 1280, "unacceptable") {
                        keep(&png, "judge.png", Some("station-judge.png"));
                    }
                    if (view, width, kind) == ("completa", 1280, "acceptable") {
                        keep(&png, "judge-full.png", Some("station-full-screen.png"));
                    }
                    if kind == "unreadable" {
                        let text = js(&c, "return document.body.innerText + document.documentElement.outerHTML").await;
                        assert!(!text.as_str().unwrap().to_uppercase().contains("CA$A"), "the play is on the page");
                    } else {
                        judged += 1;
                    }
                    press(&c, '\u{E00C}').await;
                    until(&c, "return document.getElementById('verdict').hidden", "Escape did not clear the verdict").await;
                }
            }
        }
        press(&c, '\u{E032}').await;
        until(&c, "return !document.body.classList.contains('full')", "F2 did not switch back").await;
        viewport(&c, 1280, 800).await;

        // «Cambiar mesa» empties the table and round, and the next play waits for them.
        c.find(Locator::Id("change-table")).await.unwrap().click().await.unwrap();
        let focused = c.active_element().await.unwrap();
        assert_eq!(focused.attr("id").await.unwrap().as_deref(), Some("table"));
        assert_eq!(text_of(&c, "place").await, "sin mesa");

        // The timer clears a verdict (--clear-after 1), without a key.
        c.goto(&format!("http://{}/", quick.addr)).await.unwrap();
        let input = c.find(Locator::Id("play")).await.unwrap();
        input.send_keys("casa\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('verdict').hidden", "no verdict").await;
        assert_eq!(text_of(&c, "verdict-meta").await, "sin mesa");
        until(&c, "return document.getElementById('verdict').hidden", "the timer did not clear the verdict").await;

        dash_mode(&c, &format!("http://{}/", quick.addr)).await;
        arbiter_page(&c, &base).await;
        c.close().await.unwrap();
        judged
    });
    drop(driver);
    drop(quick);
    let (_, status) = hall.stop();
    assert!(status.success());
    let log = std::fs::read_to_string(&log).unwrap();
    let verdicts: Vec<String> =
        csv::Reader::from_reader(log.as_bytes()).records().map(|r| r.unwrap()[4].to_string()).collect();
    assert_eq!(verdicts.len(), judged, "one row per judgement, none for an unreadable play: {log}");
    assert!(verdicts.iter().all(|v| v == "ACCEPTABLE" || v == "UNACCEPTABLE"), "{log}");
    assert!(
        log.contains(",\"casa, perros\",12,3,ACCEPTABLE,") && log.contains(",CASA GATOZQ,12,3,UNACCEPTABLE,"),
        "{log}"
    );
    println!("screenshots: {}", screenshots().display());
}

/// The judge page's Dash mode: the card picked from the card table, its letter and the hand
/// typed beside it, the word's verdict over the screen with what it meets; the mode stays for
/// the tab until switched back.
async fn dash_mode(c: &Client, page: &str) {
    c.goto(page).await.unwrap();
    c.find(Locator::Id("mode-toggle")).await.unwrap().click().await.unwrap();
    until(c, "return !document.getElementById('dash-fields').hidden", "no Dash fields").await;
    js(
        c,
        "const s = document.getElementById('dash-card'); s.value = 'Tiene una {letter}'; \
           s.dispatchEvent(new Event('change')); return s.value;",
    )
    .await;
    c.find(Locator::Id("dash-value")).await.unwrap().send_keys("d").await.unwrap();
    c.find(Locator::Id("dash-hand")).await.unwrap().send_keys("BATRMEF").await.unwrap();
    c.find(Locator::Id("play")).await.unwrap().send_keys("deba\u{E007}").await.unwrap();
    let shown = "const l = document.querySelectorAll('#verdict .verdict-line'); \
                 return document.querySelector('#verdict.acceptable') !== null && l[0].textContent === 'DEBA' \
                 && l[1].textContent === 'CUMPLE' \
                 && document.getElementById('verdict-meta').textContent.startsWith('Tiene una D · D·E·B·A');";
    until(c, shown, "no Dash verdict for DEBA").await;
    c.refresh().await.unwrap();
    until(c, "return !document.getElementById('dash-fields').hidden", "the Dash mode did not stay").await;
    c.find(Locator::Id("play")).await.unwrap().send_keys("queso\u{E007}").await.unwrap();
    let failed = "return document.querySelector('#verdict.unacceptable') !== null \
                  && document.querySelectorAll('#verdict .verdict-line')[1].textContent === 'NO CUMPLE';";
    until(c, failed, "no Dash verdict for QUESO").await;
    c.find(Locator::Id("mode-toggle")).await.unwrap().click().await.unwrap();
    until(c, "return document.getElementById('dash-fields').hidden", "the Dash mode did not switch off")
        .await;
}

/// The arbiter page: codes, bounds, an unreadable word, and the printed dictamen.
async fn arbiter_page(c: &Client, base: &str) {
    c.goto(&format!("{base}/arbitro")).await.unwrap();
    let code = c.find(Locator::Id("code")).await.unwrap();
    let words = c.find(Locator::Id("words")).await.unwrap();
    let message = "return document.getElementById('message').textContent";
    let dictamen_shown = "return !document.getElementById('dictamen').hidden";
    code.send_keys("WRONG123").await.unwrap();
    words.send_keys("GATOZQ CASA\u{E007}").await.unwrap();
    until(c, &format!("{message} === 'Código incorrecto.'"), "no refusal of the wrong code").await;
    assert_eq!(js(c, dictamen_shown).await, false);
    code.clear().await.unwrap();
    code.send_keys(ARBITER).await.unwrap();

    // Seventeen words: refused with a message, never cut to sixteen.
    words.clear().await.unwrap();
    let many = vec!["CASA"; 17].join(" ");
    words.send_keys(&format!("{many}\u{E007}")).await.unwrap();
    let refused =
        "return document.getElementById('message').textContent.startsWith('La jugada tiene 17 palabras')";
    until(c, refused, "no refusal of 17 words").await;
    assert_eq!(js(c, dictamen_shown).await, false);
    assert_eq!(js(c, "return document.getElementById('words').value").await, many.as_str());

    // An unreadable word is named to the arbiter; the others are explained all the same, and a
    // ruling without a verdict is not printed.
    words.clear().await.unwrap();
    words.send_keys("GATOZQ CA$A KIOSCO casa\u{E007}").await.unwrap();
    until(c, dictamen_shown, "no ruling").await;
    let said = js(c, message).await;
    assert!(said.as_str().unwrap().starts_with("«CA$A»: un carácter no es letra ni ficha"), "{said}");
    let rows = js(c, "return Array.from(document.querySelectorAll('#words-explained > tr:not(.explanation)')).map(r => r.innerText)").await;
    let rows: Vec<&str> = rows.as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows[0].starts_with("GATOZQ\tINVÁLIDA\tno figura en las fuentes del léxico"), "{rows:?}");
    assert!(rows[1].starts_with("CA$A\tILEGIBLE"), "{rows:?}");
    assert!(
        rows[2].starts_with("KIOSCO\tINVÁLIDA\ttiene una letra sin ficha") && rows[2].contains("art. 11"),
        "{rows:?}"
    );
    assert!(rows[3].starts_with("CASA\tVÁLIDA\tfigura en el léxico"), "{rows:?}");
    assert_eq!(js(c, "return document.getElementById('print').disabled").await, true);

    // A ruling with a verdict, printed.
    words.clear().await.unwrap();
    words.send_keys("GATOZQ KIOSCO casa").await.unwrap();
    c.find(Locator::Id("table")).await.unwrap().send_keys("7").await.unwrap();
    c.find(Locator::Id("round")).await.unwrap().send_keys("2\u{E007}").await.unwrap();
    until(c, "return !document.getElementById('print').disabled", "no printable ruling").await;
    let lexicon = js(c, "return document.getElementById('d-lexicon').textContent").await;
    let sha = js(c, "return document.getElementById('d-sha256').textContent").await;
    assert_eq!(sha.as_str().unwrap().len(), 64);
    media(c, "print").await;
    let shown = |selector: &str| {
        format!("return getComputedStyle(document.querySelector('{selector}')).display !== 'none'")
    };
    for hidden in ["#explain-form", ".bar", "footer", "#message", "h1"] {
        assert_eq!(js(c, &shown(hidden)).await, false, "{hidden} is printed");
    }
    assert_eq!(js(c, &shown("#dictamen")).await, true);
    let printed = js(c, "return document.getElementById('dictamen').innerText").await;
    let printed = printed.as_str().unwrap();
    let year = js(c, "return String(new Date().getFullYear())").await;
    for expected in [
        "Dictamen",
        "Open de Madrid",
        year.as_str().unwrap(),
        lexicon.as_str().unwrap(),
        sha.as_str().unwrap(),
        "Veredicto de la jugada: JUGADA INACEPTABLE",
        "GATOZQ\tINVÁLIDA\tno figura en las fuentes del léxico",
        "KIOSCO\tINVÁLIDA\ttiene una letra sin ficha en el juego",
        "CASA\tVÁLIDA\tfigura en el léxico",
        "art. 11",
        "Firma del juez principal",
    ] {
        assert!(printed.contains(expected), "the printed dictamen lacks {expected:?}:\n{printed}");
    }
    assert_eq!(js(c, "return document.getElementById('d-table').textContent").await, "7");
    assert_eq!(js(c, "return document.getElementById('d-round').textContent").await, "2");
    for english in ["Valid", "Invalid", "raw-list"] {
        let station_text: String =
            printed.lines().filter(|l| !l.starts_with("Válida") && !l.starts_with("Inválida")).collect();
        assert!(!station_text.contains(english), "{english:?} in what the station writes:\n{printed}");
    }
    // The explanation lines are Spanish as well: the kinds of form, the articles of the game
    // regulation, the reasons; only rule ids stay as the rule set names them.
    assert!(printed.contains("palabra de la lista, regla raw-list"), "{printed}");
    assert!(printed.contains("art. 10.1 del reglamento de juego"), "{printed}");
    for english in ["game art.", "word,", "rule ", "non-verb", "plural of"] {
        assert!(!printed.contains(english), "{english:?} in the explanations:\n{printed}");
    }
    let png = c.screenshot().await.unwrap();
    keep(&png, "dictamen-print.png", Some("station-dictamen.png"));
    media(c, "").await;
}
