//! Compiling sources with a rule set into a lexicon file image.

use sha2::{Digest, Sha256};

use lexico_rules::sources::{self, SourceKind};
use lexico_rules::{RuleError, RuleSet};
use lexico_tiles::{TileError, TileSet};

use crate::builder::{hex, Builder};
use crate::error::LexiconError;
use crate::manifest::{FileDigest, Manifest, RuleSetInfo, SourceInfo};
use crate::provenance::{code, SlotInfo};

/// A source file as given to a build: the path to record and its bytes.
pub struct Input {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The descriptive fields of the lexicon being built.
#[derive(Clone, Debug, Default)]
pub struct Meta {
    pub name: String,
    pub edition: String,
    pub version: String,
    pub notes: Vec<String>,
    /// The program building it (`lexico 0.1.0`).
    pub tool: String,
}

/// A word a build took in and left out, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    pub text: String,
    pub reason: String,
    pub rule: String,
    pub article: String,
    pub source: String,
    pub line: u64,
}

/// What a build produced.
pub struct Compiled {
    pub image: Vec<u8>,
    pub manifest: Manifest,
    pub exclusions: Vec<Exclusion>,
    /// Words taken in (source words and generated forms), before duplicates were merged.
    pub taken: u64,
}

/// Why a build stopped.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
    #[error("{path}: {kind} lists are not supported by this build")]
    Unsupported { path: String, kind: &'static str },
}

/// Compiles `inputs` with `rules`. `progress(done, total)` is called as sources are read.
pub fn compile(
    rules: &RuleSet,
    inputs: &[Input],
    meta: Meta,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Compiled, CompileError> {
    let tiles = TileSet::parse(&rules.tiles_csv)
        .map_err(|e| lexico_rules::ruleset::tile_error("tiles.csv".into(), e))?;
    let mut builder = Builder::new(&rules.tiles_csv);
    let mut exclusions = Vec::new();
    let mut source_infos = Vec::new();
    let mut base = 0u64;
    let mut taken = 0u64;
    let total: u64 = inputs.iter().map(|i| i.bytes.len() as u64).sum();
    let mut done = 0u64;
    let word_slot = builder.slot(SlotInfo {
        slot: "word".into(),
        rule: "raw-list".into(),
        article: String::new(),
        reason: String::new(),
    });
    for input in inputs {
        let path = std::path::Path::new(&input.path);
        let kind = SourceKind::detect(&input.bytes);
        let lines = match kind {
            SourceKind::Raw => {
                let list = sources::read_raw(path, &input.bytes)?;
                for w in &list.words {
                    taken += 1;
                    let place = (input.path.as_str(), w.line as u64);
                    if let Some(word) = admit(rules, &tiles, &w.text, place, &mut exclusions) {
                        builder.insert(&word, code(base + w.line as u64, word_slot));
                    }
                }
                list.lines as u64
            }
            other => {
                return Err(CompileError::Unsupported {
                    path: input.path.clone(),
                    kind: other.name(),
                });
            }
        };
        source_infos.push(SourceInfo {
            file: FileDigest {
                path: input.path.clone(),
                sha256: hex(&Sha256::digest(&input.bytes)),
            },
            kind: kind.name().to_string(),
            lines,
            base,
        });
        base += lines;
        done += input.bytes.len() as u64;
        progress(done, total);
    }
    let manifest = Manifest {
        name: meta.name,
        edition: meta.edition,
        version: meta.version,
        notes: meta.notes,
        tool: meta.tool,
        rules: RuleSetInfo {
            name: rules.name.clone(),
            version: rules.version.clone(),
            files: rules
                .files
                .iter()
                .map(|(p, b)| FileDigest {
                    path: p.clone(),
                    sha256: hex(&Sha256::digest(b)),
                })
                .collect(),
        },
        sources: source_infos,
        min_tiles: rules.min_tiles,
        max_tiles: rules.max_tiles,
        ..Manifest::default()
    };
    let image = builder.finish(manifest)?;
    let lexicon = crate::Lexicon::from_vec(image)?;
    let manifest = lexicon.manifest()?.clone();
    let image = lexicon.into_bytes();
    Ok(Compiled {
        image,
        manifest,
        exclusions,
        taken,
    })
}

/// Screens a source word and turns it into tiles, or records why it is left out.
fn admit(
    rules: &RuleSet,
    tiles: &TileSet,
    text: &str,
    (source, line): (&str, u64),
    exclusions: &mut Vec<Exclusion>,
) -> Option<Vec<u8>> {
    let mut exclude = |reason: String, rule: &str, article: &str| {
        exclusions.push(Exclusion {
            text: text.to_string(),
            reason,
            rule: rule.to_string(),
            article: article.to_string(),
            source: source.to_string(),
            line,
        });
    };
    if let Some(r) = rules.screen(text) {
        exclude(r.reason.clone(), &r.id, &r.article);
        return None;
    }
    let word = match tiles.parse_word(text) {
        Ok(w) => w,
        Err(TileError::Absent { text: t, .. }) => {
            exclude(
                format!("'{t}' has no tile"),
                "alphabet",
                "11; game art. 10.1",
            );
            return None;
        }
        Err(e) => {
            exclude(e.to_string(), "alphabet", "game art. 10");
            return None;
        }
    };
    let n = word.len();
    if n < rules.min_tiles as usize || n > rules.max_tiles as usize {
        exclude(
            format!(
                "{n} tiles: words have {} to {} tiles",
                rules.min_tiles, rules.max_tiles
            ),
            "length",
            "Vocabulario oficial",
        );
        return None;
    }
    Some(word)
}
