//! The offline judge page (`lexico page`) in a real browser: Debian's `chromium` through
//! `chromedriver`, the network switched off (`Network.emulateNetworkConditions`), in one session.
//!
//! - The single file, opened from `file://`, gives the same verdicts as `lexico valid --judge` on
//!   2,000 plays drawn with a fixed seed (valid, invalid and unreadable words mixed), from the
//!   embedded lexicon and from a FISE-2 build, and the same explanations as `lexico explain --lang
//!   es` on 500 words; it shows the lexicon's edition, checksum and signer.
//! - At 320×640, 390×844, 667×375, 768×1024, 1920×1080 and 3840×2160 each verdict is whole,
//!   inside the screen and as large as the space allows.
//! - A byte flipped in the page's lexicon: one Spanish line, no verdict, no exception.
//! - Hostile text in the play box gives a verdict or ILEGIBLE, and the page goes on judging.
//! - Its Dash mode answers as `lexico dash --lang es` does: each card of the game, with and
//!   without a hand, on 60 words of the embedded lexicon; the verb card on a FISE-2 build, and
//!   its one-line refusal on the embedded list.
//! - Its Estudio mode runs a quiz of three questions (right answers, a wrong one and a give-up,
//!   "no hay" overruled as a pass) into the cardbox in the browser's storage; `lexico cardbox
//!   import` of the page's CSV gives the boxes and history the answers make; a CSV that `lexico
//!   cardbox export` wrote imports in the page, its due cards asked in the command's order and a
//!   changed answer flagged; the cardbox survives a reload.
//! - `--solo-juez` gives a page with the Juez mode only.
//! - `lexico serve` offers the page at `/sin-conexion/`: on localhost its service worker installs,
//!   and with the network off and the station stopped the page still judges. So does the folder
//!   form (`-o DIR`) on a plain static server of localhost, once the server refuses everything.
//!
//! The `lexico` under test must have the page's engine (the feature `page`, after `cargo xtask
//! web`): without it this test prints one `skipped:` line, unless `LEXICO_REQUIRE_BROWSER=1`.
//! `LEXICO_UPDATE_SCREENSHOTS=1` writes the guides' screenshots (`docs/offline-*.png`).

use std::path::{Path, PathBuf};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

mod chrome;
mod harness;
use chrome::{js, js_with, until};
use harness::{lexico, start, temp_dir, workspace};

