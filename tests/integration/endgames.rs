//! The three-piece endings of the 4x4x2x2 board, solved exhaustively by retrograde analysis: a
//! king and queen mate a bare king from every position, while a king and a lone rook, bishop or
//! knight never can — no position with one of them is a checkmate at all (a rook, bishop or
//! knight cannot cover the eight squares of the bare king's side of its corner that the other
//! king leaves open). Nor can two of them, nor one against one: every placement of a king and
//! two rooks, bishops or knights against a bare king, and of a king and one of them against a
//! king and one, is enumerated, and none is a checkmate. Three can. The evaluation scores the
//! endings that cannot be won as the draws they are.

use tesseract_chess::fourfold::ai::eval::{Weights, evaluate};
use tesseract_chess::fourfold::rules::*;

/// What the solver found for a king and one `kind` against a bare king.
struct Solved {
    /// Positions with White to move (the side that just moved not in check).
    positions: usize,
    /// Of them, White mates by force.
    won: usize,
    /// Checkmates among the positions with Black to move.
    mates: usize,
    /// The longest forced mate, in White's moves.
    longest: u32,
}

fn solve(kind: PieceKind) -> Solved {
    let squares: Vec<Square> = Square::all().collect();
    let n = 64 * 64 * 64;
    let build = |i: usize, black_to_move: bool| -> Option<Position> {
        let (white_king, black_king, piece) = (i / 4096, (i / 64) % 64, i % 64);
        if white_king == black_king || white_king == piece || black_king == piece {
            return None;
        }
        let mut pos = Position::empty();
        pos.put(squares[white_king], Piece::new(Color::White, PieceKind::King));
        pos.put(squares[black_king], Piece::new(Color::Black, PieceKind::King));
        pos.put(squares[piece], Piece::new(Color::White, kind));
        if black_to_move {
            pos.make_null();
        }
        let just_moved = pos.side_to_move().opponent();
        (!pos.king_attacked(just_moved)).then_some(pos)
    };
    // A position's index, if White still has its piece (a captured one is a draw).
    let index = |pos: &Position| -> Option<usize> {
        let piece = pos.pieces(Color::White, kind).first()?;
        Some(
            pos.king_square(Color::White)?.index() * 4096 + pos.king_square(Color::Black)?.index() * 64 + piece.index(),
        )
    };
    let white: Vec<Option<Position>> = (0..n).map(|i| build(i, false)).collect();
    let black: Vec<Option<Position>> = (0..n).map(|i| build(i, true)).collect();
    let (mut won, mut lost) = (vec![false; n], vec![false; n]);
    let mut mates = 0;
    let mut longest = 0;
    for round in 1.. {
        let mut changed = false;
        for (i, pos) in black.iter().enumerate() {
            let Some(pos) = pos.as_ref().filter(|_| !lost[i]) else {
                continue;
            };
            let moves = pos.legal_moves();
            let mated = moves.is_empty() && pos.in_check();
            mates += usize::from(mated && round == 1);
            let every_reply_loses = !moves.is_empty()
                && moves.iter().all(|&mv| {
                    let mut after = pos.clone();
                    after.make(mv);
                    index(&after).is_some_and(|j| won[j])
                });
            if mated || every_reply_loses {
                lost[i] = true;
                changed = true;
            }
        }
        for (i, pos) in white.iter().enumerate() {
            let Some(pos) = pos.as_ref().filter(|_| !won[i]) else {
                continue;
            };
            let mates_on = pos.legal_moves().iter().any(|&mv| {
                let mut after = pos.clone();
                after.make(mv);
                index(&after).is_some_and(|j| lost[j])
            });
            if mates_on {
                won[i] = true;
                changed = true;
                longest = round;
            }
        }
        if !changed {
            break;
        }
    }
    Solved {
        positions: white.iter().flatten().count(),
        won: won.iter().filter(|&&w| w).count(),
        mates,
        longest,
    }
}

#[test]
fn a_king_and_queen_mate_a_bare_king_from_every_position() {
    let queen = solve(PieceKind::Queen);
    assert!(
        queen.positions > 80_000 && queen.mates > 0,
        "{} {}",
        queen.positions,
        queen.mates
    );
    assert_eq!(queen.won, queen.positions);
    assert!(queen.longest <= 5, "mate in {}", queen.longest);
}

#[test]
fn a_lone_rook_bishop_or_knight_can_never_mate() {
    for kind in [PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight] {
        let solved = solve(kind);
        assert!(solved.positions > 100_000, "{kind:?}: {}", solved.positions);
        assert_eq!((solved.mates, solved.won), (0, 0), "{kind:?}");
    }
}

