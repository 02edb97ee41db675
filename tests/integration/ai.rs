//! The computer opponent: forced mates, legality over many random positions, limits, the stop
//! flag, determinism, slicing and a strength check by self-play.

use std::time::{Duration, Instant};

use tesseract_chess::engine::SlicedPlayer;
use tesseract_chess::engine::limits::StdClock;
use tesseract_chess::engine::random::Rng;
use tesseract_chess::engine::*;
use tesseract_chess::fourfold::ai::selfplay::{
    GameRecord, MatchConfig, Opponent, play_games, play_openings, run_match, sprt_outcomes,
};
use tesseract_chess::fourfold::ai::*;
use tesseract_chess::fourfold::ai::{levels, reference};
use tesseract_chess::fourfold::rules::*;

/// Exhaustive check: does the side to move have a mate in exactly `n` moves with `first`?
fn mates_with(pos: &mut Position, first: Move, n: u32) -> bool {
    let undo = pos.make(first);
    let replies = pos.legal_moves();
    let mates = if replies.is_empty() {
        pos.in_check()
    } else if n > 1 {
        replies.iter().all(|&r| {
            let u = pos.make(r);
            let ok = has_mate_in(pos, n - 1);
            pos.unmake(r, u);
            ok
        })
    } else {
        false
    };
    pos.unmake(first, undo);
    mates
}

fn has_mate_in(pos: &mut Position, n: u32) -> bool {
    pos.legal_moves().iter().any(|&m| mates_with(pos, m, n))
}

/// Positions with a forced mate, each with its length in moves and what it shows.
const MATES: [(&str, u32, &str); 13] = [
    (
        "4/4/4/4|4/3q/4/k3|4/4/4/2K1|4/1Q2/4/1n2 w 0 1",
        1,
        "queen mates changing Z and W",
    ),
    (
        "4/4/4/r3|4/4/4/r3|4/1QN1/4/2k1|4/3K/4/4 w 0 1",
        1,
        "queen mates along W",
    ),
    (
        "4/4/4/4|4/4/4/4|4/3Q/4/4|4/1K2/4/2k1 w 0 1",
        1,
        "queen drops a board along W",
    ),
    (
        "4/4/4/4|k1K1/4/N1p1/4|3p/4/2N1/4|4/4/Q3/4 w 0 1",
        1,
        "knight jumps from the top board to the bottom",
    ),
    (
        "q3/4/4/4|k3/4/4/4|N3/2K1/4/4|4/1N2/Q3/4 w 0 1",
        1,
        "knight jumps across Z",
    ),
    (
        "3K/4/4/4|4/4/3k/Q3|4/4/4/4|4/4/4/1N2 w 0 1",
        1,
        "queen mates inside one board",
    ),
    (
        "4/4/1B2/4|2k1/4/1Q2/4|4/K3/4/4|4/4/4/4 w 0 1",
        1,
        "queen mates changing Z",
    ),
    (
        "4/1K2/4/4|B3/4/4/4|4/4/4/1Q2|3k/4/4/4 w 0 1",
        2,
        "quiet queen move along W, then mate",
    ),
    (
        "4/1K2/4/4|4/4/4/Q3|4/4/4/4|2pq/4/4/3k w 0 1",
        2,
        "check along W, then mate",
    ),
    (
        "4/4/4/4|Q3/4/4/4|4/4/4/4|4/2K1/4/k3 w 0 1",
        2,
        "queen changes Z, then mates",
    ),
    (
        "4/4/4/2Q1|4/3k/K3/4|4/4/4/4|4/4/4/4 w 0 1",
        2,
        "a quiet king move across boards first",
    ),
    (
        "4/1k2/4/4|4/3Q/4/4|4/4/4/4|1N2/4/4/1K2 w 0 1",
        2,
        "knight jumps across W, then mate",
    ),
    (
        "2k1/4/4/3Q|4/4/4/4|4/4/1K2/4|4/4/4/4 w 0 1",
        2,
        "queen check, then mate",
    ),
];

#[test]
fn finds_every_forced_mate_in_one_and_two() {
    for (fen, n, what) in MATES {
        let mut pos = Position::from_fen(fen).unwrap();
        assert!(has_mate_in(&mut pos, n), "{what}: the position has a mate in {n}");
        if n > 1 {
            assert!(!has_mate_in(&mut pos, n - 1), "{what}: and none shorter");
        }
        let game = Game::new(pos.clone());
        let result = Engine::default().search(
            &game,
            &Limits::depth(2 * n + 1),
            &NoClock,
            &StopFlag::new(),
            &mut |_| {},
        );
        let best = result.best.expect("a move");
        assert!(mates_with(&mut pos, best, n), "{what}: {best} mates in {n}");
        assert_eq!(mate_in(result.score), Some(n as i32), "{what}: score {}", result.score);
    }
}

