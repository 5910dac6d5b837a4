//! Masculines a non-verb list left out with their too-long feminine. A list that leaves out the
//! words longer than a lexicon holds may drop the whole line `contemporizador, ra`, whose
//! feminine has 16 tiles, masculine included. When the rule set says so (`[long_masculines]` of
//! `plurals/number.toml`), a word of the longest length that the previous edition holds is
//! restored as a headword if it is such a masculine and nothing else speaks of it:
//! - it ends in a masculine ending whose feminine would be longer than a word may be;
//! - no source gives, generates or refuses it, and no update list removes it;
//! - it is not an inflected form: without one of the rule set's inflection endings, it is not a
//!   word of the previous edition (a verb's `-n` and `-s` persons and the plurals are).
//!
//! The previous edition is filed as a source of kind `previous-edition`, each restored word at
//! its rank in that edition.

use std::collections::HashSet;

use lexico_lexicon::{Builder, FileDigest, Lexicon, SourceInfo};
use lexico_rules::fise::{UpdateAction, UpdateEntry};
use lexico_rules::number::LongMasculines;
use lexico_rules::{Admission, Form, RuleSet};
use lexico_tiles::{TileSet, Word};

use crate::forms::Sink;
use crate::CompileError;

/// A masculine ending and its feminine, in tiles.
struct Ending {
    masculine: Word,
    feminine: Word,
}

/// The words of `previous` that `rule` restores, with their rank in it (from 1) and their
/// spelling, in tile order.
fn candidates(
    rules: &RuleSet,
    tiles: &TileSet,
    rule: &LongMasculines,
    previous: &Lexicon,
    built: &Builder,
    updates: &[UpdateEntry],
) -> Vec<(u64, String)> {
    // Endings and the previous edition's words in its own tile set; what the build made and
    // the update lists remove in the rule set's.
    let parse = |s: &str| previous.tiles().parse_word(s).ok();
    let endings: Vec<Ending> = rule
        .endings
        .iter()
        .filter_map(|(m, f)| Some(Ending { masculine: parse(m)?, feminine: parse(f)? }))
        .collect();
    let inflections: Vec<Word> = rule.inflections.iter().filter_map(|s| parse(s)).collect();
    let removed: HashSet<Word> = updates
        .iter()
        .filter(|u| matches!(u.section, UpdateAction::Removed))
        .filter_map(|u| tiles.parse_word(&lexico_rules::syllable::strip_accents(&u.word)).ok())
        .collect();
    let max = rules.max_tiles as usize;
    let mut found = Vec::new();
    for (rank, word) in previous.words().enumerate() {
        if word.len() != max {
            continue;
        }
        let too_long = endings
            .iter()
            .any(|e| word.ends_with(&e.masculine) && max - e.masculine.len() + e.feminine.len() > max);
        let inflected = inflections
            .iter()
            .any(|i| word.strip_suffix(i.as_slice()).is_some_and(|stem| previous.contains(stem)));
        if !too_long || inflected {
            continue;
        }
        let text = previous.tiles().spell(&word).to_lowercase();
        if let Ok(ours) = tiles.parse_word(&text) {
            if ours.len() == max && !removed.contains(&ours) {
                found.push((rank as u64 + 1, text, ours));
            }
        }
    }
    let mut words: Vec<Word> = found.iter().map(|(_, _, w)| w.clone()).collect();
    built.retain_unseen(&mut words);
    let unseen: HashSet<Word> = words.into_iter().collect();
    found.into_iter().filter(|(_, _, w)| unseen.contains(w)).map(|(rank, text, _)| (rank, text)).collect()
}

/// Emits into `sink` the masculines `rule` restores from `previous` that `built` lacks, files the
/// previous edition as a source (entry ids from `base` on) when there is any, and returns the
/// next free entry id and the number of words restored.
#[allow(clippy::too_many_arguments)]
pub(crate) fn emit<'a>(
    rules: &RuleSet,
    tiles: &TileSet,
    rule: &'a LongMasculines,
    previous: &Lexicon,
    built: &Builder,
    updates: &[UpdateEntry],
    sink: &mut Sink<'a>,
    source_infos: &mut Vec<SourceInfo>,
    base: u64,
) -> Result<(u64, u64), CompileError> {
    let found = candidates(rules, tiles, rule, previous, built, updates);
    if found.is_empty() {
        return Ok((base, 0));
    }
    let manifest = previous.manifest()?;
    let source = format!("previous edition {} {}", manifest.name, manifest.edition).trim().to_string();
    for (rank, text) in found.iter() {
        let form = Form {
            text: text.clone(),
            kind: lexico_rules::FormKind::Lemma,
            slot: "lemma",
            rule: &rule.cite.rule,
            article: &rule.cite.article,
            verdict: Admission::Accepted,
        };
        sink.emit(&form, false, &source, base, *rank)?;
    }
    let lines = manifest.words;
    source_infos.push(SourceInfo {
        file: FileDigest { path: source, sha256: manifest.payload_sha256.clone() },
        kind: lexico_lexicon::SourceKind::PreviousEdition,
        lines,
        base,
        role: String::new(),
    });
    Ok((base + lines, found.len() as u64))
}
