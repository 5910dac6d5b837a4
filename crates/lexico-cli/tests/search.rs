//! `lexico search` against a brute-force reference: random combinations of conditions, drawn
//! with a fixed seed, on the default lexicon and on the FISE-2 build, give the words and fields a
//! scan of `lexico dump` computes directly (counts of tiles, hooks by lookup, probability order
//! by sorting the combinations of every word of a length). Also: the recipes of
//! `docs/queries.md` run as written.

mod common;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use lexico_lexicon::query::Bag;
use lexico_lexicon::{FormKind, Lexicon};
use lexico_tiles::{Tile, TileSet};
use serde_json::Value;

use common::lexico;

/// Tiles that stand alone in a rack, pattern or list of tiles as they are spelled: no C, H, L
/// or R, which would join a neighbour into CH, LL or RR.
const LOOSE: &[&str] =
    &["A", "E", "I", "O", "U", "S", "N", "T", "D", "M", "B", "Ñ", "CH", "LL", "RR", "Z", "J", "G", "P", "Q"];

/// A small random generator with a fixed seed (xorshift64), so every run draws the same cases.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }

    /// A tile of [`LOOSE`], one of the first eight (the common ones) three times in four.
    fn tile(&mut self, set: &TileSet) -> Tile {
        let n = if self.chance(4) { LOOSE.len() } else { 8 };
        set.tile_named(LOOSE[self.below(n as u64) as usize]).unwrap()
    }
}

/// An inclusive range of counts, and its text for a flag.
#[derive(Clone, Copy, Debug)]
struct Span(u64, u64);

impl Span {
    fn holds(self, n: u64) -> bool {
        self.0 <= n && n <= self.1
    }

    fn text(self) -> String {
        match self {
            Span(a, b) if a == b => a.to_string(),
            Span(0, b) => format!("..{b}"),
            Span(a, u64::MAX) => format!("{a}.."),
            Span(a, b) => format!("{a}..{b}"),
        }
    }

    fn draw(d: &mut Draw, lo: u64, hi: u64) -> Span {
        let a = lo + d.below(hi - lo + 1);
        let b = a + d.below(hi - a + 1);
        match d.below(4) {
            0 => Span(a, a),
            1 if a > 0 => Span(0, b),
            2 => Span(a, u64::MAX),
            _ => Span(a, b),
        }
    }
}

/// A condition as the reference understands it.
#[derive(Clone, Debug)]
enum Test {
    Length(Span),
    /// A crossword pattern of tiles, `?` (None) and a final `*`.
    Pattern(Vec<Option<Tile>>, bool),
    /// `.*X.*Y.*`: the tiles in this order, anything around them.
    Regex(Vec<Tile>),
    Anagram(Vec<Tile>, usize),
    Sub(Vec<Tile>, usize),
    Super(Vec<Tile>, usize),
    Prefix(Vec<Tile>),
    Suffix(Vec<Tile>),
    Contains(Vec<(Tile, usize)>),
    /// These tiles only, or, with a span, this share of the word's tiles in whole percent.
    Only(Vec<Tile>, Option<Span>),
    Vowels(Span),
    Value(Span),
    ProbabilityOrder(Span),
    Anagrams(Span),
    FrontHooks(Span),
    BackHooks(Span),
    FrontHook(Vec<Tile>),
    BackHook(Vec<Tile>),
    Distinct(Span),
    TakesPrefix(Vec<Tile>),
    TakesSuffix(Vec<Tile>),
    /// An exact anagram of tiles, blanks, classes and, if true, a `*`.
    Classes(Vec<Tile>, usize, Vec<Vec<Tile>>, bool),
    NewSince,
    In,
    Generated,
    Listed,
}

#[derive(Clone, Debug)]
struct Cond {
    test: Test,
    negated: bool,
}

/// Every word of a lexicon and what the reference knows of each.
struct Reference {
    set: TileSet,
    lex: Lexicon,
    words: Vec<Vec<Tile>>,
    valid: HashSet<Vec<Tile>>,
    /// Each word's probability order and combinations.
    order: HashMap<Vec<Tile>, (u64, u64)>,
    /// The number of words of each alphagram.
    groups: HashMap<Vec<Tile>, u64>,
    /// The other lexicon of `new-since` and `in`.
    other: HashSet<Vec<Tile>>,
    /// How `--lexicon` and `--new-since` name the lexicons.
    lexicon_arg: String,
    other_arg: String,
}

/// A word's combinations, alphagram and tiles, in the order that ranks it.
type Ranked = (u64, Vec<Tile>, Vec<Tile>);

fn alphagram(w: &[Tile]) -> Vec<Tile> {
    let mut a = w.to_vec();
    a.sort_unstable();
    a
}

/// Whether each tile of `w` can take its own element of `elements` (the tiles each accepts),
/// every element used; tiles left over only with a `*`.
fn assigns(w: &[Tile], elements: &[Vec<Tile>], used: &mut [bool], star: bool) -> bool {
    let Some((&t, rest)) = w.split_first() else {
        return used.iter().all(|&u| u);
    };
    for i in 0..elements.len() {
        if !used[i] && elements[i].contains(&t) {
            used[i] = true;
            let fits = assigns(rest, elements, used, star);
            used[i] = false;
            if fits {
                return true;
            }
        }
    }
    star && assigns(rest, elements, used, star)
}

