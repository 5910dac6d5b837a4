//! `lexico._lexico`, the native half of the Python package `lexico`: a thin layer of PyO3 over
//! the answers (`lexico-answers`). It opens lexicons, asks the answers with the GIL released, and
//! hands back plain values (str, bool, int, float, tuples); the named tuples users see are made
//! in `python/lexico/__init__.py`, except a study list's, whose class is handed in ([`Row`]). It has no logic of its own beyond turning arguments into the
//! answers' types and errors into Python exceptions with the CLI's messages. Every answer is
//! made of the answers' records (`lexico_answers::record`), the rows the CLI prints.

use std::sync::OnceLock;

use lexico_answers::dash::{Dash, DashError};
use lexico_answers::record::{
    rack_words, shape_words, study_records, DashRecord, HooksRecord, RackError, Shape, Spelling, TilesRecord,
    WordRecord, WordRecords,
};
use lexico_answers::{
    explain, judge_play, judge_word, play_words, say, valid_many, DerivationRecord, Lang, PlayVerdict,
};
use lexico_lexicon::query::{
    self, AnagramQuery, Bag, Condition, Mode, Orders, Search, Sort, StudyOrder, TextCondition, MAX_WORD,
};
use lexico_lexicon::{Derivation, Lexicon};
use lexico_tiles::{quoted, TileSet, Word};
use pyo3::exceptions::{PyException, PyFileNotFoundError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyString, PyTuple, PyType};

pyo3::create_exception!(
    lexico,
    LexiconError,
    PyException,
    "A lexicon that cannot be found, opened or read (no installed lexicon of that name; a missing, damaged or foreign file; a file not signed by a trusted key), or a change to the data folder it refuses (an installation, a key to trust or stop trusting)."
);

/// A named tuple's class (`lexico.StudyWord`), whose rows are made here as CPython's own
/// `tuple.__new__` makes them for a subclass: allocated by the class, then filled. A study list
/// of every word makes 636,598 of them; made as plain tuples and then copied into named ones,
/// they cost a fifth more.
struct Row<'py> {
    class: Bound<'py, PyType>,
    alloc: pyo3::ffi::allocfunc,
}

