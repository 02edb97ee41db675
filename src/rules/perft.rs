//! Perft: count the leaf nodes of the legal move tree, the standard check of a move generator.

use super::lan::format_move;
use super::position::Position;

/// Leaf nodes at `depth` plies. The last ply is counted in bulk (moves are not played).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        nodes += perft(pos, depth - 1);
        pos.unmake(mv, undo);
    }
    nodes
}

/// Per root move: its LAN4D and the leaf count below it.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            let text = format_move(pos, mv);
            let undo = pos.make(mv);
            let count = perft(pos, depth - 1);
            pos.unmake(mv, undo);
            (text, count)
        })
        .collect()
}
