//! The test vectors of RULES.md, one test per rule.

use tesseract_chess::fourfold::rules::perft::perft;
use tesseract_chess::fourfold::rules::reach::{reach, split_by_board};
use tesseract_chess::fourfold::rules::*;

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn coords(x: u8, y: u8, z: u8, w: u8) -> Square {
    Square::new(x, y, z, w).unwrap()
}

fn white(kind: PieceKind) -> Piece {
    Piece::new(Color::White, kind)
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap()
}

fn mv(from: &str, to: &str) -> Move {
    Move::new(sq(from), sq(to))
}

#[test]
fn perft_classic_start_depths_1_to_4() {
    let mut pos = Setup::Classic.position();
    let expected = [41, 1_671, 74_569, 3_194_878];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(
            perft(&mut pos, depth as u32 + 1),
            Some(nodes),
            "classic perft {}",
            depth + 1
        );
    }
    assert_eq!(
        pos,
        Setup::Classic.position(),
        "perft leaves the position as it found it"
    );
}

#[test]
fn perft_full_start_depths_1_and_2() {
    let mut pos = Setup::Full.position();
    assert_eq!(perft(&mut pos, 1), Some(48));
    assert_eq!(perft(&mut pos, 2), Some(2_120));
}

#[test]
fn reach_from_b2_on_an_empty_board() {
    let from = sq("b2@00");
    let expected = [
        (PieceKind::Rook, 8, 6, 2),
        (PieceKind::Bishop, 14, 5, 9),
        (PieceKind::Knight, 8, 4, 4),
        (PieceKind::Queen, 38, 11, 27),
        (PieceKind::King, 35, 8, 27),
    ];
    for (kind, total, same, other) in expected {
        let squares = reach(white(kind), from, Bitboard::EMPTY);
        let (on_board, off_board) = split_by_board(from, squares);
        assert_eq!(
            (squares.count(), on_board.count(), off_board.count()),
            (total, same, other),
            "{kind:?}"
        );
    }
    let pawn = white(PieceKind::Pawn);
    let pushes = tesseract_chess::fourfold::rules::reach::pawn_pushes(pawn, from, Bitboard::EMPTY);
    assert_eq!(pushes.count(), 1);
    assert!(pushes.contains(sq("b3@00")));
    let captures = reach(pawn, from, Bitboard::EMPTY) & !pushes;
    let expected: Bitboard = ["a3@00", "c3@00", "b3@10", "b3@01"].iter().map(|s| sq(s)).collect();
    assert_eq!(captures, expected);
}

#[test]
fn reach_from_a1_on_an_empty_board() {
    let from = sq("a1@00");
    for (kind, total) in [
        (PieceKind::Rook, 8),
        (PieceKind::Bishop, 8),
        (PieceKind::Knight, 6),
        (PieceKind::Queen, 21),
        (PieceKind::King, 15),
    ] {
        assert_eq!(reach(white(kind), from, Bitboard::EMPTY).count(), total, "{kind:?}");
    }
}

#[test]
fn reach_examples_count_the_coordinates_that_change() {
    let a1 = coords(0, 0, 0, 0);
    let cases = [
        (PieceKind::Rook, coords(0, 0, 0, 1), coords(0, 0, 1, 1)),
        (PieceKind::Bishop, coords(0, 0, 1, 1), coords(1, 0, 1, 1)),
        (PieceKind::Queen, coords(1, 1, 1, 1), coords(2, 1, 0, 0)),
        (PieceKind::King, coords(1, 1, 1, 1), coords(2, 0, 0, 0)),
        (PieceKind::Knight, coords(2, 0, 0, 1), coords(1, 0, 1, 1)),
    ];
    for (kind, reached, missed) in cases {
        let squares = reach(white(kind), a1, Bitboard::EMPTY);
        assert!(squares.contains(reached), "{kind:?} reaches {reached}");
        assert!(!squares.contains(missed), "{kind:?} does not reach {missed}");
    }
}

#[test]
fn only_a_piece_on_the_full_4d_path_blocks_a_slide() {
    let bishop = white(PieceKind::Bishop);
    let blocked = reach(bishop, sq("a1@00"), Bitboard::from_square(sq("b2@00")));
    assert!(!blocked.contains(sq("d4@00")));
    assert!(blocked.contains(sq("b2@00")), "the blocker itself can be captured");
    let other_board = reach(bishop, sq("a1@00"), Bitboard::from_square(sq("b2@10")));
    assert!(other_board.contains(sq("d4@00")));
    // The same in a real position: the bishop's legal moves.
    let pos = fen("4/4/4/4|4/4/1P2/4|4/4/4/4|k3/4/4/BK2 w 0 1");
    let bishop_square = sq("a1@11");
    assert!(pos.is_legal(Move::new(bishop_square, sq("d4@11"))));
    let pos = fen("4/4/4/4|4/4/4/4|4/4/4/4|k3/4/1P2/BK2 w 0 1");
    assert!(!pos.is_legal(Move::new(bishop_square, sq("d4@11"))));
    assert!(!pos.is_legal(Move::new(bishop_square, sq("c3@11"))));
}

