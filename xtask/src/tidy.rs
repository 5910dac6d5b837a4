//! Tidy tests: conventions of the workspace's manifests, checked by `cargo test -p xtask`.
//!
//! The workspace's `rust-version` is the true minimum (`docs/architecture.md`, "Minimum Rust
//! version"): every crate inherits it, and it is at least the highest `rust-version` that a
//! package of `Cargo.lock` declares. clippy's `incompatible_msrv` lint, which reads the same
//! field, keeps the code from using a newer standard-library API.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::root;

/// The workspace's crates' manifests: `crates/*/Cargo.toml` and `xtask/Cargo.toml`, as the
/// root manifest's `members` lists them.
fn member_manifests(root: &Path) -> Vec<PathBuf> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains(r#"members = ["crates/*", "xtask"]"#), "the members changed: update this test");
    let mut all: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("Cargo.toml"))
        .filter(|p| p.is_file())
        .collect();
    all.sort();
    all.push(root.join("xtask/Cargo.toml"));
    all
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
    let mut parts: Vec<u32> =
        text.split('.').map(|p| p.parse().unwrap_or_else(|_| panic!("version {text}"))).collect();
    parts.resize(3, 0);
    parts
}

/// The workspace's `rust-version`.
fn workspace_rust_version(root: &Path) -> String {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    value(&manifest, "workspace.package", "rust-version").expect("[workspace.package] rust-version")
}

#[test]
fn every_crate_inherits_the_workspace_rust_version() {
    let root = root();
    workspace_rust_version(&root);
    let manifests = member_manifests(&root);
    assert!(manifests.len() >= 5, "{manifests:?}");
    for path in manifests {
        let manifest = fs::read_to_string(&path).unwrap();
        assert_eq!(
            value(&manifest, "package", "rust-version.workspace").as_deref(),
            Some("true"),
            "{}: [package] lacks `rust-version.workspace = true`",
            path.display()
        );
        assert_eq!(
            value(&manifest, "package", "rust-version"),
            None,
            "{}: a rust-version of its own",
            path.display()
        );
    }
}

#[test]
fn the_rust_version_is_at_least_every_locked_dependencys() {
    let root = root();
    let ours = workspace_rust_version(&root);
    let _spawns = crate::SPAWN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&root)
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let json = String::from_utf8(out.stdout).unwrap();
    // Each package of the lock file, members and dependencies of every kind and platform, has
    // `"rust_version":null` or `"rust_version":"1.85"`.
    let declared: Vec<&str> =
        json.split(r#""rust_version":""#).skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect();
    assert!(declared.len() > 10, "no rust_version in cargo metadata's output");
    let highest = declared.iter().max_by_key(|v| version(v)).unwrap();
    assert!(
        version(&ours) >= version(highest),
        "rust-version {ours} is lower than {highest}, which a dependency in Cargo.lock declares"
    );
}

#[test]
fn manifest_values_are_read_from_their_own_section() {
    let manifest =
        "[package]\nname = \"x\"\nrust-version.workspace = true\n\n[dependencies]\nrust-version = \"9\"\n";
    assert_eq!(value(manifest, "package", "rust-version.workspace").as_deref(), Some("true"));
    assert_eq!(value(manifest, "package", "rust-version"), None);
    assert_eq!(value(manifest, "dependencies", "rust-version").as_deref(), Some("9"));
    assert!(version("1.85") < version("1.88") && version("1.85.0") == version("1.85"));
}
