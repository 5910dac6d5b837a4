//! Building a lexicon file from tile-encoded words.

use fst::MapBuilder;

use crate::error::LexiconError;
use crate::format::{self, tag, FORMAT_VERSION};
use crate::manifest::Manifest;
use crate::progress::{Phase, Progress};
use crate::provenance::{code, entry_of, slot_of, Code, EntryInfo, Provenance, SlotInfo};

use crate::MAX_WORD_TILES;

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

/// Words stored between two reports of progress: often enough for a bar to move, seldom enough
/// to cost nothing.
const PROGRESS_EVERY: u64 = 1 << 14;

/// Words waiting to be sorted, 24 bytes each.
#[derive(Default)]
struct Pending {
    items: Vec<(Key, Code)>,
    /// Whether `items` are known to be in order (by word, then code).
    sorted: bool,
    /// Items moved so far to merge sorted runs into sorted items (see [`Pending::append`]).
    moved: usize,
}

/// The order of pending items: by word, then code.
fn order(&(k, c): &(Key, Code)) -> (u128, Code) {
    (u128::from_be_bytes(k), c)
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
        self.sorted = false;
        Ok(())
    }

    /// Sorts by word then code (a stable merge sort, fast on the nearly sorted lists sources
    /// usually are), unless the items are in order already, and drops repeated (word, code)
    /// pairs. Equal items are the same, so any sort gives the one order.
    fn sort(&mut self) {
        if !self.sorted {
            self.items.sort_by_key(order);
        }
        self.items.dedup();
        self.sorted = true;
    }

    /// Adds `run`. When both the items and `run` are in order, `run` is merged in at its
    /// place, so that the items stay in order and the sort at the end has nothing to do: the
    /// parts of a list in order (each sorted on a worker thread) mostly follow one another,
    /// and where a part starts before the last items (a list in byte order is not in tile
    /// order: CH, LL, RR and Ñ sort elsewhere) only those last items are merged with it. Once
    /// the items merged that way outnumber all the items, merging stops and the sort at the
    /// end sorts everything: the work stays linear in the words, whatever their order.
    fn append(&mut self, run: impl Iterator<Item = (Key, Code)>) {
        let start = self.items.len();
        let in_order = self.sorted || start == 0;
        self.items.extend(run);
        if !in_order || !self.items[start..].is_sorted_by_key(order) {
            self.sorted = false;
            return;
        }
        let Some(first) = self.items.get(start).map(order) else {
            self.sorted = true;
            return;
        };
        let at = self.items[..start].partition_point(|item| order(item) <= first);
        self.moved += start - at;
        if self.moved > self.items.len() {
            self.sorted = false;
            return;
        }
        if at < start {
            // The items from `at` on are merged with the run in place, from the front: the
            // items held aside are few, and the place written never passes the run's next item.
            let before = self.items[at..start].to_vec();
            let items = &mut self.items;
            let (mut i, mut j, mut k) = (0, start, at);
            while i < before.len() && j < items.len() {
                if order(&before[i]) <= order(&items[j]) {
                    items[k] = before[i];
                    i += 1;
                } else {
                    items[k] = items[j];
                    j += 1;
                }
                k += 1;
            }
            items[k..k + before.len() - i].copy_from_slice(&before[i..]);
        }
        self.sorted = true;
    }

    /// The smallest code of each word of the sorted words, by rank.
    fn primary_codes(&self) -> impl Iterator<Item = Code> + '_ {
        let mut last: Option<&Key> = None;
        self.items.iter().filter_map(move |(k, c)| {
            let first = last != Some(k);
            last = Some(k);
            first.then_some(*c)
        })
    }

    /// Builds the fst of the sorted words; each word's codes but the smallest go to `extras`.
    /// With `values`, the fst maps each word to its smallest code; without, every value is 0 (the
    /// fst is then as small as a set). Returns the fst bytes and the number of words by length.
    /// `progress` is told the number of words stored so far, now and then and at the end.
    fn build(
        &self,
        values: bool,
        extras: &mut Vec<(Code, Code)>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(Vec<u8>, Vec<u64>), LexiconError> {
        let mut builder = MapBuilder::memory();
        let mut by_length = Vec::new();
        let mut last: Option<(&[u8], Code)> = None;
        let mut stored = 0;
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
            if by_length.len() <= key.len() {
                by_length.resize(key.len() + 1, 0);
            }
            by_length[key.len()] += 1;
            last = Some((key, item.1));
            stored += 1;
            if stored % PROGRESS_EVERY == 0 {
                progress(stored);
            }
        }
        let bytes = builder.into_inner().map_err(|e| LexiconError::Fst(e.to_string()))?;
        progress(stored);
        Ok((bytes, by_length))
    }
}

