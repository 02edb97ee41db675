//! What the four-player search remembers about moves, to try the good ones first: killers (quiet
//! moves that cut the search off at the same ply) and history per seat (how well a quiet move did
//! anywhere).
//!
//! Refined (`Features::move_memory`), a cut-off rewards its move and penalises the quiet moves
//! tried before it, with gravity; else history only grows (by depth², capped): the search as it
//! was before, node for node. Counter-moves and continuation history on the move just played, or
//! on the seat's own move before, ordered no better here (README, "Four-player computer").

use crate::engine::history::{bonus, gravity};
use crate::four_player::board::Seat;
use crate::four_player::moves::Move;

/// Mailbox squares (14 × 14; the corners are never used).
const SQUARES: usize = 196;
/// The baseline's history stops growing here (below the killers' ordering scores).
const PLAIN_MAX: i32 = 1 << 20;

pub struct MoveMemory {
    refined: bool,
    /// Per ply, the last two quiet moves that cut the search off there.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Per seat, from-square and to-square.
    history: Vec<i32>,
}

impl MoveMemory {
    /// Killers for `plies` plies; the refined history or the baseline's.
    pub fn new(refined: bool, plies: usize) -> MoveMemory {
        MoveMemory {
            refined,
            killers: vec![[None; 2]; plies],
            history: vec![0; 4 * SQUARES * SQUARES],
        }
    }

    /// How promising quiet `mv` is for `seat`.
    pub fn quiet_score(&self, seat: Seat, mv: Move) -> i32 {
        self.history[history_index(seat, mv)]
    }

    /// Quiet `mv` cut the search off for `seat` at `ply` and `depth`; `tried` are the quiet
    /// moves searched there before it, each with its seat, which did not.
    pub fn reward(&mut self, seat: Seat, ply: usize, depth: i32, mv: Move, tried: &[(Seat, Move)]) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if !self.refined {
            let slot = &mut self.history[history_index(seat, mv)];
            *slot = (*slot + depth * depth).min(PLAIN_MAX);
            return;
        }
        let bonus = bonus(depth);
        self.update(seat, mv, bonus);
        for &(seat, failed) in tried {
            self.update(seat, failed, -bonus);
        }
    }

    fn update(&mut self, seat: Seat, mv: Move, bonus: i32) {
        let slot = &mut self.history[history_index(seat, mv)];
        *slot = gravity(*slot, bonus);
    }
}

fn history_index(seat: Seat, mv: Move) -> usize {
    (seat.index() * SQUARES + mv.from.index()) * SQUARES + mv.to.index()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::history::HISTORY_MAX;
    use crate::four_player::position::Setup;
    use crate::four_player::rules::{RuleKind, Rules};

    #[test]
    fn a_cut_off_ranks_its_move_above_the_quiet_moves_that_failed() {
        let mut pos = Setup::Modern.position();
        let mut moves = Vec::new();
        pos.generate_legal(Rules::new(RuleKind::Teams), &mut moves);
        let quiet: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.piece_at(m.to).is_none())
            .take(3)
            .collect();
        let seat = pos.turn;
        let tried = [(seat, quiet[0]), (seat, quiet[1])];

        let mut memory = MoveMemory::new(true, 8);
        memory.reward(seat, 3, 4, quiet[2], &tried);
        assert!(memory.quiet_score(seat, quiet[2]) > 0);
        assert!(memory.quiet_score(seat, quiet[0]) < 0 && memory.quiet_score(seat, quiet[1]) < 0);
        assert_eq!(memory.killers[3][0], Some(quiet[2]));
        // Another seat's history is its own.
        assert_eq!(memory.quiet_score(seat.next(), quiet[2]), 0);
        // However often it cuts off, a move's history stays below the killers' scores.
        for _ in 0..1_000 {
            memory.reward(seat, 3, 40, quiet[2], &[]);
        }
        assert!(memory.quiet_score(seat, quiet[2]) <= HISTORY_MAX);

        let mut baseline = MoveMemory::new(false, 8);
        baseline.reward(seat, 3, 4, quiet[2], &tried);
        assert_eq!(baseline.quiet_score(seat, quiet[2]), 16);
        assert_eq!(baseline.quiet_score(seat, quiet[0]), 0);
    }
}
