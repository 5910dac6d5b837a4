//! The engine's JavaScript interface (wasm-bindgen): each call takes text, asks the answers, and
//! gives back the JSON of their record (what `lexico … --format json` prints of it), or throws an
//! `Error` whose message is the answers' own, in the lexicon's language ([`Lexicon::set_lang`]).

use lexico_answers::dash::{Cards, Dash};
use lexico_answers::i18n::{msg, Arg, Lang};
use lexico_answers::record::{
    rack_words, shape_words, study_records, DashRecord, HooksRecord, JudgeRecord, Shape, Spelling,
    ValidRecord, WordRecords,
};
use lexico_answers::say::{self, Localize};
use lexico_answers::trust::{open_proven, PublicKey, Trust};
use lexico_answers::{explain, judge_play, judge_word, play_words, ExplanationRecord, Signer};
use lexico_lexicon::query::{self, AnagramQuery, Condition, Mode, Search, Sort, StudyOrder, TextCondition};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// A lexicon proven whole, and who vouches for it.
#[wasm_bindgen]
pub struct Lexicon {
    pub(crate) lex: lexico_lexicon::Lexicon,
    signer: Signer,
    digest: String,
    /// The file's SHA-256: the one checked at opening, else computed once when first asked.
    file_sha256: std::cell::OnceCell<String>,
    pub(crate) lang: Lang,
}

fn lang_of(tag: &str) -> Lang {
    Lang::from_locale(tag).unwrap_or(Lang::En)
}

/// An error for JavaScript, with the message said in `lang`.
pub(crate) fn thrown(e: &impl Localize, lang: Lang) -> JsError {
    JsError::new(&e.localize(lang))
}

pub(crate) fn json(value: &impl serde::Serialize) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))
}

/// The options of the word queries, as JavaScript gives them (JSON).
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Options {
    mode: Option<String>,
    min: Option<usize>,
    max: Option<usize>,
    sort: Option<String>,
    top: Option<usize>,
    tiles: bool,
    regex: bool,
    rank: bool,
}

fn options(text: &str) -> Result<Options, JsError> {
    if text.trim().is_empty() {
        return Ok(Options::default());
    }
    serde_json::from_str(text).map_err(|e| JsError::new(&format!("options: {e}")))
}

fn named<T: std::str::FromStr>(name: &str) -> Result<T, JsError>
where
    T::Err: std::fmt::Display,
{
    name.parse().map_err(|e: T::Err| JsError::new(&e.to_string()))
}

/// A search, as JavaScript gives it (JSON): conditions whose value is text by the name of `lexico
/// search`'s flag (`not-` in front negates), flags without a value, the order and the limit.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct SearchRequest {
    conditions: Vec<(String, String)>,
    flags: Vec<String>,
    sort: Option<String>,
    limit: Option<usize>,
    tiles: bool,
}