fn dump(lexicon: &str) -> Vec<Vec<Tile>> {
    let set = lexico_lexicon::fise_2016_tiles();
    let out = lexico().args(["dump", "--tiles", "--lexicon", lexicon]).output().expect("lexico runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| set.parse_word(l).unwrap()).collect()
}

impl Reference {
    fn new(lexicon_arg: &str, lex: Lexicon, other_arg: &str) -> Reference {
        let set = lexico_lexicon::fise_2016_tiles();
        let words = dump(lexicon_arg);
        let valid: HashSet<Vec<Tile>> = words.iter().cloned().collect();
        let bag = Bag::of(&set);
        let mut by_length: HashMap<usize, Vec<Ranked>> = HashMap::new();
        let mut groups = HashMap::new();
        for w in &words {
            by_length.entry(w.len()).or_default().push((bag.combinations(w), alphagram(w), w.clone()));
            *groups.entry(alphagram(w)).or_insert(0) += 1;
        }
        let mut order = HashMap::new();
        for (_, mut list) in by_length {
            // Most combinations first; equal ones by alphagram, then by word.
            list.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)).then_with(|| a.2.cmp(&b.2)));
            for (i, (c, _, w)) in list.into_iter().enumerate() {
                order.insert(w, (i as u64 + 1, c));
            }
        }
        let other = dump(other_arg).into_iter().collect();
        Reference {
            set,
            lex,
            words,
            valid,
            order,
            groups,
            other,
            lexicon_arg: lexicon_arg.into(),
            other_arg: other_arg.into(),
        }
    }

    fn hooks(&self, w: &[Tile]) -> (Vec<Tile>, Vec<Tile>) {
        let mut front = Vec::new();
        let mut back = Vec::new();
        for t in self.set.all() {
            let mut f = vec![t];
            f.extend_from_slice(w);
            if self.valid.contains(&f) {
                front.push(t);
            }
            let mut b = w.to_vec();
            b.push(t);
            if self.valid.contains(&b) {
                back.push(t);
            }
        }
        (front, back)
    }

    fn generated(&self, w: &[Tile]) -> bool {
        let d = self.lex.derivations(w).expect("provenance reads");
        matches!(d[0].slot.kind, FormKind::Plural | FormKind::Feminine | FormKind::VerbForm)
    }

    fn holds(&self, c: &Cond, w: &[Tile]) -> bool {
        let count = |t: Tile| w.iter().filter(|&&x| x == t).count();
        let rack_fit = |rack: &[Tile], blanks: usize| {
            let mut left = rack.to_vec();
            let mut lacking = 0;
            for t in w {
                match left.iter().position(|x| x == t) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => lacking += 1,
                }
            }
            lacking <= blanks
        };
        let holds = match &c.test {
            Test::Length(s) => s.holds(w.len() as u64),
            Test::Pattern(p, star) => {
                (if *star { w.len() >= p.len() } else { w.len() == p.len() })
                    && p.iter().zip(w).all(|(x, t)| x.is_none_or(|x| x == *t))
            }
            Test::Regex(tiles) => {
                let mut rest = w;
                tiles.iter().all(|t| match rest.iter().position(|x| x == t) {
                    Some(i) => {
                        rest = &rest[i + 1..];
                        true
                    }
                    None => false,
                })
            }
            Test::Anagram(r, b) => w.len() == r.len() + b && rack_fit(r, *b),
            Test::Sub(r, b) => w.len() <= r.len() + b && rack_fit(r, *b),
            Test::Super(r, b) => {
                w.len() >= r.len() + b && r.iter().all(|&t| count(t) >= r.iter().filter(|&&x| x == t).count())
            }
            Test::Prefix(p) => w.starts_with(p),
            Test::Suffix(p) => w.ends_with(p),
            Test::Contains(c) => c.iter().all(|&(t, k)| count(t) >= k),
            Test::Only(tiles, None) => w.iter().all(|t| tiles.contains(t)),
            Test::Only(tiles, Some(share)) => {
                let inside = w.iter().filter(|t| tiles.contains(t)).count() as u64;
                share.holds(inside * 100 / w.len() as u64)
            }
            Test::Vowels(s) => s
                .holds(w.iter().filter(|&&t| ["A", "E", "I", "O", "U"].contains(&self.set.name(t))).count()
                    as u64),
            Test::Value(s) => s.holds(self.set.value(w) as u64),
            Test::ProbabilityOrder(s) => s.holds(self.order[w].0),
            Test::Anagrams(s) => s.holds(self.groups[&alphagram(w)]),
            Test::FrontHooks(s) => s.holds(self.hooks(w).0.len() as u64),
            Test::BackHooks(s) => s.holds(self.hooks(w).1.len() as u64),
            Test::FrontHook(tiles) => tiles.iter().all(|t| self.hooks(w).0.contains(t)),
            Test::BackHook(tiles) => tiles.iter().all(|t| self.hooks(w).1.contains(t)),
            Test::Distinct(s) => s.holds(w.iter().collect::<HashSet<_>>().len() as u64),
            Test::TakesPrefix(p) => self.valid.contains(&[&p[..], w].concat()),
            Test::TakesSuffix(p) => self.valid.contains(&[w, &p[..]].concat()),
            Test::Classes(tiles, blanks, classes, star) => {
                let mut elements: Vec<Vec<Tile>> = tiles.iter().map(|&t| vec![t]).collect();
                elements.extend(classes.iter().cloned());
                elements.extend((0..*blanks).map(|_| self.set.all().collect()));
                let mut used = vec![false; elements.len()];
                assigns(w, &elements, &mut used, *star)
            }
            Test::NewSince => !self.other.contains(w),
            Test::In => self.other.contains(w),
            Test::Generated => self.generated(w),
            Test::Listed => !self.generated(w),
        };
        holds != c.negated
    }

    /// The flags of a condition.
    fn args(&self, c: &Cond) -> Vec<String> {
        let spell = |tiles: &[Tile]| tiles.iter().map(|&t| self.set.name(t)).collect::<String>();
        let rack = |r: &[Tile], b: usize| format!("{}{}", spell(r), "?".repeat(b));
        let (name, value) = match &c.test {
            Test::Length(s) => ("length", Some(s.text())),
            Test::Pattern(p, star) => {
                let mut text: String = p.iter().map(|x| x.map_or("?", |t| self.set.name(t))).collect();
                if *star {
                    text.push('*');
                }
                ("pattern", Some(text))
            }
            Test::Regex(tiles) => {
                let inner: Vec<&str> = tiles.iter().map(|&t| self.set.name(t)).collect();
                ("regex", Some(format!(".*{}.*", inner.join(".*"))))
            }
            Test::Anagram(r, b) => ("anagram", Some(rack(r, *b))),
            Test::Sub(r, b) => ("sub", Some(rack(r, *b))),
            Test::Super(r, b) => ("super", Some(rack(r, *b))),
            Test::Prefix(p) => ("prefix", Some(spell(p))),
            Test::Suffix(p) => ("suffix", Some(spell(p))),
            Test::Contains(counts) => {
                let pieces: Vec<String> = counts
                    .iter()
                    .map(|&(t, k)| {
                        if k == 1 {
                            self.set.name(t).to_string()
                        } else {
                            format!("{}{k}", self.set.name(t))
                        }
                    })
                    .collect();
                ("contains", Some(pieces.join(",")))
            }
            Test::Only(tiles, None) => ("only", Some(spell(tiles))),
            Test::Only(tiles, Some(share)) => ("only", Some(format!("{}:{}", spell(tiles), share.text()))),
            Test::Vowels(s) => ("vowels", Some(s.text())),
            Test::Value(s) => ("value", Some(s.text())),
            Test::ProbabilityOrder(s) => ("probability-order", Some(s.text())),
            Test::Anagrams(s) => ("anagrams", Some(s.text())),
            Test::FrontHooks(s) => ("front-hooks", Some(s.text())),
            Test::BackHooks(s) => ("back-hooks", Some(s.text())),
            Test::FrontHook(tiles) => ("front-hook", Some(spell(tiles))),
            Test::BackHook(tiles) => ("back-hook", Some(spell(tiles))),
            Test::Distinct(s) => ("distinct", Some(s.text())),
            Test::TakesPrefix(p) => ("takes-prefix", Some(spell(p))),
            Test::TakesSuffix(p) => ("takes-suffix", Some(spell(p))),
            Test::Classes(tiles, blanks, classes, star) => {
                let mut text = rack(tiles, *blanks);
                for class in classes {
                    text.push_str(&format!("[{}]", spell(class)));
                }
                if *star {
                    text.push('*');
                }
                ("anagram", Some(text))
            }
            Test::NewSince => ("new-since", Some(self.other_arg.clone())),
            Test::In => ("in", Some(self.other_arg.clone())),
            Test::Generated => ("generated", None),
            Test::Listed => ("listed", None),
        };
        let flag = if c.negated { format!("--not-{name}") } else { format!("--{name}") };
        let mut args = vec![flag];
        args.extend(value);
        args
    }

    /// The JSON rows the search of `conds` must print, in study order.
    fn expected(&self, conds: &[Cond]) -> Vec<Value> {
        let marks = conds.iter().any(|c| matches!(c.test, Test::NewSince));
        // Cheap tests first: a word's hooks take a lookup per tile, its provenance a scan.
        let mut conds = conds.to_vec();
        conds.sort_by_key(|c| match c.test {
            Test::FrontHooks(_) | Test::BackHooks(_) | Test::FrontHook(_) | Test::BackHook(_) => 1,
            Test::Generated | Test::Listed => 2,
            _ => 0,
        });
        let mut kept: Vec<&Vec<Tile>> =
            self.words.iter().filter(|w| conds.iter().all(|c| self.holds(c, w))).collect();
        kept.sort_by_key(|w| (w.len(), self.order[*w].0));
        let spell_list =
            |tiles: &[Tile]| tiles.iter().map(|&t| self.set.name(t)).collect::<Vec<_>>().join(" ");
        kept.into_iter()
            .map(|w| {
                let (front, back) = self.hooks(w);
                let n = w.len();
                let mut row = serde_json::json!({
                    "word": self.set.spell(w),
                    "length": n,
                    "probability_order": self.order[w].0,
                    "combinations": self.order[w].1,
                    "anagrams": self.groups[&alphagram(w)],
                    "front_hooks": spell_list(&front),
                    "back_hooks": spell_list(&back),
                    "inner_front": n > 1 && self.valid.contains(&w[1..]),
                    "inner_back": n > 1 && self.valid.contains(&w[..n - 1]),
                    "value": self.set.value(w),
                });
                if marks {
                    row["new"] = Value::Bool(!self.other.contains(w));
                }
                row
            })
            .collect()
    }

    /// A random combination: a length and one to four other conditions, any of them negated.
    fn draw(&self, d: &mut Draw, provenance: bool) -> Vec<Cond> {
        let set = &self.set;
        // A closed range of lengths: the reference computes hooks for every word it keeps.
        let least = 2 + d.below(7);
        let length = match d.below(3) {
            0 => Span(least, least),
            1 => Span(least, least + 1),
            _ => Span(0, 2 + d.below(2)),
        };
        let mut conds = vec![Cond { test: Test::Length(length), negated: false }];
        let tiles = |d: &mut Draw, least: u64, spread: u64| {
            let n = least + d.below(spread);
            (0..n).map(|_| d.tile(set)).collect::<Vec<_>>()
        };
        for _ in 0..1 + d.below(4) {
            let test = match d.below(if provenance { 25 } else { 23 }) {
                0 => {
                    let len = 2 + d.below(5) as usize;
                    let p = (0..len).map(|_| if d.chance(2) { None } else { Some(d.tile(set)) }).collect();
                    Test::Pattern(p, d.chance(2))
                }
                1 => Test::Regex(tiles(d, 1, 2)),
                2 => {
                    let rack = tiles(d, 4, 4);
                    Test::Anagram(rack, d.below(3) as usize)
                }
                3 => {
                    let rack = tiles(d, 5, 4);
                    Test::Sub(rack, d.below(3) as usize)
                }
                4 => {
                    let rack = tiles(d, 1, 3);
                    Test::Super(rack, d.below(2) as usize)
                }
                5 => Test::Prefix(tiles(d, 1, 2)),
                6 => Test::Suffix(tiles(d, 1, 2)),
                7 => {
                    let mut c: Vec<(Tile, usize)> = Vec::new();
                    for _ in 0..1 + d.below(2) {
                        let t = d.tile(set);
                        if !c.iter().any(|x| x.0 == t) {
                            c.push((t, 1 + d.below(2) as usize));
                        }
                    }
                    Test::Contains(c)
                }
                8 if d.chance(2) => Test::Only(tiles(d, 6, 6), None),
                // A share as players ask for one: at least, or at most, so many percent.
                8 if d.chance(2) => Test::Only(tiles(d, 3, 6), Some(Span(d.below(80), 100))),
                8 => Test::Only(tiles(d, 3, 6), Some(Span(0, 20 + d.below(80)))),
                9 => Test::Vowels(Span::draw(d, 0, 5)),
                10 => Test::Value(Span::draw(d, 2, 20)),
                11 => Test::ProbabilityOrder(Span::draw(d, 1, 3000)),
                12 => Test::Anagrams(Span::draw(d, 1, 4)),
                13 => Test::FrontHooks(Span::draw(d, 0, 4)),
                14 => Test::BackHooks(Span::draw(d, 0, 4)),
                15 => Test::NewSince,
                16 => Test::In,
                17 => Test::Contains(vec![(d.tile(set), 1)]),
                18 if d.chance(2) => Test::FrontHook(tiles(d, 1, 2)),
                18 => Test::BackHook(tiles(d, 1, 2)),
                19 if d.chance(2) => Test::Distinct(Span(0, 4 + d.below(5))),
                19 => Test::Distinct(Span(1 + d.below(4), u64::MAX)),
                // Affixes that make words: a random run of tiles seldom does.
                20 if d.chance(2) => {
                    let affixes = ["RE", "DES", "A", "EN"];
                    Test::TakesPrefix(set.parse_word(affixes[d.below(4) as usize]).unwrap())
                }
                20 => {
                    let affixes = ["S", "ES", "N", "R"];
                    Test::TakesSuffix(set.parse_word(affixes[d.below(4) as usize]).unwrap())
                }
                21 => Test::Classes(tiles(d, 1, 2), d.below(2) as usize, vec![tiles(d, 2, 4)], true),
                // Exact racks with classes, whose lengths must be the word's, are drawn short.
                22 if d.chance(3) => {
                    Test::Classes(tiles(d, 1, 1), d.below(2) as usize, vec![tiles(d, 5, 4)], false)
                }
                22 => Test::Classes(tiles(d, 1, 1), 0, vec![tiles(d, 3, 3), tiles(d, 3, 3)], true),
                23 => Test::Generated,
                _ => Test::Listed,
            };
            let negated = d.chance(4);
            // A flag without a value is given once.
            let twice = |c: &Cond| {
                c.negated == negated
                    && matches!(
                        (&c.test, &test),
                        (Test::Generated, Test::Generated) | (Test::Listed, Test::Listed)
                    )
            };
            if !conds.iter().any(twice) {
                conds.push(Cond { negated, test });
            }
        }
        if conds.iter().any(|c| matches!(c.test, Test::Generated | Test::Listed)) {
            // The reference reads a word's provenance by its rank, one scan of the word store
            // each: a prefix keeps the words it reads few.
            conds.push(Cond { test: Test::Prefix(tiles(d, 2, 1)), negated: false });
        }
        conds
    }

    /// Runs `n` random combinations and compares every row.
    fn check(&self, seed: u64, n: usize, provenance: bool) {
        let mut d = Draw(seed);
        let mut nonempty = 0;
        for case in 0..n {
            let conds = self.draw(&mut d, provenance);
            nonempty += usize::from(self.compare(case, &conds));
        }
        // The draws must test something: a third of the combinations or more find words (up to
        // five conditions, a rack's exact length among them, often keep none).
        assert!(nonempty * 3 >= n, "only {nonempty} of {n} combinations found words");
    }

    /// Runs `lexico search` with the conditions and compares its rows with the reference's;
    /// returns whether there were any.
    fn compare(&self, case: usize, conds: &[Cond]) -> bool {
        {
            let args: Vec<String> = conds.iter().flat_map(|c| self.args(c)).collect();
            let out = lexico()
                .args(["search", "--format", "json", "--lexicon", &self.lexicon_arg])
                .args(&args)
                .output()
                .expect("lexico runs");
            let code = out.status.code();
            assert!(
                code == Some(0) || code == Some(1),
                "case {case} {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let got: Vec<Value> = String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| {
                    let mut v: Value = serde_json::from_str(l).unwrap();
                    // The probability is combinations over a binomial coefficient: checked
                    // apart from the rest, as a ratio.
                    v.as_object_mut().unwrap().remove("probability");
                    // The alphagram reads back as the word's tiles in tile order, and is their
                    // natural spelling but for brackets.
                    let printed = v.as_object_mut().unwrap().remove("alphagram").unwrap();
                    let printed = printed.as_str().unwrap();
                    let tiles = alphagram(&self.set.parse_word(v["word"].as_str().unwrap()).unwrap());
                    assert_eq!(self.set.parse_word(printed).unwrap(), tiles, "case {case}: {printed}");
                    assert_eq!(printed.replace(['[', ']'], ""), self.set.spell(&tiles));
                    v
                })
                .collect();
            let expected = self.expected(conds);
            assert_eq!(code, Some(if expected.is_empty() { 1 } else { 0 }), "case {case} {args:?}");
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                assert_eq!(g, e, "case {case} {args:?}: row {i}");
            }
            assert_eq!(got.len(), expected.len(), "case {case} {args:?}: rows");
            !expected.is_empty()
        }
    }
}

