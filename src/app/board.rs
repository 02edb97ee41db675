//! The 64 board cells as entities, laid out as the four flat 4x4 boards: a 2x2 grid with Z
//! choosing the column (Z=0 left) and W the row (W=1 on top).

use bevy::prelude::*;

use crate::rules::Square;

/// A board cell: the square it stands for.
#[derive(Component, Copy, Clone, Debug)]
pub struct Cell(pub Square);

/// Gap between two boards, in cell widths.
const BOARD_GAP: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (spawn_cells, spawn_camera_and_light))
        .add_systems(PostUpdate, project_cells.before(TransformSystems::Propagate));
}

/// Where a square sits in the flat view: X across, Y "up the table" (world -Z), boards apart.
pub fn flat_position(square: Square) -> Vec3 {
    let board_span = 4.0 + BOARD_GAP;
    let across = square.x() as f32 + square.z() as f32 * board_span;
    let up = square.y() as f32 + square.w() as f32 * board_span;
    let centre = (2.0 * 4.0 + BOARD_GAP - 1.0) / 2.0;
    Vec3::new(across - centre, 0.0, -(up - centre))
}

fn spawn_cells(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let tile = meshes.add(Cuboid::new(0.96, 0.12, 0.96));
    let light = materials.add(Color::srgb(0.86, 0.84, 0.76));
    let dark = materials.add(Color::srgb(0.42, 0.52, 0.38));
    for square in Square::all() {
        let is_dark = (square.x() + square.y()) % 2 == 0;
        commands.spawn((
            Cell(square),
            Name::new(square.to_string()),
            Mesh3d(tile.clone()),
            MeshMaterial3d(if is_dark { dark.clone() } else { light.clone() }),
            Transform::default(),
        ));
    }
}

/// Places each new cell from its 4D square (the projection decides; entities only mirror).
fn project_cells(mut cells: Query<(&Cell, &mut Transform), Added<Cell>>) {
    for (cell, mut transform) in &mut cells {
        transform.translation = flat_position(cell.0);
    }
}

fn spawn_camera_and_light(mut commands: Commands) {
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 11.0, 7.5).looking_at(Vec3::new(0.0, 0.0, 0.5), Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 400.0,
        ..default()
    });
}
