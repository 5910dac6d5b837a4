//! The judge station of `lexico serve`: an HTTP server (axum on hyper and tokio) with the judge
//! page (`/`), the arbiter page (`/arbitro`), the JSON API (`/api/v1/…`) and, when given its
//! files, the offline judge page (`/sin-conexion/`), all from memory; no request ever reads a
//! file.
//!
//! Access: the judge answers anyone on a loopback listener, and only holders of the table code
//! (or the arbiter code) on any other address, where every play must name its table; the
//! arbiter's endpoints need the arbiter code. Codes come in the `X-Lexico-Code` header or the
//! `code` query parameter and are compared in constant time; an address that gives too many
//! wrong codes has none checked for a while ([`limits`]). Every request is bounded: its head
//! (read by [`listen`] before the router sees it), the URI's length, the fields' lengths, the
//! words of a play and their lengths, and the judgements of one table per minute. Every
//! judgement gets a number ([`judgements`]) with which the arbiter opens its ruling. Every
//! refusal of the API is a JSON body with a stable code and a message in the station's language
//! (or the one `lang` asks for); a browser refused a page gets a page that says why. See
//! `docs/arbiters.md`.

#![deny(missing_docs)]

pub mod api;
pub mod audit;
mod dash;
pub mod hall;
pub mod judgements;
pub mod limits;
pub mod listen;
mod pages;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::extract::{ConnectInfo, RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::ruling::ruling_word;
use lexico_answers::{judge_play, judge_word, play_words, say, ExplanationRecord, PlayVerdict, Signer};
use lexico_lexicon::Lexicon;
use subtle::ConstantTimeEq;

use crate::api::{
    CodeAnswer, ExplainAnswer, JudgeAnswer, LexiconAnswer, LexiconInfo, RefusalAnswer, RulingAnswer,
    ValidAnswer,
};
use crate::audit::AuditLog;
use crate::judgements::{Judgement, Judgements};
use crate::limits::{CodeAttempts, PerMinute};

/// The longest request target (path and query) served, in bytes.
pub const MAX_URI: usize = 2048;
/// The longest play, in characters.
pub const MAX_PLAY: usize = 400;
/// The most words in a play: the answers' bound, which the browser's judge keeps too.
pub const MAX_WORDS: usize = lexico_answers::MAX_PLAY_WORDS;
/// The longest word of a play or of the arbiter's endpoints, in characters.
pub const MAX_WORD: usize = 64;
/// The longest table or round label, in characters.
pub const MAX_LABEL: usize = 32;
/// The longest judgement number the arbiter may type, in characters.
pub const MAX_NUMBER: usize = 16;
/// The longest tournament name (`--torneo`), in characters.
pub const MAX_TOURNAMENT: usize = 100;
/// The longest request body accepted, in bytes (the station reads none: every request is a GET).
pub const MAX_BODY: u64 = 1024;
/// The header that carries an access code.
pub const CODE_HEADER: &str = "x-lexico-code";

/// How the station was asked to run, fixed at start.
pub struct Settings {
    /// The language of its pages and answers (a request may ask for another).
    pub lang: Lang,
    /// Who vouches for the lexicon, named on the pages in the station's language.
    pub signer: Signer,
    /// The code the arbiter's page and endpoints need.
    pub arbiter_code: String,
    /// The code the judge needs, when it needs one (any listener but loopback).
    pub table_code: Option<String>,
    /// Seconds after which the judge page clears a verdict (0: never by itself).
    pub clear_after: u64,
    /// Plays one table may have judged per minute (0: no limit).
    pub rate_limit: u32,
    /// Where every judgement is logged, if anywhere; the numbered judgements it already holds
    /// open their rulings.
    pub audit: Option<AuditLog>,
    /// The tournament's name, on the pages and the arbiter's ruling.
    pub tournament: Option<String>,
    /// Where the station says what its operator must know (the audit log cannot be written,
    /// connections cannot be accepted): a line for people, in the terminal's language.
    pub warn: fn(&str),
}

/// Why a station cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    /// The lexicon's manifest cannot be read.
    #[error(transparent)]
    Lexicon(#[from] lexico_lexicon::LexiconError),
    /// A page template names a message or value that does not exist.
    #[error("{0}")]
    Page(String),
    /// The certificate or key for HTTPS cannot be used.
    #[error("{0}")]
    Tls(String),
}

/// What the station serves with, fixed at start.
pub struct Station {
    lex: Lexicon,
    /// The language of its pages and answers.
    pub lang: Lang,
    lexicon: LexiconInfo,
    signer: Signer,
    arbiter_code: String,
    table_code: Option<String>,
    clear_after: u64,
    tournament: Option<String>,
    audit: Option<Mutex<AuditLog>>,
    warn: fn(&str),
    /// Plays judged since start (an unreadable play is no judgement).
    pub judged: AtomicU64,
    /// The plays judged, by number.
    judgements: Mutex<Judgements>,
    /// Judgements per table and minute.
    per_table: PerMinute<String>,
    /// Wrong codes per client address.
    attempts: CodeAttempts,
    judge_page: String,
    arbiter_page: String,
    offline: Vec<OfflineFile>,
    tls: Option<tokio_rustls::TlsAcceptor>,
}

/// A file of the offline judge page the station offers at `/sin-conexion/` (`lexico page`'s
/// folder: `index.html` is the page itself).
pub struct OfflineFile {
    /// Its name in the folder.
    pub name: &'static str,
    /// Its media type.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The path of the offline judge page.
pub const OFFLINE_PATH: &str = "/sin-conexion/";

/// What the offline page may load: its own files, its WebAssembly, its manifest and service
/// worker, and nothing from anywhere else.
const OFFLINE_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self' data:; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

impl Station {
    /// A station for `lex`; the pages are rendered here, once.
    pub fn new(lex: Lexicon, settings: Settings) -> Result<Station, StationError> {
        let m = lex.manifest()?;
        let lexicon = LexiconInfo {
            edition: m.edition.clone(),
            name: m.name.clone(),
            sha256: m.payload_sha256.clone(),
            signer: None,
            version: m.version.clone(),
        };
        let Settings {
            lang,
            signer,
            arbiter_code,
            table_code,
            clear_after,
            rate_limit,
            mut audit,
            tournament,
            warn,
        } = settings;
        let mut judgements = Judgements::default();
        for logged in audit.as_mut().map(AuditLog::take_past).unwrap_or_default() {
            // A ruling is made with the lexicon that judged the play, or not at all.
            if logged.same_lexicon {
                let audit::Logged { number, time, play, table, round, .. } = logged;
                judgements.insert(number, Judgement { time, play, table, round });
            } else {
                judgements.retire(logged.number);
            }
        }
        let mut station = Station {
            lex,
            lang,
            lexicon,
            signer,
            arbiter_code,
            table_code,
            clear_after,
            tournament,
            audit: audit.map(Mutex::new),
            warn,
            judged: AtomicU64::new(0),
            judgements: Mutex::new(judgements),
            per_table: PerMinute::new(rate_limit),
            attempts: CodeAttempts::default(),
            judge_page: String::new(),
            arbiter_page: String::new(),
            offline: Vec::new(),
            tls: None,
        };
        station.judge_page = pages::judge(&station)?;
        station.arbiter_page = pages::arbiter(&station)?;
        Ok(station)
    }

