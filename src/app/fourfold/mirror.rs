//! Entities that mirror the game: 64 cells, one entity per piece, and a marker per legal target
//! of the selected piece. They follow `Play` whenever it changes, never the other way: pieces that
//! stay where they were keep their entities, the moved piece travels, a captured one sinks away.

use bevy::prelude::*;

use super::projection::{View, centred_4d, flat_point, place, place_4d, smooth};
use super::state::{GameView, Play, ShowWholeReach};
use crate::fourfold::rules::{Piece, Square};

/// A board cell.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct Cell(pub Square);

/// A piece on the board, as shown.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct PieceModel {
    pub piece: Piece,
    pub square: Square,
}

/// A legal target of the selected piece: a dot for a move, a ring for a capture.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct TargetMarker {
    pub square: Square,
    pub capture: bool,
}

/// Anything placed by the projection: its square and how high above the cell it floats.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct OnSquare {
    pub square: Square,
    pub lift: f32,
}

/// A piece travelling from a square to its own along the projected 4D path.
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct Travel {
    pub from: Square,
    pub progress: f32,
}

/// A captured piece sinking out of sight (no longer a `PieceModel`: nothing picks it).
#[derive(Component, Copy, Clone, Debug, PartialEq)]
pub struct Captured {
    pub progress: f32,
}

/// How long a captured piece takes to sink away, in seconds.
pub const CAPTURE_SECONDS: f32 = 0.45;

pub use crate::app::shell::motion::Motion;

/// Where the view is heading; `View` follows it smoothly.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Default)]
pub struct ViewTarget(pub View);

