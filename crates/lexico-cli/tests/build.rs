//! `lexico build` as a maintainer reads it: no progress bar off a terminal, warnings about the
//! sources on standard error while the build succeeds, what a folder gave, counts that agree
//! between commands, and a lexicon that does not depend on the order of its sources.

mod common;

use std::path::{Path, PathBuf};

use common::{run, temp_dir};

/// Runs `lexico build -o DIR/OUT SOURCE…` with `flags`, and returns its standard error.
fn build(dir: &Path, out: &str, flags: &[&str], sources: &[&Path]) -> (i32, String) {
    let out = dir.join(out);
    let mut args: Vec<String> = vec!["build".into()];
    args.extend(flags.iter().map(|f| f.to_string()));
    args.extend(["-o".into(), out.to_string_lossy().into_owned()]);
    args.extend(sources.iter().map(|s| s.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args, b"");
    (output.status.code().unwrap_or(-1), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `n` distinct made-up words, one a line, of plain letters (no digraph can form).
fn words(n: usize) -> String {
    let (c, v) = (b"bcdfgmnpst", b"aeiou");
    (0..n)
        .map(|i| {
            let w = [c[i % 10], v[i / 10 % 5], c[i / 50 % 10], v[i / 500 % 5], b'a'];
            format!("{}\n", String::from_utf8_lossy(&w))
        })
        .collect()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args, b"");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn no_progress_bar_is_drawn_when_standard_error_is_not_a_terminal() {
    let dir = temp_dir("build", "no-bar");
    let list = write(&dir, "list.txt", &words(2000));
    // Without --quiet: only the terminal test keeps the bar away.
    let (code, err) = build(&dir, "x.lex", &[], &[&list]);
    assert_eq!(code, 0, "{err}");
    for drawn in ["\r", "\x1b", "[=", "=>", "reading sources", "expanding entries", "writing words"] {
        assert!(!err.contains(drawn), "{drawn:?} on a standard error that is not a terminal: {err:?}");
    }
    assert!(err.starts_with(&format!("{}: ", dir.join("x.lex").display())), "{err}");
}

#[test]
fn warnings_name_the_source_and_the_build_still_succeeds() {
    let dir = temp_dir("build", "warnings");
    let list = write(&dir, "list.txt", "casa\nperro\ncasa\ngato\nperro\ncasa\n");
    let empty = write(&dir, "empty.txt", "");
    let mut prose: String = (1..=12).map(|i| format!("Artículo {i}. Las palabras válidas\n")).collect();
    prose.push_str("regla\nficha\n");
    let prose = write(&dir, "reglamento.txt", &prose);
    let (code, err) = build(&dir, "x.lex", &["--quiet"], &[&list, &empty, &prose]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("x.lex").exists());
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("lexico: warning: ")).collect();
    let d = dir.display();
    assert_eq!(
        warnings,
        [
            format!("lexico: warning: {d}/empty.txt: empty source"),
            format!("lexico: warning: {d}/list.txt: 3 duplicate lines (at 3, 5, 6)"),
            format!("lexico: warning: {d}/reglamento.txt: 12 of 14 lines excluded: is it a word list?"),
        ],
        "{err}"
    );
    // A clean source draws no warning.
    let clean = write(&dir, "clean.txt", "casa\nperro\n");
    let (code, err) = build(&dir, "y.lex", &[], &[&clean]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("lexico: warning"), "{err}");
}

#[test]
fn a_folder_source_says_which_files_it_took_and_which_it_skipped() {
    let dir = temp_dir("build", "folder");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("old")).unwrap();
    write(&src, "a.txt", "casa\n");
    write(&src, "b.tsv", "lemma\tpos\tmarks\tmodel\nperro\tn\n");
    write(&src, "README.md", "# sources\n");
    write(&src, "c.csv", "gato\n");
    write(&src.join("old"), "d.txt", "mesa\n");
    let (code, err) = build(&dir, "x.lex", &["--quiet"], &[&src]);
    assert_eq!(code, 0, "{err}");
    let line = format!(
        "lexico: warning: {}: 2 files taken (a.txt, b.tsv), 3 skipped (old: a folder; README.md, c.csv: not \
         .txt or .tsv)",
        src.display()
    );
    assert!(err.lines().any(|l| l == line), "{line:?} not in {err}");
    std::fs::remove_dir_all(src.join("old")).unwrap();
    for f in ["README.md", "c.csv"] {
        std::fs::remove_file(src.join(f)).unwrap();
    }
    let (code, err) = build(&dir, "y.lex", &["--quiet"], &[&src]);
    assert_eq!(code, 0, "{err}");
    let line = format!("lexico: note: {}: 2 files taken (a.txt, b.tsv)", src.display());
    assert!(err.lines().any(|l| l == line), "{line:?} not in {err}");
    assert!(!err.contains("lexico: warning"), "{err}");
}

#[test]
fn the_order_of_the_sources_does_not_change_the_lexicon() {
    let dir = temp_dir("build", "order");
    let x = write(&dir, "x.txt", "zuzar\nchurro\ncasa\n");
    let y = write(&dir, "y.tsv", "lemma\tpos\tmarks\tmodel\nperro\tn\ncantar\tv.tr\ncasa\tn\n");
    let (code, err) = build(&dir, "xy.lex", &["--quiet"], &[&x, &y]);
    assert_eq!(code, 0, "{err}");
    let (code, err) = build(&dir, "yx.lex", &["--quiet"], &[&y, &x]);
    assert_eq!(code, 0, "{err}");
    let read = |f: &str| std::fs::read(dir.join(f)).unwrap();
    assert!(read("xy.lex") == read("yx.lex"), "the lexicon depends on the order of the sources");
    assert_eq!(read("xy.lex.excluded.csv"), read("yx.lex.excluded.csv"));
    let info = stdout(&["info", "--lexicon", &dir.join("yx.lex").to_string_lossy()]);
    let sources: Vec<&str> = info.lines().filter(|l| l.starts_with("source ")).collect();
    // The sources given, by file name, then the lists the rule set adds.
    assert!(
        sources.len() >= 2 && sources[0].contains(" x.txt (") && sources[1].contains(" y.tsv ("),
        "{info}"
    );
}

#[test]
fn info_counts_as_many_rejected_forms_as_dump_prints() {
    let dir = temp_dir("build", "rejected");
    // Two homographs of an intransitive verb: each generates and rejects the same feminine and
    // plural participles, so every rejected form has two derivations.
    let table = write(&dir, "verbs.tsv", "lemma\tpos\tmarks\tmodel\nboxear 1\tv.intr\nboxear 2\tv.intr\n");
    let (code, err) = build(&dir, "x.lex", &["--quiet"], &[&table]);
    assert_eq!(code, 0, "{err}");
    let lex = dir.join("x.lex");
    let lex = lex.to_string_lossy();
    let info = stdout(&["info", "--lexicon", &lex]);
    let kept: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("rejected forms kept"))
        .map(|n| n.trim().parse().unwrap())
        .expect("info counts the rejected forms");
    let dumped = stdout(&["dump", "--rejected", "--lexicon", &lex]);
    assert!(kept > 0, "{info}");
    assert_eq!(kept, dumped.lines().count(), "info says {kept}, dump prints:\n{dumped}");
    let explained = String::from_utf8(run(&["explain", "--lexicon", &lex, "BOXEADA"], b"").stdout).unwrap();
    assert!(explained.matches("boxear").count() >= 2, "two derivations of BOXEADA: {explained}");
    // The build's summary gives the same count.
    assert!(err.contains(&format!("{kept} rejected forms kept")), "{err}");
}

