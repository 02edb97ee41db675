//! How many nodes one slice of a browser frame may search: grown or shrunk so a slice takes about
//! `TARGET_MS`, whatever the browser's speed.

/// Time for thinking in each frame: the frame stays well under the 50 ms a browser calls long.
pub const TARGET_MS: f64 = 16.0;
const MIN_NODES: u64 = 256;
const MAX_NODES: u64 = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliceSize(u64);

impl Default for SliceSize {
    fn default() -> Self {
        SliceSize(2_048)
    }
}

impl SliceSize {
    pub fn nodes(self) -> u64 {
        self.0
    }

    /// Adjusts the next slice after one of `self.nodes()` nodes took `elapsed_ms`.
    pub fn took(&mut self, elapsed_ms: f64) {
        let scaled = if elapsed_ms <= 0.0 {
            self.0 * 2
        } else {
            // Too slow: shrink at once to the size that would take TARGET_MS (a long frame is
            // what the player feels). Too fast: grow half-way (in ratio) towards it, at most 2×.
            let ratio = TARGET_MS / elapsed_ms;
            let step = if ratio < 1.0 {
                ratio.max(0.1)
            } else {
                ratio.min(4.0).sqrt()
            };
            (self.0 as f64 * step) as u64
        };
        self.0 = scaled.clamp(MIN_NODES, MAX_NODES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_settle_where_a_slice_takes_the_target_time() {
        // A browser that searches 1,000 nodes per millisecond.
        let mut slice = SliceSize::default();
        for _ in 0..40 {
            let elapsed = slice.nodes() as f64 / 1_000.0;
            slice.took(elapsed);
        }
        let settled_ms = slice.nodes() as f64 / 1_000.0;
        assert!((settled_ms - TARGET_MS).abs() < 1.0, "settled at {settled_ms} ms");
        // A sudden slow slice shrinks the next one.
        let before = slice.nodes();
        slice.took(80.0);
        assert!(slice.nodes() < before / 2);
    }
}
