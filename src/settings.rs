//! The app's settings, remembered between runs: the view (morph and 4D angles), the camera's
//! orbit, the new-game form, the tutorial's last scene, reduced motion and the game last played
//! (4D or four-player). Kept as RON beside the
//! profile (or in local storage in the browser) through `crate::storage`; a file that cannot be
//! read, or holds values out of range, is reported, moved aside and replaced by the defaults —
//! the profile is never touched.

use serde::{Deserialize, Serialize};

use crate::storage::{StorageError, TextStorage};

/// The largest settings file read (a few hundred bytes are written).
pub const MAX_SETTINGS_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub view: ViewSetting,
    pub camera: CameraSetting,
    pub new_game: NewGameSetting,
    /// The tutorial scene last opened (a file name without `.ron`).
    pub tutorial_scene: Option<String>,
    /// No travelling pieces, no animated morph or rotation steps.
    pub reduced_motion: bool,
    /// The game last on the screen: `4d` or `four-player` (`None`: the 4D game).
    pub game: Option<String>,
    /// The four-player table's New game form and view options.
    pub four_player: FourPlayerSetting,
}

/// The four-player New game form and view: the rule set (`ffa`, `teams`, `club`), the setup
/// (`modern`, `classic`), who sits at each seat in turn order (`human` or a computer level's
/// name), the time control ("3+2"; `None`: no clocks), and the view options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FourPlayerSetting {
    pub rules: String,
    pub setup: String,
    pub seats: [String; 4],
    pub clock: Option<String>,
    /// Turn the board to whoever moves when several humans share the machine.
    pub follow_turn: bool,
    pub top_down: bool,
    /// A short pause between consecutive computer moves.
    pub pause: bool,
}

impl Default for FourPlayerSetting {
    fn default() -> Self {
        let computer = crate::four_player::ai::levels::FIRST_GAME_LEVEL.to_string();
        FourPlayerSetting {
            rules: "ffa".into(),
            setup: "modern".into(),
            seats: ["human".into(), computer.clone(), computer.clone(), computer],
            clock: None,
            follow_turn: true,
            top_down: false,
            pause: true,
        }
    }
}

/// The morph (0 flat boards, 1 tesseract) and the XW, YW, ZW angles in degrees.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewSetting {
    pub morph: f32,
    pub angles_degrees: [f32; 3],
}

/// The orbit: yaw and pitch in radians, distance in board units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CameraSetting {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupChoice {
    Classic,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideChoice {
    White,
    Black,
}

/// The new-game form: setup, side, the computer level by name (`None`: two players), rated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameSetting {
    pub setup: SetupChoice,
    pub play_as: SideChoice,
    pub opponent: Option<String>,
    pub rated: bool,
    /// The time control as "minutes+seconds" ("3+2"); `None`: no clocks.
    pub clock: Option<String>,
}

impl Default for ViewSetting {
    fn default() -> Self {
        ViewSetting {
            morph: 0.0,
            angles_degrees: [0.0; 3],
        }
    }
}

/// The ranges the camera allows (the same as the orbit's controls).
pub const PITCH_RANGE: std::ops::RangeInclusive<f32> = 0.1..=1.5;
pub const DISTANCE_RANGE: std::ops::RangeInclusive<f32> = 6.0..=40.0;

impl Default for CameraSetting {
    fn default() -> Self {
        CameraSetting {
            yaw: 0.0,
            pitch: 0.95,
            distance: 15.0,
        }
    }
}

/// A time control as the settings keep it, "minutes+seconds" ("3+2"): minutes 1-180, seconds
/// a move 0-180.
pub fn parse_time_control(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("the time control '{text}' is not MINUTES+SECONDS (3+2)");
    let (minutes, increment) = text.split_once('+').ok_or_else(bad)?;
    let minutes: u32 = minutes.trim().parse().map_err(|_| bad())?;
    let increment: u32 = increment.trim().parse().map_err(|_| bad())?;
    if minutes == 0 || minutes > 180 || increment > 180 {
        return Err(format!(
            "the time control '{text}' is outside 1-180 minutes and 0-180 seconds a move"
        ));
    }
    Ok((minutes, increment))
}

impl Default for NewGameSetting {
    fn default() -> Self {
        NewGameSetting {
            setup: SetupChoice::Classic,
            play_as: SideChoice::White,
            opponent: Some(crate::fourfold::ai::levels::FIRST_GAME_LEVEL.to_string()),
            rated: false,
            clock: None,
        }
    }
}

/// What `Settings::load` found.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadedSettings {
    Found(Settings),
    /// Nothing stored yet: the defaults.
    New(Settings),
    /// The stored settings could not be used (`problem` says why and where); they were moved to
    /// `backup` and the defaults replace them.
    Recovered {
        settings: Settings,
        backup: String,
        problem: String,
    },
    /// The place cannot be read at all: the defaults, and nothing is written there.
    Inaccessible {
        settings: Settings,
        problem: String,
    },
}

impl LoadedSettings {
    pub fn settings(&self) -> &Settings {
        match self {
            LoadedSettings::Found(s) | LoadedSettings::New(s) => s,
            LoadedSettings::Recovered { settings, .. } | LoadedSettings::Inaccessible { settings, .. } => settings,
        }
    }

