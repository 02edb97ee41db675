//! The tutorial runner: scenes are Bevy assets read by a RON loader (checked on load; a broken
//! file is shown, not crashed on), reloaded when their file changes (native), and played here:
//! the scene's position, view, highlights, allowed moves, mistakes, success, replies and the
//! reach explorer's counts.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use super::mirror::ViewTarget;
use super::projection::View;
pub use super::state::OpenScene;
use super::state::{Abandoned, Attempted, GameView, Leaving, PendingLeave, Play, Seat, ShowWholeReach, TutorialGate};
use crate::fourfold::ai::levels;
use crate::fourfold::rules::lan::{Strictness, parse_move};
use crate::fourfold::rules::reach::{reach, split_by_board};
use crate::fourfold::rules::{Game, Move, Square};
use crate::tutorial::{Allowed, Reply, Success, ValidScene};

/// The first scene of "From 3D to 4D in four steps".
pub const FIRST_SCENE: &str = "01-layers";
/// Every scene, in tutorial order (the browser cannot list a folder).
pub const SCENES: [&str; 23] = [
    "01-layers",
    "02-second-copy",
    "10-reach-rook",
    "11-reach-bishop",
    "12-reach-knight",
    "13-reach-queen",
    "14-reach-king",
    "15-reach-pawn",
    "20-rook",
    "21-bishop",
    "22-knight",
    "23-queen",
    "24-king",
    "25-pawn-captures",
    "26-promotion",
    "30-check-across-w",
    "31-block-a-slide",
    "32-lines-that-cross",
    "40-try-it",
    "50-mate-in-one-across-w",
    "51-knight-mate",
    "52-mate-in-two",
    "53-full-setup-forced-win",
];

/// Each scene's title as the scene list shows it (a test checks them against the files).
pub const SCENE_TITLES: [&str; 23] = [
    "From 3D to 4D, step 1: layers",
    "From 3D to 4D, step 1: a second copy along W",
    "Step 2: see each piece's reach — the rook",
    "Step 2: see each piece's reach — the bishop",
    "Step 2: see each piece's reach — the knight",
    "Step 2: see each piece's reach — the queen",
    "Step 2: see each piece's reach — the king",
    "Step 2: see each piece's reach — the pawn",
    "Step 3: count the coordinates — the rook",
    "Step 3: count the coordinates — the bishop",
    "Step 3: count the coordinates — the knight",
    "Step 3: count the coordinates — the queen",
    "Step 3: count the coordinates — the king",
    "Step 3: count the coordinates — the pawn's captures",
    "Step 3: count the coordinates — promotion",
    "Step 4: look for threats on W — check from the other cube",
    "Step 4: look for threats on W — block a longer slide",
    "Step 4: look for threats on W — lines that cross do not block",
    "Try it",
    "Checkmate study: mate in 1 across W",
    "Checkmate study: the knight jumps between boards",
    "Checkmate study: mate in 2",
    "Checkmate study: the full setup is a forced win",
];

/// The folder holding `scenes/`: the working directory when it has one (running from the
/// project), else Bevy's asset base (`BEVY_ASSET_ROOT`, `CARGO_MANIFEST_DIR` or the program's folder).
/// In the browser: the page's own folder, where `scenes/` is served beside `index.html`.
#[cfg(target_arch = "wasm32")]
pub fn asset_root() -> std::path::PathBuf {
    std::path::PathBuf::from(".")
}

#[cfg(not(target_arch = "wasm32"))]
pub fn asset_root() -> std::path::PathBuf {
    match std::env::current_dir() {
        Ok(dir) if dir.join("scenes").is_dir() => dir,
        _ => bevy::asset::io::file::FileAssetReader::get_base_path(),
    }
}

/// A scene file as loaded: checked, or the error that names its file, line and field.
#[derive(Asset, TypePath, Debug)]
pub struct SceneAsset(pub Result<ValidScene, String>);

#[derive(Default, TypePath)]
struct SceneLoader;