/// Runs `lexico` with `args` and `stdin` (written from a thread of its own, so that a large
/// answer never blocks it), from the workspace.
fn run(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = lexico()
        .args(args)
        .current_dir(workspace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lexico runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// `lexico page` with `args`; `None` when this `lexico` has no engine (built without `page`).
fn export(args: &[&str]) -> Option<String> {
    let mut all = vec!["page"];
    all.extend_from_slice(args);
    let out = run(&all, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() && stderr.contains("built without the offline page") {
        return None;
    }
    assert!(out.status.success(), "lexico page {args:?}: {stderr}");
    Some(String::from_utf8(out.stdout).unwrap())
}

/// A generator of the test's draws (xorshift), from a fixed seed.
struct Draw(u64);

impl Draw {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `count` plays of one to five words drawn from `words` (a lexicon's): valid words, words made
/// invalid (a tile added or changed), and now and then an unreadable one (a character that is
/// no tile).
fn plays(words: &[String], count: usize, seed: u64) -> Vec<String> {
    let mut d = Draw(seed);
    (0..count)
        .map(|_| {
            let n = 1 + d.next(5);
            let play: Vec<String> = (0..n)
                .map(|_| {
                    let mut w = words[d.next(words.len())].clone();
                    match d.next(20) {
                        0..=10 => {}
                        11..=14 => w.push(['S', 'Q', 'A', 'Ñ'][d.next(4)]),
                        15..=18 => {
                            let at = d.next(w.chars().count());
                            w = w.chars().enumerate().map(|(i, c)| if i == at { 'X' } else { c }).collect();
                        }
                        _ => {
                            let at =
                                w.char_indices().nth(d.next(w.chars().count())).map_or(w.len(), |(i, _)| i);
                            w.insert(at, ['$', '@', '#', '%'][d.next(4)]);
                        }
                    }
                    if d.next(3) == 0 {
                        w = w.to_lowercase();
                    }
                    w
                })
                .collect();
            play.join(if d.next(2) == 0 { " " } else { ", " })
        })
        .collect()
}

/// The verdicts of `lexico valid --judge` on `plays`, one a line.
fn cli_verdicts(lexicon: &str, plays: &[String]) -> Vec<String> {
    let input = plays.join("\n") + "\n";
    let out = run(&["valid", "--judge", "--format", "json", "--lexicon", lexicon], input.as_bytes());
    let rows: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["verdict"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(rows.len(), plays.len());
    rows
}

/// The sentences `lexico explain --lang es` prints under each word's verdict line.
fn cli_explanations(lexicon: &str, words: &[String]) -> Vec<Vec<String>> {
    let input = words.join("\n") + "\n";
    let out = run(&["explain", "--lang", "es", "--lexicon", lexicon], input.as_bytes());
    let mut all: Vec<Vec<String>> = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        match line.strip_prefix("  ") {
            Some(sentence) => all.last_mut().expect("a verdict line first").push(sentence.to_string()),
            None => all.push(Vec::new()),
        }
    }
    assert_eq!(all.len(), words.len());
    all
}

/// Every word of `lexicon` (`lexico dump`).
fn words_of(lexicon: &str) -> Vec<String> {
    let out = run(&["dump", "--lexicon", lexicon], b"");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}

/// Opens the page at `url` and waits until it has proven its lexicon.
async fn open(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    until(
        c,
        "return document.body.classList.contains('ready') || document.body.classList.contains('failed')",
        30,
        "the page did not start",
    )
    .await;
    let failed = js(c, "return document.getElementById('status').textContent").await;
    assert_eq!(js(c, "return document.body.classList.contains('ready')").await, true, "{url}: {failed}");
}

/// The page's verdicts on `plays`, typed in the play box one after the other.
async fn page_verdicts(c: &Client, plays: &[String]) -> Vec<String> {
    let script = r#"
const form = document.getElementById('judge-form');
const play = document.getElementById('play');
const v = document.getElementById('verdict');
const names = { acceptable: 'ACCEPTABLE', unacceptable: 'UNACCEPTABLE', unreadable: 'ERROR' };
return arguments[0].map(function (p) {
  play.value = p;
  form.requestSubmit();
  const kind = v.hidden ? 'none: ' + document.getElementById('message').textContent : names[v.className.split(' ')[1]];
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  return kind;
});"#;
    // In runs of 200, each well inside the driver's script timeout on a loaded machine.
    let mut all = Vec::with_capacity(plays.len());
    for run in plays.chunks(200) {
        let got = js_with(c, script, vec![json!(run)]).await;
        all.extend(got.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()));
    }
    all
}

/// The page's explanations (Consulta) of `words`.
async fn page_explanations(c: &Client, words: &[String]) -> Vec<Vec<String>> {
    js(c, "document.querySelector('#modes button[data-mode=consulta]').click(); return true").await;
    let script = r#"
const form = document.getElementById('consult-form');
const input = document.getElementById('words');
return arguments[0].map(function (w) {
  input.value = w;
  form.requestSubmit();
  const row = document.querySelector('#consulted-rows tr');
  return Array.from(row.querySelectorAll('li')).map(function (li) { return li.textContent; });
});"#;
    let mut all = Vec::with_capacity(words.len());
    for run in words.chunks(50) {
        let got = js_with(c, script, vec![json!(run)]).await;
        all.extend(
            got.as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()),
        );
    }
    js(c, "document.querySelector('#modes button[data-mode=juez]').click(); return true").await;
    all
}

/// The wordings of the Dash cards the page offers (`{n}` and `{letter}` for the number or letter
/// a card shows).
async fn dash_wordings(c: &Client) -> Vec<String> {
    let got = js(c, "return Array.from(document.querySelectorAll('#dash-card option')).map(function (o) { return o.value; })").await;
    got.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// The page's Dash answers (Dash mode) for `words`, with the card `wording` showing `value` and
/// the player's `hand`: for each, the verdict's two lines and the line under them, or three
/// empty texts but the message when no verdict is shown.
async fn page_dash(c: &Client, wording: &str, value: &str, hand: &str, words: &[String]) -> Vec<[String; 3]> {
    js(c, "document.querySelector('#modes button[data-mode=dash]').click(); return true").await;
    let script = r#"
const [wording, value, hand, words] = arguments;
const form = document.getElementById('dash-form');
const card = document.getElementById('dash-card');
card.value = wording;
card.dispatchEvent(new Event('change'));
document.getElementById('dash-value').value = value;
document.getElementById('dash-hand').value = hand;
const v = document.getElementById('verdict');
const text = function (id) { return document.getElementById(id).textContent; };
return words.map(function (w) {
  document.getElementById('dash-word').value = w;
  form.requestSubmit();
  const got = v.hidden ? ['', '', text('dash-message')] : [text('verdict-line1'), text('verdict-line2'), text('verdict-meta')];
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  return got;
});"#;
    let got = js_with(c, script, vec![json!(wording), json!(value), json!(hand), json!(words)]).await;
    js(c, "document.querySelector('#modes button[data-mode=juez]').click(); return true").await;
    got.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let r: Vec<String> =
                r.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
            [r[0].clone(), r[1].clone(), r[2].clone()]
        })
        .collect()
}

/// What the page should show for `lexico dash CARD [--mano HAND] --lang es`'s answers: the word,
/// the verdict in capitals, and the end of the line under them (the cards the word takes, when
/// it can be laid down, and what it meets or lacks); or, when the command refuses the card or the
/// hand, the message of its one line for every word.
fn cli_dash(lexicon: &str, card: &str, hand: &str, words: &[String]) -> Vec<[String; 3]> {
    let mut args = vec!["dash", card, "--lang", "es", "--lexicon", lexicon];
    if !hand.is_empty() {
        args.extend(["--mano", hand]);
    }
    args.extend(words.iter().map(String::as_str));
    let out = run(&args, b"");
    let stdout = String::from_utf8(out.stdout).unwrap();
    if stdout.is_empty() {
        let said = String::from_utf8(out.stderr).unwrap();
        let said = said.trim_end().strip_prefix("lexico: ").unwrap_or(&said).to_string();
        return words.iter().map(|_| [String::new(), String::new(), said.clone()]).collect();
    }
    let rows: Vec<[String; 3]> = stdout
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let under: Vec<&str> = [f[2], f[3]].into_iter().filter(|t| *t != "-").collect();
            [f[0].to_string(), f[1].to_uppercase(), under.join(" · ")]
        })
        .collect();
    assert_eq!(rows.len(), words.len(), "{card} {hand}");
    rows
}

