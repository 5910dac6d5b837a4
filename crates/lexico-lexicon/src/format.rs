//! The container: a fixed header, a table of checksummed sections, the sections.
//!
//! ```text
//! offset  size  field
//! 0       8     magic "LEXICO\r\n" (a CR/LF translation on the way breaks it visibly)
//! 8       4     format version, little-endian u32
//! 12      4     number of sections n
//! 16      24*n  section table: tag [u8; 4], CRC-32 u32, offset u64, length u64
//! 16+24n  4     CRC-32 of the bytes before it
//! ...           sections, each starting at a multiple of 8
//! ```
//!
//! Every section carries its own CRC-32, checked the first time the section is used, so opening a
//! file reads the header and the sections a query needs, never the whole file.

use crate::error::LexiconError;

/// The first eight bytes of every lexicon file (CR LF, as PNG, shows a file mangled by text mode).
pub const MAGIC: &[u8; 8] = b"LEXICO\r\n";
/// The version of the layout this code reads and writes. A file of any other version is refused,
/// with both versions named ([`LexiconError::Version`]): a lexicon is rebuilt from its sources in
/// seconds, so no reader keeps the code of older layouts. Version 2 records provenance as typed
/// fields (the slot table's kinds of form, the entries as records) where version 1 wrote
/// descriptions.
pub const FORMAT_VERSION: u32 = 2;
const MAX_SECTIONS: usize = 64;
const ENTRY_LEN: usize = 24;

/// Known section tags.
pub mod tag {
    /// The manifest, JSON.
    pub const MANIFEST: [u8; 4] = *b"MANI";
    /// The tile set the words are spelled in, the text of its `tiles.csv`.
    pub const TILES: [u8; 4] = *b"TILE";
    /// The valid words: an fst map from tiles to 0 (a set).
    pub const WORDS: [u8; 4] = *b"WORD";
    /// The derivation code of each valid word, by rank (see `provenance`).
    pub const CODES: [u8; 4] = *b"CODE";
    /// Forms the rules generated and rejected: an fst map from tiles to a derivation code.
    pub const REJECTED: [u8; 4] = *b"REJW";
    /// Provenance: the slot table and the further derivations of words made more than one way.
    pub const PROVENANCE: [u8; 4] = *b"PROV";
    /// The source entries (lemma, part of speech, model) that produced words, by entry id.
    pub const ENTRIES: [u8; 4] = *b"ENTR";
    /// The anagram index: the words filed under their alphagrams (see `anagram_index`).
    /// Optional: without it, anagram queries walk the word store.
    pub const ANAGRAMS: [u8; 4] = *b"AGRM";
}

/// One row of the section table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionEntry {
    /// The section's four-byte name (`WORD`, `PROV`…).
    pub tag: [u8; 4],
    /// The CRC-32 of the section's bytes.
    pub crc: u32,
    /// Where the section starts, in bytes from the start of the file.
    pub offset: u64,
    /// The section's length in bytes.
    pub len: u64,
}

