//! Opening and querying a lexicon file.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use lexico_tiles::{Tile, TileSet};
use sha2::{Digest, Sha256};

use crate::anagram_index::AnagramIndex;
use crate::bytes::{section, Backing, Bytes, Image};
use crate::error::LexiconError;
use crate::format::hex;
use crate::format::{self, tag, SectionEntry};
use crate::manifest::Manifest;
use crate::provenance::{self, Code, EntryInfo, Inflated, Provenance, SlotInfo};
use crate::word_set::WordSet;
use crate::word_store::{self, Shape};
use crate::MAX_WORD_TILES;

/// One way a word was made (or, for a rejected form, generated and refused).
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let d = &lex.derivations(&lex.tiles().parse_word("casa")?)?[0];
/// assert_eq!((d.slot.slot.as_str(), d.slot.rule.as_str()), ("word", "from-words"));
/// assert_eq!(d.source, None); // a list given in memory has no source file
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The source entry id.
    pub entry: u64,
    /// The source file and line of the entry, when the manifest lists the source.
    pub source: Option<(String, u64)>,
    /// What the build knew of the entry (lemma, kind of entry, verb codes), when the lexicon
    /// stores it.
    pub entry_info: Option<EntryInfo>,
    /// The slot, kind of form, rule and article.
    pub slot: SlotInfo,
}

/// An open lexicon. Opening reads the header, the tile set and the word store's checksum; the
/// manifest, provenance and rejected forms are decoded the first time they are asked for. The
/// checksums stop accidental damage; a file that may have been made by hand (checksums
/// recomputed) must pass [`Lexicon::verify`], which checks the structure of its word stores,
/// before it is queried: a malformed word store makes the `fst` crate panic.
///
/// ```
/// use lexico_lexicon::Lexicon;
///
/// let lex = Lexicon::from_words(["casa", "perro"])?; // or Lexicon::open(path), lexico_default::lexicon()
/// assert_eq!(lex.len(), 2);
/// assert!(lex.contains(&lex.tiles().parse_word("perro")?));
/// assert_eq!(lex.manifest()?.name, "from-words");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Lexicon {
    backing: Arc<Backing>,
    table: Vec<SectionEntry>,
    tiles: TileSet,
    words: fst::Map<Bytes>,
    manifest: OnceLock<Manifest>,
    provenance: OnceLock<Provenance>,
    rejected: OnceLock<fst::Map<Bytes>>,
    anagrams: OnceLock<Option<AnagramIndex>>,
    /// Zyzzyva's Type I, II and III sets for this lexicon, computed on first use.
    bingo: OnceLock<crate::stems::BingoSets>,
    /// The payload digest computed by [`Lexicon::verify`] (or recorded by an earlier
    /// verification of the same bytes, [`Lexicon::assume_verified`]).
    verified: OnceLock<String>,
    /// Set once the word stores passed [`Lexicon::check_word_stores`] (or an earlier
    /// verification of the same bytes is recorded).
    stores_checked: OnceLock<()>,
    /// Whether sections are checked against their CRC-32 on first use (not for a lexicon
    /// compiled into the program, checked when it was built).
    check: bool,
}

impl Lexicon {
    /// The largest lexicon file [`Lexicon::open`] reads (1 GiB): hundreds of times the FISE-2
    /// lexicon with its anagram index, so that a file given by mistake (a disk image, a video) is
    /// refused before it fills the memory.
    pub const MAX_FILE_BYTES: u64 = 1 << 30;

