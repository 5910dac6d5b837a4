//! Loading the FISE-2016 plural rules, rule-file errors, and the decision API.

use std::path::{Path, PathBuf};

use lexico_rules::plural::{Category, LemmaEntry, Number, Plurals};
use lexico_rules::RuleError;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/plurals")
}

fn plurals() -> Plurals {
    Plurals::load(&rules_dir()).expect("the FISE-2016 plural rules load")
}

fn texts(p: &Plurals, lemma: &str) -> Vec<String> {
    p.plurals(lemma).into_iter().map(|f| f.text).collect()
}

#[test]
fn rules_load() {
    let p = plurals();
    assert!(p.ending_rules().len() > 20);
    assert!(p.listed_lemmas().count() > 400);
}

#[test]
fn general_rules() {
    let p = plurals();
    let cases: &[(&str, &[&str])] = &[
        ("casa", &["casas"]),
        ("flor", &["flores"]),
        ("joven", &["jóvenes"]),
        ("canción", &["canciones"]),
        ("examen", &["exámenes"]),
        ("lápiz", &["lápices"]),
        ("luz", &["luces"]),
        ("país", &["países"]),
        ("baúl", &["baúles"]),
        ("mes", &["meses"]),
        ("reloj", &["relojes"]),
        ("esquí", &["esquíes", "esquís"]),
        ("sofá", &["sofás"]),
        ("pie", &["pies"]),
    ];
    for (lemma, expected) in cases {
        assert_eq!(texts(&p, lemma), *expected, "plural of {lemma}");
    }
}

#[test]
fn invariables_yield_the_lemma_with_their_rule() {
    let p = plurals();
    let d = p.decide("crisis");
    assert_eq!(d.number, Number::Invariable);
    assert_eq!(d.rule, "end-s-grave");
    assert_eq!(d.article, "18.4.1");
    assert_eq!(d.texts(), vec!["crisis"]);
    let d = p.decide("test");
    assert_eq!((d.number, d.rule), (Number::Invariable, "18.4.1/nadj/test"));
    let d = p.decide("algún");
    assert_eq!(d.number, Number::Invariable);
    let d = p.decide("aparadura");
    assert_eq!(d.number, Number::NoPlural);
    assert!(d.forms.is_empty());
    assert_eq!(d.article, "18.3");
}

#[test]
fn closed_lists() {
    let p = plurals();
    assert!(p.closed_list("casa").is_none());
    let d = p.closed_list("ayer").expect("ayer is listed");
    assert_eq!((d.number, d.texts()), (Number::Variable, vec!["ayeres"]));
    let d = p.closed_list("aquí").expect("aquí is listed");
    assert_eq!(d.number, Number::NoPlural);
    assert_eq!(p.entries("aquí")[0].category, Category::Adv);
    // As a noun or adjective, an adverb example says nothing.
    assert_eq!(p.decide("cerca").texts(), vec!["cercas"]);
    // Several entries merge: "lo" is an invariable article and a pronoun with plural "los".
    assert_eq!(p.closed_list("lo").unwrap().texts(), vec!["los"]);
    let d = p.closed_list("sí").unwrap();
    assert_eq!(d.texts(), vec!["síes"]);
}

#[test]
fn category_aware_entries() {
    let p = plurals();
    let decide = |s: &str| p.decide_entry(&s.parse::<LemmaEntry>().unwrap());
    assert_eq!(decide("aquí adv").number, Number::NoPlural);
    assert_eq!(decide("aquí adv").article, "18.2.1");
    assert_eq!(decide("cerca adv n").texts(), vec!["cercas"]);
    assert_eq!(decide("hurra interj").texts(), vec!["hurras"]);
    assert_eq!(decide("zas interj onomat").number, Number::NoPlural);
    assert_eq!(decide("ballet n cursiva").number, Number::NoPlural);
    assert_eq!(decide("ballet n cursiva").article, "18.2.5");
    assert_eq!(decide("casa n inv").texts(), vec!["casa"]);
    assert_eq!(decide("casa n pl=casotas").texts(), vec!["casotas"]);
    assert_eq!(decide("bien adv conj n").texts(), vec!["bienes"]);
}

