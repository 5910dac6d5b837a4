//! The two embedded FISE rule sets build the same sources into different lexicons, each word
//! explained by its own set's article (docs/rules.md, "What each edition decides differently"):
//! the rules are data, the binary is the same.

mod common;

use std::path::Path;

const VERBS: &str = "LEXICÓN FISE 2: TOTAL DE VERBOS CLASIFICADOS\n\nCódigos: véase la lista.\n#\n\
                     1. PRIMERA CONJUGACIÓN\n00-2-I-ventiscar\n88-0-.-acalugar\n00-1-.-amar\n#\nfirma\n";

const NON_VERBS: &str = "LEXICÓN FISE 2: TOTAL DE NO VERBOS SIN PLURALES\n\nNotas.\n#\n\
                         baobab\ncruz\nabanda\nesnob\n";

/// Builds the sources with the embedded rule set `rules` into `dir/NAME.lex`.
fn build(dir: &Path, rules: &str) -> String {
    let lex = dir.join(format!("{rules}.lex"));
    let (verbs, non_verbs) = (dir.join("verbos.txt"), dir.join("no-verbos.txt"));
    let out = common::run(
        &[
            "build",
            "-o",
            lex.to_str().unwrap(),
            "--rules",
            rules,
            "--name",
            "T",
            "--edition",
            rules,
            non_verbs.to_str().unwrap(),
            verbs.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    lex.to_str().unwrap().to_string()
}

/// `lexico explain` of `words` in the lexicon `lex`: one line a word, then its reasons.
fn explain(lex: &str, words: &[&str]) -> String {
    let mut args = vec!["explain", "--lexicon", lex];
    args.extend_from_slice(words);
    String::from_utf8_lossy(&common::run(&args, b"").stdout).into_owned()
}

#[test]
fn the_annex_and_the_2016_regulation_decide_the_same_sources_differently() {
    let dir = common::temp_dir("editions", "two-sets");
    std::fs::write(dir.join("verbos.txt"), VERBS).unwrap();
    std::fs::write(dir.join("no-verbos.txt"), NON_VERBS).unwrap();
    let old = build(&dir, "fise-2009");
    let new = build(&dir, "fise-2016");
    let words = ["ventiscan", "acalugamos", "baobabes", "baobabs", "amarse", "abandas", "amaos"];

    let text = explain(&old, &words);
    // Annex 17.5: impersonal verbs in every person; no article limits regional verbs.
    assert!(text.contains("VENTISCAN\tvalid"), "{text}");
    assert!(text.contains("ACALUGAMOS\tvalid"), "{text}");
    // Annex 18.5: -b adds -es; 18.1.8: words of envíos pluralise.
    assert!(text.contains("BAOBABES\tinvalid") && text.contains("BAOBABS\tvalid"), "{text}");
    assert!(text.contains("ABANDAS\tvalid"), "{text}");
    // Annex 17.2: no infinitive with "se" unless the entry has it, and enclitics are two words.
    assert!(text.contains("rule enclitic-se-not-in-entry (art. 17.2)"), "{text}");
    assert!(text.contains("AMAOS = AMAD + OS (the d of AMAD drops before the pronoun): a verb form with enclitic pronouns counts as several words (art. 17.2)"), "{text}");
    // The notes on a verb entry's codes are the annex's too.
    assert!(
        text.contains("verb 88-0-.-acalugar (regional Spanish verb (no article of the annex limits it))"),
        "{text}"
    );

    let text = explain(&new, &words);
    assert!(text.contains("VENTISCAN\tinvalid"), "{text}");
    assert!(text.contains("rule impersonal-third-singular (art. 17.8)"), "{text}");
    assert!(text.contains("several words (art. 17.5)"), "{text}");
    assert!(text.contains("verb 88-0-.-acalugar (regional Spanish verb, art. 17.11)"), "{text}");
    assert!(text.contains("ACALUGAMOS\tinvalid"), "{text}");
    assert!(text.contains("rule regional-infinitive-only (art. 17.11)"), "{text}");
    assert!(text.contains("BAOBABS\tvalid"), "{text}");
    assert!(text.contains("ABANDAS\tinvalid"), "{text}");
    assert!(text.contains("rule enclitic-se-not-in-entry (art. 17.5)"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
