//! The computer opponent: evaluation, search, levels and the classic 2-ply reference opponent.
//! No Bevy, no clock of its own (callers pass one), so it runs in a thread, a Bevy task or the
//! browser in slices.

pub mod eval;
pub mod levels;
pub mod limits;
pub mod random;
pub mod reference;
pub mod search;
pub mod selfplay;
mod tt;

pub use levels::{LEVELS, Level};
pub use limits::{Clock, Limits, NoClock, StopFlag};
pub use search::{Engine, IterativeDeepening, MATE, SearchInfo, SearchResult, mate_in};

use crate::rules::{Game, Move};
use random::Rng;

/// A computer player at one level: its engine and its seeded noise.
pub struct Player {
    pub level: &'static Level,
    engine: Engine,
    rng: Rng,
}

impl Player {
    pub fn new(level: &'static Level, seed: u64) -> Player {
        Player {
            level,
            engine: Engine::default(),
            rng: Rng::new(seed),
        }
    }

    /// A player whose evaluation uses other weights (for measuring them by self-play).
    pub fn with_weights(level: &'static Level, seed: u64, weights: eval::Weights) -> Player {
        let mut player = Player::new(level, seed);
        player.engine.weights = weights;
        player
    }

    /// The move this level plays in the game's position (`None` if it has no legal move).
    pub fn choose(&mut self, game: &Game, clock: &dyn Clock, stop: &StopFlag) -> Option<Move> {
        self.choose_with_info(game, clock, stop, &mut |_| {})
    }

    /// As `choose`, reporting each completed search iteration to `info`.
    pub fn choose_with_info(
        &mut self,
        game: &Game,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Move> {
        let result = self.engine.search(game, &self.level.limits, clock, stop, info);
        if self.level.noise_cp == 0 || stop.is_stopped() {
            return result.best;
        }
        let depth = result.depth.max(1);
        let scored = self.engine.score_root_moves(game, depth, clock, stop);
        let noise = self.level.noise_cp;
        let rng = &mut self.rng;
        scored
            .into_iter()
            .map(|(mv, score)| (mv, score + rng.symmetric(noise)))
            .max_by_key(|&(_, score)| score)
            .map(|(mv, _)| mv)
            .or(result.best)
    }
}