/// Words, rejected forms, slots and entry descriptions gathered by one worker of a build; a
/// [`Builder`] takes parts in order ([`Builder::merge`]) and numbers their slots as if they had
/// been added to it directly.
///
/// ```
/// use lexico_lexicon::{Builder, Part, SlotInfo};
///
/// let mut part = Part::default(); // filled on a worker thread
/// let slot = part.slot(SlotInfo { slot: "word".into(), ..SlotInfo::default() })?;
/// part.insert(&lexico_lexicon::fise_2016_tiles().parse_word("casa")?, lexico_lexicon::provenance::code(1, slot))?;
/// let mut builder = Builder::new(lexico_lexicon::FISE_2016_TILES_CSV);
/// builder.merge(part)?;
/// assert_eq!(builder.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Part {
    words: Pending,
    rejected: Pending,
    provenance: Provenance,
    entries: Vec<(u64, EntryInfo)>,
}

impl Part {
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

    /// Records what the build knew of a source entry (a lemma line), shown by explanations.
    pub fn describe_entry(&mut self, entry: u64, info: EntryInfo) {
        self.entries.push((entry, info));
    }

    /// Sorts the words and rejected forms and drops repeats. Optional: a builder sorts everything
    /// when it finishes, but runs sorted on the workers' threads make that sort much shorter.
    pub fn sort(&mut self) {
        self.words.sort();
        self.rejected.sort();
    }
}

/// The word store of a lexicon and what goes with it.
struct WordStore {
    /// The fst.
    words: Vec<u8>,
    /// Number of words by length.
    by_length: Vec<u64>,
    /// The codes as a column by rank, or empty when the fst holds them as values.
    column: Vec<u8>,
    /// Every code of a word but its smallest: `(smallest, other)`, sorted.
    extras: Vec<(Code, Code)>,
    /// The anagram index, if asked for.
    anagrams: Option<Vec<u8>>,
}

/// The store of rejected forms and what goes with it.
struct RejectedStore {
    /// The fst, each form mapped to its smallest code.
    forms: Vec<u8>,
    /// Every code of a form but its smallest: `(smallest, other)`, sorted.
    extras: Vec<(Code, Code)>,
    /// Number of distinct forms (keys of the fst), however many derivations each has.
    count: u64,
}

impl Pending {
    /// The word store of the valid words, reporting the phases [`Phase::Writing`] and, with
    /// `anagram_index`, [`Phase::Indexing`] to `progress`.
    fn word_store(mut self, anagram_index: bool, progress: Progress<'_>) -> Result<WordStore, LexiconError> {
        // A word store without values, with the codes as a column by rank, is smallest when the
        // column is (sorted raw lists: a few thousand runs); when words of many lemmas interleave,
        // storing the codes as fst values costs far less than the column. The choice depends on
        // the words only, so builds stay reproducible.
        self.sort();
        let total = self.primary_codes().count() as u64;
        progress(Phase::Writing, 0, total);
        let mut extras = Vec::new();
        let (words, by_length, column) = std::thread::scope(|scope| {
            // The column of codes is made on a second thread while the store without values is
            // built. When the column is large (more than a sixteenth of a byte a word, where a
            // store without values takes about one), that thread goes on to build the store
            // with values too, in case it wins.
            let this = &self;
            let side = scope.spawn(move || {
                let column = crate::provenance::encode_column(this.primary_codes());
                let with_values = (column.len() > this.items.len() / 16)
                    .then(|| this.build(true, &mut Vec::new(), &mut |_| {}));
                (column, with_values)
            });
            let built = self.build(false, &mut extras, &mut |done| progress(Phase::Writing, done, total));
            let (column, with_values) = side.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            let (words, by_length) = built?;
            if column.len() <= words.len() / 4 {
                return Ok::<_, LexiconError>((words, by_length, column));
            }
            let (with_values, _) = match with_values {
                Some(built) => built?,
                None => self.build(true, &mut Vec::new(), &mut |_| {})?,
            };
            Ok((with_values, by_length, Vec::new()))
        })?;
        drop(self);
        extras.sort_unstable();
        extras.dedup();
        // From the word store rather than the pending words, which are gone by now: peak
        // memory stays that of one list of words.
        let anagrams = if anagram_index {
            use fst::Streamer;
            let store = fst::Set::new(words.as_slice()).map_err(|e| LexiconError::Fst(e.to_string()))?;
            let mut stream = store.stream();
            let total = store.len() as u64;
            progress(Phase::Indexing, 0, total);
            let mut filer = crate::anagram_index::Filer::with_capacity(store.len());
            let mut filed = 0;
            while let Some(w) = stream.next() {
                filer.add(w)?;
                filed += 1;
                if filed % PROGRESS_EVERY == 0 {
                    progress(Phase::Indexing, filed, total);
                }
            }
            let encoded = filer.encode()?;
            progress(Phase::Indexing, total, total);
            Some(encoded)
        } else {
            None
        };
        Ok(WordStore { words, by_length, column, extras, anagrams })
    }

