//! What the station's test files share: a `lexico serve` started on a free loopback port, read
//! until it prints its addresses and codes, and a plain HTTP/1.1 client for its API.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Stdio};
use std::time::Duration;

#[path = "../common/mod.rs"]
pub mod common;
pub use common::{lexico, temp_dir, workspace};

/// The arbiter code the tests start the station with.
pub const ARBITER: &str = "ARBITER7";

/// A running station.
pub struct Station {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// What it printed at start, a line each.
    pub banner: Vec<String>,
    stdout: BufReader<ChildStdout>,
}

/// Starts `lexico serve --arbiter-code ARBITER` with `args` (on 127.0.0.1:0 unless `args` has
/// `--listen`) under `LC_ALL=C`, so that the terminal speaks English and the pages Spanish, and
/// waits until it says how to stop it.
pub fn start(args: &[&str]) -> Station {
    start_command(lexico(), args)
}

/// [`start`], the station limited to `files` open files (soft and hard limit, as `ulimit -n`
/// sets them in a shell), as on a machine left with the usual limit of 1024.
pub fn start_with_open_files(files: u64, args: &[&str]) -> Station {
    let mut command = std::process::Command::new("sh");
    command.args(["-c", &format!("ulimit -n {files} && exec \"$0\" \"$@\""), env!("CARGO_BIN_EXE_lexico")]);
    for var in common::LEXICON_VARS.iter().chain(&common::LOCALE_VARS) {
        command.env_remove(var);
    }
    start_command(command, args)
}

pub fn start_command(mut command: std::process::Command, args: &[&str]) -> Station {
    command.current_dir(workspace()).args(["serve", "--arbiter-code", ARBITER]).env("LC_ALL", "C");
    if !args.contains(&"--listen") {
        command.args(["--listen", "127.0.0.1:0"]);
    }
    let mut child = command
        .args(args)
        .env_remove("LEXICO_ARBITER_CODE")
        .env_remove("LEXICO_TABLE_CODE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut banner = Vec::new();
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            let mut err = String::new();
            child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            panic!("the station stopped at start ({:?}): {err}", child.wait().unwrap());
        }
        let line = line.trim_end().to_string();
        let done = line.starts_with("Ctrl-C");
        banner.push(line);
        if done {
            break;
        }
    }
    let page = banner.iter().find(|l| l.starts_with("Judge page: ")).expect("the judge page's address");
    let addr = page.trim_start_matches("Judge page: http://").trim_end_matches('/').to_string();
    Station { child, addr, banner, stdout }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Percent-encodes a query value.
pub fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// One GET of `target` from the server at `addr`, with extra header lines `headers`.
pub fn get(addr: &str, target: &str, headers: &[(&str, &str)]) -> std::io::Result<Answer> {
    request(addr, "GET", target, headers)
}

/// One request of `method` for `target` from the server at `addr`, with extra header lines.
pub fn request(addr: &str, method: &str, target: &str, headers: &[(&str, &str)]) -> std::io::Result<Answer> {
    let mut request = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    raw(addr, request.as_bytes())
}

/// Sends `bytes` to the server at `addr` as they are, and reads its answer to the end.
pub fn raw(addr: &str, bytes: &[u8]) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(15)))?;
    stream.write_all(bytes)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok(Answer { status, head: head.to_string(), body: body.to_string() })
}

impl Station {
    /// GET `target`, which must answer.
    pub fn get(&self, target: &str, headers: &[(&str, &str)]) -> Answer {
        get(&self.addr, target, headers).unwrap_or_else(|e| panic!("GET {target}: {e}"))
    }

    /// The value of the banner line that starts with `label` (up to the next space).
    pub fn banner_value(&self, label: &str) -> Option<String> {
        let line = self.banner.iter().find(|l| l.starts_with(label))?;
        Some(line[label.len()..].split_whitespace().next()?.to_string())
    }

    /// Stops the station with SIGTERM and returns what it printed after its banner, and its exit
    /// status.
    pub fn stop(self) -> (String, std::process::ExitStatus) {
        self.stop_with("TERM")
    }

    /// Stops the station with the signal `signal` (`TERM`, `INT`), as [`Station::stop`].
    pub fn stop_with(self, signal: &str) -> (String, std::process::ExitStatus) {
        let (rest, _, status) = self.stop_reading_stderr(signal);
        (rest, status)
    }

    /// [`Station::stop_with`], with what the station wrote to standard error.
    pub fn stop_reading_stderr(mut self, signal: &str) -> (String, String, std::process::ExitStatus) {
        let pid = self.child.id().to_string();
        let killed = std::process::Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap();
        assert!(killed.success());
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            e.read_to_string(&mut err).unwrap();
        }
        let status = self.child.wait().unwrap();
        (rest, err, status)
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