/// The default lexicon and, for `new-since` and `in`, a lexicon of every third of its words,
/// built from a plain list in a scratch folder of the test's own (`test`): tests run at once.
fn default_reference(test: &str) -> Reference {
    let dir = common::temp_dir("search", &format!("third-{test}"));
    let list = dir.join("third.txt");
    let words = dump("embedded");
    let set = lexico_lexicon::fise_2016_tiles();
    let text: String = words.iter().step_by(3).map(|w| set.spell(w).to_lowercase() + "\n").collect();
    std::fs::write(&list, text).unwrap();
    let third = dir.join("third.lex");
    let out = lexico().args(["build", "--quiet", "-o"]).arg(&third).arg(&list).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Reference::new("embedded", lexico_default::lexicon(), third.to_str().unwrap())
}

/// The FISE-2 build, made once per test run.
fn fise2() -> &'static PathBuf {
    common::fise2_build("search")
}

#[test]
fn random_searches_on_the_default_lexicon_equal_the_reference() {
    default_reference("random").check(0x5eed_0003, 30, true);
}

/// Zyzzyva's "consist of": shares of vowels, at least and at most, and their negations.
#[test]
fn shares_of_tiles_equal_the_reference() {
    let r = default_reference("shares");
    let vowels = r.set.parse_word("AEIOU").unwrap();
    for (case, share) in [Span(60, 100), Span(0, 25), Span(50, 50), Span(100, 100)].into_iter().enumerate() {
        for negated in [false, true] {
            let length = Cond { test: Test::Length(Span(2, 5)), negated: false };
            let only = Cond { test: Test::Only(vowels.clone(), Some(share)), negated };
            let any = r.compare(case, &[length, only]);
            assert!(any || share.0 == 100, "{share:?}, negated {negated}: no word");
        }
    }
}

