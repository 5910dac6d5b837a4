//! The station's connections, served one request each, so that idle or slow clients never stop
//! the judging of others.
//!
//! - A client address holds at most [`MAX_PER_CLIENT`] connections at once: one more is answered
//!   at once (`429`, JSON) and closed. The station holds at most what its limit of open files
//!   allows (less a reserve for the audit log and the rest): at that bound the connection that
//!   has waited longest for its request's head is closed to make room, and only when every
//!   connection is serving a request is a new one answered `503`.
//! - A request's head must arrive whole within [`HEAD_TIMEOUT`] and fit in [`MAX_HEAD`] bytes
//!   and [`MAX_HEADERS`] lines. It is read and parsed here, once (httparse), so that an idle
//!   socket or one sending a byte every few seconds is closed on time, and so that a head too
//!   large or malformed gets a JSON answer (`431`, `400`) like every other refusal; the request
//!   it makes goes to the router, whose answer is written back whole.
//! - Each connection serves one request (no keep-alive, no body: every request is a GET), and
//!   lives at most [`CONNECTION_TIMEOUT`]. Over TLS (`lexico serve --tls`), its handshake must
//!   end within [`HEAD_TIMEOUT`] too.
//! - When accepting fails (no file descriptor left, for one), one line goes to standard error (at
//!   most one a minute), the connection that has waited longest for its head is closed to give
//!   its descriptor back, and the loop waits, longer each time up to a second, instead of
//!   spinning.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderName, HeaderValue, Method, Request, StatusCode, Uri, Version};
use axum::Router;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio_rustls::TlsAcceptor;

use lexico_answers::i18n::{msg, Arg, Lang};

use crate::api::RefusalAnswer;

/// The time a client has to send a request's whole head, from the moment it connects.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a connection lives, its one request and answer included.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);
/// The largest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 8 * 1024;
/// The most header lines in a request.
pub const MAX_HEADERS: usize = 64;
/// The most connections one client address holds at once (a browser opens about six).
pub const MAX_PER_CLIENT: usize = 16;
/// Files kept free of connections: the audit log, standard streams, the runtime's own (Unix
/// counts sockets among its open files; Windows has no such limit).
#[cfg(unix)]
const RESERVED_FILES: u64 = 64;
/// The least time between two lines about failing to accept connections.
const WARN_EVERY: Duration = Duration::from_secs(60);
/// How long serving waits, once stopped, for the requests under way.
pub const STOP_GRACE: Duration = Duration::from_secs(5);

/// How many connections the station holds at once: its limit of open files, first raised to
/// the hard limit where that is higher, less a reserve.
pub fn connection_limit() -> usize {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let limit = getrlimit(Resource::Nofile);
        let most = limit.maximum.unwrap_or(1 << 20).min(1 << 20);
        if limit.current.is_some_and(|current| current < most) {
            // Failing to raise it is no error: the station works within the limit it has.
            let _ = setrlimit(Resource::Nofile, Rlimit { current: Some(most), maximum: limit.maximum });
        }
        let files = getrlimit(Resource::Nofile).current.unwrap_or(1 << 20);
        usize::try_from(files.saturating_sub(RESERVED_FILES).max(16)).unwrap_or(usize::MAX)
    }
    #[cfg(not(unix))]
    {
        1024
    }
}

/// The connections open, by client address, and those still waiting for their request's head.
struct Conns {
    open: Mutex<Open>,
    limit: usize,
    closed: Notify,
}

#[derive(Default)]
struct Open {
    by_client: HashMap<IpAddr, usize>,
    total: usize,
    /// The connections whose head has not arrived, oldest first, with what closes each.
    waiting: BTreeMap<u64, Arc<Notify>>,
    next: u64,
}

/// Why a connection was not taken.
enum Full {
    Client,
    Station,
}

/// A connection counted in [`Conns`], uncounted when dropped.
struct Slot {
    conns: Arc<Conns>,
    ip: IpAddr,
    id: u64,
    evicted: Arc<Notify>,
}

