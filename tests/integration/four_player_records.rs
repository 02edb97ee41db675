//! PGN4 export and import as a pair: the public records and random games under every rule set
//! go out and come back to the same game; mangled records are refused with a reason, never a
//! panic.

use tesseract_chess::engine::random::Rng;
use tesseract_chess::four_player::*;

use super::four_player::record;

/// The same game, as far as a record can tell: start, turns and their texts, end and outcome.
fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.rules, b.rules);
    assert_eq!(a.start().to_fen4(), b.start().to_fen4());
    assert_eq!(a.turns(), b.turns());
    assert_eq!(a.position().to_fen4(), b.position().to_fen4());
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.awards(), b.awards());
}

#[test]
fn the_public_records_export_and_import_back() {
    for name in ["teams-26780486.pgn4", "teams-castling.pgn4"] {
        let first = pgn4::import(&record(name)).unwrap();
        let text = pgn4::export(&first.game, &first.tags);
        let again = pgn4::import(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_same(&first.game, &again.game);
        for tag in ["Red", "Blue", "Yellow", "Green", "Site", "Date"] {
            assert_eq!(first.tag(tag), again.tag(tag), "{name}: {tag}");
        }
        assert_eq!(pgn4::export(&again.game, &again.tags), text, "{name}: export is stable");
    }
    // The real record's movetext survives: the first round as chess.com wrote it.
    let first = pgn4::import(&record("teams-26780486.pgn4")).unwrap();
    let text = pgn4::export(&first.game, &first.tags);
    assert!(text.contains("\n1. "), "{text}");
    assert!(
        text.contains("[Result \"0-1\"]") && text.trim_end().ends_with('R'),
        "{text}"
    );
}

/// A random game: `plies` legal turns (moves, now and then a resignation late on).
fn random_game(rules: Rules, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules, Setup::Modern.position());
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let turn = if ply > 40 && rng.below(60) == 0 {
            Turn::Resign
        } else {
            Turn::Move(moves[rng.below(moves.len() as u64) as usize])
        };
        game.play(turn).unwrap();
    }
    game
}

#[test]
fn random_games_under_every_rule_set_round_trip() {
    let mut capture_king = Rules::FFA;
    capture_king.options.capture_king = true;
    let mut last_standing = Rules::FFA;
    last_standing.options.last_standing = true;
    let mut both_mated = Rules::TEAMS;
    both_mated.options.both_mated = true;
    let mut ended = 0;
    for (i, rules) in [
        Rules::TEAMS,
        Rules::FFA,
        Rules::CLUB,
        capture_king,
        last_standing,
        both_mated,
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..6 {
            let plies = if rules.kind == RuleKind::Club { 120 } else { 300 };
            let game = random_game(rules, 100 * i as u64 + seed, plies);
            ended += usize::from(game.outcome().is_some());
            let text = pgn4::export(&game, &[("Site".into(), "tests".into())]);
            let back = pgn4::import(&text).unwrap_or_else(|e| panic!("{rules}: {e}\n{text}"));
            assert_same(&game, &back.game);
            assert_eq!(back.tag("Site"), Some("tests"));
        }
    }
    assert!(ended > 5, "some random games reach their end ({ended})");
}

#[test]
fn rules_come_from_the_tags_unless_given() {
    let text = record("teams-castling.pgn4");
    let teams = pgn4::import(&text).unwrap();
    assert_eq!(teams.game.rules, Rules::TEAMS);
    let ffa = pgn4::import_with(&text, Some(Rules::FFA)).unwrap();
    assert_eq!(ffa.game.rules, Rules::FFA);
    let tagged = text.replace("[Variant \"Teams\"]", "[Variant \"FFA\"]");
    let with_options = tagged.replace("EnPassant", "EnPassant capture-king DeadKingWalking");
    let record = pgn4::import(&with_options).unwrap();
    assert!(record.game.rules.options.capture_king);
    assert_eq!(
        record.unknown_variants,
        vec!["DeadKingWalking".to_string()],
        "kept and reported"
    );
    let misplaced = text.replace("EnPassant", "EnPassant capture-king");
    assert!(matches!(
        pgn4::import(&misplaced).unwrap_err().kind,
        pgn4::Pgn4ErrorKind::MisplacedOption(_)
    ));
}

#[test]
fn mangled_records_are_refused_never_a_panic() {
    let text = record("teams-26780486.pgn4");
    let mut rng = Rng::new(7);
    let bytes = text.as_bytes();
    for _ in 0..300 {
        let mut mangled = bytes.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(mangled.len() as u64) as usize;
            match rng.below(3) {
                0 => {
                    const NOISE: &[u8] = b" .-x#+=()[]{}\"R0123456789abcdnKQRBNP";
                    mangled[at] = NOISE[rng.below(NOISE.len() as u64) as usize];
                }
                1 => {
                    mangled.remove(at);
                }
                _ => mangled.truncate(at),
            }
        }
        let mangled = String::from_utf8_lossy(&mangled);
        if let Ok(record) = pgn4::import(&mangled) {
            let again = pgn4::export(&record.game, &record.tags);
            pgn4::import(&again).expect("what export writes imports");
        }
    }
}

#[test]
fn a_game_stops_taking_turns_at_the_records_limit() {
    let mut game = Game::new(Rules::TEAMS, Setup::Modern.position()).with_turn_limit(3);
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        game.play(Turn::Move(mv)).unwrap();
    }
    let mv = game.legal_moves()[0];
    assert_eq!(game.play(Turn::Move(mv)), Err(game::PlayError::RecordFull));
    assert_eq!(game.turns().len(), 3, "the refused turn is not played");
    let text = pgn4::export(&game, &[]);
    assert_eq!(pgn4::import(&text).unwrap().game.turns().len(), 3);
}
