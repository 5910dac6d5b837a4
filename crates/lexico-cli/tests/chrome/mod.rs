//! Debian's chromium, headless, driven through chromedriver (WebDriver, with `fantoccini`), with
//! Chrome DevTools commands sent through chromedriver: what the offline page's browser test
//! needs of a browser, and the station's browser test of its driver.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

/// The first of `names` found on PATH.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|dir| names.iter().map(move |n| dir.join(n))).find(|p| p.is_file())
}

/// chromium and chromedriver, or `None` after printing one `skipped:` line; with
/// `LEXICO_REQUIRE_BROWSER=1` (CI) a missing one fails instead.
pub fn tools() -> Option<(PathBuf, PathBuf)> {
    match (on_path(&["chromium", "chromium-browser"]), on_path(&["chromedriver"])) {
        (Some(browser), Some(driver)) => Some((browser, driver)),
        _ => {
            assert!(!required(), "LEXICO_REQUIRE_BROWSER=1 but chromium or chromedriver is not on PATH");
            println!("skipped: chromium and chromedriver are not both on PATH (apt-get install chromium chromium-driver)");
            None
        }
    }
}

/// Returns true if and only if the browser tests must run (`LEXICO_REQUIRE_BROWSER=1`).
pub fn required() -> bool {
    std::env::var_os("LEXICO_REQUIRE_BROWSER").is_some_and(|v| v == "1")
}

/// chromedriver on a free port, killed when dropped.
pub struct Driver(Child, pub u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn start_driver(binary: &Path) -> Driver {
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

/// A headless session of `browser` through `driver`, with its profile in `profile`.
pub async fn session(browser: &Path, driver: &Driver, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": browser,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--window-size=1280,800", "--allow-file-access-from-files",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.1))
        .await
        .expect("a WebDriver session")
}

/// A Chrome DevTools command, sent through chromedriver.
#[derive(Debug)]
pub struct Cdp(pub &'static str, pub Value);

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(json!({"cmd": self.0, "params": self.1}).to_string()))
    }
}

pub async fn cdp(c: &Client, cmd: &'static str, params: Value) -> Value {
    c.issue_cmd(Cdp(cmd, params)).await.unwrap_or_else(|e| panic!("{cmd}: {e}"))
}

/// The page's viewport set to `width`×`height` CSS pixels: a phone's or a tablet's, in either
/// orientation, when its sides are at most 800 and 1100.
pub async fn viewport(c: &Client, width: u32, height: u32) {
    let mobile = width.min(height) <= 800 && width.max(height) <= 1100;
    let params = json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile});
    cdp(c, "Emulation.setDeviceMetricsOverride", params).await;
}

/// The network on or off for the page (`Network.emulateNetworkConditions`).
pub async fn network(c: &Client, on: bool) {
    cdp(c, "Network.enable", json!({})).await;
    let params = json!({"offline": !on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1});
    cdp(c, "Network.emulateNetworkConditions", params).await;
}

/// From now on, every page opened records its uncaught exceptions, rejected promises and
/// console errors in `window.lexicoErrors`, before any script of its own runs.
pub async fn record_errors(c: &Client) {
    let source = r#"
window.lexicoErrors = [];
window.addEventListener('error', function (e) { window.lexicoErrors.push('error: ' + e.message); });
window.addEventListener('unhandledrejection', function (e) { window.lexicoErrors.push('rejection: ' + e.reason); });
const consoleError = console.error;
console.error = function () { window.lexicoErrors.push('console: ' + Array.from(arguments).join(' ')); consoleError.apply(console, arguments); };
"#;
    cdp(c, "Page.enable", json!({})).await;
    cdp(c, "Page.addScriptToEvaluateOnNewDocument", json!({"source": source})).await;
}

pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{e}: {script}"))
}

pub async fn js_with(c: &Client, script: &str, args: Vec<Value>) -> Value {
    c.execute(script, args).await.unwrap_or_else(|e| panic!("{e}: {script}"))
}

/// Waits until `script` returns true, at most `seconds`.
pub async fn until(c: &Client, script: &str, seconds: u64, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while js(c, script).await != Value::Bool(true) {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
