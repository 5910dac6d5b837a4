//! `cargo xtask conformance`: builds the FISE-2 lexicon from `../shared/data/fise-2` (or
//! `LEXICO_FISE2_DIR`) with
//! `rules/fise-2016` (the default lexicon as the previous edition) and compares it with the
//! previous edition: by kind of form, by length, and every difference by the rule that explains
//! it. Prints Markdown for `docs/conformance.md`.
//!
//! `cargo xtask conformance --2009`: builds the 2009 edition from the same lists with both update
//! lists undone (`--undo`) and `rules/fise-2009`, and compares it with the default lexicon's word
//! list (`lexicon-src/letterpress-es.txt`): both ways, and the differences by kind of form.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};

const SOURCES: [&str; 4] =
    ["no-verbos.txt", "verbos-clasificados.txt", "actualizacion-no-verbos.txt", "actualizacion-verbos.txt"];

pub fn run(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        None => run_2016(),
        Some("--2009") => run_2009(),
        Some(other) => bail!("unknown argument {other:?} (usage: cargo xtask conformance [--2009])"),
    }
}

/// The release binary, built first; the FISE-2 folder, or an error saying it is missing.
fn binary_and_data() -> Result<(std::path::PathBuf, std::path::PathBuf)> {
    let root = crate::root();
    let data = root.join(crate::fise2_dir());
    if !data.join("no-verbos.txt").exists() {
        bail!(
            "the FISE-2 data is missing: {} (CI and developers have it beside the checkout)",
            data.display()
        );
    }
    crate::run(Command::new("cargo").args(["build", "--release", "-p", "lexico"]).current_dir(&root))?;
    Ok((root.join("target/release/lexico"), data))
}

/// The 2009 edition rebuilt: the 2016 lists with both update lists undone, `rules/fise-2009`,
/// against the default lexicon's word list.
fn run_2009() -> Result<()> {
    let root = crate::root();
    let (lexico, _) = binary_and_data()?;
    let out = root.join("target/conformance");
    std::fs::create_dir_all(&out)?;
    let lex = out.join("fise2-2009.lex");
    let mut build = Command::new(&lexico);
    build.current_dir(&root).args(["build", "--quiet", "--rules", "fise-2009", "-o"]).arg(&lex);
    for s in &SOURCES[..2] {
        build.arg(crate::fise2_dir().join(s));
    }
    for s in &SOURCES[2..] {
        build.arg("--undo").arg(crate::fise2_dir().join(s));
    }
    let (seconds, summary) = timed_build(&mut build)?;
    let dump = captured(Command::new(&lexico).args(["dump", "--provenance", "--lexicon"]).arg(&lex))?;
    // word -> slot
    let new: HashMap<&str, &str> =
        dump.lines().map(provenance_row).map(|(w, (slot, _, _))| (w, slot)).collect();
    let reference = std::fs::read_to_string(root.join("lexicon-src/letterpress-es.txt"))?;
    let old: HashSet<String> =
        reference.lines().map(|l| l.trim().to_uppercase()).filter(|l| !l.is_empty()).collect();
    let both = new.keys().filter(|w| old.contains(**w)).count();
    let mut only_new: Vec<&str> = new.keys().copied().filter(|w| !old.contains(*w)).collect();
    let mut only_old: Vec<&str> = old.iter().map(String::as_str).filter(|w| !new.contains_key(w)).collect();
    only_new.sort_unstable();
    only_old.sort_unstable();
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b as f64;
    let mut md = String::new();
    writeln!(md, "| | words |\n| --- | ---: |")?;
    writeln!(md, "| built | {} |", new.len())?;
    writeln!(md, "| reference (default lexicon) | {} |", old.len())?;
    writeln!(md, "| in both | {both} |")?;
    writeln!(md, "| only built | {} |", only_new.len())?;
    writeln!(md, "| only in the reference | {} |", only_old.len())?;
    writeln!(md, "| the reference's words the build holds | {:.2} % |", pct(both, old.len()))?;
    writeln!(md, "| the build's words the reference holds | {:.2} % |", pct(both, new.len()))?;
    writeln!(md, "\nBuild: {seconds:.2} s wall (release binary, including start-up).\n")?;
    writeln!(md, "```text\n{summary}```\n")?;
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    for w in &only_new {
        *kinds.entry(kind(new[w])).or_default() += 1;
    }
    writeln!(md, "### Only built, by kind\n\n| kind | words |\n| --- | ---: |")?;
    for (k, n) in &kinds {
        writeln!(md, "| {k} | {n} |")?;
    }
    let sample = |words: &[&str]| -> String {
        words.iter().step_by((words.len() / 40).max(1)).copied().collect::<Vec<_>>().join(", ")
    };
    writeln!(md, "\nA sample of the words only built: {}", sample(&only_new))?;
    writeln!(md, "\nA sample of the words only in the reference: {}", sample(&only_old))?;
    std::fs::write(out.join("conformance-2009.md"), &md)?;
    print!("{md}");
    Ok(())
}

