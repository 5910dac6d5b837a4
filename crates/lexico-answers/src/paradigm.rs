//! A verb's whole paradigm as a lexicon keeps it ([`paradigm`]): every cell its rules generated,
//! with the form and the verdict (valid, or refused by which rule and article, and whether
//! another entry makes the form valid all the same), read from the provenance of the words and
//! of the rejected forms. For a maintainer reviewing a verb after a rule or list edit.

use std::collections::BTreeMap;

use fst::Streamer;
use lexico_lexicon::provenance::{entry_of, slot_of, Code};
use lexico_lexicon::{EntryInfo, EntryKind, Lexicon, LexiconError, SlotInfo};

use crate::attribute::fold;

/// Why a paradigm cannot be given.
#[derive(Debug, thiserror::Error)]
pub enum ParadigmError {
    /// No verb entry of the lexicon has this infinitive.
    #[error("no verb '{0}' in the lexicon's entries (a lexicon from a plain word list describes none)")]
    NoVerb(String),
    /// A section of the lexicon could not be read.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}

/// One cell of a verb's paradigm.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ParadigmCell {
    /// The verb's entry, as the verb list writes its infinitive (`abacorar`, `acorarse`).
    pub verb: String,
    /// The entry id (homographs have one each).
    pub entry: u64,
    /// The paradigm cell (`ind.pret.1s`).
    pub slot: String,
    /// The form, spelled by its tiles (`CONDUJE`).
    pub form: String,
    /// True when the rules admit the form as this cell.
    pub valid: bool,
    /// The rule that admits or refuses it.
    pub rule: String,
    /// That rule's article.
    pub article: String,
    /// Why it is refused (empty for a valid cell), in English.
    pub reason: String,
    /// The same in Spanish, when the rule set gives it.
    #[serde(skip)]
    pub reason_es: String,
    /// True for a refused cell whose form another entry makes valid.
    pub valid_elsewhere: bool,
}

/// Every cell of the verb `verb` (an infinitive, with or without `se`, accents ignored) in
/// `lex`, of each of its entries: entry by entry, in the order of the rule set's slots, then
/// the form. Fails when no verb entry has that infinitive.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// assert!(lexico_answers::paradigm(&lex, "amar").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn paradigm(lex: &Lexicon, verb: &str) -> Result<Vec<ParadigmCell>, ParadigmError> {
    let wanted = fold(verb.trim());
    let entries: BTreeMap<u64, EntryInfo> = lex
        .entry_infos()?
        .into_iter()
        .filter(|(_, info)| matches!(info.kind, EntryKind::Verb(_)))
        .filter(|(_, info)| {
            let lemma = fold(&info.lemma);
            lemma == wanted || lemma.strip_suffix("se") == Some(wanted.as_str())
        })
        .collect();
    if entries.is_empty() {
        return Err(ParadigmError::NoVerb(verb.to_string()));
    }
    let prov = lex.provenance()?;
    let set = lex.tiles();
    let mut cells: Vec<(usize, ParadigmCell)> = Vec::new();
    let mut add = |key: &[u8], codes: Vec<Code>, valid: bool| {
        for code in codes {
            let Some(info) = entries.get(&entry_of(code)) else { continue };
            let index = slot_of(code) as usize;
            let slot = prov.slots.get(index).cloned().unwrap_or_else(SlotInfo::default);
            cells.push((
                index,
                ParadigmCell {
                    verb: info.lemma.clone(),
                    entry: entry_of(code),
                    slot: slot.slot,
                    form: key.iter().map(|&t| set.name(t)).collect(),
                    valid,
                    rule: slot.rule,
                    article: slot.article,
                    reason: slot.reason,
                    reason_es: slot.reason_es,
                    valid_elsewhere: !valid && lex.contains(key),
                },
            ));
        }
    };
    let codes = lex.codes_in_order()?;
    let mut words = lex.fst().keys();
    let mut rank = 0;
    while let Some(key) = words.next() {
        add(key, prov.codes(codes[rank], false), true);
        rank += 1;
    }
    let mut rejected = lex.rejected()?.stream();
    while let Some((key, primary)) = rejected.next() {
        add(key, prov.codes(primary, true), false);
    }
    cells.sort_by(|(a, x), (b, y)| (x.entry, a, &x.form).cmp(&(y.entry, b, &y.form)));
    Ok(cells.into_iter().map(|(_, c)| c).collect())
}
