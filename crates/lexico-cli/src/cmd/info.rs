//! `lexico info`: the manifest of a lexicon, with the payload digest computed when the file was
//! proven whole (never only the one its manifest claims) and its signer.

use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::lexicons::LexiconArg;
use crate::output::{csv_safe, Format};

#[derive(clap::Args)]
pub struct Args {
    /// Output format (csv prints one `field,value` row per line).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Check the signature (when keys are trusted), every checksum, the payload digest and the
    /// counts again now, whatever a verification record says (a file is checked when its bytes
    /// are first used; a record spares later uses of the same bytes).
    #[arg(long)]
    pub verify: bool,
    /// With --verify: check the signature beside the file (FILE.minisig) against this minisign
    /// public key, whether or not it is trusted in the data folder.
    #[arg(long, value_name = "PUBLIC_KEY", requires = "verify")]
    pub key: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

pub fn run(args: Args) -> Result<ExitCode> {
    // `--verify` checks everything again (the signature included), whatever a record says.
    let check = if args.verify { crate::lexicons::Check::Full } else { crate::lexicons::Check::Recorded };
    let opened = args.lexicon.open_checked(check)?;
    let lex = &opened.lexicon;
    let m = lex.manifest()?;
    if args.verify {
        lex.verify().context("verification failed")?;
    }
    let payload = lex.payload_sha256_verified()?.to_string();
    let mut signer = opened.signer.to_string();
    if let Some(key) = &args.key {
        signer = signed_by(&args.lexicon, lex, key)?;
    }
    let mut rows: Vec<(String, String)> = vec![
        ("name".into(), m.name.clone()),
        ("edition".into(), m.edition.clone()),
        ("version".into(), m.version.clone()),
        ("format version".into(), m.format_version.to_string()),
        ("built by".into(), m.tool.clone()),
        (
            "rule set".into(),
            match lexico_compile::modified_from(&m.rules) {
                Some(modified) => format!("{} {}, {modified}", m.rules.name, m.rules.version),
                None => format!("{} {}", m.rules.name, m.rules.version),
            },
        ),
        ("words".into(), m.words.to_string()),
        ("rejected forms kept".into(), m.rejected_forms.to_string()),
        ("tiles per word".into(), format!("{} to {}", m.min_tiles, m.max_tiles)),
        ("payload sha256".into(), payload.clone()),
        ("file sha256".into(), lex.file_sha256()),
        ("signed by".into(), signer.clone()),
    ];
    for (n, c) in m.words_by_length.iter().enumerate().filter(|(_, &c)| c > 0) {
        rows.push((format!("words of {n} tiles"), c.to_string()));
    }
    for s in &m.sources {
        rows.push((
            "source".into(),
            match s.role.as_str() {
                "" => format!("{} ({}, {} lines, sha256 {})", s.file.path, s.kind, s.lines, s.file.sha256),
                role => format!(
                    "{} ({}, {role}, {} lines, sha256 {})",
                    s.file.path, s.kind, s.lines, s.file.sha256
                ),
            },
        ));
    }
    for f in &m.rules.files {
        rows.push(("rule file".into(), format!("{} (sha256 {})", f.path, f.sha256)));
    }
    for n in &m.notes {
        rows.push(("note".into(), n.clone()));
    }
    if args.verify {
        rows.push(("verified".into(), "every checksum matches".into()));
    }
    let mut stdout = std::io::stdout().lock();
    use std::io::Write;
    match args.format {
        Format::Text => {
            for (k, v) in &rows {
                writeln!(stdout, "{k:<20} {v}")?;
            }
        }
        Format::Csv => {
            writeln!(stdout, "field,value")?;
            // A document of its own shape: every value quoted. No field starts a formula.
            for (k, v) in &rows {
                writeln!(stdout, "{},\"{}\"", csv_safe(k), csv_safe(v).replace('"', "\"\""))?;
            }
        }
        Format::Json => {
            let mut value = serde_json::to_value(m)?;
            value["payload_sha256"] = payload.into();
            value["file_sha256"] = lex.file_sha256().into();
            value["signer"] = signer.into();
            serde_json::to_writer_pretty(&mut stdout, &value)?;
            writeln!(stdout)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The id of the public key in the file `key` once it is checked that the signature beside the
/// lexicon file `arg` names (`FILE.minisig`) is that key's, over the lexicon's bytes.
fn signed_by(
    arg: &crate::lexicons::LexiconArg,
    lex: &lexico_lexicon::Lexicon,
    key: &std::path::Path,
) -> Result<String> {
    let Some(path) = arg.lexicon.as_ref().map(std::path::Path::new).filter(|p| p.is_file()) else {
        anyhow::bail!("--key checks the signature beside a lexicon file: give the file with --lexicon");
    };
    let text = std::fs::read_to_string(key).with_context(|| key.display().to_string())?;
    let (public, comment) =
        lexico_store::parse_public_key(&text).with_context(|| key.display().to_string())?;
    let id = lexico_store::key_id(public.keynum());
    let keys = [lexico_store::TrustedKey { id, comment, key: public }];
    let sig = lexico_store::read_signature(&lexico_store::signature_path(path))?;
    let signer = lexico_store::check_signature(path, sig.as_deref(), lex.as_bytes(), &keys)?;
    Ok(format!("{} (checked against {})", signer.id, key.display()))
}
