//! The player's hands on the cross board. Keyboard: Tab to the board (the viewer's king's square
//! first, then the last square focused; further Tabs step through the squares), arrows move the
//! focus as the viewer sees the board (↑ is away from the viewer's side), Enter or Space selects
//! or moves, Escape clears the selection (and then leaves the board); off the board ← / → step
//! through the game and Home / End jump; P asks a computer partner for its plan (Teams and
//! Club). Mouse and touch: a click or tap on a cell, piece or
//! target activates its square; a right-drag from one square to another draws an arrow.

use bevy::prelude::*;

use super::arrows::{Arrow, Arrows, drawn_arrow_colour};
use super::mirror::{CrossCell, CrossPiece, CrossTarget};
use super::table::{Table, TableIntent};
use super::turns::CrossThinking;
use crate::app::Mode;
use crate::app::shell::board_keys::{BoardKey, BoardState, KeyFocus, SquareSteps, read_board_keys};
use crate::app::shell::camera::{OverBoard, UiWantsPointer};
use crate::app::shell::egui_frame::board_has_the_keys;
use crate::four_player::{Seat, Square};

/// The square under the pointer, for the readout and for arrows.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct CrossHovered(pub Option<Square>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossHovered>()
        .add_systems(
            Update,
            (
                (board_keys, plan_key).run_if(board_has_the_keys),
                draw_arrows_with_the_right_button,
            )
                .in_set(crate::app::AppSystems::Input)
                .run_if(in_state(Mode::FourPlayer)),
        )
        .add_systems(
            Update,
            tell_the_camera
                .run_if(resource_changed::<CrossHovered>)
                .run_if(in_state(Mode::FourPlayer)),
        )
        .add_systems(OnExit(Mode::FourPlayer), |mut hovered: ResMut<CrossHovered>| {
            hovered.0 = None
        })
        .add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out);
}

/// One step from `from` along an arrow key, as `viewer` sees the board (the camera sits behind
/// that seat); `from` where the step would leave the cross.
pub fn step(from: Square, key: KeyCode, viewer: Seat) -> Square {
    // (file, rank) of "up" and "right" for each seat's view.
    let (up, right): ((i8, i8), (i8, i8)) = match viewer {
        Seat::Red => ((0, 1), (1, 0)),
        Seat::Blue => ((1, 0), (0, -1)),
        Seat::Yellow => ((0, -1), (-1, 0)),
        Seat::Green => ((-1, 0), (0, 1)),
    };
    let (df, dr) = match key {
        KeyCode::ArrowUp => up,
        KeyCode::ArrowDown => (-up.0, -up.1),
        KeyCode::ArrowRight => right,
        KeyCode::ArrowLeft => (-right.0, -right.1),
        _ => return from,
    };
    from.offset(df, dr).unwrap_or(from)
}

/// The square after `from` in Tab order (Shift: before), wrapping around the 160.
pub fn tab_step(from: Square, backwards: bool) -> Square {
    let squares = Square::list();
    let at = squares.iter().position(|&s| s == from).unwrap_or(0);
    let next = if backwards {
        (at + squares.len() - 1) % squares.len()
    } else {
        (at + 1) % squares.len()
    };
    squares[next]
}

/// The cross board's squares for the keys, as `viewer` sees them: Tab from the viewer's king.
struct CrossSquares {
    viewer: Seat,
    home: Square,
}

impl SquareSteps<Square> for CrossSquares {
    fn home(&self) -> Square {
        self.home
    }
    fn tab(&self, from: Square, backwards: bool) -> Square {
        tab_step(from, backwards)
    }
    fn arrow(&self, from: Square, key: KeyCode, _alt: bool) -> Square {
        step(from, key, self.viewer)
    }
}

fn board_keys(keys: Res<ButtonInput<KeyCode>>, mut table: ResMut<Table>, mut intents: MessageWriter<TableIntent>) {
    let viewer = table.viewer();
    let squares = CrossSquares {
        viewer,
        home: table.shown_position().king_square(viewer).unwrap_or(Square::list()[0]),
    };
    let mut focus = KeyFocus {
        focus: table.focus,
        last: table.last_focus,
    };
    let board = BoardState {
        selected: table.selected.is_some() || table.promotion.is_some(),
        review: table.review(),
        turns: table.turns().len(),
    };
    let asked = read_board_keys(&keys, &mut focus, board, &squares);
    if (table.focus, table.last_focus) != (focus.focus, focus.last) {
        (table.focus, table.last_focus) = (focus.focus, focus.last);
    }
    intents.write_batch(asked.into_iter().map(|key| match key {
        BoardKey::ClearSelection => TableIntent::ClearSelection,
        BoardKey::Review(turn) => TableIntent::Review(turn),
        BoardKey::Activate(square) => TableIntent::Activate(square),
    }));
}

