//! The computer behind a message boundary: in the browser a Web Worker runs this (the crate in
//! `web/worker/`) so the search leaves the page's thread and runs whole, as a native thread runs
//! it, instead of in slices that re-search what a slice cut off.
//!
//! A request names the game, the level, the seed and the game so far as its record (PGN4D or
//! PGN4, so the search knows the repetitions); the reply is the decision as text. The `Desk`
//! keeps each seat's player from request to request, as the app keeps its players, so their
//! tables and noise carry on as natively: a node-limited level plays the same move in the worker
//! as natively for the same game and seed.

use serde::{Deserialize, Serialize};

use crate::engine::{Clock, ClockLeft, SlicedPlayer, StopFlag};
use crate::four_player;
use crate::fourfold;

/// Which game a request is about.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GameKind {
    Fourfold,
    FourPlayer,
}

/// A decision asked of the worker.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Request {
    pub game: GameKind,
    /// The level's name (`master`).
    pub level: String,
    /// The player's seed: with the level and the seat to move, which player decides.
    pub seed: u64,
    /// The game so far: a PGN4D record (4D) or a PGN4 record (four-player).
    pub record: String,
    /// The seat's clock, in a game with clocks.
    #[serde(default)]
    pub clock: Option<ClockLeft>,
    /// Instead of a decision, a study of the game (the level is not read): an analysis in either
    /// game, a review in the 4D game.
    #[serde(default)]
    pub study: Option<Study>,
}

/// What the worker may be asked instead of a decision.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Study {
    /// The analysis of the position: the engine's search for this many nodes, as the game's
    /// *Analysis* runs it natively.
    Analysis(u64),
    /// The engine's review of the game (`fourfold::ai::review`): every position searched for
    /// this many nodes.
    Review(u64),
    /// A four-player partner's plan (a hint): the position searched for this many nodes by a
    /// fresh engine, as natively, so the same position always shows the same plan. The
    /// record's side to move is the seat whose plan it is (`four_player::ai::hint_game`).
    Plan(u64),
}

/// The longest request read: a record at its longest (10,000 plies) fits well inside.
const MAX_REQUEST_BYTES: usize = 1 << 20;

impl Request {
    /// A study of a 4D game: its analysis or its review.
    pub fn study(game: &fourfold::rules::Game, study: Study) -> Request {
        Request {
            game: GameKind::Fourfold,
            level: String::new(),
            seed: 0,
            record: fourfold::rules::pgn::export(game, &[]),
            clock: None,
            study: Some(study),
        }
    }

    /// A study of a four-player game (its analysis).
    pub fn four_player_study(game: &four_player::Game, study: Study) -> Request {
        Request {
            game: GameKind::FourPlayer,
            level: String::new(),
            seed: 0,
            record: four_player::pgn4::export(game, &[]),
            clock: None,
            study: Some(study),
        }
    }

    pub fn to_text(&self) -> String {
        ron::to_string(self).expect("a request is plain data")
    }

    pub fn parse(text: &str) -> Result<Request, String> {
        if text.len() > MAX_REQUEST_BYTES {
            return Err(format!(
                "a request of {} bytes (at most {MAX_REQUEST_BYTES})",
                text.len()
            ));
        }
        ron::from_str(text).map_err(|e| format!("an unreadable request: {e}"))
    }
}

/// The reply for a decision: `move <move>` (LAN4D, or the four-player move as PGN4 writes it
/// without check marks), `claim`, `resign`, or `none` when there is nothing to play.
pub mod reply {
    pub const NONE: &str = "none";
    pub const CLAIM: &str = "claim";
    pub const RESIGN: &str = "resign";
    pub const MOVE: &str = "move ";
    /// An analysis: `analysis ` and the `Analysed` in RON.
    pub const ANALYSIS: &str = "analysis ";
    /// A review: `review ` and what each move lost, in centipawns, space-separated.
    pub const REVIEW: &str = "review ";
}

/// The most nodes an analysis request may ask (the game asks a million), and a review in each
/// position.
const MOST_ANALYSIS_NODES: u64 = 50_000_000;

/// What an analysis found, as the worker replies it: the best line in LAN4D.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Analysed {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub line: Vec<String>,
}

impl Analysed {
    fn of(game: &fourfold::rules::Game, result: &fourfold::ai::SearchResult) -> Analysed {
        Analysed {
            depth: result.depth,
            score: result.score,
            nodes: result.nodes,
            line: fourfold::rules::lan::format_moves(game.position(), &result.pv),
        }
    }

