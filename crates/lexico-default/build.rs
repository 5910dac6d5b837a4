//! Builds the default lexicon from `lexicon-src/` with the rule set `fise-2016` embedded in
//! `lexico-rules` (the one `lexico build` uses by default) into `OUT_DIR`, where `src/lib.rs`
//! embeds it. It is rebuilt whenever a source or rule file changes (a changed rule file rebuilds
//! `lexico-rules`, which re-runs this script), so it can never be stale.

use std::path::Path;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DefaultLexicon {
    name: String,
    edition: String,
    version: String,
    sources: Vec<String>,
    notes: Vec<String>,
}

fn main() {
    // `lexicon-src` in the package is a link to the repository's `lexicon-src/`, so the published
    // package holds the sources; cargo watches the folder the link leads to.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicon-src");
    let src = src.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    println!("cargo::rerun-if-changed={}", src.display());

    let spec_path = src.join("lexicon.toml");
    let spec: DefaultLexicon =
        toml::from_str(&std::fs::read_to_string(&spec_path).expect("lexicon-src/lexicon.toml is readable"))
            .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let rules = lexico_rules::RuleSet::embedded("fise-2016").unwrap_or_else(|e| panic!("{e}"));
    let inputs: Vec<_> = spec
        .sources
        .iter()
        .map(|name| lexico_compile::Input {
            path: format!("lexicon-src/{name}"),
            bytes: std::fs::read(src.join(name)).unwrap_or_else(|e| panic!("lexicon-src/{name}: {e}")),
        })
        .collect();
    let meta = lexico_compile::Meta {
        name: spec.name,
        edition: spec.edition,
        version: spec.version,
        notes: spec.notes,
        tool: format!("lexico {}", env!("CARGO_PKG_VERSION")),
        // Players anagram against the embedded lexicon: it carries the index.
        anagram_index: true,
        jobs: 0,
        pos_table: None,
        ..Default::default()
    };
    let compiled = lexico_compile::compile(&rules, &inputs, None, meta, &mut |_, _, _| {})
        .unwrap_or_else(|e| panic!("building the default lexicon: {e}"));
    for x in compiled.exclusions.iter().take(20) {
        println!(
            "cargo::warning=default lexicon: {}:{}: '{}' excluded: {}",
            x.source, x.line, x.text, x.reason
        );
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("default.lex");
    std::fs::write(&out, &compiled.image).expect("OUT_DIR is writable");
}
