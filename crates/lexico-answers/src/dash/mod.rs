//! Scrabble Dash, the card game of the same family (its rule leaflet is seed 004): does a word
//! meet the red Dash card just turned over, laid down with the game's letter cards, from a
//! player's hand? And which words can a hand make for a card?
//!
//! Cards, not tiles: CH has its own card, the Q card is Qu (QUESO is QU·E·S·O, four cards), LL is
//! two L cards and RR two R cards (CALLE and CHURRO are five), and there are no W, X or Z cards.
//! The cards are data ([`Cards`], from `rules/dash.toml`); what each kind of card asks is here:
//!
//! - a length card: exactly that many letter cards;
//! - the verb card: a form of a verb, as the lexicon's provenance knows it (a lexicon built from
//!   a plain word list cannot tell, and says so: [`DashError::NoVerbs`]);
//! - the proper-name card: no lexicon holds proper names, so the players decide
//!   ([`Verdict::PlayersDecide`]), once the cards allow the word;
//! - "Empieza con", "Termina con", "Tiene una": the turned-up letter card first, last or
//!   anywhere; every player may use it without holding it.
//!
//! One question is one [`Dash`]: a lexicon, a card and maybe a hand, read by [`Dash::new`]
//! (which refuses what the leaflet does not have); then [`Dash::judge`] for each word and
//! [`Dash::list`] for every word the hand can make. Answers are [`Judgement`]s; their records are
//! [`crate::record::DashRecord`] and their sentences [`crate::say::dash`].
//!
//! ```
//! use lexico_answers::dash::{Dash, Verdict, Why};
//! use lexico_lexicon::Lexicon;
//!
//! let lex = Lexicon::from_words(["mano", "manto", "queso", "lote"])?;
//! let dash = Dash::new(&lex, "Palabra de 4 letras", Some("ATLMNOE"))?;
//! assert_eq!(dash.judge("mano")?.verdict, Verdict::Meets);
//! assert_eq!(dash.judge("manto")?.verdict, Verdict::Fails(Why::Count));
//! let listed: Vec<String> = dash.list()?.into_iter().map(|j| j.word).collect();
//! assert_eq!(listed, ["LOTE", "MANO"]);
//! let queso = Dash::new(&lex, "4 letras", None)?.judge("queso")?;
//! assert_eq!((queso.verdict, dash.cards().spell_all(queso.cards.as_deref().unwrap())), (Verdict::Meets, "QU·E·S·O".into()));
//! assert!(Dash::new(&lex, "verbo", None).is_err()); // a plain word list cannot tell verbs
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cards;
mod error;
mod walk;

use fst::Streamer;
use lexico_lexicon::provenance::slot_of;
use lexico_lexicon::{FormKind, Lexicon, LexiconError};
use lexico_tiles::{Tile, TileError, Word};

pub use cards::{Card, CardKind, Cards, Hand, Letter, CARDS_TOML, MAX_LETTERS};
pub use error::DashError;

use crate::judge::{judge_word, Reason, Verdict as WordVerdict};

/// Why a word does not meet a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// It is not a word of the lexicon, for this reason.
    NotAWord(Reason),
    /// It needs a letter that has no card (W, X, Z, or a Q without its U): it cannot be laid
    /// down. The letter, as spelled.
    NoCard(String),
    /// It takes another number of cards than the length card asks for.
    Count,
    /// Its first card is not the turned-up letter card.
    FirstCard,
    /// Its last card is not the turned-up letter card.
    LastCard,
    /// It has no card of the turned-up letter.
    NoLetter,
    /// It is not a form of a verb.
    NotAVerb,
    /// The hand (with the turned-up letter card) lacks these cards.
    NotInHand(Vec<Letter>),
}

impl Why {
    /// The reason as one word for scripts: a word's [`Reason`] when it is not a word
    /// (`unlisted`, `no-tile`…), else `no-card`, `card-count`, `first-card`, `last-card`,
    /// `no-letter`, `not-a-verb`, `not-in-hand`.
    pub fn name(&self) -> &'static str {
        match self {
            Why::NotAWord(r) => r.name(),
            Why::NoCard(_) => "no-card",
            Why::Count => "card-count",
            Why::FirstCard => "first-card",
            Why::LastCard => "last-card",
            Why::NoLetter => "no-letter",
            Why::NotAVerb => "not-a-verb",
            Why::NotInHand(_) => "not-in-hand",
        }
    }
}