impl AssetLoader for SceneLoader {
    type Asset = SceneAsset;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<SceneAsset, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let name = context
            .path()
            .path()
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        let scene = String::from_utf8(bytes)
            .map_err(|e| format!("scenes/{name}.ron: not UTF-8 text: {e}"))
            .and_then(|text| ValidScene::load(&name, &text).map_err(|e| e.to_string()));
        Ok(SceneAsset(scene))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The scene being played.
#[derive(Resource, Default)]
pub struct Tutorial {
    pub handle: Option<Handle<SceneAsset>>,
    pub name: Option<String>,
    /// The scene as applied (None until loaded, or when it failed).
    pub scene: Option<ValidScene>,
    pub error: Option<String>,
    /// What the runner says now: a mistake explained, a success, a hint.
    pub message: Option<String>,
    pub completed: bool,
    pub hints_shown: usize,
    /// Player moves seen so far in this scene.
    player_moves: usize,
    applied_generation: u64,
}

impl Tutorial {
    /// A scene asked for and not yet arrived (nor failed).
    pub fn loading(&self) -> bool {
        self.handle.is_some() && self.scene.is_none() && self.error.is_none()
    }

    pub fn highlight(&self) -> &[Square] {
        self.scene.as_ref().map_or(&[], |s| &s.highlight)
    }

