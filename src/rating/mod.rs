//! Ratings: Glicko-2 (the system lichess uses) from the maintained `skillratings` crate.

pub mod glicko;

pub use glicko::{GameResult, Rating};
