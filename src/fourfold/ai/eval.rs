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
    /// A further penalty of this times the square of those attacks, over 32: many attackers
    /// together are worse than each alone.
    pub king_zone_pressure: i32,
    pub tempo: i32,
    /// Penalty per piece attacked by an enemy piece worth less (pawns included), for the side
    /// to move and for the other side.
    pub threatened: [i32; 2],
    /// Penalty per piece (not the king) attacked and not defended, for the side to move and for
    /// the other side.
    pub hanging: [i32; 2],
    /// Bonus for a pawn one step from promotion whose promotion square is empty and not
    /// attacked by the other side.
    pub free_promotion: i32,
    /// Against a bare king: per square fewer in the bare king's reach (nearer a corner), and
    /// twice this per step the two kings stand nearer (0: off).
    pub mop_up: i32,
}

impl Default for Weights {
    /// The threat terms fitted to 89,320 quiet positions of 6,000 self-play games by Texel's
    /// method (`examples/tune_eval.rs`, only the new terms moved), 2026-12-07.
    fn default() -> Self {
        Weights {
            material: [100, 300, 420, 380, 1000, 0],
            mobility: [0, 4, 3, 3, 2, 0],
            centralisation: [0, 3, 2, 2, 1, -1],
            pawn_near_promotion: [90, 25],
            king_zone_attack: 6,
            king_zone_pressure: 1,
            tempo: 10,
            threatened: [56, -32],
            hanging: [84, -36],
            free_promotion: 100,
            mop_up: 8,
        }
    }
}

