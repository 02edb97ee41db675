//! What keeps the window drawing while the native app sleeps between events (it runs
//! reactively, so an idle game does not burn a core): pieces travelling, the view turning towards
//! its target, a captured piece sinking, the computer thinking, a tutorial scene on its way; and
//! whether a clock runs (the window then wakes a few times a second). egui asks for its own
//! repaints.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::mirror::{Captured, Travel, ViewTarget};
use super::projection::View;
use super::turns::Thinking;
use super::tutorial::Tutorial;
use crate::app::shell::reactive::ClockTicking;

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>().add_systems(
        Last,
        (
            ask_for_frames,
            tell_whether_a_clock_runs.run_if(resource_exists::<ClockTicking>),
        )
            .run_if(in_state(crate::app::Mode::Fourfold)),
    );
}

/// Pieces on the move: travelling to their square, or sinking away.
type Moving = Or<(With<Travel>, With<Captured>)>;

fn ask_for_frames(
    moving: Query<(), Moving>,
    view: Res<View>,
    target: Res<ViewTarget>,
    thinking: Res<Thinking>,
    tutorial: Option<Res<Tutorial>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy =
        !moving.is_empty() || *view != target.0 || thinking.is_thinking() || tutorial.is_some_and(|t| t.loading());
    if busy {
        redraw.write(RequestRedraw);
    }
}

fn tell_whether_a_clock_runs(play: Res<super::state::Play>, mut ticking: ResMut<ClockTicking>) {
    ticking.set_if_neq(ClockTicking::of(play.clocks.as_ref()));
}
