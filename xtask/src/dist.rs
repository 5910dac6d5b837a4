//! `cargo xtask dist [--check] [--sign KEY] [--target x86_64-pc-windows-gnu]`: the release
//! archive of the command line, in `target/dist/`:
//!
//! ```text
//! target/dist/lexico-VERSION-TRIPLE/          the release folder:
//!     lexico                                  the binary (static, non-PIE and stripped on x86-64 Linux)
//!     lexico.1                                the manual page (`lexico man`)
//!     completions/lexico.bash _lexico (zsh)  lexico.fish  lexico.elv  _lexico.ps1
//!     README.md  LICENSE
//!     SHA256SUMS                              the digest of every other file of the folder
//! target/dist/lexico-VERSION-TRIPLE.tar.gz    that folder, archived
//! target/dist/SHA256SUMS                      the archive's digest, to check a download with
//! ```
//!
//! `--sign KEY` signs both `SHA256SUMS` with that minisign secret key (`SHA256SUMS.minisig`,
//! as `lexico sign` writes it; an encrypted key takes its password from `LEXICO_KEY_PASSWORD`).
//! `--target x86_64-pc-windows-gnu` makes the Windows zip instead (`xtask/src/windows.rs`).
//!
//! The binary is built exactly as `cargo xtask bench` measures it ([`build_release`], which
//! checks that the x86-64 Linux binary really is static, non-PIE and stripped); the scripts and
//! the page are what that binary prints, so they match its commands and flags.
//!
//! `--check` then does what a user does with the archive, where no Rust is installed: it unpacks
//! it into an empty home folder, checks its digests, and with a `PATH` of the unpacked folder and
//! the system's folders less every one that holds `cargo`, `rustc` or `rustup`, runs `lexico
//! valid`, `lexico man`, `lexico completions bash`, builds a lexicon of a small list, installs it
//! and queries it by name.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context, Result};

use crate::root;

/// The flags of the distributed x86-64 Linux binary: linked statically and not
/// position-independent, so the kernel maps it and jumps in, with no dynamic loader, shared
/// libraries or relocations at start-up (this halves `lexico valid` against `/bin/true`; see
/// `docs/performance.md`). They cannot live in `.cargo/config.toml`: without an explicit
/// `--target`, target flags also reach proc-macro crates, which cannot be built with
/// `crt-static`.
pub const STATIC_FLAGS: &str = "-C target-feature=+crt-static -C relocation-model=static";

/// The completion scripts: shell, and the file name that shell's conventions give them.
const COMPLETIONS: [(&str, &str); 5] = [
    ("bash", "lexico.bash"),
    ("zsh", "_lexico"),
    ("fish", "lexico.fish"),
    ("elvish", "lexico.elv"),
    ("powershell", "_lexico.ps1"),
];

/// The workspace's target folder: `CARGO_TARGET_DIR`, else `target/` in the workspace.
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"))
}

