//! The next edition from update lists: the federation's update lists given as sources beside
//! the full lists apply every section. A small update pair in the federation's format
//! (`tests/next-edition/`, Latin-1, CRLF) is applied to the 2016 lists; small invented lists
//! check each kind of change without them.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The update pair kept in the repository: non-verbs add ciberacoso, macrodato, perroflauta and
/// invariable antivacunas, and remove abacero/abacera; verbs add postconducir (like conducir),
/// suppress abalizar and move abacorar from transitive to intransitive.
fn pair() -> (PathBuf, PathBuf) {
    let dir = common::workspace().join("tests/next-edition");
    (dir.join("actualizacion-no-verbos.txt"), dir.join("actualizacion-verbos.txt"))
}

fn fise2() -> [PathBuf; 4] {
    let f = lexico_testdata::fise2_file;
    [
        f("no-verbos.txt"),
        f("verbos-clasificados.txt"),
        f("actualizacion-no-verbos.txt"),
        f("actualizacion-verbos.txt"),
    ]
}

/// Builds `sources` undoing `undo`: exit code, standard error.
fn build(out: &Path, sources: &[&Path], undo: &[&Path]) -> (i32, String) {
    let mut args = vec!["build", "--quiet", "-o", out.to_str().unwrap()];
    for u in undo {
        args.extend(["--undo", u.to_str().unwrap()]);
    }
    args.extend(sources.iter().map(|s| s.to_str().unwrap()));
    let o = common::run(&args, b"");
    (o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// `lexico valid` of `words` in `lex`: the words it finds valid.
fn valid(lex: &Path, words: &[&str]) -> HashSet<String> {
    let mut args = vec!["valid", "--lexicon", lex.to_str().unwrap()];
    args.extend_from_slice(words);
    let out = common::run(&args, b"");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_suffix("\tvalid"))
        .map(str::to_string)
        .collect()
}

fn dump(lex: &Path) -> Vec<u8> {
    let out = common::run(&["dump", "--lexicon", lex.to_str().unwrap()], b"");
    assert!(out.status.success());
    out.stdout
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn the_2016_lists_and_an_update_pair_make_the_next_edition() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("next-edition", "fise3");
    let out = dir.join("next.lex");
    let [nv, v, unv, uv] = fise2();
    let (pnv, pv) = pair();
    let (code, err) = build(&out, &[&nv, &v, &unv, &uv, &pnv, &pv], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("disagree"), "{err}");
    let words = [
        "abacero",
        "abaceros",
        "abaceras",
        "postconducir",
        "postconduje",
        "abalizar",
        "abalizo",
        "abacorado",
        "abacoradas",
        "ciberacoso",
        "ciberacosos",
        "macrodatos",
        "perroflautas",
        "antivacunas",
        "antivacunases",
    ];
    let got = valid(&out, &words);
    for w in ["POSTCONDUCIR", "POSTCONDUJE", "ABACORADO", "CIBERACOSO", "CIBERACOSOS", "MACRODATOS"] {
        assert!(got.contains(w), "{w} should be in: {got:?}");
    }
    assert!(got.contains("PERROFLAUTAS") && got.contains("ANTIVACUNAS"), "{got:?}");
    for w in ["ABACERO", "ABACEROS", "ABACERAS", "ABALIZAR", "ABALIZO", "ABACORADAS", "ANTIVACUNASES"] {
        assert!(!got.contains(w), "{w} should be out: {got:?}");
    }
    // The new verb's forms name the update list's line.
    let text = String::from_utf8_lossy(
        &common::run(&["explain", "--lexicon", out.to_str().unwrap(), "postconduje"], b"").stdout,
    )
    .into_owned();
    assert!(text.contains("verb 05-1-.-postconducir (transitive)"), "{text}");
    assert!(text.contains("; actualizacion-verbos.txt:42"), "{text}");
}

#[test]
fn applying_an_update_pair_then_undoing_it_gives_back_the_words() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("next-edition", "round-trip");
    let (start, there_and_back) = (dir.join("start.lex"), dir.join("back.lex"));
    let [nv, v, unv, uv] = fise2();
    let (pnv, pv) = pair();
    let (code, err) = build(&start, &[&nv, &v, &unv, &uv], &[]);
    assert_eq!(code, 0, "{err}");
    let (code, err) = build(&there_and_back, &[&nv, &v, &unv, &uv, &pnv, &pv], &[&pnv, &pv]);
    assert_eq!(code, 0, "{err}");
    let (a, b) = (dump(&start), dump(&there_and_back));
    assert!(a == b, "the words differ after applying and undoing the pair");
    assert!(a.iter().filter(|&&c| c == b'\n').count() > 600_000, "the lists were read whole");
}

