//! The station's pages in a real browser: Debian's `chromium` driven through `chromedriver`
//! (WebDriver, with `fantoccini`). A monitor types an acceptable and an unacceptable play with
//! the keyboard and reads the verdicts; no text of the page names the failing word; the verdict
//! clears itself; the arbiter page refuses a wrong code and explains a play with the right one;
//! the audit log holds the rows. Screenshots of both pages go to `target/tmp/station/`.
//!
//! Without chromium or chromedriver the test prints one `skipped:` line and passes, unless
//! `LEXICO_REQUIRE_BROWSER=1` (as in CI, where `.ci/run` installs them).

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{ClientBuilder, Locator};
use serde_json::json;

mod harness;
use harness::{start, temp_dir, ARBITER};

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
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("station");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Enter, as WebDriver types it.
const ENTER: &str = "\u{E007}";

#[test]
fn a_monitor_judges_plays_in_a_browser_and_the_arbiter_page_needs_its_code() {
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
    let st = start(&["--audit-log", log.to_str().unwrap(), "--clear-after", "2"]);
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
                "--window-size=1280,800", format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.1))
            .await
            .expect("a WebDriver session");
        let wait = Duration::from_secs(10);
        let base = format!("http://{}", st.addr);
        c.goto(&format!("{base}/")).await.unwrap();
        assert_eq!(
            c.find(Locator::Css("html")).await.unwrap().attr("lang").await.unwrap().as_deref(),
            Some("es")
        );
        let footer = c.find(Locator::Id("lexicon")).await.unwrap().text().await.unwrap();
        assert!(footer.contains("Letterpress Spanish list"), "{footer}");

        // The play box has the focus: the keyboard alone judges.
        let play = c.active_element().await.unwrap();
        assert_eq!(play.attr("id").await.unwrap().as_deref(), Some("play"));
        play.send_keys(&format!("casa, perros{ENTER}")).await.unwrap();
        let verdict = c.wait().at_most(wait).for_element(Locator::Css("#verdict.acceptable")).await.unwrap();
        assert_eq!(verdict.text().await.unwrap(), "JUGADA ACEPTABLE");
        std::fs::write(screenshots().join("judge-acceptable.png"), c.screenshot().await.unwrap()).unwrap();

        let play = c.active_element().await.unwrap();
        assert_eq!(play.attr("id").await.unwrap().as_deref(), Some("play"));
        play.send_keys(&format!("CASA GATOZQ{ENTER}")).await.unwrap();
        let verdict =
            c.wait().at_most(wait).for_element(Locator::Css("#verdict.unacceptable")).await.unwrap();
        assert_eq!(verdict.text().await.unwrap(), "JUGADA INACEPTABLE");
        std::fs::write(screenshots().join("judge.png"), c.screenshot().await.unwrap()).unwrap();
        // Nothing on the page, text or form value, names the failing word.
        let text = c.execute("return document.body.innerText", vec![]).await.unwrap();
        let html = c.source().await.unwrap();
        let value = c.execute("return document.getElementById('play').value", vec![]).await.unwrap();
        for shown in [text.as_str().unwrap().to_uppercase(), html.to_uppercase(), value.to_string()] {
            assert!(!shown.contains("GATOZQ"), "the failing word is on the page: {shown}");
        }
        // The verdict clears itself (--clear-after 2).
        let deadline = Instant::now() + wait;
        while !verdict.text().await.unwrap().is_empty() {
            assert!(Instant::now() < deadline, "the verdict did not clear");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }

        // The arbiter page: a wrong code shows nothing but the refusal.
        c.goto(&format!("{base}/arbitro")).await.unwrap();
        let code = c.find(Locator::Id("code")).await.unwrap();
        code.send_keys("WRONG123").await.unwrap();
        c.find(Locator::Id("words")).await.unwrap().send_keys(&format!("GATOZQ CASA{ENTER}")).await.unwrap();
        let message = c.find(Locator::Id("message")).await.unwrap();
        let deadline = Instant::now() + wait;
        while message.text().await.unwrap().is_empty() {
            assert!(Instant::now() < deadline, "no refusal shown");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(message.text().await.unwrap(), "Código incorrecto.");
        let dictamen = c.find(Locator::Id("dictamen")).await.unwrap();
        assert!(!dictamen.is_displayed().await.unwrap());
        let text = c.execute("return document.body.innerText", vec![]).await.unwrap();
        assert!(!text.as_str().unwrap().contains("VÁLIDA"), "{text}");

        // The right code: each word explained, with its rule or reason, ready to print.
        code.clear().await.unwrap();
        code.send_keys(&format!("{ARBITER}{ENTER}")).await.unwrap();
        c.wait().at_most(wait).for_element(Locator::Css("#words-explained > li:nth-child(2)")).await.unwrap();
        assert!(dictamen.is_displayed().await.unwrap());
        let ruling = dictamen.text().await.unwrap();
        assert!(ruling.contains("GATOZQ INVÁLIDA") && ruling.contains("CASA VÁLIDA"), "{ruling}");
        assert!(ruling.contains("no figura en las fuentes"), "{ruling}");
        std::fs::write(screenshots().join("arbiter.png"), c.screenshot().await.unwrap()).unwrap();
        c.close().await.unwrap();
    });
    drop(driver);
    let (_, status) = st.stop();
    assert!(status.success());
    let log = std::fs::read_to_string(&log).unwrap();
    let verdicts: Vec<String> =
        csv::Reader::from_reader(log.as_bytes()).records().map(|r| r.unwrap()[4].to_string()).collect();
    assert_eq!(verdicts, ["ACCEPTABLE", "UNACCEPTABLE"], "{log}");
    assert!(log.contains(",\"casa, perros\",") && log.contains(",CASA GATOZQ,"), "{log}");
    println!("screenshots: {}", screenshots().display());
}
