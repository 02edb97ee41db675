//! The 4D game's part of `framebench`: a rotation always in progress, so every frame projects
//! the pieces anew.

use bevy::prelude::*;

use super::mirror::ViewTarget;
use super::projection::View;
use crate::app::shell::framebench::{DriveBench, FrameBench};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_rotating
            .in_set(DriveBench)
            .run_if(resource_exists::<FrameBench>)
            .run_if(in_state(crate::app::Mode::Fourfold)),
    );
}

/// The XW and YW planes turn continuously in the tesseract view.
fn keep_rotating(time: Res<Time>, mut view: ResMut<View>, mut target: ResMut<ViewTarget>) {
    let dt = time.delta_secs();
    view.morph = 1.0;
    view.angles[0] += dt * 0.9;
    view.angles[1] += dt * 0.5;
    target.0 = *view;
}
