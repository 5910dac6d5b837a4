//! The words a budget of letter cards can spell: a walk of the word store (an fst automaton) that
//! goes down a branch only while the cards it has used are in the budget, so it visits the
//! prefixes a hand can lay down and no others. The cards of each tile come from the card table:
//! a tile whose name is cards (`LL` is two L cards, `CH` one CH card), or one that begins a card
//! another tile ends (`Q`, then `U`: the Qu card). What the walk finds is then judged card by
//! card like any word, so the walk only has to find every word that can be laid down.

use fst::{Automaton, IntoStreamer, Streamer};
use lexico_lexicon::Lexicon;
use lexico_tiles::{Tile, TileSet};

use super::cards::{Cards, Letter, MAX_LETTERS};

/// What laying down one tile takes.
#[derive(Clone, Debug)]
enum Step {
    /// It has no card: no word with it can be laid down.
    Dead,
    /// These cards.
    Cards(Vec<Letter>),
    /// This card, which the tile `then` must follow (it spells the rest of the card).
    Opens { card: Letter, then: Tile },
}

/// The step of each tile of `set`, by its byte.
fn steps(set: &TileSet, cards: &Cards) -> Vec<Step> {
    let mut steps = vec![Step::Dead; 256];
    for t in set.all() {
        let name = set.name(t);
        steps[t as usize] = match cards.of_spelling(name) {
            Ok(c) => Step::Cards(c),
            Err(_) => cards
                .letters()
                .find_map(|l| {
                    let rest = cards.spell(l).strip_prefix(name).filter(|r| !r.is_empty())?;
                    Some(Step::Opens { card: l, then: set.tile_named(rest)? })
                })
                .unwrap_or(Step::Dead),
        };
    }
    steps
}

/// Where the walk is: the cards left of each letter, and the tile that must come next.
#[derive(Clone, Copy, Debug)]
struct At {
    left: [u8; MAX_LETTERS],
    then: Option<Tile>,
}

struct Walk<'s> {
    steps: &'s [Step],
    budget: [u8; MAX_LETTERS],
}

impl Automaton for Walk<'_> {
    type State = Option<At>;

    fn start(&self) -> Option<At> {
        Some(At { left: self.budget, then: None })
    }

    fn is_match(&self, at: &Option<At>) -> bool {
        matches!(at, Some(At { then: None, .. }))
    }

    fn can_match(&self, at: &Option<At>) -> bool {
        at.is_some()
    }

    fn accept(&self, at: &Option<At>, byte: u8) -> Option<At> {
        let mut at = (*at)?;
        if let Some(then) = at.then {
            return (byte == then).then_some(At { then: None, ..at });
        }
        match &self.steps[byte as usize] {
            Step::Dead => return None,
            Step::Cards(cards) => {
                for &l in cards {
                    take(&mut at.left, l)?;
                }
            }
            Step::Opens { card, then } => {
                take(&mut at.left, *card)?;
                at.then = Some(*then);
            }
        }
        Some(at)
    }
}

/// Takes one card `l` from `left`; `None` when none is left.
fn take(left: &mut [u8; MAX_LETTERS], l: Letter) -> Option<()> {
    let n = &mut left[l.index()];
    *n = n.checked_sub(1)?;
    Some(())
}

/// Every word of `lex` whose cards are among `budget` (copies of each letter card, by
/// [`Letter::index`]), in tile order.
pub(super) fn words(lex: &Lexicon, cards: &Cards, budget: [u8; MAX_LETTERS]) -> Vec<Vec<Tile>> {
    let steps = steps(lex.tiles(), cards);
    let mut stream = lex.fst().search(Walk { steps: &steps, budget }).into_stream();
    let mut out = Vec::new();
    while let Some((key, _)) = stream.next() {
        out.push(key.to_vec());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(cards: &Cards, hand: &str) -> [u8; MAX_LETTERS] {
        cards.hand(hand).unwrap().counts()
    }

    #[test]
    fn the_walk_spends_cards_as_the_leaflet_counts_them() {
        let lex = Lexicon::from_words(["queso", "calle", "churro", "taxi", "qatari", "mano", "ano", "manos"])
            .unwrap();
        let cards = Cards::embedded();
        let found = |hand: &str| -> Vec<String> {
            words(&lex, cards, budget(cards, hand)).iter().map(|w| lex.tiles().spell(w)).collect()
        };
        assert_eq!(found("QESO"), ["QUESO"]);
        assert_eq!(found("CALE"), Vec::<String>::new());
        assert_eq!(found("CALLE"), ["CALLE"]);
        assert_eq!(found("CHURRO"), ["CHURRO"]);
        assert_eq!(found("CURRO"), Vec::<String>::new());
        assert_eq!(found("TAI"), Vec::<String>::new());
        assert_eq!(found("QATRI"), Vec::<String>::new());
        assert_eq!(found("ATLMNOE"), ["ANO", "MANO"]);
    }
}
