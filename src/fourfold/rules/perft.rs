//! Perft: count the leaf nodes of the legal move tree, the standard check of a move generator.

use super::lan::format_move;
use super::position::Position;

/// The most leaves the command line agrees to count: 2^40 (about 1.1 × 10^12, an hour and a
/// half at this engine's 190 M leaves/s). Classic perft 7 (an estimated 2 × 10^11) is allowed,
/// perft 8 is not.
pub const MAX_LEAVES: u64 = 1 << 40;

/// Leaf nodes at `depth` plies, or `None` if the count does not fit in a `u64`. The last ply is
/// counted in bulk (moves are not played).
pub fn perft(pos: &mut Position, depth: u32) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if depth == 1 {
        return Some(pos.count_legal_moves() as u64);
    }
    let moves = pos.legal_moves();
    let mut nodes: u64 = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        let below = perft(pos, depth - 1);
        pos.unmake(mv, undo);
        nodes = nodes.checked_add(below?)?;
    }
    Some(nodes)
}

/// An estimate of `perft(depth)` from the first two plies: a ply pair multiplies the count by
/// about perft(2), as the classic counts show (estimated 1.1 × 10^8 and 4.7 × 10^9 for depths 5
/// and 6, against 1.5 × 10^8 and 6.5 × 10^9).
pub fn estimate(pos: &mut Position, depth: u32) -> f64 {
    let one = perft(pos, depth.min(1)).unwrap_or(u64::MAX) as f64;
    let two = perft(pos, depth.min(2)).unwrap_or(u64::MAX) as f64;
    two.powi((depth / 2) as i32) * if depth % 2 == 1 { one } else { 1.0 }
}

/// Per root move: its LAN4D and the leaf count below it.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, Option<u64>)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::rules::Setup;

    #[test]
    fn the_estimate_is_within_a_factor_of_two_of_the_counts() {
        let mut pos = Setup::Classic.position();
        for (depth, exact) in [(3, 74_569u64), (4, 3_194_878)] {
            let ratio = estimate(&mut pos, depth) / exact as f64;
            assert!((0.5..2.0).contains(&ratio), "depth {depth}: {ratio}");
        }
        assert!(estimate(&mut pos, 7) < MAX_LEAVES as f64);
        assert!(estimate(&mut pos, 8) > MAX_LEAVES as f64);
    }
}
