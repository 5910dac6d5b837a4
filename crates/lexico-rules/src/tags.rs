//! The names rule files and lemma tables give to words: parts of speech ([`Pos`]), usage and
//! number marks ([`Mark`]) and the categories of the plural lists ([`Category`]). Each list of
//! names is written once, here; readers and the rule-file loaders parse names through it, and
//! what each name decides is the business of the rule set (`plurals/number.toml`,
//! `verbs/rules.toml`).

/// A part of speech of a lemma table (see [`crate::lemmas`]).
///
/// ```
/// use lexico_rules::tags::Pos;
///
/// assert_eq!(Pos::from_name("interj"), Some(Pos::Interj));
/// assert_eq!(Pos::Interj.name(), "interj");
/// assert_eq!(Pos::ALL.len(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pos {
    /// `n`: noun.
    N,
    /// `adj`: adjective.
    Adj,
    /// `pron`: pronoun.
    Pron,
    /// `art`: article.
    Art,
    /// `contr`: contraction.
    Contr,
    /// `adv`: adverb.
    Adv,
    /// `prep`: preposition.
    Prep,
    /// `conj`: conjunction.
    Conj,
    /// `interj`: interjection.
    Interj,
    /// `onomat`: onomatopoeia.
    Onomat,
    /// `loc`: word that occurs only in expressions or locutions.
    Loc,
    /// `form`: term of a compound form.
    Form,
}

/// Every part of speech with its name, in the order rule files check them.
const POS: [(&str, Pos); 12] = [
    ("n", Pos::N),
    ("adj", Pos::Adj),
    ("pron", Pos::Pron),
    ("art", Pos::Art),
    ("contr", Pos::Contr),
    ("adv", Pos::Adv),
    ("prep", Pos::Prep),
    ("conj", Pos::Conj),
    ("interj", Pos::Interj),
    ("onomat", Pos::Onomat),
    ("loc", Pos::Loc),
    ("form", Pos::Form),
];

impl Pos {
    /// Every part of speech, in the order rule files check them.
    pub const ALL: [Pos; 12] = {
        let mut all = [Pos::N; 12];
        let mut i = 0;
        while i < POS.len() {
            all[i] = POS[i].1;
            i += 1;
        }
        all
    };

    /// The table name of the part of speech.
    pub fn name(self) -> &'static str {
        POS.iter().find(|(_, p)| *p == self).map(|(n, _)| *n).expect("every part of speech has a name")
    }

    /// The inverse of [`Pos::name`].
    pub fn from_name(name: &str) -> Option<Pos> {
        POS.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
    }
}

/// A mark of a lemma-table row: its usage or its number. The plurals a row gives (`pl=X|Y`) are
/// no mark but a value (see [`Marks::pl`]).
///
/// ```
/// use lexico_rules::tags::Mark;
///
/// assert_eq!(Mark::from_name("p.us"), Some(Mark::LittleUsed));
/// assert_eq!(Mark::Desus.name(), "desus");
/// assert!(Mark::from_name("pl").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `inv`: invariable in number.
    Inv,
    /// `cursiva`: an unadapted foreign word, shown in italics.
    Cursiva,
    /// `desus`: obsolete (last documented before 1900).
    Desus,
    /// `germ`: germanía, the thieves' cant of the Golden Age.
    Germ,
    /// `ant`: antiquated.
    Ant,
    /// `p.us`: little used.
    LittleUsed,
    /// `geo`: regional (Spanish region or province).
    Geo,
}

/// Every mark with its name, in the order a row's marks are weighed.
const MARKS: [(&str, Mark); 7] = [
    ("inv", Mark::Inv),
    ("cursiva", Mark::Cursiva),
    ("desus", Mark::Desus),
    ("germ", Mark::Germ),
    ("ant", Mark::Ant),
    ("p.us", Mark::LittleUsed),
    ("geo", Mark::Geo),
];

impl Mark {
    /// Every mark, in the order a row's marks are weighed.
    pub const ALL: [Mark; 7] = {
        let mut all = [Mark::Inv; 7];
        let mut i = 0;
        while i < MARKS.len() {
            all[i] = MARKS[i].1;
            i += 1;
        }
        all
    };

    /// The mark as a lemma table writes it.
    pub fn name(self) -> &'static str {
        MARKS.iter().find(|(_, m)| *m == self).map(|(n, _)| *n).expect("every mark has a name")
    }

    /// The inverse of [`Mark::name`].
    pub fn from_name(name: &str) -> Option<Mark> {
        MARKS.iter().find(|(n, _)| *n == name).map(|(_, m)| *m)
    }

    /// The names of every mark, for messages.
    pub fn names() -> impl Iterator<Item = &'static str> {
        MARKS.iter().map(|(n, _)| *n)
    }
}