#[test]
fn random_searches_on_the_fise2_build_equal_the_reference() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let path = fise2();
    let lex = Lexicon::open(path).unwrap();
    Reference::new(path.to_str().unwrap(), lex, "embedded").check(0x5eed_0002, 15, true);
}

/// The probability of every row is its combinations over the draws of as many tiles.
#[test]
fn probability_is_combinations_over_the_draws_of_its_length() {
    let out =
        lexico().args(["search", "--length", "2..3", "--format", "json", "--limit", "50"]).output().unwrap();
    let choose = |n: u64, k: u64| (0..k).fold(1f64, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let (c, n) = (v["combinations"].as_u64().unwrap(), v["length"].as_u64().unwrap());
        let p = v["probability"].as_f64().unwrap();
        assert!((p - c as f64 / choose(100, n)).abs() < 1e-12, "{line}");
    }
}

/// Bad values are told on one line naming the flag, exit 2.
#[test]
fn a_bad_condition_names_its_flag() {
    for (args, said) in [
        (&["--length", "8..7"][..], "--length '8..7': 8..7 is empty"),
        (&["--contains", "A0"], "--contains 'A0': column 2: a count"),
        (&["--only", "A?"], "--only 'A?': '?' is a blank"),
        (&["--only", "AEIOU:x"], "--only 'AEIOU:x': 'x' is not a count"),
        (&["--probability-order", "x"], "--probability-order 'x': 'x' is not a count"),
        (&["--pattern", "A@"], "--pattern 'A@': column 2"),
    ] {
        let out = lexico().arg("search").args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("lexico: {said}")), "{args:?}: {err}");
    }
}

