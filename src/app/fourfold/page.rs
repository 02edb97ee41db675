//! The page around the canvas (browser only): live regions that screen readers announce and the
//! browser test reads — `#status` (the moves, whose turn, check, thinking, the result; the ply,
//! the moves and whether the computer is thinking as data attributes) and `#focus` (the
//! keyboard's square) — and the time of the first frame.

use bevy::prelude::*;

use super::mirror::Cell;
use super::pointer::Hovered;
use super::state::{GameView, Play};
use super::turns::Thinking;
use super::tutorial::Tutorial;
use crate::app::Launch;
use crate::app::shell::camera::MainCamera;
use crate::fourfold::rules::{Position, Square, lan};

/// The start the page's address asks for (`?analysis=on` turns the analysis on, `?review=on` the
/// engine's review of each finished game): `?fen=<FEN4D>` plays from a position, `?scene=<name>`
/// opens a tutorial scene (with `?game=four-player`, one of the four-player introduction's) (as
/// `--fen` and `--scene` do natively), `?level=<name>` picks the
/// computer's level. A bad FEN4D or level is reported in the game, which starts normally instead.
pub fn launch_from_address() -> Launch {
    let mut launch = Launch::default();
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return launch;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return launch;
    };
    if let Some(fen) = params.get("fen") {
        match Position::from_fen(&fen) {
            Ok(position) => launch.position = Some(position),
            Err(e) => {
                launch.notice = Some(format!(
                    "The address's fen is not a valid FEN4D ({e}); playing the classic start."
                ))
            }
        }
    }
    if let Some(name) = params.get("level") {
        match crate::fourfold::ai::levels::index(&name) {
            Ok(level) => launch.opponent = Some(level),
            Err(e) => launch.notice = Some(format!("The address's level: {e}.")),
        }
    }
    if let Some(game) = params.get("game") {
        match crate::app::Mode::from_name(&game) {
            Ok(mode) => launch.mode = Some(mode),
            Err(e) => launch.notice = Some(format!("The address's game: {e}.")),
        }
    }
    // `?rules=teams` opens a four-player game under those rules (a link to a Teams game).
    if let Some(name) = params.get("rules")
        && let Err(e) = name
            .parse::<crate::four_player::RuleKind>()
            .and_then(|kind| launch.set_four_player_rules(kind))
    {
        launch.notice = Some(format!("The address's rules: {e}."));
    }
    // `?analysis=on` opens either game with its analysis on (a link to a position to study).
    launch.analysis = params.get("analysis").is_some_and(|v| v == "on");
    // `?review=on`: the engine reviews each finished game unasked.
    launch.review = params.get("review").is_some_and(|v| v == "on");
    // `?puzzle=N` opens the N-th mate puzzle (as `tesseract-chess puzzles` lists them).
    if let Some(number) = params.get("puzzle") {
        match number.parse::<usize>() {
            Ok(n) if n >= 1 => launch.puzzle = Some(n - 1),
            _ => launch.notice = Some(format!("The address's puzzle '{number}' is not a number from 1.")),
        }
    }
    // `?game=four-player&scene=02-points` opens a scene of the four-player introduction.
    if launch.mode == Some(crate::app::Mode::FourPlayer) {
        launch.four_player_scene = params.get("scene");
    } else {
        launch.scene = params.get("scene");
    }
    launch
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            mark_first_frame.run_if(run_once),
            (write_status, write_focus, write_analysis, write_puzzle, write_review)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        ),
    );
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// What `#focus` shows depends on: the game (its generation), the focus, the selection, the
/// review, the square under the mouse and where the focused square is on screen.
type FocusKey = (
    u64,
    Option<Square>,
    Option<Square>,
    Option<usize>,
    Option<Square>,
    Option<(i32, i32)>,
);

