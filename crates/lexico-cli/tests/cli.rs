//! The `lexico` binary, run as a user runs it.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use common::{batch, check_batch, workspace};

fn lexico() -> Command {
    Command::from_std(common::lexico())
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("runs").stdout).expect("UTF-8 output")
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("cli", name)
}

fn build(dir: &Path, out: &str, sources: &[&Path]) -> assert_cmd::assert::Assert {
    lexico()
        .current_dir(workspace())
        .arg("build")
        .arg("--quiet")
        .arg("-o")
        .arg(dir.join(out))
        .args(sources)
        .assert()
}

#[test]
fn words_of_the_default_lexicon_are_valid() {
    let out = lexico()
        .args(["valid", "CHURRO", "ZUZAR", "ÑANDÚ", "pingüino", "[CH]U[RR]O", "1u3o"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(
        text,
        "CHURRO\tvalid\nZUZAR\tvalid\nÑANDU\tvalid\nPINGUINO\tvalid\nCHURRO\tvalid\nCHURRO\tvalid\n"
    );
}

#[test]
fn invalid_words_exit_one_with_a_one_word_reason() {
    let out = lexico().args(["valid", "KIOSCO", "CASITA", "A", "NANDU"]).assert().code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(
        text,
        "KIOSCO\tinvalid\tno-tile\nCASITA\tinvalid\tunlisted\nA\tinvalid\ttoo-short\nNANDU\tinvalid\tunlisted\n"
    );
}

#[test]
fn an_unknown_character_is_an_error_naming_it_and_its_place() {
    let out = lexico().args(["valid", "CASA", "CA@SA"]).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(err, "lexico: argument 2: 'CA@SA': column 3: '@' is not a tile\n");
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(text, "CASA\tvalid\nCA@SA\terror\tcolumn 3: '@' is not a tile\n");
}

#[test]
fn a_bad_word_in_a_batch_gets_an_error_row_and_the_batch_goes_on() {
    let input = b"casa\nca$a\nganso\n";
    let error = "lexico: <stdin>:2: 'ca$a': column 3: '$' is not a tile\n";
    let (text, err, code) = batch(&["valid"], input);
    assert_eq!(text, "CASA\tvalid\nca$a\terror\tcolumn 3: '$' is not a tile\nGANSO\tvalid\n");
    assert_eq!((err.as_str(), code), (error, 2));
    let (csv, err, code) = batch(&["valid", "--format", "csv"], input);
    assert_eq!(
        csv,
        "word,valid,reason,error\nCASA,true,listed,\nca$a,,,column 3: '$' is not a tile\nGANSO,true,listed,\n"
    );
    assert_eq!((err.as_str(), code), (error, 2));
    let (json, err, code) = batch(&["valid", "--format", "json"], input);
    let records: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        records,
        [
            serde_json::json!({"word": "CASA", "valid": true, "reason": "listed", "error": null}),
            serde_json::json!({"word": "ca$a", "valid": null, "reason": null, "error": "column 3: '$' is not a tile"}),
            serde_json::json!({"word": "GANSO", "valid": true, "reason": "listed", "error": null}),
        ]
    );
    assert_eq!((err.as_str(), code), (error, 2));
    // An invalid word after the error: still exit 2, and the verdict is there.
    let (text, _, code) = batch(&["valid"], b"ca$a\ncasita\n");
    assert_eq!((text.lines().last(), code), (Some("CASITA\tinvalid\tunlisted"), 2));
}

#[test]
fn valid_judges_the_words_after_a_bad_one() {
    check_batch(
        &["valid"],
        ["casa", "ca$a", "ganso"],
        ["CASA\tvalid", "GANSO\tvalid"],
        "column 3: '$' is not a tile",
    );
}

#[test]
fn valid_explain_explains_the_words_after_a_bad_one() {
    let words = ["casa", "ca$a", "ganso"];
    let marks = ["CASA\tvalid\tlisted", "GANSO\tvalid\tlisted"];
    check_batch(&["valid", "--explain"], words, marks, "column 3: '$' is not a tile");
}

#[test]
fn explain_explains_the_words_after_a_bad_one() {
    let marks = ["CASA\tvalid\tlisted", "GANSO\tvalid\tlisted"];
    check_batch(&["explain"], ["casa", "ca$a", "ganso"], marks, "column 3: '$' is not a tile");
}

#[test]
fn tiles_reads_the_words_after_a_bad_one() {
    let marks = ["CASA\tC A S A", "GANSO\tG A N S O"];
    check_batch(&["tiles"], ["casa", "ca$a", "ganso"], marks, "column 3: '$' is not a tile");
    check_batch(&["tiles"], ["casa", ",", "ganso"], marks, "no tiles");
}

#[test]
fn the_judge_answers_the_plays_after_a_bad_one() {
    let (text, err, code) = batch(&["valid", "--judge"], b"casa perro\ncasa p@rro\n\xffganso\nganso\n");
    let verdicts: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(verdicts, ["ACCEPTABLE", "ERROR", "ERROR", "ACCEPTABLE"], "{text}");
    // One line per bad play, naming its line but no word of it, nor a column.
    assert_eq!(
        err,
        "lexico: <stdin>:2: the play could not be judged: a character is neither a letter nor a tile\n\
         lexico: <stdin>:3: the play could not be judged: invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)\n"
    );
    assert_eq!(code, 2);
    let (json, _, code) = batch(&["valid", "--judge", "--format", "json", "casa", "p@rro"], b"");
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!((v["verdict"].as_str(), v["error"].is_string(), code), (Some("ERROR"), true, 2));
    let (json, _, _) = batch(&["valid", "--judge", "--format", "json", "casa"], b"");
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!((v["verdict"].as_str(), v["error"].is_null()), (Some("ACCEPTABLE"), true));
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_row_and_the_batch_goes_on() {
    let input = b"casa\nca\xf1a\nganso\n";
    let error = "lexico: <stdin>:2:3: invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)\n";
    let row =
        "ca\u{fffd}a\terror\tcolumn 3: invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)";
    // `valid` reads text from standard input on its own fast path; the other formats and
    // commands line by line.
    let (text, err, code) = batch(&["valid"], input);
    assert_eq!(text, format!("CASA\tvalid\n{row}\nGANSO\tvalid\n"));
    assert_eq!((err.as_str(), code), (error, 2));
    for args in
        [&["valid", "--format", "json"][..], &["explain", "--format", "json"], &["hooks", "--format", "csv"]]
    {
        let (out, err, code) = batch(args, input);
        assert_eq!((err.as_str(), code), (error, 2), "{args:?}");
        let rows: Vec<&str> = out.lines().filter(|l| !l.starts_with("word,")).collect();
        assert_eq!(rows.len(), 3, "{args:?}: {out}");
        assert!(
            rows[1].contains("ca\u{fffd}a") && rows[1].contains("column 3: invalid UTF-8"),
            "{args:?}: {out}"
        );
        assert!(rows[2].contains("GANSO"), "{args:?}: {out}");
    }
    let (text, _, code) = batch(&["anagram"], b"\xc3\x91U\n\xff\nCHAO\n");
    let latin1 = "invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)";
    assert_eq!(text, format!("ÑU\tÑU\t9\n\u{fffd}\terror\tcolumn 1: {latin1}\nCHAO\tCHAO\t7\n"));
    assert_eq!(code, 2);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_an_error_row_and_the_batch_goes_on() {
    use std::os::unix::ffi::OsStrExt;
    let latin1 = std::ffi::OsStr::from_bytes(b"ca\xf1a");
    let message = "column 3: invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)";
    for (args, first, last) in [(["valid"], "CASA\tvalid", "GANSO\tvalid"), (["tiles"], "CASA\t", "GANSO\t")]
    {
        let out = lexico().args(args).arg("casa").arg(latin1).arg("ganso").output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {text}");
        assert!(lines[0].starts_with(first) && lines[2].starts_with(last), "{args:?}: {text}");
        assert_eq!(lines[1], format!("ca\u{fffd}a\terror\t{message}"), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, format!("lexico: argument 2: 'ca\u{fffd}a': {message}\n"), "{args:?}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    // A play of the arguments with such a word cannot be judged, and the error names no word.
    let out = lexico().args(["valid", "--judge", "casa"]).arg(latin1).output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("ERROR\t"));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "lexico: the play could not be judged: invalid UTF-8 (the input looks like Latin-1; convert it to UTF-8)\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_word_typed_as_separate_tiles_is_echoed_and_invalid() {
    let why = "C and H are separate tiles here; CH is one tile";
    let (text, err, code) = batch(&["valid", "[C][H]URRO", "churro", "ca[l][l]e", "pe[R]RO"], b"");
    assert_eq!(
        text,
        format!(
            "[C][H]URRO\tinvalid\tseparate-tiles\t{why}\nCHURRO\tvalid\n\
             ca[l][l]e\tinvalid\tseparate-tiles\tL and L are separate tiles here; LL is one tile\n\
             pe[R]RO\tinvalid\tseparate-tiles\tR and R are separate tiles here; RR is one tile\n"
        )
    );
    assert_eq!((err.as_str(), code), ("", 1));
    // The same from standard input, on the text batch's slow path.
    let (text, _, code) = batch(&["valid"], b"churro\n[C][H]URRO\n");
    assert_eq!((text, code), (format!("CHURRO\tvalid\n[C][H]URRO\tinvalid\tseparate-tiles\t{why}\n"), 1));
    let (csv, _, _) = batch(&["valid", "--format", "csv", "[C][H]URRO"], b"");
    assert_eq!(csv, "word,valid,reason,error\n[C][H]URRO,false,separate-tiles,\n");
    let (json, _, _) = batch(&["explain", "--format", "json", "[C][H]URRO"], b"");
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!((v["word"].as_str(), v["valid"].as_bool()), (Some("[C][H]URRO"), Some(false)));
    assert_eq!(
        (v["reason"].as_str(), v["explanation"].as_str()),
        (Some("separate-tiles"), Some(&*format!("out: {why}")))
    );
    let (text, _, code) = batch(&["explain", "[C][H]URRO"], b"");
    assert_eq!((text, code), (format!("[C][H]URRO\tinvalid\tseparate-tiles\n  out: {why}\n"), 1));
    // A play with it is not acceptable.
    let (text, _, code) = batch(&["valid", "--judge", "[C][H]URRO"], b"");
    assert!(text.starts_with("UNACCEPTABLE\t") && code == 1, "{text}");
}

#[test]
fn the_judge_never_names_the_failing_word() {
    let out = lexico().args(["valid", "--judge", "CHURRO", "CASITA"]).assert().code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.starts_with("UNACCEPTABLE\tLetterpress Spanish list"), "{text}");
    assert!(!text.contains("CASITA") && !text.contains("CHURRO"), "{text}");
    assert_eq!(text.lines().count(), 1);
    lexico().args(["valid", "--judge", "CHURRO", "ZUZAR"]).assert().success();
    let plays =
        lexico().args(["valid", "--judge"]).write_stdin("CHURRO ZUZAR\nCHURRO,CASITA\n").assert().code(1);
    let text = String::from_utf8_lossy(&plays.get_output().stdout).to_string();
    let verdicts: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(verdicts, ["ACCEPTABLE", "UNACCEPTABLE"]);
}

#[test]
fn words_come_from_standard_input_whatever_the_line_ends() {
    let input = "\u{feff}churro\r\ncasita\r\n\r\nzuzar\rñandú\n";
    let out = lexico().arg("valid").write_stdin(input).assert().code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(text, "CHURRO\tvalid\nCASITA\tinvalid\tunlisted\nZUZAR\tvalid\nÑANDU\tvalid\n");
    let json = stdout(lexico().args(["valid", "--format", "json"]).write_stdin(input));
    assert_eq!(json.lines().count(), 4, "{json}");
}

#[test]
fn formats_mean_the_same_everywhere() {
    let json = stdout(lexico().args(["valid", "--format", "json", "CHURRO", "CASITA"]));
    assert_eq!(
        json,
        "{\"error\":null,\"reason\":\"listed\",\"valid\":true,\"word\":\"CHURRO\"}\n\
         {\"error\":null,\"reason\":\"unlisted\",\"valid\":false,\"word\":\"CASITA\"}\n"
    );
    let csv = stdout(lexico().args(["valid", "--format", "csv", "CHURRO"]));
    assert_eq!(csv, "word,valid,reason,error\nCHURRO,true,listed,\n");
    let tiles = stdout(lexico().args(["tiles", "--format", "csv", "CHURRO"]));
    assert_eq!(tiles, "word,tiles,bracketed,count,value,error\nCHURRO,CH U RR O,[CH][U][RR][O],4,15,\n");
}

#[test]
fn tiles_in_every_notation_and_racks() {
    let text = stdout(lexico().args(["tiles", "CHURRO", "[CH]U[RR]O", "ÇU3O", "C H A O", "CHAO", "AEINR??"]));
    assert_eq!(
        text,
        "CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         [C][H]AO\tC H A O\t4 tiles\t9 points\n\
         CHAO\tCH A O\t3 tiles\t7 points\n\
         AEINR??\tA E I N R ? ?\t7 tiles\t5 points\n"
    );
}

#[test]
fn info_shows_the_default_lexicon_and_its_provenance() {
    let text = stdout(lexico().arg("info"));
    assert!(text.contains("words                636598\n"), "{text}");
    assert!(text.contains("an-array-of-spanish-words 2.0.0"), "{text}");
    assert!(text.contains("edition              FISE-2 2009\n"), "{text}");
    assert!(text.contains("FISE edition before FISE-2 2016"), "{text}");
    assert!(text.contains("MIT"), "{text}");
    lexico().args(["info", "--verify"]).assert().success();
}

#[test]
fn builds_are_reproducible_and_order_free() {
    let dir = temp_dir("repro");
    let src = dir.join("list.txt");
    std::fs::write(&src, "zuzar\nchurro\ncasa\ncasas\nñandú\n").unwrap();
    let shuffled = dir.join("shuffled.txt");
    std::fs::write(&shuffled, "casas\nñandú\ncasa\nzuzar\nchurro\n").unwrap();
    build(&dir, "a.lex", &[&src]).success();
    build(&dir, "b.lex", &[&src]).success();
    assert_eq!(std::fs::read(dir.join("a.lex")).unwrap(), std::fs::read(dir.join("b.lex")).unwrap());
    build(&dir, "c.lex", &[&shuffled]).success();
    let dump = |f: &str| stdout(lexico().args(["dump", "--lexicon"]).arg(dir.join(f)));
    assert_eq!(dump("a.lex"), dump("c.lex"));
    assert_eq!(dump("a.lex"), "CASA\nCASAS\nCHURRO\nÑANDU\nZUZAR\n");
}

/// A made-up word for `i`: distinct for distinct `i`, spelled in plain letters.
fn made_up_word(i: usize) -> String {
    let (consonants, vowels) = (b"bcdfglmnprst", b"aeiou");
    let mut w = String::new();
    let mut n = i;
    loop {
        w.push(consonants[n % consonants.len()] as char);
        n /= consonants.len();
        w.push(vowels[n % vowels.len()] as char);
        n /= vowels.len();
        if n == 0 {
            return w + "ro";
        }
    }
}

#[test]
fn the_number_of_threads_changes_nothing_in_the_lexicon() {
    let dir = temp_dir("jobs");
    // Several units of work per source: a raw list, and a lemma table whose nouns and verbs
    // are expanded by the rules.
    let raw = dir.join("raw.txt");
    std::fs::write(&raw, (0..5000).map(|i| made_up_word(i) + "\n").collect::<String>()).unwrap();
    let table = dir.join("table.tsv");
    let rows: String = (0..1500)
        .map(|i| {
            if i % 7 == 0 {
                format!("{}ar\tv.tr\n", made_up_word(i))
            } else {
                format!("{}\tn\n", made_up_word(i))
            }
        })
        .collect();
    std::fs::write(&table, format!("lemma\tpos\tmarks\tmodel\n{rows}")).unwrap();
    let files: Vec<Vec<u8>> = ["1", "2", "4"]
        .iter()
        .map(|jobs| {
            let out = dir.join(format!("j{jobs}.lex"));
            lexico()
                .current_dir(workspace())
                .args(["build", "--quiet", "--jobs", jobs, "-o"])
                .arg(&out)
                .arg(&raw)
                .arg(&table)
                .assert()
                .success();
            std::fs::read(out).unwrap()
        })
        .collect();
    assert!(files[0] == files[1] && files[0] == files[2], "builds with 1, 2 and 4 threads differ");
    let words = stdout(lexico().args(["dump", "--lexicon"]).arg(dir.join("j4.lex")));
    // 5000 raw words (the nouns among them), the 1285 plurals of the nouns, and the forms of
    // the 215 verbs (more than 30 each).
    let n = words.lines().count();
    assert!(n > 5000 + 1285 + 215 * 30, "{n} words");

    // The first bad row (in file order) stops the build, whichever thread reaches it first.
    let bad: String = (0..1500)
        .map(|i| match i {
            400 => "perro\tv.tr\n".to_string(),
            1400 => "gato\tv.tr\n".to_string(),
            _ => format!("{}\tn\n", made_up_word(i)),
        })
        .collect();
    std::fs::write(&table, format!("lemma\tpos\tmarks\tmodel\n{bad}")).unwrap();
    for jobs in ["1", "4"] {
        let out = dir.join("bad.lex");
        let assert = lexico()
            .current_dir(workspace())
            .args(["build", "--quiet", "--jobs", jobs, "-o"])
            .arg(&out)
            .arg(&table)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
        assert!(err.contains(&format!("{}:402:1: 'perro' is not an infinitive", table.display())), "{err}");
        assert!(!out.exists());
    }
}

#[test]
fn source_words_that_are_not_playable_go_to_the_report() {
    let dir = temp_dir("excl");
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\nkiosco\nMadrid\nbi-\nde facto\nr2d2\nx\nelectroencefalografista\nperro\n")
        .unwrap();
    build(&dir, "x.lex", &[&src]).success();
    let report = std::fs::read_to_string(dir.join("x.lex.excluded.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(report.as_bytes());
    let rules: Vec<String> = reader.records().map(|r| r.unwrap()[2].to_string()).collect();
    assert_eq!(
        rules,
        ["k-or-w", "capitals", "affix-or-compound", "expression", "digits", "length", "length"]
    );
    assert!(report.contains("kiosco,K and W have no tile,k-or-w,11; game art. 10.1,list.txt,2"));
    let words = stdout(lexico().args(["dump", "--lexicon"]).arg(dir.join("x.lex")));
    assert_eq!(words, "CASA\nPERRO\n");
}

#[test]
fn an_unreadable_source_stops_the_build_before_anything_is_written() {
    let dir = temp_dir("unreadable");
    let good = dir.join("good.txt");
    std::fs::write(&good, "casa\n").unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, b"casa\nca\xf1a\n").unwrap();
    let out = build(&dir, "x.lex", &[&good, &bad]).code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(
        err,
        format!(
            "lexico: {}:2:3: invalid UTF-8 (the file looks like Latin-1; convert it to UTF-8)\n",
            bad.display()
        )
    );
    assert!(!dir.join("x.lex").exists());
    let missing = build(&dir, "y.lex", &[&dir.join("nope.txt")]).code(2);
    assert!(String::from_utf8_lossy(&missing.get_output().stderr).contains("nope.txt"));
    assert!(std::fs::read_dir(&dir).unwrap().count() == 2, "nothing but the two sources");
}

#[test]
fn damaged_lexicon_files_are_refused_in_one_line() {
    let dir = temp_dir("damaged");
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\nperro\n").unwrap();
    build(&dir, "x.lex", &[&src]).success();
    let good = std::fs::read(dir.join("x.lex")).unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("empty", Vec::new()),
        ("not a lexicon", b"hello world, this is not a lexicon".to_vec()),
        ("other version", {
            let mut v = good.clone();
            v[8] = 99;
            v
        }),
    ];
    for (what, bytes) in cases {
        let path = dir.join("bad.lex");
        std::fs::write(&path, bytes).unwrap();
        let out = lexico().args(["valid", "CASA", "--lexicon"]).arg(&path).assert().code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        assert!(err.starts_with(&format!("lexico: {}: ", path.display())), "{what}: {err}");
    }
}

/// A lexicon written in format version 1 (descriptions as prose) is refused by every command that
/// opens it, in one line naming the file and both versions, with exit status 2: its header,
/// checksum included, is intact, so only the version tells it apart.
#[test]
fn a_lexicon_of_format_version_1_is_refused_naming_the_file_and_both_versions() {
    let dir = temp_dir("version-1");
    let src = dir.join("list.txt");
    std::fs::write(&src, "casa\nperro\n").unwrap();
    build(&dir, "x.lex", &[&src]).success();
    let mut image = std::fs::read(dir.join("x.lex")).unwrap();
    let current = u32::from_le_bytes(image[8..12].try_into().unwrap());
    assert_eq!(current, 2, "the format this test calls the present one");
    image[8..12].copy_from_slice(&1u32.to_le_bytes());
    let sections = u32::from_le_bytes(image[12..16].try_into().unwrap()) as usize;
    let table_end = 16 + 24 * sections;
    let crc = crc32fast::hash(&image[..table_end]);
    image[table_end..table_end + 4].copy_from_slice(&crc.to_le_bytes());
    let path = dir.join("old.lex");
    std::fs::write(&path, image).unwrap();
    for args in [&["info"][..], &["valid", "CASA"], &["explain", "CASA"], &["dump"]] {
        let out = lexico().args(args).arg("--lexicon").arg(&path).assert().code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(&format!("lexico: {}: ", path.display())), "{args:?}: {err}");
        assert!(err.contains("format version 1 ") && err.contains("format version 2"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // `lexico dump | head -1` must not print an error.
    let mut sh = std::process::Command::new("sh");
    for var in common::LEXICON_VARS {
        sh.env_remove(var);
    }
    let output =
        sh.arg("-c").arg(format!("{} dump | head -1", env!("CARGO_BIN_EXE_lexico"))).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "AARONICA\n");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn the_manual_page_is_roff_and_completions_come_for_every_shell() {
    let page = stdout(lexico().arg("man"));
    assert!(page.starts_with(".TH ") || page.starts_with(".ie "), "{}", &page[..40.min(page.len())]);
    assert!(page.contains("\n.SH \"LEXICO VALID\"\n"), "no section for `valid`");
    for (shell, opening) in [
        ("bash", "_lexico() {"),
        ("zsh", "#compdef lexico"),
        ("fish", "complete -c lexico"),
        ("elvish", "set edit:completion:arg-completer[lexico]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = stdout(lexico().args(["completions", shell]));
        assert!(script.contains(opening), "{shell}: no {opening:?}");
    }
    lexico().args(["completions", "tcsh"]).assert().code(2);
}