/// The commands of the code blocks of `docs/queries.md`'s recipes: each line that starts with
/// `$ lexico search`, run as written (FISE-2 ones on the FISE-2 build).
#[test]
fn the_recipes_of_the_queries_guide_run() {
    let doc = std::fs::read_to_string(common::workspace().join("docs/queries.md")).unwrap();
    let recipes: Vec<&str> = doc.lines().filter_map(|l| l.strip_prefix("$ lexico search ")).collect();
    assert!(recipes.len() >= 5, "the guide lists {} recipes", recipes.len());
    let fise2_present = !lexico_testdata::fise2_missing();
    for recipe in recipes {
        let mut args: Vec<String> = split(recipe);
        if let Some(i) = args.iter().position(|a| a == "FISE-2.lex") {
            if !fise2_present {
                continue;
            }
            args[i] = fise2().display().to_string();
        }
        let out = lexico().arg("search").args(&args).output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{recipe}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!stdout.is_empty(), "{recipe}: no rows");
    }
}

/// Splits a command line at spaces, keeping what is between single quotes together.
fn split(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut arg = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !arg.is_empty() {
                    args.push(std::mem::take(&mut arg));
                }
            }
            _ => arg.push(c),
        }
    }
    if !arg.is_empty() {
        args.push(arg);
    }
    args
}

