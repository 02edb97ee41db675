//! Tesseract Chess: chess in four dimensions on the 4x4x2x2 board.
//!
//! `rules` is the engine every other part asks; `cli` is the command line; `app` (feature
//! `app`) is the Bevy game.

pub mod ai;
pub mod cli;
pub mod rating;
pub mod rules;
pub mod tutorial;

#[cfg(feature = "app")]
pub mod app;
