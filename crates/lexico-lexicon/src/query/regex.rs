//! Regular expressions over tiles, compiled to a DFA that steps on tile bytes.
//!
//! The expression is parsed with `regex-syntax` and rewritten over tile bytes: each tile becomes
//! its byte (`\xHH`), `.` the class of every tile, a bracketed class the set of its tiles, and
//! the whole is anchored at both ends (a word matches if the expression matches all of it). The
//! rewritten expression is compiled by `regex-automata` into a dense DFA, byte-based (no
//! Unicode, no UTF-8), that the fst search steps tile by tile.
//!
//! Tiles are read as in words: a run of letters is tokenised like a word (`CHURRO` is CH U RR O),
//! but a quantifier binds the single letter before it as in any regex (`CH*` is C then H*; write
//! `(CH)*`, `1*` or `Ç*` for repeated CH). In a class, each character is one tile (`[CH]` is C
//! or H, as in any regex; CH, LL, RR are `1`, `2`, `3` or `Ç`), and a range runs in tile order
//! (`[A-D]` is A B C CH D). Perl, Unicode and ASCII classes and word boundaries are refused.
//!
//! The DFA is limited to [`REGEX_SIZE_LIMIT`] bytes (and its construction to as much): an
//! expression that needs more is refused with a message, never run.

use fst::Automaton;
use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::util::primitives::StateID;
use regex_automata::util::{start, syntax};
use regex_automata::{Anchored, MatchKind};
use regex_syntax::ast::{self, Ast};

use lexico_tiles::{Tile, TileSet};

use super::pattern::tile_error;
use super::QueryError;

/// The most bytes the DFA of a regular expression may take, and its construction.
pub const REGEX_SIZE_LIMIT: usize = 16 << 20;

/// The deepest nesting of groups, classes and repetitions accepted.
const NEST_LIMIT: u32 = 64;

/// The longest expression accepted, in bytes.
const MAX_LEN: usize = 4096;

/// A regular expression over tiles, ready to run over an fst.
///
/// ```
/// use lexico_lexicon::query::{search, TileRegex};
///
/// let lex = lexico_lexicon::Lexicon::from_words(["casa", "cosa", "caso"])?;
/// let re = TileRegex::new(lex.tiles(), "CA.O")?;
/// let mut found = Vec::new();
/// search(&lex, re, 1, 15, |w| { found.push(lex.tiles().spell(w)); true });
/// assert_eq!(found, ["CASO"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TileRegex {
    dfa: dense::DFA<Vec<u32>>,
    start: StateID,
}

impl TileRegex {
    /// Compiles `text` for the tiles of `set`.
    pub fn new(set: &TileSet, text: &str) -> Result<TileRegex, QueryError> {
        if text.len() > MAX_LEN {
            return Err(QueryError::TooLarge(format!(
                "a regular expression may have at most {MAX_LEN} bytes"
            )));
        }
        let parsed =
            ast::parse::ParserBuilder::new().nest_limit(NEST_LIMIT).build().parse(text).map_err(|e| {
                QueryError::Syntax { column: e.span().start.column, message: e.kind().to_string() }
            })?;
        let mut out = String::from("^(?:");
        Translator { set }.emit(&parsed, &mut out)?;
        out.push_str(")$");
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::All)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(REGEX_SIZE_LIMIT))
                    .determinize_size_limit(Some(REGEX_SIZE_LIMIT)),
            )
            .syntax(syntax::Config::new().unicode(false).utf8(false).nest_limit(NEST_LIMIT * 2))
            .thompson(
                regex_automata::nfa::thompson::Config::new()
                    .utf8(false)
                    .nfa_size_limit(Some(REGEX_SIZE_LIMIT)),
            )
            .build(&out)
            .map_err(|e| {
                if e.is_size_limit_exceeded() {
                    QueryError::TooLarge(format!(
                        "the regular expression needs an automaton of more than {} MiB; \
                         simplify it or use a pattern",
                        REGEX_SIZE_LIMIT >> 20
                    ))
                } else {
                    QueryError::TooLarge(format!("the regular expression cannot be compiled: {e}"))
                }
            })?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| QueryError::TooLarge(format!("the regular expression: {e}")))?;
        Ok(TileRegex { dfa, start })
    }
}

impl Automaton for TileRegex {
    type State = StateID;

    fn start(&self) -> StateID {
        self.start
    }

    fn is_match(&self, s: &StateID) -> bool {
        self.dfa.is_match_state(self.dfa.next_eoi_state(*s))
    }

    fn can_match(&self, s: &StateID) -> bool {
        !self.dfa.is_dead_state(*s)
    }

