//! `lexico serve` against the real binary on a free loopback port: the judge's API never names a
//! word, the arbiter's endpoints need the arbiter code, every judgement reaches the audit log
//! with its number and the arbiter opens its ruling by that number (after a restart too), a
//! station on an address but loopback judges only for holders of the table code and only with a
//! table, codes are checked without judging and wrong ones lock their address out, judgements
//! are limited per table, every refusal of the API, down to a request head too large, is JSON,
//! and a browser refused a page gets a page.

mod harness;
use harness::{encode, lexico, raw, request, start, temp_dir, workspace, ARBITER};

fn judge_target(play: &str) -> String {
    format!("/api/v1/judge?play={}", encode(play))
}

#[test]
fn the_judge_answers_acceptable_and_unacceptable_without_naming_a_word() {
    let st = start(&[]);
    let ok = st.get(&judge_target("casa, PERROS"), &[]);
    assert_eq!(ok.status, 200, "{ok:?}");
    let j = ok.json();
    assert_eq!(j["verdict"], "ACCEPTABLE");
    assert_eq!(j["words"], 2);
    assert_eq!(j["lexicon"]["name"], "Letterpress Spanish list");
    assert_eq!(j["lexicon"]["sha256"].as_str().unwrap().len(), 64);
    for key in ["edition", "version"] {
        assert!(j["lexicon"][key].is_string(), "{j}");
    }
    let bad = st.get(&judge_target("CASA GATOZQ PERROS"), &[]);
    assert_eq!(bad.status, 200);
    assert_eq!(bad.json()["verdict"], "UNACCEPTABLE");
    assert_eq!(bad.json()["words"], 3);
    // No answer names a word, in any case or spelling.
    for answer in [&ok, &bad] {
        let body = answer.body.to_uppercase();
        for word in ["CASA", "PERROS", "GATOZQ"] {
            assert!(!body.contains(word), "{word} named: {}", answer.body);
        }
    }
    // A character that is no tile: an error for the play, naming no word.
    let unreadable = st.get(&judge_target("CASA PER$ROS"), &[]);
    assert_eq!(unreadable.status, 422);
    assert_eq!(unreadable.json()["verdict"], "ERROR");
    assert!(!unreadable.body.to_uppercase().contains("PER"), "{}", unreadable.body);
}

#[test]
fn the_judge_bounds_plays_and_refuses_an_empty_one() {
    let st = start(&[]);
    assert_eq!(st.get(&judge_target(" , "), &[]).json()["error"], "missing-play");
    let many = vec!["CASA"; 17].join(" ");
    let a = st.get(&judge_target(&many), &[]);
    assert_eq!((a.status, a.json()["error"].as_str()), (400, Some("too-many-words")));
    assert!(a.json()["message"].as_str().unwrap().starts_with("La jugada tiene 17 palabras"), "{}", a.body);
    // The documented limit of a word, exactly: 64 characters are judged, 65 refused.
    let at_limit = st.get(&judge_target(&format!("CASA {}", "A".repeat(64))), &[]);
    assert_eq!(at_limit.json()["verdict"], "UNACCEPTABLE");
    let over = st.get(&judge_target(&format!("CASA {}", "A".repeat(65))), &[]);
    assert_eq!((over.status, over.json()["error"].as_str()), (400, Some("word-too-long")));
    assert_eq!(over.json()["message"], "La palabra 2 de la jugada tiene más de 64 caracteres.");
    let table = st.get(&format!("{}&table={}", judge_target("CASA"), "9".repeat(33)), &[]);
    assert_eq!(table.json()["message"], "El campo «mesa» es demasiado largo (máximo 32 caracteres).");
    let long = "A".repeat(401);
    assert_eq!(st.get(&judge_target(&long), &[]).json()["error"], "too-long");
    let huge = format!("/api/v1/judge?play={}", "A".repeat(3000));
    assert_eq!(st.get(&huge, &[]).status, 414);
    // Messages for people follow `lang`; codes stay English.
    let es = st.get("/api/v1/judge?play=&lang=es", &[]).json();
    assert_eq!(es["error"], "missing-play");
    assert!(es["message"].as_str().unwrap().starts_with("Falta la jugada"), "{es}");
    // No file is served but the embedded assets.
    for target in ["/../Cargo.toml", "/static/../../Cargo.toml", "/static/%2e%2e/Cargo.toml", "/etc/passwd"] {
        let a = st.get(target, &[]);
        assert!(a.status == 404 || a.status == 400, "{target}: {a:?}");
        assert!(!a.body.contains("[package]") && !a.body.contains("root:"));
    }
}

