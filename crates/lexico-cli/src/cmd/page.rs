//! `lexico page`: the offline judge page (`crate::offline`, `lexico_web::page`), written as one
//! self-contained HTML file (`-o FILE.html`) or as the folder a web server offers (`-o DIR`:
//! `index.html`, the engine, the lexicon, a web-app manifest, a service worker, an icon and the
//! single file). Each file is written atomically; the SHA-256 of each is printed, which is what
//! a club checks a copy of the page against (`docs/arbitros.md`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use lexico_answers::say;
use lexico_web::page::{self, Page, PageMode};

use crate::i18n::{msg, terminal, Arg};
use crate::lexicons::LexiconArg;
use crate::offline;
use lexico_store::atomic::write_atomically;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the page: a FILE.html (one self-contained file), or a folder for a web
    /// server.
    #[arg(long, short = 'o', value_name = "FILE.html|DIR")]
    pub output: PathBuf,
    /// Only the Juez mode: the page judges plays, and neither looks up words, judges Dash
    /// cards nor quizzes (a tournament's tablet).
    #[arg(long)]
    pub solo_juez: bool,
    /// A minisign public key the page accepts the lexicon's signature from (repeatable).
    /// Default: the keys the data folder trusts (`lexico trust list`); with none, the lexicon
    /// is unsigned and the page checks its SHA-256.
    #[arg(long, value_name = "PUBKEY")]
    pub trust: Vec<PathBuf>,
    /// Seconds after which the page clears a verdict (any key or a tap clears it too); 0 keeps
    /// it until then.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub clear_after: u64,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// Returns true if and only if `path` names a single HTML file rather than a folder.
fn is_single_file(path: &Path) -> bool {
    !path.is_dir()
        && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

pub fn run(args: Args) -> Result<ExitCode> {
    let term = terminal();
    let engine = offline::require_engine()?;
    let carried = offline::carried(&args.lexicon, &args.trust)?;
    let modes: &[PageMode] = if args.solo_juez { &[PageMode::Juez] } else { &PageMode::ALL };
    let page = Page {
        lexicon: &carried.bytes,
        trust: &carried.trust,
        modes,
        clear_after: args.clear_after,
        lang: crate::i18n::station(),
    };
    let written: Vec<(PathBuf, Vec<u8>)> = if is_single_file(&args.output) {
        vec![(args.output.clone(), page::single_file(engine, &page)?.into_bytes())]
    } else {
        std::fs::create_dir_all(&args.output)?;
        page::folder(engine, &page)?.into_iter().map(|f| (args.output.join(f.name), f.bytes)).collect()
    };
    for (path, bytes) in &written {
        write_atomically(path, bytes)?;
    }
    let lex = lexico_lexicon::Lexicon::from_vec(carried.bytes)?;
    let m = lex.manifest()?;
    let title = format!("{} {} {}", m.name, m.edition, m.version);
    let said = |id: &str, args: &[(&str, Arg)]| println!("{}", msg(term, id, args));
    said(
        "page-written-lexicon",
        &[
            ("lexicon", Arg::Str(&title)),
            ("checksum", Arg::Str(&carried.payload_sha256)),
            ("signer", Arg::Str(&say::signer(&carried.signer, term))),
        ],
    );
    if carried.stripped {
        said("page-written-stripped", &[]);
    }
    said("page-written-sha256", &[]);
    for (path, bytes) in &written {
        println!("{}  {}", page::sha256_hex(bytes), path.display());
    }
    Ok(ExitCode::SUCCESS)
}
