//! The player's profile: rating, rating history and saved games. Saved as RON, atomically (natively
//! a temporary file, synced, then renamed over the old one; in the browser one local-storage
//! write); a profile that cannot be read is moved aside as a backup and reported, never
//! overwritten silently.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::glicko::{GameResult, Rating};
use crate::storage::{StorageError, TextStorage};

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
    /// The puzzle rating (Glicko-2, each puzzle one game against its rating).
    #[serde(default)]
    pub puzzle_rating: Rating,
    /// The puzzles tried (their FEN4D), so the next one is new.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub puzzles_tried: Vec<String>,
    /// Each tried puzzle's own rating (by FEN4D), moved by the player's results as lichess moves
    /// a puzzle's by its solvers': solved, it loses points; failed, it gains them. A puzzle not
    /// here has the set's rating.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub puzzle_ratings: BTreeMap<String, Rating>,
}

/// A puzzle's rating before anyone tried it: the set's estimate, with the deviation of a
/// computer level's (it is an estimate, not a guess).
pub fn puzzle_start(set_rating: u32) -> Rating {
    Rating {
        rating: f64::from(set_rating),
        deviation: 80.0,
        volatility: 0.06,
    }
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
            puzzle_rating: Rating::START,
            puzzles_tried: Vec::new(),
            puzzle_ratings: BTreeMap::new(),
        }
    }
}

/// The deviation a replayed game's opponent gets when the game no longer names a known one (the
/// computer levels' deviations are 35 to 51).
const UNKNOWN_OPPONENT_DEVIATION: f64 = 50.0;

/// What working the rating out again changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Rerated {
    /// The rated games replayed.
    pub games: usize,
    pub before: f64,
    pub after: f64,
}

impl Rerated {
    /// What happened, for the player.
    pub fn describe(&self) -> String {
        format!(
            "The computer levels' ratings were measured again: your rating was worked out again from your {} rated game{} against them, {:.0} -> {:.0}.",
            self.games,
            if self.games == 1 { "" } else { "s" },
            self.before,
            self.after
        )
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
pub fn default_storage() -> Option<Box<dyn TextStorage>> {
    #[cfg(target_arch = "wasm32")]
    return Some(Box::new(crate::storage::local::LocalStorage {
        key: crate::storage::local::PROFILE_KEY.to_string(),
    }));
    #[cfg(not(target_arch = "wasm32"))]
    default_path().map(|path| Box::new(path) as Box<dyn TextStorage>)
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

    /// Works the rating out again when an opponent of a rated game has been rated anew since
    /// (the computer levels' ratings are measured again when the computer changes, and a rating
    /// earned against the old figures would be on another scale): every game in order, each rated
    /// one a period against `current(opponent)`, or against the rating the game saved where
    /// `current` does not know the opponent. The games' ratings and the unfinished game's
    /// opponent are brought up to date too. `None` when every rated opponent's rating stands.
    pub fn rerate(&mut self, current: impl Fn(&str) -> Option<Rating>) -> Option<Rerated> {
        if let Some(unfinished) = &mut self.unfinished
            && let Some(now) = current(&unfinished.game.opponent)
        {
            unfinished.opponent = now;
            unfinished.game.opponent_rating = now.rating;
        }
        let outdated = |game: &SavedGame| current(&game.opponent).is_some_and(|r| r.rating != game.opponent_rating);
        if !self.games.iter().any(|g| g.rated && outdated(g)) {
            return None;
        }
        let before = self.rating.rating;
        let mut rated = 0;
        // Recorded again from the start, as they were first recorded.
        self.rating = Rating::START;
        for mut game in std::mem::take(&mut self.games) {
            let opponent = current(&game.opponent).unwrap_or(Rating {
                rating: game.opponent_rating,
                deviation: UNKNOWN_OPPONENT_DEVIATION,
                ..Rating::START
            });
            game.opponent_rating = opponent.rating;
            rated += usize::from(game.rated);
            self.record(game, opponent);
        }
        Some(Rerated {
            games: rated,
            before,
            after: self.rating.rating,
        })
    }

    /// A puzzle's rating now: as the player's results moved it, else the set's (`set_rating`).
    pub fn puzzle_rating_of(&self, fen: &str, set_rating: u32) -> Rating {
        self.puzzle_ratings
            .get(fen)
            .copied()
            .unwrap_or_else(|| puzzle_start(set_rating))
    }

    /// Records a puzzle tried: solved is a win against its rating, anything else a loss; the
    /// puzzle's own rating moves the other way, against the player's rating before the try.
    pub fn record_puzzle(&mut self, fen: String, set_rating: u32, solved: bool) {
        let puzzle = self.puzzle_rating_of(&fen, set_rating);
        let player = self.puzzle_rating;
        let (result, puzzles_result) = if solved {
            (GameResult::Win, GameResult::Loss)
        } else {
            (GameResult::Loss, GameResult::Win)
        };
        self.puzzle_rating = player.after_period(&[(puzzle, result)]);
        self.puzzle_ratings
            .insert(fen.clone(), puzzle.after_period(&[(player, puzzles_result)]));
        if !self.puzzles_tried.contains(&fen) {
            self.puzzles_tried.push(fen);
        }
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
    pub fn read(storage: &dyn TextStorage) -> Result<Option<Profile>, StorageError> {
        let Some(text) = storage.read_text(MAX_PROFILE_BYTES)? else {
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
        self.puzzle_rating
            .check()
            .map_err(|why| format!("puzzle rating: {why}"))?;
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
        for (fen, rating) in &self.puzzle_ratings {
            rating
                .check()
                .map_err(|why| format!("the rating of puzzle {fen}: {why}"))?;
        }
        Ok(())
    }

    /// Loads the profile the game will write to; an unreadable one is moved aside first. A
    /// place that cannot be read at all (or is no file) is an error and is left alone.
    pub fn load(storage: &dyn TextStorage) -> Result<Loaded, String> {
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
    pub fn save(&self, storage: &dyn TextStorage) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot encode the profile: {e}"))?;
        storage.write_text(&text)
    }
}
