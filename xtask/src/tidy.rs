//! `cargo xtask tidy`: the conventions of the tree, checked (CI runs it; `--fix` rewrites what is
//! generated).
//!
//! - Every crate inherits the workspace's `rust-version`, and it is at least the highest
//!   `rust-version` a package of `Cargo.lock` declares (`cargo metadata --locked`, which may
//!   download the manifests of other platforms' dependencies: that is why this is a command and
//!   not a test, so `cargo test` never needs the network).
//! - Every library crate says `#![deny(missing_docs)]`.
//! - No module of a crate imports, directly or through others, a module that imports it back
//!   (a module and the modules inside it are one: a parent declares its children).
//! - The crate graph in `docs/architecture.md` is the one `cargo metadata` gives (generated).
//! - No Rust source outside tests names an article of the regulation or a usage code in its code
//!   (rule sets under `rules/` do), and no comment gives a timing.
//! - `docs/` holds no timestamps of runs.
//! - `crates/lexico-cli/src` has no `unsafe`, and no command module (`cmd/*`) imports another: what two commands share is in the answers, or in a module
//!   of the CLI that is not a command.
//! - The station (`lexico-station`) depends on the answers, never on the command line.
//! - The answers (`lexico-answers`), the cardbox without SQLite (`lexico-cardbox
//!   --no-default-features`, the offline page's) and every crate they depend on build for
//!   `wasm32-unknown-unknown` (`cargo check --target`; `rustup target add` installs it).
//! - No two library crates define a public enum of the same name: the vocabulary the rules
//!   produce and the file records is defined once (`lexico-vocab`), and no twin is converted by
//!   hand into the other.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::root;

/// Runs every check; with `--fix`, first rewrites the generated parts of the docs.
pub fn run(args: &[String]) -> Result<()> {
    let fix = match args {
        [] => false,
        [flag] if flag == "--fix" => true,
        _ => bail!("usage: cargo xtask tidy [--fix]"),
    };
    let root = root();
    if fix {
        write_crate_graph(&root)?;
    }
    let mut problems = Vec::new();
    problems.extend(rust_version_problems(&root)?);
    problems.extend(missing_docs_problems(&root)?);
    problems.extend(module_cycle_problems(&root)?);
    problems.extend(crate_graph_problems(&root)?);
    problems.extend(source_problems(&root)?);
    problems.extend(docs_problems(&root)?);
    problems.extend(cli_problems(&root)?);
    problems.extend(station_problems(&root)?);
    problems.extend(wasm_problems(&root)?);
    problems.extend(enum_problems(&root)?);
    if problems.is_empty() {
        eprintln!("tidy: all checks pass");
        return Ok(());
    }
    for p in &problems {
        eprintln!("tidy: {p}");
    }
    bail!("{} tidy problem(s)", problems.len())
}

/// The workspace's crates' manifests: `crates/*/Cargo.toml` and `xtask/Cargo.toml`, as the
/// root manifest's `members` lists them.
fn member_manifests(root: &Path) -> Result<Vec<PathBuf>> {
    let manifest = fs::read_to_string(root.join("Cargo.toml"))?;
    if !manifest.contains(r#"members = ["crates/*", "xtask"]"#) {
        bail!("the workspace's members changed: update xtask/src/tidy.rs");
    }
    let mut all: Vec<PathBuf> = fs::read_dir(root.join("crates"))?
        .map(|e| Ok(e?.path().join("Cargo.toml")))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .filter(|p| p.is_file())
        .collect();
    all.sort();
    all.push(root.join("xtask/Cargo.toml"));
    Ok(all)
}