/// P: the computer partner's plan, as its button asks for it.
fn plan_key(keys: Res<ButtonInput<KeyCode>>, table: Res<Table>, mut thinking: ResMut<CrossThinking>) {
    if keys.just_pressed(KeyCode::KeyP)
        && let Some(partner) = table.plan_partner()
    {
        thinking.hint_for = Some(partner);
    }
}

/// A right-button press on a square and its release on another draws an arrow there (the same
/// arrow again takes it away); a right-drag that starts off the board orbits the camera.
fn draw_arrows_with_the_right_button(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<CrossHovered>,
    ui: Res<UiWantsPointer>,
    mut pressed_on: Local<Option<Square>>,
    mut arrows: ResMut<Arrows>,
) {
    if buttons.just_pressed(MouseButton::Right) {
        *pressed_on = hovered.0.filter(|_| !ui.0);
    }
    if buttons.just_released(MouseButton::Right)
        && let (Some(from), Some(to)) = (pressed_on.take(), hovered.0)
        && from != to
    {
        arrows.toggle(Arrow {
            from,
            to,
            colour: drawn_arrow_colour(),
        });
    }
}

/// The camera's drags need to know whether the pointer is over the board.
fn tell_the_camera(hovered: Res<CrossHovered>, mut over: ResMut<OverBoard>) {
    over.set_if_neq(OverBoard(hovered.0.is_some()));
}

/// The square an entity of the cross board stands for.
fn square_of(
    entity: Entity,
    cells: &Query<&CrossCell>,
    pieces: &Query<&CrossPiece>,
    targets: &Query<&CrossTarget>,
) -> Option<Square> {
    cells
        .get(entity)
        .map(|c| c.0)
        .or_else(|_| pieces.get(entity).map(|p| p.square))
        .or_else(|_| targets.get(entity).map(|t| t.square))
        .ok()
}

fn on_click(
    click: On<Pointer<Click>>,
    (cells, pieces, targets): (Query<&CrossCell>, Query<&CrossPiece>, Query<&CrossTarget>),
    ui: Res<UiWantsPointer>,
    mut intents: MessageWriter<TableIntent>,
) {
    if click.event.button != PointerButton::Primary || ui.0 {
        return;
    }
    if let Some(square) = square_of(click.entity, &cells, &pieces, &targets) {
        intents.write(TableIntent::Activate(square));
    }
}

fn on_over(
    over: On<Pointer<Over>>,
    (cells, pieces, targets): (Query<&CrossCell>, Query<&CrossPiece>, Query<&CrossTarget>),
    mut hovered: ResMut<CrossHovered>,
) {
    if let Some(square) = square_of(over.entity, &cells, &pieces, &targets) {
        hovered.0 = Some(square);
    }
}

fn on_out(
    out: On<Pointer<Out>>,
    (cells, pieces, targets): (Query<&CrossCell>, Query<&CrossPiece>, Query<&CrossTarget>),
    mut hovered: ResMut<CrossHovered>,
) {
    if square_of(out.entity, &cells, &pieces, &targets) == hovered.0 {
        hovered.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn arrows_follow_the_viewers_side_and_stop_at_the_cross_edge() {
        assert_eq!(step(sq("h1"), KeyCode::ArrowUp, Seat::Red), sq("h2"));
        assert_eq!(step(sq("h1"), KeyCode::ArrowDown, Seat::Red), sq("h1"), "the edge");
        assert_eq!(
            step(sq("a7"), KeyCode::ArrowUp, Seat::Blue),
            sq("b7"),
            "Blue looks east"
        );
        assert_eq!(step(sq("a7"), KeyCode::ArrowRight, Seat::Blue), sq("a6"));
        assert_eq!(step(sq("g14"), KeyCode::ArrowUp, Seat::Yellow), sq("g13"));
        assert_eq!(step(sq("n8"), KeyCode::ArrowUp, Seat::Green), sq("m8"));
        assert_eq!(
            step(sq("d1"), KeyCode::ArrowLeft, Seat::Red),
            sq("d1"),
            "c1 is a corner"
        );
    }

    #[test]
    fn tab_wraps_through_the_160_squares() {
        let squares = Square::list();
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        assert_eq!(tab_step(last, false), first);
        assert_eq!(tab_step(first, true), last);
        let mut at = first;
        for _ in 0..160 {
            at = tab_step(at, false);
        }
        assert_eq!(at, first);
    }
}