    /// Opens a lexicon file: reads it whole, once, into memory of this process
    /// ([`Lexicon::read_image`]), so that no other program changes the bytes it answers from.
    /// Only a regular file is opened: a folder, a FIFO (which would block) or a device is refused
    /// before anything is read.
    pub fn open(path: &Path) -> Result<Lexicon, LexiconError> {
        // Looked at before opening: opening a FIFO for reading waits for a writer.
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            return Err(LexiconError::Io(std::io::Error::other(not_a_regular_file(&meta.file_type()))));
        }
        Lexicon::open_file(std::fs::File::open(path)?)
    }

    /// [`Lexicon::open`] on a file already open (so that its metadata and the bytes read are
    /// those of one file, even if the path is replaced meanwhile).
    pub fn open_file(file: std::fs::File) -> Result<Lexicon, LexiconError> {
        Lexicon::from_image(Lexicon::read_image(file)?)
    }

    /// The bytes of a lexicon file already open, read whole into memory of this process: a
    /// private copy that whatever happens to the file afterwards (a write, a truncation, a
    /// replacement) leaves as it is. A file that is not a regular file, is empty, or is larger
    /// than [`Lexicon::MAX_FILE_BYTES`] is refused before it is read; one whose size changes
    /// while it is read is refused too.
    pub fn read_image(mut file: std::fs::File) -> Result<Image, LexiconError> {
        use std::io::Read;
        let len = readable_len(&file)?;
        let changed = || LexiconError::Io(std::io::Error::other("the file changed size while it was read"));
        let mut bytes = vec![0; len];
        file.read_exact(&mut bytes).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => changed(),
            _ => LexiconError::Io(e),
        })?;
        // The file must end where its size said: a byte more is a file being written.
        if file.read(&mut [0u8])? != 0 {
            return Err(changed());
        }
        Ok(Image(Backing::Owned(bytes)))
    }

    /// Opens a lexicon from the bytes [`Lexicon::read_image`] read.
    pub fn from_image(image: Image) -> Result<Lexicon, LexiconError> {
        Lexicon::from_backing(image.0, true)
    }

    /// Opens a lexicon held in memory.
    pub fn from_vec(bytes: Vec<u8>) -> Result<Lexicon, LexiconError> {
        Lexicon::from_backing(Backing::Owned(bytes), true)
    }

    /// Opens a lexicon compiled into the program: written by the program's own build, and
    /// checked in full by a test of the binary, so neither its header nor any section is checked
    /// again here.
    pub fn from_static(bytes: &'static [u8]) -> Result<Lexicon, LexiconError> {
        Lexicon::from_backing(Backing::Static(bytes), false)
    }

    fn from_backing(backing: Backing, check: bool) -> Result<Lexicon, LexiconError> {
        let backing = Arc::new(backing);
        let table = format::read_table_checking(backing.bytes(), check)?;
        let find = |t: [u8; 4], name: &'static str| -> Result<SectionEntry, LexiconError> {
            table.iter().copied().find(|e| e.tag == t).ok_or(LexiconError::Missing(name))
        };
        let tiles_entry = find(tag::TILES, "tile set")?;
        let words_entry = find(tag::WORDS, "word store")?;
        let tiles_bytes = section(&backing, &tiles_entry);
        if check {
            format::check(&tiles_entry, tiles_bytes.as_ref())?;
        }
        let tiles_text = std::str::from_utf8(tiles_bytes.as_ref())
            .map_err(|_| LexiconError::Corrupt("the tile set is not UTF-8".into()))?;
        let tiles =
            TileSet::parse(tiles_text).map_err(|e| LexiconError::Corrupt(format!("tile set: {e}")))?;
        let words_bytes = section(&backing, &words_entry);
        if check {
            format::check(&words_entry, words_bytes.as_ref())?;
        }
        let words = fst::Map::new(words_bytes).map_err(|e| LexiconError::fst(&e))?;
        Ok(Lexicon {
            backing,
            table,
            tiles,
            words,
            manifest: OnceLock::new(),
            provenance: OnceLock::new(),
            rejected: OnceLock::new(),
            anagrams: OnceLock::new(),
            bingo: OnceLock::new(),
            verified: OnceLock::new(),
            stores_checked: OnceLock::new(),
            check,
        })
    }

    /// The tile set the lexicon is spelled in.
    pub fn tiles(&self) -> &TileSet {
        &self.tiles
    }

    /// The word store.
    pub fn fst(&self) -> &fst::Map<Bytes> {
        &self.words
    }

    /// Returns true if and only if `word` is a valid word of this lexicon.
    pub fn contains(&self, word: &[Tile]) -> bool {
        self.words.contains_key(word)
    }

    /// A checker for many words in a row: one verdict per call, like [`Lexicon::contains`], but
    /// it keeps the path of the previous word through the word store and resumes from the prefix
    /// the two words share, so words that arrive in or near sorted order (a word list, a batch of
    /// related forms) skip most of the store's node decoding. When the words share little (a
    /// shuffled list), it counts the nodes it decodes beyond what a sorted list costs, and once
    /// they add up to an eighth of the lexicon's words it makes a hash set of every word (about
    /// 12 MiB for 636,598 words, made in a few tens of milliseconds), which answers every later
    /// word with one hash whatever the order.
    pub fn checker(&self) -> Checker<'_> {
        let fst = self.words.as_fst();
        Checker {
            lex: self,
            fst,
            path: Vec::with_capacity(16),
            nodes: vec![fst.root()],
            excess: 0,
            budget: (self.len() / 8).max(MIN_BUDGET),
            set: None,
        }
    }

    /// Number of valid words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Returns true if and only if the lexicon holds no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    fn checked_section(&self, t: [u8; 4], name: &'static str) -> Result<Bytes, LexiconError> {
        let entry = self.table.iter().find(|e| e.tag == t).ok_or(LexiconError::Missing(name))?;
        let bytes = section(&self.backing, entry);
        format::check(entry, bytes.as_ref())?;
        Ok(bytes)
    }

    /// The manifest, decoded on first use.
    pub fn manifest(&self) -> Result<&Manifest, LexiconError> {
        if let Some(m) = self.manifest.get() {
            return Ok(m);
        }
        let bytes = self.checked_section(tag::MANIFEST, "manifest")?;
        let m: Manifest = serde_json::from_slice(bytes.as_ref())
            .map_err(|e| LexiconError::Corrupt(format!("manifest: {e}")))?;
        Ok(self.manifest.get_or_init(|| m))
    }

    /// The provenance section (the slots' table, the entries, each word's derivation codes),
    /// decoded on first use.
    pub fn provenance(&self) -> Result<&Provenance, LexiconError> {
        if let Some(p) = self.provenance.get() {
            return Ok(p);
        }
        let bytes = self.checked_section(tag::PROVENANCE, "provenance")?;
        let p = Provenance::decode(bytes.as_ref(), self.inflated_limit("PROV")?)?;
        Ok(self.provenance.get_or_init(|| p))
    }

    /// How far the compressed section `tag` may inflate: the size the manifest records, else
    /// (a file written before sizes were recorded) a fixed bound.
    fn inflated_limit(&self, tag: &str) -> Result<Inflated, LexiconError> {
        Ok(match self.manifest()?.inflated.get(tag) {
            Some(&n) => Inflated::Exactly(n),
            None => Inflated::AtMost(provenance::UNRECORDED_INFLATED_LIMIT),
        })
    }

    /// The text of the entries section, or `None` when the lexicon has none.
    fn entries_text(&self) -> Result<Option<String>, LexiconError> {
        if !self.table.iter().any(|e| e.tag == tag::ENTRIES) {
            return Ok(None);
        }
        let bytes = self.checked_section(tag::ENTRIES, "entries")?;
        provenance::entries_text(bytes.as_ref(), self.inflated_limit("ENTR")?).map(Some)
    }

    /// The store of forms the rules generated and rejected.
    pub fn rejected(&self) -> Result<&fst::Map<Bytes>, LexiconError> {
        if let Some(r) = self.rejected.get() {
            return Ok(r);
        }
        let bytes = self.checked_section(tag::REJECTED, "rejected forms")?;
        let map = fst::Map::new(bytes).map_err(|e| LexiconError::fst(&e))?;
        Ok(self.rejected.get_or_init(|| map))
    }

    /// The anagram index (section `AGRM`), opened on first use; `None` for a file built
    /// without one, whose anagram queries walk the word store instead.
    pub fn anagram_index(&self) -> Result<Option<&AnagramIndex>, LexiconError> {
        if let Some(a) = self.anagrams.get() {
            return Ok(a.as_ref());
        }
        let Some(entry) = self.table.iter().find(|e| e.tag == tag::ANAGRAMS) else {
            return Ok(self.anagrams.get_or_init(|| None).as_ref());
        };
        let bytes = section(&self.backing, entry);
        if self.check {
            format::check(entry, bytes.as_ref())?;
        }
        let index = AnagramIndex::new(bytes)?;
        Ok(self.anagrams.get_or_init(|| Some(index)).as_ref())
    }

    /// Where [`crate::query::bingo_sets`] keeps this lexicon's sets once computed.
    pub(crate) fn bingo_cell(&self) -> &OnceLock<crate::stems::BingoSets> {
        &self.bingo
    }

    /// The position of a valid word in tile order. It counts the words before it, which takes
    /// a few tens of milliseconds on a large lexicon: explanations use it, queries never do.
    pub fn rank(&self, word: &[Tile]) -> Option<u64> {
        use fst::{IntoStreamer, Streamer};
        if !self.contains(word) {
            return None;
        }
        let mut before = self.words.range().lt(word).into_stream();
        let mut n = 0;
        while before.next().is_some() {
            n += 1;
        }
        Some(n)
    }

    /// How `word` got in: one derivation per way it was made; empty if it is not valid.
    pub fn derivations(&self, word: &[Tile]) -> Result<Vec<Derivation>, LexiconError> {
        if !self.table.iter().any(|e| e.tag == tag::CODES) {
            // The codes are the word store's values.
            return match self.words.get(word) {
                Some(code) => self.describe(code, false),
                None => Ok(Vec::new()),
            };
        }
        let Some(rank) = self.rank(word) else {
            return Ok(Vec::new());
        };
        let column = self.checked_section(tag::CODES, "provenance codes")?;
        let code = provenance::code_at(column.as_ref(), rank).ok_or_else(|| {
            LexiconError::Corrupt("the provenance column is shorter than the word store".into())
        })?;
        self.describe(code, false)
    }

    /// The slot table: what each slot index of a derivation code means.
    pub fn slots(&self) -> Result<&[SlotInfo], LexiconError> {
        Ok(&self.provenance()?.slots)
    }

    /// The derivation code of every valid word in tile order (the smallest code of words made
    /// several ways), for whole-lexicon reports.
    pub fn codes_in_order(&self) -> Result<Vec<Code>, LexiconError> {
        use fst::Streamer;
        let mut out = Vec::with_capacity(self.len());
        if self.table.iter().any(|e| e.tag == tag::CODES) {
            let column = self.checked_section(tag::CODES, "provenance codes")?;
            out = provenance::decode_column(column.as_ref(), self.len()).ok_or_else(|| {
                LexiconError::Corrupt("the provenance column does not match the word store".into())
            })?;
        } else {
            let mut stream = self.words.stream();
            while let Some((_, code)) = stream.next() {
                out.push(code);
            }
        }
        Ok(out)
    }

    /// How the rules generated `word` and rejected it; empty if they never generated it.
    pub fn rejections(&self, word: &[Tile]) -> Result<Vec<Derivation>, LexiconError> {
        match self.rejected()?.get(word) {
            Some(code) => self.describe(code, true),
            None => Ok(Vec::new()),
        }
    }

    fn describe(&self, primary: Code, rejected: bool) -> Result<Vec<Derivation>, LexiconError> {
        let prov = self.provenance()?;
        let manifest = self.manifest()?;
        // One decompression of the entries for all the codes of the word; damage is an error,
        // never a missing description.
        let entries = self.entries_text()?;
        let mut out = Vec::new();
        for code in prov.codes(primary, rejected) {
            let entry = provenance::entry_of(code);
            let slot = prov
                .slots
                .get(provenance::slot_of(code) as usize)
                .cloned()
                .ok_or_else(|| LexiconError::Corrupt("a word names a slot the table lacks".into()))?;
            out.push(Derivation {
                entry,
                source: manifest.locate(entry).map(|(s, l)| (s.file.path.clone(), l)),
                entry_info: match &entries {
                    Some(text) => provenance::find_entry(text, entry)?,
                    None => None,
                },
                slot,
            });
        }
        Ok(out)
    }

    /// What the lexicon stores of every source entry (lemma, kind of entry, verb codes), by entry
    /// id, in one decompression: for whole-lexicon reports such as release notes. Empty when the
    /// lexicon stores none.
    pub fn entry_infos(&self) -> Result<std::collections::BTreeMap<u64, EntryInfo>, LexiconError> {
        match self.entries_text()? {
            Some(text) => provenance::decode_entries(&text),
            None => Ok(Default::default()),
        }
    }

    /// Proves the file whole: every section's checksum, the payload digest computed over every
    /// section but the manifest (tag, length, bytes) equal to the manifest's, the word stores'
    /// structure ([`Lexicon::check_word_stores`]), and the counts the manifest gives (words, words of each length, rejected forms, codes of the provenance
    /// column) equal to what the sections hold. The whole file is read once; the digest computed
    /// is returned, and kept for [`Lexicon::payload_sha256_verified`]. Each call reads the file
    /// again.
    pub fn verify(&self) -> Result<&str, LexiconError> {
        let manifest = self.manifest()?;
        let bytes = self.backing.bytes();
        for entry in &self.table {
            format::check(entry, &bytes[entry.offset as usize..(entry.offset + entry.len) as usize])?;
        }
        let got = format::payload_digest(
            self.table.iter().map(|e| (e.tag, &bytes[e.offset as usize..(e.offset + e.len) as usize])),
        );
        if got != manifest.payload_sha256 {
            return Err(LexiconError::Corrupt(format!(
                "payload digest {got} differs from the manifest's {}",
                manifest.payload_sha256
            )));
        }
        self.check_word_stores()?;
        self.check_counts(manifest)?;
        Ok(self.verified.get_or_init(|| got))
    }

    /// Checks the structure of every word store of the file (the valid words `WORD`, the
    /// rejected forms `REJW`, the anagram index `AGRM`): each node in bounds, every walk
    /// finite, keys of at most [`MAX_WORD_TILES`] tiles of the lexicon's tile set, as many keys
    /// as each store says (see `word_store`). The `fst` crate does not check a store it reads,
    /// so a file not written by [`crate::Builder`] (a hand-made one, whose section checksums
    /// were recomputed) must pass this before a query walks it: [`Lexicon::verify`] runs it,
    /// and `lexico_store` verifies every file before anything is asked of it. It walks every
    /// node once, and is done once per lexicon.
    ///
    /// [`MAX_WORD_TILES`]: crate::MAX_WORD_TILES
    pub fn check_word_stores(&self) -> Result<(), LexiconError> {
        if self.stores_checked.get().is_some() || !self.check {
            return Ok(());
        }
        let tiles = &self.tiles;
        let is_tile = |b: u8| tiles.is_tile(b);
        let words =
            Shape { name: "WORD", max_len: MAX_WORD_TILES, root_input_ok: &is_tile, input_ok: &is_tile };
        word_store::check(self.words.as_fst(), &words)?;
        if self.table.iter().any(|e| e.tag == tag::REJECTED) {
            let rejected = Shape { name: "REJW", ..words };
            word_store::check(self.rejected()?.as_fst(), &rejected)?;
        }
        if let Some(index) = self.anagram_index()? {
            // Keys of the index are a length, then an alphagram.
            let length = |b: u8| (1..=MAX_WORD_TILES as u8).contains(&b);
            let shape = Shape {
                name: "AGRM",
                max_len: MAX_WORD_TILES + 1,
                root_input_ok: &length,
                input_ok: &is_tile,
            };
            word_store::check(index.fst(), &shape)?;
        }
        let _ = self.stores_checked.set(());
        Ok(())
    }

    /// The counts of the manifest against the sections.
    fn check_counts(&self, m: &Manifest) -> Result<(), LexiconError> {
        let differ = |what: &str, manifest: u64, found: u64| {
            LexiconError::Corrupt(format!("the manifest counts {manifest} {what}, the file holds {found}"))
        };
        if m.format_version != format::FORMAT_VERSION {
            return Err(LexiconError::Corrupt(format!(
                "the manifest says format version {}, the header {}",
                m.format_version,
                format::FORMAT_VERSION
            )));
        }
        let words = self.words.len() as u64;
        if words != m.words {
            return Err(differ("words", m.words, words));
        }
        let mut by_length: Vec<u64> = Vec::new();
        {
            use fst::Streamer;
            let mut keys = self.words.keys();
            while let Some(k) = keys.next() {
                if k.len() >= by_length.len() {
                    by_length.resize(k.len() + 1, 0);
                }
                by_length[k.len()] += 1;
            }
        }
        // Trailing zeros say nothing: compare up to the longest word.
        let trim = |v: &[u64]| v[..v.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1)].to_vec();
        let by_length = trim(&by_length);
        if by_length != trim(&m.words_by_length) {
            return Err(LexiconError::Corrupt(format!(
                "the manifest's words by length {:?} differ from the file's {:?}",
                m.words_by_length, by_length
            )));
        }
        if let Some(entry) = self.table.iter().find(|e| e.tag == tag::CODES) {
            let column = section(&self.backing, entry);
            let codes = provenance::column_len(column.as_ref())
                .ok_or_else(|| LexiconError::Corrupt("the provenance column does not decode".into()))?;
            if codes != words {
                return Err(differ("words with a provenance code", words, codes));
            }
        }
        let rejected = match self.table.iter().find(|e| e.tag == tag::REJECTED) {
            Some(_) => self.rejected()?.len() as u64,
            None => 0,
        };
        if rejected != m.rejected_forms {
            return Err(differ("rejected forms", m.rejected_forms, rejected));
        }
        Ok(())
    }

    /// The payload digest a judge may quote: for a file, the one [`Lexicon::verify`] computed
    /// (verifying now if it has not run); for the lexicon compiled into the program, trusted as
    /// part of it, the manifest's.
    pub fn payload_sha256_verified(&self) -> Result<&str, LexiconError> {
        if !self.check {
            return Ok(&self.manifest()?.payload_sha256);
        }
        if let Some(d) = self.verified.get() {
            return Ok(d);
        }
        self.verify()
    }

    /// Records that these bytes were verified before (by a caller that keeps the result of
    /// [`Lexicon::verify`] for a file it knows unchanged), with the digest computed then, which
    /// must be the manifest's. The counts, checksums and word stores are not checked again.
    pub fn assume_verified(&self, payload_sha256: &str) -> Result<(), LexiconError> {
        let claimed = &self.manifest()?.payload_sha256;
        if claimed != payload_sha256 {
            return Err(LexiconError::Corrupt(format!(
                "the manifest's payload digest {claimed} differs from the {payload_sha256} verified before"
            )));
        }
        let _ = self.verified.set(payload_sha256.to_string());
        let _ = self.stores_checked.set(());
        Ok(())
    }

    /// The file image, for writing it out.
    pub fn as_bytes(&self) -> &[u8] {
        self.backing.bytes()
    }

    /// The file image, taken out of the lexicon.
    pub fn into_bytes(self) -> Vec<u8> {
        let bytes = self.backing.bytes().to_vec();
        drop(self);
        bytes
    }

    /// SHA-256 of the whole file, the identity an arbiter quotes.
    pub fn file_sha256(&self) -> String {
        hex(&Sha256::digest(self.backing.bytes()))
    }

    /// The file image without its anagram index (section `AGRM`), the manifest's payload digest
    /// that of what is left: the file `lexico build` writes from the same sources without
    /// `--anagram-index`. A lexicon without an index gives its own bytes. Every section kept is
    /// checked against its checksum first.
    ///
    /// ```
    /// use lexico_lexicon::Lexicon;
    ///
    /// let lex = Lexicon::from_words(["casa", "saca"])?;
    /// let lean = Lexicon::from_vec(lex.without_anagram_index()?)?;
    /// lean.verify()?;
    /// assert!(lean.anagram_index()?.is_none());
    /// assert_eq!((lean.len(), lean.without_anagram_index()?), (2, lean.as_bytes().to_vec()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn without_anagram_index(&self) -> Result<Vec<u8>, LexiconError> {
        if !self.table.iter().any(|e| e.tag == tag::ANAGRAMS) {
            return Ok(self.as_bytes().to_vec());
        }
        let mut manifest = self.manifest()?.clone();
        let mut sections = Vec::with_capacity(self.table.len());
        let mut sha = Sha256::new();
        for entry in self.table.iter().filter(|e| e.tag != tag::MANIFEST && e.tag != tag::ANAGRAMS) {
            let bytes = section(&self.backing, entry);
            format::check(entry, bytes.as_ref())?;
            sha.update(entry.tag);
            sha.update(entry.len.to_le_bytes());
            sha.update(bytes.as_ref());
            sections.push((entry.tag, bytes.as_ref().to_vec()));
        }
        manifest.payload_sha256 = hex(&sha.finalize());
        let json = serde_json::to_vec_pretty(&manifest).map_err(|e| LexiconError::Corrupt(e.to_string()))?;
        sections.insert(0, (tag::MANIFEST, json));
        Ok(format::write(&sections))
    }
}

