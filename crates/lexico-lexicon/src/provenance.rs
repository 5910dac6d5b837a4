//! Provenance: how each word got in (or each rejected form got out).
//!
//! Every word has a [`Code`]: the id of the source entry that produced it (the entry id of a
//! source's line `l` is `base + l`, see [`SourceInfo`](crate::SourceInfo)) and the index of a
//! *slot* — the paradigm cell or rule outcome, with its kind of form, rule id and article — in a
//! small per-lexicon table. What the build knew of each source entry (lemma, homograph, verb
//! code or feminine, update-list action) is an [`EntryInfo`], typed fields written and read by
//! this module alone: nothing reads meaning back out of a description. The word store itself holds no values (values in an fst cost a quarter of
//! its size and the hot path never needs them); the codes are a column by rank, the word's
//! position in tile order, stored as runs of arithmetic progressions: a sorted raw list is a few
//! thousand runs. A word made in several ways has its smallest code in the column and the others
//! in a side table.

use serde::{Deserialize, Serialize};

use crate::error::LexiconError;
use lexico_vocab::{CodeField, FormKind, UpdateAction};

/// A derivation code: `entry << 16 | slot`.
///
/// ```
/// use lexico_lexicon::provenance::{code, entry_of, slot_of};
///
/// let c = code(812, 3); // line 812 of the sources, slot 3
/// assert_eq!((entry_of(c), slot_of(c)), (812, 3));
/// ```
pub type Code = u64;

/// The most slots a lexicon can have.
pub const MAX_SLOTS: usize = 1 << 16;

/// Packs an entry id and a slot index into a code.
pub fn code(entry: u64, slot: u16) -> Code {
    (entry << 16) | slot as u64
}

/// The entry id of a code.
pub fn entry_of(code: Code) -> u64 {
    code >> 16
}

/// The slot index of a code.
pub fn slot_of(code: Code) -> u16 {
    (code & 0xffff) as u16
}

/// What a slot means.
///
/// ```
/// use lexico_lexicon::{FormKind, SlotInfo};
///
/// let plural = SlotInfo { slot: "plural".into(), kind: FormKind::Plural, rule: "end-s".into(), ..SlotInfo::default() };
/// assert_eq!(plural.kind.name(), "plural");
/// assert_eq!(SlotInfo::default().kind, FormKind::Unknown);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SlotInfo {
    /// The paradigm cell or kind of form, as the rule set names it (`ind.pres.1s`, `plural`,
    /// `word`).
    pub slot: String,
    /// What kind of form it made. Left out of the section when unknown (a plain word list's
    /// slot), so that such a lexicon's provenance holds nothing it does not know.
    #[serde(default, skip_serializing_if = "FormKind::is_unknown")]
    pub kind: FormKind,
    /// The rule id in the rule set.
    pub rule: String,
    /// The article of the regulation the rule encodes.
    pub article: String,
    /// For rejected forms, why.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// The same in Spanish, when the rule set gives it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason_es: String,
}

/// What a build knew of one source entry: its lemma and homograph number, and what kind of
/// entry it is with the fields of that kind (the answers describe it to people:
/// `lexico_answers::say::entry`).
///
/// ```
/// use lexico_lexicon::provenance::{EntryInfo, EntryKind, VerbInfo};
/// use lexico_lexicon::UpdateAction;
///
/// let verb = EntryInfo {
///     lemma: "absolver".into(),
///     homograph: None,
///     kind: EntryKind::Verb(VerbInfo { model: 8, class: 1, property: 'P', forms: Some("absuelto".into()), undone_at: None }),
/// };
/// assert!(matches!(&verb.kind, EntryKind::Verb(v) if v.forms.as_deref() == Some("absuelto")));
/// let update = EntryInfo { lemma: "boy".into(), homograph: None, kind: EntryKind::Update(UpdateAction::AddedVariable) };
/// assert!(matches!(update.kind, EntryKind::Update(a) if a.adds()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntryInfo {
    /// The headword, the infinitive as the verb list writes it (with "se" for a pronominal
    /// entry), or the word of an update list's line.
    pub lemma: String,
    /// The dictionary's homograph number, when the source gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homograph: Option<u8>,
    /// What kind of entry it is.
    pub kind: EntryKind,
}

