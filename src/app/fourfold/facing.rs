//! The camera faces the player's side: playing Black turns the board round, at the start of each
//! game and whenever the view is reset (which also puts the orbit back); and it steps back while
//! a turned tesseract reaches further out, so a 90° turn stays in view.

use bevy::prelude::*;

use super::mirror::ViewTarget;
use super::projection::{View, flat_of, place_4d};
use super::state::Play;
use crate::app::shell::camera::{ContentScale, Orbit};
use crate::fourfold::rules::Color;

/// Puts the view and the camera's orbit back to their start, facing the player's side.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetView;

pub fn plugin(app: &mut App) {
    app.add_message::<ResetView>()
        .init_resource::<ContentScale>()
        .add_systems(
            Update,
            (face_the_new_game.run_if(resource_changed::<Play>), reset_view)
                .chain()
                .after(crate::app::AppSystems::Apply)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_systems(
            Update,
            fit_the_turned_tesseract
                .run_if(resource_changed::<View>)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        // Coming back from the other mode, which set the camera for its own board.
        .add_systems(
            OnEnter(crate::app::Mode::Fourfold),
            (fit_the_turned_tesseract, face_on_coming_back),
        );
}

/// How far the board reaches from the centre in `view`: the farthest of the 16 corners of the
/// boards' block, projected.
pub fn reach(view: &View) -> f32 {
    let mut farthest: f32 = 0.0;
    for i in 0..16 {
        let corner = [0, 1, 2, 3].map(|axis| {
            let sign = if i >> axis & 1 == 1 { 1.0 } else { -1.0 };
            sign * if axis < 2 { 2.0 } else { 0.5 }
        });
        let (at, _) = place_4d(corner, flat_of(corner), view);
        farthest = farthest.max(at.length());
    }
    farthest
}

/// A tesseract turned in 4D reaches further than at rest: the camera steps back to keep it in view.
fn fit_the_turned_tesseract(view: Res<View>, mut content: ResMut<ContentScale>) {
    let at_rest = reach(&View {
        angles: [0.0; 3],
        ..*view
    });
    // More than in proportion: what grows reaches towards the camera too, where perspective
    // enlarges it most.
    let ratio = if at_rest > 0.0 { reach(&view) / at_rest } else { 1.0 };
    content.set_if_neq(ContentScale(ratio.powf(1.5).max(1.0)));
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

/// The first entry keeps the camera the settings gave; coming back from the other game faces
/// the player's side again.
fn face_on_coming_back(play: Res<Play>, mut entered_before: Local<bool>, mut orbit: ResMut<Orbit>) {
    if std::mem::replace(&mut *entered_before, true) {
        *orbit = facing(play.player_color());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turned_tesseract_reaches_further_than_one_at_rest() {
        let rest = View {
            morph: 1.0,
            angles: [0.0; 3],
        };
        let turned = View {
            morph: 1.0,
            angles: [std::f32::consts::FRAC_PI_2, 0.0, 0.0],
        };
        assert!(reach(&turned) > reach(&rest));
        let flat = View {
            morph: 0.0,
            angles: [std::f32::consts::FRAC_PI_2, 0.0, 0.0],
        };
        assert_eq!(
            reach(&flat),
            reach(&View {
                morph: 0.0,
                angles: [0.0; 3]
            }),
            "the flat boards do not turn"
        );
    }
}
