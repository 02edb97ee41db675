//! The openings self-play starts from: a few seeded sound random plies, and with a balance, a
//! set chosen once per match of distinct openings that a deeper search scores near even.
//!
//! From the start positions White is far ahead (the full setup's start is a forced mate), so
//! between strong players the colour decides; and the sound random plies of this small board
//! repeat, so drawn one pair at a time, openings collapse onto a few and a match measures those.

use std::collections::{HashMap, HashSet};

use super::Engine;
use crate::engine::limits::{Clock, Limits, StopFlag};
use crate::engine::matches::run_indexed;
use crate::engine::random::Rng;
use crate::fourfold::rules::{Game, Move, Setup};

/// Opening moves are random, but only among moves a short search finds within this margin of the
/// best: a purely random first move in this variant often walks into a forced mate, and the
/// match would measure the opening instead of the players.
const OPENING_MARGIN_CP: i32 = 60;
/// Candidates for a balanced set are drawn more widely (the judge rejects the unsound ones).
/// From the classic start White is about five pawns ahead, so a balanced opening is one where
/// White gave much of that back: for 20 openings of four plies within ±50 cp by a 2 M-node
/// judge, within 60 cp there were only 17 distinct positions and most were far from even, within
/// 150 cp some were still 280 cp out, within 300 cp all 20 were in.
const CANDIDATE_MARGIN_CP: i32 = 300;
const OPENING_SEARCH_DEPTH: u32 = 3;
/// Candidates drawn for one opening of a balanced set before the nearest to even is taken.
const BALANCE_ATTEMPTS: usize = 100;

/// What makes a set of openings balanced.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Balance {
    /// Keep openings the judge scores within this many centipawns of even.
    pub margin_cp: i32,
    /// The judge: a search of this many nodes, fresh for every candidate.
    pub nodes: u64,
}

impl Balance {
    /// The judge of `selfplay --balanced` unless told otherwise: the master level's nodes.
    pub const DEFAULT_NODES: u64 = 2_000_000;
}

/// The position a pair of games (one game, without colour swaps) starts from.
#[derive(Clone, Debug)]
pub struct Opening {
    pub setup: Setup,
    pub game: Game,
    /// In a balanced set, the judge's score for the side to move.
    pub score: Option<i32>,
}

/// What a match needs to draw its openings.
#[derive(Clone, Debug)]
pub struct OpeningPlan {
    /// Setups to cycle through, one per opening.
    pub setups: Vec<Setup>,
    pub seed: u64,
    /// Random plies from the setup.
    pub plies: usize,
    pub balance: Option<Balance>,
}

fn sound_random_move(engine: &mut Engine, game: &Game, rng: &mut Rng, margin: i32, clock: &dyn Clock) -> Move {
    let scored = engine.score_root_moves(game, OPENING_SEARCH_DEPTH, clock, &StopFlag::new());
    let best = scored
        .iter()
        .map(|&(_, s)| s)
        .max()
        .expect("a game that is not over has moves");
    let sound: Vec<Move> = scored
        .iter()
        .filter(|&&(_, s)| s >= best - margin)
        .map(|&(m, _)| m)
        .collect();
    sound[rng.below(sound.len() as u64) as usize]
}

/// `plies` sound random plies (each within `margin` of the best) from `setup`, seeded by `seed`.
fn random_plies(setup: Setup, plies: usize, seed: u64, margin: i32, clock: &dyn Clock) -> Game {
    let mut game = Game::from_setup(setup);
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(1);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let mv = sound_random_move(&mut engine, &game, &mut rng, margin, clock);
        game.play(mv).expect("a generated move is legal");
    }
    game
}

impl OpeningPlan {
    fn setup(&self, opening: usize) -> Setup {
        self.setups[opening % self.setups.len()]
    }

