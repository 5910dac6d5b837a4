//! Why a word is in or out of a lexicon ([`explain`] → [`Explanation`]).
//!
//! A valid word is explained by every derivation the lexicon records for it. An invalid word gets
//! the most specific reason that can be checked, first: a letter with no tile, two tiles typed
//! apart where one tile is spelled the same (`[C][H]URRO`), a form the rules generated and
//! rejected, an analysis as a verb form with enclitic pronouns, a length out of bounds, and last
//! "not in the sources". Nothing is guessed: a lexicon without provenance gets the checkable part
//! of the answer and says what it cannot tell.
//!
//! An explanation says each thing twice: as a sentence in English ([`Explanation::lines`]) and as
//! a typed [`Finding`], from which a program says it in another language.
//!
//! What the regulation decides comes from the lexicon's manifest ([`ExplainData`], recorded from
//! its rule set): the enclitic pronouns and their article, the spelling changes undone before
//! them, the article for a letter with no tile, the notes on a verb entry's codes. A lexicon
//! whose manifest has none (one made from a plain list of words) gets no enclitic reading.

use lexico_tiles::{Tile, TileError, Word};

use crate::judge::{judge_word, separate_tiles, Verdict, SEPARATE_TILES};
use crate::kind::Kind;
use crate::{
    CodeField, CodeNote, Derivation, Enclitics, EntryInfo, EntryKind, Lexicon, LexiconError, Restoration,
};

/// Why a word could not be explained: a character that is no tile and no letter, or a lexicon
/// whose provenance, rejected forms or manifest are damaged (never passed off as "no
/// provenance" or "not in the sources").
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// The text is not a word of the tile set.
    #[error(transparent)]
    Input(#[from] TileError),
    /// A section the explanation needs is damaged.
    #[error(transparent)]
    Damaged(#[from] LexiconError),
}

/// A reading of an invalid word as a verb form followed by enclitic pronouns: the word counts as
/// several words, so it is out (the rule set names the pronouns and the article, see
/// [`Enclitics`]).
///
/// ```
/// use lexico_lexicon::{explain, Enclitics, ExplainData, Lexicon};
///
/// let pronouns = vec!["LO".into(), "ME".into()];
/// let enclitics = Some(Enclitics { article: "17.5".into(), pronouns, restore: vec![] });
/// let lex = Lexicon::from_words_explained(["dame", "da"], ExplainData { enclitics, ..Default::default() })?;
/// let e = explain(&lex, "dámelo")?;
/// assert_eq!(e.reason, "enclitic");
/// let reading = &e.enclitics[0];
/// assert_eq!((reading.base.as_str(), reading.pronouns.as_slice()), ("DAME", &["LO".to_string()][..]));
/// assert_eq!(reading.article, "17.5");
/// assert!(reading.derivation.is_none()); // a plain list does not say DAME is a verb form
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Enclitic {
    /// The verb form, as the lexicon spells it.
    pub base: String,
    /// The pronouns, in order.
    pub pronouns: Vec<String>,
    /// The spelling adjustment undone (`d` of AMAD + OS, `s` of AMEMOS + NOS), if any.
    pub restored: Option<String>,
    /// The article that counts the form with its pronouns as several words.
    pub article: String,
    /// How the base is a verb form, when the lexicon records it.
    pub derivation: Option<Derivation>,
}

/// One thing an explanation says, as typed values: the sentence of [`Explanation::lines`] at the
/// same place says it in English, and a program that speaks another language says it from these.
///
/// ```
/// use lexico_lexicon::{explain, Finding, Lexicon};
///
/// let lex = Lexicon::from_words(["casa"])?;
/// let e = explain(&lex, "gato")?;
/// assert_eq!(e.findings, [Finding::Unlisted]);
/// assert_eq!(e.findings.len(), e.lines.len());
/// assert_eq!(explain(&lex, "k")?.findings, [Finding::NoTile]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// In: the derivation `derivations[i]` makes it.
    Listed(usize),
    /// In, and the lexicon records no provenance for it.
    ListedBare,
    /// Out: a letter with no tile in the set (K, W).
    NoTile,
    /// Out: two tiles typed apart where one tile is spelled the same (`[C][H]URRO`).
    SeparateTiles {
        /// The first tile typed, as the set names it (`C`).
        first: String,
        /// The second tile typed (`H`).
        second: String,
        /// The one tile they spell (`CH`).
        joined: String,
    },
    /// Out: the rules generated it and rejected it, as `derivations[i]` says.
    Rejected(usize),
    /// Out: the reading `enclitics[i]`, a verb form with enclitic pronouns.
    Enclitic(usize),
    /// Out: `tiles` tiles, where words have `min` to `max`.
    Length {
        /// The word's tiles.
        tiles: usize,
        /// The fewest tiles of a word of the lexicon.
        min: usize,
        /// The most.
        max: usize,
    },
    /// Out: not in the sources, and no rule generated it.
    Unlisted,
}

