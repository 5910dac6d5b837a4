//! The cardbox against independent answers: FSRS as `rs-fsrs` computes it on the same history,
//! Zyzzyva's boxes, a CSV round trip, and an edition that changes answers.

use chrono::{DateTime, Duration, Utc};
use lexico_answers::quiz::Question;
use lexico_cardbox::{Cardbox, Group, Schedule, Scheduler};
use lexico_lexicon::Lexicon;

fn at(day: i64, hour: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap() + Duration::days(day) + Duration::hours(hour)
}

fn question(lex: &Lexicon, word: &str) -> Question {
    Question::of(lex, &lex.tiles().parse_word(word).unwrap()).unwrap()
}

fn old_edition() -> Lexicon {
    Lexicon::from_words(["casa", "saca", "acas", "erar", "perro", "ocaso", "rata", "tara"]).unwrap()
}

#[test]
fn fsrs_schedules_as_rs_fsrs_does_on_the_same_history() {
    let lex = old_edition();
    let dir = tempfile::tempdir().unwrap();
    let mut cardbox = Cardbox::open(&dir.path().join("c.sqlite"), &lex, Scheduler::Fsrs).unwrap();
    let q = question(&lex, "casa");
    cardbox.add(&lex, std::slice::from_ref(&q), at(0, 0)).unwrap();
    // A fixed history: pass, pass, miss, pass, pass, at irregular times.
    let history = [(at(0, 1), true), (at(0, 2), true), (at(3, 0), false), (at(3, 1), true), (at(9, 5), true)];
    let fsrs = rs_fsrs::FSRS::new(rs_fsrs::Parameters::default());
    let mut expected = rs_fsrs::Card { due: at(0, 0), last_review: at(0, 0), ..rs_fsrs::Card::default() };
    for (now, passed) in history {
        let rating = if passed { rs_fsrs::Rating::Good } else { rs_fsrs::Rating::Again };
        expected = fsrs.next(expected, now, rating).card;
        let card = cardbox.record(&lex, &q, passed, now).unwrap();
        assert_eq!(card.schedule, Schedule::Fsrs(expected.clone()), "after {now}");
        assert_eq!(card.due, expected.due);
    }
    // What the database kept reads back the same.
    drop(cardbox);
    let cardbox = Cardbox::open(&dir.path().join("c.sqlite"), &lex, Scheduler::Leitner).unwrap();
    assert_eq!(cardbox.scheduler(), Scheduler::Fsrs, "a cardbox keeps the scheduler it was made with");
    let card = cardbox.card("AACS").unwrap().unwrap();
    assert_eq!(card.schedule, Schedule::Fsrs(expected));
    assert_eq!(cardbox.history("AACS").unwrap().len(), 5);
}

#[test]
fn leitner_follows_zyzzyvas_boxes_and_due_lists_what_is_due() {
    let lex = old_edition();
    let dir = tempfile::tempdir().unwrap();
    let mut cardbox = Cardbox::open(&dir.path().join("c.sqlite"), &lex, Scheduler::Leitner).unwrap();
    let qs = [question(&lex, "casa"), question(&lex, "rata"), question(&lex, "perro")];
    assert_eq!(cardbox.add(&lex, &qs, at(0, 0)).unwrap(), 3);
    assert_eq!(cardbox.add(&lex, &qs[..1], at(0, 0)).unwrap(), 0, "a question is added once");
    assert_eq!(cardbox.due(at(0, 0), None).unwrap().len(), 3);
    cardbox.record(&lex, &qs[0], true, at(0, 1)).unwrap();
    cardbox.record(&lex, &qs[0], true, at(5, 0)).unwrap();
    let missed = cardbox.record(&lex, &qs[1], false, at(0, 1)).unwrap();
    assert_eq!((missed.schedule, missed.due), (Schedule::Leitner(0), at(1, 1)));
    let card = cardbox.card("AACS").unwrap().unwrap();
    assert_eq!((card.schedule, card.due), (Schedule::Leitner(2), at(12, 0)), "box 2 waits 7 days");
    let due: Vec<String> = cardbox.due(at(2, 0), None).unwrap().into_iter().map(|c| c.question).collect();
    assert_eq!(due, ["EOPRR", "AART"], "PERRO's alphagram reads back; the longest due first");
    let stats = cardbox.stats(at(2, 0)).unwrap();
    assert_eq!((stats.cards, stats.due, stats.reviews, stats.passed), (3, 2, 3, 2));
    assert_eq!(stats.groups.get(&Group::Box(0)), Some(&2));
    assert_eq!(stats.groups.get(&Group::Box(2)), Some(&1));
}