    /// Opening `opening` without a balance (what matches have always played: the ladder's games
    /// replay from one version to the next).
    pub fn plain(&self, opening: usize, clock: &dyn Clock) -> Opening {
        let seed = self.seed ^ (opening as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let setup = self.setup(opening);
        Opening {
            setup,
            game: random_plies(setup, self.plies, seed, OPENING_MARGIN_CP, clock),
            score: None,
        }
    }

    /// The first `count` openings, computed on `threads` threads; the same whatever the threads.
    /// With a balance, opening after opening takes the first candidate that no earlier opening
    /// took (by position) and the judge scores within the margin; else, after `BALANCE_ATTEMPTS`
    /// candidates, the nearest to even of them.
    pub fn openings(&self, count: usize, threads: usize, clock: &(dyn Clock + Sync)) -> Vec<Opening> {
        let Some(balance) = self.balance else {
            return run_indexed(count, threads, |opening| self.plain(opening, clock));
        };
        let mut streams: Vec<Candidates> = self.setups.iter().map(|&setup| Candidates::new(setup)).collect();
        let mut taken = HashSet::new();
        let mut judging = Judging {
            plan: self,
            balance,
            threads,
            clock,
            judged: Judged::new(),
        };
        (0..count)
            .map(|opening| {
                let stream = &mut streams[opening % self.setups.len()];
                let mut nearest: Option<(Game, i32)> = None;
                let mut nearest_taken: Option<(Game, i32)> = None;
                for _ in 0..BALANCE_ATTEMPTS {
                    let (game, score) = stream.next(&mut judging);
                    let Some(score) = score else { continue };
                    let slot = if taken.contains(&game.position().key()) {
                        &mut nearest_taken
                    } else {
                        &mut nearest
                    };
                    if slot.as_ref().is_none_or(|(_, s)| score.abs() < s.abs()) {
                        *slot = Some((game, score));
                    }
                    if nearest.as_ref().is_some_and(|(_, s)| s.abs() <= balance.margin_cp) {
                        break;
                    }
                }
                // Repeat an opening only when no new one was found (few plies, a tiny board).
                match nearest.or(nearest_taken) {
                    Some((game, score)) => {
                        taken.insert(game.position().key());
                        Opening {
                            setup: stream.setup,
                            game,
                            score: Some(score),
                        }
                    }
                    None => self.plain(opening, clock),
                }
            })
            .collect()
    }
}

/// One setup's stream of candidates, drawn in order from the plan's seed.
struct Candidates {
    setup: Setup,
    drawn: Vec<Game>,
    next: usize,
}

/// The judge's scores by position (none for an opening that ends the game): the sound random
/// plies of this board repeat, and a position is judged once.
type Judged = HashMap<u64, Option<i32>>;

/// What drawing and judging a balanced set's candidates needs, and the scores so far.
struct Judging<'a> {
    plan: &'a OpeningPlan,
    balance: Balance,
    threads: usize,
    clock: &'a (dyn Clock + Sync),
    judged: Judged,
}

impl Candidates {
    fn new(setup: Setup) -> Candidates {
        Candidates {
            setup,
            drawn: Vec::new(),
            next: 0,
        }
    }

    /// The next candidate and its score.
    fn next(&mut self, judging: &mut Judging) -> (Game, Option<i32>) {
        if self.next == self.drawn.len() {
            self.draw(judging);
        }
        let game = self.drawn[self.next].clone();
        self.next += 1;
        let score = judging.judged[&game.position().key()];
        (game, score)
    }

