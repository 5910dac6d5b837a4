//! `cargo xtask web`: the engine of the offline judge page, `lexico-web` compiled to WebAssembly
//! (profile `web`) and bound by wasm-bindgen (`--target web`), into `target/web/`, where a build
//! of `lexico` with the feature `page` embeds it (`cargo xtask dist` builds it so).
//!
//! `cargo xtask npm`: the npm package `lexico-wasm`: the same engine with the default lexicon
//! inside (feature `embedded`), the package's own module, types and README
//! (`bindings/npm/`), packed by `npm pack` into `target/npm/`; `--check` then runs the
//! package's tests (Node's test runner) against the `lexico` command (`LEXICO_BIN`, else the
//! one `cargo build` builds) from a temporary folder where the tarball is installed.
//!
//! wasm-bindgen's command must be the version of the `wasm-bindgen` crate in `Cargo.lock`
//! (`cargo install wasm-bindgen-cli --version V`). No `wasm-opt` runs: Debian's (binaryen 108)
//! breaks the table of JavaScript references the bindings use (the page then cannot start), and
//! it saved a tenth of the module.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::{root, run};

const TARGET: &str = "wasm32-unknown-unknown";

/// The npm package's name.
pub const NPM_NAME: &str = "lexico-wasm";

pub fn run_web(args: &[String]) -> Result<()> {
    if !args.is_empty() {
        bail!("usage: cargo xtask web");
    }
    let out = build(&root(), false)?;
    for name in ["lexico_web_bg.wasm", "lexico_web.js"] {
        let len = fs::metadata(out.join(name))?.len();
        eprintln!("web: {} ({len} bytes)", out.join(name).display());
    }
    Ok(())
}

/// Builds the engine (with the default lexicon inside when `embedded`) into `target/web/` (or
/// `target/web-embedded/`) and returns that folder. It is built in the workspace's `target/`
/// whatever `CARGO_TARGET_DIR` says, since `lexico` embeds it from there; and the folder is
/// replaced only when the new engine differs, so that a build of `lexico` reading it meanwhile
/// (the Windows build beside the release archive's, in CI) never finds it half-written.
pub fn build(root: &Path, embedded: bool) -> Result<PathBuf> {
    let version = locked_version(root, "wasm-bindgen")?;
    let bindgen = Command::new("wasm-bindgen").arg("--version").output();
    match bindgen {
        Ok(out) if String::from_utf8_lossy(&out.stdout).split_whitespace().nth(1) == Some(version.as_str()) => {}
        Ok(out) => bail!(
            "wasm-bindgen {} is installed; this workspace needs {version}: cargo install wasm-bindgen-cli --version {version}",
            String::from_utf8_lossy(&out.stdout).trim()
        ),
        Err(_) => bail!("wasm-bindgen is not on PATH: cargo install wasm-bindgen-cli --version {version}"),
    }
    let mut cargo = Command::new("cargo");
    cargo.current_dir(root).args([
        "rustc",
        "--locked",
        "--quiet",
        "-p",
        "lexico-web",
        "--lib",
        "--target",
        TARGET,
        "--profile",
        "web",
        "--crate-type",
        "cdylib",
    ]);
    if embedded {
        cargo.args(["--features", "embedded"]);
    }
    let target = root.join("target");
    cargo.env("CARGO_TARGET_DIR", &target);
    run(&mut cargo)?;
    let module = target.join(TARGET).join("web/lexico_web.wasm");
    let out = target.join(if embedded { "web-embedded" } else { "web" });
    let fresh =
        target.join(format!("{}.new.{}", if embedded { "web-embedded" } else { "web" }, std::process::id()));
    let _ = fs::remove_dir_all(&fresh);
    run(Command::new("wasm-bindgen").arg(&module).args(["--target", "web", "--out-dir"]).arg(&fresh))?;
    if same_files(&fresh, &out) {
        fs::remove_dir_all(&fresh)?;
    } else {
        if out.exists() {
            fs::remove_dir_all(&out)?;
        }
        fs::rename(&fresh, &out)
            .with_context(|| format!("cannot rename {} to {}", fresh.display(), out.display()))?;
    }
    Ok(out)
}