impl<'py> Row<'py> {
    /// The rows of `class`, a subclass of `tuple`.
    fn of(class: Bound<'py, PyType>) -> PyResult<Row<'py>> {
        if !class.is_subclass_of::<PyTuple>()? {
            return Err(PyTypeError::new_err("a row is a subclass of tuple"));
        }
        // SAFETY: `class` is a type object (a `Bound<PyType>`); a subclass of `tuple` always has
        // the `tp_alloc` slot (inherited from `tuple` when not its own), whose value is an
        // `allocfunc`.
        #[allow(unsafe_code, reason = "CPython's own way to make an instance of a tuple subclass")]
        let alloc = unsafe {
            let slot = pyo3::ffi::PyType_GetSlot(class.as_type_ptr(), pyo3::ffi::Py_tp_alloc);
            std::mem::transmute::<*mut std::ffi::c_void, pyo3::ffi::allocfunc>(slot)
        };
        Ok(Row { class, alloc })
    }

    /// A row of `N` fields.
    fn make<const N: usize>(&self, fields: [Bound<'py, PyAny>; N]) -> PyResult<Bound<'py, PyAny>> {
        let py = self.class.py();
        // SAFETY: `alloc` is the class's `tp_alloc`, given the class and its number of items, as
        // `tuple.__new__` calls it; the new tuple, referenced only here, gets each item once
        // (`PyTuple_SetItem` takes the reference `into_ptr` gives up) before it is returned.
        #[allow(unsafe_code, reason = "CPython's own way to make an instance of a tuple subclass")]
        unsafe {
            let tuple = Bound::from_owned_ptr_or_err(py, (self.alloc)(self.class.as_type_ptr(), N as isize))?;
            for (i, field) in fields.into_iter().enumerate() {
                if pyo3::ffi::PyTuple_SetItem(tuple.as_ptr(), i as isize, field.into_ptr()) != 0 {
                    return Err(PyErr::fetch(py));
                }
            }
            Ok(tuple)
        }
    }
}

/// The tile set `lexico.tiles` reads words with: the embedded default lexicon's, which its rule
/// set gave it.
fn spanish() -> &'static TileSet {
    static SET: OnceLock<TileSet> = OnceLock::new();
    SET.get_or_init(|| lexico_default::lexicon().tiles().clone())
}

/// A `ValueError` for the typed text `text`: `'TEXT': MESSAGE`, as the CLI's error lines say it.
fn bad_input(text: &str, message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{}: {message}", quoted(text)))
}

/// What the word-judge station says of a play it cannot judge, as `lexico valid --judge` says
/// it: it never names the word that holds the character.
use lexico_answers::PLAY_ERROR_MESSAGE as PLAY_ERROR;

/// A play's verdict: `(verdict, words, lexicon, edition, version, payload_sha256)`.
type Judged = (&'static str, usize, String, String, String, String);

/// One derivation, the fields of `lexico explain --format json`: `(entry, entry_text, slot,
/// kind, rule, article, reason, source, line)`.
type DerivationRow =
    (u64, Option<String>, String, &'static str, String, String, String, Option<String>, Option<u64>);

/// An enclitic reading: `(base, pronouns, restored, article, derivation)`.
type EncliticRow = (String, Vec<String>, Option<String>, String, Option<DerivationRow>);

/// An explanation: `(word, valid, reason, lines, derivations, enclitics)`.
type Explained = (String, bool, &'static str, Vec<String>, Vec<DerivationRow>, Vec<EncliticRow>);

/// A word's answer for a Scrabble Dash card, the fields of `lexico dash --format json`:
/// `(word, card, verdict, reason, cards, count, missing, lemma)`.
type DashRow = (
    String,
    String,
    &'static str,
    &'static str,
    Option<String>,
    Option<usize>,
    Option<String>,
    Option<String>,
);

fn dash_row(r: DashRecord<'_>) -> DashRow {
    (
        r.word.to_string(),
        r.card,
        r.verdict,
        r.reason,
        r.cards,
        r.count,
        r.missing,
        r.lemma.map(str::to_string),
    )
}

/// A Dash question's error as the CLI says it: a lexicon that cannot be read raises
/// `LexiconError`, anything else `ValueError` (a bad hand named as `hand`).
fn dash_error(e: DashError) -> PyErr {
    match e {
        DashError::Lexicon(e) => LexiconError::new_err(e.to_string()),
        e @ (DashError::HandTooLong { .. } | DashError::HandNoCard { .. } | DashError::HandEmpty) => {
            PyValueError::new_err(format!("hand: {e}"))
        }
        e => PyValueError::new_err(e.to_string()),
    }
}

fn derivation_row(d: &Derivation) -> DerivationRow {
    let r = DerivationRecord::new(d);
    let text = |s: &str| s.to_string();
    (
        r.entry,
        r.entry_text,
        text(r.slot),
        r.kind,
        text(r.rule),
        text(r.article),
        text(r.reason),
        r.source.map(text),
        r.line,
    )
}

/// A value named by an argument (`sort=`, `mode=`), or `ValueError` with the names it can be.
fn named<T: std::str::FromStr<Err = query::UnknownName>>(name: &str) -> PyResult<T> {
    name.parse().map_err(|e: query::UnknownName| PyValueError::new_err(e.to_string()))
}

/// A found word with details: `(word, length, value, blanks, combinations, probability,
/// alphagram, probability_order)`, the fields of the library's `WordRecord` that the CLI's CSV and
/// JSON records print, with the word's alphagram (spelled so that it reads back) and its
/// probability order as `lexico search` numbers it.
type Detailed = (String, usize, u32, u32, u64, f64, String, u64);

/// Found words as Python values: each word's spelling (blanks in lower case), or with `details`
/// a [`Detailed`] tuple.
enum Answer<'o> {
    /// The words spelled one after another, and where each ends.
    Words(String, Vec<usize>),
    Details(Vec<Detailed>, &'o Orders),
}

impl<'o> Answer<'o> {
    fn new(details: Option<&'o Orders>) -> Answer<'o> {
        match details {
            None => Answer::Words(String::new(), Vec::new()),
            Some(orders) => Answer::Details(Vec::new(), orders),
        }
    }

    /// Adds the word of `r`.
    fn push(&mut self, r: &WordRecord<'_>) {
        match self {
            Answer::Words(text, ends) => {
                r.word.push_to(text);
                ends.push(text.len());
            }
            // Records made with draws (`WordRecords::new`) carry both.
            Answer::Details(d, orders) => {
                let combinations = r.combinations.unwrap_or_default();
                d.push((
                    r.word.to_string(),
                    r.length,
                    r.value,
                    r.blanks,
                    combinations,
                    r.probability.unwrap_or_default(),
                    r.alphagram(),
                    orders.order(r.word.tiles(), combinations).unwrap_or_default(),
                ))
            }
        }
    }

    fn into_list(self, py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        match self {
            Answer::Words(text, ends) => {
                let starts = std::iter::once(0).chain(ends.iter().copied());
                PyList::new(py, starts.zip(ends.iter()).map(|(a, &b)| &text[a..b]))
            }
            Answer::Details(d, _) => PyList::new(py, d),
        }
    }
}

/// The maker of the records of `lex`'s words, spelled naturally: with their draws for
/// `details`, else without (a list of words shows none).
fn records_for(lex: &Lexicon, details: bool) -> WordRecords<'_> {
    let records = WordRecords::new(lex, Spelling::Natural);
    if details {
        records
    } else {
        records.without_draws()
    }
}

/// A lexicon, open. `Lexicon()` is the default lexicon embedded in the module.
#[pyclass(subclass, frozen, module = "lexico._lexico", name = "Lexicon")]
pub struct PyLexicon {
    lex: Lexicon,
    /// Every word's probability order, computed at the first answer with details.
    orders: OnceLock<Orders>,
}

impl PyLexicon {
    fn open(source: Option<&str>) -> PyResult<PyLexicon> {
        let lex = match source {
            None => lexico_default::lexicon(),
            // Named as the CLI's `--lexicon` names it: `embedded`, a file, or an installed
            // lexicon's edition or name in the same data folder. A handle lives as long as the
            // program keeps it: the file is read once into memory and checked there in full
            // (signature, once keys are trusted there; checksums, word stores, payload digest,
            // counts), trusting no verification record, and answers from those bytes.
            // A file that is not there raises `FileNotFoundError`, which the package turns into
            // its `LexiconNotFoundError`, both a `LexiconError` and a `FileNotFoundError`.
            Some(name) => {
                lexico_store::open_named_with(name.as_ref(), lexico_store::Check::Full)
                    .map_err(|e| match e.is_not_found() {
                        true => PyFileNotFoundError::new_err(e.to_string()),
                        false => LexiconError::new_err(e.to_string()),
                    })?
                    .lexicon
            }
        };
        Ok(PyLexicon { lex, orders: OnceLock::new() })
    }

    /// Every word's probability order, for answers with details; `None` without them.
    fn orders(&self, details: bool) -> Option<&Orders> {
        details.then(|| self.orders.get_or_init(|| Orders::compute(&self.lex, &Bag::of(self.lex.tiles()))))
    }

    /// The words of a pattern or a regular expression over the word store, with the GIL
    /// released.
    fn shape(
        &self,
        py: Python<'_>,
        shape: Shape,
        min_tiles: Option<usize>,
        max_tiles: Option<usize>,
        sort: &str,
        details: bool,
    ) -> PyResult<Answer<'_>> {
        let order = named(sort)?;
        let lengths = (min_tiles.unwrap_or(1), max_tiles.unwrap_or(MAX_WORD));
        Ok(py.detach(|| {
            let mut records = records_for(&self.lex, details);
            let mut answer = Answer::new(self.orders(details));
            let found = shape_words(&self.lex, &shape, lengths, order, usize::MAX, &mut records, |r| {
                answer.push(r);
                Ok::<_, std::convert::Infallible>(())
            });
            found.unwrap_or_else(|never| match never {});
            answer
        }))
    }
}

#[pymethods]
impl PyLexicon {
    #[new]
    #[pyo3(signature = (*, _source = None))]
    fn new(_source: Option<&str>) -> PyResult<PyLexicon> {
        PyLexicon::open(_source)
    }

    /// Returns true if and only if `word` is a valid word.
    fn valid(&self, word: &str) -> PyResult<bool> {
        match judge_word(&self.lex, word, &mut Word::new()) {
            Ok((_, verdict)) => Ok(verdict.is_valid()),
            Err(e) => Err(bad_input(word, e)),
        }
    }

    /// One verdict per word, with the GIL released while they are judged. A line end at the end
    /// of a word (`\n`, `\r\n`, `\r`: the lines of a file) is not part of it; a `str` is refused,
    /// which would be judged letter by letter.
    fn valid_many<'py>(&self, py: Python<'py>, words: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        if words.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "valid_many takes an iterable of words, not a str: valid_many([word]) or valid(word)",
            ));
        }
        // A tuple of our own, whatever another thread does to the caller's list meanwhile.
        let tuple = match words.cast::<PyTuple>() {
            Ok(t) => t.clone(),
            Err(_) => match words.cast::<PyList>() {
                Ok(l) => l.to_tuple(),
                Err(_) => PyTuple::new(py, words.try_iter()?.collect::<PyResult<Vec<_>>>()?)?,
            },
        };
        let mut strings: Vec<Bound<'py, PyString>> = Vec::with_capacity(tuple.len());
        for (i, item) in tuple.iter().enumerate() {
            match item.cast_into::<PyString>() {
                Ok(s) => strings.push(s),
                Err(e) => {
                    let kind = e.into_inner().get_type().name()?;
                    return Err(PyTypeError::new_err(format!("words[{i}]: expected str, got {kind}")));
                }
            }
        }
        // Each word's UTF-8, kept alive for as long as `texts` borrows it: the str itself, or
        // under the stable ABI of CPython 3.9, which cannot lend a str's UTF-8, a copy of it.
        let backed =
            strings.iter().map(|s| PyBackedStr::try_from(s.clone())).collect::<PyResult<Vec<_>>>()?;
        let texts: Vec<&str> = backed
            .iter()
            .map(|s| s.strip_suffix('\n').unwrap_or(s))
            .map(|s| s.strip_suffix('\r').unwrap_or(s))
            .collect();
        match py.detach(|| valid_many(&self.lex, &texts)) {
            Ok(v) => PyList::new(py, v),
            Err(e) => Err(PyValueError::new_err(format!(
                "words[{}]: {}: {}",
                e.index,
                quoted(texts[e.index]),
                e.error
            ))),
        }
    }

