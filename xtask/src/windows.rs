//! Lexico for Windows, cross-built with mingw-w64 and tried under Wine:
//!
//! - `cargo xtask dist --target x86_64-pc-windows-gnu [--sign KEY]` ([`dist`]): the release zip
//!   `target/dist/lexico-VERSION-x86_64-pc-windows-gnu.zip` (`lexico.exe`, `README.md`,
//!   `LICENSE`, `_lexico.ps1`, `SHA256SUMS`), once the executable is checked to import no DLL
//!   beyond those Windows 10 ships ([`SYSTEM_DLLS`], read with `x86_64-w64-mingw32-objdump -p`).
//!   The completion script is what the Windows binary prints, under Wine.
//! - `cargo xtask windows --check` ([`run`]): that zip, unpacked into a folder whose name is not
//!   ASCII, then the commands of a user under Wine in a throwaway `WINEPREFIX` (the Linux
//!   binary's answers are the reference where both must agree). Wine 8 lacks
//!   `bcryptprimitives.dll`, which the standard library imports: a stand-in
//!   (`xtask/windows/processprng.c`) is built beside the unpacked executable, never in the zip.
//!
//! Where Wine or mingw-w64 is missing, `--check` prints one `skipped:` line and succeeds, unless
//! `LEXICO_REQUIRE_TOOLS=1` asks for it to fail.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};

use crate::dist::{sign, target_dir, write_sums, write_sums_as};

/// The target triple of the Windows release.
pub const TRIPLE: &str = "x86_64-pc-windows-gnu";

/// The DLLs the Windows binary may import: each ships with Windows 10 and later (the C runtime
/// `msvcrt.dll` included, which mingw-w64 links against). A mingw runtime DLL
/// (`libgcc_s_seh-1.dll`, `libwinpthread-1.dll`) would fail the check: users do not have them.
pub const SYSTEM_DLLS: [&str; 10] = [
    "advapi32.dll",
    "api-ms-win-core-synch-l1-2-0.dll",
    "bcrypt.dll",
    "bcryptprimitives.dll",
    "iphlpapi.dll",
    "kernel32.dll",
    "msvcrt.dll",
    "ntdll.dll",
    "userenv.dll",
    "ws2_32.dll",
];

/// The tools the Windows build and its check need, with the Debian package of each.
const TOOLS: [(&str, &str); 3] = [
    ("x86_64-w64-mingw32-gcc", "gcc-mingw-w64-x86-64"),
    ("x86_64-w64-mingw32-objdump", "binutils-mingw-w64-x86-64"),
    ("wine", "wine"),
];

/// `cargo xtask windows --check`.
pub fn run(args: &[String]) -> Result<()> {
    match args {
        [flag] if flag == "--check" => {}
        _ => bail!("usage: cargo xtask windows --check"),
    }
    if let Some(missing) = TOOLS.iter().find(|(tool, _)| !on_path(tool)) {
        let why = format!("{} is not installed (apt-get install {})", missing.0, missing.1);
        if std::env::var_os("LEXICO_REQUIRE_TOOLS").is_some_and(|v| v == "1") {
            bail!("{why}; LEXICO_REQUIRE_TOOLS=1 requires the Windows check");
        }
        println!("skipped: the Windows check under Wine: {why}");
        return Ok(());
    }
    let start = Instant::now();
    let root = crate::root();
    let zip = dist(&root, None)?;
    let scratch = target_dir(&root).join("windows-check");
    if scratch.exists() {
        fs::remove_dir_all(&scratch).with_context(|| format!("cannot empty {}", scratch.display()))?;
    }
    let wine = Wine::new(&scratch, &zip)?;
    eprintln!("windows: {} unpacked, Wine ready ({:.0?})", zip.display(), start.elapsed());
    let result = suite(&root, &wine, &scratch);
    wine.stop();
    result?;
    eprintln!("windows: every check passed under Wine ({:.0?})", start.elapsed());
    Ok(())
}

/// `cargo xtask dist --target x86_64-pc-windows-gnu [--sign KEY]`.
pub fn run_dist(args: &[String]) -> Result<()> {
    let (mut triple, mut key) = (None, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--target" => triple = args.next(),
            "--sign" => {
                key = Some(crate::dist::absolute(Path::new(args.next().context("--sign needs a key")?))?)
            }
            other => {
                bail!("unknown option '{other}' (usage: cargo xtask dist --target {TRIPLE} [--sign KEY])")
            }
        }
    }
    ensure!(triple.is_some_and(|t| t == TRIPLE), "the only other target is {TRIPLE}");
    dist(&crate::root(), key.as_deref()).map(drop)
}

