//! Trust at the judges' table: a lexicon file is used only when proven whole (its payload digest
//! computed and equal to its manifest's, its counts equal to what it holds), and, once a key is
//! trusted, only when signed by a trusted key; damage is always reported; `build` writes only
//! regular files, publishes a lexicon and its report as a pair, and cleans up after itself.
//!
//! Every test runs the binary in a scratch folder with its own data folder (`LEXICO_DATA_DIR`).
//! The forgeries are made as a forger would: sections rewritten with the crates that read them,
//! and every checksum the format has recomputed.

use std::path::PathBuf;
use std::process::Output;

use lexico_lexicon::format::{self, tag};
use lexico_lexicon::Lexicon;
use sha2::{Digest, Sha256};

mod common;

use common::Station;

impl Station {
    /// Builds `file` from the words given (embedded rule set); returns its bytes.
    fn build(&self, file: &str, words: &[&str]) -> Vec<u8> {
        let list = format!("{file}.txt");
        std::fs::write(self.path(&list), words.join("\n")).unwrap();
        let out = self.run(&["build", "--quiet", "-o", file, "--name", "test", "--edition", "T-1", &list]);
        assert_eq!(out.status.code(), Some(0), "build {file}: {}", stderr(&out));
        std::fs::read(self.path(file)).unwrap()
    }