/// The length of a lexicon file already open, when it may be read: a regular file, not empty, of
/// at most [`Lexicon::MAX_FILE_BYTES`].
fn readable_len(file: &std::fs::File) -> Result<usize, LexiconError> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(LexiconError::Io(std::io::Error::other(not_a_regular_file(&meta.file_type()))));
    }
    if meta.len() > Lexicon::MAX_FILE_BYTES {
        return Err(LexiconError::Io(std::io::Error::other(format!(
            "{} bytes, larger than any lexicon file (at most {})",
            meta.len(),
            Lexicon::MAX_FILE_BYTES
        ))));
    }
    if meta.len() == 0 {
        return Err(LexiconError::Io(std::io::Error::other("the file is empty, not a lexicon")));
    }
    Ok(meta.len() as usize)
}

/// Why a file that is not a regular file is refused, as a person reads it.
fn not_a_regular_file(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO, not a lexicon file (a lexicon is read from a regular file)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device, not a lexicon file (a lexicon is read from a regular file)";
        }
        if t.is_socket() {
            return "a socket, not a lexicon file";
        }
    }
    if t.is_dir() {
        "is a directory"
    } else {
        "not a regular file"
    }
}

/// See [`Lexicon::checker`].
///
/// ```
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "casas", "perro"])?;
/// let mut checker = lex.checker();
/// let words: Vec<_> = ["casa", "casas", "gato"].iter().map(|w| lex.tiles().parse_word(w)).collect::<Result<_, _>>()?;
/// let found: Vec<bool> = words.iter().map(|w| checker.contains(w)).collect();
/// assert_eq!(found, [true, true, false]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Checker<'a> {
    lex: &'a Lexicon,
    fst: &'a fst::raw::Fst<Bytes>,
    /// The tiles of the path walked so far.
    path: Vec<Tile>,
    /// `nodes[d]` is the node reached after `path[..d]`; `nodes[0]` is the root.
    nodes: Vec<fst::raw::Node<'a>>,
    /// The nodes decoded so far beyond [`SORTED_STEPS`] a word.
    excess: usize,
    /// The `excess` at which the hash set is made.
    budget: usize,
    /// The hash set of every word, once made (`Some(None)`: it cannot be made for this tile
    /// set, and the walk goes on).
    set: Option<Option<WordSet>>,
}

