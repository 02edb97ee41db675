//! The player's profile: rating, rating history and saved games. Saved as RON, atomically (natively
//! a temporary file, synced, then renamed over the old one; in the browser one local-storage
//! write); a profile that cannot be read is moved aside as a backup and reported, never
//! overwritten silently.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::glicko::{GameResult, Rating};

/// The environment variable that points the game and `rating` at another profile file.
pub const PROFILE_ENV: &str = "TESSERACT_CHESS_PROFILE";

/// The largest profile read: 64 MiB, room for hundreds of the longest records (256 KiB each).
pub const MAX_PROFILE_BYTES: usize = 64 << 20;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// When it was played (seconds since 1970).
    pub finished_at: u64,
    pub opponent: String,
    pub opponent_rating: f64,
    pub result: GameResult,
    /// checkmate, stalemate, threefold, hundred-ply, bare-kings or abandoned.
    pub reason: String,
    pub rated: bool,
    /// The player's rating after this game (unchanged for unrated games).
    pub rating_after: f64,
    pub pgn: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub rating: Rating,
    pub games: Vec<SavedGame>,
    /// The rated game in progress, saved after each move as the loss it becomes if the game is
    /// never finished: a closed browser tab or a crash cannot record anything when it happens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<Unfinished>,
}

/// A rated game in progress and its opponent's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unfinished {
    pub game: SavedGame,
    pub opponent: Rating,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            rating: Rating::START,
            games: Vec::new(),
            unfinished: None,
        }
    }
}

/// What loading found.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded {
    Found(Profile),
    /// No profile yet: a fresh one.
    New(Profile),
    /// The file could not be read; it was moved to `backup`. A fresh profile replaces it.
    Recovered {
        profile: Profile,
        /// Where the unreadable profile was kept: a path, or a local-storage key.
        backup: String,
        problem: String,
    },
}

impl Loaded {
    pub fn profile(self) -> Profile {
        match self {
            Loaded::Found(p) | Loaded::New(p) | Loaded::Recovered { profile: p, .. } => p,
        }
    }
}

fn check_game(game: &SavedGame) -> Result<(), String> {
    for (name, value) in [
        ("opponent rating", game.opponent_rating),
        ("rating after", game.rating_after),
    ] {
        if !value.is_finite() || !(super::glicko::RATING_RANGE).contains(&value) {
            return Err(format!("{name} {value} is out of range"));
        }
    }
    Ok(())
}

/// Where the game keeps the profile: the file at `default_path`, or local storage in the browser.
pub fn default_storage() -> Option<Box<dyn ProfileStorage>> {
    #[cfg(target_arch = "wasm32")]
    return Some(Box::new(super::local_storage::LocalStorage {
        key: super::local_storage::PROFILE_KEY.to_string(),
    }));
    #[cfg(not(target_arch = "wasm32"))]
    default_path().map(|path| Box::new(path) as Box<dyn ProfileStorage>)
}

/// Where the profile lives: `$TESSERACT_CHESS_PROFILE`, or the platform's data folder.
pub fn default_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(PROFILE_ENV) {
        return Some(PathBuf::from(path));
    }
    dirs::data_dir().map(|d| d.join("tesseract-chess").join("profile.ron"))
}

impl Profile {
    /// Records a finished game; rated games update the rating (one Glicko-2 period per game).
    pub fn record(&mut self, mut game: SavedGame, opponent: Rating) {
        if game.rated {
            self.rating = self.rating.after_period(&[(opponent, game.result)]);
        }
        game.rating_after = self.rating.rating;
        self.games.push(game);
    }

    /// Records the rated game left unfinished last time, if any, as the loss it is. Returns
    /// whether there was one.
    pub fn settle_unfinished(&mut self) -> bool {
        let Some(Unfinished { game, opponent }) = self.unfinished.take() else {
            return false;
        };
        self.record(game, opponent);
        true
    }

    /// Reads a profile without changing anything (for `tesseract-chess rating`).
    pub fn read(storage: &dyn ProfileStorage) -> Result<Option<Profile>, StorageError> {
        let Some(text) = storage.read_text()? else {
            return Ok(None);
        };
        let profile: Profile = ron::from_str(&text).map_err(|e| {
            StorageError::Unreadable(format!(
                "{}:{}:{}: {}",
                storage.describe(),
                e.span.start.line,
                e.span.start.col,
                e.code
            ))
        })?;
        profile
            .check()
            .map_err(|why| StorageError::Unreadable(format!("{}: {why}", storage.describe())))?;
        Ok(Some(profile))
    }

