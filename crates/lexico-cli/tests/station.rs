//! `lexico serve` against the real binary on a free loopback port: the judge's API never names a
//! word, the arbiter's endpoints need the arbiter code, every judgement reaches the audit log,
//! and a station on an address but loopback judges only for holders of the table code.

mod harness;
use harness::{encode, lexico, start, temp_dir, workspace, ARBITER};

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
    assert!(page.body.contains("JUGADA ACEPTABLE") && page.body.contains("data-clear-after=\"7\""));
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
    st.get(&format!("{}&table=%3D1%2B1&round=-2", judge_target("=CMD() GATOZQ")), &[]);
    st.get(&judge_target("CASA GATOZQ"), &[]);
    // Refused requests are no judgements.
    st.get(&judge_target(""), &[]);
    let (rest, status) = st.stop();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("Station stopped: 3 plays judged."), "{rest}");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "time,play,table,round,verdict,lexicon_sha256,signer");
    assert_eq!(lines.len(), 4, "{text}");
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert_eq!(
        &rows[0].iter().skip(1).take(4).collect::<Vec<_>>(),
        &["CASA PERROS", "12", "3", "ACCEPTABLE"]
    );
    assert_eq!(
        &rows[1].iter().skip(1).take(4).collect::<Vec<_>>(),
        &["'=CMD() GATOZQ", "'=1+1", "'-2", "ERROR"]
    );
    assert_eq!(&rows[2][4], "UNACCEPTABLE");
    assert!(rows.iter().all(|r| r[0].ends_with('Z') && r[5].len() == 64));
    // A restarted station appends, without a second header.
    let st = start(&["--audit-log", log.to_str().unwrap()]);
    st.get(&judge_target("SOL"), &[]);
    st.stop();
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert_eq!(text.matches("time,play").count(), 1);
}

#[test]
fn a_station_on_another_address_judges_only_for_table_code_holders() {
    let st = start(&["--listen", "0.0.0.0:0"]);
    let code = st.banner_value("Table code: ").expect("a table code printed at start");
    assert_eq!(code.len(), 8);
    let target = judge_target("CASA");
    let missing = st.get(&target, &[]);
    assert_eq!((missing.status, missing.json()["error"].as_str()), (401, Some("code-required")));
    assert_eq!(st.get(&target, &[("X-Lexico-Code", "WRONG123")]).status, 401);
    let ok = st.get(&target, &[("X-Lexico-Code", &code)]);
    assert_eq!(ok.json()["verdict"], "ACCEPTABLE");
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
    assert_eq!(st.get(&judge_target("CASA"), &[]).status, 401);
    assert_eq!(st.get(&judge_target("CASA"), &[("X-Lexico-Code", "MESA1234")]).status, 200);
}

#[test]
fn requests_per_client_per_minute_are_bounded() {
    let st = start(&["--rate-limit", "5"]);
    let statuses: Vec<u16> = (0..7).map(|_| st.get(&judge_target("CASA"), &[]).status).collect();
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429, 429]);
    assert_eq!(st.get("/", &[]).status, 429);
}

#[test]
fn bad_codes_and_busy_ports_are_refused_at_start() {
    let out = harness::lexico().args(["serve", "--lang", "es", "--arbiter-code", "abc"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("lexico: el código de --arbiter-code debe tener"), "{err}");
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
