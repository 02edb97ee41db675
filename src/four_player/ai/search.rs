//! The four-player search: alpha-beta over one side's score, with iterative deepening,
//! principal variation search (null windows after a node's first move), a transposition table
//! on the engine's Zobrist key, quiescence on captures and promotions, check extensions,
//! late-move reductions, reverse futility and late-move pruning near the leaves, move ordering
//! (table move, captures by victim and attacker, killers, history) and mate scores by distance.
//!
//! Who the side is depends on the strategy. Teams and Club (`Alliance`): partners maximise their
//! team's score, opponents minimise it, whatever the order of turns (a frozen seat can put two
//! partners one after the other). FFA has no partners, so a multi-player search stands in:
//! `Paranoid` (the other three are one coalition against the seat to move) or `BestReply`
//! (Schadd and Winands' best-reply search: between two of the seat's moves only the single
//! strongest reply of any one rival is played, the others pass, so the seat looks twice as
//! deep). A Teams mate counts on the mated seat's own turn, so the search plays on to that turn
//! and sees a partner lift it; a Club mate freezes an army when the move is made, and lifts
//! when the mate goes, as the engine works it out.

use std::cmp::Reverse;

use super::eval;
use super::features::Features;
use super::ordering::MoveMemory;
use crate::engine::tt::{Bound, TranspositionTable};
use crate::engine::{Clock, Limits, StopFlag};
use crate::four_player::board::{Owner, Seat};
use crate::four_player::checks_seen::Touched;
use crate::four_player::game::{Game, Team};
use crate::four_player::mates_memo::MatesMemo;
use crate::four_player::moves::{Move, MoveKind};
use crate::four_player::notation::format_move;
use crate::four_player::play::Stuck;
use crate::four_player::position::Position;
use crate::four_player::rules::{RuleKind, Rules};

/// A won game (Teams, Club) `n` plies away scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
pub const MAX_DEPTH: u32 = 48;
const MAX_PLY: usize = 128;
/// Plies of captures the quiescence search plays at most (four seats capture in turn).
const QUIESCE_PLIES: u32 = 8;
/// Check extensions stop at this many times the nominal depth.
const EXTENSION_FACTOR: usize = 2;

/// How the search sees the other seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Teams and Club: partners against opponents.
    Alliance,
    /// FFA: the seat to move against the other three together.
    Paranoid,
    /// FFA: the seat's moves alternate with the best single reply of any rival.
    BestReply,
}

impl Strategy {
    /// The FFA strategies, by name.
    pub const FFA: [Strategy; 2] = [Strategy::Paranoid, Strategy::BestReply];

    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Alliance => "alliance",
            Strategy::Paranoid => "paranoid",
            Strategy::BestReply => "brs",
        }
    }

    pub fn parse(name: &str) -> Result<Strategy, String> {
        Strategy::FFA
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| format!("unknown FFA search '{name}': choose paranoid or brs"))
    }

    /// The strategy a search under `rules` uses: `ffa` decides for FFA.
    pub fn under(rules: Rules, ffa: Strategy) -> Strategy {
        match rules.kind {
            RuleKind::Ffa => ffa,
            _ => Strategy::Alliance,
        }
    }
}

/// Plies to a mate in `score` (positive: the searching seat's side mates), if it is one.
pub fn mate_in(score: i32) -> Option<i32> {
    (score.abs() > MATE_BOUND).then(|| (MATE - score.abs()) * score.signum())
}

/// One finished iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    /// From the searching seat's side: its team's centipawns (Teams, Club) or its centipoints
    /// against its rivals (FFA).
    pub score: i32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The line the search expects, as text (in `BestReply` the rivals' passes are not written).
    pub pv: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<String>,
}

/// A search's memory, kept from move to move: the table and what it learnt of moves.
pub struct Engine {
    tt: TranspositionTable<Move>,
    memory: MoveMemory,
    /// The FFA strategy (Teams and Club always use `Alliance`).
    pub ffa: Strategy,
    /// Per ply: the generated moves, and the moves to try scored for ordering (taken best
    /// first), kept so that a search allocates nothing once they have grown.
    lists: Vec<Vec<Move>>,
    picks: Vec<Vec<Pick>>,
    /// Per ply, the quiet moves searched that did not cut the search off (each with its seat).
    tried: Vec<Vec<(Seat, Move)>>,
    /// Club's mates worked out, by position: lent to the position a search plays through.
    mates: MatesMemo,
    /// The refinements the search uses (all by default; one off, to measure it by self-play).
    features: Features,
}

/// The FFA search the levels use: best-reply search scored more first places than paranoid at
/// equal nodes (README, "Four-player computer").
pub const DEFAULT_FFA: Strategy = Strategy::BestReply;

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(hash_mb),
            memory: MoveMemory::new(Features::CURRENT.move_memory, MAX_PLY + 1),
            ffa: DEFAULT_FFA,
            lists: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            picks: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            tried: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            mates: MatesMemo::default(),
            features: Features::CURRENT,
        }
    }

    /// Switches the refinements the search uses (what it has learnt of moves starts afresh).
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
        self.memory = MoveMemory::new(features.move_memory, MAX_PLY + 1);
    }

    /// Searches the game's position for the seat to move under `limits`.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut search = IterativeDeepening::new(game, limits, clock);
        loop {
            if let Some(result) = search.step(self, u64::MAX, clock, stop, info) {
                return result;
            }
        }
    }

    /// The score of playing `mv` at the root from the root seat's side, searched `depth` plies
    /// in all within `node_limit` nodes, and the nodes it took; `None` when stopped or out of
    /// nodes. Only scores above `floor` are exact: a move worth `floor` or less may come back as
    /// any score up to `floor` (the noisy levels ask only what could still be chosen).
    #[allow(clippy::too_many_arguments)]
    pub fn score_root_move(
        &mut self,
        game: &Game,
        mv: Move,
        depth: u32,
        floor: i32,
        node_limit: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
    ) -> Option<(i32, u64)> {
        let budget = Budget {
            node_limit,
            deadline_ms: None,
            clock,
            stop,
        };
        let mut run = Run::new(self, game, budget, depth);
        let floor = floor.max(-INFINITY);
        let (alpha, beta) = if run.maximizer(run.root) {
            (floor, INFINITY)
        } else {
            (-INFINITY, -floor)
        };
        let score = run.root_move(mv, depth as i32, alpha, beta, false);
        (!run.aborted).then(|| (run.to_root(score), run.nodes))
    }
}

