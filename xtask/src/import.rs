//! `cargo xtask import-letterpress [VERSION]`: rewrites `lexicon-src/` from the npm package
//! `an-array-of-spanish-words` (the Letterpress Spanish list).

use std::fmt::Write as _;
use std::process::Command;

use anyhow::{bail, Context, Result};

const PACKAGE: &str = "an-array-of-spanish-words";
const DEFAULT_VERSION: &str = "2.0.0";

pub fn run(args: &[String]) -> Result<()> {
    let version = args.first().map_or(DEFAULT_VERSION, String::as_str);
    let work = std::env::temp_dir().join(format!("lexico-import-{}", std::process::id()));
    std::fs::create_dir_all(&work)?;
    let spec = format!("{PACKAGE}@{version}");
    let out = Command::new("npm")
        .args(["pack", &spec, "--silent"])
        .current_dir(&work)
        .output()
        .context("cannot run npm (is Node.js installed?)")?;
    if !out.status.success() {
        bail!("npm pack {spec} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    let tarball = work.join(String::from_utf8(out.stdout)?.trim());
    crate::run(Command::new("tar").arg("xzf").arg(&tarball).current_dir(&work))?;
    let package = work.join("package");
    let listed = Command::new("node")
        .args(["-e", "for (const w of require('./index.json')) process.stdout.write(w + '\\n')"])
        .current_dir(&package)
        .output()
        .context("cannot run node")?;
    if !listed.status.success() {
        bail!("reading index.json failed: {}", String::from_utf8_lossy(&listed.stderr).trim());
    }
    let words = String::from_utf8(listed.stdout).context("the word list is not UTF-8")?;
    let count = words.lines().count();
    let dest = crate::root().join("lexicon-src");
    std::fs::create_dir_all(&dest)?;
    std::fs::write(dest.join("letterpress-es.txt"), &words)?;
    std::fs::copy(package.join("license"), dest.join("letterpress-es.LICENSE"))?;
    let mut note = String::new();
    writeln!(note, "# Provenance of the default lexicon's source")?;
    writeln!(note)?;
    writeln!(note, "`letterpress-es.txt` is the word list of the npm package `{PACKAGE}` {version},")?;
    writeln!(
        note,
        "one word a line in the package's order, written by `cargo xtask import-letterpress {version}`."
    )?;
    writeln!(
        note,
        "The package derives it from the Spanish list of the game Letterpress (released by its author"
    )?;
    writeln!(note, "under CC0); the package is MIT-licensed (`letterpress-es.LICENSE`).")?;
    writeln!(note)?;
    writeln!(note, "| what | value |")?;
    writeln!(note, "| --- | --- |")?;
    writeln!(note, "| package | {PACKAGE} {version} |")?;
    writeln!(note, "| tarball SHA-256 | {} |", sha256(&tarball)?)?;
    writeln!(note, "| index.json SHA-256 | {} |", sha256(&package.join("index.json"))?)?;
    writeln!(note, "| letterpress-es.txt SHA-256 | {} |", sha256(&dest.join("letterpress-es.txt"))?)?;
    writeln!(note, "| words | {count} |")?;
    writeln!(note)?;
    writeln!(
        note,
        "Measured by the project: this list is the FISE lexicon edition that preceded FISE-2 (2016)."
    )?;
    writeln!(
        note,
        "Its 2- and 3-tile words differ from FISE-2's exactly by the additions and removals listed in"
    )?;
    writeln!(
        note,
        "FISE-2's update files. It is lower case and without accents; it holds every inflected form"
    )?;
    writeln!(note, "(plurals, feminines, verb forms) and no word with K or W.")?;
    std::fs::write(dest.join("PROVENANCE.md"), note)?;
    std::fs::remove_dir_all(&work).ok();
    println!("lexicon-src/letterpress-es.txt: {count} words from {spec}");
    Ok(())
}

fn sha256(path: &std::path::Path) -> Result<String> {
    let out = Command::new("sha256sum").arg(path).output().context("cannot run sha256sum")?;
    let text = String::from_utf8(out.stdout)?;
    Ok(text.split_whitespace().next().unwrap_or_default().to_string())
}
