//! Correction history: how far the searches of positions sharing a structure (their pawns, say)
//! found the static evaluation to be off, per side to move, added to the static evaluation of
//! the next such position. An evaluation errs alike across positions with the same pawns, and
//! the pruning that trusts the static score (reverse futility, null move, futility) is only as
//! good as that score. Each update is a moving average weighted by the depth of the search that
//! found the error, so a deep search counts for more and old errors fade.

/// Entries per side to move (a power of two: the key's top bits pick one).
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in 1/`GRAIN` of a centipawn, so small updates are not lost to rounding.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
pub const LIMIT_CP: i32 = 64;
/// An update's weight is `min(depth + 1, MAX_WEIGHT)` out of `WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    /// Per side to move, the running correction in 1/GRAIN centipawns.
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES],
        }
    }

    fn slot(side: usize, key: u64) -> usize {
        side * ENTRIES + (key >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The correction, in centipawns, for `side` to move in a position of structure `key`.
    pub fn correction(&self, side: usize, key: u64) -> i32 {
        self.table[Self::slot(side, key)] / GRAIN
    }

    /// A search of `depth` found the position's score to be `searched` where its static evaluation,
    /// uncorrected, said `raw`: the entry moves towards that error.
    pub fn update(&mut self, side: usize, key: u64, depth: i32, searched: i32, raw: i32) {
        // One search that saw a tactic the static score cannot see moves it by a bounded step.
        let error = (searched - raw).clamp(-4 * LIMIT_CP, 4 * LIMIT_CP) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let entry = &mut self.table[Self::slot(side, key)];
        let blended = (i64::from(*entry) * i64::from(WEIGHT_SCALE - weight) + i64::from(error) * i64::from(weight))
            / i64::from(WEIGHT_SCALE);
        *entry = (blended as i32).clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_error_is_learned_up_to_the_limit_and_kept_per_side_and_structure() {
        let mut history = CorrectionHistory::new();
        let key = 0xDEAD_BEEF_0000_0001;
        // The static score says 40 where the searches keep finding 70.
        for _ in 0..300 {
            history.update(0, key, 10, 70, 40);
        }
        let learned = history.correction(0, key);
        assert!((27..=30).contains(&learned), "{learned}");
        assert_eq!(history.correction(1, key), 0);
        assert_eq!(history.correction(0, key ^ (1 << 63)), 0);
        for _ in 0..500 {
            history.update(1, key, 20, -10_000, 0);
        }
        assert_eq!(history.correction(1, key), -LIMIT_CP);
    }

    #[test]
    fn a_deeper_search_moves_the_correction_further() {
        let mut shallow = CorrectionHistory::new();
        let mut deep = CorrectionHistory::new();
        shallow.update(0, 7, 1, 1_000, 0);
        deep.update(0, 7, 12, 1_000, 0);
        assert!(deep.correction(0, 7) > shallow.correction(0, 7));
        assert!(shallow.correction(0, 7) > 0);
    }
}