    /// Anagrams of `rack`; see `lexico.Lexicon.anagram`.
    // The arguments are Python keyword arguments.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (rack, mode = "exact", min_tiles = None, max_tiles = None, sort = "length", details = false))]
    #[pyo3(name = "_anagram")]
    fn anagram<'py>(
        &self,
        py: Python<'py>,
        rack: &str,
        mode: &str,
        min_tiles: Option<usize>,
        max_tiles: Option<usize>,
        sort: &str,
        details: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let mode: Mode = named(mode)?;
        if mode == Mode::Exact && (min_tiles.is_some() || max_tiles.is_some()) {
            return Err(PyValueError::new_err(
                "min_tiles and max_tiles need mode='sub' or 'super' (an exact anagram uses the whole rack)",
            ));
        }
        let order: Sort = named(sort)?;
        let q = AnagramQuery { mode, min: min_tiles, max: max_tiles };
        let answer = py.detach(|| -> Result<Answer, RackError> {
            let mut records = records_for(&self.lex, details);
            let words = rack_words(&self.lex, rack, &q, order, &records)?;
            let mut answer = Answer::new(self.orders(details));
            words.records(&mut records, usize::MAX, |r| {
                answer.push(r);
                Ok::<_, RackError>(())
            })?;
            Ok(answer)
        });
        answer.map_err(|e| bad_input(rack, e))?.into_list(py)
    }

    /// Words that fit a crossword pattern; see `lexico.Lexicon.pattern`.
    #[pyo3(signature = (pattern, min_tiles = None, max_tiles = None, sort = "alpha", details = false))]
    #[pyo3(name = "_pattern")]
    fn pattern<'py>(
        &self,
        py: Python<'py>,
        pattern: &str,
        min_tiles: Option<usize>,
        max_tiles: Option<usize>,
        sort: &str,
        details: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let shape = Shape::parse(self.lex.tiles(), pattern, false).map_err(|e| bad_input(pattern, e))?;
        self.shape(py, shape, min_tiles, max_tiles, sort, details)?.into_list(py)
    }

    /// Words that match a regular expression over tiles; see `lexico.Lexicon.regex`.
    #[pyo3(signature = (regex, min_tiles = None, max_tiles = None, sort = "alpha", details = false))]
    #[pyo3(name = "_regex")]
    fn regex<'py>(
        &self,
        py: Python<'py>,
        regex: &str,
        min_tiles: Option<usize>,
        max_tiles: Option<usize>,
        sort: &str,
        details: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        let shape = Shape::parse(self.lex.tiles(), regex, true).map_err(|e| bad_input(regex, e))?;
        self.shape(py, shape, min_tiles, max_tiles, sort, details)?.into_list(py)
    }

    /// The rows of a study list, one tuple per word, the fields of `lexico search`'s records
    /// (the library's `StudyRecord`) in the order of its CSV columns, hooks as tuples of tiles
    /// and `new` last (`None` without a `new-since` condition); see `lexico.Lexicon.search`.
    /// `texts` are the conditions whose value is text, by the name of the CLI's flag without
    /// `--`; `lexicons` those whose value is another lexicon; `flags` those without a value.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (row, texts, lexicons, flags, sort = "study", limit = None, blanks = None))]
    #[pyo3(name = "_search")]
    fn study<'py>(
        &self,
        py: Python<'py>,
        row: Bound<'py, PyType>,
        texts: Vec<(String, String)>,
        lexicons: Vec<(String, Bound<'py, PyLexicon>)>,
        flags: Vec<String>,
        sort: &str,
        limit: Option<usize>,
        blanks: Option<u8>,
    ) -> PyResult<Bound<'py, PyList>> {
        let set = self.lex.tiles();
        // A name, and whether it starts with `not-`.
        let negation = |name: &str| match name.strip_prefix("not-") {
            Some(base) => (true, base.to_string()),
            None => (false, name.to_string()),
        };
        let unknown = |name: &str| PyTypeError::new_err(format!("no condition is named '{name}'"));
        let mut conditions = Vec::new();
        for (name, text) in &texts {
            let (negated, base) = negation(name);
            let on: TextCondition = base.parse().map_err(|_| unknown(name))?;
            let c = Condition::parse(set, on, negated, text)
                .map_err(|e| bad_input(text, format!("{name}: {e}")))?;
            conditions.push(c);
        }
        for name in &flags {
            let test = match negation(name) {
                (_, base) if base == "generated" => query::Test::Generated,
                (_, base) if base == "listed" => query::Test::Listed,
                _ => return Err(unknown(name)),
            };
            conditions.push(Condition::new(test, negation(name).0));
        }
        for (name, other) in &lexicons {
            let other = &other.get().lex;
            let test = match negation(name) {
                (_, base) if base == "new-since" => query::Test::NewSince(other),
                (_, base) if base == "in" => query::Test::In(other),
                _ => return Err(unknown(name)),
            };
            conditions.push(Condition::new(test, negation(name).0));
        }
        let order: StudyOrder = named(sort)?;
        let search = Search { conditions, order, limit, blanks };
        let list = py.detach(|| search.run(&self.lex)).map_err(|e| match e {
            e @ query::StudyError::ProbabilityBlanks { .. } => PyValueError::new_err(format!("blanks: {e}")),
            e => LexiconError::new_err(e.to_string()),
        })?;
        // The tuples are made here, with the GIL: each tile's name once, as the hooks share them.
        let names: Vec<Bound<'py, PyString>> = (0..=255u8).map(|t| PyString::new(py, set.name(t))).collect();
        let hooks = |tiles: &[lexico_tiles::Tile]| {
            PyTuple::new(py, tiles.iter().map(|&t| names[t as usize].clone())).map(Bound::into_any)
        };
        let rows = PyList::empty(py);
        let mut spelled = String::new();
        let mut spell = |s: &lexico_answers::record::Spelled<'_>| {
            spelled.clear();
            s.push_to(&mut spelled);
            PyString::new(py, &spelled).into_any()
        };
        let row = Row::of(row)?;
        study_records(&list, Spelling::Natural, |r| {
            let fields: [Bound<'py, PyAny>; 13] = [
                spell(&r.word),
                spell(&r.alphagram),
                r.length.into_pyobject(py)?.into_any(),
                r.probability_order.into_pyobject(py)?.into_any(),
                r.combinations.into_pyobject(py)?.into_any(),
                r.probability.into_pyobject(py)?.into_any(),
                r.anagrams.into_pyobject(py)?.into_any(),
                hooks(r.front_hooks.tiles())?,
                hooks(r.back_hooks.tiles())?,
                pyo3::types::PyBool::new(py, r.inner_front).to_owned().into_any(),
                pyo3::types::PyBool::new(py, r.inner_back).to_owned().into_any(),
                r.value.into_pyobject(py)?.into_any(),
                r.new.into_pyobject(py)?.into_any(),
            ];
            rows.append(row.make(fields)?)
        })?;
        Ok(rows)
    }

    /// `(word, valid, front, back, hooked)`: the word's spelling, whether it is valid, its front
    /// and back hook tiles and the hooked words, as `lexico hooks` gives them.
    #[allow(clippy::type_complexity)]
    #[pyo3(name = "_hooks")]
    fn hooks(&self, word: &str) -> PyResult<(String, bool, Vec<String>, Vec<String>, Vec<String>)> {
        let tiles = self.lex.tiles().parse_word(word).map_err(|e| bad_input(word, e))?;
        let r = HooksRecord::of(&self.lex, &tiles, Spelling::Natural);
        Ok((r.word, r.valid, r.front, r.back, r.hooked))
    }

    /// `(verdict, words, lexicon, edition, version, payload_sha256)` of a play, as the word-judge
    /// station (`lexico valid --judge`) gives them; a play that holds a character that is
    /// neither a letter nor a tile raises `ValueError` without saying which word holds it.
    #[pyo3(name = "_judge")]
    fn judge(&self, py: Python<'_>, play: &Bound<'_, PyAny>) -> PyResult<Judged> {
        let line;
        let owned: Vec<String>;
        let words: Vec<&str> = match play.cast::<PyString>() {
            Ok(s) => {
                line = s.to_cow()?.into_owned();
                play_words(&line)
            }
            Err(_) => {
                owned = play.try_iter()?.map(|w| w?.extract::<String>()).collect::<PyResult<_>>()?;
                owned.iter().map(String::as_str).collect()
            }
        };
        let verdict = py.detach(|| judge_play(&self.lex, &words, &mut Word::new()));
        if verdict == PlayVerdict::Error {
            return Err(PyValueError::new_err(PLAY_ERROR));
        }
        let m = self.lex.manifest().map_err(|e| LexiconError::new_err(e.to_string()))?;
        Ok((
            verdict.name(),
            words.len(),
            m.name.clone(),
            m.edition.clone(),
            m.version.clone(),
            m.payload_sha256.clone(),
        ))
    }

    /// `(word, valid, reason, lines, derivations, enclitics)`: why `word` is in or out, as
    /// `lexico explain` says it.
    #[pyo3(name = "_explain")]
    fn explain(&self, py: Python<'_>, word: &str) -> PyResult<Explained> {
        let e = py.detach(|| explain(&self.lex, word)).map_err(|e| bad_input(word, e))?;
        let m = self.lex.manifest().map_err(|e| LexiconError::new_err(e.to_string()))?;
        let lines = say::explanation(&e, Lang::En, &m.explain);
        let enclitics = e
            .enclitics
            .iter()
            .map(|a| {
                (
                    a.base.clone(),
                    a.pronouns.clone(),
                    a.restored.clone(),
                    a.article.clone(),
                    a.derivation.as_ref().map(derivation_row),
                )
            })
            .collect();
        Ok((
            e.word.clone(),
            e.valid,
            e.reason.name(),
            lines,
            e.derivations.iter().map(derivation_row).collect(),
            enclitics,
        ))
    }

    /// Whether `word` meets the Scrabble Dash `card` (as the card reads: `"4 letras"`,
    /// `"verbo"`, `"tiene una D"`), laid down with the game's letter cards and, given `hand`,
    /// made from it and the card's turned-up letter: a [`DashRow`], as `lexico dash` answers.
    #[pyo3(signature = (card, word, hand = None))]
    #[pyo3(name = "_dash")]
    fn dash(&self, py: Python<'_>, card: &str, word: &str, hand: Option<&str>) -> PyResult<DashRow> {
        let dash = Dash::new(&self.lex, card, hand).map_err(dash_error)?;
        let j = py.detach(|| dash.judge(word)).map_err(|e| match e {
            DashError::Lexicon(_) => dash_error(e),
            e => bad_input(word, e),
        })?;
        Ok(dash_row(DashRecord::new(&j, dash.cards(), dash.card())))
    }

    /// Every word `hand` makes for the Dash `card`, most cards first, as `lexico dash --list`
    /// lists them.
    #[pyo3(name = "_dash_list")]
    fn dash_list(&self, py: Python<'_>, card: &str, hand: &str) -> PyResult<Vec<DashRow>> {
        let dash = Dash::new(&self.lex, card, Some(hand)).map_err(dash_error)?;
        let found = py.detach(|| dash.list()).map_err(dash_error)?;
        Ok(found.iter().map(|j| dash_row(DashRecord::new(j, dash.cards(), dash.card()))).collect())
    }

    /// The manifest as `lexico info --format json` prints it, with the file's checksum and
    /// whether the lexicon knows verb forms.
    fn _manifest_json(&self) -> PyResult<String> {
        let m = self.lex.manifest().map_err(|e| LexiconError::new_err(e.to_string()))?;
        let mut value = serde_json::to_value(m).map_err(|e| LexiconError::new_err(e.to_string()))?;
        value["file_sha256"] = self.lex.file_sha256().into();
        let verbs =
            lexico_answers::dash::knows_verbs(&self.lex).map_err(|e| LexiconError::new_err(e.to_string()))?;
        value["knows_verb_forms"] = verbs.into();
        Ok(value.to_string())
    }

    fn __len__(&self) -> usize {
        self.lex.len()
    }

    /// Returns true if and only if `word` is a str naming a valid word; anything else (another
    /// type, a character that is no tile) is simply not in the lexicon.
    fn __contains__(&self, word: &Bound<'_, PyAny>) -> bool {
        let Ok(s) = word.cast::<PyString>() else {
            return false;
        };
        let Ok(text) = s.to_cow() else {
            return false;
        };
        judge_word(&self.lex, &text, &mut Word::new()).is_ok_and(|(_, v)| v.is_valid())
    }

    fn __iter__(slf: Bound<'_, Self>) -> WordIter {
        WordIter { lex: slf.unbind(), after: None, done: false, buffer: Vec::new() }
    }
}