impl Weights {
    /// The weights before the threat terms and their tuning (2026-12-07): what the search plays
    /// with the `tuned-eval` refinement off.
    pub fn untuned() -> Weights {
        Weights {
            material: [100, 300, 420, 380, 1000, 0],
            mobility: [0, 4, 3, 3, 2, 0],
            centralisation: [0, 3, 2, 2, 1, -1],
            pawn_near_promotion: [90, 25],
            king_zone_attack: 6,
            king_zone_pressure: 0,
            tempo: 10,
            threatened: [0, 0],
            hanging: [0, 0],
            free_promotion: 0,
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
    // Squares each side attacks, by the kind of attacker.
    let mut attacks_by_kind = [[0u64; 6]; 2];
    for (s, piece) in pos.placements() {
        let us = piece.color.index();
        let them = piece.color.opponent().index();
        let k = piece.kind.index();
        let mut points = weights.material[k];
        points += (reach.count[k][s.index()] - reach.average[k]) * weights.centralisation[k];
        let attacks = Position::piece_attacks(piece, s, occupied);
        attacks_by_kind[us][k] |= attacks;
        match piece.kind {
            PieceKind::Pawn => {
                let to_go = (piece.color.promotion_rank() as i32 - s.y() as i32).abs();
                if (1..=2).contains(&to_go) {
                    points += weights.pawn_near_promotion[to_go as usize - 1];
                }
            }
            PieceKind::King => {}
            _ => {
                let own = pos.pieces_of(piece.color).0;
                points += (attacks & !own).count_ones() as i32 * weights.mobility[k];
                attacks_on_king_zone[them] += (attacks & zones[them]).count_ones() as i32;
            }
        }
        score[us] += points;
    }
    for c in 0..2 {
        let attacks = attacks_on_king_zone[c];
        score[c] -= attacks * weights.king_zone_attack + attacks * attacks * weights.king_zone_pressure / 32;
    }
    let mover = pos.side_to_move();
    for color in Color::ALL {
        let turn = usize::from(color != mover);
        score[color.index()] += threat_terms(pos, color, &attacks_by_kind, weights, turn, occupied);
    }
    if weights.mop_up != 0 {
        for c in Color::ALL {
            score[c.index()] += mop_up(pos, c, reach) * weights.mop_up;
        }
    }
    let us = pos.side_to_move().index();
    (score[us] - score[1 - us] + weights.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The threat terms of `color`'s pieces (`turn`: 0 when `color` is to move, else 1): pieces
/// attacked by a lesser enemy piece, pieces attacked and undefended, and pawns with a free path
/// to promotion.
fn threat_terms(
    pos: &Position,
    color: Color,
    attacks_by_kind: &[[u64; 6]; 2],
    weights: &Weights,
    turn: usize,
    occupied: u64,
) -> i32 {
    let us = color.index();
    let them = color.opponent().index();
    let ours = attacks_by_kind[us].iter().fold(0, |all, a| all | a);
    let theirs = attacks_by_kind[them].iter().fold(0, |all, a| all | a);
    let king = pos.pieces(color, PieceKind::King).0;
    let mut points = 0;
    if weights.threatened[turn] != 0 {
        let mut threatened = 0;
        for victim in PieceKind::ALL {
            let value = weights.material[victim.index()];
            let lesser = PieceKind::ALL
                .iter()
                .filter(|k| **k != PieceKind::King && weights.material[k.index()] < value)
                .fold(0, |all, k| all | attacks_by_kind[them][k.index()]);
            threatened += (pos.pieces(color, victim).0 & lesser & !king).count_ones() as i32;
        }
        points -= threatened * weights.threatened[turn];
    }
    let hanging = (pos.pieces_of(color).0 & !king & theirs & !ours).count_ones() as i32;
    points -= hanging * weights.hanging[turn];
    if weights.free_promotion != 0 {
        let step = if color == Color::White { 1 } else { -1 };
        for pawn in pos.pieces(color, PieceKind::Pawn) {
            let near = (i32::from(color.promotion_rank()) - i32::from(pawn.y())).abs() == 1;
            let free = pawn
                .offset([0, step, 0, 0])
                .is_some_and(|to| occupied & to.bit() == 0 && theirs & to.bit() == 0);
            if near && free {
                points += weights.free_promotion;
            }
        }
    }
    points
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

    /// What changing the weights from `base` to `with` adds to the evaluation of `fen`.
    fn term(fen: &str, base: &Weights, with: &Weights) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        evaluate(&pos, with) - evaluate(&pos, base)
    }

    #[test]
    fn a_piece_attacked_by_a_lesser_one_is_threatened_whoever_is_to_move() {
        let base = Weights {
            threatened: [0, 0],
            hanging: [0, 0],
            ..Weights::default()
        };
        let with = Weights {
            threatened: [7, 11],
            ..base.clone()
        };
        // Black's pawn on b3 attacks White's knight on a2, which White's king defends.
        let white_to_move = "4/1p2/N3/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1";
        assert_eq!(term(white_to_move, &base, &with), -7);
        assert_eq!(term(&white_to_move.replace(" w ", " b "), &base, &with), 11);
        // A knight attacked by a rook (worth more) is not threatened by it.
        assert_eq!(term("4/4/N3/K3|4/4/4/4|4/4/4/4|r2k/4/4/4 w 0 1", &base, &with), 0);
    }

    #[test]
    fn an_undefended_attacked_piece_hangs_and_a_defended_one_does_not() {
        let base = Weights {
            threatened: [0, 0],
            hanging: [0, 0],
            ..Weights::default()
        };
        let with = Weights {
            hanging: [5, 13],
            ..base.clone()
        };
        // The knight on c2 is out of its king's reach; on a2 the king defends it.
        assert_eq!(term("4/1p2/2N1/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1", &base, &with), -5);
        assert_eq!(term("4/1p2/2N1/K3|4/4/4/4|4/4/4/4|3k/4/4/4 b 0 1", &base, &with), 13);
        assert_eq!(term("4/1p2/N3/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1", &base, &with), 0);
    }

    #[test]
    fn a_pawn_with_an_empty_unguarded_promotion_square_is_free() {
        let base = Weights {
            free_promotion: 0,
            ..Weights::default()
        };
        let with = Weights {
            free_promotion: 30,
            ..base.clone()
        };
        assert_eq!(term("4/1P2/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1", &base, &with), 30);
        // Black's king on b4 of the other cube guards b4; a piece on b4 blocks it.
        assert_eq!(term("4/1P2/4/K3|4/4/4/4|4/4/4/4|1k2/4/4/4 w 0 1", &base, &with), 0);
        assert_eq!(term("1n2/1P2/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1", &base, &with), 0);
        // Black's pawn one step from rank 1, seen from White's side.
        assert_eq!(term("3k/4/4/K3|4/4/4/4|4/4/4/4|4/4/2p1/4 w 0 1", &base, &with), -30);
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
