//! `lexico anagram`, `pattern` and `hooks` run as a user runs them, on the embedded default
//! lexicon: notation edge cases, errors, limits, and a sample of racks and patterns checked
//! against a brute-force scan of `lexico dump`.

mod common;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use assert_cmd::Command;
use lexico_tiles::Tile;
use proptest::prelude::*;

fn lexico() -> Command {
    Command::from_std(common::lexico())
}

/// Runs lexico with `args`, checks the exit code, and returns standard output.
fn run(args: &[&str], code: i32) -> String {
    let out = lexico().args(args).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

/// Runs lexico expecting an error, and returns its one-line message.
fn error(args: &[&str]) -> String {
    let out = lexico().args(args).assert().code(2);
    String::from_utf8(out.get_output().stderr.clone()).expect("UTF-8 errors")
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

/// Every word of the default lexicon, as tiles, read from `lexico dump --tiles`.
fn all_words() -> &'static Vec<Vec<Tile>> {
    static WORDS: OnceLock<Vec<Vec<Tile>>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let set = lexico_lexicon::fise_2016_tiles();
        run(&["dump", "--tiles"], 0).lines().map(|l| set.parse_word(l).expect("dump prints tiles")).collect()
    })
}

#[test]
fn separate_c_and_h_are_not_ch() {
    assert_eq!(run(&["anagram", "C,H,O,O,C,H"], 1), "");
    assert_eq!(run(&["anagram", "CH,O,O,CH"], 0), "CHOCHO\t12\n");
    assert_eq!(run(&["anagram", "CHAO"], 0), "CHAO\t7\n");
    // Four tiles, C and H among them: CHAO needs the CH tile.
    assert!(!run(&["anagram", "C H A O"], 1).contains("CHAO"));
    assert_eq!(run(&["anagram", "1,A,O"], 0), run(&["anagram", "[CH]AO"], 0));
}

#[test]
fn a_blank_played_as_ch_is_shown_in_lower_case() {
    let out = run(&["anagram", "?URRO"], 0);
    assert!(lines(&out).contains(&"chURRO\t10"), "{out}");
    let out = run(&["anagram", "?URRO", "--tiles"], 0);
    assert!(lines(&out).contains(&"[ch][U][RR][O]\t10"), "{out}");
    let out = run(&["anagram", "CHURR?"], 0);
    assert!(lines(&out).contains(&"CHURRo\t14"), "{out}");
}

#[test]
fn n_and_ene_are_different_tiles() {
    assert_eq!(run(&["anagram", "ÑU"], 0), "ÑU\t9\n");
    assert!(!run(&["anagram", "NU"], 0).contains('Ñ'));
    assert!(lines(&run(&["anagram", "?U"], 0)).contains(&"ñU\t1"));
    let out = run(&["pattern", "Ñ?"], 0);
    assert!(out.lines().all(|l| l.starts_with('Ñ')), "{out}");
    assert!(lines(&out).contains(&"ÑU\t9"), "{out}");
    assert!(!run(&["pattern", "N?"], 0).contains('Ñ'));
}

#[test]
fn a_word_made_with_blanks_in_different_places_is_printed_once() {
    let out = run(&["anagram", "--sub", "CAS?", "--sort", "alpha"], 0);
    let words: Vec<String> = out.lines().map(|l| l.split('\t').next().unwrap().to_uppercase()).collect();
    let unique: BTreeSet<&String> = words.iter().collect();
    assert_eq!(unique.len(), words.len(), "{out}");
    // The rack's own A takes the first A of CASA, the blank the second.
    assert!(lines(&out).contains(&"CASa\t5"), "{out}");
    assert!(!out.contains("CaSA"), "{out}");
}

