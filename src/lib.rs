//! Tesseract Chess: chess in four dimensions on the 4x4x2x2 board.
//!
//! `rules` is the engine every other part asks; `cli` is the command line; `app` (feature
//! `app`) is the Bevy game.

pub mod ai;
/// The command line needs a native clock and process; the browser build has no use for it.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod files;
pub mod four_player;
pub mod rating;
pub mod rules;
pub mod tutorial;

#[cfg(feature = "app")]
pub mod app;
