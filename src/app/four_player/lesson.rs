//! The four-player introduction's runner: opens a built-in scene on the table (its position and
//! rule set, the player's seat, the lit squares, the moves allowed), explains tempting wrong
//! moves, plays the other seats' scripted turns at the computers' pace, and says when the scene
//! is done. A new game from the form ends the lesson.

use std::sync::Arc;

use bevy::prelude::*;

use super::table::{Sitter, Table, TableIntent};
use super::turns::Pace;
use crate::app::Mode;
use crate::four_player::ai::levels;
use crate::four_player::{Move, Seat, Turn};
use crate::tutorial::{Allowed, Reply, Success, ValidCrossScene, cross_scenes};

/// The open scene and how far the player has got in it.
#[derive(Resource, Default)]
pub struct CrossLesson {
    /// Shared, not copied: the runner holds it every frame while the table changes.
    pub scene: Option<Arc<ValidCrossScene>>,
    /// What to tell the player: a mistake explained, "well done", "try again".
    pub message: Option<String>,
    /// A scene file that failed its checks (cannot happen with the built-in files, which a
    /// test loads, but shown rather than hidden if it does).
    pub error: Option<String>,
    pub completed: bool,
    pub hints_shown: usize,
    /// The table's game number and generation the runner last looked at.
    game_number: u64,
    seen_generation: u64,
    /// Seconds left before the next scripted turn.
    reply_wait: f32,
}

/// What the lesson panel asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LessonIntent {
    /// Opens the scene of this name (`01-board-and-seats`).
    Open(String),
    /// The open scene again from its start.
    Again,
    /// The next scene, once this one is done.
    Next,
    /// Back to an ordinary game.
    Leave,
    /// One more hint.
    Hint,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossLesson>()
        .add_message::<LessonIntent>()
        .add_systems(
            Update,
            (
                apply_lesson_intents.before(crate::app::AppSystems::Apply),
                follow_the_table.after(crate::app::AppSystems::Apply),
            )
                .run_if(in_state(Mode::FourPlayer)),
        );
}

/// The moves allowed for the player's first move, as the table filters them.
fn allowed_moves(scene: &ValidCrossScene) -> Option<Vec<Move>> {
    let start = scene.start();
    match &scene.scene.allowed {
        Allowed::AnyLegal => None,
        Allowed::Nothing => Some(Vec::new()),
        Allowed::PiecesOn(_) | Allowed::Moves(_) => Some(
            start
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| scene.allows_in(&start, m))
                .collect(),
        ),
    }
}

/// Puts the scene on the table: its game, its seat for the person (the others scripted, or a
/// computer level when the scene says so), its restrictions and lit squares.
pub fn open_scene(lesson: &mut CrossLesson, table: &mut Table, scene: Arc<ValidCrossScene>) {
    let others = match &scene.scene.reply {
        Reply::Computer(level) => levels::index(level).map_or(Sitter::Human, Sitter::Computer),
        Reply::None | Reply::Moves(_) => Sitter::Human,
    };
    let mut sitters = [others; 4];
    sitters[scene.player.index()] = Sitter::Human;
    table.restart(scene.start(), sitters, None);
    table.lesson_seat = Some(scene.player);
    table.allowed = allowed_moves(&scene);
    table.highlight = scene.highlight.clone();
    *lesson = CrossLesson {
        completed: matches!(scene.scene.success, Success::Explore),
        game_number: table.game_number,
        seen_generation: table.generation,
        reply_wait: 0.0,
        scene: Some(scene),
        ..CrossLesson::default()
    };
}

fn open_by_name(lesson: &mut CrossLesson, table: &mut Table, name: &str) {
    let found = crate::tutorial::CROSS_SCENES
        .iter()
        .position(|(n, _)| *n == name)
        .map(|i| cross_scenes().swap_remove(i));
    match found {
        Some(Ok(scene)) => open_scene(lesson, table, Arc::new(scene)),
        Some(Err(e)) => lesson.error = Some(e.to_string()),
        None => lesson.error = Some(format!("there is no four-player scene called '{name}'")),
    }
}

fn apply_lesson_intents(
    mut intents: MessageReader<LessonIntent>,
    mut lesson: ResMut<CrossLesson>,
    mut table: ResMut<Table>,
    mut table_intents: MessageWriter<TableIntent>,
) {
    for intent in intents.read() {
        match intent {
            LessonIntent::Open(name) => open_by_name(&mut lesson, &mut table, name),
            LessonIntent::Again => {
                if let Some(scene) = lesson.scene.clone() {
                    open_scene(&mut lesson, &mut table, scene);
                }
            }
            LessonIntent::Next => {
                let next = lesson.scene.as_ref().and_then(|s| s.scene.next.clone());
                if let Some(name) = next
                    && lesson.completed
                {
                    open_by_name(&mut lesson, &mut table, &name);
                }
            }
            LessonIntent::Hint => {
                let hints = lesson.scene.as_ref().map_or(0, |s| s.scene.hints.len());
                lesson.hints_shown = (lesson.hints_shown + 1).min(hints);
            }
            LessonIntent::Leave => {
                *lesson = CrossLesson::default();
                let game =
                    crate::four_player::Game::new(table.game.rules, crate::four_player::Setup::Modern.position());
                table_intents.write(TableIntent::NewGame(
                    Box::new(game),
                    super::table::default_sitters(),
                    None,
                ));
            }
        }
    }
}