/// The pair's verb list with `from` replaced by `to` (Latin-1 bytes).
fn edited(from: &[u8], to: &[u8]) -> Vec<u8> {
    let bytes = std::fs::read(pair().1).unwrap();
    let at = bytes.windows(from.len()).position(|w| w == from).expect("the text to replace");
    [&bytes[..at], to, &bytes[at + from.len()..]].concat()
}

#[test]
fn a_malformed_verb_update_list_errors_the_same_as_a_source_and_undone() {
    let dir = common::temp_dir("next-edition", "malformed");
    let list = write(
        &dir,
        "verbos.txt",
        "LEXICÓN FISE 2: TOTAL DE VERBOS CLASIFICADOS\n#\n1. PRIMERA CONJUGACIÓN\n00-1-.-abalizar\n\
         00-1-.-abacorar\n3. TERCERA CONJUGACIÓN\n05-1-.-conducir\n#\n"
            .as_bytes(),
    );
    // abalizar moved under "Segunda conjugación", and a model that no rule set has.
    let conjugation = write(
        &dir,
        "conjugacion.txt",
        &edited(
            b"Primera conjugaci\xf3n\r\n\r\nabalizar\r\n\r\nSegunda conjugaci\xf3n\r\n\r\nning\xfan verbo",
            b"Primera conjugaci\xf3n\r\n\r\nning\xfan verbo\r\n\r\nSegunda conjugaci\xf3n\r\n\r\nabalizar",
        ),
    );
    let model = write(&dir, "modelo.txt", &edited(b"\"conducir\"", b"\"conducri\""));
    let out = dir.join("x.lex");
    let cases = [
        (&conjugation, "conjugacion.txt:52:1: expected an infinitive of the conjugation 2, found 'abalizar'"),
        (&model, "modelo.txt:42:31: no conjugation model named 'conducri' in conjugation 3 (models: partir,"),
    ];
    for (bad, want) in cases {
        let as_source = build(&out, &[&list, bad], &[]);
        let undone = build(&out, &[&list], &[bad]);
        for (code, err) in [as_source, undone] {
            assert_eq!(code, 2, "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with(&format!("lexico: {}", dir.join(want).display())), "{want}\n{err}");
        }
    }
    assert!(!out.exists(), "a failed build writes no lexicon");
}

const VERBS: &str = "LEXICÓN FISE 2: TOTAL DE VERBOS CLASIFICADOS\n#\n1. PRIMERA CONJUGACIÓN\n\
    00-1-.-abacorar\n00-1-.-abalizar\n00-1-.-abanar\n00-3-.-acorarse\n00-1-.-cimentar\n00-2-.-brisar\n\
    00-2-.-lloviznar\n00-2-.-lloviznear\n99-0-.-afijar\n3. TERCERA CONJUGACIÓN\n05-1-.-conducir\n#\n";

const VERB_UPDATES: &str = "LEXICÓN FISE 2: ACTUALIZACIÓN DE VERBOS\n#\n\
    1. NUEVOS\nTercera conjugación\nTransitivos\npostconducir (conjugado como \"conducir\")\n\
    2. SUPRIMIDOS\nPrimera conjugación\nabalizar\n\
    3. REGIONALES ESPAÑOLES\nPrimera conjugación\nabanar\n\
    5. DE DESUSADO A USADO\nPrimera conjugación\nafijar (transitivo)\n\
    6. DE TRANSITIVO A INTRANSITIVO\nPrimera conjugación\nabacorar\n\
    7. DE INTRANSITIVO A TRANSITIVO\nPrimera conjugación\nacorar\n\
    12. CAMBIOS EN FORMAS\nPrimera conjugación\n\
    cimentar (conjugado ahora también como \"acertar\")\n\
    brisar (impersonal, queda sin formas plurales)\n\
    lloviznar (se retira la forma \"lloviznas\")\n\
    lloviznear (añade lloviznió)\n#\n";

#[test]
fn each_section_of_a_verb_update_list_is_applied_and_a_disagreement_names_both_lines() {
    let dir = common::temp_dir("next-edition", "verb-sections");
    let list = write(&dir, "verbos.txt", VERBS.as_bytes());
    let update = write(&dir, "actualizacion.txt", VERB_UPDATES.as_bytes());
    let (before, after) = (dir.join("before.lex"), dir.join("after.lex"));
    let (code, err) = build(&before, &[&list], &[]);
    assert_eq!(code, 0, "{err}");
    let (code, err) = build(&after, &[&list, &update], &[]);
    assert_eq!(code, 0, "{err}");
    // acorarse is pronominal, not intransitive: the move from intransitive to transitive
    // disagrees with the list, names both lines, and is applied.
    assert!(
        err.contains(&format!(
            "{}:21: the update list and {}:7 disagree: a move from intransitive to transitive, listed as 00-3-.-acorarse",
            update.display(),
            list.display()
        )),
        "{err}"
    );
    assert_eq!(err.lines().filter(|l| l.starts_with("lexico: warning")).count(), 1, "{err}");
    // The summary counts the forms each rule refused, the rules that refused most first.
    let refused: Vec<&str> = err.lines().filter(|l| l.starts_with("forms refused by ")).collect();
    assert!(
        refused.iter().any(|l| l.starts_with("forms refused by participle-non-transitive (art. 17.4): ")),
        "{err}"
    );
    let counts: Vec<u64> = refused.iter().map(|l| l.rsplit(": ").next().unwrap().parse().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{err}");
    let words = [
        "postconduje",
        "abalizo",
        "abanamos",
        "abanar",
        "afijamos",
        "abacoradas",
        "acoramos",
        "acoradas",
        "cimiento",
        "cimento",
        "brisan",
        "brisa",
        "lloviznas",
        "llovizno",
        "lloviznio",
    ];
    let was = valid(&before, &words);
    let is = valid(&after, &words);
    let changed: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| was.contains(&w.to_uppercase()) != is.contains(&w.to_uppercase()))
        .collect();
    // In: a new verb, a verb back in use, a class that gives inflected participles, another
    // model, forms added. Out: a verb removed, a verb made regional (infinitive only), an
    // intransitive's participles, an impersonal's plurals, a form withdrawn.
    let want = [
        "postconduje",
        "abalizo",
        "abanamos",
        "afijamos",
        "abacoradas",
        "acoradas",
        "cimiento",
        "brisan",
        "lloviznas",
        "lloviznio",
    ];
    assert_eq!(changed, want, "before: {was:?}\nafter: {is:?}");
    for w in ["POSTCONDUJE", "AFIJAMOS", "ACORADAS", "CIMIENTO", "LLOVIZNIO", "ABANAR", "BRISA", "CIMENTO"] {
        assert!(is.contains(w), "{w}: {is:?}");
    }
}

#[test]
fn the_non_verb_update_list_removes_its_words_from_the_lists() {
    let dir = common::temp_dir("next-edition", "non-verbs");
    let list = write(
        &dir,
        "no-verbos.txt",
        "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n#\nabacero abacera\naarónico aarónica\nmesa\n"
            .as_bytes(),
    );
    let update = write(
        &dir,
        "actualizacion.txt",
        "LEXICÓN FISE 2: ACTUALIZACIÓN DE NO VERBOS\n#\n1. ALTAS VARIABLES EN NÚMERO\nciberacoso\n\
         4. BAJAS VARIABLES E INVARIABLES EN NÚMERO\nabacera\nabacero\naarónica\n\
         6. ANEXO I: ALTAS YA VÁLIDAS POR OTRA ENTRADA\nmesa\nsilla\n#\n"
            .as_bytes(),
    );
    let out = dir.join("x.lex");
    let (code, err) = build(&out, &[&list, &update], &[]);
    assert_eq!(code, 0, "{err}");
    // The annexes name words another entry makes valid: silla is in no entry.
    assert!(
        err.contains(&format!("{}: 1 word of the annexes is not in the lexicon", update.display()))
            && err.contains("(at 11)"),
        "{err}"
    );
    let got = valid(
        &out,
        &["abacero", "abacera", "abaceros", "aarónico", "aarónicos", "aarónica", "ciberacosos", "mesas"],
    );
    let want: HashSet<String> = ["AARONICO", "AARONICOS", "CIBERACOSOS", "MESAS"].map(String::from).into();
    assert_eq!(got, want);
}

/// A zip of `entries` (name, bytes), deflated; a name ending in `/` is a folder.
fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        if name.ends_with('/') {
            w.add_directory(*name, options).unwrap();
        } else {
            w.start_file(*name, options).unwrap();
            w.write_all(bytes).unwrap();
        }
    }
    w.finish().unwrap().into_inner()
}

