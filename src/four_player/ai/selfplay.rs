//! Four-player games between computer players: any four of the levels and the greedy player, on
//! the shared match runner (threads, seats rotated game by game). Openings are varied by a few
//! seeded random plies among moves a short search finds sound; with rotation each opening is
//! played once from every seating.

use super::greedy::Greedy;
use super::levels::{self, Level};
use super::{Engine, Features, MATE, Player, Strategy};
use crate::engine::SlicedPlayer;
use crate::engine::limits::{Clock, Limits, StopFlag};
use crate::engine::matches::{Pairing, rotated, run_indexed};
use crate::engine::random::Rng;
use crate::four_player::board::Seat;
use crate::four_player::game::{Game, Outcome, Team, Turn};
use crate::four_player::moves::Move;
use crate::four_player::position::{PerSeat, Position};
use crate::four_player::rules::{RuleKind, Rules};

/// Who sits at a seat.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Entrant {
    Level {
        level: &'static Level,
        /// FFA's search, when not the default.
        strategy: Option<Strategy>,
        /// The search's refinements (`:-reductions`, `:-move-memory` turn one off).
        features: Features,
    },
    Greedy,
}

impl Entrant {
    /// `greedy`, a level's name, or a level's name with an FFA search (`strong:paranoid`)
    /// and/or without some of the search's refinements (`strong:-reductions`,
    /// `strong:brs:-move-memory`).
    pub fn parse(text: &str) -> Result<Entrant, String> {
        if text == "greedy" {
            return Ok(Entrant::Greedy);
        }
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let level = levels::find(name).map_err(|e| format!("{e}, or greedy"))?;
        let (mut strategy, mut features) = (None, Features::CURRENT);
        for part in parts {
            match part.strip_prefix('-') {
                Some(name) if features.set(name, false) => {}
                _ => {
                    let refinements: Vec<String> = Features::NAMES.iter().map(|n| format!("-{n}")).collect();
                    strategy =
                        Some(Strategy::parse(part).map_err(|e| format!("{e}, or one of {}", refinements.join(", ")))?)
                }
            }
        }
        Ok(Entrant::Level {
            level,
            strategy,
            features,
        })
    }

    pub fn name(self) -> String {
        match self {
            Entrant::Greedy => "greedy".into(),
            Entrant::Level {
                level,
                strategy,
                features,
            } => {
                let strategy = strategy.map(|s| format!(":{}", s.name())).unwrap_or_default();
                format!("{}{strategy}{}", level.name, features.suffix())
            }
        }
    }
}

enum Sitter {
    Computer(Box<Player>),
    Greedy(Greedy),
}

impl Sitter {
    fn new(entrant: Entrant, seed: u64, resigns: bool, limits: Option<&Limits>) -> Sitter {
        match entrant {
            Entrant::Greedy => Sitter::Greedy(Greedy::new(seed)),
            Entrant::Level {
                level,
                strategy,
                features,
            } => {
                let mut player = Player::new(level, seed).with_features(features);
                if let Some(limits) = limits {
                    player = player.with_limits(limits.clone());
                }
                if let Some(s) = strategy {
                    player = player.with_strategy(s);
                }
                player.resigns = resigns;
                Sitter::Computer(Box::new(player))
            }
        }
    }

    fn choose(&mut self, game: &Game, clock: &dyn Clock, stop: &StopFlag) -> Option<Turn> {
        match self {
            Sitter::Computer(player) => player.choose(game, clock, stop),
            Sitter::Greedy(greedy) => greedy.choose(game).map(Turn::Move),
        }
    }
}

#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    pub rules: Rules,
    pub start: Position,
    /// The players of Red, Blue, Yellow and Green in the first game.
    pub seats: [Entrant; 4],
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    /// Turn the seating one seat on game by game.
    pub rotate: bool,
    pub opening_plies: usize,
    /// A game still going after this many turns is scored as it stands.
    pub max_turns: usize,
    pub resign: bool,
    /// Every computer player's search limits instead of its level's (equal nodes, equal time).
    pub limits: Option<Limits>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    /// Per seat: which entrant (an index into `SelfplayConfig::seats`) sat there.
    pub seating: PerSeat<usize>,
    pub game: Game,
    /// `None`: stopped at the turn limit.
    pub outcome: Option<Outcome>,
    /// Per seat: its place (FFA; at the turn limit, by points) or 1 win, 2 draw, 3 loss (its
    /// team's, Teams and Club).
    pub places: PerSeat<u8>,
    /// Per entrant: milliseconds spent choosing and turns chosen.
    pub think_ms: [f64; 4],
    pub turns_chosen: [usize; 4],
    /// Per entrant: its slowest turn, in milliseconds.
    pub slowest_ms: [f64; 4],
}