/// The kinds of source entry, each with what the build knew of it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    /// A headword of a non-verb list, and its feminine when the line gives one.
    NonVerb {
        /// The feminine.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feminine: Option<String>,
    },
    /// A verb of a classified verb list (or one an update list undone restores).
    Verb(VerbInfo),
    /// A row of a lemma table.
    LemmaRow,
    /// A line of a non-verb update list, with what it does to its word.
    Update(UpdateAction),
    /// A row of a part-of-speech table, with the categories it gives its headword (`adv`,
    /// `interj`, `s`…): the row decided the number of the entry's words.
    PosRow {
        /// The categories, as the row names them.
        categories: Vec<String>,
    },
}

/// The codes of a classified verb list's entry (`MM-C-P-infinitive[(forms)]`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VerbInfo {
    /// The model number, or a usage code of the rule set.
    pub model: u8,
    /// The class.
    pub class: u8,
    /// The property (`.`, `D`, `I`, `P`, `R`).
    pub property: char,
    /// The text between brackets: the forms of a defective verb, the participles of a `P` one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forms: Option<String>,
    /// The line (path and line number) of an update list undone that changed these codes: the
    /// entry is as it was before that update.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone_at: Option<(String, u64)>,
}

impl VerbInfo {
    /// The value of a code of the entry as the classified list writes it (`88`, `3`, `D`).
    pub fn code(&self, field: CodeField) -> String {
        match field {
            CodeField::Model => format!("{:02}", self.model),
            CodeField::Class => self.class.to_string(),
            CodeField::Property => self.property.to_string(),
        }
    }
}

/// FNV-1a: slot interning hashes a few short strings per generated form, a million times in a
/// large build, where SipHash's resistance to hostile keys buys nothing.
#[derive(Default)]
pub struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The provenance section.
///
/// ```
/// use lexico_lexicon::provenance::{code, Provenance};
/// use lexico_lexicon::SlotInfo;
///
/// let mut p = Provenance::default();
/// let slot = p.intern(SlotInfo { slot: "plural".into(), ..SlotInfo::default() }).expect("room");
/// assert_eq!(p.intern(SlotInfo { slot: "plural".into(), ..SlotInfo::default() }), Some(slot));
/// assert_eq!(p.codes(code(7, slot), false), [code(7, slot)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The slots, by index.
    pub slots: Vec<SlotInfo>,
    /// `(primary, other)`: a valid word whose fst code is `primary` was also made by `other`.
    pub extras: Vec<(Code, Code)>,
    /// The same for rejected forms.
    pub rejected_extras: Vec<(Code, Code)>,
    #[serde(skip)]
    index: std::collections::HashMap<SlotInfo, u16, std::hash::BuildHasherDefault<Fnv>>,
}

impl Provenance {
    /// The index of `info`, adding it if new; `None` when the table is full.
    pub fn intern(&mut self, info: SlotInfo) -> Option<u16> {
        if let Some(&i) = self.index.get(&info) {
            return Some(i);
        }
        if self.slots.len() == MAX_SLOTS {
            return None;
        }
        let i = self.slots.len() as u16;
        self.index.insert(info.clone(), i);
        self.slots.push(info);
        Some(i)
    }

    /// Every code of a word whose fst code is `primary`.
    pub fn codes(&self, primary: Code, rejected: bool) -> Vec<Code> {
        let list = if rejected { &self.rejected_extras } else { &self.extras };
        let start = list.partition_point(|&(p, _)| p < primary);
        let mut out = vec![primary];
        out.extend(list[start..].iter().take_while(|&&(p, _)| p == primary).map(|&(_, o)| o));
        out
    }

    /// The compressed section and its size once inflated (recorded in the manifest, which bounds
    /// what a reader inflates).
    pub(crate) fn encode(&self) -> (Vec<u8>, u64) {
        let raw = serde_json::to_vec(self).expect("provenance always serialises");
        (deflate(&raw), raw.len() as u64)
    }

    /// Decodes the section, which must inflate to at most `limit` bytes.
    pub(crate) fn decode(bytes: &[u8], limit: Inflated) -> Result<Provenance, LexiconError> {
        let mut p: Provenance = serde_json::from_slice(&inflate(bytes, "provenance", limit)?)
            .map_err(|e| LexiconError::Corrupt(format!("provenance section: {e}")))?;
        p.index = p.slots.iter().enumerate().map(|(i, s)| (s.clone(), i as u16)).collect();
        Ok(p)
    }
}