    /// The reply's analysis of a four-player `game`, as the search's result: its line as the
    /// search writes it, its first move read.
    pub fn read_four_player(game: &four_player::Game, reply: &str) -> Result<four_player::ai::SearchResult, String> {
        let analysed = Analysed::parse(reply)?;
        let best = match analysed.line.first() {
            Some(named) => Some(
                four_player::pgn4::find_move(game.position(), game.legal_moves(), named)
                    .ok_or_else(|| format!("the analysis' move '{named}' is not legal there"))?,
            ),
            None => None,
        };
        Ok(four_player::ai::SearchResult {
            best,
            score: analysed.score,
            depth: analysed.depth,
            nodes: analysed.nodes,
            pv: analysed.line,
        })
    }

    fn parse(reply: &str) -> Result<Analysed, String> {
        let text = reply
            .strip_prefix(reply::ANALYSIS)
            .ok_or_else(|| format!("not an analysis: '{reply}'"))?;
        ron::from_str(text).map_err(|e| format!("an unreadable analysis: {e}"))
    }

    /// The reply's analysis of `game`, as the search's result: its line read move by move.
    pub fn read(game: &fourfold::rules::Game, reply: &str) -> Result<fourfold::ai::SearchResult, String> {
        let analysed = Analysed::parse(reply)?;
        let mut position = game.position().clone();
        let mut pv = Vec::new();
        for named in &analysed.line {
            let mv = named_move(&position, named)
                .ok_or_else(|| format!("the analysis' move '{named}' is not legal there"))?;
            position.make(mv);
            pv.push(mv);
        }
        Ok(fourfold::ai::SearchResult {
            best: pv.first().copied(),
            score: analysed.score,
            depth: analysed.depth,
            nodes: analysed.nodes,
            pv,
        })
    }
}

/// The review a worker's reply gives of `game`: one loss for each of its moves.
pub fn read_review(game: &fourfold::rules::Game, reply: &str) -> Result<fourfold::ai::review::Review, String> {
    let text = reply
        .strip_prefix(reply::REVIEW)
        .ok_or_else(|| format!("not a review: '{reply}'"))?;
    let losses = text
        .split_whitespace()
        .map(|word| {
            word.parse::<i32>()
                .map_err(|_| format!("the review's loss '{word}' is not a number"))
        })
        .collect::<Result<Vec<i32>, String>>()?;
    if losses.len() != game.moves().len() {
        return Err(format!(
            "the review has {} losses for a game of {} moves",
            losses.len(),
            game.moves().len()
        ));
    }
    Ok(fourfold::ai::review::Review { losses })
}

/// Players kept at once: a game's seats (at most four computers at a table).
const KEPT_PLAYERS: usize = 4;

/// Which player answers: the game, the level, the seed and the seat to move.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Chair {
    game: GameKind,
    level: &'static str,
    seed: u64,
    seat: usize,
}

enum Seated {
    Fourfold(Box<fourfold::ai::Player>),
    FourPlayer(Box<four_player::ai::Player>),
}

/// The worker's players, the most recently used last.
#[derive(Default)]
pub struct Desk {
    players: Vec<(Chair, Seated)>,
    /// The analysis' engine, kept as the game keeps its own (its table carries over).
    analyst: Option<Box<fourfold::ai::Engine>>,
    /// The four-player analysis' engine.
    cross_analyst: Option<Box<four_player::ai::Engine>>,
}

