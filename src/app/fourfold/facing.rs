//! The camera faces the player's side: playing Black turns the board round, at the start of each
//! game and whenever the view is reset (which also puts the orbit back).

use bevy::prelude::*;

use super::mirror::ViewTarget;
use super::projection::View;
use super::state::Play;
use crate::app::shell::camera::Orbit;
use crate::fourfold::rules::Color;

/// Puts the view and the camera's orbit back to their start, facing the player's side.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetView;

pub fn plugin(app: &mut App) {
    app.add_message::<ResetView>().add_systems(
        Update,
        (face_the_new_game.run_if(resource_changed::<Play>), reset_view)
            .chain()
            .after(crate::app::AppSystems::Apply),
    );
}

/// The orbit that looks at the board from `player`'s side.
pub fn facing(player: Color) -> Orbit {
    let yaw = match player {
        Color::White => 0.0,
        Color::Black => std::f32::consts::PI,
    };
    Orbit {
        yaw,
        ..Orbit::default()
    }
}

/// Turns the camera round when a new game puts the player on the other side (the first game
/// keeps the camera the settings or the defaults gave it).
fn face_the_new_game(play: Res<Play>, mut seen: Local<Option<Color>>, mut orbit: ResMut<Orbit>) {
    let now = play.player_color();
    if seen.replace(now).is_none_or(|before| before == now) {
        return;
    }
    orbit.yaw = facing(now).yaw;
}

fn reset_view(
    mut resets: MessageReader<ResetView>,
    play: Res<Play>,
    mut target: ResMut<ViewTarget>,
    mut orbit: ResMut<Orbit>,
) {
    if resets.read().count() > 0 {
        target.0 = View::default();
        *orbit = facing(play.player_color());
    }
}