/// Everything said about one word.
///
/// ```
/// use lexico_lexicon::{explain, Lexicon};
///
/// let lex = Lexicon::from_words(["casa", "casas"])?;
/// let e = explain(&lex, "casas")?;
/// assert!(e.valid);
/// assert_eq!((e.word.as_str(), e.reason), ("CASAS", "listed"));
/// let e = explain(&lex, "k")?;
/// assert_eq!(e.reason, "no-tile");
/// assert!(e.lines[0].starts_with("out: K has a letter with no tile"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The word as typed, spelled naturally (as typed for [`SEPARATE_TILES`]).
    pub word: String,
    /// Whether the lexicon holds the word.
    pub valid: bool,
    /// One word for scripts: `listed`, `rejected-form`, `enclitic`, `no-tile`,
    /// `separate-tiles`, `too-short`, `too-long`, `unlisted`.
    pub reason: &'static str,
    /// The derivations of a valid word, or the rejections of a generated form.
    pub derivations: Vec<Derivation>,
    /// The readings of an invalid word as a verb form with enclitic pronouns.
    pub enclitics: Vec<Enclitic>,
    /// The sentences of the explanation in English, most specific first.
    pub lines: Vec<String>,
    /// What each sentence of `lines` says, as typed values, in the same order.
    pub findings: Vec<Finding>,
}