#[wasm_bindgen]
impl Lexicon {
    /// Opens the lexicon `bytes` once proven: its signature by one of `keys` (minisign public
    /// key files' text) when keys are given and it is not the embedded lexicon, its checksums,
    /// payload digest and counts, and its file's SHA-256 when `file_sha256` is given. Throws
    /// the reason, in `lang`, otherwise.
    pub fn open(
        bytes: Vec<u8>,
        signature: Option<String>,
        keys: Vec<String>,
        file_sha256: Option<String>,
        embedded: bool,
        lang: &str,
    ) -> Result<Lexicon, JsError> {
        let lang = lang_of(lang);
        let keys = keys
            .iter()
            .map(|k| PublicKey::parse(k))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| JsError::new(&e.say(lang)))?;
        let checked = std::cell::OnceCell::new();
        if let Some(sha) = &file_sha256 {
            let _ = checked.set(sha.to_ascii_lowercase());
        }
        let trust = Trust { keys, file_sha256, embedded };
        let (lex, signer) =
            open_proven(bytes, signature.as_deref(), &trust).map_err(|e| JsError::new(&e.say(lang)))?;
        let digest = lex.payload_sha256_verified().map_err(|e| thrown(&e, lang))?.to_string();
        Ok(Lexicon { lex, signer, digest, file_sha256: checked, lang })
    }

    /// The language of the messages of errors thrown from now on: `es` or `en`.
    pub fn set_lang(&mut self, lang: &str) {
        self.lang = lang_of(lang);
    }

    /// The lexicon: `name`, `edition`, `version`, `payload_sha256` (computed), `file_sha256`,
    /// `signer` (English), `words`, `anagram_index` (whether anagrams are answered from an index).
    pub fn info(&self) -> Result<String, JsError> {
        let m = self.lex.manifest().map_err(|e| thrown(&e, self.lang))?;
        json(&serde_json::json!({
            "name": m.name,
            "edition": m.edition,
            "version": m.version,
            "payload_sha256": self.digest,
            "file_sha256": self.file_sha256.get_or_init(|| self.lex.file_sha256()),
            "signer": self.signer.to_string(),
            "words": self.lex.len(),
            "anagram_index": matches!(self.lex.anagram_index(), Ok(Some(_))),
        }))
    }

    /// Who vouches for the lexicon, said in `lang`.
    pub fn signer(&self, lang: &str) -> String {
        say::signer(&self.signer, lang_of(lang))
    }

    /// A word's verdict: `lexico valid --format json`'s record.
    pub fn valid(&self, word: &str) -> Result<String, JsError> {
        let (spelled, verdict) =
            judge_word(&self.lex, word, &mut Vec::new()).map_err(|e| thrown(&e, self.lang))?;
        json(&ValidRecord::new(&spelled, verdict))
    }

    /// A play's verdict (words separated by spaces, commas or semicolons): `lexico valid --judge
    /// --format json`'s record. A play with a character that is neither a letter nor a tile is
    /// an `ERROR`, never a thrown error.
    pub fn judge(&self, play: &str) -> Result<String, JsError> {
        let words = play_words(play);
        let verdict = judge_play(&self.lex, &words, &mut Vec::new());
        let m = self.lex.manifest().map_err(|e| thrown(&e, self.lang))?;
        json(&JudgeRecord::new(verdict, words.len(), m, &self.digest, &self.signer))
    }

    /// Why a word is in or out: `lexico explain --format json`'s record.
    pub fn explain(&self, word: &str) -> Result<String, JsError> {
        let e = explain(&self.lex, word).map_err(|e| thrown(&e, self.lang))?;
        let m = self.lex.manifest().map_err(|e| thrown(&e, self.lang))?;
        json(&ExplanationRecord::new(&e, &m.explain))
    }

    /// The sentences of a word's explanation in `lang` (what `lexico explain --lang LANG` prints
    /// under its verdict line), as a JSON list.
    pub fn explanation(&self, word: &str, lang: &str) -> Result<String, JsError> {
        let e = explain(&self.lex, word).map_err(|e| thrown(&e, self.lang))?;
        let m = self.lex.manifest().map_err(|e| thrown(&e, self.lang))?;
        json(&say::explanation(&e, lang_of(lang), &m.explain))
    }

    /// The words a rack makes, classes and `*` read as `lexico anagram` reads them (`options`:
    /// JSON `{mode: "exact"|"sub"|"super", min, max, sort, top, tiles, rank}`): `lexico anagram
    /// --format json`'s records, as a list.
    pub fn anagram(&self, rack: &str, options_json: &str) -> Result<String, JsError> {
        let o = options(options_json)?;
        let mode: Mode = named(o.mode.as_deref().unwrap_or("exact"))?;
        let order: Sort = named(o.sort.as_deref().unwrap_or("length"))?;
        let q = AnagramQuery { mode, min: o.min, max: o.max };
        let mut records = self.records(&o, order);
        let words = rack_words(&self.lex, rack, &q, order, &records).map_err(|e| thrown(&e, self.lang))?;
        let mut rows = Vec::new();
        words.records(&mut records, o.top.unwrap_or(usize::MAX), |r| {
            rows.push(serde_json::to_value(r)?);
            Ok::<_, serde_json::Error>(())
        })?;
        json(&rows)
    }

    /// The words that fit a crossword pattern, or a regular expression over tiles with `regex`
    /// (`options`: JSON `{regex, min, max, sort, top, tiles, rank}`): `lexico pattern --format
    /// json`'s records, as a list.
    pub fn pattern(&self, pattern: &str, options_json: &str) -> Result<String, JsError> {
        let o = options(options_json)?;
        let order: Sort = named(o.sort.as_deref().unwrap_or("alpha"))?;
        let shape = Shape::parse(self.lex.tiles(), pattern, o.regex).map_err(|e| thrown(&e, self.lang))?;
        let mut records = self.records(&o, order);
        let mut rows = Vec::new();
        let bounds = (o.min.unwrap_or(1), o.max.unwrap_or(query::MAX_WORD));
        shape_words(&self.lex, &shape, bounds, order, o.top.unwrap_or(usize::MAX), &mut records, |r| {
            rows.push(serde_json::to_value(r)?);
            Ok::<_, serde_json::Error>(())
        })?;
        json(&rows)
    }

    /// A word's front and back hooks (`options`: JSON `{tiles}`): `lexico hooks --format json`'s
    /// record.
    pub fn hooks(&self, word: &str, options_json: &str) -> Result<String, JsError> {
        let o = options(options_json)?;
        let tiles = self.lex.tiles().parse_word(word).map_err(|e| thrown(&e, self.lang))?;
        json(&HooksRecord::of(&self.lex, &tiles, spelling(&o)))
    }

    /// A study list (`request`: JSON `{conditions: [[NAME, TEXT], …], flags: [NAME, …], sort,
    /// limit, tiles}`, the names those of `lexico search`'s flags): `lexico search --format
    /// json`'s records, as a list.
    pub fn search(&self, request_json: &str) -> Result<String, JsError> {
        let (r, search) = self.search_of(request_json)?;
        let list = search.run(&self.lex).map_err(|e| thrown(&e, self.lang))?;
        let spelling = if r.tiles { Spelling::Brackets } else { Spelling::Natural };
        let mut rows = Vec::new();
        study_records(&list, spelling, |s| {
            rows.push(serde_json::to_value(s)?);
            Ok::<_, serde_json::Error>(())
        })?;
        json(&rows)
    }

    /// Whether a word meets a Scrabble Dash card (its wording, as `lexico dash` reads it:
    /// `Palabra de 4 letras`, `verbo`, `empieza con D`), laid down from `hand` when it is not
    /// empty: `lexico dash --format json`'s record, with the card, the verdict and what the word
    /// meets or lacks said in `lang` (`card_text`, `verdict_text`, `message`, as the station's
    /// `/api/v1/dash` gives them). A card or hand the game does not have is thrown, in `lang`.
    pub fn dash(&self, card: &str, word: &str, hand: &str, lang: &str) -> Result<String, JsError> {
        let lang = lang_of(lang);
        let hand = hand.trim();
        let dash =
            Dash::new(&self.lex, card, (!hand.is_empty()).then_some(hand)).map_err(|e| thrown(&e, lang))?;
        let j = dash.judge(word).map_err(|e| thrown(&e, lang))?;
        json(&DashAnswer {
            record: DashRecord::new(&j, dash.cards(), dash.card()),
            card_text: dash.cards().name(dash.card(), lang),
            verdict_text: say::dash_verdict(&j.verdict, lang),
            message: say::dash(&j, dash.cards(), dash.card(), lang),
        })
    }

    /// The search a request asks for (see [`Lexicon::search`]).
    pub(crate) fn search_of(&self, request_json: &str) -> Result<(SearchRequest, Search<'_>), JsError> {
        let r: SearchRequest =
            serde_json::from_str(request_json).map_err(|e| JsError::new(&format!("search: {e}")))?;
        let set = self.lex.tiles();
        let negation = |name: &str| match name.strip_prefix("not-") {
            Some(base) => (true, base.to_string()),
            None => (false, name.to_string()),
        };
        let unknown = |name: &str| JsError::new(&format!("no condition is named '{name}'"));
        let mut conditions = Vec::new();
        for (name, text) in &r.conditions {
            let (negated, base) = negation(name);
            let on: TextCondition = base.parse().map_err(|_| unknown(name))?;
            let c = Condition::parse(set, on, negated, text)
                .map_err(|e| JsError::new(&format!("{name}: {}", e.localize(self.lang))))?;
            conditions.push(c);
        }
        for name in &r.flags {
            let (negated, base) = negation(name);
            let test = match base.as_str() {
                "generated" => query::Test::Generated,
                "listed" => query::Test::Listed,
                _ => return Err(unknown(name)),
            };
            conditions.push(Condition::new(test, negated));
        }
        let order: StudyOrder = named(r.sort.as_deref().unwrap_or("study"))?;
        let search = Search { conditions, order, limit: r.limit, blanks: None };
        Ok((r, search))
    }

    fn records(&self, o: &Options, order: Sort) -> WordRecords<'_> {
        let records = WordRecords::new(&self.lex, spelling(o));
        if o.rank || order == Sort::Probability {
            records.ranked()
        } else {
            records
        }
    }
}

