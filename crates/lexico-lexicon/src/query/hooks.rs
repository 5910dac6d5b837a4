//! Hooks: the tiles that make a valid word when added in front of a word or after it.

use lexico_tiles::Tile;

use crate::Lexicon;

/// The hooks of a word.
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["as", "as", "mas", "asa", "ase"])?;
/// let h = lexico_lexicon::query::hooks(&lex, &lex.tiles().parse_word("as")?);
/// assert_eq!(lex.tiles().spell(&h.front), "M");
/// assert_eq!(lex.tiles().spell(&h.back), "AE");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// Tiles `t` such that `t + word` is valid, in tile order.
    pub front: Vec<Tile>,
    /// Tiles `t` such that `word + t` is valid, in tile order.
    pub back: Vec<Tile>,
}

/// The front and back hooks of `word`. Back hooks are read off the node the word leads to (its
/// final children); front hooks are one lookup per tile of the set.
pub fn hooks(lex: &Lexicon, word: &[Tile]) -> Hooks {
    let set = lex.tiles();
    let mut buf = Vec::with_capacity(word.len() + 1);
    let mut front = Vec::new();
    for t in set.all() {
        buf.clear();
        buf.push(t);
        buf.extend_from_slice(word);
        if lex.contains(&buf) {
            front.push(t);
        }
    }
    let fst = lex.fst().as_fst();
    let mut node = fst.root();
    let mut back = Vec::new();
    let mut reached = true;
    for &t in word {
        match node.find_input(t) {
            Some(i) => node = fst.node(node.transition_addr(i)),
            None => {
                reached = false;
                break;
            }
        }
    }
    if reached {
        for tr in node.transitions() {
            if fst.node(tr.addr).is_final() && set.is_tile(tr.inp) {
                back.push(tr.inp);
            }
        }
    }
    Hooks { front, back }
}
