//! What the mirrored entities look like: meshes and materials for cells, pieces and target
//! markers (added when the entity appears), cell tints for selection, focus, the last move and
//! check, and mesh picking (what a click or hover means is `pointer`'s).

use bevy::ecs::system::RunSystemOnce;
use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;

use super::mirror::{Cell, PieceModel, TargetMarker};
use super::state::{GameView, Play};
use crate::app::shell::piece_meshes::{Detail, piece_mesh};
use crate::app::shell::target_looks::TargetLooks;
use crate::fourfold::rules::{Color as Side, PieceKind, Square};

#[derive(Resource)]
struct Looks {
    tile: Handle<Mesh>,
    pieces: [Handle<Mesh>; 6],
    piece_colours: [Handle<StandardMaterial>; 2],
    targets: TargetLooks<StandardMaterial>,
}

/// The last move in violet, well apart from the selection's amber and the focus's blue.
pub const LAST_MOVE: Color = Color::srgb(0.72, 0.56, 0.95);
/// Each 4×4 board's own tint, the same in both views, so the eye can follow a square from one
/// view to the other and see a W move as a change of tint: [Z,W] = [0,0] sage, [1,0] slate blue,
/// [0,1] sand, [1,1] heather. Muted, so selection, focus, last move and check stand out on all.
pub const BOARD_TINTS: [Color; 4] = [
    Color::srgb(0.55, 0.68, 0.52),
    Color::srgb(0.52, 0.60, 0.74),
    Color::srgb(0.74, 0.66, 0.48),
    Color::srgb(0.70, 0.56, 0.66),
];

/// The board's tint index of a square: Z + 2·W.
pub fn board_of(square: Square) -> usize {
    square.z() as usize + 2 * square.w() as usize
}

/// A cell's plain colour: its board's tint, lighter or darker as the square is light or dark.
pub fn cell_colour(square: Square) -> Color {
    let tint = BOARD_TINTS[board_of(square)];
    if is_dark(square) {
        tint.mix(&Color::srgb(0.12, 0.13, 0.14), 0.42)
    } else {
        tint.mix(&Color::srgb(0.95, 0.95, 0.92), 0.30)
    }
}

pub(crate) fn plugin(app: &mut App) {
    // The looks are made now, not in a startup schedule: the first mode's board is spawned when
    // its state is entered, which comes before `PreStartup`.
    app.world_mut()
        .run_system_once(make_looks)
        .expect("the mesh and material assets exist once DefaultPlugins are added");
    app.add_plugins(MeshPickingPlugin)
        .add_systems(
            Update,
            tint_cells
                .after(crate::app::AppSystems::Mirror)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_observer(dress_cell)
        .add_observer(dress_piece)
        .add_observer(dress_marker);
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let looks = Looks {
        tile: meshes.add(Cuboid::new(0.92, 0.08, 0.92)),
        pieces: PieceKind::ALL.map(|k| meshes.add(piece_mesh(k, Detail::Full))),
        piece_colours: [
            materials.add(StandardMaterial {
                base_color: Color::srgb(0.97, 0.94, 0.86),
                perceptual_roughness: 0.45,
                ..default()
            }),
            materials.add(StandardMaterial {
                base_color: Color::srgb(0.10, 0.10, 0.13),
                perceptual_roughness: 0.35,
                ..default()
            }),
        ],
        targets: TargetLooks::new(&mut meshes, &mut materials),
    };
    commands.insert_resource(looks);
}

fn is_dark(square: Square) -> bool {
    (square.x() + square.y()).is_multiple_of(2)
}

fn dress_cell(
    add: On<Add, Cell>,
    cells: Query<&Cell>,
    looks: Res<Looks>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    let Ok(cell) = cells.get(add.entity) else { return };
    let colour = cell_colour(cell.0);
    let material = materials.add(StandardMaterial {
        base_color: colour,
        perceptual_roughness: 0.9,
        ..default()
    });
    commands
        .entity(add.entity)
        .insert((Mesh3d(looks.tile.clone()), MeshMaterial3d(material)));
}

fn dress_piece(add: On<Add, PieceModel>, pieces: Query<&PieceModel>, looks: Res<Looks>, mut commands: Commands) {
    let Ok(model) = pieces.get(add.entity) else { return };
    let colour = looks.piece_colours[model.piece.color.index()].clone();
    // Knights face the enemy: White's look towards rank 4, Black's towards rank 1.
    let facing = if model.piece.color == Side::Black {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    commands.entity(add.entity).insert((
        Mesh3d(looks.pieces[model.piece.kind.index()].clone()),
        MeshMaterial3d(colour),
        Transform::from_rotation(facing),
    ));
}

fn dress_marker(add: On<Add, TargetMarker>, markers: Query<&TargetMarker>, looks: Res<Looks>, mut commands: Commands) {
    let Ok(marker) = markers.get(add.entity) else { return };
    commands.entity(add.entity).insert(looks.targets.dress(marker.capture));
}

/// Colours each cell by what is happening on it, most important first: check, selection,
/// keyboard focus, the last move, or its plain colour.
fn tint_cells(
    play: Res<Play>,
    view: Res<GameView>,
    tutorial: Option<Res<super::tutorial::Tutorial>>,
    cells: Query<(&Cell, &MeshMaterial3d<StandardMaterial>)>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let position = view.shown_position(&play);
    let checked_king = if position.in_check() {
        position.king_square(position.side_to_move())
    } else {
        None
    };
    let last = view.shown_last_move(&play);
    for (cell, handle) in &cells {
        let square = cell.0;
        let base = cell_colour(square);
        let colour = if checked_king == Some(square) {
            Color::srgb(0.88, 0.30, 0.26)
        } else if view.selected == Some(square) {
            Color::srgb(0.95, 0.78, 0.32)
        } else if view.focus == Some(square) {
            Color::srgb(0.35, 0.58, 0.95)
        } else if tutorial.as_ref().is_some_and(|t| t.highlight().contains(&square)) {
            Color::srgb(0.55, 0.80, 0.95)
        } else if last.is_some_and(|m| m.from == square || m.to == square) {
            base.mix(&LAST_MOVE, 0.55)
        } else {
            base
        };
        // Look before touching: a mutable borrow alone marks the material for re-upload.
        let current = materials.get(&handle.0).map(|m| m.base_color);
        if current.is_some_and(|c| c != colour)
            && let Some(mut material) = materials.get_mut(&handle.0)
        {
            material.base_color = colour;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_has_its_own_tint_and_light_and_dark_squares_differ() {
        let squares: Vec<Square> = (0..64).map(|i| Square::from_index(i).unwrap()).collect();
        for (i, a) in BOARD_TINTS.iter().enumerate() {
            assert!(
                BOARD_TINTS[i + 1..].iter().all(|b| b != a),
                "board {i}'s tint is its own"
            );
        }
        for &square in &squares {
            let other_board = squares
                .iter()
                .find(|s| s.x() == square.x() && s.y() == square.y() && board_of(**s) != board_of(square))
                .unwrap();
            assert_ne!(
                cell_colour(square),
                cell_colour(*other_board),
                "{square}: a W or Z move changes the tint"
            );
            assert_ne!(cell_colour(square), LAST_MOVE);
        }
        let a1 = Square::from_index(0).unwrap();
        let b1 = Square::from_index(1).unwrap();
        assert_ne!(cell_colour(a1), cell_colour(b1), "light and dark squares of one board");
    }
}