/// Checks the page's Dash answers against the command's, for `cases` of (wording, value, hand).
async fn same_dash(c: &Client, lexicon: &str, cases: &[(&str, &str, &str)], words: &[String]) {
    for &(wording, value, hand) in cases {
        let card = wording.replace("{n}", value).replace("{letter}", value);
        let page = page_dash(c, wording, value, hand, words).await;
        let cli = cli_dash(lexicon, &card, hand, words);
        for ((word, p), e) in words.iter().zip(&page).zip(&cli) {
            let same = p[0] == e[0] && p[1] == e[1] && p[2].ends_with(&e[2]);
            assert!(same, "{card} / {hand} / {word}: the page shows {p:?}, the command says {e:?}");
        }
    }
}

/// The verdict's geometry as the browser lays it out (as the station's browser test measures it).
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
         ch: v.clientHeight, roomWidth: room.width, roomHeight: room.height, lines: lines };
"#;

/// Judges `play` and checks that the verdict `kind` is whole and large on a `width`×`height` screen.
async fn measure(
    c: &Client,
    play: &str,
    kind: &str,
    words: [&str; 2],
    (width, height): (u32, u32),
) -> Vec<u8> {
    let input = c.find(Locator::Id("play")).await.unwrap();
    input.send_keys(&format!("{play}\u{E007}")).await.unwrap();
    let shot = format!("{width}x{height}-{kind}");
    until(c, &format!("return !document.getElementById('verdict').hidden && document.getElementById('verdict').classList.contains('{kind}')"), 10, &shot).await;
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
    let filled = (widest / f(&g["roomWidth"])).max(tall / f(&g["roomHeight"]));
    assert!(filled >= 0.85, "{shot}: the verdict could be larger ({filled:.2}): {g}");
    let png = c.screenshot().await.unwrap();
    std::fs::write(screens().join(format!("{shot}.png")), &png).unwrap();
    js(c, "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); return true").await;
    png
}

fn screens() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../offline-screens");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Keeps `png` as `docs/NAME` when `LEXICO_UPDATE_SCREENSHOTS=1`.
fn for_docs(png: &[u8], name: &str) {
    if std::env::var("LEXICO_UPDATE_SCREENSHOTS").as_deref() == Ok("1") {
        std::fs::write(workspace().join("docs").join(name), png).unwrap();
    }
}

const SIZES: [(u32, u32); 6] = [(320, 640), (390, 844), (667, 375), (768, 1024), (1920, 1080), (3840, 2160)];

/// A copy of the page with one character of its lexicon's base64 changed (a byte of the
/// deflated lexicon flipped).
fn flip_a_byte(html: &str) -> String {
    let block = html.find("id=\"lexico-lexicon\"").expect("the page's lexicon block");
    let start = block + html[block..].find('>').unwrap() + 1;
    let end = start + html[start..].find('<').unwrap();
    let at = (start + end) / 2;
    let old = html.as_bytes()[at];
    let new = if old == b'A' { "B" } else { "A" };
    format!("{}{}{}", &html[..at], new, &html[at + 1..])
}

