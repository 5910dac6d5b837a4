//! No module of the pipeline's crates imports one that imports it back, directly or through a
//! chain: the modules of `lexico-compile`, `lexico-rules` and `lexico-lexicon` form a graph
//! without cycles, so each can be read, tested and moved with what it uses and nothing that uses
//! it. A module is a file or folder of `src/` (a folder's files are one module); it uses another
//! when its code outside tests names `crate::other`, or an item the crate root re-exports from
//! it (`crate::Lexicon` is the module `lexicon`'s). The test lives here because this crate is the
//! one that depends on the other two.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The `.rs` files of each module of the crate whose sources are in `src`.
fn modules(src: &Path) -> BTreeMap<String, Vec<PathBuf>> {
    let mut out: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut pending = vec![path.clone()];
            while let Some(dir) = pending.pop() {
                for e in fs::read_dir(&dir).unwrap() {
                    let p = e.unwrap().path();
                    if p.is_dir() {
                        pending.push(p);
                    } else if p.extension().is_some_and(|x| x == "rs") {
                        out.entry(name.clone()).or_default().push(p);
                    }
                }
            }
        } else if path.extension().is_some_and(|x| x == "rs") && name != "lib" && name != "main" {
            out.entry(name).or_default().push(path);
        }
    }
    out
}

/// A file's code outside its tests and comments: the tests of a module come last, after
/// `#[cfg(test)]`.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The leading identifier of `s`.
fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first path segment of every item named after each `crate::` in `text`: `crate::a::B` names
/// `a`, `crate::{a::B, C}` names `a` and `C`.
fn named(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                out.extend(group.split(',').map(|item| ident(item.trim()).to_string()));
            }
            None => out.push(ident(rest).to_string()),
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// The module each item the crate root re-exports comes from (`pub use lexicon::{Lexicon, …}`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (i, _) in lib.match_indices("pub use ") {
        let rest = &lib[i + "pub use ".len()..];
        let module = ident(rest);
        let items = &rest[module.len()..rest.find(';').unwrap_or(rest.len())];
        for item in items.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|s| !s.is_empty()) {
            out.insert(item.to_string(), module.to_string());
        }
    }
    out
}

/// The modules each module of the crate in `src` uses.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules(src);
    let items = reexports(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut out = BTreeMap::new();
    for (name, files) in &mods {
        let mut uses = BTreeSet::new();
        for f in files {
            for n in named(&code(f)) {
                let target = if mods.contains_key(&n) { Some(n) } else { items.get(&n).cloned() };
                if let Some(t) = target.filter(|t| t != name && mods.contains_key(t)) {
                    uses.insert(t);
                }
            }
        }
        out.insert(name.clone(), uses);
    }
    out
}

/// A cycle of `graph`, as the modules along it, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        m: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == m) {
            let mut found = path[at..].to_vec();
            found.push(m.to_string());
            return Some(found);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in &graph[m] {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|m| visit(graph, m, &mut Vec::new(), &mut done))
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in ["lexico-compile", "lexico-rules", "lexico-lexicon"] {
        let g = graph(&crates.join(name).join("src"));
        assert!(g.len() > 5 && g.values().any(|uses| !uses.is_empty()), "{name}: {g:?}");
        if let Some(c) = cycle(&g) {
            panic!("{name}: the modules {} import each other", c.join(" -> "));
        }
    }
}

#[test]
fn a_cycle_through_a_reexport_is_found() {
    let lib = "pub use lexicon::{Derivation, Lexicon};\npub use kind::kind_of;\n";
    let items = reexports(lib);
    assert_eq!(items["Lexicon"], "lexicon");
    assert_eq!(items["kind_of"], "kind");
    assert_eq!(
        named("use crate::{Lexicon, kind::Kind};\nlet x = crate::diff::diff(a);"),
        ["Lexicon", "kind", "diff"]
    );
    let g: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec!["a"])]
            .into_iter()
            .map(|(m, uses)| (m.to_string(), uses.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(cycle(&g), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    let mut acyclic = g.clone();
    acyclic.get_mut("c").unwrap().clear();
    assert_eq!(cycle(&acyclic), None);
}
