//! The cards of Scrabble Dash as data: the table `rules/dash.toml` read by [`Cards::parse`] (the
//! embedded one by [`Cards::embedded`]), and what is typed with them: a red Dash card ([`Card`],
//! [`Cards::card`]), a hand of letter cards ([`Hand`], [`Cards::hand`]), the letter cards a word
//! is laid down with ([`Cards::of_spelling`]). No card's wording is in the code: the table gives
//! the names, the ways of typing them, the letter cards and which deck each card turns up.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::error::DashError;
use crate::i18n::Lang;

/// The text of `rules/dash.toml`, the card table the program embeds.
pub const CARDS_TOML: &str = include_str!("../../rules/dash.toml");

/// The most letter cards a table may have: a walk of the word store counts a hand's cards in an
/// array of this size.
pub const MAX_LETTERS: usize = 32;

/// A letter card: its index in the table's letters (vowels first, then consonants, as listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Letter(pub(crate) u8);

impl Letter {
    /// The card's index in the table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a red Dash card asks of the word laid down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// Exactly this many letter cards ("Palabra de 4 letras").
    Length(u8),
    /// A form of a verb ("Tipo de palabra: verbo").
    Verb,
    /// A proper name the players accept ("Tipo de palabra: nombre propio").
    ProperName,
    /// The first card is the turned-up letter card ("Empieza con D").
    StartsWith(Letter),
    /// The last card is the turned-up letter card, a vowel ("Termina con A").
    EndsWith(Letter),
    /// Some card is the turned-up letter card ("Tiene una D").
    Contains(Letter),
}

impl Card {
    /// The turned-up letter card every player may use, for the cards that have one.
    pub fn letter(self) -> Option<Letter> {
        match self {
            Card::StartsWith(l) | Card::EndsWith(l) | Card::Contains(l) => Some(l),
            Card::Length(_) | Card::Verb | Card::ProperName => None,
        }
    }

    /// The kind of card as the table's `card` names it: `length`, `verb`, `proper-name`,
    /// `starts-with`, `ends-with`, `contains`.
    pub fn kind(self) -> CardKind {
        match self {
            Card::Length(_) => CardKind::Length,
            Card::Verb => CardKind::Verb,
            Card::ProperName => CardKind::ProperName,
            Card::StartsWith(_) => CardKind::StartsWith,
            Card::EndsWith(_) => CardKind::EndsWith,
            Card::Contains(_) => CardKind::Contains,
        }
    }
}

/// The six kinds of Dash card the program knows, as the table's `card` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// `length`: a number of letter cards.
    Length,
    /// `verb`.
    Verb,
    /// `proper-name`.
    ProperName,
    /// `starts-with` a turned-up letter card.
    StartsWith,
    /// `ends-with` a turned-up letter card.
    EndsWith,
    /// `contains` a turned-up letter card.
    Contains,
}

impl CardKind {
    /// The kind's name in the table (`starts-with`).
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Length => "length",
            CardKind::Verb => "verb",
            CardKind::ProperName => "proper-name",
            CardKind::StartsWith => "starts-with",
            CardKind::EndsWith => "ends-with",
            CardKind::Contains => "contains",
        }
    }
}

/// A hand of letter cards, as typed: each card in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    cards: Vec<Letter>,
}

impl Hand {
    /// The cards, in the order typed.
    pub fn cards(&self) -> &[Letter] {
        &self.cards
    }

    /// How many copies of each letter card the hand holds, by [`Letter::index`].
    pub fn counts(&self) -> [u8; MAX_LETTERS] {
        let mut counts = [0; MAX_LETTERS];
        for l in &self.cards {
            counts[l.index()] += 1;
        }
        counts
    }
}

/// Which deck a card's turned-up letter comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Deck {
    /// Vowels or consonants, as the player chooses.
    Any,
    /// Vowels only.
    Vowel,
}

/// One red card of the table.
#[derive(Clone, Debug)]
struct DashCard {
    kind: CardKind,
    es: String,
    en: String,
    /// The ways of typing it, normalised ([`plain`]), each split at its placeholder.
    typed: Vec<Typed>,
    deck: Option<Deck>,
    min: u8,
    max: u8,
}

/// A way of typing a card: the text before its placeholder, and after it if it has one.
#[derive(Clone, Debug)]
struct Typed {
    before: String,
    after: Option<String>,
}

