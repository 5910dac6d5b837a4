//! When a card comes back: Zyzzyva's Leitner boxes, or FSRS as the `rs-fsrs` crate computes it.

use chrono::{DateTime, Duration, Utc};
use rs_fsrs::{Card as FsrsCard, Parameters, Rating, State, FSRS};

/// The days a card waits in each Leitner box before it is due again: Zyzzyva's default schedule
/// (box 0 one day, box 1 four days, … box 10 480 days).
pub const LEITNER_DAYS: [i64; 11] = [1, 4, 7, 12, 20, 30, 60, 90, 150, 270, 480];

/// The scheduler of a cardbox, chosen when it is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scheduler {
    /// Zyzzyva's Leitner boxes: a pass moves a card up one box, a miss back to box 0, and each
    /// box waits its [`LEITNER_DAYS`].
    #[default]
    Leitner,
    /// FSRS with its default parameters (`rs_fsrs::Parameters::default()`): a pass is rated
    /// Good, a miss Again.
    Fsrs,
}

impl Scheduler {
    /// `leitner` or `fsrs`, as the cardbox and its CSV record it.
    pub fn name(self) -> &'static str {
        match self {
            Scheduler::Leitner => "leitner",
            Scheduler::Fsrs => "fsrs",
        }
    }

    /// The scheduler named `name` (`leitner` or `fsrs`, any case).
    pub fn named(name: &str) -> Option<Scheduler> {
        [Scheduler::Leitner, Scheduler::Fsrs].into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

/// A card's place in its scheduler.
#[derive(Clone, Debug, PartialEq)]
pub enum Schedule {
    /// The Leitner box, 0 to 10.
    Leitner(u8),
    /// The FSRS card, as `rs-fsrs` keeps it (its `due` is the card's).
    Fsrs(FsrsCard),
}

/// What a card of the cardbox's statistics is counted under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// A Leitner box.
    Box(u8),
    /// An FSRS state: new, learning, review or relearning.
    Fsrs(FsrsState),
}

/// An FSRS card's state (`rs_fsrs::State`, with an order and a name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FsrsState {
    /// Never reviewed.
    New,
    /// Being learnt: reviewed, not yet in review.
    Learning,
    /// In review.
    Review,
    /// Missed in review, being learnt again.
    Relearning,
}

impl FsrsState {
    /// `new`, `learning`, `review` or `relearning`.
    pub fn name(self) -> &'static str {
        match self {
            FsrsState::New => "new",
            FsrsState::Learning => "learning",
            FsrsState::Review => "review",
            FsrsState::Relearning => "relearning",
        }
    }

    /// The state named `name`.
    pub fn named(name: &str) -> Option<FsrsState> {
        use FsrsState::*;
        [New, Learning, Review, Relearning].into_iter().find(|s| s.name() == name)
    }

    pub(crate) fn from_fsrs(s: State) -> FsrsState {
        match s {
            State::New => FsrsState::New,
            State::Learning => FsrsState::Learning,
            State::Review => FsrsState::Review,
            State::Relearning => FsrsState::Relearning,
        }
    }

    pub(crate) fn to_fsrs(self) -> State {
        match self {
            FsrsState::New => State::New,
            FsrsState::Learning => State::Learning,
            FsrsState::Review => State::Review,
            FsrsState::Relearning => State::Relearning,
        }
    }
}

impl Schedule {
    /// A new card's schedule and due time: due at once.
    pub fn new(scheduler: Scheduler, now: DateTime<Utc>) -> (Schedule, DateTime<Utc>) {
        match scheduler {
            Scheduler::Leitner => (Schedule::Leitner(0), now),
            Scheduler::Fsrs => {
                (Schedule::Fsrs(FsrsCard { due: now, last_review: now, ..FsrsCard::default() }), now)
            }
        }
    }

    /// The schedule and due time after a review at `now`, passed or missed.
    pub fn review(&self, passed: bool, now: DateTime<Utc>) -> (Schedule, DateTime<Utc>) {
        match self {
            Schedule::Leitner(b) => {
                let b = if passed { (b + 1).min(LEITNER_DAYS.len() as u8 - 1) } else { 0 };
                (Schedule::Leitner(b), now + Duration::days(LEITNER_DAYS[usize::from(b)]))
            }
            Schedule::Fsrs(card) => {
                let rating = if passed { Rating::Good } else { Rating::Again };
                let next = FSRS::new(Parameters::default()).next(card.clone(), now, rating).card;
                let due = next.due;
                (Schedule::Fsrs(next), due)
            }
        }
    }

    /// The scheduler this schedule belongs to.
    pub fn scheduler(&self) -> Scheduler {
        match self {
            Schedule::Leitner(_) => Scheduler::Leitner,
            Schedule::Fsrs(_) => Scheduler::Fsrs,
        }
    }

    /// What the statistics count this card under.
    pub fn group(&self) -> Group {
        match self {
            Schedule::Leitner(b) => Group::Box(*b),
            Schedule::Fsrs(c) => Group::Fsrs(FsrsState::from_fsrs(c.state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leitner_moves_up_a_box_on_a_pass_and_back_to_zero_on_a_miss() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let (s, due) = Schedule::new(Scheduler::Leitner, now);
        assert_eq!(due, now);
        let (s, due) = s.review(true, now);
        assert_eq!((s.clone(), due), (Schedule::Leitner(1), now + Duration::days(4)));
        let (s, _) = s.review(true, now);
        assert_eq!(s, Schedule::Leitner(2));
        let (s, due) = s.review(false, now);
        assert_eq!((s, due), (Schedule::Leitner(0), now + Duration::days(1)));
        let (top, due) = Schedule::Leitner(10).review(true, now);
        assert_eq!((top, due), (Schedule::Leitner(10), now + Duration::days(480)));
    }
}