const INVENTED_NON_VERBS: &str =
    "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n\nNotas.\n#\nzurbajo\ntarandá\nfrior\n";

#[test]
fn a_part_of_speech_table_takes_the_plurals_of_the_adverbs_it_names() {
    let dir = temp_dir("build", "pos-table");
    let list = write(&dir, "no-verbos.txt", INVENTED_NON_VERBS);
    let table = write(
        &dir,
        "pos.tsv",
        "# invented\nlemma\thomograph\tcategories\nzurbajo\t\tadv\ntarandá\t\tinterj s\nzurmano\t\tadv\nfrior\t3\ts\n",
    );
    let (code, err) = build(&dir, "plain.lex", &["--quiet"], &[&list]);
    assert_eq!(code, 0, "{err}");
    let table_flag = ["--quiet", "--pos-table", table.to_str().unwrap()];
    let (code, err) = build(&dir, "pos.lex", &table_flag, &[&list]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("number of non-verbs decided by the part-of-speech table: 2"), "{err}");
    // A row that names no entry (no such headword, or no entry with its homograph number) is
    // said, not silently unused.
    assert!(
        err.contains("pos.tsv: 2 rows name no entry of the non-verb lists and decide nothing (at 5, 6)"),
        "{err}"
    );
    // `valid` exits 1 when a word is invalid, as grep does when a line does not match.
    let valid = |lex: &str| {
        let lex = dir.join(lex);
        let out = run(&["valid", "--lexicon", lex.to_str().unwrap(), "ZURBAJOS", "TARANDAS", "FRIORES"], b"");
        String::from_utf8(out.stdout).unwrap()
    };
    // Without the table the ending rules give every word its plural.
    assert_eq!(valid("plain.lex"), "ZURBAJOS\tvalid\nTARANDAS\tvalid\nFRIORES\tvalid\n");
    assert_eq!(valid("pos.lex"), "ZURBAJOS\tinvalid\tunlisted\nTARANDAS\tvalid\nFRIORES\tvalid\n");
    let lex = dir.join("pos.lex");
    let why =
        String::from_utf8(run(&["explain", "--lexicon", lex.to_str().unwrap(), "ZURBAJOS"], b"").stdout)
            .unwrap();
    assert!(why.contains("rule pos:adv (art. 18.2.1)"), "{why}");
    // The table is a source: its row is the plural's provenance, cited by file and line.
    assert!(
        why.contains("plural of pos-table zurbajo: adv") && why.trim_end().ends_with("pos.tsv:3"),
        "{why}"
    );
    let info = String::from_utf8(run(&["info", "--lexicon", lex.to_str().unwrap()], b"").stdout).unwrap();
    assert!(info.contains("pos.tsv (pos-table, 6 lines, sha256 "), "{info}");
    // `diff --explain` attributes the plural the table took out to the table's row.
    let plain = dir.join("plain.lex");
    let diff = run(&["diff", plain.to_str().unwrap(), lex.to_str().unwrap(), "--explain"], b"").stdout;
    let diff = String::from_utf8(diff).unwrap();
    let line = diff.lines().find(|l| l.starts_with("-ZURBAJOS\t")).unwrap_or_default();
    assert!(line.starts_with("-ZURBAJOS\tplural\tsource change\t"), "{diff}");
    assert!(
        line.contains("pos.tsv:3: new (unnamed) refuses it by this part-of-speech table row (rule pos:adv"),
        "{diff}"
    );
}

#[test]
fn a_bad_part_of_speech_table_line_is_one_error_naming_its_place() {
    let dir = temp_dir("build", "pos-table-bad");
    let list = write(&dir, "no-verbos.txt", INVENTED_NON_VERBS);
    for (text, place) in [
        ("lemma\thomograph\tcategories\nzurbajo\t\tadverbio\n", "pos.tsv:2:10: 'adverbio' is not a category"),
        ("lemma\thomograph\tcategories\nzurbajo\tdos\tadv\n", "pos.tsv:2:9: 'dos' is not a homograph number"),
        ("zurbajo\t\tadv\n", "pos.tsv:1:1: expected the header"),
    ] {
        let table = write(&dir, "pos.tsv", text);
        let (code, err) =
            build(&dir, "bad.lex", &["--quiet", "--pos-table", table.to_str().unwrap()], &[&list]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(place), "{err}");
        assert!(!dir.join("bad.lex").exists());
    }
}
