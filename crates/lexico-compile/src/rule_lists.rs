//! Words the rule set itself names: the regulation's plural lists name words whose singular is
//! too short to be a word (the letters A, E, O, U in the 2016 lists), which are in no source
//! list, yet their plurals are words. They are filed as coming from the rule set's own files.

use std::collections::HashSet;

use sha2::{Digest, Sha256};

use lexico_lexicon::{hex, FileDigest, SourceInfo};
use lexico_rules::plural::Plurals;
use lexico_rules::{Form, RuleSet};
use lexico_tiles::TileSet;

use crate::forms::Sink;
use crate::CompileError;

/// Emits into `sink` the plurals the rule set's lists name for lemmas too short to be words and
/// not `listed` by a source, and describes each list file used as a source of kind `rule-list`
/// (entry ids from `base` on).
pub(crate) fn emit<'a>(
    rules: &RuleSet,
    tiles: &TileSet,
    plurals: &'a Plurals,
    listed: &HashSet<(&str, Option<u8>)>,
    sink: &mut Sink<'a>,
    source_infos: &mut Vec<SourceInfo>,
    mut base: u64,
) -> Result<(), CompileError> {
    let mut by_file: std::collections::BTreeMap<std::path::PathBuf, Vec<(usize, Form)>> = Default::default();
    let mut lemmas: Vec<&str> = plurals.listed_lemmas().collect();
    lemmas.sort_unstable();
    for lemma in lemmas {
        let short = tiles.parse_word(lemma).is_ok_and(|w| w.len() < rules.min_tiles as usize);
        if !short || listed.contains(&(lemma, None)) {
            continue;
        }
        let Some(d) = plurals.closed_list(lemma) else { continue };
        let Some(entry) = plurals.entries(lemma).first() else { continue };
        for f in d.forms.into_iter().filter(|f| f.text != lemma && f.is_accepted()) {
            by_file.entry(entry.source.0.clone()).or_default().push((entry.source.1, f));
        }
    }
    for (path, forms) in by_file {
        let shown = path.strip_prefix(&rules.dir).unwrap_or(&path).to_string_lossy().into_owned();
        let lines = forms.iter().map(|(l, _)| *l).max().unwrap_or(0) as u64;
        let sha = rules.files.iter().find(|(p, _)| *p == shown).map(|(_, b)| hex(&Sha256::digest(b)));
        // Named by the rule set, not the folder it was loaded from, so that an embedded set
        // and a copy of it on disk record the same manifest.
        let source = format!("{}/{shown}", rules.name);
        for (line, f) in &forms {
            sink.emit(f, false, &source, base, *line as u64)?;
        }
        source_infos.push(SourceInfo {
            file: FileDigest { path: source, sha256: sha.unwrap_or_default() },
            kind: lexico_lexicon::SourceKind::RuleList,
            lines,
            base,
            role: String::new(),
        });
        base += lines;
    }
    Ok(())
}
