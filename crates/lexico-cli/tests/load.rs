//! A bounded load test of the judge station: 20 simulated tables, each sending one play a second
//! to the station on loopback with the audit log on, for `LEXICO_LOAD_SECONDS` seconds (10 by
//! default, as in CI; `docs/performance.md` records a 30-second run). No request may fail and no
//! audit line may be lost; the p50, p99 and slowest latencies are printed.
//!
//! The tables all come from 127.0.0.1, one client address for the rate limit, which is raised
//! for the test: a hall's tables each have their own.

use std::time::{Duration, Instant};

mod harness;
use harness::{encode, get, start, temp_dir};

const TABLES: usize = 20;
const PLAYS: [&str; 4] = ["CASA PERROS", "GATOZQ", "SOL, GATOS", "CASAS PERRO GATOX"];

#[test]
fn twenty_tables_one_play_a_second_lose_no_request_and_no_audit_line() {
    let seconds: u64 = std::env::var("LEXICO_LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let dir = temp_dir("load", "audit");
    let log = dir.join("audit.csv");
    let st = start(&["--audit-log", log.to_str().unwrap(), "--rate-limit", "100000"]);
    let begin = Instant::now();
    let tables: Vec<_> = (0..TABLES)
        .map(|table| {
            let addr = st.addr.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                // Tables start spread over the first second, as a hall's would.
                let start = Instant::now() + Duration::from_millis(table as u64 * 1000 / TABLES as u64);
                for i in 0..seconds {
                    let at = start + Duration::from_secs(i);
                    if let Some(wait) = at.checked_duration_since(Instant::now()) {
                        std::thread::sleep(wait);
                    }
                    let play = PLAYS[(table + i as usize) % PLAYS.len()];
                    let target =
                        format!("/api/v1/judge?play={}&table={}&round={}", encode(play), table + 1, i + 1);
                    let t = Instant::now();
                    let answer = get(&addr, &target, &[]).unwrap_or_else(|e| panic!("table {table}: {e}"));
                    latencies.push(t.elapsed());
                    assert_eq!(answer.status, 200, "table {table}, play {i}: {answer:?}");
                    let expected =
                        if play.contains('X') || play.contains("ZQ") { "UNACCEPTABLE" } else { "ACCEPTABLE" };
                    assert_eq!(answer.json()["verdict"], expected, "{play}");
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = tables.into_iter().flat_map(|t| t.join().unwrap()).collect();
    let elapsed = begin.elapsed();
    let (rest, status) = st.stop();
    assert!(status.success(), "{status:?}");
    let n = TABLES * seconds as usize;
    assert_eq!(latencies.len(), n);
    assert!(rest.contains(&format!("Station stopped: {n} plays judged.")), "{rest}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), n + 1, "audit lines lost");
    // Every table's every round is there once.
    let mut rows: Vec<(String, String)> = csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap())
        .map(|r| (r[2].to_string(), r[3].to_string()))
        .collect();
    rows.sort();
    rows.dedup();
    assert_eq!(rows.len(), n);
    latencies.sort();
    let at = |q: f64| latencies[((n as f64 * q).ceil() as usize).clamp(1, n) - 1];
    println!(
        "load: {TABLES} tables x {seconds} s = {n} plays in {:.1} s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        elapsed.as_secs_f64(),
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies[n - 1].as_secs_f64() * 1e3,
    );
}
