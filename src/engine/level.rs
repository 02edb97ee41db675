//! The shape of a level table, shared by both games' computers: a name, what it does, the limits
//! of its search, the noise its lower levels add, and its rating measured by self-play.

use super::limits::Limits;
use crate::rating::Rating;

#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub name: &'static str,
    pub description: &'static str,
    pub limits: Limits,
    /// Random noise (± the evaluation's units: centipawns, or FFA's centipoints) added to every
    /// root move's score: the lower levels' mistakes.
    pub noise: i32,
    /// The level's Glicko-2 rating, measured by its game's self-play ladder.
    pub rating: Rating,
}

impl Level {
    pub const fn new(
        name: &'static str,
        description: &'static str,
        limits: Limits,
        noise: i32,
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
            noise,
            rating,
        }
    }
}

/// Limits of a depth-bounded level.
pub const fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        nodes: None,
        movetime_ms: None,
        soft_ms: None,
    }
}

/// Limits of a node-bounded level.
pub const fn nodes(n: u64) -> Limits {
    Limits {
        depth: None,
        nodes: Some(n),
        movetime_ms: None,
        soft_ms: None,
    }
}

/// The level of `table` called `name`, or an error listing the names.
pub fn find<'a>(table: &'a [Level], name: &str) -> Result<&'a Level, String> {
    table.iter().find(|l| l.name == name).ok_or_else(|| {
        let names: Vec<&str> = table.iter().map(|l| l.name).collect();
        format!("unknown level '{name}': choose one of {}", names.join(", "))
    })
}

/// The index into `table` of the level called `name`.
pub fn index(table: &[Level], name: &str) -> Result<usize, String> {
    find(table, name)?;
    Ok(table.iter().position(|l| l.name == name).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: [Level; 2] = [
        Level::new("low", "one ply", depth(1), 50, (1500.0, 350.0)),
        Level::new("high", "many nodes", nodes(1_000), 0, (1700.0, 80.0)),
    ];

    #[test]
    fn levels_are_found_by_name_and_unknown_names_are_listed() {
        assert_eq!(index(&TABLE, "high"), Ok(1));
        assert_eq!(find(&TABLE, "low").map(|l| l.noise), Ok(50));
        let error = find(&TABLE, "middle").unwrap_err();
        assert!(error.contains("'middle'") && error.contains("low, high"), "{error}");
    }
}
