//! What keeps the native window drawing while the four-player board is on the move (the app
//! otherwise sleeps between events): pieces travelling or sinking, the computers thinking or
//! pausing between their moves; and whether a clock runs (the window then wakes a few times a
//! second).

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::mirror::{CrossSinking, CrossTravel};
use super::turns::CrossThinking;
use crate::app::shell::reactive::ClockTicking;

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>().add_systems(
        Last,
        (
            ask_for_frames,
            tell_whether_a_clock_runs.run_if(resource_exists::<ClockTicking>),
        )
            .run_if(in_state(crate::app::Mode::FourPlayer)),
    );
}

type Moving = Or<(With<CrossTravel>, With<CrossSinking>)>;

fn ask_for_frames(moving: Query<(), Moving>, thinking: Res<CrossThinking>, mut redraw: MessageWriter<RequestRedraw>) {
    if !moving.is_empty() || thinking.is_thinking() {
        redraw.write(RequestRedraw);
    }
}

fn tell_whether_a_clock_runs(table: Res<super::table::Table>, mut ticking: ResMut<ClockTicking>) {
    ticking.set_if_neq(ClockTicking::of(table.clocks.as_ref()));
}
