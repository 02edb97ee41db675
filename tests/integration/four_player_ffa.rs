//! Free-for-all by constructed positions: every row of the points table, immediate mates and
//! grey armies, the claim, and the seeds' options; and Teams' mate on the mated seat's own turn
//! (which the partner may lift first) with its `both-mated` option.

use tesseract_chess::four_player::game::{FfaEnd, Loss, Team};
use tesseract_chess::four_player::play::{Exit, Reason};
use tesseract_chess::four_player::*;

use super::four_player::{box_for_blue, game_texts, play_text, position, sq};

/// Only the given pieces (kings included), `turn` to move.
fn bare(turn: Seat, pieces: &[(&str, Seat, PieceKind)]) -> Position {
    let mut pos = Position::empty();
    for &(name, seat, kind) in pieces {
        pos.put(sq(name), Piece::new(seat, kind));
    }
    pos.turn = turn;
    pos
}

/// The points awarded by the last turn: (seat, points, reason).
fn last_awards(game: &Game) -> Vec<(Seat, u32, Reason)> {
    let last = game.turns().len() - 1;
    game.awards()
        .iter()
        .filter(|a| a.turn == Some(last))
        .map(|a| (a.award.seat, a.award.points, a.award.reason))
        .collect()
}

#[test]
fn captures_score_by_the_piece_taken_and_grey_pieces_score_nothing() {
    for (piece, points) in [
        (Piece::new(Seat::Blue, PieceKind::Pawn), 1),
        (Piece::new(Seat::Blue, PieceKind::Knight), 3),
        (Piece::new(Seat::Blue, PieceKind::Bishop), 5),
        (Piece::new(Seat::Blue, PieceKind::Rook), 5),
        (Piece::new(Seat::Blue, PieceKind::Queen), 9),
        (Piece::new(Seat::Blue, PieceKind::Queen).marked(Mark::OnePoint), 1),
        (Piece::new(Seat::Green, PieceKind::Queen), 9),
    ] {
        let mut pos = position(Seat::Red, &[("d5", Seat::Red, PieceKind::Rook)]);
        pos.put(sq("d9"), piece);
        let mut game = Game::new(Rules::FFA, pos);
        let mv = Move::new(sq("d5"), sq("d9"), MoveKind::Normal);
        game.play(Turn::Move(mv)).unwrap();
        assert_eq!(
            last_awards(&game),
            vec![(Seat::Red, points, Reason::Capture(piece))],
            "{piece:?}"
        );
        assert_eq!(game.position().points[0], points);
    }
    let mut pos = position(Seat::Red, &[("d5", Seat::Red, PieceKind::Rook)]);
    pos.put(
        sq("d9"),
        Piece {
            owner: Owner::Grey,
            kind: PieceKind::Queen,
            mark: Mark::Plain,
        },
    );
    let mut game = Game::new(Rules::FFA, pos);
    play_text(&mut game, "Rd5xQd9");
    assert!(last_awards(&game).is_empty(), "a grey piece is worth nothing");
}

#[test]
fn checking_two_or_three_kings_at_once_earns_the_bonus() {
    let kings = [
        ("h1", Seat::Red, PieceKind::King),
        ("f8", Seat::Blue, PieceKind::King),
        ("h8", Seat::Yellow, PieceKind::King),
    ];
    let case = |green: &str, mover: (&str, PieceKind), text: &str| {
        let mut pieces = kings.to_vec();
        pieces.push((green, Seat::Green, PieceKind::King));
        pieces.push((mover.0, Seat::Red, mover.1));
        let mut game = Game::new(Rules::FFA, bare(Seat::Red, &pieces));
        play_text(&mut game, text);
        (last_awards(&game), game.turns().last().unwrap().text.clone())
    };
    // A knight fork of Blue and Yellow: 5; with Green's king on i5 too, three kings: 20.
    let (awards, text) = case("n5", ("e5", PieceKind::Knight), "Ne5-g6");
    assert_eq!(awards, vec![(Seat::Red, 5, Reason::DoubleCheck { queen: false })]);
    assert_eq!(text, "Ne5-g6++", "a marker per checked king");
    let (awards, _) = case("i5", ("e5", PieceKind::Knight), "Ne5-g6");
    assert_eq!(awards, vec![(Seat::Red, 20, Reason::TripleCheck { queen: false })]);
    // A queen between Blue and Yellow: 1; with Green's king up the g-file too: 5.
    let (awards, _) = case("n5", ("g2", PieceKind::Queen), "Qg2-g8");
    assert_eq!(awards, vec![(Seat::Red, 1, Reason::DoubleCheck { queen: true })]);
    let (awards, _) = case("g12", ("g2", PieceKind::Queen), "Qg2-g8");
    assert_eq!(awards, vec![(Seat::Red, 5, Reason::TripleCheck { queen: true })]);
    // One king checked: no bonus.
    let (awards, _) = case("n5", ("e5", PieceKind::Knight), "Ne5-d7");
    assert!(awards.is_empty(), "{awards:?}");
}

