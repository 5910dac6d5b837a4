//! The terminal judge's screen: how `valid --judge` shows a verdict when it reads plays at a
//! terminal and writes to one.
//!
//! Each verdict clears the screen and is drawn large: a block of five full-width lines in the
//! verdict's colour (green for acceptable, red for unacceptable, yellow for a play that cannot
//! be read), with the verdict in spaced capitals in the middle line, readable from across the
//! table; under it the usual verdict line (lexicon, checksum, signer) and the prompt. With
//! `NO_COLOR` set the block is drawn in reverse video instead. After `--clear-after` seconds
//! (0: never) a timer thread clears the verdict and shows the prompt alone again; a play typed
//! before then replaces the verdict and starts the wait again.
//!
//! The screen writes through its own handle on standard output (a duplicate of the descriptor),
//! so that the timer never waits for the lock the command's output holds. When standard input or
//! output is not a terminal, none of this is used: the station prints its lines as it always has.
//!
//! `lexico quiz` draws each alphagram with the same block ([`block`], [`Tone::Question`]).

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a verdict looks: the colour of its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Acceptable,
    Unacceptable,
    Error,
    /// A quiz's question (`lexico quiz`).
    Question,
}

/// Clears the screen and puts the cursor at its top left.
const CLEAR: &str = "\x1b[H\x1b[2J";
/// Ends a styled run.
const RESET: &str = "\x1b[0m";
/// Rows of the verdict block.
pub const BLOCK_ROWS: usize = 5;

/// The escape sequence that styles a block: bold white on the tone's colour, or bold reverse
/// video without colour.
fn style(tone: Tone, color: bool) -> &'static str {
    match (color, tone) {
        (false, _) => "\x1b[1;7m",
        (true, Tone::Acceptable) => "\x1b[1;97;42m",
        (true, Tone::Unacceptable) => "\x1b[1;97;41m",
        (true, Tone::Error) => "\x1b[1;30;43m",
        (true, Tone::Question) => "\x1b[1;97;44m",
    }
}

/// The verdict `text` drawn large for a terminal `width` columns wide: [`BLOCK_ROWS`] lines each
/// exactly `width` columns of the tone's style, the text in the middle one, centred, its letters
/// spaced apart when that fits (`J U G A D A   A C E P T A B L E`). A text wider than the
/// terminal is cut at its width. Each line ends with a reset and a line feed.
pub fn block(text: &str, tone: Tone, width: usize, color: bool) -> String {
    let width = width.max(1);
    let spaced: String = text
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            let gap = if i == 0 { "" } else { " " };
            gap.chars().chain(std::iter::once(c))
        })
        .collect();
    let chosen = if spaced.chars().count() + 4 <= width { spaced } else { text.to_string() };
    let shown: String = chosen.chars().take(width).collect();
    let len = shown.chars().count();
    let left = (width - len) / 2;
    let middle = format!("{}{shown}{}", " ".repeat(left), " ".repeat(width - len - left));
    let blank = " ".repeat(width);
    let style = style(tone, color);
    let mut out = String::new();
    for row in 0..BLOCK_ROWS {
        let line = if row == BLOCK_ROWS / 2 { &middle } else { &blank };
        out.push_str(style);
        out.push_str(line);
        out.push_str(RESET);
        out.push('\n');
    }
    out
}

/// What the screen shows between verdicts: the station's banner line and the prompt.
pub fn idle(banner: &str, prompt: &str) -> String {
    format!("{CLEAR}{banner}\n\n{prompt}\n")
}

/// The terminal judge's screen (see the module's documentation).
pub struct Screen {
    term: Arc<Mutex<std::fs::File>>,
    idle: Arc<String>,
    banner: String,
    prompt: String,
    color: bool,
    /// Tells the timer a verdict was shown; `None` when verdicts stay.
    timer: Option<Sender<()>>,
}

