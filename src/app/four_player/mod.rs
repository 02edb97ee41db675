//! Four-player chess in the app: the table (the game, who sits where, selection and review),
//! the mirror entities of the cross board and their looks, the camera behind the player's seat,
//! checks and arrows drawn over the board, keys and pointer, the computer seats' turns, the
//! engine's analysis, the introduction's scenes and the panels. Every system runs only in `Mode::FourPlayer`; the board's entities go when it is left.

pub mod analysis;
pub mod arrows;
pub mod framebench;
pub mod input;
pub mod lesson;
pub mod looks;
pub mod mirror;
pub mod overlays;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod redraw;
pub mod settings;
pub mod table;
pub mod turns;
pub mod ui;
pub mod view;

use bevy::prelude::*;

/// The mode's logic, which runs headless in tests: the table, its mirror, input and turns.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        table::plugin,
        arrows::plugin,
        mirror::plugin,
        input::plugin,
        turns::plugin,
        lesson::plugin,
        analysis::plugin,
    ));
}

/// What needs a window: the camera's place, the looks, the lines over the board, the panels,
/// and the redraw requests of the native window.
pub fn visual_plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        looks::plugin,
        overlays::plugin,
        ui::plugin,
        redraw::plugin,
        settings::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(page::plugin);
}
