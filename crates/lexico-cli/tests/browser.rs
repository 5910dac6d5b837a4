//! The station's pages in a real browser: Debian's `chromium` driven through `chromedriver`
//! (WebDriver, with `fantoccini`, and Chrome DevTools commands for screen sizes, print media and
//! printing to PDF), in one browser session.
//!
//! - The judge page checks the table code when it is typed; a wrong one costs no play. In a hall
//!   a play waits for its table.
//! - At every size of [`SIZES`] (phones and tablets upright and on their side, 1280×800, 1080p
//!   and 4K, both ways), in the normal and the full-screen views, each verdict (ACEPTABLE,
//!   INACEPTABLE, ILEGIBLE) shows its whole text, every glyph inside its line box and inside the
//!   verdict on all four sides, at least a fifth of the screen's height, with its text filling
//!   the width or the height it has; nothing scrolls sideways. A screenshot of each goes to
//!   `target/station-screens/`.
//! - A verdict stays through Shift, a second Enter and a tap, until the next play is sent, Esc,
//!   or its timer; it shows its judgement number; «Último veredicto» shows it again without a
//!   judgement; the table and round stay, are shown, and «Cambiar mesa» empties them.
//! - The number of a play judged on the judge page opens, on the arbiter page, the ruling on the
//!   same words.
//! - The arbiter page fits every size without scrolling sideways (its table of words reflows on
//!   a phone), refuses a wrong code and a play of 17 words, names an unreadable word (which the
//!   judge page never does) and explains the others. Its dictamen, printed to PDF by Chromium and
//!   read back with `pdftotext`, has the tournament, table, round, number, checksum and "página N
//!   de M" on every page and the signatures on the last only; a ruling with an unreadable word
//!   prints the reason, with no verdict and nothing to sign.
//!
//! `LEXICO_UPDATE_SCREENSHOTS=1` also writes the guides' screenshots (`docs/station-*.png`).
//! Without chromium or chromedriver the test prints one `skipped:` line and passes, and without
//! `pdftotext` it skips the PDF, unless `LEXICO_REQUIRE_BROWSER=1` (as in CI, where `.ci/run`
//! installs them).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use base64::Engine;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

mod chrome;
mod harness;
use chrome::{cdp, js, on_path, required, start_driver, viewport};
use harness::{start, temp_dir, workspace, ARBITER};

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

/// The page as printed (`print`) or on screen (`""`).
async fn media(c: &Client, media: &str) {
    cdp(c, "Emulation.setEmulatedMedia", json!({"media": media})).await;
}

/// Presses one key (a character, or a WebDriver key code) where the focus is.
async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
}

/// Waits until `script` returns true, at most ten seconds.
async fn until(c: &Client, script: &str, what: &str) {
    chrome::until(c, script, 10, what).await
}

