//! The bytes a lexicon is read from: the file's backing store (a static slice compiled into the
//! program, or a vector a file was read into; [`Image`]) and [`Bytes`], a section's share of it, which the word store, the rejected forms
//! and the anagram index are built on. Its own module so that `lexicon` (which opens files) and
//! `anagram_index` (which reads one section) both use it without using each other.

use std::sync::Arc;

use crate::format::SectionEntry;

/// Where a lexicon's bytes live.
pub(crate) enum Backing {
    Static(&'static [u8]),
    Owned(Vec<u8>),
}

impl Backing {
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Backing::Static(b) => b,
            Backing::Owned(v) => v,
        }
    }
}

/// The bytes of a lexicon file, as a lexicon is opened from them ([`Lexicon::from_image`]):
/// read whole into memory of this process ([`Lexicon::read_image`]), a private copy that nothing
/// another program does to the file reaches (a file is never mapped: a write or a truncation of
/// a mapped file would reach the bytes being answered from, or end the process with SIGBUS). It
/// reads as a byte slice.
///
/// [`Lexicon::from_image`]: crate::Lexicon::from_image
/// [`Lexicon::read_image`]: crate::Lexicon::read_image
pub struct Image(pub(crate) Backing);

impl std::ops::Deref for Image {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.0.bytes()
    }
}

/// A section's bytes, sharing the file's backing store (what the fst maps are built on).
#[derive(Clone)]
pub struct Bytes {
    backing: Arc<Backing>,
    start: usize,
    end: usize,
}

impl Bytes {
    /// Bytes of their own.
    #[cfg(test)]
    pub(crate) fn owned(bytes: Vec<u8>) -> Bytes {
        let end = bytes.len();
        Bytes { backing: Arc::new(Backing::Owned(bytes)), start: 0, end }
    }

    /// The bytes `start..end` of this section, which must lie within it.
    pub(crate) fn slice(&self, start: usize, end: usize) -> Bytes {
        assert!(start <= end && self.start + end <= self.end, "a slice within the section");
        Bytes { backing: Arc::clone(&self.backing), start: self.start + start, end: self.start + end }
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        &self.backing.bytes()[self.start..self.end]
    }
}

/// The bytes of the section `entry` describes, sharing `backing`.
pub(crate) fn section(backing: &Arc<Backing>, entry: &SectionEntry) -> Bytes {
    Bytes {
        backing: Arc::clone(backing),
        start: entry.offset as usize,
        end: (entry.offset + entry.len) as usize,
    }
}