/// Returns true if and only if `tool` is a file of a folder of `PATH`.
fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|d| d.join(tool).is_file()))
}

/// Builds the Windows release binary, checks what it imports, and writes the release zip and
/// its digests into `target/dist/` (signed with the minisign secret key `key` when given);
/// returns the zip's path.
pub fn dist(root: &Path, key: Option<&Path>) -> Result<PathBuf> {
    let target = target_dir(root);
    eprintln!("dist: building lexico.exe (release, {TRIPLE})");
    // The page's engine is embedded from the workspace's target/web, as in the Linux archive.
    crate::web::build(root, false)?;
    let mut cargo = Command::new("cargo");
    cargo.current_dir(root).args(["build", "--release", "--quiet", "--locked", "--bin", "lexico"]);
    cargo.args(["--features", "lexico/page", "--target", TRIPLE]).env("CARGO_TARGET_DIR", &target);
    crate::run(&mut cargo)?;
    let exe = target.join(TRIPLE).join("release/lexico.exe");
    check_imports(&exe)?;

    let scratch = target.join("windows-dist");
    if scratch.exists() {
        fs::remove_dir_all(&scratch).with_context(|| format!("cannot empty {}", scratch.display()))?;
    }
    let wine = Wine::new(&scratch, &exe)?;
    let version = wine.expect(&["--version"], 0)?;
    let version = version.trim().strip_prefix("lexico ").context("`lexico --version` names no version")?;
    let completion = wine.expect(&["completions", "powershell"], 0)?;

    let dist = target.join("dist");
    let name = format!("lexico-{version}-{TRIPLE}");
    let folder = dist.join(&name);
    if folder.exists() {
        fs::remove_dir_all(&folder).with_context(|| format!("cannot empty {}", folder.display()))?;
    }
    fs::create_dir_all(&folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let mut files = vec![folder.join("lexico.exe"), folder.join("_lexico.ps1")];
    fs::copy(&exe, &files[0]).context("cannot copy lexico.exe")?;
    // Windows PowerShell 5 reads a script without a byte order mark in the system's code page:
    // the mark makes it read the help texts' accents as UTF-8.
    let completion = format!("\u{feff}{}", completion.replace("\r\n", "\n").replace('\n', "\r\n"));
    fs::write(&files[1], completion)?;
    for extra in ["README.md", "LICENSE"] {
        let copy = folder.join(extra);
        fs::copy(root.join(extra), &copy).with_context(|| format!("cannot copy {extra}"))?;
        files.push(copy);
    }
    write_sums(&folder, &files)?;
    let mut listed = vec![folder.join("SHA256SUMS")];
    if let Some(key) = key {
        listed.push(sign(&folder.join("SHA256SUMS"), key, wine.lexico_for_signing())?);
    }
    let zip = dist.join(format!("{name}.zip"));
    let _ = fs::remove_file(&zip);
    // `-X`: no Unix owners or times beyond the zip's own; `-D`: no entries for folders.
    let mut cmd = Command::new("zip");
    cmd.current_dir(&dist).args(["--quiet", "-X", "-D", "-r"]).arg(&zip).arg(&name);
    crate::run(&mut cmd)?;
    // Beside the Linux archive's `SHA256SUMS`, which a release publishes too.
    let sums = dist.join("SHA256SUMS.windows");
    write_sums_as(&dist, std::slice::from_ref(&zip), "SHA256SUMS.windows")?;
    for file in files.iter().chain(&listed).chain([&zip, &sums]) {
        println!("{}", file.display());
    }
    if let Some(key) = key {
        println!("{}", sign(&sums, key, wine.lexico_for_signing())?.display());
    }
    wine.stop();
    Ok(zip)
}

/// The DLLs `exe` imports, as `x86_64-w64-mingw32-objdump -p` lists them, in lower case.
fn imports(exe: &Path) -> Result<Vec<String>> {
    let out = Command::new("x86_64-w64-mingw32-objdump")
        .arg("-p")
        .arg(exe)
        .output()
        .context("cannot run x86_64-w64-mingw32-objdump (apt-get install binutils-mingw-w64-x86-64)")?;
    ensure!(
        out.status.success(),
        "objdump -p {}: {}",
        exe.display(),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    Ok(dll_names(&String::from_utf8_lossy(&out.stdout)))
}

/// The DLL names of an `objdump -p` listing, in lower case, sorted, each once.
fn dll_names(listing: &str) -> Vec<String> {
    let mut dlls: Vec<String> = listing
        .lines()
        .filter_map(|l| l.trim().strip_prefix("DLL Name: "))
        .map(str::to_ascii_lowercase)
        .collect();
    dlls.sort();
    dlls.dedup();
    dlls
}

/// The DLLs of `dlls` that are not Windows' own ([`SYSTEM_DLLS`]).
fn foreign(dlls: &[String]) -> Vec<&String> {
    dlls.iter().filter(|d| !SYSTEM_DLLS.contains(&d.as_str())).collect()
}

/// Fails unless every DLL `exe` imports is one of [`SYSTEM_DLLS`].
fn check_imports(exe: &Path) -> Result<()> {
    let dlls = imports(exe)?;
    ensure!(!dlls.is_empty(), "{} imports no DLL: not a Windows executable?", exe.display());
    let foreign = foreign(&dlls);
    ensure!(
        foreign.is_empty(),
        "{} imports DLLs that Windows 10 does not ship: {foreign:?} (allowed: {SYSTEM_DLLS:?})",
        exe.display()
    );
    eprintln!("dist: lexico.exe imports only Windows' own DLLs: {}", dlls.join(" "));
    Ok(())
}

/// A folder with `lexico.exe` and the `ProcessPrng` stand-in, run under Wine with a prefix of
/// its own.
struct Wine {
    /// The folder of `lexico.exe`.
    dir: PathBuf,
    /// The `WINEPREFIX`.
    prefix: PathBuf,
}

impl Wine {
    /// Makes `scratch/prefix` (a new Wine prefix) and a folder for the executable with the
    /// stand-in DLL: for an executable, `scratch/exe` with a copy of it; for a zip, the release
    /// folder it unpacks to inside `scratch/Señal árbol`.
    fn new(scratch: &Path, exe_or_zip: &Path) -> Result<Wine> {
        fs::create_dir_all(scratch).with_context(|| format!("cannot create {}", scratch.display()))?;
        let dir = match exe_or_zip.extension().and_then(|e| e.to_str()) {
            Some("exe") => {
                let dir = scratch.join("exe");
                fs::create_dir_all(&dir)?;
                fs::copy(exe_or_zip, dir.join("lexico.exe")).context("cannot copy lexico.exe")?;
                dir
            }
            _ => {
                let zip = exe_or_zip;
                let unpack = scratch.join("Señal árbol");
                fs::create_dir_all(&unpack)?;
                crate::run(Command::new("unzip").arg("-q").arg(zip).arg("-d").arg(&unpack))?;
                let name = zip.file_stem().context("the zip has a name")?;
                let folder = unpack.join(name);
                let mut sums = Command::new("sha256sum");
                crate::run(sums.current_dir(&folder).args(["--check", "--quiet", "SHA256SUMS"]))?;
                folder
            }
        };
        fs::create_dir_all(&dir)?;
        let shim = dir.join("bcryptprimitives.dll");
        let source = crate::root().join("xtask/windows/processprng.c");
        let mut gcc = Command::new("x86_64-w64-mingw32-gcc");
        gcc.args(["-O2", "-shared", "-o"]).arg(&shim).arg(&source).arg("-ladvapi32");
        crate::run(&mut gcc)?;
        let wine = Wine { dir, prefix: scratch.join("prefix") };
        // The prefix is made by the first program Wine runs; made here, its time is its own.
        let out = wine.command(&["--version"]).output().context("cannot run wine")?;
        ensure!(
            out.status.success(),
            "lexico.exe --version under Wine: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Ok(wine)
    }

    /// `lexico.exe ARGS` under Wine, in the executable's folder, with no variable of lexico's
    /// and the locale `C.UTF-8`: Wine converts the arguments from the Unix locale's character
    /// set (without one, `Ñ` would not arrive), and it hands its locale variables on to the
    /// program, which therefore speaks English, as the Linux binary with `LC_ALL=C` does.
    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new("wine");
        cmd.arg(self.dir.join("lexico.exe")).args(args).current_dir(&self.dir);
        cmd.env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
        for (name, _) in std::env::vars_os() {
            let name = name.to_string_lossy();
            if name.starts_with("LEXICO_") || name.starts_with("LC_") || name == "LANG" || name == "LANGUAGE"
            {
                cmd.env_remove(&*name);
            }
        }
        cmd.env("LC_ALL", "C.UTF-8");
        cmd
    }

    /// Stops what Wine still runs in the prefix (its server, a station that outlived a kill).
    fn stop(&self) {
        let _ = Command::new("wineserver").arg("-k").env("WINEPREFIX", &self.prefix).status();
    }

    /// The output of `lexico.exe ARGS` with `stdin` as its input.
    fn output(&self, args: &[&str], stdin: &[u8]) -> Result<Output> {
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context("cannot run wine")?;
        child.stdin.take().context("a pipe")?.write_all(stdin)?;
        Ok(child.wait_with_output()?)
    }

    /// The standard output of `lexico.exe ARGS`, which must exit with `code`.
    fn expect(&self, args: &[&str], code: i32) -> Result<String> {
        expect_output(&format!("lexico.exe {}", args.join(" ")), self.output(args, b"")?, code)
    }

    /// A command that runs this `lexico.exe` under Wine, for [`sign`] (the paths it is given,
    /// absolute Unix paths, are those of drive `Z:`, the current one).
    fn lexico_for_signing(&self) -> Command {
        let mut cmd = self.command(&[]);
        if let Some(password) = std::env::var_os("LEXICO_KEY_PASSWORD") {
            cmd.env("LEXICO_KEY_PASSWORD", password);
        }
        cmd
    }
}

/// The standard output of `out` (of `what`), which must have exited with `code`.
fn expect_output(what: &str, out: Output, code: i32) -> Result<String> {
    let stdout = String::from_utf8(out.stdout).with_context(|| format!("{what}: output is not UTF-8"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    ensure!(
        out.status.code() == Some(code),
        "{what}: exit {} (wanted {code})\nstdout: {}\nstderr: {}",
        out.status,
        stdout.trim_end(),
        stderr.trim_end()
    );
    Ok(stdout)
}

/// `path` as Wine's programs name it: on drive `Z:`, with backslashes.
fn win(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// The checks, each against Wine's `lexico.exe`, with the Linux binary as reference where both
/// must answer the same.
fn suite(root: &Path, wine: &Wine, scratch: &Path) -> Result<()> {
    let linux = linux_binary(root)?;
    let native = |args: &[&str], stdin: &[u8]| -> Result<String> {
        let mut child = Command::new(&linux)
            .args(args)
            .env("LC_ALL", "C")
            .env_remove("LEXICO_LEXICON")
            .env("LEXICO_DATA_DIR", scratch.join("linux-data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot run {}", linux.display()))?;
        child.stdin.take().context("a pipe")?.write_all(stdin)?;
        let out = child.wait_with_output()?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let step = |name: &str| eprintln!("windows: {name}");
    let work = scratch.join("Señal árbol").join("datos ñ");
    fs::create_dir_all(&work)?;

    step("valid, words as arguments (Ñ and accents)");
    let args = ["valid", "ZUZAR", "CHURRO", "ÑANDÚ", "pingüino"];
    let got = wine.expect(&args, 0)?;
    ensure!(got.contains("ÑANDU") && got.contains("PINGUINO"), "valid: no ÑANDU or PINGUINO in {got:?}");
    ensure!(got == native(&args, b"")?, "valid: Windows and Linux differ:\n{got}");

    step("valid, a batch with CRLF line ends and a bad word: exit 2, the rest answered");
    let batch = b"casa\r\nc4sa\r\nperro\r\n";
    let got = expect_output("valid < batch", wine.output(&["valid"], batch)?, 2)?;
    ensure!(got.contains("CASA") && got.contains("PERRO"), "valid < batch: {got:?}");
    ensure!(!got.contains('\r'), "valid < batch: a CR in the answer: {got:?}");
    ensure!(got == native(&["valid"], batch)?, "valid < batch: Windows and Linux differ:\n{got}");

    step("explain --lang es: accents");
    let got = wine.expect(&["explain", "--lang", "es", "ÑANDÚ", "ZUZAR"], 0)?;
    ensure!(got.contains("ÑANDU") && got.chars().any(|c| "áéíóú".contains(c)), "explain: {got:?}");
    ensure!(
        got == native(&["explain", "--lang", "es", "ÑANDÚ", "ZUZAR"], b"")?,
        "explain: Windows and Linux differ"
    );

    step("build of a small list, in a folder whose name is not ASCII, with drive and backslashes");
    fs::write(work.join("palabras.txt"), "casa\r\nperro\r\nchurro\r\nñandú\r\n")?;
    let lex = work.join("mini.lex");
    let list = win(&work.join("palabras.txt"));
    wine.expect(&["build", "--quiet", "--name", "mini", "-o", &win(&lex), &list], 0)?;
    let linux_lex = scratch.join("mini-linux.lex");
    native(
        &[
            "build",
            "--quiet",
            "--name",
            "mini",
            "-o",
            &linux_lex.to_string_lossy(),
            &work.join("palabras.txt").to_string_lossy(),
        ],
        b"",
    )?;
    ensure!(fs::read(&lex)? == fs::read(&linux_lex)?, "build: the Windows and Linux lexicons differ");
    let got = wine.expect(&["valid", "--lexicon", &win(&lex), "ñandú", "zuzar"], 1)?;
    ensure!(got.contains("ÑANDU") && got.contains("ZUZAR"), "valid --lexicon: {got:?}");
    // Built again over itself: the atomic writer replaces a file on Windows.
    wine.expect(&["build", "--quiet", "--name", "mini", "-o", &win(&lex), &list], 0)?;
    let left: Vec<String> = fs::read_dir(&work)?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<std::io::Result<_>>()?;
    ensure!(left.iter().all(|n| !n.starts_with('.')), "temporary files left beside the lexicon: {left:?}");

    if let Some(fise2) = crate::fise2_dir_present() {
        step("build of the FISE-2 lists");
        let out = work.join("fise2.lex");
        let mut args = vec!["build".to_string(), "--quiet".into(), "-o".into(), win(&out)];
        for s in [
            "no-verbos.txt",
            "verbos-clasificados.txt",
            "actualizacion-no-verbos.txt",
            "actualizacion-verbos.txt",
        ] {
            args.push(win(&fise2.join(s)));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        wine.expect(&args, 0)?;
        let got = wine.expect(&["valid", "--lexicon", &win(&out), "ZUZAR", "cantásemos", "ÑANDÚES"], 0)?;
        ensure!(got.contains("CANTASEMOS") && got.contains("ÑANDUES"), "valid on FISE-2: {got:?}");
    } else {
        println!("skipped: the FISE-2 build under Wine: no FISE-2 lists (LEXICO_FISE2_DIR)");
    }

    step("bad input: a folder as a path, names Windows forbids");
    for (args, what) in [
        (vec!["valid".to_string(), "--lexicon".into(), win(&work), "casa".into()], "a folder as lexicon"),
        (vec!["build".into(), "--quiet".into(), "-o".into(), win(&work), list.clone()], "a folder as output"),
        (
            vec!["build".into(), "--quiet".into(), "-o".into(), "mal:nombre.lex".into(), list.clone()],
            "a ':' in a name",
        ),
        (
            vec!["build".into(), "--quiet".into(), "-o".into(), "¿qué?.lex".into(), list.clone()],
            "a '?' in a name",
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = wine.output(&args, b"")?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        ensure!(
            out.status.code() == Some(2)
                && stderr.trim_end().lines().count() == 1
                && stderr.starts_with("lexico: "),
            "{what}: wanted one line and exit 2, got {} and {stderr:?}",
            out.status
        );
    }

    step("install --default into %APPDATA%\\lexico, valid from it, lexicons");
    let got = wine.expect(&["install", "--default", &win(&lex)], 0)?;
    ensure!(got.contains("installed mini") && got.contains("AppData\\Roaming\\lexico"), "install: {got:?}");
    let got = wine.expect(&["valid", "churro", "zuzar"], 1)?;
    ensure!(got.contains("CHURRO") && got.contains("ZUZAR"), "valid from the default: {got:?}");
    let got = wine.expect(&["lexicons"], 0)?;
    ensure!(got.contains("mini") && got.contains(".entry"), "lexicons: {got:?}");
    let got = wine.expect(&["install", "--default", "embedded"], 0)?;
    ensure!(!got.is_empty(), "install --default embedded printed nothing");

    step("keygen, trust add, sign, install of a signed file");
    let (public, secret) = (work.join("clave.pub"), work.join("clave.key"));
    wine.expect(&["keygen", "--unencrypted", "-p", &win(&public), "-s", &win(&secret)], 0)?;
    wine.expect(&["trust", "add", &win(&public)], 0)?;
    wine.expect(&["sign", "-k", &win(&secret), &win(&lex)], 0)?;
    ensure!(work.join("mini.lex.minisig").is_file(), "sign wrote no mini.lex.minisig");
    let got = wine.expect(&["install", "--force", &win(&lex)], 0)?;
    ensure!(got.contains("mini"), "install of a signed file: {got:?}");
    let got = wine.expect(&["lexicons"], 0)?;
    ensure!(got.contains("key "), "lexicons names no signer: {got:?}");

    step("install --force while another process holds the entry open");
    locked_install(wine, &work, &secret)?;

    step("serve on 127.0.0.1, asked from Linux with curl, against the Linux station");
    let audit = work.join("auditoría.csv");
    let windows = serve(|port| {
        let mut c =
            wine.command(&["serve", "--listen", &format!("127.0.0.1:{port}"), "--audit-log", &win(&audit)]);
        c.stdin(Stdio::null());
        c
    })?;
    let linux_audit = scratch.join("audit-linux.csv");
    let reference = serve(|port| {
        let mut c = Command::new(&linux);
        c.args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--audit-log"]).arg(&linux_audit);
        c.env("LEXICO_DATA_DIR", scratch.join("linux-data")).stdin(Stdio::null());
        c
    })?;
    ensure!(
        windows == reference,
        "serve: the Windows station answered\n{windows}\nthe Linux one\n{reference}"
    );
    let log = fs::read_to_string(&audit).context("the Windows station's audit log")?;
    ensure!(log.contains("ZUZAR"), "the audit log has no ZUZAR: {log:?}");
    Ok(())
}

/// The answers of a station started by `command(port)` to the requests the check asks, once it
/// answers; the station is then stopped.
fn serve(command: impl Fn(u16) -> Command) -> Result<String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut child =
        command(port).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().context("cannot start serve")?;
    let base = format!("http://127.0.0.1:{port}");
    let get = |path: &str| -> Result<Option<String>> {
        let out =
            Command::new("curl").args(["-sS", "--max-time", "10"]).arg(format!("{base}{path}")).output()?;
        Ok(out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned()))
    };
    let started = Instant::now();
    let answers = loop {
        match get("/api/v1/judge?play=ZUZAR%20%C3%91AND%C3%9A%20ZZZ") {
            Ok(Some(first)) => {
                let mut answers = first;
                for path in ["/api/v1/judge?play=CASA%20PERROS", "/api/v1/judge?play=C4SA", "/api/v1/lexicon"]
                {
                    answers.push('\n');
                    answers.push_str(&get(path)?.with_context(|| format!("{path}: no answer"))?);
                }
                break Ok(answers);
            }
            _ if started.elapsed() > Duration::from_secs(60) => {
                break Err(anyhow::anyhow!("the station did not answer in 60 s"))
            }
            _ => std::thread::sleep(Duration::from_millis(250)),
        }
    };
    let _ = child.kill();
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut stderr);
    }
    let _ = child.wait();
    answers.map(|a| without_numbers(&a)).with_context(|| format!("serve: {}", stderr.trim()))
}

/// `answers` with the judgements' numbers, which each station draws at random, as `"number":"…"`.
fn without_numbers(answers: &str) -> String {
    let mut out = String::new();
    let mut rest = answers;
    while let Some(at) = rest.find("\"number\":\"") {
        let (before, after) = rest.split_at(at + "\"number\":\"".len());
        out.push_str(before);
        out.push('…');
        rest = after.find('"').map_or("", |end| &after[end..]);
    }
    out.push_str(rest);
    out
}

/// `install --force` of a changed lexicon while a Windows process (`cmd`, waiting on its
/// input) holds the installed entry open for appending: the installation succeeds or fails
/// with one line, and the entry is whole either way, old or new.
fn locked_install(wine: &Wine, work: &Path, secret: &Path) -> Result<()> {
    let appdata = wine.prefix.join("drive_c/users");
    let entry = find_file(&appdata, "mini-0.entry").context("no mini-0.entry under the prefix's users")?;
    let before = fs::read(&entry)?;
    let changed = work.join("mini2.lex");
    fs::write(work.join("palabras2.txt"), "casa\r\nperro\r\n")?;
    wine.expect(
        &["build", "--quiet", "--name", "mini", "-o", &win(&changed), &win(&work.join("palabras2.txt"))],
        0,
    )?;
    // Signed, as a key is trusted by now: only the lock may stop the installation.
    wine.expect(&["sign", "-k", &win(secret), &win(&changed)], 0)?;
    let mut holder = Command::new("wine")
        .args(["cmd", "/c", &format!("set /p x= >>\"{}\"", win(&entry))])
        .env("WINEPREFIX", &wine.prefix)
        .env("WINEDEBUG", "-all")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("cannot run wine cmd")?;
    std::thread::sleep(Duration::from_secs(2));
    let out = wine.output(&["install", "--force", &win(&changed)], b"")?;
    if let Some(mut input) = holder.stdin.take() {
        let _ = input.write_all(b"\r\n");
    }
    let _ = holder.wait();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let after = fs::read(&entry)?;
    match out.status.code() {
        Some(0) => ensure!(after != before, "install --force succeeded and the entry is unchanged"),
        Some(2) => {
            ensure!(
                stderr.trim_end().lines().count() == 1 && stderr.contains("mini-0.entry"),
                "install --force, locked: not one line naming the entry: {stderr:?}"
            );
            ensure!(after == before, "install --force failed and the entry changed");
            eprintln!("windows: the held entry was not replaced: {}", stderr.trim());
        }
        _ => bail!("install --force, locked: exit {} {stderr:?}", out.status),
    }
    let text = String::from_utf8_lossy(&after);
    ensure!(text.lines().next().is_some_and(|l| !l.is_empty()), "the entry is not whole: {text:?}");
    Ok(())
}

/// The first file named `name` under `dir`.
fn find_file(dir: &Path, name: &str) -> Option<PathBuf> {
    for entry in fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        if entry.file_name() == name {
            return Some(path);
        }
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            if let Some(found) = find_file(&path, name) {
                return Some(found);
            }
        }
    }
    None
}

/// The Linux `lexico` the Windows one is compared with: the tests' build in the workspace's
/// `target/debug/`, built when missing.
fn linux_binary(root: &Path) -> Result<PathBuf> {
    let binary = root.join("target/debug/lexico");
    if !binary.is_file() {
        let mut cargo = Command::new("cargo");
        cargo.current_dir(root).args(["build", "--quiet", "--locked", "--bin", "lexico"]);
        cargo.env("CARGO_TARGET_DIR", root.join("target"));
        crate::run(&mut cargo)?;
    }
    Ok(binary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mingw_runtime_dll_is_foreign_and_windows_own_are_not() {
        let listing = "\tDLL Name: KERNEL32.dll\n\tvma:  Hint/Ord Member-Name Bound-To\n\
                       \tDLL Name: msvcrt.dll\n\tDLL Name: libgcc_s_seh-1.dll\n\tDLL Name: kernel32.dll\n";
        let dlls = dll_names(listing);
        assert_eq!(dlls, ["kernel32.dll", "libgcc_s_seh-1.dll", "msvcrt.dll"]);
        assert_eq!(foreign(&dlls), ["libgcc_s_seh-1.dll"]);
        assert!(foreign(&dll_names("\tDLL Name: WS2_32.dll\n\tDLL Name: bcryptprimitives.dll\n")).is_empty());
    }

    #[test]
    fn the_numbers_of_judgements_are_left_out_of_a_comparison() {
        let a = r#"{"number":"Q9P3B","verdict":"UNACCEPTABLE"}"#;
        assert_eq!(without_numbers(a), r#"{"number":"…","verdict":"UNACCEPTABLE"}"#);
        assert_eq!(without_numbers(a), without_numbers(r#"{"number":"SVFXS","verdict":"UNACCEPTABLE"}"#));
        assert_ne!(without_numbers(a), without_numbers(r#"{"number":"SVFXS","verdict":"ACCEPTABLE"}"#));
    }

    #[test]
    fn a_path_is_named_on_drive_z_with_backslashes() {
        assert_eq!(win(Path::new("/tmp/Señal árbol/x.lex")), "Z:\\tmp\\Señal árbol\\x.lex");
    }
}
