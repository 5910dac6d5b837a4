//! The `lexico` binary, run as a user runs it.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use common::workspace;

fn lexico() -> Command {
    let mut cmd = Command::cargo_bin("lexico").expect("the binary is built");
    cmd.env_remove("LEXICO_LEXICON");
    cmd
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
        "{\"reason\":\"\",\"valid\":true,\"word\":\"CHURRO\"}\n{\"reason\":\"unlisted\",\"valid\":false,\"word\":\"CASITA\"}\n"
    );
    let csv = stdout(lexico().args(["valid", "--format", "csv", "CHURRO"]));
    assert_eq!(csv, "word,valid,reason\nCHURRO,true,\n");
    let tiles = stdout(lexico().args(["tiles", "--format", "csv", "CHURRO"]));
    assert_eq!(tiles, "word,tiles,bracketed,count,value\nCHURRO,CH U RR O,[CH][U][RR][O],4,15\n");
}

#[test]
fn tiles_in_every_notation_and_racks() {
    let text = stdout(lexico().args(["tiles", "CHURRO", "[CH]U[RR]O", "ÇU3O", "C H A O", "CHAO", "AEINR??"]));
    assert_eq!(
        text,
        "CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         CHURRO\tCH U RR O\t4 tiles\t15 points\n\
         CHAO\tC H A O\t4 tiles\t9 points\n\
         CHAO\tCH A O\t3 tiles\t7 points\n\
         AEINR??\tA E I N R ? ?\t7 tiles\t5 points\n"
    );
}

#[test]
fn info_shows_the_default_lexicon_and_its_provenance() {
    let text = stdout(lexico().arg("info"));
    assert!(text.contains("words                636598\n"), "{text}");
    assert!(text.contains("an-array-of-spanish-words 2.0.0"), "{text}");
    assert!(text.contains("FISE edition before FISE-2"), "{text}");
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
    assert!(report
        .contains(&format!("kiosco,K and W have no tile,k-or-w,11; game art. 10.1,{},2", src.display())));
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
    let path = dir.join("bad.lex");
    let mut v = good.clone();
    v[8] = 99;
    std::fs::write(&path, v).unwrap();
    let out = lexico().args(["info", "--lexicon"]).arg(&path).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("format version 99") && err.contains("format version 1"), "{err}");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // `lexico dump | head -1` must not print an error.
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{} dump | head -1", env!("CARGO_BIN_EXE_lexico")))
        .output()
        .unwrap();
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
