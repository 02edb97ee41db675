//! What keeps the native window drawing while the four-player board is on the move (the app
//! otherwise sleeps between events): pieces travelling or sinking, the computers thinking or
//! pausing between their moves, a clock running.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::mirror::{CrossSinking, CrossTravel};
use super::turns::CrossThinking;

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .add_systems(Last, ask_for_frames.run_if(in_state(crate::app::Mode::FourPlayer)));
}

type Moving = Or<(With<CrossTravel>, With<CrossSinking>)>;

fn ask_for_frames(
    moving: Query<(), Moving>,
    thinking: Res<CrossThinking>,
    table: Res<super::table::Table>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let clock_running = table.clocks.as_ref().is_some_and(|c| c.running().is_some());
    if !moving.is_empty() || thinking.is_thinking() || clock_running {
        redraw.write(RequestRedraw);
    }
}
