//! Piece models built in code from primitives, one merged mesh per kind, with silhouettes that
//! differ from every side: a ball-headed pawn, a crenellated rook, a horse-head knight that
//! faces the enemy, a mitred bishop, a crowned queen and a cross-topped king.

use bevy::math::primitives::{Cone, Cuboid, Cylinder, Sphere, Torus};
use bevy::prelude::*;

use crate::fourfold::rules::PieceKind;

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

/// The model of a piece kind, standing on y = 0, about 0.8 cell widths tall at most. The
/// knight's head points along -Z (towards the far side for White).
pub fn piece_mesh(kind: PieceKind) -> Mesh {
    let base = || part(Cylinder::new(0.3, 0.1), at(0.0, 0.05, 0.0));
    let parts = match kind {
        PieceKind::Pawn => vec![
            base(),
            part(Cylinder::new(0.13, 0.25), at(0.0, 0.22, 0.0)),
            part(Sphere::new(0.15).mesh().uv(16, 10), at(0.0, 0.42, 0.0)),
        ],
        PieceKind::Rook => {
            let mut parts = vec![base(), part(Cylinder::new(0.2, 0.46), at(0.0, 0.32, 0.0))];
            for (x, z) in [(0.13, 0.13), (-0.13, 0.13), (0.13, -0.13), (-0.13, -0.13)] {
                parts.push(part(Cuboid::new(0.1, 0.12, 0.1), at(x, 0.6, z)));
            }
            parts
        }
        PieceKind::Knight => vec![
            base(),
            part(Cylinder::new(0.17, 0.3), at(0.0, 0.25, 0.0)),
            part(
                Cuboid::new(0.17, 0.22, 0.4),
                Transform::from_xyz(0.0, 0.5, -0.08).with_rotation(Quat::from_rotation_x(0.45)),
            ),
            part(
                Cone {
                    radius: 0.05,
                    height: 0.14,
                },
                at(0.0, 0.66, 0.08),
            ),
        ],
        PieceKind::Bishop => vec![
            base(),
            part(
                Cone {
                    radius: 0.19,
                    height: 0.5,
                },
                at(0.0, 0.35, 0.0),
            ),
            part(Sphere::new(0.11).mesh().uv(16, 10), at(0.0, 0.6, 0.0)),
            part(Sphere::new(0.045).mesh().uv(8, 6), at(0.0, 0.74, 0.0)),
        ],
        PieceKind::Queen => {
            let mut parts = vec![
                base(),
                part(Cylinder::new(0.16, 0.5), at(0.0, 0.35, 0.0)),
                part(
                    Torus {
                        minor_radius: 0.04,
                        major_radius: 0.17,
                    },
                    at(0.0, 0.62, 0.0),
                ),
                part(Sphere::new(0.09).mesh().uv(12, 8), at(0.0, 0.7, 0.0)),
            ];
            for i in 0..5 {
                let a = i as f32 * std::f32::consts::TAU / 5.0;
                parts.push(part(
                    Cone {
                        radius: 0.04,
                        height: 0.12,
                    },
                    at(0.17 * a.cos(), 0.7, 0.17 * a.sin()),
                ));
            }
            parts
        }
        PieceKind::King => vec![
            base(),
            part(Cylinder::new(0.17, 0.56), at(0.0, 0.38, 0.0)),
            part(Cylinder::new(0.21, 0.06), at(0.0, 0.68, 0.0)),
            part(Cuboid::new(0.07, 0.26, 0.07), at(0.0, 0.84, 0.0)),
            part(Cuboid::new(0.2, 0.07, 0.07), at(0.0, 0.87, 0.0)),
        ],
    };
    merged(parts)
}