/// The value of `key = "..."` in section `[section]` of a manifest, if set there.
fn value(manifest: &str, section: &str, key: &str) -> Option<String> {
    let header = format!("[{section}]");
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if inside {
            if let Some((k, v)) = line.split_once('=') {
                if k.trim() == key {
                    return Some(v.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    None
}

/// A version `1.85` or `1.85.0` as numbers, for comparing.
fn version(text: &str) -> Vec<u32> {
    let mut parts: Vec<u32> = text.split('.').map(|p| p.parse().unwrap_or(0)).collect();
    parts.resize(3, 0);
    parts
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

fn rust_version_problems(root: &Path) -> Result<Vec<String>> {
    let workspace = fs::read_to_string(root.join("Cargo.toml"))?;
    let ours =
        value(&workspace, "workspace.package", "rust-version").context("[workspace.package] rust-version")?;
    let mut problems = Vec::new();
    for path in member_manifests(root)? {
        let manifest = fs::read_to_string(&path)?;
        if value(&manifest, "package", "rust-version.workspace").as_deref() != Some("true")
            || value(&manifest, "package", "rust-version").is_some()
        {
            problems.push(format!("{}: [package] must say `rust-version.workspace = true`", path.display()));
        }
    }
    let out = cargo()
        .current_dir(root)
        .args(["metadata", "--format-version", "1", "--locked"])
        .output()
        .context("cannot run cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata --locked: {}", String::from_utf8_lossy(&out.stderr));
    }
    let json = String::from_utf8(out.stdout)?;
    // Each package of the lock file, members and dependencies of every kind and platform, has
    // `"rust_version":null` or `"rust_version":"1.85"`.
    let declared: Vec<&str> = json
        .split(r#""rust_version":""#)
        .skip(1)
        .filter_map(|rest| rest.find('"').map(|end| &rest[..end]))
        .collect();
    if let Some(highest) = declared.iter().max_by_key(|v| version(v)) {
        if version(&ours) < version(highest) {
            problems.push(format!(
                "rust-version {ours} is lower than {highest}, which a dependency in Cargo.lock declares"
            ));
        }
    }
    Ok(problems)
}

/// The library crates: those with a `src/lib.rs`.
fn library_crates(root: &Path) -> Result<Vec<PathBuf>> {
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))?
        .map(|e| Ok(e?.path()))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .filter(|p| p.join("src/lib.rs").is_file())
        .collect();
    crates.sort();
    Ok(crates)
}

fn missing_docs_problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for krate in library_crates(root)? {
        let lib = krate.join("src/lib.rs");
        if !fs::read_to_string(&lib)?.contains("#![deny(missing_docs)]") {
            let shown = lib.strip_prefix(root).unwrap_or(&lib).display().to_string();
            problems.push(format!("{shown}: a library crate must say #![deny(missing_docs)]"));
        }
    }
    Ok(problems)
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).with_context(|| format!("cannot list {}", d.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The module path of a file under `src/` (`a/b.rs` and `a/b/mod.rs` are `a::b`; `lib.rs` and
/// `main.rs` are the crate root, the empty path).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap_or(file);
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || (parts.is_empty() && (stem == "lib" || stem == "main"))) {
        parts.push(stem.to_string());
    }
    parts
}

/// A Rust file without its test modules (from a `#[cfg(test)]` line before a `mod` to the `}` that
/// closes it at the start of a line), line numbers kept: the lines removed become empty.
fn without_tests(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_test = false;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if !in_test && line == "#[cfg(test)]" && lines.peek().is_some_and(|next| next.starts_with("mod ")) {
            in_test = true;
        }
        if !in_test {
            out.push_str(line);
        }
        if in_test && line == "}" {
            in_test = false;
        }
        out.push('\n');
    }
    out
}

/// The code of a Rust file without its comments and its test modules, string literals kept.
fn code_of(text: &str) -> String {
    without_tests(text)
        .lines()
        .map(|line| if line.trim_start().starts_with("//") { "" } else { line })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a file's code refers to: every `crate::a::b…` and `super::…` path, resolved
/// against `module` (the file's own module path), as written (a path may go on into an item).
fn references(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for (keyword, relative) in [("crate::", false), ("super::", true)] {
        let mut from = 0;
        while let Some(at) = code[from..].find(keyword) {
            let start = from + at;
            from = start + keyword.len();
            if start > 0 && (is_ident(bytes[start - 1]) || bytes[start - 1] == b':') {
                continue;
            }
            let mut path: Vec<String> = if relative {
                let mut p = module.to_vec();
                p.pop();
                p
            } else {
                Vec::new()
            };
            let mut rest = &code[from..];
            loop {
                if let Some(after) = rest.strip_prefix("super::") {
                    path.pop();
                    rest = after;
                    continue;
                }
                let len = rest.bytes().take_while(|&b| is_ident(b)).count();
                if len == 0 {
                    // `crate::{a, b}`: each name of the group is a reference.
                    if let Some(group) = rest.strip_prefix('{') {
                        let end = group.find('}').unwrap_or(group.len());
                        for name in group[..end].split(',') {
                            let name: String = name
                                .trim()
                                .chars()
                                .take_while(|&c| c.is_alphanumeric() || c == '_')
                                .collect();
                            if !name.is_empty() {
                                let mut p = path.clone();
                                p.push(name);
                                found.push(p);
                            }
                        }
                    }
                    break;
                }
                path.push(rest[..len].to_string());
                rest = &rest[len..];
                match rest.strip_prefix("::") {
                    Some(after) => rest = after,
                    None => break,
                }
            }
            if !path.is_empty() {
                found.push(path);
            }
        }
    }
    found
}

/// The cycles among the modules of one crate's `src/`: each strongly connected group of modules
/// of more than one, as module paths.
fn module_cycles(src: &Path) -> Result<Vec<Vec<String>>> {
    let files = rust_files(src)?;
    let modules: Vec<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let known: BTreeSet<&Vec<String>> = modules.iter().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, module) in files.iter().zip(&modules) {
        let code = code_of(&fs::read_to_string(file)?);
        edges.entry(module.join("::")).or_default();
        for mut target in references(module, &code) {
            // The longest prefix of the path that is a module of the crate.
            while !target.is_empty() && !known.contains(&target) {
                target.pop();
            }
            // A module and the modules inside it are one: a parent declares its children, and a
            // child sees its parent's items.
            let related = target.starts_with(module) || module.starts_with(&target);
            if !related {
                edges.entry(module.join("::")).or_default().insert(target.join("::"));
            }
        }
    }
    Ok(strongly_connected(&edges).into_iter().filter(|c| c.len() > 1).collect())
}

/// Tarjan's algorithm over a small graph.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(next) = s.edges.get(v) {
            for w in next {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                group.push(w.to_string());
                if w == v {
                    break;
                }
            }
            group.sort();
            s.groups.push(group);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.groups
}

fn module_cycle_problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))?
        .map(|e| Ok(e?.path()))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .filter(|p| p.join("src").is_dir())
        .collect();
    crates.push(root.join("xtask"));
    crates.sort();
    for krate in crates {
        for cycle in module_cycles(&krate.join("src"))? {
            problems.push(format!(
                "{}: modules import each other: {}",
                krate.file_name().unwrap_or_default().to_string_lossy(),
                cycle.join(" <-> ")
            ));
        }
    }
    Ok(problems)
}

