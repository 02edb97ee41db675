//! A reimplementation of the 2-ply opponent of the original 4D chess page, the benchmark our
//! levels must beat: every own move is scored by the opponent's best reply under a simple
//! evaluation, plus a uniform random 0-2 per move.

use crate::engine::random::Rng;
use crate::fourfold::rules::{Color, Game, Move, PieceKind, Position};

const MATE_SCORE: f64 = 100_000.0;

fn material(kind: PieceKind) -> f64 {
    match kind {
        PieceKind::Pawn => 100.0,
        PieceKind::Knight => 330.0,
        PieceKind::Bishop => 360.0,
        PieceKind::Rook => 470.0,
        PieceKind::Queen => 950.0,
        PieceKind::King => 0.0,
    }
}

/// The page's evaluation from `me`'s point of view; `pos` has already been checked for mate.
fn evaluate(pos: &Position, me: Color) -> f64 {
    let mut score = 0.0;
    for (s, piece) in pos.placements() {
        let mut points = material(piece.kind);
        if piece.kind == PieceKind::Pawn {
            let advanced = match piece.color {
                Color::White => s.y() as f64 - 1.0,
                Color::Black => 2.0 - s.y() as f64,
            };
            points += 24.0 * advanced.max(0.0);
        }
        if piece.kind != PieceKind::King {
            points += (3.0 - (s.x() as f64 - 1.5).abs() - (s.y() as f64 - 1.5).abs()) * 5.0;
        }
        score += if piece.color == me { points } else { -points };
    }
    if pos.king_attacked(me.opponent()) {
        score += 18.0;
    }
    if pos.king_attacked(me) {
        score -= 22.0;
    }
    score
}

/// The score of the position for `me` if it is over or about to be judged: mate or stalemate.
fn terminal(pos: &Position, me: Color) -> Option<f64> {
    if pos.count_legal_moves() > 0 {
        return None;
    }
    Some(if !pos.in_check() {
        0.0
    } else if pos.side_to_move() == me {
        -MATE_SCORE
    } else {
        MATE_SCORE
    })
}

/// The 2-ply opponent's move.
pub fn choose(game: &Game, rng: &mut Rng) -> Option<Move> {
    let mut pos = game.position().clone();
    let me = pos.side_to_move();
    let mut best: Option<(Move, f64)> = None;
    for &mv in pos.legal_moves().iter() {
        let undo = pos.make(mv);
        let score = match terminal(&pos, me) {
            Some(s) => s,
            None => {
                let mut worst = f64::INFINITY;
                for &reply in pos.legal_moves().iter() {
                    let reply_undo = pos.make(reply);
                    let s = terminal(&pos, me).unwrap_or_else(|| evaluate(&pos, me));
                    pos.unmake(reply, reply_undo);
                    worst = worst.min(s);
                }
                worst
            }
        };
        pos.unmake(mv, undo);
        let noisy = score + rng.below(2001) as f64 / 1000.0;
        if best.is_none_or(|(_, b)| noisy > b) {
            best = Some((mv, noisy));
        }
    }
    best.map(|(mv, _)| mv)
}
