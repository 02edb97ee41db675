//! Precomputed attack tables, built at compile time.
//!
//! The key fact of this board: Z and W take only the values 0 and 1, so any line that changes Z or
//! W is at most one step long. Sliders therefore slide only inside one 4x4 board (along X, Y and
//! the XY diagonals); every other direction is a single step and is stored as a leaper mask. It
//! also means a pin, or a blockable check, can only lie inside the king's own board.

use super::square::Square;

/// The eight directions that stay inside one board, as (dx, dy). Index order matters: the first
/// four increase the square index, the last four decrease it.
pub const PLANAR_DIRECTIONS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// Directions 0..4 of `PLANAR_DIRECTIONS` move to higher indices (their nearest blocker is the lowest bit).
pub const fn direction_increases_index(dir: usize) -> bool {
    dir < 4
}

/// Whether a direction is orthogonal (rook) rather than diagonal (bishop).
pub const fn is_orthogonal(dir: usize) -> bool {
    PLANAR_DIRECTIONS[dir].0 == 0 || PLANAR_DIRECTIONS[dir].1 == 0
}

pub struct Tables {
    /// Squares strictly beyond `sq` in planar direction `dir`, up to the board's edge.
    pub rays: [[u64; 64]; 8],
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// Capture squares of a pawn of each colour standing on the square.
    pub pawn_attacks: [[u64; 64]; 2],
    /// The single push square of a pawn of each colour (0 on the last rank).
    pub pawn_push: [[u64; 64]; 2],
    /// Rook steps that change Z or W (always a single step).
    pub rook_steps: [u64; 64],
    /// Bishop steps that change Z or W together with one other axis.
    pub bishop_steps: [u64; 64],
    /// Queen steps that change three or four axes (never a rook or bishop move).
    pub queen_only_steps: [u64; 64],
    /// Union of the orthogonal planar rays (an empty board's planar rook reach).
    pub rook_planar: [u64; 64],
    /// Union of the diagonal planar rays.
    pub bishop_planar: [u64; 64],
    /// Squares strictly between two squares on one planar line; 0 otherwise.
    pub between: [[u64; 64]; 64],
    /// The whole planar line through two squares (both included); 0 if they share none.
    pub line: [[u64; 64]; 64],
}

const fn sq(x: i8, y: i8, z: i8, w: i8) -> i32 {
    if x < 0 || x > 3 || y < 0 || y > 3 || z < 0 || z > 1 || w < 0 || w > 1 {
        -1
    } else {
        (x + 4 * y + 16 * z + 32 * w) as i32
    }
}

const fn coords(i: usize) -> [i8; 4] {
    [
        (i & 3) as i8,
        ((i >> 2) & 3) as i8,
        ((i >> 4) & 1) as i8,
        ((i >> 5) & 1) as i8,
    ]
}

const fn abs(v: i8) -> i8 {
    if v < 0 { -v } else { v }
}

