//! From 4D squares to 3D world positions: the flat view (four boards on a table), the tesseract
//! view (a 4D rotation in the XW, YW and ZW planes, then a perspective divide along W, so W=0 is
//! the inner cube and W=1 the outer one), and the morph between them.
//!
//! World axes: X across, Y up, -Z away from the viewer. In the tesseract the Z layers stack
//! upwards (a 3D chess board), and pieces stand up (+Y) in both views.

use bevy::prelude::*;

use crate::fourfold::rules::Square;

/// Gap between two flat boards, in cell widths.
const BOARD_GAP: f32 = 1.0;
/// Height between the two Z layers of a cube.
const LAYER_HEIGHT: f32 = 2.8;
/// Distance of the 4D eye from the centre along W: W=0 (w=-1/2) scales by D/(D+1/2), W=1 by D/(D-1/2).
const EYE_DISTANCE_4D: f32 = 3.5;
/// Size of the tesseract relative to the flat boards.
const TESSERACT_SCALE: f32 = 1.75;

/// The view: how far the morph has gone (0 = flat, 1 = tesseract) and the 4D rotation angles
/// in radians (XW, YW, ZW planes).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub morph: f32,
    pub angles: [f32; 3],
}

/// The first view is the flat boards: four 4×4 boards a newcomer can read, the tesseract one
/// key (F) away.
impl Default for View {
    fn default() -> Self {
        View {
            morph: 0.0,
            angles: [0.0; 3],
        }
    }
}

/// A square's centre in 4D, centred on the origin, one unit per cell (Z and W layers at ±1/2).
pub fn centred_4d(square: Square) -> [f32; 4] {
    let [x, y, z, w] = square.coords().map(f32::from);
    [x - 1.5, y - 1.5, z - 0.5, w - 0.5]
}

/// Rotates a 4D point in the XW, then YW, then ZW plane.
pub fn rotate_4d(p: [f32; 4], angles: [f32; 3]) -> [f32; 4] {
    let mut q = p;
    for (axis, &angle) in angles.iter().enumerate() {
        let (sin, cos) = angle.sin_cos();
        let (a, w) = (q[axis], q[3]);
        q[axis] = a * cos - w * sin;
        q[3] = a * sin + w * cos;
    }
    q
}

/// The perspective factor of a rotated point: larger towards the 4D eye (outer cube).
pub fn w_scale(w: f32) -> f32 {
    EYE_DISTANCE_4D / (EYE_DISTANCE_4D - w)
}

/// A rotated 4D point in the tesseract view, and its perspective factor.
pub fn tesseract_point(p: [f32; 4], angles: [f32; 3]) -> (Vec3, f32) {
    let q = rotate_4d(p, angles);
    let s = w_scale(q[3]) * TESSERACT_SCALE;
    (Vec3::new(q[0] * s, q[2] * LAYER_HEIGHT * s, -q[1] * s), s)
}

/// A square in the flat view: four boards on a table, Z choosing the column (Z=0 left) and W
/// the row (W=1 further away, "on top").
pub fn flat_point(square: Square) -> Vec3 {
    flat_of(centred_4d(square))
}

/// Any 4D point (centred as `centred_4d`) in the flat view: the layout of `flat_point` extended
/// between and beyond squares, so lines and outlines use the one layout.
pub fn flat_of(p: [f32; 4]) -> Vec3 {
    let span = 4.0 + BOARD_GAP;
    let centre = (2.0 * 4.0 + BOARD_GAP - 1.0) / 2.0;
    let across = p[0] + 1.5 + (p[2] + 0.5) * span - centre;
    let up = p[1] + 1.5 + (p[3] + 0.5) * span - centre;
    Vec3::new(across, 0.0, -up)
}

/// Where a square is drawn in `view`, with the scale of things standing on it.
pub fn place(square: Square, view: &View) -> (Vec3, f32) {
    place_4d(centred_4d(square), flat_point(square), view)
}

/// The same for any 4D point (for paths between squares): `flat` is its flat-view position.
pub fn place_4d(p: [f32; 4], flat: Vec3, view: &View) -> (Vec3, f32) {
    let (tesseract, scale) = tesseract_point(p, view.angles);
    let t = smooth(view.morph.clamp(0.0, 1.0));
    (flat.lerp(tesseract, t), 1.0 + (scale * 0.6 - 1.0) * t)
}

pub use crate::app::shell::motion::smooth;

#[cfg(test)]
mod tests {
    use super::*;

    fn distance_4d(a: [f32; 4], b: [f32; 4]) -> f32 {
        a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum::<f32>().sqrt()
    }

    #[test]
    fn rotations_keep_4d_distances_between_cells() {
        let angle_sets = [
            [0.3, -1.1, 2.0],
            [std::f32::consts::FRAC_PI_2, 0.0, 0.0],
            [1.0, 1.0, 1.0],
            [-2.5, 0.7, -0.2],
        ];
        for angles in angle_sets {
            for a in Square::all().step_by(3) {
                for b in Square::all().step_by(5) {
                    let before = distance_4d(centred_4d(a), centred_4d(b));
                    let after = distance_4d(rotate_4d(centred_4d(a), angles), rotate_4d(centred_4d(b), angles));
                    assert!((before - after).abs() < 1e-4, "{a} {b} {angles:?}");
                }
            }
        }
    }

    /// With no 4D rotation every W=0 cell lies strictly inside the box spanned by the W=1
    /// cells. The box is fixed in the world, so this holds for any camera orbit.
    #[test]
    fn unrotated_the_inner_cube_is_inside_the_outer_cube() {
        let outer: Vec<Vec3> = Square::all()
            .filter(|s| s.w() == 1)
            .map(|s| tesseract_point(centred_4d(s), [0.0; 3]).0)
            .collect();
        let min = outer.iter().fold(Vec3::splat(f32::MAX), |m, p| m.min(*p));
        let max = outer.iter().fold(Vec3::splat(f32::MIN), |m, p| m.max(*p));
        for s in Square::all().filter(|s| s.w() == 0) {
            let p = tesseract_point(centred_4d(s), [0.0; 3]).0;
            assert!(
                p.cmpgt(min).all() && p.cmplt(max).all(),
                "{s} at {p} outside {min}..{max}"
            );
        }
    }

    #[test]
    fn a_quarter_turn_in_xw_swaps_x_and_w() {
        let p = rotate_4d([1.0, 0.0, 0.0, 0.0], [std::f32::consts::FRAC_PI_2, 0.0, 0.0]);
        assert!((p[0]).abs() < 1e-6 && (p[3] - 1.0).abs() < 1e-6, "{p:?}");
    }

    #[test]
    fn flat_view_lays_out_four_boards() {
        let a1_bottom_left = flat_point("a1@00".parse().unwrap());
        let a1_top_right = flat_point("a1@11".parse().unwrap());
        assert_eq!(a1_top_right - a1_bottom_left, Vec3::new(5.0, 0.0, -5.0));
        let morph_ends = View {
            morph: 0.0,
            angles: [0.0; 3],
        };
        assert_eq!(
            place("c2@10".parse().unwrap(), &morph_ends).0,
            flat_point("c2@10".parse().unwrap())
        );
    }
}
