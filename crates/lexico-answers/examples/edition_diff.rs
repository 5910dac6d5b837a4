//! The words two editions disagree on, grouped by kind (lemma, feminine, plural, verb form; a
//! lexicon built from a plain list does not know, `unknown`).
//!
//! ```sh
//! cargo run -p lexico-answers --example edition_diff -- OLD.lex NEW.lex
//! cargo run -p lexico-answers --example edition_diff       # two tiny editions, built here
//! ```

use std::collections::BTreeMap;

use lexico_answers::{diff, ChangedWord};
use lexico_lexicon::{FormKind, Lexicon};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let (old, new) = match paths.as_slice() {
        [old, new] => (Lexicon::open(old.as_ref())?, Lexicon::open(new.as_ref())?),
        [] => (
            Lexicon::from_words(["casa", "casas", "gato", "perro", "zuzar"])?,
            Lexicon::from_words(["casa", "casas", "churro", "churros", "perro", "perra"])?,
        ),
        _ => return Err("give two lexicon files, OLD and NEW, or none for a built-in example".into()),
    };
    let d = diff(&old, &new)?;
    for (title, changes) in [("added", &d.added), ("removed", &d.removed)] {
        let mut by_kind: BTreeMap<FormKind, Vec<&ChangedWord>> = BTreeMap::new();
        for c in changes.iter() {
            by_kind.entry(c.kind).or_default().push(c);
        }
        println!("{title}: {} words", changes.len());
        for (kind, words) in by_kind {
            let list: Vec<&str> = words.iter().map(|c| c.word.as_str()).collect();
            println!("  {} ({}): {}", kind.name(), list.len(), list.join(" "));
        }
    }
    Ok(())
}
