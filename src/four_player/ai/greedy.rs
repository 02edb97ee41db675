//! A greedy one-ply player to measure the levels against: it plays the move that earns the most
//! points at once (a capture's worth, a mate's 20, a check bonus), else a random move (seeded).

use crate::engine::random::Rng;
use crate::four_player::game::Game;
use crate::four_player::moves::Move;

pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }

    /// The move, or `None` when the seat has none (the game is over).
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mut pos = game.position().clone();
        let seat = pos.turn.index();
        let before = pos.points[seat];
        let gains: Vec<u32> = moves
            .iter()
            .map(|&mv| {
                let undo = pos.make(game.rules, mv);
                let gain = pos.points[seat] - before;
                pos.unmake(mv, undo);
                gain
            })
            .collect();
        let most = gains.iter().copied().max().unwrap_or(0);
        let best: Vec<Move> = moves
            .iter()
            .zip(&gains)
            .filter(|&(_, &g)| g == most)
            .map(|(&m, _)| m)
            .collect();
        Some(best[self.rng.below(best.len() as u64) as usize])
    }
}
