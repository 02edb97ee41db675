//! Tesseract Chess: two games in one house — chess in four dimensions on the 4×4×2×2 board
//! (`fourfold`) and four-player chess on the cross board (`four_player`).
//!
//! `engine` is what both games' computer players share; `rating` and `tutorial` serve the app;
//! `cli` is the command line; `app` (feature `app`) is the Bevy game.

/// The command line needs a native clock and process; the browser build has no use for it.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod engine;
pub mod files;
pub mod four_player;
pub mod fourfold;
pub mod rating;
pub mod settings;
pub mod storage;
pub mod tutorial;
pub mod worker;

#[cfg(feature = "app")]
pub mod app;
