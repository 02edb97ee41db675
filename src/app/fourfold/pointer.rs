//! What the mouse means: a click on a cell, a piece or a target marker activates its square (as
//! Enter does on the keyboard's square), hovering names the square, and a click on empty space
//! (not a drag that orbits the view) clears the selection. Picking itself (which entity is under
//! the pointer) is `bevy_picking`'s, with the mesh backend added by `visuals`.

use bevy::ecs::system::SystemParam;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;

use super::mirror::{Cell, PieceModel, TargetMarker};
use super::state::{Edit, Intent};
use crate::app::shell::camera::{OverBoard, UiWantsPointer};
use crate::fourfold::rules::Square;

/// The square under the pointer, for the readout.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Hovered(pub Option<Square>);

/// Needs `bevy_picking`'s picking and interaction plugins (in `DefaultPlugins`) for clicks and
/// hovers to arrive.
pub fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<UiWantsPointer>()
        .init_resource::<OverBoard>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<AccumulatedMouseMotion>()
        .add_systems(
            Update,
            clear_on_empty_click
                .in_set(crate::app::AppSystems::Input)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_systems(
            Update,
            tell_the_camera
                .run_if(resource_changed::<Hovered>)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out);
}

/// The camera's drag needs to know whether the pointer is over the board.
fn tell_the_camera(hovered: Res<Hovered>, mut over: ResMut<OverBoard>) {
    over.set_if_neq(OverBoard(hovered.0.is_some()));
}

/// The board's entities that stand for a square: cells, pieces and target markers.
#[derive(SystemParam)]
struct BoardEntities<'w, 's> {
    cells: Query<'w, 's, &'static Cell>,
    pieces: Query<'w, 's, &'static PieceModel>,
    markers: Query<'w, 's, &'static TargetMarker>,
}

impl BoardEntities<'_, '_> {
    /// The square an entity stands for, if it is a cell, a piece or a marker.
    fn square_of(&self, entity: Entity) -> Option<Square> {
        self.cells
            .get(entity)
            .map(|c| c.0)
            .or_else(|_| self.pieces.get(entity).map(|p| p.square))
            .or_else(|_| self.markers.get(entity).map(|m| m.square))
            .ok()
    }
}

/// A click reaches every entity under the pointer, the window behind the board included; only
/// the board's own entities mean something here (empty space is `clear_on_empty_click`'s). A
/// click over a panel, or one egui is using (a slider drag), belongs to egui, never to the board
/// behind it.
fn on_click(
    click: On<Pointer<Click>>,
    board: BoardEntities,
    ui: Res<UiWantsPointer>,
    mut intents: MessageWriter<Intent>,
) {
    if ui.0 {
        return;
    }
    let Some(square) = board.square_of(click.entity) else {
        return;
    };
    match click.event.button {
        PointerButton::Primary => {
            intents.write(Intent::Activate(square));
        }
        // The position editor: a right-click takes the piece away (elsewhere it does nothing).
        PointerButton::Secondary => {
            intents.write(Intent::Edit(Edit::Erase(square)));
        }
        PointerButton::Middle => {}
    }
}

fn on_over(over: On<Pointer<Over>>, board: BoardEntities, mut hovered: ResMut<Hovered>) {
    if let Some(square) = board.square_of(over.entity) {
        hovered.0 = Some(square);
    }
}

fn on_out(out: On<Pointer<Out>>, board: BoardEntities, mut hovered: ResMut<Hovered>) {
    if board.square_of(out.entity) == hovered.0 {
        hovered.0 = None;
    }
}

/// A left click that lands on nothing (no cell, piece or marker, no panel) clears the selection;
/// a press on empty space that turned into a drag (an orbit) does not.
fn clear_on_empty_click(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    hovered: Res<Hovered>,
    ui: Res<UiWantsPointer>,
    mut pressed_on_nothing: Local<bool>,
    mut moved: Local<f32>,
    mut intents: MessageWriter<Intent>,
) {
    if buttons.just_pressed(MouseButton::Left) {
        *pressed_on_nothing = hovered.0.is_none() && !ui.0;
        *moved = 0.0;
    }
    if buttons.pressed(MouseButton::Left) {
        *moved += motion.delta.length();
    }
    if buttons.just_released(MouseButton::Left) && *pressed_on_nothing && *moved < 4.0 && hovered.0.is_none() {
        intents.write(Intent::ClearSelection);
    }
}
