//! What a build reports as it goes: the phase it is in and how far along it is, for a caller
//! that draws a progress bar (this crate never draws one).

/// A phase of a build, in the order a build goes through them. Each counts its own unit.
///
/// ```
/// use lexico_lexicon::progress::Phase;
///
/// assert!(Phase::Reading < Phase::Expanding && Phase::Writing < Phase::Indexing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// The source files are decoded and parsed by their readers; counted in bytes of source.
    Reading,
    /// The rules expand the sources' entries (lemmas, verbs, raw words) into forms; counted in
    /// entries.
    Expanding,
    /// The valid words, sorted, are written into the word store; counted in distinct words.
    Writing,
    /// The anagram index is filed from the word store (only when it was asked for); counted in
    /// words.
    Indexing,
}

/// A progress callback: `(phase, done, total)`. Within a phase `total` stays the same, `done`
/// never decreases, and the last call has `done == total`; phases come in the order of
/// [`Phase`], each at least once, except [`Phase::Indexing`] when there is no anagram index.
///
/// ```
/// use lexico_lexicon::progress::Phase;
///
/// let mut last = None;
/// let progress: lexico_lexicon::progress::Progress = &mut |phase, done, total| last = Some((phase, done, total));
/// progress(Phase::Writing, 3, 3);
/// assert_eq!(last, Some((Phase::Writing, 3, 3)));
/// ```
pub type Progress<'a> = &'a mut dyn FnMut(Phase, u64, u64);