    pub fn lines(&self) -> &[(Square, Square)] {
        self.scene.as_ref().map_or(&[], |s| &s.lines)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<SceneAsset>()
        .init_asset_loader::<SceneLoader>()
        .init_resource::<Tutorial>()
        .add_systems(
            Update,
            (open_scene, apply_loaded_scene, follow_play)
                .chain()
                .after(crate::app::AppSystems::Apply)
                .before(crate::app::AppSystems::Turns)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        reload_changed_scene.run_if(bevy::time::common_conditions::on_timer(std::time::Duration::from_secs(
            1,
        ))),
    );
}

/// The tutorial's part of the side panel: start it, read the scene, get hints, see mistakes
/// explained, go on.
pub(super) fn section(
    ui: &mut bevy_egui::egui::Ui,
    tutorial: &mut Tutorial,
    play: &Play,
    view: &GameView,
    open: &mut MessageWriter<OpenScene>,
    last_scene: Option<&str>,
) {
    use bevy_egui::egui;
    ui.label(egui::RichText::new("Tutorial").strong());
    if let Some(error) = &tutorial.error {
        ui.colored_label(
            egui::Color32::from_rgb(230, 90, 70),
            format!("This scene could not be loaded: {error}"),
        );
    }
    let Some(scene) = tutorial.scene.clone() else {
        ui.label("From 3D to 4D in four steps: layers, reach, counting coordinates, threats on W.");
        if ui.button("Start the tutorial").clicked() {
            open.write(OpenScene(FIRST_SCENE.into()));
        }
        // Where the player left off last time, by its title.
        if let Some((name, title)) = last_scene
            .and_then(|last| SCENES.iter().zip(SCENE_TITLES).find(|(name, _)| **name == last))
            .filter(|(name, _)| **name != FIRST_SCENE)
            && ui.button(format!("Continue: {title}")).clicked()
        {
            open.write(OpenScene(name.to_string()));
        }
        egui::ComboBox::from_label("or open a scene")
            .selected_text("choose…")
            .show_ui(ui, |ui| {
                for (name, title) in SCENES.iter().zip(SCENE_TITLES) {
                    if ui.selectable_label(false, title).clicked() {
                        open.write(OpenScene(name.to_string()));
                    }
                }
            });
        return;
    };
    ui.heading(&scene.scene.title);
    ui.label(&scene.scene.text);
    // The buttons come before the lines that appear and go (reach, hints, messages), so they
    // never move under the pointer.
    ui.horizontal(|ui| {
        if tutorial.hints_shown < scene.scene.hints.len() && ui.button("Hint").clicked() {
            tutorial.hints_shown += 1;
        }
        if ui.button("Restart the scene").clicked() {
            open.write(OpenScene(scene.name.clone()));
        }
        if let Some(next) = &scene.scene.next {
            let label = if tutorial.completed {
                "Next scene ▶"
            } else {
                "Skip ▶"
            };
            if ui.button(label).clicked() {
                open.write(OpenScene(next.clone()));
            }
        }
        if ui.button("Close").clicked() {
            *tutorial = Tutorial::default();
        }
    });
    // Below the buttons, where it wraps: in the row it widened the panel past the window.
    if scene.scene.next.is_none() && tutorial.completed {
        ui.label("The end of the tutorial: keep playing!");
    }
    if scene.scene.explorer {
        let reach = match reach_counts(play, view) {
            Some((total, same, other)) => {
                format!("Reach: {total} squares — {same} on its board, {other} on other boards")
            }
            None => "Reach: select the piece to light it".to_string(),
        };
        ui.label(egui::RichText::new(reach).strong());
    }
    for hint in scene.scene.hints.iter().take(tutorial.hints_shown) {
        ui.label(egui::RichText::new(format!("Hint: {hint}")).italics());
    }
    if let Some(message) = &tutorial.message {
        ui.colored_label(egui::Color32::from_rgb(240, 200, 90), message);
    }
}

fn open_scene(
    mut requests: MessageReader<OpenScene>,
    assets: Res<AssetServer>,
    mut tutorial: ResMut<Tutorial>,
    play: Res<Play>,
    mut pending: ResMut<PendingLeave>,
) {
    for OpenScene(name) in requests.read() {
        if play.rated_in_progress() {
            pending.0 = Some(Leaving::Scene(name.clone()));
            continue;
        }
        *tutorial = Tutorial {
            handle: Some(assets.load(format!("scenes/{name}.ron"))),
            name: Some(name.clone()),
            ..Tutorial::default()
        };
    }
}

/// When the scene's asset is (re)loaded, set the board, the view and the seats from it.
fn apply_loaded_scene(
    mut events: MessageReader<AssetEvent<SceneAsset>>,
    scenes: Res<Assets<SceneAsset>>,
    mut tutorial: ResMut<Tutorial>,
    mut play: ResMut<Play>,
    mut target: ResMut<ViewTarget>,
    mut whole_reach: ResMut<ShowWholeReach>,
    mut abandoned: MessageWriter<Abandoned>,
) {
    whole_reach.set_if_neq(ShowWholeReach(
        tutorial.scene.as_ref().is_some_and(|s| s.scene.explorer),
    ));
    let Some(handle) = tutorial.handle.clone() else { return };
    let changed = events.read().any(|e| match e {
        AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } => *id == handle.id(),
        _ => false,
    });
    if !changed {
        return;
    }
    let Some(SceneAsset(loaded)) = scenes.get(&handle) else {
        return;
    };
    match loaded {
        Err(e) => {
            tutorial.error = Some(e.clone());
            tutorial.scene = None;
        }
        Ok(scene) => {
            let opponent = match &scene.scene.reply {
                Reply::Computer(level) => levels::index(level).map_or(Seat::Human, Seat::Computer),
                Reply::None | Reply::Moves(_) => Seat::Human,
            };
            let mut seats = [Seat::Human, Seat::Human];
            seats[scene.player.opponent().index()] = opponent;
            abandoned.write_batch(play.restart(scene.position.clone(), seats));
            play.study = true;
            let view = &scene.scene.view;
            let (xw, yw, zw) = view.rotate;
            target.0 = View {
                morph: view.morph,
                angles: [xw, yw, zw].map(f32::to_radians),
            };
            tutorial.error = None;
            tutorial.message = None;
            tutorial.completed = matches!(scene.scene.success, Success::Explore);
            tutorial.player_moves = 0;
            tutorial.hints_shown = 0;
            tutorial.scene = Some(scene.clone());
            tutorial.applied_generation = u64::MAX;
        }
    }
}

/// The scene's moves allowed for the player's first move.
fn allowed_moves(scene: &ValidScene) -> Option<Vec<Move>> {
    match &scene.scene.allowed {
        Allowed::AnyLegal => None,
        Allowed::Nothing => Some(Vec::new()),
        Allowed::PiecesOn(_) | Allowed::Moves(_) => Some(
            scene
                .position
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| scene.allows(m))
                .collect(),
        ),
    }
}