/// Whether a word meets a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It is a word of the lexicon, meets the card and, given a hand, can be made from it.
    Meets,
    /// It does not, for this reason.
    Fails(Why),
    /// The proper-name card: the cards allow the word, and whether it is a proper name the
    /// players decide (the leaflet: say whose name it is).
    PlayersDecide,
}

impl Verdict {
    /// The verdict as one word: `meets`, `fails`, `players-decide`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Meets => "meets",
            Verdict::Fails(_) => "fails",
            Verdict::PlayersDecide => "players-decide",
        }
    }

    /// The reason as one word: `meets`, `players-decide`, or [`Why::name`].
    pub fn reason(&self) -> &'static str {
        match self {
            Verdict::Fails(why) => why.name(),
            other => other.name(),
        }
    }
}

/// The answer about one word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The word in capitals, as the lexicon spells it (`CHURRO`); as typed when it is not read
    /// as tiles (`[C][H]URRO`).
    pub word: String,
    /// The letter cards it is laid down with, in order; `None` when it cannot be (a letter with
    /// no card) or was not read as letters.
    pub cards: Option<Vec<Letter>>,
    /// The verdict.
    pub verdict: Verdict,
    /// For the verb card, the verb a form meets it as (`deber` for DEBA), as the lexicon's
    /// source lists it.
    pub lemma: Option<String>,
}

