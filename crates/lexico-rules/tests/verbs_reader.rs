//! The classified verb list reader and the rule-file loader: well-formed input, malformed lines
//! with `file:line:column` errors, encodings and line ends.

mod common;

use std::path::Path;

use lexico_rules::verbs::{read_classified, VerbRules};
use lexico_rules::RuleError;

const HEADER: &str = "LEXICÓN FISE 2\r\n\r\nNotas: 00 Regular\r\n#\r\n\r\n";

fn read(body: &str) -> Result<Vec<lexico_rules::verbs::VerbEntry>, RuleError> {
    read_classified(Path::new("verbos.txt"), format!("{HEADER}{body}").as_bytes())
}

/// The `(line, column, message)` of a syntax error.
fn error_at(body: &str) -> (usize, usize, String) {
    match read(body) {
        Err(RuleError::Syntax { path, line, column, message }) => {
            assert_eq!(path, Path::new("verbos.txt"));
            (line, column, message)
        }
        other => panic!("expected a syntax error for {body:?}, got {other:?}"),
    }
}

#[test]
fn reads_all_line_shapes() {
    let body = "1. PRIMERA CONJUGACIÓN\r\n\r\n00-1-.-abalear 2\r\n00-3-D-abarse(abarse abar)\r\n\
                00-2-D-obstar(infinitivo, gerundio, participio y terceras personas)\r\n\
                99-0-.-adonarse\r\n2. SEGUNDA CONJUGACIÓN\r\n08-1-P-absolver(absuelto)\r\n\
                07-1-P-proveer(proveído provisto)\r\n3. TERCERA CONJUGACIÓN\r\n14-1-.-oír\r\n#\r\nfirma\r\n";
    let e = read(body).unwrap();
    assert_eq!(e.len(), 7);
    assert_eq!(
        (e[0].infinitive.as_str(), e[0].homograph, e[0].model, e[0].class, e[0].property),
        ("abalear", Some(2), 0, 1, '.')
    );
    assert_eq!(e[0].line, 8);
    assert_eq!(e[1].forms.as_deref(), Some("abarse abar"));
    assert!(e[1].is_pronominal_entry());
    assert_eq!(e[1].verb(), "abar");
    assert_eq!(e[3].model, 99);
    assert_eq!((e[4].conjugation, e[4].model, e[4].property), (2, 8, 'P'));
    assert_eq!(e[5].forms.as_deref(), Some("proveído provisto"));
    assert_eq!((e[6].infinitive.as_str(), e[6].conjugation), ("oír", 3));
}

#[test]
fn latin1_and_bare_cr() {
    // "oír" and "CONJUGACIÓN" in Latin-1, lines ended by bare CR.
    let mut bytes = b"cabecera\r#\r3. TERCERA CONJUGACI".to_vec();
    bytes.push(0xD3);
    bytes.extend_from_slice(b"N\r14-1-.-o");
    bytes.push(0xED);
    bytes.extend_from_slice(b"r\r");
    let e = read_classified(Path::new("x"), &bytes).unwrap();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].infinitive, "oír");
    assert_eq!(e[0].line, 4);
}

#[test]
fn malformed_lines_name_line_and_column() {
    let s = "1. PRIMERA CONJUGACIÓN\n";
    let cases: &[(&str, usize, &str)] = &[
        ("0a-1-.-abalear", 2, "two-digit model"),
        ("00+1-.-abalear", 3, "`-` after the model"),
        ("00-7-.-abalear", 4, "class digit"),
        ("00-1-X-abalear", 6, "property"),
        ("00-1-..abalear", 7, "`-` after the property"),
        ("00-1-.-Abalear", 8, "infinitive in lower case"),
        ("00-1-.-abalecer", 8, "conjugation 1"),
        ("00-1-.-abalear x", 16, "homograph number"),
        ("00-1-.-abalear 2;", 17, "unexpected `;`"),
        ("00-1-D-abalear", 6, "needs its forms"),
        ("00-1-.-abalear(abalear)", 6, "only for properties D and P"),
        ("00-1-P-abalear(abaleado", 24, "unclosed bracket"),
    ];
    for (line, column, message) in cases {
        let (l, c, m) = error_at(&format!("{s}{line}\n"));
        assert_eq!((l, c), (7, *column), "{line}: {m}");
        assert!(m.contains(message), "{line}: message {m:?} lacks {message:?}");
    }
}

#[test]
fn verb_before_section_header_is_an_error() {
    let (l, c, m) = error_at("00-1-.-abalear\n");
    assert_eq!((l, c), (6, 1));
    assert!(m.contains("section header"), "{m}");
}

#[test]
fn missing_hash_line_is_an_error() {
    let err = read_classified(Path::new("v.txt"), b"1. PRIMERA CONJUGACION\n00-1-.-amar\n").unwrap_err();
    assert!(err.to_string().starts_with("v.txt:"), "{err}");
    assert!(err.to_string().contains('#'), "{err}");
}

#[test]
fn error_display_is_file_line_column() {
    let err = read("1. PRIMERA CONJUGACIÓN\n00-1-X-amar\n").unwrap_err();
    assert_eq!(err.to_string(), "verbos.txt:7:6: expected a property `.`, `D`, `I`, `P` or `R`, found `X`");
}