#[test]
fn a_csv_export_imports_to_the_same_cards_and_history() {
    let lex = old_edition();
    let dir = tempfile::tempdir().unwrap();
    for scheduler in [Scheduler::Leitner, Scheduler::Fsrs] {
        let mut a =
            Cardbox::open(&dir.path().join(format!("a-{}.sqlite", scheduler.name())), &lex, scheduler)
                .unwrap();
        let qs = [question(&lex, "casa"), question(&lex, "erar"), question(&lex, "ocaso")];
        a.add(&lex, &qs, at(0, 0)).unwrap();
        a.record(&lex, &qs[0], true, at(0, 1)).unwrap();
        a.record(&lex, &qs[1], false, at(0, 2)).unwrap();
        a.record(&lex, &qs[1], true, at(1, 2)).unwrap();
        let mut csv = Vec::new();
        a.export_csv(&mut csv).unwrap();
        let text = String::from_utf8(csv.clone()).unwrap();
        assert!(text.starts_with("question,answers,scheduler,box,"), "{text}");
        assert!(text.contains("AE[R][R],ERAR,"), "the alphagram reads back: {text}");
        let mut b = Cardbox::open(
            &dir.path().join(format!("b-{}.sqlite", scheduler.name())),
            &lex,
            Scheduler::Leitner,
        )
        .unwrap();
        let imported = b.import_csv(&lex, &csv[..], "cards.csv").unwrap();
        assert_eq!((imported.cards, imported.flagged.len()), (3, 0));
        assert_eq!(b.scheduler(), scheduler, "an empty cardbox takes the file's scheduler");
        assert_eq!(b.cards().unwrap(), a.cards().unwrap());
        for card in a.cards().unwrap() {
            assert_eq!(b.history(&card.question).unwrap(), a.history(&card.question).unwrap());
        }
        let mut again = Vec::new();
        b.export_csv(&mut again).unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
    }
}

#[test]
fn a_bad_csv_line_imports_nothing_and_is_named() {
    let lex = old_edition();
    let dir = tempfile::tempdir().unwrap();
    let mut a = Cardbox::open(&dir.path().join("a.sqlite"), &lex, Scheduler::Leitner).unwrap();
    a.add(&lex, &[question(&lex, "casa"), question(&lex, "rata")], at(0, 0)).unwrap();
    let mut csv = Vec::new();
    a.export_csv(&mut csv).unwrap();
    let text =
        String::from_utf8(csv).unwrap().replace("AART,RATA TARA,leitner,0", "AART,RATA TARA,leitner,11");
    let mut b = Cardbox::open(&dir.path().join("b.sqlite"), &lex, Scheduler::Leitner).unwrap();
    let err = b.import_csv(&lex, text.as_bytes(), "cards.csv").unwrap_err().to_string();
    assert_eq!(err, "cards.csv:3: column box: '11' is not a box from 0 to 10");
    assert_eq!(b.cards().unwrap().len(), 0, "nothing imported");
}

#[test]
fn a_new_edition_flags_the_questions_whose_answers_changed_and_keeps_their_schedule() {
    let old = old_edition();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.sqlite");
    let mut cardbox = Cardbox::open(&path, &old, Scheduler::Leitner).unwrap();
    let qs = [question(&old, "casa"), question(&old, "rata"), question(&old, "perro")];
    cardbox.add(&old, &qs, at(0, 0)).unwrap();
    cardbox.record(&old, &qs[0], true, at(0, 1)).unwrap();
    let before = cardbox.card("AACS").unwrap().unwrap();
    let mut csv = Vec::new();
    cardbox.export_csv(&mut csv).unwrap();
    drop(cardbox);
    // The next edition adds CASA's anagram ASCA and removes PERRO; RATA and TARA stay.
    let new = Lexicon::from_words(["casa", "saca", "acas", "asca", "erar", "ocaso", "rata", "tara"]).unwrap();
    let cardbox = Cardbox::open(&path, &new, Scheduler::Leitner).unwrap();
    assert_eq!(cardbox.changed(), ["AACS", "EOPRR"]);
    let casa = cardbox.card("AACS").unwrap().unwrap();
    assert_eq!(casa.answers, ["ACAS", "ASCA", "CASA", "SACA"]);
    assert_eq!(casa.flagged.as_deref(), Some(&["ACAS".to_string(), "CASA".into(), "SACA".into()][..]));
    assert_eq!((casa.schedule, casa.due), (before.schedule, before.due), "not rescheduled");
    let perro = cardbox.card("EOPRR").unwrap().unwrap();
    assert!(perro.answers.is_empty() && perro.flagged.is_some());
    assert!(cardbox.card("AART").unwrap().unwrap().flagged.is_none());
    assert_eq!(cardbox.stats(at(0, 2)).unwrap().flagged, 2);
    // Opened again on the same edition, nothing new is flagged; answering clears a flag.
    drop(cardbox);
    let mut cardbox = Cardbox::open(&path, &new, Scheduler::Leitner).unwrap();
    assert!(cardbox.changed().is_empty());
    cardbox.record(&new, &question(&new, "casa"), true, at(5, 0)).unwrap();
    assert!(cardbox.card("AACS").unwrap().unwrap().flagged.is_none());
    // The old edition's CSV, imported on the new one, flags the same questions.
    let mut fresh = Cardbox::open(&dir.path().join("fresh.sqlite"), &new, Scheduler::Leitner).unwrap();
    let imported = fresh.import_csv(&new, &csv[..], "old.csv").unwrap();
    assert_eq!(imported.flagged, ["AACS", "EOPRR"]);
}