const fn build() -> Tables {
    let mut t = Tables {
        rays: [[0; 64]; 8],
        knight: [0; 64],
        king: [0; 64],
        pawn_attacks: [[0; 64]; 2],
        pawn_push: [[0; 64]; 2],
        rook_steps: [0; 64],
        bishop_steps: [0; 64],
        queen_only_steps: [0; 64],
        rook_planar: [0; 64],
        bishop_planar: [0; 64],
        between: [[0; 64]; 64],
        line: [[0; 64]; 64],
    };
    let mut from = 0;
    while from < 64 {
        let a = coords(from);
        // Rays inside the board.
        let mut dir = 0;
        while dir < 8 {
            let (dx, dy) = PLANAR_DIRECTIONS[dir];
            let mut x = a[0] + dx;
            let mut y = a[1] + dy;
            let mut ray = 0u64;
            while sq(x, y, a[2], a[3]) >= 0 {
                ray |= 1u64 << sq(x, y, a[2], a[3]);
                x += dx;
                y += dy;
            }
            t.rays[dir][from] = ray;
            if is_orthogonal(dir) {
                t.rook_planar[from] |= ray;
            } else {
                t.bishop_planar[from] |= ray;
            }
            dir += 1;
        }
        // Every other square, classified by its coordinate deltas.
        let mut to = 0;
        while to < 64 {
            let b = coords(to);
            let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3]];
            let mut changed = 0;
            let mut max = 0;
            let mut i = 0;
            while i < 4 {
                if d[i] != 0 {
                    changed += 1;
                }
                if abs(d[i]) > max {
                    max = abs(d[i]);
                }
                i += 1;
            }
            let bit = 1u64 << to;
            let off_board = d[2] != 0 || d[3] != 0;
            if changed > 0 && max == 1 {
                t.king[from] |= bit;
                if off_board && changed == 1 {
                    t.rook_steps[from] |= bit;
                }
                if off_board && changed == 2 {
                    t.bishop_steps[from] |= bit;
                }
                if changed >= 3 {
                    t.queen_only_steps[from] |= bit;
                }
            }
            // Knight: one axis by 2 (X or Y), one other axis by 1.
            if changed == 2 && (abs(d[0]) == 2 || abs(d[1]) == 2) && max == 2 {
                let mut ones = 0;
                let mut j = 0;
                while j < 4 {
                    if abs(d[j]) == 1 {
                        ones += 1;
                    }
                    j += 1;
                }
                if ones == 1 {
                    t.knight[from] |= bit;
                }
            }
            // Pawns: push one Y step; capture one Y step plus one step on exactly one of X, Z, W.
            let mut color = 0;
            while color < 2 {
                let fwd: i8 = if color == 0 { 1 } else { -1 };
                if d[1] == fwd {
                    let side = abs(d[0]) + abs(d[2]) + abs(d[3]);
                    if side == 0 {
                        t.pawn_push[color][from] |= bit;
                    } else if side == 1 {
                        t.pawn_attacks[color][from] |= bit;
                    }
                }
                color += 1;
            }
            to += 1;
        }
        from += 1;
    }
    // Lines and the squares between, from the planar rays.
    let mut from = 0;
    while from < 64 {
        let mut dir = 0;
        while dir < 8 {
            let mut ray = t.rays[dir][from];
            let opposite = (dir + 4) % 8;
            while ray != 0 {
                let to = ray.trailing_zeros() as usize;
                ray &= ray - 1;
                t.line[from][to] = t.rays[dir][from] | t.rays[opposite][from] | (1u64 << from);
                // Squares between: the ray from `from` minus the ray from `to` onwards, minus `to`.
                t.between[from][to] = t.rays[dir][from] & !t.rays[dir][to] & !(1u64 << to);
            }
            dir += 1;
        }
        from += 1;
    }
    t
}

pub static TABLES: Tables = build();

/// The squares a slider reaches along planar direction `dir` from `from`, stopping at (and
/// including) the first occupied square.
#[inline(always)]
pub fn ray_attacks(from: Square, occupied: u64, dir: usize) -> u64 {
    let ray = TABLES.rays[dir][from.index()];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let nearest = if direction_increases_index(dir) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ TABLES.rays[dir][nearest as usize]
}

#[inline(always)]
pub fn rook_attacks(from: Square, occupied: u64) -> u64 {
    ray_attacks(from, occupied, 0)
        | ray_attacks(from, occupied, 1)
        | ray_attacks(from, occupied, 4)
        | ray_attacks(from, occupied, 5)
        | TABLES.rook_steps[from.index()]
}

#[inline(always)]
pub fn bishop_attacks(from: Square, occupied: u64) -> u64 {
    ray_attacks(from, occupied, 2)
        | ray_attacks(from, occupied, 3)
        | ray_attacks(from, occupied, 6)
        | ray_attacks(from, occupied, 7)
        | TABLES.bishop_steps[from.index()]
}

#[inline(always)]
pub fn queen_attacks(from: Square, occupied: u64) -> u64 {
    rook_attacks(from, occupied) | bishop_attacks(from, occupied) | TABLES.queen_only_steps[from.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planar_direction_order_matches_index_growth() {
        for (dir, &(dx, dy)) in PLANAR_DIRECTIONS.iter().enumerate() {
            assert_eq!(dx + 4 * dy > 0, direction_increases_index(dir), "direction {dir}");
        }
    }

    #[test]
    fn every_square_has_80_neighbours_counted_once() {
        // Interior squares do not exist on a 4x4x2x2 board, but the king masks must partition the
        // 80 directions into rook/bishop/queen-only/planar classes without overlap.
        for s in 0..64 {
            let steps = TABLES.rook_steps[s] | TABLES.bishop_steps[s] | TABLES.queen_only_steps[s];
            let planar_king = TABLES.king[s] & !steps;
            assert_eq!(TABLES.rook_steps[s] & TABLES.bishop_steps[s], 0);
            assert_eq!(steps & TABLES.queen_only_steps[s], TABLES.queen_only_steps[s]);
            // Every planar king step is on a planar ray.
            assert_eq!(planar_king & !(TABLES.rook_planar[s] | TABLES.bishop_planar[s]), 0);
        }
    }
}
