//! Ratings: Glicko-2 (the system lichess uses) from the maintained `skillratings` crate, and the
//! player's saved profile (kept through `crate::storage`).

pub mod glicko;
pub mod profile;
pub mod sprt;

pub use glicko::{GameResult, Rating};
pub use profile::{Loaded, Profile, SavedGame, Unfinished};