/// Lays out sections into one file image.
pub fn write(sections: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let header_len = 16 + ENTRY_LEN * sections.len() + 4;
    let mut offset = align8(header_len);
    let mut entries = Vec::with_capacity(sections.len());
    for (tag, bytes) in sections {
        entries.push(SectionEntry {
            tag: *tag,
            crc: crc32fast::hash(bytes),
            offset: offset as u64,
            len: bytes.len() as u64,
        });
        offset = align8(offset + bytes.len());
    }
    let mut out = Vec::with_capacity(offset);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(sections.len() as u32).to_le_bytes());
    for e in &entries {
        out.extend_from_slice(&e.tag);
        out.extend_from_slice(&e.crc.to_le_bytes());
        out.extend_from_slice(&e.offset.to_le_bytes());
        out.extend_from_slice(&e.len.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    for ((_, bytes), e) in sections.iter().zip(&entries) {
        out.resize(e.offset as usize, 0);
        out.extend_from_slice(bytes);
    }
    out.resize(align8(out.len()), 0);
    out
}

/// Reads and checks the header and section table of a file image.
pub fn read_table(data: &[u8]) -> Result<Vec<SectionEntry>, LexiconError> {
    read_table_checking(data, true)
}

/// [`read_table`], checking the header's checksum only if `crc`: an image checked when it was
/// built into the program skips it, so that the checksum's code never runs, nor the CPU feature
/// detection its first call makes, which costs a whole process tens of microseconds.
pub(crate) fn read_table_checking(data: &[u8], crc: bool) -> Result<Vec<SectionEntry>, LexiconError> {
    if data.len() < 16 || &data[..8] != MAGIC {
        return Err(LexiconError::NotALexicon);
    }
    let version = u32::from_le_bytes(data[8..12].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(LexiconError::Version { expected: FORMAT_VERSION, got: version });
    }
    let count = u32::from_le_bytes(data[12..16].try_into().expect("4 bytes")) as usize;
    if count > MAX_SECTIONS {
        return Err(LexiconError::Corrupt(format!("the header claims {count} sections")));
    }
    let table_end = 16 + ENTRY_LEN * count;
    if data.len() < table_end + 4 {
        return Err(LexiconError::Corrupt("the file is truncated inside its header".into()));
    }
    let stored = u32::from_le_bytes(data[table_end..table_end + 4].try_into().expect("4 bytes"));
    if crc && crc32fast::hash(&data[..table_end]) != stored {
        return Err(LexiconError::Corrupt("the header checksum does not match".into()));
    }
    let mut entries = Vec::with_capacity(count);
    for i in 0..count {
        let row = &data[16 + ENTRY_LEN * i..16 + ENTRY_LEN * (i + 1)];
        let e = SectionEntry {
            tag: row[0..4].try_into().expect("4 bytes"),
            crc: u32::from_le_bytes(row[4..8].try_into().expect("4 bytes")),
            offset: u64::from_le_bytes(row[8..16].try_into().expect("8 bytes")),
            len: u64::from_le_bytes(row[16..24].try_into().expect("8 bytes")),
        };
        let end = e.offset.checked_add(e.len);
        if end.is_none_or(|end| end > data.len() as u64) || e.offset < (table_end + 4) as u64 {
            return Err(LexiconError::Corrupt(format!(
                "section {} lies outside the file (the file is truncated?)",
                String::from_utf8_lossy(&e.tag)
            )));
        }
        entries.push(e);
    }
    Ok(entries)
}

/// The payload digest of a file's sections (tag and bytes each, in file order): the SHA-256 of
/// every section but the manifest, each as its tag, its length (little-endian u64) and its
/// bytes, in lower-case hex. The manifest records it (`payload_sha256`), and
/// [`crate::Lexicon::verify`] computes it again.
///
/// ```
/// use lexico_lexicon::format::{self, tag};
/// let lex = lexico_lexicon::Lexicon::from_words(["casa"])?;
/// let table = format::read_table(lex.as_bytes())?;
/// let sections = table.iter().map(|e| (e.tag, &lex.as_bytes()[e.offset as usize..(e.offset + e.len) as usize]));
/// assert_eq!(format::payload_digest(sections), lex.manifest()?.payload_sha256);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn payload_digest<'a>(sections: impl IntoIterator<Item = ([u8; 4], &'a [u8])>) -> String {
    use sha2::{Digest, Sha256};
    let mut sha = Sha256::new();
    for (t, bytes) in sections.into_iter().filter(|(t, _)| *t != tag::MANIFEST) {
        sha.update(t);
        sha.update((bytes.len() as u64).to_le_bytes());
        sha.update(bytes);
    }
    hex(&sha.finalize())
}

/// Lower-case hex of a digest.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks a section's bytes against its CRC-32.
pub fn check(entry: &SectionEntry, bytes: &[u8]) -> Result<(), LexiconError> {
    if crc32fast::hash(bytes) == entry.crc {
        Ok(())
    } else {
        Err(LexiconError::Corrupt(format!(
            "section {} is damaged (checksum mismatch)",
            String::from_utf8_lossy(&entry.tag)
        )))
    }
}

fn align8(n: usize) -> usize {
    n.div_ceil(8) * 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_table_reads_back() {
        let image = write(&[(*b"AAAA", b"hello".to_vec()), (*b"BBBB", vec![7; 20])]);
        let table = read_table(&image).unwrap();
        assert_eq!(table.len(), 2);
        assert_eq!(&image[table[0].offset as usize..][..5], b"hello");
        assert_eq!(table[1].offset % 8, 0);
        check(&table[1], &image[table[1].offset as usize..][..20]).unwrap();
    }

    #[test]
    fn every_truncation_of_the_header_is_refused() {
        let image = write(&[(*b"AAAA", b"hello".to_vec())]);
        for len in 0..image.len() - 5 {
            assert!(read_table(&image[..len]).is_err(), "length {len}");
        }
    }

    #[test]
    fn another_version_names_both() {
        let mut image = write(&[]);
        image[8] = 9;
        let err = read_table(&image).unwrap_err().to_string();
        assert!(
            err.contains("format version 9") && err.contains(&format!("version {FORMAT_VERSION}")),
            "{err}"
        );
    }

    /// A whole lexicon of the previous version, its header otherwise intact (checksum included),
    /// is refused when opened, naming both versions and saying to rebuild it.
    #[test]
    fn a_lexicon_of_the_previous_version_is_refused_naming_both_versions() {
        let mut image = crate::Lexicon::from_words(["casa", "perro"]).unwrap().into_bytes();
        let previous = FORMAT_VERSION - 1;
        image[8..12].copy_from_slice(&previous.to_le_bytes());
        let count = u32::from_le_bytes(image[12..16].try_into().unwrap()) as usize;
        let table_end = 16 + ENTRY_LEN * count;
        let crc = crc32fast::hash(&image[..table_end]);
        image[table_end..table_end + 4].copy_from_slice(&crc.to_le_bytes());
        let err = crate::Lexicon::from_vec(image).err().expect("refused");
        assert!(
            matches!(err, LexiconError::Version { expected: FORMAT_VERSION, got } if got == previous),
            "{err:?}"
        );
        let message = err.to_string();
        assert!(
            message.contains(&format!("format version {previous} "))
                && message.contains(&format!("format version {FORMAT_VERSION}"))
                && message.contains("rebuilds it from its sources"),
            "{message}"
        );
    }
}