/// A file of 2- and 3-tile totals listing `words`, in the federation's shape (Latin-1, CRLF).
fn totals_file(words: &[&str]) -> Vec<u8> {
    let text = format!(
        "LEXIC\u{d3}N FISE 2: TOTALES DE DOS Y TRES FICHAS\r\n\r\nNotas.\r\n#\r\n{}\r\n#\r\nFirma\r\n",
        words.join("\r\n")
    );
    text.chars().map(|c| c as u32 as u8).collect()
}

#[test]
fn the_federations_zip_builds_as_its_lists_and_checks_the_totals() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("next-edition", "zip");
    let [nv, v, unv, uv] = fise2();
    let (lists, from_zip) = (dir.join("lists.lex"), dir.join("zip.lex"));
    let (code, err) = build(&lists, &[&nv, &v, &unv, &uv], &[]);
    assert_eq!(code, 0, "{err}");
    let words = dump(&lists);
    let tiles = |w: &str| w.replace("CH", "1").replace("LL", "2").replace("RR", "3").chars().count();
    let short: Vec<&str> = std::str::from_utf8(&words).unwrap().lines().filter(|w| tiles(w) <= 3).collect();
    let two = short.iter().filter(|w| tiles(w) == 2).count();
    let three = short.len() - two;
    assert!(two > 50 && three > 500, "{two} {three}");
    // The totals list every short word but the first of 2 tiles, and one word the lexicon lacks.
    let first = *short.iter().find(|w| tiles(w) == 2).unwrap();
    let listed: Vec<&str> = short.iter().copied().filter(|w| *w != first).chain(["QUA"]).collect();
    let read = |p: &PathBuf| std::fs::read(p).unwrap();
    let folder = "LEXIC\u{d3}N FISE 2 - LISTAS/";
    let names = |n: &str| format!("{folder}{n}");
    let docx = std::fs::read(lexico_testdata::fise2_file("reglamento-lexico-2016.docx")).unwrap();
    let bytes = zip_of(&[
        (folder, b""),
        (&names("TOTAL DE NO VERBOS SIN PLURALES.txt"), &read(&nv)),
        (&names("TOTAL DE VERBOS CLASIFICADOS.TXT"), &read(&v)),
        (&names("ACTUALIZACI\u{d3}N DE NO VERBOS.txt"), &read(&unv)),
        (&names("ACTUALIZACI\u{d3}N DE VERBOS.txt"), &read(&uv)),
        (&names("REGLAMENTO DE L\u{c9}XICO FISE 2016.docx"), &docx),
        (&names("TOTALES DE DOS Y TRES FICHAS.txt"), &totals_file(&listed)),
    ]);
    let archive = write(&dir, "LEXIC\u{d3}N FISE 2 - LISTAS.zip", &bytes);
    let (code, err) = build(&from_zip, &[&archive], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(dump(&from_zip) == words, "the zip builds another lexicon than its lists");
    // The entries skipped are named, with the reason; the totals are checked.
    assert!(err.contains("5 files taken") && err.contains("2 skipped"), "{err}");
    assert!(err.contains("REGLAMENTO DE L\u{c9}XICO FISE 2016.docx: a document, not a list"), "{err}");
    assert!(err.contains("LISTAS: a folder"), "{err}");
    let name = "TOTALES DE DOS Y TRES FICHAS.txt";
    let missing =
        format!("{name}: {two} words of 2 tiles where {} are listed; built, not listed: {first}\n", two - 1);
    let extra =
        format!("{name}: {three} words of 3 tiles where {} are listed; listed, not built: QUA\n", three + 1);
    assert!(err.contains(&missing) && err.contains(&extra), "{err}");
}

