//! The 4D game in the app: its state (record, view, tutorial gate) and the intents that change it,
//! the mirror entities of cells and pieces, the projection and its views, picking and keys,
//! overlays, the panels, the analysis (its evaluation bar) and the engine's review of a game, the tutorial, the puzzles, the rated profile, the computer's turns, the browser page's
//! hooks and its part of the frame benchmark.

pub mod analysis;
pub mod editor;
pub mod engine_review;
pub mod eval_bar;
pub mod facing;
pub mod framebench;
pub mod keyboard;
pub mod labels;
pub mod mirror;
pub mod overlays;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod pointer;
pub mod profile;
pub mod projection;
pub mod puzzles;
pub mod redraw;
pub mod settings;
pub mod state;
pub mod turns;
pub mod tutorial;
pub mod ui;
pub mod visuals;
