//! The settings in the running app: read once before the window opens (they decide the first
//! view, camera, new-game form and first game), written back when the player changes them — at
//! most once a second, and at exit. A bad file is reported in the status panel.

use bevy::prelude::*;

use super::mirror::{Motion, ViewTarget};
use super::projection::View;
use super::state::Seat;
use super::tutorial::Tutorial;
use crate::app::four_player::settings::CrossSetting;
use crate::app::shell::camera::Orbit;
use crate::fourfold::ai::levels;
use crate::fourfold::rules::{Color, Setup};
use crate::settings::{CameraSetting, LoadedSettings, NewGameSetting, Settings, SetupChoice, SideChoice, ViewSetting};
use crate::storage::TextStorage;

/// The settings as loaded and last saved, and where they go.
#[derive(Resource)]
pub struct SettingsStore {
    pub settings: Settings,
    storage: Option<Box<dyn TextStorage>>,
    /// What the player must be told about the settings file, if anything.
    pub problem: Option<String>,
    last_save_secs: f64,
    /// Something the settings hold changed since they were last compared.
    dirty: bool,
}

impl SettingsStore {
    /// Loads from `storage` (`None`: nowhere to keep them, the defaults). An inaccessible place is
    /// not written to.
    pub fn load(storage: Option<Box<dyn TextStorage>>) -> SettingsStore {
        let Some(storage) = storage else {
            return SettingsStore {
                settings: Settings::default(),
                storage: None,
                problem: None,
                last_save_secs: 0.0,
                dirty: false,
            };
        };
        let loaded = Settings::load(storage.as_ref());
        let writable = !matches!(loaded, LoadedSettings::Inaccessible { .. });
        SettingsStore {
            settings: loaded.settings().clone(),
            problem: loaded.problem(),
            storage: writable.then_some(storage),
            last_save_secs: 0.0,
            dirty: false,
        }
    }

    /// The settings kept in the file at `path`.
    pub fn at(path: std::path::PathBuf) -> SettingsStore {
        SettingsStore::load(Some(Box::new(path)))
    }

    fn save(&mut self, now: Settings) {
        if let Some(storage) = &self.storage
            && let Err(e) = now.save(storage.as_ref())
        {
            self.problem = Some(format!("The settings could not be saved: {e}"));
        }
        self.settings = now;
    }
}

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

pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>().add_systems(Last, save_when_changed);
}

/// The settings the app shows now.
fn current(
    store: &SettingsStore,
    target: &ViewTarget,
    orbit: Option<&Orbit>,
    form: Option<&FormSetting>,
    tutorial: Option<&Tutorial>,
    motion: &Motion,
    mode: Option<crate::app::Mode>,
) -> Settings {
    Settings {
        view: ViewSetting::of(target.0),
        camera: orbit.map_or(store.settings.camera, |o| CameraSetting::of(*o)),
        new_game: form.map_or_else(|| store.settings.new_game.clone(), |f| f.0.clone()),
        tutorial_scene: tutorial
            .and_then(|t| t.name.clone())
            .or_else(|| store.settings.tutorial_scene.clone()),
        reduced_motion: motion.reduced,
        game: mode.map_or_else(|| store.settings.game.clone(), |m| Some(m.name().to_string())),
        four_player: store.settings.four_player.clone(),
    }
}

#[allow(clippy::too_many_arguments)]
fn save_when_changed(
    mut store: ResMut<SettingsStore>,
    target: Res<ViewTarget>,
    orbit: Option<Res<Orbit>>,
    form: Option<Res<FormSetting>>,
    tutorial: Option<Res<Tutorial>>,
    motion: Res<Motion>,
    time: Res<Time<Real>>,
    mut exit: MessageReader<AppExit>,
    mode: Option<Res<State<crate::app::Mode>>>,
    four_player: Option<Res<CrossSetting>>,
) {
    // The camera setting is the 4D board's: the four-player board's orbit is not kept.
    let orbit = orbit.filter(|_| mode.as_ref().is_none_or(|m| *m.get() == crate::app::Mode::Fourfold));
    let changed = target.is_changed()
        || mode.as_ref().is_some_and(|m| m.is_changed())
        || orbit.as_ref().is_some_and(|o| o.is_changed())
        || form.as_ref().is_some_and(|f| f.is_changed())
        || tutorial.as_ref().is_some_and(|t| t.is_changed())
        || four_player.as_ref().is_some_and(|s| s.is_changed())
        || motion.is_changed();
    store.dirty |= changed;
    let exiting = exit.read().count() > 0;
    let secs = time.elapsed_secs_f64();
    // Compared (and written) only after a change, at most once a second, and at exit.
    if !store.dirty || !(exiting || secs - store.last_save_secs >= 1.0) {
        return;
    }
    store.dirty = false;
    let mut now = current(
        &store,
        &target,
        orbit.as_deref(),
        form.as_deref(),
        tutorial.as_deref(),
        &motion,
        mode.as_deref().map(|m| *m.get()),
    );
    if let Some(four_player) = four_player {
        now.four_player = four_player.0.clone();
    }
    if now != store.settings {
        store.last_save_secs = secs;
        store.save(now);
    }
}