    /// The station with the offline judge page's files, offered at [`OFFLINE_PATH`].
    pub fn with_offline(mut self, files: Vec<OfflineFile>) -> Station {
        self.offline = files;
        self
    }

    /// The station served over TLS (HTTPS) with the certificate chain and private key of the
    /// PEM files `cert` and `key`.
    pub fn with_tls(
        mut self,
        cert: &std::path::Path,
        key: &std::path::Path,
    ) -> Result<Station, StationError> {
        use tokio_rustls::rustls::pki_types::pem::PemObject;
        use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
        let pem = |path: &std::path::Path, e: &dyn std::fmt::Display| {
            StationError::Tls(format!("{}: {e}", path.display()))
        };
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
            .map_err(|e| pem(cert, &e))?
            .collect::<Result<_, _>>()
            .map_err(|e| pem(cert, &e))?;
        if chain.is_empty() {
            return Err(pem(cert, &"no certificate in the file"));
        }
        let private = PrivateKeyDer::from_pem_file(key).map_err(|e| pem(key, &e))?;
        let provider = std::sync::Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let config = tokio_rustls::rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| StationError::Tls(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(chain, private)
            .map_err(|e| StationError::Tls(format!("{} and {}: {e}", cert.display(), key.display())))?;
        self.tls = Some(tokio_rustls::TlsAcceptor::from(Arc::new(config)));
        Ok(self)
    }

    /// Returns true if and only if the station serves HTTPS.
    pub fn is_tls(&self) -> bool {
        self.tls.is_some()
    }

    /// Returns true if and only if the station offers the offline judge page.
    pub fn offers_offline(&self) -> bool {
        !self.offline.is_empty()
    }

    /// The lexicon's name, edition and version, as the pages and the terminal show it.
    pub fn lexicon_title(&self) -> String {
        let l = &self.lexicon;
        format!("{} {} {}", l.name, l.edition, l.version)
    }

    /// The lexicon it judges with.
    pub fn lexicon(&self) -> &LexiconInfo {
        &self.lexicon
    }

    /// Who vouches for the lexicon.
    pub fn signer(&self) -> &Signer {
        &self.signer
    }

    /// The code of the arbiter's page.
    pub fn arbiter_code(&self) -> &str {
        &self.arbiter_code
    }

    /// The code of the tables, when the judge needs one.
    pub fn table_code(&self) -> Option<&str> {
        self.table_code.as_deref()
    }

    /// The tournament's name, if given.
    pub fn tournament(&self) -> Option<&str> {
        self.tournament.as_deref()
    }
}

/// Runs `station` on `addr` until Ctrl-C or, on Unix, SIGTERM, on a runtime of its own: binds
/// the address (port 0 takes a free one), calls `ready` with the address bound (to print the
/// banner), then serves; once stopped, the requests under way finish
/// ([`listen::STOP_GRACE`]). Fails when the runtime cannot start or the address cannot be bound.
pub fn run(
    station: Arc<Station>,
    addr: SocketAddr,
    terminal: Lang,
    ready: impl FnOnce(&Station, SocketAddr),
) -> std::io::Result<()> {
    // Raised before the listener opens: the limit of open files bounds the connections held.
    let limit = listen::connection_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        ready(&station, local);
        let langs = listen::Langs { terminal, station: station.lang, warn: station.warn };
        let tls = station.tls.clone();
        listen::serve(listener, router(station), limit, langs, tls, shutdown_signal()).await;
        Ok(())
    })
}

/// Waits for Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// The router of the station.
pub fn router(station: Arc<Station>) -> Router {
    Router::new()
        .route("/", get(judge_page))
        .route("/arbitro", get(arbiter_page))
        .route("/favicon.ico", get(|| async { asset("image/x-icon", pages::FAVICON) }))
        .route("/static/station.css", get(|| async { asset("text/css; charset=utf-8", pages::CSS) }))
        .route("/static/judge.js", get(|| async { asset("text/javascript; charset=utf-8", pages::JUDGE_JS) }))
        .route(
            "/static/arbiter.js",
            get(|| async { asset("text/javascript; charset=utf-8", pages::ARBITER_JS) }),
        )
        .route("/sin-conexion", get(|| async { axum::response::Redirect::permanent(OFFLINE_PATH) }))
        .route(OFFLINE_PATH, get(offline_index))
        .route("/sin-conexion/{file}", get(offline_file))
        .route("/api/v1/lexicon", get(lexicon))
        .route("/api/v1/code", get(code))
        .route("/api/v1/judge", get(judge))
        .route("/api/v1/ruling", get(ruling))
        .route("/api/v1/valid", get(valid))
        .route("/api/v1/explain", get(explain))
        .route("/api/v1/dash", get(dash::dash))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&station), guard))
        .with_state(station)
}

