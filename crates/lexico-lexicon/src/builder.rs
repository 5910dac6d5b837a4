//! Building a lexicon file from tile-encoded words.

use fst::MapBuilder;
use sha2::{Digest, Sha256};

use crate::error::LexiconError;
use crate::format::{self, tag, FORMAT_VERSION};
use crate::manifest::Manifest;
use crate::provenance::{Code, Provenance, SlotInfo};

/// The longest word a lexicon file holds, in tiles. The game's board is 15 squares wide.
pub const MAX_WORD_TILES: usize = 16;

/// A word as a sort key: its tiles left-aligned and zero-padded. Tiles are never 0, so a word
/// that is a prefix of another sorts first, as in byte order, and keys compare as integers.
type Key = [u8; MAX_WORD_TILES];

fn key_of(word: &[u8]) -> Key {
    let mut k = [0; MAX_WORD_TILES];
    k[..word.len()].copy_from_slice(word);
    k
}

fn word_of(key: &Key) -> &[u8] {
    let len = key.iter().position(|&b| b == 0).unwrap_or(MAX_WORD_TILES);
    &key[..len]
}

/// Words waiting to be sorted, 24 bytes each.
#[derive(Default)]
struct Pending {
    items: Vec<(Key, Code)>,
}

impl Pending {
    fn push(&mut self, word: &[u8], code: Code) -> Result<(), LexiconError> {
        if word.len() > MAX_WORD_TILES || word.contains(&0) {
            return Err(LexiconError::Fst(format!(
                "a word of {} tiles: a lexicon holds words of 1 to {MAX_WORD_TILES} tiles",
                word.len()
            )));
        }
        self.items.push((key_of(word), code));
        Ok(())
    }

    /// Sorts by word then code (a stable merge sort, fast on the nearly sorted lists sources
    /// usually are), and drops repeated (word, code) pairs.
    fn sort(&mut self) {
        self.items.sort_by_key(|&(k, c)| (u128::from_be_bytes(k), c));
        self.items.dedup();
    }

    /// Builds the fst of the sorted words; each word's smallest code goes to `primary` (by rank),
    /// its other codes to `extras`. With `values`, the fst maps each word to its smallest code;
    /// without, every value is 0 (the fst is then as small as a set). Returns the fst bytes and
    /// the number of words by length.
    fn build(
        &self,
        values: bool,
        primary: &mut Vec<Code>,
        extras: &mut Vec<(Code, Code)>,
    ) -> Result<(Vec<u8>, Vec<u64>), LexiconError> {
        let mut builder = MapBuilder::memory();
        let mut by_length = Vec::new();
        let mut last: Option<(&[u8], Code)> = None;
        for item in &self.items {
            let key = word_of(&item.0);
            if let Some((k, first)) = last {
                if k == key {
                    extras.push((first, item.1));
                    continue;
                }
            }
            builder
                .insert(key, if values { item.1 } else { 0 })
                .map_err(|e| LexiconError::Fst(e.to_string()))?;
            primary.push(item.1);
            if by_length.len() <= key.len() {
                by_length.resize(key.len() + 1, 0);
            }
            by_length[key.len()] += 1;
            last = Some((key, item.1));
        }
        let bytes = builder.into_inner().map_err(|e| LexiconError::Fst(e.to_string()))?;
        Ok((bytes, by_length))
    }
}

/// Collects words and rejected forms, then writes one lexicon file image.
///
/// The output depends only on what was added, not on the order it was added in: words are
/// sorted, and every table is written in a defined order.
pub struct Builder {
    tiles_csv: String,
    words: Pending,
    rejected: Pending,
    provenance: Provenance,
    entries: Vec<(u64, String)>,
    anagram_index: bool,
}

impl Builder {
    /// Starts a lexicon spelled in the tile set whose `tiles.csv` text is `tiles_csv`.
    pub fn new(tiles_csv: &str) -> Builder {
        Builder {
            tiles_csv: tiles_csv.to_string(),
            words: Pending::default(),
            rejected: Pending::default(),
            provenance: Provenance::default(),
            entries: Vec::new(),
            anagram_index: true,
        }
    }

    /// The index of a slot (paradigm cell or rule outcome), adding it on first use.
    pub fn slot(&mut self, info: SlotInfo) -> Result<u16, LexiconError> {
        self.provenance.intern(info).ok_or_else(|| {
            LexiconError::Fst(format!("more than {} distinct rule outcomes", crate::provenance::MAX_SLOTS))
        })
    }

