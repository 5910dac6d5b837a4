//! The judge station in a hall with hostile clients: 20 tables, each from its own loopback
//! address, judge one play a second for `LEXICO_LOAD_SECONDS` seconds (10 by default, as in CI)
//! with the audit log on, while 1,100 idle sockets (a hundred from each of eleven addresses) and
//! 100 slow clients (sending a byte of their request's head every two seconds, and connecting
//! again when the station closes them) hold connections. The station runs with a limit of 1024
//! open files, as many machines leave it.
//!
//! This is a liveness test, not a timed one: every table's request must be answered within a
//! second (the time a monitor waits for a verdict), and the audit log must hold exactly one row
//! per judgement. Beside it: idle sockets from many addresses make room for a table, a station
//! out of file descriptors judges again, and wrong arbiter codes sent as fast as one address can
//! lock that address out of code checks and never out of the judge page, its files or judging.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

mod harness;
use harness::{encode, start, start_with_open_files, temp_dir, ARBITER};

/// The bound of open files of the station in [`idle_sockets_from_many_addresses_make_room_for_a_table`]:
/// the station keeps 64 of them for itself and holds 64 connections.
const FEW_FILES: u64 = 128;

const TABLES: usize = 20;
const IDLE: usize = 1100;
const IDLE_PER_ADDRESS: usize = 100;
const SLOW: usize = 100;
const SLOW_PER_ADDRESS: usize = 10;
const PLAYS: [&str; 4] = ["CASA PERROS", "GATOZQ", "SOL, GATOS", "CASAS PERRO GATOX"];

/// The test's own sockets outnumber the usual limit of 1024 open files: the soft limit is raised
/// to the hard one.
fn raise_open_files() {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let limit = getrlimit(Resource::Nofile);
        setrlimit(Resource::Nofile, Rlimit { current: limit.maximum, maximum: limit.maximum })
            .expect("raising the test's limit of open files");
    }
}

/// A connection to `to` from the loopback address `from`.
async fn connect_from(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.into(), 0))?;
    socket.connect(to).await
}

/// One play of a table, from its own address: the answer's status and body.
async fn judge(from: Ipv4Addr, to: SocketAddr, target: &str) -> std::io::Result<(u16, String)> {
    get_from(from, to, target, "").await
}

