//! A hooks table for every 2- and 3-tile word of the default lexicon: the tiles that make a word
//! in front of it, the word, and the tiles that make a word after it, as study lists print them
//! (`[CH]` is one tile; `-` means none).
//!
//! ```sh
//! cargo run -p lexico-default --example hooks_table | less
//! ```

use std::io::{BufWriter, ErrorKind, Write};

use fst::Streamer;
use lexico_lexicon::query::hooks;

fn main() -> std::io::Result<()> {
    let lex = lexico_default::lexicon();
    let set = lex.tiles();
    // Hook tiles side by side, a two-letter tile in brackets: `BC[CH]D`.
    let spell = |tiles: &[u8]| -> String {
        if tiles.is_empty() {
            return "-".into();
        }
        let name = |t: u8| set.name(t).to_string();
        tiles
            .iter()
            .map(|&t| if set.name(t).chars().count() > 1 { format!("[{}]", name(t)) } else { name(t) })
            .collect()
    };
    let mut rows = Vec::new();
    let mut words = lex.fst().keys();
    while let Some(word) = words.next() {
        if matches!(word.len(), 2 | 3) {
            rows.push(word.to_vec());
        }
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let printed = (|| {
        writeln!(out, "front\tword\tback")?;
        for word in &rows {
            let h = hooks(&lex, word);
            writeln!(out, "{}\t{}\t{}", spell(&h.front), set.spell(word), spell(&h.back))?;
        }
        out.flush()
    })();
    match printed {
        // `| head` closed the pipe: that is not a failure.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}