/// Explains one typed word. Fails on a character that is neither a tile nor a letter, and on a
/// lexicon whose provenance, rejected forms or manifest are damaged.
///
/// See [`Explanation`] and [`Enclitic`] for examples.
pub fn explain(lex: &Lexicon, text: &str) -> Result<Explanation, ExplainError> {
    let mut tiles = Word::new();
    let (word, verdict) = judge_word(lex, text, &mut tiles)?;
    let m = lex.manifest()?;
    let codes = &m.explain.codes;
    let mut e = Explanation {
        word,
        valid: verdict == Verdict::Valid,
        reason: "listed",
        derivations: Vec::new(),
        enclitics: Vec::new(),
        lines: Vec::new(),
        findings: Vec::new(),
    };
    match verdict {
        Verdict::Valid => {
            // A lexicon without provenance says so; a damaged one is an error, never "no
            // provenance".
            let ds = match lex.derivations(&tiles) {
                Err(LexiconError::Missing(_)) => Vec::new(),
                other => other?,
            };
            if ds.is_empty() {
                e.lines.push("in: listed (this lexicon records no provenance for it)".into());
                e.findings.push(Finding::ListedBare);
            } else {
                e.lines = ds.iter().map(|d| format!("in: {}", describe(d, codes))).collect();
                e.findings = (0..ds.len()).map(Finding::Listed).collect();
                e.derivations = ds;
            }
            return Ok(e);
        }
        Verdict::Invalid("no-tile") => {
            e.reason = "no-tile";
            let article = &m.explain.no_tile_article;
            let cite = if article.is_empty() { String::new() } else { format!(" (art. {article})") };
            e.lines.push(format!("out: {} has a letter with no tile in the set{cite}", e.word));
            e.findings.push(Finding::NoTile);
            return Ok(e);
        }
        Verdict::Invalid(SEPARATE_TILES) => {
            e.reason = SEPARATE_TILES;
            let set = lex.tiles();
            let why = separate_tiles(set, &tiles).unwrap_or_default();
            e.lines.push(format!("out: {why}"));
            if let Some((i, joined)) = set.split_digraph(&tiles) {
                e.findings.push(Finding::SeparateTiles {
                    first: set.name(tiles[i]).to_string(),
                    second: set.name(tiles[i + 1]).to_string(),
                    joined: set.name(joined).to_string(),
                });
            }
            return Ok(e);
        }
        Verdict::Invalid(_) => {}
    }
    // A lexicon that keeps no rejected forms has nothing to say here; a damaged store is an error.
    let rejections = match lex.rejections(&tiles) {
        Err(LexiconError::Missing(_)) => Vec::new(),
        other => other?,
    };
    if !rejections.is_empty() {
        e.reason = "rejected-form";
        e.lines.extend(
            rejections
                .iter()
                .map(|d| format!("out: the rules generated it and rejected it: {}", describe(d, codes))),
        );
        e.findings.extend((0..rejections.len()).map(Finding::Rejected));
        e.derivations = rejections;
    }
    e.enclitics = match &m.explain.enclitics {
        Some(data) => enclitics(lex, &tiles, data)?,
        None => Vec::new(),
    };
    for (i, a) in e.enclitics.iter().enumerate() {
        if e.reason == "listed" {
            e.reason = "enclitic";
        }
        e.lines.push(describe_enclitic(&e.word, a, codes));
        e.findings.push(Finding::Enclitic(i));
    }
    let (min, max) = (m.min_tiles as usize, m.max_tiles as usize);
    if tiles.len() < min || tiles.len() > max {
        if e.reason == "listed" {
            e.reason = if tiles.len() < min { "too-short" } else { "too-long" };
        }
        let n = tiles.len();
        let unit = if n == 1 { "tile" } else { "tiles" };
        e.lines.push(format!("out: {n} {unit}; words have {min} to {max} tiles"));
        e.findings.push(Finding::Length { tiles: n, min, max });
    }
    if e.reason == "listed" {
        e.reason = "unlisted";
        e.lines.push(
            "out: not in the sources of this lexicon, and no rule generated it; diminutives, \
             augmentatives, superlatives and other derived words are valid only when the sources \
             list them (section 4)"
                .into(),
        );
        e.findings.push(Finding::Unlisted);
    }
    Ok(e)
}

/// One derivation in a sentence: slot, entry (with the notes `codes` gives on a verb entry's
/// codes, see [`ExplainData`](crate::ExplainData)), rule, article, reason, source line.
pub fn describe(d: &Derivation, codes: &[CodeNote]) -> String {
    let mut s = d.slot.slot.clone();
    if let Some(entry) = &d.entry_info {
        s.push_str(&format!(" of {entry}"));
        let notes: Vec<&str> = verb_notes(entry, codes).into_iter().map(|c| c.note.as_str()).collect();
        if !notes.is_empty() {
            s.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    s.push_str(&format!(", rule {}", d.slot.rule));
    // An article of the regulation is a number (`18.4.1`); a part of it without one is named.
    match d.slot.article.chars().next() {
        None => {}
        Some(c) if c.is_ascii_digit() => s.push_str(&format!(" (art. {})", d.slot.article)),
        Some(_) => s.push_str(&format!(" ({})", d.slot.article)),
    }
    if !d.slot.reason.is_empty() {
        s.push_str(&format!(": {}", d.slot.reason));
    }
    if let Some((path, line)) = &d.source {
        s.push_str(&format!("; {path}:{line}"));
    }
    s
}

/// What the rule set says (`codes`) of the codes of a classified verb list's entry: the model's,
/// then the class's, then the property's notes; nothing for another kind of entry.
///
/// ```
/// use lexico_lexicon::{verb_notes, CodeField, CodeNote, EntryInfo, EntryKind, VerbInfo};
///
/// let note = |field, value: &str, text: &str| CodeNote {
///     field,
///     value: value.into(),
///     note: text.into(),
///     ..CodeNote::default()
/// };
/// let codes = [note(CodeField::Model, "88", "regional"), note(CodeField::Class, "1", "transitive")];
/// let code = VerbInfo { model: 88, class: 1, property: '.', forms: None, undone_at: None };
/// let amar = EntryInfo { lemma: "amar".into(), homograph: None, kind: EntryKind::Verb(code) };
/// let notes: Vec<&str> = verb_notes(&amar, &codes).iter().map(|c| c.note.as_str()).collect();
/// assert_eq!(notes, ["regional", "transitive"]);
/// let casa = EntryInfo { lemma: "casa".into(), homograph: None, kind: EntryKind::LemmaRow };
/// assert!(verb_notes(&casa, &codes).is_empty());
/// ```
pub fn verb_notes<'c>(entry: &EntryInfo, codes: &'c [CodeNote]) -> Vec<&'c CodeNote> {
    let EntryKind::Verb(verb) = &entry.kind else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    for field in [CodeField::Model, CodeField::Class, CodeField::Property] {
        let value = verb.code(field);
        notes.extend(codes.iter().filter(|c| c.field == field && c.value == value));
    }
    notes
}

