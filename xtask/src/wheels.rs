//! `cargo xtask wheels [--check] [--python PYTHON]`: the Python wheels and the sdist, in
//! `target/wheels/`:
//!
//! ```text
//! lexico-VERSION-cp39-abi3-manylinux_2_17_x86_64….whl      the package `lexico` (one abi3 wheel
//!                                                           for CPython 3.9 and later)
//! lexico-VERSION.tar.gz                                     its sdist (builds with Rust and maturin)
//! lexico_cli-VERSION-py3-none-manylinux_2_17_x86_64….whl   the `lexico` command (bindings/cli)
//! ```
//!
//! The package's wheel is built by `maturin build --release --zig`: zig links it against the
//! glibc of manylinux2014, so it loads on any x86-64 Linux from glibc 2.17 on, with no container.
//! The command's wheel holds the binary of the release archive, built as `cargo xtask dist`
//! builds it (static, non-PIE, stripped), so pip installs the native `lexico` on `PATH` and a
//! query starts as fast as from the archive. `auditwheel show` checks every wheel's platform
//! tag; a wheel that needs shared libraries from outside is repaired (`auditwheel repair`).
//! maturin and auditwheel are taken from `PATH` (`pip install maturin ziglang auditwheel`).
//!
//! `--check` then installs the wheels as a user would, on a machine without Rust: a fresh
//! virtual environment (of `PYTHON`, else `python3`), `PATH` less every folder with `cargo`,
//! `rustc` or `rustup`, and `pip install --no-index --only-binary :all: 'lexico[cli]'` from
//! `target/wheels/`. There it runs `lexico valid ZUZAR` and `lexico page`, the package's tests
//! (`bindings/python/tests`, comparing the package with the installed command), the examples of
//! `docs/python.md` and of the package's README as doctests, and the type checks: the stubs
//! against the module (`mypy.stubtest`) and the package under `mypy --strict`, both for the
//! interpreter's version (`--python python3.9` checks the oldest the wheel supports).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::dist::{path_without_rust, target_dir, BUILDS_STATIC, STATIC_FLAGS, STATIC_TRIPLE};
use crate::root;

/// The manylinux platform of the wheels: glibc 2.17, what zig links against by default.
const MANYLINUX: &str = "manylinux2014";

pub fn run(args: &[String]) -> Result<()> {
    let mut check = false;
    let mut python = OsString::from("python3");
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--python" => python = args.next().context("--python needs an interpreter")?.into(),
            other => bail!(
                "unknown wheels option '{other}' (usage: cargo xtask wheels [--check] [--python PYTHON])"
            ),
        }
    }
    let root = root();
    let target = target_dir(&root);
    let out = target.join("wheels");
    for tool in ["maturin", "auditwheel"] {
        if which(tool).is_none() {
            bail!("{tool} is not on PATH: `pip install maturin ziglang auditwheel` into a virtual environment on PATH");
        }
    }
    if out.exists() {
        fs::remove_dir_all(&out).with_context(|| format!("cannot empty {}", out.display()))?;
    }
    let package = root.join("bindings/python/Cargo.toml");
    eprintln!("wheels: building the package lexico (release, zig, {MANYLINUX})");
    crate::run(
        Command::new("maturin")
            .args([
                "build",
                "--release",
                "--zig",
                "--locked",
                "--compatibility",
                MANYLINUX,
                "--manifest-path",
            ])
            .arg(&package)
            .arg("--out")
            .arg(&out),
    )?;
    crate::run(
        Command::new("maturin").args(["sdist", "--manifest-path"]).arg(&package).arg("--out").arg(&out),
    )?;
    eprintln!("wheels: building the command lexico-cli (release, as `cargo xtask dist` builds it)");
    // The offline page's engine, which the command embeds (feature `page`, bindings/cli).
    crate::web::build(&root, false)?;
    let mut cli = Command::new("maturin");
    cli.current_dir(root.join("bindings/cli")).args(["build", "--release", "--locked", "--out"]).arg(&out);
    if BUILDS_STATIC {
        cli.args(["--target", STATIC_TRIPLE, "--compatibility", MANYLINUX])
            .env("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS", STATIC_FLAGS);
    }
    crate::run(&mut cli)?;
    for wheel in files(&out, ".whl")? {
        audit(&wheel, &out)?;
    }
    for file in files(&out, "")? {
        let size = fs::metadata(&file)?.len();
        println!("{}  {:.1} MB", file.display(), size as f64 / 1e6);
    }
    if check {
        check_install(&root, &out, &target.join("wheels-check"), &python)?;
        eprintln!("wheels: installed and tested where no Rust is installed");
    }
    Ok(())
}

