//! Trust under attack: a station that trusts a key never shows a verdict from bytes that key did
//! not sign, whatever happens to the file while it is read or afterwards, and no signature, key
//! or crafted file makes it panic or wait.
//!
//! The forgery is a signed lexicon's twin of the same size whose counts all agree (ZUZOR where
//! the genuine has ZUZAR, digest recomputed, every checksum recomputed): only the signature tells
//! them apart. Every test runs the binary with its own data folder (`LEXICO_DATA_DIR`).

#![cfg(unix)]

use std::process::{Child, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lexico_lexicon::format::{self, tag};
use lexico_lexicon::Lexicon;
use sha2::{Digest, Sha256};

#[path = "harness/mod.rs"]
#[allow(unused_imports)] // The serve harness re-exports what its own test files use.
mod harness;

use harness::common::{self, Station};

impl Station {
    /// Builds a lexicon of `words` with the edition `edition`; returns its bytes.
    fn build(&self, file: &str, edition: &str, words: &[&str]) -> Vec<u8> {
        let list = format!("{file}.txt");
        std::fs::write(self.path(&list), words.join("\n")).unwrap();
        let out = self.run(&["build", "--quiet", "-o", file, "--name", "test", "--edition", edition, &list]);
        assert_eq!(out.status.code(), Some(0), "build {file}: {}", stderr(&out));
        std::fs::read(self.path(file)).unwrap()
    }

    /// Makes a key pair and trusts its public key; returns the secret key's file name.
    fn trust_new_key(&self) -> String {
        let out = self.run(&["keygen", "-p", "federation.pub", "-s", "federation.key", "--unencrypted"]);
        assert_eq!(out.status.code(), Some(0), "keygen: {}", stderr(&out));
        let out = self.run(&["trust", "add", "federation.pub"]);
        assert_eq!(out.status.code(), Some(0), "trust add: {}", stderr(&out));
        "federation.key".to_string()
    }

    /// Signs `file` with the secret key `key`; returns the signature's text.
    fn sign(&self, file: &str, key: &str) -> String {
        let out = self.run(&["sign", file, "--key", key]);
        assert_eq!(out.status.code(), Some(0), "sign: {}", stderr(&out));
        std::fs::read_to_string(self.path(&format!("{file}.minisig"))).unwrap()
    }

    /// The lexicon and the signature's text the entry `<stem>.entry` of the data folder names.
    fn installed(&self, stem: &str) -> (Vec<u8>, Option<String>) {
        let entry = std::fs::read_to_string(self.data.join(format!("{stem}.entry"))).unwrap();
        let named = |what: &str| entry.lines().find_map(|l| l.strip_prefix(what)).map(str::to_string);
        let objects = self.data.join("objects");
        let lexicon = std::fs::read(objects.join(format!("{}.lex", named("lexicon ").unwrap()))).unwrap();
        let signature = named("signature ")
            .map(|sha| std::fs::read_to_string(objects.join(format!("{sha}.minisig"))).unwrap());
        (lexicon, signature)
    }

    /// The SHA-256 names of the verification records in the data folder.
    fn records(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.data.join("verified")) else { return Vec::new() };
        entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn sha256(bytes: &[u8]) -> String {
    lexico_lexicon::hex(&Sha256::digest(bytes))
}

const WORDS: [&str; 12] =
    ["casa", "perro", "gato", "mesa", "silla", "zuzar", "arbol", "nube", "lago", "monte", "rio", "sol"];

/// The sections of a file image, in file order.
fn sections(image: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let table = format::read_table(image).unwrap();
    table.iter().map(|e| (e.tag, image[e.offset as usize..(e.offset + e.len) as usize].to_vec())).collect()
}

/// The payload digest of sections, as the format defines it.
fn payload_digest(sections: &[([u8; 4], Vec<u8>)]) -> String {
    format::payload_digest(sections.iter().map(|(t, b)| (*t, b.as_slice())))
}

/// `sections` written with `pad` spaces after the manifest's JSON, which changes the file's size
/// and nothing it says (the manifest is outside the payload digest).
fn with_padding(sections: &[([u8; 4], Vec<u8>)], pad: usize) -> Vec<u8> {
    let mut secs = sections.to_vec();
    let mani = secs.iter_mut().find(|(t, _)| *t == tag::MANIFEST).unwrap();
    mani.1.extend(std::iter::repeat_n(b' ', pad));
    format::write(&secs)
}

/// A genuine image and its forgery, of the same size: ZUZAR replaced by ZUZOR in the word store,
/// the manifest's digest recomputed, every count still agreeing, every checksum recomputed.
fn genuine_and_forgery(built: &[u8]) -> (Vec<u8>, Vec<u8>) {
    use fst::Streamer;
    let lex = Lexicon::from_vec(built.to_vec()).unwrap();
    let (zuzar, zuzor) = (lex.tiles().parse_word("zuzar").unwrap(), lex.tiles().parse_word("zuzor").unwrap());
    let mut words: Vec<(Vec<u8>, u64)> = Vec::new();
    let mut stream = lex.fst().stream();
    while let Some((k, v)) = stream.next() {
        words.push((if k == zuzar.as_slice() { zuzor.clone() } else { k.to_vec() }, v));
    }
    words.sort();
    let mut builder = fst::MapBuilder::memory();
    for (k, v) in &words {
        builder.insert(k, *v).unwrap();
    }
    let store = builder.into_inner().unwrap();
    let genuine = sections(built);
    let mut forged = genuine.clone();
    for (t, bytes) in &mut forged {
        if *t == tag::WORDS {
            *bytes = store.clone();
        }
    }
    let digest = payload_digest(&forged);
    let mani = forged.iter_mut().find(|(t, _)| *t == tag::MANIFEST).unwrap();
    let mut m: serde_json::Value = serde_json::from_slice(&mani.1).unwrap();
    m["payload_sha256"] = digest.into();
    mani.1 = serde_json::to_vec_pretty(&m).unwrap();
    for pad_genuine in 0..64 {
        for pad_forged in 0..64 {
            let (g, f) = (with_padding(&genuine, pad_genuine), with_padding(&forged, pad_forged));
            if g.len() == f.len() {
                return (g, f);
            }
        }
    }
    panic!("no padding makes the genuine file and its forgery the same size");
}

/// A signed genuine file `X.lex` (of [`WORDS`]) on a station that trusts its key, and its forgery
/// of the same size, which the forgery checks itself: unsigned, it is answered from (no key
/// would tell).
fn signed_pair(s: &Station) -> (Vec<u8>, Vec<u8>) {
    let built = s.build("built.lex", "X-1", &WORDS);
    let (genuine, forged) = genuine_and_forgery(&built);
    std::fs::write(s.path("forged.lex"), &forged).unwrap();
    let out = s.run(&["valid", "--lexicon", "forged.lex", "zuzor"]);
    assert_eq!(stdout(&out), "ZUZOR\tvalid\n", "the forgery is consistent in every count: {}", stderr(&out));
    std::fs::remove_file(s.path("forged.lex")).unwrap();
    // What that run recorded (the forgery proven whole, unsigned) is forgotten: from here on,
    // every record is one this test's commands wrote.
    std::fs::remove_dir_all(s.data.join("verified")).unwrap();
    let key = s.trust_new_key();
    std::fs::write(s.path("X.lex"), &genuine).unwrap();
    s.sign("X.lex", &key);
    (genuine, forged)
}

/// What one of the commands said while the file was being rewritten, checked: never a verdict
/// from the forgery, never the forgery's digest shown as signed.
fn check_answer(args: &[&str], out: &Output, genuine: &Lexicon, round: usize) {
    let (text, err) = (stdout(out), stderr(out));
    let code = out.status.code();
    let what = format!("round {round}, {args:?}: exit {code:?}, {text}{err}");
    match args[0] {
        "valid" if args.contains(&"--judge") => {
            assert!(code == Some(1) || code == Some(2), "{what}");
            assert!(!text.lines().any(|l| l.starts_with("ACCEPTABLE")), "{what}");
        }
        "valid" => {
            assert!(code == Some(1) || code == Some(2), "{what}");
            assert!(code == Some(2) || text.starts_with("ZUZOR\tinvalid\t"), "{what}");
        }
        _ => {
            if code == Some(0) {
                let payload = genuine.manifest().unwrap().payload_sha256.clone();
                assert!(text.contains(&format!("payload sha256       {payload}")), "{what}");
                assert!(text.contains(&format!("file sha256          {}", genuine.file_sha256())), "{what}");
                assert!(text.contains("signed by            key "), "{what}");
            } else {
                assert_eq!(code, Some(2), "{what}");
            }
        }
    }
    // A refusal is always safe; `common::run_in` checked that it is one line, with no panic.
    let _ = err;
}

/// How a writer rewrites the file under the readers.
#[derive(Clone, Copy, Debug)]
enum Writer {
    /// `pwrite` of the whole image at offset 0, alternately the forgery and the genuine bytes.
    Pwrite,
    /// Copies through a shared writable mapping of the file, which leaves its change time alone
    /// once the pages are mapped writable.
    Mapping,
}

/// Runs `rounds` commands (valid, valid --judge, info --verify in turn) on `X.lex` while a
/// thread rewrites it with `writer`, then leaves the forgery in place and checks that it is
/// refused, and that every verification record is of the genuine bytes.
/// How long the writer rewrites the file without pause, and how long it then leaves the genuine
/// bytes in place, so that runs meet both torn and whole files however fast the machine is.
const RACE: Duration = Duration::from_millis(15);
const REST: Duration = Duration::from_millis(5);

fn readers_against(writer: Writer, rounds: usize) {
    let s = Station::new("tampering", &format!("{writer:?}").to_lowercase());
    let (genuine, forged) = signed_pair(&s);
    let genuine_lex = Lexicon::from_vec(genuine.clone()).unwrap();
    let path = s.path("X.lex");
    let stop = Arc::new(AtomicBool::new(false));
    let thread = {
        let (stop, path, genuine, forged) =
            (Arc::clone(&stop), path.clone(), genuine.clone(), forged.clone());
        std::thread::spawn(move || {
            let file = std::fs::OpenOptions::new().read(true).write(true).open(&path).unwrap();
            match writer {
                Writer::Pwrite => {
                    use std::os::unix::fs::FileExt;
                    while !stop.load(Ordering::Relaxed) {
                        let race = Instant::now();
                        while race.elapsed() < RACE {
                            file.write_all_at(&forged, 0).unwrap();
                            file.write_all_at(&genuine, 0).unwrap();
                        }
                        std::thread::sleep(REST);
                    }
                    // The forgery stays.
                    file.write_all_at(&forged, 0).unwrap();
                }
                Writer::Mapping => {
                    // SAFETY: the mapping is of a file this thread opened, of the size the file
                    // keeps; this process reads the file only through other programs.
                    #[allow(unsafe_code)]
                    let mut map = unsafe { memmap2::MmapMut::map_mut(&file).unwrap() };
                    while !stop.load(Ordering::Relaxed) {
                        let race = Instant::now();
                        while race.elapsed() < RACE {
                            map.copy_from_slice(&forged);
                            map.copy_from_slice(&genuine);
                        }
                        std::thread::sleep(REST);
                    }
                    map.copy_from_slice(&forged);
                    map.flush().unwrap();
                }
            }
        })
    };
    let commands: [&[&str]; 3] = [
        &["valid", "--lexicon", "X.lex", "ZUZOR"],
        &["valid", "--judge", "--lexicon", "X.lex", "ZUZOR"],
        &["info", "--verify", "--lexicon", "X.lex"],
    ];
    let mut accepted = 0;
    for round in 0..rounds {
        let args = commands[round % commands.len()];
        let out = s.run(args);
        check_answer(args, &out, &genuine_lex, round);
        accepted += usize::from(out.status.code() != Some(2));
    }
    stop.store(true, Ordering::Relaxed);
    thread.join().unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), forged);
    // The forgery, left in place, is refused, now and after any number of runs.
    for _ in 0..3 {
        for args in commands {
            let out = s.run(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
            assert!(stderr(&out).contains("does not verify"), "{args:?}: {}", stderr(&out));
        }
    }
    // Only the genuine bytes were ever recorded as verified.
    let records = s.records();
    assert!(
        records.iter().all(|r| *r == sha256(&genuine)),
        "records {records:?}, genuine {}",
        sha256(&genuine)
    );
    // Some runs read the genuine bytes whole: the test exercised both outcomes.
    assert!(accepted > 0, "no run read the genuine file");
}

#[test]
fn a_file_rewritten_with_pwrite_while_it_is_read_never_gives_a_forged_verdict() {
    readers_against(Writer::Pwrite, 210);
}

#[test]
fn a_file_rewritten_through_a_mapping_while_it_is_read_never_gives_a_forged_verdict() {
    readers_against(Writer::Mapping, 210);
}

#[test]
fn every_cut_of_a_signature_is_refused_cleanly_by_valid_lexicons_install_and_info() {
    let s = Station::new("tampering", "cuts");
    let (genuine, _) = signed_pair(&s);
    let out = s.run(&["install", "X.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (_, sig) = s.installed("X-1");
    let sig = sig.expect("installed with its signature");
    let object_sig = s.data.join("objects").join(format!("{}.minisig", sha256(sig.as_bytes())));
    std::fs::write(s.path("cut.lex"), &genuine).unwrap();
    for len in 0..=sig.len() {
        let cut = &sig[..len];
        std::fs::write(s.path("cut.lex.minisig"), cut).unwrap();
        // Removed by the installation of the cut that still verifies, which names its own copy.
        let _ = std::fs::remove_file(&object_sig);
        std::fs::write(&object_sig, cut).unwrap();
        let verifies = cut.trim_end() == sig.trim_end();
        for args in [
            &["valid", "--lexicon", "cut.lex", "casa"][..],
            &["info", "--verify", "--lexicon", "cut.lex"],
            &["lexicons"],
            &["install", "--force", "cut.lex"],
        ] {
            // `common::run_in` has already checked: no panic, and every error line `lexico: `.
            let out = s.run(args);
            let what = format!("{len} of {}, {args:?}: {}", sig.len(), stderr(&out));
            // The installed copy must be the very text installed, a line end included.
            let verifies = if args == ["lexicons"] { cut == sig } else { verifies };
            if verifies {
                assert_eq!(out.status.code(), Some(0), "{what}");
            } else {
                assert_eq!(out.status.code(), Some(2), "{what}");
                assert_eq!(stderr(&out).lines().count(), 1, "{what}");
                // The installed signature's copy is named by its digest: a cut one is refused
                // for that before it is read as a signature.
                let refused = if args == ["lexicons"] {
                    "was changed after it was installed"
                } else {
                    "not a minisign signature"
                };
                assert!(stderr(&out).contains(refused), "{what}");
            }
        }
    }
}

/// A small generator of reproducible bytes (xorshift64*).
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn fill(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

#[test]
fn crafted_unsigned_files_are_refused_before_any_decoder_reads_them() {
    let s = Station::new("tampering", "crafted");
    let (genuine, _) = signed_pair(&s);
    let signature = std::fs::read(s.path("X.lex.minisig")).unwrap();
    let mut random = Bytes(0x1e71_c0de);
    let genuine_sections = sections(&genuine);
    let mut files = Vec::new();
    for i in 0..60 {
        let len = 1 + (random.next() % 4096) as usize;
        files.push((format!("random-{i}.lex"), random.fill(len)));
        // A real header and section table, every checksum right, the sections garbage: what a
        // decoder would read if the signature were checked after it.
        let garbage: Vec<([u8; 4], Vec<u8>)> =
            genuine_sections.iter().map(|(t, b)| (*t, random.fill(b.len().max(1)))).collect();
        files.push((format!("garbage-{i}.lex"), format::write(&garbage)));
    }
    for (name, bytes) in &files {
        std::fs::write(s.path(name), bytes).unwrap();
        let out = s.run(&["valid", "--lexicon", name, "casa"]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(stderr(&out).contains("unsigned, and 1 key is trusted"), "{name}: {}", stderr(&out));
        // With the genuine file's signature beside it: refused for the signature, not decoded.
        std::fs::write(s.path(&format!("{name}.minisig")), &signature).unwrap();
        let out = s.run(&["install", name]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(stderr(&out).contains("does not verify"), "{name}: {}", stderr(&out));
    }
    assert!(s.records().is_empty(), "records of bytes that did not verify: {:?}", s.records());
}

/// Runs `command` and waits at most 20 seconds for it: a command that hangs fails the test
/// instead of blocking it.
fn run_with_timeout(mut command: std::process::Command) -> Output {
    let mut child: Child =
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still runs after 20 seconds");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_device_a_fifo_or_a_huge_file_as_a_key_is_refused_at_once() {
    let s = Station::new("tampering", "unbounded");
    let (genuine, _) = signed_pair(&s);
    let out = run_with_timeout(s.command(&["sign", "X.lex", "--key", "/dev/zero"]));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "lexico: /dev/zero: a device, not a minisign secret key (read only from a regular file)\n"
    );
    let huge = std::fs::File::create(s.path("huge.key")).unwrap();
    huge.set_len(10 << 30).unwrap();
    let out = run_with_timeout(s.command(&["sign", "X.lex", "--key", "huge.key"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("larger than any minisign secret key"), "{}", stderr(&out));
    // A FIFO among the trusted keys: every command that reads them says so at once.
    let out = s.run(&["install", "X.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fifo = s.data.join("trusted/evil.pub");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for args in [
        &["valid", "--lexicon", "X.lex", "casa"][..],
        &["valid", "--lexicon", "X-1", "casa"],
        &["lexicons"],
        &["install", "X.lex"],
        &["trust", "list"],
        &["info", "--verify", "--lexicon", "X.lex"],
    ] {
        let out = run_with_timeout(s.command(args));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains("evil.pub: a FIFO, not a minisign public key"), "{args:?}: {err}");
    }
    std::fs::remove_file(&fifo).unwrap();
    assert_eq!(s.run(&["valid", "--lexicon", "X-1", "casa"]).status.code(), Some(0));
    assert_eq!(s.installed("X-1").0, genuine);
}

#[test]
fn concurrent_signed_installs_of_one_edition_always_leave_a_matching_pair() {
    let s = Station::new("tampering", "installs");
    let key = s.trust_new_key();
    let a = s.build("a.lex", "C-1", &["casa", "perro"]);
    let b = s.build("b.lex", "C-1", &["gato", "mesa", "silla"]);
    let (sig_a, sig_b) = (s.sign("a.lex", &key), s.sign("b.lex", &key));
    let spawn = |file: &str| {
        let mut command = s.command(&["install", "--force", file]);
        command.stdout(Stdio::null()).stderr(Stdio::piped());
        command.spawn().unwrap()
    };
    for round in 0..40 {
        let (first, second) = if round % 2 == 0 { ("a.lex", "b.lex") } else { ("b.lex", "a.lex") };
        let children = [spawn(first), spawn(second)];
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "round {round}: {}", stderr(&out));
        }
        let (lexicon, signature) = s.installed("C-1");
        let signature = signature.expect("installed with its signature");
        let from_a = lexicon == a;
        assert!(from_a || lexicon == b, "round {round}: the installed lexicon is neither file");
        assert_eq!(
            &signature,
            if from_a { &sig_a } else { &sig_b },
            "round {round}: a lexicon beside another's signature"
        );
        let out = s.run(&["info", "--verify", "--lexicon", "C-1"]);
        assert_eq!(out.status.code(), Some(0), "round {round}: {}", stderr(&out));
        let objects: Vec<String> = std::fs::read_dir(s.data.join("objects"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(objects.len(), 2, "round {round}: one copy and its signature, nothing else: {objects:?}");
        let left: Vec<String> = std::fs::read_dir(&s.data)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "round {round}: left behind: {left:?}");
    }
}

/// A `lexico` reading lines from a pipe and answering each: a judge station.
struct Piped {
    child: Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Piped {
    fn start(s: &Station, args: &[&str]) -> Piped {
        use std::io::BufRead;
        let mut child = s
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Piped { child, stdin, lines }
    }

    /// Types `line` and returns the answer line.
    fn ask(&mut self, line: &str) -> String {
        use std::io::Write;
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        self.lines.recv_timeout(Duration::from_secs(20)).unwrap_or_else(|_| panic!("no answer to {line:?}"))
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes `bytes` over the start of `file` in place, as its owner would (`chmod u+w`, then
/// `dd conv=notrunc`).
fn write_in_place(file: &std::path::Path, bytes: &[u8]) {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut f = std::fs::OpenOptions::new().write(true).open(file).unwrap();
    f.write_all(bytes).unwrap();
}

/// The installed copy of the lexicon whose bytes are `bytes`.
fn copy_of(s: &Station, bytes: &[u8]) -> std::path::PathBuf {
    s.data.join("objects").join(format!("{}.lex", sha256(bytes)))
}

#[test]
fn a_running_station_answers_from_the_copy_it_verified_whatever_happens_to_the_installed_file() {
    let s = Station::new("tampering", "running");
    let (genuine, forged) = signed_pair(&s);
    assert_eq!(s.run(&["install", "--default", "X.lex"]).status.code(), Some(0));
    let object = copy_of(&s, &genuine);
    let mut judge = Piped::start(&s, &["valid", "--judge"]);
    let mut serve = common::lexico();
    serve.env("LEXICO_DATA_DIR", &s.data);
    let station = harness::start_command(serve, &[]);
    let verdicts = |judge: &mut Piped, play: &str| {
        let line = judge.ask(play);
        let target = format!("/api/v1/judge?play={}", harness::encode(play));
        let served = station.get(&target, &[]).json()["verdict"].as_str().unwrap_or_default().to_string();
        (line.split('\t').next().unwrap_or_default().to_string(), served)
    };
    let check = |judge: &mut Piped, when: &str| {
        for (play, want) in [("casa zuzar", "ACCEPTABLE"), ("zuzor", "UNACCEPTABLE"), ("casa", "ACCEPTABLE")]
        {
            let (said, served) = verdicts(judge, play);
            assert_eq!((said.as_str(), served.as_str()), (want, want), "{when}: {play}");
        }
        let explained = station.get("/api/v1/explain?word=ZUZOR", &[("X-Lexico-Code", harness::ARBITER)]);
        assert_eq!(explained.json()["valid"], false, "{when}: {}", explained.body);
        // A one-shot command reads the file as it is now: the genuine answer or an error.
        let out = s.run(&["valid", "--judge", "zuzor"]);
        assert!(!stdout(&out).starts_with("ACCEPTABLE"), "{when}: {}", stdout(&out));
    };
    check(&mut judge, "as installed");
    // The installed copy overwritten in place by its owner with a forgery of the same size.
    assert_eq!(forged.len(), genuine.len());
    write_in_place(&object, &forged);
    check(&mut judge, "overwritten");
    let out = s.run(&["valid", "--judge", "zuzor"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("changed after it was installed"), "{}", stderr(&out));
    // Then truncated: no station dies of SIGBUS.
    std::fs::OpenOptions::new().write(true).open(&object).unwrap().set_len(4096).unwrap();
    check(&mut judge, "truncated");
    assert!(judge.child.try_wait().unwrap().is_none(), "the judge station stopped");
    let (_, status) = station.stop();
    assert!(status.success(), "{status:?}");
}

#[test]
fn one_shot_queries_racing_a_writer_of_the_installed_copy_never_give_a_forged_verdict() {
    let s = Station::new("tampering", "racing");
    let (genuine, forged) = signed_pair(&s);
    let object = copy_of(&s, &genuine);
    let mut delays = Bytes(0x00dd_ba11);
    let (mut genuine_answers, mut refusals) = (0, 0);
    for round in 0..300 {
        // The genuine file installed again (the copy the last round's writer changed is replaced).
        let out = s.run(&["install", "--default", "X.lex"]);
        assert_eq!(out.status.code(), Some(0), "round {round}: {}", stderr(&out));
        let delay = Duration::from_micros(delays.next() % 3000);
        let writer = {
            let (object, forged) = (object.clone(), forged.clone());
            std::thread::spawn(move || {
                std::thread::sleep(delay);
                write_in_place(&object, &forged);
            })
        };
        let out = s.run(&["valid", "--judge", "zuzor"]);
        writer.join().unwrap();
        let text = stdout(&out);
        assert!(!text.starts_with("ACCEPTABLE"), "round {round}: a forged verdict: {text}");
        match out.status.code() {
            Some(1) => genuine_answers += 1,
            Some(2) => refusals += 1,
            code => panic!("round {round}: exit {code:?}: {text}{}", stderr(&out)),
        }
    }
    println!("300 rounds: {genuine_answers} genuine answers, {refusals} refusals, 0 forged");
}

#[test]
fn a_hand_written_record_for_an_attacker_built_file_gives_no_signed_by() {
    let s = Station::new("tampering", "records");
    let (genuine, forged) = signed_pair(&s);
    let signature = std::fs::read_to_string(s.path("X.lex.minisig")).unwrap();
    // The forgery beside the genuine signature, and a record saying it was verified, in this
    // version's form and in the form that named signatures.
    std::fs::write(s.path("forged.lex"), &forged).unwrap();
    std::fs::write(s.path("forged.lex.minisig"), &signature).unwrap();
    let lex = Lexicon::from_vec(forged.clone()).unwrap();
    let payload = lex.manifest().unwrap().payload_sha256.clone();
    let sha = sha256(&forged);
    let key_id = stdout(&s.run(&["trust", "list"])).split_whitespace().next().unwrap().to_string();
    std::fs::create_dir_all(s.data.join("verified")).unwrap();
    // The installed form too: an entry naming the forgery and the genuine signature's copy.
    let objects = s.data.join("objects");
    std::fs::create_dir_all(&objects).unwrap();
    std::fs::write(objects.join(format!("{sha}.lex")), &forged).unwrap();
    let sig_sha = sha256(signature.as_bytes());
    std::fs::write(objects.join(format!("{sig_sha}.minisig")), &signature).unwrap();
    std::fs::write(s.data.join("F-1.entry"), format!("lexico-entry 1\nlexicon {sha}\nsignature {sig_sha}\n"))
        .unwrap();
    std::fs::write(s.data.join("default"), "embedded\n").unwrap();
    for record in [
        format!("lexico-verified 3\nsha256 {sha}\npayload {payload}\n"),
        format!("lexico-verified 2\nsha256 {sha}\npayload {payload}\nsignature {sig_sha} {key_id}\n"),
    ] {
        std::fs::write(s.data.join("verified").join(&sha), &record).unwrap();
        for args in [
            &["valid", "--judge", "--lexicon", "forged.lex", "zuzor"][..],
            &["valid", "--lexicon", "forged.lex", "zuzor"],
            &["info", "--lexicon", "forged.lex"],
            &["valid", "--judge", "--lexicon", "F-1", "zuzor"],
            &["info", "--lexicon", "F-1"],
        ] {
            let out = s.run(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
            assert!(!stdout(&out).contains(&key_id), "{args:?}: {}", stdout(&out));
            assert!(stderr(&out).contains("does not verify"), "{args:?}: {}", stderr(&out));
        }
        let out = s.run(&["lexicons"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(!stdout(&out).contains("F-1"), "{}", stdout(&out));
        assert!(
            stderr(&out).contains("F-1.entry") && stderr(&out).contains("does not verify"),
            "{}",
            stderr(&out)
        );
    }
    // The genuine file is still answered, signed.
    let out = s.run(&["info", "--lexicon", "X.lex"]);
    assert!(stdout(&out).contains(&key_id), "{}", stderr(&out));
    let _ = genuine;
}

#[test]
fn a_second_key_with_a_trusted_keys_id_is_refused_unless_it_replaces_it() {
    let s = Station::new("tampering", "same-id");
    let (_, _) = signed_pair(&s);
    let public = std::fs::read_to_string(s.path("federation.pub")).unwrap();
    let line = public.lines().nth(1).unwrap();
    // Another key under the same key number: the last base64 digit of the key changed.
    let mut other = line.to_string();
    let last = other.pop().unwrap();
    other.push(if last == 'A' { 'B' } else { 'A' });
    std::fs::write(s.path("other.pub"), format!("untrusted comment: impostor\n{other}\n")).unwrap();
    let out = s.run(&["trust", "add", "other.pub"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("already trusted with other key bytes"), "{}", stderr(&out));
    assert_eq!(s.run(&["valid", "--lexicon", "X.lex", "zuzar"]).status.code(), Some(0));
    let out = s.run(&["trust", "add", "--replace", "other.pub"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The federation's signature no longer verifies: the key of its id is another.
    let out = s.run(&["valid", "--lexicon", "X.lex", "zuzar"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not verify"), "{}", stderr(&out));
    // The identity point is no key at all: `Ed`, key number 0707…07, then y = 1, in base64.
    let identity = "RWQHBwcHBwcHBwEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    let out = s.run(&["trust", "add", identity]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("identity point"), "{}", stderr(&out));
}

/// `sections` written as a file whose checksums and payload digest all hold.
fn with_recomputed_digest(mut secs: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    let digest = payload_digest(&secs);
    let mani = secs.iter_mut().find(|(t, _)| *t == tag::MANIFEST).unwrap();
    let mut m: serde_json::Value = serde_json::from_slice(&mani.1).unwrap();
    m["payload_sha256"] = digest.into();
    mani.1 = serde_json::to_vec(&m).unwrap();
    format::write(&secs)
}

#[test]
fn crafted_word_stores_with_no_key_trusted_give_exit_2_or_an_answer_never_an_abort() {
    let s = Station::new("tampering", "crafted-stores");
    let built = s.build("built.lex", "X-1", &WORDS);
    let genuine = sections(&built);
    // Files whose WORD or REJW section was changed, its checksum and the payload digest
    // recomputed: some malformed (the fst crate would panic on them), some still well formed.
    let mut random = Bytes(0x5eed_0001);
    let (mut malformed, mut well_formed) = (Vec::new(), Vec::new());
    while malformed.len() < 8 || well_formed.len() < 2 {
        let target = if malformed.len() % 2 == 0 { tag::WORDS } else { tag::REJECTED };
        let mut crafted = genuine.clone();
        let bytes = &mut crafted.iter_mut().find(|(t, _)| *t == target).unwrap().1;
        for _ in 0..1 + random.next() % 3 {
            let at = (random.next() % bytes.len() as u64) as usize;
            bytes[at] = random.next() as u8;
        }
        let file = with_recomputed_digest(crafted);
        let lex = Lexicon::from_vec(file.clone()).unwrap();
        if lex.check_word_stores().is_err() {
            if malformed.len() < 8 {
                malformed.push(file);
            }
        } else if lex.verify().is_ok() && well_formed.len() < 2 {
            well_formed.push(file);
        }
    }
    std::fs::write(s.path("X.lex"), &built).unwrap();
    for (i, file) in malformed.iter().chain(&well_formed).enumerate() {
        let name = format!("crafted-{i}.lex");
        std::fs::write(s.path(&name), file).unwrap();
        // `common::run_in` fails the test on a panic or an abort (exit 101 or 134).
        for args in [
            &["valid", "--lexicon", &name, "casa", "zuzar"][..],
            &["valid", "--judge", "--lexicon", &name, "casa"],
            &["explain", "--lexicon", &name, "casas"],
            &["anagram", "--lexicon", &name, "asac"],
            &["anagram", "--super", "--lexicon", &name, "o"],
            &["pattern", "--lexicon", &name, "*A*"],
            &["info", "--lexicon", &name],
            &["dump", "--lexicon", &name],
            &["diff", &name, "X.lex"],
            &["install", &name],
        ] {
            let out = s.run(args);
            let code = out.status.code();
            if i < malformed.len() {
                assert_eq!(code, Some(2), "{name} {args:?}: {}", stdout(&out));
                assert!(stderr(&out).contains("word store"), "{name} {args:?}: {}", stderr(&out));
            } else {
                assert!(matches!(code, Some(0..=2)), "{name} {args:?}: {code:?}");
            }
        }
        // In the data folder, as an installed lexicon: `lexicons` reports it and goes on.
        std::fs::create_dir_all(&s.data).unwrap();
        std::fs::write(s.data.join("crafted.lex"), file).unwrap();
        let out = s.run(&["lexicons"]);
        assert!(matches!(out.status.code(), Some(0 | 2)), "{name}: lexicons");
        std::fs::remove_file(s.data.join("crafted.lex")).unwrap();
        // A station refuses to start on a malformed one; on the others, it explains.
        let mut serve = common::lexico();
        serve.current_dir(&s.work).env("LEXICO_DATA_DIR", &s.data);
        if i < malformed.len() {
            serve.args([
                "serve",
                "--arbiter-code",
                harness::ARBITER,
                "--listen",
                "127.0.0.1:0",
                "--lexicon",
                &name,
            ]);
            let out = run_with_timeout(serve);
            assert_eq!(out.status.code(), Some(2), "{name}: serve: {}", stderr(&out));
        } else {
            let station = harness::start_command(serve, &["--lexicon", s.path(&name).to_str().unwrap()]);
            for word in ["CASAS", "ZUZAR", "PERRO"] {
                let answer = station
                    .get(&format!("/api/v1/explain?word={word}"), &[("X-Lexico-Code", harness::ARBITER)]);
                assert!(answer.status == 200, "{name}: explain {word}: {}", answer.body);
            }
            let (_, status) = station.stop();
            assert!(status.success(), "{name}: {status:?}");
        }
    }
}