impl GameRecord {
    /// Why the game ended, in words.
    pub fn reason(&self) -> String {
        match &self.outcome {
            Some(outcome) => outcome.to_string(),
            None => "turn limit".into(),
        }
    }
}

/// Team results as places: 1 won, 2 drawn, 3 lost.
const WON: u8 = 1;
const DRAWN: u8 = 2;
const LOST: u8 = 3;

fn places_of(game: &Game, outcome: Option<Outcome>) -> PerSeat<u8> {
    let points = game.position().points;
    match outcome {
        Some(Outcome::Places { places, .. }) => places,
        Some(Outcome::Win { team, .. }) => Seat::ALL.map(|s| if Team::of(s) == team { WON } else { LOST }),
        Some(Outcome::Draw(_)) => [DRAWN; 4],
        None if game.rules.kind == RuleKind::Ffa => Seat::ALL.map(|s| {
            1 + Seat::ALL
                .iter()
                .filter(|o| points[o.index()] > points[s.index()])
                .count() as u8
        }),
        None => [DRAWN; 4],
    }
}

/// Opening plies are random among moves a 2-ply search scores within this margin of the best.
const OPENING_MARGIN: i32 = 60;

fn sound_random_move(engine: &mut Engine, game: &Game, rng: &mut Rng, clock: &dyn Clock) -> Option<Move> {
    let stop = StopFlag::new();
    let scored: Vec<(Move, i32)> = game
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            engine
                .score_root_move(game, mv, 2, -MATE, u64::MAX, clock, &stop)
                .map(|(s, _)| (mv, s))
        })
        .collect();
    let best = scored.iter().map(|&(_, s)| s).max()?;
    let sound: Vec<Move> = scored
        .iter()
        .filter(|&&(_, s)| s >= best - OPENING_MARGIN)
        .map(|&(m, _)| m)
        .collect();
    Some(sound[rng.below(sound.len() as u64) as usize])
}

/// How many games the rotation takes to seat the players every distinct way: 4, or fewer when
/// the same player sits two seats apart (`strong,club,strong,club`: 2) or everywhere (1).
/// Turning further would replay, move for move, a game already played (until 2026-12-04 every
/// such match played each of its games twice).
fn distinct_seatings(seats: [Entrant; 4]) -> usize {
    [1, 2]
        .into_iter()
        .find(|&turns| rotated(seats, turns) == seats)
        .unwrap_or(4)
}