/// Bounds every request (method, target length, body) and adds the headers every answer
/// carries: no caching, no framing, no content sniffing, scripts only from the station itself.
/// A refusal of anything but the API, asked for by a browser (`Accept: text/html`), becomes a
/// page that says why.
async fn guard(State(st): State<Arc<Station>>, req: Request, next: Next) -> Response {
    let lang = lang_of_query(req.uri().query(), st.lang);
    let too_long = req.uri().path_and_query().map_or(0, |p| p.as_str().len()) > MAX_URI;
    let body = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    let page = wants_page(&req);
    let mut response = if !matches!(*req.method(), Method::GET | Method::HEAD) {
        let mut r =
            error(lang, StatusCode::METHOD_NOT_ALLOWED, "method-not-allowed", "api-method-not-allowed", &[]);
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        r
    } else if too_long {
        error(lang, StatusCode::URI_TOO_LONG, "request-too-large", "api-request-too-large", &[])
    } else if body > MAX_BODY || req.headers().contains_key(header::TRANSFER_ENCODING) {
        error(lang, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large", "api-body-too-large", &[])
    } else {
        next.run(req).await
    };
    if page {
        if let Some(refused) = response.extensions_mut().remove::<Refused>() {
            let html = pages::refusal(&st, lang, response.status().as_u16(), refused.code, &refused.message);
            let (mut parts, _) = response.into_parts();
            parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            parts.headers.remove(header::CONTENT_LENGTH);
            response = Response::from_parts(parts, axum::body::Body::from(html));
        }
    }
    let headers = response.headers_mut();
    // An answer that sets one of these itself (the offline page's policy) keeps its own.
    for (name, value) in SAFETY_HEADERS {
        headers.entry(name.clone()).or_insert(HeaderValue::from_static(value));
    }
    response
}

/// Returns true if and only if `req` asks for a page for people: not the API, from a client
/// that takes HTML (a browser's address bar; the pages' own requests take anything).
fn wants_page(req: &Request) -> bool {
    let accepts_html = req
        .headers()
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|range| range.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("text/html")));
    accepts_html && !req.uri().path().starts_with("/api/")
}