/// How many placements of the two kings and `pieces` (each with its colour), Black to move, are
/// checkmates (two pieces alike are placed in rising square order, so each set once).
fn checkmates(pieces: [(Color, PieceKind); 2]) -> usize {
    let squares: Vec<Square> = Square::all().collect();
    let mut mates = 0;
    for (white_king, black_king) in (0..64).flat_map(|w| (0..64).map(move |b| (w, b))) {
        if white_king == black_king {
            continue;
        }
        let mut kings = Position::empty();
        kings.put(squares[white_king], Piece::new(Color::White, PieceKind::King));
        kings.put(squares[black_king], Piece::new(Color::Black, PieceKind::King));
        if kings.king_attacked(Color::White) {
            continue;
        }
        for first in (0..64).filter(|s| ![white_king, black_king].contains(s)) {
            let second_from = if pieces[0] == pieces[1] { first + 1 } else { 0 };
            for second in (second_from..64).filter(|s| ![white_king, black_king, first].contains(s)) {
                let mut pos = kings.clone();
                pos.put(squares[first], Piece::new(pieces[0].0, pieces[0].1));
                pos.put(squares[second], Piece::new(pieces[1].0, pieces[1].1));
                pos.make_null();
                if !pos.king_attacked(Color::White) && pos.in_check() && pos.legal_moves().is_empty() {
                    mates += 1;
                }
            }
        }
    }
    mates
}

#[test]
fn at_most_two_rooks_bishops_or_knights_never_mate_but_three_can() {
    use Color::{Black, White};
    use PieceKind::{Bishop, Knight, Queen, Rook};
    let kinds = [Rook, Bishop, Knight];
    for (i, &first) in kinds.iter().enumerate() {
        // Two of them on White's side against a bare king.
        for &second in &kinds[i..] {
            assert_eq!(
                checkmates([(White, first), (White, second)]),
                0,
                "{first:?} and {second:?}"
            );
        }
        // One on each side: not even with the bare king's own piece blocking its flight.
        for &black in &kinds {
            assert_eq!(
                checkmates([(White, first), (Black, black)]),
                0,
                "{first:?} against {black:?}"
            );
        }
    }
    // The enumeration does find the queen's mates: with a rook beside it, or against one.
    assert!(checkmates([(White, Queen), (White, Rook)]) > 0);
    assert!(checkmates([(White, Queen), (Black, Rook)]) > 0);
    // Three rooks, or a rook, bishop and knight, do mate: these endings stay scored as wins.
    let weights = Weights::default();
    for fen in [
        "4/3R/4/1K1k|4/4/4/4|4/4/4/4|4/4/3R/3R b 0 1",
        "4/3R/4/1K1k|4/4/4/4|4/4/4/4|4/4/1N2/2B1 b 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.in_check() && pos.legal_moves().is_empty(), "{fen} is checkmate");
        let mut white_to_move = pos.clone();
        white_to_move.make_null();
        assert!(evaluate(&white_to_move, &weights) > 900, "{fen}");
    }
}

#[test]
fn the_evaluation_scores_the_endings_that_cannot_be_won_as_draws() {
    let weights = Weights::default();
    for fen in [
        "K3/4/4/4|4/4/4/4|4/4/4/4|4/4/1k2/3R w 0 1",
        "K3/4/4/4|4/4/4/4|4/4/4/4|4/4/1k2/3B b 0 1",
        "k3/4/4/4|4/4/4/4|4/4/4/4|4/4/1K2/3n w 0 1",
        "K3/4/4/4|4/4/4/4|4/4/4/4|4/4/1k2/2RB w 0 1",
        "K3/4/4/4|4/4/4/4|4/2R1/4/4|4/4/1k2/3R b 0 1",
        "k3/4/4/4|4/4/4/4|4/2n1/4/4|4/4/1K2/3n w 0 1",
        "K3/4/4/4|4/4/4/4|4/2b1/4/4|4/4/1k2/3R w 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(evaluate(&pos, &weights), 0, "{fen}");
    }
    // A queen, a pawn that may become one, or three pieces are not dead draws.
    for fen in [
        "K3/4/4/4|4/4/4/4|4/4/4/4|4/4/1k2/3Q w 0 1",
        "K3/4/4/4|4/P3/4/4|4/4/4/4|4/4/1k2/3R w 0 1",
        "K3/4/4/4|4/P3/4/4|4/4/4/4|4/4/1k2/2RB w 0 1",
        "K3/4/4/N3|4/4/4/4|4/4/4/4|4/4/1k2/2RB w 0 1",
        "K3/4/4/4|4/4/4/4|4/4/q3/4|4/4/1k2/3R b 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(evaluate(&pos, &weights) > 300, "{fen}");
    }
}
