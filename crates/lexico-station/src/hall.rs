//! What a hall's monitors need from the terminal at start: every address at which their devices
//! reach the station, the judge page with its table code as a QR code to scan, and the access
//! codes themselves ([`new_code`], [`is_code`]); and the banner that says all of it ([`banner`]).

use std::net::{IpAddr, SocketAddr};
use std::path::Path;

use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::safe::escape_controls;

use crate::Station;

use qrcode::render::unicode::Dense1x2;
use qrcode::QrCode;

/// Letters and digits of a new code, without the look-alikes 0, O, 1, I and L.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The shortest and longest access code a station takes.
pub const CODE_LENGTHS: (usize, usize) = (6, 64);

/// A new random code of 8 characters from the system's random source.
pub fn new_code() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)?;
    // 256 is not a multiple of 31: the bias (at most one part in 8) costs less than a bit of the
    // code's 39.
    Ok(bytes.iter().map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char).collect())
}

/// Returns true if and only if `code` can be an access code: [`CODE_LENGTHS`] ASCII letters or
/// digits.
pub fn is_code(code: &str) -> bool {
    let (min, max) = CODE_LENGTHS;
    (min..=max).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The addresses at which a station listening on `local` can be reached: for the unspecified
/// address (`0.0.0.0`, `::`) the loopback address first, then every address of the machine's
/// interfaces that a browser can use (IPv4, and for `::` global IPv6 too, without link-local
/// ones, whose URLs need a zone); else `local` itself.
pub fn addresses(local: SocketAddr) -> Vec<SocketAddr> {
    let ip = local.ip();
    if !ip.is_unspecified() {
        return vec![local];
    }
    let port = local.port();
    let mut found: Vec<IpAddr> = vec![IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)];
    // A machine whose interfaces cannot be listed still has its loopback address.
    let interfaces = if_addrs::get_if_addrs().unwrap_or_default();
    for interface in interfaces {
        let address = interface.ip();
        let usable = match address {
            IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_unspecified(),
            // `::` also takes IPv4 on a dual-stack system; `0.0.0.0` takes no IPv6.
            IpAddr::V6(v6) => {
                ip.is_ipv6()
                    && !v6.is_loopback()
                    && !v6.is_unspecified()
                    && (v6.segments()[0] & 0xffc0) != 0xfe80
            }
        };
        if usable && !found.contains(&address) {
            found.push(address);
        }
    }
    // IPv4 before IPv6: hall networks hand out IPv4 addresses, and they are shorter to type.
    found[1..].sort_by_key(|a| (a.is_ipv6(), *a));
    found.into_iter().map(|a| SocketAddr::new(a, port)).collect()
}

/// The URL of the judge page at `addr`, with the table code when one is given (the page checks
/// it, keeps it for the tab and takes it out of the address bar).
pub fn judge_url(addr: SocketAddr, table_code: Option<&str>) -> String {
    match table_code {
        Some(code) => format!("http://{addr}/?codigo={code}"),
        None => format!("http://{addr}/"),
    }
}

/// The URL of the offline judge page at `addr` (`/sin-conexion/`), which needs no code.
pub fn offline_url(addr: SocketAddr) -> String {
    format!("http://{addr}{}", crate::OFFLINE_PATH)
}

/// Two drawings side by side, `gap` spaces apart, line by line; the shorter one is padded with
/// blank lines of its width (escape sequences take no width).
pub fn beside(left: &str, right: &str, gap: usize) -> String {
    let width = |line: &str| {
        let mut n = 0;
        let mut escape = false;
        for c in line.chars() {
            match c {
                '\x1b' => escape = true,
                'm' if escape => escape = false,
                _ if escape => {}
                _ => n += 1,
            }
        }
        n
    };
    let (l, r): (Vec<&str>, Vec<&str>) = (left.lines().collect(), right.lines().collect());
    let w = l.iter().map(|s| width(s)).max().unwrap_or(0);
    let mut out = String::new();
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        out.push_str(a);
        out.extend(std::iter::repeat_n(' ', w - width(a) + gap));
        out.push_str(r.get(i).copied().unwrap_or(""));
        out.push('\n');
    }
    out
}

/// `text` as a QR code drawn with Unicode half blocks, two modules a character, quiet zone
/// included. With `colours`, ANSI codes draw it black on white on any terminal; without, the
/// light modules are drawn as blocks and the dark ones as blanks, which reads right on a
/// terminal with a dark background (most) and as a negative elsewhere, which phone cameras
/// read too.
pub fn qr(text: &str, colours: bool) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    if colours {
        let image = code.render::<Dense1x2>().dark_color(Dense1x2::Dark).light_color(Dense1x2::Light).build();
        Some(image.lines().map(|line| format!("\x1b[30;47m{line}\x1b[0m\n")).collect())
    } else {
        let image = code.render::<Dense1x2>().dark_color(Dense1x2::Light).light_color(Dense1x2::Dark).build();
        Some(image.lines().map(|line| format!("{line}\n")).collect())
    }
}