impl Desk {
    /// Decides for the seat to move in the request's game: the reply text, or what is wrong with
    /// the request.
    pub fn answer(&mut self, request: &str, clock: &dyn Clock, stop: &StopFlag) -> Result<String, String> {
        let request = Request::parse(request)?;
        match request.game {
            GameKind::Fourfold => {
                let game = fourfold::rules::pgn::import(&request.record)
                    .map_err(|e| format!("the request's PGN4D: {e}"))?
                    .game;
                match request.study {
                    Some(Study::Analysis(nodes)) => {
                        let engine = self.analyst.get_or_insert_with(Default::default);
                        let limits = crate::engine::Limits::nodes(nodes.clamp(1, MOST_ANALYSIS_NODES));
                        let result = engine.search(&game, &limits, clock, stop, &mut |_| {});
                        let analysed = ron::to_string(&Analysed::of(&game, &result)).expect("plain data");
                        return Ok(format!("{}{analysed}", reply::ANALYSIS));
                    }
                    Some(Study::Review(nodes)) => {
                        let mut reviewer =
                            fourfold::ai::review::Reviewer::new(&game, nodes.clamp(1, MOST_ANALYSIS_NODES));
                        let review = loop {
                            if let Some(review) = reviewer.step(u64::MAX, clock, stop) {
                                break review;
                            }
                            if stop.is_stopped() {
                                return Err("the review was stopped".to_string());
                            }
                        };
                        let losses: Vec<String> = review.losses.iter().map(i32::to_string).collect();
                        return Ok(format!("{}{}", reply::REVIEW, losses.join(" ")));
                    }
                    Some(Study::Plan(_)) => {
                        return Err("a partner's plan is asked of the four-player game only".to_string());
                    }
                    None => {}
                }
                let level = fourfold::ai::levels::find(&request.level)?;
                let seat = game.position().side_to_move().index();
                let chair = Chair {
                    game: request.game,
                    level: level.name,
                    seed: request.seed,
                    seat,
                };
                let Seated::Fourfold(player) = self.seat(chair, || {
                    Seated::Fourfold(Box::new(fourfold::ai::Player::new(level, request.seed)))
                }) else {
                    unreachable!("a 4D chair seats a 4D player")
                };
                player.set_clock(request.clock);
                Ok(match player.choose(&game, clock, stop) {
                    Some(mv) => format!(
                        "{}{}",
                        reply::MOVE,
                        fourfold::rules::lan::format_move(game.position(), mv)
                    ),
                    None => reply::NONE.to_string(),
                })
            }
            GameKind::FourPlayer => {
                let game = four_player::pgn4::import(&request.record)
                    .map_err(|e| format!("the request's PGN4: {e}"))?
                    .game;
                match request.study {
                    Some(Study::Analysis(nodes)) => {
                        let engine = self.cross_analyst.get_or_insert_with(Default::default);
                        return Ok(four_player_analysis(engine, &game, nodes, clock, stop));
                    }
                    // A plan starts from a fresh engine, as natively: the same position always
                    // shows the same plan.
                    Some(Study::Plan(nodes)) => {
                        let mut engine = four_player::ai::Engine::default();
                        return Ok(four_player_analysis(&mut engine, &game, nodes, clock, stop));
                    }
                    Some(Study::Review(_)) => {
                        return Err("a review is asked of the 4D game only".to_string());
                    }
                    None => {}
                }
                let level = four_player::ai::levels::find(&request.level)?;
                let chair = Chair {
                    game: request.game,
                    level: level.name,
                    seed: request.seed,
                    seat: game.position().turn.index(),
                };
                let Seated::FourPlayer(player) = self.seat(chair, || {
                    Seated::FourPlayer(Box::new(four_player::ai::Player::new(level, request.seed)))
                }) else {
                    unreachable!("a four-player chair seats a four-player player")
                };
                player.set_clock(request.clock);
                Ok(match player.choose(&game, clock, stop) {
                    Some(four_player::Turn::Move(mv)) => format!(
                        "{}{}",
                        reply::MOVE,
                        four_player::notation::format_move(game.position(), mv)
                    ),
                    Some(four_player::Turn::ClaimWin) => reply::CLAIM.to_string(),
                    Some(four_player::Turn::Resign) => reply::RESIGN.to_string(),
                    Some(four_player::Turn::Timeout) | None => reply::NONE.to_string(),
                })
            }
        }
    }

    /// The player in `chair`, seated by `new` if there is none; the least recently used player
    /// leaves when the desk is full.
    fn seat(&mut self, chair: Chair, new: impl FnOnce() -> Seated) -> &mut Seated {
        let seated = match self.players.iter().position(|(c, _)| *c == chair) {
            Some(i) => self.players.remove(i),
            None => {
                if self.players.len() >= KEPT_PLAYERS {
                    self.players.remove(0);
                }
                (chair, new())
            }
        };
        self.players.push(seated);
        &mut self.players.last_mut().expect("just pushed").1
    }
}

