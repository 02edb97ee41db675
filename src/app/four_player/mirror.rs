//! Entities that mirror the table: the 160 cells of the cross, one entity per piece, and a marker
//! per legal target of the selected piece. They follow `Table` whenever it changes, never the
//! other way: pieces that stay keep their entities, the moved piece travels, a captured one sinks.
//! Everything spawned here belongs to the four-player mode and goes when the mode is left.

use bevy::prelude::*;

use super::table::Table;
use crate::app::Mode;
use crate::app::shell::motion::{Motion, smooth};
use crate::four_player::{Piece, Square};

/// A cell of the cross board.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct CrossCell(pub Square);

/// A piece as shown: what it is, where, and whether its army stands frozen (Club).
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct CrossPiece {
    pub piece: Piece,
    pub square: Square,
    pub frozen: bool,
}

/// A legal target of the selected piece: a dot for a move, a ring for a capture.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct CrossTarget {
    pub square: Square,
    pub capture: bool,
}

/// A piece travelling from a square to its own.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct CrossTravel {
    pub from: Square,
    pub progress: f32,
}

/// A captured piece sinking out of sight (no longer a `CrossPiece`: nothing picks it).
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct CrossSinking {
    pub progress: f32,
}

/// The generation of the table the pieces and markers show; cleared when the mode is left, so
/// coming back rebuilds them.
#[derive(Resource, Default)]
struct Shown {
    pieces: Option<u64>,
    markers: Option<(u64, Option<Square>)>,
}

const TRAVEL_SECONDS: f32 = 0.35;
const SINK_SECONDS: f32 = 0.45;

/// Where a square's centre lies on the table: files run along +X, ranks along −Z, so Red (ranks
/// 1–2) sits nearest a camera at +Z and the board's centre is the origin.
pub fn cell_centre(square: Square) -> Vec3 {
    Vec3::new(square.file() as f32 - 6.5, 0.0, 6.5 - square.rank() as f32)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_systems(OnEnter(Mode::FourPlayer), spawn_cells)
        .add_systems(OnExit(Mode::FourPlayer), forget_what_was_shown)
        .add_systems(
            Update,
            (sync_pieces, sync_targets, travel, sink)
                .chain()
                .in_set(crate::app::AppSystems::Mirror)
                .run_if(in_state(Mode::FourPlayer)),
        );
}

fn spawn_cells(mut commands: Commands) {
    for &square in Square::list() {
        commands.spawn((
            CrossCell(square),
            Transform::from_translation(cell_centre(square)),
            Name::new(square.to_string()),
            DespawnOnExit(Mode::FourPlayer),
        ));
    }
}

fn forget_what_was_shown(mut shown: ResMut<Shown>) {
    *shown = Shown::default();
}

fn piece_transform(square: Square) -> Transform {
    Transform::from_translation(cell_centre(square) + Vec3::Y * 0.04)
}

/// Rebuilds the piece entities when the table changed (moves, captures, eliminations, review).
fn sync_pieces(
    mut commands: Commands,
    table: Res<Table>,
    motion: Res<Motion>,
    mut shown: ResMut<Shown>,
    existing: Query<(Entity, &CrossPiece)>,
) {
    if shown.pieces == Some(table.generation) {
        return;
    }
    shown.pieces = Some(table.generation);
    let pos = table.shown_position();
    let mut wanted: std::collections::HashMap<Square, CrossPiece> = pos
        .placements()
        .map(|(square, piece)| {
            let frozen = piece.seat().is_some_and(|s| pos.frozen[s.index()]);
            (square, CrossPiece { piece, square, frozen })
        })
        .collect();
    let arrived = table.last_played.filter(|_| !motion.reduced);
    for (entity, model) in &existing {
        let moved_here = arrived.is_some_and(|m| m.to == model.square);
        if !moved_here && wanted.get(&model.square) == Some(model) {
            wanted.remove(&model.square);
        } else if moved_here && wanted.contains_key(&model.square) {
            commands
                .entity(entity)
                .remove::<CrossPiece>()
                .insert(CrossSinking { progress: 0.0 });
        } else {
            commands.entity(entity).despawn();
        }
    }
    for (square, model) in wanted {
        let mut entity = commands.spawn((
            model,
            piece_transform(square),
            Name::new(format!("{} {square}", model.piece.kind.name())),
            DespawnOnExit(Mode::FourPlayer),
        ));
        if let Some(mv) = arrived.filter(|m| m.to == square) {
            entity.insert(CrossTravel {
                from: mv.from,
                progress: 0.0,
            });
        }
    }
}

/// Rebuilds the target markers when the selection changed.
fn sync_targets(
    mut commands: Commands,
    table: Res<Table>,
    mut shown: ResMut<Shown>,
    existing: Query<Entity, With<CrossTarget>>,
) {
    let now = (table.generation, table.selected);
    if shown.markers == Some(now) {
        return;
    }
    shown.markers = Some(now);
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let pos = table.game.position();
    let mut squares: Vec<Square> = table.targets.iter().map(|m| m.to).collect();
    squares.dedup();
    for square in squares {
        let capture = pos.piece_at(square).is_some()
            || table
                .targets
                .iter()
                .any(|m| m.to == square && m.kind == crate::four_player::MoveKind::EnPassant);
        commands.spawn((
            CrossTarget { square, capture },
            Transform::from_translation(cell_centre(square) + Vec3::Y * 0.1),
            Name::new(format!("target {square}")),
            DespawnOnExit(Mode::FourPlayer),
        ));
    }
}

fn travel(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(Entity, &CrossPiece, &mut CrossTravel, &mut Transform)>,
) {
    for (entity, model, mut trip, mut transform) in &mut moving {
        trip.progress += time.delta_secs() / TRAVEL_SECONDS;
        let k = smooth(trip.progress.clamp(0.0, 1.0));
        let (a, b) = (piece_transform(trip.from), piece_transform(model.square));
        // A small hop, so a piece passing over others is seen to.
        let hop = 0.5 * (std::f32::consts::PI * k).sin();
        transform.translation = a.translation.lerp(b.translation, k) + Vec3::Y * hop;
        if trip.progress >= 1.0 {
            transform.translation = b.translation;
            commands.entity(entity).remove::<CrossTravel>();
        }
    }
}

fn sink(mut commands: Commands, time: Res<Time>, mut sinking: Query<(Entity, &mut CrossSinking, &mut Transform)>) {
    for (entity, mut sinking, mut transform) in &mut sinking {
        sinking.progress += time.delta_secs() / SINK_SECONDS;
        let k = sinking.progress.clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 - k);
        transform.translation.y = 0.04 - 0.5 * k;
        if sinking.progress >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_centred_with_red_nearest_the_default_camera() {
        let h1: Square = "h1".parse().unwrap();
        let g14: Square = "g14".parse().unwrap();
        assert_eq!(cell_centre(h1), Vec3::new(0.5, 0.0, 6.5));
        assert_eq!(cell_centre(g14), Vec3::new(-0.5, 0.0, -6.5));
        let sum: Vec3 = Square::list().iter().map(|&s| cell_centre(s)).sum();
        assert!(sum.length() < 1e-3, "the cross is symmetric about the origin");
    }
}