/// The headers every answer carries, [`listen`]'s own refusals too.
pub const SAFETY_HEADERS: &[(header::HeaderName, &str)] = &[
    (header::CACHE_CONTROL, "no-store"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
    ),
];

/// The language of an answer: the `lang` query parameter, else the station's.
fn lang_of_query(query: Option<&str>, default: Lang) -> Lang {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(Lang::from_locale)
        .unwrap_or(default)
}

fn asset(content_type: &'static str, body: impl IntoResponse) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn html(body: &str) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body.to_string()).into_response()
}

async fn judge_page(State(st): State<Arc<Station>>) -> Response {
    html(&st.judge_page)
}

async fn arbiter_page(State(st): State<Arc<Station>>) -> Response {
    html(&st.arbiter_page)
}

async fn offline_index(State(st): State<Arc<Station>>, req: Request) -> Response {
    offline_answer(&st, "index.html", req.uri().query())
}

async fn offline_file(
    State(st): State<Arc<Station>>,
    axum::extract::Path(file): axum::extract::Path<String>,
    req: Request,
) -> Response {
    offline_answer(&st, &file, req.uri().query())
}

/// A file of the offline page, with the policy that lets it run its WebAssembly and install its
/// service worker; the single file is sent to be saved.
fn offline_answer(st: &Station, name: &str, query: Option<&str>) -> Response {
    let Some(file) = st.offline.iter().find(|f| f.name == name) else {
        return error(
            lang_of_query(query, st.lang),
            StatusCode::NOT_FOUND,
            "not-found",
            "api-not-found",
            &[],
        );
    };
    let mut response = ([(header::CONTENT_TYPE, file.content_type)], file.bytes.clone()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(OFFLINE_CSP));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if file.name.ends_with(".html") && file.name != "index.html" {
        let disposition = format!("attachment; filename=\"{}\"", file.name);
        if let Ok(value) = HeaderValue::from_str(&disposition) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    response
}

async fn not_found(State(st): State<Arc<Station>>, req: Request) -> Response {
    error(lang_of_query(req.uri().query(), st.lang), StatusCode::NOT_FOUND, "not-found", "api-not-found", &[])
}

/// A refused request: `{"error": CODE, "message": TEXT}`, the code stable, the text for people;
/// `Retry-After` when the refusal says when to try again.
struct Refusal {
    status: StatusCode,
    code: &'static str,
    message: String,
    retry: Option<u64>,
}

/// What a refusal said, kept with its answer, so that [`guard`] can say it to a browser as a
/// page.
#[derive(Clone)]
struct Refused {
    code: &'static str,
    message: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut r =
            (self.status, Json(RefusalAnswer { error: self.code, message: &self.message })).into_response();
        if let Some(seconds) = self.retry {
            r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        r.extensions_mut().insert(Refused { code: self.code, message: self.message });
        r
    }
}

/// A refusal with the message `id` of the catalogue in `lang`.
fn refuse(lang: Lang, status: StatusCode, code: &'static str, id: &str, args: &[(&str, Arg)]) -> Refusal {
    Refusal { status, code, message: msg(lang, id, args), retry: None }
}

/// [`refuse`], as an answer.
fn error(lang: Lang, status: StatusCode, code: &'static str, id: &str, args: &[(&str, Arg)]) -> Response {
    refuse(lang, status, code, id, args).into_response()
}

/// A query's fields, decoded strictly, or a refusal for a query that cannot be read (a `%`
/// not followed by two hexadecimal digits, bytes that are not UTF-8).
fn params(q: RawQuery, lang: Lang) -> Result<HashMap<String, String>, Refusal> {
    let mut fields = HashMap::new();
    for pair in q.0.as_deref().unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (form_decode(name), form_decode(value)) {
            (Some(name), Some(value)) => fields.insert(name, value),
            _ => return Err(refuse(lang, StatusCode::BAD_REQUEST, "bad-query", "api-bad-query", &[])),
        };
    }
    Ok(fields)
}

/// A field of a query (`application/x-www-form-urlencoded`): `+` is a space, `%XX` a byte; `None`
/// for a malformed escape or bytes that are not UTF-8 (never replaced by U+FFFD, which would
/// judge another play than the one sent).
fn form_decode(text: &str) -> Option<String> {
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let high = hex(*bytes.get(i + 1)?)?;
                let low = hex(*bytes.get(i + 2)?)?;
                out.push((high * 16 + low) as u8);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

fn lang_of(q: &HashMap<String, String>, st: &Station) -> Lang {
    q.get("lang").and_then(|l| Lang::from_locale(l)).unwrap_or(st.lang)
}

/// Constant-time equality of a code given and the code expected.
fn same_code(given: &str, expected: &str) -> bool {
    given.as_bytes().ct_eq(expected.as_bytes()).into()
}

/// Who a code is: the arbiter, a table, or nobody the station knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Arbiter,
    Table,
}