/// Every alphagram `lexico search` prints for a lexicon, in CSV, JSON and text alike, reads back
/// as its word's tiles in tile order, and is their natural spelling but for brackets. Returns
/// how many rows there are and how many alphagrams needed brackets.
fn every_alphagram_reads_back(lexicon: &str) -> (usize, usize) {
    let set = lexico_lexicon::fise_2016_tiles();
    let run = |format: &str| {
        let out = lexico().args(["search", "--format", format, "--lexicon", lexicon]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = run("csv");
    let mut printed: Vec<&str> = Vec::new();
    let mut bracketed = 0;
    for line in csv.lines().skip(1) {
        // Neither a word nor an alphagram holds a comma or a quote.
        let mut fields = line.split(',');
        let (word, shown) = (fields.next().unwrap(), fields.next().unwrap());
        let tiles = alphagram(&set.parse_word(word).unwrap());
        assert_eq!(set.parse_word(shown).unwrap(), tiles, "{word}: {shown}");
        assert_eq!(shown.replace(['[', ']'], ""), set.spell(&tiles), "{word}: {shown}");
        bracketed += usize::from(shown.contains('['));
        printed.push(shown);
    }
    let json = run("json");
    assert_eq!(json.lines().count(), printed.len());
    for (line, &shown) in json.lines().zip(&printed) {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["alphagram"], shown, "{line}");
    }
    // Text shows the alphagram after the probability order, on the first word of its group.
    let text = run("text");
    assert_eq!(text.lines().count(), printed.len());
    let mut shown_in_text = 0;
    for (line, &shown) in text.lines().zip(&printed) {
        let rest = line.trim_start().trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix("  ").unwrap();
        if !rest.starts_with(' ') {
            assert_eq!(rest.split(' ').next().unwrap(), shown, "{line}");
            shown_in_text += 1;
        }
    }
    assert!(shown_in_text * 2 > printed.len(), "{shown_in_text} alphagrams in text");
    (printed.len(), bracketed)
}

#[test]
fn every_alphagram_of_the_default_lexicon_reads_back() {
    let (rows, bracketed) = every_alphagram_reads_back("embedded");
    assert!(rows > 100_000 && bracketed > 1000, "{rows} rows, {bracketed} bracketed");
}

#[test]
fn every_alphagram_of_the_fise2_build_reads_back() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let (rows, bracketed) = every_alphagram_reads_back(fise2().to_str().unwrap());
    assert!(rows > 100_000 && bracketed > 1000, "{rows} rows, {bracketed} bracketed");
}