/// Returns true if and only if the lexicon's provenance tells verb forms from other words: some
/// word of it is a verb form by the rules that made it. A lexicon built from a plain word list
/// names no part of speech.
pub fn knows_verbs(lex: &Lexicon) -> Result<bool, LexiconError> {
    match lex.slots() {
        Ok(slots) => Ok(slots.iter().any(|s| s.kind == FormKind::VerbForm)),
        Err(LexiconError::Missing(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// One Dash question: a lexicon, the red card turned over and maybe a player's hand.
#[derive(Clone)]
pub struct Dash<'l> {
    lex: &'l Lexicon,
    cards: &'static Cards,
    card: Card,
    hand: Option<Hand>,
}

impl<'l> Dash<'l> {
    /// Reads the card and the hand as typed (see [`Cards::card`] and [`Cards::hand`]) with the
    /// embedded card table. The verb card on a lexicon that cannot tell verbs is refused here,
    /// before any word: [`DashError::NoVerbs`].
    pub fn new(lex: &'l Lexicon, card: &str, hand: Option<&str>) -> Result<Dash<'l>, DashError> {
        let cards = Cards::embedded();
        let card = cards.card(card)?;
        let hand = hand.map(|h| cards.hand(h)).transpose()?;
        if card == Card::Verb && !knows_verbs(lex)? {
            return Err(DashError::NoVerbs);
        }
        Ok(Dash { lex, cards, card, hand })
    }

    /// The card table.
    pub fn cards(&self) -> &'static Cards {
        self.cards
    }

    /// The red card.
    pub fn card(&self) -> Card {
        self.card
    }

    /// The hand, if one was given.
    pub fn hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    /// Judges one word as typed (any notation of a word: `queso`, `[CH]URRO`): a word of the
    /// lexicon that can be laid down with the cards, meets the card and, given a hand, is made of
    /// the hand's cards and the turned-up letter card. The first failing of these is the reason.
    /// For the proper-name card the lexicon is not asked (it holds no proper names): the word is
    /// read as letters, and when the cards allow it the players decide. A character that is no
    /// tile (no letter for a proper name) is an error.
    pub fn judge(&self, text: &str) -> Result<Judgement, DashError> {
        if self.card == Card::ProperName {
            return self.judge_name(text);
        }
        let set = self.lex.tiles();
        let mut tiles = Word::new();
        let (spelled, verdict) = judge_word(self.lex, text, &mut tiles)?;
        let word = match verdict {
            WordVerdict::Valid => set.spell(&tiles),
            WordVerdict::Invalid(_) => spelled,
        };
        let cards = self.cards.of_spelling(&word);
        let judgement =
            |verdict, lemma| Judgement { word: word.clone(), cards: cards.clone().ok(), verdict, lemma };
        if let WordVerdict::Invalid(reason) = verdict {
            return Ok(judgement(Verdict::Fails(Why::NotAWord(reason)), None));
        }
        let laid = match &cards {
            Ok(laid) => laid,
            Err(letter) => return Ok(judgement(Verdict::Fails(Why::NoCard(letter.clone())), None)),
        };
        if let Some(why) = self.rule(laid) {
            return Ok(judgement(Verdict::Fails(why), None));
        }
        let mut lemma = None;
        if self.card == Card::Verb {
            match verb_form(self.lex, &tiles, &word)? {
                Some(l) => lemma = Some(l),
                None => return Ok(judgement(Verdict::Fails(Why::NotAVerb), None)),
            }
        }
        Ok(match self.missing(laid) {
            Some(missing) => judgement(Verdict::Fails(Why::NotInHand(missing)), None),
            None => judgement(Verdict::Meets, lemma.filter(|l| !l.is_empty())),
        })
    }

    /// The proper-name card: the word's letters and cards, and the hand.
    fn judge_name(&self, text: &str) -> Result<Judgement, DashError> {
        let normal = lexico_tiles::normalize(text.trim());
        if normal.chars.is_empty() {
            return Err(DashError::Tile(TileError::Empty));
        }
        if let Some(i) = normal.chars.iter().position(|c| !c.is_alphabetic()) {
            // Columns of the text as typed, before the trim.
            let lead = text.chars().take_while(|c| c.is_whitespace()).count();
            return Err(DashError::NotALetter {
                column: normal.columns[i] + lead,
                text: normal.chars[i].to_string(),
            });
        }
        let word = normal.as_string();
        let (cards, verdict) = match self.cards.of_spelling(&word) {
            Err(letter) => (None, Verdict::Fails(Why::NoCard(letter))),
            Ok(laid) => {
                let verdict = match self.missing(&laid) {
                    Some(missing) => Verdict::Fails(Why::NotInHand(missing)),
                    None => Verdict::PlayersDecide,
                };
                (Some(laid), verdict)
            }
        };
        Ok(Judgement { word, cards, verdict, lemma: None })
    }

    /// What the card asks of a word's cards, but the verb card's question: `None` when they meet
    /// it.
    fn rule(&self, laid: &[Letter]) -> Option<Why> {
        match self.card {
            Card::Length(n) => (laid.len() != n as usize).then_some(Why::Count),
            Card::StartsWith(l) => (laid.first() != Some(&l)).then_some(Why::FirstCard),
            Card::EndsWith(l) => (laid.last() != Some(&l)).then_some(Why::LastCard),
            Card::Contains(l) => (!laid.contains(&l)).then_some(Why::NoLetter),
            Card::Verb | Card::ProperName => None,
        }
    }

    /// The cards of `laid` that the hand and the turned-up letter card lack, in the word's
    /// order; `None` when they hold them all, or when no hand was given.
    fn missing(&self, laid: &[Letter]) -> Option<Vec<Letter>> {
        let mut left = self.hand.as_ref()?.counts();
        if let Some(l) = self.card.letter() {
            left[l.index()] += 1;
        }
        let mut missing = Vec::new();
        for &l in laid {
            match left[l.index()].checked_sub(1) {
                Some(n) => left[l.index()] = n,
                None => missing.push(l),
            }
        }
        (!missing.is_empty()).then_some(missing)
    }

    /// Every word of the lexicon that the hand (with the turned-up letter card) makes for the
    /// card, longest first (most cards), then in the lexicon's order. When it is empty, nobody
    /// can make a word with these cards, and by the leaflet's rule the card goes back. Needs a
    /// hand; the proper-name card has no list (no lexicon holds proper names).
    pub fn list(&self) -> Result<Vec<Judgement>, DashError> {
        let hand = self.hand.as_ref().ok_or(DashError::ListNeedsHand)?;
        if self.card == Card::ProperName {
            return Err(DashError::NoProperNames);
        }
        let mut budget = hand.counts();
        if let Some(l) = self.card.letter() {
            budget[l.index()] += 1;
        }
        let set = self.lex.tiles();
        let mut found: Vec<(Vec<Tile>, String, Vec<Letter>)> = Vec::new();
        for tiles in walk::words(self.lex, self.cards, budget) {
            let word = set.spell(&tiles);
            let Ok(laid) = self.cards.of_spelling(&word) else { continue };
            if self.rule(&laid).is_none() && self.missing(&laid).is_none() {
                found.push((tiles, word, laid));
            }
        }
        if self.card == Card::Verb {
            let words: Vec<(&[Tile], &str)> =
                found.iter().map(|(t, w, _)| (t.as_slice(), w.as_str())).collect();
            let verbs = verb_forms(self.lex, &words)?;
            let mut verbs = verbs.into_iter();
            found.retain(|_| verbs.next().unwrap_or(false));
        }
        // A stable sort keeps the lexicon's order among words of as many cards.
        found.sort_by_key(|f| std::cmp::Reverse(f.2.len()));
        Ok(found
            .into_iter()
            .map(|(_, word, laid)| Judgement {
                word,
                cards: Some(laid),
                verdict: Verdict::Meets,
                lemma: None,
            })
            .collect())
    }
}

/// `Some(lemma)` when the valid word of `tiles` is a verb form by the lexicon's provenance (the
/// lemma empty when the lexicon keeps no entries), `None` when it is not; an error when its
/// provenance does not say (a word from a plain list).
fn verb_form(lex: &Lexicon, tiles: &[Tile], word: &str) -> Result<Option<String>, DashError> {
    let derivations = lex.derivations(tiles)?;
    if let Some(d) = derivations.iter().find(|d| d.slot.kind == FormKind::VerbForm) {
        return Ok(Some(d.entry_info.as_ref().map(|e| e.lemma.clone()).unwrap_or_default()));
    }
    if derivations.is_empty() || derivations.iter().any(|d| d.slot.kind == FormKind::Unknown) {
        return Err(DashError::CannotTellVerb { word: word.to_string() });
    }
    Ok(None)
}

/// For each valid word of `words` (in tile order), whether it is a verb form: one pass over the
/// word store finds their places and the provenance column their derivations, as
/// [`verb_form`] reads them one by one.
fn verb_forms(lex: &Lexicon, words: &[(&[Tile], &str)]) -> Result<Vec<bool>, DashError> {
    let mut out = Vec::with_capacity(words.len());
    if words.is_empty() {
        return Ok(out);
    }
    let codes = lex.codes_in_order()?;
    let prov = lex.provenance()?;
    let mut keys = lex.fst().keys();
    let mut rank = 0;
    while let Some(key) = keys.next() {
        let Some(&(tiles, word)) = words.get(out.len()) else { break };
        if key == tiles {
            let primary = *codes.get(rank).ok_or_else(|| {
                LexiconError::Corrupt("the provenance column is shorter than the word store".into())
            })?;
            let kinds: Vec<FormKind> = prov
                .codes(primary, false)
                .into_iter()
                .map(|c| prov.slots.get(slot_of(c) as usize).map_or(FormKind::Unknown, |s| s.kind))
                .collect();
            if kinds.contains(&FormKind::VerbForm) {
                out.push(true);
            } else if kinds.contains(&FormKind::Unknown) {
                return Err(DashError::CannotTellVerb { word: word.to_string() });
            } else {
                out.push(false);
            }
        }
        rank += 1;
    }
    if out.len() < words.len() {
        return Err(LexiconError::Corrupt("a word found in the word store is not in it".into()).into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        Lexicon::from_words([
            "mano", "manta", "deba", "queso", "calle", "churro", "taxi", "leon", "dedo", "boda", "lote",
            "ala",
        ])
        .unwrap()
    }

    fn verdict(card: &str, hand: Option<&str>, word: &str) -> Verdict {
        let lex = lex();
        let dash = Dash::new(&lex, card, hand).unwrap();
        dash.judge(word).unwrap().verdict
    }

    #[test]
    fn the_leaflets_examples() {
        // "Amalia tiene en su mano las letras A, T, L, M, N, O y E y rápidamente forma la palabra MANO."
        assert_eq!(verdict("Palabra de 4 letras", Some("ATLMNOE"), "MANO"), Verdict::Meets);
        assert_eq!(
            verdict("Palabra de 4 letras", Some("ATLMNOE"), "anom"),
            Verdict::Fails(Why::NotAWord(Reason::Unlisted))
        );
        // "sale una D. Amalia tiene en su mano las letras B, A, T, R, M, E, y F [...] DEBA."
        assert_eq!(verdict("Tiene una D", Some("BATRMEF"), "DEBA"), Verdict::Meets);
        // The D is the turned-up card's, used once: a second D must come from the hand.
        let d = Cards::embedded().of_spelling("D").unwrap();
        assert_eq!(
            verdict("Tiene una D", Some("BATRMEF"), "DEDO"),
            Verdict::Fails(Why::NotInHand(vec![d[0], Cards::embedded().of_spelling("O").unwrap()[0]]))
        );
        assert_eq!(verdict("empieza con D", Some("BATRMEF"), "DEBA"), Verdict::Meets);
        assert_eq!(verdict("empieza con D", Some("BATRMEF"), "BODA"), Verdict::Fails(Why::FirstCard));
        assert_eq!(verdict("termina con A", None, "DEBA"), Verdict::Meets);
        assert_eq!(verdict("termina con O", None, "DEBA"), Verdict::Fails(Why::LastCard));
        assert_eq!(verdict("tiene una Q", None, "DEBA"), Verdict::Fails(Why::NoLetter));
    }

    #[test]
    fn cards_are_counted_as_the_leaflet_counts_them() {
        let lex = lex();
        let count =
            |word: &str| Dash::new(&lex, "4 letras", None).unwrap().judge(word).unwrap().cards.unwrap().len();
        assert_eq!((count("queso"), count("calle"), count("churro")), (4, 5, 5));
        assert_eq!(verdict("4 letras", None, "QUESO"), Verdict::Meets);
        assert_eq!(verdict("5 letras", None, "CHURRO"), Verdict::Meets);
        assert_eq!(verdict("4 letras", None, "CHURRO"), Verdict::Fails(Why::Count));
        assert_eq!(
            verdict("tiene una L", Some("CAE"), "CALLE"),
            Verdict::Fails(Why::NotInHand(Cards::embedded().of_spelling("L").unwrap()))
        );
        assert_eq!(verdict("tiene una L", Some("CAEL"), "CALLE"), Verdict::Meets);
        // CH is a card of its own: CHURRO does not start with the C card.
        assert_eq!(verdict("empieza con C", None, "CHURRO"), Verdict::Fails(Why::FirstCard));
        assert_eq!(verdict("empieza con CH", None, "CHURRO"), Verdict::Meets);
        assert_eq!(verdict("empieza con Q", None, "QUESO"), Verdict::Meets);
    }

    #[test]
    fn a_word_that_needs_a_card_dash_has_not_cannot_be_laid_down() {
        let j = Dash::new(&lex(), "4 letras", None).unwrap().judge("taxi").unwrap();
        assert_eq!((j.verdict, j.cards), (Verdict::Fails(Why::NoCard("X".into())), None));
    }

    #[test]
    fn proper_names_are_left_to_the_players_once_the_cards_allow_them() {
        assert_eq!(verdict("nombre propio", None, "León"), Verdict::PlayersDecide);
        assert_eq!(
            verdict("nombre propio", Some("LEONATM"), "Argentina"),
            Verdict::Fails(Why::NotInHand(Cards::embedded().of_spelling("RGINA").unwrap()))
        );
        assert_eq!(verdict("nombre propio", None, "Xavier"), Verdict::Fails(Why::NoCard("X".into())));
        let lex = lex();
        let dash = Dash::new(&lex, "nombre propio", Some("LEON")).unwrap();
        assert!(matches!(dash.judge("Le0n"), Err(DashError::NotALetter { column: 3, .. })));
        assert!(matches!(dash.list(), Err(DashError::NoProperNames)));
    }

    #[test]
    fn a_plain_word_list_cannot_tell_verbs() {
        assert!(matches!(Dash::new(&lex(), "verbo", None), Err(DashError::NoVerbs)));
        assert!(!knows_verbs(&lex()).unwrap());
    }

    #[test]
    fn a_list_is_every_word_the_hand_makes_longest_first() {
        let lex = lex();
        let words = |card: &str, hand: &str| -> Vec<String> {
            Dash::new(&lex, card, Some(hand)).unwrap().list().unwrap().into_iter().map(|j| j.word).collect()
        };
        assert_eq!(words("tiene una D", "BATRMEF"), ["DEBA"]);
        assert_eq!(words("termina con A", "MNATLDE"), ["MANTA", "ALA"]);
        assert_eq!(words("tiene una L", "LCAEOT"), ["CALLE", "LOTE"]);
        assert_eq!(words("tiene una L", "LCAEOTA"), ["CALLE", "LOTE", "ALA"]);
        assert!(words("4 letras", "QQQQQQQ").is_empty());
        assert!(matches!(Dash::new(&lex, "4 letras", None).unwrap().list(), Err(DashError::ListNeedsHand)));
    }
}