/// How long a piece takes to travel, in seconds.
const TRAVEL_SECONDS: f32 = 0.35;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<View>()
        .init_resource::<ViewTarget>()
        .init_resource::<Motion>()
        .init_resource::<Shown>()
        .add_systems(OnEnter(crate::app::Mode::Fourfold), spawn_cells)
        .add_systems(OnExit(crate::app::Mode::Fourfold), forget_what_was_shown)
        .add_systems(
            Update,
            (
                sync_pieces,
                sync_markers,
                advance_travel,
                sink_captured,
                follow_view_target,
            )
                .chain()
                .in_set(crate::app::AppSystems::Mirror)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        .add_systems(
            PostUpdate,
            project
                .before(TransformSystems::Propagate)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
}

/// What the pieces and markers show: the game's generation with the ply under review and the
/// set-up position's version (`GameView::shown_key`), and the markers' squares. Cleared when the mode is left (its entities go), so coming back rebuilds them.
#[derive(Resource, Default)]
struct Shown {
    pieces: Option<super::state::ShownKey>,
    markers: Vec<(Square, bool)>,
}

fn forget_what_was_shown(mut shown: ResMut<Shown>) {
    *shown = Shown::default();
}

fn spawn_cells(mut commands: Commands) {
    for square in Square::all() {
        commands.spawn((
            Cell(square),
            OnSquare { square, lift: 0.0 },
            Transform::default(),
            Name::new(square.to_string()),
            DespawnOnExit(crate::app::Mode::Fourfold),
        ));
    }
}

/// Rebuilds the piece entities when the game changed (moves, captures, promotions, review).
fn sync_pieces(
    mut commands: Commands,
    play: Res<Play>,
    view: Res<GameView>,
    motion: Res<Motion>,
    mut shown: ResMut<Shown>,
    existing: Query<(Entity, &PieceModel)>,
) {
    let now = view.shown_key(&play);
    if shown.pieces == Some(now) {
        return;
    }
    // A move travels only when it was just played, not when a review starts or ends.
    let just_played = shown
        .pieces
        .is_some_and(|(generation, ..)| generation != play.generation);
    shown.pieces = Some(now);
    let position = view.shown_position(&play);
    let mut wanted: std::collections::HashMap<Square, Piece> = position.placements().collect();
    let arrived = play
        .last_played
        .filter(|_| just_played && view.shows_the_game() && !motion.reduced);
    for (entity, model) in &existing {
        let moved_here = arrived.is_some_and(|m| m.to == model.square);
        if !moved_here && wanted.get(&model.square) == Some(&model.piece) {
            // The same piece on the same square: its entity stays.
            wanted.remove(&model.square);
        } else if moved_here && wanted.contains_key(&model.square) {
            // Taken by the piece arriving here: it sinks away.
            commands
                .entity(entity)
                .remove::<PieceModel>()
                .insert(Captured { progress: 0.0 });
        } else {
            commands.entity(entity).despawn();
        }
    }
    for (square, piece) in wanted {
        let mut entity = commands.spawn((
            PieceModel { piece, square },
            OnSquare { square, lift: 0.0 },
            Transform::default(),
            Name::new(format!("{} {}", piece.kind.name(), square)),
            DespawnOnExit(crate::app::Mode::Fourfold),
        ));
        if let Some(mv) = arrived.filter(|m| m.to == square) {
            entity.insert(Travel {
                from: mv.from,
                progress: 0.0,
            });
        }
    }
}

/// Captured pieces sink and shrink, then go.
fn sink_captured(mut commands: Commands, time: Res<Time>, mut sinking: Query<(Entity, &mut Captured)>) {
    for (entity, mut captured) in &mut sinking {
        captured.progress += time.delta_secs() / CAPTURE_SECONDS;
        if captured.progress >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// Rebuilds the target markers when the selection changed. In an explorer scene the markers
/// show the piece's whole reach: a pawn's capture squares are lit as captures, empty as they are.
fn sync_markers(
    mut commands: Commands,
    play: Res<Play>,
    view: Res<GameView>,
    whole_reach: Res<ShowWholeReach>,
    mut shown: ResMut<Shown>,
    existing: Query<Entity, With<TargetMarker>>,
) {
    let position = play.game.position();
    let mut wanted: Vec<(Square, bool)> = view.targets.iter().map(|m| (m.to, position.is_capture(*m))).collect();
    if whole_reach.0
        && let Some(from) = view.selected
        && let Some(piece) = position.piece_at(from)
    {
        for square in crate::fourfold::rules::reach::reach(piece, from, position.occupied()) {
            if !wanted.iter().any(|(s, _)| *s == square) {
                wanted.push((square, true));
            }
        }
    }
    if shown.markers == wanted {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    for &(square, capture) in &wanted {
        commands.spawn((
            TargetMarker { square, capture },
            OnSquare { square, lift: 0.12 },
            Transform::default(),
            Name::new(format!("target {square}")),
            DespawnOnExit(crate::app::Mode::Fourfold),
        ));
    }
    shown.markers = wanted;
}

fn advance_travel(mut commands: Commands, time: Res<Time>, mut travelling: Query<(Entity, &mut Travel)>) {
    for (entity, mut travel) in &mut travelling {
        travel.progress += time.delta_secs() / TRAVEL_SECONDS;
        if travel.progress >= 1.0 {
            commands.entity(entity).remove::<Travel>();
        }
    }
}

/// Moves the view towards its target: angles at a quarter turn per 0.4 s, the morph in 0.6 s.
fn follow_view_target(time: Res<Time>, target: Res<ViewTarget>, motion: Res<Motion>, mut view: ResMut<View>) {
    let dt = time.delta_secs();
    let target = target.0;
    if *view == target {
        return;
    }
    if motion.reduced {
        *view = target;
        return;
    }
    let step = |current: f32, goal: f32, rate: f32| {
        let delta = goal - current;
        if delta.abs() <= rate * dt {
            goal
        } else {
            current + delta.signum() * rate * dt
        }
    };
    let mut next = *view;
    next.morph = step(view.morph, target.morph, 1.0 / 0.6);
    for i in 0..3 {
        next.angles[i] = step(view.angles[i], target.angles[i], std::f32::consts::FRAC_PI_2 / 0.4);
    }
    *view = next;
}

/// How much of its slot a cell tile covers in the tesseract (in the flat view: all of it). Smaller
/// tiles let the player see through one layer to the next.
const TESSERACT_TILE: f32 = 0.5;

/// Places every cell, piece and marker from its 4D square under the current view.
/// What the projection places: the square, a journey or a sinking under way, and whether it is a cell.
type Placed<'a> = (
    &'a OnSquare,
    Option<&'a Travel>,
    Option<&'a Captured>,
    Has<Cell>,
    &'a mut Transform,
);

pub fn project(view: Res<View>, mut placed: Query<Placed>) {
    let tile = 1.0 + (TESSERACT_TILE - 1.0) * smooth(view.morph.clamp(0.0, 1.0));
    for (on, travel, captured, is_cell, mut transform) in &mut placed {
        let (position, scale) = match travel {
            Some(t) => {
                let k = smooth(t.progress.clamp(0.0, 1.0));
                let (a, b) = (centred_4d(t.from), centred_4d(on.square));
                let p = [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * k);
                let flat = flat_point(t.from).lerp(flat_point(on.square), k);
                place_4d(p, flat, &view)
            }
            None => place(on.square, &view),
        };
        // A captured piece sinks below its cell as it shrinks away.
        let sunk = captured.map_or(0.0, |c| smooth(c.progress.clamp(0.0, 1.0)));
        transform.translation = position + Vec3::Y * (on.lift - 0.6 * sunk) * scale;
        transform.scale = if is_cell {
            Vec3::new(scale * tile, scale, scale * tile)
        } else {
            Vec3::splat(scale * (1.0 - sunk))
        };
    }
}
