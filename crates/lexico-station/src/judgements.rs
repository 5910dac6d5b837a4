//! The judgements of a station, by number: every play judged gets a short number, drawn at
//! random from the code alphabet ([`crate::hall::CODE_ALPHABET`]), which the judge page shows and
//! the audit log records, and with which the arbiter opens the ruling on the play as it was
//! judged. A number is not counted from anything, so it tells nothing of the plays of other
//! tables, and only the arbiter code opens a ruling.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::hall::CODE_ALPHABET;

/// The characters of a judgement number.
pub const NUMBER_LENGTH: usize = 5;

/// The most judgements kept in memory: beyond, the oldest are forgotten (the audit log keeps
/// them all).
pub const KEPT: usize = 100_000;

/// A play as it was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// When (RFC 3339, UTC).
    pub time: String,
    /// The play as typed.
    pub play: String,
    /// The table, as given.
    pub table: String,
    /// The round, as given.
    pub round: String,
}

/// The judgements of a station, by number.
#[derive(Default)]
pub struct Judgements {
    by_number: HashMap<String, Judgement>,
    order: VecDeque<String>,
    /// Numbers of the audit log that open no ruling here (judged with another lexicon): never
    /// given again.
    retired: HashSet<String>,
}

impl Judgements {
    /// The judgement numbered `number` (in any case, spaces around it ignored).
    pub fn get(&self, number: &str) -> Option<&Judgement> {
        self.by_number.get(&normalise(number))
    }

    /// A number no judgement has, from the system's random source.
    pub fn new_number(&self) -> Result<String, getrandom::Error> {
        loop {
            let mut bytes = [0u8; NUMBER_LENGTH];
            getrandom::fill(&mut bytes)?;
            let number: String =
                bytes.iter().map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char).collect();
            if !self.by_number.contains_key(&number) && !self.retired.contains(&number) {
                return Ok(number);
            }
        }
    }

    /// Keeps `judgement` under `number`.
    pub fn insert(&mut self, number: String, judgement: Judgement) {
        if self.order.len() >= KEPT {
            if let Some(oldest) = self.order.pop_front() {
                self.by_number.remove(&oldest);
            }
        }
        if self.by_number.insert(number.clone(), judgement).is_none() {
            self.order.push_back(number);
        }
    }

    /// Keeps `number` from being given again, without a judgement.
    pub fn retire(&mut self, number: String) {
        self.retired.insert(number);
    }
}

/// A number as typed, as the station keeps it: trimmed, in capitals.
pub fn normalise(number: &str) -> String {
    number.trim().to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(play: &str) -> Judgement {
        Judgement { time: "t".into(), play: play.into(), table: "12".into(), round: "3".into() }
    }

    #[test]
    fn numbers_are_short_unambiguous_and_found_in_any_case() {
        let mut all = Judgements::default();
        let n = all.new_number().unwrap();
        assert_eq!(n.len(), NUMBER_LENGTH);
        assert!(n.bytes().all(|c| CODE_ALPHABET.contains(&c)));
        all.insert(n.clone(), judged("CASA PERROS"));
        assert_eq!(all.get(&format!(" {} ", n.to_lowercase())).unwrap().play, "CASA PERROS");
        assert!(all.get("ZZZZZZ").is_none());
        // Numbers drawn for one station never repeat.
        let mut seen = std::collections::HashSet::new();
        for i in 0..2000 {
            let n = all.new_number().unwrap();
            assert!(seen.insert(n.clone()));
            all.insert(n, judged(&i.to_string()));
        }
    }

    #[test]
    fn past_the_bound_the_oldest_judgement_is_forgotten_and_a_retired_number_never_given() {
        let mut all = Judgements::default();
        for i in 0..=KEPT {
            all.insert(format!("N{i}"), judged("CASA"));
        }
        assert!(all.get("N0").is_none());
        assert!(all.get("N1").is_some() && all.get(&format!("N{KEPT}")).is_some());
        assert_eq!(all.by_number.len(), KEPT);
        let mut few = Judgements::default();
        few.retire("K7QM4".into());
        assert!(few.get("K7QM4").is_none() && few.retired.contains("K7QM4"));
    }
}