fn run_2016() -> Result<()> {
    let root = crate::root();
    let (lexico, data) = binary_and_data()?;
    let out = root.join("target/conformance");
    std::fs::create_dir_all(&out)?;
    let lex = out.join("fise2.lex");
    let mut build = Command::new(&lexico);
    build.current_dir(&root).args(["build", "--quiet", "--previous", "embedded", "--name", "FISE"]);
    build.args(["--edition", "FISE-2", "--lexicon-version", "2016", "-o"]).arg(&lex);
    for s in SOURCES {
        build.arg(crate::fise2_dir().join(s));
    }
    // The entries the update lists remove and add, conjugated and pluralised by the same engine
    // (a word of the previous edition that is a form of a removed one left with it; a word only
    // in the new build that is a form of an added one came with it).
    let removed_table = out.join("removed.tsv");
    std::fs::write(&removed_table, removed_entries(&data)?)?;
    let added_table = out.join("added.tsv");
    std::fs::write(&added_table, added_entries(&data)?)?;
    let dump = |extra: &[&str], file: Option<&Path>| -> Result<String> {
        let mut c = Command::new(&lexico);
        c.arg("dump").args(extra);
        if let Some(f) = file {
            c.arg("--lexicon").arg(f);
        }
        captured(&mut c)
    };
    let table_words = |table: &Path, name: &str| -> Result<String> {
        let built = out.join(name);
        let mut b = Command::new(&lexico);
        b.current_dir(&root).args(["build", "--quiet", "-o"]).arg(&built).arg(table);
        captured(&mut b).with_context(|| format!("building {}", table.display()))?;
        dump(&[], Some(&built))
    };
    // The build, then its two dumps, on one thread; the previous edition's words and the tables
    // of removed and added entries on others: the machine's cores share the work.
    let (built, old_text, removed_words, added_words) = std::thread::scope(|s| {
        let old = s.spawn(|| dump(&[], None));
        let removed = s.spawn(|| table_words(&removed_table, "removed.lex"));
        let added = s.spawn(|| table_words(&added_table, "added.lex"));
        let built = timed_build(&mut build).and_then(|(seconds, summary)| {
            let rejected = s.spawn(|| dump(&["--provenance", "--rejected"], Some(&lex)));
            let new = dump(&["--provenance"], Some(&lex))?;
            Ok((seconds, summary, new, rejected.join().expect("a dump thread")?))
        });
        let join = |h: std::thread::ScopedJoinHandle<'_, Result<String>>| h.join().expect("a dump thread");
        (built, join(old), join(removed), join(added))
    });
    let (seconds, summary, new_text, rejected_text) = built?;
    let (old_text, removed_words, added_words) = (old_text?, removed_words?, added_words?);

    // The two editions in byte order (two sorts, one a core), then walked side by side.
    let (new, old) = std::thread::scope(|s| {
        let new = s.spawn(|| {
            let mut new: Vec<Row> = new_text.lines().map(provenance_row).collect();
            new.sort_unstable_by_key(|r| r.0);
            new
        });
        let mut old: Vec<&str> = old_text.lines().collect();
        old.sort_unstable();
        (new.join().expect("a sorting thread"), old)
    });
    let rejected: HashMap<&str, (&str, &str, &str)> = rejected_text.lines().map(provenance_row).collect();

    let mut kinds: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut lengths: BTreeMap<usize, [usize; 4]> = BTreeMap::new();
    let (mut only_new, mut only_old): (Vec<&Row>, Vec<&str>) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < new.len() || j < old.len() {
        let order = match (new.get(i), old.get(j)) {
            (Some(n), Some(o)) => n.0.cmp(o),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        if order.is_le() {
            let n = &new[i];
            let (k, l) = (kinds.entry(kind(n.1 .0)).or_default(), lengths.entry(tiles(n.0)).or_default());
            k.0 += 1;
            l[0] += 1;
            if order.is_eq() {
                k.1 += 1;
            } else {
                l[2] += 1;
                only_new.push(n);
            }
            i += 1;
        }
        if order.is_ge() {
            let l = lengths.entry(tiles(old[j])).or_default();
            l[1] += 1;
            if order.is_gt() {
                l[3] += 1;
                only_old.push(old[j]);
            }
            j += 1;
        }
    }
    let both = new.len() - only_new.len();

    let mut md = String::new();
    writeln!(md, "| | words |\n| --- | ---: |")?;
    writeln!(md, "| FISE-2 build | {} |", new.len())?;
    writeln!(md, "| previous edition (default lexicon) | {} |", old.len())?;
    writeln!(md, "| in both | {both} |")?;
    writeln!(md, "| only in the FISE-2 build | {} |", only_new.len())?;
    writeln!(md, "| only in the previous edition | {} |", only_old.len())?;
    writeln!(md, "\nBuild: {seconds:.2} s wall (release binary, including start-up).\n")?;
    writeln!(md, "```text\n{}```\n", summary)?;

    // By kind.
    writeln!(md, "### By kind of form (FISE-2 build)\n")?;
    writeln!(
        md,
        "| kind | forms | also in the previous edition | agreement |\n| --- | ---: | ---: | ---: |"
    )?;
    for (k, (n, b)) in &kinds {
        writeln!(md, "| {k} | {n} | {b} | {:.2} % |", 100.0 * *b as f64 / *n as f64)?;
    }

    // By length.
    writeln!(md, "\n### By length in tiles\n")?;
    writeln!(md, "| tiles | FISE-2 build | previous | only FISE-2 | only previous |\n| ---: | ---: | ---: | ---: | ---: |")?;
    for (n, [a, b, c, d]) in &lengths {
        writeln!(md, "| {n} | {a} | {b} | {c} | {d} |")?;
    }

    // Words only in the previous edition: which rule of the new build refuses them.
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut not_generated = Vec::new();
    for w in &only_old {
        match rejected.get(*w) {
            Some((_, rule, article)) => *refused.entry(format!("{rule} (art. {article})")).or_default() += 1,
            None => not_generated.push(*w),
        }
    }
    let removed: HashSet<&str> = removed_words.lines().collect();
    let (gone, unexplained): (Vec<&str>, Vec<&str>) =
        not_generated.iter().partition(|w| removed.contains(**w));
    writeln!(md, "\n### Words only in the previous edition\n")?;
    writeln!(md, "| why the FISE-2 build leaves them out | words |\n| --- | ---: |")?;
    let mut refused: Vec<_> = refused.into_iter().collect();
    refused.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (why, n) in &refused {
        writeln!(md, "| generated and rejected by {why} | {n} |")?;
    }
    writeln!(
        md,
        "| a form of an entry the update lists remove (verbs *suprimidos*, non-verbs *bajas*) | {} |",
        gone.len()
    )?;
    writeln!(
        md,
        "| not generated from any FISE-2 entry, not a form of a removed entry | {} |",
        unexplained.len()
    )?;
    let not_generated = unexplained;

    // Words only in the new build, by kind, and whether they are forms of an entry the update
    // lists add (or whose usage or class they change).
    let added_set: HashSet<&str> = added_words.lines().collect();
    let mut added: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    for &&(w, (slot, _, _)) in &only_new {
        let e = added.entry(kind(slot)).or_default();
        e.0 += 1;
        if added_set.contains(w) {
            e.1 += 1;
        }
    }
    writeln!(md, "\n### Words only in the FISE-2 build, by kind\n")?;
    writeln!(md, "| kind | words | forms of entries the update lists add or change | other |\n| --- | ---: | ---: | ---: |")?;
    let (mut total, mut listed) = (0, 0);
    for (k, (n, a)) in &added {
        writeln!(md, "| {k} | {n} | {a} | {} |", n - a)?;
        total += n;
        listed += a;
    }
    writeln!(md, "| all | {total} | {listed} | {} |", total - listed)?;

    // The short words, one by one.
    writeln!(md, "\n### Every difference of 2 and 3 tiles\n")?;
    let mut short_new: Vec<&Row> = only_new.iter().copied().filter(|r| tiles(r.0) <= 3).collect();
    short_new.sort();
    let short_old: Vec<&str> = only_old.iter().copied().filter(|w| tiles(w) <= 3).collect();
    writeln!(
        md,
        "Only in FISE-2: {}",
        short_new.iter().map(|(w, (_, rule, _))| format!("{w} ({rule})")).collect::<Vec<_>>().join(", ")
    )?;
    writeln!(md)?;
    writeln!(
        md,
        "Only in the previous edition: {}",
        short_old
            .iter()
            .map(|w| match rejected.get(*w) {
                Some((_, r, a)) => format!("{w} ({r}, {a})"),
                None => format!("{w} (not generated)"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let sample: Vec<&str> =
        not_generated.iter().step_by((not_generated.len() / 40).max(1)).copied().collect();
    writeln!(
        md,
        "\nA sample of the words only in the previous edition that no FISE-2 entry generates: {}",
        sample.join(", ")
    )?;
    std::fs::write(out.join("conformance.md"), &md)?;
    print!("{md}");
    Ok(())
}

/// The kind of form a slot is, for the tables.
fn kind(slot: &str) -> &'static str {
    match slot {
        "lemma" | "word" => "headword",
        "feminine" => "feminine",
        "plural" => "plural",
        "inf" | "inf.se" => "verb: infinitive",
        "ger" => "verb: gerund",
        s if s.starts_with("part.") => "verb: participle",
        s if s.ends_with(".vos") => "verb: voseo",
        s if s.starts_with("ind.pres") => "verb: present indicative",
        s if s.starts_with("ind.impf") => "verb: imperfect indicative",
        s if s.starts_with("ind.pret") => "verb: preterite",
        s if s.starts_with("ind.fut") => "verb: future indicative",
        s if s.starts_with("cond") => "verb: conditional",
        s if s.starts_with("subj.pres") => "verb: present subjunctive",
        s if s.starts_with("subj.impf") => "verb: imperfect subjunctive (-ra, -se)",
        s if s.starts_with("subj.fut") => "verb: future subjunctive",
        s if s.starts_with("imp") => "verb: imperative",
        _ => "other",
    }
}

/// A lemma table of the entries the update lists add or change: verbs "1. NUEVOS", "5. DE
/// DESUSADO A USADO" and the class changes 6–11 (conjugated as regular transitive verbs, so every
/// form they may now have is there), non-verbs of sections 1–3 and annex I (nouns and adjectives).
fn added_entries(data: &Path) -> Result<String> {
    let mut table = String::from("lemma\tpos\tmarks\tmodel\n");
    let verbs = lines(data, "actualizacion-verbos.txt")?;
    for (from, to) in [("1. NUEVOS", "2. "), ("5. DE DESUSADO", "6. "), ("6. DE TRANSITIVO", "12. ")] {
        for v in section(&verbs, from, to).into_iter().filter(|v| is_infinitive(v)) {
            writeln!(table, "{v}\tv.tr\t\t")?;
        }
    }
    let non_verbs = lines(data, "actualizacion-no-verbos.txt")?;
    for (from, to) in [("1. ALTAS", "4. "), ("6. ANEXO I:", "7. ")] {
        for w in section(&non_verbs, from, to) {
            writeln!(table, "{w}\tn adj\t\t")?;
        }
    }
    Ok(table)
}

/// Returns true if and only if `w` looks like an infinitive, with or without "se" (the verb
/// update list has sub-headings between its verbs).
fn is_infinitive(w: &str) -> bool {
    let w = w.strip_suffix("se").unwrap_or(w);
    ["ar", "er", "ir", "ír"].iter().any(|e| w.ends_with(e))
}

/// The lines of a FISE list (Latin-1), trimmed, without blank lines.
fn lines(data: &Path, name: &str) -> Result<Vec<String>> {
    let bytes = std::fs::read(data.join(name)).with_context(|| name.to_string())?;
    let text: String = bytes.iter().map(|&b| b as char).collect();
    Ok(text.split(['\r', '\n']).map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect())
}

/// The words of the section that starts with `start`, up to the one that starts with `end`, in
/// the body of a FISE list (after its first `#` line): notes in brackets and conjugation
/// sub-headings left out.
fn section(lines: &[String], start: &str, end: &str) -> Vec<String> {
    let body = lines.iter().skip_while(|l| l.as_str() != "#").skip(1);
    body.skip_while(|l| !l.starts_with(start))
        .skip(1)
        .take_while(|l| !l.starts_with(end) && l.as_str() != "#")
        .filter(|l| !l.starts_with('(') && !l.ends_with("conjugación"))
        .map(|l| l.split(['(', ' ']).next().unwrap_or("").to_string())
        .filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic))
        .collect()
}

/// A lemma table of the entries the update lists remove: verbs of "2. SUPRIMIDOS" (conjugated as
/// regular, pronominal when the entry has "se") and non-verbs of "4. BAJAS…" (nouns and
/// adjectives, so their plurals are formed too).
fn removed_entries(data: &Path) -> Result<String> {
    let mut table = String::from("lemma\tpos\tmarks\tmodel\n");
    let verbs = lines(data, "actualizacion-verbos.txt")?;
    for v in section(&verbs, "2. SUPRIMIDOS", "3. ").into_iter().filter(|v| is_infinitive(v)) {
        let pos = if v.ends_with("se") { "v.prnl" } else { "v.tr" };
        writeln!(table, "{v}\t{pos}\t\t")?;
    }
    let non_verbs = lines(data, "actualizacion-no-verbos.txt")?;
    for w in section(&non_verbs, "4. BAJAS", "6. ") {
        writeln!(table, "{w}\tn adj\t\t")?;
    }
    Ok(table)
}

/// Runs a `lexico build` that must succeed: its wall time in seconds and its summary (standard
/// error).
fn timed_build(build: &mut Command) -> Result<(f64, String)> {
    let started = std::time::Instant::now();
    let o = build.output().context("running lexico build")?;
    let seconds = started.elapsed().as_secs_f64();
    if !o.status.success() {
        bail!("lexico build failed: {}", String::from_utf8_lossy(&o.stderr));
    }
    Ok((seconds, String::from_utf8_lossy(&o.stderr).into_owned()))
}

/// The standard output of a command that must succeed; its standard error in the error if not.
fn captured(c: &mut Command) -> Result<String> {
    let o = c.output().with_context(|| format!("cannot run {c:?}"))?;
    if !o.status.success() {
        bail!("{c:?} failed: {}", String::from_utf8_lossy(&o.stderr));
    }
    Ok(String::from_utf8(o.stdout)?)
}

/// The tiles of a word in capitals: CH, LL and RR are one tile each, read left to right.
fn tiles(w: &str) -> usize {
    let b = w.as_bytes();
    let (mut n, mut i) = (0, 0);
    while i < b.len() {
        let pair = b.get(i..i + 2);
        i += if matches!(pair, Some(b"CH" | b"LL" | b"RR")) { 2 } else { 1 };
        // A character's continuation bytes are not tiles of their own.
        while i < b.len() && b[i] & 0xC0 == 0x80 {
            i += 1;
        }
        n += 1;
    }
    n
}

/// A line of a dump with provenance: word, (slot, rule, article).
type Row<'a> = (&'a str, (&'a str, &'a str, &'a str));

/// Reads a line of a dump with provenance.
fn provenance_row(line: &str) -> Row<'_> {
    let mut f = line.split('\t');
    let mut next = || f.next().unwrap_or("");
    (next(), (next(), next(), next()))
}