/// `#focus` says the keyboard's square and what it holds, as the readout panel shows it, so a
/// screen reader follows the keyboard; `data-square` and `data-selected` carry the squares,
/// `data-hovered` the square under the mouse, and `data-x`/`data-y` the focused square's centre in
/// the canvas (CSS pixels), so a test can point and click at it. Written only when one changes.
fn write_focus(
    play: Res<Play>,
    view: Res<GameView>,
    hovered: Res<Hovered>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    cells: Query<(&Cell, &GlobalTransform)>,
    mut written: Local<Option<FocusKey>>,
) {
    let (camera, eye) = *camera;
    let on_screen = view.focus.and_then(|square| {
        let (_, place) = cells.iter().find(|(cell, _)| cell.0 == square)?;
        let point = camera.world_to_viewport(eye, place.translation()).ok()?;
        Some((point.x.round() as i32, point.y.round() as i32))
    });
    let key = (
        play.generation,
        view.focus,
        view.selected,
        view.review,
        hovered.0,
        on_screen,
    );
    if *written == Some(key) {
        return;
    }
    let Some(element) = element("focus") else { return };
    let text = match view.focus {
        Some(square) => {
            let (what, target) = view.square_readout(&play, square);
            let selected = if view.selected == Some(square) {
                ", selected"
            } else {
                ""
            };
            match target {
                Some(target) => format!("{what}{selected}. {target}."),
                None => format!("{what}{selected}."),
            }
        }
        None => String::new(),
    };
    // Only a change of focus or selection is announced: the text is what a screen reader reads.
    if element.text_content().as_deref() != Some(text.as_str()) {
        element.set_text_content(Some(&text));
    }
    let square_text = |square: Option<Square>| square.map_or(String::new(), |s| s.to_string());
    let _ = element.set_attribute("data-square", &square_text(view.focus));
    let _ = element.set_attribute("data-selected", &square_text(view.selected));
    let _ = element.set_attribute("data-hovered", &square_text(hovered.0));
    let (x, y) = on_screen.map_or((String::new(), String::new()), |(x, y)| (x.to_string(), y.to_string()));
    let _ = element.set_attribute("data-x", &x);
    let _ = element.set_attribute("data-y", &y);
    *written = Some(key);
}

/// Which position is shown: the game's generation and the ply under review.
type ShownPosition = (u64, Option<usize>);

/// `#status`'s `data-analysis-*`: the analysis of the position shown, once found — its best move
/// (LAN4D), depth, nodes, where it was searched (`worker`, `whole`, `slices …`) and the
/// milliseconds since the position was shown. Written when what is found changes.
fn write_analysis(
    play: Res<Play>,
    view: Res<GameView>,
    analysis: Res<super::analysis::Analysis>,
    mut shown_since: Local<Option<(ShownPosition, f64)>>,
    mut written: Local<Option<(ShownPosition, u32, u64)>>,
) {
    let Some(window) = web_sys::window() else { return };
    let now = window.performance().map_or(0.0, |p| p.now());
    let key = (play.generation, view.review);
    if shown_since.is_none_or(|(shown, _)| shown != key) {
        *shown_since = Some((key, now));
    }
    let Some(found) = analysis.best.found.as_ref().filter(|f| f.is_of(key)) else {
        return;
    };
    let what = (key, found.result.depth, found.result.nodes);
    if *written == Some(what) {
        return;
    }
    let Some(element) = element("status") else { return };
    let since = shown_since.map_or(0.0, |(_, at)| now - at);
    let _ = element.set_attribute("data-analysis-best", found.line.first().map_or("", String::as_str));
    let _ = element.set_attribute("data-analysis-depth", &found.result.depth.to_string());
    let _ = element.set_attribute("data-analysis-nodes", &found.result.nodes.to_string());
    let _ = element.set_attribute("data-analysis-thought", &found.thought.describe());
    let _ = element.set_attribute("data-analysis-ms", &format!("{since:.0}"));
    *written = Some(what);
}

/// The puzzle on the board and the message under it.
type PuzzleShown = (Option<usize>, Option<String>);

/// `#status`'s `data-puzzle` (the puzzle on the board, numbered from 1 as `?puzzle=` takes it;
/// empty with none) and `data-puzzle-message` (what the last move led to: `Solved!`, the
/// refutation). Written when either changes.
fn write_puzzle(mode: Res<super::puzzles::PuzzleMode>, mut written: Local<Option<PuzzleShown>>) {
    let now = (mode.active_index(), mode.message.clone());
    if written.as_ref() == Some(&now) {
        return;
    }
    let Some(element) = element("status") else { return };
    let number = now.0.map_or(String::new(), |i| (i + 1).to_string());
    let _ = element.set_attribute("data-puzzle", &number);
    let _ = element.set_attribute("data-puzzle-message", now.1.as_deref().unwrap_or(""));
    *written = Some(now);
}

