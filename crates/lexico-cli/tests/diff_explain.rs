//! `lexico diff OLD NEW --explain` on two small editions built by the binary from FISE-format
//! sources: the old one with the annex's rule set (`fise-2009`), the new one with `fise-2016`, a
//! headword more in its non-verb list and an update list. Each changed word gets its cause, read
//! from the two files alone (docs/maintainers.md, "Why each word changed").

mod common;

use std::path::Path;

const VERBS: &str = "LEXICÓN FISE 2: TOTAL DE VERBOS CLASIFICADOS\n\nCódigos: véase la lista.\n#\n\
                     1. PRIMERA CONJUGACIÓN\n00-2-I-ventiscar\n00-1-.-amar\n#\nfirma\n";

const NON_VERBS: &str = "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n\nNotas.\n#\ncruz\nabanda\n";

const UPDATES: &str = "LEXICÓN FISE 2: ACTUALIZACIÓN DE NO VERBOS\n\nNotas.\n#\n\
                       1. ALTAS VARIABLES EN NÚMERO\n\nzoncador\n\n2. ALTAS INVARIABLES EN NÚMERO\n\nzunc\n";

/// Builds `sources` (files of `dir`) with the embedded rule set `rules` into `dir/NAME.lex`.
fn build(dir: &Path, name: &str, rules: &str, sources: &[&str]) -> String {
    let lex = dir.join(format!("{name}.lex")).to_str().unwrap().to_string();
    let mut args = vec!["build", "-o", &lex, "--quiet", "--rules", rules, "--name", "T", "--edition", name];
    let paths: Vec<String> = sources.iter().map(|s| dir.join(s).to_str().unwrap().to_string()).collect();
    args.extend(paths.iter().map(String::as_str));
    let out = common::run(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    lex
}

/// The two editions: `(old, new)`.
fn editions(dir: &Path) -> (String, String) {
    std::fs::create_dir_all(dir.join("new")).unwrap();
    std::fs::write(dir.join("verbos.txt"), VERBS).unwrap();
    std::fs::write(dir.join("no-verbos.txt"), NON_VERBS).unwrap();
    std::fs::write(dir.join("new/verbos.txt"), VERBS).unwrap();
    std::fs::write(dir.join("new/no-verbos.txt"), format!("{NON_VERBS}gato\n")).unwrap();
    std::fs::write(dir.join("new/actualizacion-no-verbos.txt"), UPDATES).unwrap();
    let old = build(dir, "T-2009", "fise-2009", &["no-verbos.txt", "verbos.txt"]);
    let new = build(
        dir,
        "T-2016",
        "fise-2016",
        &["new/no-verbos.txt", "new/verbos.txt", "new/actualizacion-no-verbos.txt"],
    );
    (old, new)
}

/// Runs `lexico diff OLD NEW --explain` with `more` arguments; its standard output.
fn explain(old: &str, new: &str, more: &[&str]) -> String {
    let mut args = vec!["diff", old, new, "--explain"];
    args.extend_from_slice(more);
    let out = common::run(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn diff_explain_names_the_update_list_line_the_lemma_and_the_rules_of_each_change() {
    let dir = common::temp_dir("diff-explain", "causes");
    let (old, new) = editions(&dir);
    let csv = explain(&old, &new, &["--format", "csv"]);
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = rows.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        [
            "word",
            "change",
            "tiles",
            "kind",
            "cause",
            "source",
            "line",
            "rule_old",
            "article_old",
            "reason_old",
            "rule_new",
            "article_new",
            "reason_new",
            "detail"
        ]
    );
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let row = |word: &str| rows.iter().find(|r| &r[0] == word).unwrap_or_else(|| panic!("{word}: {csv}"));
    let fields = |word: &str, names: &[usize]| -> Vec<String> {
        let r = row(word);
        names.iter().map(|&i| r[i].to_string()).collect()
    };

    // A source change: line 7 of the new edition's update list adds ZONCADOR (section 1), and
    // its plural with it.
    // Sources are named by their file names.
    let update = "actualizacion-no-verbos.txt".to_string();
    assert_eq!(fields("ZONCADOR", &[1, 4, 5, 6]), ["added", "source", update.as_str(), "7"]);
    assert_eq!(fields("ZONCADORES", &[4, 5, 6]), ["source", update.as_str(), "7"]);
    assert_eq!(fields("ZUNC", &[4, 6]), ["source", "11"]);
    // A source change: the lemma GATO is in the new edition's non-verb list only.
    let listed = "no-verbos.txt".to_string();
    assert_eq!(fields("GATO", &[4, 5, 6]), ["source", listed.as_str(), "7"]);
    assert!(row("GATO")[13].contains("the lemma gato is in the sources of new (T-2016) only"), "{csv}");

    // A rule change: the annex admits every person of an impersonal verb (17.5, so the
    // paradigm's article 17.1), the 2016 regulation refuses VENTISCAN (17.8), with its reason.
    assert_eq!(
        fields("VENTISCAN", &[1, 4, 7, 8, 10, 11]),
        ["removed", "rule", "paradigm", "17.1", "impersonal-third-singular", "17.8"]
    );
    assert!(row("VENTISCAN")[12].starts_with("impersonal verb"), "{csv}");
    // A rule change the other edition's rules do not even generate: the plural of ABANDA.
    assert_eq!(fields("ABANDAS", &[4, 7, 8, 10]), ["rule", "end-vowel", "18.5", ""]);
    assert!(row("ABANDAS")[13].ends_with("rule set fise-2016 does not generate it"), "{csv}");

    // Every word has a cause here; the text output groups them and counts each cause.
    let sources = rows.iter().filter(|r| &r[4] == "source").count();
    let rules = rows.iter().filter(|r| &r[4] == "rule").count();
    assert_eq!(sources, 5, "{csv}"); // GATO GATOS ZONCADOR ZONCADORES ZUNC
    assert_eq!(sources + rules, rows.len());
    let text = explain(&old, &new, &[]);
    assert!(text.starts_with(&format!("# source change: {sources}\n")), "{text}");
    assert!(text.contains(&format!("\n# rule change: {rules}\n")), "{text}");
    assert!(text.contains("\n# unattributed: 0\n"), "{text}");
    let total = rows.len();
    assert!(
        text.ends_with(&format!(
            "# causes: source change {sources}, rule change {rules}, unattributed 0; attributed {total} of {total} (100.0 %)\n"
        )),
        "{text}"
    );
    // The same counts, by change, from --counts.
    let counts = explain(&old, &new, &["--counts"]);
    assert!(counts.contains(&format!("added\tcause\tsource\t{sources}\n")), "{counts}");
    assert!(counts.contains("removed\tcause\tunattributed\t0\n"), "{counts}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn diff_explain_notes_group_the_words_by_cause() {
    let dir = common::temp_dir("diff-explain", "notes");
    let (old, new) = editions(&dir);
    let notes = dir.join("NOTES.md");
    explain(&old, &new, &["--notes", notes.to_str().unwrap()]);
    let text = std::fs::read_to_string(&notes).unwrap();
    assert!(text.contains("| source change | 5 | 0 |"), "{text}");
    assert!(text.contains("## 1. Source changes: 5 words"), "{text}");
    assert!(text.contains("### actualizacion-no-verbos.txt: 3\n\n+zoncador, +zoncadores, +zunc\n"), "{text}");
    assert!(
        text.contains("### old: paradigm (art. 17.1); new: impersonal-third-singular (art. 17.8): "),
        "{text}"
    );
    assert!(text.contains("-ventiscan"), "{text}");
    assert!(text.contains("## 3. Unattributed: 0 words"), "{text}");
    // Without --explain the notes keep the federation's grouping by kind.
    explain_free(&old, &new, &notes);
    let plain = std::fs::read_to_string(&notes).unwrap();
    assert!(plain.contains("## 1. Additions") && !plain.contains("Source changes"), "{plain}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `lexico diff OLD NEW --notes NOTES` without `--explain`.
fn explain_free(old: &str, new: &str, notes: &Path) {
    let out = common::run(&["diff", old, new, "--notes", notes.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The FISE-2 release built from the federation's four lists against the embedded previous
/// edition, a plain word list: `(release folder, lexicon)`, in Spanish (`--lang es`).
fn fise2_release(dir: &Path) -> (std::path::PathBuf, String) {
    let release = dir.join("FISE-2");
    let lists = [
        "no-verbos.txt",
        "verbos-clasificados.txt",
        "actualizacion-no-verbos.txt",
        "actualizacion-verbos.txt",
    ];
    let sources: Vec<String> =
        lists.iter().map(|l| lexico_testdata::fise2_file(l).to_str().unwrap().to_string()).collect();
    let mut args = vec!["--lang", "es", "build", "--quiet", "--release-dir", release.to_str().unwrap()];
    args.extend([
        "--previous",
        "embedded",
        "--name",
        "FISE",
        "--edition",
        "FISE-2",
        "--lexicon-version",
        "2016",
    ]);
    args.extend(sources.iter().map(String::as_str));
    let out = common::run(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lex = release.join("FISE-2.lex").to_str().unwrap().to_string();
    (release, lex)
}

#[test]
fn against_a_plain_word_list_only_the_update_lists_attribute_and_the_notes_group_the_removals() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let dir = common::temp_dir("diff-explain", "plain-previous");
    let (release, lex) = fise2_release(&dir);
    let text = explain("embedded", &lex, &[]);
    let line = |word: &str| {
        let found = text.lines().find(|l| l.split('\t').next() == Some(word));
        found.unwrap_or_else(|| panic!("no line for {word}")).to_string()
    };
    // ABAJO is a word of the embedded list: ABAJOS is new, but why the list lacks it is unknown.
    let abajos = line("+ABAJOS");
    assert!(
        abajos.contains("\tunattributed\t") && abajos.contains("holds the lemma abajo as a word"),
        "{abajos}"
    );
    assert!(!text.contains("is in the sources of new"), "a lemma said to be in the new sources only");
    // An update list's line is a cause the new edition's provenance shows.
    let aaronica = line("-AARONICA");
    assert!(
        aaronica.contains("\tsource change\t") && aaronica.contains("actualizacion-no-verbos.txt:"),
        "{aaronica}"
    );
    // A removed form the new rules refuse says which rule, and stays unattributed.
    let refused = line("-ENANZARIAMOS");
    assert!(
        refused.contains("\tunattributed\t") && refused.contains("regional-infinitive-only"),
        "{refused}"
    );
    assert!(text.contains("# old (FISE-2 2009) is a plain word list"), "{text}");
    let summary = text.lines().last().unwrap();
    let (sources, unattributed) =
        count_of(summary, "source change ").zip(count_of(summary, "unattributed ")).unwrap();
    assert!(sources > 5000 && unattributed > sources, "{summary}");
    assert!(!summary.ends_with("(100.0 %)"), "{summary}");

    // The notes group the 2009 list's removals by the new rule that refuses them, else as words
    // the new edition neither makes nor refuses; in Spanish, accents kept, no path.
    let notes = std::fs::read_to_string(release.join("NOTES.md")).unwrap();
    assert!(notes.starts_with("# FISE-2 2016: notas de la versión\n"), "{notes}");
    assert!(
        !notes.contains("desconocido (") && !notes.contains("Palabras de tipo desconocido"),
        "unknown kind lumped"
    );
    assert!(
        notes.contains("### Rechazadas por la edición nueva, regla regional-infinitive-only (art. 17.11): ")
    );
    assert!(notes.contains("### Ni generadas ni rechazadas por la edición nueva: "));
    for word in ["acreción", "abrefácil"] {
        assert!(notes.split([' ', ',', '\n']).any(|w| w == word), "{word} not in the notes");
    }
    assert!(notes.contains("### Formas verbales: ") && notes.contains(" formas de "), "verb forms");
    let data = lexico_testdata::fise2_dir();
    for path in [dir.to_str().unwrap(), data.to_str().unwrap(), "../", "/work"] {
        assert!(!notes.contains(path), "the notes name the path {path}");
    }
}

/// The number after `label` in `line`.
fn count_of(line: &str, label: &str) -> Option<u64> {
    let at = line.find(label)? + label.len();
    line[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}
