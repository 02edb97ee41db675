//! The player's profile: rating, rating history and saved games. Saved as RON, atomically (a
//! temporary file, synced, then renamed over the old one); a profile that cannot be read is
//! moved aside as a backup and reported, never overwritten silently.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::glicko::{GameResult, Rating};

/// The environment variable that points the game and `rating` at another profile file.
pub const PROFILE_ENV: &str = "TESSERACT_CHESS_PROFILE";

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
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            rating: Rating::START,
            games: Vec::new(),
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
        backup: PathBuf,
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

    /// Reads a profile without changing anything on disk (for `tesseract-chess rating`).
    pub fn read(path: &Path) -> Result<Option<Profile>, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => ron::from_str(&text).map(Some).map_err(|e| {
                format!(
                    "{}:{}:{}: {}",
                    path.display(),
                    e.span.start.line,
                    e.span.start.col,
                    e.code
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// Loads the profile the game will write to; an unreadable one is moved aside first.
    pub fn load(path: &Path) -> Result<Loaded, String> {
        match Profile::read(path) {
            Ok(Some(profile)) => Ok(Loaded::Found(profile)),
            Ok(None) => Ok(Loaded::New(Profile::default())),
            Err(problem) => {
                let backup = free_backup_path(path);
                std::fs::rename(path, &backup)
                    .map_err(|e| format!("{problem}; and it could not be kept aside as {}: {e}", backup.display()))?;
                Ok(Loaded::Recovered {
                    profile: Profile::default(),
                    backup,
                    problem,
                })
            }
        }
    }

    /// Writes the profile atomically: the old file stays intact until the new one is complete.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        use std::io::Write;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot encode the profile: {e}"))?;
        let temporary = path.with_extension("ron.tmp");
        let mut file =
            std::fs::File::create(&temporary).map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, path).map_err(|e| format!("cannot replace {}: {e}", path.display()))
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