    /// Every rating in range: finite, deviation and volatility positive and within Glicko-2's.
    fn check(&self) -> Result<(), String> {
        self.rating.check().map_err(|why| format!("rating: {why}"))?;
        if let Some(unfinished) = &self.unfinished {
            unfinished
                .opponent
                .check()
                .map_err(|why| format!("unfinished game's opponent: {why}"))?;
            check_game(&unfinished.game).map_err(|why| format!("unfinished game: {why}"))?;
        }
        for (i, game) in self.games.iter().enumerate() {
            check_game(game).map_err(|why| format!("game {}: {why}", i + 1))?;
        }
        Ok(())
    }

    /// Loads the profile the game will write to; an unreadable one is moved aside first. A
    /// place that cannot be read at all (or is no file) is an error and is left alone.
    pub fn load(storage: &dyn ProfileStorage) -> Result<Loaded, String> {
        match Profile::read(storage) {
            Ok(Some(profile)) => Ok(Loaded::Found(profile)),
            Ok(None) => Ok(Loaded::New(Profile::default())),
            Err(StorageError::Inaccessible(problem)) => Err(problem),
            Err(StorageError::Unreadable(problem)) => {
                let backup = storage
                    .keep_aside()
                    .map_err(|e| format!("{problem}; and it could not be kept aside: {e}"))?;
                Ok(Loaded::Recovered {
                    profile: Profile::default(),
                    backup,
                    problem,
                })
            }
        }
    }

    /// Saves the profile; the old one stays intact until the new one is complete.
    pub fn save(&self, storage: &dyn ProfileStorage) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot encode the profile: {e}"))?;
        storage.write_text(&text)
    }
}

/// Why a stored profile could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// There is a profile, but its content is not one (too large, not text): it may be moved
    /// aside and replaced.
    Unreadable(String),
    /// The place cannot be read at all, or holds no file (a device, a FIFO): left alone.
    Inaccessible(String),
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageError::Unreadable(why) | StorageError::Inaccessible(why) => f.write_str(why),
        }
    }
}

/// Where a profile is kept: a file natively, the browser's local storage on the web.
pub trait ProfileStorage: Send + Sync {
    /// The place, for messages: a path, or the local-storage key.
    fn describe(&self) -> String;
    /// The stored text; `None` when there is no profile yet.
    fn read_text(&self) -> Result<Option<String>, StorageError>;
    /// Replaces the stored text in one step.
    fn write_text(&self, text: &str) -> Result<(), String>;
    /// Moves the stored (unreadable) text aside under a new name and says which.
    fn keep_aside(&self) -> Result<String, String>;
}

/// A profile file. Written atomically: a temporary file, synced, then renamed over the old one.
impl ProfileStorage for PathBuf {
    fn describe(&self) -> String {
        self.display().to_string()
    }

    fn read_text(&self) -> Result<Option<String>, StorageError> {
        use crate::files::{ReadError, read_text_limited};
        match read_text_limited(self, MAX_PROFILE_BYTES) {
            Ok(text) => Ok(Some(text)),
            Err(ReadError::NotFound(_)) => Ok(None),
            Err(e @ (ReadError::TooLarge { .. } | ReadError::NotText { .. })) => {
                Err(StorageError::Unreadable(e.to_string()))
            }
            // Not a file of ours to move aside (a device, a FIFO), or not readable at all.
            Err(e) => Err(StorageError::Inaccessible(e.to_string())),
        }
    }

    fn write_text(&self, text: &str) -> Result<(), String> {
        use std::io::Write;
        if let Some(dir) = self.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let temporary = self.with_extension("ron.tmp");
        let mut file =
            std::fs::File::create(&temporary).map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, self).map_err(|e| format!("cannot replace {}: {e}", self.display()))
    }

    fn keep_aside(&self) -> Result<String, String> {
        let backup = free_backup_path(self);
        std::fs::rename(self, &backup).map_err(|e| format!("cannot rename it to {}: {e}", backup.display()))?;
        Ok(backup.display().to_string())
    }
}

/// `profile.ron.unreadable-1`, `-2`, … : the first name not taken.
fn free_backup_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or("profile".into(), |n| n.to_string_lossy().into_owned());
    (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|p| !p.exists())
        .expect("some backup name is free")
}
