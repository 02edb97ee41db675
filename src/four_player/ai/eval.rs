//! The evaluation: what each seat has, in one unit (centipawns; in FFA, centipoints, where a
//! point is 100), and how a search's side values a position from the seats' values.
//!
//! A seat's value counts its material still on the board (grey pieces belong to nobody), its
//! points (FFA), its pawns' progress towards promotion, developed minor pieces, the mobility of
//! its pieces, and its king's shelter. Teams and Club weigh a team against the other; FFA weighs
//! one seat against its rivals, with the claim win (two left, more than 20 points ahead) near
//! the value of a won game.

use crate::four_player::board::{PieceKind, Seat, Square, SquareSet};
use crate::four_player::game::Team;
use crate::four_player::moves::tables;
use crate::four_player::position::{PerSeat, Position};
use crate::four_player::rules::{RuleKind, Rules};

use crate::four_player::placement::Scale;
pub use crate::four_player::placement::{POINT, piece_value};

/// An FFA seat out of the game scores nothing more: worth this much less than its points.
const OUT_PENALTY: i32 = 15 * POINT;
/// A Club army frozen by a mate: its pieces still stand but do nothing.
const FROZEN_PENALTY: i32 = 700;
/// FFA: a first place the seat can claim now, or has.
pub const CLAIM_VALUE: i32 = 60 * POINT;

/// Every seat's value as it stands (out seats: their points only).
pub fn seat_values(pos: &Position, rules: Rules) -> PerSeat<i32> {
    let mut values = base_values(pos, rules);
    let mobility = mobility(pos);
    for i in 0..4 {
        values[i] += mobility[i];
    }
    values
}

/// How far the mobility term moves a score at most, as measured: over 800,000 full
/// evaluations in the bench searches of all three rule sets it moved the searched side's score
/// by less than 120 (99.9% by less than 100). A lazy evaluation leaves it out when the rest lies
/// this far outside the window.
pub const MOBILITY_MARGIN: i32 = 120;

/// The king's ring of each square as a set (the shelter term looks it up at every node).
fn rings() -> &'static [SquareSet] {
    static RINGS: std::sync::OnceLock<Vec<SquareSet>> = std::sync::OnceLock::new();
    RINGS.get_or_init(|| {
        let mut rings = vec![SquareSet::EMPTY; 196];
        for &square in Square::list() {
            for &next in &tables().king[square.index()] {
                rings[square.index()].insert(next);
            }
        }
        rings
    })
}

/// Everything but mobility: material, points, pawns, development, the king's shelter.
pub fn base_values(pos: &Position, rules: Rules) -> PerSeat<i32> {
    let rings = rings();
    let scale = Scale::of(rules);
    let mut values = [0i32; 4];
    for seat in Seat::ALL {
        let i = seat.index();
        let army = pos.army(seat);
        values[i] += pos.placed_worth(seat, scale);
        if let Some(king) = pos.king_square(seat) {
            // Own pieces next to the king shelter it (up to four count).
            let shelter = rings[king.index()].intersection(army).len().min(4) as i32;
            values[i] += shelter * 10;
        }
        match rules.kind {
            RuleKind::Ffa => {
                values[i] += pos.points[i] as i32 * POINT;
                if pos.out[i] {
                    values[i] -= OUT_PENALTY;
                }
            }
            _ if pos.frozen[i] => values[i] -= FROZEN_PENALTY,
            _ => {}
        }
    }
    values
}

/// The squares each live seat's knights, bishops, rooks and queens reach (empty, or holding a
/// piece not their own), a few centipawns each. The position's per-kind sets give the pieces
/// (pawns and kings are never visited), and a ray's reach is read from its first piece, found
/// by a bit scan: the evaluation runs at every node.
pub fn mobility(pos: &Position) -> PerSeat<i32> {
    let occupied = pos.occupied();
    Seat::ALL.map(|seat| seat_mobility(pos, seat, occupied))
}