    fn accept(&self, s: &StateID, byte: u8) -> StateID {
        self.dfa.next_state(*s, byte)
    }
}

struct Translator<'a> {
    set: &'a TileSet,
}

fn unsupported(span: &ast::Span, what: &str) -> QueryError {
    QueryError::Syntax { column: span.start.column, message: format!("{what} is not supported over tiles") }
}

fn push_tile(out: &mut String, t: Tile) {
    out.push_str(&format!("\\x{t:02X}"));
}

fn push_class(out: &mut String, member: &[bool; 256]) {
    out.push('[');
    for (b, &m) in member.iter().enumerate() {
        if m {
            push_tile(out, b as Tile);
        }
    }
    out.push(']');
}

impl Translator<'_> {
    fn all(&self) -> [bool; 256] {
        let mut all = [false; 256];
        for t in self.set.all() {
            all[t as usize] = true;
        }
        all
    }

    /// The one tile a single character stands for.
    fn char_tile(&self, lit: &ast::Literal) -> Result<Tile, QueryError> {
        let offset = lit.span.start.column - 1;
        let word = self.set.parse_word(&lit.c.to_string()).map_err(|e| tile_error(e, offset))?;
        match word[..] {
            [t] => Ok(t),
            _ => Err(QueryError::Syntax {
                column: lit.span.start.column,
                message: format!("'{}' is not one tile", lit.c),
            }),
        }
    }

    fn emit(&self, node: &Ast, out: &mut String) -> Result<(), QueryError> {
        match node {
            Ast::Empty(_) | Ast::Flags(_) => {}
            Ast::Literal(lit) => push_tile(out, self.char_tile(lit)?),
            Ast::Dot(_) => push_class(out, &self.all()),
            Ast::Assertion(a) => match a.kind {
                ast::AssertionKind::StartLine | ast::AssertionKind::StartText => out.push('^'),
                ast::AssertionKind::EndLine | ast::AssertionKind::EndText => out.push('$'),
                _ => return Err(unsupported(&a.span, "a word boundary")),
            },
            Ast::ClassUnicode(c) => return Err(unsupported(&c.span, "a Unicode class")),
            Ast::ClassPerl(c) => return Err(unsupported(&c.span, "a Perl class")),
            Ast::ClassBracketed(c) => {
                let member = self.bracketed(c)?;
                if !member.iter().any(|&m| m) {
                    return Err(QueryError::Syntax {
                        column: c.span.start.column,
                        message: "the class holds no tile".into(),
                    });
                }
                push_class(out, &member);
            }
            Ast::Repetition(r) => {
                out.push_str("(?:");
                self.emit(&r.ast, out)?;
                out.push(')');
                match &r.op.kind {
                    ast::RepetitionKind::ZeroOrOne => out.push('?'),
                    ast::RepetitionKind::ZeroOrMore => out.push('*'),
                    ast::RepetitionKind::OneOrMore => out.push('+'),
                    ast::RepetitionKind::Range(ast::RepetitionRange::Exactly(m)) => {
                        out.push_str(&format!("{{{m}}}"))
                    }
                    ast::RepetitionKind::Range(ast::RepetitionRange::AtLeast(m)) => {
                        out.push_str(&format!("{{{m},}}"))
                    }
                    ast::RepetitionKind::Range(ast::RepetitionRange::Bounded(m, n)) => {
                        out.push_str(&format!("{{{m},{n}}}"))
                    }
                }
            }
            Ast::Group(g) => {
                out.push_str("(?:");
                self.emit(&g.ast, out)?;
                out.push(')');
            }
            Ast::Alternation(a) => {
                out.push_str("(?:");
                for (i, alt) in a.asts.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.emit(alt, out)?;
                }
                out.push(')');
            }
            Ast::Concat(c) => {
                // Adjacent plain letters are read together, as a word, so digraphs form.
                let mut i = 0;
                while i < c.asts.len() {
                    let run_end =
                        c.asts[i..].iter().position(|a| !is_letter(a)).map_or(c.asts.len(), |k| i + k);
                    if run_end > i + 1 {
                        let Ast::Literal(first) = &c.asts[i] else {
                            unreachable!("a run holds literals only")
                        };
                        let text: String = c.asts[i..run_end]
                            .iter()
                            .map(|a| match a {
                                Ast::Literal(l) => l.c,
                                _ => unreachable!("a run holds literals only"),
                            })
                            .collect();
                        let word = self
                            .set
                            .parse_word(&text)
                            .map_err(|e| tile_error(e, first.span.start.column - 1))?;
                        for t in word {
                            push_tile(out, t);
                        }
                        i = run_end;
                    } else {
                        self.emit(&c.asts[i], out)?;
                        i += 1;
                    }
                }
            }
        }
        Ok(())
    }

    fn bracketed(&self, c: &ast::ClassBracketed) -> Result<[bool; 256], QueryError> {
        let mut member = match &c.kind {
            ast::ClassSet::Item(item) => self.item(item)?,
            ast::ClassSet::BinaryOp(op) => self.binary(op)?,
        };
        if c.negated {
            for (m, a) in member.iter_mut().zip(self.all()) {
                *m = a && !*m;
            }
        }
        Ok(member)
    }

    fn set_of(&self, s: &ast::ClassSet) -> Result<[bool; 256], QueryError> {
        match s {
            ast::ClassSet::Item(item) => self.item(item),
            ast::ClassSet::BinaryOp(op) => self.binary(op),
        }
    }

    fn binary(&self, op: &ast::ClassSetBinaryOp) -> Result<[bool; 256], QueryError> {
        let (l, r) = (self.set_of(&op.lhs)?, self.set_of(&op.rhs)?);
        let mut out = [false; 256];
        for b in 0..256 {
            out[b] = match op.kind {
                ast::ClassSetBinaryOpKind::Intersection => l[b] && r[b],
                ast::ClassSetBinaryOpKind::Difference => l[b] && !r[b],
                ast::ClassSetBinaryOpKind::SymmetricDifference => l[b] != r[b],
            };
        }
        Ok(out)
    }

    fn item(&self, item: &ast::ClassSetItem) -> Result<[bool; 256], QueryError> {
        let mut member = [false; 256];
        match item {
            ast::ClassSetItem::Empty(_) => {}
            ast::ClassSetItem::Literal(lit) => member[self.char_tile(lit)? as usize] = true,
            ast::ClassSetItem::Range(r) => {
                let (lo, hi) = (self.char_tile(&r.start)?, self.char_tile(&r.end)?);
                if lo > hi {
                    return Err(QueryError::Syntax {
                        column: r.span.start.column,
                        message: "a range must run in tile order".into(),
                    });
                }
                for t in self.set.all().filter(|&t| (lo..=hi).contains(&t)) {
                    member[t as usize] = true;
                }
            }
            ast::ClassSetItem::Ascii(a) => return Err(unsupported(&a.span, "an ASCII class")),
            ast::ClassSetItem::Unicode(u) => return Err(unsupported(&u.span, "a Unicode class")),
            ast::ClassSetItem::Perl(p) => return Err(unsupported(&p.span, "a Perl class")),
            ast::ClassSetItem::Bracketed(b) => member = self.bracketed(b)?,
            ast::ClassSetItem::Union(u) => {
                for it in &u.items {
                    for (m, x) in member.iter_mut().zip(self.item(it)?) {
                        *m |= x;
                    }
                }
            }
        }
        Ok(member)
    }
}