/// Compresses a section that only explanations read.
fn deflate(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(bytes, 1)
}

/// How large a compressed section may grow when inflated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inflated {
    /// Exactly this many bytes, as the manifest records.
    Exactly(u64),
    /// A manifest that records no size (every build records it; a hand-made file may not): at
    /// most this.
    AtMost(u64),
}

/// The most a compressed section of a file whose manifest records no inflated size may grow to.
pub(crate) const UNRECORDED_INFLATED_LIMIT: u64 = 64 << 20;

fn inflate(bytes: &[u8], what: &str, limit: Inflated) -> Result<Vec<u8>, LexiconError> {
    let max = match limit {
        Inflated::Exactly(n) | Inflated::AtMost(n) => n,
    };
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, max).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            LexiconError::Corrupt(format!(
                "the {what} section inflates past the {max} bytes its manifest allows"
            ))
        } else {
            LexiconError::Corrupt(format!("the {what} section does not decompress: {e}"))
        }
    })?;
    if let Inflated::Exactly(n) = limit {
        if raw.len() as u64 != n {
            return Err(LexiconError::Corrupt(format!(
                "the {what} section inflates to {} bytes where its manifest records {n}",
                raw.len()
            )));
        }
    }
    Ok(raw)
}

/// Encodes what the build knew of each entry, sorted by id, as lines `id-delta<TAB>entry` (the
/// entry as JSON, which never holds a raw tab or line end), compressed; with the size of the text
/// before compression.
pub(crate) fn encode_entries(entries: &[(u64, EntryInfo)]) -> (Vec<u8>, u64) {
    let mut out = String::new();
    let mut last = 0;
    for (id, info) in entries {
        let json = serde_json::to_string(info).expect("an entry always serialises");
        out.push_str(&format!("{}\t{json}\n", id - last));
        last = *id;
    }
    (deflate(out.as_bytes()), out.len() as u64)
}

/// The text of an encoded entries section, which must inflate to at most `limit` bytes.
pub(crate) fn entries_text(bytes: &[u8], limit: Inflated) -> Result<String, LexiconError> {
    String::from_utf8(inflate(bytes, "entries", limit)?)
        .map_err(|_| LexiconError::Corrupt("the entries section is not UTF-8".into()))
}

/// Finds entry `id` in the text of an entries section: `None` when the section has no such
/// entry, an error when the text is not made of entries lines. Only the entry found is decoded.
pub(crate) fn find_entry(text: &str, id: u64) -> Result<Option<EntryInfo>, LexiconError> {
    let mut at = 0u64;
    for line in text.lines() {
        let (delta, rest) = entry_delta(line)?;
        at = at.checked_add(delta).ok_or_else(entries_overflow)?;
        if at == id {
            return entry_of_line(rest).map(Some);
        }
        if at > id {
            return Ok(None);
        }
    }
    Ok(None)
}

fn entries_overflow() -> LexiconError {
    LexiconError::Corrupt("the entries section's ids pass the largest entry id".into())
}

fn entry_delta(line: &str) -> Result<(u64, &str), LexiconError> {
    let (delta, rest) =
        line.split_once('\t').ok_or_else(|| LexiconError::Corrupt("an entries line has no tab".into()))?;
    let delta = delta
        .parse::<u64>()
        .map_err(|_| LexiconError::Corrupt(format!("entries: '{delta}' is not an id delta")))?;
    Ok((delta, rest))
}

fn entry_of_line(json: &str) -> Result<EntryInfo, LexiconError> {
    serde_json::from_str(json).map_err(|e| LexiconError::Corrupt(format!("entries: {e}")))
}

/// Every entry of the text of an entries section, by entry id.
pub(crate) fn decode_entries(text: &str) -> Result<std::collections::BTreeMap<u64, EntryInfo>, LexiconError> {
    let mut out = std::collections::BTreeMap::new();
    let mut at = 0u64;
    for line in text.lines() {
        let (delta, rest) = entry_delta(line)?;
        at = at.checked_add(delta).ok_or_else(entries_overflow)?;
        out.insert(at, entry_of_line(rest)?);
    }
    Ok(out)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= ((b & 0x7f) as u64) << shift;
        if b < 0x80 {
            return Some(v);
        }
    }
    None
}