/// The marks of a lemma-table row, and the plurals it gives.
///
/// ```
/// use lexico_rules::tags::{Mark, Marks};
///
/// let mut marks = Marks::default();
/// marks.insert(Mark::Geo);
/// assert!(marks.has(Mark::Geo) && !marks.has(Mark::Desus));
/// assert_eq!(marks.iter().collect::<Vec<_>>(), [Mark::Geo]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// One bit a mark, by its place in [`Mark::ALL`].
    bits: u8,
    /// `pl=X|Y`: the plurals, overriding every rule.
    pub pl: Option<Vec<String>>,
}

impl Marks {
    /// Returns true if and only if the row carries `mark`.
    pub fn has(&self, mark: Mark) -> bool {
        self.bits & Marks::bit(mark) != 0
    }

    /// Adds `mark`.
    pub fn insert(&mut self, mark: Mark) {
        self.bits |= Marks::bit(mark);
    }

    /// The marks carried, in the order of [`Mark::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = Mark> + '_ {
        Mark::ALL.into_iter().filter(|&m| self.has(m))
    }

    fn bit(mark: Mark) -> u8 {
        1 << Mark::ALL.iter().position(|&m| m == mark).expect("every mark is in ALL")
    }
}

/// The kind of list a word entry of the plural rules comes from. The file name is free; the
/// category tells the engine how to apply the entry. Which article a list cites is the rule
/// file's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// `nadj`: noun or adjective, an exception to the ending rules.
    NounAdj,
    /// `art`: article.
    Art,
    /// `contr`: contraction.
    Contr,
    /// `pron`: pronoun.
    Pron,
    /// `acort`: shortening.
    Acort,
    /// `prefadj`: adjective made of prefix and noun.
    PrefAdj,
    /// `letra`: name of a Spanish letter or digraph.
    Letra,
    /// `griega`: name of a Greek letter.
    Griega,
    /// `nota`: musical note.
    Nota,
    /// `aposicion`: noun that modifies another noun.
    Aposicion,
    /// `tratamiento`: form of address.
    Tratamiento,
    /// `tribu`: name of a tribe or people.
    Tribu,
    /// `adv`: adverb.
    Adv,
    /// `apoc`: apocope.
    Apoc,
    /// `conj`: conjunction.
    Conj,
    /// `loc`: word of an expression or locution.
    Loc,
    /// `cursiva`: unadapted foreign word or Latinism, in italics in the dictionary.
    Cursiva,
    /// `adaptado`: adapted foreign word or Latinism.
    Adaptado,
    /// `interj`: interjection.
    Interj,
    /// `onomat`: onomatopoeia.
    Onomat,
    /// `prep`: preposition.
    Prep,
    /// `envio`: word in a cross-reference entry.
    Envio,
}

const CATEGORIES: [(&str, Category); 22] = [
    ("nadj", Category::NounAdj),
    ("art", Category::Art),
    ("contr", Category::Contr),
    ("pron", Category::Pron),
    ("acort", Category::Acort),
    ("prefadj", Category::PrefAdj),
    ("letra", Category::Letra),
    ("griega", Category::Griega),
    ("nota", Category::Nota),
    ("aposicion", Category::Aposicion),
    ("tratamiento", Category::Tratamiento),
    ("tribu", Category::Tribu),
    ("adv", Category::Adv),
    ("apoc", Category::Apoc),
    ("conj", Category::Conj),
    ("loc", Category::Loc),
    ("cursiva", Category::Cursiva),
    ("adaptado", Category::Adaptado),
    ("interj", Category::Interj),
    ("onomat", Category::Onomat),
    ("prep", Category::Prep),
    ("envio", Category::Envio),
];

impl Category {
    /// The name used in rule files.
    pub fn name(self) -> &'static str {
        CATEGORIES.iter().find(|(_, c)| *c == self).map(|(n, _)| *n).expect("every category has a name")
    }

    /// The inverse of [`Category::name`].
    pub fn from_name(name: &str) -> Option<Category> {
        CATEGORIES.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for p in Pos::ALL {
            assert_eq!(Pos::from_name(p.name()), Some(p));
        }
        for m in Mark::ALL {
            assert_eq!(Mark::from_name(m.name()), Some(m));
        }
        for (name, c) in CATEGORIES {
            assert_eq!(Category::from_name(name), Some(c));
            assert_eq!(c.name(), name);
        }
    }
}