#[test]
fn real_list_reads_and_fits_the_models() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let path = lexico_testdata::fise2_file("verbos-clasificados.txt");
    let entries = read_classified(&path, &std::fs::read(&path).unwrap()).unwrap();
    assert!(entries.len() > 12_000, "{} entries", entries.len());
    for c in 1..=3 {
        assert!(entries.iter().any(|e| e.conjugation == c));
    }
    common::rules().check_entries(&path, &entries).unwrap_or_else(|e| panic!("{e}"));
}

/// Copies the rule set to a temporary directory, applies `edit` to one file and loads it.
fn load_edited(file: &str, edit: impl Fn(&str) -> String) -> Result<VerbRules, RuleError> {
    let src = common::workspace().join("rules/fise-2016/verbs");
    // Each edit gets a folder of its own: tests run in parallel.
    static EDITS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = EDITS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "lexico-verbs-{}-{}-{n}",
        std::process::id(),
        file.replace('.', "-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&src).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        let mut text = std::fs::read_to_string(&p).unwrap();
        if name == file {
            text = edit(&text);
        }
        std::fs::write(dir.join(&name), text).unwrap();
    }
    let r = VerbRules::load(&dir);
    std::fs::remove_dir_all(&dir).ok();
    r
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect(needle) + 1
}

#[test]
fn rule_file_errors_name_line_and_column() {
    let models =
        std::fs::read_to_string(common::workspace().join("rules/fise-2016/verbs/models-1.toml")).unwrap();
    let line = line_of(&models, "\"pres.stressed\" = \"{a}ue{b}\"");
    let err = load_edited("models-1.toml", |t| t.replacen("\"{a}ue{b}\"", "\"{a}ue{z}\"", 1)).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains(&format!("models-1.toml:{line}:19:")), "{msg}");
    assert!(msg.contains("{z}"), "{msg}");

    let err = load_edited("models-1.toml", |t| {
        t.replacen("\"pres.stressed\" = \"{a}ue{b}\"", "\"pres.stresed\" = \"{a}ue{b}\"", 1)
    })
    .unwrap_err();
    assert!(err.to_string().contains(&format!("models-1.toml:{line}:")), "{err}");
    assert!(err.to_string().contains("pres.stresed"), "{err}");

    let rules =
        std::fs::read_to_string(common::workspace().join("rules/fise-2016/verbs/rules.toml")).unwrap();
    let line = line_of(&rules, "reason = \"verbs with k") - 1;
    let err = load_edited("rules.toml", |t| {
        t.replacen(
            "verdict = \"reject\"\nreason = \"verbs with k",
            "verdict = \"refuse\"\nreason = \"verbs with k",
            1,
        )
    })
    .unwrap_err();
    assert!(err.to_string().contains(&format!("rules.toml:{line}:11:")), "{err}");

    let err = load_edited("spelling.toml", |t| t.replacen("stem = \"gu\"", "stem = \"gu(\"", 1)).unwrap_err();
    assert!(err.to_string().contains("spelling.toml:"), "{err}");
    assert!(err.to_string().contains("bad regex"), "{err}");

    let err =
        load_edited("verbs.toml", |t| t.replacen("model = \"3-01\"", "model = \"3-99\"", 1)).unwrap_err();
    assert!(err.to_string().contains("verbs.toml:") && err.to_string().contains("3-99"), "{err}");

    // A TOML syntax error.
    let err = load_edited("slots.toml", |t| format!("{t}\n[groups\n")).unwrap_err();
    assert!(err.to_string().contains("slots.toml:"), "{err}");
}

#[test]
fn entries_that_do_not_fit_the_rule_set_name_their_line() {
    let rules = common::rules();
    let check = |line: &str| {
        let entries = read(&format!("1. PRIMERA CONJUGACIÓN\n00-1-.-amar\n{line}\n")).unwrap();
        rules.check_entries(Path::new("verbos.txt"), &entries).map_err(|e| e.to_string())
    };
    assert_eq!(check("00-1-.-cantar"), Ok(()));
    // Model 01 (contar) needs an o in the stem to become ue.
    let err = check("01-1-.-amar").unwrap_err();
    assert!(err.starts_with("verbos.txt:8:1: `amar` does not fit model 1-01"), "{err}");
    // Property R adds the regular model, which an -ar verb fits.
    assert_eq!(check("01-1-R-contar"), Ok(()));
    let err = check("00-1-P-amar(amado amadas)").unwrap_err();
    assert_eq!(err, "verbos.txt:8:1: irregular participles must end in -o");
    let err = check("00-1-D-amar(amo cantó)").unwrap_err();
    assert_eq!(err, "verbos.txt:8:1: `cantó` is listed as a valid form but is not a form of `amar`");
    assert_eq!(check("00-1-D-amar(amo amó)"), Ok(()));
    // Class 0 goes with the usage codes of `rules.toml` (99 obsolete, 88 regional) and only there.
    assert_eq!(check("99-0-.-abalear"), Ok(()));
    assert_eq!(check("88-0-.-abalear"), Ok(()));
    let err = check("99-1-.-abalear").unwrap_err();
    assert!(err.starts_with("verbos.txt:8:4: class 0 goes with the usage codes only (99, 88)"), "{err}");
    let err = check("00-0-.-abalear").unwrap_err();
    assert!(err.starts_with("verbos.txt:8:4: class 0"), "{err}");
}