/// The cardbox in memory (the offline page's) against the SQLite one, on one fixed history of
/// answers for each scheduler: the same cards, due times, statistics and CSV, byte for byte;
/// and each reads the other's CSV back to the same cards.
#[test]
fn the_cardbox_in_memory_schedules_as_the_sqlite_one_on_a_fixed_history() {
    use lexico_cardbox::Deck;
    let lex = old_edition();
    let qs =
        [question(&lex, "casa"), question(&lex, "rata"), question(&lex, "perro"), question(&lex, "erar")];
    // (question, hour after the start, passed): passes, misses and a question asked before it
    // was added.
    let history = [
        (0, 1, true),
        (1, 1, false),
        (0, 30, true),
        (3, 2, true),
        (1, 40, true),
        (0, 200, false),
        (1, 90, true),
        (0, 260, true),
        (2, 500, false),
        (0, 2000, true),
    ];
    for scheduler in [Scheduler::Leitner, Scheduler::Fsrs] {
        let dir = tempfile::tempdir().unwrap();
        let mut sqlite = Cardbox::open(&dir.path().join("c.sqlite"), &lex, scheduler).unwrap();
        let mut deck = Deck::new(scheduler);
        assert_eq!(sqlite.add(&lex, &qs[..3], at(0, 0)).unwrap(), 3);
        assert_eq!(deck.add(&lex, &qs[..3], at(0, 0)), 3);
        for (i, hour, passed) in history {
            let now = at(0, hour) + Duration::milliseconds(250);
            let a = sqlite.record(&lex, &qs[i], passed, now).unwrap();
            let b = deck.record(&lex, &qs[i], passed, now);
            assert_eq!(a, b, "{scheduler:?}: question {i} at hour {hour}");
        }
        for day in [0, 1, 5, 30, 400] {
            assert_eq!(
                sqlite.due(at(day, 0), None).unwrap(),
                deck.due(at(day, 0), None),
                "{scheduler:?}: day {day}"
            );
            assert_eq!(sqlite.stats(at(day, 0)).unwrap(), deck.stats(at(day, 0)));
        }
        assert_eq!(deck.history("AACS").len(), 5);
        let (mut from_sqlite, mut from_deck) = (Vec::new(), Vec::new());
        sqlite.export_csv(&mut from_sqlite).unwrap();
        deck.export_csv(&mut from_deck).unwrap();
        assert_eq!(
            String::from_utf8(from_sqlite.clone()).unwrap(),
            String::from_utf8(from_deck.clone()).unwrap()
        );
        // Each reads the other's CSV back to the same cards.
        let mut read = Deck::new(Scheduler::Leitner);
        assert_eq!(read.import_csv(&lex, from_sqlite.as_slice(), "c.csv").unwrap().cards, 4);
        assert_eq!(read, deck, "{scheduler:?}");
        let mut other = Cardbox::open(&dir.path().join("d.sqlite"), &lex, Scheduler::Leitner).unwrap();
        other.import_csv(&lex, from_deck.as_slice(), "d.csv").unwrap();
        assert_eq!(other.cards().unwrap(), deck.cards().cloned().collect::<Vec<_>>());
        assert_eq!(other.scheduler(), scheduler);
    }
}
