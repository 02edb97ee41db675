//! Lines drawn over the scene: each board's outline and the tesseract's frame with its W edges
//! dashed, the selected piece's sliding lines, the last move, and every check, joined attacker to king (across W too).

use bevy::prelude::*;

use super::analysis::Arrow;
use super::projection::{View, centred_4d, flat_of, place_4d};
use super::state::{GameView, Play};
use crate::fourfold::rules::{Move, Square};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_frame, draw_move_lines, mark_selection_and_focus)
            .after(crate::app::AppSystems::Mirror)
            .run_if(in_state(crate::app::Mode::Fourfold)),
    );
}

fn point(p: [f32; 4], view: &View, lift: f32) -> Vec3 {
    let (position, scale) = place_4d(p, flat_of(p), view);
    position + Vec3::Y * lift * scale
}

/// A line between two 4D points, drawn as a curve through its projection (straight in 4D,
/// bent by the perspective), optionally dashed.
fn line_4d(gizmos: &mut Gizmos, a: [f32; 4], b: [f32; 4], view: &View, lift: f32, colour: Color, dashed: bool) {
    const SEGMENTS: usize = 12;
    let at = |k: f32| [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * k);
    for i in 0..SEGMENTS {
        if dashed && i % 2 == 1 {
            continue;
        }
        let p = point(at(i as f32 / SEGMENTS as f32), view, lift);
        let q = point(at((i + 1) as f32 / SEGMENTS as f32), view, lift);
        gizmos.line(p, q, colour);
    }
}

/// The edges of the tesseract's frame as (corner, corner, is a W edge): per cube the four sides
/// of each Z layer and the four edges joining the layers, then the eight W edges joining the cubes.
fn frame_edges() -> Vec<([f32; 4], [f32; 4], bool)> {
    let corner = |x: f32, y: f32, z: f32, w: f32| [x * 2.0, y * 2.0, z * 0.5, w * 0.5];
    let signs = [-1.0, 1.0];
    let square = [
        ((-1.0, -1.0), (1.0, -1.0)),
        ((1.0, -1.0), (1.0, 1.0)),
        ((1.0, 1.0), (-1.0, 1.0)),
        ((-1.0, 1.0), (-1.0, -1.0)),
    ];
    let mut edges = Vec::with_capacity(40);
    for w in signs {
        for z in signs {
            for (a, b) in square {
                edges.push((corner(a.0, a.1, z, w), corner(b.0, b.1, z, w), false));
            }
        }
        for (x, y) in square.map(|(a, _)| a) {
            edges.push((corner(x, y, -1.0, w), corner(x, y, 1.0, w), false));
        }
    }
    for z in signs {
        for (x, y) in square.map(|(a, _)| a) {
            edges.push((corner(x, y, z, -1.0), corner(x, y, z, 1.0), true));
        }
    }
    edges
}

/// The outline of every 4×4 board, in both views; and, as the tesseract appears, the edges joining
/// the Z layers and the eight W edges joining the cubes (dashed). (Drawing lines from the first
/// frame also spares the first selection the line pipeline's compilation: 0.4 s in a
/// software-rendered browser.)
fn draw_frame(mut gizmos: Gizmos, view: Res<View>) {
    for (a, b, is_w) in frame_edges() {
        let board_outline = a[2] == b[2] && a[3] == b[3];
        let alpha = if board_outline { 1.0 } else { view.morph.min(1.0) };
        if alpha < 0.05 {
            continue;
        }
        let colour = if is_w {
            Color::srgba(0.95, 0.75, 0.3, 0.9 * alpha)
        } else {
            Color::srgba(0.8, 0.82, 0.9, 0.55 * alpha)
        };
        line_4d(&mut gizmos, a, b, &view, 0.0, colour, is_w);
    }
}

/// A column and a ring over the selected square (amber) and the keyboard's square (blue), so a
/// piece standing there never hides them.
fn mark_selection_and_focus(mut gizmos: Gizmos, view: Res<View>, shown: Res<GameView>) {
    let marks = [
        (shown.selected, Color::srgb(0.98, 0.80, 0.30)),
        (shown.focus, Color::srgb(0.40, 0.65, 1.0)),
    ];
    for (square, colour) in marks {
        let Some(square) = square else { continue };
        let (base, scale) = super::projection::place(square, &view);
        let top = base + Vec3::Y * 1.3 * scale;
        gizmos.line(base, top, colour);
        let ring = Isometry3d::new(top, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
        gizmos.circle(ring, 0.22 * scale, colour);
    }
}

fn move_line(gizmos: &mut Gizmos, mv: Move, view: &View, lift: f32, colour: Color) {
    line_4d(
        gizmos,
        centred_4d(mv.from),
        centred_4d(mv.to),
        view,
        lift,
        colour,
        false,
    );
}

fn draw_move_lines(
    mut gizmos: Gizmos,
    view: Res<View>,
    play: Res<Play>,
    shown: Res<GameView>,
    tutorial: Option<Res<super::tutorial::Tutorial>>,
    analysis: Option<Res<super::analysis::Analysis>>,
) {
    let position = shown.shown_position(&play);
    // The analysis' best move, bright, the answer it expects, faint, and the opponent's threat
    // in orange: arrows above the rest.
    let arrows = analysis.as_ref().map_or_else(Vec::new, |a| a.arrows(&play, &shown));
    for arrow in arrows {
        let (mv, colour, lift) = match arrow {
            Arrow::Best(mv) => (mv, Color::srgb(0.35, 0.95, 0.45), 0.6),
            Arrow::Answer(mv) => (mv, Color::srgba(0.35, 0.95, 0.45, 0.45), 0.5),
            Arrow::Threat(mv) => (mv, Color::srgb(1.0, 0.6, 0.15), 0.55),
        };
        gizmos.arrow(
            point(centred_4d(mv.from), &view, lift),
            point(centred_4d(mv.to), &view, lift),
            colour,
        );
    }
    for &(from, to) in tutorial.as_ref().map_or(&[][..], |t| t.lines()) {
        move_line(
            &mut gizmos,
            Move::new(from, to),
            &view,
            0.3,
            Color::srgb(0.4, 0.85, 1.0),
        );
    }
    for &mv in &shown.targets {
        move_line(&mut gizmos, mv, &view, 0.15, Color::srgba(0.3, 0.6, 1.0, 0.7));
    }
    if let Some(last) = shown.shown_last_move(&play) {
        move_line(
            &mut gizmos,
            last,
            &view,
            0.05,
            super::visuals::LAST_MOVE.with_alpha(0.8),
        );
    }
    if let Some(king) = position.king_square(position.side_to_move()) {
        for attacker in position.checkers() {
            check_line(&mut gizmos, attacker, king, &view);
        }
    }
}

fn check_line(gizmos: &mut Gizmos, from: Square, to: Square, view: &View) {
    move_line(gizmos, Move::new(from, to), view, 0.45, Color::srgb(1.0, 0.2, 0.15));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_has_24_cube_edges_and_8_w_edges() {
        let edges = frame_edges();
        assert_eq!(edges.iter().filter(|e| !e.2).count(), 24);
        let w_edges: Vec<_> = edges.iter().filter(|e| e.2).collect();
        assert_eq!(w_edges.len(), 8);
        // A W edge changes only W.
        assert!(w_edges.iter().all(|(a, b, _)| a[..3] == b[..3] && a[3] != b[3]));
    }
}
