//! Project tasks: `cargo xtask <task>`. Plain std + anyhow, so it compiles fast.
//!
//! - `import-letterpress`: fetch the default lexicon's source list with `npm pack` and rewrite
//!   `lexicon-src/` from it, recording version and digests.
//! - `ci`: what CI runs (fmt, clippy, tidy, tests).
//! - `tidy`: the tree's conventions (module cycles, docs, generated crate graph, no articles in
//!   code, no timestamps in docs); `--fix` rewrites the generated parts.
//! - `conformance`: build FISE-2 from `../shared/data/fise-2` and compare it with the previous
//!   edition (`docs/conformance.md`); `--2009`: rebuild the 2009 edition from the same lists with
//!   the update lists undone and compare it with the default lexicon.
//! - `bench`: the performance figures of `docs/performance.md`, with ratios against references.
//! - `dist`: the release archive in `target/dist/`: the distributed binary (static and stripped
//!   on x86-64 Linux, as `bench` measures it), its completion scripts and manual page, README,
//!   licence and digests; `--check`: unpack it and use it where no Rust is installed.
//! - `windows --check`: the Windows zip (`dist --target x86_64-pc-windows-gnu`), unpacked and
//!   used under Wine, its answers compared with the Linux binary's.
//! - `wheels`: the Python package's wheel and sdist and the command line's wheel, in
//!   `target/wheels/`; `--check`: install them where no Rust is installed and run their tests.
//! - `package`: `cargo package` of every published crate, the packages checked together.
//! - `web`: the offline page's engine (`lexico-web` in WebAssembly) in `target/web/`, which
//!   `lexico` embeds with the feature `page`; `npm [--check]`: the npm package in `target/npm/`,
//!   and its tests under Node against the `lexico` command.

mod bench;
mod conformance;
mod dist;
mod import;
mod package;
mod tidy;
mod web;
mod wheels;
mod windows;

use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("import-letterpress") => import::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("conformance") => conformance::run(&args[1..]),
        Some("dist") if args.iter().any(|a| a == "--target") => windows::run_dist(&args[1..]),
        Some("dist") => dist::run(&args[1..]),
        Some("wheels") => wheels::run(&args[1..]),
        Some("package") => package::run(&args[1..]),
        Some("tidy") => tidy::run(&args[1..]),
        Some("web") => web::run_web(&args[1..]),
        Some("npm") => web::run_npm(&args[1..]),
        Some("windows") => windows::run(&args[1..]),
        Some("ci") => ci(),
        _ => {
            eprintln!(
                "usage: cargo xtask <import-letterpress [VERSION] | bench [--quick] | conformance [--2009] | dist [--check] [--sign KEY] [--target x86_64-pc-windows-gnu] | windows --check | wheels [--check] | package | tidy [--fix] | web | npm [--check] | ci>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn ci() -> Result<()> {
    run(Command::new("cargo").args(["fmt", "--all", "--check"]))?;
    run(Command::new("cargo").args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    tidy::run(&[])?;
    run(Command::new("cargo").args(["test", "--workspace"]))
}

/// Runs a command, failing if it does.
pub fn run(cmd: &mut Command) -> Result<()> {
    let status = cmd.status().with_context(|| format!("cannot run {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed: {status}");
    }
    Ok(())
}

/// The folder of the federation's FISE-2 lists: `LEXICO_FISE2_DIR`, else `../shared/data/fise-2`
/// relative to the workspace root (the commands run from the root, so a relative path keeps the
/// source names recorded in the lexicon the same on every machine).
fn fise2_dir() -> std::path::PathBuf {
    match std::env::var_os("LEXICO_FISE2_DIR") {
        Some(dir) if !dir.is_empty() => std::path::PathBuf::from(dir),
        _ => std::path::PathBuf::from("../shared/data/fise-2"),
    }
}

/// The folder of the FISE-2 lists ([`fise2_dir`], from the workspace root) when it holds them.
fn fise2_dir_present() -> Option<std::path::PathBuf> {
    let dir = root().join(fise2_dir());
    dir.join("no-verbos.txt").is_file().then_some(dir)
}

/// Held by every test that starts a process. A test that writes a script and runs it can fail
/// with "text file busy" when another test's child, between its fork and its exec, still holds
/// the script open for writing.
#[cfg(test)]
pub static SPAWN_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The workspace root.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is in the workspace")
        .to_path_buf()
}
