//! The computer's strengths, from a beginner that makes human mistakes to the strongest level.

use crate::engine::limits::Limits;
use crate::rating::Rating;

#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub name: &'static str,
    pub description: &'static str,
    pub limits: Limits,
    /// Random noise (± centipawns) added to every root move's score: the lower levels' mistakes.
    pub noise_cp: i32,
    /// The level's fixed Glicko-2 rating, measured by the self-play ladder
    /// (`results/ladder-raw.txt`); rated games against it use this.
    pub rating: Rating,
}

const fn level(
    name: &'static str,
    description: &'static str,
    limits: Limits,
    noise_cp: i32,
    (rating, deviation): (f64, f64),
) -> Level {
    let rating = Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    Level {
        name,
        description,
        limits,
        noise_cp,
        rating,
    }
}

const fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        nodes: None,
        movetime_ms: None,
    }
}

const fn nodes(n: u64) -> Limits {
    Limits {
        depth: None,
        nodes: Some(n),
        movetime_ms: None,
    }
}

/// Every level, weakest first. Node and depth limits keep each level reproducible and equally
/// strong on every machine; the README lists the time each takes per move.
pub const LEVELS: [Level; 6] = [
    level(
        "beginner",
        "looks one move ahead and often misjudges (noise ±150 cp)",
        depth(1),
        150,
        (1500.0, 350.0),
    ),
    level(
        "novice",
        "two plies with some noise (±60 cp)",
        depth(2),
        60,
        (1594.0, 110.0),
    ),
    level(
        "casual",
        "three plies, a little noise (±20 cp)",
        depth(3),
        20,
        (1663.0, 80.0),
    ),
    level("club", "20,000 nodes", nodes(20_000), 0, (1697.0, 78.0)),
    level("strong", "200,000 nodes", nodes(200_000), 0, (1833.0, 78.0)),
    level("master", "2,000,000 nodes", nodes(2_000_000), 0, (1884.0, 78.0)),
];

/// The level the command line uses when none is named.
pub const DEFAULT_LEVEL: &str = "strong";

/// The app's opponent for a first game: one a newcomer to four dimensions can beat (the strong
/// level is a poor first game).
pub const FIRST_GAME_LEVEL: &str = "novice";

/// The index into `LEVELS` of the level called `name`.
pub fn index(name: &str) -> Result<usize, String> {
    find(name).map(|level| {
        LEVELS
            .iter()
            .position(|l| std::ptr::eq(l, level))
            .expect("a level of LEVELS")
    })
}

pub fn find(name: &str) -> Result<&'static Level, String> {
    LEVELS.iter().find(|l| l.name == name).ok_or_else(|| {
        let names: Vec<&str> = LEVELS.iter().map(|l| l.name).collect();
        format!("unknown level '{name}': choose one of {}", names.join(", "))
    })
}
