//! Negamax alpha-beta with iterative deepening, aspiration windows and principal variation
//! search, a transposition table, quiescence on captures and promotions (every move when in
//! check), check extension, null-move pruning, late-move reductions and pruning near the leaves,
//! move ordering (TT move, MVV-LVA, killers, counter-moves, history), mate-distance scores and
//! in-search draws (repetition, 100-ply rule, bare kings). `Features` switches the refinements.

use crate::fourfold::rules::{Game, Move, PieceKind, Position};

use super::eval::{Weights, evaluate, has_pieces, value};
use super::features::Features;
use super::ordering::{Before, MoveMemory, PieceTo};
use crate::engine::limits::{Clock, Limits, StopFlag};
use crate::engine::tt::{Bound, TranspositionTable};
use std::sync::Arc;

pub const MATE: i32 = 32_000;
pub const MAX_PLY: usize = 96;
/// Scores at or beyond this are mates (the evaluation stays below it).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
// Every evaluation lies below every mate score.
const _: () = assert!(super::eval::EVAL_LIMIT < MATE_BOUND);
const INF: i32 = 32_500;
/// The longest mate (in plies) that each iteration proves or rules out with a mate probe: the
/// pruned search can miss quiet mates, so an iteration of depth D ≤ this that found no mate
/// asks "does the side to move mate within D plies?" with nothing pruned that could hide one.
/// In the bench positions a 5-ply probe costs at most about 7,000 nodes, a 7-ply one up to
/// 144,000, more than the heuristic iteration itself (README), so longer mates are left to the
/// heuristic search.
pub const MATE_PROBE_PLIES: u32 = 5;
/// Nodes between two looks at the clock and the stop flag (well under 1 ms of search).
const CHECK_INTERVAL: u64 = 1024;
/// Quiescence plies in which captures that only trade evenly are still searched.
const EVEN_TRADE_PLIES: u32 = 2;
/// Quiescence plies in which a check is answered with every evasion.
const QUIESCENCE_EVASION_PLIES: u32 = 2;

/// What one completed iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed_ms: f64,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Full moves to mate when `score` is a mate score: positive when the side to move mates.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// The persistent part of the engine: evaluation weights, hash table and move-ordering memory.
pub struct Engine {
    pub weights: Weights,
    features: Features,
    /// Shared with the helper threads of a Lazy SMP search.
    tt: Arc<TranspositionTable<Move>>,
    memory: MoveMemory,
}

/// The late-move reduction of the `number`th move at `depth` (the table is worked out once).
fn table_reduction(depth: i32, number: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[i32; 64]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        std::array::from_fn(|depth| {
            std::array::from_fn(|number| {
                let (d, n) = (depth.max(1) as f64, number.max(1) as f64);
                (0.5 + d.ln() * n.ln() / 2.25) as i32
            })
        })
    });
    table[depth.clamp(0, 63) as usize][number.min(63)]
}

/// Where the limits of the running iteration stand.
struct Budget<'a> {
    node_limit: u64,
    deadline_ms: Option<f64>,
    clock: &'a dyn Clock,
    stop: &'a StopFlag,
}

/// One search in progress over one position.
struct Run<'a> {
    engine: &'a mut Engine,
    budget: Budget<'a>,
    pos: Position,
    keys: Vec<u64>,
    nodes: u64,
    aborted: bool,
    /// The piece moved and its destination, of the move that led to each ply (none at the
    /// root and after a null move).
    moved: [Option<PieceTo>; MAX_PLY + 1],
    /// Whether the move that led to each ply gave check with a piece that loses material by
    /// static exchange (such a check is not extended under `Features::safe_check_extension`).
    losing_check: [bool; MAX_PLY + 1],
    /// Per ply, its legal moves and their ordering scores (kept to be filled again).
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// Where the moves left after the first few picks are sorted (kept to be filled again).
    sorting: Vec<(i32, usize, Move)>,
    pv: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Best root move of the running iteration, once at least one root move is fully searched.
    root_best: Option<(Move, i32)>,
    /// The nominal depth of the running iteration (bounds extensions).
    root_depth: u32,
    /// Inside a mate probe: nothing that can hide a mate is pruned or reduced, and only hash
    /// entries that hold for mates may cut the search.
    proving: bool,
}

