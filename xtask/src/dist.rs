//! `cargo xtask dist`: the binary as it is distributed, with its completion scripts and manual
//! page, in `target/dist/`:
//!
//! ```text
//! target/dist/lexico                  the binary (static and non-PIE on x86-64 Linux)
//! target/dist/lexico.1                the manual page (`lexico man`)
//! target/dist/completions/lexico.bash _lexico (zsh)  lexico.fish  lexico.elv  _lexico.ps1
//! ```
//!
//! The binary is built exactly as `cargo xtask bench` measures it ([`build_release`], which
//! checks that the x86-64 Linux binary really is static and non-PIE); the scripts and the page
//! are what that binary prints, so they match its commands and flags.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

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

/// Builds the release binary as it is distributed and returns its path: on x86-64 Linux with
/// glibc, statically linked ([`STATIC_FLAGS`]); elsewhere, the plain `cargo build --release`.
pub fn build_release(root: &Path, target: &Path) -> Result<PathBuf> {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root).args(["build", "--release", "--quiet", "--locked", "-p", "lexico-cli"]);
    if cfg!(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu")) {
        const TRIPLE: &str = "x86_64-unknown-linux-gnu";
        cmd.args(["--target", TRIPLE]).env("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS", STATIC_FLAGS);
        crate::run(&mut cmd)?;
        let binary = target.join(TRIPLE).join("release/lexico");
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

pub fn run(args: &[String]) -> Result<()> {
    if let Some(other) = args.first() {
        bail!("unknown dist option '{other}' (usage: cargo xtask dist)");
    }
    let root = root();
    let target = target_dir(&root);
    eprintln!("dist: building lexico (release)");
    let binary = build_release(&root, &target)?;
    let dist = target.join("dist");
    for file in lay_out(&binary, &dist)? {
        println!("{}", file.display());
    }
    Ok(())
}

/// Fills `dist` (emptied first) with `binary`, the manual page and the completion scripts that
/// binary prints, and returns the files written, binary first.
fn lay_out(binary: &Path, dist: &Path) -> Result<Vec<PathBuf>> {
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
        let files = lay_out(&binary, &dist).unwrap();
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
                "completions/_lexico.ps1"
            ]
        );
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
        let err = lay_out(&fake_binary(&broken, true), &broken.join("dist")).unwrap_err();
        assert!(format!("{err:#}").contains("no man here"), "{err:#}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
