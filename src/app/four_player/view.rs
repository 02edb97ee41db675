//! Where the camera stands over the cross board: behind the seat of the human to move (with
//! several humans it turns with the turn unless the player keeps it fixed), tilted as the 4D
//! game's camera, stepped back so the 14×14 board fits the window; a top-down view on request.
//! A right-drag that starts on the board draws an arrow here instead of orbiting.

use bevy::prelude::*;

use super::table::Table;
use crate::app::Mode;
use crate::app::shell::camera::{ContentScale, Orbit, RightDragDraws};
use crate::four_player::Seat;

/// The view options of the four-player board.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CrossView {
    /// Turn the board to whoever moves when several humans share the machine.
    pub follow_turn: bool,
    /// Look straight down on the board.
    pub top_down: bool,
    /// Asked for by *Reset the view*.
    pub reset: bool,
}

impl Default for CrossView {
    fn default() -> Self {
        CrossView {
            follow_turn: true,
            top_down: false,
            reset: false,
        }
    }
}

/// How much farther than for the 4D boards the camera stands: the cross is 14 cells wide.
pub const BOARD_SCALE: f32 = 1.45;
/// The pitch of the top-down view (the orbit's steepest).
const TOP_DOWN_PITCH: f32 = 1.5;

/// The camera's yaw behind `seat`: Red sits south (+Z), Blue west, Yellow north, Green east.
pub fn yaw_behind(seat: Seat) -> f32 {
    match seat {
        Seat::Red => 0.0,
        Seat::Blue => -std::f32::consts::FRAC_PI_2,
        Seat::Yellow => std::f32::consts::PI,
        Seat::Green => std::f32::consts::FRAC_PI_2,
    }
}

/// The orbit behind `seat`, at the default tilt (or top-down) and distance.
pub fn orbit_behind(seat: Seat, top_down: bool) -> Orbit {
    let rest = Orbit::default();
    Orbit {
        yaw: yaw_behind(seat),
        pitch: if top_down { TOP_DOWN_PITCH } else { rest.pitch },
        ..rest
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossView>()
        .add_systems(OnEnter(Mode::FourPlayer), enter_the_table)
        .add_systems(OnExit(Mode::FourPlayer), leave_the_table)
        .add_systems(
            Update,
            (face_the_viewer, apply_view_options)
                .chain()
                .after(crate::app::AppSystems::Apply)
                .run_if(in_state(Mode::FourPlayer)),
        );
}

fn enter_the_table(
    table: Res<Table>,
    view: Res<CrossView>,
    mut orbit: ResMut<Orbit>,
    mut content: ResMut<ContentScale>,
    mut draws: ResMut<RightDragDraws>,
) {
    *orbit = orbit_behind(table.viewer(), view.top_down);
    content.set_if_neq(ContentScale(BOARD_SCALE));
    draws.0 = true;
}

fn leave_the_table(mut draws: ResMut<RightDragDraws>) {
    draws.0 = false;
}

/// Turns the camera to a new viewer: a new game's human, or the next human to move when several
/// share the machine (unless the view is kept fixed).
fn face_the_viewer(
    table: Res<Table>,
    view: Res<CrossView>,
    mut seen: Local<Option<(u64, Seat)>>,
    mut orbit: ResMut<Orbit>,
) {
    let now = (table.game_number, table.viewer());
    let Some(before) = seen.replace(now) else { return };
    let new_game = before.0 != now.0;
    if before.1 != now.1 && (new_game || view.follow_turn) {
        orbit.yaw = yaw_behind(now.1);
    }
}

fn apply_view_options(
    table: Res<Table>,
    mut view: ResMut<CrossView>,
    mut orbit: ResMut<Orbit>,
    mut was_top_down: Local<bool>,
) {
    if view.reset {
        view.reset = false;
        *orbit = orbit_behind(table.viewer(), view.top_down);
    }
    if view.top_down != *was_top_down {
        *was_top_down = view.top_down;
        orbit.pitch = if view.top_down {
            TOP_DOWN_PITCH
        } else {
            Orbit::default().pitch
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_camera_stands_behind_each_seat() {
        // The camera's direction from the centre points at the seat's side of the board.
        let side = |seat: Seat| {
            let t = orbit_behind(seat, false).transform();
            Vec2::new(t.translation.x, t.translation.z).normalize()
        };
        assert!(side(Seat::Red).distance(Vec2::new(0.0, 1.0)) < 1e-4, "Red: south, +Z");
        assert!(
            side(Seat::Blue).distance(Vec2::new(-1.0, 0.0)) < 1e-4,
            "Blue: west, files a–b"
        );
        assert!(side(Seat::Yellow).distance(Vec2::new(0.0, -1.0)) < 1e-4);
        assert!(side(Seat::Green).distance(Vec2::new(1.0, 0.0)) < 1e-4);
        assert!(orbit_behind(Seat::Red, true).pitch > orbit_behind(Seat::Red, false).pitch);
    }
}