/// A Dash card's answer ([`Lexicon::dash`]): the record, and what people read of it.
#[derive(Serialize)]
struct DashAnswer<'a> {
    #[serde(flatten)]
    record: DashRecord<'a>,
    card_text: String,
    verdict_text: String,
    message: String,
}

/// The wordings of the Scrabble Dash cards in `lang` (`es`, `en`), as a JSON list: `{n}` and
/// `{letter}` stand for the number or letter the card shows.
#[wasm_bindgen]
pub fn dash_cards(lang: &str) -> String {
    serde_json::to_string(&Cards::embedded().wordings(lang_of(lang))).unwrap_or_default()
}

fn spelling(o: &Options) -> Spelling {
    if o.tiles {
        Spelling::Brackets
    } else {
        Spelling::Natural
    }
}

/// The catalogue's message `id` in `lang` (`es`, `en`), with its arguments (a JSON object of
/// texts and whole numbers).
#[wasm_bindgen]
pub fn message(lang: &str, id: &str, args_json: &str) -> String {
    let args: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(args_json).unwrap_or_default();
    let texts: Vec<(String, Option<u64>, String)> = args
        .iter()
        .map(|(k, v)| match v {
            serde_json::Value::Number(n) => (k.clone(), n.as_u64(), String::new()),
            serde_json::Value::String(s) => (k.clone(), None, s.clone()),
            other => (k.clone(), None, other.to_string()),
        })
        .collect();
    let args: Vec<(&str, Arg)> =
        texts.iter().map(|(k, n, s)| (k.as_str(), n.map_or(Arg::Str(s), Arg::Num))).collect();
    msg(lang_of(lang), id, &args)
}

/// The most words a judge takes in one play (the station's bound).
#[wasm_bindgen]
pub fn max_play_words() -> usize {
    lexico_answers::MAX_PLAY_WORDS
}

/// The default lexicon, the one the `lexico` command embeds: trusted as part of this module.
#[cfg(feature = "embedded")]
#[wasm_bindgen]
pub fn embedded() -> Result<Lexicon, JsError> {
    let lex = lexico_default::lexicon();
    let digest = lex.payload_sha256_verified().map_err(|e| thrown(&e, Lang::En))?.to_string();
    Ok(Lexicon {
        lex,
        signer: Signer::Embedded,
        digest,
        file_sha256: std::cell::OnceCell::new(),
        lang: Lang::En,
    })
}