/// Returns true if and only if the folders `a` and `b` hold the same files (by name, top level
/// only, as wasm-bindgen writes them) with the same bytes.
fn same_files(a: &Path, b: &Path) -> bool {
    let files = |dir: &Path| -> Option<Vec<(std::ffi::OsString, Vec<u8>)>> {
        let mut files = Vec::new();
        for entry in fs::read_dir(dir).ok()? {
            let entry = entry.ok()?;
            files.push((entry.file_name(), fs::read(entry.path()).ok()?));
        }
        files.sort();
        Some(files)
    };
    matches!((files(a), files(b)), (Some(a), Some(b)) if a == b)
}

/// The version of package `name` in `Cargo.lock`.
fn locked_version(root: &Path, name: &str) -> Result<String> {
    let lock = fs::read_to_string(root.join("Cargo.lock")).context("Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"") {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    bail!("{name} is not in Cargo.lock")
}

/// The workspace's version, from `Cargo.toml`.
fn workspace_version(root: &Path) -> Result<String> {
    let manifest = fs::read_to_string(root.join("Cargo.toml"))?;
    let line = manifest.lines().find(|l| l.starts_with("version = ")).context("the workspace's version")?;
    Ok(line.trim_start_matches("version = ").trim_matches('"').to_string())
}

pub fn run_npm(args: &[String]) -> Result<()> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => bail!("usage: cargo xtask npm [--check]"),
    };
    let root = root();
    let engine = build(&root, true)?;
    let dest = root.join("target/npm");
    let package = dest.join(NPM_NAME);
    if dest.exists() {
        fs::remove_dir_all(&dest)?;
    }
    fs::create_dir_all(&package)?;
    let source = root.join("bindings/npm");
    for name in ["lexico.js", "lexico.d.ts", "README.md"] {
        fs::copy(source.join(name), package.join(name)).with_context(|| format!("bindings/npm/{name}"))?;
    }
    fs::copy(root.join("LICENSE"), package.join("LICENSE"))?;
    for name in ["lexico_web.js", "lexico_web_bg.wasm"] {
        fs::copy(engine.join(name), package.join(name))?;
    }
    let manifest = fs::read_to_string(source.join("package.json"))?
        .replace("\"version\": \"0.0.0\"", &format!("\"version\": \"{}\"", workspace_version(&root)?));
    fs::write(package.join("package.json"), manifest)?;
    run(Command::new("npm")
        .current_dir(&package)
        .args(["pack", "--quiet", "--pack-destination"])
        .arg(&dest))?;
    let tarball = fs::read_dir(&dest)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|e| e == "tgz"))
        .context("npm pack wrote no tarball")?;
    eprintln!("npm: {} ({} bytes)", tarball.display(), fs::metadata(&tarball)?.len());
    if check {
        self_check(&root, &tarball)?;
    }
    Ok(())
}

/// Installs the tarball in a temporary folder (`npm install`, no registry needed: the package
/// has no dependencies) and runs its tests there with Node's test runner, against the `lexico`
/// command `LEXICO_BIN` names, else the one `cargo build` builds.
fn self_check(root: &Path, tarball: &Path) -> Result<()> {
    let lexico = match std::env::var_os("LEXICO_BIN") {
        Some(bin) => PathBuf::from(bin),
        None => {
            run(Command::new("cargo")
                .current_dir(root)
                .args(["build", "--quiet", "--locked", "-p", "lexico"]))?;
            std::env::var_os("CARGO_TARGET_DIR")
                .map_or_else(|| root.join("target"), PathBuf::from)
                .join("debug/lexico")
        }
    };
    let dir = root.join("target/npm/check");
    fs::create_dir_all(&dir)?;
    fs::write(dir.join("package.json"), "{\"private\": true, \"type\": \"module\"}\n")?;
    run(Command::new("npm")
        .current_dir(&dir)
        .args(["install", "--quiet", "--no-audit", "--no-fund", "--offline"])
        .arg(tarball))?;
    let tests = root.join("bindings/npm/test");
    fs::create_dir_all(dir.join("test"))?;
    for entry in fs::read_dir(&tests)? {
        let path = entry?.path();
        fs::copy(&path, dir.join("test").join(path.file_name().context("a test file")?))?;
    }
    run(Command::new("node").current_dir(&dir).args(["--test", "test/"]).env("LEXICO_BIN", &lexico))
}