#[test]
fn arbiter_endpoints_refuse_a_wrong_or_missing_code() {
    let st = start(&[]);
    for endpoint in ["valid", "explain"] {
        let target = format!("/api/v1/{endpoint}?word=CASA");
        let missing = st.get(&target, &[]);
        assert_eq!((missing.status, missing.json()["error"].as_str()), (401, Some("code-required")));
        let wrong = st.get(&target, &[("X-Lexico-Code", "ARBITER8")]);
        assert_eq!((wrong.status, wrong.json()["error"].as_str()), (401, Some("code-wrong")));
        let prefix = st.get(&format!("{target}&code=ARBITER"), &[]);
        assert_eq!(prefix.status, 401);
        for a in [&missing, &wrong, &prefix] {
            assert!(!a.body.contains("valid\"") && !a.body.contains("CASA"), "{}", a.body);
        }
        let header = st.get(&target, &[("X-Lexico-Code", ARBITER)]);
        assert_eq!(header.status, 200, "{header:?}");
        let query = st.get(&format!("{target}&code={ARBITER}"), &[]);
        assert_eq!(query.status, 200);
        assert_eq!(header.json()["word"], "CASA");
        assert_eq!(header.json()["valid"], true);
    }
    let e = st.get(&format!("/api/v1/explain?word=GATOZQ&lang=es&code={ARBITER}"), &[]).json();
    assert_eq!((e["valid"].as_bool(), e["reason"].as_str()), (Some(false), Some("unlisted")));
    assert!(e["summary"][0].as_str().unwrap().starts_with("Inválida"), "{e}");
    assert!(e["explanation"][0].as_str().unwrap().starts_with("out:"), "{e}");
    let v = st.get(&format!("/api/v1/valid?word=perros&code={ARBITER}"), &[]).json();
    assert_eq!((v["word"].as_str(), v["valid"].as_bool()), (Some("PERROS"), Some(true)));
}

#[test]
fn pages_are_spanish_by_default_and_carry_the_lexicon_and_safety_headers() {
    let st = start(&["--clear-after", "7"]);
    let page = st.get("/?lang=en", &[]);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<html lang=\"es\">"));
    assert!(
        page.body.contains("data-play=\"JUGADA\"") && page.body.contains("data-acceptable=\"ACEPTABLE\"")
    );
    assert!(page.body.contains("data-clear-after=\"7\""));
    assert!(page.body.contains("Letterpress Spanish list"));
    let head = page.head.to_lowercase();
    assert!(head.contains("content-security-policy: default-src 'none'"), "{head}");
    assert!(head.contains("cache-control: no-store") && head.contains("x-frame-options: deny"));
    assert!(!page.body.contains(ARBITER));
    let arbiter = st.get("/arbitro", &[]);
    assert!(arbiter.body.contains("Dictamen") && !arbiter.body.contains(ARBITER));
    for asset in ["/static/station.css", "/static/judge.js", "/static/arbiter.js"] {
        assert_eq!(st.get(asset, &[]).status, 200, "{asset}");
    }
}

