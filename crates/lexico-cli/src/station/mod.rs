//! The judge station of `lexico serve`: an HTTP server (axum on tokio) with the judge page (`/`),
//! the arbiter page (`/arbitro`) and the JSON API (`/api/v1/…`), all from assets embedded in the
//! binary; no request ever reads a file.
//!
//! Access: the judge answers anyone on a loopback listener, and only holders of the table code
//! (or the arbiter code) on any other address; the arbiter's endpoints need the arbiter code.
//! Codes come in the `X-Lexico-Code` header or the `code` query parameter and are compared in
//! constant time. Every request is bounded: the URI's length, the fields' lengths, the words of
//! a play, and the requests of one client address per minute. See `docs/arbiters.md`.

pub mod engine;
mod pages;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use lexico_lexicon::Lexicon;
use serde_json::{json, Value};
use subtle::ConstantTimeEq;

use crate::audit::AuditLog;
use crate::i18n::{msg, Arg, Lang};
use engine::PlayVerdict;

/// The longest request target (path and query) served, in bytes.
pub const MAX_URI: usize = 2048;
/// The longest play, in characters.
pub const MAX_PLAY: usize = 400;
/// The most words in a play (a play forms one word along its line and at most one across each
/// tile placed: 8; the bound leaves room for a monitor who types words twice).
pub const MAX_WORDS: usize = 16;
/// The longest word asked of the arbiter's endpoints, in characters.
pub const MAX_WORD: usize = 64;
/// The longest table or round label, in characters.
pub const MAX_LABEL: usize = 32;
/// The header that carries an access code.
pub const CODE_HEADER: &str = "x-lexico-code";

/// What the station serves with, fixed at start.
pub struct Station {
    pub lex: Lexicon,
    pub lang: Lang,
    pub name: String,
    pub edition: String,
    pub version: String,
    pub sha256: String,
    /// Who vouches for the lexicon, named on the pages in the station's language.
    pub signer: crate::lexicons::Signer,
    pub arbiter_code: String,
    /// The code the judge needs, when it needs one (any listener but loopback).
    pub table_code: Option<String>,
    pub clear_after: u64,
    pub rate_limit: u32,
    pub audit: Option<Mutex<AuditLog>>,
    /// Plays judged since start.
    pub judged: AtomicU64,
    limiter: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    judge_page: String,
    arbiter_page: String,
}

impl Station {
    /// A station for `lex`; the pages are rendered here, once.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        lex: Lexicon,
        lang: Lang,
        signer: crate::lexicons::Signer,
        arbiter_code: String,
        table_code: Option<String>,
        clear_after: u64,
        rate_limit: u32,
        audit: Option<AuditLog>,
    ) -> anyhow::Result<Station> {
        let m = lex.manifest()?;
        let (name, edition, version, sha256) =
            (m.name.clone(), m.edition.clone(), m.version.clone(), m.payload_sha256.clone());
        let mut station = Station {
            lex,
            lang,
            name,
            edition,
            version,
            sha256,
            signer,
            arbiter_code,
            table_code,
            clear_after,
            rate_limit,
            audit: audit.map(Mutex::new),
            judged: AtomicU64::new(0),
            limiter: Mutex::new(HashMap::new()),
            judge_page: String::new(),
            arbiter_page: String::new(),
        };
        station.judge_page = pages::judge(&station)?;
        station.arbiter_page = pages::arbiter(&station)?;
        Ok(station)
    }

    fn lexicon_json(&self) -> Value {
        json!({"name": self.name, "edition": self.edition, "version": self.version, "sha256": self.sha256})
    }

    /// Counts a request of `ip`; false when it is over the limit of this minute.
    fn allow(&self, ip: IpAddr) -> bool {
        if self.rate_limit == 0 {
            return true;
        }
        let now = Instant::now();
        let mut map = self.limiter.lock().unwrap_or_else(|e| e.into_inner());
        // Forget clients of past minutes, so the table stays as small as the hall.
        if map.len() > 4096 {
            map.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
        }
        let entry = map.entry(ip).or_insert((now, 0));
        if now.duration_since(entry.0) >= Duration::from_secs(60) {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        entry.1 <= self.rate_limit
    }
}

