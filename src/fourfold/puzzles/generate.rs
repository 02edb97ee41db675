//! Where puzzles come from: random positions of a few pieces (and their neighbours: a mate's
//! neighbour is often a mate), and positions from games the computer's noisiest level plays
//! against itself from both setups.

use std::collections::HashSet;

use super::Puzzle;
use super::solver::Solver;
use crate::engine::random::Rng;
use crate::engine::{NoClock, SlicedPlayer, StopFlag};
use crate::fourfold::ai::{LEVELS, Player};
use crate::fourfold::rules::{Color, Game, Move, Piece, PieceKind, Position, Setup, Square};

/// White's armies besides the king, one drawn per position, so that every kind gets its turn
/// to play the key move (with a queen on the board, the queen plays most of them).
const WHITE_ARMIES: [&[PieceKind]; 6] = [
    &[
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ],
    &[PieceKind::Rook, PieceKind::Rook, PieceKind::Rook],
    &[PieceKind::Rook, PieceKind::Rook, PieceKind::Bishop, PieceKind::Pawn],
    &[PieceKind::Bishop, PieceKind::Bishop, PieceKind::Bishop, PieceKind::Rook],
    &[PieceKind::Knight, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook],
    &[PieceKind::Pawn, PieceKind::Pawn, PieceKind::Rook, PieceKind::Knight],
];
const BLACK_EXTRAS: [PieceKind; 4] = [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook];

/// A random legal position, White to move: White's king and 2–4 pieces drawn from one of
/// `WHITE_ARMIES` against Black's king and 0–2 pieces, Black's king in a corner half of the
/// time (where mates are).
pub fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut pos = Position::empty();
    let mut free: Vec<Square> = Square::all().collect();
    let take = |rng: &mut Rng, free: &mut Vec<Square>| free.swap_remove(rng.below(free.len() as u64) as usize);
    let black_king = if rng.below(2) == 0 {
        let [x, y, z, w] = [rng.below(2) * 3, rng.below(2) * 3, rng.below(2), rng.below(2)];
        let s = Square::new(x as u8, y as u8, z as u8, w as u8)?;
        free.retain(|&f| f != s);
        s
    } else {
        take(rng, &mut free)
    };
    pos.put(black_king, Piece::new(Color::Black, PieceKind::King));
    let white_king = take(rng, &mut free);
    pos.put(white_king, Piece::new(Color::White, PieceKind::King));
    let army = WHITE_ARMIES[rng.below(WHITE_ARMIES.len() as u64) as usize];
    for _ in 0..2 + rng.below(3) {
        let kind = army[rng.below(army.len() as u64) as usize];
        pos.put(take(rng, &mut free), Piece::new(Color::White, kind));
    }
    for _ in 0..rng.below(3) {
        let kind = BLACK_EXTRAS[rng.below(BLACK_EXTRAS.len() as u64) as usize];
        pos.put(take(rng, &mut free), Piece::new(Color::Black, kind));
    }
    // The FEN4D parser is the rules' validator (kings, check on the side not to move, pawns).
    Position::from_fen(&pos.to_fen()).ok()
}

/// Whether `mv` is quiet: no capture, no promotion, no check.
pub fn is_quiet(pos: &mut Position, mv: Move) -> bool {
    if pos.is_capture(mv) || pos.is_promotion(mv) {
        return false;
    }
    let undo = pos.make(mv);
    let check = pos.in_check();
    pos.unmake(mv, undo);
    !check
}

/// `pos` with one piece moved to a random empty square, if the result is a legal position.
pub fn mutate(pos: &Position, rng: &mut Rng) -> Option<Position> {
    let pieces: Vec<(Square, Piece)> = pos.placements().collect();
    let (from, piece) = pieces[rng.below(pieces.len() as u64) as usize];
    let empty: Vec<Square> = Square::all().filter(|&s| pos.piece_at(s).is_none()).collect();
    let to = empty[rng.below(empty.len() as u64) as usize];
    let mut next = pos.clone();
    next.remove(from);
    next.put(to, piece);
    Position::from_fen(&next.to_fen()).ok()
}

/// The puzzle `pos` makes, if its side to move has exactly one move that forces mate in `n`
/// moves, and no shorter mate.
pub fn puzzle_in(pos: &mut Position, n: u32, solver: &mut Solver) -> Option<Puzzle> {
    if solver.shortest_mate(pos, n) != Some(n) {
        return None;
    }
    let [key] = solver.mating_moves(pos, n)[..] else {
        return None;
    };
    let line = solver.line(pos, key, n);
    Some(Puzzle::new(pos.clone(), line))
}

/// Up to `count` puzzles of mate in `n` from random positions and their neighbours, from
/// `attempts` positions tried.
pub fn from_random_positions(n: u32, count: usize, attempts: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut puzzles = Vec::new();
    let mut near_mates: Vec<Position> = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..attempts {
        if puzzles.len() >= count {
            break;
        }
        let candidate = if near_mates.is_empty() || rng.below(2) == 0 {
            random_position(&mut rng)
        } else {
            mutate(&near_mates[rng.below(near_mates.len() as u64) as usize], &mut rng)
        };
        let Some(mut pos) = candidate else { continue };
        if !seen.insert(pos.key()) || pos.legal_moves().is_empty() {
            continue;
        }
        let mut solver = Solver::default();
        if solver.shortest_mate(&mut pos, n).is_some_and(|m| m + 1 >= n) {
            near_mates.push(pos.clone());
        }
        puzzles.extend(puzzle_in(&mut pos, n, &mut solver));
    }
    puzzles
}

/// Up to `count` puzzles of mate in 1 or 2 from games the beginner level plays against itself,
/// from both setups (seeded: the same games every time).
pub fn from_games(count: usize, games: usize, seed: u64) -> Vec<Puzzle> {
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    for index in 0..games {
        if puzzles.len() >= count {
            break;
        }
        let setup = if index % 2 == 0 { Setup::Classic } else { Setup::Full };
        let mut game = Game::from_setup(setup);
        let mut players = [
            Player::new(&LEVELS[0], seed + 2 * index as u64),
            Player::new(&LEVELS[0], seed + 2 * index as u64 + 1),
        ];
        while game.outcome().is_none() && game.moves().len() < 160 && puzzles.len() < count {
            let mut pos = game.position().clone();
            if game.moves().len() >= 4 && seen.insert(pos.key()) {
                let mut solver = Solver::default();
                let found = (1..=2).find_map(|n| puzzle_in(&mut pos, n, &mut solver));
                puzzles.extend(found);
            }
            let side = game.position().side_to_move().index();
            let Some(mv) = players[side].choose(&game, &NoClock, &StopFlag::new()) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    puzzles
}
