//! The puzzle mode: the next puzzle for the player's puzzle rating goes on the board (an unrated
//! study, the player moving for the side to move), each of the player's moves is judged by
//! `fourfold::puzzles::attempt` and the other side's answer played at once; a solved puzzle is
//! a win against its rating and a failed one a loss, saved in the profile, and the puzzle's own
//! rating moves the other way. A wrong move is
//! answered by the reply that refutes it, and the solution is shown.

use bevy::prelude::*;
use bevy_egui::egui;

use super::profile::ProfileStore;
use super::state::{GameView, Play, Seat};
use super::tutorial::Tutorial;
use crate::fourfold::puzzles::attempt::{Attempt, Verdict, next_for};
use crate::fourfold::puzzles::{self, Puzzle};
use crate::fourfold::rules::lan::{format_move, format_moves};

/// What the panel asks of the puzzle mode.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    Next,
    /// A given puzzle: its place in the set, from 0 (a link's `?puzzle=1` is the first).
    Open(usize),
    Close,
}

/// A puzzle on the board.
struct Active {
    attempt: Attempt,
    /// Its place in the set.
    index: usize,
    /// The game (`Play::game_number`) it was set up as: another game ends the puzzle.
    game_number: u64,
    /// Plies of the game already judged or answered.
    seen_plies: usize,
    over: bool,
}

#[derive(Resource, Default)]
pub struct PuzzleMode {
    set: Vec<Puzzle>,
    active: Option<Active>,
    /// What the last move led to.
    pub message: Option<String>,
}

