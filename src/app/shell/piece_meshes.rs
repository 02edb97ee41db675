//! Piece models built in code from primitives, one merged mesh per kind, with silhouettes that
//! differ from every side: a ball-headed pawn, a crenellated rook, a horse-head knight that
//! faces the enemy, a mitred bishop, a crowned queen and a cross-topped king.

use bevy::math::primitives::{Cone, Cuboid, Cylinder, Sphere, Torus};
use bevy::prelude::*;

use crate::engine::piece::PieceKind;

fn part(mesh: impl Into<Mesh>, at: Transform) -> Mesh {
    mesh.into().transformed_by(at)
}

fn merged(parts: Vec<Mesh>) -> Mesh {
    let mut iter = parts.into_iter();
    let mut mesh = iter.next().expect("at least one part");
    for other in iter {
        mesh.merge(&other).expect("primitive meshes share their attributes");
    }
    mesh
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

/// How finely the round parts are cut: `Full` for the 4D boards' few pieces, `Light` (about a
/// third of the vertices) for the 64 men of four-player chess, which a software renderer would
/// otherwise spend most of a frame on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    Full,
    Light,
}

impl Detail {
    /// Segments around a cylinder or a cone.
    fn round(self) -> u32 {
        match self {
            Detail::Full => 32,
            Detail::Light => 12,
        }
    }

    /// A sphere's sectors and stacks at full detail, reduced for `Light`.
    fn sphere(self, sectors: u32, stacks: u32) -> (u32, u32) {
        match self {
            Detail::Full => (sectors, stacks),
            Detail::Light => ((sectors * 2 / 3).max(6), (stacks * 2 / 3).max(4)),
        }
    }
}

/// The model of a piece kind, standing on y = 0, about 0.8 cell widths tall at most. The
/// knight's head points along -Z (towards the far side for White).
pub fn piece_mesh(kind: PieceKind, detail: Detail) -> Mesh {
    let round = detail.round();
    let cylinder = |radius: f32, height: f32| Cylinder::new(radius, height).mesh().resolution(round);
    let cone = |radius: f32, height: f32| Cone { radius, height }.mesh().resolution(round);
    let sphere = |radius: f32, sectors: u32, stacks: u32| {
        let (sectors, stacks) = detail.sphere(sectors, stacks);
        Sphere::new(radius).mesh().uv(sectors, stacks)
    };
    let base = || part(cylinder(0.3, 0.1), at(0.0, 0.05, 0.0));
    let parts = match kind {
        PieceKind::Pawn => vec![
            base(),
            part(cylinder(0.13, 0.25), at(0.0, 0.22, 0.0)),
            part(sphere(0.15, 16, 10), at(0.0, 0.42, 0.0)),
        ],
        PieceKind::Rook => {
            let mut parts = vec![base(), part(cylinder(0.2, 0.46), at(0.0, 0.32, 0.0))];
            for (x, z) in [(0.13, 0.13), (-0.13, 0.13), (0.13, -0.13), (-0.13, -0.13)] {
                parts.push(part(Cuboid::new(0.1, 0.12, 0.1), at(x, 0.6, z)));
            }
            parts
        }
        PieceKind::Knight => vec![
            base(),
            part(cylinder(0.17, 0.3), at(0.0, 0.25, 0.0)),
            part(
                Cuboid::new(0.17, 0.22, 0.4),
                Transform::from_xyz(0.0, 0.5, -0.08).with_rotation(Quat::from_rotation_x(0.45)),
            ),
            part(cone(0.05, 0.14), at(0.0, 0.66, 0.08)),
        ],
        PieceKind::Bishop => vec![
            base(),
            part(cone(0.19, 0.5), at(0.0, 0.35, 0.0)),
            part(sphere(0.11, 16, 10), at(0.0, 0.6, 0.0)),
            part(sphere(0.045, 8, 6), at(0.0, 0.74, 0.0)),
        ],
        PieceKind::Queen => {
            let mut parts = vec![
                base(),
                part(cylinder(0.16, 0.5), at(0.0, 0.35, 0.0)),
                part(
                    Torus {
                        minor_radius: 0.04,
                        major_radius: 0.17,
                    }
                    .mesh()
                    .minor_resolution(if detail == Detail::Full { 24 } else { 8 })
                    .major_resolution(if detail == Detail::Full { 32 } else { 16 }),
                    at(0.0, 0.62, 0.0),
                ),
                part(sphere(0.09, 12, 8), at(0.0, 0.7, 0.0)),
            ];
            for i in 0..5 {
                let a = i as f32 * std::f32::consts::TAU / 5.0;
                parts.push(part(cone(0.04, 0.12), at(0.17 * a.cos(), 0.7, 0.17 * a.sin())));
            }
            parts
        }
        PieceKind::King => vec![
            base(),
            part(cylinder(0.17, 0.56), at(0.0, 0.38, 0.0)),
            part(cylinder(0.21, 0.06), at(0.0, 0.68, 0.0)),
            part(Cuboid::new(0.07, 0.26, 0.07), at(0.0, 0.84, 0.0)),
            part(Cuboid::new(0.2, 0.07, 0.07), at(0.0, 0.87, 0.0)),
        ],
    };
    merged(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::camera::primitives::MeshAabb;
    use bevy::mesh::VertexAttributeValues;

    fn vertices(mesh: &Mesh) -> usize {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(positions)) => positions.len(),
            _ => 0,
        }
    }

    #[test]
    fn light_models_keep_their_shape_with_far_fewer_vertices() {
        let (mut full, mut light) = (0, 0);
        for kind in PieceKind::ALL {
            let (f, l) = (piece_mesh(kind, Detail::Full), piece_mesh(kind, Detail::Light));
            assert!(vertices(&l) < vertices(&f), "{kind:?}");
            // The same silhouette: the same height and width within a few percent.
            let (fa, la) = (f.compute_aabb().unwrap(), l.compute_aabb().unwrap());
            assert!(
                (fa.half_extents.y - la.half_extents.y).abs() < 0.01,
                "{kind:?} keeps its height"
            );
            full += vertices(&f);
            light += vertices(&l);
        }
        assert!(light * 2 < full, "light: {light} vertices, full: {full}");
    }
}
