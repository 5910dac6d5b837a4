//! The default lexicon, ready to query: the Spanish word list of the game Letterpress (npm
//! package `an-array-of-spanish-words` 2.0.0; 636,598 words, the FISE edition before FISE-2),
//! compiled from `lexicon-src/` with the embedded rule set `fise-2016` when this crate is built,
//! and embedded in it ([`BYTES`], [`lexicon`]). The build script rebuilds it whenever a source or
//! a rule file changes, so it cannot go stale. This crate owns nothing but that data: it never
//! reads a file at run time, never prints, and has no logic of its own.
//!
//! ```
//! let lex = lexico_default::lexicon();
//! assert_eq!(lex.len(), 636_598);
//! let word = lex.tiles().parse_word("churro")?;
//! assert!(lex.contains(&word));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

use lexico_lexicon::Lexicon;

/// The default lexicon's file, byte for byte: what `lexico info --lexicon embedded` describes,
/// and what a program may write to disk or hand to [`Lexicon::from_static`].
///
/// ```
/// assert!(lexico_default::BYTES.len() > 1_000_000);
/// ```
pub static BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/default.lex"));

/// Opens the default lexicon. It is opened without checking its header or sections (it was
/// written by this crate's own build, and a test of this crate checks all of it), so opening
/// costs no checksum and reads only the section table.
///
/// # Panics
///
/// Never for the image this crate embeds: the test `the_embedded_lexicon_passes_every_check`
/// opens and verifies it.
///
/// ```
/// let lex = lexico_default::lexicon();
/// assert_eq!(lex.manifest()?.edition, "FISE-2 2009");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lexicon() -> Lexicon {
    Lexicon::from_static(BYTES).expect("the embedded default lexicon opens (its test checks it)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded lexicon is opened without checking its header or sections (it was checked
    /// when it was built into the crate): this is that check.
    #[test]
    fn the_embedded_lexicon_passes_every_check() {
        let lex = Lexicon::from_vec(BYTES.to_vec()).unwrap();
        lex.verify().unwrap();
        assert!(lex.anagram_index().unwrap().is_some());
        assert_eq!(lex.len(), lexicon().len());
    }

    /// Without its anagram index (what the offline page carries) the lexicon is whole, holds the
    /// same words and says the same of itself but the payload digest, and is a fraction of the
    /// file.
    #[test]
    fn without_the_anagram_index_the_lexicon_is_whole_and_the_same_but_its_digest() {
        let full = lexicon();
        let stripped = Lexicon::from_vec(full.without_anagram_index().unwrap()).unwrap();
        stripped.verify().unwrap();
        assert!(stripped.anagram_index().unwrap().is_none());
        assert_eq!(stripped.len(), full.len());
        let (mut a, b) = (full.manifest().unwrap().clone(), stripped.manifest().unwrap());
        assert_ne!(a.payload_sha256, b.payload_sha256);
        a.payload_sha256 = b.payload_sha256.clone();
        assert_eq!(&a, b);
        assert!(stripped.as_bytes().len() * 4 < full.as_bytes().len(), "{}", stripped.as_bytes().len());
    }
}
