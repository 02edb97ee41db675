//! The settings store both games write their sections into: read once before the window opens
//! (it decides the first game, view and form), written back when something the player set has
//! changed — at most once a second, and at exit. Each game keeps its own section up to date
//! (`app::fourfold::settings`, `app::four_player::settings`); the shell keeps the game on the
//! screen and reduced motion. A bad file is reported in the status panel.

use bevy::prelude::*;

use super::motion::Motion;
use crate::app::Mode;
use crate::settings::{LoadedSettings, Settings};
use crate::storage::TextStorage;

/// The settings as the app holds them now, what was last saved, and where they go.
#[derive(Resource)]
pub struct SettingsStore {
    /// What the app holds now: each section is written by its game's systems through `edit`.
    pub settings: Settings,
    saved: Settings,
    storage: Option<Box<dyn TextStorage>>,
    /// What the player must be told about the settings file, if anything.
    pub problem: Option<String>,
    last_save_secs: f64,
    /// A section was written since the settings were last compared with the saved ones.
    dirty: bool,
}

/// The systems that write a section run before the store writes the file, in the same frame
/// (so a change made in the last frame before exit is kept).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WriteSections;

impl SettingsStore {
    /// Loads from `storage` (`None`: nowhere to keep them, the defaults). An inaccessible place is
    /// not written to.
    pub fn load(storage: Option<Box<dyn TextStorage>>) -> SettingsStore {
        let (settings, problem, storage) = match storage {
            None => (Settings::default(), None, None),
            Some(storage) => {
                let loaded = Settings::load(storage.as_ref());
                let writable = !matches!(loaded, LoadedSettings::Inaccessible { .. });
                (loaded.settings().clone(), loaded.problem(), writable.then_some(storage))
            }
        };
        SettingsStore {
            saved: settings.clone(),
            settings,
            storage,
            problem,
            last_save_secs: 0.0,
            dirty: false,
        }
    }

    /// The settings kept in the file at `path`.
    pub fn at(path: std::path::PathBuf) -> SettingsStore {
        SettingsStore::load(Some(Box::new(path)))
    }

    /// Changes a section of the settings; they are compared and written within a second.
    pub fn edit(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        self.dirty = true;
    }

    fn save(&mut self) {
        if let Some(storage) = &self.storage
            && let Err(e) = self.settings.save(storage.as_ref())
        {
            self.problem = Some(format!("The settings could not be saved: {e}"));
        }
        self.saved = self.settings.clone();
    }
}

/// The store's writer and the shell's own section. Without a `SettingsStore` (screenshots,
/// benchmarks, tests) no section is written.
pub fn plugin(app: &mut App) {
    app.configure_sets(Last, WriteSections.run_if(resource_exists::<SettingsStore>))
        .add_systems(
            Last,
            (
                shell_section
                    .in_set(WriteSections)
                    .run_if(resource_exists_and_changed::<Motion>.or_eager(state_changed::<Mode>)),
                write_when_due
                    .after(WriteSections)
                    .run_if(resource_exists::<SettingsStore>),
            ),
        );
}

/// The game on the screen and reduced motion.
fn shell_section(mut store: ResMut<SettingsStore>, motion: Option<Res<Motion>>, mode: Option<Res<State<Mode>>>) {
    store.edit(|settings| {
        if let Some(motion) = motion {
            settings.reduced_motion = motion.reduced;
        }
        if let Some(mode) = mode {
            settings.game = Some(mode.get().name().to_string());
        }
    });
}

/// Compares and writes the settings after a change, at most once a second, and at exit.
fn write_when_due(mut store: ResMut<SettingsStore>, time: Res<Time<Real>>, mut exit: MessageReader<AppExit>) {
    let exiting = exit.read().count() > 0;
    let secs = time.elapsed_secs_f64();
    if !store.dirty || !(exiting || secs - store.last_save_secs >= 1.0) {
        return;
    }
    store.dirty = false;
    if store.settings != store.saved {
        store.last_save_secs = secs;
        store.save();
    }
}