/// The router of the station.
pub fn router(station: Arc<Station>) -> Router {
    Router::new()
        .route("/", get(judge_page))
        .route("/arbitro", get(arbiter_page))
        .route("/static/station.css", get(|| async { asset("text/css; charset=utf-8", pages::CSS) }))
        .route("/static/judge.js", get(|| async { asset("text/javascript; charset=utf-8", pages::JUDGE_JS) }))
        .route(
            "/static/arbiter.js",
            get(|| async { asset("text/javascript; charset=utf-8", pages::ARBITER_JS) }),
        )
        .route("/api/v1/lexicon", get(lexicon))
        .route("/api/v1/judge", get(judge))
        .route("/api/v1/valid", get(valid))
        .route("/api/v1/explain", get(explain))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&station), guard))
        .layer(axum::extract::DefaultBodyLimit::max(1024))
        .with_state(station)
}

/// Bounds every request (target length, requests per client per minute) and adds the headers
/// every answer carries: no caching, no framing, no content sniffing, scripts only from the
/// station itself.
async fn guard(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    let lang = lang_of_query(req.uri().query(), st.lang);
    let too_long = req.uri().path_and_query().map_or(0, |p| p.as_str().len()) > MAX_URI;
    let mut response = if too_long {
        error(lang, StatusCode::URI_TOO_LONG, "request-too-large", "api-request-too-large", &[])
    } else if !st.allow(peer.ip()) {
        error(lang, StatusCode::TOO_MANY_REQUESTS, "rate-limited", "api-rate-limited", &[])
    } else {
        next.run(req).await
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'"),
    );
    response
}

/// The language of an answer: the `lang` query parameter, else the station's.
fn lang_of_query(query: Option<&str>, default: Lang) -> Lang {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(Lang::from_locale)
        .unwrap_or(default)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
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

async fn not_found(State(st): State<Arc<Station>>, req: Request) -> Response {
    error(lang_of_query(req.uri().query(), st.lang), StatusCode::NOT_FOUND, "not-found", "api-not-found", &[])
}

/// A refused request: `{"error": CODE, "message": TEXT}`, the code stable, the text for people.
struct Refusal {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": self.code, "message": self.message}))).into_response()
    }
}

/// A refusal with the message `id` of the catalogue in `lang`.
fn refuse(lang: Lang, status: StatusCode, code: &'static str, id: &str, args: &[(&str, Arg)]) -> Refusal {
    Refusal { status, code, message: msg(lang, id, args) }
}

/// [`refuse`], as an answer.
fn error(lang: Lang, status: StatusCode, code: &'static str, id: &str, args: &[(&str, Arg)]) -> Response {
    refuse(lang, status, code, id, args).into_response()
}

type Params = Query<HashMap<String, String>>;

fn lang_of(q: &HashMap<String, String>, st: &Station) -> Lang {
    q.get("lang").and_then(|l| Lang::from_locale(l)).unwrap_or(st.lang)
}

/// Constant-time equality of a code given and the code expected.
fn same_code(given: &str, expected: &str) -> bool {
    given.as_bytes().ct_eq(expected.as_bytes()).into()
}

/// Checks the access code of a request against `accepted`: an error answer when it is missing
/// or matches none of them.
fn check_code(
    headers: &HeaderMap,
    q: &HashMap<String, String>,
    accepted: &[&str],
    lang: Lang,
) -> Result<(), Refusal> {
    let given = headers.get(CODE_HEADER).and_then(|v| v.to_str().ok()).or(q.get("code").map(String::as_str));
    match given.map(str::trim) {
        None | Some("") => {
            Err(refuse(lang, StatusCode::UNAUTHORIZED, "code-required", "api-code-required", &[]))
        }
        Some(code) => {
            // Every accepted code is compared, whichever matches.
            let ok = accepted.iter().fold(false, |ok, expected| ok | same_code(code, expected));
            if ok {
                Ok(())
            } else {
                Err(refuse(lang, StatusCode::UNAUTHORIZED, "code-wrong", "api-code-wrong", &[]))
            }
        }
    }
}