impl Screen {
    /// The screen of a station that says `banner` and `prompt`, whose verdicts clear after
    /// `clear_after` (never when zero); `None` when standard input or output is not a terminal,
    /// or the platform offers no second handle on standard output.
    pub fn open(banner: String, prompt: String, clear_after: Duration) -> Option<Screen> {
        use std::io::IsTerminal;
        if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
            return None;
        }
        let term = Arc::new(Mutex::new(duplicate_stdout()?));
        let idle = Arc::new(idle(&banner, &prompt));
        let timer = (!clear_after.is_zero()).then(|| {
            let (tx, rx) = mpsc::channel::<()>();
            let (term, idle) = (Arc::clone(&term), Arc::clone(&idle));
            std::thread::spawn(move || {
                // Each message is a verdict just shown: wait, and clear it unless another came.
                while rx.recv().is_ok() {
                    loop {
                        match rx.recv_timeout(clear_after) {
                            Ok(()) => continue,
                            Err(RecvTimeoutError::Disconnected) => return,
                            Err(RecvTimeoutError::Timeout) => {
                                let mut t = term.lock().unwrap_or_else(|e| e.into_inner());
                                // A verdict drawn while the lock was being taken has its own wait.
                                if rx.try_recv().is_ok() {
                                    continue;
                                }
                                let _ = t.write_all(idle.as_bytes()).and_then(|()| t.flush());
                                break;
                            }
                        }
                    }
                }
            });
            tx
        });
        let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let screen = Screen { term, idle, banner, prompt, color, timer };
        screen.write(&screen.idle).ok()?;
        Some(screen)
    }

    /// Draws a verdict: `big` in a block of `tone`, then `line` (the usual verdict line), `note`
    /// (why a play could not be judged) when there is one, and the prompt.
    pub fn show(&self, big: &str, tone: Tone, line: &str, note: Option<&str>) -> io::Result<()> {
        let mut text = format!("{CLEAR}{}\n\n", self.banner);
        text.push_str(&block(big, tone, self.width(), self.color));
        text.push('\n');
        text.push_str(line);
        text.push('\n');
        if let Some(note) = note {
            text.push_str(note);
            text.push('\n');
        }
        text.push('\n');
        text.push_str(&self.prompt);
        text.push('\n');
        let mut t = self.term.lock().unwrap_or_else(|e| e.into_inner());
        t.write_all(text.as_bytes())?;
        t.flush()?;
        if let Some(timer) = &self.timer {
            // Sent while the screen is held: the timer cannot clear this verdict early.
            let _ = timer.send(());
        }
        Ok(())
    }

    fn write(&self, text: &str) -> io::Result<()> {
        let mut t = self.term.lock().unwrap_or_else(|e| e.into_inner());
        t.write_all(text.as_bytes())?;
        t.flush()
    }

    fn width(&self) -> usize {
        terminal_width(&*self.term.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The width in columns of the terminal `term` writes to, 80 when it cannot be told.
#[cfg(unix)]
pub fn terminal_width(term: &impl std::os::fd::AsFd) -> usize {
    match rustix::termios::tcgetwinsize(term) {
        Ok(size) if size.ws_col > 0 => usize::from(size.ws_col),
        _ => 80,
    }
}

/// The width of a terminal, 80 where it cannot be told.
#[cfg(not(unix))]
pub fn terminal_width<T>(_: &T) -> usize {
    80
}

/// A second handle on standard output, written without its lock.
#[cfg(unix)]
fn duplicate_stdout() -> Option<std::fs::File> {
    use std::os::fd::AsFd;
    io::stdout().as_fd().try_clone_to_owned().ok().map(std::fs::File::from)
}

#[cfg(not(unix))]
fn duplicate_stdout() -> Option<std::fs::File> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The visible text of a line: escape sequences removed.
    fn visible(line: &str) -> String {
        let mut out = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn a_verdict_block_fills_the_width_with_the_verdict_spaced_in_the_middle() {
        let b = block("JUGADA ACEPTABLE", Tone::Acceptable, 60, true);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.len(), BLOCK_ROWS);
        for line in &lines {
            assert_eq!(visible(line).chars().count(), 60, "{line:?}");
            assert!(line.starts_with("\x1b[1;97;42m") && line.ends_with(RESET), "{line:?}");
        }
        assert_eq!(visible(lines[2]).trim(), "J U G A D A   A C E P T A B L E");
        assert!(visible(lines[0]).trim().is_empty());
        // Centred: as many spaces on each side, give or take one.
        let middle = visible(lines[2]);
        let left = middle.len() - middle.trim_start().len();
        let right = middle.len() - middle.trim_end().len();
        assert!(left.abs_diff(right) <= 1, "{middle:?}");
    }

    #[test]
    fn a_narrow_terminal_gets_the_verdict_unspaced_then_cut() {
        let b = block("JUGADA INACEPTABLE", Tone::Unacceptable, 24, true);
        assert_eq!(visible(b.lines().nth(2).unwrap()).trim(), "JUGADA INACEPTABLE");
        assert!(b.contains("\x1b[1;97;41m"));
        let b = block("JUGADA INACEPTABLE", Tone::Unacceptable, 10, true);
        assert_eq!(visible(b.lines().nth(2).unwrap()), "JUGADA INA");
    }

    #[test]
    fn without_colour_the_block_is_reverse_video() {
        let b = block("ERROR", Tone::Error, 20, false);
        assert!(b.lines().all(|l| l.starts_with("\x1b[1;7m")), "{b:?}");
        assert!(!b.contains("\x1b[1;30;43m"));
    }

    #[test]
    fn the_idle_screen_clears_then_shows_banner_and_prompt() {
        assert_eq!(idle("juez: X", "escriba"), "\x1b[H\x1b[2Jjuez: X\n\nescriba\n");
    }
}