/// Plays game `index` of the match.
pub fn play_game(config: &SelfplayConfig, index: usize, clock: &dyn Clock) -> GameRecord {
    let (opening, seating) = if config.rotate {
        let seatings = distinct_seatings(config.seats);
        (index / seatings, rotated([0, 1, 2, 3], index % seatings))
    } else {
        (index, [0, 1, 2, 3])
    };
    let mut game = Game::new(config.rules, config.start.clone());
    let mut opening_rng = Rng::new(config.seed ^ (opening as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut opening_engine = Engine::new(1);
    for _ in 0..config.opening_plies {
        if game.outcome().is_some() {
            break;
        }
        let Some(mv) = sound_random_move(&mut opening_engine, &game, &mut opening_rng, clock) else {
            break;
        };
        game.play(Turn::Move(mv)).expect("a generated move is legal");
    }
    let seed = config.seed.wrapping_add(index as u64 * 7919);
    let mut sitters: Vec<Sitter> = Seat::ALL
        .iter()
        .map(|s| {
            let entrant = config.seats[seating[s.index()]];
            Sitter::new(
                entrant,
                seed ^ ((s.index() as u64 + 1) << 32),
                config.resign,
                config.limits.as_ref(),
            )
        })
        .collect();
    let stop = StopFlag::new();
    let mut think_ms = [0.0; 4];
    let mut turns_chosen = [0; 4];
    let mut slowest_ms = [0.0f64; 4];
    while game.outcome().is_none() && game.turns().len() < config.max_turns {
        let seat = game.position().turn.index();
        let began = clock.now_ms();
        let turn = sitters[seat]
            .choose(&game, clock, &stop)
            .expect("a game that is not over has a turn");
        let took = clock.now_ms() - began;
        think_ms[seating[seat]] += took;
        slowest_ms[seating[seat]] = slowest_ms[seating[seat]].max(took);
        turns_chosen[seating[seat]] += 1;
        if game.play(turn).is_err() {
            break;
        }
    }
    let outcome = game.outcome();
    GameRecord {
        index,
        seating,
        places: places_of(&game, outcome),
        game,
        outcome,
        think_ms,
        turns_chosen,
        slowest_ms,
    }
}

/// Plays the whole match on the configured threads; games come back in index order.
pub fn run(config: &SelfplayConfig, clock: &(dyn Clock + Sync)) -> Vec<GameRecord> {
    run_indexed(config.games, config.threads, |index| play_game(config, index, clock))
}

/// The pairwise results of a game between differently named entrants, by name index: FFA, the
/// better place wins; Teams and Club, opponents' team results.
pub fn pairings(record: &GameRecord, names: &[String], config: &SelfplayConfig) -> Vec<Pairing> {
    let name_of = |seat: Seat| {
        let entrant = config.seats[record.seating[seat.index()]].name();
        names.iter().position(|n| *n == entrant).unwrap_or(0)
    };
    let mut pairs = Vec::new();
    for a in Seat::ALL {
        for b in Seat::ALL {
            if a.index() >= b.index() || name_of(a) == name_of(b) {
                continue;
            }
            if config.rules.kind != RuleKind::Ffa && Team::of(a) == Team::of(b) {
                continue;
            }
            let (pa, pb) = (record.places[a.index()], record.places[b.index()]);
            let score = match pa.cmp(&pb) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            pairs.push(Pairing {
                first: name_of(a),
                second: name_of(b),
                score,
            });
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_plays_no_game_twice() {
        let [a, b, c, d] = ["beginner", "novice", "casual", "club"].map(|name| Entrant::parse(name).unwrap());
        assert_eq!(distinct_seatings([a, b, c, d]), 4);
        assert_eq!(distinct_seatings([a, a, b, b]), 4);
        assert_eq!(distinct_seatings([a, b, a, b]), 2);
        assert_eq!(distinct_seatings([a, a, a, a]), 1);
        // Levels without noise: the same seating and opening would play the same game.
        let (e, f) = (
            Entrant::parse("club").unwrap(),
            Entrant::parse("club:-reductions").unwrap(),
        );
        let config = SelfplayConfig {
            rules: Rules::new(RuleKind::Teams),
            start: crate::four_player::position::Setup::Modern.position(),
            seats: [e, f, e, f],
            games: 4,
            seed: 3,
            threads: 1,
            rotate: true,
            opening_plies: 4,
            max_turns: 12,
            resign: true,
            limits: None,
        };
        let games: Vec<GameRecord> = (0..4).map(|i| play_game(&config, i, &crate::engine::NoClock)).collect();
        // Each player sits on both teams, and a seating comes again only with another opening.
        assert_ne!(games[0].seating, games[1].seating);
        for (x, y) in [(0, 2), (1, 3)] {
            assert_eq!(games[x].seating, games[y].seating);
            assert_ne!(games[x].game.turns(), games[y].game.turns(), "games {x} and {y}");
        }
    }

    #[test]
    fn an_entrant_names_its_search_and_its_refinements() {
        let entrant = Entrant::parse("strong:brs:-reductions").unwrap();
        let no_reductions = Features {
            reductions: false,
            ..Features::CURRENT
        };
        assert_eq!(
            entrant,
            Entrant::Level {
                level: levels::find("strong").unwrap(),
                strategy: Some(Strategy::BestReply),
                features: no_reductions,
            }
        );
        assert_eq!(entrant.name(), "strong:brs:-reductions");
        let both = Entrant::parse("strong:-move-memory:-reductions").unwrap();
        assert_eq!(both.name(), "strong:-reductions:-move-memory");
        assert_eq!(Entrant::parse("club").unwrap().name(), "club");
        let error = Entrant::parse("club:-pruning").unwrap_err();
        assert!(
            error.contains("-pruning") && error.contains("-reductions") && error.contains("-move-memory"),
            "{error}"
        );
    }
}