    /// The store of rejected forms.
    fn rejected_store(mut self) -> Result<RejectedStore, LexiconError> {
        self.sort();
        let mut extras = Vec::new();
        let (forms, by_length) = self.build(true, &mut extras, &mut |_| {})?;
        // Forms, not (form, derivation) pairs: a form two entries generated and rejected is one
        // key of the store, one line of `lexico dump --rejected`.
        let count = by_length.iter().sum();
        drop(self);
        extras.sort_unstable();
        extras.dedup();
        Ok(RejectedStore { forms, extras, count })
    }
}

/// Collects words and rejected forms, then writes one lexicon file image.
///
/// The output depends only on what was added, not on the order it was added in: words are
/// sorted, and every table is written in a defined order.
///
/// ```
/// use lexico_lexicon::{Builder, Lexicon, Manifest, SlotInfo};
/// use lexico_lexicon::FISE_2016_TILES_CSV;
/// use lexico_tiles::TileSet;
///
/// let set = lexico_lexicon::fise_2016_tiles();
/// let mut builder = Builder::new(FISE_2016_TILES_CSV);
/// let slot = builder.slot(SlotInfo { slot: "word".into(), rule: "my-list".into(), ..SlotInfo::default() })?;
/// for (line, word) in ["perro", "casa"].iter().enumerate() {
///     builder.insert(&set.parse_word(word)?, lexico_lexicon::provenance::code(line as u64 + 1, slot))?;
/// }
/// let manifest = Manifest { name: "mine".into(), min_tiles: 2, max_tiles: 15, ..Manifest::default() };
/// let lex = Lexicon::from_vec(builder.finish(manifest)?)?;
/// assert_eq!(lex.manifest()?.words, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Builder {
    tiles_csv: String,
    part: Part,
    anagram_index: bool,
}

impl Builder {
    /// Starts a lexicon spelled in the tile set whose `tiles.csv` text is `tiles_csv`.
    pub fn new(tiles_csv: &str) -> Builder {
        Builder { tiles_csv: tiles_csv.to_string(), part: Part::default(), anagram_index: true }
    }

    /// The index of a slot (paradigm cell or rule outcome), adding it on first use.
    pub fn slot(&mut self, info: SlotInfo) -> Result<u16, LexiconError> {
        self.part.slot(info)
    }

    /// Adds a valid word (tiles, 1 to [`MAX_WORD_TILES`]) made by `code`. A word added twice
    /// keeps every code.
    pub fn insert(&mut self, word: &[u8], code: Code) -> Result<(), LexiconError> {
        self.part.insert(word, code)
    }

    /// Records a form the rules generated and rejected, for explanations.
    pub fn reject(&mut self, word: &[u8], code: Code) -> Result<(), LexiconError> {
        self.part.reject(word, code)
    }

    /// Records what the build knew of a source entry (a lemma line), shown by explanations.
    pub fn describe_entry(&mut self, entry: u64, info: EntryInfo) {
        self.part.describe_entry(entry, info);
    }