struct Budget<'a> {
    node_limit: u64,
    deadline_ms: Option<f64>,
    clock: &'a dyn Clock,
    stop: &'a StopFlag,
}

/// One search from the root: iterative deepening, stepped in slices (the browser) or at once.
pub struct IterativeDeepening {
    game: Game,
    limits: Limits,
    started_ms: f64,
    next_depth: u32,
    nodes: u64,
    best: SearchResult,
    root_moves: Vec<Move>,
    started: bool,
    /// The iteration a slice cut off, to go on with in the next.
    partial: Option<Partial>,
}

/// An iteration under way: the root moves searched so far and what they gave.
struct Partial {
    depth: u32,
    /// Whether the root moves are in this iteration's order yet (a slice's resumption and a
    /// search again in a wider window keep it).
    ordered: bool,
    next: usize,
    /// The aspiration window around the last iteration's score, from the root seat's side (the
    /// whole window without one): a best score on its low edge searches every move again, a
    /// move's score on its high edge that move again, with the edge `widening` further out.
    /// A move worth `high_edge` or more is not scored exactly.
    low_edge: i32,
    high_edge: i32,
    widening: i32,
    /// The bound a root move must beat: the low edge, raised by the best move found.
    floor: i32,
    /// The root move that last failed high is searched again in the window at once (no null
    /// window first).
    failed_high: bool,
    best: Option<(Move, i32)>,
    /// Slices that ended inside this iteration: past `MAX_RESUMES` the search ends with what the
    /// iterations before it found, so a slice too small for one root move cannot loop for ever.
    resumed: u32,
}

const MAX_RESUMES: u32 = 2_000;
/// The aspiration window's first half-width, in centipawns (centipoints in FFA): it doubles
/// each time a score falls outside, and past `ASPIRATION_MAX` the window is whole.
const ASPIRATION_DELTA: i32 = 50;
const ASPIRATION_MAX: i32 = 800;
/// Iterations shallower than this search the whole window (their scores swing too much).
const ASPIRATION_DEPTH: u32 = 4;

impl Partial {
    /// The iteration at `depth`, with an aspiration window around `previous` (the last
    /// iteration's score from the root seat's side) when there is one and it is not a mate.
    fn new(depth: u32, previous: Option<i32>) -> Partial {
        let around = previous.filter(|&s| depth >= ASPIRATION_DEPTH && mate_in(s).is_none());
        let (low_edge, high_edge) = match around {
            Some(score) => (score - ASPIRATION_DELTA, score + ASPIRATION_DELTA),
            None => (-INFINITY, INFINITY),
        };
        Partial {
            depth,
            ordered: false,
            next: 0,
            low_edge,
            high_edge,
            widening: ASPIRATION_DELTA,
            floor: low_edge,
            failed_high: false,
            best: None,
            resumed: 0,
        }
    }

    /// The window as the search carries it (the root seat maximising or not).
    fn window(&self, maximizing: bool) -> (i32, i32) {
        if maximizing {
            (self.floor, self.high_edge)
        } else {
            (-self.high_edge, -self.floor)
        }
    }

    /// The next, wider half-width; `None` once the window should be whole.
    fn widen(&mut self) -> Option<i32> {
        self.widening *= 2;
        (self.widening <= ASPIRATION_MAX).then_some(self.widening)
    }

    /// A root move scored `score` on the high edge or above: the edge moves out past it.
    fn raise_high_edge(&mut self, score: i32) {
        self.high_edge = self.widen().map_or(INFINITY, |w| score.saturating_add(w).min(INFINITY));
        self.failed_high = true;
    }

    /// Every root move scored on the low edge or below (the best `score`): the edge moves out
    /// past it and the iteration starts again.
    fn lower_low_edge(&mut self, score: i32) {
        self.low_edge = self
            .widen()
            .map_or(-INFINITY, |w| score.saturating_sub(w).max(-INFINITY));
        self.floor = self.low_edge;
        self.next = 0;
        self.best = None;
    }
}