/// One seat's mobility.
fn seat_mobility(pos: &Position, seat: Seat, occupied: SquareSet) -> i32 {
    let own = pos.army(seat);
    MOBILE_KINDS
        .iter()
        .map(|&kind| {
            own.intersection(pos.of_kind(kind))
                .iter()
                .map(|square| piece_mobility(kind, square, own, occupied))
                .sum::<i32>()
        })
        .sum()
}

/// The mobility of one piece of `kind` on `square`, its army `own`.
fn piece_mobility(kind: PieceKind, square: Square, own: SquareSet, occupied: SquareSet) -> i32 {
    let t = tables();
    let reach = |directions: std::ops::Range<usize>| -> i32 {
        directions
            .map(|d| {
                let lengths = &t.ray_len[d];
                match t.first_on_ray(d, square, occupied) {
                    None => i32::from(lengths[square.index()]),
                    Some(stop) => {
                        i32::from(lengths[square.index()] - lengths[stop.index()]) - i32::from(own.contains(stop))
                    }
                }
            })
            .sum()
    };
    match kind {
        PieceKind::Knight => {
            let knight = t.knight_set[square.index()];
            3 * (knight.len() - knight.intersection(own).len()) as i32
        }
        PieceKind::Rook => 2 * reach(0..4),
        PieceKind::Bishop => 2 * reach(4..8),
        // A queen's reach matters less per square than a rook's (it has more).
        PieceKind::Queen => reach(0..8),
        PieceKind::Pawn | PieceKind::King => 0,
    }
}

/// The pieces whose mobility a change of `changed` squares can move (themselves unmoved): a
/// knight a knight's move from one, or a slider whose line reaches one with nothing between.
fn pieces_reading(pos: &Position, changed: SquareSet) -> SquareSet {
    let t = tables();
    let occupied = pos.occupied();
    let straight = pos.of_kind(PieceKind::Rook).union(pos.of_kind(PieceKind::Queen));
    let diagonal = pos.of_kind(PieceKind::Bishop).union(pos.of_kind(PieceKind::Queen));
    let mut readers = SquareSet::EMPTY;
    for square in changed.iter() {
        readers = readers.union(t.knight_set[square.index()].intersection(pos.of_kind(PieceKind::Knight)));
        for d in 0..8 {
            let sliders = if d < 4 { straight } else { diagonal };
            if let Some(first) = t.first_on_ray(d, square, occupied)
                && sliders.contains(first)
            {
                readers.insert(first);
            }
        }
    }
    readers
}

/// Mobility worked out again only for the pieces that moved, changed, or read a square that
/// changed since the last position it was asked about (a search's next position differs from
/// its last in a few squares). What it returns is always `mobility(pos)`: the comparison is
/// with the kept position itself, so it holds whatever lies between the two.
#[derive(Clone)]
pub struct MobilityCache {
    /// Empty at first: then every piece is a change, and every piece is worked out.
    armies: PerSeat<SquareSet>,
    /// The squares of each mobile kind (`MOBILE_KINDS`), anyone's.
    kinds: [SquareSet; 4],
    /// Per square, the seat of the mobile piece there and its mobility.
    worth: [Option<(Seat, i32)>; 196],
    values: PerSeat<i32>,
}

impl Default for MobilityCache {
    fn default() -> MobilityCache {
        MobilityCache {
            armies: [SquareSet::EMPTY; 4],
            kinds: [SquareSet::EMPTY; 4],
            worth: [None; 196],
            values: [0; 4],
        }
    }
}

/// Past this many changed squares, finding who reads them costs more than working it all out.
const MOST_CHANGED: usize = 8;

/// The kinds whose pieces mobility counts.
const MOBILE_KINDS: [PieceKind; 4] = [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen];