/// A stem of six tiles (in tile order), its draws with no blank and its usable tiles.
type RankedStem = (Vec<Tile>, u64, u64);

/// Zyzzyva's Type I, II and III sets, computed by brute force from `words` as
/// `docs/queries.md` defines them: the top 100 stems (every six-tile part of a valid seven,
/// scored by its draws with no blank times the bag's tiles that make a valid seven with it),
/// then each word of 7 or 8 tiles tested against the stems, the multiset and the thresholds.
/// Returns the stems, best first, and the words of each Type.
fn bingo_types(words: &[Vec<Tile>]) -> (Vec<RankedStem>, [HashSet<Vec<Tile>>; 3]) {
    let set = lexico_lexicon::fise_2016_tiles();
    let count = |t: Tile| u64::from(set.get(t).unwrap().count);
    let copies = |w: &[Tile], t: Tile| w.iter().filter(|&&x| x == t).count() as u64;
    let choose = |n: u64, k: u64| if k > n { 0 } else { (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1)) };
    let sevens: HashSet<Vec<Tile>> = words.iter().filter(|w| w.len() == 7).map(|w| alphagram(w)).collect();
    let mut stems: HashSet<Vec<Tile>> = HashSet::new();
    for a in &sevens {
        for i in 0..7 {
            let mut s = a.clone();
            s.remove(i);
            stems.insert(s);
        }
    }
    let mut ranked: Vec<RankedStem> = stems
        .into_iter()
        .map(|s| {
            let mut distinct = s.clone();
            distinct.dedup();
            let draws = distinct.iter().map(|&t| choose(count(t), copies(&s, t))).product::<u64>();
            let usable = set
                .all()
                .filter(|&t| sevens.contains(&alphagram(&[&s[..], &[t]].concat())))
                .map(|t| count(t).saturating_sub(copies(&s, t)))
                .sum::<u64>();
            (s, draws, usable)
        })
        .filter(|(_, draws, usable)| draws * usable > 0)
        .collect();
    ranked.sort_by(|a, b| (b.1 as u128 * b.2 as u128).cmp(&(a.1 as u128 * a.2 as u128)).then(a.0.cmp(&b.0)));
    ranked.truncate(100);
    let holds = |w: &[Tile], part: &[Tile]| part.iter().all(|&t| copies(w, t) >= copies(part, t));
    let s = set.tile_named("S").unwrap();
    let within_two = |w: &[Tile]| set.all().all(|t| copies(w, t) <= count(t) / 3 + u64::from(t == s));
    let bag = Bag::of(&set);
    let pairs: Vec<Tile> = set.all().filter(|&t| count(t) == 2).collect();
    let mut least = [u64::MAX; 2];
    for (stem, _, _) in &ranked {
        for &t in pairs.iter().filter(|t| !stem.contains(t)) {
            least[0] = least[0].min(bag.combinations(&[&stem[..], &[t]].concat()));
            for &u in pairs.iter().filter(|&&u| u != t && !stem.contains(&u)) {
                least[1] = least[1].min(bag.combinations(&[&stem[..], &[t, u]].concat()));
            }
        }
    }
    let mut types: [HashSet<Vec<Tile>>; 3] = Default::default();
    for w in words.iter().filter(|w| w.len() == 7 || w.len() == 8) {
        if ranked.iter().any(|(stem, _, _)| holds(w, stem)) {
            types[0].insert(w.clone());
        } else if within_two(w) {
            types[1].insert(w.clone());
        } else if bag.combinations(w) >= least[w.len() - 7] {
            types[2].insert(w.clone());
        }
    }
    (ranked, types)
}

/// The words `lexico search ARGS` lists on `lexicon`.
fn searched(lexicon: &str, args: &[&str]) -> HashSet<Vec<Tile>> {
    let set = lexico_lexicon::fise_2016_tiles();
    let out = lexico().args(["search", "--format", "csv", "--lexicon", lexicon]).args(args).output().unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().skip(1).map(|l| set.parse_word(l.split(',').next().unwrap()).unwrap()).collect()
}

/// `--bingo-type` lists the brute force's words of each Type, and `--not-bingo-type` every other
/// word of the lexicon. Returns the stems for the guide's table.
fn bingo_types_equal_the_brute_force(lexicon: &str) -> Vec<RankedStem> {
    let words = dump(lexicon);
    let (stems, types) = bingo_types(&words);
    assert_eq!(stems.len(), 100);
    for (kind, expected) in types.iter().enumerate() {
        let roman = ["I", "II", "III"][kind];
        let got = searched(lexicon, &["--bingo-type", &(kind + 1).to_string()]);
        assert!(expected.len() > 100, "Type {roman}: only {} words", expected.len());
        assert!(got == *expected, "Type {roman}: {} listed, {} expected", got.len(), expected.len());
        assert_eq!(
            searched(lexicon, &["--bingo-type", roman, "--length", "8"]).len(),
            expected.iter().filter(|w| w.len() == 8).count()
        );
        let others = searched(lexicon, &["--not-bingo-type", roman]);
        assert_eq!(others.len() + got.len(), words.len(), "Type {roman}: the complement");
        assert!(others.is_disjoint(&got), "Type {roman}");
    }
    stems
}

