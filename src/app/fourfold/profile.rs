//! Rated games and the player's profile in the game: finished games are saved (rated ones move
//! the rating), a rated game left unfinished counts as a loss, and a window shows the rating,
//! its history as a chart (egui_plot) and the saved games, any of which opens for review.

use bevy::prelude::*;
use bevy_egui::egui;
use egui_plot::{Line, Plot, PlotPoints};

use super::state::{Abandoned, Intent, Play, Seat};
use crate::fourfold::ai::LEVELS;
use crate::fourfold::rules::{Game, pgn};
use crate::rating::profile::default_storage;
use crate::rating::{GameResult, Loaded, Profile, Rating, SavedGame, Unfinished};
use crate::storage::TextStorage;

/// The profile in memory and where it is saved. Insert one made `at` a path before adding the
/// plugin to use another file (tests do); otherwise the platform's data folder is used (local
/// storage in the browser).
#[derive(Resource, Default)]
pub struct ProfileStore {
    pub profile: Profile,
    pub storage: Option<Box<dyn TextStorage>>,
    /// Something the player must hear about: an unreadable profile kept aside, a failed save.
    pub problem: Option<String>,
    /// News about the profile: the rating worked out again against the levels' new ratings.
    pub notice: Option<String>,
    /// The game generation already recorded, so each finished game is saved once.
    recorded_generation: Option<u64>,
}