    /// Adds everything `part` holds, its slots numbered after the ones this builder has: the
    /// same lexicon as adding the part's words, rejected forms, slots and entries directly.
    pub fn merge(&mut self, part: Part) -> Result<(), LexiconError> {
        let Part { words, rejected, provenance, entries } = part;
        let mut slots = Vec::with_capacity(provenance.slots.len());
        for info in provenance.slots {
            slots.push(self.slot(info)?);
        }
        let renumber = |c: Code| code(entry_of(c), slots[slot_of(c) as usize]);
        for (to, from) in [(&mut self.part.words, words), (&mut self.part.rejected, rejected)] {
            to.append(from.items.into_iter().map(|(k, c)| (k, renumber(c))));
        }
        self.part.entries.extend(entries);
        Ok(())
    }

    /// Makes room for `words` more words: a build that knows about how many words its sources
    /// give (a raw list gives one a line) spares the copies of a list that grows as it goes.
    pub fn reserve(&mut self, words: usize) {
        self.part.words.items.reserve(words);
    }

    /// Whether the file gets an anagram index (section `AGRM`, on by default): it makes
    /// anagrams with blanks about ten times faster and the file several times larger.
    pub fn anagram_index(&mut self, on: bool) {
        self.anagram_index = on;
    }

    /// Number of words added so far, duplicates included.
    pub fn len(&self) -> usize {
        self.part.words.items.len()
    }

    /// Returns true if and only if no word was added.
    pub fn is_empty(&self) -> bool {
        self.part.words.items.is_empty()
    }