#[test]
fn a_rook_checks_across_w_and_the_check_must_be_answered() {
    // White king a1[0,0], Black rook a1[0,1], Black king d4[1,1], a White pawn on c2[1,0].
    let pos = fen("4/4/4/K3|4/4/2P1/4|4/4/4/r3|3k/4/4/4 w 0 1");
    assert!(pos.in_check());
    assert_eq!(pos.checkers(), Bitboard::from_square(sq("a1@01")));
    assert!(!pos.is_legal(mv("c2@10", "c3@10")), "a pawn push ignores the check");
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    for &m in moves.iter() {
        assert_eq!(m.from, sq("a1@00"), "only the king can answer a one-step W check here");
        let mut after = pos.clone();
        after.make(m);
        assert!(!after.king_attacked(Color::White), "{m} leaves the king in check");
    }
    // The king may capture the unprotected rook along W.
    assert!(pos.is_legal(mv("a1@00", "a1@01")));
}

#[test]
fn a_longer_slide_can_be_blocked_but_a_one_step_w_check_cannot() {
    // Black rook d1[0,0] checks White king a1[0,0] along X; the White knight on d1[0,1] jumps
    // across W to block on b1[0,0], the only knight move that answers the check.
    let pos = fen("4/4/4/K2r|4/4/4/4|4/4/4/3N|3k/4/4/4 w 0 1");
    assert!(pos.in_check());
    let knight_moves: Vec<Move> = pos.legal_moves_from(sq("d1@01")).iter().copied().collect();
    assert_eq!(knight_moves, vec![mv("d1@01", "b1@00")]);
    // A rook next to the king along W gives a check with no square between: no block exists.
    let pos = fen("4/4/4/K3|4/4/4/4|4/4/4/r2N|3k/4/4/4 w 0 1");
    assert!(pos.in_check());
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| m.from == sq("a1@00") || m.to == sq("a1@01"))
    );
}

#[test]
fn pieces_pinned_on_their_board_stay_on_the_line() {
    // White rook b1[0,0] pinned by the Black rook d1[0,0] against the king a1[0,0].
    let pos = fen("4/4/4/KR1r|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1");
    let rook_moves: Vec<Move> = pos.legal_moves_from(sq("b1@00")).iter().copied().collect();
    assert_eq!(rook_moves, vec![mv("b1@00", "c1@00"), mv("b1@00", "d1@00")]);
}

#[test]
fn a_pawn_promotes_to_a_queen_automatically() {
    let mut pos = fen("4/2P1/4/K3|4/4/4/4|4/4/4/4|4/4/4/3k w 5 1");
    let push = mv("c3@00", "c4@00");
    assert!(pos.is_promotion(push));
    assert_eq!(
        tesseract_chess::fourfold::rules::lan::format_move(&pos, push),
        "c3@00-c4@00=Q"
    );
    pos.make(push);
    assert_eq!(pos.piece_at(sq("c4@00")), Some(white(PieceKind::Queen)));
    assert_eq!(pos.halfmove_clock(), 0);
    // A Black pawn capturing along W onto rank 1 promotes too.
    let mut pos = fen("4/4/4/K3|4/4/4/4|4/4/1p2/4|3k/4/4/4 b 0 1");
    let capture_target = sq("b1@00");
    let mut with_target = pos.clone();
    with_target.put(capture_target, white(PieceKind::Knight));
    let capture = Move::new(sq("b2@01"), capture_target);
    assert!(with_target.is_legal(capture));
    with_target.make(capture);
    assert_eq!(
        with_target.piece_at(capture_target),
        Some(Piece::new(Color::Black, PieceKind::Queen))
    );
    pos.make(mv("b2@01", "b1@01"));
    assert_eq!(pos.piece_at(sq("b1@01")).map(|p| p.kind), Some(PieceKind::Queen));
}

#[test]
fn pawns_capture_along_x_z_or_w_but_never_straight_or_on_two_axes() {
    let mut pos = fen("4/4/4/4|4/4/4/4|4/4/4/4|3k/4/4/3K w 0 1");
    let pawn = sq("b2@00");
    pos.put(pawn, white(PieceKind::Pawn));
    for target in ["a3@00", "c3@00", "b3@10", "b3@01", "b3@00", "c3@10", "b3@11"] {
        pos.put(sq(target), Piece::new(Color::Black, PieceKind::Knight));
    }
    let moves: Bitboard = pos.legal_moves_from(pawn).iter().map(|m| m.to).collect();
    let expected: Bitboard = ["a3@00", "c3@00", "b3@10", "b3@01"].iter().map(|s| sq(s)).collect();
    assert_eq!(moves, expected);
}

