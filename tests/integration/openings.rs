//! Self-play openings: balanced sets are distinct, near even by their judge and the same on any
//! number of threads; plain openings are what matches have always played; books round-trip and
//! name what is wrong in a bad line.

use std::collections::HashSet;

use tesseract_chess::engine::limits::StdClock;
use tesseract_chess::fourfold::ai::openings::{Balance, Opening, OpeningPlan, format_book, judge, parse_book};
use tesseract_chess::fourfold::ai::selfplay::{MatchConfig, Opponent, run_match};
use tesseract_chess::fourfold::rules::Setup;

fn plan(balance: Option<Balance>) -> OpeningPlan {
    OpeningPlan {
        setups: vec![Setup::Classic],
        seed: 41,
        plies: 4,
        balance,
    }
}

const BALANCE: Balance = Balance {
    margin_cp: 50,
    nodes: 100_000,
};

#[test]
fn balanced_openings_are_distinct_near_even_and_the_same_on_any_threads() {
    let clock = StdClock::new();
    let balanced = plan(Some(BALANCE)).openings(6, 2, &clock);
    assert_eq!(balanced.len(), 6);
    let mut positions = HashSet::new();
    for (i, opening) in balanced.iter().enumerate() {
        let score = opening.score.expect("a balanced opening has a score");
        assert!(score.abs() <= 50, "opening {i} scored {score}");
        assert_eq!(judge(&opening.game, BALANCE, &clock), score, "the score is the judge's");
        assert_eq!(opening.game.moves().len(), 4);
        assert_eq!(opening.setup, Setup::Classic);
        assert!(
            positions.insert(opening.game.position().key()),
            "opening {i} repeats one before it"
        );
    }
    let on_one_thread = plan(Some(BALANCE)).openings(3, 1, &clock);
    for (one, two) in on_one_thread.iter().zip(&balanced) {
        assert_eq!(one.game.moves(), two.game.moves());
        assert_eq!(one.score, two.score);
    }
    // The plain openings of the same seed are often far from even: the balance does something.
    let plain = plan(None).openings(6, 2, &clock);
    let unbalanced = plain
        .iter()
        .filter(|o| judge(&o.game, BALANCE, &clock).abs() > 50)
        .count();
    assert!(
        unbalanced > 0,
        "every plain opening was balanced: the test checks nothing"
    );
}

#[test]
fn plain_openings_are_what_a_match_plays() {
    let clock = StdClock::new();
    let config = MatchConfig {
        first: Opponent::parse("beginner").unwrap(),
        second: Opponent::parse("beginner").unwrap(),
        games: 4,
        swap: true,
        setups: vec![Setup::Classic, Setup::Full],
        seed: 41,
        opening_plies: 4,
        threads: 2,
        limits: None,
        balance: None,
    };
    let plan = config.opening_plan();
    let records = run_match(&config, &clock);
    for r in &records {
        let opening = plan.plain(config.opening_of(r.index), &clock);
        assert_eq!(opening.score, None);
        assert_eq!(r.setup, opening.setup);
        assert_eq!(&r.game.moves()[..4], opening.game.moves(), "game {}", r.index);
        assert_eq!(r.opening_score, None);
    }
    assert_eq!(records[1].setup, Setup::Classic, "a pair shares its opening");
    assert_eq!(records[2].setup, Setup::Full, "pairs cycle through the setups");
}

#[test]
fn a_book_round_trips_and_a_bad_line_is_named() {
    let clock = StdClock::new();
    let mut openings = plan(None).openings(3, 1, &clock);
    openings[0].score = Some(-12);
    openings.push(Opening {
        score: Some(7),
        ..plan(None).plain(9, &clock)
    });
    let text = format_book(&openings, "made by a test\nsecond line");
    assert!(text.starts_with("# made by a test\n# second line\n"), "{text}");
    let read = parse_book(&text).expect("a written book reads back");
    assert_eq!(read.len(), openings.len());
    for (a, b) in read.iter().zip(&openings) {
        assert_eq!(a.setup, b.setup);
        assert_eq!(a.game.moves(), b.game.moves());
        assert_eq!(a.score, b.score);
    }
    // Hand-written lines: bare from-to moves, comments, blank lines.
    let hand = parse_book("# mine\n\nfull a2@00-a3@00 a3@11-a2@11  # -5 cp\nclassic\n").unwrap();
    assert_eq!(hand.len(), 2);
    assert_eq!(
        (hand[0].setup, hand[0].game.moves().len(), hand[0].score),
        (Setup::Full, 2, Some(-5))
    );
    assert_eq!((hand[1].game.moves().len(), hand[1].score), (0, None));

    let error = |text: &str| parse_book(text).expect_err(text);
    assert!(error("classic\nclasic a2@00-a3@00\n").starts_with("line 2: unknown setup 'clasic'"));
    let illegal = error("# c\nclassic a2@00-a3@00 a2@00-a3@00\n");
    assert!(illegal.starts_with("line 2, move 2:"), "{illegal}");
    assert!(error("# nothing\n\n").starts_with("no openings"));
}