/// The access code of a request, trimmed; `None` when there is none.
fn given_code<'a>(headers: &'a HeaderMap, q: &'a HashMap<String, String>) -> Option<&'a str> {
    let given = headers.get(CODE_HEADER).and_then(|v| v.to_str().ok()).or(q.get("code").map(String::as_str));
    given.map(str::trim).filter(|c| !c.is_empty())
}

/// Who is asking, and how: the client's address, the request's headers and query fields, and
/// the language of the answer.
struct Asking<'r> {
    peer: IpAddr,
    headers: &'r HeaderMap,
    q: &'r HashMap<String, String>,
    lang: Lang,
}

/// Answers a request of the API: its query read once ([`params`]), then `answer` with who asks
/// and in which language; a refusal is answered as one.
pub(crate) fn asked(
    st: &Station,
    peer: SocketAddr,
    headers: &HeaderMap,
    q: RawQuery,
    answer: impl FnOnce(&Asking) -> Result<Response, Refusal>,
) -> Response {
    let q = match params(q, st.lang) {
        Ok(q) => q,
        Err(r) => return r.into_response(),
    };
    let asking = Asking { peer: peer.ip(), headers, q: &q, lang: lang_of(&q, st) };
    answer(&asking).unwrap_or_else(IntoResponse::into_response)
}

/// Checks the access code of a request: whose it is, or an error answer when it is missing, when
/// its address is locked out after too many wrong codes (then no code is compared), or when it
/// is neither the arbiter's nor (when `table` allows it) the tables'.
fn check_code(st: &Station, asking: &Asking, table: bool) -> Result<Access, Refusal> {
    let lang = asking.lang;
    let Some(code) = given_code(asking.headers, asking.q) else {
        return Err(refuse(lang, StatusCode::UNAUTHORIZED, "code-required", "api-code-required", &[]));
    };
    if let Err(seconds) = st.attempts.locked(asking.peer) {
        let minutes = seconds.div_ceil(60);
        let mut r = refuse(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            "code-locked",
            "api-code-locked",
            &[("minutes", Arg::Num(minutes))],
        );
        r.retry = Some(seconds);
        return Err(r);
    }
    // Both codes are compared, whichever matches, so that the time taken tells nothing.
    let arbiter = same_code(code, &st.arbiter_code);
    let tables = match &st.table_code {
        Some(expected) => same_code(code, expected) & table,
        None => false,
    };
    if arbiter {
        Ok(Access::Arbiter)
    } else if tables {
        Ok(Access::Table)
    } else {
        st.attempts.wrong(asking.peer);
        Err(refuse(lang, StatusCode::UNAUTHORIZED, "code-wrong", "api-code-wrong", &[]))
    }
}

/// A text field, bounded: an error answer when it is longer than `max` characters or holds a
/// control character.
fn field<'q>(q: &'q HashMap<String, String>, name: &str, max: usize, lang: Lang) -> Result<&'q str, Refusal> {
    let value = q.get(name).map(|s| s.trim()).unwrap_or("");
    if value.chars().count() > max {
        let label = msg(lang, &format!("field-{name}"), &[]);
        return Err(refuse(
            lang,
            StatusCode::BAD_REQUEST,
            "too-long",
            "api-too-long",
            &[("field", Arg::Str(&label)), ("max", Arg::Num(max as u64))],
        ));
    }
    Ok(value)
}

/// The words of `play`, bounded: an error answer for an empty play, one of more than
/// [`MAX_WORDS`] words, or one with a word of more than [`MAX_WORD`] characters.
fn words_of(play: &str, lang: Lang) -> Result<Vec<&str>, Refusal> {
    let words = play_words(play);
    if words.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-play", "api-missing-play", &[]));
    }
    if words.len() > MAX_WORDS {
        return Err(refuse(
            lang,
            StatusCode::BAD_REQUEST,
            "too-many-words",
            "api-too-many-words",
            &[("max", Arg::Num(MAX_WORDS as u64)), ("count", Arg::Num(words.len() as u64))],
        ));
    }
    if let Some(at) = words.iter().position(|w| w.chars().count() > MAX_WORD) {
        return Err(refuse(
            lang,
            StatusCode::BAD_REQUEST,
            "word-too-long",
            "api-word-too-long",
            &[("position", Arg::Num(at as u64 + 1)), ("max", Arg::Num(MAX_WORD as u64))],
        ));
    }
    Ok(words)
}