#[test]
fn a_damaged_or_hostile_zip_is_one_line_and_exit_2() {
    let dir = common::temp_dir("next-edition", "hostile-zip");
    let list = "LEXIC\u{d3}N FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n#\ncasa\n".as_bytes();
    let good = zip_of(&[("listas/no-verbos.txt", list)]);
    let zeros = vec![0u8; (lexico_compile::MAX_ENTRY_BYTES + 1) as usize];
    let cases: [(&str, Vec<u8>, &str); 4] = [
        ("damaged.zip", good[..good.len() - 30].to_vec(), "not a readable zip archive"),
        (
            "outside.zip",
            zip_of(&[("../no-verbos.txt", list)]),
            "entry '../no-verbos.txt' has a path outside its folder",
        ),
        ("bomb.zip", zip_of(&[("listas/no-verbos.txt", &zeros)]), "inflates past 64 MiB"),
        ("empty.zip", zip_of(&[("listas/leeme.txt", b"casa\n")]), "the zip holds no FISE list"),
    ];
    let out = dir.join("x.lex");
    for (name, bytes, want) in cases {
        let path = write(&dir, name, &bytes);
        let (code, err) = build(&out, &[&path], &[]);
        assert_eq!(code, 2, "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.starts_with(&format!("lexico: {}: ", path.display())) && err.contains(want),
            "{name}: {err}"
        );
    }
    let path = write(&dir, "good.zip", &good);
    let (code, err) = build(&out, &[&path], &[]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_missing_output_folder_is_one_line_before_anything_is_read() {
    let dir = common::temp_dir("next-edition", "fail-fast");
    // The source does not exist either: the output folder is checked first.
    let missing_source = dir.join("nowhere.txt");
    for flags in [vec!["-o", "no/such/folder/x.lex"], vec!["--release-dir", "no/such/folder/release"]] {
        let mut args = vec!["build", "--quiet"];
        args.extend(&flags);
        args.push(missing_source.to_str().unwrap());
        let o = common::run_in(&dir, &[], &args, b"");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("the folder no/such/folder does not exist"), "{err}");
    }
}

#[test]
fn without_a_terminal_key_commands_say_which_variable_gives_the_password() {
    if std::fs::File::open("/dev/tty").is_ok() {
        println!("skipped: a terminal is at hand, where the password would be asked for");
        return;
    }
    let dir = common::temp_dir("next-edition", "no-terminal");
    let (public, secret) = (dir.join("k.pub"), dir.join("k.key"));
    let mut keygen = common::lexico();
    keygen.args(["keygen", "-p", public.to_str().unwrap(), "-s", secret.to_str().unwrap()]);
    keygen.env_remove("LEXICO_KEY_PASSWORD");
    let o = common::run_command(&mut keygen, b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("set LEXICO_KEY_PASSWORD") && err.contains("--unencrypted"), "{err}");
    // An encrypted key, made with the variable, cannot sign without it.
    let mut keygen = common::lexico();
    keygen.args(["keygen", "-p", public.to_str().unwrap(), "-s", secret.to_str().unwrap()]);
    keygen.env("LEXICO_KEY_PASSWORD", "secreto");
    assert!(common::run_command(&mut keygen, b"").status.success());
    let file = write(&dir, "x.txt", b"casa\n");
    let mut sign = common::lexico();
    sign.args(["sign", file.to_str().unwrap(), "--key", secret.to_str().unwrap()]);
    sign.env_remove("LEXICO_KEY_PASSWORD");
    let o = common::run_command(&mut sign, b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the secret key is encrypted and needs its password: set LEXICO_KEY_PASSWORD"),
        "{err}"
    );
}

#[test]
fn a_modified_rule_set_says_so_until_it_has_a_name_of_its_own() {
    let dir = common::temp_dir("next-edition", "modified-rules");
    let rules = dir.join("reglas");
    let o = common::run(&["rules", "export", "fise-2016", rules.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let edit = |file: &str, from: &str, to: &str| {
        let path = rules.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    edit("verbs/rules.toml", "class = [5]", "class = [4, 5]");
    let list = write(&dir, "w.txt", b"casa\nperro\n");
    let info = |lex: &Path| {
        String::from_utf8_lossy(&common::run(&["info", "--lexicon", lex.to_str().unwrap()], b"").stdout)
            .into_owned()
    };
    let build_with = |out: &Path, rules: &Path| {
        let args = [
            "build",
            "--quiet",
            "-o",
            out.to_str().unwrap(),
            "--rules",
            rules.to_str().unwrap(),
            list.to_str().unwrap(),
        ];
        let o = common::run(&args, b"");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let out = dir.join("x.lex");
    let summary = build_with(&out, &rules);
    let said = "modified from fise-2016 0.1.0 (files that differ: verbs/rules.toml)";
    assert!(
        summary.contains(
            "rule set fise-2016 0.1.0, modified from fise-2016 0.1.0 (files that differ: verbs/rules.toml)"
        ),
        "{summary}"
    );
    assert!(info(&out).contains(&format!("rule set             fise-2016 0.1.0, {said}")), "{}", info(&out));
    // A release's notes say it too.
    let release = dir.join("release");
    let args = [
        "build",
        "--quiet",
        "--release-dir",
        release.to_str().unwrap(),
        "--edition",
        "X",
        "--rules",
        rules.to_str().unwrap(),
        list.to_str().unwrap(),
    ];
    assert!(common::run(&args, b"").status.success());
    let notes = std::fs::read_to_string(release.join("NOTES.md")).unwrap();
    assert!(notes.contains(&format!("Rule set: fise-2016 0.1.0, {said}.")), "{notes}");
    // The embedded set as shipped is no modification; a set with a version of its own is none.
    let shipped = dir.join("shipped.lex");
    assert!(!build_with(&shipped, Path::new("fise-2016")).contains("modified from"));
    assert!(!info(&shipped).contains("modified from"));
    edit("ruleset.toml", "version = \"0.1.0\"", "version = \"0.2.0-club\"");
    let own = dir.join("own.lex");
    assert!(!build_with(&own, &rules).contains("modified from"));
    assert!(info(&own).contains("rule set             fise-2016 0.2.0-club\n"), "{}", info(&own));
}

#[test]
fn the_same_sources_give_the_same_bytes_from_any_folder() {
    let dir = common::temp_dir("next-edition", "any-folder");
    std::fs::create_dir_all(dir.join("listas")).unwrap();
    let list = write(&dir.join("listas"), "palabras.txt", b"casa\nperro\nkiwi\n");
    let lemmas =
        write(&dir.join("listas"), "lemas.tsv", "lemma\tpos\tmarks\tmodel\ncanción\tn\t\t\n".as_bytes());
    let (relative, absolute) = (dir.join("relative.lex"), dir.join("absolute.lex"));
    let args = ["build", "--quiet", "-o", "relative.lex", "listas/palabras.txt", "./listas/lemas.tsv"];
    let o = common::run_in(&dir, &[], &args, b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let args = [
        "build",
        "--quiet",
        "-o",
        absolute.to_str().unwrap(),
        lemmas.to_str().unwrap(),
        list.to_str().unwrap(),
    ];
    assert!(common::run(&args, b"").status.success());
    let read = |p: &Path| std::fs::read(p).unwrap();
    assert!(read(&relative) == read(&absolute), "the lexicon depends on how the paths were typed");
    let csv = |p: &Path| read(&p.with_extension("lex.excluded.csv"));
    assert!(csv(&relative) == csv(&absolute), "the exclusion report depends on how the paths were typed");
    // The manifest, the report and explanations name the file, never the folder.
    let csv = String::from_utf8(csv(&absolute)).unwrap();
    assert!(csv.contains(",palabras.txt,3") && !csv.contains(dir.to_str().unwrap()), "{csv}");
    let info = common::run(&["info", "--lexicon", absolute.to_str().unwrap()], b"");
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(
        info.contains("source               lemas.tsv (lemma-table") && !info.contains("listas/"),
        "{info}"
    );
    let explain = common::run(&["explain", "--lexicon", absolute.to_str().unwrap(), "canciones"], b"");
    assert!(
        String::from_utf8_lossy(&explain.stdout).contains("; lemas.tsv:2"),
        "{}",
        String::from_utf8_lossy(&explain.stdout)
    );
}

#[test]
fn a_dump_builds_back_into_the_same_words() {
    let dir = common::temp_dir("next-edition", "dump-build");
    let words = common::run(&["dump", "--lexicon", "embedded"], b"");
    assert!(words.status.success());
    let list = write(&dir, "w.txt", &words.stdout);
    let out = dir.join("x.lex");
    let (code, err) = build(&out, &[&list], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("w.txt: every word is in capitals: read as a word list"), "{err}");
    assert!(dump(&out) == words.stdout, "dump | build | dump changed the words");
    // The flag settles it either way: as proper nouns, every word is left out.
    let args =
        ["build", "--quiet", "--capitals", "proper", "-o", out.to_str().unwrap(), list.to_str().unwrap()];
    let o = common::run(&args, b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("by capitals"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A list in lower case with a few capitals keeps reading capitals as proper nouns.
    let mixed = write(&dir, "m.txt", b"casa\nMadrid\nperro\n");
    let (code, err) = build(&out, &[&mixed], &[]);
    assert_eq!((code, err.contains("every word is in capitals")), (0, false), "{err}");
    assert_eq!(dump(&out), b"CASA\nPERRO\n");
    let args =
        ["build", "--quiet", "--capitals", "words", "-o", out.to_str().unwrap(), mixed.to_str().unwrap()];
    assert!(common::run(&args, b"").status.success());
    assert_eq!(dump(&out), b"CASA\nMADRID\nPERRO\n");
}

#[test]
fn signing_a_release_lists_the_signature_and_never_replaces_one_unasked() {
    let dir = common::temp_dir("next-edition", "sign-release");
    let list = write(&dir, "w.txt", b"casa\nperro\n");
    let release = dir.join("release");
    let args = [
        "build",
        "--quiet",
        "--release-dir",
        release.to_str().unwrap(),
        "--edition",
        "X",
        list.to_str().unwrap(),
    ];
    assert!(common::run(&args, b"").status.success());
    let keys = |name: &str| {
        let (public, secret) = (dir.join(format!("{name}.pub")), dir.join(format!("{name}.key")));
        let args =
            ["keygen", "--unencrypted", "-p", public.to_str().unwrap(), "-s", secret.to_str().unwrap()];
        assert!(common::run(&args, b"").status.success());
        (public, secret)
    };
    let ((public, secret), (other, _)) = (keys("fed"), keys("other"));
    let lex = release.join("X.lex");
    let sign = |force: bool| {
        let mut args = vec!["sign", lex.to_str().unwrap(), "--key", secret.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        common::run(&args, b"")
    };
    assert!(sign(false).status.success());
    let sums = std::fs::read_to_string(release.join("SHA256SUMS")).unwrap();
    let sig = std::fs::read(release.join("X.lex.minisig")).unwrap();
    use sha2::Digest;
    let line = format!("{}  X.lex.minisig", lexico_lexicon::hex(&sha2::Sha256::digest(&sig)));
    assert!(sums.lines().any(|l| l == line), "{sums}");
    assert_eq!(sums.lines().count(), 4, "{sums}");
    // An existing signature is replaced only with --force, and listed once.
    let again = sign(false);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("a signature is already there: give --force"));
    assert!(sign(true).status.success());
    let sums = std::fs::read_to_string(release.join("SHA256SUMS")).unwrap();
    assert_eq!(sums.lines().filter(|l| l.ends_with("  X.lex.minisig")).count(), 1, "{sums}");
    // info --verify --key checks the signature against the key given.
    let info = |key: &Path| {
        let args = ["info", "--lexicon", lex.to_str().unwrap(), "--verify", "--key", key.to_str().unwrap()];
        common::run(&args, b"")
    };
    let ok = info(&public);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(
        String::from_utf8_lossy(&ok.stdout).contains("(checked against"),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let wrong = info(&other);
    assert_eq!(wrong.status.code(), Some(2), "{}", String::from_utf8_lossy(&wrong.stderr));
}

/// `lexico dump` of `lex` with `flags`: its lines.
fn dump_lines(lex: &Path, flags: &[&str]) -> Vec<String> {
    let mut args = vec!["dump", "--lexicon", lex.to_str().unwrap()];
    args.extend_from_slice(flags);
    let out = common::run(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn dump_leaves_out_rejected_forms_another_entry_makes_valid_and_spells_with_accents() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("next-edition", "dump-flags");
    let lex = dir.join("fise2.lex");
    let lists = fise2();
    let (code, err) = build(&lex, &lists.iter().map(PathBuf::as_path).collect::<Vec<_>>(), &[]);
    assert_eq!(code, 0, "{err}");
    let words = dump_lines(&lex, &[]);
    let valid_words: HashSet<&str> = words.iter().map(String::as_str).collect();
    // RENDISTEIS is refused as a cell of one entry and valid by another: not a rejected form.
    let rejected = dump_lines(&lex, &["--rejected"]);
    assert!(valid_words.contains("RENDISTEIS"));
    assert!(rejected.len() > 1000 && rejected.iter().any(|w| w == "ABABA"), "{}", rejected.len());
    let both: Vec<&String> = rejected.iter().filter(|w| valid_words.contains(w.as_str())).collect();
    assert!(both.is_empty(), "rejected forms that are valid words: {both:?}");
    let explained = common::run(&["explain", "--lexicon", lex.to_str().unwrap(), "RENDISTEIS"], b"");
    assert!(String::from_utf8_lossy(&explained.stdout).contains("rendir"));

    // With --accents, the same words, headwords and feminines as the lists spell them.
    let accented = dump_lines(&lex, &["--accents"]);
    assert_eq!(accented.len(), words.len());
    for w in ["ACRECIÓN", "ABREFÁCIL", "ABACÁ", "ABACERÍA"] {
        assert!(accented.iter().any(|a| a == w), "{w} not in dump --accents");
    }
    let plain = |w: &str| {
        w.replace('Á', "A").replace('É', "E").replace('Í', "I").replace('Ó', "O").replace(['Ú', 'Ü'], "U")
    };
    let differ = accented.iter().zip(&words).find(|(a, w)| plain(a) != **w);
    assert_eq!(differ, None, "dump --accents spells another word");
    assert!(accented.iter().filter(|a| a.contains('Ó')).count() > 1000);
}

#[test]
fn a_verbs_paradigm_gives_every_cell_with_its_form_and_verdict() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("next-edition", "paradigm");
    let lex = dir.join("next.lex");
    let [nv, v, unv, uv] = fise2();
    let (pnv, pv) = pair();
    let (code, err) = build(&lex, &[&nv, &v, &unv, &uv, &pnv, &pv], &[]);
    assert_eq!(code, 0, "{err}");
    let paradigm = |lang: &str, format: &str, verb: &str| {
        let args = [
            "--lang",
            lang,
            "explain",
            "--lexicon",
            lex.to_str().unwrap(),
            "--paradigm",
            "--format",
            format,
            verb,
        ];
        let out = common::run(&args, b"");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let conducir = paradigm("en", "text", "conducir");
    assert!(
        conducir.contains("conducir\tind.pret.1s\tCONDUJE\tvalid: rule paradigm (art. 17.2)\n"),
        "{conducir}"
    );
    assert!(conducir.lines().count() > 60, "{conducir}");
    // Conjugated like conducir, the new verb of the update list has the same cells.
    let postconducir = paradigm("en", "text", "postconducir");
    assert!(postconducir.contains("\tPOSTCONDUJE\tvalid"), "{postconducir}");
    // Abacorar, moved to the intransitives, keeps only the masculine singular participle.
    let es = paradigm("es", "text", "abacorar");
    assert!(es.contains("abacorar\tpart.m.sg\tABACORADO\tválida: regla participle (art. 17.4)\n"), "{es}");
    let refused = es.lines().find(|l| l.contains("\tABACORADAS\t")).expect("ABACORADAS is a cell");
    assert!(refused.contains("\trechazada: regla participle-non-transitive (art. 17.4): "), "{refused}");
    let csv = paradigm("es", "csv", "abacorar");
    assert!(csv.starts_with("verb,entry,slot,form,valid,rule,article,reason,valid_elsewhere\n"), "{csv}");
    assert!(csv.contains(",part.f.pl,ABACORADAS,false,participle-non-transitive,17.4,"), "{csv}");
    let json = paradigm("en", "json", "abacorar");
    assert!(json.contains("\"form\":\"ABACORADAS\"") && json.contains("\"valid\":false"), "{json}");
    // A word that names no verb is one line and exit 2.
    let out = common::run(&["explain", "--lexicon", lex.to_str().unwrap(), "--paradigm", "casa"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no verb 'casa'"));
}