/// The outcome of one iteration.
enum Iteration {
    Complete {
        score: i32,
        best: Option<Move>,
        pv: Vec<Move>,
    },
    Aborted {
        best: Option<(Move, i32)>,
    },
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a hash table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Engine {
        Engine::with_features(hash_mb, Features::CURRENT)
    }

    /// An engine with some of the search's refinements switched off (for measuring them).
    pub fn with_features(hash_mb: usize, features: Features) -> Engine {
        let ways = if features.table_buckets { 4 } else { 1 };
        let mut weights = Weights::default();
        if !features.mop_up {
            weights.mop_up = 0;
        }
        Engine {
            weights,
            features,
            tt: Arc::new(TranspositionTable::with_ways(hash_mb, ways)),
            memory: MoveMemory::new(&features),
        }
    }

    /// A helper for a Lazy SMP search: the same weights and refinements, this engine's table,
    /// a move memory of its own.
    #[cfg(not(target_arch = "wasm32"))]
    fn helper(&self) -> Engine {
        Engine {
            weights: self.weights.clone(),
            features: self.features,
            tt: Arc::clone(&self.tt),
            memory: MoveMemory::new(&self.features),
        }
    }

    /// Lazy SMP: `threads - 1` helper threads search the same position beside this one, each
    /// with its own move memory, sharing the table (helpers start one ply deeper every other
    /// thread, so they fill the table ahead of the main search); the answer is this thread's,
    /// and this thread's node limit bounds the search. With one thread it is `search`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn search_threads(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &StopFlag,
        threads: usize,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        if threads <= 1 {
            return self.search(game, limits, clock, stop, info);
        }
        self.tt.new_search();
        self.memory.clear_killers();
        let helpers_stop = StopFlag::new();
        std::thread::scope(|scope| {
            for thread in 1..threads {
                let mut helper = self.helper();
                let helpers_stop = &helpers_stop;
                // Helpers keep the time limit (on a clock of their own) and the depth, not the
                // node limit: they run until the main search ends.
                let limits = Limits {
                    nodes: None,
                    ..limits.clone()
                };
                scope.spawn(move || {
                    let clock = crate::engine::limits::StdClock::new();
                    let mut driver = IterativeDeepening::new(game, limits, &clock);
                    driver.joins_search(1 + (thread as u32 & 1));
                    while driver
                        .step(&mut helper, u64::MAX, &clock, helpers_stop, &mut |_| {})
                        .is_none()
                    {}
                });
            }
            let mut driver = IterativeDeepening::new(game, limits.clone(), clock);
            driver.joins_search(1);
            let result = loop {
                if let Some(result) = driver.step(self, u64::MAX, clock, stop, info) {
                    break result;
                }
            };
            helpers_stop.stop();
            result
        })
    }

    /// Searches the game's current position within `limits`. `info` hears each completed
    /// iteration. Returns `best: None` only when the side to move has no legal move.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut driver = IterativeDeepening::new(game, limits.clone(), clock);
        loop {
            if let Some(result) = driver.step(self, u64::MAX, clock, stop, info) {
                return result;
            }
        }
    }

    /// The browser has one thread: `search`.
    #[cfg(target_arch = "wasm32")]
    pub fn search_threads(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &StopFlag,
        _threads: usize,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search(game, limits, clock, stop, info)
    }
}

impl Engine {
    /// Every legal root move with its exact score from a full-window search `depth` plies deep
    /// (the noisy levels add their noise to these).
    pub fn score_root_moves(
        &mut self,
        game: &Game,
        depth: u32,
        clock: &dyn Clock,
        stop: &StopFlag,
    ) -> Vec<(Move, i32)> {
        let moves = game.position().legal_moves();
        moves
            .iter()
            .map_while(|&mv| self.score_root_move(game, mv, depth, clock, stop))
            .map(|scored| (scored.mv, scored.score))
            .collect()
    }

    /// One legal root move's exact score from a full-window search `depth` plies deep; `None`
    /// when the stop flag cut it short.
    pub fn score_root_move(
        &mut self,
        game: &Game,
        mv: Move,
        depth: u32,
        clock: &dyn Clock,
        stop: &StopFlag,
    ) -> Option<ScoredMove> {
        let budget = Budget {
            node_limit: u64::MAX,
            deadline_ms: None,
            clock,
            stop,
        };
        let mut run = Run::new(self, budget, game.position().clone(), game.history_keys().to_vec());
        run.root_depth = depth;
        run.moved[1] = PieceTo::of(&run.pos, mv);
        let undo = run.play(mv);
        let score = -run.negamax(depth as i32 - 1, -INF, INF, 1, true);
        run.take_back(mv, undo);
        (!run.aborted).then_some(ScoredMove {
            mv,
            score,
            nodes: run.nodes,
        })
    }
}