/// The words of a lexicon in tile order, read from the word store a block at a time.
#[pyclass(module = "lexico._lexico")]
pub struct WordIter {
    lex: Py<PyLexicon>,
    /// The last word handed out, where the next block starts after.
    after: Option<Vec<u8>>,
    done: bool,
    /// The current block, reversed: the next word is last.
    buffer: Vec<String>,
}

/// The words read from the word store at a time by a [`WordIter`].
const BLOCK: usize = 4096;

#[pymethods]
impl WordIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<String> {
        if self.buffer.is_empty() && !self.done {
            use fst::{IntoStreamer, Streamer};
            let lex = &self.lex.get().lex;
            let mut range = lex.fst().range();
            if let Some(after) = &self.after {
                range = range.gt(after);
            }
            let mut stream = range.into_stream();
            let set = lex.tiles();
            let mut last = None;
            while let Some((key, _)) = stream.next() {
                self.buffer.push(set.spell(key));
                if self.buffer.len() == BLOCK {
                    last = Some(key.to_vec());
                    break;
                }
            }
            match last {
                Some(key) => self.after = Some(key),
                None => self.done = true,
            }
            self.buffer.reverse();
        }
        self.buffer.pop()
    }
}

/// `(word, tiles, bracketed, count, value)` of a word or rack, as `lexico tiles` gives them.
#[pyfunction]
fn tiles(word: &str) -> PyResult<(String, Vec<String>, String, usize, u32)> {
    let set = spanish();
    let seq = set.parse_sequence(word).map_err(|e| bad_input(word, e))?;
    if seq.is_empty() {
        return Err(bad_input(word, "no tiles"));
    }
    let r = TilesRecord::of(set, &seq);
    Ok((r.word, r.tiles, r.bracketed, r.count, r.value))
}