#[test]
fn the_offline_page_judges_as_the_command_does_with_no_network() {
    let Some((browser, driver)) = chrome::tools() else { return };
    let dir = temp_dir("browser", "offline-page");
    let single = dir.join("juez.html");
    let Some(printed) = export(&["-o", single.to_str().unwrap(), "--clear-after", "0"]) else {
        assert!(
            !chrome::required(),
            "LEXICO_REQUIRE_BROWSER=1 but this lexico has no offline page (cargo xtask web, --features page)"
        );
        println!("skipped: this lexico was built without the offline page (cargo xtask web; --features lexico/page)");
        return;
    };
    let html = std::fs::read_to_string(&single).unwrap();
    let sha = lexico_sha256(&single);
    assert!(printed.contains(&sha), "lexico page prints the page's SHA-256: {printed}");
    let solo = dir.join("solo.html");
    export(&["-o", solo.to_str().unwrap(), "--solo-juez"]).unwrap();
    let folder = dir.join("folder");
    export(&["-o", &format!("{}/", folder.display())]).unwrap();
    let altered = dir.join("altered.html");
    std::fs::write(&altered, flip_a_byte(&html)).unwrap();
    // A FISE-2 build, when the lists are here.
    let fise2 = (!lexico_testdata::fise2_missing()).then(|| {
        let lex = dir.join("fise2.lex");
        let lists = ["no-verbos", "verbos-clasificados", "actualizacion-no-verbos", "actualizacion-verbos"]
            .map(|n| lexico_testdata::fise2_file(&format!("{n}.txt")).to_str().unwrap().to_string());
        let mut args = vec![
            "build",
            "-o",
            lex.to_str().unwrap(),
            "--previous",
            "embedded",
            "--name",
            "FISE",
            "--edition",
            "FISE-2",
        ];
        args.extend(lists.iter().map(String::as_str));
        let out = run(&args, b"");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let page = dir.join("fise2.html");
        export(&["-o", page.to_str().unwrap(), "--lexicon", lex.to_str().unwrap()]).unwrap();
        (lex, page)
    });

    let driver = chrome::start_driver(&driver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let c = chrome::session(&browser, &driver, &dir.join("profile")).await;
        chrome::record_errors(&c).await;
        chrome::viewport(&c, 1280, 800).await;
        chrome::network(&c, false).await;
        let url = |p: &Path| format!("file://{}", p.display());

        // The embedded lexicon, from file://: what the page shows, then 2,000 plays and 500
        // explanations against the command's.
        open(&c, &url(&single)).await;
        assert_eq!(js(&c, "return document.documentElement.lang").await, "es");
        let lexicon = js(&c, "return document.getElementById('lexicon').textContent").await;
        assert!(lexicon.as_str().unwrap().contains("FISE-2 2009"), "{lexicon}");
        assert_eq!(js(&c, "return document.getElementById('signer').textContent").await, "incluido en el binario");
        assert_eq!(js(&c, "return document.getElementById('checksum').textContent.length").await, 16);
        assert_eq!(js(&c, "return document.querySelectorAll('#modes button').length").await, 4);
        let words = words_of("embedded");
        let drawn = plays(&words, 2000, 43);
        assert_eq!(page_verdicts(&c, &drawn).await, cli_verdicts("embedded", &drawn));
        let mut d = Draw(500);
        let sample: Vec<String> = (0..500)
            .map(|i| {
                let w = words[d.next(words.len())].clone();
                if i % 2 == 0 { w } else { format!("{w}S") }
            })
            .collect();
        assert_eq!(page_explanations(&c, &sample).await, cli_explanations("embedded", &sample));
        // Dash: every card, with and without a hand, on the leaflet's words and 50 drawn ones.
        let wordings = dash_wordings(&c).await;
        assert_eq!(wordings.len(), 6, "{wordings:?}");
        let mut dash_words: Vec<String> =
            ["MANO", "DEBA", "QUESO", "CALLE", "CHURRO", "XILOFONO", "DOLARES", "ÑANDÚ", "MARTA", "ZZZA"]
                .map(String::from)
                .into();
        dash_words.extend((0..50).map(|_| words[d.next(words.len())].clone()));
        let card = |kind: &str| wordings.iter().find(|w| w.to_lowercase().contains(kind)).unwrap().as_str();
        let cases = [
            (card("letras"), "4", ""),
            (card("letras"), "5", "ATLMNOE"),
            (card("nombre"), "", ""),
            (card("empieza"), "D", ""),
            (card("termina"), "A", "BATRMEF"),
            (card("tiene"), "D", "BATRMEF"),
            (card("verbo"), "", ""),
        ];
        same_dash(&c, "embedded", &cases, &dash_words).await;
        let refused = page_dash(&c, card("verbo"), "", "", &["DEBA".to_string()]).await;
        assert!(refused[0][2].contains("no distingue los verbos"), "{refused:?}");
        // The guides' screenshot of the Dash mode on a phone: the leaflet's MANO.
        chrome::viewport(&c, 390, 844).await;
        js(&c, "document.querySelector('#modes button[data-mode=dash]').click(); return true").await;
        let pick = "const s = document.getElementById('dash-card'); s.value = arguments[0]; \
                    s.dispatchEvent(new Event('change')); document.getElementById('dash-value').value = '4'; \
                    document.getElementById('dash-hand').value = 'ATLMNOE'; \
                    document.getElementById('dash-word').value = ''; return true";
        js_with(&c, pick, vec![json!(card("letras"))]).await;
        c.find(Locator::Id("dash-word")).await.unwrap().send_keys("mano\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('verdict').hidden", 10, "no Dash verdict").await;
        let shown = js(&c, "return [1, 2].map(function (i) { return document.getElementById('verdict-line' + i).textContent; }).concat([document.getElementById('verdict-meta').textContent])").await;
        assert_eq!(shown, json!(["MANO", "CUMPLE", "Palabra de 4 letras · M·A·N·O · 4 cartas"]));
        for_docs(&c.screenshot().await.unwrap(), "offline-dash.png");
        js(&c, "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); return true").await;
        js(&c, "document.querySelector('#modes button[data-mode=juez]').click(); return true").await;
        chrome::viewport(&c, 1280, 800).await;

        // Every verdict whole at every size; the guides' screenshots at a phone's and a tablet's.
        for (width, height) in SIZES {
            chrome::viewport(&c, width, height).await;
            let kinds = [
                ("acceptable", "casa perros", ["JUGADA", "ACEPTABLE"]),
                ("unacceptable", "CASA GATOZQ", ["JUGADA", "INACEPTABLE"]),
                ("unreadable", "ca$a", ["JUGADA", "ILEGIBLE"]),
            ];
            for (kind, play, words) in kinds {
                let png = measure(&c, play, kind, words, (width, height)).await;
                match (width, kind) {
                    (390, "acceptable") => for_docs(&png, "offline-phone.png"),
                    (768, "unacceptable") => for_docs(&png, "offline-tablet.png"),
                    _ => {}
                }
            }
        }
        chrome::viewport(&c, 768, 1024).await;
        js(&c, "document.querySelector('#modes button[data-mode=consulta]').click(); return true").await;
        js(&c, "document.getElementById('words').value = ''; return true").await;
        let words_box = c.find(Locator::Id("words")).await.unwrap();
        words_box.send_keys("dignados, casa, kiosco\u{E007}").await.unwrap();
        until(&c, "return document.querySelectorAll('#consulted-rows tr').length === 3", 10, "no study rows").await;
        for_docs(&c.screenshot().await.unwrap(), "offline-study.png");
        js(&c, "document.querySelector('#modes button[data-mode=juez]').click(); return true").await;
        chrome::viewport(&c, 1280, 800).await;

        // Hostile text: a verdict or ILEGIBLE each time, and the page goes on judging.
        let hostile = [
            "🙂🙂 casa".to_string(),
            "A".repeat(10_000),
            format!("{} casa", "Ñ".repeat(10_000)),
            "\u{1}casa\u{7f}".to_string(),
            "\u{202e}casa\u{200f}".to_string(),
            "\u{200b}\u{feff}".to_string(),
            "casa\u{0301}\u{0301}\u{0301}".to_string(),
        ];
        let got = page_verdicts(&c, &hostile).await;
        for (text, verdict) in hostile.iter().zip(&got) {
            assert!(["ACCEPTABLE", "UNACCEPTABLE", "ERROR"].contains(&verdict.as_str()), "{:?}: {verdict}", &text[..text.len().min(20)]);
        }
        assert_eq!(page_verdicts(&c, &["casa".to_string()]).await, ["ACCEPTABLE"]);
        let over = vec!["casa"; 17].join(" ");
        let refused = page_verdicts(&c, &[over]).await;
        assert!(refused[0].starts_with("none: La jugada tiene 17 palabras"), "{refused:?}");
        // English at the switch, and back.
        js(&c, "document.getElementById('lang-switch').click(); return true").await;
        assert_eq!(js(&c, "return document.querySelector('#judge-form h1').textContent").await, "Challenged play");
        js(&c, "document.getElementById('lang-switch').click(); return true").await;
        assert_eq!(js(&c, "return window.lexicoErrors").await, json!([]));

        // --solo-juez: Juez only.
        open(&c, &url(&solo)).await;
        assert_eq!(js(&c, "return document.getElementById('consult-form') === null").await, true);
        assert_eq!(js(&c, "return document.getElementById('dash-form') === null").await, true);
        assert_eq!(js(&c, "return document.querySelectorAll('#modes button').length").await, 0);
        assert_eq!(
            js(&c, "return document.getElementById('mode-list').textContent").await,
            "Esta página solo juzga jugadas: no consulta palabras"
        );

        // A byte flipped in the lexicon: one Spanish line, no verdict, no exception.
        c.goto(&url(&altered)).await.unwrap();
        until(&c, "return document.body.classList.contains('failed')", 30, "the altered page was not refused").await;
        let said = js(&c, "return document.getElementById('status').textContent").await;
        assert_eq!(said, "El léxico fue alterado: su resumen no es el que se exportó. No se juzga nada con él.");
        assert_eq!(js(&c, "return document.getElementById('judge-form').hidden && document.getElementById('verdict').hidden").await, true);
        assert_eq!(js(&c, "return window.lexicoErrors").await, json!([]));

        // FISE-2: 2,000 plays again.
        if let Some((lex, page)) = &fise2 {
            open(&c, &url(page)).await;
            let lex = lex.to_str().unwrap();
            let drawn = plays(&words_of(lex), 2000, 2016);
            assert_eq!(page_verdicts(&c, &drawn).await, cli_verdicts(lex, &drawn));
            assert_eq!(js(&c, "return document.getElementById('signer').textContent").await, "sin firma");
            // The verb card, which a lexicon built from the lemma lists can answer.
            let verbs: Vec<String> = ["DEBA", "CASA", "ÁRBOL", "COMIMOS", "MESA"].map(String::from).into();
            let wordings = dash_wordings(&c).await;
            let verb = wordings.iter().find(|w| w.to_lowercase().contains("verbo")).unwrap();
            same_dash(&c, lex, &[(verb, "", "")], &verbs).await;
            let deba = page_dash(&c, verb, "", "", &["DEBA".to_string()]).await;
            assert_eq!(deba[0][1], "CUMPLE", "{deba:?}");
        }

        // The station's /sin-conexion/ on localhost: the service worker installs, and the page
        // judges with the network off and the station stopped.
        chrome::network(&c, true).await;
        let station = start(&[]);
        let port = station.addr.rsplit(':').next().unwrap().to_string();
        let offline = format!("http://localhost:{port}/sin-conexion/");
        open(&c, &offline).await;
        let ready = "return document.getElementById('install-state').textContent.startsWith('Instalada')";
        until(&c, ready, 30, "the service worker did not install").await;
        let download = js(&c, "return document.getElementById('download').getAttribute('href')").await;
        assert_eq!(download, "juez.html");
        let (_, status) = station.stop();
        assert!(status.success());
        chrome::network(&c, false).await;
        open(&c, &offline).await;
        assert_eq!(page_verdicts(&c, &["casa perros".to_string(), "CASA GATOZQ".to_string()]).await, ["ACCEPTABLE", "UNACCEPTABLE"]);
        assert_eq!(js(&c, "return window.lexicoErrors").await, json!([]));

        // The folder form (`-o DIR`) on any static server of localhost: the same, and once its
        // service worker has installed, the server's refusals no longer matter.
        chrome::network(&c, true).await;
        let server = Folder::serve(&folder);
        let home = format!("http://localhost:{}/", server.port);
        open(&c, &home).await;
        until(&c, ready, 30, "the folder's service worker did not install").await;
        assert_eq!(js(&c, "return document.querySelectorAll('#modes button').length").await, 4);
        server.refuse();
        chrome::network(&c, false).await;
        open(&c, &home).await;
        assert_eq!(page_verdicts(&c, &["casa perros".to_string(), "CASA GATOZQ".to_string()]).await, ["ACCEPTABLE", "UNACCEPTABLE"]);
        assert_eq!(js(&c, "return window.lexicoErrors").await, json!([]));
        assert!(server.served() > 0);
        c.close().await.unwrap();
    });
    println!("screenshots: {}", screens().display());
}

