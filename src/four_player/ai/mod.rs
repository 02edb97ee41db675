//! The four-player computer: evaluation, search (alliance for Teams and Club; paranoid or
//! best-reply for FFA), levels, a greedy one-ply player for measuring against, and self-play.
//! No Bevy, no clock of its own (callers pass one), so it runs in a thread, a Bevy task or the
//! browser in slices, as the 4D computer does.

pub mod bench;
pub mod eval;
pub mod features;
pub mod greedy;
pub mod levels;
pub mod ordering;
pub mod search;
pub mod selfplay;

pub use features::Features;
pub use levels::{LEVELS, Level};
pub use search::{Engine, IterativeDeepening, MATE, SearchInfo, SearchResult, Strategy, mate_in};

use crate::engine::random::Rng;
use crate::engine::{Clock, ClockLeft, Limits, SlicedPlayer, StopFlag};
use crate::four_player::board::Seat;
use crate::four_player::game::{Game, Turn};
use crate::four_player::moves::Move;
use crate::four_player::rules::RuleKind;

/// A computer player at one level: its engine (kept from move to move) and its seeded noise.
pub struct Player {
    pub level: &'static Level,
    engine: Engine,
    rng: Rng,
    /// The seed `rng` started from: with the level, which player this is.
    seed: u64,
    /// Gives up hopeless positions (see `hopeless`); on by default.
    pub resigns: bool,
    /// The player's clock when it last started to think, in games with clocks.
    clock: Option<ClockLeft>,
    /// Search limits in place of the level's (self-play at equal nodes or equal time).
    limits: Option<Limits>,
}

impl Player {
    pub fn new(level: &'static Level, seed: u64) -> Player {
        Player {
            level,
            engine: Engine::default(),
            rng: Rng::new(seed),
            seed,
            resigns: true,
            clock: None,
            limits: None,
        }
    }

    /// Its clock for the next decision (`None`: no clocks): its limits stay within a move's
    /// share of it (`Limits::within`).
    pub fn set_clock(&mut self, clock: Option<ClockLeft>) {
        self.clock = clock;
    }

    pub fn clock(&self) -> Option<ClockLeft> {
        self.clock
    }

    /// The seed this player's noise started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The same player with another FFA search.
    pub fn with_strategy(mut self, strategy: Strategy) -> Player {
        self.engine.ffa = strategy;
        self
    }

    /// The player searching within `limits` instead of its level's (its noise stays).
    pub fn with_limits(mut self, limits: Limits) -> Player {
        self.limits = Some(limits);
        self
    }

    /// The player with only these of the search's refinements (all by default).
    pub fn with_features(mut self, features: Features) -> Player {
        self.engine.set_features(features);
        self
    }
}

/// The nodes a partner's plan searches (the game's plan button, `bestmove --for`): quick, and
/// the same plan every time for the same position.
pub const PLAN_NODES: u64 = 60_000;

/// The game a partner's plan (a hint) for `seat` is searched in, as if it were `seat`'s turn
/// now (the app searches it with a fresh engine, natively or in the browser's worker): the game
/// itself when it is `seat`'s turn, else its position with `seat` to move (its history left out:
/// the turn order it implies is not the game's). `None` when the seat has no plan to show (out,
/// or the game over).
pub fn hint_game(game: &Game, seat: Seat) -> Option<Game> {
    if game.outcome().is_some() || !game.position().live(seat) {
        return None;
    }
    let asked = if game.position().turn == seat {
        game.clone()
    } else {
        let mut pos = game.position().clone();
        pos.turn = seat;
        Game::new(game.rules, pos)
    };
    (asked.position().turn == seat).then_some(asked)
}

impl SlicedPlayer for Player {
    type Game = Game;
    type Decision = Decision;
    type Answer = Option<Turn>;
    type Info = SearchInfo;

    /// Starts deciding on a turn in the game's position; `think` carries the decision on.
    fn decide(&self, game: &Game, clock: &dyn Clock) -> Decision {
        // A noisy level's node cap covers the search and the scoring of every root move after
        // it: the search gets half, so the noise has nodes left to be applied with.
        let mut limits = self.limits.clone().unwrap_or_else(|| self.level.limits.clone());
        if self.level.noise > 0 {
            limits.nodes = limits.nodes.map(|n| n / 2);
        }
        if let Some(clock) = self.clock {
            limits = limits.within(clock);
        }
        Decision {
            phase: Phase::Search(Box::new(IterativeDeepening::new(game, limits, clock))),
            game: game.clone(),
        }
    }

