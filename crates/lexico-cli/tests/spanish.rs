//! What a person reads under a Spanish locale (`LANG=es_ES.UTF-8` or `--lang es`): explanations,
//! errors about input, the build's summary, the help summaries, the signer of the judge's
//! verdicts, and the judge station's pages; and that `--lang en` reads as it always did while
//! machine formats stay English.

mod harness;

use std::process::{Output, Stdio};

use harness::{lexico, temp_dir, workspace};

/// Runs the binary (English locale) on `stdin`; returns its standard output.
fn with_input(args: &[&str], stdin: &[u8]) -> String {
    use std::io::Write;
    let mut child = lexico()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    text(&child.wait_with_output().unwrap().stdout)
}

/// Runs the binary from the workspace with `LANG=es_ES.UTF-8` (and no other locale variable).
fn es(args: &[&str]) -> Output {
    lexico().args(args).current_dir(workspace()).env("LANG", "es_ES.UTF-8").output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("UTF-8 output")
}

#[test]
fn explanations_are_spanish_sentences_under_a_spanish_locale() {
    let out = es(&["explain", "CASITA", "CASAS", "K"]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "CASITA\tinválida\tunlisted");
    assert!(lines[1].starts_with("  Inválida: no figura en las fuentes de este léxico"), "{stdout}");
    assert_eq!(lines[2], "CASAS\tválida\tlisted");
    assert!(
        lines[3].starts_with("  Válida: word, regla raw-list; lexicon-src/") && lines[3].contains(", línea ")
    );
    assert!(lines[5].contains("sin ficha") && lines[5].contains("art. 11"), "{stdout}");
    // `valid --explain` says the same; --lang en keeps the library's English sentences.
    assert_eq!(text(&es(&["valid", "--explain", "CASITA", "CASAS", "K"]).stdout), stdout);
    let en = text(&es(&["--lang", "en", "explain", "CASITA"]).stdout);
    assert!(en.starts_with("CASITA\tinvalid\tunlisted\n  out: not in the sources of this lexicon"), "{en}");
}

#[test]
fn explanations_keep_machine_formats_english() {
    let json = text(&es(&["explain", "--format", "json", "CASITA"]).stdout);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["valid"], false);
    assert!(v["explanation"].as_str().unwrap().starts_with("out: not in the sources"), "{v}");
}