impl PuzzleMode {
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }

    /// The puzzle on the board: its place in the set, from 0.
    pub fn active_index(&self) -> Option<usize> {
        self.active.as_ref().map(|a| a.index)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PuzzleMode>()
        .add_message::<PuzzleAction>()
        .add_systems(Startup, load_set)
        .add_systems(
            Update,
            (take_actions, follow_moves)
                .chain()
                .after(crate::app::AppSystems::Apply)
                .before(crate::app::AppSystems::Mirror)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
}

fn load_set(mut mode: ResMut<PuzzleMode>) {
    match puzzles::load(puzzles::SET) {
        Ok(set) => mode.set = set,
        Err(e) => mode.message = Some(format!("The puzzles could not be read: {e}")),
    }
}

fn take_actions(
    mut actions: MessageReader<PuzzleAction>,
    mut mode: ResMut<PuzzleMode>,
    mut play: ResMut<Play>,
    mut view: ResMut<GameView>,
    mut tutorial: Option<ResMut<Tutorial>>,
    store: Option<Res<ProfileStore>>,
) {
    for action in actions.read() {
        match action {
            PuzzleAction::Close => {
                mode.active = None;
                mode.message = None;
            }
            // Never over a rated game in progress (the panel offers no puzzle then).
            PuzzleAction::Next | PuzzleAction::Open(_) if play.rated_in_progress() => {}
            PuzzleAction::Open(index) if *index >= mode.set.len() => {
                mode.message = Some(format!(
                    "There is no puzzle {} (the set has {}).",
                    index + 1,
                    mode.set.len()
                ));
            }
            PuzzleAction::Next | PuzzleAction::Open(_) => {
                let index = match action {
                    PuzzleAction::Open(index) => *index,
                    _ => {
                        let default = crate::rating::Profile::default();
                        let profile = store.as_ref().map_or(&default, |s| &s.profile);
                        let rating_of = |p: &Puzzle| profile.puzzle_rating_of(&p.position.to_fen(), p.rating).rating;
                        let rating = profile.puzzle_rating.rating;
                        let Some(index) = next_for(&mode.set, rating_of, rating, &profile.puzzles_tried) else {
                            continue;
                        };
                        index
                    }
                };
                let puzzle = mode.set[index].clone();
                let _ = play.restart(puzzle.position.clone(), [Seat::Human, Seat::Human]);
                play.study = true;
                if let Some(tutorial) = tutorial.as_mut() {
                    **tutorial = Tutorial::default();
                }
                view.follow(&play);
                mode.active = Some(Active {
                    attempt: Attempt::new(puzzle),
                    index,
                    game_number: play.game_number,
                    seen_plies: 0,
                    over: false,
                });
                mode.message = None;
            }
        }
    }
}

/// Judges the player's new move and plays the other side's answer.
fn follow_moves(
    mut mode: ResMut<PuzzleMode>,
    mut play: ResMut<Play>,
    mut view: ResMut<GameView>,
    tutorial: Option<Res<Tutorial>>,
    mut store: Option<ResMut<ProfileStore>>,
) {
    let mode = &mut *mode;
    let Some(active) = mode.active.as_mut() else { return };
    let plies = play.game.moves().len();
    let in_scene = tutorial.is_some_and(|t| t.scene.is_some());
    if play.game_number != active.game_number || in_scene || plies < active.seen_plies {
        // Another game, a tutorial scene or an undo: the puzzle is left.
        mode.active = None;
        mode.message = None;
        return;
    }
    if active.over || plies == active.seen_plies {
        return;
    }
    let before = play.game.position_after(active.seen_plies);
    let mv = play.game.moves()[active.seen_plies];
    active.seen_plies = plies;
    let Ok(verdict) = active.attempt.play(mv) else { return };
    let puzzle = active.attempt.puzzle().clone();
    let solution = format_moves(&puzzle.position, &puzzle.line).join(" ");
    let solved = match verdict {
        Verdict::Continue { reply } => {
            let text = format_move(play.game.position(), reply);
            if play.play(reply).is_ok() {
                active.seen_plies += 1;
                view.follow(&play);
            }
            mode.message = Some(format!("Right. The answer: {text}. Go on."));
            return;
        }
        Verdict::Solved => {
            mode.message = Some("Solved!".into());
            true
        }
        Verdict::Failed { refutation } => {
            let tried = format_move(&before, mv);
            mode.message = Some(match refutation {
                Some(reply) => {
                    let text = format_move(play.game.position(), reply);
                    if play.play(reply).is_ok() {
                        active.seen_plies += 1;
                        view.follow(&play);
                    }
                    format!("Not {tried}: {text} answers it, and no mate is forced in time. The solution: {solution}.")
                }
                None => format!("Not {tried}: it leaves no move at all, a stalemate. The solution: {solution}."),
            });
            false
        }
    };
    active.over = true;
    if let Some(store) = store.as_mut() {
        let fen = puzzle.position.to_fen();
        let before = store.profile.puzzle_rating_of(&fen, puzzle.rating).rating;
        store.profile.record_puzzle(fen.clone(), puzzle.rating, solved);
        let after = store.profile.puzzle_rating.rating;
        let moved = store.profile.puzzle_rating_of(&fen, puzzle.rating).rating;
        if let Some(message) = mode.message.as_mut() {
            message.push_str(&format!(
                " Your puzzle rating: {after:.0}. The puzzle's: {before:.0} → {moved:.0}."
            ));
        }
        if let Some(storage) = store.storage.as_ref()
            && let Err(e) = store.profile.save(storage.as_ref())
        {
            store.problem = Some(format!("The profile could not be saved: {e}"));
        }
    }
}

/// The puzzles' part of the side panel.
pub(super) fn section(
    ui: &mut egui::Ui,
    mode: &PuzzleMode,
    store: Option<&ProfileStore>,
    play: &Play,
    actions: &mut MessageWriter<PuzzleAction>,
) {
    ui.label(egui::RichText::new("Puzzles").strong());
    if let Some(store) = store {
        let rating = store.profile.puzzle_rating;
        ui.label(format!(
            "Your puzzle rating: {:.0} ± {:.0}",
            rating.rating,
            2.0 * rating.deviation
        ));
    }
    match &mode.active {
        Some(active) => {
            let puzzle = active.attempt.puzzle();
            let side = match puzzle.position.side_to_move() {
                crate::fourfold::rules::Color::White => "White",
                crate::fourfold::rules::Color::Black => "Black",
            };
            // Its rating as the player's results moved it.
            let rating = store.map_or(f64::from(puzzle.rating), |s| {
                s.profile
                    .puzzle_rating_of(&puzzle.position.to_fen(), puzzle.rating)
                    .rating
            });
            ui.label(format!(
                "Puzzle {} of {} (rated {rating:.0}): {side} to move mates in {}.",
                active.index + 1,
                mode.set.len(),
                puzzle.mate_in()
            ));
        }
        None => {
            ui.label(format!(
                "{} positions with one way to force mate in 1, 2 or 3, each proved by a solver.",
                mode.set.len()
            ));
        }
    }
    if let Some(message) = &mode.message {
        ui.label(egui::RichText::new(message).italics());
    }
    ui.horizontal(|ui| {
        let label = if mode.is_active() {
            "Next puzzle"
        } else {
            "Solve a puzzle"
        };
        let next = ui
            .add_enabled(
                !play.rated_in_progress() && !mode.set.is_empty(),
                egui::Button::new(label),
            )
            .on_disabled_hover_text("Finish the rated game first.");
        if next.clicked() {
            actions.write(PuzzleAction::Next);
        }
        if mode.is_active() && ui.button("Close").clicked() {
            actions.write(PuzzleAction::Close);
        }
    });
}
