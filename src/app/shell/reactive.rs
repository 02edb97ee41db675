//! The native window updates on input, on a game's request (`RequestRedraw`) and once a second,
//! instead of as fast as it can: an idle game costs next to nothing. Screenshots and the frame
//! benchmark keep drawing continuously; the browser paces itself by the page's animation frames.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

/// How long the window sleeps without events while focused, and while in the background.
const FOCUSED_WAIT: Duration = Duration::from_secs(1);
const UNFOCUSED_WAIT: Duration = Duration::from_secs(10);

pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(FOCUSED_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    });
}