/// The player's moves so far in the scene's game, oldest first.
fn player_moves(table: &Table, player: Seat) -> Vec<Move> {
    table
        .game
        .turns()
        .iter()
        .filter(|t| t.seat == player)
        .filter_map(|t| match t.turn {
            Turn::Move(mv) => Some(mv),
            _ => None,
        })
        .collect()
}

/// Watches the scene's game: a new game ends the lesson; a tempting wrong move is explained;
/// the player's move is judged; the other seats' scripted turns follow at the computers' pace.
fn follow_the_table(mut lesson: ResMut<CrossLesson>, mut table: ResMut<Table>, pace: Res<Pace>, time: Res<Time>) {
    let Some(scene) = lesson.scene.clone() else { return };
    if table.game_number != lesson.game_number {
        // A new game from the form or an import: the lesson is over.
        *lesson = CrossLesson::default();
        return;
    }
    if let Some((from, to)) = table.attempt.take()
        && let Some(why) = scene.mistake(from, to)
    {
        lesson.message = Some(why.to_string());
    }
    if table.generation != lesson.seen_generation {
        lesson.seen_generation = table.generation;
        let moves = player_moves(&table, scene.player);
        if let Some(&mv) = moves.last()
            && table.game.turns().last().is_some_and(|t| t.seat == scene.player)
            && !lesson.completed
        {
            if scene.succeeds(mv, moves.len() - 1, &table.game) {
                lesson.completed = true;
                lesson.message = Some(crate::tutorial::rules::well_done(scene.scene.next.is_some()).into());
            } else if let Some(why) = scene.mistake(mv.from, mv.to) {
                lesson.message = Some(format!("{why} Press Again to try once more."));
            } else if !matches!(scene.scene.reply, Reply::Moves(_) | Reply::Computer(_)) {
                lesson.message = Some("Not this time: press Again and look once more.".into());
            }
        }
        lesson.reply_wait = pace.pause_seconds;
    }
    // The player's own turn, or a computer's: no script to play. (A script plays on after
    // success, as the 4D scenes' replies do: it shows what comes next.)
    let turn = table.game.position().turn;
    if !table.is_live() || turn == scene.player || !matches!(scene.scene.reply, Reply::Moves(_)) {
        return;
    }
    lesson.reply_wait -= time.delta_secs();
    if lesson.reply_wait > 0.0 {
        return;
    }
    let played = table.game.turns().iter().filter(|t| t.seat != scene.player).count();
    match scene.reply(played, &table.game) {
        Some(mv) => {
            if let Err(e) = table.play(Turn::Move(mv)) {
                lesson.message = Some(format!("the scene's reply was refused: {e}"));
            }
        }
        None => {
            if !lesson.completed {
                lesson.message = Some("Not this time: press Again and look once more.".into());
            }
            // Nothing more to play: wait here until the player starts again.
            lesson.reply_wait = f32::INFINITY;
        }
    }
}

/// The lesson's part of the left panel: the scene list when none is open, else the open
/// scene's title, text, hints, message and buttons.
pub fn panel(ui: &mut bevy_egui::egui::Ui, lesson: &CrossLesson, intents: &mut MessageWriter<LessonIntent>) {
    use bevy_egui::egui;
    if let Some(error) = &lesson.error {
        ui.colored_label(egui::Color32::from_rgb(230, 120, 60), error);
    }
    let Some(scene) = &lesson.scene else {
        egui::CollapsingHeader::new("Learn four-player chess")
            .id_salt("four-player lessons")
            .show(ui, |ui| {
                for (name, title) in scene_titles() {
                    if ui.button(title).clicked() {
                        intents.write(LessonIntent::Open(name.to_string()));
                    }
                }
            });
        return;
    };
    ui.label(egui::RichText::new(&scene.scene.title).strong());
    ui.add(egui::Label::new(&scene.scene.text).wrap());
    for hint in scene.scene.hints.iter().take(lesson.hints_shown) {
        ui.label(egui::RichText::new(format!("Hint: {hint}")).italics());
    }
    if let Some(message) = &lesson.message {
        let colour = if lesson.completed {
            egui::Color32::from_rgb(120, 210, 120)
        } else {
            egui::Color32::from_rgb(240, 200, 90)
        };
        ui.add(egui::Label::new(egui::RichText::new(message).color(colour)).wrap());
    }
    ui.horizontal_wrapped(|ui| {
        if lesson.hints_shown < scene.scene.hints.len() && ui.button("Hint").clicked() {
            intents.write(LessonIntent::Hint);
        }
        if ui.button("Again").clicked() {
            intents.write(LessonIntent::Again);
        }
        if scene.scene.next.is_some()
            && ui
                .add_enabled(lesson.completed, egui::Button::new("Next scene"))
                .on_disabled_hover_text("Finish this scene first")
                .clicked()
        {
            intents.write(LessonIntent::Next);
        }
        if ui.button("Leave the lesson").clicked() {
            intents.write(LessonIntent::Leave);
        }
    });
}

/// Each built-in scene's name and title, read once.
fn scene_titles() -> &'static [(&'static str, String)] {
    static TITLES: std::sync::OnceLock<Vec<(&'static str, String)>> = std::sync::OnceLock::new();
    TITLES.get_or_init(|| {
        crate::tutorial::CROSS_SCENES
            .iter()
            .map(|(name, text)| {
                (
                    *name,
                    crate::tutorial::CrossScene::title_of(text).unwrap_or(name.to_string()),
                )
            })
            .collect()
    })
}