/// The access code `code` given for the option `option` (`--arbiter-code`), or the message, in
/// `lang`, that says what a code must be.
pub fn given_code(code: &str, option: &str, lang: Lang) -> Result<String, String> {
    let (min, max) = CODE_LENGTHS;
    if !is_code(code) {
        return Err(msg(
            lang,
            "serve-error-code",
            &[("option", Arg::Str(option)), ("min", Arg::Num(min as u64)), ("max", Arg::Num(max as u64))],
        ));
    }
    Ok(code.to_string())
}

/// The tournament's name `name` as given, trimmed, or the message, in `lang`, that says what a
/// name must be: not empty, at most [`crate::MAX_TOURNAMENT`] characters, no control character.
pub fn given_tournament(name: &str, lang: Lang) -> Result<String, String> {
    let name = name.trim();
    let max = crate::MAX_TOURNAMENT;
    if name.is_empty() || name.chars().count() > max || name.chars().any(char::is_control) {
        return Err(msg(lang, "serve-error-tournament", &[("max", Arg::Num(max as u64))]));
    }
    Ok(name.to_string())
}

/// What a station listening on `local` says at start, in `lang`: the lexicon, every address of
/// the judge page, the arbiter page and its code, the table code, the offline page and, in a
/// hall, the judge page with the table code as a QR code (in colour when `colours`), beside the
/// offline page's; then where the audit log goes (`audit_log`) and how to stop. Names from files
/// and the command line are shown with their control characters escaped.
pub fn banner(
    st: &Station,
    local: SocketAddr,
    audit_log: Option<&Path>,
    colours: bool,
    lang: Lang,
) -> String {
    let mut out = String::new();
    // Over TLS every address is an https:// one.
    let tls = st.is_tls();
    let scheme = |url: String| if tls { url.replacen("http://", "https://", 1) } else { url };
    let t = |out: &mut String, id: &str, args: &[(&str, Arg)]| {
        out.push_str(&msg(lang, id, args));
        out.push('\n');
    };
    let title = escape_controls(&st.lexicon_title()).into_owned();
    t(
        &mut out,
        "serve-lexicon",
        &[("lexicon", Arg::Str(&title)), ("checksum", Arg::Str(&st.lexicon().sha256))],
    );
    if let Some(name) = st.tournament() {
        t(&mut out, "serve-tournament", &[("name", Arg::Str(&escape_controls(name)))]);
    }
    let addresses = addresses(local);
    let (first, network) = addresses.split_first().map_or((local, &[][..]), |(f, rest)| (*f, rest));
    t(&mut out, "serve-judge-page", &[("url", Arg::Str(&scheme(judge_url(first, None))))]);
    for a in network {
        t(&mut out, "serve-judge-page-network", &[("url", Arg::Str(&scheme(judge_url(*a, None))))]);
    }
    if local.ip().is_unspecified() && network.is_empty() {
        t(&mut out, "serve-no-network", &[]);
    }
    let arbiter = scheme(format!("http://{first}/arbitro"));
    t(&mut out, "serve-arbiter-page", &[("url", Arg::Str(&arbiter)), ("code", Arg::Str(st.arbiter_code()))]);
    if let Some(code) = st.table_code() {
        t(&mut out, "serve-table-code", &[("code", Arg::Str(code)), ("addr", Arg::Str(&local.to_string()))]);
    }
    let offline = |a: SocketAddr| st.offers_offline().then(|| scheme(offline_url(a)));
    match offline(first) {
        Some(url) => t(&mut out, "serve-offline-page", &[("url", Arg::Str(&url))]),
        None => t(&mut out, "serve-offline-missing", &[]),
    }
    // The QR code opens the judge page on a hall device: on the first address of the network;
    // beside it, the offline page's, for players to take the judge home.
    let scanned = if local.ip().is_loopback() { None } else { network.first().or(Some(&first)) };
    if let (Some(addr), Some(code)) = (scanned, st.table_code()) {
        let url = scheme(judge_url(*addr, Some(code)));
        if let Some(drawn) = qr(&url, colours) {
            t(&mut out, "serve-qr", &[("url", Arg::Str(&url))]);
            match offline(*addr).and_then(|u| Some((qr(&u, colours)?, u))) {
                Some((page, u)) => {
                    t(&mut out, "serve-qr-offline", &[("url", Arg::Str(&u))]);
                    out.push_str(&beside(&drawn, &page, 2));
                }
                None => out.push_str(&drawn),
            }
        }
    }
    match audit_log {
        Some(path) => {
            let path = escape_controls(&path.display().to_string()).into_owned();
            t(&mut out, "serve-audit-log", &[("path", Arg::Str(&path))])
        }
        None => t(&mut out, "serve-no-audit-log", &[]),
    }
    t(&mut out, "serve-stop-hint", &[]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_codes_are_checked() {
        assert!(given_code("ABC123", "--arbiter-code", Lang::En).is_ok());
        assert!(given_code("ABC12", "--arbiter-code", Lang::En).is_err());
        assert!(given_code("ABC 123", "--arbiter-code", Lang::En).is_err());
        let e = given_code("ÁRBITRO1", "--table-code", Lang::Es).unwrap_err();
        assert!(e.starts_with("el código de --table-code"), "{e}");
        assert_eq!(given_tournament("  Open de Madrid ", Lang::En).as_deref(), Ok("Open de Madrid"));
        assert!(given_tournament("a\u{1b}b", Lang::En).is_err());
        assert!(given_tournament(" ", Lang::En).is_err());
    }

    #[test]
    fn new_codes_are_eight_unambiguous_characters_and_differ() {
        let (a, b) = (new_code().unwrap(), new_code().unwrap());
        assert_eq!(a.len(), 8);
        assert!(a.bytes().all(|c| CODE_ALPHABET.contains(&c)));
        assert_ne!(a, b);
    }

    #[test]
    fn codes_are_six_to_sixty_four_letters_or_digits() {
        assert!(is_code("ABC123"));
        assert!(!is_code("ABC12"));
        assert!(!is_code("ABC 123"));
        assert!(!is_code("ÁRBITRO1"));
    }

    #[test]
    fn a_loopback_or_given_address_is_the_only_one() {
        let local: SocketAddr = "127.0.0.1:8034".parse().unwrap();
        assert_eq!(addresses(local), [local]);
        let lan: SocketAddr = "192.168.1.10:8034".parse().unwrap();
        assert_eq!(addresses(lan), [lan]);
    }

    #[test]
    fn every_interface_address_is_listed_loopback_first() {
        let all = addresses("0.0.0.0:8034".parse().unwrap());
        assert_eq!(all[0], "127.0.0.1:8034".parse::<SocketAddr>().unwrap());
        assert!(all.iter().all(|a| a.is_ipv4() && a.port() == 8034));
        let listed: Vec<IpAddr> = if_addrs::get_if_addrs().unwrap().iter().map(|i| i.ip()).collect();
        for a in &all[1..] {
            assert!(listed.contains(&a.ip()) && !a.ip().is_loopback(), "{a}");
        }
        let mut unique = all.clone();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
    }

    #[test]
    fn two_drawings_stand_side_by_side() {
        let joined = beside("ab\ncd\nef\n", "\x1b[30mXY\x1b[0m\nZW\n", 1);
        assert_eq!(joined, "ab \x1b[30mXY\x1b[0m\ncd ZW\nef \n");
        assert_eq!(beside("\x1b[30mab\x1b[0m\n", "", 2), "\x1b[30mab\x1b[0m  \n");
        assert_eq!(offline_url("10.0.0.2:8034".parse().unwrap()), "http://10.0.0.2:8034/sin-conexion/");
    }

    #[test]
    fn the_qr_code_holds_the_judge_url_with_its_table_code() {
        let url = judge_url("192.168.1.10:8034".parse().unwrap(), Some("P3XW9RTK"));
        assert_eq!(url, "http://192.168.1.10:8034/?codigo=P3XW9RTK");
        let drawn = qr(&url, false).unwrap();
        // Read the drawing back into modules (true: dark) and compare with the code's own.
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for line in drawn.lines() {
            let (mut top, mut bottom) = (Vec::new(), Vec::new());
            for c in line.chars() {
                let (t, b) = match c {
                    ' ' => (true, true),
                    '\u{2584}' => (true, false),
                    '\u{2580}' => (false, true),
                    '\u{2588}' => (false, false),
                    other => panic!("{other:?} in the QR code"),
                };
                top.push(t);
                bottom.push(b);
            }
            rows.push(top);
            rows.push(bottom);
        }
        let code = QrCode::new(url.as_bytes()).unwrap();
        let (width, quiet) = (code.width(), 4);
        let colors = code.to_colors();
        for y in 0..width {
            for x in 0..width {
                let dark = colors[y * width + x] == qrcode::Color::Dark;
                assert_eq!(rows[y + quiet][x + quiet], dark, "module {x},{y}");
            }
        }
        assert!(!rows[0].iter().any(|d| *d), "the quiet zone is light");
        let coloured = qr(&url, true).unwrap();
        assert!(coloured.lines().all(|l| l.starts_with("\x1b[30;47m") && l.ends_with("\x1b[0m")));
    }
}
