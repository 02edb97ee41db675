//! Generated forced mates: hundreds of mate-in-2 and mate-in-3 positions whose key moves are
//! quiet (no capture, no check, no promotion), with key moves of every piece kind along every
//! axis, each proved by the exhaustive solver (`fourfold::puzzles::solver`, the one the puzzle
//! set is proved with). The search must find every mate in N at depth 2N−1 and deeper, with the
//! mate's exact length.

use std::collections::HashMap;

use tesseract_chess::engine::random::Rng;
use tesseract_chess::engine::*;
use tesseract_chess::fourfold::ai::*;
use tesseract_chess::fourfold::puzzles::generate::{is_quiet, mutate, random_position};
use tesseract_chess::fourfold::puzzles::solver::Solver;
use tesseract_chess::fourfold::rules::*;

/// One generated position with a forced mate whose key moves are all quiet.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub fen: String,
    /// Moves to mate (the mating side's).
    pub n: u32,
    pub keys: Vec<Move>,
    /// The kind that plays the (first) key move, and the axes that move changes.
    pub kind: PieceKind,
    pub axes: Vec<Axis>,
}

/// Puzzles of exactly `n` moves, balanced over (key piece kind, changed axis): at most
/// `per_bucket` in each of the 24 buckets, found in `attempts` positions. Half the positions are
/// random; the other half move one piece of a position that already had a mate in `n − 1` or
/// `n` (mates cluster: a neighbour of a mate is often a mate).
pub fn generate(n: u32, per_bucket: usize, attempts: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut buckets: HashMap<(PieceKind, Axis), usize> = HashMap::new();
    let mut puzzles = Vec::new();
    let mut near_mates: Vec<Position> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..attempts {
        let candidate = if near_mates.is_empty() || rng.below(2) == 0 {
            random_position(&mut rng)
        } else {
            mutate(&near_mates[rng.below(near_mates.len() as u64) as usize], &mut rng)
        };
        let Some(mut pos) = candidate else {
            continue;
        };
        if !seen.insert(pos.key()) || pos.legal_moves().is_empty() {
            continue;
        }
        let mut solver = Solver::default();
        let shortest = solver.shortest_mate(&mut pos, n);
        if shortest.is_some_and(|m| m + 1 >= n) {
            near_mates.push(pos.clone());
        }
        if shortest != Some(n) {
            continue;
        }
        let moves = pos.legal_moves();
        let keys: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| solver.mates_with(&mut pos, m, n))
            .collect();
        if !keys.iter().all(|&k| is_quiet(&mut pos, k)) {
            continue;
        }
        let key = keys[0];
        let kind = pos.piece_at(key.from).expect("a key move has a piece").kind;
        let axes = key.changed_axes();
        let Some(&axis) = axes
            .iter()
            .min_by_key(|&&a| buckets.get(&(kind, a)).copied().unwrap_or(0))
        else {
            continue;
        };
        let count = buckets.entry((kind, axis)).or_default();
        if *count >= per_bucket {
            continue;
        }
        *count += 1;
        puzzles.push(Puzzle {
            fen: pos.to_fen(),
            n,
            keys,
            kind,
            axes,
        });
    }
    puzzles
}

