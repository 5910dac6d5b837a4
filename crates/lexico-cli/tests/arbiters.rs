//! Arbiters' and maintainers' commands on the FISE-2 conformance build: explanations naming the
//! regulation's articles, the word judge, the diff against the previous edition measured on the
//! federation's update lists, and reproducible releases.
//!
//! The FISE-2 lists live outside the repository (`../shared/data/fise-2/` next to the workspace,
//! or `LEXICO_FISE2_DIR`) and are never copied into it; the tests that need them are skipped with
//! a `skipped:` line when they are missing, and fail under `LEXICO_REQUIRE_FISE2=1`, as in CI. The
//! conformance lexicon is built once per test binary, as a release folder.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use lexico_rules::fise::{read_non_verb_updates, UpdateAction};

mod common;
use common::{lexico, workspace};

use lexico_testdata::{fise2_file as fise_file, fise2_missing};

const SOURCES: [&str; 4] =
    ["no-verbos.txt", "verbos-clasificados.txt", "actualizacion-no-verbos.txt", "actualizacion-verbos.txt"];

/// Builds a FISE-2 release into `dir` with the previous edition (the embedded lexicon), with
/// the extra arguments `args`.
fn build_release(dir: &Path, args: &[&str]) -> Output {
    let out = lexico()
        .current_dir(workspace())
        .args(["build", "--quiet", "--previous", "embedded", "--name", "FISE", "--edition", "FISE-2"])
        .args(args)
        .args(["--lexicon-version", "2016", "--release-dir"])
        .arg(dir)
        .args(SOURCES.iter().map(|s| fise_file(s)))
        .output()
        .expect("lexico runs");
    assert!(out.status.success(), "build failed: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn release_dir(name: &str) -> PathBuf {
    // Under the target folder, so runs replace their files instead of piling them up in /tmp.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lexico-arbiters-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The conformance release folder, built once.
fn conformance() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = release_dir("a");
        build_release(&dir, &["--jobs", "3"]);
        dir
    })
}

fn fise2() -> PathBuf {
    conformance().join("FISE-2.lex")
}

fn run(cmd: &mut Command) -> (String, String, i32) {
    let out = cmd.output().expect("lexico runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
        out.status.code().unwrap_or(-1),
    )
}

/// One regulation example: the word, its verdict and reason, and the texts the explanation must
/// hold (articles as `art. 17.4`, pieces of an enclitic analysis).
const EXAMPLES: &[(&str, bool, &str, &[&str])] = &[
    ("DIGNADOS", false, "rejected-form", &["art. 17.4", "art. 17.10", "dignarse"]),
    ("BOXEADAS", false, "rejected-form", &["art. 17.4", "boxear"]),
    ("MEDRADOS", false, "rejected-form", &["art. 17.4"]),
    ("JACTARSE", false, "rejected-form", &["art. 17.5", "art. 17.10", "JACTAR + SE"]),
    ("MORIRSE", false, "rejected-form", &["art. 17.5", "MORIR + SE"]),
    ("VENTISCAN", false, "rejected-form", &["art. 17.8", "ventiscar"]),
    ("DAME", false, "enclitic", &["DA + ME", "art. 17.5", "verb 04-1-.-dar"]),
    ("CÓMETELA", false, "enclitic", &["COME + TE + LA", "art. 17.5"]),
    ("AMAOS", false, "enclitic", &["AMAD + OS", "art. 17.5"]),
    ("AMÉMONOS", false, "enclitic", &["AMEMOS + NOS", "art. 17.5"]),
    ("ENTRÉGUESELO", false, "enclitic", &["ENTREGUE + SE + LO", "art. 17.5"]),
    ("ARREPIÉNTASE", false, "enclitic", &["ARREPIENTA + SE", "art. 17.10"]),
    ("ADUÉÑATE", false, "enclitic", &["ADUEÑA + TE", "art. 17.5"]),
    ("KIOSCO", false, "no-tile", &["art. 11", "game art. 10.1"]),
    ("[C][H]URRO", false, "separate-tiles", &["C and H are separate tiles here; CH is one tile"]),
    ("ACARONABA", false, "rejected-form", &["art. 17.11", "acaronar"]),
    ("ACREO", false, "rejected-form", &["art. 17.7"]),
    ("BALBUZCO", false, "rejected-form", &["art. 17.6"]),
    ("ATERO", false, "rejected-form", &["art. 17.6"]),
    ("ABROMAD", false, "rejected-form", &["art. 17.12"]),
    ("LLOVIZNAD", false, "rejected-form", &["art. 17.12"]),
    ("GATITO", false, "unlisted", &["not in the sources", "section 4"]),
    ("A", false, "too-short", &["1 tile;"]),
    ("ELECTROENCEFALOGRAFISTA", false, "too-long", &["23 tiles"]),
    ("DIGNARSE", true, "listed", &["inf.se", "art. 17.10", "verbos-clasificados.txt:"]),
    ("DIGNADO", true, "listed", &["part.m.sg", "art. 17.4"]),
    ("CANTADAS", true, "listed", &["part.f.pl", "art. 17.4", "plural"]),
    ("VENTISCA", true, "listed", &["ind.pres.3s", "ventiscar"]),
    ("CASITA", true, "listed", &["lemma of non-verb casita", "no-verbos.txt:"]),
];