#[test]
fn bingo_types_of_the_default_lexicon_equal_a_brute_force() {
    bingo_types_equal_the_brute_force("embedded");
}

/// Also: the guide's table of the ten top stems of FISE-2 is these.
#[test]
fn bingo_types_of_the_fise2_build_equal_a_brute_force() {
    if lexico_testdata::fise2_missing() {
        return;
    }
    let stems = bingo_types_equal_the_brute_force(fise2().to_str().unwrap());
    let set = lexico_lexicon::fise_2016_tiles();
    let thousands = |n: u64| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    let table: Vec<String> = stems[..10]
        .iter()
        .enumerate()
        .map(|(i, (stem, draws, usable))| {
            let spelled = stem.iter().map(|&t| format!("{} ", set.name(t))).collect::<String>();
            format!(
                "| {} | {} | {} | {} | {} |",
                i + 1,
                spelled.trim_end(),
                thousands(*draws),
                usable,
                thousands(draws * usable)
            )
        })
        .collect();
    let doc = std::fs::read_to_string(common::workspace().join("docs/queries.md")).unwrap();
    let shown: Vec<&str> = doc
        .lines()
        .skip_while(|l| !l.starts_with("| Rank | Stem |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(shown, table, "docs/queries.md's top stems; they are:\n{}", table.join("\n"));
}

/// A bad Type is told on one line, exit 2.
#[test]
fn a_bad_bingo_type_is_one_line() {
    let out = lexico().args(["search", "--bingo-type", "IV"]).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err, "lexico: --bingo-type 'IV': 'IV' is not a bingo type: 1, 2 or 3 (I, II or III)\n");
}

/// `lexico anagram` reads classes and `*` as `lexico search` does: the same words for the same
/// racks, exact, sub and super, on the default lexicon and on the FISE-2 build.
#[test]
fn anagram_racks_with_classes_list_the_words_of_search() {
    let set = lexico_lexicon::fise_2016_tiles();
    let mut lexicons = vec!["embedded".to_string()];
    if !lexico_testdata::fise2_missing() {
        lexicons.push(fise2().display().to_string());
    }
    let cases: &[(&str, &str, &[&str])] = &[
        ("", "AEIS[LNRT]??", &["--anagram"]),
        ("", "AR[MS]*", &["--anagram"]),
        ("", "[^AEIOU]ASA", &["--anagram"]),
        ("", "[AE][EI]S*", &["--anagram"]),
        ("", "C[AEIOU][AEIOU]??", &["--anagram"]),
        ("--sub", "CAS[AEIOU]?", &["--sub"]),
        ("--sub", "[LNRT]AEI[^S]", &["--sub"]),
        ("--super", "ÑU[AEIOU]", &["--length", "..15", "--super"]),
        ("--super", "Q[AEIOU]?", &["--length", "..15", "--super"]),
    ];
    for lexicon in &lexicons {
        for &(mode, rack, search) in cases {
            let mut anagram = lexico();
            anagram.args(["anagram", "--format", "csv", "--lexicon", lexicon]);
            if !mode.is_empty() {
                anagram.arg(mode);
            }
            let out = anagram.arg(rack).output().unwrap();
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{rack}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8(out.stdout).unwrap();
            let mut blanks = 0;
            let got: HashSet<Vec<Tile>> = text
                .lines()
                .skip(1)
                .map(|l| {
                    let fields: Vec<&str> = l.split(',').collect();
                    let word = fields[1];
                    // A tile played by a blank is in lower case and scores nothing.
                    blanks += word.chars().filter(|c| c.is_lowercase()).count();
                    set.parse_word(word).unwrap()
                })
                .collect();
            let mut args = search.to_vec();
            args.push(rack);
            let want = searched(lexicon, &args);
            assert!(!want.is_empty(), "{rack}: no words");
            assert!(got == want, "{mode} {rack}: {} words, search lists {}", got.len(), want.len());
            if rack.contains('?') && mode != "--super" {
                assert!(blanks > 0, "{rack}: no blank shown");
            }
        }
    }
}

/// A bad class in an anagram rack is told on one line, exit 2; `*` is for exact anagrams.
#[test]
fn a_bad_class_in_an_anagram_rack_is_one_line() {
    for (args, said) in [
        (&["A[EI"][..], "lexico: argument 1: 'A[EI': column 2: '[' has no closing ']'"),
        (&["--sub", "AR*"], "lexico: argument 1: 'AR*': '*' (any further tiles) is for exact anagrams"),
    ] {
        let out = lexico().arg("anagram").args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(said), "{args:?}: {err}");
    }
}
