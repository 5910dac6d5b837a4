//! The terminal judge at a real terminal: `valid --judge` run on a pseudo-terminal draws each
//! verdict large, in Spanish under a Spanish locale, and clears it after `--clear-after` seconds.

#![cfg(unix)]

mod common;

use std::fs::File;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::lexico;
use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};

/// Everything the terminal has shown so far, read from the pseudo-terminal's master side.
struct Terminal {
    master: File,
    shown: Arc<Mutex<Vec<u8>>>,
}

impl Terminal {
    /// The text shown since byte `from`, once `wanted` is in it; fails after ten seconds.
    fn wait_for(&self, from: usize, wanted: &str) -> (usize, String) {
        let start = Instant::now();
        loop {
            let shown = String::from_utf8_lossy(&self.shown.lock().unwrap()[from..]).into_owned();
            if let Some(at) = shown.find(wanted) {
                return (from + at + wanted.len(), shown);
            }
            assert!(start.elapsed() < Duration::from_secs(10), "{wanted:?} never shown: {shown:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_line(&mut self, line: &str) {
        self.master.write_all(line.as_bytes()).unwrap();
    }
}

/// Starts `lexico ARGS` with its standard input, output and error on a new pseudo-terminal of
/// 60 columns.
fn on_terminal(args: &[&str], env: &[(&str, &str)]) -> (std::process::Child, Terminal) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let size = rustix::termios::Winsize { ws_row: 24, ws_col: 60, ws_xpixel: 0, ws_ypixel: 0 };
    rustix::termios::tcsetwinsize(&master, size).unwrap();
    let slave = File::options().read(true).write(true).open(name.to_str().unwrap()).unwrap();
    let mut command = lexico();
    command.args(args).envs(env.iter().copied());
    command.stdin(slave.try_clone().unwrap()).stdout(slave.try_clone().unwrap()).stderr(slave);
    let child = command.spawn().unwrap();
    let master = File::from(master);
    let shown = Arc::new(Mutex::new(Vec::new()));
    let (mut reader, sink) = (master.try_clone().unwrap(), Arc::clone(&shown));
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // The read fails once the child has closed the terminal.
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    (child, Terminal { master, shown })
}

#[test]
fn at_a_terminal_the_judge_draws_the_verdict_large_and_clears_it() {
    let (mut child, mut term) = on_terminal(
        &["valid", "--judge", "--clear-after", "1"],
        &[("LANG", "es_ES.UTF-8"), ("NO_COLOR", "")],
    );
    // The screen is cleared and the prompt shown.
    let (at, _) = term.wait_for(0, "escriba cada jugada en una línea");
    term.type_line("casa perros\n");
    let (at, shown) = term.wait_for(at, "J U G A D A   A C E P T A B L E");
    assert!(shown.contains("\x1b[H\x1b[2J"), "the screen is cleared first: {shown:?}");
    assert!(shown.contains("\x1b[1;97;42m"), "green block: {shown:?}");
    // Full width: the middle line of the block has 60 columns.
    let middle = shown.lines().find(|l| l.contains("J U G A D A")).unwrap();
    let visible = middle.trim_start_matches("\x1b[1;97;42m").split("\x1b[0m").next().unwrap();
    assert_eq!(visible.chars().count(), 60, "{middle:?}");
    assert!(shown.contains("JUGADA ACEPTABLE\t") && shown.contains("incluido en el binario"), "{shown:?}");
    // After a second the verdict is cleared and the prompt shown alone.
    let started = Instant::now();
    let (at, _) = term.wait_for(at, "\x1b[H\x1b[2J");
    let (at, idle) = term.wait_for(at, "escriba cada jugada");
    assert!(started.elapsed() >= Duration::from_millis(500), "cleared too soon");
    assert!(!idle.contains("JUGADA"), "the verdict is gone: {idle:?}");
    term.type_line("casa gatozq\n");
    let (_, shown) = term.wait_for(at, "J U G A D A   I N A C E P T A B L E");
    assert!(shown.contains("\x1b[1;97;41m"), "red block: {shown:?}");
    // Ctrl-D ends the station: one play was unacceptable.
    term.type_line("\x04");
    assert_eq!(child.wait().unwrap().code(), Some(1));
}
