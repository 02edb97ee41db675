//! The Bevy game. One plugin per feature; each child module exposes `plugin(app)`.

mod board;

use bevy::prelude::*;

/// Opens the game window and runs until it is closed.
pub fn run() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tesseract Chess".into(),
                ..default()
            }),
            ..default()
        }))
        .insert_resource(ClearColor(Color::srgb(0.09, 0.10, 0.12)))
        .add_plugins(board::plugin)
        .run();
}