/// `n` models, each based on the one before, the first on the regular `1-00`. They are numbered
/// from 100, clear of the list's model and usage codes (00–99).
fn model_chain(n: usize) -> String {
    let mut out = String::new();
    for i in 100..100 + n {
        let base = if i == 100 { "1-00".to_string() } else { format!("c-{}", i - 1) };
        out.push_str(&format!(
            "\n[[model]]\nid = \"c-{i}\"\nname = \"chain{i}\"\nconjugation = 1\nbase = \"{base}\"\nmatch = '^.*ar$'\n[model.forms]\n"
        ));
    }
    out
}

#[test]
fn a_long_chain_of_verb_model_bases_resolves_to_its_root() {
    // Each model's chain used to be walked from scratch with a list search: 4,000 models took
    // a minute and more. Now each base is walked once. (How long loading takes is measured by
    // the benchmarks, not here.) The last model of the chain conjugates as its root does.
    let n = 4000;
    let rules =
        load_edited("models-1.toml", |t| format!("{t}{}", model_chain(n))).unwrap_or_else(|e| panic!("{e}"));
    let last = format!("c-{}", 100 + n - 1);
    let by_chain = rules.conjugate("cantar", &last).unwrap_or_else(|e| panic!("{last}: {e}"));
    let by_root = rules.conjugate("cantar", "1-00").unwrap();
    assert_eq!(by_chain.listing(), by_root.listing());
    assert!(by_chain.listing().contains("cantamos"), "{}", by_chain.listing());
}

#[test]
fn verb_model_bases_that_loop_are_an_error_naming_the_model() {
    let err = load_edited("models-2.toml", |t| {
        format!("{t}{}", model_chain(3).replace("base = \"1-00\"", "base = \"c-102\""))
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains("model `c-100`: its bases loop"), "{err}");
}

/// 17.4's irregular participles (IMPRESO, INSCRIPTO) are given in the masculine singular; the
/// cells they fill and the endings of each are `[participle]` of slots.toml, not the engine's.
#[test]
fn the_participle_cells_of_a_p_entry_are_the_rule_sets() {
    let entry = |rules: &VerbRules| {
        let entries = read("3. TERCERA CONJUGACIÓN\n00-1-P-imprimir(imprimido impreso)\n").unwrap();
        let p = rules.paradigm(&entries[0]).unwrap();
        p.cells
            .iter()
            .filter(|(slot, _)| slot.starts_with("part."))
            .map(|(slot, cells)| (slot.to_string(), cells.iter().map(|c| c.text.clone()).collect::<Vec<_>>()))
            .collect::<Vec<_>>()
    };
    let shipped = entry(&common::rules());
    let cell = |slot: &str| shipped.iter().find(|(s, _)| s == slot).map(|(_, c)| c.clone()).unwrap();
    assert_eq!(cell("part.m.sg"), ["imprimido", "impreso"]);
    assert_eq!(cell("part.f.pl"), ["imprimidas", "impresas"]);
    // Another rule set's endings give other forms, from the same entry.
    let edited = load_edited("slots.toml", |t| {
        t.replace("endings = [\"o\", \"a\", \"os\", \"as\"]", "endings = [\"o\", \"a\", \"oz\", \"az\"]")
    })
    .unwrap();
    let edited = entry(&edited);
    assert!(
        edited.contains(&("part.m.pl".to_string(), vec!["imprimidoz".to_string(), "impresoz".to_string()])),
        "{edited:?}"
    );
    // A count of endings that is not the group's is an error at `[participle]`.
    let err = load_edited("slots.toml", |t| {
        t.replace("endings = [\"o\", \"a\", \"os\", \"as\"]", "endings = [\"o\", \"a\"]")
    })
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("slots.toml:")
            && err.contains(
                "participle: `part` must be a slot or group with one non-empty ending each (2 given)"
            ),
        "{err}"
    );
}

/// Explanations in Spanish give each rule's reason in Spanish: a rule with a `reason` and no
/// `reason_es` is refused when the rules load, at the rule's id.
#[test]
fn a_verb_rule_without_a_spanish_reason_is_refused_at_its_id() {
    let rules =
        std::fs::read_to_string(common::workspace().join("rules/fise-2016/verbs/rules.toml")).unwrap();
    let line = line_of(&rules, "id = \"impersonal-third-singular\"");
    let err = load_edited("rules.toml", |t| {
        t.replacen(
            "reason_es = \"verbo impersonal: solo las formas no personales y la tercera persona del singular\"\n",
            "",
            1,
        )
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains(&format!("rules.toml:{line}:6:")), "{err}");
    assert!(err.contains("`impersonal-third-singular` has a `reason` but no `reason_es`"), "{err}");
    assert!(!err.contains('\n'), "{err}");
}
