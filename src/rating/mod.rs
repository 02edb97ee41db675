//! Ratings: Glicko-2 (the system lichess uses) from the maintained `skillratings` crate, and the
//! player's saved profile.

pub mod glicko;
#[cfg(target_arch = "wasm32")]
pub mod local_storage;
pub mod profile;

pub use glicko::{GameResult, Rating};
pub use profile::{Loaded, Profile, ProfileStorage, SavedGame, StorageError, Unfinished};