/// Encodes codes by rank as runs `(length, first code, step)` of arithmetic progressions: a run
/// takes the code after its first whatever it is, then every code that keeps its step.
pub(crate) fn encode_column(codes: impl IntoIterator<Item = Code>) -> Vec<u8> {
    let mut out = Vec::new();
    let put = |out: &mut Vec<u8>, (n, first, step): (u64, Code, Code)| {
        put_varint(out, n);
        put_varint(out, first);
        put_varint(out, step);
    };
    // The run so far: its length, first code, step and last code.
    let mut run: Option<(u64, Code, Code, Code)> = None;
    for c in codes {
        run = Some(match run {
            None => (1, c, 0, c),
            Some((1, first, _, last)) => (2, first, c.wrapping_sub(last), c),
            Some((n, first, step, last)) if c.wrapping_sub(last) == step => (n + 1, first, step, c),
            Some((n, first, step, _)) => {
                put(&mut out, (n, first, step));
                (1, c, 0, c)
            }
        });
    }
    if let Some((n, first, step, _)) = run {
        put(&mut out, (n, first, step));
    }
    out
}

/// Every code of an encoded column, which must hold exactly `len` of them.
pub(crate) fn decode_column(bytes: &[u8], len: usize) -> Option<Vec<Code>> {
    let mut out = Vec::with_capacity(len);
    let mut at = 0;
    while at < bytes.len() {
        let n = get_varint(bytes, &mut at)?;
        let first = get_varint(bytes, &mut at)?;
        let step = get_varint(bytes, &mut at)?;
        if out.len() as u64 + n > len as u64 {
            return None;
        }
        out.extend((0..n).map(|i| first.wrapping_add(step.wrapping_mul(i))));
    }
    (out.len() == len).then_some(out)
}

/// The number of codes an encoded column holds, `None` when it does not decode.
pub(crate) fn column_len(bytes: &[u8]) -> Option<u64> {
    let mut at = 0;
    let mut n = 0u64;
    while at < bytes.len() {
        n = n.checked_add(get_varint(bytes, &mut at)?)?;
        get_varint(bytes, &mut at)?;
        get_varint(bytes, &mut at)?;
    }
    Some(n)
}