#[test]
fn bad_racks_and_patterns_are_one_line_errors_naming_the_place() {
    assert_eq!(
        error(&["anagram", "CASA", "A???"]),
        "lexico: argument 2: 'A???': 3 blanks, but the bag holds only 2\n"
    );
    assert_eq!(error(&["anagram", "AB@"]), "lexico: argument 1: 'AB@': column 3: '@' is not a tile\n");
    assert_eq!(
        error(&["pattern", "CA[SA"]),
        "lexico: argument 1: 'CA[SA': column 3: '[' has no closing ']'\n"
    );
    let err = error(&["pattern", "--regex", "(.*A.{30})*"]);
    assert!(err.starts_with("lexico: argument 1: '(.*A.{30})*': the regular expression needs"));
    assert_eq!(
        error(&["anagram", "--min", "3", "AEI"]),
        "lexico: --min and --max need --sub or --super (an exact anagram uses the whole rack)\n"
    );
    let out = lexico().args(["anagram"]).write_stdin("CASA\nA@\n").assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(err, "lexico: <stdin>:2: 'A@': column 2: '@' is not a tile\n");
}

#[test]
fn anagram_answers_the_racks_after_a_bad_one() {
    let marks = ["ÑU\tÑU\t9", "CHAO\tCHAO\t7"];
    common::check_batch(&["anagram"], ["ÑU", "A@", "CHAO"], marks, "column 2: '@' is not a tile");
    common::check_batch(&["anagram"], ["ÑU", "A???", "CHAO"], marks, "3 blanks, but the bag holds only 2");
    // With --sort probability records have a rank, and so has the error row.
    let (csv, _, code) =
        common::batch(&["anagram", "--sort", "probability", "--format", "csv", "A@", "ÑU"], b"");
    assert_eq!(
        lines(&csv)[..2],
        [
            "rack,word,length,value,blanks,combinations,probability,rank,error",
            "A@,,,,,,,,column 2: '@' is not a tile"
        ]
    );
    assert_eq!(code, 2);
    // A single rack: its error row shows it too, though its words would not.
    let (text, _, _) = common::batch(&["anagram", "A@"], b"");
    assert_eq!(text, "A@\terror\tcolumn 2: '@' is not a tile\n");
}

#[test]
fn pattern_answers_the_patterns_after_a_bad_one() {
    let marks = ["ÑU\tÑU\t9", "CHAO\tCHAO\t7"];
    common::check_batch(&["pattern"], ["ÑU", "CA[SA", "CHAO"], marks, "column 3: '[' has no closing ']'");
    let (text, _, code) = common::batch(&["pattern", "--regex", "ÑU", "(", "CHAO"], b"");
    let rows: Vec<&str> = text.lines().map(|l| l.split('\t').nth(1).unwrap()).collect();
    assert_eq!((rows, code), (vec!["ÑU", "error", "CHAO"], 2));
}

#[test]
fn hooks_answers_the_words_after_a_bad_one() {
    common::check_batch(
        &["hooks"],
        ["casa", "ca$a", "ganso"],
        ["\tCASA\t", "\tGANSO\t"],
        "column 3: '$' is not a tile",
    );
}

#[test]
fn racks_from_standard_input_are_named_on_each_line() {
    let out = lexico().args(["anagram"]).write_stdin("CH,O,O,CH\r\nÑU\n").assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(text, "CH,O,O,CH\tCHOCHO\t12\nÑU\tÑU\t9\n");
}

#[test]
fn json_and_csv_carry_value_and_probability() {
    let out = run(&["anagram", "ÑU", "--format", "json", "--sort", "probability"], 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["word"], "ÑU");
    assert_eq!(v["value"], 9);
    assert_eq!(v["length"], 2);
    assert!(v["rank"].as_u64().unwrap() >= 1);
    // Draws of two tiles spelling ÑU: Ñ and one of 5 U (5), Ñ and one of 2 blanks (2), a blank
    // and a U (2 × 5), both blanks (1).
    assert_eq!(v["combinations"], 18);
    let csv = run(&["pattern", "ÑU", "--format", "csv"], 0);
    assert_eq!(lines(&csv)[0], "pattern,word,length,value,blanks,combinations,probability,error");
}

#[test]
fn pathological_queries_finish_or_are_refused() {
    assert!(error(&["anagram", "???????????????"]).contains("15 blanks"));
    // Every word of four tiles or more.
    let out = run(&["pattern", "*?*?*?*?*"], 0);
    let want = all_words().iter().filter(|w| w.len() >= 4).count();
    assert_eq!(out.lines().count(), want);
}