/// How many of `puzzles` the search solves at `depth`: the right length and a key move.
fn solved_at(puzzles: &[Puzzle], depth: u32) -> Vec<String> {
    let mut engine = Engine::new(4);
    let mut misses = Vec::new();
    for p in puzzles {
        let game = Game::new(Position::from_fen(&p.fen).unwrap());
        let result = engine.search(&game, &Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
        let right_length = mate_in(result.score) == Some(p.n as i32);
        let right_move = result.best.is_some_and(|b| p.keys.contains(&b));
        if !(right_length && right_move) {
            misses.push(format!(
                "{} (mate in {}, keys {:?}): depth {depth} gave {:?} score {}",
                p.fen,
                p.n,
                p.keys.iter().map(|k| k.to_string()).collect::<Vec<_>>(),
                result.best.map(|b| b.to_string()),
                result.score
            ));
        }
    }
    misses
}

fn coverage(puzzles: &[Puzzle]) -> HashMap<(PieceKind, Axis), usize> {
    let mut seen = HashMap::new();
    for p in puzzles {
        for &a in &p.axes {
            *seen.entry((p.kind, a)).or_default() += 1;
        }
    }
    seen
}

fn check_suite(n: u32, per_bucket: usize, attempts: usize, seed: u64, min_count: usize) {
    let puzzles = generate(n, per_bucket, attempts, seed);
    let seen = coverage(&puzzles);
    eprintln!("mate in {n}: {} puzzles; coverage {seen:?}", puzzles.len());
    assert!(puzzles.len() >= min_count, "only {} mate-in-{n} puzzles", puzzles.len());
    for kind in PieceKind::ALL {
        // A pawn's quiet move is a push: it changes Y only.
        let axes: &[Axis] = if kind == PieceKind::Pawn {
            &[Axis::Y]
        } else {
            &Axis::ALL
        };
        for &axis in axes {
            assert!(
                seen.contains_key(&(kind, axis)),
                "no mate-in-{n} key of a {kind:?} along {axis:?}"
            );
        }
    }
    for depth in [2 * n - 1, 2 * n, 2 * n + 3] {
        let misses = solved_at(&puzzles, depth);
        eprintln!(
            "mate in {n} at depth {depth}: {} of {} found",
            puzzles.len() - misses.len(),
            puzzles.len()
        );
        assert!(misses.is_empty(), "{} missed:\n{}", misses.len(), misses.join("\n"));
    }
}

#[test]
fn every_generated_mate_in_two_is_found_at_depth_three() {
    check_suite(2, 16, 200_000, 2, 200);
}

#[test]
fn every_generated_mate_in_three_is_found_at_depth_five() {
    check_suite(3, 8, 40_000, 3, 100);
}

/// Does the side to move force mate within `n` moves playing only checks (every defence tried)?
/// A proof independent of the search: the attacker's moves are filtered by playing them and
/// asking whether the other king stands in check.
fn mates_by_checks(pos: &mut Position, n: u32, memo: &mut HashMap<(u64, u32), bool>) -> bool {
    if n == 0 {
        return false;
    }
    if let Some(&known) = memo.get(&(pos.key(), n)) {
        return known;
    }
    let found = pos.legal_moves().iter().any(|&check| {
        let undo = pos.make(check);
        let forced = pos.in_check() && {
            let replies = pos.legal_moves();
            replies.is_empty()
                || replies.iter().all(|&reply| {
                    let u = pos.make(reply);
                    let lost = mates_by_checks(pos, n - 1, memo);
                    pos.unmake(reply, u);
                    lost
                })
        };
        pos.unmake(check, undo);
        forced
    });
    memo.insert((pos.key(), n), found);
    found
}

/// The line the engine plays from the full setup: White mates in six, every move a check.
pub const FULL_SETUP_MATE: [&str; 11] = [
    "d2@00-d3@00",
    "d4@01-c4@10",
    "b2@10-b3@10",
    "b4@11xb3@10",
    "a2@10xb3@10",
    "a4@11xb3@10",
    "c2@10xb3@10",
    "c4@10-b4@10",
    "b2@00-b3@00",
    "b4@10-a4@11",
    "b3@10-b4@10=Q",
];

#[test]
fn the_full_setup_is_a_forced_mate_in_six_by_checks() {
    let mut pos = Setup::Full.position();
    let mut memo = HashMap::new();
    assert!(mates_by_checks(&mut pos, 6, &mut memo), "no mate in six by checks");
    assert!(!mates_by_checks(&mut pos, 5, &mut memo), "a mate in five by checks");
    // The engine's line: every White move checks, and it ends in mate.
    let mut game = Game::from_setup(Setup::Full);
    for (ply, text) in FULL_SETUP_MATE.iter().enumerate() {
        let mv = lan::parse_move(game.position(), text, Strictness::Lenient).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap();
        assert!(ply % 2 == 1 || game.position().in_check(), "{text} gives no check");
    }
    assert_eq!(game.outcome().map(|o| o.reason()), Some("checkmate"));
    let result = Engine::default().search(
        &Game::from_setup(Setup::Full),
        &Limits::depth(11),
        &NoClock,
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(mate_in(result.score), Some(6));
}