/// The code at `rank` in an encoded column.
pub(crate) fn code_at(bytes: &[u8], rank: u64) -> Option<Code> {
    let mut at = 0;
    let mut start = 0u64;
    while at < bytes.len() {
        let len = get_varint(bytes, &mut at)?;
        let first = get_varint(bytes, &mut at)?;
        let step = get_varint(bytes, &mut at)?;
        if rank < start.checked_add(len)? {
            return Some(first.wrapping_add(step.wrapping_mul(rank - start)));
        }
        start += len;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_reads_back_at_every_rank() {
        let codes: Vec<Code> = vec![5, 6, 7, 8, 100, 3, 3, 3, 1 << 40, 2, 9, 16];
        let enc = encode_column(codes.iter().copied());
        for (rank, &c) in codes.iter().enumerate() {
            assert_eq!(code_at(&enc, rank as u64), Some(c), "rank {rank}");
        }
        assert_eq!(code_at(&enc, codes.len() as u64), None);
        assert_eq!(decode_column(&enc, codes.len()), Some(codes.clone()));
        assert_eq!(decode_column(&enc, codes.len() + 1), None);
        assert_eq!(column_len(&enc), Some(codes.len() as u64));
        let sorted: Vec<Code> = (0..100_000).map(|i| code(i + 1, 0)).collect();
        assert!(encode_column(sorted.iter().copied()).len() < 16);
    }

    proptest::proptest! {
        /// Runs of steps, short runs and lone codes read back at every rank, and take no more
        /// runs than the codes' changes of step call for.
        #[test]
        fn columns_read_back(codes in proptest::collection::vec(
            proptest::prop_oneof![0u64..4, 1u64 << 40..(1 << 40) + 3, proptest::num::u64::ANY], 0..60)) {
            let enc = encode_column(codes.iter().copied());
            proptest::prop_assert_eq!(decode_column(&enc, codes.len()), Some(codes.clone()));
            for (rank, &c) in codes.iter().enumerate() {
                proptest::prop_assert_eq!(code_at(&enc, rank as u64), Some(c));
            }
            let changes = codes.windows(3).filter(|w| w[1].wrapping_sub(w[0]) != w[2].wrapping_sub(w[1])).count();
            proptest::prop_assert!(enc.len() <= 3 * 10 * (changes + 1));
        }
    }
}

#[cfg(test)]
mod inflate_tests {
    use super::*;

    #[test]
    fn a_section_that_inflates_past_its_recorded_size_is_refused_without_inflating_it() {
        // 64 MiB of zeros compress to about 64 KiB: a reader that trusted the stream would
        // allocate all of it.
        let bomb = deflate(&vec![0u8; 64 << 20]);
        let err = inflate(&bomb, "provenance", Inflated::Exactly(1000)).unwrap_err().to_string();
        assert!(err.contains("inflates past the 1000 bytes"), "{err}");
        let err = inflate(&bomb, "provenance", Inflated::AtMost(1 << 20)).unwrap_err().to_string();
        assert!(err.contains("inflates past"), "{err}");
        let small = deflate(b"0123456789");
        assert!(inflate(&small, "entries", Inflated::Exactly(11)).is_err());
        assert_eq!(inflate(&small, "entries", Inflated::Exactly(10)).unwrap(), b"0123456789");
    }

    fn non_verb(lemma: &str) -> EntryInfo {
        EntryInfo { lemma: lemma.into(), homograph: None, kind: EntryKind::NonVerb { feminine: None } }
    }

    #[test]
    fn a_damaged_entries_line_is_an_error_not_a_missing_entry() {
        let (bytes, len) = encode_entries(&[(1, non_verb("amar")), (3, non_verb("casa"))]);
        let text = entries_text(&bytes, Inflated::Exactly(len)).unwrap();
        assert_eq!(find_entry(&text, 3).unwrap(), Some(non_verb("casa")));
        assert_eq!(find_entry(&text, 7).unwrap(), None);
        assert!(find_entry("1 {}\n", 1).is_err());
        assert!(find_entry("x\t{}\n", 1).is_err());
        // A line that is no entry is damage, not a missing entry.
        assert!(find_entry("1\tverb 00-1-.-amar\n", 1).is_err());
        assert!(decode_entries("1\t{\"lemma\":\"amar\"}\n").is_err());
    }

    #[test]
    fn every_kind_of_entry_reads_back_as_written() {
        let entries = [
            (
                1,
                EntryInfo {
                    lemma: "abacero".into(),
                    homograph: Some(2),
                    kind: EntryKind::NonVerb { feminine: Some("abacera".into()) },
                },
            ),
            (
                5,
                EntryInfo {
                    lemma: "dignarse".into(),
                    homograph: None,
                    kind: EntryKind::Verb(VerbInfo {
                        model: 0,
                        class: 3,
                        property: 'D',
                        forms: Some("a\tb\nc".into()),
                        undone_at: Some(("act\tverbos.txt".into(), 12)),
                    }),
                },
            ),
            (9, EntryInfo { lemma: "casa".into(), homograph: Some(1), kind: EntryKind::LemmaRow }),
            (
                1 << 40,
                EntryInfo {
                    lemma: "boy".into(),
                    homograph: None,
                    kind: EntryKind::Update(UpdateAction::RemovedStillValid),
                },
            ),
            (
                (1 << 40) + 3,
                EntryInfo {
                    lemma: "ayer".into(),
                    homograph: Some(1),
                    kind: EntryKind::PosRow { categories: vec!["adv".into(), "s".into()] },
                },
            ),
        ];
        let (bytes, len) = encode_entries(&entries);
        let text = entries_text(&bytes, Inflated::Exactly(len)).unwrap();
        assert_eq!(text.lines().count(), entries.len(), "a tab or line end inside an entry stays escaped");
        let all = decode_entries(&text).unwrap();
        assert_eq!(all.into_iter().collect::<Vec<_>>(), entries.to_vec());
        for (id, e) in &entries {
            assert_eq!(find_entry(&text, *id).unwrap().as_ref(), Some(e));
        }
    }
}
