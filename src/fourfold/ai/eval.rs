//! The evaluation, made for the 4x4x2x2 board: material, mobility over all 80 directions, king
//! safety over the king's whole 4D neighbourhood (threats from the other cube included), pawn
//! advancement, and centralisation measured as how many squares a piece reaches from its square
//! on an empty board (which is what "central" means in 4D).

use std::sync::OnceLock;

use crate::fourfold::rules::{Bitboard, Color, Piece, PieceKind, Position, Square};

/// Evaluation weights. `Default` holds the values measured by self-play (see README).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Pawn, knight, bishop, rook, queen (king unused), in centipawns.
    pub material: [i32; 6],
    /// Per attacked square not holding an own piece, per kind.
    pub mobility: [i32; 6],
    /// Per empty-board reach above the kind's average, per kind.
    pub centralisation: [i32; 6],
    /// Bonus for a pawn one step from promotion, and two steps.
    pub pawn_near_promotion: [i32; 2],
    /// Penalty per enemy attack on the king's neighbourhood.
    pub king_zone_attack: i32,
    pub tempo: i32,
    /// Against a bare king: per square fewer in the bare king's reach (nearer a corner), and
    /// twice this per step the two kings stand nearer (0: off).
    pub mop_up: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            material: [100, 300, 420, 380, 1000, 0],
            mobility: [0, 4, 3, 3, 2, 0],
            centralisation: [0, 3, 2, 2, 1, -1],
            pawn_near_promotion: [90, 25],
            king_zone_attack: 6,
            tempo: 10,
            mop_up: 8,
        }
    }
}

/// Empty-board reach of each kind from each square (pawns: their capture squares).
struct ReachTable {
    count: [[i32; 64]; 6],
    average: [i32; 6],
}

fn reach_table() -> &'static ReachTable {
    static TABLE: OnceLock<ReachTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = ReachTable {
            count: [[0; 64]; 6],
            average: [0; 6],
        };
        for kind in PieceKind::ALL {
            let piece = Piece::new(Color::White, kind);
            for s in Square::all() {
                table.count[kind.index()][s.index()] = Position::piece_attacks(piece, s, 0).count_ones() as i32;
            }
            table.average[kind.index()] = table.count[kind.index()].iter().sum::<i32>() / 64;
        }
        table
    })
}

/// The material value of a kind under `weights`.
pub fn value(weights: &Weights, kind: PieceKind) -> i32 {
    weights.material[kind.index()]
}

/// The largest evaluation: below every mate score, so no material, however much (62 queens
/// come to 62,000 cp), is ever scored or printed as a mate, and the search's mate guards hold.
pub const EVAL_LIMIT: i32 = 30_000;

