//! Builds the default lexicon from `lexicon-src/` with the embedded rule set `fise-2016`, as the
//! CLI's build script does, so that `lexico.Lexicon()` holds the same words as the binary.

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let src = root.join("lexicon-src");
    println!("cargo::rerun-if-changed={}", src.display());

    let spec_path = src.join("lexicon.toml");
    let spec: DefaultLexicon =
        toml::from_str(&std::fs::read_to_string(&spec_path).expect("lexicon-src/lexicon.toml is readable"))
            .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let rules = lexico_rules::RuleSet::embedded("fise-2016").unwrap_or_else(|e| panic!("{e}"));
    let inputs: Vec<_> = spec
        .sources
        .iter()
        .map(|name| lexico_lexicon::compile::Input {
            path: format!("lexicon-src/{name}"),
            bytes: std::fs::read(src.join(name)).unwrap_or_else(|e| panic!("lexicon-src/{name}: {e}")),
        })
        .collect();
    let meta = lexico_lexicon::compile::Meta {
        name: spec.name,
        edition: spec.edition,
        version: spec.version,
        notes: spec.notes,
        tool: format!("lexico {}", env!("CARGO_PKG_VERSION")),
        anagram_index: true,
        jobs: 0,
    };
    let compiled = lexico_lexicon::compile::compile(&rules, &inputs, None, meta, &mut |_, _, _| {})
        .unwrap_or_else(|e| panic!("building the default lexicon: {e}"));
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("default.lex");
    std::fs::write(&out, &compiled.image).expect("OUT_DIR is writable");
}