impl MobilityCache {
    /// The position's mobility, worked out from the position kept here, which it then replaces.
    pub fn update(&mut self, pos: &Position) -> PerSeat<i32> {
        let occupied = pos.occupied();
        let armies = Seat::ALL.map(|seat| pos.army(seat));
        let kinds = MOBILE_KINDS.map(|kind| pos.of_kind(kind));
        // A square's piece changes with its owner's army (a capture, a move, a seat turning
        // grey) or with its kind (a promotion, or one piece of a seat replacing another).
        let changed = (0..4).fold(SquareSet::EMPTY, |changed, i| {
            changed
                .union(armies[i].symmetric_difference(self.armies[i]))
                .union(kinds[i].symmetric_difference(self.kinds[i]))
        });
        let redo = if changed.len() <= MOST_CHANGED {
            changed.union(pieces_reading(pos, changed))
        } else {
            self.worth = [None; 196];
            self.values = [0; 4];
            occupied
        };
        for square in redo.iter() {
            if let Some((seat, worth)) = self.worth[square.index()].take() {
                self.values[seat.index()] -= worth;
            }
            let Some(piece) = pos.piece_at(square) else { continue };
            let (Some(seat), Some(k)) = (piece.seat(), MOBILE_KINDS.iter().position(|&m| m == piece.kind)) else {
                continue;
            };
            let worth = piece_mobility(MOBILE_KINDS[k], square, armies[seat.index()], occupied);
            self.worth[square.index()] = Some((seat, worth));
            self.values[seat.index()] += worth;
        }
        self.armies = armies;
        self.kinds = kinds;
        self.values
    }
}

/// Teams and Club: Red and Yellow's value less Blue and Green's.
pub fn team_score(values: PerSeat<i32>) -> i32 {
    Seat::ALL
        .iter()
        .map(|&s| {
            if Team::of(s) == Team::RedYellow {
                values[s.index()]
            } else {
                -values[s.index()]
            }
        })
        .sum()
}

/// FFA: `seat`'s value against its rivals (half the best rival's, half their mean): taking from
/// the leader counts more than taking from the last. Two left and a claim in reach: near a won game.
pub fn ffa_score(pos: &Position, rules: Rules, values: PerSeat<i32>, seat: Seat) -> i32 {
    let rivals = Seat::ALL.iter().filter(|&&s| s != seat).map(|s| values[s.index()]);
    let best = rivals.clone().max().unwrap_or(0);
    let mean = rivals.sum::<i32>() / 3;
    let mut score = values[seat.index()] - (best + mean) / 2;
    if !rules.options.last_standing {
        let live: Vec<Seat> = Seat::ALL.into_iter().filter(|s| !pos.out[s.index()]).collect();
        if live.len() == 2 && live.contains(&seat) {
            let other = live.iter().find(|&&s| s != seat).copied().unwrap_or(seat);
            let lead = pos.points[seat.index()] as i32 - pos.points[other.index()] as i32;
            if lead > 20 {
                score += CLAIM_VALUE;
            } else if lead < -20 {
                score -= CLAIM_VALUE;
            }
        }
    }
    score
}

/// The value from the search's side (`root` for FFA) of these seat values.
pub fn combine(pos: &Position, rules: Rules, values: PerSeat<i32>, root: Seat) -> i32 {
    match rules.kind {
        RuleKind::Ffa => ffa_score(pos, rules, values, root),
        _ if Team::of(root) == Team::RedYellow => team_score(values),
        _ => -team_score(values),
    }
}