#[test]
fn ffa_mates_at_once_and_the_mated_army_turns_grey() {
    let mut game = Game::new(
        Rules::FFA,
        box_for_blue(Seat::Red, Seat::Red, &[("d9", Seat::Yellow, PieceKind::Rook)]),
    );
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.turns().last().unwrap().text, "Rd4-a4#");
    assert_eq!(last_awards(&game), vec![(Seat::Red, 20, Reason::Checkmate(Seat::Blue))]);
    assert_eq!(game.exit(Seat::Blue), Some(Exit::Mated));
    let pos = game.position();
    assert!(pos.out[Seat::Blue.index()]);
    assert_eq!(pos.turn, Seat::Yellow, "Blue is skipped");
    assert_eq!(pos.piece_at(sq("a7")).unwrap().owner, Owner::Grey);
    assert!(pos.to_fen4().contains("dK"), "{}", pos.to_fen4());
    // Grey pieces block and are taken for nothing, the king too.
    play_text(&mut game, "Rd9-a9");
    play_text(&mut game, "Kn8-n7");
    play_text(&mut game, "Kh1-h2");
    play_text(&mut game, "Ra9xNa8");
    assert!(last_awards(&game).is_empty(), "a grey piece is worth nothing");
    assert_eq!(game.turns().last().unwrap().text, "Ra9xNa8");
    play_text(&mut game, "Kn7-n8");
    play_text(&mut game, "Kh2-h1");
    let yellow = game_texts(&game);
    assert!(yellow.contains(&"Ra8xb8".to_string()), "the grey pawn can be taken");
    assert!(!yellow.contains(&"Ra8-c8".to_string()), "and it blocks the rank");
    assert!(yellow.contains(&"Ra8xKa7".to_string()), "the grey king can be taken");
}

#[test]
fn teams_mate_waits_for_the_mated_seats_turn_and_the_partner_can_lift_it() {
    // Yellow closes the box; Green, who moves before Blue, takes the rook.
    let start = box_for_blue(Seat::Yellow, Seat::Yellow, &[("n4", Seat::Green, PieceKind::Rook)]);
    let mut game = Game::new(Rules::TEAMS, start.clone());
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.turns().last().unwrap().text, "Rd4-a4#", "mate as it stands");
    assert_eq!(game.outcome(), None, "not yet: Green moves before Blue");
    play_text(&mut game, "Rn4xRa4");
    play_text(&mut game, "Kh1-h2");
    assert_eq!(game.position().turn, Seat::Blue);
    assert!(
        !game.legal_moves().is_empty() && game.outcome().is_none(),
        "Blue plays on"
    );
    // Without the lift Blue is mated when its turn comes.
    let mut game = Game::new(Rules::TEAMS, start.clone());
    play_text(&mut game, "Rd4-a4");
    play_text(&mut game, "Rn4-n5");
    play_text(&mut game, "Kh1-h2");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::RedYellow,
            because: Loss::Mated(Seat::Blue)
        })
    );
    // FFA: the same move puts Blue out at once, before Green can do anything.
    let mut game = Game::new(Rules::FFA, start.clone());
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.exit(Seat::Blue), Some(Exit::Mated));
    assert_eq!(game.position().points[Seat::Yellow.index()], 20);
    // Teams under both-mated: Blue's army turns grey and Green plays on.
    let mut rules = Rules::TEAMS;
    rules.options.both_mated = true;
    let mut game = Game::new(rules, start);
    play_text(&mut game, "Rd4-a4");
    play_text(&mut game, "Rn4-n5");
    play_text(&mut game, "Kh1-h2");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.exit(Seat::Blue), Some(Exit::Mated));
    assert_eq!(game.position().turn, Seat::Yellow, "Blue is out, Yellow moves");
    assert_eq!(game.position().piece_at(sq("a7")).unwrap().owner, Owner::Grey);
}

#[test]
fn a_stalemated_player_scores_20_and_leaves_and_draws_give_10() {
    // Blue's lone king on a4: a5 and b5 covered by the rook on c5, b4 by the rook on b10.
    let pos = position(
        Seat::Blue,
        &[("c5", Seat::Red, PieceKind::Rook), ("b10", Seat::Red, PieceKind::Rook)],
    );
    let mut pos = pos;
    pos.remove(sq("a7"));
    pos.put(sq("a4"), Piece::new(Seat::Blue, PieceKind::King));
    let game = Game::new(Rules::FFA, pos);
    assert_eq!(game.exit(Seat::Blue), Some(Exit::Stalemated));
    assert_eq!(game.position().points, [0, 20, 0, 0]);
    assert_eq!(game.position().turn, Seat::Yellow);
    assert_eq!(game.awards()[0].award.reason, Reason::Stalemated);
    // Kings alone: a draw, 10 to each player still in, all share first place.
    let game = Game::new(Rules::FFA, position(Seat::Red, &[]));
    assert_eq!(game.position().points, [10; 4]);
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Places {
            places: [1, 1, 1, 1],
            because: FfaEnd::Draw(_)
        })
    ));
}

