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
        lines[3].starts_with("  Válida: palabra de la lista; letterpress-es.txt")
            && lines[3].contains(", línea ")
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
    assert!(page.contains("<span id=\"signer\">Léxico incluido en el programa</span>"), "{page}");
    let st = harness::start(&["--lang", "en"]);
    let page = st.get("/", &[]).body;
    assert!(page.contains("<span id=\"signer\">Lexicon embedded in the program</span>"), "{page}");
}

/// The English words a Spanish explanation must not hold, as whole words (a rule id such as
/// `update-variable` is one word), and the English phrases.
const ENGLISH_WORDS: [&str; 5] = ["verb", "non-verb", "rule", "only", "word"];
const ENGLISH_PHRASES: [&str; 2] = ["plural of", "game art."];

/// The English words and phrases `text` holds, case aside.
fn english_in(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| ENGLISH_WORDS.contains(w))
        .map(String::from)
        .collect();
    found.extend(ENGLISH_PHRASES.iter().filter(|p| lower.contains(*p)).map(|p| p.to_string()));
    found
}

/// Explains `words` in Spanish with `lexicon` (the embedded one when `None`), through
/// `lexico explain --lang es` and the station's `/api/v1/ruling`, and checks that no line says
/// anything in English; returns the explanation lines, for the caller's own checks.
fn spanish_everywhere(lexicon: Option<&str>, words: &[&str]) -> String {
    let mut args = vec!["explain", "--lang", "es"];
    if let Some(path) = lexicon {
        args.extend(["--lexicon", path]);
    }
    args.extend_from_slice(words);
    let out = lexico().args(&args).current_dir(workspace()).output().unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| !l.starts_with("  ")).count(), words.len(), "{stdout}");
    for line in stdout.lines() {
        assert!(english_in(line).is_empty(), "{:?} in: {line}", english_in(line));
    }
    let st = match lexicon {
        Some(path) => harness::start(&["--lexicon", path]),
        None => harness::start(&[]),
    };
    for play in words.chunks(8) {
        let target = format!("/api/v1/ruling?play={}&table=1&round=1", harness::encode(&play.join(" ")));
        let ruling = st.get(&target, &[("X-Lexico-Code", harness::ARBITER)]).json();
        let said = ruling["words"].as_array().expect("one record a word");
        assert_eq!(said.len(), play.len(), "{ruling}");
        for w in said {
            let shown: Vec<&str> = ["verdict_text", "reason_text", "message"]
                .iter()
                .filter_map(|k| w[k].as_str())
                .chain(w["articles"].as_array().into_iter().flatten().filter_map(|a| a.as_str()))
                .chain(w["summary"].as_array().into_iter().flatten().filter_map(|a| a.as_str()))
                .collect();
            assert!(w["summary"].as_array().is_some_and(|s| !s.is_empty()), "{w}");
            for line in shown {
                assert!(english_in(line).is_empty(), "{:?} in the ruling: {line}", english_in(line));
            }
        }
    }
    st.stop();
    stdout
}

#[test]
fn spanish_explanations_of_the_embedded_lexicon_hold_no_english() {
    let words = ["CASA", "CASAS", "CASITA", "QWERTY", "K", "DAME", "DÁMELO", "A", "PERROS"];
    let said = spanish_everywhere(None, &words);
    // A word of the list is taken as it is, by no rule: no rule id is said.
    assert!(said.contains("palabra de la lista; letterpress-es.txt") && !said.contains("raw-list"), "{said}");
}

#[test]
fn spanish_explanations_of_the_fise2_build_hold_no_english() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = temp_dir("spanish", "fise2-explain");
    let lex = dir.join("f2.lex");
    let mut build = lexico();
    build
        .args(["build", "--quiet", "--rules", "fise-2016", "--name", "F", "--edition", "2016", "-o"])
        .arg(&lex);
    for list in [
        "no-verbos.txt",
        "verbos-clasificados.txt",
        "actualizacion-no-verbos.txt",
        "actualizacion-verbos.txt",
    ] {
        build.arg(lexico_testdata::fise2_file(list));
    }
    let out = build.output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Verb forms accepted and rejected, plurals, feminines, an adverb's refused plural, words of
    // the update list (a plural-only entry, an invariable one), excluded and unlisted words,
    // enclitics, a letter with no tile.
    let words = [
        "VENTISCAMOS",
        "VENTISCA",
        "COMAMOS",
        "DIGNADOS",
        "ABSUELTO",
        "ABAJOS",
        "ABACERAS",
        "GATA",
        "FELIZMENTES",
        "ABEJEOS",
        "ABERTZALES",
        "ABAÁ",
        "ABARQUILLAMIENTOS",
        "ABOCARDOS",
        "DAME",
        "QWERTY",
        "WIFI",
        "CASAS",
    ];
    let said = spanish_everywhere(Some(lex.to_str().unwrap()), &words);
    assert!(
        said.contains(
            "ind.pres.1p de ventiscar (verbo 00-2-I) (intransitivo; impersonal, art. 17.8), regla \
             impersonal-third-singular (art. 17.8): verbo impersonal: solo las formas no personales y la \
             tercera persona del singular"
        ),
        "{said}"
    );
    assert!(said.contains("plural de abajo (no verbo), regla end-vowel-atonic"), "{said}");
    assert!(said.contains("(art. 11; art. 10.1 del reglamento de juego)"), "{said}");
    assert!(said.contains("(lista de actualización: alta, solo en plural)"), "{said}");
    // English stays as the library says it.
    let en =
        lexico().args(["explain", "--lang", "en", "--lexicon"]).arg(&lex).arg("ABAJOS").output().unwrap();
    assert!(
        text(&en.stdout).contains("in: plural of non-verb abajo, rule end-vowel-atonic"),
        "{}",
        text(&en.stdout)
    );
}
