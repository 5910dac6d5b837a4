//! `lexico lexicons`: the installed lexicons, then the embedded one, marking the default, each
//! with its signer. An installed file that is damaged, changed from what its manifest says, or
//! not signed by a trusted key (once keys are trusted) is reported after the list.

use std::process::ExitCode;

use anyhow::Result;

use crate::lexicons;
use crate::output::{escape_controls, Format, Out, Value};
use lexico_store::short;

#[derive(clap::Args)]
pub struct Args {
    /// Output format (text: aligned columns, `*` marking the default, checksums shortened).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// One lexicon of the list.
struct Row {
    default: bool,
    name: String,
    edition: String,
    version: String,
    words: u64,
    payload: String,
    signer: String,
    path: String,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let dir = lexicons::data_dir();
    let lexicons::Scan { found, broken } = match &dir {
        Some(dir) => lexicons::scan(dir)?,
        None => Default::default(),
    };
    // A lost default record is reported after the list, which then marks no default.
    let (default_path, lost) = match dir.as_deref().map(lexicons::default_path) {
        Some(Ok(lexicons::DefaultLexicon::Installed(path))) => (Some(path), None),
        Some(Err(e)) => (None, Some(e)),
        _ => (None, None),
    };
    let mut rows = Vec::new();
    for installed in &found {
        let m = installed.lexicon.manifest()?;
        rows.push(Row {
            default: default_path.as_ref() == Some(&installed.path),
            name: m.name.clone(),
            edition: m.edition.clone(),
            version: m.version.clone(),
            words: m.words,
            payload: installed.lexicon.payload_sha256_verified()?.to_string(),
            signer: installed.signer.to_string(),
            path: installed.path.display().to_string(),
        });
    }
    let embedded = lexicons::embedded()?;
    let m = embedded.manifest()?;
    rows.push(Row {
        default: default_path.is_none() && lost.is_none(),
        name: m.name.clone(),
        edition: m.edition.clone(),
        version: m.version.clone(),
        words: m.words,
        payload: m.payload_sha256.clone(),
        signer: lexicons::Signer::Embedded.to_string(),
        path: "(embedded)".into(),
    });
    print(&rows, args.format)?;
    // Problems are reported after the list, one line each, and make the exit status 2.
    let mut problems: Vec<String> = lost.iter().map(ToString::to_string).collect();
    // Each error names its file (the lexicon, its signature or a trusted key).
    for (_, err) in &broken {
        problems.push(err.to_string());
    }
    if let Some(path) = default_path.filter(|p| !found.iter().any(|i| &i.path == p)) {
        if !broken.iter().any(|(p, _)| *p == path) {
            problems.push(format!(
                "{}: the default lexicon is not installed (`lexico install --default NAME` chooses another)",
                path.display()
            ));
        }
    }
    for problem in &problems {
        eprintln!("lexico: {problem}");
    }
    Ok(if problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

fn print(rows: &[Row], format: Format) -> Result<()> {
    let mut out = Out::new(format);
    // Names, editions, versions, signers and paths come from files and keys: in text and CSV
    // their control characters are escaped (JSON escapes them itself).
    let escaped: Vec<Row>;
    let rows = if format == Format::Json {
        rows
    } else {
        let e = |s: &str| escape_controls(s).into_owned();
        escaped = rows
            .iter()
            .map(|r| Row {
                default: r.default,
                name: e(&r.name),
                edition: e(&r.edition),
                version: e(&r.version),
                words: r.words,
                payload: e(&r.payload),
                signer: e(&r.signer),
                path: e(&r.path),
            })
            .collect();
        &escaped
    };
    if format == Format::Text {
        let words: Vec<String> = rows.iter().map(|r| r.words.to_string()).collect();
        let width = |header: &str, cell: &dyn Fn(usize) -> usize| {
            (0..rows.len()).map(cell).chain([header.chars().count()]).max().unwrap_or(0)
        };
        let w_name = width("name", &|i| rows[i].name.chars().count());
        let w_edition = width("edition", &|i| rows[i].edition.chars().count());
        let w_version = width("version", &|i| rows[i].version.chars().count());
        let w_words = width("words", &|i| words[i].len());
        let w_signer = width("signer", &|i| rows[i].signer.chars().count());
        let line = |mark: &str, cells: [&str; 7]| {
            format!(
                "{mark} {:<w_name$}  {:<w_edition$}  {:<w_version$}  {:>w_words$}  {:<16}  {:<w_signer$}  {}",
                cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6]
            )
        };
        let header = line(" ", ["name", "edition", "version", "words", "payload sha256", "signer", "path"]);
        out.text_line(header.trim_end())?;
        for (row, words) in rows.iter().zip(&words) {
            let mark = if row.default { "*" } else { " " };
            let text = line(
                mark,
                [&row.name, &row.edition, &row.version, words, short(&row.payload), &row.signer, &row.path],
            );
            out.record(&text, &[])?;
        }
    } else {
        for row in rows {
            out.record(
                "",
                &[
                    ("default", Value::Bool(row.default)),
                    ("name", Value::Str(&row.name)),
                    ("edition", Value::Str(&row.edition)),
                    ("version", Value::Str(&row.version)),
                    ("words", Value::Int(row.words)),
                    ("payload_sha256", Value::Str(&row.payload)),
                    ("signer", Value::Str(&row.signer)),
                    ("path", Value::Str(&row.path)),
                ],
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