#[test]
fn regulation_examples_are_explained_with_their_articles() {
    if fise2_missing() {
        return;
    }
    let words: Vec<&str> = EXAMPLES.iter().map(|e| e.0).collect();
    let (out, err, code) = run(lexico().arg("explain").arg("--lexicon").arg(fise2()).args(&words));
    assert_eq!(code, 1, "{err}");
    // One record per word: a verdict line followed by indented reasons.
    let mut records: Vec<(String, Vec<String>)> = Vec::new();
    for line in out.lines() {
        match line.strip_prefix("  ") {
            Some(reason) => records.last_mut().expect("a verdict first").1.push(reason.to_string()),
            None => records.push((line.to_string(), Vec::new())),
        }
    }
    assert_eq!(records.len(), EXAMPLES.len(), "{out}");
    let mut failures = Vec::new();
    for ((word, valid, reason, needles), (head, lines)) in EXAMPLES.iter().zip(&records) {
        let verdict = if *valid { "valid" } else { "invalid" };
        let fields: Vec<&str> = head.split('\t').collect();
        let text = lines.join("\n");
        if fields[1..] != [verdict, reason] {
            failures.push(format!("{word}: expected {verdict} {reason}, got {head}"));
        }
        for n in needles.iter().filter(|n| !text.contains(*n)) {
            failures.push(format!("{word}: the explanation lacks '{n}':\n{text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The words of issue 13 whose verdict the FISE-2 build now gets as the played FISE-2 list has
/// it: the word, whether it is in, and what its explanation must name (the deciding article or
/// list). Plurals of desusado and germanía nouns and adjectives (art. 12), decided by a listed
/// feminine (18.1.1) or by the ending rules where the previous edition, built under the older
/// annex, is silent; update-list entries; and plurals the 2016 rules or lists refuse.
const NUMBER_EXAMPLES: &[(&str, bool, &[&str])] = &[
    ("ABONDADOS", true, &["art. 18.4.2", "abondado abondada"]),
    ("ABRASILADAS", true, &["art. 18.4.2", "abrasilado abrasilada"]),
    ("ACAMUZADOS", true, &["art. 18.4.2"]),
    ("ALMIRANTIAS", true, &["art. 18.4.2", "almirantía"]),
    ("ALFONSARIOS", true, &["art. 18.4.2"]),
    ("AJOBOS", true, &["art. 18.4.2"]),
    ("DETRAEDORES", true, &["art. 18.4.1"]),
    ("ESCALDRIDOS", true, &["art. 18.4.2"]),
    ("FRIORES", true, &["art. 18.4.1"]),
    ("GROSEDADES", true, &["art. 18.4.1"]),
    ("AMUGAMIENTOS", true, &["art. 18.4.2"]),
    ("DEPOPULACIONES", true, &["art. 18.4.1"]),
    ("EMBARGOSAS", true, &["art. 18.4.2", "embargoso embargosa"]),
    ("MAGNILOCUAS", true, &["art. 18.4.2"]),
    ("TETRAS", true, &["art. 18.4.2", "tetro tetra"]),
    ("LIÑAS", true, &["art. 18.4.2"]),
    ("BRONCODILATADOR", true, &["update-variable", "actualizacion-no-verbos.txt:"]),
    ("BRONCODILATADORES", false, &["15 tiles"]),
    // The non-verb list drops a whole line whose feminine has 16 tiles; the masculine is restored.
    ("CONTEMPORIZADOR", true, &["list-length-note", "(Vocabulario oficial)", "previous edition"]),
    ("DESDRAMATIZADOR", true, &["list-length-note"]),
    ("DESESPERANZADOR", true, &["list-length-note"]),
    ("DESINCENTIVADOR", true, &["list-length-note"]),
    ("NEUROTRANSMISOR", true, &["list-length-note"]),
    ("PRESTIDIGITADOR", true, &["list-length-note"]),
    ("VASOCONSTRICTOR", true, &["list-length-note"]),
    ("HISPANOMUSULMAN", true, &["list-length-note"]),
    ("GALLEGOPORTUGUES", true, &["list-length-note"]),
    ("CASTELLANOLEONES", true, &["list-length-note"]),
    // Verb persons and plurals of 15 tiles are not masculines: their stem is a word.
    ("DESGUALDRAJARES", false, &[]),
    ("ENFRANQUECIERAN", false, &[]),
    ("HABED", true, &["imp.2p", "haber"]),
    ("REDIRE", true, &["ind.fut.1s", "redecir"]),
    ("REDIRIAMOS", true, &["cond.1p", "redecir"]),
    ("SUES", false, &["art. 18.2.2", "su"]),
    ("CHITONES", false, &["section 5", "chitón"]),
    ("CANTABILES", false, &["section 5"]),
    ("TRIVIUMS", false, &["section 5"]),
    ("QUADRIVIUMS", false, &["section 5"]),
    ("MUYES", false, &["art. 18.4.1", "end-vowel-y"]),
    ("LENTAMENTES", false, &["art. 18.2.1", "adverb-mente"]),
    ("OQUES", false, &["art. 6"]),
    ("UFS", false, &["art. 10"]),
    ("JOS", false, &["previous-no-short-plural"]),
    // Singular only in the previous edition, and spelt as Spanish does not write (18.2.5): not an
    // old word whose plural art. 12 admits.
    ("SPORTS", false, &["unadapted-spelling", "art. 18.2.5", "sport"]),
    ("TROUPES", false, &["unadapted-spelling"]),
    ("PIZZAS", false, &["unadapted-spelling"]),
    ("DESHABILLES", false, &["unadapted-spelling"]),
    ("MISSES", false, &["unadapted-spelling"]),
    ("CAMPINGS", false, &["unadapted-spelling"]),
    ("FLASHS", false, &["unadapted-spelling"]),
    ("INPUTS", false, &["unadapted-spelling"]),
    ("QUATERES", false, &["unadapted-spelling"]),
    // A final consonant alone is no mark of an unadapted spelling: 18.4.1 pluralises calicut and
    // yagurt by name, and words in -g (airbag, fang) as adapted.
    ("CALICUTS", true, &["end-t", "art. 18.4.1"]),
    ("FORFAITS", true, &["end-t"]),
    ("YAGURTS", true, &["end-t"]),
    ("GONGS", true, &["end-g", "art. 18.4.1"]),
    ("YANGS", true, &["end-g"]),
    // A tonic -í takes -íes beside -ís (18.4.2); 18.2.7 names cricrí among the onomatopoeias
    // with a plural.
    ("CRICRIES", true, &["art. 18.2.7", "cricrí"]),
    ("CRICRIS", true, &["art. 18.2.7"]),
    // The voseo of the present is made on podrir's own infinitive.
    ("PODRIS", true, &["ind.pres.vos", "podrir", "art. 17.3"]),
];

#[test]
fn the_number_of_non_verbs_follows_the_2016_regulation() {
    if fise2_missing() {
        return;
    }
    let words: Vec<&str> = NUMBER_EXAMPLES.iter().map(|e| e.0).collect();
    let (out, err, _) = run(lexico().arg("explain").arg("--lexicon").arg(fise2()).args(&words));
    let mut records: Vec<(String, Vec<String>)> = Vec::new();
    for line in out.lines() {
        match line.strip_prefix("  ") {
            Some(reason) => records.last_mut().expect("a verdict first").1.push(reason.to_string()),
            None => records.push((line.to_string(), Vec::new())),
        }
    }
    assert_eq!(records.len(), NUMBER_EXAMPLES.len(), "{out}{err}");
    let mut failures = Vec::new();
    for ((word, valid, needles), (head, lines)) in NUMBER_EXAMPLES.iter().zip(&records) {
        let verdict = if *valid { "valid" } else { "invalid" };
        let text = lines.join("\n");
        if head.split('\t').nth(1) != Some(verdict) {
            failures.push(format!("{word}: expected {verdict}, got {head}\n{text}"));
        }
        for n in needles.iter().filter(|n| !text.contains(*n)) {
            failures.push(format!("{word}: the explanation lacks '{n}':\n{text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn explanations_in_json_have_structured_fields() {
    if fise2_missing() {
        return;
    }
    let (out, _, _) = run(lexico()
        .args(["valid", "--explain", "--format", "json", "DIGNADOS", "DAME"])
        .arg("--lexicon")
        .arg(fise2()));
    let records: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records[0]["word"], "DIGNADOS");
    assert_eq!(records[0]["valid"], false);
    assert_eq!(records[0]["reason"], "rejected-form");
    let d = &records[0]["derivations"][0];
    assert_eq!(d["slot"], "part.m.pl");
    assert_eq!(d["article"], "17.4");
    assert_eq!(d["rule"], "participle-non-transitive");
    assert!(d["source"].as_str().unwrap().ends_with("verbos-clasificados.txt"), "{d}");
    assert!(d["line"].as_u64().unwrap() > 0);
    assert_eq!(records[1]["reason"], "enclitic");
    assert_eq!(records[1]["enclitics"][0]["base"], "DA");
    assert_eq!(records[1]["enclitics"][0]["pronouns"], serde_json::json!(["ME"]));
    assert_eq!(records[1]["enclitics"][0]["derivation"]["kind"], "verb form");
}

#[test]
fn explanations_degrade_honestly_without_parts_of_speech() {
    // The default lexicon is a plain word list: it cannot tell a verb form from another word.
    let (out, _, _) = run(lexico().args(["explain", "DAME", "CASITA", "CHURRO"]));
    assert!(out.contains("DA + ME") && out.contains("if DA is a verb form"), "{out}");
    assert!(out.contains("does not record which words are verb forms"), "{out}");
    assert!(out.contains("CASITA\tinvalid\tunlisted"), "{out}");
    assert!(out.contains("CHURRO\tvalid\tlisted\n  in: word, rule raw-list; letterpress-es.txt:"), "{out}");
}

/// Plays whose verdict is UNACCEPTABLE or ERROR, each with a word the judge must never print.
const BAD_PLAYS: &[&str] =
    &["CASA DIGNADOS", "BOXEADAS, PERRO", "GATITO", "KIOSCO CASA", "CASA ZQXJ@W", "JACTARSE,DAME,CÓMETELA"];

#[test]
fn the_judge_never_prints_a_word_of_a_rejected_play() {
    if fise2_missing() {
        return;
    }
    for lexicon in [None, Some(fise2())] {
        let mut cmd = lexico();
        cmd.args(["valid", "--judge"]);
        if let Some(l) = &lexicon {
            cmd.arg("--lexicon").arg(l);
        }
        let input = BAD_PLAYS.join("\n") + "\nCASA PERRO\n";
        let out = {
            let mut child =
                cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
            child.wait_with_output().unwrap()
        };
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let verdicts: Vec<&str> = stdout.lines().map(|l| l.split('\t').next().unwrap()).collect();
        assert_eq!(
            verdicts,
            [
                "UNACCEPTABLE",
                "UNACCEPTABLE",
                "UNACCEPTABLE",
                "UNACCEPTABLE",
                "ERROR",
                "UNACCEPTABLE",
                "ACCEPTABLE"
            ],
            "{stdout}"
        );
        for play in BAD_PLAYS {
            for word in play.split([' ', ',']).filter(|w| !w.is_empty()) {
                let low = word.to_lowercase();
                for shown in [&stdout, &stderr] {
                    let upper = shown.to_uppercase();
                    assert!(
                        !upper.contains(&word.to_uppercase()) && !shown.contains(&low),
                        "{word} shown: {shown}"
                    );
                }
            }
        }
        if lexicon.is_some() {
            assert!(stdout.contains("FISE-2 2016, sha256 "), "{stdout}");
        }
        // The plays after the error play are judged; standard error names its line, no word.
        assert_eq!(
            stderr,
            "lexico: <stdin>:5: the play could not be judged: a character is neither a letter nor a tile\n"
        );
        assert_eq!(out.status.code(), Some(2), "an error play makes the exit status 2");
    }
}

#[test]
fn the_judge_answers_each_play_as_it_arrives_and_logs_it() {
    if fise2_missing() {
        return;
    }
    let dir = release_dir("judge");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("audit.csv");
    let mut child = lexico()
        .args(["valid", "--judge", "--audit-log"])
        .arg(&log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Each answer is read before the next play is typed: the station must not wait for the end
    // of its input.
    let mut expect = Vec::new();
    for (play, verdict) in
        [("churro zuzar", "ACCEPTABLE"), ("churro casita", "UNACCEPTABLE"), ("ca@sa", "ERROR")]
    {
        writeln!(stdin, "{play}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(line.starts_with(&format!("{verdict}\t")), "{play}: {line}");
        // The log line is on disk before the verdict is shown.
        let logged = std::fs::read_to_string(&log).unwrap();
        assert!(logged.lines().last().unwrap().contains(&format!(",{play},,,{verdict},")), "{logged}");
        expect.push((play, verdict));
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(2));
    // A second session appends.
    lexico().args(["valid", "--judge", "--audit-log"]).arg(&log).args(["casa", "perro"]).output().unwrap();
    let logged = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = logged.lines().collect();
    assert_eq!(lines[0], "time,play,table,round,verdict,lexicon_sha256,signer,number");
    assert_eq!(lines.len(), 5, "{logged}");
    let checksum = run(lexico().args(["info", "--format", "json"])).0;
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split(',').collect();
        let time = fields[0];
        assert!(time.len() == 20 && time.ends_with('Z') && &time[10..11] == "T", "{time}");
        assert_eq!(fields[5].len(), 64);
        assert!(checksum.contains(fields[5]), "the payload checksum of the lexicon: {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The words of a `lexico diff --format csv` output, by change.
fn diff_sets(csv: &str) -> (HashSet<String>, HashSet<String>) {
    let mut added = HashSet::new();
    let mut removed = HashSet::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        match f[0] {
            "added" => added.insert(f[1].to_string()),
            "removed" => removed.insert(f[1].to_string()),
            other => panic!("unknown change {other}"),
        };
    }
    (added, removed)
}

/// Verbs the federation's verb update list names as new (section 1) and removed (section 2).
fn verb_updates() -> (Vec<String>, Vec<String>) {
    let bytes = std::fs::read(fise_file("actualizacion-verbos.txt")).unwrap();
    let text: String = match std::str::from_utf8(&bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    let (mut new, mut gone) = (Vec::new(), Vec::new());
    let mut section = 0;
    let mut body = false;
    for line in text.lines().map(str::trim) {
        if line == "#" {
            body = !body;
            continue;
        }
        if !body || line.is_empty() {
            continue;
        }
        if let Some((n, _)) = line.split_once(". ").filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit())) {
            section = n.parse().unwrap();
            continue;
        }
        let word = line.split('(').next().unwrap().trim();
        let heading = word.chars().next().is_some_and(char::is_uppercase);
        if heading || !word.chars().all(char::is_alphabetic) || line.contains("no usable") {
            continue; // headings ("Primera conjugación", "Transitivos") and unplayable verbs
        }
        match section {
            1 => new.push(word.to_string()),
            2 => gone.push(word.to_string()),
            _ => {}
        }
    }
    (new, gone)
}

/// The words of `words` that are valid in a lexicon (`None`: the embedded one).
fn valid_words(lexicon: Option<&Path>, words: &[String]) -> HashSet<String> {
    if words.is_empty() {
        return HashSet::new();
    }
    let mut cmd = lexico();
    cmd.args(["valid", "--format", "csv"]).args(words);
    if let Some(l) = lexicon {
        cmd.arg("--lexicon").arg(l);
    }
    let out = run(&mut cmd).0;
    out.lines().filter(|l| l.contains(",true,")).map(|l| l.split(',').next().unwrap().to_string()).collect()
}

#[test]
fn the_diff_against_the_previous_edition_agrees_with_the_update_lists() {
    if fise2_missing() {
        return;
    }
    let (out, err, code) = run(lexico().args(["diff", "default"]).arg(fise2()).args(["--format", "csv"]));
    assert_eq!(code, 0, "{err}");
    let (added, removed) = diff_sets(&out);
    let set = lexico_lexicon::fise_2016_tiles();
    let spell = |w: &str| {
        set.parse_word(w)
            .ok()
            .filter(|t| (2..=15).contains(&t.len()))
            .map(|t| t.iter().map(|&x| set.name(x)).collect::<String>())
    };
    let path = fise_file("actualizacion-no-verbos.txt");
    let (updates, _) = read_non_verb_updates(&path, &std::fs::read(&path).unwrap()).unwrap();
    // (category, expected to be added?, words)
    let mut categories: Vec<(&str, bool, Vec<String>)> = Vec::new();
    let mut push = |name: &'static str, adds: bool, words: Vec<String>| categories.push((name, adds, words));
    use UpdateAction::*;
    for (name, adds, sections) in [
        ("non-verbs added", true, vec![AddedVariable, AddedInvariable, AddedPluralOnly]),
        ("non-verbs removed", false, vec![Removed, RemovedPluralOnly]),
    ] {
        let words = updates
            .iter()
            .filter(|u| sections.contains(&u.section))
            .flat_map(|u| std::iter::once(u.word.clone()).chain(u.plurals.iter().cloned()))
            .collect();
        push(name, adds, words);
    }
    let (new_verbs, gone_verbs) = verb_updates();
    assert!(new_verbs.len() > 300 && gone_verbs.len() > 80, "{} {}", new_verbs.len(), gone_verbs.len());
    push("verbs added (infinitive)", true, new_verbs);
    push("verbs removed (infinitive)", false, gone_verbs);
    let mut report = Vec::new();
    for (name, adds, words) in &categories {
        let words: Vec<String> = words.iter().filter_map(|w| spell(w)).collect();
        let side = if *adds { &added } else { &removed };
        let agree = words.iter().filter(|w| side.contains(*w)).count();
        let share = agree as f64 / words.len() as f64;
        let missing: Vec<String> = words.iter().filter(|w| !side.contains(*w)).cloned().collect();
        // Why each one is missing: which edition has it.
        let (in_old, in_new) = (valid_words(None, &missing), valid_words(Some(&fise2()), &missing));
        let mut why: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for w in &missing {
            let key = match (in_old.contains(w), in_new.contains(w)) {
                (true, true) => "valid in both",
                (false, false) => "valid in neither",
                (true, false) => "only in the previous edition",
                (false, true) => "only in the new build",
            };
            why.entry(key).or_default().push(w);
        }
        report.push(format!("{name}: {agree}/{} = {:.1}%; not found: {why:?}", words.len(), share * 100.0));
        // Measured at 99.9, 99.7, 99.7 and 86.3 %: the verbs the list removes but whose
        // infinitive 17.12 keeps (afogar, erutar…) are the known gap.
        let floor = if name.starts_with("verbs removed") { 0.80 } else { 0.97 };
        assert!(share >= floor, "{name}: agreement {share:.3} is under {floor}\n{}", report.join("\n"));
    }
    eprintln!("diff agreement with the update lists:\n{}", report.join("\n"));
}

#[test]
fn release_builds_are_byte_identical() {
    if fise2_missing() {
        return;
    }
    // The first build runs three threads; this one a single thread.
    let again = release_dir("b");
    build_release(&again, &["--jobs", "1"]);
    let first = conformance();
    let mut names: Vec<String> = std::fs::read_dir(first)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["FISE-2.lex", "FISE-2.lex.excluded.csv", "NOTES.md", "SHA256SUMS"]);
    for name in &names {
        let (a, b) = (std::fs::read(first.join(name)).unwrap(), std::fs::read(again.join(name)).unwrap());
        assert!(a == b, "{name} differs between two builds of the same inputs");
    }
    let sums = std::fs::read_to_string(first.join("SHA256SUMS")).unwrap();
    assert_eq!(sums.lines().count(), 3, "{sums}");
    assert!(sums.lines().all(|l| l.len() > 66 && &l[64..66] == "  "), "{sums}");
    let notes = std::fs::read_to_string(first.join("NOTES.md")).unwrap();
    assert!(notes.starts_with("# FISE-2 2016: release notes"), "{notes}");
    assert!(notes.contains("## 1. Additions") && notes.contains("## 2. Removals"), "{notes}");
    let _ = std::fs::remove_dir_all(&again);
}

#[test]
fn diff_of_small_lexicons_lists_words_counts_and_notes() {
    let dir = release_dir("small");
    std::fs::create_dir_all(&dir).unwrap();
    let build = |name: &str, words: &str| {
        let src = dir.join(format!("{name}.txt"));
        std::fs::write(&src, words).unwrap();
        let out = lexico()
            .current_dir(workspace())
            .arg("build")
            .arg("--quiet")
            .arg("-o")
            .arg(dir.join(name))
            .arg(&src)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        dir.join(name)
    };
    let old = build("old.lex", "casa\nperro\nchurro\n");
    let new = build("new.lex", "casa\nperros\nchurro\nzuzar\n");
    let notes = dir.join("NOTES.md");
    let (out, err, code) = run(lexico().arg("diff").arg(&old).arg(&new).arg("--notes").arg(&notes));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "+PERROS\tunknown\n+ZUZAR\tunknown\n-PERRO\tunknown\n\
         # added 2; by tiles 5:2; by kind unknown:2\n# removed 1; by tiles 4:1; by kind unknown:1\n"
    );
    let (csv, _, _) = run(lexico().arg("diff").arg(&old).arg(&new).args(["--counts", "--format", "csv"]));
    assert!(csv.starts_with("change,by,key,count\nadded,total,all,2\n"), "{csv}");
    let (json, _, _) = run(lexico().arg("diff").arg(&old).arg(&new).args(["--format", "json"]));
    assert_eq!(
        json.lines().next().unwrap(),
        r#"{"change":"added","kind":"unknown","tiles":5,"word":"PERROS"}"#
    );
    let text = std::fs::read_to_string(&notes).unwrap();
    assert!(text.contains("## 1. Additions: 2 words") && text.contains("perros, zuzar"), "{text}");
    assert!(text.contains("## 2. Removals: 1 word\n") && text.contains("\nperro\n"), "{text}");
    // `default` names the embedded lexicon on either side.
    let (out, _, code) = run(lexico().args(["diff", "default", "default", "--counts"]));
    assert_eq!((out.as_str(), code), ("added\ttotal\tall\t0\nremoved\ttotal\tall\t0\n", 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The FISE-2 build with `tests/pos/regulation-examples.tsv`, the categories the regulation gives
/// its own examples of 18.2: the words it names in a category without plural lose their plurals,
/// those it names with a pluralisable sense keep them, and the rest of the build does not move.
#[test]
fn a_part_of_speech_table_of_the_regulations_examples_decides_their_number() {
    if fise2_missing() {
        return;
    }
    let dir = release_dir("pos-table");
    let table = workspace().join("tests/pos/regulation-examples.tsv");
    let out = build_release(&dir, &["--pos-table", table.to_str().unwrap()]);
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("number of non-verbs decided by the part-of-speech table: "), "{summary}");
    let lex = dir.join("FISE-2.lex");
    let (text, _, _) = run(lexico()
        .arg("explain")
        .arg("--lexicon")
        .arg(&lex)
        .args(["AQUIS", "HOYS", "ZASES", "CHISTS", "AYERES", "HURRAS", "CRICRIES", "PEROS"]));
    let verdicts: Vec<&str> = text.lines().filter(|l| !l.starts_with("  ")).collect();
    assert_eq!(
        verdicts,
        [
            "AQUIS\tinvalid\trejected-form",
            "HOYS\tinvalid\tunlisted",
            "ZASES\tinvalid\trejected-form",
            "CHISTS\tinvalid\trejected-form",
            "AYERES\tvalid\tlisted",
            "HURRAS\tvalid\tlisted",
            "CRICRIES\tvalid\tlisted",
            "PEROS\tvalid\tlisted",
        ],
        "{text}"
    );
    assert!(
        text.contains("rule pos:adv (art. 18.2.1)") && text.contains("rule pos:onomat (art. 18.2.7)"),
        "{text}"
    );
    // The table's row is the provenance of what it decides: AQUIS cites line 7 (aquí, adv).
    let aquis = text.lines().skip_while(|l| !l.starts_with("AQUIS")).nth(1).unwrap_or_default();
    assert!(
        aquis.contains("plural of pos-table aquí: adv") && aquis.ends_with("regulation-examples.tsv:7"),
        "{text}"
    );
    // The table's words are the regulation's, which its lists already decide in a category: the
    // word list is the one built without the table.
    let words = |lex: &Path| {
        let (out, _, _) = run(lexico().arg("info").arg("--lexicon").arg(lex));
        out.lines().find(|l| l.starts_with("words ")).map(str::to_string)
    };
    assert_eq!(words(&lex), words(&fise2()));
}
