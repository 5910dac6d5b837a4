//! Every 7- and 8-tile word of the default lexicon (the bingos: a whole rack of seven, or seven
//! through one tile on the board) with its probability rank among the words of its length.
//! Rank 1 is the word most often drawn from a full bag; words as likely share a rank.
//!
//! ```sh
//! cargo run -p lexico-default --example bingos | head
//! ```

use std::io::{BufWriter, ErrorKind, Write};

use fst::Streamer;
use lexico_lexicon::query::{Bag, Ranks};

fn main() -> std::io::Result<()> {
    let lex = lexico_default::lexicon();
    let bag = Bag::of(lex.tiles());
    // Ranks count every word of each length, so they are computed over the whole lexicon.
    let ranks = Ranks::compute(&lex, &bag);
    let mut bingos = Vec::new();
    let mut words = lex.fst().keys();
    while let Some(word) = words.next() {
        if matches!(word.len(), 7 | 8) {
            let rank = ranks.rank(word.len(), bag.combinations(word));
            bingos.push((word.len(), rank, bag.probability(word), lex.tiles().spell(word)));
        }
    }
    // By length, then by rank; a stable sort keeps words of one rank in tile order.
    bingos.sort_by_key(|&(len, rank, ..)| (len, rank));
    let mut out = BufWriter::new(std::io::stdout().lock());
    let printed = (|| {
        writeln!(out, "tiles\trank\tprobability\tword")?;
        for (len, rank, p, word) in &bingos {
            writeln!(out, "{len}\t{rank}\t{p:.3e}\t{word}")?;
        }
        out.flush()
    })();
    match printed {
        // `| head` closed the pipe: that is not a failure.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}