/// `#status`'s `data-review` (what each move of the game on the board lost, in centipawns,
/// space-separated, once the engine's review is there) and `data-review-thought` (where it was
/// worked out: `worker`, `slices …`). Written when the review changes.
fn write_review(
    play: Res<Play>,
    review: Res<super::engine_review::EngineReview>,
    mut written: Local<Option<(String, String)>>,
) {
    let losses = review.of(&play).map_or(String::new(), |done| {
        let words: Vec<String> = done.losses.iter().map(i32::to_string).collect();
        words.join(" ")
    });
    let thought = review.thought(&play).map_or(String::new(), |t| t.describe());
    let now = (losses, thought);
    if written.as_ref() == Some(&now) {
        return;
    }
    let Some(element) = element("status") else { return };
    let _ = element.set_attribute("data-review", &now.0);
    let _ = element.set_attribute("data-review-thought", &now.1);
    *written = Some(now);
}

/// `data-first-frame-ms` on `<body>`: milliseconds from navigation to the end of the first frame.
fn mark_first_frame() {
    let Some(window) = web_sys::window() else { return };
    let now = window.performance().map_or(0.0, |p| p.now());
    if let Some(body) = window.document().and_then(|d| d.body()) {
        let _ = body.set_attribute("data-first-frame-ms", &format!("{now:.0}"));
    }
}

/// What the status line says: the open tutorial scene, the move that led to the position shown
/// (`moves` is the game's in record form; under review, the reviewed ply's), whose turn it is,
/// check, thinking, the result, what the tutorial says of the last try.
fn status_text(play: &Play, view: &GameView, moves: &[String], thinking: bool, tutorial: Option<&Tutorial>) -> String {
    let game = &play.game;
    let mut parts = Vec::new();
    if let Some(scene) = tutorial.and_then(|t| t.scene.as_ref()) {
        parts.push(format!("Tutorial: {}.", scene.scene.title));
    }
    let shown = view.review.unwrap_or(moves.len());
    if let Some((index, last)) = shown.checked_sub(1).and_then(|i| moves.get(i).map(|m| (i, m))) {
        let first = game.start().side_to_move();
        let mover = if index % 2 == 0 { first } else { first.opponent() };
        parts.push(format!("{} ({}) played {last}.", mover.name(), play.seat_name(mover)));
    }
    parts.push(format!("{}.", view.headline(play)));
    if view.is_live(play) {
        if game.position().in_check() {
            parts.push("Check!".into());
        }
        if thinking {
            parts.push("The computer is thinking.".into());
        }
    }
    if let Some(message) = tutorial.and_then(|t| t.message.as_ref()) {
        parts.push(message.clone());
    }
    parts.join(" ")
}

/// What `#status` shows depends on: the game (its generation), the ply under review, thinking,
/// the scene, its message.
type StatusKey = (u64, Option<usize>, bool, Option<String>, Option<String>);

/// Writes `#status` when what it shows changes, not every frame (it replays the game).
fn write_status(
    play: Res<Play>,
    view: Res<GameView>,
    thinking: Res<Thinking>,
    tutorial: Option<Res<Tutorial>>,
    mut written: Local<Option<StatusKey>>,
) {
    let tutorial = tutorial.as_deref();
    let scene = tutorial.filter(|t| t.scene.is_some()).and_then(|t| t.name.clone());
    let key = (
        play.generation,
        view.review,
        thinking.is_thinking(),
        scene.clone(),
        tutorial.and_then(|t| t.message.clone()),
    );
    if written.as_ref() == Some(&key) {
        return;
    }
    let Some(element) = element("status") else { return };
    let moves = lan::format_moves(play.game.start(), play.game.moves());
    element.set_text_content(Some(&status_text(
        &play,
        &view,
        &moves,
        thinking.is_thinking(),
        tutorial,
    )));
    let _ = element.set_attribute("data-ply", &moves.len().to_string());
    let _ = element.set_attribute("data-moves", &moves.join(" "));
    let _ = element.set_attribute("data-scene", &scene.unwrap_or_default());
    let _ = element.set_attribute("data-thinking", if thinking.is_thinking() { "true" } else { "false" });
    if let Some(ms) = thinking.last_move_ms {
        let _ = element.set_attribute("data-last-think-ms", &format!("{ms:.0}"));
    }
    if let Some(thought) = thinking.last_move_thought {
        let _ = element.set_attribute("data-last-think", &thought.describe());
    }
    // The computer's seed in this game (the game's number + 1): a test can ask the native
    // engine for the same move.
    let _ = element.set_attribute("data-seed", &(play.game_number + 1).to_string());
    *written = Some(key);
}