impl Conns {
    fn new(limit: usize) -> Arc<Conns> {
        Arc::new(Conns { open: Mutex::new(Open::default()), limit, closed: Notify::new() })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a new connection of `ip`. At the station's limit, the connection that has waited
    /// longest for its request's head is closed to make room: idle sockets from many addresses
    /// then cost the others nothing but their own wait. Only when every connection is serving a
    /// request is the new one refused.
    fn take(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Full> {
        let mut open = self.lock();
        if open.by_client.get(&ip).is_some_and(|n| *n >= MAX_PER_CLIENT) {
            return Err(Full::Client);
        }
        if open.total >= self.limit {
            match open.waiting.pop_first() {
                Some((_, evict)) => evict.notify_one(),
                None => return Err(Full::Station),
            }
        }
        *open.by_client.entry(ip).or_insert(0) += 1;
        open.total += 1;
        let id = open.next;
        open.next += 1;
        let evicted = Arc::new(Notify::new());
        open.waiting.insert(id, Arc::clone(&evicted));
        Ok(Slot { conns: Arc::clone(self), ip, id, evicted })
    }

    /// Closes the connection that has waited longest for its request's head, if any.
    fn evict_oldest(&self) {
        if let Some((_, evict)) = self.lock().waiting.pop_first() {
            evict.notify_one();
        }
    }

    fn total(&self) -> usize {
        self.lock().total
    }
}

impl Slot {
    /// The connection's request head has arrived: it is no longer the first to close.
    fn head_read(&self) {
        self.conns.lock().waiting.remove(&self.id);
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.conns.lock();
        open.waiting.remove(&self.id);
        if let Some(n) = open.by_client.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.by_client.remove(&self.ip);
            }
        }
        open.total -= 1;
        if open.total == 0 {
            self.conns.closed.notify_waiters();
        }
    }
}

/// The languages of serving's messages, and where it says what its operator must know.
#[derive(Clone, Copy)]
pub struct Langs {
    /// The language of the terminal, for what the operator reads.
    pub terminal: Lang,
    /// The station's language, for the refusals sent to clients.
    pub station: Lang,
    /// Says a line to the operator (the station's [`Settings::warn`](crate::Settings::warn)).
    pub warn: fn(&str),
}

/// Serves `app` on `listener` until `stop` completes, then waits up to [`STOP_GRACE`] for the
/// requests under way.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limit: usize,
    langs: Langs,
    tls: Option<TlsAcceptor>,
    stop: impl Future<Output = ()>,
) {
    let conns = Conns::new(limit);
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    let mut backoff: Option<Duration> = None;
    let mut warned: Option<Instant> = None;
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, peer)) => {
                backoff = None;
                match conns.take(peer.ip()) {
                    Ok(slot) => {
                        let app = app.clone();
                        let tls = tls.clone();
                        tokio::spawn(connection(
                            stream,
                            peer,
                            app,
                            slot,
                            stopped.clone(),
                            langs.station,
                            tls,
                        ));
                    }
                    Err(full) => turn_away(stream, full, langs.station),
                }
            }
            // A client that gave up while waiting to be accepted: nothing to wait for.
            Err(e)
                if matches!(e.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset) => {}
            Err(e) => {
                let wait = backoff.map_or(Duration::from_millis(50), |b| (b * 2).min(Duration::from_secs(1)));
                // One line a minute at most: a hall's operator needs to know, not a flood.
                if warned.is_none_or(|at: Instant| at.elapsed() >= WARN_EVERY) {
                    warned = Some(Instant::now());
                    let open = conns.total() as u64;
                    (langs.warn)(&msg(
                        langs.terminal,
                        "serve-accept-error",
                        &[("error", Arg::Str(&e.to_string())), ("open", Arg::Num(open))],
                    ));
                }
                // Out of file descriptors most likely: the connection that has waited longest
                // for its request gives its own back.
                conns.evict_oldest();
                backoff = Some(wait);
                tokio::select! {
                    _ = &mut stop => break,
                    _ = tokio::time::sleep(wait) => {}
                }
            }
        }
    }
    drop(listener);
    let _ = stopping.send(true);
    let closed = conns.closed.notified();
    if conns.total() > 0 {
        let _ = tokio::time::timeout(STOP_GRACE, closed).await;
    }
}

