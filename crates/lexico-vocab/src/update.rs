//! What a line of the federation's non-verb update list does to its word.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What a line of the federation's non-verb update list does to its word, by the list's section
/// (named as in `docs/maintainers.md`, "Why each word changed").
///
/// ```
/// use lexico_vocab::UpdateAction;
///
/// assert!(UpdateAction::AddedVariable.adds() && !UpdateAction::AddedAlreadyValid.adds());
/// assert!(UpdateAction::RemovedPluralOnly.removes() && !UpdateAction::RemovedStillValid.removes());
/// assert_eq!(UpdateAction::AddedInvariable.to_string(), "added-invariable");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateAction {
    /// Section 1: a new entry, variable in number.
    AddedVariable,
    /// Section 2: a new entry, invariable in number.
    AddedInvariable,
    /// Section 3: a plural new in the edition.
    AddedPluralOnly,
    /// Section 4: an entry removed.
    Removed,
    /// Section 5: a plural removed, the singular kept.
    RemovedPluralOnly,
    /// Annex I: a new entry the edition held already.
    AddedAlreadyValid,
    /// Annex II: an entry removed that the edition still holds.
    RemovedStillValid,
}

impl UpdateAction {
    /// The action's name (`added-variable`).
    pub fn name(self) -> &'static str {
        match self {
            UpdateAction::AddedVariable => "added-variable",
            UpdateAction::AddedInvariable => "added-invariable",
            UpdateAction::AddedPluralOnly => "added-plural-only",
            UpdateAction::Removed => "removed",
            UpdateAction::RemovedPluralOnly => "removed-plural-only",
            UpdateAction::AddedAlreadyValid => "added-already-valid",
            UpdateAction::RemovedStillValid => "removed-still-valid",
        }
    }

    /// Returns true if and only if the line adds its word to the edition.
    pub fn adds(self) -> bool {
        matches!(
            self,
            UpdateAction::AddedVariable | UpdateAction::AddedInvariable | UpdateAction::AddedPluralOnly
        )
    }

    /// Returns true if and only if the line removes its word from the edition.
    pub fn removes(self) -> bool {
        matches!(self, UpdateAction::Removed | UpdateAction::RemovedPluralOnly)
    }

    /// Returns true if and only if the line takes the other forms of its word out too: it
    /// removes the entry, or makes it invariable in number (its plurals go).
    pub fn drops_other_forms(self) -> bool {
        matches!(self, UpdateAction::Removed | UpdateAction::AddedInvariable)
    }
}

impl fmt::Display for UpdateAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