    /// Thinks about `decision` for about `slice_nodes` more nodes (the browser calls this once a
    /// frame; natively one call with no slice limit runs to the end). Returns the turn once
    /// decided (`None` inside when the game is over).
    fn think(
        &mut self,
        decision: &mut Decision,
        slice_nodes: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Option<Turn>> {
        let game = &decision.game;
        if game.outcome().is_some() {
            return Some(None);
        }
        let seat = game.position().turn;
        // Ending the game while first is always right.
        if game.can_claim(seat) {
            return Some(Some(Turn::ClaimWin));
        }
        match &mut decision.phase {
            Phase::Search(search) => {
                let result = search.step(&mut self.engine, slice_nodes, clock, stop, info)?;
                if self.resigns && hopeless(game, result.score) {
                    return Some(Some(Turn::Resign));
                }
                let mating = mate_in(result.score).is_some_and(|n| n > 0);
                if self.level.noise == 0 || stop.is_stopped() || result.best.is_none() || mating {
                    return Some(result.best.map(Turn::Move));
                }
                // The noisy levels score every root move at the depth reached, then add noise.
                decision.phase = Phase::Score {
                    depth: result.depth.max(1),
                    searched: result.score,
                    unscored: game.legal_moves().iter().rev().copied().collect(),
                    best: None,
                    fallback: result.best,
                    nodes: result.nodes,
                };
                None
            }
            Phase::Score {
                depth,
                searched,
                unscored,
                best,
                fallback,
                nodes,
            } => {
                let mut spent = 0u64;
                let finished = |best: &Option<(Move, i32)>| Some(best.map(|(mv, _)| mv).or(*fallback).map(Turn::Move));
                let cap = self.level.limits.nodes.unwrap_or(u64::MAX);
                while spent < slice_nodes {
                    let Some(mv) = unscored.pop() else {
                        return finished(best);
                    };
                    // Out of the level's nodes: the best of the moves scored so far (a position
                    // whose captures explode costs no more than any other).
                    let left = cap.saturating_sub(*nodes);
                    if left == 0 {
                        return finished(best);
                    }
                    // A move more than twice the noise below the best cannot be chosen, whatever
                    // the noise: its exact score is not needed.
                    let floor = *searched - 2 * self.level.noise - 1;
                    let budget = (slice_nodes - spent).min(left);
                    let scored = self
                        .engine
                        .score_root_move(game, mv, *depth, floor, budget, clock, stop);
                    let Some((score, used)) = scored else {
                        if stop.is_stopped() || spent == 0 || budget == left {
                            // Stopped, out of the level's nodes, or a slice too small to score
                            // one move: the moves scored so far, else the search's move.
                            return finished(best);
                        }
                        // Out of this slice: this move is scored again in the next.
                        unscored.push(mv);
                        return None;
                    };
                    spent += used;
                    *nodes += used;
                    let noisy = score + self.rng.symmetric(self.level.noise);
                    if best.is_none_or(|(_, s)| noisy > s) {
                        *best = Some((mv, noisy));
                    }
                }
                None
            }
        }
    }
}

/// Whether the seat to move should give up: Teams and Club, when the search proves a mate
/// against its team; FFA, when it cannot reach a better place even by taking every rival piece
/// on the board and mating every rival (check bonuses aside).
pub fn hopeless(game: &Game, score: i32) -> bool {
    let pos = game.position();
    let seat = pos.turn;
    if game.rules.kind != RuleKind::Ffa {
        return mate_in(score).is_some_and(|n| n < 0);
    }
    if game.rules.options.last_standing {
        return false;
    }
    let points = |s: Seat| pos.points[s.index()];
    let own = points(seat);
    let Some(above) = Seat::ALL.iter().map(|&s| points(s)).filter(|&p| p > own).min() else {
        return false;
    };
    let rivals_in = Seat::ALL.iter().filter(|&&s| s != seat && !pos.out[s.index()]).count() as u32;
    let on_board: u32 = pos
        .placements()
        .filter(|(_, p)| p.seat().is_some_and(|s| s != seat))
        .map(|(_, p)| p.capture_points())
        .sum();
    own + on_board + 20 * (rivals_in + 1) < above
}

/// A turn being decided: the search, then (for the noisy levels) the scoring of every root move.
pub struct Decision {
    game: Game,
    phase: Phase,
}

enum Phase {
    Search(Box<IterativeDeepening>),
    Score {
        depth: u32,
        /// The search's score of its best move at that depth.
        searched: i32,
        /// Root moves still to score, the next one last.
        unscored: Vec<Move>,
        best: Option<(Move, i32)>,
        fallback: Option<Move>,
        /// Nodes searched so far, the search's included.
        nodes: u64,
    },
}

impl Decision {
    /// The nodes searched for this decision so far.
    pub fn nodes(&self) -> u64 {
        match &self.phase {
            Phase::Search(search) => search.nodes(),
            Phase::Score { nodes, .. } => *nodes,
        }
    }
}
