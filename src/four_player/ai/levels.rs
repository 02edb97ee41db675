//! The four-player computer's strengths, weakest first: the lower levels look a few plies ahead
//! with seeded noise (reproducible mistakes), the upper ones search a fixed number of nodes, so
//! each level plays the same on every machine and for every seed at equal limits.

use crate::engine::Limits;
pub use crate::engine::level::Level;
use crate::engine::level::nodes;

/// Every level, weakest first. The ratings are the Teams self-play ladder's of 2026-12-07, with
/// the principal variation search (48 games a pair, each level rated against the one below from
/// beginner's 1500; README, "Four-player computer"); the top level stays within 2 s a move on
/// the reference machine.
pub const LEVELS: [Level; 6] = [
    Level::new(
        "beginner",
        "one ply, often misjudged (noise ±250)",
        depth_and_nodes(1, 20_000),
        250,
        (1500.0, 350.0),
    ),
    Level::new(
        "novice",
        "two plies, some noise (±100)",
        depth_and_nodes(2, 100_000),
        100,
        (1835.0, 28.0),
    ),
    Level::new(
        "casual",
        "three plies, a little noise (±30)",
        depth_and_nodes(3, 400_000),
        30,
        (2087.0, 27.0),
    ),
    Level::new("club", "20,000 nodes", nodes(20_000), 0, (2358.0, 27.0)),
    Level::new("strong", "150,000 nodes", nodes(150_000), 0, (2650.0, 27.0)),
    Level::new("master", "800,000 nodes, at most 2 s", MASTER_LIMITS, 0, (2963.0, 28.0)),
];

/// A depth-bounded level that never searches (and scores its root moves) past `nodes` in all:
/// in FFA a depth of two or three plies can explode into millions of capture nodes (a novice
/// once took 98 s over one move), which no player should wait for.
const fn depth_and_nodes(depth: u32, nodes: u64) -> Limits {
    Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        movetime_ms: None,
        soft_ms: None,
    }
}

/// The top level: 800,000 nodes (0.4–0.6 s a move in the three rule sets here, where it stays
/// reproducible), and never more than 2 s a move (the cap has bound on Club's slowest moves).
const MASTER_LIMITS: Limits = Limits {
    depth: None,
    nodes: Some(800_000),
    movetime_ms: Some(2_000),
    soft_ms: None,
};

/// A first game's opponents in the app: strong enough to play real chess, quick enough not to
/// keep a newcomer waiting three times a round.
pub const FIRST_GAME_LEVEL: &str = "casual";

/// The level the command line uses when none is named.
pub const DEFAULT_LEVEL: &str = "strong";

pub fn find(name: &str) -> Result<&'static Level, String> {
    crate::engine::level::find(&LEVELS, name)
}

pub fn index(name: &str) -> Result<usize, String> {
    crate::engine::level::index(&LEVELS, name)
}
