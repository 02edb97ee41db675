//! Games between computer players: the self-play ladder and the match against the 2-ply
//! reference opponent. Openings are varied by a few seeded random plies (see `openings`), and
//! with `swap` each opening is played twice with the colours exchanged.

use super::levels::{self, Level};
use super::openings::{Balance, Opening, OpeningPlan};
use super::{Engine, Features, Player, reference};
use crate::engine::SlicedPlayer;
use crate::engine::limits::{Clock, Limits, StopFlag};
use crate::engine::random::Rng;
use crate::fourfold::rules::{Color, Game, Move, Outcome, Setup};
use crate::rating::sprt::Outcomes;

/// Who plays: one of the levels (with the search's refinements, or some of them switched off),
/// or the reimplemented 2-ply opponent of the original page.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Opponent {
    /// A level, the search's refinements, and threads (Lazy SMP when more than one).
    Level(&'static Level, Features, usize),
    Reference,
}

impl Opponent {
    /// `reference`, a level's name, then optionally `@T` for T threads and `:SEARCH` for a
    /// search (`master@2`, `master:baseline`, `master@2:-pruning`; see `Features::parse`).
    pub fn parse(name: &str) -> Result<Opponent, String> {
        if name == "reference" {
            return Ok(Opponent::Reference);
        }
        let (name, search) = match name.split_once(':') {
            Some((name, search)) => (name, Features::parse(search)?),
            None => (name, Features::CURRENT),
        };
        let (level, threads) = match name.split_once('@') {
            Some((level, threads)) => (
                level,
                threads
                    .parse::<usize>()
                    .ok()
                    .filter(|t| (1..=64).contains(t))
                    .ok_or_else(|| format!("'{name}': threads '{threads}' is not 1 to 64"))?,
            ),
            None => (name, 1),
        };
        levels::find(level)
            .map(|l| Opponent::Level(l, search, threads))
            .map_err(|e| format!("{e}, or reference"))
    }

    /// One of the levels with every refinement, on one thread.
    pub fn level(level: &'static Level) -> Opponent {
        Opponent::Level(level, Features::CURRENT, 1)
    }

    /// Whether this player always answers a position with the same move: a level without noise,
    /// on one thread, whose search is bounded by depth or nodes rather than time (`limits`, or
    /// else the level's). Between two such players an opening played twice replays its game.
    pub fn replays(self, limits: Option<&Limits>) -> bool {
        match self {
            Opponent::Level(level, _, threads) => {
                let limits = limits.unwrap_or(&level.limits);
                threads == 1 && level.noise == 0 && limits.movetime_ms.is_none() && limits.soft_ms.is_none()
            }
            Opponent::Reference => false,
        }
    }

    pub fn name(self) -> String {
        match self {
            Opponent::Level(l, features, threads) => {
                let threads = if threads > 1 {
                    format!("@{threads}")
                } else {
                    String::new()
                };
                let search = if features == Features::CURRENT {
                    String::new()
                } else {
                    format!(":{}", features.describe())
                };
                format!("{}{threads}{search}", l.name)
            }
            Opponent::Reference => "reference".to_string(),
        }
    }
}

/// A player in a running game.
enum Seat {
    Engine(Box<Player>),
    Reference(Rng),
}

impl Seat {
    fn new(opponent: Opponent, seed: u64, limits: Option<Limits>) -> Seat {
        match opponent {
            Opponent::Level(level, features, threads) => Seat::Engine(Box::new(
                Player::with_engine(level, seed, Engine::with_features(16, features), limits).with_threads(threads),
            )),
            Opponent::Reference => Seat::Reference(Rng::new(seed)),
        }
    }

    fn choose(&mut self, game: &Game, clock: &dyn Clock, stop: &StopFlag) -> Option<Move> {
        match self {
            Seat::Engine(player) => player.choose(game, clock, stop),
            Seat::Reference(rng) => reference::choose(game, rng),
        }
    }
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub first: Opponent,
    pub second: Opponent,
    pub games: usize,
    /// Alternate colours game by game (each opening is played from both sides).
    pub swap: bool,
    /// Setups to cycle through, one per opening.
    pub setups: Vec<Setup>,
    pub seed: u64,
    /// Random plies played before the players take over (for variety).
    pub opening_plies: usize,
    pub threads: usize,
    /// Limits for both players instead of their levels' (equal nodes, equal time).
    pub limits: Option<Limits>,
    /// Openings a deeper search scores near even, distinct across the match (the start
    /// positions favour White so much that between strong players the colour decides the game,
    /// and a match measures nothing else).
    pub balance: Option<Balance>,
}

impl MatchConfig {
    /// How many openings the match plays: one per pair of games with `swap`.
    pub fn opening_count(&self) -> usize {
        self.openings_for(self.games)
    }

    /// How many openings the first `games` games play.
    pub fn openings_for(&self, games: usize) -> usize {
        if self.swap { games.div_ceil(2) } else { games }
    }

    /// The opening game `index` starts from.
    pub fn opening_of(&self, index: usize) -> usize {
        if self.swap { index / 2 } else { index }
    }

    /// Whether each game is determined by its opening and colours: both players replay.
    pub fn replays_games(&self) -> bool {
        self.first.replays(self.limits.as_ref()) && self.second.replays(self.limits.as_ref())
    }

    /// How many distinct positions (by key) the openings of the first `games` games start from,
    /// with a book shorter than the match played again from its first opening, and how many
    /// openings those games play.
    pub fn distinct_openings(&self, openings: &[Opening], games: usize) -> (usize, usize) {
        let played = self.openings_for(games);
        if openings.is_empty() {
            return (0, played);
        }
        let distinct: std::collections::HashSet<u64> = (0..played)
            .map(|o| openings[o % openings.len()].game.position().key())
            .collect();
        (distinct.len(), played)
    }