#[test]
fn kings_are_never_captured_nor_stand_next_to_each_other() {
    // A Black king adjacent along W would be "capturable": such a position is rejected.
    assert!(Position::from_fen("4/4/4/K3|4/4/4/4|4/4/4/k3|4/4/4/4 w 0 1").is_err());
    // A rook attacking the enemy king's square may not move onto it in any generated move.
    let pos = fen("4/4/4/KR2|4/4/4/4|4/4/4/4|k3/4/4/4 w 0 1");
    for &m in pos.legal_moves().iter() {
        assert_ne!(pos.piece_at(m.to).map(|p| p.kind), Some(PieceKind::King));
    }
}

fn reversible_move(game: &Game) -> Move {
    // A knight move whose reverse is legal next turn but one.
    let pos = game.position();
    for &m in pos.legal_moves().iter() {
        if pos.piece_at(m.from).map(|p| p.kind) == Some(PieceKind::Knight) && !pos.is_capture(m) {
            return m;
        }
    }
    panic!("no quiet knight move in {}", pos.to_fen());
}

#[test]
fn threefold_repetition_counts_the_start_position() {
    let mut game = Game::from_setup(Setup::Classic);
    let white_out = reversible_move(&game);
    game.play(white_out).unwrap();
    let black_out = reversible_move(&game);
    game.play(black_out).unwrap();
    let back = |m: Move| Move::new(m.to, m.from);
    let cycle = [
        back(white_out),
        back(black_out),
        white_out,
        black_out,
        back(white_out),
        back(black_out),
    ];
    for (i, &m) in cycle.iter().enumerate() {
        assert_eq!(game.outcome(), None, "no draw before ply {}", i + 3);
        game.play(m).unwrap();
    }
    // The start position has now occurred three times: at the start, after ply 4 and after ply 8.
    assert_eq!(game.position(), &Setup::Classic.position().clone_with_clock(8));
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Threefold));
    assert!(matches!(
        game.play(white_out),
        Err(PlayError::GameOver(Outcome::Threefold))
    ));
    game.undo();
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
}

trait WithClock {
    fn clone_with_clock(&self, plies: u32) -> Position;
}

impl WithClock for Position {
    fn clone_with_clock(&self, plies: u32) -> Position {
        let mut fields: Vec<String> = self.to_fen().split(' ').map(String::from).collect();
        fields[2] = plies.to_string();
        fields[3] = (1 + plies / 2).to_string();
        Position::from_fen(&fields.join(" ")).unwrap()
    }
}

#[test]
fn the_hundred_ply_rule_draws_at_100_not_99() {
    let start = "4/4/4/K3|4/4/4/4|4/4/4/R3|3k/4/4/4 w 98 60";
    let mut game = Game::new(fen(start));
    game.play(mv("a1@01", "b1@01")).unwrap();
    assert_eq!(game.position().halfmove_clock(), 99);
    assert_eq!(game.outcome(), None, "99 plies is not yet a draw");
    game.play(mv("d4@11", "c4@11")).unwrap();
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.outcome(), Some(Outcome::HundredPly));
    assert_eq!(
        Game::new(fen("4/4/4/K3|4/4/4/4|4/4/4/R3|3k/4/4/4 w 100 60")).outcome(),
        Some(Outcome::HundredPly)
    );
}

#[test]
fn checkmate_takes_precedence_over_the_hundred_ply_draw() {
    let mut game = Game::new(fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 99 1"));
    game.play(mv("c2@10", "b2@00")).unwrap();
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    // And over a repetition count.
    assert_eq!(
        tesseract_chess::fourfold::rules::game::outcome_of(game.position(), 3),
        Some(Outcome::Checkmate { winner: Color::White })
    );
}

#[test]
fn stalemate_is_a_draw() {
    // Black king a1[0,0], not in check, with no safe square.
    let game = Game::new(fen("4/4/4/kBK1|4/4/4/4|4/4/4/4|4/Q3/4/4 b 0 1"));
    assert!(!game.position().in_check());
    assert_eq!(game.position().count_legal_moves(), 0);
    assert_eq!(game.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn two_bare_kings_draw_but_a_lone_minor_piece_does_not() {
    let mut game = Game::new(fen("4/4/4/K3|4/4/4/4|4/4/4/n3|3k/4/4/4 w 0 1"));
    assert_eq!(game.outcome(), None, "king and knight against king plays on");
    game.play(mv("a1@00", "a1@01")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::BareKings));
    assert_eq!(
        Game::new(fen("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/1B2 w 0 1")).outcome(),
        None
    );
}

#[test]
fn mate_along_w_is_recognised() {
    let game = Game::new(fen("4/4/4/k1K1|4/4/4/1Q2|4/4/4/4|4/4/4/4 b 0 1"));
    assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    assert_eq!(game.outcome().unwrap().result_token(), "1-0");
}