    /// Draws candidates until four per thread are new to the judge (or `BALANCE_ATTEMPTS` are
    /// drawn), and judges the new ones on all threads.
    fn draw(&mut self, judging: &mut Judging) {
        let Judging {
            plan,
            balance,
            threads,
            clock,
            ref mut judged,
        } = *judging;
        let mut fresh: Vec<Game> = Vec::new();
        for _ in 0..BALANCE_ATTEMPTS {
            let seed = plan.seed
                ^ (self.setup as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407)
                ^ (self.drawn.len() as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
            let game = random_plies(self.setup, plan.plies, seed, CANDIDATE_MARGIN_CP, clock);
            let key = game.position().key();
            if !judged.contains_key(&key) && !fresh.iter().any(|g| g.position().key() == key) {
                fresh.push(game.clone());
            }
            self.drawn.push(game);
            if fresh.len() >= 4 * threads.max(1) {
                break;
            }
        }
        let scores = run_indexed(fresh.len(), threads, |i| {
            fresh[i].outcome().is_none().then(|| judge(&fresh[i], balance, clock))
        });
        for (game, score) in fresh.iter().zip(scores) {
            judged.insert(game.position().key(), score);
        }
    }
}

/// A candidate a search of a tenth of the judge's nodes scores this far beyond the margin is
/// not searched further: most candidates are far out (every four-ply opening of the full setup
/// drawn so far is still a forced mate), and the full search would cost ten times more.
const PREFILTER_SLACK_CP: i32 = 300;

/// The judge's score of `game` for the side to move: a fresh engine each time, so that a score
/// does not depend on the candidates judged before it.
pub fn judge(game: &Game, balance: Balance, clock: &dyn Clock) -> i32 {
    let search = |nodes: u64| {
        let limits = Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        };
        Engine::new(16)
            .search(game, &limits, clock, &StopFlag::new(), &mut |_| {})
            .score
    };
    let quick = search(balance.nodes / 10);
    if quick.abs() > balance.margin_cp.saturating_add(PREFILTER_SLACK_CP) {
        return quick;
    }
    search(balance.nodes)
}

/// The largest book `selfplay --openings` reads.
pub const BOOK_LIMIT_BYTES: usize = 1 << 20;

/// A book of openings as text: one a line, the setup's name and the moves in LAN4D, then the
/// judge's score as a comment (`classic a2@00-a3@00 … # -12 cp`); `#` starts a comment.
pub fn format_book(openings: &[Opening], header: &str) -> String {
    let mut text: String = header.lines().map(|line| format!("# {line}\n")).collect();
    for opening in openings {
        let moves = crate::fourfold::rules::lan::format_moves(opening.game.start(), opening.game.moves());
        text += opening.setup.name();
        for mv in moves {
            text += " ";
            text += &mv;
        }
        if let Some(score) = opening.score {
            text += &format!(" # {score:+} cp");
        }
        text += "\n";
    }
    text
}

/// The openings of a book in `format_book`'s form; an error names the line and what is wrong.
pub fn parse_book(text: &str) -> Result<Vec<Opening>, String> {
    use crate::fourfold::rules::lan::{Strictness, parse_move};
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let (body, comment) = line.split_once('#').unwrap_or((line, ""));
        let mut words = body.split_whitespace();
        let Some(setup_name) = words.next() else {
            continue;
        };
        let setup = [Setup::Classic, Setup::Full]
            .into_iter()
            .find(|s| s.name() == setup_name)
            .ok_or_else(|| format!("line {number}: unknown setup '{setup_name}' (classic or full)"))?;
        let mut game = Game::from_setup(setup);
        for (ply, word) in words.enumerate() {
            if game.outcome().is_some() {
                return Err(format!(
                    "line {number}: the game is over before move {} '{word}'",
                    ply + 1
                ));
            }
            let mv = parse_move(game.position(), word, Strictness::Lenient)
                .map_err(|e| format!("line {number}, move {}: {e}", ply + 1))?;
            game.play(mv)
                .map_err(|e| format!("line {number}, move {} '{word}': {e}", ply + 1))?;
        }
        if game.outcome().is_some() {
            return Err(format!("line {number}: the opening ends the game"));
        }
        let score = comment
            .trim()
            .strip_suffix("cp")
            .and_then(|n| n.trim().parse::<i32>().ok());
        openings.push(Opening { setup, game, score });
    }
    if openings.is_empty() {
        return Err("no openings in the book (one a line: the setup, then moves in LAN4D)".to_string());
    }
    Ok(openings)
}