#[test]
fn every_judgement_reaches_the_audit_log_and_formulas_are_neutralised() {
    let dir = temp_dir("station", "audit");
    let log = dir.join("audit.csv");
    let st = start(&["--audit-log", log.to_str().unwrap()]);
    st.get(&format!("{}&table=12&round=3", judge_target("CASA PERROS")), &[]);
    st.get(&format!("{}&table=%3D1%2B1&round=-2", judge_target("@CASA GATOZQ")), &[]);
    st.get(&format!("{}&table=%3D1%2B1&round=-2", judge_target("CASA GATOZQ")), &[]);
    st.get(&judge_target("CASA GATOZQ"), &[]);
    // Refused requests and HEAD requests are no judgements; an unreadable play is logged as
    // ERROR, and is not counted as judged.
    st.get(&judge_target(""), &[]);
    let unreadable = st.get(&judge_target("=CMD() GATOZQ"), &[]);
    assert_eq!(unreadable.status, 422);
    let unreadable_number = unreadable.json()["number"].as_str().unwrap().to_string();
    let head = request(&st.addr, "HEAD", &judge_target("CASA"), &[]).unwrap();
    assert_eq!(head.status, 405, "{head:?}");
    assert!(head.head.to_lowercase().contains("allow: get"), "{}", head.head);
    assert_eq!(request(&st.addr, "HEAD", "/", &[]).unwrap().status, 200);
    let (rest, status) = st.stop();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("Station stopped: 3 plays judged."), "{rest}");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "time,play,table,round,verdict,lexicon_sha256,signer,number");
    assert_eq!(lines.len(), 6, "{text}");
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert_eq!(
        &rows[0].iter().skip(1).take(4).collect::<Vec<_>>(),
        &["CASA PERROS", "12", "3", "ACCEPTABLE"]
    );
    assert_eq!(
        &rows[1].iter().skip(1).take(4).collect::<Vec<_>>(),
        &["'@CASA GATOZQ", "'=1+1", "'-2", "ERROR"]
    );
    assert_eq!(
        &rows[2].iter().skip(1).take(4).collect::<Vec<_>>(),
        &["CASA GATOZQ", "'=1+1", "'-2", "UNACCEPTABLE"]
    );
    assert_eq!(&rows[3][4], "UNACCEPTABLE");
    assert_eq!(&rows[4].iter().skip(1).take(4).collect::<Vec<_>>(), &["'=CMD() GATOZQ", "", "", "ERROR"]);
    assert_eq!(&rows[4][7], unreadable_number.as_str());
    assert!(rows.iter().all(|r| r[0].ends_with('Z') && r[5].len() == 64));
    // Every row has its own number, of five characters.
    let mut numbers: Vec<&str> = rows.iter().map(|r| &r[7]).collect();
    assert!(numbers.iter().all(|n| n.len() == 5), "{numbers:?}");
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), rows.len());
    // A restarted station appends, without a second header.
    let st = start(&["--audit-log", log.to_str().unwrap()]);
    st.get(&judge_target("SOL"), &[]);
    st.stop();
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), 7);
    assert_eq!(text.matches("time,play").count(), 1);
}