/// The reply to a four-player analysis or plan: `engine`'s search of `game` for `nodes`.
fn four_player_analysis(
    engine: &mut four_player::ai::Engine,
    game: &four_player::Game,
    nodes: u64,
    clock: &dyn Clock,
    stop: &StopFlag,
) -> String {
    let limits = crate::engine::Limits::nodes(nodes.clamp(1, MOST_ANALYSIS_NODES));
    let result = engine.search(game, limits, clock, stop, &mut |_| {});
    let analysed = Analysed {
        depth: result.depth,
        score: result.score,
        nodes: result.nodes,
        line: result.pv,
    };
    format!("{}{}", reply::ANALYSIS, ron::to_string(&analysed).expect("plain data"))
}

/// The 4D move a reply names in `game`: `Ok(None)` for `none`.
pub fn fourfold_answer(game: &fourfold::rules::Game, text: &str) -> Result<Option<fourfold::rules::Move>, String> {
    if text == reply::NONE {
        return Ok(None);
    }
    let named = text
        .strip_prefix(reply::MOVE)
        .ok_or_else(|| format!("an unknown reply '{text}'"))?;
    named_move(game.position(), named)
        .map(Some)
        .ok_or_else(|| format!("the reply's move '{named}' is not legal here"))
}

/// The legal 4D move of `position` that LAN4D writes as `named` (as the worker wrote it).
fn named_move(position: &fourfold::rules::Position, named: &str) -> Option<fourfold::rules::Move> {
    position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| fourfold::rules::lan::format_move(position, mv) == named)
}

/// The four-player turn a reply names in `game`: `Ok(None)` for `none`.
pub fn four_player_answer(game: &four_player::Game, text: &str) -> Result<Option<four_player::Turn>, String> {
    match text {
        reply::NONE => Ok(None),
        reply::CLAIM => Ok(Some(four_player::Turn::ClaimWin)),
        reply::RESIGN => Ok(Some(four_player::Turn::Resign)),
        _ => {
            let named = text
                .strip_prefix(reply::MOVE)
                .ok_or_else(|| format!("an unknown reply '{text}'"))?;
            four_player::pgn4::find_move(game.position(), game.legal_moves(), named)
                .map(|mv| Some(four_player::Turn::Move(mv)))
                .ok_or_else(|| format!("the reply's move '{named}' is not legal here"))
        }
    }
}

/// A player the worker can stand in for: what to ask it, and how to read its reply.
pub trait RemotePlayer: SlicedPlayer {
    /// The request for this player's decision in `game`.
    fn request(&self, game: &Self::Game) -> Request;

    /// The answer a reply names in `game`.
    fn read_reply(game: &Self::Game, reply: &str) -> Result<Self::Answer, String>;
}

impl RemotePlayer for fourfold::ai::Player {
    fn request(&self, game: &fourfold::rules::Game) -> Request {
        Request {
            game: GameKind::Fourfold,
            level: self.level.name.to_string(),
            seed: self.seed(),
            record: fourfold::rules::pgn::export(game, &[]),
            clock: self.clock(),
            study: None,
        }
    }

    fn read_reply(game: &fourfold::rules::Game, reply: &str) -> Result<Option<fourfold::rules::Move>, String> {
        fourfold_answer(game, reply)
    }
}

impl RemotePlayer for four_player::ai::Player {
    fn request(&self, game: &four_player::Game) -> Request {
        Request {
            game: GameKind::FourPlayer,
            level: self.level.name.to_string(),
            seed: self.seed(),
            record: four_player::pgn4::export(game, &[]),
            clock: self.clock(),
            study: None,
        }
    }