/// The nodes a word of a sorted list decodes, about: a word shares all but its last tile or two
/// with the one before (1.7 letters a word on the default list, 8 shuffled).
const SORTED_STEPS: usize = 3;

/// The least `excess` that makes a [`Checker`] build its hash set, for small lexicons.
const MIN_BUDGET: usize = 4096;

impl<'a> Checker<'a> {
    /// Returns true if and only if `word` is a valid word of the lexicon.
    pub fn contains(&mut self, word: &[Tile]) -> bool {
        if let Some(Some(set)) = &self.set {
            return set.contains(word).unwrap_or_else(|| self.lex.contains(word));
        }
        let shared = self.path.iter().zip(word).take_while(|(a, b)| a == b).count();
        self.path.truncate(shared);
        self.nodes.truncate(shared + 1);
        let steps = word.len() - shared;
        self.excess += steps.saturating_sub(SORTED_STEPS);
        if self.excess > self.budget && self.set.is_none() {
            self.set = Some(WordSet::new(self.fst, self.lex.tiles()));
            self.path.clear();
            self.nodes.truncate(1);
            return self.contains(word);
        }
        for &t in &word[shared..] {
            let Some(next) = step(self.fst, self.nodes[self.nodes.len() - 1], t) else {
                return false;
            };
            self.nodes.push(next);
            self.path.push(t);
        }
        self.nodes[self.nodes.len() - 1].is_final()
    }

