//! Why a word is in or out of a lexicon ([`explain`] → [`Explanation`]).
//!
//! A valid word is explained by every derivation the lexicon records for it. An invalid word gets
//! the most specific reason that can be checked, first: a letter with no tile, two tiles typed
//! apart where one tile is spelled the same (`[C][H]URRO`), a form the rules generated and
//! rejected, an analysis as a verb form with enclitic pronouns, a length out of bounds, and last
//! "not in the sources". Nothing is guessed: a lexicon without provenance gets the checkable part
//! of the answer and says what it cannot tell.
//!
//! An explanation is typed values ([`Finding`]s, derivations, enclitic readings); the renderer
//! ([`say::explanation`](crate::say::explanation)) says them in Spanish or English, and
//! [`ExplanationRecord`](crate::record::ExplanationRecord) is the record CSV and JSON print.
//!
//! What the regulation decides comes from the lexicon's manifest ([`ExplainData`], recorded from
//! its rule set): the enclitic pronouns and their article, the spelling changes undone before
//! them, the article for a letter with no tile, the notes on a verb entry's codes. A lexicon
//! whose manifest has none (one made from a plain list of words) gets no enclitic reading.

use lexico_tiles::{Tile, TileError, Word};

use lexico_lexicon::{Derivation, Enclitics, FormKind, Lexicon, LexiconError, Restoration};

use crate::judge::{judge_word, Reason, Verdict};

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
/// use lexico_answers::{explain, Reason};
/// use lexico_lexicon::{Enclitics, ExplainData, Lexicon};
///
/// let pronouns = vec!["LO".into(), "ME".into()];
/// let enclitics = Some(Enclitics { article: "17.5".into(), pronouns, restore: vec![] });
/// let lex = Lexicon::from_words_explained(["dame", "da"], ExplainData { enclitics, ..Default::default() })?;
/// let e = explain(&lex, "dámelo")?;
/// assert_eq!(e.reason, Reason::Enclitic);
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

/// One thing an explanation says, as typed values; the renderer says each in a sentence
/// ([`say::explanation`](crate::say::explanation)).
///
/// ```
/// use lexico_answers::{explain, Finding};
/// use lexico_lexicon::Lexicon;
///
/// let lex = Lexicon::from_words(["casa"])?;
/// let e = explain(&lex, "gato")?;
/// assert_eq!(e.findings, [Finding::Unlisted]);
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
/// use lexico_answers::{explain, say, Lang, Reason};
/// use lexico_lexicon::Lexicon;
///
/// let lex = Lexicon::from_words(["casa", "casas"])?;
/// let e = explain(&lex, "casas")?;
/// assert!(e.valid);
/// assert_eq!((e.word.as_str(), e.reason), ("CASAS", Reason::Listed));
/// let e = explain(&lex, "k")?;
/// assert_eq!(e.reason, Reason::NoTile);
/// let data = lex.manifest()?.explain.clone();
/// assert!(say::explanation(&e, Lang::En, &data)[0].starts_with("out: K has a letter with no tile"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The word as typed, spelled naturally (as typed for [`Reason::SeparateTiles`]).
    pub word: String,
    /// Whether the lexicon holds the word.
    pub valid: bool,
    /// Why it is in or out: the most specific reason found.
    pub reason: Reason,
    /// The derivations of a valid word, or the rejections of a generated form.
    pub derivations: Vec<Derivation>,
    /// The readings of an invalid word as a verb form with enclitic pronouns.
    pub enclitics: Vec<Enclitic>,
    /// What the explanation says, most specific first, each said in one sentence.
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
    let mut e = Explanation {
        word,
        valid: verdict == Verdict::Valid,
        reason: verdict.reason(),
        derivations: Vec::new(),
        enclitics: Vec::new(),
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
                e.findings.push(Finding::ListedBare);
            } else {
                e.findings = (0..ds.len()).map(Finding::Listed).collect();
                e.derivations = ds;
            }
            return Ok(e);
        }
        Verdict::Invalid(Reason::NoTile) => {
            e.findings.push(Finding::NoTile);
            return Ok(e);
        }
        Verdict::Invalid(Reason::SeparateTiles) => {
            let set = lex.tiles();
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
    // The reason is the most specific one found, in the order they are looked for.
    let mut reason = None;
    // A lexicon that keeps no rejected forms has nothing to say here; a damaged store is an error.
    let rejections = match lex.rejections(&tiles) {
        Err(LexiconError::Missing(_)) => Vec::new(),
        other => other?,
    };
    if !rejections.is_empty() {
        reason = Some(Reason::RejectedForm);
        e.findings.extend((0..rejections.len()).map(Finding::Rejected));
        e.derivations = rejections;
    }
    e.enclitics = match &m.explain.enclitics {
        Some(data) => enclitics(lex, &tiles, data)?,
        None => Vec::new(),
    };
    if !e.enclitics.is_empty() {
        reason.get_or_insert(Reason::Enclitic);
        e.findings.extend((0..e.enclitics.len()).map(Finding::Enclitic));
    }
    let (min, max) = (m.min_tiles as usize, m.max_tiles as usize);
    if tiles.len() < min || tiles.len() > max {
        reason.get_or_insert(if tiles.len() < min { Reason::TooShort } else { Reason::TooLong });
        e.findings.push(Finding::Length { tiles: tiles.len(), min, max });
    }
    if reason.is_none() {
        e.findings.push(Finding::Unlisted);
    }
    e.reason = reason.unwrap_or(Reason::Unlisted);
    Ok(e)
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
    Ok(if let Some(d) = ds.iter().find(|d| d.slot.kind == FormKind::VerbForm) {
        Some(Some(d.clone()))
    } else if !ds.is_empty() && ds.iter().all(|d| d.slot.kind == FormKind::Unknown) {
        Some(None)
    } else {
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexico_lexicon::format::{read_table, tag};

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
        let data = lexico_lexicon::ExplainData {
            enclitics: Some(enclitics),
            ..lexico_lexicon::ExplainData::default()
        };
        let image = Lexicon::from_words_explained(["da", "casa"], data).unwrap().into_bytes();
        let whole = Lexicon::from_vec(image.clone()).unwrap();
        assert_eq!(explain(&whole, "dame").unwrap().reason, Reason::Enclitic);
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
