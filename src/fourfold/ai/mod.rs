//! The computer opponent: evaluation, search, levels and the classic 2-ply reference opponent.
//! No Bevy, no clock of its own (callers pass one), so it runs in a thread, a Bevy task or the
//! browser in slices.

pub mod bench;
pub mod eval;
pub mod features;
pub mod levels;
pub mod openings;
pub mod ordering;
pub mod reference;
pub mod review;
pub mod search;
pub mod selfplay;

pub use features::Features;
pub use levels::{LEVELS, Level};
pub use search::{Engine, IterativeDeepening, MATE, ScoredMove, SearchInfo, SearchResult, mate_in};

use crate::engine::random::Rng;
use crate::engine::{Clock, ClockLeft, Limits, SlicedPlayer, StopFlag};
use crate::fourfold::rules::{Game, Move};

/// A computer player at one level: its engine, its limits (the level's, unless a match sets
/// others) and its seeded noise.
pub struct Player {
    pub level: &'static Level,
    engine: Engine,
    limits: Limits,
    rng: Rng,
    /// The seed `rng` started from: with the level, which player this is.
    seed: u64,
    /// Threads of a whole (unsliced) search: Lazy SMP natively when more than one.
    threads: usize,
    /// The player's clock when it last started to think, in games with clocks.
    clock: Option<ClockLeft>,
}

impl Player {
    pub fn new(level: &'static Level, seed: u64) -> Player {
        Player::with_engine(level, seed, Engine::default(), None)
    }

    /// A player on `engine` (a search with some refinements off, say), searching within
    /// `limits` instead of the level's when given.
    pub fn with_engine(level: &'static Level, seed: u64, engine: Engine, limits: Option<Limits>) -> Player {
        Player {
            level,
            engine,
            limits: limits.unwrap_or_else(|| level.limits.clone()),
            rng: Rng::new(seed),
            seed,
            threads: 1,
            clock: None,
        }
    }

    /// The player searching on `threads` threads (Lazy SMP) when it thinks in one go; a search
    /// in slices (the browser) stays on one.
    pub fn with_threads(mut self, threads: usize) -> Player {
        self.threads = threads.max(1);
        self
    }

    /// Its clock for the next decision (`None`: no clocks): its limits stay within a move's
    /// share of it (`Limits::within`).
    pub fn set_clock(&mut self, clock: Option<ClockLeft>) {
        self.clock = clock;
    }

    pub fn clock(&self) -> Option<ClockLeft> {
        self.clock
    }

    /// The limits of the next decision: the level's (or the match's), within the clock's share.
    fn move_limits(&self) -> Limits {
        match self.clock {
            Some(clock) => self.limits.clone().within(clock),
            None => self.limits.clone(),
        }
    }

    /// The seed this player's noise started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A player whose evaluation uses other weights (for measuring them by self-play).
    pub fn with_weights(level: &'static Level, seed: u64, weights: eval::Weights) -> Player {
        let mut player = Player::new(level, seed);
        player.engine.weights = weights;
        player
    }
}

impl SlicedPlayer for Player {
    type Game = Game;
    type Decision = Decision;
    type Answer = Option<Move>;
    type Info = SearchInfo;

    /// Starts deciding on a move in the game's position; `think` carries the decision on.
    fn decide(&self, game: &Game, clock: &dyn Clock) -> Decision {
        Decision {
            game: game.clone(),
            phase: Phase::Search(Box::new(IterativeDeepening::new(game, self.move_limits(), clock))),
        }
    }

    /// Thinks about `decision` for about `slice_nodes` more nodes (the browser calls this once a
    /// frame; natively one call with no slice limit runs to the end). Returns the move once
    /// decided (`None` inside when there is no legal move).
    fn think(
        &mut self,
        decision: &mut Decision,
        slice_nodes: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Option<Move>> {
        let game = &decision.game;
        match &mut decision.phase {
            Phase::Search(search) => {
                let result = if self.threads > 1 && slice_nodes == u64::MAX {
                    self.engine
                        .search_threads(game, &self.move_limits(), clock, stop, self.threads, info)
                } else {
                    search.step(&mut self.engine, slice_nodes, clock, stop, info)?
                };
                // A mate the search proved is played at every level: noise is for close calls.
                let mating = mate_in(result.score).is_some_and(|n| n > 0);
                if self.level.noise == 0 || stop.is_stopped() || result.best.is_none() || mating {
                    return Some(result.best);
                }
                // The noisy levels score every root move at the depth reached, then add noise.
                decision.phase = Phase::Score {
                    depth: result.depth.max(1),
                    unscored: game.position().legal_moves().iter().rev().copied().collect(),
                    best: None,
                    fallback: result.best,
                };
                None
            }
            Phase::Score {
                depth,
                unscored,
                best,
                fallback,
            } => {
                let mut spent = 0u64;
                while spent < slice_nodes {
                    let Some(mv) = unscored.pop() else {
                        return Some(best.map(|(mv, _)| mv).or(*fallback));
                    };
                    let Some(scored) = self.engine.score_root_move(game, mv, *depth, clock, stop) else {
                        return Some(best.map(|(mv, _)| mv).or(*fallback));
                    };
                    spent += scored.nodes;
                    let noisy = scored.score + self.rng.symmetric(self.level.noise);
                    // `>=`: the last of equal scores wins, as it always has (the measured ladder used this).
                    if best.is_none_or(|(_, score)| noisy >= score) {
                        *best = Some((mv, noisy));
                    }
                }
                None
            }
        }
    }
}

/// A move being decided: the search, then (for the noisy levels) the scoring of every root move.
pub struct Decision {
    game: Game,
    phase: Phase,
}

enum Phase {
    Search(Box<IterativeDeepening>),
    Score {
        depth: u32,
        /// Root moves still to score, the next one last.
        unscored: Vec<Move>,
        best: Option<(Move, i32)>,
        fallback: Option<Move>,
    },
}
