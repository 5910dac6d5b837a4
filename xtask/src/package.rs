//! `cargo xtask package`: every crate that is published, packaged as `cargo publish` would
//! upload it, and the packages proven self-contained.
//!
//! `cargo package --workspace --no-verify` packages the crates in dependency order into
//! `target/package/NAME-VERSION.crate`, refusing a package whose path dependencies carry no
//! version. The packages are then checked together, once: each is unpacked into
//! `target/package-check/`, a workspace of them all is made there (each `lexico-*` dependency,
//! which in a package names a crates.io version, patched to the unpacked package), and `cargo
//! check --workspace` compiles them and runs their build scripts. So a crate that reads a file
//! outside its package (a rule file, the default lexicon's sources) fails here, as it would on
//! crates.io. This is what `cargo package` verifies for each crate, done once for all of them:
//! cargo's own verification builds every package's dependencies again for each package, the
//! default lexicon three times.
//!
//! Every package must also hold its `README.md` and `LICENSE`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::dist::target_dir;
use crate::root;

/// The workspace's crates that are never published (`publish = false`): the tasks and the tests'
/// data finder. A test checks that this list and the manifests agree.
const UNPUBLISHED: [&str; 2] = ["xtask", "lexico-testdata"];

/// The files every package must hold besides its sources.
const REQUIRED: [&str; 2] = ["README.md", "LICENSE"];

pub fn run(args: &[String]) -> Result<()> {
    if let Some(other) = args.first() {
        bail!("unknown package option '{other}' (usage: cargo xtask package)");
    }
    let root = root();
    let target = target_dir(&root);
    let out = target.join("package");
    // Packages of an earlier run would be checked too.
    for entry in fs::read_dir(&out).into_iter().flatten().flatten() {
        if entry.path().extension().is_some_and(|e| e == "crate") {
            fs::remove_file(entry.path())?;
        }
    }
    let mut cmd = Command::new("cargo");
    // `--allow-dirty`: this checks what the tree would publish; `cargo publish` itself still
    // refuses uncommitted changes.
    cmd.current_dir(&root).args(["package", "--workspace", "--no-verify", "--locked", "--allow-dirty"]);
    for name in UNPUBLISHED {
        cmd.args(["--exclude", name]);
    }
    crate::run(&mut cmd)?;
    let mut crates: Vec<PathBuf> = fs::read_dir(&out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    crates.retain(|p| p.extension().is_some_and(|e| e == "crate"));
    crates.sort();
    if crates.is_empty() {
        bail!("cargo package wrote no package into {}", out.display());
    }
    let check = target.join("package-check");
    let members = unpack(&crates, &check)?;
    for member in &members {
        for file in REQUIRED {
            if !check.join(member).join(file).is_file() {
                bail!("the package {member} has no {file}");
            }
        }
    }
    fs::write(check.join("Cargo.toml"), workspace_manifest(&members))?;
    // The workspace's lock file, so the packages are checked against the dependencies the
    // repository is tested with; cargo drops the entries of the unpublished crates.
    fs::copy(root.join("Cargo.lock"), check.join("Cargo.lock"))?;
    eprintln!("package: checking the {} packages together", members.len());
    crate::run(
        Command::new("cargo")
            .current_dir(&check)
            .args(["check", "--workspace", "--offline", "--quiet"])
            .env("CARGO_TARGET_DIR", &target),
    )?;
    for file in &crates {
        println!("{}", file.display());
    }
    Ok(())
}

/// Unpacks each `.crate` (a `.tar.gz` of one folder `NAME-VERSION`) into `into`, emptied first,
/// and returns the folders' names.
fn unpack(crates: &[PathBuf], into: &Path) -> Result<Vec<String>> {
    if into.exists() {
        fs::remove_dir_all(into).with_context(|| format!("cannot empty {}", into.display()))?;
    }
    fs::create_dir_all(into).with_context(|| format!("cannot create {}", into.display()))?;
    let mut members = Vec::new();
    for file in crates {
        crate::run(
            Command::new("tar").arg("--extract").arg("--file").arg(file).arg("--directory").arg(into),
        )?;
        let stem = file.file_stem().context("a package has a name")?.to_string_lossy().into_owned();
        if !into.join(&stem).join("Cargo.toml").is_file() {
            bail!("{} does not unpack to {stem}/Cargo.toml", file.display());
        }
        members.push(stem);
    }
    Ok(members)
}

/// The manifest of a workspace of the unpacked packages `members` (folders `NAME-VERSION`), each
/// standing in for the crates.io version its dependents name.
fn workspace_manifest(members: &[String]) -> String {
    let mut text = String::from("[workspace]\nresolver = \"2\"\nmembers = [\n");
    for m in members {
        text.push_str(&format!("    {m:?},\n"));
    }
    text.push_str("]\n\n[patch.crates-io]\n");
    for m in members {
        let name = crate_name(m);
        text.push_str(&format!("{name} = {{ path = {m:?} }}\n"));
    }
    // As in the repository's manifest: the default lexicon's build script compiles a lexicon,
    // which takes minutes unoptimised.
    text.push_str("\n[profile.dev.build-override]\nopt-level = 3\n");
    text
}

/// The crate's name in a package folder's name `NAME-VERSION` (the version has no `-` before
/// its pre-release part, which these crates do not use).
fn crate_name(folder: &str) -> &str {
    folder.rsplit_once('-').map_or(folder, |(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unpublished_crates_are_the_ones_whose_manifests_say_publish_false() {
        let root = root();
        let mut manifests = vec![root.join("xtask/Cargo.toml")];
        for entry in fs::read_dir(root.join("crates")).unwrap() {
            manifests.push(entry.unwrap().path().join("Cargo.toml"));
        }
        let mut unpublished = Vec::new();
        for manifest in manifests {
            let text = fs::read_to_string(&manifest).unwrap();
            let name = text
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .map(|n| n.trim_matches('"').to_string())
                .unwrap();
            if text.lines().any(|l| l.trim() == "publish = false") {
                unpublished.push(name);
            }
        }
        unpublished.sort();
        let mut expected = UNPUBLISHED.map(String::from).to_vec();
        expected.sort();
        assert_eq!(unpublished, expected);
    }

    #[test]
    fn the_check_workspace_patches_every_package_in() {
        let members = ["lexico-0.1.0".to_string(), "lexico-tiles-0.1.0".to_string()];
        let text = workspace_manifest(&members);
        assert!(
            text.contains("members = [\n    \"lexico-0.1.0\",\n    \"lexico-tiles-0.1.0\",\n]"),
            "{text}"
        );
        assert!(text.contains("\nlexico = { path = \"lexico-0.1.0\" }\n"), "{text}");
        assert!(text.contains("\nlexico-tiles = { path = \"lexico-tiles-0.1.0\" }\n"), "{text}");
        assert_eq!(crate_name("lexico-default-0.1.0"), "lexico-default");
    }
}
