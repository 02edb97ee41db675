//! The Four-Handed Chess Club's laws by constructed positions: the frozen army and its lifting
//! (capture, interposition, mating an opponent), the ban on checking one's partner, the pawn
//! leap, promotion on an opponent's back row, the pawn that turns round, and the game's end.

use tesseract_chess::four_player::game::{Loss, Team};
use tesseract_chess::four_player::*;

use super::four_player::{box_for_blue, game_texts, play_text, position, sq};

/// Blue boxed in on a7, Yellow's rook on d4 to close the box, Yellow to move.
fn yellow_boxes_blue(extra: &[(&str, Seat, PieceKind)]) -> Position {
    box_for_blue(Seat::Yellow, Seat::Yellow, extra)
}

#[test]
fn a_mated_army_freezes_at_once_passes_and_is_inert() {
    // Blue's bishop on f3 checks Red's king; Red's knight on c10 could take the pawn on b8.
    let start = yellow_boxes_blue(&[
        ("f3", Seat::Blue, PieceKind::Bishop),
        ("c10", Seat::Red, PieceKind::Knight),
        ("n4", Seat::Green, PieceKind::Rook),
    ]);
    let mut game = Game::new(Rules::CLUB, start);
    assert!(game.position().in_check(Rules::CLUB, Seat::Red));
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.turns().last().unwrap().text, "Rd4-a4#");
    assert_eq!(
        game.position().frozen,
        [false, true, false, false],
        "Blue is frozen at once"
    );
    assert!(
        !game.position().in_check(Rules::CLUB, Seat::Red),
        "the frozen bishop gives no check"
    );
    play_text(&mut game, "Rn4-n5");
    let red = game_texts(&game);
    assert!(
        !red.contains(&"Nc10xb8".to_string()),
        "frozen pieces cannot be taken: {red:?}"
    );
    assert!(
        red.contains(&"Kh1-g2".to_string()),
        "a king may ignore a frozen piece's line"
    );
    play_text(&mut game, "Kh1-g2");
    assert_eq!(game.position().turn, Seat::Yellow, "Blue passes while the mate lasts");
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_partner_lifts_the_mate_by_capture_or_interposition() {
    for (green, lift) in [("n4", "Rn4xRa4"), ("n5", "Rn5-a5")] {
        let mut game = Game::new(Rules::CLUB, yellow_boxes_blue(&[(green, Seat::Green, PieceKind::Rook)]));
        play_text(&mut game, "Rd4-a4");
        assert!(game.position().frozen[Seat::Blue.index()]);
        play_text(&mut game, lift);
        assert_eq!(game.position().frozen, [false; 4], "{lift} lifts the mate");
        play_text(&mut game, "Kh1-h2");
        assert_eq!(game.position().turn, Seat::Blue, "Blue plays again");
        assert!(!game.legal_moves().is_empty());
    }
}

#[test]
fn mating_an_opponent_whose_pieces_the_mate_needs_lifts_it() {
    // Yellow's king on g14 walled in by its own men; Green's knight to h12 mates it, which
    // freezes the rook that mated Blue.
    let start = yellow_boxes_blue(&[
        ("f14", Seat::Yellow, PieceKind::Knight),
        ("h14", Seat::Yellow, PieceKind::Knight),
        ("f13", Seat::Yellow, PieceKind::Pawn),
        ("g13", Seat::Yellow, PieceKind::Rook),
        ("h13", Seat::Yellow, PieceKind::Pawn),
        ("i10", Seat::Green, PieceKind::Knight),
    ]);
    let mut game = Game::new(Rules::CLUB, start);
    play_text(&mut game, "Rd4-a4");
    assert_eq!(game.position().frozen, [false, true, false, false]);
    play_text(&mut game, "Ni10-h12");
    assert_eq!(
        game.position().frozen,
        [false, false, true, false],
        "Yellow mated, Blue free"
    );
    play_text(&mut game, "Kh1-h2");
    assert_eq!(game.position().turn, Seat::Blue);
    play_text(&mut game, "Ka7-a6");
    assert_eq!(game.position().turn, Seat::Green, "frozen Yellow passes");
}

#[test]
fn no_move_may_open_a_line_onto_the_partners_king() {
    // Red's knight on g8 shields Yellow's king on g14 from Blue's rook on g4.
    let pos = position(
        Seat::Red,
        &[
            ("g4", Seat::Blue, PieceKind::Rook),
            ("g8", Seat::Red, PieceKind::Knight),
        ],
    );
    let club = Game::new(Rules::CLUB, pos.clone());
    assert!(
        game_texts(&club).iter().all(|t| !t.starts_with('N')),
        "{:?}",
        game_texts(&club)
    );
    let teams = Game::new(Rules::TEAMS, pos);
    assert!(
        game_texts(&teams).iter().any(|t| t.starts_with("Ng8-")),
        "Teams allows it"
    );
}

