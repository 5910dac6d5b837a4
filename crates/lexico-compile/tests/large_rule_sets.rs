//! A rule set is a file a user can hand over: its size must cost time in proportion, never in
//! its square. These builds use the shipped rule set with one table grown to a hundred thousand
//! rows, and must simply finish.

use std::path::{Path, PathBuf};

use lexico_compile::{compile, Input, Meta};
use lexico_lexicon::Lexicon;
use lexico_rules::RuleSet;

/// A copy of the embedded rule set `name` in a fresh temporary folder, removed on drop.
struct Copy(PathBuf);

impl Copy {
    fn of(name: &str, tag: &str) -> Copy {
        let dir = std::env::temp_dir().join(format!("lexico-large-rules-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, bytes) in lexico_rules::embedded::files(name).expect("embedded") {
            let to = dir.join(path);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::write(to, bytes).unwrap();
        }
        Copy(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `n` distinct endings of four consonants, which no word of the list below ends in.
fn endings(n: usize) -> impl Iterator<Item = String> {
    const C: &[u8] = b"bcdfghjlmnpqrstvxz";
    (0..n).map(|i| {
        let d = |k: u32| C[i / C.len().pow(k) % C.len()] as char;
        [d(3), d(2), d(1), d(0)].iter().collect()
    })
}

fn build(rules: &Path) -> Lexicon {
    let rules = RuleSet::load(rules).expect("the grown rule set loads");
    let list = "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n#\ncasa\nperro\nárbol\nreloj\n";
    let input = Input { path: "no-verbos.txt".into(), bytes: list.as_bytes().to_vec() };
    let compiled = compile(&rules, &[input], None, Meta::default(), &mut |_, _, _| {}).expect("it builds");
    Lexicon::from_vec(compiled.image).unwrap()
}

fn has(lex: &Lexicon, word: &str) -> bool {
    lex.contains(&lex.tiles().parse_word(word).unwrap())
}

#[test]
fn a_hundred_thousand_ending_rules_load_and_decide_in_proportion() {
    let copy = Copy::of("fise-2016", "endings");
    let shipped = std::fs::read_to_string(copy.path("plurals/endings.txt")).unwrap();
    let mut grown: String =
        endings(100_000).enumerate().map(|(i, e)| format!("gen-{i} {e} * +es 18.4.1\n")).collect();
    grown.push_str(&shipped);
    std::fs::write(copy.path("plurals/endings.txt"), grown).unwrap();
    let lex = build(&copy.0);
    for word in ["casa", "casas", "perros", "árboles", "relojes"] {
        assert!(has(&lex, word), "{word}");
    }
}

#[test]
fn a_hundred_thousand_list_entries_load_and_decide_in_proportion() {
    let copy = Copy::of("fise-2016", "lists");
    let list: String = endings(100_000).map(|e| format!("a{e}a =a{e}as nadj 18.4.1\n")).collect();
    std::fs::write(copy.path("plurals/generated.txt"), list).unwrap();
    let lex = build(&copy.0);
    assert!(has(&lex, "casas") && has(&lex, "relojes"));
}