fn load_with(endings: &str, list: &str) -> Result<Plurals, RuleError> {
    let dir = std::env::temp_dir().join(format!(
        "lexico-plural-test-{}-{}",
        std::process::id(),
        endings.len() * 1000 + list.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("endings.txt"), endings).unwrap();
    std::fs::write(dir.join("words.txt"), list).unwrap();
    let r = Plurals::load(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    r
}

fn syntax_place(r: Result<Plurals, RuleError>) -> (String, usize, usize, String) {
    match r {
        Err(RuleError::Syntax { path, line, column, message }) => {
            (path.file_name().unwrap().to_string_lossy().into_owned(), line, column, message)
        }
        Err(e) => panic!("expected a syntax error, got {e}"),
        Ok(_) => panic!("expected a syntax error, the rules loaded"),
    }
}

#[test]
fn malformed_files_report_file_line_column() {
    let good_endings = "# x\nend-s  s  *  +s  18.4.1\n";
    let cases: &[(&str, &str, &str, usize, usize)] = &[
        ("end-s  s  *  +x!  18.4.1\n", "", "endings.txt", 1, 14),
        ("\n\nend-s  s  sometimes  +s  18.4.1\n", "", "endings.txt", 3, 11),
        ("end-s  s  *  +s\n", "", "endings.txt", 1, 16),
        ("end-z  z  *  -y+is  18.4.1\n", "", "endings.txt", 1, 14),
        ("end-s  s  *  +s  18.x\n", "", "endings.txt", 1, 18),
        (good_endings, "lord  =lores  nadj  18.4.1\nlord =lores nadj 18.4.1\n", "words.txt", 2, 1),
        (good_endings, "lord  =lores  sustantivo  18.4.1\n", "words.txt", 1, 15),
        (good_endings, "# c\nLord  =lores  nadj  18.4.1\n", "words.txt", 2, 1),
        (good_endings, "jersey  -z+ces  nadj  18.4.1\n", "words.txt", 1, 9),
        (good_endings, "jersey  inv  nadj  18.4.1  extra\n", "words.txt", 1, 28),
        (good_endings, "jersey  inv|+s  nadj  18.4.1\n", "words.txt", 1, 9),
    ];
    for (endings, list, file, line, column) in cases {
        let (f, l, c, msg) = syntax_place(load_with(endings, list));
        assert_eq!(
            (f.as_str(), l, c),
            (*file, *line, *column),
            "place of the error in {endings:?} / {list:?}: {msg}"
        );
    }
}

#[test]
fn errors_from_the_plural_files_give_a_real_column_not_0() {
    let good_endings = "end-s  s  *  +s  18.4.1\n";
    // A missing field is reported where it would start, after the last one given.
    let (f, l, c, _) = syntax_place(load_with("end-s  s  *  +s\n", ""));
    assert_eq!((f.as_str(), l, c), ("endings.txt", 1, 16));
    let (f, l, c, _) = syntax_place(load_with(good_endings, "  lord  =lores  nadj\n"));
    assert_eq!((f.as_str(), l, c), ("words.txt", 1, 21));
    // A file with no rule at all points at its start.
    let (f, l, c, _) = syntax_place(load_with("# only a comment\n", ""));
    assert_eq!((f.as_str(), l, c), ("endings.txt", 1, 1));
    // A duplicate found once every list is read still names the lemma's column.
    let (f, l, c, msg) =
        syntax_place(load_with(good_endings, "lord  =lores  nadj  18.4.1\n   lord =lores nadj 18.4.1\n"));
    assert_eq!((f.as_str(), l, c), ("words.txt", 2, 4), "{msg}");
    assert!(msg.contains("first at") && msg.contains("words.txt:1"), "{msg}");
}

#[test]
fn missing_directory_is_an_io_error() {
    let r = Plurals::load(Path::new("/nonexistent/lexico/plurals"));
    assert!(matches!(r, Err(RuleError::Io { .. })));
}
