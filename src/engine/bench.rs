//! What both games' benches measure of a search: its depth, its nodes and its time, and nodes per
//! second over several searches.

use super::Clock;

/// One timed search.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    pub depth: u32,
    pub nodes: u64,
    pub ms: f64,
}

impl Timed {
    /// Times `search` (which answers its depth and nodes) on `clock`.
    pub fn measure(clock: &dyn Clock, search: impl FnOnce() -> (u32, u64)) -> Timed {
        let began = clock.now_ms();
        let (depth, nodes) = search();
        Timed {
            depth,
            nodes,
            ms: clock.now_ms() - began,
        }
    }

    pub fn nodes_per_second(&self) -> f64 {
        nodes_per_second(self.nodes, self.ms)
    }
}

/// The nodes and milliseconds of `searches` together, and their nodes per second.
pub fn total<'a>(searches: impl IntoIterator<Item = &'a Timed>) -> (u64, f64, f64) {
    let (nodes, ms) = searches
        .into_iter()
        .fold((0, 0.0), |(nodes, ms), t| (nodes + t.nodes, ms + t.ms));
    (nodes, ms, nodes_per_second(nodes, ms))
}

fn nodes_per_second(nodes: u64, ms: f64) -> f64 {
    nodes as f64 / (ms / 1000.0).max(1e-6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoClock;

    #[test]
    fn totals_add_up_and_a_search_in_no_time_does_not_divide_by_zero() {
        let a = Timed {
            depth: 3,
            nodes: 1_000,
            ms: 10.0,
        };
        let b = Timed {
            depth: 4,
            nodes: 3_000,
            ms: 30.0,
        };
        assert_eq!(total([&a, &b]), (4_000, 40.0, 100_000.0));
        let instant = Timed::measure(&NoClock, || (2, 500));
        assert_eq!((instant.depth, instant.nodes, instant.ms), (2, 500, 0.0));
        assert!(instant.nodes_per_second().is_finite());
    }
}