/// Blue and Green out (grey), Red with 50 points, Yellow with `yellow`.
fn two_left(yellow: u32) -> Position {
    let mut pos = position(
        Seat::Red,
        &[
            ("d5", Seat::Red, PieceKind::Rook),
            ("k10", Seat::Yellow, PieceKind::Rook),
        ],
    );
    for seat in [Seat::Blue, Seat::Green] {
        pos.out[seat.index()] = true;
        let king = pos.king_square(seat).unwrap();
        pos.put(
            king,
            Piece {
                owner: Owner::Grey,
                kind: PieceKind::King,
                mark: Mark::Plain,
            },
        );
    }
    pos.points = [50, 30, yellow, 0];
    pos
}

#[test]
fn the_leader_of_the_last_two_may_claim_the_win() {
    let mut game = Game::new(Rules::FFA, two_left(29));
    assert!(game.can_claim(Seat::Red) && !game.can_claim(Seat::Yellow));
    game.play(Turn::ClaimWin).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Places {
            places: [1, 2, 3, 4],
            because: FfaEnd::Claimed(Seat::Red)
        })
    );
    let game = Game::new(Rules::FFA, two_left(30));
    assert!(!game.can_claim(Seat::Red), "20 ahead is not more than 20");
    let mut game = Game::new(Rules::FFA, two_left(30));
    assert!(matches!(
        game.play(Turn::ClaimWin),
        Err(game::PlayError::CannotClaim(Seat::Red))
    ));
    let mut auto = Rules::FFA;
    auto.options.auto_claim = true;
    let game = Game::new(auto, two_left(29));
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Places {
            because: FfaEnd::Claimed(Seat::Red),
            ..
        })
    ));
}

#[test]
fn the_seeds_options_first_mate_last_standing_and_capture_king() {
    let start = box_for_blue(Seat::Red, Seat::Red, &[]);
    let mut first = Rules::FFA;
    first.options.first_mate = true;
    let mut game = Game::new(first, start.clone());
    play_text(&mut game, "Rd4-a4");
    assert!(
        matches!(
            game.outcome(),
            Some(Outcome::Places {
                places: [1, 4, 2, 2],
                because: FfaEnd::FirstMate(Seat::Blue)
            })
        ),
        "{:?}",
        game.outcome()
    );
    let mut last = Rules::FFA;
    last.options.last_standing = true;
    let mut game = Game::new(last, start.clone());
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.exit(Seat::Blue), Some(Exit::Mated));
    assert_eq!(game.position().points, [0; 4], "no points under last-standing");
    // capture-king: no mate — Blue stays in; moves may leave the king attacked; taking a king
    // scores 20 and greys its army.
    let mut capture = Rules::FFA;
    capture.options.capture_king = true;
    let mut game = Game::new(capture, start);
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.exit(Seat::Blue), None);
    assert!(
        game.legal_moves()
            .iter()
            .any(|m| m.from == sq("a7") && m.to == sq("a6")),
        "into the rook's line"
    );
    play_text(&mut game, "b6-c6");
    play_text(&mut game, "Kg14-g13");
    play_text(&mut game, "Kn8-n7");
    play_text(&mut game, "Ra4xKa7");
    assert_eq!(last_awards(&game)[0].1, 20);
    assert_eq!(game.exit(Seat::Blue), Some(Exit::KingCaptured));
    assert_eq!(game.position().piece_at(sq("a8")).unwrap().owner, Owner::Grey);
}

#[test]
fn the_queries_the_app_needs_name_checks_checkers_and_mates() {
    let pos = bare(
        Seat::Red,
        &[
            ("h1", Seat::Red, PieceKind::King),
            ("f8", Seat::Blue, PieceKind::King),
            ("h8", Seat::Yellow, PieceKind::King),
            ("n5", Seat::Green, PieceKind::King),
            ("e5", Seat::Red, PieceKind::Knight),
        ],
    );
    let fork = Move::new(sq("e5"), sq("g6"), MoveKind::Normal);
    assert_eq!(pos.kings_checked_by(Rules::FFA, fork), [false, true, true, false]);
    let mut after = pos.clone();
    after.make(Rules::FFA, fork);
    assert_eq!(
        after.checkers(Rules::FFA, Seat::Blue).iter().collect::<Vec<_>>(),
        vec![sq("g6")]
    );
    assert!(after.in_check(Rules::FFA, Seat::Yellow) && !after.is_mated(Rules::FFA, Seat::Yellow));
    let moves = pos.legal_moves_from(Rules::FFA, sq("e5"));
    assert_eq!(moves.len(), 8, "the knight's eight squares: {moves:?}");
    let boxed = box_for_blue(Seat::Red, Seat::Blue, &[]);
    let mut mated = boxed.clone();
    mated.remove(sq("d4"));
    mated.put(sq("a4"), Piece::new(Seat::Red, PieceKind::Rook));
    assert!(mated.is_mated(Rules::FFA, Seat::Blue) && !boxed.is_mated(Rules::FFA, Seat::Blue));
}
