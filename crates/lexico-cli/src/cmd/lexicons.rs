//! `lexico lexicons`: the installed lexicons, then the embedded one, marking the default, each
//! with its signer. An installed file that is damaged, changed from what its manifest says, or
//! not signed by a trusted key (once keys are trusted) is reported after the list.

use std::process::ExitCode;

use anyhow::Result;

use crate::output::{escape_controls, Format, Out};
use lexico_store::{short, Listed};

#[derive(clap::Args)]
pub struct Args {
    /// Output format (text: aligned columns, `*` marking the default, checksums shortened).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let listing = lexico_store::listing(crate::lexicons::data_dir().as_deref())?;
    print(&listing.lexicons, args.format)?;
    // Problems are reported after the list, one line each (each naming its file: the lexicon,
    // its signature, a trusted key or the default record), and make the exit status 2.
    for problem in &listing.problems {
        eprintln!("lexico: {problem}");
    }
    Ok(if listing.problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

fn print(rows: &[Listed], format: Format) -> Result<()> {
    let mut out = Out::new(format);
    // Names, editions, versions, signers and paths come from files and keys: in text and CSV
    // their control characters are escaped (JSON escapes them itself).
    let escaped: Vec<Listed>;
    let rows = if format == Format::Json {
        rows
    } else {
        let e = |s: &str| escape_controls(s).into_owned();
        escaped = rows
            .iter()
            .map(|r| Listed {
                default: r.default,
                name: e(&r.name),
                edition: e(&r.edition),
                version: e(&r.version),
                words: r.words,
                payload_sha256: e(&r.payload_sha256),
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
                [
                    &row.name,
                    &row.edition,
                    &row.version,
                    words,
                    short(&row.payload_sha256),
                    &row.signer,
                    &row.path,
                ],
            );
            out.record(&text, &[])?;
        }
    } else {
        for row in rows {
            out.row(row, |_| {})?;
        }
    }
    out.flush()?;
    Ok(())
}