/// The target triple of the distributed x86-64 Linux binary, which `--target` names so that
/// [`STATIC_FLAGS`] reach it and not the proc-macro crates.
pub const STATIC_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// True where the distributed binary is the static one ([`STATIC_FLAGS`]).
pub const BUILDS_STATIC: bool = cfg!(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu"));

/// Builds the release binary of the workspace at `root` as it is distributed, in the target
/// folder `target`, and returns its path: on x86-64 Linux with
/// glibc, statically linked ([`STATIC_FLAGS`]); elsewhere, the plain `cargo build --release`.
/// Either way the release profile strips it (`strip = true` in the workspace's `Cargo.toml`).
pub fn build_release(root: &Path, target: &Path) -> Result<PathBuf> {
    // The distributed binary writes the offline page: its engine first (`cargo xtask web`), in
    // a revision that has it.
    let manifest = std::fs::read_to_string(root.join("crates/lexico-cli/Cargo.toml")).unwrap_or_default();
    let has_page = manifest.lines().any(|l| l.trim_start().starts_with("page = "));
    if has_page {
        crate::web::build(root, false)?;
    }
    let mut cmd = Command::new("cargo");
    // `--bin`, not `-p`: the package's name has changed over time, the binary's has not, and
    // `--baseline` builds past revisions too.
    cmd.current_dir(root).args(["build", "--release", "--quiet", "--locked", "--bin", "lexico"]);
    cmd.env("CARGO_TARGET_DIR", target);
    if has_page {
        cmd.args(["--features", "lexico/page"]);
    }
    if BUILDS_STATIC {
        cmd.args(["--target", STATIC_TRIPLE])
            .env("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS", STATIC_FLAGS);
        crate::run(&mut cmd)?;
        let binary = target.join(STATIC_TRIPLE).join("release/lexico");
        let bytes = fs::read(&binary).with_context(|| format!("cannot read {}", binary.display()))?;
        if !is_static_non_pie(&bytes) {
            // `RUSTFLAGS` or `CARGO_ENCODED_RUSTFLAGS` in the environment replace the target's
            // flags without a word from cargo.
            bail!(
                "{} is not a static, non-PIE executable: unset RUSTFLAGS and CARGO_ENCODED_RUSTFLAGS, \
                 which replace the flags `{STATIC_FLAGS}`",
                binary.display()
            );
        }
        if has_symbol_table(&bytes) {
            bail!(
                "{} still has its symbol table: the release profile must say `strip = true`",
                binary.display()
            );
        }
        return Ok(binary);
    }
    crate::run(&mut cmd)?;
    Ok(target.join("release/lexico"))
}

/// Returns true if and only if `elf` is a 64-bit little-endian ELF executable that is not
/// position-independent (type `ET_EXEC`) and names no dynamic loader (no `PT_INTERP` segment).
fn is_static_non_pie(elf: &[u8]) -> bool {
    let u16_at = |i: usize| elf.get(i..i + 2).map(|b| u16::from_le_bytes([b[0], b[1]]) as usize);
    let u64_at =
        |i: usize| elf.get(i..i + 8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")) as usize);
    const ET_EXEC: usize = 2;
    const PT_INTERP: usize = 3;
    if !elf.starts_with(b"\x7fELF\x02\x01") || u16_at(16) != Some(ET_EXEC) {
        return false;
    }
    let (Some(phoff), Some(phentsize), Some(phnum)) = (u64_at(32), u16_at(54), u16_at(56)) else {
        return false;
    };
    (0..phnum).all(|k| {
        let at = phoff + k * phentsize;
        elf.get(at..at + phentsize.max(4))
            .is_some_and(|h| u32::from_le_bytes([h[0], h[1], h[2], h[3]]) as usize != PT_INTERP)
    })
}

/// Returns true if `elf`, a 64-bit little-endian ELF file, has a symbol table section
/// (`SHT_SYMTAB`), which stripping removes; false for a stripped file or anything unreadable.
fn has_symbol_table(elf: &[u8]) -> bool {
    let u16_at = |i: usize| elf.get(i..i + 2).map(|b| u16::from_le_bytes([b[0], b[1]]) as usize);
    let u64_at =
        |i: usize| elf.get(i..i + 8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")) as usize);
    const SHT_SYMTAB: u32 = 2;
    if !elf.starts_with(b"\x7fELF\x02\x01") {
        return false;
    }
    let (Some(shoff), Some(shentsize), Some(shnum)) = (u64_at(40), u16_at(58), u16_at(60)) else {
        return false;
    };
    (0..shnum).any(|k| {
        let at = shoff + k * shentsize + 4;
        elf.get(at..at + 4).is_some_and(|t| u32::from_le_bytes([t[0], t[1], t[2], t[3]]) == SHT_SYMTAB)
    })
}

pub fn run(args: &[String]) -> Result<()> {
    let (mut check, mut key) = (false, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--sign" => key = Some(PathBuf::from(args.next().context("--sign needs a secret key file")?)),
            other => bail!("unknown dist option '{other}' (usage: cargo xtask dist [--check] [--sign KEY] [--target TRIPLE])"),
        }
    }
    let key = key.map(|k| absolute(&k)).transpose()?;
    let root = root();
    let target = target_dir(&root);
    eprintln!("dist: building lexico (release)");
    let binary = build_release(&root, &target)?;
    let version = binary_version(&binary)?;
    let triple = if BUILDS_STATIC { STATIC_TRIPLE.to_string() } else { host_triple()? };
    let name = format!("lexico-{version}-{triple}");
    let dist = target.join("dist");
    if dist.exists() {
        fs::remove_dir_all(&dist).with_context(|| format!("cannot empty {}", dist.display()))?;
    }
    let folder = dist.join(&name);
    let files = lay_out(&binary, &folder, &[root.join("README.md"), root.join("LICENSE")])?;
    write_sums(&folder, &files)?;
    let mut signed = Vec::new();
    if let Some(key) = &key {
        signed.push(sign(&folder.join("SHA256SUMS"), key, Command::new(&binary))?);
    }
    let archive = archive(&folder)?;
    write_sums(&dist, std::slice::from_ref(&archive))?;
    if let Some(key) = &key {
        signed.push(sign(&dist.join("SHA256SUMS"), key, Command::new(&binary))?);
    }
    for file in
        files.iter().chain([&folder.join("SHA256SUMS"), &archive, &dist.join("SHA256SUMS")]).chain(&signed)
    {
        println!("{}", file.display());
    }
    if check {
        check_archive(&archive, &target.join("dist-check"))?;
        eprintln!("dist: {} works from an empty home with no Rust on PATH", archive.display());
    }
    Ok(())
}

/// The version a binary prints (`lexico --version` prints `lexico 0.1.0`).
fn binary_version(binary: &Path) -> Result<String> {
    let out = Command::new(binary)
        .arg("--version")
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    match text.trim().strip_prefix("lexico ") {
        Some(version) if out.status.success() && !version.is_empty() => Ok(version.to_string()),
        _ => bail!("`{} --version` printed {:?}, not `lexico VERSION`", binary.display(), text.trim()),
    }
}

/// The host's target triple, as `rustc -vV` names it.
fn host_triple() -> Result<String> {
    let out = Command::new("rustc").arg("-vV").output().context("cannot run rustc -vV")?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .context("rustc -vV names no host")
}

/// `path` made absolute against the current folder.
pub fn absolute(path: &Path) -> Result<PathBuf> {
    Ok(std::env::current_dir().context("the current folder")?.join(path))
}

/// Signs `file` with the minisign secret key `key` through `lexico sign` (`lexico`, a command
/// that runs the binary just built), and returns the signature's path (`FILE.minisig`).
pub fn sign(file: &Path, key: &Path, mut lexico: Command) -> Result<PathBuf> {
    crate::run(
        lexico.arg("sign").arg("--force").arg("--key").arg(key).arg(file).stdout(std::process::Stdio::null()),
    )?;
    let signature = file.with_file_name(format!(
        "{}.minisig",
        file.file_name().context("a file to sign has a name")?.to_string_lossy()
    ));
    ensure!(signature.is_file(), "`lexico sign` wrote no {}", signature.display());
    Ok(signature)
}

/// Writes `dir/SHA256SUMS`: one `sha256sum` line per file of `files` (all inside `dir`), named
/// relative to `dir`, so `sha256sum -c SHA256SUMS` checks them from there.
pub fn write_sums(dir: &Path, files: &[PathBuf]) -> Result<()> {
    write_sums_as(dir, files, "SHA256SUMS")
}

/// [`write_sums`] into the file `name` of `dir`.
pub fn write_sums_as(dir: &Path, files: &[PathBuf], name: &str) -> Result<()> {
    let mut cmd = Command::new("sha256sum");
    cmd.current_dir(dir);
    for file in files {
        cmd.arg(
            file.strip_prefix(dir)
                .with_context(|| format!("{} is not in {}", file.display(), dir.display()))?,
        );
    }
    let out = cmd.output().context("cannot run sha256sum")?;
    if !out.status.success() {
        bail!("sha256sum failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim());
    }
    let sums = dir.join(name);
    fs::write(&sums, &out.stdout).with_context(|| format!("cannot write {}", sums.display()))
}

/// Archives `folder` into `FOLDER.tar.gz` beside it, with the folder's name as the archive's
/// top folder and no owner names of the machine that made it; returns the archive's path.
fn archive(folder: &Path) -> Result<PathBuf> {
    let parent = folder.parent().context("the release folder has a parent")?;
    let name = folder.file_name().context("the release folder has a name")?.to_string_lossy().into_owned();
    let archive = parent.join(format!("{name}.tar.gz"));
    crate::run(
        Command::new("tar")
            .current_dir(parent)
            .args([
                "--create",
                "--gzip",
                "--sort=name",
                "--owner=0",
                "--group=0",
                "--numeric-owner",
                "--file",
            ])
            .arg(&archive)
            .arg(&name),
    )?;
    Ok(archive)
}

/// Every folder of `PATH` that holds no `cargo`, `rustc` or `rustup` (and is not a `.cargo` or
/// rustup folder), joined again: the `PATH` of a machine without Rust. Fails if what remains
/// still finds one of them.
pub fn path_without_rust(path: &std::ffi::OsStr) -> Result<std::ffi::OsString> {
    const RUST: [&str; 3] = ["cargo", "rustc", "rustup"];
    let kept: Vec<PathBuf> = std::env::split_paths(path)
        .filter(|dir| {
            let shown = dir.to_string_lossy();
            !shown.contains(".cargo")
                && !shown.contains("rustup")
                && !RUST.iter().any(|t| dir.join(t).exists())
        })
        .collect();
    let joined = std::env::join_paths(&kept).context("PATH holds a folder whose name has a ':'")?;
    for tool in RUST {
        if let Some(dir) = std::env::split_paths(&joined).find(|d| d.join(tool).exists()) {
            bail!("{} still holds {tool}", dir.display());
        }
    }
    Ok(joined)
}

/// What a user does with the archive on a machine without Rust: unpacks it into an empty home
/// folder (`scratch/home`, emptied first), checks the digests, and runs the unpacked `lexico`
/// found through `PATH`: a query on the embedded lexicon, the manual page, a completion script,
/// and a lexicon built from a small list, installed and queried by name.
fn check_archive(archive: &Path, scratch: &Path) -> Result<()> {
    if scratch.exists() {
        fs::remove_dir_all(scratch).with_context(|| format!("cannot empty {}", scratch.display()))?;
    }
    let home = scratch.join("home");
    fs::create_dir_all(&home).with_context(|| format!("cannot create {}", home.display()))?;
    crate::run(
        Command::new("tar").arg("--extract").arg("--file").arg(archive).arg("--directory").arg(&home),
    )?;
    let name = archive.file_name().context("the archive has a name")?.to_string_lossy();
    let folder = home.join(name.strip_suffix(".tar.gz").context("the archive is a .tar.gz")?);
    crate::run(Command::new("sha256sum").current_dir(&folder).args(["--check", "--quiet", "SHA256SUMS"]))?;

    let system = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(
        std::iter::once(folder.clone()).chain(std::env::split_paths(&path_without_rust(&system)?)),
    )?;
    // Only what a fresh login has: no LEXICO_* variable, no data folder, English messages.
    let lexico = |args: &[&str]| -> Result<std::process::Output> {
        Command::new("lexico")
            .args(args)
            .current_dir(scratch)
            .env_clear()
            .env("PATH", &path)
            .env("HOME", &home)
            .env("LC_ALL", "C")
            .output()
            .with_context(|| format!("cannot run lexico {} from {}", args.join(" "), folder.display()))
    };
    let expect = |args: &[&str], code: i32, wanted: &str| -> Result<()> {
        let out = lexico(args)?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        if out.status.code() != Some(code) || !stdout.contains(wanted) {
            bail!(
                "`lexico {}` from the archive: exit {} (wanted {code}), output without {wanted:?}: {}{}",
                args.join(" "),
                out.status,
                stdout.trim(),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        Ok(())
    };
    expect(&["valid", "ZUZAR"], 0, "ZUZAR")?;
    expect(&["man"], 0, ".TH lexico 1")?;
    expect(&["completions", "bash"], 0, "_lexico()")?;
    fs::write(scratch.join("words.txt"), "casa\nperro\nchurro\n")?;
    expect(&["build", "--quiet", "--name", "mini", "-o", "x.lex", "words.txt"], 0, "")?;
    expect(&["install", "x.lex"], 0, "installed mini")?;
    let installed = home.join(".local/share/lexico");
    // An installation files the lexicon's entry (`<EDITION>.entry`) naming its copy in `objects/`.
    if !fs::read_dir(&installed)
        .is_ok_and(|mut d| d.any(|e| e.is_ok_and(|e| e.path().extension() == Some("entry".as_ref()))))
    {
        bail!("`lexico install` left no lexicon in {}", installed.display());
    }
    // ZUZAR is in the embedded lexicon, not in this one: the answer comes from the installed file.
    expect(&["valid", "--lexicon", "mini", "churro"], 0, "CHURRO")?;
    expect(&["valid", "--lexicon", "mini", "zuzar"], 1, "ZUZAR")?;
    Ok(())
}

/// Fills `dist` (emptied first) with `binary`, the manual page and the completion scripts that
/// binary prints, and a copy of each file of `extra` (README, licence), and returns the files
/// written, binary first.
fn lay_out(binary: &Path, dist: &Path, extra: &[PathBuf]) -> Result<Vec<PathBuf>> {
    if dist.exists() {
        fs::remove_dir_all(dist).with_context(|| format!("cannot empty {}", dist.display()))?;
    }
    fs::create_dir_all(dist.join("completions"))
        .with_context(|| format!("cannot create {}", dist.display()))?;
    let lexico = dist.join("lexico");
    fs::copy(binary, &lexico).with_context(|| format!("cannot copy {}", binary.display()))?;
    let mut files = vec![lexico.clone()];
    let mut write = |args: &[&str], path: PathBuf| -> Result<()> {
        let out = Command::new(&lexico)
            .args(args)
            .output()
            .with_context(|| format!("cannot run {}", lexico.display()))?;
        if !out.status.success() || out.stdout.is_empty() {
            bail!(
                "`lexico {}` failed ({}): {}",
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        fs::write(&path, &out.stdout).with_context(|| format!("cannot write {}", path.display()))?;
        files.push(path);
        Ok(())
    };
    write(&["man"], dist.join("lexico.1"))?;
    for (shell, name) in COMPLETIONS {
        write(&["completions", shell], dist.join("completions").join(name))?;
    }
    for file in extra {
        let copy = dist.join(file.file_name().context("an extra file has a name")?);
        fs::copy(file, &copy).with_context(|| format!("cannot copy {}", file.display()))?;
        files.push(copy);
    }
    Ok(files)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A scratch folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-dist-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A stand-in for the binary: a script that prints what it was asked, or fails on `man`
    /// when `broken`.
    fn fake_binary(dir: &Path, broken: bool) -> PathBuf {
        let path = dir.join("fake-lexico");
        let man = if broken { "echo 'no man here' >&2; exit 2" } else { "echo '.TH lexico 1'" };
        let script = format!("#!/bin/sh\ncase \"$1\" in\n  man) {man} ;;\n  *) echo \"$@\" ;;\nesac\n");
        fs::write(&path, script).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// A minimal ELF header of `kind` (2 executable, 3 position-independent) with one program
    /// header of segment type `segment` (3 names a dynamic loader).
    fn elf(kind: u16, segment: u32) -> Vec<u8> {
        let mut elf = vec![0u8; 64 + 56];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[16..18].copy_from_slice(&kind.to_le_bytes());
        elf[32..40].copy_from_slice(&64u64.to_le_bytes());
        elf[54..56].copy_from_slice(&56u16.to_le_bytes());
        elf[56..58].copy_from_slice(&1u16.to_le_bytes());
        elf[64..68].copy_from_slice(&segment.to_le_bytes());
        elf
    }

    #[test]
    fn only_a_static_non_pie_executable_passes_for_the_fast_binary() {
        const PT_LOAD: u32 = 1;
        assert!(is_static_non_pie(&elf(2, PT_LOAD)));
        assert!(!is_static_non_pie(&elf(3, PT_LOAD)), "position-independent");
        assert!(!is_static_non_pie(&elf(2, 3)), "names a dynamic loader");
        assert!(!is_static_non_pie(&elf(2, PT_LOAD)[..70]), "cut short");
        assert!(!is_static_non_pie(b"#!/bin/sh\n"));
        // This test's own binary is linked as `cargo test` links it: dynamic, position-independent.
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            assert!(!is_static_non_pie(&fs::read(std::env::current_exe().unwrap()).unwrap()));
        }
    }

    #[test]
    fn dist_holds_the_binary_its_manual_page_and_a_script_per_shell_or_fails() {
        let _spawns = crate::SPAWN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let dir = scratch("layout");
        let binary = fake_binary(&dir, false);
        let dist = dir.join("dist");
        fs::create_dir_all(&dist).unwrap();
        fs::write(dist.join("stale"), "from an earlier run").unwrap();
        let readme = dir.join("README.md");
        fs::write(&readme, "# Lexico\n").unwrap();
        let files = lay_out(&binary, &dist, std::slice::from_ref(&readme)).unwrap();
        let names: Vec<String> =
            files.iter().map(|f| f.strip_prefix(&dist).unwrap().display().to_string()).collect();
        assert_eq!(
            names,
            [
                "lexico",
                "lexico.1",
                "completions/lexico.bash",
                "completions/_lexico",
                "completions/lexico.fish",
                "completions/lexico.elv",
                "completions/_lexico.ps1",
                "README.md"
            ]
        );
        assert_eq!(fs::read_to_string(dist.join("README.md")).unwrap(), "# Lexico\n");
        assert!(!dist.join("stale").exists(), "dist is emptied first");
        assert_eq!(fs::read(dist.join("lexico")).unwrap(), fs::read(&binary).unwrap());
        assert_ne!(fs::metadata(dist.join("lexico")).unwrap().permissions().mode() & 0o111, 0);
        assert_eq!(fs::read_to_string(dist.join("lexico.1")).unwrap(), ".TH lexico 1\n");
        assert_eq!(fs::read_to_string(dist.join("completions/_lexico")).unwrap(), "completions zsh\n");
        assert_eq!(
            fs::read_to_string(dist.join("completions/_lexico.ps1")).unwrap(),
            "completions powershell\n"
        );

        // A binary that cannot print its page stops the layout.
        let broken = dir.join("broken");
        fs::create_dir_all(&broken).unwrap();
        let err = lay_out(&fake_binary(&broken, true), &broken.join("dist"), &[]).unwrap_err();
        assert!(format!("{err:#}").contains("no man here"), "{err:#}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_symbol_table_is_found_and_a_stripped_file_has_none() {
        // This test's own binary is built with debug information and symbols.
        if cfg!(target_os = "linux") && cfg!(target_endian = "little") && cfg!(target_pointer_width = "64") {
            assert!(has_symbol_table(&fs::read(std::env::current_exe().unwrap()).unwrap()));
        }
        // A header with one section header, at 64, of type `t`.
        let with_section = |t: u32| {
            let mut elf = vec![0u8; 64 + 64];
            elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
            elf[40..48].copy_from_slice(&64u64.to_le_bytes());
            elf[58..60].copy_from_slice(&64u16.to_le_bytes());
            elf[60..62].copy_from_slice(&1u16.to_le_bytes());
            elf[68..72].copy_from_slice(&t.to_le_bytes());
            elf
        };
        assert!(has_symbol_table(&with_section(2)));
        assert!(!has_symbol_table(&with_section(3)), "a string table only");
        assert!(!has_symbol_table(&with_section(2)[..70]), "cut short");
        assert!(!has_symbol_table(b"#!/bin/sh\n"));
    }

    #[test]
    fn a_path_without_rust_keeps_only_the_folders_without_cargo_rustc_or_rustup() {
        let dir = scratch("path");
        let (rust, plain, dot_cargo, rustup) =
            (dir.join("rust"), dir.join("plain"), dir.join(".cargo/bin"), dir.join("rustup-toolchain/bin"));
        for d in [&rust, &plain, &dot_cargo, &rustup] {
            fs::create_dir_all(d).unwrap();
        }
        fs::write(rust.join("rustc"), "").unwrap();
        let path = std::env::join_paths([&rust, &plain, &dot_cargo, &rustup]).unwrap();
        let kept = path_without_rust(&path).unwrap();
        assert_eq!(std::env::split_paths(&kept).collect::<Vec<_>>(), [plain]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_archive_unpacks_to_the_release_folder_and_its_sums_catch_a_changed_file() {
        let _spawns = crate::SPAWN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let dir = scratch("archive");
        let folder = dir.join("lexico-9.9.9-test");
        fs::create_dir_all(folder.join("completions")).unwrap();
        let files = [folder.join("lexico"), folder.join("completions/lexico.bash")];
        for (i, f) in files.iter().enumerate() {
            fs::write(f, format!("file {i}\n")).unwrap();
        }
        write_sums(&folder, &files).unwrap();
        let sums = fs::read_to_string(folder.join("SHA256SUMS")).unwrap();
        assert_eq!(sums.lines().count(), 2);
        assert!(
            sums.lines().all(|l| l.ends_with("  lexico") || l.ends_with("  completions/lexico.bash")),
            "{sums}"
        );

        let archive = archive(&folder).unwrap();
        assert_eq!(archive, dir.join("lexico-9.9.9-test.tar.gz"));
        let unpacked = dir.join("unpacked");
        fs::create_dir_all(&unpacked).unwrap();
        let tar = |args: &[&str]| Command::new("tar").args(args).current_dir(&unpacked).output().unwrap();
        assert!(tar(&["--extract", "--file", archive.to_str().unwrap()]).status.success());
        let check = || {
            Command::new("sha256sum")
                .args(["--check", "--quiet", "SHA256SUMS"])
                .current_dir(unpacked.join("lexico-9.9.9-test"))
                .output()
                .unwrap()
                .status
                .success()
        };
        assert!(check(), "the unpacked files match their sums");
        fs::write(unpacked.join("lexico-9.9.9-test/lexico"), "changed\n").unwrap();
        assert!(!check(), "a changed file fails the check");
        let listing =
            String::from_utf8(tar(&["--list", "--verbose", "--file", archive.to_str().unwrap()]).stdout)
                .unwrap();
        assert!(listing.lines().all(|l| l.contains(" 0/0 ")), "no owner names: {listing}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