/// `lexico ARGS` with the data folder `data`; its standard output, once it succeeded.
fn with_data(data: &Path, args: &[&str]) -> String {
    let out = lexico().args(args).env("LEXICO_DATA_DIR", data).output().unwrap();
    assert!(out.status.success(), "lexico {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Types `text` and Enter in the quiz's answer box.
async fn answer(c: &Client, text: &str) {
    c.find(Locator::Id("quiz-line")).await.unwrap().send_keys(&format!("{text}\u{E007}")).await.unwrap();
}

#[test]
fn the_offline_page_quizzes_into_a_cardbox_the_command_reads() {
    let Some((browser, driver)) = chrome::tools() else { return };
    let dir = temp_dir("browser", "offline-quiz");
    let single = dir.join("juez.html");
    let Some(_) = export(&["-o", single.to_str().unwrap()]) else {
        assert!(!chrome::required(), "LEXICO_REQUIRE_BROWSER=1 but this lexico has no offline page");
        println!("skipped: this lexico was built without the offline page (cargo xtask web; --features lexico/page)");
        return;
    };
    // A cardbox the command made and exported: the two-letter words' alphagrams, one card's
    // answers changed in the file (as another edition would have them).
    let cli_data = dir.join("cli-data");
    with_data(&cli_data, &["cardbox", "add", "--length", "2"]);
    let cli_csv = dir.join("cli.csv");
    with_data(&cli_data, &["cardbox", "export", cli_csv.to_str().unwrap()]);
    let first_due = with_data(&cli_data, &["cardbox", "due", "--limit", "1"]);
    let first_due = first_due.split('\t').next().unwrap().to_string();
    let text = std::fs::read_to_string(&cli_csv).unwrap();
    let mut rows: Vec<String> = text.lines().map(String::from).collect();
    let cli_cards = rows.len() - 1;
    assert!(cli_cards > 20, "{text}");
    let (question, rest) = rows[1].split_once(',').unwrap();
    let (_, rest) = rest.split_once(',').unwrap();
    rows[1] = format!("{question},ZZ,{rest}");
    std::fs::write(&cli_csv, rows.join("\n") + "\n").unwrap();

    let driver = chrome::start_driver(&driver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let c = chrome::session(&browser, &driver, &dir.join("profile")).await;
        chrome::record_errors(&c).await;
        chrome::viewport(&c, 320, 640).await;
        chrome::network(&c, false).await;
        let url = format!("file://{}", single.display());
        open(&c, &url).await;
        assert_eq!(js(&c, "return document.querySelectorAll('#modes button').length").await, 4);
        js(&c, "document.querySelector('#modes button[data-mode=estudio]').click(); return true").await;
        js(&c, "document.getElementById('quiz-length').value = '7'; document.getElementById('quiz-order').value = '..40'; \
                document.getElementById('quiz-limit').value = '3'; return true").await;
        c.find(Locator::Id("quiz-limit")).await.unwrap().send_keys("\u{E007}").await.unwrap();
        until(&c, "return !document.getElementById('quiz-ask').hidden", 10, "no quiz").await;
        let shown = || async { js(&c, "return document.getElementById('quiz-alphagram').textContent").await.as_str().unwrap().to_string() };
        let answers_of = |alphagram: &str| -> Vec<String> {
            let out = run(&["anagram", alphagram, "--format", "json"], b"");
            assert!(out.status.success());
            let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            rows.iter().map(|r| r["word"].as_str().unwrap().to_string()).collect()
        };
        let verdict = "return document.getElementById('quiz-result').hidden ? '' : document.getElementById('quiz-verdict').textContent";
        // 1: every answer, two on one line; the question ends by itself, passed.
        let q1 = shown().await;
        let a1 = answers_of(&q1);
        assert!(!a1.is_empty(), "{q1}");
        answer(&c, &a1.join(", ").to_lowercase()).await;
        assert_eq!(js(&c, verdict).await, "ACERTADA", "{q1}: {a1:?}");
        assert_eq!(js(&c, "return document.querySelectorAll('#quiz-typed .right').length").await, a1.len());
        // The guides' screenshot: a question answered, on a phone, nothing sideways.
        for_docs(&c.screenshot().await.unwrap(), "offline-quiz.png");
        assert_eq!(js(&c, "return document.documentElement.scrollWidth <= window.innerWidth").await, true);
        answer(&c, "").await;
        // 2: a wrong word, then Esc gives up: missed, its answers shown as missed.
        let q2 = shown().await;
        assert_ne!(q1, q2);
        answer(&c, "casa").await;
        assert_eq!(js(&c, "return document.querySelector('#quiz-typed .wrong').textContent").await, "✗ CASA: no es respuesta");
        c.find(Locator::Id("quiz-line")).await.unwrap().send_keys("\u{E00C}").await.unwrap();
        assert_eq!(js(&c, verdict).await, "FALLADA");
        assert_eq!(js(&c, "return document.querySelectorAll('#quiz-answers tr.missed').length").await, answers_of(&q2).len());
        answer(&c, "").await;
        // 3: "no hay" for a question with answers: missed, which the player overrules with +.
        let q3 = shown().await;
        answer(&c, "no hay").await;
        assert_eq!(js(&c, verdict).await, "FALLADA");
        answer(&c, "+").await;
        until(&c, "return document.getElementById('quiz-totals').textContent !== ''", 10, "no totals").await;
        let totals = js(&c, "return document.getElementById('quiz-totals').textContent").await;
        assert!(totals.as_str().unwrap().starts_with("2 de 3 preguntas acertadas"), "{totals}");

        // The page's CSV, into the command's cardbox: the boxes and history the answers make.
        js(&c, "document.getElementById('cardbox-export').click(); return true").await;
        let href = js(&c, "return document.getElementById('cardbox-download').getAttribute('href')").await;
        let csv = js_with(&c, "return decodeURIComponent(arguments[0].slice(arguments[0].indexOf(',') + 1))", vec![href]).await;
        let page_csv = dir.join("page.csv");
        std::fs::write(&page_csv, csv.as_str().unwrap()).unwrap();
        let data = dir.join("data");
        let imported = with_data(&data, &["cardbox", "import", page_csv.to_str().unwrap()]);
        assert!(imported.starts_with("3 "), "{imported}");
        let exported = dir.join("again.csv");
        with_data(&data, &["cardbox", "export", exported.to_str().unwrap()]);
        let again = std::fs::read_to_string(&exported).unwrap();
        assert_eq!(again, csv.as_str().unwrap(), "the command writes back what the page wrote");
        let mut cards: Vec<(String, String, String)> = again
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                (f[0].to_string(), f[3].to_string(), f[14].chars().take(1).collect())
            })
            .collect();
        cards.sort();
        let mut expected = vec![(q1, "1".to_string(), "+".to_string()), (q2, "0".into(), "-".into()), (q3, "1".into(), "+".into())];
        expected.sort();
        assert_eq!(cards, expected);

        // The command's CSV, into the page: every card due, the changed answer flagged, and the
        // due cards asked in the command's order.
        c.find(Locator::Id("cardbox-import")).await.unwrap().send_keys(cli_csv.to_str().unwrap()).await.unwrap();
        until(&c, "return document.getElementById('quiz-message').textContent !== ''", 10, "no import").await;
        assert_eq!(
            js(&c, "return document.getElementById('quiz-message').textContent").await,
            format!("{cli_cards} fichas importadas, 1 marcadas")
        );
        let stats = format!("{} fichas, {cli_cards} tocan ahora, 1 marcadas", cli_cards + 3);
        let said = js(&c, "return document.getElementById('cardbox-stats').textContent").await;
        assert!(said.as_str().unwrap().starts_with(&stats), "{said}");
        js(&c, "document.getElementById('quiz-due').click(); return true").await;
        until(&c, "return !document.getElementById('quiz-ask').hidden", 10, "no due quiz").await;
        assert_eq!(shown().await, first_due);

        // A reload keeps the cardbox.
        open(&c, &url).await;
        js(&c, "document.querySelector('#modes button[data-mode=estudio]').click(); return true").await;
        let again = js(&c, "return document.getElementById('cardbox-stats').textContent").await;
        assert_eq!(again, said);
        assert_eq!(js(&c, "return window.lexicoErrors").await, json!([]));
        c.close().await.unwrap();
    });
}