const GRAPH_START: &str = "<!-- crate graph: generated by `cargo xtask tidy --fix` from `cargo metadata` -->";
const GRAPH_END: &str = "<!-- end of crate graph -->";

/// The workspace crates and the workspace crates each depends on, by kind, from `cargo metadata
/// --no-deps` (which reads only the workspace's own manifests).
fn crate_graph(root: &Path) -> Result<String> {
    let out = cargo()
        .current_dir(root)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .output()
        .context("cannot run cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata --no-deps: {}", String::from_utf8_lossy(&out.stderr));
    }
    let json = String::from_utf8(out.stdout)?;
    let graph = parse_graph(&json);
    let mut text =
        String::from("| crate | depends on | builds with | tests with |\n| --- | --- | --- | --- |\n");
    for (name, deps) in &graph {
        let list = |kind: &str| {
            let names: Vec<String> =
                deps.iter().filter(|(_, k)| k == kind).map(|(d, _)| format!("`{d}`")).collect();
            if names.is_empty() {
                "—".to_string()
            } else {
                names.join(", ")
            }
        };
        writeln!(text, "| `{name}` | {} | {} | {} |", list("normal"), list("build"), list("dev")).unwrap();
    }
    Ok(text)
}

/// Reads, from `cargo metadata`'s JSON, each package's name and its path dependencies with their
/// kind (`normal`, `build`, `dev`). The JSON is read by its shape, which cargo keeps stable
/// (`--format-version 1`), so xtask needs no JSON crate.
fn parse_graph(json: &str) -> BTreeMap<String, Vec<(String, String)>> {
    let mut graph = BTreeMap::new();
    let Some(packages) = json.find(r#""packages":["#) else { return graph };
    let mut rest = &json[packages..];
    // Each package object starts with `{"name":"…","version":`.
    while let Some(at) = rest.find(r#"{"name":""#) {
        rest = &rest[at + 9..];
        let name = rest[..rest.find('"').unwrap_or(0)].to_string();
        let Some(deps_at) = rest.find(r#""dependencies":["#) else { break };
        let deps_text = &rest[deps_at + 16..];
        let end = matching_bracket(deps_text);
        let mut deps = Vec::new();
        for dep in deps_text[..end].split(r#"{"name":""#).skip(1) {
            let dep_name = dep[..dep.find('"').unwrap_or(0)].to_string();
            if !dep.contains(r#""path":""#) {
                continue;
            }
            let kind = match dep.find(r#""kind":"#) {
                Some(k) if dep[k + 7..].starts_with('"') => {
                    let v = &dep[k + 8..];
                    v[..v.find('"').unwrap_or(0)].to_string()
                }
                _ => "normal".to_string(),
            };
            deps.push((dep_name, kind));
        }
        deps.sort();
        deps.dedup();
        if name.starts_with("lexico") || name == "xtask" {
            graph.insert(name, deps);
        }
        rest = &deps_text[end..];
    }
    graph
}

/// The length of a JSON array's contents up to its closing `]`, given the text after its `[`.
fn matching_bracket(text: &str) -> usize {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => depth += 1,
            ']' | '}' if depth == 0 => return i,
            ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

fn architecture(root: &Path) -> PathBuf {
    root.join("docs/architecture.md")
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// The generated section of `docs/architecture.md` as it is, if the markers are there.
fn graph_section(doc: &str) -> Option<(usize, usize)> {
    let start = doc.find(GRAPH_START)? + GRAPH_START.len() + 1;
    let end = doc[start..].find(GRAPH_END)? + start;
    Some((start, end))
}

fn write_crate_graph(root: &Path) -> Result<()> {
    let path = architecture(root);
    let doc = fs::read_to_string(&path)?;
    let Some((start, end)) = graph_section(&doc) else {
        bail!("{}: no crate graph markers ({GRAPH_START} … {GRAPH_END})", path.display())
    };
    let new = format!("{}{}{}", &doc[..start], crate_graph(root)?, &doc[end..]);
    if new != doc {
        fs::write(&path, new)?;
    }
    Ok(())
}

fn crate_graph_problems(root: &Path) -> Result<Vec<String>> {
    let path = architecture(root);
    let doc = fs::read_to_string(&path)?;
    Ok(match graph_section(&doc) {
        None => vec![format!("{}: no crate graph section ({GRAPH_START} … {GRAPH_END})", shown(root, &path))],
        Some((start, end)) if doc[start..end] != crate_graph(root)? => {
            vec![format!(
                "{}: the crate graph differs from cargo metadata: run `cargo xtask tidy --fix`",
                path.display()
            )]
        }
        Some(_) => Vec::new(),
    })
}

/// The usage codes of the dictionary that rule sets name (`rules/*/` files say what each means).
const USAGE_CODES: [&str; 6] = ["desus.", "p. us.", "germ.", "ant.", "desus", "p.us"];

/// Returns the reason `line` of code (comments removed) names an article or a usage code, if it
/// does: a string literal such as `"art. 17.5"`, `"18.2.1"` or `"desus"`.
fn names_regulation(line: &str) -> Option<String> {
    for literal in line.split('"').skip(1).step_by(2) {
        let t = literal.trim();
        let numbered = |s: &str| {
            let parts: Vec<&str> = s.split('.').collect();
            parts.len() >= 2
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
                && parts[0].parse::<u32>().is_ok_and(|n| (1..=45).contains(&n))
        };
        if t.contains("art. ")
            && t.split("art. ").skip(1).any(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        {
            return Some(format!("names an article: \"{literal}\""));
        }
        if numbered(t) {
            return Some(format!("names an article: \"{literal}\""));
        }
        if USAGE_CODES.contains(&t) {
            return Some(format!("names a usage code: \"{literal}\""));
        }
    }
    None
}

/// Returns true if and only if a comment gives a timing (`12 ms`, `1.5 s`, `300 µs`, `20 ns`).
fn gives_timing(comment: &str) -> bool {
    let words: Vec<&str> = comment.split_whitespace().collect();
    words.windows(2).any(|w| {
        let number = w[0].trim_start_matches(['(', '~', '≈']);
        let unit = w[1].trim_end_matches([',', '.', ')', ';', ':']);
        !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit() || c == '.')
            && number.chars().next().is_some_and(|c| c.is_ascii_digit())
            && matches!(unit, "ms" | "µs" | "us" | "ns" | "s" | "seconds")
    }) || words.iter().any(|w| {
        let w = w.trim_end_matches([',', '.', ')', ';', ':']);
        ["ms", "µs", "ns"].iter().any(|u| {
            w.strip_suffix(u)
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
        })
    })
}

/// The one module that may spell usage marks: the reader of the FISE lists must know the tokens
/// those lists are written in (`desus`, `p.us`…), as a reader of CSV knows the comma. What a mark
/// decides (which words are kept, which plurals refused) is in the rule sets under `rules/`.
const VOCABULARY: &str = "crates/lexico-rules/src/tags.rs";

fn source_problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for krate in fs::read_dir(root.join("crates"))? {
        let src = krate?.path().join("src");
        if !src.is_dir() {
            continue;
        }
        for file in rust_files(&src)? {
            let text = fs::read_to_string(&file)?;
            let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
            let cli = shown.starts_with("crates/lexico-cli/");
            if cli {
                for (i, line) in text.lines().enumerate() {
                    let code = line.split("//").next().unwrap_or("");
                    if code.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == "unsafe") {
                        problems.push(format!("{shown}:{}: unsafe code in the command line", i + 1));
                    }
                }
            }
            // An example in a doc comment's code block is text a user types, not a timing.
            let mut in_example = false;
            for (i, line) in without_tests(&text).lines().enumerate() {
                let t = line.trim_start();
                if t.starts_with("//") {
                    if t.trim_start_matches(['/', '!']).trim_start().starts_with("```") {
                        in_example = !in_example;
                        continue;
                    }
                    if !in_example && gives_timing(t) {
                        problems.push(format!("{shown}:{}: a comment gives a timing", i + 1));
                    }
                    continue;
                }
                let code = match line.find("// ") {
                    Some(at) if !line[..at].contains('"') => &line[..at],
                    _ => line,
                };
                if shown == VOCABULARY {
                    continue;
                }
                if let Some(why) = names_regulation(code) {
                    problems.push(format!("{shown}:{}: {why} (rule sets under rules/ say that)", i + 1));
                }
            }
        }
    }
    Ok(problems)
}

/// The most lines `crates/lexico-cli/src` may hold, tests included: the command line is flags,
/// input, the one printer and progress bars; an answer, a record or a release step that grows
/// it past this belongs in a library (`docs/architecture.md`). Lower it as the CLI shrinks.
const CLI_LINE_BUDGET: usize = 6_050;

fn cli_problems(root: &Path) -> Result<Vec<String>> {
    let src = root.join("crates/lexico-cli/src");
    let mut problems = Vec::new();
    let mut lines = 0;
    for file in rust_files(&src)? {
        let text = fs::read_to_string(&file)?;
        lines += text.lines().count();
        let module = module_of(&src, &file);
        if module.first().map(String::as_str) != Some("cmd") || module.len() < 2 {
            continue;
        }
        let code = code_of(&without_tests(&text));
        let mut imported: Vec<Vec<String>> = references(&module, &code)
            .into_iter()
            .filter(|t| t.len() >= 2 && t[0] == "cmd" && t[1] != module[1])
            .map(|t| t[..2].to_vec())
            .collect();
        imported.sort();
        imported.dedup();
        for target in imported {
            problems.push(format!(
                "{}: the command module {} imports the command module {}: what commands share \
                 belongs in the answers or in a module of the CLI that is no command",
                shown(root, &file),
                module.join("::"),
                target.join("::")
            ));
        }
    }
    if lines > CLI_LINE_BUDGET {
        problems.push(format!(
            "{}: {lines} lines, over the CLI's budget of {CLI_LINE_BUDGET}: move what is not flags, \
             input, printing or progress into a library",
            shown(root, &src)
        ));
    }
    Ok(problems)
}

/// The station must not use the command line: it is a library the CLI calls.
fn station_problems(root: &Path) -> Result<Vec<String>> {
    let manifest = root.join("crates/lexico-station/Cargo.toml");
    let text = fs::read_to_string(&manifest)?;
    let mut problems = Vec::new();
    for line in text.lines() {
        let name = line.split(['=', '.', ' ']).next().unwrap_or("");
        if name == "lexico" || name == "lexico-cli" {
            problems.push(format!("{}: the station depends on the command line", shown(root, &manifest)));
        }
    }
    Ok(problems)
}

/// Public enums defined under the same name in more than one library crate (outside tests).
fn enum_problems(root: &Path) -> Result<Vec<String>> {
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for krate in library_crates(root)? {
        let name = krate.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for file in rust_files(&krate.join("src"))? {
            for line in without_tests(&fs::read_to_string(&file)?).lines() {
                if let Some(rest) = line.trim_start().strip_prefix("pub enum ") {
                    let ident: String =
                        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    let places = defined.entry(ident).or_default();
                    if !places.contains(&name) {
                        places.push(name.clone());
                    }
                }
            }
        }
    }
    Ok(defined
        .into_iter()
        .filter(|(_, crates)| crates.len() > 1)
        .map(|(ident, crates)| {
            format!("the enum {ident} is defined in {}: define it once, below both", crates.join(" and "))
        })
        .collect())
}

/// The target the answers must build for: the browser's.
const WASM: &str = "wasm32-unknown-unknown";

fn wasm_problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for args in [&["-p", "lexico-answers"][..], &["-p", "lexico-cardbox", "--no-default-features"]] {
        let out = cargo()
            .current_dir(root)
            .args(["check", "--quiet", "--locked", "--target", WASM])
            .args(args)
            .env("CARGO_TARGET_DIR", root.join("target/wasm-check"))
            .output()
            .context("cannot run cargo check")?;
        if out.status.success() {
            continue;
        }
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().find(|l| l.starts_with("error")).unwrap_or("cargo check failed");
        problems.push(format!(
            "{} does not build for {WASM} (install the target with `rustup target add {WASM}`): {first}",
            args[1]
        ));
    }
    Ok(problems)
}

/// Returns true if and only if `line` holds a time of day or an ISO date, as a run's timestamp
/// has (`19:24 UTC`, `2026-11-26`).
fn has_timestamp(line: &str) -> bool {
    let b = line.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_digit());
    (0..b.len()).any(|i| {
        let date = digit(i)
            && digit(i + 1)
            && digit(i + 2)
            && digit(i + 3)
            && b.get(i + 4) == Some(&b'-')
            && digit(i + 5)
            && digit(i + 6)
            && b.get(i + 7) == Some(&b'-')
            && digit(i + 8)
            && digit(i + 9)
            && (i == 0 || !b[i - 1].is_ascii_digit());
        let time = digit(i)
            && digit(i + 1)
            && b.get(i + 2) == Some(&b':')
            && digit(i + 3)
            && digit(i + 4)
            && line[i + 5..]
                .trim_start_matches(|c: char| c == ':' || c.is_ascii_digit())
                .trim_start()
                .starts_with("UTC");
        date || time
    })
}

