//! The computer's strengths, from a beginner that makes human mistakes to the strongest level.

pub use crate::engine::level::Level;
use crate::engine::level::{depth, nodes};

/// Every level, weakest first. Node and depth limits keep each level reproducible and equally
/// strong on every machine; the README lists the time each takes per move.
pub const LEVELS: [Level; 6] = [
    Level::new(
        "beginner",
        "looks one move ahead and often misjudges (noise ±150 cp)",
        depth(1),
        150,
        (1500.0, 350.0),
    ),
    Level::new(
        "novice",
        "two plies with some noise (±60 cp)",
        depth(2),
        60,
        (1830.0, 51.0),
    ),
    Level::new(
        "casual",
        "three plies, a little noise (±20 cp)",
        depth(3),
        20,
        (1980.0, 35.0),
    ),
    Level::new("club", "20,000 nodes", nodes(20_000), 0, (2188.0, 35.0)),
    Level::new("strong", "200,000 nodes", nodes(200_000), 0, (2434.0, 35.0)),
    Level::new("master", "2,000,000 nodes", nodes(2_000_000), 0, (2562.0, 35.0)),
];

/// Threads the game gives a level natively: the strongest level uses every core (Lazy SMP:
/// helper threads fill the shared table, so the same node budget reaches deeper), the others
/// one, so that they play as the ladder measured them. The browser thinks on one.
pub fn game_threads(level: &Level) -> usize {
    if level.name != LEVELS[LEVELS.len() - 1].name || cfg!(target_arch = "wasm32") {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The level the command line uses when none is named.
pub const DEFAULT_LEVEL: &str = "strong";

/// The app's opponent for a first game: one a newcomer to four dimensions can beat (the strong
/// level is a poor first game).
pub const FIRST_GAME_LEVEL: &str = "novice";

/// The index into `LEVELS` of the level called `name`.
pub fn index(name: &str) -> Result<usize, String> {
    crate::engine::level::index(&LEVELS, name)
}

pub fn find(name: &str) -> Result<&'static Level, String> {
    crate::engine::level::find(&LEVELS, name)
}

/// The rating of the level called `name` now (what rated games against it count), if there is one.
pub fn rating_of(name: &str) -> Option<crate::rating::Rating> {
    find(name).ok().map(|level| level.rating)
}