async fn text_of(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// Asserts that nothing on the page scrolls sideways.
async fn no_sideways_scroll(c: &Client, what: &str) {
    let widths =
        js(c, "return [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]")
            .await;
    let w: Vec<f64> = widths.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert!(w[0] <= w[2] && w[1] <= w[2], "{what}: {w:?} (scroll widths, window)");
}

/// The verdict's geometry as the browser lays it out: the verdict's box inside its border, the
/// room of its two lines, and each line's box and the box of its glyphs (a range over its text).
const GEOMETRY: &str = r#"
const v = document.getElementById('verdict');
const r = v.getBoundingClientRect();
const rect = function (b) { return { top: b.top, left: b.left, bottom: b.bottom, right: b.right }; };
const inner = { top: r.top + v.clientTop, left: r.left + v.clientLeft,
                bottom: r.top + v.clientTop + v.clientHeight, right: r.left + v.clientLeft + v.clientWidth };
const room = document.getElementById('verdict-text').getBoundingClientRect();
const lines = Array.from(v.querySelectorAll('.verdict-line')).map(function (l) {
  const range = document.createRange();
  range.selectNodeContents(l.firstElementChild);
  const glyphs = range.getBoundingClientRect();
  return { text: l.textContent, box: rect(l.getBoundingClientRect()), glyphs: rect(glyphs),
           width: glyphs.width, height: l.getBoundingClientRect().height };
});
return { vw: window.innerWidth, vh: window.innerHeight, outer: rect(r), inner: inner, height: r.height,
         roomWidth: room.width, roomHeight: room.height, lines: lines,
         number: document.getElementById('verdict-number').textContent,
         shown: document.getElementById('verdict').dataset.shown };
"#;

/// Returns true if and only if the box `inner` holds the box `outer`, to half a pixel.
fn holds(outer: &Value, inner: &Value) -> bool {
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap();
    f(inner, "top") >= f(outer, "top") - 0.5
        && f(inner, "left") >= f(outer, "left") - 0.5
        && f(inner, "bottom") <= f(outer, "bottom") + 0.5
        && f(inner, "right") <= f(outer, "right") + 0.5
}

/// Judges `play` from the play box and checks the verdict's layout on a `width`×`height` screen;
/// returns a screenshot and the judgement number shown.
async fn judge_and_measure(
    c: &Client,
    play: &str,
    kind: &str,
    words: [&str; 2],
    (width, height): (u32, u32),
    shot: &str,
) -> (Vec<u8>, String) {
    let input = c.find(Locator::Id("play")).await.unwrap();
    input.send_keys(&format!("{play}\u{E007}")).await.unwrap();
    until(c, &format!("return document.querySelector('#verdict.{kind}') !== null && !document.getElementById('verdict').hidden"), &format!("{shot}: no verdict {kind}")).await;
    let g = js(c, GEOMETRY).await;
    let f = |v: &Value| v.as_f64().unwrap();
    assert_eq!((f(&g["vw"]), f(&g["vh"])), (width as f64, height as f64), "{shot}: the screen size");
    let screen = json!({"top": 0, "left": 0, "bottom": height, "right": width});
    assert!(holds(&screen, &g["outer"]), "{shot}: the verdict is off the screen: {g}");
    assert!(f(&g["height"]) >= f(&g["vh"]) / 5.0, "{shot}: less than a fifth of the screen: {g}");
    let lines = g["lines"].as_array().unwrap();
    let texts: Vec<&str> = lines.iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts, words, "{shot}");
    let (mut widest, mut tall) = (0.0f64, 0.0f64);
    for l in lines {
        // Every glyph inside its line's box and inside the verdict, on all four sides.
        assert!(holds(&l["box"], &l["glyphs"]), "{shot}: a line's glyphs leave its box: {l}");
        assert!(holds(&g["inner"], &l["glyphs"]), "{shot}: a line is cut by the verdict's edge: {l} in {g}");
        widest = widest.max(f(&l["width"]));
        tall += f(&l["height"]);
    }
    // As large as the space allows: the text fills the width or the height it has.
    let filled = (widest / f(&g["roomWidth"])).max(tall / f(&g["roomHeight"]));
    assert!(filled >= 0.85, "{shot}: the verdict could be larger ({filled:.2}): {g}");
    no_sideways_scroll(c, shot).await;
    (c.screenshot().await.unwrap(), g["number"].as_str().unwrap().to_string())
}

/// The screen sizes, each way round: phones (320×640 to 915×412), tablets, a laptop, 1080p, 4K.
const SIZES: [(u32, u32); 19] = [
    (320, 640),
    (640, 320),
    (390, 844),
    (844, 390),
    (568, 320),
    (320, 568),
    (667, 375),
    (375, 667),
    (740, 360),
    (360, 740),
    (915, 412),
    (412, 915),
    (768, 1024),
    (1024, 768),
    (1280, 800),
    (1920, 1080),
    (1080, 1920),
    (3840, 2160),
    (2160, 3840),
];

