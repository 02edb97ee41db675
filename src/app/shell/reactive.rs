//! The native window updates on input and on a game's request (`RequestRedraw`: something
//! moving, a computer thinking), otherwise only every few seconds, instead of as fast as it can:
//! an idle game costs next to nothing. (A frame under a software renderer costs about 75 ms of
//! CPU, so a wake-up once a second alone kept an idle, focused window at 7.5% of a core.) While a
//! clock runs, the game says how often its reading changes (`ClockTicking`: a second, or a tenth
//! in the last ten seconds) and the window wakes that often, rather than drawing every frame.
//! (The wait is changed only when that step changes: Bevy's window loop redraws at once on any
//! change of it.) Screenshots and the frame benchmark keep drawing continuously; the browser
//! paces itself by the page's animation frames.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

/// How long the window sleeps without events while focused, and while in the background.
const FOCUSED_WAIT: Duration = Duration::from_secs(5);
const UNFOCUSED_WAIT: Duration = Duration::from_secs(10);

/// How often the running clock of the game on the screen changes its reading (`None`: no clock
/// runs); each game keeps it up to date where the window is reactive.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ClockTicking(pub Option<Duration>);

impl ClockTicking {
    /// From a game's clocks.
    pub fn of(clocks: Option<&super::clocks::Clocks>) -> ClockTicking {
        ClockTicking(clocks.and_then(|c| c.reading_step_ms()).map(Duration::from_millis))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ClockTicking>()
        .insert_resource(wait_settings(None))
        .add_systems(Last, wake_for_clocks.run_if(resource_changed::<ClockTicking>));
}

fn wait_settings(clock_step: Option<Duration>) -> WinitSettings {
    let (focused, unfocused) = match clock_step {
        Some(step) => (step.min(FOCUSED_WAIT), step.min(UNFOCUSED_WAIT)),
        None => (FOCUSED_WAIT, UNFOCUSED_WAIT),
    };
    WinitSettings {
        focused_mode: UpdateMode::reactive(focused),
        unfocused_mode: UpdateMode::reactive_low_power(unfocused),
    }
}

fn wake_for_clocks(ticking: Res<ClockTicking>, mut settings: ResMut<WinitSettings>) {
    *settings = wait_settings(ticking.0);
}