/// The `play` field of a query and its words, bounded ([`words_of`]).
fn play_of(q: &HashMap<String, String>, lang: Lang) -> Result<(&str, Vec<&str>), Refusal> {
    let play = field(q, "play", MAX_PLAY, lang)?;
    Ok((play, words_of(play, lang)?))
}

async fn lexicon(State(st): State<Arc<Station>>) -> Response {
    Json(LexiconAnswer {
        lexicon: &st.lexicon,
        table_code_required: st.table_code.is_some(),
        tournament: st.tournament.as_deref(),
    })
    .into_response()
}

/// `GET /api/v1/code`: whose code the request carries, judging nothing, so that a page can
/// check a code when it is typed.
async fn code(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    asked(&st, peer, &headers, q, |asking| {
        let access = match check_code(&st, asking, true)? {
            Access::Arbiter => "arbiter",
            Access::Table => "table",
        };
        Ok(Json(CodeAnswer { access }).into_response())
    })
}

async fn judge(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    method: Method,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    let q = match params(q, st.lang) {
        Ok(q) => q,
        Err(r) => return r.into_response(),
    };
    let lang = lang_of(&q, &st);
    if method == Method::HEAD {
        // A judgement is logged: a HEAD request, which must be free of effects, makes none.
        let mut r =
            error(lang, StatusCode::METHOD_NOT_ALLOWED, "method-not-allowed", "api-judge-get-only", &[]);
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET"));
        return r;
    }
    // The audit log is synced to the disk before the verdict is sent: that wait belongs on a
    // blocking thread, not on one that serves the other tables.
    let judged = tokio::task::spawn_blocking(move || {
        let asking = Asking { peer: peer.ip(), headers: &headers, q: &q, lang };
        judge_inner(&st, &asking)
    })
    .await;
    match judged {
        Ok(Ok(r)) => r,
        Ok(Err(r)) => r.into_response(),
        Err(_) => error(lang, StatusCode::INTERNAL_SERVER_ERROR, "internal", "api-internal", &[]),
    }
}

fn judge_inner(st: &Station, asking: &Asking) -> Result<Response, Refusal> {
    let (q, lang) = (asking.q, asking.lang);
    let hall = st.table_code.is_some();
    if hall {
        check_code(st, asking, true)?;
    }
    let (play, words) = play_of(q, lang)?;
    let table = field(q, "table", MAX_LABEL, lang)?;
    let round = field(q, "round", MAX_LABEL, lang)?;
    // In a hall, a play logged without its table could not be found again.
    if hall && table.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-table", "api-missing-table", &[]));
    }
    if let Err(seconds) = st.per_table.allow(table.to_lowercase()) {
        let mut r = refuse(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            "api-rate-limited",
            &[("seconds", Arg::Num(seconds))],
        );
        r.retry = Some(seconds);
        return Err(r);
    }
    let verdict = judge_play(&st.lex, &words, &mut Vec::new());
    // An unreadable play is logged (as ERROR) and numbered as a judgement is, so that the
    // arbiter can see which word could not be read; it is not counted as one.
    let number = st.record(play, table, round, verdict, lang)?;
    let mut body = JudgeAnswer {
        error: None,
        lexicon: &st.lexicon,
        message: None,
        number: Some(number),
        verdict: verdict.name(),
        words: words.len(),
    };
    if verdict == PlayVerdict::Error {
        body.error = Some("unreadable-play");
        body.message = Some(msg(lang, "api-unreadable-play", &[]));
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response());
    }
    st.judged.fetch_add(1, Ordering::Relaxed);
    Ok(Json(body).into_response())
}

impl Station {
    /// Numbers a judgement, logs it (when there is a log) and keeps it: its number, or a refusal
    /// when the log cannot be written (no verdict that the log does not hold) or no random number
    /// can be drawn.
    fn record(
        &self,
        play: &str,
        table: &str,
        round: &str,
        verdict: PlayVerdict,
        lang: Lang,
    ) -> Result<String, Refusal> {
        // The log's lock, then the judgements': every judgement takes both in this order, so
        // that a number is drawn, written and kept before another is drawn.
        let mut log = self.audit.as_ref().map(|log| log.lock().unwrap_or_else(|e| e.into_inner()));
        let mut judgements = self.judgements.lock().unwrap_or_else(|e| e.into_inner());
        let number = judgements
            .new_number()
            .map_err(|_| refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "internal", "api-internal", &[]))?;
        let time = match log.as_mut() {
            Some(log) => log.record(play, table, round, verdict.name(), &number).map_err(|e| {
                let message = audit_failure(&e, lang);
                (self.warn)(&message);
                Refusal { status: StatusCode::SERVICE_UNAVAILABLE, code: "audit-log", message, retry: None }
            })?,
            None => humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
        };
        let judgement =
            Judgement { time, play: play.to_string(), table: table.to_string(), round: round.to_string() };
        judgements.insert(number.clone(), judgement);
        Ok(number)
    }
}