/// The value of a position from `seat`'s side: its team's (Teams, Club) or its own (FFA).
pub fn evaluate_for(pos: &Position, rules: Rules, seat: Seat) -> i32 {
    let values = seat_values(pos, rules);
    match rules.kind {
        RuleKind::Ffa => ffa_score(pos, rules, values, seat),
        _ if Team::of(seat) == Team::RedYellow => team_score(values),
        _ => -team_score(values),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Rng;
    use crate::four_player::movegen::tests::a_move_preferring_checks;
    use crate::four_player::{Game, Setup, Turn};

    /// The kept mobility is the mobility worked out afresh, asked in the order a search asks
    /// (each move's position, then a few of its children) and across jumps between two
    /// unrelated games, over random games of all three rule sets (FFA's grey armies, Club's
    /// frozen ones, promotions, castling and captures of every kind among them).
    #[test]
    fn the_kept_mobility_is_the_mobility_worked_out() {
        let mut rng = Rng::new(17);
        let mut cache = MobilityCache::default();
        let mut checked = 0;
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            for _ in 0..8 {
                let mut games = [(); 2].map(|_| Game::new(rules, Setup::Modern.position()));
                for ply in 0..400 {
                    let game = &mut games[ply % 3 / 2];
                    let mut pos = game.position().clone();
                    assert_eq!(cache.update(&pos), mobility(&pos), "{}", pos.to_fen4());
                    for mv in pos.legal_moves(rules).into_iter().take(6) {
                        let undo = pos.make(rules, mv);
                        assert_eq!(cache.update(&pos), mobility(&pos), "{}", pos.to_fen4());
                        pos.unmake(mv, undo);
                        checked += 1;
                    }
                    let Some(mv) = a_move_preferring_checks(game, &mut rng) else {
                        break;
                    };
                    game.play(Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_start_is_level_for_every_seat() {
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            let pos = Setup::Modern.position();
            let values = seat_values(&pos, rules);
            assert!(values.iter().all(|&v| v == values[0]), "{rules}: {values:?}");
            for seat in Seat::ALL {
                assert_eq!(evaluate_for(&pos, rules, seat), 0, "{rules} {seat:?}");
            }
        }
    }

    /// Mobility walked square by square, as the rule says it.
    fn mobility_walked(pos: &Position) -> PerSeat<i32> {
        let t = tables();
        let mut values = [0i32; 4];
        for seat in Seat::ALL {
            for square in pos.army(seat).iter() {
                let piece = pos.piece_at(square).unwrap();
                let not_own = |to: Square| pos.piece_at(to).is_none_or(|p| p.seat() != Some(seat));
                values[seat.index()] += match piece.kind {
                    PieceKind::Knight => 3 * t.knight[square.index()].iter().filter(|&&to| not_own(to)).count() as i32,
                    PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
                        let mut reach = 0;
                        for (d, &(df, dr)) in crate::four_player::moves::DIRECTIONS.iter().enumerate() {
                            if (piece.kind == PieceKind::Rook && d >= 4) || (piece.kind == PieceKind::Bishop && d < 4) {
                                continue;
                            }
                            let mut at = square.offset(df, dr);
                            while let Some(to) = at {
                                reach += i32::from(not_own(to));
                                if pos.piece_at(to).is_some() {
                                    break;
                                }
                                at = to.offset(df, dr);
                            }
                        }
                        reach * if piece.kind == PieceKind::Queen { 1 } else { 2 }
                    }
                    _ => 0,
                };
            }
        }
        values
    }

    #[test]
    fn mobility_by_bit_scans_is_mobility_walked_square_by_square() {
        let mut rng = crate::engine::random::Rng::new(5);
        let mut checked = 0;
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            for _ in 0..20 {
                let mut game = crate::four_player::Game::new(rules, Setup::Modern.position());
                for _ in 0..100 {
                    assert_eq!(
                        mobility(game.position()),
                        mobility_walked(game.position()),
                        "{}",
                        game.position().to_fen4()
                    );
                    checked += 1;
                    let moves = game.legal_moves();
                    if moves.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    game.play(crate::four_player::Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn points_and_material_move_the_score() {
        let mut pos = Setup::Modern.position();
        pos.points[Seat::Blue.index()] = 9;
        assert!(evaluate_for(&pos, Rules::FFA, Seat::Blue) > 5 * POINT);
        assert!(evaluate_for(&pos, Rules::FFA, Seat::Red) < 0);
        // A queen fewer for Red hurts Red and Yellow in Teams.
        let queen = pos
            .placements()
            .find(|(_, p)| p.is(Seat::Red, PieceKind::Queen))
            .map(|(s, _)| s)
            .unwrap();
        pos.remove(queen);
        assert!(evaluate_for(&pos, Rules::TEAMS, Seat::Yellow) < -800);
        assert!(evaluate_for(&pos, Rules::TEAMS, Seat::Green) > 800);
    }
}
