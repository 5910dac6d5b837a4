//! Installed lexicons: `lexico install`, `lexico lexicons`, `build --install`, and how
//! `--lexicon` and `LEXICO_LEXICON` name a file, an installed edition or name, or the embedded
//! lexicon.
//!
//! Every test runs the binary from a scratch folder outside the repository, with the data folder
//! (`LEXICO_DATA_DIR`, `XDG_DATA_HOME` or `HOME`) set to a scratch folder too: the real home is
//! never read or written. The lexicons are built from tiny plain lists of made-up words, so a
//! word valid in one of them is not valid in the embedded lexicon.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::Station;

impl Station {
    /// Runs the binary in the working folder with `LEXICO_DATA_DIR` set to the data folder and
    /// the extra variables `env`.
    fn run_env(&self, env: &[(&str, &str)], args: &[&str]) -> Output {
        let mut vars: Vec<(&str, &OsStr)> = vec![("LEXICO_DATA_DIR", self.data.as_os_str())];
        vars.extend(env.iter().map(|(k, v)| (*k, OsStr::new(v))));
        common::run_in(&self.work, &vars, args, b"")
    }

    /// Builds `file` in the working folder from the words given, with `--name` and `--edition`.
    fn build(&self, file: &str, name: &str, edition: &str, words: &[&str]) -> Vec<u8> {
        let list = format!("{file}.txt");
        std::fs::write(self.work.join(&list), words.join("\n")).unwrap();
        let out = self.run(&[
            "build",
            "-o",
            file,
            "--name",
            name,
            "--edition",
            edition,
            "--rules",
            &rules(),
            &list,
        ]);
        assert_eq!(out.status.code(), Some(0), "build {file}: {}", stderr(&out));
        std::fs::read(self.work.join(file)).unwrap()
    }

    /// The names of the installed lexicons' entries in the data folder.
    fn installed(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.data) else { return Vec::new() };
        let mut names: Vec<String> = entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".entry"))
            .collect();
        names.sort();
        names
    }
}

/// The installed copy of the lexicon the entry `entry` names.
fn copy_of(entry: &Path) -> PathBuf {
    let text = std::fs::read_to_string(entry).unwrap();
    let sha = text.lines().find_map(|l| l.strip_prefix("lexicon ")).expect("an entry");
    entry.parent().unwrap().join("objects").join(format!("{sha}.lex"))
}

/// The bytes of the lexicon the entry `entry` names.
fn installed_bytes(entry: &Path) -> Vec<u8> {
    std::fs::read(copy_of(entry)).unwrap()
}