    /// Keeps in `words` only those added neither as a word nor as a rejected form. One pass over
    /// what was added: meant for a few words at a time, once the sources are in.
    ///
    /// ```
    /// use lexico_lexicon::{Builder, SlotInfo};
    /// use lexico_lexicon::FISE_2016_TILES_CSV;
    /// use lexico_tiles::TileSet;
    ///
    /// let set = lexico_lexicon::fise_2016_tiles();
    /// let mut builder = Builder::new(FISE_2016_TILES_CSV);
    /// let slot = builder.slot(SlotInfo::default())?;
    /// builder.insert(&set.parse_word("casa")?, lexico_lexicon::provenance::code(1, slot))?;
    /// let mut words = vec![set.parse_word("casa")?, set.parse_word("perro")?];
    /// builder.retain_unseen(&mut words);
    /// assert_eq!(words, [set.parse_word("perro")?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn retain_unseen(&self, words: &mut Vec<lexico_tiles::Word>) {
        let wanted: std::collections::HashSet<Key> =
            words.iter().filter(|w| w.len() <= MAX_WORD_TILES).map(|w| key_of(w)).collect();
        let seen: std::collections::HashSet<Key> = (self.part.words.items.iter())
            .chain(&self.part.rejected.items)
            .map(|(k, _)| *k)
            .filter(|k| wanted.contains(k))
            .collect();
        words.retain(|w| w.len() > MAX_WORD_TILES || !seen.contains(&key_of(w)));
    }

    /// Sorts, builds the word stores and lays out the file. `manifest` supplies the descriptive
    /// fields; counts, format version and payload digest are filled in here.
    pub fn finish(self, manifest: Manifest) -> Result<Vec<u8>, LexiconError> {
        self.finish_with_progress(manifest, &mut |_, _, _| {})
    }

    /// [`Builder::finish`], reporting the phases [`Phase::Writing`] and (with the anagram index)
    /// [`Phase::Indexing`] to `progress`.
    pub fn finish_with_progress(
        self,
        mut manifest: Manifest,
        progress: Progress<'_>,
    ) -> Result<Vec<u8>, LexiconError> {
        let Builder { tiles_csv, part, anagram_index } = self;
        let Part { words, rejected, mut provenance, mut entries } = part;
        // The rejected forms and the entry descriptions are done on a second thread while the
        // words are stored.
        let (store, rejected) = std::thread::scope(|scope| {
            let rejected = scope.spawn(move || {
                entries.sort();
                entries.dedup_by(|a, b| a.0 == b.0);
                let entries = crate::provenance::encode_entries(&entries);
                rejected.rejected_store().map(|r| (r, entries))
            });
            let store = words.word_store(anagram_index, progress);
            (store, rejected.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        let WordStore { words, by_length, column, extras, anagrams } = store?;
        let (rejected, entries) = rejected?;
        provenance.extras = extras;
        provenance.rejected_extras = rejected.extras;

        manifest.format_version = FORMAT_VERSION;
        manifest.words = by_length.iter().sum();
        manifest.words_by_length = by_length;
        manifest.rejected_forms = rejected.count;
        let (provenance, provenance_len) = provenance.encode();
        let (entries, entries_len) = entries;
        manifest.inflated = [("PROV".to_string(), provenance_len), ("ENTR".to_string(), entries_len)].into();

        let mut sections: Vec<([u8; 4], Vec<u8>)> = Vec::new();
        sections.extend([
            (tag::TILES, tiles_csv.into_bytes()),
            (tag::WORDS, words),
            (tag::REJECTED, rejected.forms),
            (tag::PROVENANCE, provenance),
            (tag::ENTRIES, entries),
        ]);
        if !column.is_empty() {
            sections.insert(2, (tag::CODES, column));
        }
        if let Some(a) = anagrams {
            sections.push((tag::ANAGRAMS, a));
        }
        manifest.payload_sha256 = format::payload_digest(sections.iter().map(|(t, b)| (*t, b.as_slice())));
        let json = serde_json::to_vec_pretty(&manifest).expect("a manifest always serialises");
        sections.insert(0, (tag::MANIFEST, json));
        Ok(format::write(&sections))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merged_as_they_come_end_as_one_sort_of_everything() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for case in 0..200 {
            // Runs that mostly follow one another, overlap a little, or lie anywhere.
            let spread = [4, 40, 4000][case % 3];
            let mut pending = Pending::default();
            let mut all = Vec::new();
            let mut base = 0;
            for run in 0..1 + next(12) {
                let mut items: Vec<(Key, Code)> = (0..next(50))
                    .map(|_| {
                        let w = (base + next(spread)) as u16;
                        (key_of(&[1 + (w >> 7) as u8, 1 + (w & 0x7f) as u8]), next(3))
                    })
                    .collect();
                base += 30;
                // Most runs come sorted, as the workers sort their parts; some do not.
                if run % 5 != 4 {
                    items.sort_by_key(order);
                }
                all.extend(items.iter().copied());
                if next(4) == 0 {
                    for &(k, c) in &items {
                        pending.push(word_of(&k), c).unwrap();
                    }
                } else {
                    pending.append(items.into_iter());
                }
            }
            if pending.sorted {
                assert!(pending.items.is_sorted_by_key(order), "case {case}");
            }
            pending.sort();
            all.sort_by_key(order);
            all.dedup();
            assert_eq!(pending.items, all, "case {case}");
        }
    }

    fn tiles_csv() -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fise-2016/tiles.csv");
        std::fs::read_to_string(path).expect("the shipped tile set")
    }

    #[test]
    fn rejected_forms_are_counted_once_however_many_entries_rejected_them() {
        let mut b = Builder::new(&tiles_csv());
        b.anagram_index(false);
        let slot = |b: &mut Builder, name: &str| {
            b.slot(SlotInfo {
                slot: name.into(),
                rule: "r".into(),
                article: "1".into(),
                reason: "no".into(),
                ..Default::default()
            })
            .unwrap()
        };
        let (s1, s2) = (slot(&mut b, "a"), slot(&mut b, "b"));
        b.insert(&[1, 2], code(1, s1)).unwrap();
        // One form rejected by two entries and two slots, another by one: two forms.
        for c in [code(1, s1), code(2, s1), code(2, s2), code(2, s2)] {
            b.reject(&[3, 4, 5], c).unwrap();
        }
        b.reject(&[3, 4], code(3, s2)).unwrap();
        let lex = crate::Lexicon::from_vec(b.finish(Manifest::default()).unwrap()).unwrap();
        assert_eq!(lex.rejected().unwrap().len(), 2);
        assert_eq!(lex.manifest().unwrap().rejected_forms, 2);
        let derivations = lex.rejections(&[3, 4, 5]).unwrap();
        assert_eq!(derivations.len(), 3, "every derivation is kept: {derivations:?}");
    }
}
