//! What keeps the native window drawing while the four-player board is on the move (the app
//! otherwise sleeps between events): pieces travelling or sinking, the computers thinking or
//! pausing between their moves.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::mirror::{CrossSinking, CrossTravel};
use super::turns::CrossThinking;

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .add_systems(Last, ask_for_frames.run_if(in_state(crate::app::Mode::FourPlayer)));
}

type Moving = Or<(With<CrossTravel>, With<CrossSinking>)>;

fn ask_for_frames(moving: Query<(), Moving>, thinking: Res<CrossThinking>, mut redraw: MessageWriter<RequestRedraw>) {
    if !moving.is_empty() || thinking.is_thinking() {
        redraw.write(RequestRedraw);
    }
}