/// The card table: the letter cards and the red Dash cards (see `rules/dash.toml`).
#[derive(Clone, Debug)]
pub struct Cards {
    name: String,
    hand: usize,
    /// Each letter card's spelling (`A`, `CH`, `QU`), vowels first.
    letters: Vec<String>,
    vowels: usize,
    /// Every spelling a hand may use for a letter card (the spellings and the `typed` ones),
    /// longest first.
    typed_letters: Vec<(Vec<char>, Letter)>,
    /// The letter cards' own spellings, longest first: how a word is read into cards.
    spellings: Vec<(Vec<char>, Letter)>,
    dash: Vec<DashCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    name: String,
    hand: Spanned<usize>,
    letters: LettersFile,
    dash: Vec<DashFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LettersFile {
    #[allow(dead_code)] // The leaflet's count of letter cards, for the record: no rule uses it.
    cards: usize,
    vowels: Vec<Spanned<String>>,
    consonants: Vec<Spanned<String>>,
    #[serde(default)]
    typed: BTreeMap<String, Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DashFile {
    card: Spanned<CardKind>,
    es: Spanned<String>,
    en: Spanned<String>,
    typed: Vec<Spanned<String>>,
    letter: Option<Deck>,
    min: Option<u8>,
    max: Option<u8>,
}

/// The table's text, kept to turn byte offsets into lines and columns.
struct Source<'a> {
    path: &'a str,
    text: &'a str,
}

impl Source<'_> {
    fn error(&self, offset: usize, message: impl Into<String>) -> DashError {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        DashError::Table { path: self.path.to_string(), line, column, message: message.into() }
    }
}