/// An enclitic reading in a sentence, for the explanation of `word` (`codes`: as for
/// [`describe`]).
pub fn describe_enclitic(word: &str, a: &Enclitic, codes: &[CodeNote]) -> String {
    let mut s = format!("out: {word} = {} + {}", a.base, a.pronouns.join(" + "));
    if let Some(letter) = &a.restored {
        s.push_str(&format!(" (the {letter} of {} drops before the pronoun)", a.base));
    }
    s.push_str(&format!(": a verb form with enclitic pronouns counts as several words (art. {}", a.article));
    match &a.derivation {
        Some(d) => s.push_str(&format!("); {} is {}", a.base, describe(d, codes))),
        None => s.push_str(&format!(
            "), if {} is a verb form: this lexicon does not record which words are verb forms",
            a.base
        )),
    }
    s
}

/// Every reading of `word` as a valid verb form followed by one to three of the enclitic
/// pronouns `data` names, with its spelling changes undone.
fn enclitics(lex: &Lexicon, word: &[Tile], data: &Enclitics) -> Result<Vec<Enclitic>, LexiconError> {
    let set = lex.tiles();
    let parse = |s: &str| set.parse_word(s).ok();
    let pronouns: Vec<(&str, Word)> =
        data.pronouns.iter().filter_map(|p| Some((p.as_str(), parse(p)?))).collect();
    // Each restoration with its endings and what it puts back, in tiles.
    let restore: Vec<(&Restoration, Vec<Word>, Word)> = data
        .restore
        .iter()
        .filter_map(|r| {
            Some((
                r,
                r.after.iter().filter_map(|a| parse(a)).collect(),
                parse(&r.add).or_else(|| r.add.is_empty().then(Word::new))?,
            ))
        })
        .collect();
    let mut out: Vec<Enclitic> = Vec::new();
    // (remaining word, pronouns stripped so far, innermost first)
    let mut todo: Vec<(Word, Vec<&str>)> = vec![(word.to_vec(), Vec::new())];
    while let Some((rest, stripped)) = todo.pop() {
        if stripped.len() == 3 {
            continue;
        }
        for (p, ptiles) in &pronouns {
            let Some(base) = rest.strip_suffix(ptiles.as_slice()) else { continue };
            if base.len() < 2 {
                continue;
            }
            let mut prons = vec![*p];
            prons.extend(stripped.iter().copied());
            let mut candidates: Vec<(Word, Option<String>)> = vec![(base.to_vec(), None)];
            for (r, after, add) in &restore {
                let applies = r.pronouns.iter().any(|x| x == p)
                    && base.len() >= r.min_tiles
                    && after.iter().any(|a| base.ends_with(a));
                if !applies {
                    continue;
                }
                if r.only {
                    candidates.clear();
                }
                if !add.is_empty() {
                    candidates.push(([base, add].concat(), Some(r.add.to_lowercase())));
                }
            }
            for (cand, restored) in candidates {
                if let Some(derivation) = verb_form(lex, &cand)? {
                    let spelled = set.spell(&cand);
                    let pronouns: Vec<String> = prons.iter().map(|p| p.to_string()).collect();
                    if !out.iter().any(|a| a.base == spelled && a.pronouns == pronouns) {
                        out.push(Enclitic {
                            base: spelled,
                            pronouns,
                            restored,
                            article: data.article.clone(),
                            derivation,
                        });
                    }
                }
            }
            todo.push((base.to_vec(), prons));
        }
    }
    // Fewer pronouns first, then the longer base.
    out.sort_by(|a, b| a.pronouns.len().cmp(&b.pronouns.len()).then(b.base.len().cmp(&a.base.len())));
    Ok(out)
}