/// The files of `dir` whose names end in `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    found.retain(|p| p.is_file() && p.to_string_lossy().ends_with(suffix));
    found.sort();
    Ok(found)
}

/// The platform tag `auditwheel show` says a wheel is consistent with (auditwheel wraps its
/// sentences at any space).
fn shown_tag(report: &str) -> Option<String> {
    let words = report.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = words.split("is consistent with the following platform tag: \"").nth(1)?;
    rest.split('"').next().map(str::to_string)
}

/// The glibc minor version of a `manylinux_2_N_ARCH` tag.
fn glibc_minor(tag: &str) -> Option<u32> {
    tag.strip_prefix("manylinux_2_")?.split('_').next()?.parse().ok()
}

/// What to do with a wheel whose file name is `name`, given the tag `auditwheel show` found:
/// nothing, when the wheel asks for no newer glibc than it needs; repair, when it needs shared
/// libraries that the manylinux platform does not promise (`linux_…`). A wheel that claims an
/// older glibc than its symbols need cannot be repaired and fails.
fn needs_repair(name: &str, tag: &str) -> Result<bool> {
    if tag.starts_with("linux_") {
        return Ok(true);
    }
    let claimed = name.split(['-', '.']).filter_map(glibc_minor).min();
    match (claimed, glibc_minor(tag)) {
        (Some(claimed), Some(needed)) if claimed >= needed => Ok(false),
        _ => bail!("{name} claims a platform its binaries do not fit: auditwheel says {tag}"),
    }
}

/// Checks a wheel with `auditwheel show`, and repairs it into `out` if it needs it.
fn audit(wheel: &Path, out: &Path) -> Result<()> {
    let report = |wheel: &Path| -> Result<String> {
        let shown =
            Command::new("auditwheel").arg("show").arg(wheel).output().context("cannot run auditwheel")?;
        if !shown.status.success() {
            bail!("auditwheel show {}: {}", wheel.display(), String::from_utf8_lossy(&shown.stderr).trim());
        }
        Ok(String::from_utf8_lossy(&shown.stdout).into_owned())
    };
    let text = report(wheel)?;
    let name = wheel.file_name().context("a wheel has a name")?.to_string_lossy().into_owned();
    let tag =
        shown_tag(&text).with_context(|| format!("auditwheel show {name} named no platform tag: {text}"))?;
    eprintln!("wheels: {name}: auditwheel: {tag}");
    if needs_repair(&name, &tag)? {
        crate::run(
            Command::new("auditwheel")
                .args(["repair", "--plat", &format!("{MANYLINUX}_x86_64"), "--wheel-dir"])
                .arg(out)
                .arg(wheel),
        )?;
        fs::remove_file(wheel)?;
    }
    Ok(())
}

/// The path of `program` on `PATH`, if any.
fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(program)).find(|p| p.is_file())
}