#[test]
fn a_pawn_leaps_its_partners_pawn_and_promotes_on_an_opponents_back_row() {
    let leap = position(
        Seat::Red,
        &[
            ("h5", Seat::Red, PieceKind::Pawn),
            ("h6", Seat::Yellow, PieceKind::Pawn),
        ],
    );
    assert!(game_texts(&Game::new(Rules::CLUB, leap.clone())).contains(&"h5-h7".to_string()));
    assert!(
        !game_texts(&Game::new(Rules::TEAMS, leap))
            .iter()
            .any(|t| t.starts_with("h5"))
    );
    let blocked_by_opponent = position(
        Seat::Red,
        &[("h5", Seat::Red, PieceKind::Pawn), ("h6", Seat::Blue, PieceKind::Pawn)],
    );
    assert!(
        !game_texts(&Game::new(Rules::CLUB, blocked_by_opponent))
            .iter()
            .any(|t| t.starts_with("h5"))
    );
    // A red pawn taking onto a5, a square of Blue's back row, promotes with a choice.
    let row = position(
        Seat::Red,
        &[
            ("b4", Seat::Red, PieceKind::Pawn),
            ("a5", Seat::Blue, PieceKind::Knight),
        ],
    );
    let club = game_texts(&Game::new(Rules::CLUB, row.clone()));
    for piece in ["Q", "R", "B", "N"] {
        assert!(club.contains(&format!("b4xNa5={piece}")), "{club:?}");
    }
    assert!(club.contains(&"b4-b5".to_string()));
    assert!(game_texts(&Game::new(Rules::TEAMS, row)).contains(&"b4xNa5".to_string()));
}

#[test]
fn a_pawn_that_reaches_its_partners_back_row_turns_round() {
    let pos = position(Seat::Red, &[("e13", Seat::Red, PieceKind::Pawn)]);
    let mut game = Game::new(Rules::CLUB, pos);
    play_text(&mut game, "e13-e14");
    let fen4 = game.position().to_fen4();
    assert!(fen4.contains("'turned':('e14','','','')"), "{fen4}");
    assert_eq!(
        Position::from_fen4(&fen4).unwrap(),
        *game.position(),
        "FEN4 keeps the turn"
    );
    play_text(&mut game, "Ka7-a6");
    play_text(&mut game, "Kg14-g13");
    play_text(&mut game, "Kn8-n7");
    let red = game_texts(&game);
    assert!(
        red.contains(&"e14-e13".to_string()),
        "it now moves as Yellow's pawns: {red:?}"
    );
    // It captures as Yellow's pawns do: Blue's knight on f13 is taken from e14.
    let mut pos = game.position().clone();
    pos.put(sq("f13"), Piece::new(Seat::Blue, PieceKind::Knight));
    assert!(game_texts(&Game::new(Rules::CLUB, pos)).contains(&"e14xNf13".to_string()));
}

#[test]
fn the_game_is_won_when_both_opponents_are_frozen() {
    // Blue already mated by Yellow's rook on a4; Red's knight to m6 mates Green's walled king.
    let mut pieces = vec![
        ("a4", Seat::Yellow, PieceKind::Rook),
        ("b6", Seat::Blue, PieceKind::Pawn),
        ("b7", Seat::Blue, PieceKind::Pawn),
        ("b8", Seat::Blue, PieceKind::Pawn),
        ("a8", Seat::Blue, PieceKind::Knight),
        ("k5", Seat::Red, PieceKind::Knight),
    ];
    for (square, kind) in [
        ("m7", PieceKind::Pawn),
        ("m8", PieceKind::Pawn),
        ("m9", PieceKind::Pawn),
        ("n7", PieceKind::Knight),
        ("n9", PieceKind::Knight),
    ] {
        pieces.push((square, Seat::Green, kind));
    }
    let mut game = Game::new(Rules::CLUB, position(Seat::Red, &pieces));
    assert_eq!(
        game.position().frozen,
        [false, true, false, false],
        "worked out at the start"
    );
    play_text(&mut game, "Nk5-m6");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::RedYellow,
            because: Loss::BothMated
        })
    );
    assert_eq!(game.result_token(), "1-0");
}
