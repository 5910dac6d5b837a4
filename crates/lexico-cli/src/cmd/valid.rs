//! `lexico valid`: one verdict per word, or one verdict per play with `--judge`.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexico_lexicon::Lexicon;
use lexico_tiles::{TileError, Word};

use crate::input;
use crate::lexicons::LexiconArg;
use crate::output::{Format, Out, Value};

#[derive(clap::Args)]
pub struct Args {
    /// Words to check (any notation: CHURRO, [CH]U[RR]O, 1U3O, ÇURRO); with none, one word per
    /// line from standard input.
    pub words: Vec<String>,
    /// Judge the words as one play: a single ACCEPTABLE or UNACCEPTABLE line that never says
    /// which word failed, with the lexicon's name, edition and checksum. With no words, each line
    /// of standard input is a play (words separated by spaces or commas).
    #[arg(long, conflicts_with = "explain")]
    pub judge: bool,
    /// Say why each word is in (source, line, rule) or out.
    #[arg(long)]
    pub explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArg,
}

/// A word's verdict. The reason of an invalid word is one word, for scripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    Invalid(&'static str),
}

/// Judges one typed word: its natural spelling and verdict, or an error for a character that is
/// no tile and no letter.
pub fn judge_word(lex: &Lexicon, text: &str, scratch: &mut Word) -> Result<(String, Verdict), TileError> {
    let tiles = lex.tiles();
    let spelled;
    if tiles.parse_word_fast(text.as_bytes(), scratch) {
        spelled = text.to_ascii_uppercase();
    } else {
        match tiles.parse_word(text) {
            Ok(w) => {
                spelled = tiles.spell(&w);
                *scratch = w;
            }
            Err(TileError::Absent { .. }) => {
                return Ok((lexico_tiles::normalize(text).as_string(), Verdict::Invalid("no-tile")));
            }
            Err(e) => return Err(e),
        }
    }
    if lex.contains(scratch) {
        return Ok((spelled, Verdict::Valid));
    }
    let reason = match lex.manifest() {
        Ok(m) if scratch.len() < m.min_tiles as usize => "too-short",
        Ok(m) if scratch.len() > m.max_tiles as usize => "too-long",
        _ => "unlisted",
    };
    Ok((spelled, Verdict::Invalid(reason)))
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
    let mut out = Out::new(args.format);
    if args.judge {
        return judge_plays(&lex, &args.words, &mut out);
    }
    if args.words.is_empty() && args.format == Format::Text && !args.explain {
        return batch(&lex, &mut out);
    }
    let mut all_valid = true;
    let mut scratch = Word::new();
    input::each(&args.words, |text, place| {
        let (spelled, verdict) =
            judge_word(&lex, text, &mut scratch).with_context(|| format!("{place}: '{text}'"))?;
        all_valid &= verdict == Verdict::Valid;
        let (valid, reason) = match verdict {
            Verdict::Valid => (true, ""),
            Verdict::Invalid(r) => (false, r),
        };
        let line = if valid { format!("{spelled}\tvalid") } else { format!("{spelled}\tinvalid\t{reason}") };
        let why =
            if args.explain { crate::cmd::valid::explain(&lex, &scratch, verdict)? } else { String::new() };
        let line = if args.explain { format!("{line}\t{why}") } else { line };
        let mut fields = vec![
            ("word", Value::Str(&spelled)),
            ("valid", Value::Bool(valid)),
            ("reason", Value::Str(reason)),
        ];
        if args.explain {
            fields.push(("explanation", Value::Str(&why)));
        }
        out.record(&line, &fields)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(if all_valid { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Why a word is in or out, in one line.
pub fn explain(lex: &Lexicon, word: &[u8], verdict: Verdict) -> Result<String> {
    let describe = |d: &lexico_lexicon::Derivation| {
        let mut s = String::new();
        if let Some(text) = &d.entry_text {
            s.push_str(&format!("{text}; "));
        }
        s.push_str(&format!("{} by rule {}", d.slot.slot, d.slot.rule));
        if !d.slot.article.is_empty() {
            s.push_str(&format!(" (art. {})", d.slot.article));
        }
        if !d.slot.reason.is_empty() {
            s.push_str(&format!(": {}", d.slot.reason));
        }
        if let Some((path, line)) = &d.source {
            s.push_str(&format!(", {path}:{line}"));
        }
        s
    };
    Ok(match verdict {
        Verdict::Valid => {
            let ds = lex.derivations(word)?;
            ds.iter().map(describe).collect::<Vec<_>>().join(" | ")
        }
        Verdict::Invalid("no-tile") => "a letter with no tile (art. 11; game art. 10.1)".into(),
        Verdict::Invalid("too-short") | Verdict::Invalid("too-long") => {
            let m = lex.manifest()?;
            format!("words have {} to {} tiles", m.min_tiles, m.max_tiles)
        }
        Verdict::Invalid(_) => {
            let rejected = lex.rejections(word).unwrap_or_default();
            if rejected.is_empty() {
                "not in the sources of this lexicon".into()
            } else {
                let rs: Vec<String> = rejected.iter().map(|d| format!("rejected: {}", describe(d))).collect();
                rs.join(" | ")
            }
        }
    })
}

/// The word-judge verdict for each play.
fn judge_plays(lex: &Lexicon, words: &[String], out: &mut Out) -> Result<ExitCode> {
    let m = lex.manifest()?;
    let id = format!(
        "{} {} {}, sha256 {}",
        m.name,
        m.edition,
        m.version,
        m.payload_sha256.chars().take(16).collect::<String>()
    );
    let mut all = true;
    let mut scratch = Word::new();
    let mut judge = |play: &[&str], place: &str| -> Result<()> {
        let mut ok = !play.is_empty();
        for text in play {
            let (_, v) = judge_word(lex, text, &mut scratch)
                .with_context(|| format!("{place}: a word of the play has a character that is no letter"))?;
            ok &= v == Verdict::Valid;
        }
        all &= ok;
        let verdict = if ok { "ACCEPTABLE" } else { "UNACCEPTABLE" };
        out.record(
            &format!("{verdict}\t{id}"),
            &[
                ("verdict", Value::Str(verdict)),
                ("words", Value::Int(play.len() as u64)),
                ("lexicon", Value::Str(&m.name)),
                ("edition", Value::Str(&m.edition)),
                ("version", Value::Str(&m.version)),
                ("payload_sha256", Value::Str(&m.payload_sha256)),
            ],
        )?;
        Ok(())
    };
    if words.is_empty() {
        input::each(&[], |line, place| {
            let play: Vec<&str> = line.split([' ', ',', '\t']).filter(|w| !w.is_empty()).collect();
            judge(&play, place)
        })?;
    } else {
        let play: Vec<&str> = words.iter().map(String::as_str).collect();
        judge(&play, "the play")?;
    }
    out.flush()?;
    Ok(if all { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Text verdicts for words on standard input, with an allocation-free path for plain ASCII.
fn batch(lex: &Lexicon, out: &mut Out) -> Result<ExitCode> {
    let mut data = Vec::new();
    std::io::stdin().lock().read_to_end(&mut data).context("reading standard input")?;
    let mut all_valid = true;
    let mut scratch = Word::new();
    let mut upper = Vec::with_capacity(64);
    let w = out.raw();
    let data = input::trim_line(&data, true);
    for (i, raw) in input::split_lines(data).enumerate() {
        let line = raw.trim_ascii();
        if line.is_empty() {
            continue;
        }
        if lex.tiles().parse_word_fast(line, &mut scratch) && lex.contains(&scratch) {
            upper.clear();
            upper.extend(line.iter().map(u8::to_ascii_uppercase));
            upper.extend_from_slice(b"\tvalid\n");
            w.write_all(&upper)?;
            continue;
        }
        let text = std::str::from_utf8(raw).map_err(|e| input::invalid_utf8(i + 1, raw, e))?.trim_ascii();
        let (spelled, verdict) =
            judge_word(lex, text, &mut scratch).with_context(|| format!("<stdin>:{}: '{text}'", i + 1))?;
        match verdict {
            Verdict::Valid => writeln!(w, "{spelled}\tvalid")?,
            Verdict::Invalid(reason) => {
                all_valid = false;
                writeln!(w, "{spelled}\tinvalid\t{reason}")?;
            }
        }
    }
    out.flush()?;
    Ok(if all_valid { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