    /// What the player must be told, if anything.
    pub fn problem(&self) -> Option<String> {
        match self {
            LoadedSettings::Recovered { backup, problem, .. } => Some(format!(
                "The settings could not be used ({problem}); they were kept as {backup} and the defaults are back."
            )),
            LoadedSettings::Inaccessible { problem, .. } => Some(format!(
                "The settings cannot be read ({problem}); the defaults are used."
            )),
            _ => None,
        }
    }
}

impl Settings {
    /// Parses settings and checks every value (an error names the field).
    pub fn parse(text: &str, place: &str) -> Result<Settings, String> {
        let settings: Settings = ron::from_str(text)
            .map_err(|e| format!("{place}:{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        settings.check().map_err(|why| format!("{place}: {why}"))?;
        Ok(settings)
    }

    /// Every number finite and in range, the level a known one, the scene name a plain name.
    pub fn check(&self) -> Result<(), String> {
        let finite = |name: &str, v: f32| {
            if v.is_finite() {
                Ok(())
            } else {
                Err(format!("{name} is not a number"))
            }
        };
        finite("view.morph", self.view.morph)?;
        if !(0.0..=1.0).contains(&self.view.morph) {
            return Err(format!("view.morph {} is not between 0 and 1", self.view.morph));
        }
        for (plane, &angle) in ["XW", "YW", "ZW"].iter().zip(&self.view.angles_degrees) {
            finite(&format!("view.angles_degrees ({plane})"), angle)?;
            if angle.abs() > 720.0 {
                return Err(format!("view.angles_degrees ({plane}) {angle} is beyond ±720°"));
            }
        }
        let camera = &self.camera;
        finite("camera.yaw", camera.yaw)?;
        if camera.yaw.abs() > 100.0 {
            return Err(format!("camera.yaw {} is out of range", camera.yaw));
        }
        finite("camera.pitch", camera.pitch)?;
        if !PITCH_RANGE.contains(&camera.pitch) {
            return Err(format!("camera.pitch {} is not between 0.1 and 1.5", camera.pitch));
        }
        finite("camera.distance", camera.distance)?;
        if !DISTANCE_RANGE.contains(&camera.distance) {
            return Err(format!("camera.distance {} is not between 6 and 40", camera.distance));
        }
        if let Some(level) = &self.new_game.opponent {
            crate::fourfold::ai::levels::find(level).map_err(|e| format!("new_game.opponent: {e}"))?;
        }
        if let Some(clock) = &self.new_game.clock {
            parse_time_control(clock).map_err(|e| format!("new_game.clock: {e}"))?;
        }
        let four = &self.four_player;
        four.rules
            .parse::<crate::four_player::RuleKind>()
            .map_err(|e| format!("four_player.rules: {e}"))?;
        if !matches!(four.setup.as_str(), "modern" | "classic") {
            return Err(format!("four_player.setup '{}' is not modern or classic", four.setup));
        }
        for seat in &four.seats {
            if seat != "human" {
                crate::four_player::ai::levels::find(seat).map_err(|e| format!("four_player.seats: {e}, or human"))?;
            }
        }
        if let Some(clock) = &four.clock {
            parse_time_control(clock).map_err(|e| format!("four_player.clock: {e}"))?;
        }
        if let Some(game) = &self.game
            && !matches!(game.as_str(), "4d" | "four-player")
        {
            return Err(format!("game '{game}' is not 4d or four-player"));
        }
        if let Some(scene) = &self.tutorial_scene {
            let plain = !scene.is_empty()
                && scene.len() <= 64
                && scene
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !plain {
                return Err(format!("tutorial_scene '{scene}' is not a scene name"));
            }
        }
        Ok(())
    }

    /// Loads the settings from `storage`; unusable ones are moved aside, never overwritten unseen.
    pub fn load(storage: &dyn TextStorage) -> LoadedSettings {
        let problem = match storage.read_text(MAX_SETTINGS_BYTES) {
            Ok(None) => return LoadedSettings::New(Settings::default()),
            Ok(Some(text)) => match Settings::parse(&text, &storage.describe()) {
                Ok(settings) => return LoadedSettings::Found(settings),
                Err(problem) => problem,
            },
            Err(StorageError::Unreadable(problem)) => problem,
            Err(StorageError::Inaccessible(problem)) => {
                return LoadedSettings::Inaccessible {
                    settings: Settings::default(),
                    problem,
                };
            }
        };
        match storage.keep_aside() {
            Ok(backup) => LoadedSettings::Recovered {
                settings: Settings::default(),
                backup,
                problem,
            },
            Err(e) => LoadedSettings::Inaccessible {
                settings: Settings::default(),
                problem: format!("{problem}; and it could not be kept aside: {e}"),
            },
        }
    }

    /// Saves the settings in one step (the old text stays until the new one is complete).
    pub fn save(&self, storage: &dyn TextStorage) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot encode the settings: {e}"))?;
        storage.write_text(&text)
    }
}

/// Where the settings live: beside the profile (`settings.ron` in its folder), or local storage.
pub fn default_storage() -> Option<Box<dyn TextStorage>> {
    #[cfg(target_arch = "wasm32")]
    return Some(Box::new(crate::storage::local::LocalStorage {
        key: crate::storage::local::SETTINGS_KEY.to_string(),
    }));
    #[cfg(not(target_arch = "wasm32"))]
    crate::rating::profile::default_path()
        .map(|profile| profile.with_file_name("settings.ron"))
        .map(|path| Box::new(path) as Box<dyn TextStorage>)
}
