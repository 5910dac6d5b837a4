//! The rows of word queries (`anagram`, `pattern`): their output flags, and a found word's row,
//! the library's `WordRecord` with the query it answers.

use std::io;

use clap::ValueEnum;
use lexico_answers::record::{Spelling, WordRecord, WordRecords};
use lexico_lexicon::query::Sort;
use lexico_lexicon::Lexicon;

use super::{BatchFields, Format, Out};

/// Sorting, limits and format of word queries.
#[derive(clap::Args)]
pub struct Show {
    /// Order of the words of each query; ties in tile order (CH after C, LL after L, Ñ after N,
    /// RR after R). Default: length for anagram, alpha for pattern. `probability` adds each
    /// word's probability rank within its length (it reads the whole lexicon once).
    #[arg(long, value_enum, help_heading = "Output")]
    pub sort: Option<SortArg>,
    /// Print only the first N words of each query.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub top: Option<usize>,
    /// Spell words with bracketed tiles ([ch]U[RR]O) instead of naturally.
    #[arg(long, help_heading = "Output")]
    pub tiles: bool,
    /// Output format; csv and json add length, blanks, combinations and probability.
    #[arg(long, value_enum, default_value_t, help_heading = "Output")]
    pub format: Format,
}

/// `--sort` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SortArg {
    /// Longest first.
    Length,
    /// Highest face value first (blanks score 0).
    Value,
    /// Tile order.
    Alpha,
    /// Most probable draw from a full bag first.
    Probability,
}

impl SortArg {
    pub fn sort(self) -> Sort {
        match self {
            SortArg::Length => Sort::Length,
            SortArg::Value => Sort::Value,
            SortArg::Alpha => Sort::Alpha,
            SortArg::Probability => Sort::Probability,
        }
    }
}

impl Show {
    /// Returns true if and only if the words are ranked by probability.
    pub fn ranked(&self) -> bool {
        self.sort == Some(SortArg::Probability)
    }

    /// The maker of the records of `lex`'s words as these flags show them: spelled with
    /// brackets or not, ranked with `--sort probability`, and without their draws in text, which
    /// prints none.
    pub fn records<'l>(&self, lex: &'l Lexicon) -> WordRecords<'l> {
        let spelling = if self.tiles { Spelling::Brackets } else { Spelling::Natural };
        let mut records = WordRecords::new(lex, spelling);
        if self.format == Format::Text {
            records = records.without_draws();
        }
        if self.ranked() {
            records = records.ranked();
        }
        records
    }
}

/// Writes found words, each as the row of the query it answers: in text
/// `[QUERY<TAB>]WORD<TAB>VALUE[<TAB>RANK]`, in CSV and JSON the query in the field `key`, then
/// the word's record, then `error` (empty).
pub struct WordRows {
    key: &'static str,
    /// Whether text lines start with the query (several queries).
    show_key: bool,
    names: Vec<&'static str>,
}

impl WordRows {
    pub fn new(key: &'static str, show: &Show, show_key: bool) -> WordRows {
        let mut names = vec![key, "word", "length", "value", "blanks", "combinations", "probability"];
        if show.ranked() {
            names.push("rank");
        }
        names.push("error");
        WordRows { key, show_key, names }
    }

    /// The fields of the rows, which the error row of a bad query has too.
    pub fn fields(&self) -> BatchFields<'_> {
        BatchFields { input: self.key, names: &self.names }
    }

    /// Writes the row of `record`, a word that answers `query`.
    pub fn write(&self, out: &mut Out, query: &str, record: &WordRecord) -> io::Result<()> {
        out.answer_row((self.key, query), record, |line| {
            if self.show_key {
                line.push_str(query);
                line.push('\t');
            }
            record.word.push_to(line);
            line.push('\t');
            line.push_str(itoa::Buffer::new().format(record.value));
            if let Some(rank) = record.rank {
                line.push('\t');
                line.push_str(itoa::Buffer::new().format(rank));
            }
        })
    }
}
