//! What the engines produce: a form with the reason it is in or out.

use std::borrow::Cow;

/// Whether the rules admit a generated form into the lexicon.
///
/// ```
/// use lexico_rules::Admission;
///
/// let no = Admission::Rejected {
///     reason: "plural participle of a pronominal verb".into(),
///     reason_es: "participio plural de un verbo pronominal".into(),
/// };
/// assert_ne!(no, Admission::Accepted);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Admission<'a> {
    /// The form is valid.
    Accepted,
    /// The form was generated but a rule rejects it; `reason` is a short human sentence
    /// ("plural participle of a pronominal verb"), usually the rule set's own text.
    Rejected {
        /// Why, in a short sentence.
        reason: Cow<'a, str>,
        /// The same in Spanish, which explanations in Spanish give.
        reason_es: Cow<'a, str>,
    },
}

/// What kind of form an engine made: the vocabulary's [`FormKind`], typed by the engine that
/// made the form, so that nothing tells it from the slot's name.
pub use lexico_vocab::FormKind;

/// One word form produced from a source entry by a rule.
///
/// `text` is the spelling in lower case, accents allowed (they are dropped when the form becomes
/// tiles). `kind` says what kind of form it is, `slot` names the paradigm cell or the kind of
/// form (`ind.pres.1s`, `part.f.pl`, `plural`, `feminine`, `lemma`), `rule` the id of the rule in
/// the rule set that decided it and
/// `article` the article of the regulation that rule encodes, as the rule file writes it. Names are
/// borrowed from the rule set (or are constants): a large build makes millions of forms, and
/// most of them differ only in their text.
///
/// ```
/// use lexico_rules::{Form, FormKind, Admission};
///
/// let f = Form {
///     text: "casas".into(),
///     kind: FormKind::Plural,
///     slot: "plural",
///     rule: "end-vowel-atonic",
///     article: "18.4.2",
///     verdict: Admission::Accepted,
/// };
/// assert!(f.is_accepted());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form<'a> {
    /// The form as spelled (lower case, with accents).
    pub text: String,
    /// What kind of form it is.
    pub kind: FormKind,
    /// The paradigm cell or kind of form (`ind.pres.1s`, `plural`, `lemma`).
    pub slot: &'a str,
    /// The id of the rule that made or refused it.
    pub rule: &'a str,
    /// The article of the regulation the rule applies.
    pub article: &'a str,
    /// Accepted, or rejected with the reason.
    pub verdict: Admission<'a>,
}

impl Form<'_> {
    /// Returns true if and only if the rules keep this form.
    pub fn is_accepted(&self) -> bool {
        self.verdict == Admission::Accepted
    }
}
