//! The terminal judge at a real terminal: `valid --judge` run on a pseudo-terminal draws each
//! verdict large, in Spanish under a Spanish locale, and clears it after `--clear-after` seconds.

#![cfg(unix)]

mod common;

use std::time::{Duration, Instant};

use common::terminal::on_terminal;

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
