//! The Bevy game. One plugin per feature; each child module exposes `plugin(app)`.

mod board;
mod screenshot;

use bevy::prelude::*;

pub use screenshot::ScreenshotRequest;

/// How the game starts: normally a window to play in, or a one-shot screenshot.
#[derive(Default)]
pub struct Launch {
    pub screenshot: Option<ScreenshotRequest>,
}

/// Opens the game window and runs until it is closed (or the screenshot is written).
pub fn run(launch: Launch) -> Result<(), String> {
    let (width, height) = launch.screenshot.as_ref().map_or((1280, 720), |s| s.size);
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Tesseract Chess".into(),
            resolution: (width, height).into(),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ClearColor(Color::srgb(0.09, 0.10, 0.12)))
    .add_plugins(board::plugin);
    if let Some(request) = launch.screenshot {
        app.insert_resource(request).add_plugins(screenshot::plugin);
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with error code {code}")),
    }
}