#[test]
fn hooks_list_tiles_and_words() {
    let set = lexico_lexicon::fise_2016_tiles();
    let words: BTreeSet<&Vec<Tile>> = all_words().iter().collect();
    let word = set.parse_word("ASA").unwrap();
    let front: Vec<&str> =
        set.all().filter(|&t| words.contains(&[&[t][..], &word[..]].concat())).map(|t| set.name(t)).collect();
    let back: Vec<&str> =
        set.all().filter(|&t| words.contains(&[&word[..], &[t][..]].concat())).map(|t| set.name(t)).collect();
    let out = run(&["hooks", "asa"], 0);
    let cols: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!(cols[0], front.join(" "));
    assert_eq!(cols[1], "ASA");
    assert_eq!(cols[2], back.join(" "));
}

/// Tiles of a rack drawn like the bag's (common letters more often), with digraphs.
const DRAW: &[&str] = &[
    "A", "A", "E", "E", "O", "I", "U", "S", "R", "N", "L", "T", "C", "D", "M", "P", "B", "G", "CH", "LL",
    "RR", "Ñ", "H", "Z", "J", "Q", "V", "F",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn default_lexicon_anagrams_equal_a_brute_force_scan(
        raw in proptest::collection::vec(0..DRAW.len(), 2..7),
        blanks in 0usize..=2,
        sub in any::<bool>(),
    ) {
        let set = lexico_lexicon::fise_2016_tiles();
        let tiles: Vec<Tile> = raw.iter().map(|&i| set.tile_named(DRAW[i]).unwrap()).collect();
        let mut rack: Vec<String> = raw.iter().map(|&i| DRAW[i].to_string()).collect();
        rack.extend(std::iter::repeat_n("?".to_string(), blanks));
        let rack = rack.join(",");
        let n = tiles.len() + blanks;
        let mut have = [0usize; 256];
        for &t in &tiles {
            have[t as usize] += 1;
        }
        let want: BTreeSet<Vec<Tile>> = all_words()
            .iter()
            .filter(|w| if sub { (2..=n).contains(&w.len()) } else { w.len() == n })
            .filter(|w| {
                let mut need = [0usize; 256];
                for &t in w.iter() {
                    need[t as usize] += 1;
                }
                (0..256).map(|t| need[t].saturating_sub(have[t])).sum::<usize>() <= blanks
            })
            .cloned()
            .collect();
        let mut args = vec!["anagram", "--tiles", rack.as_str()];
        if sub {
            args.extend(["--sub", "--min", "2"]);
        }
        let out = lexico().args(&args).output().unwrap();
        let got: BTreeSet<Vec<Tile>> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| set.parse_word(l.split('\t').next().unwrap()).unwrap())
            .collect();
        prop_assert_eq!(got, want, "rack {}", rack);
    }

    #[test]
    fn default_lexicon_patterns_equal_a_brute_force_scan(
        fixed in proptest::collection::vec((0..DRAW.len(), 0usize..6), 1..3),
        len in 3usize..9,
    ) {
        // A pattern of `len` tiles with a few tiles fixed in place, the rest `?`.
        let set = lexico_lexicon::fise_2016_tiles();
        let mut slots: Vec<Option<Tile>> = vec![None; len];
        for &(i, at) in &fixed {
            slots[at % len] = Some(set.tile_named(DRAW[i]).unwrap());
        }
        let text: String = slots
            .iter()
            .map(|s| s.map_or("?".to_string(), |t| format!("[{}]", set.name(t))))
            .collect();
        let want: Vec<Vec<Tile>> = all_words()
            .iter()
            .filter(|w| w.len() == len && w.iter().zip(&slots).all(|(t, s)| s.is_none_or(|s| s == *t)))
            .cloned()
            .collect();
        let out = lexico().args(["pattern", "--tiles", &text]).output().unwrap();
        let got: Vec<Vec<Tile>> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| set.parse_word(l.split('\t').next().unwrap()).unwrap())
            .collect();
        prop_assert_eq!(got, want, "pattern {}", text);
    }
}