/// Answers a connection over a bound at once, without waiting for it to be read, and closes it.
fn turn_away(stream: TcpStream, full: Full, lang: Lang) {
    let answer = match full {
        Full::Client => refusal(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-connections",
            "api-too-many-connections",
            5,
        ),
        Full::Station => {
            refusal(lang, StatusCode::SERVICE_UNAVAILABLE, "station-busy", "api-station-busy", 5)
        }
    };
    let _ = stream.try_write(&answer);
}

/// One connection: with `tls`, its TLS handshake within [`HEAD_TIMEOUT`] first; then its
/// request ([`answer`]).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    slot: Slot,
    mut stopped: watch::Receiver<bool>,
    lang: Lang,
    tls: Option<TlsAcceptor>,
) {
    let Some(acceptor) = tls else {
        return answer(stream, peer, app, slot, stopped, lang).await;
    };
    let evicted = Arc::clone(&slot.evicted);
    let handshake = tokio::select! {
        tls = tokio::time::timeout(HEAD_TIMEOUT, acceptor.accept(stream)) => tls,
        _ = stopped.wait_for(|stopped| *stopped) => return,
        _ = evicted.notified() => return,
    };
    // A client that cannot finish a handshake gets nothing it could read.
    if let Ok(Ok(stream)) = handshake {
        answer(stream, peer, app, slot, stopped, lang).await;
    }
}

/// A connection's request: its head read within [`HEAD_TIMEOUT`], then the request served by
/// the router.
async fn answer<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    peer: SocketAddr,
    app: Router,
    slot: Slot,
    mut stopped: watch::Receiver<bool>,
    lang: Lang,
) {
    let evicted = Arc::clone(&slot.evicted);
    let head = tokio::select! {
        head = tokio::time::timeout(HEAD_TIMEOUT, read_head(&mut stream)) => head,
        // A connection that has not sent its request when the station stops, or when the
        // station needs its place, is closed.
        _ = stopped.wait_for(|stopped| *stopped) => return,
        _ = evicted.notified() => return,
    };
    slot.head_read();
    let refused = match head {
        Ok(Ok(request)) => {
            serve_one(stream, request, peer, app).await;
            return;
        }
        Ok(Err(HeadError::Closed)) => return,
        Err(_) => refusal(lang, StatusCode::REQUEST_TIMEOUT, "request-timeout", "api-request-timeout", 0),
        Ok(Err(HeadError::TooLarge)) => refusal(
            lang,
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "headers-too-large",
            "api-headers-too-large",
            0,
        ),
        Ok(Err(HeadError::Malformed)) => {
            refusal(lang, StatusCode::BAD_REQUEST, "bad-request", "api-bad-request", 0)
        }
    };
    // A client that does not read its refusal is not waited for. What it still sends is read
    // and dropped for a moment, so that closing does not reset the connection before the
    // client has read the refusal.
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&refused).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        let mut left = 64 * 1024;
        while left > 0 {
            match stream.read(&mut sink).await? {
                0 => break,
                n => left -= n.min(left),
            }
        }
        io::Result::Ok(())
    })
    .await;
}