impl ProfileStore {
    /// A store that loads from and saves to `path`.
    pub fn at(path: std::path::PathBuf) -> ProfileStore {
        ProfileStore {
            storage: Some(Box::new(path)),
            ..ProfileStore::default()
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ProfileStore>()
        .add_systems(Startup, load_profile)
        .add_systems(
            Update,
            record_games
                .after(crate::app::AppSystems::Apply)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_systems(
            Last,
            abandon_on_exit
                .run_if(on_message::<AppExit>)
                .run_if(|play: Res<Play>| play.rated_in_progress()),
        );
}

fn load_profile(mut store: ResMut<ProfileStore>) {
    let Some(storage) = store.storage.take().or_else(default_storage) else {
        store.problem = Some("no data folder on this system: the profile is not saved".into());
        return;
    };
    match Profile::load(storage.as_ref()) {
        Ok(Loaded::Recovered {
            profile,
            backup,
            problem,
        }) => {
            store.problem = Some(format!(
                "Your profile could not be read ({problem}); it was kept as {backup}."
            ));
            store.profile = profile;
        }
        Ok(loaded) => store.profile = loaded.profile(),
        Err(e) => {
            // Unreadable and not movable aside: never save over it.
            store.problem = Some(format!("{e}; your games will not be saved this time"));
            return;
        }
    }
    // Against the levels' ratings now: the unfinished game is counted against them too.
    let rerated = store.profile.rerate(crate::fourfold::ai::levels::rating_of);
    let settled = store.profile.settle_unfinished();
    if settled {
        store.problem = Some("Your last rated game was left unfinished: it counts as a loss.".into());
    }
    if let Some(rerated) = &rerated {
        store.notice = Some(rerated.describe());
    }
    if (settled || rerated.is_some())
        && let Err(e) = store.profile.save(storage.as_ref())
    {
        store.problem = Some(format!("The profile could not be saved: {e}"));
    }
    store.storage = Some(storage);
}

fn opponent_of(seats: [Seat; 2]) -> Option<(String, Rating)> {
    let human = seats.iter().position(|s| *s == Seat::Human)?;
    match seats[1 - human] {
        Seat::Computer(level) => Some((LEVELS[level].name.to_string(), LEVELS[level].rating)),
        Seat::Human => None,
    }
}

fn result_for(play: &Play) -> Option<(GameResult, String)> {
    let human = play.seats.iter().position(|s| *s == Seat::Human)?;
    let end = play.end()?;
    let result = match end.winner() {
        None => GameResult::Draw,
        Some(w) if w.index() == human => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    Some((result, end.reason().to_string()))
}

/// Seconds since 1970 (std has no wall clock in the browser: there it is the page's `Date`).
fn now() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return (js_sys::Date::now() / 1000.0) as u64;
    #[cfg(not(target_arch = "wasm32"))]
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The game's PGN4D with the players named in the White and Black tags.
fn game_record(game: &Game, seats: [Seat; 2]) -> String {
    let name = |seat: Seat| match seat {
        Seat::Human => "Player".to_string(),
        Seat::Computer(level) => format!("Tesseract Chess ({})", LEVELS[level].name),
    };
    let (white, black) = (name(seats[0]), name(seats[1]));
    pgn::export(game, &[("White", white.as_str()), ("Black", black.as_str())])
}

/// The record of a rated game left unfinished: a loss, its PGN4D keeping the result `*`.
fn abandoned_record(game: &Game, seats: [Seat; 2], opponent: String, rating: Rating) -> SavedGame {
    SavedGame {
        finished_at: now(),
        pgn: game_record(game, seats),
        opponent,
        opponent_rating: rating.rating,
        result: GameResult::Loss,
        reason: "abandoned".into(),
        rated: true,
        rating_after: 0.0,
    }
}

/// Saves finished games, records abandoned rated ones as losses, and keeps the rated game in
/// progress saved (as `unfinished`) after every move.
fn record_games(
    mut play: ResMut<Play>,
    mut store: ResMut<ProfileStore>,
    mut abandoned: MessageReader<Abandoned>,
    mut unfinished_saved: Local<Option<(u64, usize)>>,
) {
    let abandoned: Vec<Abandoned> = abandoned.read().cloned().collect();
    record(&mut play, &mut store, abandoned, &mut unfinished_saved);
}

/// `record_games`' work; `unfinished_saved` is the game generation and ply last saved as unfinished.
fn record(
    play: &mut Play,
    store: &mut ProfileStore,
    abandoned: Vec<Abandoned>,
    unfinished_saved: &mut Option<(u64, usize)>,
) {
    let mut changed = false;
    for Abandoned { game, seats } in abandoned {
        let Some((opponent, rating)) = opponent_of(seats) else {
            continue;
        };
        store.profile.unfinished = None;
        store
            .profile
            .record(abandoned_record(&game, seats, opponent, rating), rating);
        changed = true;
    }
    let finished = play.end().is_some() && !play.game.moves().is_empty() && !play.study;
    if finished && store.recorded_generation != Some(play.generation) {
        store.recorded_generation = Some(play.generation);
        if let (Some((opponent, rating)), Some((result, reason))) = (opponent_of(play.seats), result_for(play)) {
            let saved = SavedGame {
                finished_at: now(),
                opponent,
                opponent_rating: rating.rating,
                result,
                reason,
                rated: play.rated,
                rating_after: 0.0,
                pgn: game_record(&play.game, play.seats),
            };
            store.profile.unfinished = None;
            store.profile.record(saved, rating);
            changed = true;
        }
    }
    let progress = (play.generation, play.game.moves().len());
    if play.rated_in_progress()
        && *unfinished_saved != Some(progress)
        && let Some((opponent, rating)) = opponent_of(play.seats)
    {
        *unfinished_saved = Some(progress);
        store.profile.unfinished = Some(Unfinished {
            game: abandoned_record(&play.game, play.seats, opponent, rating),
            opponent: rating,
        });
        changed = true;
    }
    if changed
        && let Some(storage) = store.storage.as_deref()
        && let Err(e) = store.profile.save(storage)
    {
        store.problem = Some(format!("The profile could not be saved: {e}"));
    }
}

/// Closing the game in the middle of a rated game abandons it: a loss, saved before exiting.
fn abandon_on_exit(mut play: ResMut<Play>, mut store: ResMut<ProfileStore>) {
    let abandoned = play.abandon_rated().into_iter().collect();
    record(&mut play, &mut store, abandoned, &mut None);
}

/// The rating's part of the side panel: rating, a chart of its history, the saved games (any opens
/// for review).
pub(super) fn section(ui: &mut egui::Ui, store: &ProfileStore, intents: &mut MessageWriter<Intent>) {
    let r = store.profile.rating;
    // What went wrong with the profile stays in sight, not inside the folded section.
    if let Some(problem) = &store.problem {
        ui.colored_label(egui::Color32::from_rgb(230, 120, 60), problem);
    }
    if let Some(notice) = &store.notice {
        ui.label(notice);
    }
    // ± is two deviations: the range the true rating lies in with 95% confidence.
    egui::CollapsingHeader::new(format!("Your rating: {:.0} ± {:.0} (95%)", r.rating, 2.0 * r.deviation))
        .id_salt("your rating")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(format!(
                "Glicko-2 rating {:.0}, deviation {:.0} (± {:.0} is twice it: 95% confidence), volatility {:.3}",
                r.rating,
                r.deviation,
                2.0 * r.deviation,
                r.volatility
            ));
            let points: PlotPoints = std::iter::once([0.0, Rating::START.rating])
                .chain(
                    store
                        .profile
                        .games
                        .iter()
                        .enumerate()
                        .map(|(i, g)| [(i + 1) as f64, g.rating_after]),
                )
                .collect();
            Plot::new("rating history")
                .height(120.0)
                .allow_drag(false)
                .allow_zoom(false)
                .show(ui, |plot| {
                    plot.line(Line::new("rating", points));
                });
            ui.label(egui::RichText::new("Saved games").strong());
            egui::ScrollArea::vertical().max_height(160.0).show(ui, |ui| {
                for game in store.profile.games.iter().rev() {
                    ui.horizontal(|ui| {
                        ui.label(format!(
                            "{:?} vs {} ({}, {}) → {:.0}",
                            game.result,
                            game.opponent,
                            game.reason,
                            if game.rated { "rated" } else { "unrated" },
                            game.rating_after
                        ));
                        if ui.small_button("Review").clicked()
                            && let Ok(record) = pgn::import(&game.pgn)
                        {
                            intents.write(Intent::LoadGame(Box::new(record.game)));
                        }
                    });
                }
            });
        });
}