/// Score of `pos` in centipawns from the side to move's point of view, within ±`EVAL_LIMIT`.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    if cannot_mate(pos) {
        return 0;
    }
    let reach = reach_table();
    let occupied = pos.occupied().0;
    let mut score = [0i32; 2];
    let mut attacks_on_king_zone = [0i32; 2];
    let zones = Color::ALL.map(|c| {
        pos.king_square(c).map_or(0, |k| {
            Position::piece_attacks(Piece::new(c, PieceKind::King), k, 0) | k.bit()
        })
    });
    for (s, piece) in pos.placements() {
        let us = piece.color.index();
        let them = piece.color.opponent().index();
        let k = piece.kind.index();
        let mut points = weights.material[k];
        points += (reach.count[k][s.index()] - reach.average[k]) * weights.centralisation[k];
        match piece.kind {
            PieceKind::Pawn => {
                let to_go = (piece.color.promotion_rank() as i32 - s.y() as i32).abs();
                if (1..=2).contains(&to_go) {
                    points += weights.pawn_near_promotion[to_go as usize - 1];
                }
            }
            PieceKind::King => {}
            _ => {
                let attacks = Position::piece_attacks(piece, s, occupied);
                let own = pos.pieces_of(piece.color).0;
                points += (attacks & !own).count_ones() as i32 * weights.mobility[k];
                attacks_on_king_zone[them] += (attacks & zones[them]).count_ones() as i32;
            }
        }
        score[us] += points;
    }
    for c in 0..2 {
        score[c] -= attacks_on_king_zone[c] * weights.king_zone_attack;
    }
    if weights.mop_up != 0 {
        for c in Color::ALL {
            score[c.index()] += mop_up(pos, c, reach) * weights.mop_up;
        }
    }
    let us = pos.side_to_move().index();
    (score[us] - score[1 - us] + weights.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The mop-up of `strong` against a bare king: how cornered that king is (the king's reach from
/// the centre, 35 squares, less its reach where it stands; 20 in a corner) and twice how near
/// the two kings stand (8 less their distance in steps along the four axes). Zero unless the
/// other side has nothing but its king and `strong` has more than pawns.
fn mop_up(pos: &Position, strong: Color, reach: &ReachTable) -> i32 {
    let weak = strong.opponent();
    let bare = pos.pieces_of(weak) == pos.pieces(weak, PieceKind::King);
    let pieces =
        pos.pieces_of(strong).0 & !(pos.pieces(strong, PieceKind::Pawn).0 | pos.pieces(strong, PieceKind::King).0);
    let (Some(weak_king), Some(strong_king)) = (pos.king_square(weak), pos.king_square(strong)) else {
        return 0;
    };
    if !bare || pieces == 0 {
        return 0;
    }
    let king = PieceKind::King.index();
    let cornered = reach.count[king].iter().max().copied().unwrap_or(0) - reach.count[king][weak_king.index()];
    let steps = |a: u8, b: u8| i32::from(a.abs_diff(b));
    let distance = steps(weak_king.x(), strong_king.x())
        + steps(weak_king.y(), strong_king.y())
        + steps(weak_king.z(), strong_king.z())
        + steps(weak_king.w(), strong_king.w());
    cornered + 2 * (8 - distance)
}

/// At most two rooks, bishops or knights beside the kings, and no queen or pawn: on this board
/// no such position is a checkmate, whoever has them (tests/integration/endgames.rs enumerates
/// every one: a bare king in a corner has 15 neighbours, the other king covers at most 8 of
/// them, and two of these pieces too few of the rest, even with the cornered king's own piece
/// blocking it), so however it is played it is a draw, and worth no more than one. Three such
/// pieces can mate.
pub fn cannot_mate(pos: &Position) -> bool {
    pos.piece_count() <= 4
        && Color::ALL
            .iter()
            .all(|&c| (pos.pieces(c, PieceKind::Queen) | pos.pieces(c, PieceKind::Pawn)).is_empty())
}

/// Whether the side to move has a piece other than pawns and king (null-move safety).
pub fn has_pieces(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let pawns_and_king = pos.pieces(us, PieceKind::Pawn) | pos.pieces(us, PieceKind::King);
    pos.pieces_of(us) != pawns_and_king || pawns_and_king == Bitboard::EMPTY
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::rules::Setup;

    #[test]
    fn the_start_positions_are_balanced_apart_from_the_tempo() {
        let w = Weights::default();
        for setup in [Setup::Classic, Setup::Full] {
            assert_eq!(evaluate(&setup.position(), &w), w.tempo, "{setup:?}");
        }
    }

    #[test]
    fn central_squares_are_worth_more_than_corners() {
        let reach = reach_table();
        let b2: Square = "b2@00".parse().unwrap();
        let a1: Square = "a1@00".parse().unwrap();
        let queen = PieceKind::Queen.index();
        assert_eq!(reach.count[queen][b2.index()], 38);
        assert_eq!(reach.count[queen][a1.index()], 21);
    }

    #[test]
    fn a_board_of_queens_is_scored_below_a_mate() {
        let w = Weights::default();
        // Not a legal position (the queens attack the black king), but the evaluation must
        // bound any placement: unclamped, 61 queens are about 60,000 cp, beyond a mate score.
        let mut pos = Position::empty();
        let mut squares = Square::all();
        pos.put(squares.next().unwrap(), Piece::new(Color::Black, PieceKind::King));
        pos.put(squares.next().unwrap(), Piece::new(Color::White, PieceKind::King));
        for s in squares.take(61) {
            pos.put(s, Piece::new(Color::White, PieceKind::Queen));
        }
        let score = evaluate(&pos, &w);
        assert_eq!(score, EVAL_LIMIT);
        assert!(crate::fourfold::ai::mate_in(score).is_none());
        pos.make_null();
        assert_eq!(evaluate(&pos, &w), -EVAL_LIMIT);
    }

    #[test]
    fn mop_up_prefers_the_bare_king_cornered_and_the_kings_near() {
        let on = Weights::default();
        let off = Weights {
            mop_up: 0,
            ..Weights::default()
        };
        // What the mop-up term adds to White's score.
        let mop_up = |fen: &str| {
            let pos = Position::from_fen(fen).unwrap();
            evaluate(&pos, &on) - evaluate(&pos, &off)
        };
        // White: king, queen and rook; Black's bare king on a corner square (reach 15), then in
        // the centre (reach 35); then the same corner with White's king nearer.
        let cornered = mop_up("4/4/4/RQ1K|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1");
        let central = mop_up("4/4/4/RQ1K|4/4/4/4|4/2k1/4/4|4/4/4/4 w 0 1");
        let near = mop_up("4/4/4/RQ2|4/4/4/4|4/4/4/4|3k/1K2/4/4 w 0 1");
        assert_eq!(cornered, (20 + 2 * (8 - 5)) * on.mop_up);
        assert_eq!(central, (2 * (8 - 4)) * on.mop_up);
        assert_eq!(near, (20 + 2 * (8 - 3)) * on.mop_up);
        // From Black's side the same, negated.
        assert_eq!(mop_up("4/4/4/RQ1K|4/4/4/4|4/4/4/4|3k/4/4/4 b 0 1"), -cornered);
        // A king with a pawn is not bare; pawns alone are no mating force.
        assert_eq!(mop_up("4/4/4/RQ1K|4/4/4/4|4/4/4/4|3k/3p/4/4 w 0 1"), 0);
        assert_eq!(mop_up("4/4/P3/3K|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1"), 0);
    }

    #[test]
    fn an_extra_queen_is_winning() {
        let w = Weights::default();
        let pos = Position::from_fen("4/4/4/KQ2|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1").unwrap();
        assert!(evaluate(&pos, &w) > 800);
        let pos = Position::from_fen("4/4/4/KQ2|4/4/4/4|4/4/4/4|3k/4/4/4 b 0 1").unwrap();
        assert!(evaluate(&pos, &w) < -800);
    }
}