/// Serves the one request of a connection, whose head is read: the router's answer, written
/// whole (its length given, the connection then closed).
async fn serve_one<S: AsyncWrite + Unpin>(
    mut stream: S,
    mut request: Request<Body>,
    peer: SocketAddr,
    mut app: Router,
) {
    request.extensions_mut().insert(ConnectInfo(peer));
    let head_only = request.method() == Method::HEAD;
    let _ = tokio::time::timeout(CONNECTION_TIMEOUT, async {
        let response = match tower_service::Service::call(&mut app, request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap_or_default();
        let status = parts.status;
        let mut head =
            format!("HTTP/1.1 {} {}\r\n", status.as_u16(), status.canonical_reason().unwrap_or(""));
        for (name, value) in &parts.headers {
            if [header::CONTENT_LENGTH, header::CONNECTION, header::TRANSFER_ENCODING].contains(name) {
                continue;
            }
            head.push_str(name.as_str());
            head.push_str(": ");
            head.push_str(&String::from_utf8_lossy(value.as_bytes()));
            head.push_str("\r\n");
        }
        head.push_str(&format!(
            "{}: {}\r\n{}: close\r\n\r\n",
            header::CONTENT_LENGTH,
            body.len(),
            header::CONNECTION
        ));
        stream.write_all(head.as_bytes()).await?;
        if !head_only {
            stream.write_all(&body).await?;
        }
        stream.shutdown().await
    })
    .await;
}

/// Why a request's head could not be read.
#[derive(Debug, PartialEq, Eq)]
enum HeadError {
    /// The client closed the connection, or it failed.
    Closed,
    /// More than [`MAX_HEAD`] bytes or [`MAX_HEADERS`] header lines.
    TooLarge,
    /// Not an HTTP/1 request head.
    Malformed,
}

/// Reads from `stream` until it holds a whole request head, and makes the request it says (with
/// no body: the station reads none).
async fn read_head(stream: &mut (impl AsyncRead + Unpin)) -> Result<Request<Body>, HeadError> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        let n = stream.read(&mut chunk).await.map_err(|_| HeadError::Closed)?;
        if n == 0 {
            return Err(HeadError::Closed);
        }
        buf.extend_from_slice(&chunk[..n]);
        // A head ends with an empty line: only a read that brings a line end can complete it.
        if memchr::memchr(b'\n', &chunk[..n]).is_some() {
            let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut head = httparse::Request::new(&mut headers);
            match head.parse(&buf) {
                Ok(httparse::Status::Complete(len)) if len <= MAX_HEAD => return request_of(&head),
                Ok(httparse::Status::Complete(_)) | Err(httparse::Error::TooManyHeaders) => {
                    return Err(HeadError::TooLarge)
                }
                Ok(httparse::Status::Partial) => {}
                Err(_) => return Err(HeadError::Malformed),
            }
        }
        if buf.len() > MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
    }
}

/// A whole answer refusing a request, written here rather than by hyper (which never saw the
/// request): JSON with the stable code and the message in `lang`, the headers every answer
/// carries, and `Retry-After` when `retry` is not 0.
fn refusal(lang: Lang, status: StatusCode, code: &str, id: &str, retry: u64) -> Vec<u8> {
    let message = msg(lang, id, &[("seconds", Arg::Num(retry))]);
    let body = serde_json::to_string(&RefusalAnswer { error: code, message: &message }).unwrap_or_default();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\n{}: application/json\r\n{}: {}\r\n{}: close\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        header::CONTENT_TYPE,
        header::CONTENT_LENGTH,
        body.len(),
        header::CONNECTION,
    );
    for (name, value) in crate::SAFETY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if retry > 0 {
        head.push_str(&format!("{}: {retry}\r\n", header::RETRY_AFTER));
    }
    head.push_str("\r\n");
    let mut answer = head.into_bytes();
    answer.extend_from_slice(body.as_bytes());
    answer
}