/// A root move's score and the nodes it took to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    pub mv: Move,
    pub score: i32,
    pub nodes: u64,
}

/// An iterative-deepening search that can run in slices: each `step` spends at most a given
/// number of nodes, and the next call carries on (re-running an unfinished iteration, which the
/// hash table makes cheap). The native driver calls it once with no slice limit; the browser
/// calls it once a frame.
pub struct IterativeDeepening {
    root: Position,
    keys: Vec<u64>,
    limits: Limits,
    started_ms: f64,
    next_depth: u32,
    nodes: u64,
    best: SearchResult,
    previous_score: i32,
    started: bool,
    /// Joins a search already begun on other threads: the table's generation and the killers
    /// are left as they are.
    joined: bool,
}

impl IterativeDeepening {
    pub fn new(game: &Game, limits: Limits, clock: &dyn Clock) -> IterativeDeepening {
        let root = game.position().clone();
        let first = root.legal_moves().as_slice().first().copied();
        IterativeDeepening {
            keys: game.history_keys().to_vec(),
            root,
            limits,
            started_ms: clock.now_ms(),
            next_depth: 1,
            nodes: 0,
            best: SearchResult {
                best: first,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: first.into_iter().collect(),
            },
            previous_score: 0,
            started: false,
            joined: false,
        }
    }

    /// Makes this a thread of a Lazy SMP search begun elsewhere, starting at `depth`.
    #[cfg(not(target_arch = "wasm32"))]
    fn joins_search(&mut self, depth: u32) {
        self.joined = true;
        self.next_depth = depth;
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn max_depth(&self) -> u32 {
        self.limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8)
    }