#[test]
fn a_bad_word_is_told_in_spanish_with_its_column_and_exit_2() {
    let out = es(&["valid", "CASA", "CA$A"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "lexico: argumento 2: 'CA$A': columna 3: '$' no es una ficha\n");
    assert_eq!(text(&out.stdout), "CASA\tválida\nCA$A\terror\tcolumna 3: '$' no es una ficha\n");
    // From standard input the place is the line; CSV and JSON keep the English message.
    let out = lexico()
        .args(["valid", "--format", "json"])
        .env("LANG", "es_ES.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"CASA\nCA$A\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(text(&out.stderr), "lexico: <stdin>:2: 'CA$A': columna 3: '$' no es una ficha\n");
    assert!(text(&out.stdout).contains(r#""error":"column 3: '$' is not a tile""#), "{}", text(&out.stdout));
    // English as before.
    let en = lexico().args(["--lang", "en", "valid", "CA$A"]).env("LANG", "es_ES.UTF-8").output().unwrap();
    assert_eq!(text(&en.stderr), "lexico: argument 1: 'CA$A': column 3: '$' is not a tile\n");
}

#[test]
fn racks_patterns_and_explained_words_are_told_in_spanish() {
    let rack = "?".repeat(20);
    let out = es(&["anagram", &rack]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).ends_with(": 20 comodines, pero la bolsa solo tiene 2\n"),
        "{}",
        text(&out.stderr)
    );
    let out = es(&["pattern", "CA[S"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "lexico: argumento 1: 'CA[S': columna 3: '[' no tiene su ']'\n");
    let out = es(&["explain", "ÑU", "A K"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "lexico: argumento 2: 'A K': columna 2: ' ' no es una ficha\n");
}

#[test]
fn lexicon_lookup_errors_are_told_in_spanish() {
    let dir = temp_dir("spanish", "lookup");
    let run = |args: &[&str]| {
        let out = lexico()
            .args(args)
            .current_dir(&dir)
            .env("LANG", "es_ES.UTF-8")
            .env("LEXICO_DATA_DIR", &dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        text(&out.stderr)
    };
    let err = run(&["valid", "--lexicon", "FISE-9", "CASA"]);
    assert!(
        err.starts_with("lexico: ningún léxico instalado tiene la edición o el nombre 'FISE-9'"),
        "{err}"
    );
    std::fs::write(dir.join("roto.lex"), b"esto no es un lexico").unwrap();
    let err = run(&["valid", "--lexicon", "roto.lex", "CASA"]);
    assert_eq!(err, "lexico: roto.lex: no es un fichero de léxico de Lexico (número mágico incorrecto)\n");
    let err = run(&["valid", "--lexicon", "falta.lex", "CASA"]);
    assert_eq!(err, "lexico: falta.lex: no existe ese fichero o carpeta\n");
    let err = run(&["valid", "--lexicon", "", "CASA"]);
    assert!(err.starts_with("lexico: --lexicon está vacío"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_build_summary_is_spanish() {
    let dir = temp_dir("spanish", "build");
    std::fs::write(dir.join("a.txt"), "casa\nperro\ncasa\n").unwrap();
    let out = lexico()
        .args(["build", "-o", "x.lex", "a.txt"])
        .current_dir(&dir)
        .env("LANG", "es_ES.UTF-8")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("lexico: aviso: a.txt: "), "{err}");
    assert!(
        lines[1].starts_with("x.lex: 2 palabras (3 leídas, 0 excluidas, 0 formas rechazadas guardadas) en ")
    );
    assert_eq!(lines[2], "palabras por número de fichas: 4:2");
    assert_eq!(lines[3], "informe de exclusiones: x.lex.excluded.csv");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_summaries_and_main_flags_are_spanish() {
    let top = text(&es(&["--help"]).stdout);
    assert!(top.starts_with("Construye léxicos del Scrabble en español"), "{top}");
    assert!(
        top.contains("¿Es válida cada palabra?") && top.contains("Pone en marcha la estación de juez"),
        "{top}"
    );
    let valid = text(&lexico().args(["valid", "--help", "--lang", "es"]).output().unwrap().stdout);
    assert!(valid.starts_with("¿Es válida cada palabra?"), "{valid}");
    for flag in
        ["Juzga las palabras como una jugada", "borra cada veredicto", "El léxico que se usa", "El idioma"]
    {
        assert!(valid.contains(flag), "{flag}: {valid}");
    }
    let en = text(&es(&["--lang", "en", "valid", "--help"]).stdout);
    assert!(en.starts_with("Is each word valid?") && en.contains("Judge the words as one play"), "{en}");
    // The manual page and the completion scripts stay English.
    let man = text(&es(&["man"]).stdout);
    assert!(man.contains("Is each word valid?") && !man.contains("¿Es válida"), "the manual page is English");
    let bash = text(&es(&["completions", "bash"]).stdout);
    assert!(!bash.contains("Juzga las palabras"));
}

#[test]
fn the_judge_names_the_signer_in_spanish_and_the_clear_flag_changes_nothing_off_a_terminal() {
    let out = es(&["valid", "--judge", "CASA", "PERROS"]);
    let line = text(&out.stdout);
    assert!(line.starts_with("JUGADA ACEPTABLE\t") && line.ends_with(", incluido en el binario\n"), "{line}");
    let json = text(&es(&["valid", "--judge", "--format", "json", "CASA"]).stdout);
    assert!(json.contains(r#""signer":"embedded in the binary""#), "{json}");
    // Off a terminal the verdict lines are the same whatever --clear-after says.
    let play = |extra: &[&str]| {
        let mut args = vec!["valid", "--judge"];
        args.extend(extra);
        with_input(&args, b"CASA\nCASA GATOZQ\n")
    };
    let plain = play(&[]);
    assert_eq!(plain.lines().count(), 2);
    assert_eq!(play(&["--clear-after", "1"]), plain);
    assert!(!plain.contains('\x1b'));
}

#[test]
fn the_station_pages_name_the_signer_in_their_language() {
    let st = harness::start(&[]);
    let page = st.get("/", &[]).body;
    assert!(page.contains("Firma: <span id=\"signer\">incluido en el binario</span>"), "{page}");
    let st = harness::start(&["--lang", "en"]);
    let page = st.get("/", &[]).body;
    assert!(page.contains("Signer: <span id=\"signer\">embedded in the binary</span>"), "{page}");
}
