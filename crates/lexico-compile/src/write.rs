//! Stage 4, words → lexicon file: the manifest is filled in from the build's description, the
//! rule set and the sources, and the [`Builder`] writes the file image. A build that would write
//! no word stops here, saying why.

use sha2::{Digest, Sha256};

use lexico_lexicon::progress::Progress;
use lexico_lexicon::{hex, Builder, ExplainData, FileDigest, Lexicon, Manifest, RuleSetInfo, SourceInfo};
use lexico_rules::RuleSet;

use crate::forms::Exclusion;
use crate::{CompileError, Meta};

/// The manifest of the lexicon `meta` describes, built with `rules` from `sources`; the counts
/// and the payload digest are filled in by the builder.
pub(crate) fn manifest(meta: Meta, rules: &RuleSet, source_infos: Vec<SourceInfo>) -> Manifest {
    Manifest {
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
                .map(|(p, b)| FileDigest { path: p.clone(), sha256: hex(&Sha256::digest(b)) })
                .collect(),
        },
        sources: source_infos,
        min_tiles: rules.min_tiles,
        max_tiles: rules.max_tiles,
        explain: explain_data(rules),
        ..Manifest::default()
    }
}

/// What the lexicon's explanations are to say that `rules` decides: the rule set's own values,
/// recorded as they are.
fn explain_data(rules: &RuleSet) -> ExplainData {
    let e = &rules.explain;
    ExplainData {
        no_tile_article: rules.no_tile_article.clone(),
        enclitics: e.enclitics.clone(),
        codes: e.code.clone(),
        articles_es: e.articles_es.clone(),
    }
}

/// Writes the file image of `builder` with `manifest`, reporting the phases of writing to
/// `progress`, and returns it with the manifest as the file records it. Fails when no word is
/// left to write, naming what left the words out (`taken` words were taken in).
pub(crate) fn finish(
    builder: Builder,
    manifest: Manifest,
    exclusions: &[Exclusion],
    taken: u64,
    progress: Progress<'_>,
) -> Result<(Vec<u8>, Manifest), CompileError> {
    if builder.is_empty() {
        return Err(CompileError::NoWords(if taken == 0 {
            "the sources hold no word".into()
        } else {
            let mut by_rule: std::collections::BTreeMap<&str, usize> = Default::default();
            for x in exclusions {
                *by_rule.entry(x.rule.as_str()).or_default() += 1;
            }
            let rules: Vec<String> = by_rule.iter().map(|(r, n)| format!("{n} by {r}")).collect();
            let rejected = taken - exclusions.len() as u64;
            let mut why = format!("the rules left out all {taken} words the sources gave");
            if !rules.is_empty() {
                why.push_str(&format!(" (excluded: {})", rules.join(", ")));
            }
            if rejected > 0 {
                why.push_str(&format!(" ({rejected} generated forms rejected)"));
            }
            why
        }));
    }
    let image = builder.finish_with_progress(manifest, progress)?;
    let lexicon = Lexicon::from_vec(image)?;
    let manifest = lexicon.manifest()?.clone();
    let image = lexicon.into_bytes();
    Ok((image, manifest))
}