/// A text field, bounded: an error answer when it is longer than `max` characters.
fn field<'q>(q: &'q HashMap<String, String>, name: &str, max: usize, lang: Lang) -> Result<&'q str, Refusal> {
    let value = q.get(name).map(|s| s.trim()).unwrap_or("");
    if value.chars().count() > max {
        let max = max as u64;
        return Err(refuse(
            lang,
            StatusCode::BAD_REQUEST,
            "too-long",
            "api-too-long",
            &[("field", Arg::Str(name)), ("max", Arg::Num(max))],
        ));
    }
    Ok(value)
}

async fn lexicon(State(st): State<Arc<Station>>) -> Response {
    Json(json!({"lexicon": st.lexicon_json(), "table_code_required": st.table_code.is_some()}))
        .into_response()
}

async fn judge(
    State(st): State<Arc<Station>>,
    headers: HeaderMap,
    Query(q): Params,
) -> Result<Response, Refusal> {
    judge_inner(&st, &headers, &q)
}

fn judge_inner(st: &Station, headers: &HeaderMap, q: &HashMap<String, String>) -> Result<Response, Refusal> {
    let lang = lang_of(q, st);
    if let Some(table_code) = &st.table_code {
        check_code(headers, q, &[table_code, &st.arbiter_code], lang)?;
    }
    let play = field(q, "play", MAX_PLAY, lang)?;
    let table = field(q, "table", MAX_LABEL, lang)?;
    let round = field(q, "round", MAX_LABEL, lang)?;
    let words = engine::words_of(play);
    if words.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-play", "api-missing-play", &[]));
    }
    if words.len() > MAX_WORDS {
        let max = MAX_WORDS as u64;
        return Err(refuse(
            lang,
            StatusCode::BAD_REQUEST,
            "too-many-words",
            "api-too-many-words",
            &[("max", Arg::Num(max))],
        ));
    }
    let verdict = engine::judge_play(&st.lex, &words);
    if let Some(log) = &st.audit {
        let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = log.record(play, table, round, verdict.name()) {
            // No verdict that the log does not hold.
            let message = crate::one_line(&e, lang);
            crate::input::warn(&message);
            return Err(Refusal { status: StatusCode::SERVICE_UNAVAILABLE, code: "audit-log", message });
        }
    }
    st.judged.fetch_add(1, Ordering::Relaxed);
    let mut body = json!({"verdict": verdict.name(), "words": words.len(), "lexicon": st.lexicon_json()});
    if verdict == PlayVerdict::Error {
        body["error"] = json!("unreadable-play");
        body["message"] = json!(msg(lang, "api-unreadable-play", &[]));
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response());
    }
    Ok(Json(body).into_response())
}

/// The word of an arbiter request, after its code is checked.
fn arbiter_word<'q>(
    st: &Station,
    headers: &HeaderMap,
    q: &'q HashMap<String, String>,
) -> Result<(&'q str, Lang), Refusal> {
    let lang = lang_of(q, st);
    check_code(headers, q, &[&st.arbiter_code], lang)?;
    let word = field(q, "word", MAX_WORD, lang)?;
    if word.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-word", "api-missing-word", &[]));
    }
    Ok((word, lang))
}

fn unreadable_word(lang: Lang) -> Response {
    error(lang, StatusCode::UNPROCESSABLE_ENTITY, "unreadable-word", "verdict-error", &[])
}

async fn valid(State(st): State<Arc<Station>>, headers: HeaderMap, Query(q): Params) -> Response {
    let (word, lang) = match arbiter_word(&st, &headers, &q) {
        Ok(w) => w,
        Err(r) => return r.into_response(),
    };
    match engine::valid(&st.lex, word) {
        Some((spelled, valid, reason)) => {
            Json(json!({"word": spelled, "valid": valid, "reason": reason, "lexicon": st.lexicon_json()}))
                .into_response()
        }
        None => unreadable_word(lang),
    }
}

async fn explain(State(st): State<Arc<Station>>, headers: HeaderMap, Query(q): Params) -> Response {
    let (word, lang) = match arbiter_word(&st, &headers, &q) {
        Ok(w) => w,
        Err(r) => return r.into_response(),
    };
    match engine::explain(&st.lex, word, lang) {
        Some(mut e) => {
            e["lexicon"] = st.lexicon_json();
            Json(e).into_response()
        }
        None => unreadable_word(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