/// `Some(how)` when `word` is a valid verb form, `Some(None)` when it is valid but the lexicon
/// does not say what it is, `None` when it is not a valid verb form.
fn verb_form(lex: &Lexicon, word: &[Tile]) -> Result<Option<Option<Derivation>>, LexiconError> {
    if !lex.contains(word) {
        return Ok(None);
    }
    // A lexicon without provenance does not say; a damaged one is an error, never "does not say".
    let ds = match lex.derivations(word) {
        Err(LexiconError::Missing(_)) => return Ok(Some(None)),
        other => other?,
    };
    Ok(if let Some(d) = ds.iter().find(|d| d.slot.kind == Kind::VerbForm) {
        Some(Some(d.clone()))
    } else if !ds.is_empty() && ds.iter().all(|d| d.slot.kind == Kind::Unknown) {
        Some(None)
    } else {
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_table, tag};

    /// `image` with one byte flipped in the middle of section `t`.
    fn flipped(image: &[u8], t: [u8; 4]) -> Vec<u8> {
        let entry = read_table(image).unwrap().into_iter().find(|e| e.tag == t).expect("the section");
        let mut bad = image.to_vec();
        bad[(entry.offset + entry.len / 2) as usize] ^= 0x40;
        bad
    }

    #[test]
    fn damaged_provenance_is_reported_not_called_missing() {
        let image = Lexicon::from_words(["casa", "perro"]).unwrap().into_bytes();
        assert!(explain(&Lexicon::from_vec(image.clone()).unwrap(), "casa").unwrap().valid);
        let lex = Lexicon::from_vec(flipped(&image, tag::PROVENANCE)).unwrap();
        assert!(matches!(explain(&lex, "casa"), Err(ExplainError::Damaged(_))));
        // A word that is not there needs no provenance, and a character that is no tile is the
        // input's fault.
        assert!(!explain(&lex, "gato").unwrap().valid);
        assert!(matches!(explain(&lex, "ca$a"), Err(ExplainError::Input(_))));
    }

    #[test]
    fn a_damaged_provenance_behind_an_enclitic_reading_is_reported() {
        let enclitics = Enclitics { article: "17.5".into(), pronouns: vec!["ME".into()], restore: vec![] };
        let data = crate::ExplainData { enclitics: Some(enclitics), ..crate::ExplainData::default() };
        let image = Lexicon::from_words_explained(["da", "casa"], data).unwrap().into_bytes();
        let whole = Lexicon::from_vec(image.clone()).unwrap();
        assert_eq!(explain(&whole, "dame").unwrap().reason, "enclitic");
        // DA + ME needs DA's provenance: damaged, it is an error, not "the lexicon does not say".
        let lex = Lexicon::from_vec(flipped(&image, tag::PROVENANCE)).unwrap();
        assert!(matches!(explain(&lex, "dame"), Err(ExplainError::Damaged(_))));
    }

    #[test]
    fn a_damaged_manifest_is_reported_not_guessed() {
        let image = Lexicon::from_words(["casa"]).unwrap().into_bytes();
        let lex = Lexicon::from_vec(flipped(&image, tag::MANIFEST)).unwrap();
        assert!(matches!(explain(&lex, "gato"), Err(ExplainError::Damaged(_))));
    }
}
