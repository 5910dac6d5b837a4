//! A pseudo-terminal for the binary: what a program that draws on a terminal shows, and keys
//! typed into it.

use std::fs::File;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};

use super::lexico;

/// Everything the terminal has shown so far, read from the pseudo-terminal's master side.
pub struct Terminal {
    pub master: File,
    pub shown: Arc<Mutex<Vec<u8>>>,
}

impl Terminal {
    /// The text shown since byte `from`, once `wanted` is in it; fails after ten seconds.
    pub fn wait_for(&self, from: usize, wanted: &str) -> (usize, String) {
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

    pub fn type_line(&mut self, line: &str) {
        self.master.write_all(line.as_bytes()).unwrap();
    }
}

/// Starts `lexico ARGS` with its standard input, output and error on a new pseudo-terminal of
/// 60 columns.
pub fn on_terminal(args: &[&str], env: &[(&str, &str)]) -> (std::process::Child, Terminal) {
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