impl IterativeDeepening {
    pub fn new(game: &Game, limits: Limits, clock: &dyn Clock) -> IterativeDeepening {
        let root_moves = game.legal_moves().to_vec();
        IterativeDeepening {
            game: game.clone(),
            limits,
            started_ms: clock.now_ms(),
            next_depth: 1,
            nodes: 0,
            best: SearchResult {
                best: root_moves.first().copied(),
                ..SearchResult::default()
            },
            root_moves,
            started: false,
            partial: None,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn max_depth(&self) -> u32 {
        self.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH)
    }

    /// Searches on for at most `slice_nodes` nodes: the result once the limits are reached,
    /// `None` when the slice ran out first (call again to go on: the iteration goes on from the
    /// root move the slice cut off, which is searched again, partly from the table).
    pub fn step(
        &mut self,
        engine: &mut Engine,
        slice_nodes: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if !self.started {
            engine.tt.new_search();
            self.started = true;
        }
        if self.root_moves.len() <= 1 {
            return Some(self.finish());
        }
        let total_limit = self.limits.nodes.unwrap_or(u64::MAX);
        let deadline_ms = self.limits.movetime_ms.map(|ms| self.started_ms + ms as f64);
        let slice_end = self.nodes.saturating_add(slice_nodes);
        loop {
            let out_of_time = deadline_ms.is_some_and(|d| clock.now_ms() >= d);
            if self.next_depth > self.max_depth() || stop.is_stopped() || self.nodes >= total_limit || out_of_time {
                return Some(self.finish());
            }
            // Past the soft limit no new iteration starts (once one has completed; one cut by a
            // slice goes on).
            let between_iterations = self.partial.is_none() && self.best.depth > 0;
            if between_iterations && self.limits.past_soft(clock.now_ms() - self.started_ms) {
                return Some(self.finish());
            }
            let sliced = slice_end < total_limit;
            let budget = Budget {
                node_limit: slice_end.min(total_limit) - self.nodes,
                deadline_ms,
                clock,
                stop,
            };
            let depth = self.next_depth;
            let previous = (engine.features.aspiration && self.best.depth > 0).then_some(self.best.score);
            let mut run = Run::new(engine, &self.game, budget, depth);
            let partial = self.partial.get_or_insert_with(|| Partial::new(depth, previous));
            let outcome = run.iteration(partial, &mut self.root_moves, self.best.best);
            self.nodes += run.nodes;
            match outcome {
                Some((best, score)) => {
                    self.partial = None;
                    let pv = run.principal_variation(best, depth as usize + 2);
                    self.best = SearchResult {
                        best: Some(best),
                        score,
                        depth,
                        nodes: self.nodes,
                        pv,
                    };
                    self.next_depth += 1;
                    info(&SearchInfo {
                        depth,
                        score,
                        nodes: self.nodes,
                        elapsed_ms: clock.now_ms() - self.started_ms,
                        pv: self.best.pv.clone(),
                    });
                    // A mate found within the depth searched will not change.
                    if mate_in(score).is_some_and(|n| n.unsigned_abs() <= depth) {
                        return Some(self.finish());
                    }
                }
                None => {
                    let out_of_slice = sliced && self.nodes >= slice_end && !stop.is_stopped();
                    let out_of_time = deadline_ms.is_some_and(|d| clock.now_ms() >= d);
                    let resumable = self.partial.as_mut().is_some_and(|p| {
                        p.resumed += 1;
                        p.resumed <= MAX_RESUMES
                    });
                    if out_of_slice && !out_of_time && resumable {
                        return None;
                    }
                    return Some(self.finish());
                }
            }
        }
    }

    fn finish(&mut self) -> SearchResult {
        self.best.nodes = self.nodes;
        self.best.clone()
    }
}

/// How a node's move loop ended: with its best score and move, cut short by the budget, or
/// with no legal move for the seat.
enum Ending {
    Searched { best: i32, best_move: Option<Move> },
    Aborted,
    Stuck,
}

/// How a stuck seat's position goes on being searched.
#[derive(Copy, Clone)]
enum Continue {
    Search(i32),
    Quiesce(u32),
}

/// One iteration's (or one root move's) search.
/// A position's key in the transposition table: its Zobrist key, the run's salt, and the points
/// (the Zobrist key leaves them out, while the FFA score counts them: the same placement reached
/// with other points is another position to the search).
fn table_key(pos: &Position, salt: u64) -> u64 {
    let points = pos
        .points
        .iter()
        .fold(0u64, |mix, &p| (mix ^ u64::from(p)).wrapping_mul(0x0000_0100_0000_01B3));
    pos.key() ^ salt ^ points.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

struct Run<'a> {
    engine: &'a mut Engine,
    pos: Position,
    rules: Rules,
    root: Seat,
    strategy: Strategy,
    /// Paranoid and best-reply scores hold for one root seat only: its salt keeps their table
    /// entries apart.
    salt: u64,
    /// Keys of the game so far and of the line searched (repetitions are draws).
    keys: Vec<u64>,
    budget: Budget<'a>,
    nodes: u64,
    aborted: bool,
    max_extended_ply: usize,
    /// The mobility last worked out: the next position's is found from it.
    mobility: eval::MobilityCache,
}

impl Drop for Run<'_> {
    /// The memo lent to the position goes back to the engine for the next search.
    fn drop(&mut self) {
        if let Some(memo) = self.pos.take_mates_memo() {
            self.engine.mates = memo;
        }
    }
}

