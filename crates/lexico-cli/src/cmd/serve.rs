//! `lexico serve`: the judge station in a browser (`lexico-station`, `docs/arbitros.md`): its flags;
//! it prints the station's banner at start (`lexico_station::hall::banner`).
//!
//! The lexicon is opened once, at start, and copied into memory. The station listens on
//! 127.0.0.1 unless `--listen` names another address; on any address but loopback the judge
//! answers only holders of the table code. The codes are printed at start: the arbiter code
//! always, the table code when one is needed, with every address of the judge page and, in a
//! hall, a QR code that opens it with the table code. Ctrl-C or SIGTERM stops it: requests under
//! way finish (five seconds at most), and every judgement is in the audit log by then, since each
//! is written and synced before its verdict is sent.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use anyhow::{Context, Result};
use lexico_station::audit::AuditLog;
use lexico_station::{hall, Station};

use crate::i18n::{msg, Arg, Lang};
use crate::lexicons::LexiconArg;

/// The address the station listens on by default.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8034";

#[derive(clap::Args)]
pub struct Args {
    /// The address and port to listen on. Any address but loopback serves the judge only to
    /// holders of the table code printed at start, with every address of the machine and a QR
    /// code of the judge page for the hall's devices. Port 0 takes a free port.
    #[arg(long, value_name = "ADDR", default_value = DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// Seconds after which the judge page clears a verdict (the next play judged replaces it
    /// before); 0 keeps it until then.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub clear_after: u64,
    /// Append every judgement to FILE as CSV (UTC time, play as typed, table, round, verdict,
    /// lexicon checksum, signer, judgement number), each line synced to the disk before its
    /// verdict is sent; the numbered judgements FILE already holds open their rulings again.
    #[arg(long, value_name = "FILE")]
    pub audit_log: Option<PathBuf>,
    /// The tournament's name (at most 100 characters), shown on the pages and on the arbiter's
    /// printed ruling.
    #[arg(long = "torneo", visible_alias = "tournament", value_name = "NAME")]
    pub tournament: Option<String>,
    /// Plays one table may have judged per minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub rate_limit: u32,
    /// The arbiter's access code (6 to 64 ASCII letters or digits); default: a new random code
    /// at each start.
    #[arg(long, value_name = "CODE", env = "LEXICO_ARBITER_CODE", hide_env_values = true)]
    pub arbiter_code: Option<String>,
    /// The tables' access code (6 to 64 ASCII letters or digits): required by the judge on any
    /// listener, loopback too, when given; default on an address but loopback: a new random code.
    #[arg(long, value_name = "CODE", env = "LEXICO_TABLE_CODE", hide_env_values = true)]
    pub table_code: Option<String>,
    /// Serve HTTPS with the certificate chain CERT and its private key KEY (PEM files), so that
    /// phones in the hall can install the offline page as an app (browsers allow it only over
    /// HTTPS, or on localhost).
    #[arg(long, num_args = 2, value_names = ["CERT", "KEY"])]
    pub tls: Option<Vec<PathBuf>>,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// A code given for `option`, checked; or a new one when none is given.
fn code(given: Option<&str>, option: &str, lang: Lang) -> Result<String> {
    match given {
        Some(code) => hall::given_code(code, option, lang).map_err(anyhow::Error::msg),
        None => hall::new_code().map_err(|e| anyhow::anyhow!("no random source for an access code: {e}")),
    }
}

/// Says a line to the station's operator, on standard error.
fn warn(line: &str) {
    crate::input::warn(line);
}

pub fn run(args: Args) -> Result<ExitCode> {
    let term = crate::i18n::terminal();
    let tournament = args
        .tournament
        .as_deref()
        .map(|t| hall::given_tournament(t, term).map_err(anyhow::Error::msg))
        .transpose()?;
    // A station may run for hours: its lexicon is read once into memory of this process and
    // checked there in full, trusting no record; it answers from those bytes until it stops,
    // whatever happens to the file.
    let opened = args.lexicon.open_checked(crate::lexicons::Check::Full)?;
    let (lex, signer) = (opened.lexicon, opened.signer);
    let checksum = lex.payload_sha256_verified()?.to_string();
    let arbiter_code = code(args.arbiter_code.as_deref(), "--arbiter-code", term)?;
    let hall = !args.listen.ip().is_loopback();
    let table_code = match (&args.table_code, hall) {
        (None, false) => None,
        (given, _) => Some(code(given.as_deref(), "--table-code", term)?),
    };
    let audit = match args.audit_log.as_deref() {
        Some(p) => Some(
            AuditLog::open(p, &checksum, &signer.to_string())
                .with_context(|| format!("{} (--audit-log)", p.display()))?,
        ),
        None => None,
    };
    let settings = lexico_station::Settings {
        lang: crate::i18n::station(),
        signer,
        arbiter_code,
        table_code,
        clear_after: args.clear_after,
        rate_limit: args.rate_limit,
        audit,
        tournament,
        warn,
    };
    let mut station =
        Station::new(lex, settings)?.with_offline(offline_files(&args.lexicon, args.clear_after)?);
    if let Some([cert, key]) = args.tls.as_deref() {
        station = station.with_tls(cert, key)?;
    }
    let st = Arc::new(station);
    let addr = args.listen.to_string();
    lexico_station::run(Arc::clone(&st), args.listen, term, |st, local| {
        // The QR codes are drawn in colour on a terminal, unless NO_COLOR says otherwise.
        let colours =
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let banner = hall::banner(st, local, args.audit_log.as_deref(), colours, term);
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(banner.as_bytes());
        let _ = stdout.flush();
    })
    .with_context(|| msg(term, "serve-error-listen", &[("addr", Arg::Str(&addr))]))?;
    println!("{}", msg(term, "serve-stopped", &[("count", Arg::Num(st.judged.load(Ordering::Relaxed)))]));
    Ok(ExitCode::SUCCESS)
}

/// The offline judge page's folder, which the station offers at `/sin-conexion/`: none when this
/// binary has no engine (built without the feature `page`).
fn offline_files(
    lexicon: &crate::lexicons::LexiconArg,
    clear_after: u64,
) -> Result<Vec<lexico_station::OfflineFile>> {
    let Some(engine) = crate::offline::engine() else { return Ok(Vec::new()) };
    let carried = crate::offline::carried(lexicon, &[])?;
    let page = lexico_web::page::Page {
        lexicon: &carried.bytes,
        trust: &carried.trust,
        modes: &lexico_web::page::PageMode::ALL,
        clear_after,
        lang: crate::i18n::station(),
    };
    let files = lexico_web::page::folder(engine, &page)?;
    Ok(files
        .into_iter()
        .map(|f| lexico_station::OfflineFile { name: f.name, content_type: f.content_type, bytes: f.bytes })
        .collect())
}