/// A card's name or a typed letter, compared without case, accents or repeated spaces, and
/// without the quotes it may be typed in: `“Tipo de palabra:  Verbo”` is `TIPO DE PALABRA: VERBO`.
fn plain(text: &str) -> String {
    let trimmed = text.trim().trim_matches(|c| matches!(c, '"' | '\'' | '“' | '”' | '«' | '»' | '‘' | '’'));
    let upper = lexico_tiles::normalize(trimmed).as_string();
    upper.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The placeholder of the cards that show a number, and of those that show a letter.
const NUMBER: &str = "{n}";
const LETTER: &str = "{letter}";

impl Cards {
    /// The table the program embeds (`rules/dash.toml`), read once.
    pub fn embedded() -> &'static Cards {
        static CARDS: std::sync::OnceLock<Cards> = std::sync::OnceLock::new();
        CARDS.get_or_init(|| {
            Cards::parse("rules/dash.toml", CARDS_TOML).expect("the embedded card table reads")
        })
    }

    /// Reads a card table; `path` names it in errors, which give its line and column.
    ///
    /// ```
    /// use lexico_answers::dash::{Cards, CARDS_TOML};
    ///
    /// assert!(Cards::parse("rules/dash.toml", CARDS_TOML).is_ok());
    /// let bad = CARDS_TOML.replacen("hand = 7", "hand = 7\nhands = 8", 1);
    /// let err = Cards::parse("dash.toml", &bad).unwrap_err().to_string();
    /// assert!(err.starts_with("dash.toml:") && err.contains("unknown field `hands`"), "{err}");
    /// ```
    pub fn parse(path: &str, text: &str) -> Result<Cards, DashError> {
        let src = Source { path, text };
        let file: TableFile = toml::from_str(text)
            .map_err(|e| src.error(e.span().map(|s| s.start).unwrap_or(0), e.message().trim().to_string()))?;
        let hand = *file.hand.get_ref();
        if !(1..=MAX_LETTERS).contains(&hand) {
            return Err(src.error(file.hand.span().start, format!("a hand holds 1 to {MAX_LETTERS} cards")));
        }
        let mut letters: Vec<String> = Vec::new();
        for spelled in file.letters.vowels.iter().chain(&file.letters.consonants) {
            let plain = plain(spelled.get_ref());
            if plain.is_empty() || !plain.chars().all(char::is_alphabetic) {
                return Err(
                    src.error(spelled.span().start, format!("`{}` is not a letter", spelled.get_ref()))
                );
            }
            if letters.contains(&plain) {
                return Err(src.error(spelled.span().start, format!("the card `{plain}` is listed twice")));
            }
            letters.push(plain);
        }
        if letters.len() > MAX_LETTERS {
            return Err(src.error(0, format!("{} letter cards: at most {MAX_LETTERS}", letters.len())));
        }
        let mut spellings: Vec<(Vec<char>, Letter)> =
            letters.iter().enumerate().map(|(i, s)| (s.chars().collect(), Letter(i as u8))).collect();
        let mut typed_letters = spellings.clone();
        for (card, others) in &file.letters.typed {
            let Some(i) = letters.iter().position(|l| *l == plain(card)) else {
                return Err(src.error(0, format!("[letters.typed]: `{card}` is not a letter card")));
            };
            for other in others {
                let chars: Vec<char> = plain(other.get_ref()).chars().collect();
                if chars.is_empty() || typed_letters.iter().any(|(c, _)| *c == chars) {
                    return Err(src.error(
                        other.span().start,
                        format!("`{}` is empty or already spells a card", other.get_ref()),
                    ));
                }
                typed_letters.push((chars, Letter(i as u8)));
            }
        }
        // Longest first, so that CH is read before C and QU before a Q typed alone.
        spellings.sort_by_key(|s| std::cmp::Reverse(s.0.len()));
        typed_letters.sort_by_key(|s| std::cmp::Reverse(s.0.len()));
        let mut dash: Vec<DashCard> = Vec::new();
        for d in file.dash {
            let kind = *d.card.get_ref();
            if dash.iter().any(|c| c.kind == kind) {
                return Err(
                    src.error(d.card.span().start, format!("the card `{}` is listed twice", kind.name()))
                );
            }
            let placeholder = match kind {
                CardKind::Length => Some(NUMBER),
                CardKind::StartsWith | CardKind::EndsWith | CardKind::Contains => Some(LETTER),
                CardKind::Verb | CardKind::ProperName => None,
            };
            for wording in [&d.es, &d.en].into_iter().chain(&d.typed) {
                let text = wording.get_ref();
                let count = |p: &str| text.matches(p).count();
                let right = match placeholder {
                    Some(NUMBER) => count(NUMBER) == 1 && count(LETTER) == 0,
                    Some(_) => count(LETTER) == 1 && count(NUMBER) == 0,
                    None => count(NUMBER) + count(LETTER) == 0,
                };
                if !right {
                    return Err(src.error(
                        wording.span().start,
                        match placeholder {
                            Some(p) => format!("the card `{}` is written with `{p}` once", kind.name()),
                            None => format!("the card `{}` shows no number and no letter", kind.name()),
                        },
                    ));
                }
            }
            let deck = match (kind, d.letter) {
                (CardKind::StartsWith | CardKind::EndsWith | CardKind::Contains, Some(deck)) => Some(deck),
                (CardKind::StartsWith | CardKind::EndsWith | CardKind::Contains, None) => {
                    return Err(
                        src.error(d.card.span().start, format!("the card `{}` needs `letter`", kind.name()))
                    )
                }
                (_, Some(_)) => {
                    return Err(src.error(
                        d.card.span().start,
                        format!("the card `{}` turns up no letter", kind.name()),
                    ))
                }
                (_, None) => None,
            };
            let (min, max) = match (kind, d.min, d.max) {
                (CardKind::Length, Some(min), Some(max))
                    if 1 <= min && min <= max && max as usize <= hand =>
                {
                    (min, max)
                }
                (CardKind::Length, ..) => {
                    return Err(src.error(
                        d.card.span().start,
                        format!("the card `length` needs `min` and `max`, from 1 to the hand's {hand} cards"),
                    ))
                }
                (_, None, None) => (0, 0),
                _ => {
                    return Err(src.error(
                        d.card.span().start,
                        format!("the card `{}` has no `min` or `max`", kind.name()),
                    ))
                }
            };
            let typed = d
                .typed
                .iter()
                .map(|t| {
                    let t = t.get_ref();
                    match placeholder.and_then(|p| t.split_once(p)) {
                        Some((before, after)) => Typed { before: plain(before), after: Some(plain(after)) },
                        None => Typed { before: plain(t), after: None },
                    }
                })
                .collect();
            dash.push(DashCard { kind, es: d.es.into_inner(), en: d.en.into_inner(), typed, deck, min, max });
        }
        Ok(Cards {
            name: file.name,
            hand,
            vowels: file.letters.vowels.len(),
            letters,
            typed_letters,
            spellings,
            dash,
        })
    }

    /// The game's name (`Scrabble Dash`).
    pub fn game(&self) -> &str {
        &self.name
    }

    /// The most cards a hand holds.
    pub fn hand_size(&self) -> usize {
        self.hand
    }

    /// The letter cards, vowels first.
    pub fn letters(&self) -> impl Iterator<Item = Letter> + '_ {
        (0..self.letters.len()).map(|i| Letter(i as u8))
    }

    /// A letter card's spelling (`QU`, `CH`, `A`).
    pub fn spell(&self, letter: Letter) -> &str {
        &self.letters[letter.index()]
    }

    /// Cards spelled one after another with `·` between them: `QU·E·S·O`.
    ///
    /// ```
    /// use lexico_answers::dash::Cards;
    ///
    /// let cards = Cards::embedded();
    /// assert_eq!(cards.spell_all(&cards.of_spelling("QUESO").unwrap()), "QU·E·S·O");
    /// ```
    pub fn spell_all(&self, cards: &[Letter]) -> String {
        cards.iter().map(|&l| self.spell(l)).collect::<Vec<_>>().join("·")
    }

    /// Returns true if and only if `letter` is a vowel card.
    pub fn is_vowel(&self, letter: Letter) -> bool {
        letter.index() < self.vowels
    }

    /// The letter cards a word spelled in capitals without accents is laid down with, read from
    /// the left, the longest card first; or the letters that have no card (`X`, or `Q` without
    /// its `U`), as typed.
    ///
    /// ```
    /// use lexico_answers::dash::Cards;
    ///
    /// let cards = Cards::embedded();
    /// assert_eq!(cards.of_spelling("CHURRO").map(|c| c.len()), Ok(5));
    /// assert_eq!(cards.of_spelling("CALLE").map(|c| c.len()), Ok(5));
    /// assert_eq!(cards.of_spelling("TAXI"), Err("X".to_string()));
    /// ```
    pub fn of_spelling(&self, word: &str) -> Result<Vec<Letter>, String> {
        let chars: Vec<char> = word.chars().collect();
        read(&chars, &self.spellings).map_err(|at| chars[at].to_string())
    }

    /// The card `text` names, as a user types it (`"4 letras"`, `verbo`, `"empieza con D"`,
    /// `"Termina con a"`; case, accents, quotes and repeated spaces do not count).
    ///
    /// ```
    /// use lexico_answers::dash::{Card, Cards};
    ///
    /// let cards = Cards::embedded();
    /// assert_eq!(cards.card("Palabra de 4 letras")?, Card::Length(4));
    /// assert_eq!(cards.card("VERBO")?, Card::Verb);
    /// assert!(matches!(cards.card("tiene una d")?, Card::Contains(_)));
    /// assert!(cards.card("5 palabras").is_err());
    /// assert!(cards.card("termina con B").is_err());
    /// # Ok::<(), lexico_answers::dash::DashError>(())
    /// ```
    pub fn card(&self, text: &str) -> Result<Card, DashError> {
        let typed = plain(text);
        // The most specific complaint: that of the way of typing whose words matched the most.
        let mut complaint: Option<(usize, DashError)> = None;
        for card in &self.dash {
            for t in &card.typed {
                let Some(after) = &t.after else {
                    if typed == t.before {
                        return self.make(card, None, text);
                    }
                    continue;
                };
                let Some(value) =
                    typed.strip_prefix(t.before.as_str()).and_then(|r| r.strip_suffix(after.as_str()))
                else {
                    continue;
                };
                let value = value.trim();
                if value.is_empty() {
                    continue;
                }
                match self.make(card, Some(value), text) {
                    Ok(c) => return Ok(c),
                    Err(e) => {
                        let matched = t.before.len() + after.len();
                        if complaint.as_ref().is_none_or(|(m, _)| matched > *m) {
                            complaint = Some((matched, e));
                        }
                    }
                }
            }
        }
        Err(complaint.map(|(_, e)| e).unwrap_or_else(|| DashError::UnknownCard {
            typed: text.trim().to_string(),
            cards: self.names_es(),
        }))
    }

    /// The card of kind `card.kind` with the value typed in its placeholder.
    fn make(&self, card: &DashCard, value: Option<&str>, text: &str) -> Result<Card, DashError> {
        let typed = || text.trim().to_string();
        let letter = |value: &str| -> Result<Letter, DashError> {
            let chars: Vec<char> = value.chars().collect();
            match read(&chars, &self.typed_letters) {
                Ok(cards) if cards.len() == 1 => Ok(cards[0]),
                _ => Err(DashError::NotALetterCard { typed: typed(), letter: value.to_string() }),
            }
        };
        let value = value.unwrap_or_default();
        Ok(match card.kind {
            CardKind::Verb => Card::Verb,
            CardKind::ProperName => Card::ProperName,
            CardKind::Length => match value.parse::<u8>() {
                Ok(n) if (card.min..=card.max).contains(&n) => Card::Length(n),
                _ => {
                    return Err(DashError::Length {
                        typed: typed(),
                        min: card.min as usize,
                        max: card.max as usize,
                    })
                }
            },
            kind => {
                let l = letter(value)?;
                if card.deck == Some(Deck::Vowel) && !self.is_vowel(l) {
                    return Err(DashError::NotAVowel { typed: typed(), letter: self.spell(l).to_string() });
                }
                match kind {
                    CardKind::StartsWith => Card::StartsWith(l),
                    CardKind::EndsWith => Card::EndsWith(l),
                    _ => Card::Contains(l),
                }
            }
        })
    }

    /// The card's wording in `lang`, as the table gives it (`Palabra de 4 letras`, `Starts with
    /// D`).
    ///
    /// ```
    /// use lexico_answers::dash::{Card, Cards};
    /// use lexico_answers::Lang;
    ///
    /// let cards = Cards::embedded();
    /// assert_eq!(cards.name(Card::Length(4), Lang::Es), "Palabra de 4 letras");
    /// assert_eq!(cards.name(cards.card("tiene una d")?, Lang::En), "Has a D");
    /// # Ok::<(), lexico_answers::dash::DashError>(())
    /// ```
    pub fn name(&self, card: Card, lang: Lang) -> String {
        let Some(def) = self.dash.iter().find(|c| c.kind == card.kind()) else {
            return card.kind().name().to_string();
        };
        let wording = if lang == Lang::Es { &def.es } else { &def.en };
        match card {
            Card::Length(n) => wording.replace(NUMBER, &n.to_string()),
            Card::StartsWith(l) | Card::EndsWith(l) | Card::Contains(l) => {
                wording.replace(LETTER, self.spell(l))
            }
            Card::Verb | Card::ProperName => wording.clone(),
        }
    }

    /// The card as machine formats name it, the same in every language: `length 4`, `verb`,
    /// `proper-name`, `starts-with D`, `ends-with A`, `contains D`.
    pub fn code(&self, card: Card) -> String {
        match card {
            Card::Length(n) => format!("length {n}"),
            Card::StartsWith(l) | Card::EndsWith(l) | Card::Contains(l) => {
                format!("{} {}", card.kind().name(), self.spell(l))
            }
            Card::Verb | Card::ProperName => card.kind().name().to_string(),
        }
    }

    /// The Dash cards' wordings in `lang`, in the table's order, with their placeholders: `{n}`
    /// where a card shows a number and `{letter}` where it shows a letter (`Palabra de {n}
    /// letras`). Each, its placeholder filled, is a way of typing the card ([`Cards::card`]).
    pub fn wordings(&self, lang: Lang) -> Vec<&str> {
        self.dash.iter().map(|c| if lang == Lang::Es { c.es.as_str() } else { c.en.as_str() }).collect()
    }

    /// The Dash cards' wordings in Spanish, in the table's order, `N` where a card shows a
    /// number and `_` where it shows a letter: `Palabra de N letras`, `Empieza con _`.
    pub fn names_es(&self) -> Vec<String> {
        self.dash.iter().map(|c| c.es.replace(NUMBER, "N").replace(LETTER, "_")).collect()
    }

    /// A hand as typed: letter cards one after another (`ATLMNOE`, `b a t r m e f`), with spaces,
    /// commas or hyphens between them if wished; `Q` is the Qu card, `LL` two L cards; at most
    /// [`Cards::hand_size`] cards.
    ///
    /// ```
    /// use lexico_answers::dash::Cards;
    ///
    /// let cards = Cards::embedded();
    /// assert_eq!(cards.hand("ATLMNOE")?.cards().len(), 7);
    /// assert_eq!(cards.hand("qu, e, ll")?.cards().len(), 4);
    /// assert!(cards.hand("ATLMNOEE").is_err());
    /// assert!(cards.hand("ATWMNOE").is_err());
    /// # Ok::<(), lexico_answers::dash::DashError>(())
    /// ```
    pub fn hand(&self, text: &str) -> Result<Hand, DashError> {
        let normal = lexico_tiles::normalize(text);
        let mut cards = Vec::new();
        // Read each run of letters between separators, so that `C H` stays two cards.
        let mut start = 0;
        let chars = &normal.chars;
        while start < chars.len() {
            if matches!(chars[start], ' ' | ',' | '-' | '·' | '+' | '\t') {
                start += 1;
                continue;
            }
            let end = (start..chars.len())
                .find(|&i| matches!(chars[i], ' ' | ',' | '-' | '·' | '+' | '\t'))
                .unwrap_or(chars.len());
            let run = read(&chars[start..end], &self.typed_letters).map_err(|at| DashError::HandNoCard {
                column: normal.columns[start + at],
                text: chars[start + at].to_string(),
            })?;
            cards.extend(run);
            start = end;
        }
        if cards.is_empty() {
            return Err(DashError::HandEmpty);
        }
        if cards.len() > self.hand {
            return Err(DashError::HandTooLong { got: cards.len(), max: self.hand });
        }
        Ok(Hand { cards })
    }
}

