//! `tesseract-chess screenshot`: render a few frames, write the window to a PNG and exit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

/// Frames to render before capturing, so meshes and materials are uploaded.
const WARM_UP_FRAMES: u32 = 120;

#[derive(Resource, Clone, Debug)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub size: (u32, u32),
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, capture_after_warm_up);
}

fn capture_after_warm_up(mut commands: Commands, mut frames: Local<u32>, request: Res<ScreenshotRequest>) {
    *frames += 1;
    if *frames != WARM_UP_FRAMES {
        return;
    }
    let path = request.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|image| image.to_rgb8().save(&path).map_err(|e| e.to_string()));
            match saved {
                Ok(()) => {
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    eprintln!("error: cannot write the screenshot {}: {e}", path.display());
                    exit.write(AppExit::error());
                }
            }
        },
    );
}
