//! Keyboard play: Tab to the board (first to a1 of the player's first board, then back to the
//! last focused square; further Tabs step through the squares), Enter or Space to select or move,
//! arrows within a board (X, Y), Alt+arrows between boards (Z, W), Escape to clear the selection
//! (and, with none, to leave the board). Off the board, ← and → step through the game's moves for
//! review; Home and End jump to the start and back to the game. With the analysis on, `]` and `[`
//! step through its best line on the board. The board takes keys only while egui does not want
//! the keyboard.

use bevy::prelude::*;

use super::facing::ResetView;
use super::mirror::ViewTarget;
use super::state::{Edit, GameView, Intent, Play};
use crate::app::shell::board_keys::{BoardKey, BoardState, KeyFocus, SquareSteps, read_board_keys};
use crate::app::shell::egui_frame::{UiWantsKeyboard, board_has_the_keys};
use crate::fourfold::rules::{Color, Square};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<UiWantsKeyboard>()
        .add_message::<ResetView>()
        .add_systems(
            Update,
            (board_keys, view_keys, line_keys)
                .in_set(crate::app::AppSystems::Input)
                .run_if(board_has_the_keys)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
}

/// a1 of the board a player starts on: bottom-left for White, top-right (its mirror) for Black.
pub fn first_square(player: Color) -> Square {
    match player {
        Color::White => Square::new(0, 0, 0, 0),
        Color::Black => Square::new(0, 0, 1, 1),
    }
    .expect("on the board")
}

/// The square one step from `from` along an arrow (Alt: between boards); `from` at an edge.
pub fn step(from: Square, key: KeyCode, alt: bool) -> Square {
    let delta: [i8; 4] = match (key, alt) {
        (KeyCode::ArrowLeft, false) => [-1, 0, 0, 0],
        (KeyCode::ArrowRight, false) => [1, 0, 0, 0],
        (KeyCode::ArrowDown, false) => [0, -1, 0, 0],
        (KeyCode::ArrowUp, false) => [0, 1, 0, 0],
        (KeyCode::ArrowLeft, true) => [0, 0, -1, 0],
        (KeyCode::ArrowRight, true) => [0, 0, 1, 0],
        (KeyCode::ArrowDown, true) => [0, 0, 0, -1],
        (KeyCode::ArrowUp, true) => [0, 0, 0, 1],
        _ => return from,
    };
    from.offset(delta).unwrap_or(from)
}

/// The square after `from` in Tab order (Shift: before), wrapping around the 64.
pub fn tab_step(from: Square, backwards: bool) -> Square {
    let next = if backwards {
        (from.index() + 63) % 64
    } else {
        (from.index() + 1) % 64
    };
    Square::from_index(next as u8).expect("below 64")
}

/// The 4D board's squares for the keys: Tab from the player's first board, arrows within a
/// board, Alt+arrows between boards.
struct FourfoldSquares(Color);

impl SquareSteps<Square> for FourfoldSquares {
    fn home(&self) -> Square {
        first_square(self.0)
    }
    fn tab(&self, from: Square, backwards: bool) -> Square {
        tab_step(from, backwards)
    }
    fn arrow(&self, from: Square, key: KeyCode, alt: bool) -> Square {
        step(from, key, alt)
    }
}

fn board_keys(
    keys: Res<ButtonInput<KeyCode>>,
    play: Res<Play>,
    mut view: ResMut<GameView>,
    mut intents: MessageWriter<Intent>,
) {
    let mut focus = KeyFocus {
        focus: view.focus,
        last: view.last_focus,
    };
    let board = BoardState {
        selected: view.selected.is_some(),
        review: view.review,
        turns: play.game.moves().len(),
    };
    let asked = read_board_keys(&keys, &mut focus, board, &FourfoldSquares(play.player_color()));
    if (view.focus, view.last_focus) != (focus.focus, focus.last) {
        (view.focus, view.last_focus) = (focus.focus, focus.last);
    }
    intents.write_batch(asked.into_iter().map(|key| match key {
        BoardKey::ClearSelection => Intent::ClearSelection,
        BoardKey::Review(ply) => Intent::Review(ply),
        BoardKey::Activate(square) => Intent::Activate(square),
    }));
    // The position editor: Delete (or Backspace) empties the keyboard's square.
    if view.editing.is_some()
        && keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace])
        && let Some(square) = view.focus
    {
        intents.write(Intent::Edit(Edit::Erase(square)));
    }
}

/// With the analysis on, `]` plays its best line on the board a ply further, `[` a ply back,
/// and Escape returns to the position it is of.
fn line_keys(
    keys: Res<ButtonInput<KeyCode>>,
    play: Res<Play>,
    view: Res<GameView>,
    analysis: Option<Res<super::analysis::Analysis>>,
    mut intents: MessageWriter<Intent>,
) {
    use super::analysis::{LineStep, step_line};
    let Some(analysis) = analysis else { return };
    let step = if keys.just_pressed(KeyCode::BracketRight) {
        LineStep::Forward
    } else if keys.just_pressed(KeyCode::BracketLeft) {
        LineStep::Back
    } else if keys.just_pressed(KeyCode::Escape) {
        LineStep::Leave
    } else {
        return;
    };
    intents.write_batch(step_line(&analysis, &play, &view, step));
}

/// F flips between the flat boards and the tesseract; 1, 2, 3 turn the XW, YW, ZW planes a
/// quarter turn (Shift: back); 0 resets the view and the camera.
fn view_keys(keys: Res<ButtonInput<KeyCode>>, mut target: ResMut<ViewTarget>, mut resets: MessageWriter<ResetView>) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let quarter = if shift {
        -std::f32::consts::FRAC_PI_2
    } else {
        std::f32::consts::FRAC_PI_2
    };
    if keys.just_pressed(KeyCode::KeyF) {
        target.0.morph = if target.0.morph > 0.5 { 0.0 } else { 1.0 };
    }
    for (i, key) in [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3]
        .into_iter()
        .enumerate()
    {
        if keys.just_pressed(key) {
            target.0.angles[i] += quarter;
        }
    }
    if keys.just_pressed(KeyCode::Digit0) {
        resets.write(ResetView);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn arrows_move_along_the_right_axes_and_stop_at_edges() {
        assert_eq!(step(sq("b2@00"), KeyCode::ArrowRight, false), sq("c2@00"));
        assert_eq!(step(sq("b2@00"), KeyCode::ArrowUp, false), sq("b3@00"));
        assert_eq!(step(sq("b2@00"), KeyCode::ArrowRight, true), sq("b2@10"));
        assert_eq!(step(sq("b2@00"), KeyCode::ArrowUp, true), sq("b2@01"));
        assert_eq!(step(sq("a1@00"), KeyCode::ArrowLeft, false), sq("a1@00"));
        assert_eq!(step(sq("a1@00"), KeyCode::ArrowDown, true), sq("a1@00"));
        assert_eq!(step(sq("d4@11"), KeyCode::ArrowUp, true), sq("d4@11"));
    }

    #[test]
    fn tab_wraps_through_all_squares() {
        assert_eq!(tab_step(sq("d4@11"), false), sq("a1@00"));
        assert_eq!(tab_step(sq("a1@00"), true), sq("d4@11"));
        assert_eq!(tab_step(sq("a1@00"), false), sq("b1@00"));
    }
}
