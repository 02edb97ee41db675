//! What each piece is worth where it stands, before mobility: its material, a pawn's progress
//! towards promotion, a developed knight or bishop. The position keeps each seat's sum under
//! both scales (FFA's points, and Teams' and Club's centipawns) as pieces are put and removed,
//! so the evaluation, which runs at every node, reads four numbers instead of walking 64 pieces.

use super::board::{Mark, Piece, PieceKind, Seat, Square};
use super::rules::{RuleKind, Rules};

/// Material in Teams and Club (centipawns): on the big board bishops and queens reach further.
const TEAM_VALUES: [i32; 6] = [100, 300, 400, 500, 1000, 0];
/// A point of FFA's score, in the evaluation's unit.
pub const POINT: i32 = 100;

/// The two scales a sum is kept in: Teams and Club's, and FFA's.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Scale {
    Team = 0,
    Ffa = 1,
}

impl Scale {
    pub const fn of(rules: Rules) -> Scale {
        match rules.kind {
            RuleKind::Ffa => Scale::Ffa,
            _ => Scale::Team,
        }
    }

    /// A rule set the scale is used under.
    const fn rules(self) -> Rules {
        match self {
            Scale::Team => Rules::TEAMS,
            Scale::Ffa => Rules::FFA,
        }
    }
}

/// What a piece is worth on the board under `rules`: in FFA, a share of the points it would
/// give whoever takes it (a one-point queen keeps a queen's power but costs little to lose).
pub fn piece_value(rules: Rules, kind: PieceKind, mark: Mark) -> i32 {
    match rules.kind {
        RuleKind::Ffa => {
            let points = match (kind, mark) {
                (PieceKind::Queen, Mark::OnePoint) => 6,
                // A king is not taken (but under `capture-king`, where its 20 are the game).
                (PieceKind::King, _) => 0,
                _ => Piece::new(Seat::Red, kind).capture_points() as i32,
            };
            points * POINT * 3 / 4
        }
        _ => TEAM_VALUES[kind.index()],
    }
}

/// How far forward a pawn must go to promote (the rank FFA and Teams promote on; the
/// Club's pawns promote on an opponent's starting row, about as far as Teams').
fn promotion_progress(rules: Rules) -> i32 {
    match rules.kind {
        RuleKind::Ffa => 7,
        _ => 10,
    }
}

/// What a piece of `seat` on `square` is worth before mobility under `rules`.
fn placed_value(rules: Rules, seat: Seat, kind: PieceKind, mark: Mark, square: Square) -> i32 {
    let mut v = piece_value(rules, kind, mark);
    let progress = seat.progress(square) as i32;
    let promote_at = promotion_progress(rules);
    match kind {
        PieceKind::Pawn if mark != Mark::Turned => {
            let step = (progress - 1).clamp(0, promote_at);
            v += step * step * 3;
            if promote_at - progress <= 1 {
                v += 60;
            }
        }
        PieceKind::Knight | PieceKind::Bishop => v += 12 * (progress > 0) as i32,
        _ => {}
    }
    v
}

const MARKS: [Mark; 3] = [Mark::Plain, Mark::OnePoint, Mark::Turned];

/// Where `kind` with `mark` of `seat` on `square` sits in the table (marks in `MARKS`' order,
/// which is their declaration's).
fn index(seat: Seat, kind: PieceKind, mark: Mark, square: Square) -> usize {
    ((seat.index() * 6 + kind.index()) * 3 + mark as usize) * 196 + square.index()
}

/// Both scales' worth of each piece on each square, side by side: one lookup a piece.
fn table() -> &'static [[i32; 2]] {
    static TABLE: std::sync::OnceLock<Vec<[i32; 2]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![[0; 2]; 4 * 6 * 3 * 196];
        for seat in Seat::ALL {
            for kind in PieceKind::ALL {
                for mark in MARKS {
                    for &square in Square::list() {
                        table[index(seat, kind, mark, square)] = [Scale::Team, Scale::Ffa]
                            .map(|scale| placed_value(scale.rules(), seat, kind, mark, square));
                    }
                }
            }
        }
        table
    })
}

/// `piece` of `seat` on `square`: its worth under both scales.
pub(super) fn placed(seat: Seat, piece: Piece, square: Square) -> [i32; 2] {
    table()[index(seat, piece.kind, piece.mark, square)]
}

/// The sum walked piece by piece (tests check the kept one against it).
pub fn walked(pos: &super::Position, seat: Seat, scale: Scale) -> i32 {
    pos.army(seat)
        .iter()
        .filter_map(|square| pos.piece_at(square).map(|piece| (square, piece)))
        .map(|(square, piece)| placed_value(scale.rules(), seat, piece.kind, piece.mark, square))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Rng;
    use crate::four_player::{Game, Setup, Turn};

    /// The sums the position keeps through moves, captures, promotions, turned pawns and
    /// eliminations are the sums walked piece by piece, in all three rule sets.
    #[test]
    fn the_kept_worth_is_the_worth_walked() {
        let mut rng = Rng::new(3);
        let mut checked = 0;
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            for _ in 0..15 {
                let mut game = Game::new(rules, Setup::Modern.position());
                for _ in 0..200 {
                    let pos = game.position();
                    for seat in Seat::ALL {
                        for scale in [Scale::Team, Scale::Ffa] {
                            assert_eq!(
                                pos.placed_worth(seat, scale),
                                walked(pos, seat, scale),
                                "{}",
                                pos.to_fen4()
                            );
                        }
                    }
                    checked += 1;
                    let moves = game.legal_moves();
                    if moves.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    game.play(Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn the_start_is_worth_the_same_to_every_seat() {
        let pos = Setup::Modern.position();
        for scale in [Scale::Team, Scale::Ffa] {
            let worth = Seat::ALL.map(|seat| pos.placed_worth(seat, scale));
            assert!(worth.iter().all(|&w| w == worth[0] && w > 0), "{worth:?}");
        }
    }
}