/// A static file server of a folder on a free loopback port (GET, one connection at a time, as
/// a club's web server would serve `lexico page -o DIR`), which can be told to answer 503 to
/// everything from then on.
struct Folder {
    port: u16,
    state: std::sync::Arc<(std::sync::atomic::AtomicBool, std::sync::atomic::AtomicUsize)>,
}

impl Folder {
    fn serve(dir: &Path) -> Folder {
        use std::io::{BufRead, BufReader, Write};
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = std::sync::Arc::new((
            std::sync::atomic::AtomicBool::new(false),
            std::sync::atomic::AtomicUsize::new(0),
        ));
        let (dir, shared) = (dir.to_path_buf(), state.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request = String::new();
                if reader.read_line(&mut request).is_err() {
                    continue;
                }
                let mut header = String::new();
                while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                    header.clear();
                }
                let path = request.split_whitespace().nth(1).unwrap_or("/").split('?').next().unwrap();
                let name = match path.trim_start_matches('/') {
                    "" => "index.html",
                    name => name,
                };
                let file = (!name.contains("..")).then(|| std::fs::read(dir.join(name)).ok()).flatten();
                let (status, body) = match file {
                    _ if shared.0.load(Ordering::SeqCst) => ("503 Service Unavailable", Vec::new()),
                    Some(bytes) => ("200 OK", bytes),
                    None => ("404 Not Found", Vec::new()),
                };
                shared.1.fetch_add(usize::from(status.starts_with("200")), Ordering::SeqCst);
                let kind = match name.rsplit('.').next().unwrap() {
                    "html" => "text/html; charset=utf-8",
                    "js" => "text/javascript; charset=utf-8",
                    "css" => "text/css; charset=utf-8",
                    "wasm" => "application/wasm",
                    "webmanifest" => "application/manifest+json",
                    "svg" => "image/svg+xml",
                    _ => "application/octet-stream",
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
            }
        });
        Folder { port, state }
    }

    /// From now on, every request gets 503.
    fn refuse(&self) {
        self.state.0.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// How many files it served.
    fn served(&self) -> usize {
        self.state.1.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// The SHA-256 of a file, as `sha256sum` prints it.
fn lexico_sha256(path: &Path) -> String {
    let out = std::process::Command::new("sha256sum").arg(path).output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
}