    /// Adds a valid word (tiles, 1 to [`MAX_WORD_TILES`]) made by `code`. A word added twice
    /// keeps every code.
    pub fn insert(&mut self, word: &[u8], code: Code) -> Result<(), LexiconError> {
        self.words.push(word, code)
    }

    /// Records a form the rules generated and rejected, for explanations.
    pub fn reject(&mut self, word: &[u8], code: Code) -> Result<(), LexiconError> {
        self.rejected.push(word, code)
    }

    /// Records the description of a source entry (a lemma line), shown by explanations.
    pub fn describe_entry(&mut self, entry: u64, text: String) {
        self.entries.push((entry, text));
    }

    /// Whether the file gets an anagram index (section `ANAG`, on by default): it makes
    /// anagrams with blanks about ten times faster and the file several times larger.
    pub fn anagram_index(&mut self, on: bool) {
        self.anagram_index = on;
    }

    /// Number of words added so far, duplicates included.
    pub fn len(&self) -> usize {
        self.words.items.len()
    }

    /// Returns true if and only if no word was added.
    pub fn is_empty(&self) -> bool {
        self.words.items.is_empty()
    }

    /// Sorts, builds the word stores and lays out the file. `manifest` supplies the descriptive
    /// fields; counts, format version and payload digest are filled in here.
    pub fn finish(mut self, mut manifest: Manifest) -> Result<Vec<u8>, LexiconError> {
        // A word store without values, with the codes as a column by rank, is smallest when the
        // column is (sorted raw lists: a few thousand runs); when words of many lemmas interleave,
        // storing the codes as fst values costs far less than the column. The choice depends on
        // the words only, so builds stay reproducible.
        self.words.sort();
        let (mut extras, mut primary) = (Vec::new(), Vec::new());
        let (mut words, by_length) = self.words.build(false, &mut primary, &mut extras)?;
        let mut column = crate::provenance::encode_column(&primary);
        drop(primary);
        if column.len() > words.len() / 4 {
            (words, _) = self.words.build(true, &mut Vec::new(), &mut Vec::new())?;
            column.clear();
        }
        drop(self.words);
        // From the word store rather than the pending words, which are gone by now: peak
        // memory stays that of one list of words.
        let anagrams = if self.anagram_index {
            use fst::Streamer;
            let store = fst::Set::new(words.as_slice()).map_err(|e| LexiconError::Fst(e.to_string()))?;
            let mut stream = store.stream();
            let mut filer = crate::anagram_index::Filer::with_capacity(store.len());
            while let Some(w) = stream.next() {
                filer.add(w)?;
            }
            Some(filer.encode()?)
        } else {
            None
        };
        let rejected_count = self.rejected.items.len() as u64;
        let mut rejected_extras = Vec::new();
        self.rejected.sort();
        let (rejected, _) = self.rejected.build(true, &mut Vec::new(), &mut rejected_extras)?;
        for list in [&mut extras, &mut rejected_extras] {
            list.sort_unstable();
            list.dedup();
        }
        self.provenance.extras = extras;
        self.provenance.rejected_extras = rejected_extras;
        self.entries.sort();
        self.entries.dedup_by(|a, b| a.0 == b.0);

        manifest.format_version = FORMAT_VERSION;
        manifest.words = by_length.iter().sum();
        manifest.words_by_length = by_length;
        manifest.rejected_forms = rejected_count;

        let mut sections: Vec<([u8; 4], Vec<u8>)> = Vec::new();
        sections.extend([
            (tag::TILES, self.tiles_csv.into_bytes()),
            (tag::WORDS, words),
            (tag::REJECTED, rejected),
            (tag::PROVENANCE, self.provenance.encode()),
            (tag::ENTRIES, crate::provenance::encode_entries(&self.entries)),
        ]);
        if !column.is_empty() {
            sections.insert(2, (tag::CODES, column));
        }
        if let Some(a) = anagrams {
            sections.push((tag::ANAGRAMS, a));
        }
        let mut sha = Sha256::new();
        for (t, bytes) in &sections {
            sha.update(t);
            sha.update((bytes.len() as u64).to_le_bytes());
            sha.update(bytes);
        }
        manifest.payload_sha256 = hex(&sha.finalize());
        let json = serde_json::to_vec_pretty(&manifest).expect("a manifest always serialises");
        sections.insert(0, (tag::MANIFEST, json));
        Ok(format::write(&sections))
    }
}

/// Lower-case hex of a digest.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
