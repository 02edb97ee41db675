//! Games between computer players: the self-play ladder and the match against the 2-ply
//! reference opponent. Openings are varied by a few seeded random plies, and with `swap` each
//! opening is played twice with the colours exchanged.

use super::levels::{self, Level};
use super::{Engine, Features, Player, reference};
use crate::engine::SlicedPlayer;
use crate::engine::limits::{Clock, Limits, StopFlag};
use crate::engine::random::Rng;
use crate::fourfold::rules::{Color, Game, Move, Outcome, Setup};

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
    /// Keep only openings that a search of `BALANCE_NODES` scores within this many centipawns
    /// of even (the start positions favour White so much that between strong players the
    /// colour decides the game, and a match measures nothing else).
    pub balanced_cp: Option<i32>,
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
        match self.outcome.winner() {
            None => 0.5,
            Some(Color::White) if self.first_is_white => 1.0,
            Some(Color::Black) if !self.first_is_white => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// Opening moves are random, but only among moves a short search finds within this margin of the
/// best: a purely random first move in this variant often walks into a forced mate, and the
/// match would measure the opening instead of the players.
const OPENING_MARGIN_CP: i32 = 60;
const OPENING_SEARCH_DEPTH: u32 = 3;

fn sound_random_move(engine: &mut Engine, game: &Game, rng: &mut Rng, clock: &dyn Clock) -> Move {
    let scored = engine.score_root_moves(game, OPENING_SEARCH_DEPTH, clock, &StopFlag::new());
    let best = scored
        .iter()
        .map(|&(_, s)| s)
        .max()
        .expect("a game that is not over has moves");
    let sound: Vec<Move> = scored
        .iter()
        .filter(|&&(_, s)| s >= best - OPENING_MARGIN_CP)
        .map(|&(m, _)| m)
        .collect();
    sound[rng.below(sound.len() as u64) as usize]
}

/// The search that judges whether an opening is balanced: the strong level's budget.
const BALANCE_NODES: u64 = 200_000;
/// Openings drawn for one game before the most balanced of them is taken.
const BALANCE_ATTEMPTS: u64 = 100;

/// An opening: `config.opening_plies` sound random plies from `setup`. `attempt` 0 is the match's usual
/// opening; later attempts draw others.
fn random_opening(config: &MatchConfig, setup: Setup, opening: usize, attempt: u64, clock: &dyn Clock) -> Game {
    let mut game = Game::from_setup(setup);
    let mut rng = Rng::new(
        config.seed
            ^ (opening as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ attempt.wrapping_mul(0xD1B5_4A32_D192_ED03),
    );
    let mut engine = Engine::new(1);
    for _ in 0..config.opening_plies {
        if game.outcome().is_some() {
            break;
        }
        let mv = sound_random_move(&mut engine, &game, &mut rng, clock);
        game.play(mv).expect("a generated move is legal");
    }
    game
}

/// The opening of game pair `opening`: with `balanced_cp`, the first of up to
/// `BALANCE_ATTEMPTS` random openings that a `BALANCE_NODES` search scores within the margin,
/// else the nearest to even of them; and the score it was given.
pub fn choose_opening(config: &MatchConfig, setup: Setup, opening: usize, clock: &dyn Clock) -> (Game, Option<i32>) {
    let Some(margin) = config.balanced_cp else {
        return (random_opening(config, setup, opening, 0, clock), None);
    };
    let limits = Limits {
        nodes: Some(BALANCE_NODES),
        ..Limits::default()
    };
    let mut nearest: Option<(Game, i32)> = None;
    for attempt in 0..BALANCE_ATTEMPTS {
        let game = random_opening(config, setup, opening, attempt, clock);
        if game.outcome().is_some() {
            continue;
        }
        let score = Engine::new(16)
            .search(&game, &limits, clock, &StopFlag::new(), &mut |_| {})
            .score;
        if nearest.as_ref().is_none_or(|(_, s)| score.abs() < s.abs()) {
            nearest = Some((game, score));
        }
        if score.abs() <= margin {
            break;
        }
    }
    match nearest {
        Some((game, score)) => (game, Some(score)),
        None => (random_opening(config, setup, opening, 0, clock), None),
    }
}

/// Plays game `index` of a match.
pub fn play_game(config: &MatchConfig, index: usize, clock: &dyn Clock) -> GameRecord {
    let opening = if config.swap { index / 2 } else { index };
    let first_is_white = !config.swap || index.is_multiple_of(2);
    let setup = config.setups[opening % config.setups.len()];
    let (mut game, opening_score) = choose_opening(config, setup, opening, clock);
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
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let side = game.position().side_to_move().index();
        let began = clock.now_ms();
        let mv = seats[side]
            .choose(&game, clock, &stop)
            .expect("a position that is not over has a legal move");
        think_ms[side] += clock.now_ms() - began;
        moves_chosen[side] += 1;
        game.play(mv).expect("players only choose legal moves");
    };
    // Report think time by player, not colour: index 0 is the first-named player.
    if !first_is_white {
        think_ms.swap(0, 1);
        moves_chosen.swap(0, 1);
    }
    GameRecord {
        index,
        first_is_white,
        setup,
        game,
        outcome,
        think_ms,
        moves_chosen,
        opening_score,
    }
}

/// Plays the whole match on `threads` threads; games come back in index order.
pub fn run_match(config: &MatchConfig, clock: &(dyn Clock + Sync)) -> Vec<GameRecord> {
    crate::engine::matches::run_indexed(config.games, config.threads, |index| play_game(config, index, clock))
}