// The data folder, as `lexico install` and `lexico trust` change it: the store's functions, with
// the store's messages.

/// A store error as the `LexiconError` its message says.
fn store_error(e: lexico_store::StoreError) -> PyErr {
    LexiconError::new_err(e.to_string())
}

/// The data folder the CLI uses.
fn data_folder() -> PyResult<std::path::PathBuf> {
    lexico_store::require_data_dir().map_err(store_error)
}

/// An installation: `(title, words, path, change, default, line)`, `line` being what `lexico
/// install` prints.
type Installed = (String, u64, String, &'static str, bool, String);

/// Installs a lexicon file in the data folder, as `lexico install FILE [--default] [--force]`.
#[pyfunction]
#[pyo3(signature = (path, default = false, force = false))]
fn install(py: Python<'_>, path: std::path::PathBuf, default: bool, force: bool) -> PyResult<Installed> {
    let dir = data_folder()?;
    let done = py.detach(|| lexico_store::install_file(&dir, &path, force, default)).map_err(store_error)?;
    let change = match done.change {
        lexico_store::Change::Added => "added",
        lexico_store::Change::Replaced => "replaced",
        lexico_store::Change::Unchanged => "unchanged",
    };
    let line = done.to_string();
    Ok((done.title, done.words, done.path.display().to_string(), change, done.default, line))
}

/// Trusts the minisign public key file `key_path`, as `lexico trust add`: `(id, comment, file)`.
#[pyfunction]
fn trust(key_path: std::path::PathBuf) -> PyResult<(String, String, String)> {
    let trusted = lexico_store::trust_key_file(&data_folder()?, &key_path, false).map_err(store_error)?;
    Ok((trusted.id, trusted.comment, trusted.file.display().to_string()))
}

/// The trusted keys, as `lexico trust list`: `(id, comment)` each, by id.
#[pyfunction]
fn trusted_keys() -> PyResult<Vec<(String, String)>> {
    let keys = lexico_store::trusted_keys(&data_folder()?).map_err(store_error)?;
    Ok(keys.into_iter().map(|k| (k.id, k.comment)).collect())
}

/// Stops trusting a key, as `lexico trust remove`; returns its id.
#[pyfunction]
fn untrust(key_id: &str) -> PyResult<String> {
    lexico_store::untrust(&data_folder()?, key_id).map_err(store_error)
}

/// A cardbox error as Python raises it: the database or the data folder, `OSError`; a line of
/// a CSV file or a question, `ValueError`.
fn cardbox_error(e: lexico_cardbox::CardboxError) -> PyErr {
    use lexico_cardbox::CardboxError as E;
    match e {
        e @ (E::Database { .. } | E::Unreadable { .. } | E::Store(_)) => {
            pyo3::exceptions::PyOSError::new_err(e.to_string())
        }
        e => PyValueError::new_err(e.to_string()),
    }
}

/// A cardbox of anagram questions (`lexico cardbox`): `lexico_cardbox` for a lexicon.
#[pyclass(module = "lexico._lexico", name = "Cardbox")]
pub struct PyCardbox {
    lex: Py<PyLexicon>,
    cardbox: std::sync::Mutex<lexico_cardbox::Cardbox>,
}

impl PyCardbox {
    fn held(&self) -> std::sync::MutexGuard<'_, lexico_cardbox::Cardbox> {
        self.cardbox.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The question of `text`, a word or an alphagram in any notation, with its answers.
    fn question(&self, text: &str) -> PyResult<lexico_answers::quiz::Question> {
        lexico_answers::quiz::Question::read(&self.lex.get().lex, text).map_err(|e| bad_input(text, e))
    }
}

#[pymethods]
impl PyCardbox {
    #[new]
    #[pyo3(signature = (lexicon, path = None, scheduler = "leitner"))]
    fn new(lexicon: Py<PyLexicon>, path: Option<std::path::PathBuf>, scheduler: &str) -> PyResult<PyCardbox> {
        let scheduler = lexico_cardbox::Scheduler::named(scheduler).ok_or_else(|| {
            PyValueError::new_err(format!("scheduler: {}: leitner or fsrs", quoted(scheduler)))
        })?;
        let lex = &lexicon.get().lex;
        let cardbox = match path {
            Some(path) => lexico_cardbox::Cardbox::open(&path, lex, scheduler),
            None => lexico_cardbox::Cardbox::open_in_data_folder(lex, scheduler),
        }
        .map_err(cardbox_error)?;
        Ok(PyCardbox { lex: lexicon, cardbox: std::sync::Mutex::new(cardbox) })
    }

    /// Adds the alphagrams of `words` not yet in the cardbox; returns how many were added.
    fn add(&self, words: Vec<String>) -> PyResult<usize> {
        let questions = words.iter().map(|w| self.question(w)).collect::<PyResult<Vec<_>>>()?;
        let lex = &self.lex.get().lex;
        self.held().add(lex, &questions, chrono::Utc::now()).map_err(cardbox_error)
    }

    /// The questions due now, the longest due first.
    #[pyo3(signature = (limit = None))]
    fn due(&self, limit: Option<usize>) -> PyResult<Vec<String>> {
        let due = self.held().due(chrono::Utc::now(), limit).map_err(cardbox_error)?;
        Ok(due.into_iter().map(|c| c.question).collect())
    }

    /// The answers of a question in the lexicon.
    fn answers(&self, question: &str) -> PyResult<Vec<String>> {
        let q = self.question(question)?;
        let set = self.lex.get().lex.tiles();
        Ok(q.answers.iter().map(|a| set.spell(&a.word)).collect())
    }

    /// Records an answer, passed or not; returns when the card is due again (RFC 3339).
    fn record(&self, question: &str, passed: bool) -> PyResult<String> {
        let q = self.question(question)?;
        let lex = &self.lex.get().lex;
        let card = self.held().record(lex, &q, passed, chrono::Utc::now()).map_err(cardbox_error)?;
        Ok(card.due.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    }

    /// `(cards, due, flagged, reviews, passed)`.
    fn stats(&self) -> PyResult<(u64, u64, u64, u64, u64)> {
        let s = self.held().stats(chrono::Utc::now()).map_err(cardbox_error)?;
        Ok((s.cards, s.due, s.flagged, s.reviews, s.passed))
    }

    /// The cardbox's file.
    #[getter]
    fn path(&self) -> String {
        self.held().path().display().to_string()
    }

    /// `leitner` or `fsrs`.
    #[getter]
    fn scheduler(&self) -> &'static str {
        self.held().scheduler().name()
    }

    /// The questions flagged when it was opened: their answers changed with the lexicon.
    #[getter]
    fn changed(&self) -> Vec<String> {
        self.held().changed().to_vec()
    }
}

#[pymodule]
mod _lexico {
    #[pymodule_export]
    use super::{install, trust, trusted_keys, untrust};
    #[pymodule_export]
    use super::{tiles, LexiconError, PyCardbox, PyLexicon, WordIter};

    /// The package's version, the crate's, under the name Python gives it.
    #[pymodule_export]
    #[allow(non_upper_case_globals)]
    const __version__: &str = env!("CARGO_PKG_VERSION");
}