/// Returns true if and only if `a` is a letter or digit typed as itself, which joins its
/// neighbours to form digraphs.
fn is_letter(a: &Ast) -> bool {
    matches!(a, Ast::Literal(l) if l.kind == ast::LiteralKind::Verbatim && l.c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(re: &str, w: &str) -> bool {
        let set = crate::fise_2016_tiles();
        let r = TileRegex::new(&set, re).unwrap();
        let mut s = r.start();
        for t in set.parse_word(w).unwrap() {
            s = r.accept(&s, t);
        }
        r.is_match(&s)
    }

    #[test]
    fn regexes_read_tiles() {
        assert!(matches("CHURRO", "CHURRO"));
        assert!(matches(".U.O", "CHURRO"));
        assert!(!matches("....O", "CHURRO"));
        assert!(matches("(CH|LL)U3O", "CHURRO"));
        assert!(matches("[1]U[3]O", "CHURRO"));
        assert!(!matches("[CH]URRO", "CHURRO"));
        assert!(matches("[A-D]URRO", "CHURRO"));
        assert!(matches("^.*O$", "CHURRO"));
        assert!(!matches("CHURR", "CHURRO"));
        assert!(matches("A|AB", "AB"));
        assert!(matches("ñu", "ÑU"));
        assert!(!matches("nu", "ÑU"));
    }

    #[test]
    fn bad_or_huge_regexes_are_refused() {
        let set = crate::fise_2016_tiles();
        let err = |r: &str| TileRegex::new(&set, r).unwrap_err().to_string();
        assert!(err("\\d+").contains("Perl class"), "{}", err("\\d+"));
        assert!(err("CA(SA").starts_with("column 3"), "{}", err("CA(SA"));
        assert!(err("K.*").contains("'K' has no tile"));
        let blowup = "(.*A.{24})*";
        assert!(err(blowup).contains("MiB"), "{}", err(blowup));
    }
}
