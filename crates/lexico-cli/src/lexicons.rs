//! Which lexicon a command uses: `--lexicon FILE`, `LEXICO_LEXICON`, or the embedded default.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use lexico_lexicon::Lexicon;

/// The default lexicon, built from `lexicon-src/` when the binary was compiled.
pub static DEFAULT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/default.lex"));

/// The lexicon option shared by every query command.
#[derive(Args, Clone, Debug, Default)]
pub struct LexiconArg {
    /// Lexicon file to use instead of the embedded default lexicon.
    #[arg(long, short = 'l', env = "LEXICO_LEXICON", value_name = "FILE", global = true)]
    pub lexicon: Option<PathBuf>,
}

impl LexiconArg {
    /// Opens the chosen lexicon.
    pub fn open(&self) -> Result<Lexicon> {
        match &self.lexicon {
            Some(path) => Lexicon::open(path).with_context(|| format!("{}", path.display())),
            None => Lexicon::from_static(DEFAULT).context("the embedded default lexicon"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded lexicon is opened without checking its header or sections (it was checked
    /// when it was built into the binary): this is that check.
    #[test]
    fn the_embedded_lexicon_passes_every_check() {
        let lex = Lexicon::from_vec(DEFAULT.to_vec()).unwrap();
        lex.verify().unwrap();
        assert!(lex.anagram_index().unwrap().is_some());
    }
}