    pub fn opening_plan(&self) -> OpeningPlan {
        OpeningPlan {
            setups: self.setups.clone(),
            seed: self.seed,
            plies: self.opening_plies,
            balance: self.balance,
        }
    }
}

/// One finished game, from the first-named player's point of view.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    pub first_is_white: bool,
    pub setup: Setup,
    pub game: Game,
    pub outcome: Outcome,
    /// Milliseconds each side spent choosing moves, and how many moves it chose.
    pub think_ms: [f64; 2],
    pub moves_chosen: [usize; 2],
    /// With balanced openings: the opening's score for the side to move after it.
    pub opening_score: Option<i32>,
}

impl GameRecord {
    /// 1 for a win of the first-named player, 0.5 for a draw, 0 for a loss.
    pub fn first_score(&self) -> f64 {
        let first = if self.first_is_white {
            Color::White
        } else {
            Color::Black
        };
        self.outcome.score_for(first)
    }
}

/// Plays game `index` of a match from its opening.
pub fn play_game(config: &MatchConfig, index: usize, opening: &Opening, clock: &dyn Clock) -> GameRecord {
    let first_is_white = !config.swap || index.is_multiple_of(2);
    let mut game = opening.game.clone();
    let seat_seed = config.seed.wrapping_add(index as u64 * 7919);
    let (white, black) = if first_is_white {
        (config.first, config.second)
    } else {
        (config.second, config.first)
    };
    let mut seats = [
        Seat::new(white, seat_seed, config.limits.clone()),
        Seat::new(black, seat_seed ^ 0xB1AC, config.limits.clone()),
    ];
    let stop = StopFlag::new();
    let mut think_ms = [0.0; 2];
    let mut moves_chosen = [0; 2];
    let outcome = play_out(&mut game, |game| {
        let side = game.position().side_to_move().index();
        let began = clock.now_ms();
        let mv = seats[side]
            .choose(game, clock, &stop)
            .expect("a position that is not over has a legal move");
        think_ms[side] += clock.now_ms() - began;
        moves_chosen[side] += 1;
        mv
    });
    // Report think time by player, not colour: index 0 is the first-named player.
    if !first_is_white {
        think_ms.swap(0, 1);
        moves_chosen.swap(0, 1);
    }
    GameRecord {
        index,
        first_is_white,
        setup: opening.setup,
        game,
        outcome,
        think_ms,
        moves_chosen,
        opening_score: opening.score,
    }
}

/// Plays `game` to its end, each move the one `choose` picks for the side to move (a legal one).
pub fn play_out(game: &mut Game, mut choose: impl FnMut(&Game) -> Move) -> Outcome {
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let mv = choose(game);
        game.play(mv).expect("players only choose legal moves");
    }
}

/// Both players' moves at node limits or depths, where no clock is read: the loop of the tuning
/// tools' games. `players[0]` plays White.
pub fn play_out_unclocked(game: &mut Game, players: &mut [Player; 2], mut seen: impl FnMut(&Game, Move)) -> Outcome {
    play_out(game, |game| {
        let side = game.position().side_to_move().index();
        let mv = players[side]
            .choose(game, &crate::engine::NoClock, &StopFlag::new())
            .expect("a position that is not over has a legal move");
        seen(game, mv);
        mv
    })
}

/// Plays the whole match on `threads` threads; games come back in index order. The openings are
/// chosen first, all of them, so that a balanced set keeps them apart.
pub fn run_match(config: &MatchConfig, clock: &(dyn Clock + Sync)) -> Vec<GameRecord> {
    let openings = config
        .opening_plan()
        .openings(config.opening_count(), config.threads, clock);
    play_openings(config, &openings, clock)
}

/// Plays the match from `openings` (a book shorter than the match is played again from its
/// first opening).
pub fn play_openings(config: &MatchConfig, openings: &[Opening], clock: &(dyn Clock + Sync)) -> Vec<GameRecord> {
    play_games(config, openings, 0..config.games, clock)
}

/// Plays games `indices` of the match (as `play_openings` would play them: a match played in
/// parts is the same games), on the match's threads, in index order.
pub fn play_games(
    config: &MatchConfig,
    openings: &[Opening],
    indices: std::ops::Range<usize>,
    clock: &(dyn Clock + Sync),
) -> Vec<GameRecord> {
    assert!(!openings.is_empty(), "a match needs an opening");
    crate::engine::matches::run_indexed(indices.len(), config.threads, |offset| {
        let index = indices.start + offset;
        play_game(
            config,
            index,
            &openings[config.opening_of(index) % openings.len()],
            clock,
        )
    })
}

/// The match's results as the SPRT counts them: with `swap`, each opening's two games as one
/// sample (a pair not yet complete is left out), otherwise each game.
pub fn sprt_outcomes(config: &MatchConfig, records: &[GameRecord]) -> Outcomes {
    if !config.swap {
        return Outcomes::of_games(records.iter().map(GameRecord::first_score));
    }
    let mut totals = std::collections::BTreeMap::new();
    let mut games = std::collections::BTreeMap::new();
    for record in records {
        let opening = config.opening_of(record.index);
        *totals.entry(opening).or_insert(0.0) += record.first_score();
        *games.entry(opening).or_insert(0) += 1;
    }
    Outcomes::of_pairs(
        totals
            .into_iter()
            .filter(|(opening, _)| games[opening] == 2)
            .map(|(_, total)| total),
    )
}