/// A GET of `target` from the address `from`, with the header lines `headers` (each ending with
/// CRLF): the answer's status and body.
async fn get_from(
    from: Ipv4Addr,
    to: SocketAddr,
    target: &str,
    headers: &str,
) -> std::io::Result<(u16, String)> {
    let mut stream = connect_from(from, to).await?;
    let request = format!("GET {target} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n{headers}\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok((status, body.to_string()))
}

/// A slow client: a request head a byte every two seconds, on a new connection whenever the
/// station closes the last one, until `done`.
async fn slow_client(from: Ipv4Addr, to: SocketAddr, done: Arc<AtomicBool>) {
    const HEAD: &[u8] = b"GET / HTTP/1.1\r\nHost: hall\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    while !done.load(Ordering::Relaxed) {
        let Ok(mut stream) = connect_from(from, to).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        for byte in HEAD.iter().cycle() {
            if done.load(Ordering::Relaxed) || stream.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    }
}

#[test]
fn twenty_tables_are_judged_within_a_second_while_idle_and_slow_clients_hold_sockets() {
    let seconds: u64 = std::env::var("LEXICO_LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    raise_open_files();
    let dir = temp_dir("load", "audit");
    let log = dir.join("audit.csv");
    let st = start_with_open_files(1024, &["--audit-log", log.to_str().unwrap(), "--rate-limit", "100000"]);
    let to: SocketAddr = st.addr.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let (latencies, held) = runtime.block_on(async {
        let done = Arc::new(AtomicBool::new(false));
        let mut idle = Vec::with_capacity(IDLE);
        for i in 0..IDLE {
            let from = Ipv4Addr::new(127, 0, 0, 2 + (i / IDLE_PER_ADDRESS) as u8);
            idle.push(connect_from(from, to).await.expect("an idle connection"));
        }
        let slow: Vec<_> = (0..SLOW)
            .map(|i| {
                let from = Ipv4Addr::new(127, 0, 0, 100 + (i / SLOW_PER_ADDRESS) as u8);
                tokio::spawn(slow_client(from, to, Arc::clone(&done)))
            })
            .collect();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let tables: Vec<_> = (0..TABLES)
            .map(|table| {
                tokio::spawn(async move {
                    let from = Ipv4Addr::new(127, 0, 1, 1 + table as u8);
                    let mut latencies = Vec::new();
                    // Tables start spread over the first second, as a hall's would.
                    let start = tokio::time::Instant::now()
                        + Duration::from_millis(table as u64 * 1000 / TABLES as u64);
                    for i in 0..seconds {
                        tokio::time::sleep_until(start + Duration::from_secs(i)).await;
                        let play = PLAYS[(table + i as usize) % PLAYS.len()];
                        let target = format!(
                            "/api/v1/judge?play={}&table={}&round={}",
                            encode(play),
                            table + 1,
                            i + 1
                        );
                        let t = Instant::now();
                        let answer =
                            tokio::time::timeout(Duration::from_secs(1), judge(from, to, &target)).await;
                        let elapsed = t.elapsed();
                        let (status, body) = answer
                            .unwrap_or_else(|_| panic!("table {table}, play {i}: no answer within a second"))
                            .unwrap_or_else(|e| panic!("table {table}, play {i}: {e}"));
                        assert_eq!(status, 200, "table {table}, play {i}: {body}");
                        let expected = if play.contains('X') || play.contains("ZQ") {
                            "UNACCEPTABLE"
                        } else {
                            "ACCEPTABLE"
                        };
                        assert!(body.contains(&format!("\"verdict\":\"{expected}\"")), "{play}: {body}");
                        latencies.push(elapsed);
                    }
                    latencies
                })
            })
            .collect();
        let mut latencies = Vec::new();
        for table in tables {
            latencies.extend(table.await.expect("a table's task"));
        }
        done.store(true, Ordering::Relaxed);
        for client in slow {
            client.abort();
        }
        (latencies, idle.len())
    });
    assert_eq!(held, IDLE);
    let (rest, err, status) = st.stop_reading_stderr("TERM");
    assert!(status.success(), "{status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    let n = TABLES * seconds as usize;
    assert_eq!(latencies.len(), n);
    assert!(rest.contains(&format!("Station stopped: {n} plays judged.")), "{rest}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), n + 1, "one audit row per judgement");
    // Every table's every round is there once.
    let mut rows: Vec<(String, String)> = csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap())
        .map(|r| (r[2].to_string(), r[3].to_string()))
        .collect();
    rows.sort();
    rows.dedup();
    assert_eq!(rows.len(), n);
    let mut latencies = latencies;
    latencies.sort();
    let at = |q: f64| latencies[((n as f64 * q).ceil() as usize).clamp(1, n) - 1];
    println!(
        "load: {TABLES} tables x {seconds} s = {n} plays beside {IDLE} idle and {SLOW} slow clients; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies[n - 1].as_secs_f64() * 1e3,
    );
}

#[test]
fn idle_sockets_from_many_addresses_make_room_for_a_table() {
    raise_open_files();
    let st = start_with_open_files(FEW_FILES, &["--rate-limit", "0"]);
    let to: SocketAddr = st.addr.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        // Ten idle sockets from each of twenty addresses: within each address's bound, and
        // three times what the station holds.
        let mut idle = Vec::new();
        for i in 0..200u32 {
            let from = Ipv4Addr::new(127, 0, 2, 1 + (i / 10) as u8);
            idle.push(connect_from(from, to).await.expect("an idle connection"));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        for table in 0..5u8 {
            let from = Ipv4Addr::new(127, 0, 3, 1 + table);
            let answer =
                tokio::time::timeout(Duration::from_secs(1), judge(from, to, "/api/v1/judge?play=CASA"))
                    .await;
            let (status, body) = answer.expect("no answer within a second").expect("an answer");
            assert_eq!(status, 200, "{body}");
            assert!(body.contains("\"verdict\":\"ACCEPTABLE\""), "{body}");
        }
        drop(idle);
    });
    let (rest, err, status) = st.stop_reading_stderr("TERM");
    assert!(status.success(), "{status:?}: {err}");
    assert!(rest.contains("Station stopped: 5 plays judged."), "{rest}");
}

#[test]
fn a_station_out_of_file_descriptors_says_so_once_and_judges_again() {
    raise_open_files();
    // Too few files for the connections the station would hold: accepting fails with EMFILE.
    let st = start_with_open_files(24, &["--rate-limit", "0"]);
    let to: SocketAddr = st.addr.parse().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let mut idle = Vec::new();
        for i in 0..40u32 {
            let from = Ipv4Addr::new(127, 0, 4, 1 + (i / 10) as u8);
            idle.push(connect_from(from, to).await.expect("an idle connection"));
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let from = Ipv4Addr::new(127, 0, 5, 1);
        let answer =
            tokio::time::timeout(Duration::from_secs(10), judge(from, to, "/api/v1/judge?play=CASA")).await;
        let (status, body) = answer.expect("no answer within ten seconds").expect("an answer");
        assert_eq!(status, 200, "{body}");
        drop(idle);
    });
    let (rest, err, status) = st.stop_reading_stderr("TERM");
    assert!(status.success(), "{status:?}: {err}");
    assert!(rest.contains("Station stopped: 1 play judged."), "{rest}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("lexico: the station cannot accept connections (")
            && lines[0].contains("ulimit -n"),
        "{err}"
    );
}

#[test]
fn wrong_arbiter_codes_from_one_address_never_refuse_the_judge_page() {
    const GUESSES: usize = 300;
    let st = start(&[]);
    let to: SocketAddr = st.addr.parse().unwrap();
    let from = Ipv4Addr::new(127, 0, 6, 1);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let (guessed, served) = runtime.block_on(async {
        let done = Arc::new(AtomicBool::new(false));
        // Four guessers at once, each sending its next wrong code as soon as the last is answered.
        let guessers: Vec<_> = (0..4)
            .map(|g| {
                tokio::spawn(async move {
                    let mut statuses = Vec::new();
                    for i in 0..GUESSES / 4 {
                        let target = format!("/api/v1/ruling?play=CASA&code=WRONG{g}{i:03}");
                        statuses.push(get_from(from, to, &target, "").await.expect("an answer").0);
                    }
                    statuses
                })
            })
            .collect();
        // Meanwhile, from the same address, the judge page, its files and plays, over and over.
        let browser = "Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\n";
        let pages = {
            let done = Arc::clone(&done);
            tokio::spawn(async move {
                let targets = ["/", "/static/station.css", "/static/judge.js", "/favicon.ico", "/arbitro"];
                let mut served = 0;
                let mut round = 0u32;
                while !done.load(Ordering::Relaxed) || served < 30 {
                    for target in targets {
                        let (status, body) = get_from(from, to, target, browser).await.expect("an answer");
                        assert_eq!(status, 200, "{target} refused while codes are guessed: {body}");
                        served += 1;
                    }
                    round += 1;
                    let play = format!("/api/v1/judge?play=CASA&table={}", round % 8);
                    let (status, body) = get_from(from, to, &play, "").await.expect("an answer");
                    assert_eq!(status, 200, "a play refused while codes are guessed: {body}");
                    assert!(body.contains("\"verdict\":\"ACCEPTABLE\""), "{body}");
                    served += 1;
                }
                served
            })
        };
        let mut guessed = Vec::new();
        for g in guessers {
            guessed.extend(g.await.expect("a guesser"));
        }
        done.store(true, Ordering::Relaxed);
        (guessed, pages.await.expect("the pages"))
    });
    assert_eq!(guessed.len(), GUESSES);
    // Ten wrong codes are checked; every guess after them is refused unchecked.
    assert_eq!(guessed.iter().filter(|s| **s == 401).count(), 10, "{guessed:?}");
    assert_eq!(guessed.iter().filter(|s| **s == 429).count(), GUESSES - 10, "{guessed:?}");
    assert!(served >= 30);
    runtime.block_on(async {
        // The right code too, from that address; from another, it opens the ruling.
        let target = format!("/api/v1/ruling?play=CASA&code={ARBITER}");
        let (status, body) = get_from(from, to, &target, "").await.unwrap();
        assert_eq!(status, 429, "{body}");
        assert!(body.contains("\"error\":\"code-locked\""), "{body}");
        let (status, body) = get_from(Ipv4Addr::new(127, 0, 6, 2), to, &target, "").await.unwrap();
        assert_eq!(status, 200, "{body}");
        // Locked out, the address still gets the judge page and has its plays judged.
        assert_eq!(get_from(from, to, "/", "Accept: text/html\r\n").await.unwrap().0, 200);
        assert_eq!(get_from(from, to, "/api/v1/judge?play=SOL&table=9", "").await.unwrap().0, 200);
    });
    let (_, err, status) = st.stop_reading_stderr("TERM");
    assert!(status.success(), "{status:?}: {err}");
    println!("load: {GUESSES} wrong arbiter codes from one address beside {served} pages, files and plays, all served");
}