    /// [`Checker::contains`] of each of `words`, in order, into `found` (as long as `words`).
    /// Once the hash set is made, the words of a group are looked up together, their memory
    /// reads overlapping: a batch that hands over the words it has at hand gets its answers
    /// sooner than one word at a time.
    pub fn contains_each(&mut self, words: &[&[Tile]], found: &mut [bool]) {
        assert_eq!(words.len(), found.len(), "one answer per word");
        if let Some(Some(set)) = &self.set {
            return set.contains_each(words, found, |w| self.lex.contains(w));
        }
        for (w, f) in words.iter().zip(found.iter_mut()) {
            *f = self.contains(w);
        }
    }
}

/// The node after `node` by tile `t`, if any.
fn step<'a>(fst: &'a fst::raw::Fst<Bytes>, node: fst::raw::Node<'a>, t: Tile) -> Option<fst::raw::Node<'a>> {
    let i = node.find_input(t)?;
    Some(fst.node(node.transition_addr(i)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provenance::code;
    use crate::{Builder, SourceInfo};

    fn build(words: &[&str]) -> Vec<u8> {
        let set = crate::fise_2016_tiles();
        let mut b = Builder::new(crate::FISE_2016_TILES_CSV);
        let slot =
            b.slot(SlotInfo { slot: "word".into(), rule: "raw".into(), ..Default::default() }).unwrap();
        for (i, w) in words.iter().enumerate() {
            b.insert(&set.parse_word(w).unwrap(), code(i as u64 + 1, slot)).unwrap();
        }
        let manifest = Manifest {
            name: "test".into(),
            sources: vec![SourceInfo { lines: words.len() as u64, ..Default::default() }],
            ..Default::default()
        };
        b.finish(manifest).unwrap()
    }

    #[test]
    fn built_words_are_found_and_others_are_not() {
        let lex = Lexicon::from_vec(build(&["churro", "casa", "zuzar", "casa"])).unwrap();
        let set = lex.tiles().clone();
        assert!(lex.contains(&set.parse_word("CHURRO").unwrap()));
        assert!(lex.contains(&set.parse_word("[CH]U[RR]O").unwrap()));
        assert!(!lex.contains(&set.parse_word("CASAS").unwrap()));
        assert_eq!(lex.len(), 3);
        assert_eq!(lex.manifest().unwrap().words_by_length[4], 2);
        lex.verify().unwrap();
        let d = lex.derivations(&set.parse_word("casa").unwrap()).unwrap();
        assert_eq!(d.iter().map(|d| d.entry).collect::<Vec<_>>(), [2, 4]);
    }

    #[test]
    fn entry_infos_are_read_in_one_pass() {
        let set = crate::fise_2016_tiles();
        let mut b = Builder::new(crate::FISE_2016_TILES_CSV);
        let slot = b.slot(SlotInfo { slot: "lemma".into(), ..Default::default() }).unwrap();
        let entry = |w: &str| EntryInfo {
            lemma: w.into(),
            homograph: None,
            kind: crate::EntryKind::NonVerb { feminine: None },
        };
        for (id, w) in [(3u64, "casa"), (10, "perro")] {
            b.insert(&set.parse_word(w).unwrap(), code(id, slot)).unwrap();
            b.describe_entry(id, entry(w));
        }
        let lex = Lexicon::from_vec(b.finish(Manifest::default()).unwrap()).unwrap();
        let infos = lex.entry_infos().unwrap();
        assert_eq!(infos.into_iter().collect::<Vec<_>>(), [(3, entry("casa")), (10, entry("perro"))]);
        let d = &lex.derivations(&set.parse_word("perro").unwrap()).unwrap()[0];
        assert_eq!(d.entry_info, Some(entry("perro")));
        let none = Lexicon::from_vec(build(&["casa"])).unwrap();
        assert!(none.entry_infos().unwrap().is_empty());
    }

    #[test]
    fn a_checker_agrees_with_contains_in_any_order() {
        let words = ["casa", "casas", "caso", "cas", "churro", "zuzar", "ca"];
        let lex = Lexicon::from_vec(build(&words[..5])).unwrap();
        let set = lex.tiles().clone();
        let mut checker = lex.checker();
        let probes =
            ["casas", "casa", "cas", "casas", "ca", "churro", "churros", "caso", "zuzar", "casa", "c"];
        for p in probes.iter().chain(probes.iter().rev()) {
            let w = set.parse_word(p).unwrap();
            assert_eq!(checker.contains(&w), lex.contains(&w), "{p}");
        }
        for w in [vec![200u8], vec![3, 200], vec![200, 1, 2], vec![]] {
            assert_eq!(checker.contains(&w), lex.contains(&w), "{w:?}");
        }
    }

    #[test]
    fn a_checker_that_made_its_hash_set_agrees_with_contains() {
        let words = ["casa", "casas", "caso", "churro", "zuzar", "ñandú", "abanderamientos"];
        let lex = Lexicon::from_vec(build(&words)).unwrap();
        let set = lex.tiles().clone();
        let mut checker = lex.checker();
        checker.budget = 0;
        let probes = ["zuzar", "casa", "abanderamiento", "abanderamientos", "ñandú", "cas", "c", "churros"];
        for p in probes.iter().chain(probes.iter().rev()) {
            let w = set.parse_word(p).unwrap();
            assert_eq!(checker.contains(&w), lex.contains(&w), "{p}");
        }
        assert!(matches!(checker.set, Some(Some(_))), "the set was made");
        for w in [vec![200u8], vec![3, 200], vec![]] {
            assert_eq!(checker.contains(&w), lex.contains(&w), "{w:?}");
        }
        let tiles: Vec<Vec<u8>> = probes.iter().map(|p| set.parse_word(p).unwrap()).collect();
        let refs: Vec<&[u8]> = tiles.iter().map(Vec::as_slice).collect();
        let mut found = vec![false; refs.len()];
        checker.contains_each(&refs, &mut found);
        assert_eq!(found, refs.iter().map(|w| lex.contains(w)).collect::<Vec<_>>());
    }

    #[test]
    fn the_same_words_in_any_order_give_the_same_word_store() {
        // Codes follow line numbers, so a shuffled list maps words to other codes; the set of
        // words must be the same.
        let keys = |l: &Lexicon| {
            use fst::Streamer;
            let mut out = Vec::new();
            let mut s = l.fst().keys();
            while let Some(k) = s.next() {
                out.push(k.to_vec());
            }
            out
        };
        let a = Lexicon::from_vec(build(&["ba", "ab", "ca"])).unwrap();
        let b = Lexicon::from_vec(build(&["ca", "ba", "ab"])).unwrap();
        assert_eq!(keys(&a), keys(&b));
        assert_eq!(build(&["ba", "ab", "ca"]), build(&["ba", "ab", "ca"]));
    }

    #[test]
    fn a_damaged_word_store_is_refused() {
        let image = build(&["churro", "casa"]);
        let table = format::read_table(&image).unwrap();
        let words = table.iter().find(|e| e.tag == tag::WORDS).unwrap();
        let mut bad = image.clone();
        bad[words.offset as usize + 3] ^= 0x10;
        let err = Lexicon::from_vec(bad).err().unwrap().to_string();
        assert!(err.contains("WORD") && err.contains("damaged"), "{err}");
    }
}