/// Installs the wheels of `out` into a fresh virtual environment under `scratch` (emptied
/// first) with Rust hidden, and runs the package's tests and doctests and the type checks there.
fn check_install(root: &Path, out: &Path, scratch: &Path, python: &std::ffi::OsStr) -> Result<()> {
    if scratch.exists() {
        fs::remove_dir_all(scratch).with_context(|| format!("cannot empty {}", scratch.display()))?;
    }
    fs::create_dir_all(scratch)?;
    let venv = scratch.join("venv");
    let bin = venv.join("bin");
    let system = path_without_rust(&std::env::var_os("PATH").unwrap_or_default())?;
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(&system)))?;
    // A command run as on a machine without Rust: no cargo or rustc on PATH, none of their
    // variables, the fresh environment active, and the C locale (the tests compare English
    // messages).
    let tool = |program: &std::ffi::OsStr| {
        let mut cmd = Command::new(program);
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy();
            if [
                "CARGO",
                "RUSTUP",
                "RUSTC",
                "RUSTDOC",
                "RUSTFLAGS",
                "PYO3",
                "MATURIN",
                "VIRTUAL_ENV",
                "LEXICO_",
            ]
            .iter()
            .any(|p| key.starts_with(p))
            {
                cmd.env_remove(key.as_ref());
            }
        }
        cmd.current_dir(scratch).env("PATH", &path).env("VIRTUAL_ENV", &venv).env("LC_ALL", "C");
        cmd
    };
    for rust in ["cargo", "rustc"] {
        if tool(rust.as_ref()).arg("--version").output().is_ok() {
            bail!("{rust} is still found with PATH={}", path.to_string_lossy());
        }
    }
    crate::run(tool(python).args(["-m", "venv"]).arg(&venv))?;
    let pip = bin.join("pip");
    crate::run(tool(pip.as_os_str()).args(["install", "--quiet", "pytest", "mypy"]))?;
    crate::run(
        tool(pip.as_os_str())
            .args(["install", "--quiet", "--no-index", "--only-binary", ":all:", "--find-links"])
            .arg(out)
            .arg("lexico[cli]"),
    )?;

    // The command is the native binary, not a Python script, and answers.
    let lexico = bin.join("lexico");
    let head = fs::read(&lexico).with_context(|| format!("pip installed no {}", lexico.display()))?;
    if !head.starts_with(b"\x7fELF") {
        bail!("{} is not the native binary", lexico.display());
    }
    let valid = tool("lexico".as_ref()).args(["valid", "ZUZAR"]).output().context("cannot run lexico")?;
    if !valid.status.success() || !String::from_utf8_lossy(&valid.stdout).contains("ZUZAR\tvalid") {
        bail!(
            "`lexico valid ZUZAR` from the wheel: {}: {}{}",
            valid.status,
            String::from_utf8_lossy(&valid.stdout),
            String::from_utf8_lossy(&valid.stderr)
        );
    }
    // It writes the offline judge page, as the release archive's binary does.
    let page = scratch.join("juez.html");
    let written =
        tool("lexico".as_ref()).arg("page").arg("-o").arg(&page).output().context("cannot run lexico")?;
    let html = fs::read(&page).unwrap_or_default();
    if !written.status.success() || !html.windows(b"<html".len()).any(|w| w == b"<html") {
        bail!(
            "`lexico page` from the wheel: {}: {}",
            written.status,
            String::from_utf8_lossy(&written.stderr).trim()
        );
    }
    // The package carries its marker and stubs (PEP 561).
    let site = fs::read_dir(venv.join("lib"))?
        .filter_map(|e| e.ok().map(|e| e.path().join("site-packages/lexico")))
        .find(|p| p.is_dir())
        .context("pip installed no package lexico")?;
    for file in ["py.typed", "_lexico.pyi", "__init__.py"] {
        if !site.join(file).is_file() {
            bail!("the installed package has no {file} ({})", site.display());
        }
    }

    let py = bin.join("python");
    let py = py.as_os_str();
    crate::run(
        tool(py)
            .args(["-m", "pytest", "-p", "no:cacheprovider", "-q"])
            .arg(root.join("bindings/python/tests"))
            .env("LEXICO_BIN", &lexico),
    )?;
    crate::run(
        tool(py)
            .args(["-m", "doctest"])
            .arg(root.join("docs/python.md"))
            .arg(root.join("bindings/python/README.md")),
    )?;
    // From `scratch`, so that mypy reads the installed package, not the repository's sources.
    crate::run(tool(py).args(["-m", "mypy.stubtest", "lexico._lexico"]))?;
    // For the interpreter's own version: `--python python3.9` checks the package for 3.9.
    crate::run(tool(py).args(["-m", "mypy", "--strict", "--no-incremental", "-p", "lexico"]))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_auditwheel_shows_is_read_from_its_report() {
        let report = "\nlexico-0.1.0-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl\nis consistent with the following platform tag:\n\"manylinux_2_17_x86_64\".\n\nThe wheel references external versioned symbols in these\n";
        assert_eq!(shown_tag(report).as_deref(), Some("manylinux_2_17_x86_64"));
        assert_eq!(
            shown_tag("x.whl is consistent with the following platform tag: \"linux_x86_64\".").as_deref(),
            Some("linux_x86_64")
        );
        assert_eq!(shown_tag("auditwheel: error: cannot access x.whl"), None);
    }

    #[test]
    fn a_wheel_is_repaired_only_when_it_needs_outside_libraries_and_fails_when_it_claims_too_much() {
        let name = "lexico-0.1.0-cp39-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl";
        assert!(!needs_repair(name, "manylinux_2_17_x86_64").unwrap());
        assert!(!needs_repair(name, "manylinux_2_5_x86_64").unwrap(), "a static binary fits any glibc");
        assert!(needs_repair(name, "linux_x86_64").unwrap());
        assert!(needs_repair(name, "manylinux_2_28_x86_64").is_err(), "symbols newer than glibc 2.17");
        assert!(needs_repair("lexico-0.1.0-cp39-abi3-linux_x86_64.whl", "manylinux_2_17_x86_64").is_err());
    }
}