    fn read_reply(game: &four_player::Game, reply: &str) -> Result<Option<four_player::Turn>, String> {
        four_player_answer(game, reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoClock;
    use crate::engine::random::Rng;

    /// A 4D game of `plies` random moves from the classic setup.
    fn fourfold_game(plies: usize, seed: u64) -> fourfold::rules::Game {
        let mut rng = Rng::new(seed);
        let mut game = fourfold::rules::Game::from_setup(fourfold::rules::Setup::Classic);
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            let mv = moves
                .iter()
                .copied()
                .nth(rng.below(moves.len() as u64) as usize)
                .expect("a move");
            game.play(mv).expect("legal");
        }
        game
    }

    /// A four-player game of `turns` random moves under `rules`.
    fn four_player_game(rules: four_player::Rules, turns: usize, seed: u64) -> four_player::Game {
        let mut rng = Rng::new(seed);
        let mut game = four_player::Game::new(rules, four_player::Setup::Modern.position());
        for _ in 0..turns {
            let moves = game.legal_moves().to_vec();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play(four_player::Turn::Move(mv)).expect("legal");
        }
        game
    }

    fn ask(desk: &mut Desk, request: &Request) -> String {
        desk.answer(&request.to_text(), &NoClock, &StopFlag::new())
            .expect("a good request")
    }

    /// The worker plays what a native player of the same level and seed plays, move after move
    /// (its player kept between requests, as the app keeps its own), noisy levels included.
    #[test]
    fn the_worker_plays_the_native_move_for_the_same_game_and_seed() {
        for (level, seed) in [("beginner", 7), ("casual", 3), ("club", 12)] {
            let level = fourfold::ai::levels::find(level).expect("a level");
            let mut native = fourfold::ai::Player::new(level, seed);
            let mut desk = Desk::default();
            let mut game = fourfold_game(6, seed);
            for _ in 0..3 {
                let expected = native.choose(&game, &NoClock, &StopFlag::new()).expect("a move");
                let reply = ask(&mut desk, &native.request(&game));
                let read = fourfold::ai::Player::read_reply(&game, &reply).expect("a readable reply");
                assert_eq!(read, Some(expected), "{} seed {seed}: {reply}", level.name);
                game.play(expected).expect("legal");
                // The other side replies at random; the same seat asks again next time.
                let moves = game.position().legal_moves();
                let Some(&reply) = moves.iter().next() else { break };
                game.play(reply).expect("legal");
            }
        }
    }

    #[test]
    fn the_worker_plays_the_native_turn_in_four_player_chess() {
        for rules in [
            four_player::Rules::FFA,
            four_player::Rules::TEAMS,
            four_player::Rules::CLUB,
        ] {
            let level = four_player::ai::levels::find("novice").expect("a level");
            let game = four_player_game(rules, 9, 5);
            let mut native = four_player::ai::Player::new(level, 41);
            let expected = native.choose(&game, &NoClock, &StopFlag::new());
            let mut desk = Desk::default();
            let reply = ask(&mut desk, &native.request(&game));
            assert!(reply.starts_with(reply::MOVE) || reply == reply::CLAIM, "{reply}");
            let read = four_player::ai::Player::read_reply(&game, &reply).expect("a readable reply");
            assert_eq!(read, expected, "{rules:?}: {reply}");
        }
    }

    #[test]
    fn a_request_carries_the_seat_clock() {
        let level = fourfold::ai::levels::find("master").expect("a level");
        let mut player = fourfold::ai::Player::new(level, 1);
        let game = fourfold_game(0, 1);
        assert_eq!(
            Request::parse(&player.request(&game).to_text()).map(|r| r.clock),
            Ok(None)
        );
        let clock = ClockLeft {
            left_ms: 1_000,
            increment_ms: 0,
        };
        player.set_clock(Some(clock));
        let request = player.request(&game);
        assert_eq!(Request::parse(&request.to_text()), Ok(request.clone()));
        assert_eq!(request.clock, Some(clock));
        // The worker's player thinks within it: the master level's 2 M nodes would take longer.
        let began = std::time::Instant::now();
        let reply = Desk::default()
            .answer(&request.to_text(), &crate::engine::StdClock::new(), &StopFlag::new())
            .expect("a good request");
        assert!(reply.starts_with(reply::MOVE), "{reply}");
        assert!(
            began.elapsed() < std::time::Duration::from_millis(400),
            "{:?}",
            began.elapsed()
        );
    }

    /// An analysis asked of the worker finds what the same search finds natively, line and all,
    /// and a mate shows as one; unreadable analyses are refused.
    #[test]
    fn an_analysis_in_the_worker_is_the_native_search() {
        let analysis_of = |game: &fourfold::rules::Game, nodes: u64| Request::study(game, Study::Analysis(nodes));
        let game = fourfold_game(6, 3);
        let native = fourfold::ai::Engine::default().search(
            &game,
            &crate::engine::Limits::nodes(50_000),
            &NoClock,
            &StopFlag::new(),
            &mut |_| {},
        );
        let mut desk = Desk::default();
        let reply = ask(&mut desk, &analysis_of(&game, 50_000));
        let read = Analysed::read(&game, &reply).expect("a readable analysis");
        assert_eq!(read, native, "{reply}");
        assert!(read.pv.len() >= 2 && read.depth >= 2, "{reply}");
        // A mate in one (the browser test's).
        let mate = fourfold::rules::Game::new(
            fourfold::rules::Position::from_fen("4/4/4/4|4/4/4/4|4/3Q/4/4|4/1K2/4/2k1 w 0 1").expect("a position"),
        );
        let reply = ask(&mut Desk::default(), &analysis_of(&mate, 20_000));
        let read = Analysed::read(&mate, &reply).expect("a readable analysis");
        assert_eq!(fourfold::ai::mate_in(read.score), Some(1), "{reply}");
        assert!(
            Analysed::read(&game, "move a1@00-a2@00")
                .unwrap_err()
                .contains("not an analysis")
        );
        assert!(
            Analysed::read(&game, "analysis (depth: 1)")
                .unwrap_err()
                .contains("unreadable")
        );
    }

    /// A four-player analysis in the worker is the native search's, in each rule set; a
    /// four-player review is refused.
    #[test]
    fn a_four_player_analysis_in_the_worker_is_the_native_search() {
        for rules in [
            four_player::Rules::FFA,
            four_player::Rules::TEAMS,
            four_player::Rules::CLUB,
        ] {
            let game = four_player_game(rules, 6, 2);
            let limits = crate::engine::Limits::nodes(20_000);
            let native =
                four_player::ai::Engine::default().search(&game, limits, &NoClock, &StopFlag::new(), &mut |_| {});
            let reply = ask(
                &mut Desk::default(),
                &Request::four_player_study(&game, Study::Analysis(20_000)),
            );
            let read = Analysed::read_four_player(&game, &reply).expect("a readable analysis");
            assert_eq!(
                (read.best, read.score, read.depth, read.nodes, &read.pv),
                (native.best, native.score, native.depth, native.nodes, &native.pv),
                "{rules:?}: {reply}"
            );
            assert!(read.best.is_some() && read.depth >= 2, "{reply}");
        }
        let game = four_player_game(four_player::Rules::TEAMS, 2, 1);
        let review = Request::four_player_study(&game, Study::Review(1_000)).to_text();
        let refused = Desk::default().answer(&review, &NoClock, &StopFlag::new());
        assert!(refused.unwrap_err().contains("4D game only"));
        assert!(
            Analysed::read_four_player(&game, "analysis (depth: 1, score: 0, nodes: 1, line: [\"a1-a2\"])")
                .unwrap_err()
                .contains("not legal")
        );
    }

    /// A partner's plan in the worker is the native hint for the same seat, whether or not it
    /// is the seat's turn, and the same every time it is asked; a 4D plan is refused.
    #[test]
    fn a_partner_plan_in_the_worker_is_the_native_hint() {
        for rules in [four_player::Rules::TEAMS, four_player::Rules::CLUB] {
            let game = four_player_game(rules, 7, 4);
            let mut desk = Desk::default();
            for seat in [game.position().turn, game.position().turn.next()] {
                let plan_game = four_player::ai::hint_game(&game, seat).expect("a seat in play");
                let request = Request::four_player_study(&plan_game, Study::Plan(20_000));
                let asked = four_player::pgn4::import(&request.record).expect("a record").game;
                assert_eq!(asked.position().turn, seat, "{rules:?}");
                let limits = crate::engine::Limits::nodes(20_000);
                let search =
                    four_player::ai::Engine::default().search(&asked, limits, &NoClock, &StopFlag::new(), &mut |_| {});
                let native = search.best.expect("a plan");
                for _ in 0..2 {
                    let reply = ask(&mut desk, &request);
                    let read = Analysed::read_four_player(&asked, &reply).expect("a readable plan");
                    assert_eq!(read.best, Some(native), "{rules:?} {seat:?}: {reply}");
                    // Node for node a fresh search: no table carried over from the last plan.
                    assert_eq!((read.nodes, &read.pv), (search.nodes, &search.pv), "{rules:?} {seat:?}");
                }
            }
        }
        let game = fourfold_game(2, 1);
        let mut plan = Request::study(&game, Study::Analysis(1_000));
        plan.study = Some(Study::Plan(1_000));
        let refused = Desk::default().answer(&plan.to_text(), &NoClock, &StopFlag::new());
        assert!(refused.unwrap_err().contains("four-player game only"));
    }

    /// A review asked of the worker is the native review (whole, as the app runs it on a thread;
    /// the browser's slices may differ, a cut iteration being searched again); a reply that does
    /// not fit the game is refused.
    #[test]
    fn a_review_in_the_worker_is_the_native_review() {
        let mut game = fourfold_game(5, 8);
        // A finished game: a mate in one played out at its end.
        let mate =
            fourfold::rules::Position::from_fen("4/4/4/4|4/4/4/4|4/3Q/4/4|4/1K2/4/2k1 w 0 1").expect("a position");
        let mut finished = fourfold::rules::Game::new(mate);
        let mating = finished
            .position()
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let mut after = finished.clone();
                after.play(mv).is_ok() && after.outcome().is_some()
            })
            .expect("the mate");
        finished.play(mating).expect("legal");
        for game in [&mut game, &mut finished] {
            let mut reviewer = fourfold::ai::review::Reviewer::new(game, 5_000);
            let native = loop {
                if let Some(review) = reviewer.step(u64::MAX, &NoClock, &StopFlag::new()) {
                    break review;
                }
            };
            let reply = ask(&mut Desk::default(), &Request::study(game, Study::Review(5_000)));
            assert!(reply.starts_with(reply::REVIEW), "{reply}");
            assert_eq!(read_review(game, &reply), Ok(native), "{reply}");
        }
        assert_eq!(
            read_review(&finished, "review 0"),
            Ok(fourfold::ai::review::Review { losses: vec![0] })
        );
        assert!(
            read_review(&finished, "review 0 5")
                .unwrap_err()
                .contains("2 losses for a game of 1 moves")
        );
        assert!(
            read_review(&finished, "review x")
                .unwrap_err()
                .contains("'x' is not a number")
        );
        assert!(
            read_review(&finished, "move a1@00-a2@00")
                .unwrap_err()
                .contains("not a review")
        );
    }

    #[test]
    fn the_desk_keeps_the_last_four_players() {
        let level = fourfold::ai::levels::find("beginner").expect("a level");
        let game = fourfold_game(2, 1);
        let mut desk = Desk::default();
        for seed in 0..6 {
            let request = fourfold::ai::Player::new(level, seed).request(&game);
            ask(&mut desk, &request);
        }
        let seeds: Vec<u64> = desk.players.iter().map(|(chair, _)| chair.seed).collect();
        assert_eq!(seeds, [2, 3, 4, 5]);
        // Asking seed 3 again makes it the most recent.
        ask(&mut desk, &fourfold::ai::Player::new(level, 3).request(&game));
        let seeds: Vec<u64> = desk.players.iter().map(|(chair, _)| chair.seed).collect();
        assert_eq!(seeds, [2, 4, 5, 3]);
    }

    #[test]
    fn a_bad_request_or_reply_is_an_error_that_says_what_is_wrong() {
        let mut desk = Desk::default();
        let mut answer = |text: &str| desk.answer(text, &NoClock, &StopFlag::new()).expect_err(text);
        assert!(answer("hello").contains("unreadable request"));
        let good = fourfold::ai::Player::new(&fourfold::ai::LEVELS[0], 1).request(&fourfold_game(0, 1));
        let unknown_level = Request {
            level: "grandmaster".into(),
            ..good.clone()
        };
        assert!(answer(&unknown_level.to_text()).contains("grandmaster"));
        let bad_record = Request {
            record: "1. Zz9-q7".into(),
            ..good.clone()
        };
        assert!(answer(&bad_record.to_text()).contains("PGN4D"));
        let four_player_record = Request {
            game: GameKind::FourPlayer,
            ..good.clone()
        };
        assert!(answer(&four_player_record.to_text()).contains("PGN4"));
        assert!(answer(&"x".repeat(MAX_REQUEST_BYTES + 1)).contains("bytes"));

        let game = fourfold_game(0, 1);
        assert!(
            fourfold_answer(&game, "move a1@00-a4@11")
                .unwrap_err()
                .contains("not legal")
        );
        assert!(fourfold_answer(&game, "castle").unwrap_err().contains("unknown reply"));
        assert_eq!(fourfold_answer(&game, "none"), Ok(None));
        let cross = four_player_game(four_player::Rules::FFA, 0, 1);
        assert!(
            four_player_answer(&cross, "move h2-h9")
                .unwrap_err()
                .contains("not legal")
        );
        assert_eq!(
            four_player_answer(&cross, "resign"),
            Ok(Some(four_player::Turn::Resign))
        );
    }
}
