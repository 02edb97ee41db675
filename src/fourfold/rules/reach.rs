//! Geometric reach and the coordinate-change readout: what a piece could reach on a given
//! occupancy, ignoring check and kings. The reach explorer and the RULES.md vectors use it.

use super::bitboard::Bitboard;
use super::position::Position;
use super::square::{Axis, Move, Piece, PieceKind, Square};
use super::tables::TABLES;

/// The squares a piece on `from` can move or capture to, with `occupied` blocking its slides.
/// For a pawn this is its push (onto an empty square) plus its four kinds of capture square.
pub fn reach(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    let attacks = Bitboard(Position::piece_attacks(piece, from, occupied.0));
    if piece.kind == PieceKind::Pawn {
        attacks | pawn_pushes(piece, from, occupied)
    } else {
        attacks
    }
}

/// A pawn's push square if it is empty.
pub fn pawn_pushes(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(TABLES.pawn_push[piece.color.index()][from.index()] & !occupied.0)
}

/// Reach split into squares on the piece's own board and on the other three.
pub fn split_by_board(from: Square, squares: Bitboard) -> (Bitboard, Bitboard) {
    let same = squares.filter(|s| s.z() == from.z() && s.w() == from.w()).collect();
    let other = squares.filter(|s| s.z() != from.z() || s.w() != from.w()).collect();
    (same, other)
}

/// Which kind of move a set of coordinate changes is, by the count-the-coordinates rule:
/// the piece names whose rule the deltas satisfy (ignoring blocking).
pub fn movers_for_delta(delta: [i8; 4]) -> Vec<PieceKind> {
    let magnitudes: Vec<i8> = delta.iter().map(|d| d.abs()).filter(|&d| d != 0).collect();
    let mut kinds = Vec::new();
    if magnitudes.is_empty() {
        return kinds;
    }
    let equal = magnitudes.iter().all(|&m| m == magnitudes[0]);
    if magnitudes.len() == 1 {
        kinds.push(PieceKind::Rook);
    }
    if magnitudes.len() == 2 && equal {
        kinds.push(PieceKind::Bishop);
    }
    if equal {
        kinds.push(PieceKind::Queen);
    }
    if magnitudes.iter().all(|&m| m == 1) {
        kinds.push(PieceKind::King);
    }
    let two_on_xy = delta[0].abs() == 2 || delta[1].abs() == 2;
    if magnitudes.len() == 2 && two_on_xy && magnitudes.contains(&1) && magnitudes.contains(&2) {
        kinds.push(PieceKind::Knight);
    }
    kinds
}

/// The readout for a move: "changes X and W: bishop-type".
pub fn describe_change(mv: Move) -> String {
    let axes: Vec<String> = mv
        .changed_axes()
        .iter()
        .map(|a: &Axis| a.letter().to_string())
        .collect();
    let axes_text = match axes.len() {
        0 => "changes nothing".to_string(),
        1 => format!("changes {}", axes[0]),
        n => format!("changes {} and {}", axes[..n - 1].join(", "), axes[n - 1]),
    };
    let kinds = movers_for_delta(mv.delta());
    let line_kind = [PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]
        .into_iter()
        .find(|k| kinds.contains(k))
        .or_else(|| kinds.first().copied());
    match line_kind {
        Some(k) => format!("{axes_text}: {}-type", k.name()),
        None => format!("{axes_text}: no piece moves like this"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: &str, to: &str) -> Move {
        Move::new(from.parse().unwrap(), to.parse().unwrap())
    }

    #[test]
    fn the_readout_names_the_changed_axes_and_the_move_type() {
        assert_eq!(describe_change(mv("a1@00", "a1@01")), "changes W: rook-type");
        assert_eq!(describe_change(mv("a1@00", "b1@01")), "changes X and W: bishop-type");
        assert_eq!(describe_change(mv("a1@00", "a1@11")), "changes Z and W: bishop-type");
        assert_eq!(describe_change(mv("a1@00", "b2@01")), "changes X, Y and W: queen-type");
        assert_eq!(describe_change(mv("a1@00", "c1@01")), "changes X and W: knight-type");
        assert_eq!(describe_change(mv("a1@00", "c2@00")), "changes X and Y: knight-type");
        assert_eq!(
            describe_change(mv("a1@00", "c3@01")),
            "changes X, Y and W: no piece moves like this"
        );
    }

    #[test]
    fn delta_classes_follow_the_count_rule() {
        assert_eq!(
            movers_for_delta([0, 0, 1, 1]),
            vec![PieceKind::Bishop, PieceKind::Queen, PieceKind::King]
        );
        assert_eq!(movers_for_delta([1, 1, 1, 1]), vec![PieceKind::Queen, PieceKind::King]);
        assert_eq!(movers_for_delta([2, 0, 0, 1]), vec![PieceKind::Knight]);
        assert!(movers_for_delta([1, 0, 1, 1]).contains(&PieceKind::Queen));
        assert!(!movers_for_delta([1, 0, 1, 1]).contains(&PieceKind::Bishop));
        assert!(movers_for_delta([2, 1, 0, 0]).contains(&PieceKind::Knight));
        assert!(!movers_for_delta([2, 1, 0, 0]).contains(&PieceKind::Queen));
    }
}