#[test]
fn the_mated_side_sees_the_mate_coming() {
    // Black to move after White's quiet first move of a mate in two: every reply loses in one.
    let mut pos = Position::from_fen(MATES[10].0).unwrap();
    let first = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| mates_with(&mut pos, m, 2))
        .unwrap();
    pos.make(first);
    let game = Game::new(pos);
    let result = Engine::default().search(&game, &Limits::depth(4), &NoClock, &StopFlag::new(), &mut |_| {});
    assert_eq!(mate_in(result.score), Some(-1));
}

/// Random positions from random games of both setups.
fn random_positions(count: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let setup = if rng.below(2) == 0 { Setup::Classic } else { Setup::Full };
        let mut game = Game::from_setup(setup);
        let plies = rng.below(40);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves.as_slice()[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        if game.outcome().is_none() {
            games.push(game);
        }
    }
    games
}

#[test]
fn always_returns_a_legal_move_in_thousands_of_random_positions() {
    let mut engine = Engine::new(1);
    for (i, game) in random_positions(2000, 11).iter().enumerate() {
        let limits = if i % 2 == 0 {
            Limits::nodes(200)
        } else {
            Limits::depth(1)
        };
        let result = engine.search(game, &limits, &NoClock, &StopFlag::new(), &mut |_| {});
        let best = result
            .best
            .unwrap_or_else(|| panic!("no move in {}", game.position().to_fen()));
        assert!(game.position().is_legal(best), "{best} in {}", game.position().to_fen());
    }
}

#[test]
fn every_level_plays_legal_moves() {
    for (i, game) in random_positions(12, 5).iter().enumerate() {
        let level = &LEVELS[i % 4];
        let best = Player::new(level, i as u64)
            .choose(game, &NoClock, &StopFlag::new())
            .unwrap();
        assert!(game.position().is_legal(best), "{} chose {best}", level.name);
    }
}

#[test]
fn node_and_depth_limits_are_exact() {
    let games = random_positions(6, 3);
    for game in &games {
        for limit in [1, 10, 1_000, 7_777] {
            let result = Engine::default().search(game, &Limits::nodes(limit), &NoClock, &StopFlag::new(), &mut |_| {});
            assert!(result.nodes <= limit, "{} nodes under a limit of {limit}", result.nodes);
            assert!(game.position().is_legal(result.best.unwrap()));
        }
    }
    let game = Game::from_setup(Setup::Classic);
    for depth in 1..=5 {
        let mut seen = Vec::new();
        let result = Engine::default().search(&game, &Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |i| {
            seen.push(i.depth)
        });
        assert_eq!(result.depth, depth);
        assert_eq!(seen, (1..=depth).collect::<Vec<_>>());
    }
}

#[test]
fn a_time_limit_is_kept_within_100_ms() {
    let game = Game::from_setup(Setup::Full);
    for ms in [50, 300] {
        let clock = StdClock::new();
        let began = Instant::now();
        let result = Engine::default().search(&game, &Limits::movetime(ms), &clock, &StopFlag::new(), &mut |_| {});
        let took = began.elapsed();
        assert!(took < Duration::from_millis(ms + 100), "{ms} ms limit took {took:?}");
        assert!(result.best.is_some());
    }
}

/// A clock that moves `step_ms` every time it is read: time passes as the search looks at it.
struct SteppingClock {
    now: std::cell::Cell<f64>,
    step_ms: f64,
}

impl Clock for SteppingClock {
    fn now_ms(&self) -> f64 {
        self.now.set(self.now.get() + self.step_ms);
        self.now.get()
    }
}

#[test]
fn past_the_soft_limit_no_new_iteration_starts() {
    let game = Game::from_setup(Setup::Classic);
    let soft = |soft_ms| Limits {
        depth: Some(5),
        soft_ms: Some(soft_ms),
        ..Limits::default()
    };
    // With no time passing, a soft limit of 1 ms never passes; one of 0 has passed at once, yet
    // the first iteration always completes.
    let search = |limits: &Limits| Engine::default().search(&game, limits, &NoClock, &StopFlag::new(), &mut |_| {});
    assert_eq!(search(&soft(1)).depth, 5);
    assert_eq!(search(&soft(0)).depth, 1);
    // Time passing as the search reads the clock: it stops between iterations, never within one.
    let mut depths = Vec::new();
    let clock = SteppingClock {
        now: std::cell::Cell::new(0.0),
        step_ms: 1.0,
    };
    let result = Engine::default().search(&game, &soft(5), &clock, &StopFlag::new(), &mut |i| depths.push(i.depth));
    assert!(result.depth < 5 && Some(&result.depth) == depths.last(), "{depths:?}");
    // A player with a clock keeps within its share of it: a minute for the game, a move's
    // soft limit of 2 s; one second left, 33 ms.
    let mut player = Player::new(levels::find("master").unwrap(), 1);
    player.set_clock(Some(ClockLeft {
        left_ms: 1_000,
        increment_ms: 0,
    }));
    let began = Instant::now();
    let mv = player.choose(&game, &StdClock::new(), &StopFlag::new());
    assert!(mv.is_some_and(|mv| game.position().is_legal(mv)));
    assert!(
        began.elapsed() < Duration::from_millis(400),
        "{:?} with a second left",
        began.elapsed()
    );
}

