//! The 4D game's section of the settings (`app::shell::settings` keeps the store): the view, the
//! camera's orbit, the New game form and the tutorial's last scene, and how each setting becomes
//! the app's value.

use bevy::prelude::*;

use super::mirror::{Motion, ViewTarget};
use super::projection::View;
use super::state::Seat;
use super::tutorial::Tutorial;
use crate::app::shell::camera::Orbit;
use crate::app::shell::settings::{SettingsStore, WriteSections};
use crate::fourfold::ai::levels;
use crate::fourfold::rules::{Color, Setup};
use crate::settings::{CameraSetting, NewGameSetting, SetupChoice, SideChoice, ViewSetting};

impl ViewSetting {
    pub fn to_view(self) -> View {
        View {
            morph: self.morph,
            angles: self.angles_degrees.map(f32::to_radians),
        }
    }

    pub fn of(view: View) -> ViewSetting {
        ViewSetting {
            morph: view.morph,
            angles_degrees: view.angles.map(f32::to_degrees),
        }
    }
}

impl CameraSetting {
    pub fn to_orbit(self) -> Orbit {
        Orbit {
            yaw: self.yaw,
            pitch: self.pitch,
            distance: self.distance,
        }
    }

    pub fn of(orbit: Orbit) -> CameraSetting {
        // Yaw kept within one turn: an orbit dragged round and round stays a small number.
        let yaw = orbit.yaw.rem_euclid(std::f32::consts::TAU);
        CameraSetting {
            yaw,
            pitch: orbit.pitch,
            distance: orbit.distance,
        }
    }
}

impl NewGameSetting {
    pub fn setup(&self) -> Setup {
        match self.setup {
            SetupChoice::Classic => Setup::Classic,
            SetupChoice::Full => Setup::Full,
        }
    }

    pub fn side(&self) -> Color {
        match self.play_as {
            SideChoice::White => Color::White,
            SideChoice::Black => Color::Black,
        }
    }

    /// The computer level's index (`None`: two players).
    pub fn level(&self) -> Option<usize> {
        self.opponent.as_deref().and_then(|name| levels::index(name).ok())
    }

    /// Who plays each side in the game this form starts.
    pub fn seats(&self) -> [Seat; 2] {
        let computer = self.level().map_or(Seat::Human, Seat::Computer);
        match self.side() {
            Color::White => [Seat::Human, computer],
            Color::Black => [computer, Seat::Human],
        }
    }
}

/// The form's part of the settings: what the panel's new-game form holds now.
#[derive(Resource, Clone, Debug, PartialEq, Default)]
pub struct FormSetting(pub NewGameSetting);

/// The 4D game's section: the view, the 4D board's orbit (the four-player board's is not kept),
/// the New game form and the tutorial's last scene, written when one of them changes.
pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>().add_systems(
        Last,
        (
            into_settings.run_if(
                resource_exists_and_changed::<ViewTarget>
                    .or_eager(resource_exists_and_changed::<FormSetting>)
                    .or_eager(resource_exists_and_changed::<Tutorial>),
            ),
            orbit_into_settings
                .run_if(in_state(crate::app::Mode::Fourfold).and_eager(resource_exists_and_changed::<Orbit>)),
        )
            .in_set(WriteSections),
    );
}

fn into_settings(
    mut store: ResMut<SettingsStore>,
    target: Option<Res<ViewTarget>>,
    form: Option<Res<FormSetting>>,
    tutorial: Option<Res<Tutorial>>,
) {
    store.edit(|settings| {
        if let Some(target) = target {
            settings.view = ViewSetting::of(target.0);
        }
        if let Some(form) = form {
            settings.new_game = form.0.clone();
        }
        if let Some(name) = tutorial.and_then(|t| t.name.clone()) {
            settings.tutorial_scene = Some(name);
        }
    });
}

fn orbit_into_settings(mut store: ResMut<SettingsStore>, orbit: Res<Orbit>) {
    store.edit(|settings| settings.camera = CameraSetting::of(*orbit));
}