fn docs_problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))?
        .map(|e| Ok(e?.path()))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    for doc in docs {
        let text = fs::read_to_string(&doc)?;
        // A date in a code block is an example a user types (`--audit-log juez-2026-05-01.csv`),
        // not the time of a run.
        let mut in_code = false;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
                continue;
            }
            if !in_code && has_timestamp(line) {
                problems.push(format!(
                    "{}:{}: a timestamp in the docs (the history of runs is in git)",
                    doc.strip_prefix(root).unwrap_or(&doc).display(),
                    i + 1
                ));
            }
        }
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_values_are_read_from_their_own_section() {
        let manifest =
            "[package]\nname = \"x\"\nrust-version.workspace = true\n\n[dependencies]\nrust-version = \"9\"\n";
        assert_eq!(value(manifest, "package", "rust-version.workspace").as_deref(), Some("true"));
        assert_eq!(value(manifest, "package", "rust-version"), None);
        assert_eq!(value(manifest, "dependencies", "rust-version").as_deref(), Some("9"));
        assert!(version("1.85") < version("1.88") && version("1.85.0") == version("1.85"));
    }

    fn path(s: &str) -> Vec<String> {
        s.split("::").filter(|p| !p.is_empty()).map(String::from).collect()
    }

    #[test]
    fn test_modules_are_left_out_and_lines_kept() {
        let text = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\nfn b() {}\n";
        assert_eq!(without_tests(text), "fn a() {}\n\n\n\n\nfn b() {}\n");
    }

    #[test]
    fn module_paths_come_from_file_paths() {
        let src = Path::new("/c/src");
        assert_eq!(module_of(src, Path::new("/c/src/lib.rs")), path(""));
        assert_eq!(module_of(src, Path::new("/c/src/main.rs")), path(""));
        assert_eq!(module_of(src, Path::new("/c/src/cmd/mod.rs")), path("cmd"));
        assert_eq!(module_of(src, Path::new("/c/src/cmd/valid.rs")), path("cmd::valid"));
    }

    #[test]
    fn references_resolve_crate_super_and_groups() {
        let code = "use crate::input::{Line, read};\nuse super::judge;\nlet x = crate::say::it();\nuse super::super::top;";
        let refs = references(&path("cmd::valid"), code);
        assert!(refs.contains(&path("input::Line")), "{refs:?}");
        assert!(refs.contains(&path("input::read")), "{refs:?}");
        assert!(refs.contains(&path("cmd::judge")), "{refs:?}");
        assert!(refs.contains(&path("say::it")), "{refs:?}");
        assert!(refs.contains(&path("top")), "{refs:?}");
        assert!(references(&path("a"), "use mycrate::x; let y = my_crate::z;").is_empty());
    }

    #[test]
    fn a_cycle_is_found_and_parents_are_not_one() {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("src/cmd")).unwrap();
        let write = |p: &str, s: &str| fs::write(dir.join("src").join(p), s).unwrap();
        write("lib.rs", "mod input; mod say; mod cmd; use crate::cmd::run;");
        write("input.rs", "use crate::say::Said;");
        write("say.rs", "use crate::input::Line;\n// use crate::cmd::x; a comment\n");
        write("cmd/mod.rs", "mod a; mod b; use crate::cmd::a::A;");
        write("cmd/a.rs", "use super::b::B; use super::Thing;");
        write("cmd/b.rs", "use crate::input::Line;");
        let cycles = module_cycles(&dir.join("src")).unwrap();
        assert_eq!(cycles, vec![vec!["input".to_string(), "say".to_string()]]);
        write("cmd/b.rs", "use crate::cmd::a::A;");
        let cycles = module_cycles(&dir.join("src")).unwrap();
        assert_eq!(cycles.len(), 2, "{cycles:?}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn articles_and_usage_codes_in_code_are_found() {
        assert!(names_regulation(r#"let a = "art. 17.5";"#).is_some());
        assert!(names_regulation(r#"rule("18.2.1")"#).is_some());
        assert!(names_regulation(r#"if mark == "desus" {"#).is_some());
        assert!(names_regulation(r#"let v = "0.1.0"; let f = "{:.2}"; let x = "1.5 s";"#).is_none());
        assert!(names_regulation(r#"let t = "tiles.csv"; let n = "v2.0";"#).is_none());
    }

    #[test]
    fn timings_in_comments_and_timestamps_in_docs_are_found() {
        assert!(gives_timing("// takes 12 ms on a laptop"));
        assert!(gives_timing("// (about 1.5 s)"));
        assert!(gives_timing("// from 18.25ms to 17.73ms"));
        assert!(!gives_timing("// 12 tiles, 2 blanks"));
        assert!(!gives_timing("// the words of 2 tiles"));
        assert!(has_timestamp("the run of 19:24 UTC"));
        assert!(has_timestamp("measured on 2026-11-26"));
        assert!(!has_timestamp("FISE-2 2016, 639,293 words, 1:2 ratio"));
    }

    #[test]
    fn the_crate_graph_is_read_from_cargo_metadata() {
        let json = r#"{"packages":[{"name":"lexico-a","version":"0.1.0","dependencies":[{"name":"serde","source":"registry+x","req":"^1","kind":null},{"name":"lexico-b","source":null,"req":"*","kind":"dev","path":"/w/crates/b"}],"targets":[]},{"name":"lexico-b","version":"0.1.0","dependencies":[],"targets":[]}],"workspace_members":[]}"#;
        let graph = parse_graph(json);
        assert_eq!(graph["lexico-a"], vec![("lexico-b".to_string(), "dev".to_string())]);
        assert!(graph["lexico-b"].is_empty());
    }
}