/// Watches the game the scene set up: restrictions, mistakes, success, scripted replies, and
/// the explorer (its lone piece may move on and stays lit).
fn follow_play(
    mut tutorial: ResMut<Tutorial>,
    mut play: ResMut<Play>,
    mut view: ResMut<GameView>,
    mut gate: ResMut<TutorialGate>,
    mut attempts: MessageReader<Attempted>,
) {
    let attempt = attempts.read().last().copied();
    let Some(scene) = tutorial.scene.clone() else { return };
    if tutorial.applied_generation == u64::MAX {
        // Just applied: the restriction holds for the player's first move.
        gate.set(&play, allowed_moves(&scene));
        tutorial.applied_generation = play.generation;
        if let Some(&square) = scene.highlight.first()
            && scene.scene.explorer
        {
            // Selecting the explorer's piece: nothing to refuse.
            let _ = view.activate(&mut play, &mut gate, square);
        }
        return;
    }
    if let Some(Attempted(attempt)) = attempt
        && let Some(why) = scene.mistake(attempt.from, attempt.to)
    {
        tutorial.message = Some(why.to_string());
    }
    if play.generation == tutorial.applied_generation {
        return;
    }
    tutorial.applied_generation = play.generation;
    let moves = play.game.moves().to_vec();
    let player_plies: Vec<usize> = (0..moves.len())
        .filter(|&i| side_of_ply(&play.game, i) == scene.player)
        .collect();
    if player_plies.len() > tutorial.player_moves {
        let index = player_plies.len() - 1;
        let mv = moves[player_plies[index]];
        tutorial.player_moves = player_plies.len();
        if scene.scene.explorer {
            explore_on(&mut play, &mut view, &mut gate, mv.to);
            return;
        }
        if !tutorial.completed && scene.succeeds(mv, index, &play.game) {
            tutorial.completed = true;
            tutorial.message = Some(crate::tutorial::rules::well_done(scene.scene.next.is_some()).into());
        }
        if let Reply::Moves(replies) = &scene.scene.reply
            && let Some(text) = replies.get(index)
            && let Ok(reply) = parse_move(play.game.position(), text, Strictness::Lenient)
        {
            let _ = play.play(reply);
            tutorial.applied_generation = play.generation;
        }
    }
}

fn side_of_ply(game: &Game, ply: usize) -> crate::fourfold::rules::Color {
    let first = game.start().side_to_move();
    if ply.is_multiple_of(2) { first } else { first.opponent() }
}

/// After the explorer's piece moved: the same side moves again from its new square, lit.
fn explore_on(play: &mut Play, view: &mut GameView, gate: &mut TutorialGate, square: Square) {
    let mut position = play.game.position().clone();
    let mover = play.game.start().side_to_move();
    position.set_side_to_move(mover);
    let seats = play.seats;
    // A study is never rated: nothing is abandoned here.
    let _ = play.restart(position, seats);
    play.study = true;
    let _ = view.activate(play, gate, square);
}

/// The explorer's readout: how many squares the selected piece reaches, and on other boards.
pub fn reach_counts(play: &Play, view: &GameView) -> Option<(u32, u32, u32)> {
    let square = view.selected?;
    let position = play.game.position();
    let piece = position.piece_at(square)?;
    let squares = reach(piece, square, position.occupied());
    let (same, other) = split_by_board(square, squares);
    Some((squares.count(), same.count(), other.count()))
}

/// Re-reads the open scene's file when it changes on disk (native hot reload).
#[cfg(not(target_arch = "wasm32"))]
fn reload_changed_scene(
    tutorial: Res<Tutorial>,
    assets: Res<AssetServer>,
    mut seen: Local<Option<(String, std::time::SystemTime)>>,
) {
    let Some(name) = &tutorial.name else { return };
    let path = format!("scenes/{name}.ron");
    let file = asset_root().join(&path);
    let Ok(modified) = std::fs::metadata(&file).and_then(|m| m.modified()) else {
        return;
    };
    match &*seen {
        Some((seen_name, seen_time)) if seen_name == name && *seen_time != modified => {
            assets.reload(path);
        }
        _ => {}
    }
    *seen = Some((name.clone(), modified));
}