/// The request a parsed head says.
fn request_of(head: &httparse::Request<'_, '_>) -> Result<Request<Body>, HeadError> {
    let method = head.method.and_then(|m| Method::from_bytes(m.as_bytes()).ok());
    let uri = head.path.and_then(|p| p.parse::<Uri>().ok());
    let (Some(method), Some(uri)) = (method, uri) else { return Err(HeadError::Malformed) };
    let version = if head.version == Some(0) { Version::HTTP_10 } else { Version::HTTP_11 };
    let mut request = Request::builder().method(method).uri(uri).version(version);
    for h in head.headers.iter() {
        let name = HeaderName::from_bytes(h.name.as_bytes()).map_err(|_| HeadError::Malformed)?;
        let value = HeaderValue::from_bytes(h.value).map_err(|_| HeadError::Malformed)?;
        request = request.header(name, value);
    }
    request.body(Body::empty()).map_err(|_| HeadError::Malformed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head_of(bytes: &[u8]) -> Result<Request<Body>, HeadError> {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(read_head(&mut &bytes[..]))
    }

    #[test]
    fn a_head_is_read_and_parsed_once_into_the_request() {
        let request =
            head_of(b"GET /api/v1/judge?play=CASA HTTP/1.1\r\nHost: x\r\nX-Lexico-Code: AB\r\n\r\nrest")
                .unwrap();
        assert_eq!(request.method(), Method::GET);
        assert_eq!(request.uri().path(), "/api/v1/judge");
        assert_eq!(request.uri().query(), Some("play=CASA"));
        assert_eq!(request.headers()["x-lexico-code"], "AB");
    }

    #[test]
    fn oversized_malformed_and_cut_heads_are_refused() {
        let big = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(head_of(big.as_bytes()).err(), Some(HeadError::TooLarge));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X-{i}: 1\r\n")).collect();
        assert_eq!(
            head_of(format!("GET / HTTP/1.1\r\n{many}\r\n").as_bytes()).err(),
            Some(HeadError::TooLarge)
        );
        assert_eq!(head_of(b"GET / HTTP/1.1\r\nBad Header\r\n\r\n").err(), Some(HeadError::Malformed));
        assert_eq!(head_of(b"GET / HTTP/1.1\r\nHost: x\r\n").err(), Some(HeadError::Closed));
    }

    #[test]
    fn refusals_are_json_with_the_safety_headers() {
        let answer = refusal(
            Lang::Es,
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-connections",
            "api-too-many-connections",
            5,
        );
        let text = String::from_utf8(answer).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 429 Too Many Requests\r\n"), "{head}");
        assert!(head.contains("retry-after: 5") && head.contains("cache-control: no-store"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"], "too-many-connections");
    }

    #[test]
    fn a_client_holds_at_most_its_share_of_connections() {
        let conns = Conns::new(40);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let held: Vec<Slot> = (0..MAX_PER_CLIENT).map(|_| conns.take(a).ok().unwrap()).collect();
        assert!(matches!(conns.take(a), Err(Full::Client)));
        let other = conns.take(b).ok().unwrap();
        drop(held);
        assert_eq!(conns.total(), 1);
        assert!(conns.take(a).is_ok());
        drop(other);
    }

    #[test]
    fn at_the_limit_the_longest_waiting_connection_makes_room() {
        let conns = Conns::new(3);
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        let oldest = conns.take(ip(1)).ok().unwrap();
        let serving = conns.take(ip(2)).ok().unwrap();
        serving.head_read();
        let newer = conns.take(ip(3)).ok().unwrap();
        // The fourth takes the place of the oldest still waiting for its head.
        let fourth = conns.take(ip(4)).ok().unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let notified = |slot: &Slot| {
            let evicted = Arc::clone(&slot.evicted);
            runtime.block_on(async {
                tokio::time::timeout(Duration::from_millis(10), evicted.notified()).await.is_ok()
            })
        };
        assert!(notified(&oldest));
        assert!(!notified(&newer) && !notified(&serving));
        drop(oldest);
        // With every connection serving a request, a new one is refused.
        for slot in [&newer, &fourth] {
            slot.head_read();
        }
        assert!(matches!(conns.take(ip(5)), Err(Full::Station)));
        drop((serving, newer, fourth));
        assert_eq!(conns.total(), 0);
    }
}