    /// Makes a key pair `name.pub`, `name.key` with `lexico keygen`.
    fn keygen(&self, name: &str) -> (String, String) {
        let (public, secret) = (format!("{name}.pub"), format!("{name}.key"));
        let out = self.run(&["keygen", "-p", &public, "-s", &secret, "--unencrypted"]);
        assert_eq!(out.status.code(), Some(0), "keygen: {}", stderr(&out));
        (public, secret)
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const WORDS: [&str; 12] =
    ["casa", "perro", "gato", "mesa", "silla", "libro", "arbol", "nube", "lago", "monte", "rio", "sol"];

/// The sections of a file image, in file order.
fn sections(image: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let table = format::read_table(image).unwrap();
    table.iter().map(|e| (e.tag, image[e.offset as usize..(e.offset + e.len) as usize].to_vec())).collect()
}

/// The payload digest of sections, as the format defines it.
fn payload_digest(sections: &[([u8; 4], Vec<u8>)]) -> String {
    format::payload_digest(sections.iter().map(|(t, b)| (*t, b.as_slice())))
}

/// How far a forger goes.
#[derive(Clone, Copy, PartialEq)]
enum Forgery {
    /// A word store with ZUZAR added; its CRC and the header's recomputed, the manifest left alone.
    Crcs,
    /// The same, with the manifest's payload digest recomputed too (it still counts 12 words).
    Digest,
    /// The same, with every count of the manifest made to agree: only a signature tells.
    Counts,
}

/// `genuine` with ZUZAR added to its word store, to the level `level`.
fn forge(genuine: &[u8], level: Forgery) -> Vec<u8> {
    use fst::Streamer;
    let lex = Lexicon::from_vec(genuine.to_vec()).unwrap();
    let extra = lex.tiles().parse_word("zuzar").unwrap();
    let mut words: Vec<(Vec<u8>, u64)> = Vec::new();
    let mut stream = lex.fst().stream();
    while let Some((k, v)) = stream.next() {
        words.push((k.to_vec(), v));
    }
    words.push((extra.to_vec(), 0));
    words.sort();
    let mut builder = fst::MapBuilder::memory();
    for (k, v) in &words {
        builder.insert(k, *v).unwrap();
    }
    let store = builder.into_inner().unwrap();
    let mut secs = sections(genuine);
    for (t, bytes) in &mut secs {
        if *t == tag::WORDS {
            *bytes = store.clone();
        }
    }
    if level == Forgery::Counts {
        // The provenance column no longer fits: without one, codes are the store's values.
        secs.retain(|(t, _)| *t != tag::CODES);
    }
    if level != Forgery::Crcs {
        let digest = payload_digest(&secs);
        let mani = secs.iter_mut().find(|(t, _)| *t == tag::MANIFEST).unwrap();
        let mut m: serde_json::Value = serde_json::from_slice(&mani.1).unwrap();
        m["payload_sha256"] = digest.into();
        if level == Forgery::Counts {
            m["words"] = (words.len() as u64).into();
            let n = extra.len();
            let by_length = m["words_by_length"].as_array_mut().unwrap();
            while by_length.len() <= n {
                by_length.push(0.into());
            }
            by_length[n] = (by_length[n].as_u64().unwrap() + 1).into();
        }
        mani.1 = serde_json::to_vec_pretty(&m).unwrap();
    }
    // `write` recomputes every section's CRC-32 and the header's.
    format::write(&secs)
}

#[test]
fn a_word_swap_with_recomputed_crcs_is_refused_by_valid() {
    let s = Station::new("trust", "forged-crcs");
    let genuine = s.build("genuine.lex", &WORDS);
    std::fs::write(s.path("forged.lex"), forge(&genuine, Forgery::Crcs)).unwrap();
    for args in [
        &["valid", "--lexicon", "forged.lex", "zuzar"][..],
        &["valid", "--judge", "--lexicon", "forged.lex", "zuzar"],
        &["explain", "--lexicon", "forged.lex", "zuzar"],
        &["dump", "--lexicon", "forged.lex"],
    ] {
        let out = s.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains("payload digest"), "{args:?}: {}", stderr(&out));
        assert!(!stdout(&out).contains("ACCEPTABLE") && !stdout(&out).contains("valid"), "{}", stdout(&out));
    }
}

#[test]
fn a_forgery_with_a_recomputed_digest_is_refused_for_its_word_count() {
    let s = Station::new("trust", "forged-digest");
    let genuine = s.build("genuine.lex", &WORDS);
    std::fs::write(s.path("forged.lex"), forge(&genuine, Forgery::Digest)).unwrap();
    let out = s.run(&["valid", "--lexicon", "forged.lex", "zuzar"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the manifest counts 12 words, the file holds 13"), "{}", stderr(&out));
    let out = s.run(&["info", "--verify", "--lexicon", "forged.lex"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
}

#[test]
fn a_forgery_consistent_in_every_count_is_refused_once_a_key_is_trusted() {
    let s = Station::new("trust", "forged-counts");
    let genuine = s.build("genuine.lex", &WORDS);
    let forged = forge(&genuine, Forgery::Counts);
    std::fs::write(s.path("forged.lex"), &forged).unwrap();
    // Without a trusted key, a file consistent in everything is taken as unsigned: a digest
    // proves a file whole, not who made it.
    let out = s.run(&["valid", "--lexicon", "forged.lex", "zuzar"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (public, secret) = s.keygen("federation");
    assert_eq!(s.run(&["trust", "add", &public]).status.code(), Some(0));
    assert_eq!(s.run(&["sign", "genuine.lex", "--key", &secret]).status.code(), Some(0));
    // Unsigned.
    let out = s.run(&["valid", "--judge", "--lexicon", "forged.lex", "casa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unsigned, and 1 key is trusted"), "{}", stderr(&out));
    // With the genuine file's signature beside it.
    std::fs::copy(s.path("genuine.lex.minisig"), s.path("forged.lex.minisig")).unwrap();
    let out = s.run(&["valid", "--judge", "--lexicon", "forged.lex", "casa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not verify"), "{}", stderr(&out));
    // The genuine file is accepted, and names its signer.
    let out = s.run(&["valid", "--judge", "--lexicon", "genuine.lex", "casa"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = s.run(&["info", "--lexicon", "genuine.lex"]);
    assert!(stdout(&out).contains("signed by            key "), "{}", stdout(&out));
}

#[test]
fn a_lexicon_signed_by_an_untrusted_key_is_refused() {
    let s = Station::new("trust", "untrusted");
    s.build("genuine.lex", &WORDS);
    let (public, _) = s.keygen("federation");
    let (_, other) = s.keygen("someone");
    assert_eq!(s.run(&["trust", "add", &public]).status.code(), Some(0));
    assert_eq!(s.run(&["sign", "genuine.lex", "--key", &other]).status.code(), Some(0));
    let out = s.run(&["valid", "--lexicon", "genuine.lex", "casa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("which is not trusted"), "{}", stderr(&out));
    let out = s.run(&["install", "genuine.lex"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!s.data.join("T-1.lex").exists());
    // Once the key is no longer trusted (none is), the file is used as unsigned.
    let list = stdout(&s.run(&["trust", "list"]));
    let id = list.split_whitespace().next().unwrap().to_string();
    assert_eq!(s.run(&["trust", "remove", &id]).status.code(), Some(0));
    assert_eq!(s.run(&["valid", "--lexicon", "genuine.lex", "casa"]).status.code(), Some(0));
    assert!(stdout(&s.run(&["info", "--lexicon", "genuine.lex"])).contains("signed by            unsigned"));
}

#[test]
fn install_keeps_the_signature_and_lexicons_shows_the_signer() {
    let s = Station::new("trust", "install-signed");
    s.build("genuine.lex", &WORDS);
    let (public, secret) = s.keygen("federation");
    assert_eq!(s.run(&["trust", "add", &public]).status.code(), Some(0));
    let out = s.run(&["install", "genuine.lex"]);
    assert_eq!(out.status.code(), Some(2), "an unsigned file is not installed once a key is trusted");
    assert_eq!(s.run(&["sign", "genuine.lex", "--key", &secret]).status.code(), Some(0));
    let out = s.run(&["install", "genuine.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The entry names the signature's copy beside the lexicon's.
    let entry = std::fs::read_to_string(s.data.join("T-1.entry")).unwrap();
    let sig = entry.lines().find_map(|l| l.strip_prefix("signature ")).expect("a signature line");
    assert!(s.data.join("objects").join(format!("{sig}.minisig")).exists());
    let out = s.run(&["lexicons"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let row = stdout(&out).lines().find(|l| l.contains("T-1.entry")).unwrap().to_string();
    assert!(row.contains("key "), "{row}");
    assert_eq!(s.run(&["valid", "--lexicon", "T-1", "casa"]).status.code(), Some(0));
}

#[test]
fn a_verified_file_changed_in_place_is_verified_again() {
    // A verification is recorded under the SHA-256 of the bytes checked, which every use
    // computes: a change that keeps the size and puts the modification time back is verified.
    let s = Station::new("trust", "changed");
    let genuine = s.build("genuine.lex", &WORDS);
    assert_eq!(s.run(&["valid", "--lexicon", "genuine.lex", "casa"]).status.code(), Some(0));
    assert!(s.data.join("verified").read_dir().unwrap().count() == 1);
    let path = s.path("genuine.lex");
    let mtime = std::fs::metadata(&path).unwrap().modified().unwrap();
    let table = format::read_table(&genuine).unwrap();
    let rejected = table.iter().find(|e| e.tag == tag::REJECTED).unwrap();
    let mut damaged = genuine.clone();
    damaged[rejected.offset as usize] ^= 0x01;
    std::thread::sleep(std::time::Duration::from_millis(20));
    {
        use std::io::{Seek, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.seek(std::io::SeekFrom::Start(0)).unwrap();
        f.write_all(&damaged).unwrap();
        f.set_modified(mtime).unwrap();
    }
    let out = s.run(&["valid", "--lexicon", "genuine.lex", "casa"]);
    assert_eq!(out.status.code(), Some(2), "a changed file answered from an old verification");
    assert!(stderr(&out).contains("REJW") && stderr(&out).contains("damaged"), "{}", stderr(&out));
}

#[test]
fn damage_in_rejw_prov_or_mani_is_reported_not_hidden() {
    let s = Station::new("trust", "damage");
    let genuine = s.build("genuine.lex", &WORDS);
    let table = format::read_table(&genuine).unwrap();
    for t in [tag::REJECTED, tag::PROVENANCE, tag::MANIFEST] {
        let e = table.iter().find(|e| e.tag == t).unwrap();
        let mut damaged = genuine.clone();
        damaged[e.offset as usize + e.len as usize / 2] ^= 0x04;
        let name = format!("{}.lex", String::from_utf8_lossy(&t));
        std::fs::write(s.path(&name), damaged).unwrap();
        for word in ["casa", "casas", "zzzz"] {
            let out = s.run(&["explain", "--lexicon", &name, word]);
            assert_eq!(out.status.code(), Some(2), "{name} {word}: {}", stdout(&out));
            let err = stderr(&out);
            assert!(
                err.contains("damaged") && err.contains(&String::from_utf8_lossy(&t).to_string()),
                "{err}"
            );
            assert!(!stdout(&out).contains("not in the sources") && !stdout(&out).contains("no provenance"));
        }
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_given_as_the_lexicon_is_refused_at_once() {
    let s = Station::new("trust", "fifo");
    let fifo = s.path("pipe.lex");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // Opening a FIFO for reading would wait for a writer for ever: the answer itself shows
    // that it was never opened.
    let out = s.run(&["valid", "--lexicon", "pipe.lex", "casa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("a FIFO, not a lexicon file"), "{}", stderr(&out));
    let out = s.run(&["install", "pipe.lex"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("a FIFO"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn dev_null_as_the_lexicon_gives_a_clear_message() {
    let s = Station::new("trust", "devnull");
    let out = s.run(&["valid", "--lexicon", "/dev/null", "casa"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "lexico: /dev/null: a device, not a lexicon file (a lexicon is read from a regular file)\n"
    );
    std::fs::write(s.path("empty.lex"), b"").unwrap();
    let out = s.run(&["valid", "--lexicon", "empty.lex", "casa"]);
    assert_eq!(stderr(&out), "lexico: empty.lex: the file is empty, not a lexicon\n");
}

#[cfg(unix)]
#[test]
fn build_refuses_an_output_that_is_not_a_regular_file_before_writing() {
    let s = Station::new("trust", "outputs");
    std::fs::write(s.path("words.txt"), "casa\nperro\n").unwrap();
    std::fs::create_dir(s.path("dir")).unwrap();
    std::os::unix::fs::symlink("target.lex", s.path("link.lex")).unwrap();
    assert!(std::process::Command::new("mkfifo").arg(s.path("fifo.lex")).status().unwrap().success());
    for (output, what) in [
        ("dir", "a folder"),
        ("link.lex", "a symbolic link"),
        ("fifo.lex", "a FIFO"),
        ("/dev/full", "a device"),
    ] {
        let before: Vec<_> = std::fs::read_dir(&s.work).unwrap().map(|e| e.unwrap().file_name()).collect();
        let out = s.run(&["build", "--quiet", "-o", output, "words.txt"]);
        assert_eq!(out.status.code(), Some(2), "{output}");
        assert!(stderr(&out).contains(what), "{output}: {}", stderr(&out));
        let after: Vec<_> = std::fs::read_dir(&s.work).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(before.len(), after.len(), "{output}: something was written: {after:?}");
    }
    assert!(!s.path("dir.excluded.csv").exists());
    assert!(std::fs::symlink_metadata(s.path("link.lex")).unwrap().file_type().is_symlink());
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device());
}

#[test]
fn concurrent_builds_to_one_output_leave_each_lexicon_beside_its_own_report() {
    let s = Station::new("trust", "pairs");
    // Each source has one excluded line (a digit), which names it in the report.
    std::fs::write(s.path("a.txt"), "casa\nperro\naaa1\n").unwrap();
    std::fs::write(s.path("b.txt"), "gato\nmesa\nbbb2\n").unwrap();
    let spawn = |source: &str| {
        let mut command = common::lexico();
        command.current_dir(&s.work).env("LEXICO_DATA_DIR", &s.data);
        command.args(["build", "--quiet", "-o", "out.lex", source]);
        command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
        command.spawn().unwrap()
    };
    for round in 0..20 {
        let (a, b) = (spawn("a.txt"), spawn("b.txt"));
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "round {round}: {}", String::from_utf8_lossy(&out.stderr));
        }
        let lex = Lexicon::open(&s.path("out.lex")).unwrap();
        let report = std::fs::read_to_string(s.path("out.lex.excluded.csv")).unwrap();
        let from_a = lex.contains(&lex.tiles().parse_word("casa").unwrap());
        let expected = if from_a { "aaa1" } else { "bbb2" };
        assert!(
            report.contains(expected),
            "round {round}: a lexicon beside another build's report: {report}"
        );
        let left: Vec<_> = std::fs::read_dir(&s.work)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "round {round}: left behind: {left:?}");
    }
}

#[test]
fn a_stale_temporary_file_of_a_killed_build_is_removed_by_the_next_build() {
    let s = Station::new("trust", "stale");
    std::fs::write(s.path("words.txt"), "casa\nperro\n").unwrap();
    // What a build killed while writing leaves: full-size hidden temporary files.
    for stale in [".out.lex.tmpAbC123", ".out.lex.excluded.csv.tmpXyZ789"] {
        std::fs::write(s.path(stale), vec![0u8; 4096]).unwrap();
    }
    std::fs::write(s.path(".other.lex.tmpKeep01"), b"another output's").unwrap();
    let out = s.run(&["build", "--quiet", "-o", "out.lex", "words.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!s.path(".out.lex.tmpAbC123").exists() && !s.path(".out.lex.excluded.csv.tmpXyZ789").exists());
    assert!(s.path(".other.lex.tmpKeep01").exists(), "only the temporary files of this output are removed");
}

#[cfg(unix)]
#[test]
fn a_build_stopped_by_a_signal_leaves_no_temporary_file() {
    let s = Station::new("trust", "signal");
    std::fs::write(s.path("words.txt"), "casa\nperro\n").unwrap();
    for signal in ["INT", "TERM", "HUP"] {
        let mut child = common::lexico()
            .current_dir(&s.work)
            .env("LEXICO_DATA_DIR", &s.data)
            .args(["build", "--quiet", "-o", "out.lex", "words.txt"])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Stopped at some point of its run: whatever it had staged must go with it.
        std::thread::sleep(std::time::Duration::from_millis(150));
        let _ =
            std::process::Command::new("kill").args([format!("-{signal}"), child.id().to_string()]).status();
        let _ = child.wait().unwrap();
        let left: Vec<_> = std::fs::read_dir(&s.work)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
    }
}

#[test]
fn a_release_folder_is_written_whole_and_signed() {
    let s = Station::new("trust", "release");
    std::fs::write(s.path("words.txt"), "casa\nperro\nq1\n").unwrap();
    let (public, secret) = s.keygen("federation");
    let release = |extra: &[&str]| {
        let mut args =
            vec!["build", "--quiet", "--release-dir", "rel", "--edition", "R-1", "--sign", &secret];
        args.extend_from_slice(extra);
        args.push("words.txt");
        s.run(&args)
    };
    for _ in 0..2 {
        let out = release(&[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let sums = std::fs::read_to_string(s.path("rel/SHA256SUMS")).unwrap();
        let mut names: Vec<String> = Vec::new();
        for line in sums.lines() {
            let (sum, name) = line.split_once("  ").unwrap();
            let bytes = std::fs::read(s.path("rel").join(name)).unwrap();
            assert_eq!(lexico_lexicon::hex(&Sha256::digest(&bytes)), sum, "{name}");
            names.push(name.to_string());
        }
        assert_eq!(names, ["NOTES.md", "R-1.lex", "R-1.lex.excluded.csv", "R-1.lex.minisig"]);
    }
    let left: Vec<_> = std::fs::read_dir(&s.work).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!left.iter().any(|n| n.to_string_lossy().starts_with('.')), "{left:?}");
    assert_eq!(s.run(&["trust", "add", &public]).status.code(), Some(0));
    assert_eq!(s.run(&["valid", "--lexicon", "rel/R-1.lex", "casa"]).status.code(), Some(0));
    // A folder holding anything else is not replaced.
    std::fs::write(s.path("rel/mine.txt"), b"keep").unwrap();
    let out = release(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not part of a release"), "{}", stderr(&out));
    assert!(s.path("rel/mine.txt").exists());
}

#[test]
fn valid_one_word_on_a_verified_file_reads_a_record_not_the_file() {
    // The verification record is what keeps `valid WORD --lexicon FILE` fast: it is written on
    // first use and names the file's digest.
    let s = Station::new("trust", "record");
    let genuine = s.build("genuine.lex", &WORDS);
    assert_eq!(s.run(&["valid", "--lexicon", "genuine.lex", "casa"]).status.code(), Some(0));
    let records: Vec<PathBuf> =
        s.data.join("verified").read_dir().unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(records.len(), 1);
    let text = std::fs::read_to_string(&records[0]).unwrap();
    let digest = Lexicon::from_vec(genuine).unwrap().manifest().unwrap().payload_sha256.clone();
    assert!(text.contains(&format!("payload {digest}")), "{text}");
    // A record that lies about the digest is not believed: the manifest must agree with it.
    std::fs::write(&records[0], text.replace(&digest, &"0".repeat(64))).unwrap();
    assert_eq!(s.run(&["valid", "--lexicon", "genuine.lex", "casa"]).status.code(), Some(0));
    assert!(std::fs::read_to_string(&records[0]).unwrap().contains(&digest));
}

/// Returns the control characters (and text-direction marks) in `text`, which no line for people
/// may hold raw but its own line ends and the tabs between its columns.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

#[test]
fn text_from_keys_and_files_reaches_no_terminal_or_release_notes_raw() {
    let s = Station::new("trust", "escapes");
    let (public, secret) = s.keygen("federation");
    // A key comment with a carriage return and a red UNACCEPTABLE.
    let key = std::fs::read_to_string(s.path(&public)).unwrap();
    let line = key.lines().nth(1).unwrap();
    let comment = "FISE\r\u{1b}[31mUNACCEPTABLE\u{1b}[0m\u{202e}";
    std::fs::write(s.path(&public), format!("untrusted comment: {comment}\n{line}\n")).unwrap();
    // A name and an edition with markup, a line end and an escape sequence.
    std::fs::write(s.path("l.txt"), "casa\nperro\n").unwrap();
    let (name, edition) = ("N\u{1b}[2J<script>alert(1)</script>", "E-1\r\n# owned");
    let out = s.run(&["build", "--quiet", "-o", "x.lex", "--name", name, "--edition", edition, "l.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = s.run(&[
        "build",
        "--quiet",
        "--release-dir",
        "rel",
        "--previous",
        "x.lex",
        "--name",
        name,
        "--edition",
        edition,
        "l.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let notes = std::fs::read_to_string(s.path("rel/NOTES.md")).unwrap();
    assert!(raw_controls(&notes).is_empty(), "NOTES.md: {notes:?}");
    assert!(!notes.contains("<script>") && !notes.contains("\n# owned"), "NOTES.md: {notes}");
    let out = s.run(&["trust", "add", &public]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\\u{1b}[31mUNACCEPTABLE"), "{}", stdout(&out));
    s.run(&["sign", "x.lex", "--key", &secret]);
    for args in [
        &["trust", "list"][..],
        &["info", "--lexicon", "x.lex"],
        &["info", "--format", "csv", "--lexicon", "x.lex"],
        &["valid", "--judge", "--lexicon", "x.lex", "casa"],
        &["install", "--default", "x.lex"],
        &["lexicons"],
        &["lexicons", "--format", "csv"],
    ] {
        let out = s.run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let (text, err) = (stdout(&out), stderr(&out));
        assert!(
            raw_controls(&text).is_empty() && raw_controls(&err).is_empty(),
            "{args:?}: {text:?} {err:?}"
        );
        assert!(!text.contains("\nUNACCEPTABLE") && !text.starts_with("UNACCEPTABLE"), "{args:?}: {text}");
    }
    // A station reading plays says the same on every verdict line.
    let mut judge = s.command(&["valid", "--judge"]);
    judge.stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped());
    let mut child = judge.spawn().unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"casa\nzzz\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(raw_controls(&text).is_empty(), "{text:?}");
    assert!(text.starts_with("ACCEPTABLE\t") && text.contains("\nUNACCEPTABLE\t"), "{text}");
}
