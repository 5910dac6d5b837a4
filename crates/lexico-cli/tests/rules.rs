//! The rule sets embedded in the binary: `lexico rules list`, `lexico rules export`, and how
//! `lexico build --rules NAME|DIR` reads its value (docs/rules.md). Each is checked against the
//! repository's `rules/` folder, which is what the binary embeds.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use common::workspace;

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("rules", name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs the binary in `dir` (which may be outside the repository), with the checks of
/// [`common::run`]: no panic, and one line `lexico: ...` when it exits 2.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    let out =
        common::lexico().args(args).current_dir(dir).stdin(Stdio::null()).output().expect("the binary runs");
    let err = stderr(&out);
    assert!(
        !err.contains("panicked") && !matches!(out.status.code(), Some(101 | 134) | None),
        "{args:?}: {err}"
    );
    if out.status.code() == Some(2) {
        assert!(err.starts_with("lexico: ") && err.lines().count() == 1, "{args:?}: {err:?}");
    }
    out
}

/// The folders under the repository's `rules/`, in byte order: the sets the binary embeds.
fn rule_folders() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(workspace().join("rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The value of `key = "..."` in a rule set's `ruleset.toml`.
fn manifest_value(name: &str, key: &str) -> String {
    let text = std::fs::read_to_string(workspace().join("rules").join(name).join("ruleset.toml")).unwrap();
    let line = text.lines().find(|l| l.split('=').next().unwrap().trim() == key).unwrap();
    line.split_once('=').unwrap().1.trim().trim_matches('"').to_string()
}

/// Every file under `dir`, relative to it, with its bytes, in order.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                files.push((relative, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// A raw list (with a word the screening refuses) and a lemma table (whose plurals the plural
/// rules decide, and which brings in the words of the regulation's own lists), in `dir`.
fn write_sources(dir: &Path) -> [PathBuf; 2] {
    let raw = dir.join("list.txt");
    std::fs::write(&raw, "casa\nperro\nkiosco\nMadrid\n").unwrap();
    let table = dir.join("table.tsv");
    std::fs::write(&table, "lemma\tpos\tmarks\tmodel\nárbol\tn\t\t\ncantar\tv.tr\t\t1-00\n").unwrap();
    [raw, table]
}

/// Builds `sources` into `dir/out.lex` from `cwd`, with `rules` as `--rules` (none: the default);
/// returns the lexicon and its exclusion report.
fn build(cwd: &Path, dir: &Path, rules: Option<&str>, sources: &[PathBuf]) -> (Vec<u8>, Vec<u8>) {
    let out = dir.join("out.lex");
    let mut args = vec!["build", "--quiet", "-o", out.to_str().unwrap()];
    if let Some(r) = rules {
        args.extend(["--rules", r]);
    }
    args.extend(sources.iter().map(|s| s.to_str().unwrap()));
    let run = run_in(cwd, &args);
    assert!(run.status.success(), "{args:?}: {}", stderr(&run));
    let report = dir.join("out.lex.excluded.csv");
    let read = |p: &Path| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let files = (read(&out), read(&report));
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&report).unwrap();
    files
}

#[test]
fn rules_list_names_every_folder_of_rules_with_its_version_and_title() {
    let folders = rule_folders();
    assert!(folders.contains(&"fise-2016".to_string()));
    let out = common::run(&["rules", "list"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let want: String = folders
        .iter()
        .map(|n| format!("{n}\t{}\t{}\n", manifest_value(n, "version"), manifest_value(n, "title")))
        .collect();
    assert_eq!(stdout(&out), want);
    let out = common::run(&["rules", "list", "--format", "csv"], b"");
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "name,version,title");
    assert_eq!(lines.len(), folders.len() + 1);
    let out = common::run(&["rules", "list", "--format", "json"], b"");
    let rows: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, folders);
    for (row, name) in rows.iter().zip(&folders) {
        assert_eq!(row["version"], manifest_value(name, "version").as_str());
        assert_eq!(row["title"], manifest_value(name, "title").as_str());
    }
}

#[test]
fn an_exported_set_is_its_folder_byte_for_byte() {
    for name in rule_folders() {
        let dir = temp_dir(&format!("export-{name}"));
        let target = dir.join("new/edition");
        let out = common::run(&["rules", "export", &name, target.to_str().unwrap()], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(tree(&target), tree(&workspace().join("rules").join(&name)), "{name}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(target.join("ruleset.toml")).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
    }
}

/// The embedded set, its folder in the repository (relative or absolute) and an exported copy
/// give byte-identical lexicons: nothing a lexicon records depends on where the rules came from.
#[test]
fn a_lexicon_is_the_same_from_the_embedded_set_its_folder_and_an_exported_copy() {
    let dir = temp_dir("identical");
    let sources = write_sources(&dir);
    let exported = dir.join("exported");
    let out = common::run(&["rules", "export", "fise-2016", exported.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let root = workspace().canonicalize().unwrap();
    let embedded = build(&root, &dir, None, &sources);
    assert!(embedded.0.len() > 100);
    let absolute = root.join("rules/fise-2016");
    for rules in [
        "fise-2016",
        "rules/fise-2016",
        "./rules/fise-2016",
        absolute.to_str().unwrap(),
        exported.to_str().unwrap(),
    ] {
        let other = build(&root, &dir, Some(rules), &sources);
        assert!(other.0 == embedded.0, "--rules {rules}: the lexicon differs from the embedded set's");
        assert!(
            other.1 == embedded.1,
            "--rules {rules}: the exclusion report differs from the embedded set's"
        );
    }
}

#[test]
fn build_outside_the_repository_uses_the_embedded_default() {
    let dir = temp_dir("outside");
    std::fs::write(dir.join("list.txt"), "casa\nperro\nkiosco\n").unwrap();
    let out = run_in(&dir, &["build", "--quiet", "-o", "out.lex", "list.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dump = run_in(&dir, &["dump", "--lexicon", "out.lex"]);
    // The default rule set screens KIOSCO out (no K tile).
    assert_eq!(stdout(&dump), "CASA\nPERRO\n");
    let info = run_in(&dir, &["info", "--lexicon", "out.lex", "--format", "json"]);
    let manifest: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(manifest["rules"]["name"], "fise-2016");
}

#[test]
fn an_unknown_rules_name_is_one_line_listing_the_embedded_names() {
    let dir = temp_dir("unknown");
    std::fs::write(dir.join("list.txt"), "casa\n").unwrap();
    let out = run_in(&dir, &["build", "--rules", "nosuch", "-o", "out.lex", "list.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "lexico: 'nosuch': no rule set of this name is embedded (embedded: {}) and no folder \
             has this name\n",
            rule_folders().join(", ")
        )
    );
    assert!(!dir.join("out.lex").exists());
    let out = run_in(&dir, &["rules", "export", "nosuch", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "lexico: 'nosuch': no rule set of this name is embedded (embedded: {})\n",
            rule_folders().join(", ")
        )
    );
    assert!(!dir.join("x").exists());
}

/// A value with a `/` or a leading `.` is a folder; a bare name is an embedded set first, and a
/// folder only when no set has that name.
#[test]
fn rules_values_are_read_as_documented() {
    let dir = temp_dir("values");
    std::fs::write(dir.join("list.txt"), "casa\n").unwrap();
    let export = |target: &str| {
        let out = run_in(&dir, &["rules", "export", "fise-2016", target]);
        assert!(out.status.success(), "{}", stderr(&out));
    };
    // A folder named like the embedded set, broken: the bare name still means the embedded set.
    export("fise-2016");
    std::fs::write(dir.join("fise-2016/ruleset.toml"), "name = 1\n").unwrap();
    let out = run_in(&dir, &["build", "--quiet", "--rules", "fise-2016", "-o", "a.lex", "list.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_in(&dir, &["build", "--quiet", "--rules", "./fise-2016", "-o", "b.lex", "list.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("lexico: ./fise-2016/ruleset.toml:1:8: "), "{}", stderr(&out));
    // A bare name no set has, that is a folder.
    export("mine");
    let out = run_in(&dir, &["build", "--quiet", "--rules", "mine", "-o", "c.lex", "list.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(dir.join("a.lex")).unwrap() == std::fs::read(dir.join("c.lex")).unwrap());
    // A bare name that is a file is read as a folder, and says why it is not one.
    let out = run_in(&dir, &["build", "--quiet", "--rules", "list.txt", "-o", "d.lex", "list.txt"]);
    assert_eq!(stderr(&out), "lexico: list.txt/ruleset.toml: Not a directory (os error 20)\n");
}

#[test]
fn export_refuses_to_overwrite_without_force() {
    let dir = temp_dir("overwrite");
    let target = dir.join("set");
    let target = target.to_str().unwrap();
    let out = run_in(&dir, &["rules", "export", "fise-2016", target]);
    assert!(out.status.success(), "{}", stderr(&out));
    let edited = dir.join("set/verbs/rules.toml");
    std::fs::write(&edited, "# a maintainer's edit\n").unwrap();
    std::fs::remove_file(dir.join("set/tiles.csv")).unwrap();
    let out = run_in(&dir, &["rules", "export", "fise-2016", target]);
    assert_eq!(out.status.code(), Some(2));
    // The first file of the set in byte order is the first found.
    let first = &tree(&workspace().join("rules/fise-2016"))[0].0;
    assert_eq!(
        stderr(&out),
        format!("lexico: {target}/{first}: the file exists (--force overwrites it); nothing was exported\n")
    );
    // Nothing was written: the edit stays, the removed file is still missing.
    assert_eq!(std::fs::read_to_string(&edited).unwrap(), "# a maintainer's edit\n");
    assert!(!dir.join("set/tiles.csv").exists());
    let out = run_in(&dir, &["rules", "export", "--force", "fise-2016", target]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(tree(&dir.join("set")), tree(&workspace().join("rules/fise-2016")));
}