/// Runs an unbounded search of the full start on its own thread on `threads` threads, raises
/// its stop flag after 100 ms, and checks that it returns within 100 ms with a legal move.
fn stops_within_100_ms(threads: usize) {
    let stop = StopFlag::new();
    let worker_stop = stop.clone();
    let handle = std::thread::spawn(move || {
        let game = Game::from_setup(Setup::Full);
        let limits = Limits::default();
        let result =
            Engine::default().search_threads(&game, &limits, &StdClock::new(), &worker_stop, threads, &mut |_| {});
        (result, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(100));
    let raised = Instant::now();
    stop.stop();
    let (result, returned) = handle.join().unwrap();
    assert!(
        returned.duration_since(raised) < Duration::from_millis(100),
        "{threads} threads"
    );
    assert!(Setup::Full.position().is_legal(result.best.unwrap()));
}

#[test]
fn the_stop_flag_ends_a_search_from_another_thread() {
    stops_within_100_ms(1);
}

#[test]
fn the_same_input_under_a_depth_or_node_limit_gives_the_same_move() {
    for game in random_positions(5, 21) {
        for limits in [Limits::depth(3), Limits::nodes(5_000)] {
            let a = Engine::default().search(&game, &limits, &NoClock, &StopFlag::new(), &mut |_| {});
            let b = Engine::default().search(&game, &limits, &NoClock, &StopFlag::new(), &mut |_| {});
            assert_eq!((a.best, a.nodes, a.score), (b.best, b.nodes, b.score));
        }
        let level = levels::find("beginner").unwrap();
        let a = Player::new(level, 9).choose(&game, &NoClock, &StopFlag::new());
        let b = Player::new(level, 9).choose(&game, &NoClock, &StopFlag::new());
        assert_eq!(a, b, "a seeded noisy level repeats itself");
    }
}

#[test]
fn a_sliced_search_spends_at_most_its_slice_per_step() {
    let game = Game::from_setup(Setup::Classic);
    let mut engine = Engine::default();
    let mut search = IterativeDeepening::new(&game, Limits::nodes(60_000), &NoClock);
    let stop = StopFlag::new();
    let mut steps = 0;
    let result = loop {
        let before = search.nodes();
        let done = search.step(&mut engine, 2_000, &NoClock, &stop, &mut |_| {});
        assert!(search.nodes() - before <= 2_000);
        steps += 1;
        if let Some(result) = done {
            break result;
        }
    };
    assert!(
        steps >= 30,
        "60,000 nodes in slices of 2,000 take many steps, took {steps}"
    );
    assert!(
        result.depth >= 3,
        "the sliced search still deepens: depth {}",
        result.depth
    );
    assert!(game.position().is_legal(result.best.unwrap()));
}

#[test]
fn every_level_decides_in_slices_as_the_browser_runs_it() {
    let game = random_positions(1, 5).pop().unwrap();
    let stop = StopFlag::new();
    for level in LEVELS.iter().take(4) {
        let mut player = Player::new(level, 3);
        let mut decision = player.decide(&game, &NoClock);
        let mut steps = 0;
        let answer = loop {
            steps += 1;
            if let Some(answer) = player.think(&mut decision, 300, &NoClock, &stop, &mut |_| {}) {
                break answer;
            }
        };
        let mv = answer.expect("the position has legal moves");
        assert!(game.position().is_legal(mv), "{}: {mv:?}", level.name);
        assert!(steps > 1, "{} decided in one step of 300 nodes", level.name);
        if level.noise > 0 && level.limits.depth == Some(1) {
            // One ply cannot be cut short by a slice, so the noisy choice is the unsliced one.
            let unsliced = Player::new(level, 3).choose(&game, &NoClock, &stop);
            assert_eq!(Some(mv), unsliced, "{}", level.name);
        }
    }
}

/// The refinements kept for saving nodes reach the same depth in fewer: checks extended only
/// within the nominal depth, and not a check whose piece is lost to the exchange (the mate tests
/// show that no mate is lost to them); the null move reduced by more when far above beta.
#[test]
fn the_refinements_that_save_nodes_reach_a_depth_in_fewer() {
    let game = Game::from_setup(Setup::Classic);
    let nodes_to_depth_8 = |search: &str| {
        let features = Features::parse(search).unwrap();
        let result = Engine::with_features(16, features).search(
            &game,
            &Limits::depth(8),
            &NoClock,
            &StopFlag::new(),
            &mut |_| {},
        );
        assert_eq!(result.depth, 8);
        result.nodes
    };
    let current = nodes_to_depth_8("current");
    for without in ["-short-check-extension", "-safe-check-extension", "-adaptive-null-move"] {
        let nodes = nodes_to_depth_8(without);
        assert!(
            current < nodes,
            "{current} nodes with every refinement, {nodes} with {without}"
        );
    }
}

#[test]
fn a_stronger_level_outscores_a_weaker_one() {
    let config = MatchConfig {
        first: Opponent::parse("casual").unwrap(),
        second: Opponent::parse("beginner").unwrap(),
        games: 6,
        swap: true,
        setups: vec![Setup::Classic, Setup::Full],
        seed: 4,
        opening_plies: 2,
        threads: 2,
        limits: None,
        balance: None,
    };
    let records = run_match(&config, &StdClock::new());
    let score: f64 = records.iter().map(|r| r.first_score()).sum();
    assert!(score > 3.0, "casual scored {score} of 6 against beginner");
    for r in &records {
        assert!(r.outcome == r.game.outcome().unwrap());
    }
}

/// A match played in parts is the same games as one played whole (node limits make them
/// repeatable), and the sequential test counts each opening's two games as one sample, leaving
/// out a pair not yet complete.
#[test]
fn a_match_in_parts_is_the_same_games_and_the_test_counts_whole_pairs() {
    let config = MatchConfig {
        first: Opponent::parse("novice").unwrap(),
        second: Opponent::parse("beginner").unwrap(),
        games: 6,
        swap: true,
        setups: vec![Setup::Classic],
        seed: 7,
        opening_plies: 2,
        threads: 2,
        limits: None,
        balance: None,
    };
    let clock = StdClock::new();
    let openings = config.opening_plan().openings(3, 1, &clock);
    let whole = play_openings(&config, &openings, &clock);
    let mut parts = play_games(&config, &openings, 0..5, &clock);
    parts.extend(play_games(&config, &openings, 5..6, &clock));
    let moves = |records: &[GameRecord]| records.iter().map(|r| r.game.moves().to_vec()).collect::<Vec<_>>();
    assert_eq!(moves(&whole), moves(&parts));
    assert_eq!(parts.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);

    let pair_totals: Vec<f64> = whole
        .chunks(2)
        .map(|pair| pair[0].first_score() + pair[1].first_score())
        .collect();
    let expected = |totals: &[f64]| {
        let mut counts = [0u64; 5];
        for total in totals {
            counts[(total * 2.0) as usize] += 1;
        }
        counts
    };
    assert_eq!(sprt_outcomes(&config, &whole).counts(), expected(&pair_totals));
    assert_eq!(
        sprt_outcomes(&config, &whole[..5]).counts(),
        expected(&pair_totals[..2])
    );
    let single = MatchConfig { swap: false, ..config };
    let outcomes = sprt_outcomes(&single, &whole);
    assert_eq!(outcomes.samples(), 6);
    assert_eq!(outcomes.counts().len(), 3);
}

#[test]
fn the_reference_opponent_plays_legal_moves_and_takes_a_free_queen() {
    // White to move can take the Black queen on b1[0,0] with the rook along X.
    let game = Game::new(Position::from_fen("4/4/4/RqK1|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1").unwrap());
    let mut rng = Rng::new(1);
    let mv = reference::choose(&game, &mut rng).unwrap();
    assert_eq!(mv.to, "b1@00".parse().unwrap());
}

#[test]
fn a_search_on_several_threads_keeps_its_limits_and_stops() {
    // Lazy SMP: the main thread's node and depth limits bound the search; helpers only fill
    // the shared table.
    for game in random_positions(4, 31) {
        let result = Engine::default().search_threads(
            &game,
            &Limits::nodes(20_000),
            &NoClock,
            &StopFlag::new(),
            3,
            &mut |_| {},
        );
        assert!(result.nodes <= 20_000, "{}", result.nodes);
        assert!(game.position().is_legal(result.best.unwrap()));
    }
    let game = Game::from_setup(Setup::Classic);
    let mut seen = Vec::new();
    let result = Engine::default().search_threads(&game, &Limits::depth(6), &NoClock, &StopFlag::new(), 2, &mut |i| {
        seen.push(i.depth)
    });
    assert_eq!((result.depth, seen), (6, (1..=6).collect::<Vec<_>>()));
    // A stop flag raised from elsewhere ends the main search, and it ends its helpers.
    stops_within_100_ms(2);
}