#[test]
fn a_log_with_other_columns_is_refused_at_start() {
    let dir = temp_dir("station", "old-log");
    let log = dir.join("audit.csv");
    let old = "time,play,table,round,verdict,lexicon_sha256,signer\n2026-05-01T10:00:00Z,CASA,1,1,ACCEPTABLE,ab,x\n";
    std::fs::write(&log, old).unwrap();
    let out =
        lexico().args(["serve", "--lang", "en", "--audit-log", log.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("lexico: ")
            && err.contains("audit.csv (--audit-log): its first line is not the header"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&log).unwrap(), old, "nothing is written to it");
}

#[test]
fn a_judgement_number_opens_its_ruling_with_the_words_as_judged() {
    let dir = temp_dir("station", "numbers");
    let log = dir.join("audit.csv");
    let st = start(&["--audit-log", log.to_str().unwrap(), "--torneo", "Open de Madrid"]);
    let judged = st.get(&format!("{}&table=7&round=2", judge_target("casa, GATOZQ kiosco")), &[]);
    assert_eq!(judged.json()["verdict"], "UNACCEPTABLE");
    let number = judged.json()["number"].as_str().unwrap().to_string();
    assert_eq!(number.len(), 5);
    assert!(number.bytes().all(|b| b"23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains(&b)), "{number}");
    let by_number =
        |n: &str, code: &str| st.get(&format!("/api/v1/ruling?number={n}"), &[("X-Lexico-Code", code)]);
    // The number opens nothing without the arbiter code, and says nothing of the play.
    for code in ["WRONG123", ""] {
        let refused = by_number(&number, code);
        assert_eq!(refused.status, 401, "{refused:?}");
        assert!(
            !refused.body.to_uppercase().contains("CASA") && !refused.body.contains("GATOZQ"),
            "{}",
            refused.body
        );
    }
    let r = by_number(&number.to_lowercase(), ARBITER);
    assert_eq!(r.status, 200, "{r:?}");
    let r = r.json();
    let words: Vec<&str> =
        r["words"].as_array().unwrap().iter().map(|w| w["word"].as_str().unwrap()).collect();
    assert_eq!(words, ["CASA", "GATOZQ", "KIOSCO"]);
    assert_eq!(
        (r["number"].as_str(), r["table"].as_str(), r["round"].as_str()),
        (Some(number.as_str()), Some("7"), Some("2"))
    );
    assert_eq!(r["verdict"], "UNACCEPTABLE");
    let logged = std::fs::read_to_string(&log).unwrap();
    let row = logged.lines().nth(1).unwrap();
    assert!(
        row.starts_with(r["judged_at"].as_str().unwrap()) && row.ends_with(&format!(",{number}")),
        "{row}"
    );
    // A word of the embedded list is taken from it by no rule: the ruling names the list.
    assert_eq!(r["words"][0]["lists"][0], "letterpress-es.txt");
    let unknown = by_number("ZZZZZ", ARBITER);
    assert_eq!((unknown.status, unknown.json()["error"].as_str()), (404, Some("unknown-number")));
    assert_eq!(unknown.json()["message"], "Ninguna jugada juzgada tiene el número ZZZZZ.");
    // A station started again on the same log opens the rulings of its numbers.
    st.stop();
    let st = start(&["--audit-log", log.to_str().unwrap()]);
    let again = st.get(&format!("/api/v1/ruling?number={number}"), &[("X-Lexico-Code", ARBITER)]);
    assert_eq!(again.status, 200, "{again:?}");
    let words: Vec<String> = again.json()["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(words, ["CASA", "GATOZQ", "KIOSCO"]);
}

#[test]
fn a_station_on_another_address_judges_only_for_table_code_holders() {
    let st = start(&["--listen", "0.0.0.0:0"]);
    let code = st.banner_value("Table code: ").expect("a table code printed at start");
    assert_eq!(code.len(), 8);
    let target = format!("{}&table=12", judge_target("CASA"));
    let missing = st.get(&target, &[]);
    assert_eq!((missing.status, missing.json()["error"].as_str()), (401, Some("code-required")));
    assert_eq!(st.get(&target, &[("X-Lexico-Code", "WRONG123")]).status, 401);
    let ok = st.get(&target, &[("X-Lexico-Code", &code)]);
    assert_eq!(ok.json()["verdict"], "ACCEPTABLE");
    // In a hall, a play without its table is not judged.
    let no_table = st.get(&judge_target("CASA"), &[("X-Lexico-Code", &code)]);
    assert_eq!((no_table.status, no_table.json()["error"].as_str()), (400, Some("missing-table")));
    // The arbiter's code opens the judge too; the table code does not open the arbiter's.
    assert_eq!(st.get(&format!("{target}&code={ARBITER}"), &[]).status, 200);
    assert_eq!(st.get(&format!("/api/v1/valid?word=CASA&code={code}"), &[]).status, 401);
    assert_eq!(st.get("/api/v1/lexicon", &[]).json()["table_code_required"], true);
}

#[test]
fn a_loopback_station_needs_no_table_code_unless_one_is_given() {
    let st = start(&[]);
    assert!(st.banner_value("Table code: ").is_none());
    assert_eq!(st.get("/api/v1/lexicon", &[]).json()["table_code_required"], false);
    drop(st);
    let st = start(&["--table-code", "MESA1234"]);
    let target = format!("{}&table=A12", judge_target("CASA"));
    assert_eq!(st.get(&target, &[]).status, 401);
    assert_eq!(st.get(&target, &[("X-Lexico-Code", "MESA1234")]).status, 200);
}

/// The seconds of an answer's `Retry-After`.
fn retry_after(answer: &harness::Answer) -> u64 {
    answer
        .head
        .lines()
        .find_map(|l| l.to_lowercase().strip_prefix("retry-after: ").map(str::to_string))
        .and_then(|v| v.trim().parse().ok())
        .expect("a Retry-After header")
}

#[test]
fn judgements_per_table_per_minute_are_bounded_and_pages_never() {
    let st = start(&["--rate-limit", "5"]);
    let at = |table: &str| format!("{}&table={table}", judge_target("CASA"));
    let statuses: Vec<u16> = (0..7).map(|_| st.get(&at("12"), &[]).status).collect();
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429, 429]);
    let limited = st.get(&at("12"), &[]);
    assert!((1..=60).contains(&retry_after(&limited)), "{limited:?}");
    let message = limited.json()["message"].as_str().unwrap().to_string();
    assert!(message.starts_with("Demasiadas jugadas de esta mesa en un minuto: espere "), "{message}");
    // Another table judges; the pages, the styles and the scripts are served as before.
    assert_eq!(st.get(&at("13"), &[]).status, 200);
    for target in ["/", "/arbitro", "/static/station.css", "/static/judge.js", "/favicon.ico"] {
        for _ in 0..10 {
            assert_eq!(st.get(target, &[]).status, 200, "{target}");
        }
    }
}

#[test]
fn wrong_codes_lock_their_address_out_of_code_checks_and_never_out_of_the_pages() {
    let st = start(&[]);
    let ruling = |code: &str| st.get("/api/v1/ruling?play=CASA", &[("X-Lexico-Code", code)]);
    for i in 0..10 {
        assert_eq!(ruling(&format!("WRONG{i:03}")).status, 401, "wrong code {i}");
    }
    // Locked out: no code is compared, the right one neither, and the answer says how long.
    for code in ["WRONG999", ARBITER] {
        let locked = ruling(code);
        assert_eq!(
            (locked.status, locked.json()["error"].as_str()),
            (429, Some("code-locked")),
            "{locked:?}"
        );
        let seconds = retry_after(&locked);
        assert!((240..=300).contains(&seconds), "{seconds}");
        assert_eq!(
            locked.json()["message"],
            "Demasiados códigos incorrectos desde este puesto: espere 5 minutos."
        );
    }
    assert_eq!(st.get("/api/v1/code", &[("X-Lexico-Code", ARBITER)]).status, 429);
    // The judge of a loopback station needs no code, and the pages none either.
    assert_eq!(st.get(&judge_target("CASA"), &[]).json()["verdict"], "ACCEPTABLE");
    for target in ["/", "/arbitro", "/static/station.css", "/static/arbiter.js", "/favicon.ico"] {
        assert_eq!(st.get(target, &[]).status, 200, "{target}");
    }
}

#[test]
fn bad_codes_and_busy_ports_are_refused_at_start() {
    let out = harness::lexico().args(["serve", "--lang", "es", "--arbiter-code", "abc"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("lexico: el código de --arbiter-code debe tener"), "{err}");
    for name in ["", "Open\tde Madrid", &"M".repeat(101)] {
        let out = harness::lexico().args(["serve", "--lang", "en", "--torneo", name]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("lexico: the name of --torneo must have 1 to 100 characters"), "{err}");
    }
    let st = start(&[]);
    let out = harness::lexico().args(["serve", "--lang", "en", "--listen", &st.addr]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with(&format!("lexico: cannot listen on {} (--listen)", st.addr)), "{err}");
}

#[test]
fn serve_speaks_the_locale_of_the_terminal() {
    let dir = temp_dir("station", "locale");
    let run = |lang: &str, extra: &[&str]| {
        let out = harness::lexico()
            .current_dir(&dir)
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .args(["serve", "--arbiter-code", "x"])
            .args(extra)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(run("es_ES.UTF-8", &[]).contains("el código de --arbiter-code"));
    assert!(run("en_US.UTF-8", &[]).contains("the code of --arbiter-code"));
    assert!(run("es_ES.UTF-8", &["--lang", "en"]).contains("the code of --arbiter-code"));
}

#[test]
fn a_lexicon_file_overwritten_under_a_running_station_changes_no_answer() {
    let dir = temp_dir("station", "overwritten");
    std::fs::write(dir.join("words.txt"), "casa\nperros\n").unwrap();
    let rules = workspace().join("rules/fise-2016");
    let built = lexico()
        .current_dir(&dir)
        .args(["build", "--quiet", "-o", "small.lex", "--name", "Small", "--edition", "S-1", "--rules"])
        .arg(&rules)
        .arg("words.txt")
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let file = dir.join("small.lex");
    let st = start(&["--lexicon", file.to_str().unwrap()]);
    let verdict =
        |play: &str| st.get(&judge_target(play), &[]).json()["verdict"].as_str().unwrap().to_string();
    assert_eq!(verdict("CASA PERROS"), "ACCEPTABLE");
    assert_eq!(verdict("GATO"), "UNACCEPTABLE");
    let sha = st.get("/api/v1/lexicon", &[]).json()["lexicon"]["sha256"].clone();
    // Truncated, then overwritten in place with other bytes: a memory map would read them (or
    // die of SIGBUS); the station's copy does not.
    std::fs::write(&file, b"").unwrap();
    assert_eq!(verdict("CASA PERROS"), "ACCEPTABLE");
    std::fs::write(&file, vec![0xA5; 4096]).unwrap();
    assert_eq!(verdict("CASA PERROS"), "ACCEPTABLE");
    assert_eq!(verdict("GATO"), "UNACCEPTABLE");
    assert_eq!(st.get("/api/v1/lexicon", &[]).json()["lexicon"]["sha256"], sha);
    // Ctrl-C stops it as SIGTERM does.
    let (rest, status) = st.stop_with("INT");
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("Station stopped: 5 plays judged."), "{rest}");
}

#[test]
fn codes_are_checked_without_judging() {
    let dir = temp_dir("station", "code");
    let log = dir.join("audit.csv");
    let st = start(&["--table-code", "MESA1234", "--audit-log", log.to_str().unwrap()]);
    let wrong = st.get("/api/v1/code", &[("X-Lexico-Code", "MESA9999")]);
    assert_eq!((wrong.status, wrong.json()["error"].as_str()), (401, Some("code-wrong")));
    assert_eq!(st.get("/api/v1/code", &[]).json()["error"], "code-required");
    assert_eq!(st.get("/api/v1/code", &[("X-Lexico-Code", "MESA1234")]).json()["access"], "table");
    assert_eq!(st.get(&format!("/api/v1/code?code={ARBITER}"), &[]).json()["access"], "arbiter");
    let (rest, _) = st.stop();
    assert!(rest.contains("Station stopped: 0 plays judged."), "{rest}");
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 1, "only the header");
}

#[test]
fn every_refusal_is_json_with_a_code_and_a_message() {
    let st = start(&[]);
    let json_refusal = |answer: &harness::Answer, status: u16, code: &str| {
        assert_eq!(answer.status, status, "{answer:?}");
        assert!(answer.head.to_lowercase().contains("content-type: application/json"), "{}", answer.head);
        assert!(answer.head.to_lowercase().contains("cache-control: no-store"), "{}", answer.head);
        let j = answer.json();
        assert_eq!(j["error"], code, "{j}");
        assert!(!j["message"].as_str().unwrap().is_empty(), "{j}");
    };
    let post = request(&st.addr, "POST", "/api/v1/judge?play=CASA", &[("Content-Length", "0")]).unwrap();
    json_refusal(&post, 405, "method-not-allowed");
    assert!(post.head.to_lowercase().contains("allow: get, head"), "{}", post.head);
    let body = request(&st.addr, "GET", "/", &[("Content-Length", "5000")]).unwrap();
    json_refusal(&body, 413, "body-too-large");
    json_refusal(&st.get(&format!("/api/v1/judge?play={}", "A".repeat(3000)), &[]), 414, "request-too-large");
    let big = "x".repeat(9000);
    json_refusal(&st.get("/", &[("X-Big", &big)]), 431, "headers-too-large");
    let many: Vec<(String, String)> = (0..70).map(|i| (format!("X-H{i}"), "1".to_string())).collect();
    let many: Vec<(&str, &str)> = many.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    json_refusal(&st.get("/", &many), 431, "headers-too-large");
    json_refusal(&raw(&st.addr, b"NOT HTTP AT ALL\r\n\r\n").unwrap(), 400, "bad-request");
    json_refusal(&st.get("/nothing-here", &[]), 404, "not-found");
    let es = st.get("/nothing-here", &[]).json();
    assert_eq!(es["message"], "No existe esa página.");
    let en = st.get("/nothing-here?lang=en", &[]).json();
    assert_eq!(en["message"], "No such page.");
    // A query that is not UTF-8 is not read, never judged as another play.
    json_refusal(&st.get("/api/v1/judge?play=%FF%FE", &[]), 400, "bad-query");
    json_refusal(&st.get("/api/v1/judge?play=CA%4", &[]), 400, "bad-query");
}

#[test]
fn a_browser_refused_a_page_gets_a_page_and_the_api_keeps_its_json() {
    let st = start(&["--torneo", "Open de Madrid"]);
    let browser = ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
    let page = st.get("/mesa12", &[browser]);
    assert_eq!(page.status, 404);
    let head = page.head.to_lowercase();
    assert!(
        head.contains("content-type: text/html; charset=utf-8") && head.contains("cache-control: no-store"),
        "{head}"
    );
    assert!(
        page.body.contains("<html lang=\"es\">") && page.body.contains("<h1>No existe esa página.</h1>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("href=\"/\"") && page.body.contains("Open de Madrid"), "{}", page.body);
    let en = st.get("/mesa12?lang=en", &[browser]);
    assert!(en.body.contains("<h1>No such page.</h1>"), "{}", en.body);
    let post = request(&st.addr, "POST", "/", &[browser, ("Content-Length", "0")]).unwrap();
    assert_eq!(post.status, 405);
    assert!(post.body.contains("<h1>La estación solo responde a GET y HEAD.</h1>"), "{}", post.body);
    // The API answers JSON to a browser too.
    let api = st.get("/api/v1/nothing", &[browser]);
    assert_eq!((api.status, api.json()["error"].as_str()), (404, Some("not-found")));
    let api = st.get("/api/v1/valid?word=CASA", &[browser]);
    assert_eq!(api.json()["error"], "code-required");
    // The station's icon.
    let icon = st.get("/favicon.ico", &[]);
    assert_eq!(icon.status, 200);
    assert!(icon.head.to_lowercase().contains("content-type: image/x-icon"), "{}", icon.head);
}

#[test]
fn the_ruling_refuses_a_play_over_the_limit_and_names_an_unreadable_word_to_the_arbiter_only() {
    let st = start(&["--torneo", "Open de Madrid"]);
    let ruling = |play: &str| {
        st.get(
            &format!("/api/v1/ruling?play={}&table=7&round=2", encode(play)),
            &[("X-Lexico-Code", ARBITER)],
        )
    };
    let many = vec!["CASA"; 17].join(" ");
    let refused = ruling(&many);
    assert_eq!((refused.status, refused.json()["error"].as_str()), (400, Some("too-many-words")));
    assert!(refused.json()["words"].is_null(), "never cut to 16: {}", refused.body);
    let r = ruling("GATOZQ CA$A KIOSCO casa").json();
    assert_eq!(r["verdict"], "ERROR");
    let words = r["words"].as_array().unwrap();
    assert_eq!(words.len(), 4);
    assert_eq!(
        (words[1]["word"].as_str(), words[1]["error"].as_str()),
        (Some("CA$A"), Some("unreadable-word"))
    );
    assert!(
        words[1]["message"].as_str().unwrap().starts_with("«CA$A»: un carácter no es letra ni ficha"),
        "{r}"
    );
    assert_eq!(
        (words[0]["word"].as_str(), words[0]["verdict_text"].as_str()),
        (Some("GATOZQ"), Some("INVÁLIDA"))
    );
    assert_eq!(words[0]["reason_text"], "no figura en las fuentes del léxico");
    assert_eq!(words[2]["reason"], "no-tile");
    assert!(words[2]["articles"][0].as_str().unwrap().starts_with("art. 11"), "{r}");
    assert_eq!(
        (words[3]["word"].as_str(), words[3]["verdict_text"].as_str()),
        (Some("CASA"), Some("VÁLIDA"))
    );
    assert!(words[3]["summary"][0].as_str().unwrap().starts_with("Válida"), "{r}");
    assert_eq!(
        (r["tournament"].as_str(), r["table"].as_str(), r["round"].as_str()),
        (Some("Open de Madrid"), Some("7"), Some("2"))
    );
    assert!(r["time"].as_str().unwrap().ends_with('Z'));
    assert_eq!(r["lexicon"]["sha256"].as_str().unwrap().len(), 64);
    let judged = ruling("GATOZQ KIOSCO casa").json();
    assert_eq!(
        (judged["verdict"].as_str(), judged["verdict_text"].as_str()),
        (Some("UNACCEPTABLE"), Some("JUGADA INACEPTABLE"))
    );
    // The judge's answer for the same play names no word, the unreadable one included.
    let judge = st.get(&judge_target("GATOZQ CA$A KIOSCO casa"), &[]);
    assert_eq!(judge.status, 422);
    assert!(!judge.body.to_uppercase().contains("CA$A") && !judge.body.contains("GATOZQ"), "{}", judge.body);
    // The ruling is the arbiter's: the table code does not open it.
    assert_eq!(st.get("/api/v1/ruling?play=CASA", &[]).status, 401);
}

#[test]
fn a_hall_station_prints_every_address_and_a_qr_code_of_the_judge_page() {
    let st = start(&["--listen", "0.0.0.0:0", "--table-code", "MESA1234", "--torneo", "Open de Madrid"]);
    let port = st.addr.rsplit(':').next().unwrap().to_string();
    assert_eq!(st.addr, format!("127.0.0.1:{port}"));
    assert!(st.banner.contains(&"Tournament: Open de Madrid".to_string()), "{:?}", st.banner);
    let network: Vec<String> = if_addrs::get_if_addrs()
        .unwrap()
        .into_iter()
        .filter(|i| i.ip().is_ipv4() && !i.ip().is_loopback())
        .map(|i| format!("Judge page on the hall's network: http://{}:{port}/", i.ip()))
        .collect();
    for line in &network {
        assert!(st.banner.contains(line), "{line} missing from {:?}", st.banner);
    }
    let qr_intro = st.banner.iter().position(|l| l.starts_with("Scan this code")).expect("a QR code");
    let url = if network.is_empty() {
        format!("127.0.0.1:{port}")
    } else {
        network[0].rsplit("//").next().unwrap().trim_end_matches('/').to_string()
    };
    assert!(
        st.banner[qr_intro].contains(&format!("http://{url}/?codigo=MESA1234")),
        "{}",
        st.banner[qr_intro]
    );
    // A binary with the offline page draws that page's QR code on the right, after a line of its own.
    let drawn: Vec<&String> = st.banner[qr_intro + 1..]
        .iter()
        .skip_while(|l| l.starts_with("On its right, the offline page"))
        .take_while(|l| l.chars().all(|c| " \u{2580}\u{2584}\u{2588}".contains(c)))
        .collect();
    assert!(drawn.len() >= 10, "{:?}", st.banner);
    let width = drawn[0].chars().count();
    assert!(drawn.iter().all(|l| l.chars().count() == width) && width >= 21 + 8);
}

/// The judge page's Dash mode: `/api/v1/dash` answers as `lexico dash`, takes the table code like
/// the judge, refuses a card the game has not in the answer's language, and logs nothing.
#[test]
fn the_dash_mode_judges_a_word_for_a_card() {
    let dir = temp_dir("station", "dash");
    let log = dir.join("audit.csv");
    let st = start(&["--table-code", "MESA1234", "--audit-log", log.to_str().unwrap()]);
    let dash = |card: &str, word: &str, hand: &str| {
        let target =
            format!("/api/v1/dash?card={}&word={}&hand={}", encode(card), encode(word), encode(hand));
        st.get(&target, &[("X-Lexico-Code", "MESA1234")])
    };
    let mano = dash("Palabra de 4 letras", "mano", "ATLMNOE");
    assert_eq!(mano.status, 200, "{mano:?}");
    let j = mano.json();
    assert_eq!(
        (j["verdict"].as_str(), j["cards"].as_str(), j["word"].as_str()),
        (Some("meets"), Some("M·A·N·O"), Some("MANO"))
    );
    assert_eq!(
        (j["verdict_text"].as_str(), j["card_text"].as_str()),
        (Some("cumple"), Some("Palabra de 4 letras"))
    );
    assert_eq!(j["lexicon"]["name"], "Letterpress Spanish list");
    let deba = dash("tiene una D", "DEBA", "BATRMEF").json();
    assert_eq!(deba["verdict"], "meets");
    let queso = dash("5 letras", "queso", "").json();
    assert_eq!(
        (queso["reason"].as_str(), queso["message"].as_str()),
        (Some("card-count"), Some("4 cartas, no 5"))
    );
    let bad = dash("termina con B", "mano", "");
    assert_eq!((bad.status, bad.json()["error"].as_str()), (422, Some("bad-card")));
    assert!(bad.json()["message"].as_str().unwrap().contains("siempre una vocal"), "{}", bad.body);
    assert_eq!(dash("4 letras", "mano", "ATLMNOEE").json()["error"], "bad-hand");
    assert_eq!(dash("verbo", "deba", "").json()["error"], "no-verbs");
    assert_eq!(dash("4 letras", "", "").json()["error"], "missing-word");
    assert_eq!(dash("", "mano", "").json()["error"], "missing-card");
    let without = st.get("/api/v1/dash?card=verbo&word=deba", &[]);
    assert_eq!(without.status, 401);
    let en =
        st.get("/api/v1/dash?card=4%20letras&word=taxi&lang=en", &[("X-Lexico-Code", "MESA1234")]).json();
    assert_eq!(en["message"], "needs an X card, which Dash does not have");
    assert!(!log.exists() || std::fs::read_to_string(&log).unwrap().lines().count() <= 1);
    // The judge page carries the mode switch and the card table's wordings.
    let page = st.get("/", &[]).body;
    assert!(page.contains("id=\"mode-toggle\"") && page.contains("Palabra de {n} letras|"), "{page}");
}
