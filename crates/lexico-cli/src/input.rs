//! Words and racks from arguments or, with none, from standard input one per line.

use std::io::{self, BufRead};

use anyhow::{Context, Result};

/// Calls `f(text, place)` for each argument, or each line of standard input when there are no
/// arguments, as each line arrives (a judge station answers play by play). `place` names where
/// the text came from, for error messages (`argument 2`, `<stdin>:12`). LF, CRLF and bare CR end
/// lines; blank lines are skipped; a BOM is dropped.
pub fn each(args: &[String], mut f: impl FnMut(&str, &str) -> Result<()>) -> Result<()> {
    if !args.is_empty() {
        for (i, a) in args.iter().enumerate() {
            f(a, &format!("argument {}", i + 1))?;
        }
        return Ok(());
    }
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    let mut n = 0usize;
    loop {
        buf.clear();
        if lock.read_until(b'\n', &mut buf).context("reading standard input")? == 0 {
            return Ok(());
        }
        for line in split_lines(trim_line(&buf, n == 0)) {
            n += 1;
            let text = std::str::from_utf8(line).map_err(|e| invalid_utf8(n, line, e))?;
            let text = text.trim();
            if !text.is_empty() {
                f(text, &format!("<stdin>:{n}"))?;
            }
        }
    }
}

/// The error for line `n` of standard input, which stops being UTF-8 where `e` says: the column
/// counts characters, as every other column does, and the message names the encoding the line
/// seems to be in, if any.
pub fn invalid_utf8(n: usize, line: &[u8], e: std::str::Utf8Error) -> anyhow::Error {
    let valid = std::str::from_utf8(&line[..e.valid_up_to()]).map_or(0, |s| s.chars().count());
    let message = lexico_rules::sources::invalid_utf8(line, e.valid_up_to(), "input");
    anyhow::anyhow!("<stdin>:{n}:{}: {message}", valid + 1)
}

/// Splits bytes into lines at LF, CRLF or a bare CR.
pub fn split_lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let data = data.strip_suffix(b"\n").unwrap_or(data);
    let data = data.strip_suffix(b"\r").unwrap_or(data);
    let mut rest = Some(data);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let skip = if s[i..].starts_with(b"\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// Drops the line end (LF, CRLF) and, on the first line, a UTF-8 BOM.
pub fn trim_line(buf: &[u8], first: bool) -> &[u8] {
    let mut line = buf.strip_suffix(b"\n").unwrap_or(buf);
    line = line.strip_suffix(b"\r").unwrap_or(line);
    if first {
        line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    }
    line
}