/// The cards `chars` reads as, each the longest of `spellings` (longest first) that matches; or
/// the position of the first character no spelling matches.
fn read(chars: &[char], spellings: &[(Vec<char>, Letter)]) -> Result<Vec<Letter>, usize> {
    let mut out = Vec::with_capacity(chars.len());
    let mut at = 0;
    while at < chars.len() {
        let Some((spelled, letter)) = spellings.iter().find(|(s, _)| chars[at..].starts_with(s)) else {
            return Err(at);
        };
        out.push(*letter);
        at += spelled.len();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards() -> &'static Cards {
        Cards::embedded()
    }

    fn spelled(word: &str) -> String {
        cards().spell_all(&cards().of_spelling(word).unwrap())
    }

    #[test]
    fn the_leaflets_counts() {
        assert_eq!(spelled("QUESO"), "QU·E·S·O");
        assert_eq!(spelled("CALLE"), "C·A·L·L·E");
        assert_eq!(spelled("CHURRO"), "CH·U·R·R·O");
        assert_eq!(cards().of_spelling("ZORRO"), Err("Z".into()));
        assert_eq!(cards().of_spelling("WATIO"), Err("W".into()));
        assert_eq!(cards().of_spelling("QATARI"), Err("Q".into()));
        assert_eq!(spelled("ÑANDU"), "Ñ·A·N·D·U");
    }

    #[test]
    fn cards_are_read_as_they_are_written() {
        let c = cards();
        let d = c.of_spelling("D").unwrap()[0];
        let a = c.of_spelling("A").unwrap()[0];
        for typed in
            ["4 letras", "Palabra de 4 letras", "“palabra  de 4 letras”", "4 letters", "4-letter word"]
        {
            assert_eq!(c.card(typed).unwrap(), Card::Length(4), "{typed}");
        }
        for typed in ["verbo", "Verbo", "tipo de palabra: verbo", "VERB"] {
            assert_eq!(c.card(typed).unwrap(), Card::Verb, "{typed}");
        }
        assert_eq!(c.card("nombre propio").unwrap(), Card::ProperName);
        assert_eq!(c.card("Tipo de palabra: nombre propio").unwrap(), Card::ProperName);
        assert_eq!(c.card("empieza con D").unwrap(), Card::StartsWith(d));
        assert_eq!(c.card("Empieza con d").unwrap(), Card::StartsWith(d));
        assert_eq!(c.card("termina con A").unwrap(), Card::EndsWith(a));
        assert_eq!(c.card("termina con á").unwrap(), Card::EndsWith(a));
        assert_eq!(c.card("tiene una D").unwrap(), Card::Contains(d));
        assert_eq!(c.card("TIENE UNA D").unwrap(), Card::Contains(d));
        let qu = c.of_spelling("QU").unwrap()[0];
        assert_eq!(c.card("empieza con Q").unwrap(), Card::StartsWith(qu));
        assert_eq!(c.card("empieza con qu").unwrap(), Card::StartsWith(qu));
    }

    #[test]
    fn every_wording_filled_in_is_read_as_its_card() {
        let c = cards();
        for lang in [Lang::Es, Lang::En] {
            for wording in c.wordings(lang) {
                let typed = wording.replace(NUMBER, "4").replace(LETTER, "A");
                let card = c.card(&typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
                assert_eq!(c.name(card, lang), typed);
            }
        }
    }

    #[test]
    fn a_card_the_leaflet_does_not_have_is_named_with_what_is_wrong() {
        let c = cards();
        let err = c.card("5 palabras").unwrap_err();
        assert!(matches!(err, DashError::UnknownCard { .. }), "{err}");
        assert!(err.to_string().contains("Palabra de N letras, Tipo de palabra: verbo"), "{err}");
        assert!(
            matches!(c.card("empieza con 7").unwrap_err(), DashError::NotALetterCard { letter, .. } if letter == "7")
        );
        assert!(matches!(c.card("empieza con X").unwrap_err(), DashError::NotALetterCard { .. }));
        assert!(matches!(c.card("tiene una LL").unwrap_err(), DashError::NotALetterCard { .. }));
        assert!(
            matches!(c.card("termina con B").unwrap_err(), DashError::NotAVowel { letter, .. } if letter == "B")
        );
        assert!(matches!(
            c.card("palabra de 9 letras").unwrap_err(),
            DashError::Length { min: 2, max: 7, .. }
        ));
        assert!(matches!(c.card("palabra de 1 letras").unwrap_err(), DashError::Length { .. }));
        assert!(matches!(c.card("").unwrap_err(), DashError::UnknownCard { .. }));
    }

    #[test]
    fn hands_are_read_card_by_card() {
        let c = cards();
        let spelled = |h: &str| c.spell_all(c.hand(h).unwrap().cards());
        assert_eq!(spelled("ATLMNOE"), "A·T·L·M·N·O·E");
        assert_eq!(spelled("b, a, t, r, m, e, f"), "B·A·T·R·M·E·F");
        assert_eq!(spelled("CHQUE"), "CH·QU·E");
        assert_eq!(spelled("C H Q E"), "C·H·QU·E");
        assert_eq!(spelled("LLÇ"), "L·L·CH");
        assert!(matches!(c.hand("ATLMNOEA"), Err(DashError::HandTooLong { got: 8, max: 7 })));
        assert!(matches!(c.hand("ATWMNOE"), Err(DashError::HandNoCard { column: 3, .. })));
        assert!(matches!(c.hand("AT?"), Err(DashError::HandNoCard { column: 3, .. })));
        assert!(matches!(c.hand(" , "), Err(DashError::HandEmpty)));
    }

    #[test]
    fn the_tables_mistakes_name_their_line_and_column() {
        let err = |from: &str, to: &str| {
            let text = CARDS_TOML.replacen(from, to, 1);
            assert_ne!(text, CARDS_TOML, "{from}");
            Cards::parse("dash.toml", &text).unwrap_err().to_string()
        };
        let line = |needle: &str| CARDS_TOML.lines().position(|l| l.contains(needle)).unwrap() + 1;
        let e = err("card = \"verb\"", "card = \"noun\"");
        assert!(e.starts_with(&format!("dash.toml:{}:8: ", line("card = \"verb\""))), "{e}");
        let e = err("\"Tiene una {letter}\"", "\"Tiene una\"");
        assert!(e.contains("written with `{letter}` once"), "{e}");
        let e = err("letter = \"vowel\"", "letter = \"vowels\"");
        assert!(e.starts_with(&format!("dash.toml:{}:", line("letter = \"vowel\""))), "{e}");
        let e = err("max = 7", "max = 8");
        assert!(e.contains("from 1 to the hand's 7 cards"), "{e}");
        let e = err("\"B\", \"C\"", "\"B\", \"B\"");
        assert!(e.contains("listed twice"), "{e}");
    }
}