    /// Runs up to `slice_nodes` more nodes. Returns the result when the search is over.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        slice_nodes: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if !self.started {
            if !self.joined {
                engine.tt.new_search();
                engine.memory.clear_killers();
            }
            self.started = true;
        }
        if self.best.best.is_none() {
            return Some(self.finish());
        }
        let total_limit = self.limits.nodes.unwrap_or(u64::MAX);
        let deadline_ms = self.limits.movetime_ms.map(|ms| self.started_ms + ms as f64);
        let slice_end = self.nodes.saturating_add(slice_nodes);
        loop {
            if self.next_depth > self.max_depth() || stop.is_stopped() || self.nodes >= total_limit {
                return Some(self.finish());
            }
            // Past the soft limit no new iteration starts (once one has completed).
            let elapsed_ms = clock.now_ms() - self.started_ms;
            if deadline_ms.is_some_and(|d| clock.now_ms() >= d)
                || (self.next_depth > 1 && self.limits.past_soft(elapsed_ms))
            {
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
            let mut run = Run::new(engine, budget, self.root.clone(), self.keys.clone());
            let outcome = run.iteration(depth, self.previous_score);
            self.nodes += run.nodes;
            match outcome {
                Iteration::Complete { score, best, pv } => {
                    self.best = SearchResult {
                        best: best.or(self.best.best),
                        score,
                        depth,
                        nodes: self.nodes,
                        pv,
                    };
                    self.previous_score = score;
                    self.next_depth += 1;
                    info(&SearchInfo {
                        depth,
                        score,
                        nodes: self.nodes,
                        elapsed_ms: clock.now_ms() - self.started_ms,
                        pv: self.best.pv.clone(),
                    });
                    // A forced mate found within the depth searched will not change.
                    if mate_in(score).is_some() && (MATE - score.abs()) as u32 <= depth {
                        return Some(self.finish());
                    }
                }
                Iteration::Aborted { best } => {
                    let out_of_slice = sliced && self.nodes >= slice_end && !stop.is_stopped();
                    let out_of_time = deadline_ms.is_some_and(|d| clock.now_ms() >= d);
                    if out_of_slice && !out_of_time {
                        return None;
                    }
                    if let Some((mv, score)) = best {
                        // A root move that beat the previous best within this iteration is real.
                        if Some(mv) != self.best.best && score > self.previous_score {
                            self.best.best = Some(mv);
                            self.best.score = score;
                            self.best.pv = vec![mv];
                        }
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

impl<'a> Run<'a> {
    fn new(engine: &'a mut Engine, budget: Budget<'a>, pos: Position, keys: Vec<u64>) -> Run<'a> {
        if !engine.features.lasting_killers {
            engine.memory.clear_killers();
        }
        Run {
            engine,
            budget,
            pos,
            keys,
            nodes: 0,
            aborted: false,
            moved: [None; MAX_PLY + 1],
            losing_check: [false; MAX_PLY + 1],
            moves: vec![Vec::new(); MAX_PLY],
            scores: vec![Vec::new(); MAX_PLY],
            sorting: Vec::new(),
            pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            root_best: None,
            root_depth: 1,
            proving: false,
        }
    }

    fn iteration(&mut self, depth: u32, previous: i32) -> Iteration {
        match self.aspiration(depth, previous) {
            Iteration::Complete { score, best, pv } => self.verify_mates(depth, score, best, pv),
            aborted => aborted,
        }
    }

    /// The mate probe of an iteration whose search found no mate within `depth` plies for the
    /// side to move: a null-window search for exactly that question, in which no pruning that
    /// can hide a mate applies. Mates are odd ply counts, and shorter ones were probed by the
    /// iterations before, so a mate found here is the shortest.
    fn verify_mates(&mut self, depth: u32, score: i32, best: Option<Move>, pv: Vec<Move>) -> Iteration {
        let target = MATE - depth as i32;
        if depth.is_multiple_of(2) || depth > MATE_PROBE_PLIES || score >= target {
            return Iteration::Complete { score, best, pv };
        }
        self.root_best = None;
        self.proving = true;
        let probe = self.negamax(depth as i32, target - 1, target, 0, true);
        self.proving = false;
        if self.aborted {
            // The search itself completed: its best move stands if the probe is cut short.
            return Iteration::Aborted {
                best: best.map(|mv| (mv, score)),
            };
        }
        match self.root_best {
            Some((mv, mate)) if probe >= target => {
                let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect();
                let pv = if pv.first() == Some(&mv) { pv } else { vec![mv] };
                Iteration::Complete {
                    score: mate,
                    best: Some(mv),
                    pv,
                }
            }
            _ => Iteration::Complete { score, best, pv },
        }
    }

    /// One iteration of the heuristic search, with an aspiration window around `previous`.
    fn aspiration(&mut self, depth: u32, previous: i32) -> Iteration {
        self.root_depth = depth;
        let depth = depth as i32;
        let mut window = 45;
        let (mut alpha, mut beta) = if depth >= 4 {
            (previous - window, previous + window)
        } else {
            (-INF, INF)
        };
        loop {
            self.root_best = None;
            let score = self.negamax(depth, alpha, beta, 0, true);
            if self.aborted {
                return Iteration::Aborted { best: self.root_best };
            }
            if score <= alpha && alpha > -INF {
                alpha = (alpha - window).max(-INF);
                window *= 4;
            } else if score >= beta && beta < INF {
                beta = (beta + window).min(INF);
                window *= 4;
            } else {
                let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect();
                return Iteration::Complete {
                    score,
                    best: pv.first().copied(),
                    pv,
                };
            }
        }
    }

    /// True once any limit is reached; checked at every node (nodes) and now and then (clock).
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.budget.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            let late = self.budget.deadline_ms.is_some_and(|d| self.budget.clock.now_ms() >= d);
            if late || self.budget.stop.is_stopped() {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether the current position occurred before since the last pawn move or capture.
    fn is_repetition(&self) -> bool {
        let key = self.pos.key();
        let last = self.keys.len() - 1;
        let reach = (self.pos.halfmove_clock() as usize).min(last);
        (2..=reach).step_by(2).any(|back| self.keys[last - back] == key)
    }

    fn play(&mut self, mv: Move) -> crate::fourfold::rules::Undo {
        let undo = self.pos.make(mv);
        self.engine.tt.touch(self.pos.key());
        self.keys.push(self.pos.key());
        undo
    }

    fn take_back(&mut self, mv: Move, undo: crate::fourfold::rules::Undo) {
        self.keys.pop();
        self.pos.unmake(mv, undo);
    }

    fn negamax(&mut self, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, allow_null: bool) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.pv_len[ply] = 0;
        let in_check = self.pos.in_check();
        let root = ply == 0;
        if !root {
            if self.pos.has_only_kings() || self.is_repetition() {
                return 0;
            }
            if self.pos.halfmove_clock() >= 100 {
                // Mate still beats the hundred-ply draw.
                let mated = in_check && self.pos.count_legal_moves() == 0;
                return if mated { -MATE + ply as i32 } else { 0 };
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // Check extension, bounded: in 4D a king is so exposed that checks can chain for ever.
        let extension_plies = if self.engine.features.short_check_extension {
            self.root_depth as usize
        } else {
            2 * self.root_depth as usize
        };
        if in_check && ply < extension_plies && !self.losing_check[ply] {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiescence(alpha, beta, ply, 0);
        }
        let is_pv = beta - alpha > 1;
        // In a mate probe null moves, futility and reductions, which can all hide a quiet mate,
        // are off, and only hash entries that hold for mates may cut the search. (The heuristic
        // search keeps them even in windows about mates: it would go full width there once any
        // long mate is known, and short mates are the probe's.)
        let proving = self.proving;
        let key = self.pos.key();
        let entry = self.engine.tt.probe(key);
        if let Some(e) = entry
            && !root
            && !is_pv
            && e.depth >= depth
            && (!proving || e.mate_safe || proves_mate(e.bound, e.score))
        {
            let score = from_tt(e.score, ply);
            if e.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let tt_move = entry.and_then(|e| e.best);

        let features = self.engine.features;
        let mut static_eval = None;
        if !is_pv && !in_check {
            let mut eval = evaluate(&self.pos, &self.engine.weights);
            // The table's bound on this position, where it says more than the static score (a
            // lower bound above it, an upper bound below it, an exact score).
            if let Some(e) = entry
                && features.table_eval
                && e.score.abs() < MATE_BOUND
            {
                eval = e.bound.refine(eval, from_tt(e.score, ply));
            }
            static_eval = Some(eval);
            // Reverse futility: far above beta with little depth left.
            if depth <= 3 && eval - 110 * depth >= beta && !proving && beta.abs() < MATE_BOUND {
                return eval;
            }
            if allow_null && !proving && depth >= 3 && eval >= beta && has_pieces(&self.pos) {
                let clock = self.pos.make_null();
                self.keys.push(self.pos.key());
                self.moved[ply + 1] = None;
                self.losing_check[ply + 1] = false;
                let reduction = if features.adaptive_null_move {
                    3 + depth / 3 + ((eval - beta) / 200).min(3)
                } else {
                    2 + depth / 4
                };
                let score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                self.pos.unmake_null(clock);
                if self.aborted {
                    return 0;
                }
                if score >= beta && score < MATE_BOUND {
                    return score;
                }
            }
        }

        let mut moves = self.generate(ply, true);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let before = self.before(ply);
        // The ply's buffer, so that no node clears a list of the largest size.
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order_scores(&moves, tt_move, ply, before, true, &mut scores);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // When only a mate on the next ply can beat alpha, a move that gives no check cannot:
        // it scores at most a mate two moves later.
        let next_mate_later = MATE - ply as i32 - 3;
        let only_mate_now = alpha >= next_mate_later;
        // Pruning near the leaves, outside the principal variation and never in a mate probe.
        let may_prune = features.pruning && !root && !is_pv && !in_check && !proving;
        let futility = static_eval
            .map(|eval| eval + 120 + 100 * depth)
            .filter(|&value| may_prune && depth <= 3 && value <= alpha);
        let mut searched = 0;
        let mut quiets_tried = [None; QUIETS_REMEMBERED];
        let mut quiets: usize = 0;
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, &mut scores, i, &mut self.sorting);
            let ordered = scores[i];
            let quiet = !self.pos.is_capture(mv) && !self.pos.is_promotion(mv);
            // A move is pruned only once a real score is in hand, so a node never fails to a
            // mate it does not have.
            let prunable = may_prune && searched > 0 && best > -MATE_BOUND;
            // Futility (the score it stands for), late moves, or a losing exchange; the costly
            // exchange is worked out only when the others let the move through.
            let pruned = if !prunable {
                None
            } else if let Some(value) = futility.filter(|_| quiet) {
                Some(value)
            } else if quiet && depth <= 3 && quiets as i32 >= 3 + depth * depth {
                Some(-INF)
            } else {
                let limit = if quiet { -40 * depth * depth } else { -90 * depth };
                (depth <= 5 && static_exchange(&self.pos, mv, &self.engine.weights) < limit).then_some(-INF)
            };
            // Moves that give no check are passed by unplayed when only a mate now can count
            // or when they are pruned.
            let gives_check = self.pos.gives_check(mv);
            if only_mate_now && !gives_check {
                best = best.max(next_mate_later);
                continue;
            }
            if let Some(value) = pruned.filter(|_| !gives_check) {
                best = best.max(value);
                continue;
            }
            let piece_to = PieceTo::of(&self.pos, mv);
            // The exchange is worked out only for a check the child could extend; a mate probe
            // extends every check, as sacrifices that check are how mates are found.
            self.losing_check[ply + 1] = features.safe_check_extension
                && !proving
                && gives_check
                && ply + 1 < extension_plies
                && static_exchange(&self.pos, mv, &self.engine.weights) < 0;
            let undo = self.play(mv);
            self.moved[ply + 1] = piece_to;
            searched += 1;
            let mut score;
            if searched == 1 {
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                let reducible = !proving && depth >= 3 && quiet && !in_check && !gives_check;
                let reduction = if !reducible {
                    0
                } else if features.reduction_table && i >= 2 {
                    let mut r = table_reduction(depth, i);
                    r += i32::from(!is_pv);
                    // Killers and counter-moves score above the history range.
                    if ordered >= COUNTER_SCORE {
                        r -= 1;
                    } else {
                        r -= ordered / 8_192;
                    }
                    r.clamp(0, depth - 2)
                } else if !features.reduction_table && i >= 3 {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                score = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.take_back(mv, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if root {
                    self.root_best = Some((mv, score));
                }
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        // A probe's cut-offs refute mates, not moves worth trying first.
                        if quiet && !proving {
                            let tried = &quiets_tried[..quiets.min(QUIETS_REMEMBERED)];
                            self.engine.memory.reward(&self.pos, ply, depth, mv, before, tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                if let Some(slot) = quiets_tried.get_mut(quiets) {
                    *slot = Some(mv);
                }
                quiets += 1;
            }
        }
        self.scores[ply] = scores;
        self.moves[ply] = moves;
        let bound = Bound::of(best, original_alpha, beta);
        // A probe's bounds only answer mate questions (a refuted mate stores "at most a mate",
        // and a fail-low node has no real best move): it never replaces what the heuristic
        // search stored, of this position or another in the slot, and adds its proofs.
        let keep_heuristic = proving && !proves_mate(bound, best) && self.engine.tt.holds_heuristic(key, depth);
        if !keep_heuristic {
            let best_move = if proving && bound == Bound::Upper {
                None
            } else {
                best_move
            };
            self.engine
                .tt
                .store(key, best_move, to_tt(best, ply), depth, bound, proving);
        }
        best
    }

    /// The legal moves at `ply` (without `quiets`, the captures and promotions), in the ply's
    /// list (handed back when the node is done).
    fn generate(&mut self, ply: usize, quiets: bool) -> Vec<Move> {
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        if quiets {
            self.pos.generate(&mut moves, u64::MAX);
        } else {
            self.pos.generate_noisy(&mut moves);
        }
        moves
    }

    /// The moves that led to `ply`.
    fn before(&self, ply: usize) -> Before {
        Before {
            last: self.moved[ply],
            earlier: ply.checked_sub(1).and_then(|p| self.moved[p]),
        }
    }

    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize, qdepth: u32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if self.pos.has_only_kings() {
            return 0;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check {
                0
            } else {
                evaluate(&self.pos, &self.engine.weights)
            };
        }
        // Past the horizon no mate is owed: in a probe, a side not in check neither finds nor
        // suffers one here.
        if self.proving && !in_check && alpha >= MATE_BOUND {
            return alpha;
        }
        if self.proving && !in_check && beta <= -MATE_BOUND {
            return beta;
        }
        // The table (not in a probe, whose bounds must hold for mates).
        let use_table = self.engine.features.quiescence_table && !self.proving;
        let key = self.pos.key();
        let mut tt_move = None;
        if use_table && let Some(e) = self.engine.tt.probe(key) {
            let score = from_tt(e.score, ply);
            if e.bound.settles(score, alpha, beta) {
                return score;
            }
            // Only a capture or promotion: a quiet table move would end the captures at once.
            tt_move = e
                .best
                .filter(|&mv| self.pos.is_capture(mv) || self.pos.is_promotion(mv));
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // Every evasion is searched only near the horizon; deeper, checks are answered by
        // captures alone (after a stand-pat), which keeps capture-check chains from exploding.
        let all_evasions = in_check && qdepth < QUIESCENCE_EVASION_PLIES;
        if !all_evasions {
            let stand_pat = evaluate(&self.pos, &self.engine.weights);
            if stand_pat >= beta {
                if use_table {
                    self.engine
                        .tt
                        .store(key, None, to_tt(stand_pat, ply), 0, Bound::Lower, false);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        // Every evasion, or only the captures and promotions (the others are never generated).
        let mut moves = self.generate(ply, all_evasions);
        if in_check && moves.is_empty() && (all_evasions || self.pos.count_legal_moves() == 0) {
            return -MATE + ply as i32;
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order_scores(&moves, tt_move, ply, Before::default(), all_evasions, &mut scores);
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, &mut scores, i, &mut self.sorting);
            if !all_evasions && self.futile_capture(mv, best, alpha, qdepth) {
                continue;
            }
            let undo = self.play(mv);
            let score = -self.quiescence(-beta, -alpha, ply + 1, qdepth + 1);
            self.take_back(mv, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scores[ply] = scores;
        self.moves[ply] = moves;
        if use_table {
            let bound = Bound::of(best, original_alpha, beta);
            self.engine.tt.store(key, best_move, to_tt(best, ply), 0, bound, false);
        }
        best
    }

    /// Quiescence pruning: a capture that cannot lift the score to alpha even if the victim is
    /// free (delta pruning), that loses material in the exchange on its square, or, past the
    /// first quiescence plies, that only trades evenly (4D boards are full of even trades).
    fn futile_capture(&self, mv: Move, stand_pat: i32, alpha: i32, qdepth: u32) -> bool {
        let weights = &self.engine.weights;
        let victim = self.pos.piece_at(mv.to).map_or(0, |p| value(weights, p.kind));
        let promotion = if self.pos.is_promotion(mv) {
            value(weights, PieceKind::Queen)
        } else {
            0
        };
        if stand_pat + victim + promotion + 200 <= alpha {
            return true;
        }
        if promotion != 0 {
            return false;
        }
        let exchange = static_exchange(&self.pos, mv, weights);
        exchange < 0 || (exchange == 0 && qdepth >= EVEN_TRADE_PLIES)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let child_len = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        for i in 0..child_len {
            self.pv[ply][ply + 1 + i] = self.pv[ply + 1][ply + 1 + i];
        }
        self.pv_len[ply] = 1 + child_len;
        if ply + 1 + child_len > MAX_PLY {
            self.pv_len[ply] = MAX_PLY - ply;
        }
    }

    /// Ordering keys into `scores` (one a move): TT move, then captures by most valuable victim
    /// / least valuable attacker, promotions, killers, the counter-move, then quiet moves by
    /// history — or, when `quiets` is false (a quiescence search that plays none), all at 0.
    fn order_scores(
        &self,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        before: Before,
        quiets: bool,
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        scores.resize(moves.len(), 0);
        let weights = &self.engine.weights;
        let memory = &self.engine.memory;
        let killers = memory.killers[ply];
        let counter = memory.counter(before);
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == tt_move {
                10_000_000
            } else if let Some(victim) = self.pos.piece_at(mv.to) {
                let attacker = self.pos.piece_at(mv.from).map_or(PieceKind::Pawn, |p| p.kind);
                5_000_000 + value(weights, victim.kind) * 16 - value(weights, attacker) / 16
            } else if self.pos.is_promotion(mv) {
                4_900_000
            } else if !quiets {
                0
            } else if killers[0] == Some(mv) {
                4_000_000
            } else if killers[1] == Some(mv) {
                3_900_000
            } else if counter == Some(mv) {
                COUNTER_SCORE
            } else {
                memory.quiet_score(&self.pos, mv, PieceTo::of(&self.pos, mv), before)
            };
        }
    }
}

/// The ordering score of a counter-move; killers score above it, history below.
const COUNTER_SCORE: i32 = 3_800_000;
/// Quiet moves a node remembers having tried, to lower their history after a cut-off.
const QUIETS_REMEMBERED: usize = 64;
/// Static exchange evaluation: the material the side to move wins by `mv` and the best
/// sequence of recaptures on its square, each side always recapturing with its least valuable
/// piece (and stopping when that would lose). Removing pieces from the occupancy reveals
/// sliders behind them.
pub fn static_exchange(pos: &Position, mv: Move, weights: &super::eval::Weights) -> i32 {
    let piece_value = |kind: PieceKind| {
        if kind == PieceKind::King {
            20_000
        } else {
            value(weights, kind)
        }
    };
    let mut gains = [0i32; 40];
    gains[0] = pos.piece_at(mv.to).map_or(0, |p| piece_value(p.kind));
    let mut on_square = pos.piece_at(mv.from).map_or(0, |p| piece_value(p.kind));
    let mut occupied = pos.occupied().0 & !mv.from.bit();
    let mut side = pos.side_to_move().opponent();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let attackers = pos.attackers_with(mv.to, side, occupied).0 & occupied;
        let Some((square, kind)) = PieceKind::ALL.iter().find_map(|&k| {
            let of_kind = attackers & pos.pieces(side, k).0;
            (of_kind != 0).then(|| (of_kind.trailing_zeros(), k))
        }) else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = piece_value(kind);
        occupied &= !(1u64 << square);
        side = side.opponent();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Moves picked one at a time before the rest are sorted at once: most nodes cut off within the
/// first few moves, and most of the others go through them all, where one selection step a move
/// costs the square of their number.
const PICKED_BEFORE_SORTING: usize = 4;

/// The move to try `i`th: the best-scored of those not tried yet, the earliest of equals, so
/// that either way of picking gives the same order.
fn pick_next(moves: &mut [Move], scores: &mut [i32], i: usize, sorting: &mut Vec<(i32, usize, Move)>) -> Move {
    if i < PICKED_BEFORE_SORTING {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        // Brought forward with the moves it passes kept in their order.
        scores[i..=best].rotate_right(1);
        moves[i..=best].rotate_right(1);
    } else if i == PICKED_BEFORE_SORTING {
        sorting.clear();
        sorting.extend(
            scores[i..]
                .iter()
                .zip(&moves[i..])
                .enumerate()
                .map(|(at, (&score, &mv))| (score, at, mv)),
        );
        sorting.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (at, &(score, _, mv)) in sorting.iter().enumerate() {
            scores[i + at] = score;
            moves[i + at] = mv;
        }
    }
    moves[i]
}

/// Whether a hash bound is itself a proof about mates (a mate found, or a mate suffered), which
/// holds whatever pruning the search that stored it used: mates are only ever scored when found.
fn proves_mate(bound: Bound, score: i32) -> bool {
    match bound {
        Bound::Lower => score >= MATE_BOUND,
        Bound::Upper => score <= -MATE_BOUND,
        Bound::Exact => score.abs() >= MATE_BOUND,
    }
}

/// Mate scores are stored relative to the node, so they stay right at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::rules::Square;

    #[test]
    fn moves_are_picked_best_first_and_equals_in_their_order_either_way_of_picking() {
        let squares: Vec<Square> = Square::all().collect();
        let mut moves: Vec<Move> = (1..40).map(|i| Move::new(squares[0], squares[i])).collect();
        // Many equal scores, so that the order among equals shows.
        let mut scores: Vec<i32> = (0..moves.len() as i32).map(|i| (i * 7) % 5 - 2).collect();
        let mut expected: Vec<(i32, Move)> = scores.iter().copied().zip(moves.iter().copied()).collect();
        expected.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let mut sorting = Vec::new();
        let picked: Vec<(i32, Move)> = (0..moves.len())
            .map(|i| {
                let mv = pick_next(&mut moves, &mut scores, i, &mut sorting);
                (scores[i], mv)
            })
            .collect();
        assert!(moves.len() > 2 * PICKED_BEFORE_SORTING);
        assert_eq!(picked, expected);
    }
}