/// A judgement number as the judge page shows it: `nº` and five characters of the code alphabet.
fn number_of(shown: &str) -> String {
    let number = shown.strip_prefix("nº ").unwrap_or_else(|| panic!("no number shown: {shown:?}"));
    assert!(
        number.len() == 5 && number.bytes().all(|b| b"23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains(&b)),
        "{shown}"
    );
    number.to_string()
}

#[test]
fn the_station_in_a_browser_at_every_screen_size() {
    let browser = on_path(&["chromium", "chromium-browser"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        assert!(!required(), "LEXICO_REQUIRE_BROWSER=1 but chromium or chromedriver is not on PATH");
        println!("skipped: chromium and chromedriver are not both on PATH (apt-get install chromium chromium-driver)");
        return;
    };
    let pdftotext = on_path(&["pdftotext"]);
    if pdftotext.is_none() {
        assert!(!required(), "LEXICO_REQUIRE_BROWSER=1 but pdftotext is not on PATH");
        println!("skipped: the printed dictamen, pdftotext is not on PATH (apt-get install poppler-utils)");
    }
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
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let (judged, unreadable) = runtime.block_on(async {
        let c = chrome::session(&browser, &driver, &profile).await;
        let base = format!("http://{}", hall.addr);
        viewport(&c, 1280, 800).await;
        c.goto(&format!("{base}/")).await.unwrap();
        assert_eq!(js(&c, "return document.documentElement.lang").await, "es");
        assert!(text_of(&c, "lexicon").await.contains("Letterpress Spanish list"));
        assert_eq!(text_of(&c, "signer").await, "Léxico incluido en el programa");

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
        // The boxes of a phone: no autocorrection, a send key, and a table that takes letters.
        for (id, key) in [("play", "send"), ("table", "next"), ("round", "next")] {
            let attrs = js(&c, &format!("const e = document.getElementById('{id}'); return [e.getAttribute('autocorrect'), e.getAttribute('enterkeyhint'), e.getAttribute('inputmode')]")).await;
            assert_eq!(attrs, json!(["off", key, null]), "{id}");
        }
        // In a hall a play waits for its table.
        let input = c.find(Locator::Id("play")).await.unwrap();
        input.send_keys("casa\u{E007}").await.unwrap();
        until(&c, "return document.getElementById('message').textContent === 'Escriba la mesa antes de juzgar la jugada.'", "a play judged without its table").await;
        assert_eq!(js(&c, "return document.activeElement.id").await, "table");
        assert_eq!(js(&c, "return document.getElementById('verdict').hidden").await, true);
        js(&c, "document.getElementById('play').value = ''; return true").await;
        // The table first, then the round, then the play: all from the keyboard.
        let table = c.active_element().await.unwrap();
        table.send_keys("A12\u{E004}3").await.unwrap();
        assert_eq!(text_of(&c, "place").await, "Mesa A12 · Ronda 3");

        // A verdict stays through Shift, a second Enter and a tap, with its number.
        let input = c.find(Locator::Id("play")).await.unwrap();
        input.send_keys("casa, perros\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('verdict').hidden", "no verdict").await;
        assert!(text_of(&c, "verdict-meta").await.contains("Mesa A12 · Ronda 3"));
        assert_eq!(js(&c, "return document.getElementById('play').value").await, "");
        let first = number_of(&text_of(&c, "verdict-number").await);
        let shown = js(&c, "return document.getElementById('verdict').dataset.shown").await;
        press(&c, '\u{E008}').await; // Shift
        press(&c, '\u{E007}').await; // Enter, again
        c.find(Locator::Id("verdict")).await.unwrap().click().await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let still = "return !document.getElementById('verdict').hidden && document.getElementById('verdict').classList.contains('acceptable')";
        assert_eq!(js(&c, still).await, true, "Shift, Enter or a tap took the verdict away");
        assert_eq!(js(&c, "return document.getElementById('verdict').dataset.shown").await, shown);
        // Esc takes it away; «Último veredicto» shows it again, without a judgement.
        press(&c, '\u{E00C}').await;
        until(&c, "return document.getElementById('verdict').hidden", "Esc did not clear the verdict").await;
        c.find(Locator::Id("last-verdict")).await.unwrap().click().await.unwrap();
        until(&c, still, "«Último veredicto» showed nothing").await;
        assert_eq!(number_of(&text_of(&c, "verdict-number").await), first);
        assert!(text_of(&c, "verdict-meta").await.starts_with("Último veredicto de la mesa, otra vez · Mesa A12"));
        let page = js(&c, "return document.body.innerText").await;
        assert!(!page.as_str().unwrap().to_uppercase().contains("PERROS"), "the words are on the page");
        press(&c, '\u{E00C}').await;
        until(&c, "return document.getElementById('verdict').hidden", "Esc did not clear the verdict").await;
        // A character typed with no box focused starts the next play; Esc empties the box.
        js(&c, "document.activeElement.blur(); return true").await;
        press(&c, 'g').await;
        assert_eq!(js(&c, "return document.getElementById('play').value").await, "g");
        press(&c, '\u{E00C}').await;
        assert_eq!(js(&c, "return document.getElementById('play').value").await, "");
        let (mut judged, mut unreadable) = (1, 0);

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
                assert_eq!(js(&c, "return document.getElementById('table').value").await, "A12", "the table stays");
            }
            for (width, height) in SIZES {
                viewport(&c, width, height).await;
                keep(&c.screenshot().await.unwrap(), &format!("judge-{view}-{width}x{height}-form.png"), None);
                no_sideways_scroll(&c, &format!("judge-{view}-{width}x{height}-form")).await;
                for (kind, play, words) in kinds {
                    let shot = format!("judge-{view}-{width}x{height}-{kind}");
                    let (png, number) = judge_and_measure(&c, play, kind, words, (width, height), &shot).await;
                    number_of(&number);
                    let docs = match (view, width, height, kind) {
                        ("normal", 1280, _, "unacceptable") => Some("station-judge.png"),
                        ("completa", 1280, _, "acceptable") => Some("station-full-screen.png"),
                        ("normal", 390, 844, "acceptable") => Some("station-phone.png"),
                        ("normal", 844, 390, "unacceptable") => Some("station-phone-landscape.png"),
                        _ => None,
                    };
                    keep(&png, &format!("{shot}.png"), docs);
                    if kind == "unreadable" {
                        let text = js(&c, "return document.body.innerText + document.documentElement.outerHTML").await;
                        assert!(!text.as_str().unwrap().to_uppercase().contains("CA$A"), "the play is on the page");
                        unreadable += 1;
                    } else {
                        judged += 1;
                    }
                    press(&c, '\u{E00C}').await;
                    until(&c, "return document.getElementById('verdict').hidden", "Esc did not clear the verdict").await;
                }
            }
        }
        press(&c, '\u{E032}').await;
        until(&c, "return !document.body.classList.contains('full')", "F2 did not switch back").await;
        viewport(&c, 1280, 800).await;

        // The next play sent replaces a verdict.
        let input = c.find(Locator::Id("play")).await.unwrap();
        input.send_keys("casa gatozq perros\u{E007}").await.unwrap();
        until(&c, "return document.querySelector('#verdict.unacceptable') !== null", "no verdict").await;
        let number = number_of(&text_of(&c, "verdict-number").await);
        tokio::time::sleep(Duration::from_millis(1100)).await;
        input.send_keys("sol\u{E007}").await.unwrap();
        until(&c, "return document.querySelector('#verdict.acceptable') !== null", "the next play did not replace the verdict").await;
        judged += 2;
        press(&c, '\u{E00C}').await;

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

        // The number shown opens, on the arbiter page, the ruling on the same words.
        c.goto(&format!("{base}/arbitro")).await.unwrap();
        c.find(Locator::Id("code")).await.unwrap().send_keys(ARBITER).await.unwrap();
        c.find(Locator::Id("number")).await.unwrap().send_keys(&format!("{}\u{E007}", number.to_lowercase())).await.unwrap();
        until(&c, "return !document.getElementById('dictamen').hidden", "no ruling for the number").await;
        let rows = js(&c, "return Array.from(document.querySelectorAll('#words-explained > tr:not(.explanation) td.word')).map(t => t.textContent)").await;
        assert_eq!(rows, json!(["CASA", "GATOZQ", "PERROS"]));
        assert_eq!(js(&c, "return [document.getElementById('d-number').textContent, document.getElementById('d-table').textContent, document.getElementById('words').value]").await, json!([number, "A12", "CASA GATOZQ PERROS"]));

        arbiter_page(&c, &base, pdftotext.as_deref(), &dir).await;
        c.close().await.unwrap();
        (judged, unreadable)
    });
    drop(driver);
    drop(quick);
    let (_, status) = hall.stop();
    assert!(status.success());
    let log = std::fs::read_to_string(&log).unwrap();
    let rows: Vec<csv::StringRecord> =
        csv::Reader::from_reader(log.as_bytes()).records().map(|r| r.unwrap()).collect();
    let count = |verdict: &str| rows.iter().filter(|r| &r[4] == verdict).count();
    assert_eq!(
        (count("ACCEPTABLE") + count("UNACCEPTABLE"), count("ERROR")),
        (judged, unreadable),
        "one row per judgement and per unreadable play, none for a verdict shown again: {log}"
    );
    assert_eq!(rows.len(), judged + unreadable);
    assert!(
        log.contains(",\"casa, perros\",A12,3,ACCEPTABLE,")
            && log.contains(",CASA GATOZQ,A12,3,UNACCEPTABLE,"),
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

/// The arbiter page: codes, bounds, an unreadable word, every screen size, and the printed
/// dictamen.
async fn arbiter_page(c: &Client, base: &str, pdftotext: Option<&Path>, dir: &Path) {
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
    // A word of the list: its rule names the list.
    assert!(
        rows[3].starts_with("CASA\tVÁLIDA\tfigura en el léxico\tpalabra de la lista letterpress-es.txt\t—"),
        "{rows:?}"
    );
    assert_eq!(js(c, "return document.getElementById('print').disabled").await, true);
    // Printed, it says why it has no verdict, and has nothing to sign.
    if let Some(pdftotext) = pdftotext {
        let pages = printed(c, pdftotext, dir, "unreadable").await;
        for (i, page) in pages.iter().enumerate() {
            let n = pages.len();
            assert!(
                page.contains("Open de Madrid") && page.contains(&format!("página {} de {n}", i + 1)),
                "{page}"
            );
            for absent in ["JUGADA", "Firma del juez principal", "Veredicto de la jugada"] {
                assert!(!page.contains(absent), "{absent:?} printed in a ruling without a verdict:\n{page}");
            }
        }
        let all = pages.concat();
        assert!(
            all.contains("Dictamen sin veredicto")
                && all.contains("«CA$A»: un carácter no es letra ni ficha"),
            "{all}"
        );
    }

    // A ruling of sixteen words, with its players, printed.
    let play = "GATOZQ KIOSCO casa PERROS sol mar luna arbol camion pinguino churro zuzar nandu gatito dame cometela";
    words.clear().await.unwrap();
    words.send_keys(play).await.unwrap();
    c.find(Locator::Id("table")).await.unwrap().send_keys("7").await.unwrap();
    c.find(Locator::Id("player1")).await.unwrap().send_keys("Ana Pérez").await.unwrap();
    c.find(Locator::Id("challenger")).await.unwrap().send_keys("Luis Gómez").await.unwrap();
    c.find(Locator::Id("round")).await.unwrap().send_keys("2\u{E007}").await.unwrap();
    until(c, "return !document.getElementById('print').disabled", "no printable ruling").await;
    // The page at every size: nothing scrolls sideways, and on a phone the words' table reflows.
    for (width, height) in SIZES {
        viewport(c, width, height).await;
        no_sideways_scroll(c, &format!("arbiter-{width}x{height}")).await;
        let reflowed =
            js(c, "return getComputedStyle(document.querySelector('.words thead')).display === 'none'").await;
        assert_eq!(reflowed, json!(width < 768), "arbiter-{width}x{height}: the table of words");
        if width == 390 && height == 844 {
            js(c, "document.getElementById('d-verdict').scrollIntoView(); return true").await;
            keep(&c.screenshot().await.unwrap(), "arbiter-390x844.png", Some("station-arbiter-phone.png"));
        }
    }
    viewport(c, 1280, 800).await;
    js(c, "window.scrollTo(0, 0); return true").await;

    let lexicon = js(c, "return document.getElementById('d-lexicon').textContent").await;
    let sha = js(c, "return document.getElementById('d-sha256').textContent").await;
    let sha = sha.as_str().unwrap().to_string();
    assert_eq!(sha.len(), 64);
    media(c, "print").await;
    let shown = |selector: &str| {
        format!("return getComputedStyle(document.querySelector('{selector}')).display !== 'none'")
    };
    for hidden in ["#explain-form", ".bar", "footer", "#message", "h1", ".unruled"] {
        assert_eq!(js(c, &shown(hidden)).await, false, "{hidden} is printed");
    }
    assert_eq!(js(c, &shown("#dictamen")).await, true);
    let printed_text = js(c, "return document.getElementById('dictamen').innerText").await;
    let printed_text = printed_text.as_str().unwrap();
    let year = js(c, "return String(new Date().getFullYear())").await;
    for expected in [
        "Dictamen",
        "Open de Madrid",
        year.as_str().unwrap(),
        lexicon.as_str().unwrap(),
        &sha,
        "Léxico incluido en el programa",
        "Ana Pérez",
        "Luis Gómez",
        "Veredicto de la jugada: JUGADA INACEPTABLE",
        "GATOZQ\tINVÁLIDA\tno figura en las fuentes del léxico",
        "KIOSCO\tINVÁLIDA\ttiene una letra sin ficha en el juego",
        "CASA\tVÁLIDA\tfigura en el léxico",
        "art. 11",
        "Firma del juez principal",
    ] {
        assert!(printed_text.contains(expected), "the printed dictamen lacks {expected:?}:\n{printed_text}");
    }
    // The time carries its zone.
    let date = js(c, "return document.getElementById('d-date').textContent").await;
    let zone = date.as_str().unwrap().rsplit(' ').next().unwrap();
    assert!(zone.starts_with(|c: char| c.is_ascii_alphabetic()), "no time zone: {date}");
    assert!(!printed_text.contains("Firma:"), "{printed_text}");
    for english in ["Valid", "Invalid", "raw-list"] {
        let station_text: String =
            printed_text.lines().filter(|l| !l.starts_with("Válida") && !l.starts_with("Inválida")).collect();
        assert!(!station_text.contains(english), "{english:?} in what the station writes:\n{printed_text}");
    }
    // The explanation lines are Spanish as well: the kinds of form, the articles of the game
    // regulation, the reasons; a word of the list names no rule.
    assert!(
        printed_text.contains("Válida: palabra de la lista; letterpress-es.txt, línea "),
        "{printed_text}"
    );
    assert!(printed_text.contains("art. 10.1 del reglamento de juego"), "{printed_text}");
    for english in ["game art.", "word,", "rule ", "non-verb", "plural of"] {
        assert!(!printed_text.contains(english), "{english:?} in the explanations:\n{printed_text}");
    }
    let png = c.screenshot().await.unwrap();
    keep(&png, "dictamen-print.png", Some("station-dictamen.png"));
    media(c, "").await;

    // Printed to PDF: every page with its header and number, the signatures on the last.
    if let Some(pdftotext) = pdftotext {
        let pages = printed(c, pdftotext, dir, "sixteen").await;
        let n = pages.len();
        assert!(n >= 2, "sixteen words with their explanations fill more than a page:\n{}", pages.concat());
        for (i, page) in pages.iter().enumerate() {
            for expected in
                ["Dictamen", "Open de Madrid", "Mesa 7", "Ronda 2", &sha, &format!("página {} de {n}", i + 1)]
            {
                assert!(page.contains(expected), "page {} of {n} lacks {expected:?}:\n{page}", i + 1);
            }
            let last = i + 1 == n;
            assert_eq!(page.contains("Firma del juez principal"), last, "page {} of {n}:\n{page}", i + 1);
        }
        assert!(pages[0].contains("JUGADA INACEPTABLE") && pages[0].contains("Ana Pérez"), "{}", pages[0]);
        let all = pages.concat();
        for word in play.split(' ') {
            assert!(all.contains(&word.to_uppercase()), "{word} is not printed:\n{all}");
        }
    }
}

/// The page printed by Chromium to PDF (A4, the page's own margins), read back by `pdftotext`:
/// the text of each page.
async fn printed(c: &Client, pdftotext: &Path, dir: &Path, name: &str) -> Vec<String> {
    let params = json!({"preferCSSPageSize": true, "printBackground": false});
    let answer = cdp(c, "Page.printToPDF", params).await;
    let data = answer["data"].as_str().unwrap_or_else(|| panic!("no PDF: {answer}"));
    let pdf = base64::engine::general_purpose::STANDARD.decode(data).unwrap();
    let file = dir.join(format!("dictamen-{name}.pdf"));
    std::fs::write(&file, &pdf).unwrap();
    std::fs::write(screenshots().join(format!("dictamen-{name}.pdf")), &pdf).unwrap();
    let out = Command::new(pdftotext).arg("-layout").arg(&file).arg("-").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.split('\u{c}').filter(|p| !p.trim().is_empty()).map(String::from).collect()
}