/// `GET /api/v1/ruling`: the arbiter's ruling on a play, given by its words or by the number of
/// its judgement: its verdict, each word explained (an unreadable one named, the others
/// explained all the same), and what a printed ruling states.
async fn ruling(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    asked(&st, peer, &headers, q, |asking| Ok(Json(ruling_inner(&st, asking)?).into_response()))
}

fn ruling_inner<'s>(st: &'s Station, asking: &Asking) -> Result<RulingAnswer<'s>, Refusal> {
    let (q, lang) = (asking.q, asking.lang);
    check_code(st, asking, false)?;
    let number = field(q, "number", MAX_NUMBER, lang)?;
    let (number, judged_at, play, table, round) = if number.is_empty() {
        let (play, _) = play_of(q, lang)?;
        let (table, round) = (field(q, "table", MAX_LABEL, lang)?, field(q, "round", MAX_LABEL, lang)?);
        (None, None, play.to_string(), table.to_string(), round.to_string())
    } else {
        let judgements = st.judgements.lock().unwrap_or_else(|e| e.into_inner());
        let Some(j) = judgements.get(number) else {
            let args = [("number", Arg::Str(number))];
            return Err(refuse(lang, StatusCode::NOT_FOUND, "unknown-number", "api-unknown-number", &args));
        };
        let number = judgements::normalise(number);
        (Some(number), Some(j.time.clone()), j.play.clone(), j.table.clone(), j.round.clone())
    };
    let words = words_of(&play, lang)?;
    let verdict = judge_play(&st.lex, &words, &mut Vec::new());
    Ok(RulingAnswer {
        judged_at,
        lexicon: LexiconInfo { signer: Some(say::signer(&st.signer, lang)), ..st.lexicon.clone() },
        number,
        round,
        table,
        time: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
        tournament: st.tournament.as_deref(),
        verdict: verdict.name(),
        verdict_text: say::play_verdict(verdict, lang),
        words: words.iter().map(|w| ruling_word(&st.lex, w, lang)).collect(),
    })
}

/// What a station says when its audit log cannot be written: the judgement is refused.
fn audit_failure(e: &audit::AuditError, lang: Lang) -> String {
    use lexico_answers::say::Localize;
    match e {
        audit::AuditError::Write(io) if lang != Lang::En => {
            format!("writing the audit log: {}", io.localize(lang))
        }
        e => e.to_string(),
    }
}

/// The word of an arbiter request, after its code is checked.
fn arbiter_word<'q>(st: &Station, asking: &Asking<'q>) -> Result<&'q str, Refusal> {
    check_code(st, asking, false)?;
    let word = field(asking.q, "word", MAX_WORD, asking.lang)?;
    if word.is_empty() {
        return Err(refuse(asking.lang, StatusCode::BAD_REQUEST, "missing-word", "api-missing-word", &[]));
    }
    Ok(word)
}

fn unreadable_word(lang: Lang) -> Response {
    error(lang, StatusCode::UNPROCESSABLE_ENTITY, "unreadable-word", "api-unreadable-word", &[])
}

async fn valid(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    asked(&st, peer, &headers, q, |asking| {
        let word = arbiter_word(&st, asking)?;
        Ok(match judge_word(&st.lex, word, &mut Vec::new()) {
            Ok((word, verdict)) => Json(ValidAnswer {
                lexicon: &st.lexicon,
                reason: verdict.reason(),
                valid: verdict.is_valid(),
                word,
            })
            .into_response(),
            Err(_) => unreadable_word(asking.lang),
        })
    })
}