/// The rule-set folder, by absolute path, so that a build runs from any folder.
fn rules() -> String {
    common::workspace().join("rules/fise-2016").canonicalize().unwrap().to_string_lossy().into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The exit status of `lexico valid WORD` with the extra arguments `args`.
fn valid(station: &Station, env: &[(&str, &str)], args: &[&str], word: &str) -> Option<i32> {
    let mut all = vec!["valid", word];
    all.extend_from_slice(args);
    let out = station.run_env(env, &all);
    assert_ne!(out.status.code(), Some(2), "valid {word} {args:?}: {}", stderr(&out));
    out.status.code()
}

#[test]
fn an_installed_default_is_used_from_any_folder() {
    let s = Station::new("install", "default");
    s.build("x.lex", "MINI", "MINI-1", &["zuzuzu", "casa"]);
    assert_eq!(valid(&s, &[], &[], "ZUZUZU"), Some(1), "the embedded lexicon has no ZUZUZU");
    assert_eq!(valid(&s, &[], &[], "PERRO"), Some(0));

    let out = s.run(&["install", "x.lex", "--default"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line = stdout(&out);
    let target = s.data.join("MINI-1.entry");
    assert_eq!(line.lines().count(), 1, "{line}");
    assert!(line.contains("installed") && line.contains(&target.display().to_string()), "{line}");
    assert_eq!(installed_bytes(&target), std::fs::read(s.work.join("x.lex")).unwrap());

    // From another folder, where x.lex is not, every command uses the installed default.
    let elsewhere = Station { work: s.work.parent().unwrap().to_path_buf(), data: s.data.clone() };
    assert_eq!(valid(&elsewhere, &[], &[], "ZUZUZU"), Some(0));
    assert_eq!(valid(&elsewhere, &[], &[], "CASA"), Some(0));
    assert_eq!(valid(&elsewhere, &[], &[], "PERRO"), Some(1), "PERRO is only in the embedded lexicon");
    // `embedded` still names the embedded lexicon.
    assert_eq!(valid(&elsewhere, &[], &["--lexicon", "embedded"], "ZUZUZU"), Some(1));
    assert_eq!(valid(&elsewhere, &[], &["--lexicon", "EMBEDDED"], "PERRO"), Some(0));

    let list = stdout(&s.run(&["lexicons"]));
    let rows: Vec<&str> = list.lines().collect();
    assert_eq!(rows.len(), 3, "a header, the installed lexicon, the embedded one: {list}");
    assert!(rows[1].starts_with("* MINI ") && rows[1].contains("MINI-1"), "{list}");
    assert!(rows[1].contains(&target.display().to_string()), "{list}");
    assert!(rows[2].starts_with("  ") && rows[2].ends_with("(embedded)"), "{list}");

    // The full checksum in JSON is the one `info` reports for the file.
    let info: serde_json::Value =
        serde_json::from_str(&stdout(&s.run(&["info", "--format", "json", "--lexicon", "x.lex"]))).unwrap();
    let json = stdout(&s.run(&["lexicons", "--format", "json"]));
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["default"], true);
    assert_eq!(first["edition"], "MINI-1");
    assert_eq!(first["words"], 2);
    assert_eq!(first["payload_sha256"], info["payload_sha256"]);
    let csv = stdout(&s.run(&["lexicons", "--format", "csv"]));
    assert!(csv.starts_with("default,name,edition,version,words,payload_sha256,signer,path\n"), "{csv}");
    assert!(csv.contains(info["payload_sha256"].as_str().unwrap()), "{csv}");
}

#[test]
fn install_refuses_a_corrupt_file_and_installs_nothing() {
    let s = Station::new("install", "corrupt");
    let mut bytes = s.build("x.lex", "MINI", "MINI-1", &["zuzuzu", "casa"]);
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(s.work.join("bad.lex"), &bytes).unwrap();
    // The flipped byte is one that a check covers.
    assert_eq!(s.run(&["info", "--verify", "--lexicon", "bad.lex"]).status.code(), Some(2));

    let out = s.run(&["install", "bad.lex", "--default"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad.lex: verification failed"), "{}", stderr(&out));
    assert!(s.installed().is_empty(), "{:?}", s.installed());
    assert!(!s.data.join("default").exists());
}

#[test]
fn a_different_file_of_the_same_name_is_replaced_only_with_force() {
    let s = Station::new("install", "force");
    let a = s.build("a.lex", "SAME", "SAME-1", &["zuzuzu"]);
    let b = s.build("b.lex", "SAME", "SAME-1", &["zazaza"]);
    let target = s.data.join("SAME-1.entry");
    assert_eq!(s.run(&["install", "a.lex"]).status.code(), Some(0));

    let again = s.run(&["install", "a.lex"]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert!(stdout(&again).contains("already installed"), "{}", stdout(&again));

    let refused = s.run(&["install", "b.lex"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--force"), "{}", stderr(&refused));
    assert_eq!(installed_bytes(&target), a);

    let forced = s.run(&["install", "b.lex", "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert_eq!(installed_bytes(&target), b);
    assert_eq!(s.installed(), ["SAME-1.entry"]);
}

#[test]
fn lexicon_names_an_installed_edition_or_name_ignoring_case() {
    let s = Station::new("install", "names");
    s.build("a.lex", "CLUB", "CLUB-A", &["zuzuzu"]);
    s.build("b.lex", "CLUB", "CLUB-B", &["zazaza"]);
    s.build("solo.lex", "SOLO", "", &["zizizi"]);
    for file in ["a.lex", "b.lex", "solo.lex"] {
        let out = s.run(&["install", file]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(s.installed(), ["CLUB-A.entry", "CLUB-B.entry", "SOLO-0.entry"]);

    // By edition, in any case, from the option or the variable.
    assert_eq!(valid(&s, &[], &["--lexicon", "club-a"], "ZUZUZU"), Some(0));
    assert_eq!(valid(&s, &[], &["--lexicon", "CLUB-A"], "ZAZAZA"), Some(1));
    assert_eq!(valid(&s, &[("LEXICO_LEXICON", "Club-B")], &[], "ZAZAZA"), Some(0));
    // By name, when no edition matches; by the installed file's name.
    assert_eq!(valid(&s, &[], &["--lexicon", "solo"], "ZIZIZI"), Some(0));
    assert_eq!(valid(&s, &[], &["--lexicon", "SOLO-0"], "ZIZIZI"), Some(0));
    // A file path wins over an installed name.
    assert_eq!(valid(&s, &[], &["--lexicon", "./b.lex"], "ZAZAZA"), Some(0));

    let ambiguous = s.run(&["valid", "ZUZUZU", "--lexicon", "club"]);
    assert_eq!(ambiguous.status.code(), Some(2));
    let message = stderr(&ambiguous);
    assert!(message.contains("'club' names 2 installed lexicons"), "{message}");
    assert!(message.contains("CLUB-A.entry") && message.contains("CLUB-B.entry"), "{message}");

    let unknown = s.run(&["valid", "ZUZUZU", "--lexicon", "FISE-9"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("`lexico lexicons` lists them"), "{}", stderr(&unknown));

    // `install --default NAME` makes an installed lexicon the default.
    assert_eq!(valid(&s, &[], &[], "ZAZAZA"), Some(1));
    let out = s.run(&["install", "--default", "club-b"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("default"), "{}", stdout(&out));
    assert_eq!(valid(&s, &[], &[], "ZAZAZA"), Some(0));
    // `install --default embedded` goes back to the embedded lexicon.
    let out = s.run(&["install", "--default", "embedded"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(valid(&s, &[], &[], "ZAZAZA"), Some(1));
    assert!(stdout(&s.run(&["lexicons"])).lines().last().unwrap().starts_with("* "));
}

#[test]
fn an_empty_lexico_lexicon_counts_as_unset() {
    let s = Station::new("install", "empty-var");
    // No default installed: the embedded lexicon.
    assert_eq!(valid(&s, &[("LEXICO_LEXICON", "")], &[], "PERRO"), Some(0));
    s.build("x.lex", "MINI", "MINI-1", &["zuzuzu"]);
    assert_eq!(s.run(&["install", "--default", "x.lex"]).status.code(), Some(0));
    // A default installed: the default.
    assert_eq!(valid(&s, &[("LEXICO_LEXICON", "")], &[], "ZUZUZU"), Some(0));
    // An empty option is a mistake, not a choice.
    let out = s.run(&["valid", "ZUZUZU", "--lexicon", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--lexicon is empty"), "{}", stderr(&out));
}

#[test]
fn build_install_files_the_new_lexicon() {
    let s = Station::new("install", "build-install");
    std::fs::write(s.work.join("l.txt"), "zuzuzu\n").unwrap();
    let args = ["build", "-o", "x.lex", "--edition", "NEW-1", "--rules", &rules(), "l.txt", "--install"];
    let out = s.run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(&format!(
        "installed unnamed NEW-1 0 (1 words) as {}",
        s.data.join("NEW-1.entry").display()
    )));
    assert_eq!(installed_bytes(&s.data.join("NEW-1.entry")), std::fs::read(s.work.join("x.lex")).unwrap());
    assert_eq!(valid(&s, &[], &["--lexicon", "new-1"], "ZUZUZU"), Some(0));

    // A new build of the same edition does not replace the installed one.
    std::fs::write(s.work.join("l.txt"), "zazaza\n").unwrap();
    let out = s.run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("x.lex was built but not installed"), "{}", stderr(&out));
    assert_eq!(valid(&s, &[], &["--lexicon", "new-1"], "ZUZUZU"), Some(0));
    assert_eq!(valid(&s, &[], &["--lexicon", "x.lex"], "ZAZAZA"), Some(0));
}

#[test]
fn the_data_folder_is_xdg_data_home_else_home() {
    let s = Station::new("install", "xdg");
    s.build("x.lex", "MINI", "MINI-1", &["zuzuzu"]);
    let root = s.work.parent().unwrap();
    let (xdg, home) = (root.join("xdg"), root.join("home"));
    let install = |env: &[(&str, &Path)]| {
        let vars: Vec<(&str, &OsStr)> = env.iter().map(|(k, v)| (*k, v.as_os_str())).collect();
        let out = common::run_in(&s.work, &vars, &["install", "x.lex"], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    };
    install(&[("XDG_DATA_HOME", &xdg), ("HOME", &home)]);
    assert!(xdg.join("lexico/MINI-1.entry").is_file());
    assert!(!home.exists());
    // A relative XDG_DATA_HOME is ignored, as the XDG specification asks.
    install(&[("XDG_DATA_HOME", Path::new("relative")), ("HOME", &home)]);
    assert!(home.join(".local/share/lexico/MINI-1.entry").is_file());
    assert!(!s.work.join("relative").exists());
    // No folder at all: installing is an error, querying uses the embedded lexicon.
    let out = common::run_in(&s.work, &[], &["install", "x.lex"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("LEXICO_DATA_DIR"), "{}", stderr(&out));
    assert_eq!(common::run_in(&s.work, &[], &["valid", "PERRO"], b"").status.code(), Some(0));
}

#[test]
fn a_default_that_is_no_longer_installed_is_an_error_not_a_fallback() {
    let s = Station::new("install", "gone");
    s.build("x.lex", "MINI", "MINI-1", &["zuzuzu"]);
    assert_eq!(s.run(&["install", "--default", "x.lex"]).status.code(), Some(0));
    std::fs::remove_file(s.data.join("MINI-1.entry")).unwrap();
    let out = s.run(&["valid", "ZUZUZU"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("MINI-1.entry: the default lexicon is not installed any more"), "{err}");
    assert!(err.contains("lexico install FILE --default") && err.lines().count() == 1, "{err}");
    let list = s.run(&["lexicons"]);
    assert_eq!(list.status.code(), Some(2));
    assert!(stderr(&list).contains("the default lexicon is not installed"), "{}", stderr(&list));
}

#[test]
fn build_previous_names_an_installed_edition() {
    let s = Station::new("install", "build-previous");
    s.build("old.lex", "Prueba", "OLD-1", &["zuzuzu"]);
    let out = s.run(&["install", "old.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::write(s.work.join("new.txt"), "zuzuzu\nzazaza\n").unwrap();
    let build = |previous: &str| {
        let args = ["build", "--release-dir", "rel", "--edition", "NEW-1", "--rules", &rules(), "new.txt"];
        let mut args: Vec<&str> = args.to_vec();
        args.extend(["--previous", previous]);
        s.run(&args)
    };
    let out = build("old-1");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let notes = std::fs::read_to_string(s.work.join("rel/NOTES.md")).unwrap();
    assert!(notes.contains("from Prueba OLD-1") && notes.contains("\nzazaza\n"), "{notes}");
    let out = build("nope");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--previous: no installed lexicon has the edition or name 'nope'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn diff_names_installed_editions() {
    let s = Station::new("install", "diff-installed");
    s.build("a.lex", "Prueba", "A-1", &["zuzuzu"]);
    s.build("b.lex", "Prueba", "B-1", &["zuzuzu", "zazaza"]);
    for file in ["a.lex", "b.lex"] {
        let out = s.run(&["install", file]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let out = s.run(&["diff", "a-1", "B-1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&s.run(&["diff", "a.lex", "b.lex"])));
    assert!(stdout(&out).contains("ZAZAZA"), "{}", stdout(&out));
    let out = s.run(&["diff", "a-1", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no installed lexicon has the edition or name 'nope'"), "{}", stderr(&out));
}

#[test]
fn a_damaged_installed_lexicon_named_by_its_edition_is_reported_once() {
    let s = Station::new("install", "damaged-installed");
    s.build("x.lex", "Prueba", "X-1", &["zuzuzu", "zazaza"]);
    let out = s.run(&["install", "x.lex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let file = copy_of(&s.data.join("X-1.entry"));
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    // Read-only, in a folder its owner can write: replaced by another file.
    std::fs::remove_file(&file).unwrap();
    std::fs::write(&file, bytes).unwrap();
    let out = s.run(&["valid", "--lexicon", "X-1", "ZUZUZU"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.matches(&file.display().to_string()).count(), 1, "{err}");
    assert!(err.contains("verification failed"), "{err}");
}

#[test]
fn a_lost_default_record_is_an_error_not_the_embedded_list() {
    let s = Station::new("install", "lost-default");
    s.build("x.lex", "MINI", "MINI-1", &["zuzuzu"]);
    assert_eq!(s.run(&["install", "--default", "x.lex"]).status.code(), Some(0));
    assert_eq!(valid(&s, &[], &[], "ZUZUZU"), Some(0));
    std::fs::remove_file(s.data.join("default")).unwrap();
    for args in [&["valid", "ZUZUZU"][..], &["valid", "--judge", "ZUZUZU"], &["info"], &["lexicons"]] {
        let out = s.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("default: missing") && err.contains("lexico install --default NAME"),
            "{args:?}: {err}"
        );
    }
    // The embedded list only when asked for, or chosen again.
    assert_eq!(valid(&s, &[], &["--lexicon", "embedded"], "PERRO"), Some(0));
    assert_eq!(s.run(&["install", "--default", "embedded"]).status.code(), Some(0));
    assert_eq!(valid(&s, &[], &[], "PERRO"), Some(0));
    // Installing without --default in a new folder records the embedded lexicon as the default.
    let t = Station::new("install", "first-install");
    t.build("x.lex", "MINI", "MINI-1", &["zuzuzu"]);
    assert_eq!(t.run(&["install", "x.lex"]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(t.data.join("default")).unwrap(), "embedded\n");
    assert_eq!(valid(&t, &[], &[], "PERRO"), Some(0));
}