impl<'a> Run<'a> {
    fn new(engine: &'a mut Engine, game: &Game, budget: Budget<'a>, depth: u32) -> Run<'a> {
        let mut pos = game.position().clone();
        let rules = game.rules;
        if rules.kind == RuleKind::Club {
            pos.lend_mates_memo(std::mem::take(&mut engine.mates));
        }
        let root = pos.turn;
        let strategy = Strategy::under(rules, engine.ffa);
        let salt = match strategy {
            Strategy::Alliance => 0,
            _ => 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(root.index() as u64 + 1) ^ strategy as u64,
        };
        Run {
            engine,
            pos,
            rules,
            root,
            strategy,
            salt,
            keys: game.keys().to_vec(),
            budget,
            nodes: 0,
            aborted: false,
            max_extended_ply: (depth as usize * EXTENSION_FACTOR).clamp(4, MAX_PLY - 8),
            mobility: eval::MobilityCache::default(),
        }
    }

    /// The table's key of the position searched now.
    fn key(&self) -> u64 {
        table_key(&self.pos, self.salt)
    }

    /// Whether `seat` maximises the score the search carries.
    fn maximizer(&self, seat: Seat) -> bool {
        match self.strategy {
            Strategy::Alliance => Team::of(seat) == Team::RedYellow,
            _ => seat == self.root,
        }
    }

    /// The carried score from the root seat's side.
    fn to_root(&self, score: i32) -> i32 {
        if self.maximizer(self.root) { score } else { -score }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let b = &self.budget;
        let stopped = self.nodes >= b.node_limit
            || (self.nodes & 1023 == 0
                && (b.stop.is_stopped() || b.deadline_ms.is_some_and(|d| b.clock.now_ms() >= d)));
        self.aborted = stopped;
        stopped
    }

    /// The static value as the search carries it. Lazy: when everything but mobility lies far
    /// outside the window, mobility cannot bring it back in and is not counted.
    fn evaluate(&mut self, alpha: i32, beta: i32) -> i32 {
        let mut values = eval::base_values(&self.pos, self.rules);
        let base = self.carried(values);
        if base - eval::MOBILITY_MARGIN >= beta || base + eval::MOBILITY_MARGIN <= alpha {
            return base;
        }
        let mobility = self.mobility.update(&self.pos);
        for (value, extra) in values.iter_mut().zip(mobility) {
            *value += extra;
        }
        self.carried(values)
    }

    fn carried(&self, values: [i32; 4]) -> i32 {
        match self.strategy {
            Strategy::Alliance => eval::team_score(values),
            _ => eval::ffa_score(&self.pos, self.rules, values, self.root),
        }
    }

    /// FFA's end: places by points, the root seat first or not (with `draw_points` more for each
    /// seat still in, as a draw gives).
    fn ffa_final(&self, draw_points: u32) -> i32 {
        let pos = &self.pos;
        let points = |s: Seat| {
            if self.rules.options.last_standing {
                0
            } else {
                pos.points[s.index()] as i32 + if pos.out[s.index()] { 0 } else { draw_points as i32 }
            }
        };
        let own = points(self.root);
        let rival = Seat::ALL
            .iter()
            .filter(|&&s| s != self.root)
            .map(|&s| points(s))
            .max()
            .unwrap_or(0);
        let lead = (own - rival) * eval::POINT;
        match own.cmp(&rival) {
            std::cmp::Ordering::Greater => eval::CLAIM_VALUE + lead,
            std::cmp::Ordering::Less => -eval::CLAIM_VALUE + lead,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// A position where the game is over by who is left.
    fn terminal(&self, ply: usize) -> i32 {
        if self.rules.kind == RuleKind::Ffa {
            return self.ffa_final(0);
        }
        let gone = |s: Seat| self.pos.out[s.index()] || self.pos.frozen[s.index()];
        let lost = |a: Seat| {
            if self.rules.kind == RuleKind::Teams && !self.rules.options.both_mated {
                gone(a) || gone(a.partner())
            } else {
                gone(a) && gone(a.partner())
            }
        };
        if lost(Seat::Red) {
            -(MATE - ply as i32)
        } else if lost(Seat::Blue) {
            MATE - ply as i32
        } else {
            0
        }
    }

    fn draw(&self) -> i32 {
        match self.strategy {
            Strategy::Alliance => 0,
            _ => self.ffa_final(10),
        }
    }

    /// Whether the position repeats one of the game or the line (since the last capture or pawn move).
    fn repeated(&self) -> bool {
        // The last key is this position's own.
        let Some((_, earlier)) = self.keys.split_last() else {
            return false;
        };
        let reversible = (self.pos.halfmove as usize).min(earlier.len());
        earlier[earlier.len() - reversible..].contains(&self.pos.key())
    }

    /// The root: every move at `depth`, the previous best first, in the aspiration window
    /// (widened and searched again while the best score falls outside it). The best move and
    /// its score from the root's side, or `None` when the budget ran out.
    fn iteration(
        &mut self,
        partial: &mut Partial,
        root_moves: &mut [Move],
        previous: Option<Move>,
    ) -> Option<(Move, i32)> {
        if !partial.ordered {
            self.order(root_moves, previous, 0, self.root);
            partial.ordered = true;
        }
        let depth = partial.depth;
        let maximizing = self.maximizer(self.root);
        loop {
            while let Some(&mv) = root_moves.get(partial.next) {
                let scout = partial.best.is_some() && !partial.failed_high;
                let (alpha, beta) = partial.window(maximizing);
                let score = self.root_move(mv, depth as i32, alpha, beta, scout);
                if self.aborted {
                    return None;
                }
                let own = self.to_root(score);
                if own >= partial.high_edge && partial.high_edge < INFINITY {
                    partial.raise_high_edge(own);
                    continue;
                }
                partial.failed_high = false;
                if partial.best.is_none_or(|(_, s)| own > s) {
                    partial.best = Some((mv, own));
                    partial.floor = partial.floor.max(own);
                }
                partial.next += 1;
            }
            let (_, best) = partial.best?;
            if best <= partial.low_edge && partial.low_edge > -INFINITY {
                partial.lower_low_edge(best);
                continue;
            }
            break;
        }
        let (mv, score) = partial.best?;
        let key = self.key();
        let carried = if maximizing { score } else { -score };
        self.engine
            .tt
            .store(key, Some(mv), carried, depth as i32, Bound::Exact, false);
        // The best move first next time.
        if let Some(i) = root_moves.iter().position(|&m| m == mv) {
            root_moves[..=i].rotate_right(1);
        }
        Some((mv, score))
    }

    /// A root move's score; after the first (`scout`), searched as a node's later moves are.
    fn root_move(&mut self, mv: Move, depth: i32, alpha: i32, beta: i32, scout: bool) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.child(mv, depth, 0, alpha, beta, 0, scout)
    }

    /// One ply more when `mover`'s move checks a king of an opponent (mates are found sooner),
    /// while the line is not already long.
    fn extension(&self, mover: Seat, ply: usize) -> i32 {
        if ply >= self.max_extended_ply {
            return 0;
        }
        i32::from(self.checks_a_rival(mover))
    }

    /// Whether `mover`, who has just moved, checks the king of an opponent still in the game.
    fn checks_a_rival(&self, mover: Seat) -> bool {
        // Club keeps who is in check after each move: with nobody, the mover checks nobody.
        if self.pos.checked_seats().is_some_and(|checked| !checked.contains(&true)) {
            return false;
        }
        let checked = self.pos.kings_attacked_by(self.rules, mover);
        Seat::ALL
            .iter()
            .any(|&s| checked[s.index()] && self.rules.opposes(mover, s) && self.pos.live(s))
    }

    /// Whether the seat to move's `mv` might check an opponent: when the seat checks nobody now
    /// (`checking_now`, worked out once a node), a move whose squares lie on no line or
    /// knight's jump to an opponent's king cannot.
    fn may_check_a_rival(&self, mv: Move, checking_now: &mut Option<bool>) -> bool {
        let mover = self.pos.turn;
        if *checking_now.get_or_insert_with(|| self.checks_a_rival(mover)) {
            return true;
        }
        let Some(touched) = Touched::unplayed(mv) else {
            return true;
        };
        Seat::ALL
            .iter()
            .filter(|&&s| self.rules.opposes(mover, s) && self.pos.live(s))
            .filter_map(|&s| self.pos.king_square(s))
            .any(|king| touched.may_reach(king))
    }

    /// Whether the seat to move's legal `mv` checks an opponent (played and taken back).
    fn move_checks_a_rival(&mut self, mv: Move) -> bool {
        let mover = self.pos.turn;
        let undo = self.pos.make(self.rules, mv);
        let checks = self.checks_a_rival(mover);
        self.pos.unmake(mv, undo);
        checks
    }

    /// Counts a node; its score when it ends at once (out of budget: any score, the search is
    /// abandoned; the game over by who is left).
    fn enter(&mut self, ply: usize) -> Option<i32> {
        if self.out_of_budget() {
            return Some(0);
        }
        self.nodes += 1;
        self.pos.is_over(self.rules).then(|| self.terminal(ply))
    }

    fn search(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, passes: u32) -> i32 {
        if let Some(score) = self.enter(ply) {
            return score;
        }
        let key = self.key();
        if self.repeated() || self.pos.halfmove >= 200 {
            return self.draw();
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(ply, 0, alpha, beta, passes);
        }
        let mut table_move = None;
        let mut table_bound = None;
        if let Some(entry) = self.engine.tt.probe(key) {
            table_move = entry.best;
            let score = from_table(entry.score, ply);
            if entry.depth >= depth && entry.bound.settles(score, alpha, beta) {
                return score;
            }
            table_bound = Some((entry.bound, score));
        }
        if let Some(score) = self.static_cut(depth, alpha, beta, table_bound) {
            return score;
        }
        if self.strategy == Strategy::BestReply && !self.maximizer(self.pos.turn) {
            return self.best_reply(depth, ply, alpha, beta, key, table_move);
        }
        self.node(key, depth, ply, alpha, beta, passes, |run, picks, tried| {
            run.search_moves(depth, ply, alpha, beta, table_move, picks, tried)
        })
    }

    /// Reverse futility: with `depth` plies left at most `STATIC_PRUNING_DEPTH`, a node whose
    /// static score, sharpened by the table's bound, stands `STATIC_MARGIN` a ply beyond the
    /// window on the mover's side is not searched: the moves left are unlikely to bring it back.
    /// Never in check, nor against a mate bound.
    fn static_cut(&mut self, depth: i32, alpha: i32, beta: i32, table: Option<(Bound, i32)>) -> Option<i32> {
        if !self.engine.features.static_pruning || depth > STATIC_PRUNING_DEPTH {
            return None;
        }
        let seat = self.pos.turn;
        let maximizing = self.maximizer(seat);
        let margin = STATIC_MARGIN * depth;
        // The score the static value must reach (maximizer) or fall to (minimizer).
        let threshold = if maximizing {
            (beta < MATE_BOUND).then_some(beta + margin)?
        } else {
            (alpha > -MATE_BOUND).then_some(alpha - margin)?
        };
        // A window on the threshold: the lazy evaluation answers exactly which side it is on.
        let (low, high) = if maximizing {
            (threshold - 1, threshold)
        } else {
            (threshold, threshold + 1)
        };
        let mut eval = self.evaluate(low, high);
        if let Some((bound, score)) = table
            && score.abs() < MATE_BOUND
        {
            eval = bound.refine(eval, score);
        }
        let beyond = if maximizing {
            eval >= threshold
        } else {
            eval <= threshold
        };
        // The check test costs more than the lazy evaluation: only for a node that would end.
        (beyond && !self.pos.in_check(self.rules, seat)).then_some(eval)
    }

    /// Lends the ply's lists to a node's move loop, hands them back, and ends the node as the
    /// loop ended: its result stored in the table, the seat stuck, or the search cut short.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        passes: u32,
        moves: impl FnOnce(&mut Self, &mut Vec<Pick>, &mut Vec<(Seat, Move)>) -> Ending,
    ) -> i32 {
        let mut picks = std::mem::take(&mut self.engine.picks[ply]);
        let mut tried = std::mem::take(&mut self.engine.tried[ply]);
        tried.clear();
        let ending = moves(self, &mut picks, &mut tried);
        self.engine.picks[ply] = picks;
        self.engine.tried[ply] = tried;
        match ending {
            Ending::Aborted => 0,
            Ending::Stuck => self.stuck(ply, alpha, beta, passes, Continue::Search(depth)),
            Ending::Searched { best, best_move } => {
                let bound = Bound::of(best, alpha, beta);
                self.engine
                    .tt
                    .store(key, best_move, to_table(best, ply), depth, bound, false);
                best
            }
        }
    }

    /// The moves of a node whose seat is searched move by move: the table's move first, then
    /// the others best-scored first, each tested for legality when its turn comes.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        table_move: Option<Move>,
        picks: &mut Vec<Pick>,
        tried: &mut Vec<(Seat, Move)>,
    ) -> Ending {
        let seat = self.pos.turn;
        let maximizing = self.maximizer(seat);
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        let mut best_move = None;
        // The table's move first, before the others are generated: it often cuts the node off.
        let mut scratch = std::mem::take(&mut self.engine.lists[ply + 1]);
        let table_first = table_move.filter(|&mv| self.pos.is_legal_move(self.rules, mv, &mut scratch));
        self.engine.lists[ply + 1] = scratch;
        if let Some(mv) = table_first {
            let quiet = !is_noisy(&self.pos, mv);
            let score = self.child(mv, depth, ply, alpha, beta, 0, false);
            if self.aborted {
                return Ending::Aborted;
            }
            best = score;
            best_move = Some(mv);
            if narrow(maximizing, score, &mut alpha, &mut beta) {
                self.reward(seat, mv, quiet, ply, depth, tried);
                return Ending::Searched { best, best_move };
            }
            if quiet {
                tried.push((seat, mv));
            }
        }
        // With no legal move (and no table move), the seat is stuck.
        let mut moves = std::mem::take(&mut self.engine.lists[ply]);
        let Some(legality) = self.pos.generate_pseudo(self.rules, &mut moves) else {
            self.engine.lists[ply] = moves;
            return Ending::Stuck;
        };
        picks.clear();
        let killers = self.engine.memory.killers[ply];
        picks.extend(moves.iter().map(|&mv| Pick {
            score: self.move_score(mv, table_move, killers, seat),
            seat,
            mv,
        }));
        self.engine.lists[ply] = moves;
        // The table's move scores highest: taking it out first leaves the others in the order
        // they would have had.
        let first = if table_first.is_some() {
            next_pick(picks, 0);
            1
        } else {
            0
        };
        let mut any_legal = table_first.is_some();
        let mut scratch = Vec::new();
        let reducible = self.engine.features.reductions && depth >= REDUCTION_DEPTH;
        // Late-move pruning (Teams only: in FFA and Club it measured no gain, checks kept or
        // not). The seat's check test, which both the pruning and the reductions need, is made
        // once and only when a move would be pruned or reduced.
        let prunable = self.engine.features.late_move_pruning && self.rules.kind == RuleKind::Teams;
        let mut in_check = None;
        let mut checking_now = None;
        let mut quiets = tried.len();
        for i in first..picks.len() {
            let pick = next_pick(picks, i);
            let mv = pick.mv;
            let late_quiet = pick.score < KILLER_SCORE - 1;
            let late_pruned = late_quiet
                && prunable
                && depth <= LATE_PRUNING_DEPTH
                && quiets >= late_move_count(depth)
                && !losing(maximizing, best)
                && !*in_check.get_or_insert_with(|| self.pos.in_check(self.rules, seat));
            // Checks are kept: the mates that four kings allow are mostly made by checks. A move
            // that cannot check goes without its legality test.
            if late_pruned && !self.may_check_a_rival(mv, &mut checking_now) {
                continue;
            }
            if !self.pos.is_allowed(self.rules, &legality, mv, &mut scratch) {
                continue;
            }
            any_legal = true;
            if late_pruned && !self.move_checks_a_rival(mv) {
                continue;
            }
            if late_quiet {
                quiets += 1;
            }
            // A late quiet move (after the table's, the captures and the killers) is first
            // searched a ply or two shallower.
            let reduction = if reducible
                && i >= LATE_MOVE
                && late_quiet
                && !*in_check.get_or_insert_with(|| self.pos.in_check(self.rules, seat))
            {
                1 + i32::from(depth >= 6 && i >= 3 * LATE_MOVE)
            } else {
                0
            };
            let quiet = self.is_quiet(&pick);
            let score = self.child(mv, depth, ply, alpha, beta, reduction, best_move.is_some());
            if self.aborted {
                return Ending::Aborted;
            }
            let better = if maximizing { score > best } else { score < best };
            if better {
                best = score;
                best_move = Some(mv);
            }
            if narrow(maximizing, score, &mut alpha, &mut beta) {
                self.reward(seat, mv, quiet, ply, depth, tried);
                break;
            }
            if quiet {
                tried.push((seat, mv));
            }
        }
        if any_legal {
            Ending::Searched { best, best_move }
        } else {
            Ending::Stuck
        }
    }

    /// Plays `mv` for the seat to move and searches the position after it, one ply deeper
    /// (more when it checks an opponent). With a `reduction`, and when it checks nobody, it is
    /// first searched that many plies shallower; a move after the node's first (`scout`) with a
    /// null window too (`scouted`).
    #[allow(clippy::too_many_arguments)]
    fn child(&mut self, mv: Move, depth: i32, ply: usize, alpha: i32, beta: i32, reduction: i32, scout: bool) -> i32 {
        let seat = self.pos.turn;
        let maximizing = self.maximizer(seat);
        let undo = self.pos.make(self.rules, mv);
        let extension = self.extension(seat, ply);
        self.keys.push(self.pos.key());
        let reduction = if extension == 0 { reduction } else { 0 };
        let score = self.scouted(
            maximizing,
            alpha,
            beta,
            reduction,
            scout,
            |run, shallower, low, high| run.search(depth - 1 + extension - shallower, ply + 1, low, high, 0),
        );
        self.keys.pop();
        self.pos.unmake(mv, undo);
        score
    }

    /// A move's score in the window (`alpha`, `beta`) from `search(plies shallower, low,
    /// high)`: with a `reduction`, first that many plies shallower with a null window on the
    /// bound the move must beat; when `scout` (and the null-window switch is on), then with a
    /// null window at full depth; with the whole window only when a null window's score lands
    /// inside it (the principal variation search).
    fn scouted(
        &mut self,
        maximizing: bool,
        alpha: i32,
        beta: i32,
        reduction: i32,
        scout: bool,
        mut search: impl FnMut(&mut Self, i32, i32, i32) -> i32,
    ) -> i32 {
        let (low, high) = if maximizing {
            (alpha, alpha + 1)
        } else {
            (beta - 1, beta)
        };
        let beats = |score: i32| if maximizing { score > alpha } else { score < beta };
        if reduction > 0 {
            let score = search(self, reduction, low, high);
            if self.aborted || !beats(score) {
                return score;
            }
        }
        if scout && self.engine.features.null_window && beta - alpha > 1 {
            let score = search(self, 0, low, high);
            if self.aborted || score <= alpha || score >= beta {
                return score;
            }
        }
        search(self, 0, alpha, beta)
    }

    /// Best-reply search's rivals' layer: every rival's moves together, the root seat's score
    /// minimised over all of them; after a reply the root seat moves again (the others pass).
    fn best_reply(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, key: u64, table_move: Option<Move>) -> i32 {
        let turn = self.pos.turn;
        self.node(key, depth, ply, alpha, beta, 0, |run, replies, tried| {
            let ending = run.search_replies(depth, ply, alpha, beta, table_move, replies, tried);
            run.pos.turn = turn;
            ending
        })
    }

    /// The rivals' replies of a best-reply layer, best-scored first (the seat to move is left
    /// changed: the caller puts it back).
    #[allow(clippy::too_many_arguments)]
    fn search_replies(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
        table_move: Option<Move>,
        replies: &mut Vec<Pick>,
        tried: &mut Vec<(Seat, Move)>,
    ) -> Ending {
        let turn = self.pos.turn;
        let mut scratch = std::mem::take(&mut self.engine.lists[ply]);
        replies.clear();
        let killers = self.engine.memory.killers[ply];
        let mut seat = turn;
        for _ in 0..4 {
            if seat != self.root && self.pos.live(seat) {
                self.pos.turn = seat;
                self.pos.generate_legal(self.rules, &mut scratch);
                self.pos.turn = turn;
                replies.extend(scratch.iter().map(|&mv| Pick {
                    score: self.move_score(mv, table_move, killers, seat),
                    seat,
                    mv,
                }));
            }
            seat = seat.next();
        }
        self.engine.lists[ply] = scratch;
        if replies.is_empty() {
            return Ending::Stuck;
        }
        let mut best = INFINITY;
        let mut best_move = None;
        for i in 0..replies.len() {
            let pick = next_pick(replies, i);
            let Pick { seat, mv, .. } = pick;
            self.pos.turn = seat;
            let quiet = self.is_quiet(&pick);
            let undo = self.pos.make(self.rules, mv);
            let after = self.pos.turn;
            if self.pos.live(self.root) && !self.pos.is_over(self.rules) {
                self.pos.turn = self.root;
            }
            self.keys.push(self.pos.key());
            let score = self.search(depth - 1, ply + 1, alpha, beta, 0);
            self.keys.pop();
            self.pos.turn = after;
            self.pos.unmake(mv, undo);
            if self.aborted {
                return Ending::Aborted;
            }
            if score < best {
                best = score;
                best_move = Some(mv);
            }
            beta = beta.min(score);
            if alpha >= beta {
                self.reward(seat, mv, quiet, ply, depth, tried);
                break;
            }
            if quiet {
                tried.push((seat, mv));
            }
        }
        Ending::Searched { best, best_move }
    }

    /// The seat to move has no legal move: its end (a Teams mate on its own turn, a draw), or
    /// the game goes on after its exit or pass.
    fn stuck(&mut self, ply: usize, alpha: i32, beta: i32, passes: u32, then: Continue) -> i32 {
        let seat = self.pos.turn;
        if passes >= 4 {
            return self.draw();
        }
        let in_check = self.pos.in_check(self.rules, seat);
        match self.pos.stuck(self.rules) {
            Stuck::Over if self.rules.kind == RuleKind::Teams && in_check => {
                let mate = MATE - ply as i32;
                if Team::of(seat) == Team::RedYellow { -mate } else { mate }
            }
            Stuck::Over => self.draw(),
            Stuck::Ended(undo) => {
                let score = self.terminal(ply);
                self.pos.unstick(undo);
                score
            }
            Stuck::Passed(undo) => {
                let score = match then {
                    Continue::Search(depth) => self.search(depth, ply, alpha, beta, passes + 1),
                    Continue::Quiesce(plies) => self.quiesce(ply, plies, alpha, beta, passes + 1),
                };
                self.pos.unstick(undo);
                score
            }
        }
    }

    /// Captures and promotions only, until the position is quiet; the seat to move may also
    /// stand on the position as it is.
    fn quiesce(&mut self, ply: usize, plies: u32, mut alpha: i32, mut beta: i32, passes: u32) -> i32 {
        if let Some(score) = self.enter(ply) {
            return score;
        }
        let seat = self.pos.turn;
        let maximizing = self.maximizer(seat);
        let stand = self.evaluate(alpha, beta);
        if maximizing {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        // The captures are tested for legality only as they come up: a cut-off after the
        // first spares testing the rest. With none legal, the seat may still be stuck.
        let mut moves = std::mem::take(&mut self.engine.lists[ply]);
        let mut scratch = Vec::new();
        let Some(legality) = self.pos.generate_noisy(self.rules, &mut moves) else {
            self.engine.lists[ply] = moves;
            return self.stuck(ply, alpha, beta, passes, Continue::Quiesce(plies));
        };
        if plies >= QUIESCE_PLIES || ply >= MAX_PLY {
            let can_move = moves
                .iter()
                .any(|&mv| self.pos.is_allowed(self.rules, &legality, mv, &mut scratch))
                || self.pos.has_quiet_legal_move(self.rules, &legality, &mut scratch);
            self.engine.lists[ply] = moves;
            return if can_move {
                stand
            } else {
                self.stuck(ply, alpha, beta, passes, Continue::Quiesce(plies))
            };
        }
        let mut picks = std::mem::take(&mut self.engine.picks[ply]);
        picks.clear();
        picks.extend(moves.iter().map(|&mv| Pick {
            score: self.move_score(mv, None, [None; 2], seat),
            seat,
            mv,
        }));
        self.engine.lists[ply] = moves;
        let mut best = stand;
        let mut any_legal = false;
        for i in 0..picks.len() {
            let mv = next_pick(&mut picks, i).mv;
            if !self.pos.is_allowed(self.rules, &legality, mv, &mut scratch) {
                continue;
            }
            any_legal = true;
            let undo = self.pos.make(self.rules, mv);
            let score = self.quiesce(ply + 1, plies + 1, alpha, beta, 0);
            self.pos.unmake(mv, undo);
            if self.aborted {
                self.engine.picks[ply] = picks;
                return 0;
            }
            if maximizing {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        self.engine.picks[ply] = picks;
        if !any_legal && !self.pos.has_quiet_legal_move(self.rules, &legality, &mut scratch) {
            return self.stuck(ply, alpha, beta, passes, Continue::Quiesce(plies));
        }
        best
    }

    /// A quiet move that cut the search off is tried early elsewhere (and the quiet moves
    /// `tried` before it, later).
    fn reward(&mut self, seat: Seat, mv: Move, quiet: bool, ply: usize, depth: i32, tried: &[(Seat, Move)]) {
        if quiet {
            self.engine.memory.reward(seat, ply, depth, mv, tried);
        }
    }

    /// Whether a pick is a quiet move, as its ordering score says (captures and promotions
    /// score from `NOISY_SCORE` up) — but for the table's move, which scores above all others
    /// whatever it is. The board must be the node's.
    fn is_quiet(&self, pick: &Pick) -> bool {
        if pick.score == TABLE_SCORE {
            !is_noisy(&self.pos, pick.mv)
        } else {
            pick.score < NOISY_SCORE
        }
    }

    fn order(&self, moves: &mut [Move], first: Option<Move>, ply: usize, seat: Seat) {
        let killers = self.engine.memory.killers[ply.min(MAX_PLY)];
        moves.sort_by_cached_key(|&m| Reverse(self.move_score(m, first, killers, seat)));
    }

    fn move_score(&self, mv: Move, first: Option<Move>, killers: [Option<Move>; 2], seat: Seat) -> i32 {
        if Some(mv) == first {
            return TABLE_SCORE;
        }
        let victim = self.pos.piece_at(mv.to).map(|p| match p.owner {
            Owner::Grey => 50,
            Owner::Seat(_) => eval::piece_value(self.rules, p.kind, p.mark),
        });
        let attacker = self.pos.piece_at(mv.from).map_or(0, |p| p.kind.index() as i32);
        match (victim, mv.kind) {
            (Some(v), _) => (1 << 24) + v * 16 - attacker,
            (None, MoveKind::Promotion(_)) => NOISY_SCORE,
            (None, MoveKind::EnPassant) => (1 << 24) + 100 * 16,
            _ if killers[0] == Some(mv) => KILLER_SCORE,
            _ if killers[1] == Some(mv) => KILLER_SCORE - 1,
            _ => self.engine.memory.quiet_score(seat, mv),
        }
    }

    /// The expected line: the best moves the table holds from the root, as text.
    fn principal_variation(&mut self, first: Move, max_len: usize) -> Vec<String> {
        let mut pos = self.pos.clone();
        let mut line = Vec::new();
        let mut seen = Vec::new();
        let mut next = Some(first);
        while let Some(mv) = next {
            if line.len() >= max_len || pos.is_over(self.rules) {
                break;
            }
            let Some(owner) = pos.piece_at(mv.from).and_then(|p| p.seat()).filter(|&s| pos.live(s)) else {
                break;
            };
            pos.turn = owner;
            if !pos.legal_moves(self.rules).contains(&mv) {
                break;
            }
            line.push(format_move(&pos, mv));
            pos.make(self.rules, mv);
            if self.strategy == Strategy::BestReply && owner != self.root && pos.live(self.root) {
                pos.turn = self.root;
            }
            let key = table_key(&pos, self.salt);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            next = self.engine.tt.probe(key).and_then(|e| e.best);
        }
        line
    }
}

/// The ordering score of a node's first killer (the second's is one less; captures and
/// promotions score more, quiet moves by their history less).
const KILLER_SCORE: i32 = 1 << 22;
/// The table's move: first of all.
const TABLE_SCORE: i32 = 1 << 30;
/// The lowest score of a capture or promotion (quiet moves, killers included, score below).
const NOISY_SCORE: i32 = 1 << 23;

/// Late-move pruning prunes with this many plies left at most.
const LATE_PRUNING_DEPTH: i32 = 3;

/// How many quiet moves a node with `depth` plies left searches before late-move pruning
/// leaves the rest (four-player seats have 40 to 60 moves).
const fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// Whether the best score found so far loses by mate for a seat on that side (then every
/// move is searched: one may escape).
fn losing(maximizing: bool, best: i32) -> bool {
    if maximizing {
        best <= -MATE_BOUND
    } else {
        best >= MATE_BOUND
    }
}

/// Reverse futility prunes with this many plies left at most, at this margin a ply.
const STATIC_PRUNING_DEPTH: i32 = 3;
const STATIC_MARGIN: i32 = 150;

/// Late-move reductions: from this depth, a quiet move this late in a node's order (counting
/// the table's move) is searched shallower first; three times as late, at depth 6 and more, two
/// plies shallower.
const REDUCTION_DEPTH: i32 = 3;
const LATE_MOVE: usize = 3;

/// A move to try and its ordering score.
#[derive(Copy, Clone)]
struct Pick {
    score: i32,
    seat: Seat,
    mv: Move,
}

/// Brings the best-scored of `picks[i..]` to `i` and returns it: most nodes cut off after a
/// move or two, so a full sort would be wasted.
fn next_pick(picks: &mut [Pick], i: usize) -> Pick {
    let mut best = i;
    for j in i + 1..picks.len() {
        if picks[j].score > picks[best].score {
            best = j;
        }
    }
    picks.swap(i, best);
    picks[i]
}

/// Narrows the window by a move's score from the mover's side (`maximizing` raises alpha, the
/// other side lowers beta); whether the node is then cut off.
fn narrow(maximizing: bool, score: i32, alpha: &mut i32, beta: &mut i32) -> bool {
    if maximizing {
        *alpha = (*alpha).max(score);
    } else {
        *beta = (*beta).min(score);
    }
    alpha >= beta
}

fn is_noisy(pos: &Position, mv: Move) -> bool {
    pos.piece_at(mv.to).is_some() || matches!(mv.kind, MoveKind::EnPassant | MoveKind::Promotion(_))
}

/// Mate scores are stored as distances from the node, so they hold wherever it is reached.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_aspiration_window_opens_around_the_last_score_from_the_fourth_iteration() {
        let window = |depth, previous| {
            let p = Partial::new(depth, previous);
            (p.low_edge, p.high_edge)
        };
        assert_eq!(window(4, Some(120)), (70, 170));
        assert_eq!(window(3, Some(120)), (-INFINITY, INFINITY), "too shallow");
        assert_eq!(window(6, None), (-INFINITY, INFINITY), "switched off");
        assert_eq!(window(6, Some(MATE - 7)), (-INFINITY, INFINITY), "a mate");
        let p = Partial::new(5, Some(-40));
        assert_eq!(p.window(true), (-90, 10));
        assert_eq!(p.window(false), (-10, 90), "the minimising side's window is mirrored");
    }

    #[test]
    fn a_score_outside_the_window_widens_that_edge_until_the_window_is_whole() {
        let mut p = Partial::new(6, Some(0));
        p.raise_high_edge(60);
        assert_eq!((p.low_edge, p.high_edge, p.window(true)), (-50, 160, (-50, 160)));
        assert!(p.failed_high, "the move is searched again in the whole window");
        let some_move = Game::new(Rules::TEAMS, crate::four_player::Setup::Modern.position()).legal_moves()[0];
        p.best = Some((some_move, -70));
        p.next = 9;
        p.lower_low_edge(-70);
        assert_eq!((p.low_edge, p.floor), (-270, -270));
        assert_eq!((p.next, p.best), (0, None), "every root move again");
        p.raise_high_edge(200);
        assert_eq!(p.high_edge, 200 + 400, "the half-width doubles each time");
        p.raise_high_edge(700);
        assert_eq!(p.high_edge, 700 + 800);
        p.raise_high_edge(1_600);
        assert_eq!(p.high_edge, INFINITY, "past the widest window, the whole one");
        p.lower_low_edge(-300);
        assert_eq!((p.low_edge, p.floor), (-INFINITY, -INFINITY));
    }
}