async fn explain(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    asked(&st, peer, &headers, q, |asking| {
        let lang = asking.lang;
        let word = arbiter_word(&st, asking)?;
        let (Ok(e), Ok(m)) = (lexico_answers::explain(&st.lex, word), st.lex.manifest()) else {
            return Ok(unreadable_word(lang));
        };
        let record = ExplanationRecord::new(&e, &m.explain);
        Ok(Json(ExplainAnswer {
            derivations: record.derivations,
            enclitics: record.enclitics,
            explanation: say::explanation(&e, Lang::En, &m.explain),
            lexicon: &st.lexicon,
            reason: e.reason,
            summary: say::explanation(&e, lang, &m.explain),
            valid: e.valid,
            word: &e.word,
        })
        .into_response())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offline_page_is_served_with_its_own_policy_and_the_single_file_to_save() {
        fn quiet(_: &str) {}
        let settings = Settings {
            lang: Lang::Es,
            signer: Signer::Embedded,
            arbiter_code: "ARBITER1".into(),
            table_code: None,
            clear_after: 10,
            rate_limit: 0,
            audit: None,
            tournament: None,
            warn: quiet,
        };
        let file = |name: &'static str, content_type: &'static str| OfflineFile {
            name,
            content_type,
            bytes: name.as_bytes().to_vec(),
        };
        let st = Station::new(lexico_default::lexicon(), settings)
            .unwrap()
            .with_offline(vec![file("index.html", "text/html"), file("juez.html", "text/html")]);
        assert!(st.offers_offline());
        let index = offline_answer(&st, "index.html", None);
        assert_eq!(index.status(), StatusCode::OK);
        let csp = index.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("'wasm-unsafe-eval'") && csp.contains("worker-src 'self'"), "{csp}");
        assert!(!index.headers().contains_key(header::CONTENT_DISPOSITION));
        let single = offline_answer(&st, "juez.html", None);
        assert_eq!(single.headers()[header::CONTENT_DISPOSITION], "attachment; filename=\"juez.html\"");
        assert_eq!(offline_answer(&st, "../etc/passwd", None).status(), StatusCode::NOT_FOUND);
    }

    #[test]
    fn codes_compare_whole() {
        assert!(same_code("K7QM4XPT", "K7QM4XPT"));
        assert!(!same_code("K7QM4XP", "K7QM4XPT"));
        assert!(!same_code("K7QM4XPU", "K7QM4XPT"));
        assert!(!same_code("", "K7QM4XPT"));
    }

    #[test]
    fn the_lang_parameter_chooses_the_language_of_an_answer() {
        assert_eq!(lang_of_query(Some("play=x&lang=en"), Lang::Es), Lang::En);
        assert_eq!(lang_of_query(Some("play=x"), Lang::Es), Lang::Es);
        assert_eq!(lang_of_query(None, Lang::En), Lang::En);
    }

    #[test]
    fn a_word_of_65_characters_is_refused_and_one_of_64_is_judged() {
        let at = |play: String| {
            let q = HashMap::from([("play".to_string(), play)]);
            play_of(&q, Lang::Es).map(|(_, w)| w.len()).map_err(|r| (r.code, r.message))
        };
        assert_eq!(at(format!("CASA {}", "A".repeat(MAX_WORD))), Ok(2));
        let (code, message) = at(format!("CASA {}", "A".repeat(MAX_WORD + 1))).unwrap_err();
        assert_eq!(code, "word-too-long");
        assert!(message.contains("palabra 2") && message.contains("64"), "{message}");
    }

    #[test]
    fn queries_are_decoded_strictly() {
        let q = |raw: &str| params(RawQuery(Some(raw.to_string())), Lang::En).map_err(|r| r.code);
        let fields = q("play=casa+perros%2C%C3%B1u&table=12&round").unwrap();
        assert_eq!(fields["play"], "casa perros,ñu");
        assert_eq!((fields["table"].as_str(), fields["round"].as_str()), ("12", ""));
        for bad in ["play=%FF%FE", "play=%C3", "play=%G1", "play=%4", "pl%ZZay=x"] {
            assert_eq!(q(bad), Err("bad-query"), "{bad}");
        }
        assert!(q("").unwrap().is_empty());
    }

    #[test]
    fn a_browser_asks_for_a_page_and_a_script_for_json() {
        let req = |path: &str, accept: &str| {
            Request::builder()
                .uri(path)
                .header(header::ACCEPT, accept)
                .body(axum::body::Body::empty())
                .unwrap()
        };
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert!(wants_page(&req("/nada", browser)));
        assert!(wants_page(&req("/", "TEXT/HTML; q=0.5")));
        assert!(!wants_page(&req("/nada", "*/*")));
        assert!(!wants_page(&req("/api/v1/judge?play=x", browser)));
    }

    #[test]
    fn a_field_too_long_is_named_in_the_language_of_the_answer() {
        let q = HashMap::from([("table".to_string(), "9".repeat(MAX_LABEL + 1))]);
        let es = field(&q, "table", MAX_LABEL, Lang::Es).unwrap_err().message;
        assert_eq!(es, "El campo «mesa» es demasiado largo (máximo 32 caracteres).");
        let en = field(&q, "table", MAX_LABEL, Lang::En).unwrap_err().message;
        assert_eq!(en, "The field “table” is too long (at most 32 characters).");
    }
}
