//! The look of a legal target, the same in both games: a blue dot for a move, a red ring for a
//! capture.

use bevy::prelude::*;

pub struct TargetLooks {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    move_marker: Handle<StandardMaterial>,
    capture_marker: Handle<StandardMaterial>,
}

impl TargetLooks {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> TargetLooks {
        TargetLooks {
            dot: meshes.add(Sphere::new(0.13)),
            ring: meshes.add(Torus {
                minor_radius: 0.05,
                major_radius: 0.38,
            }),
            move_marker: materials.add(StandardMaterial {
                base_color: Color::srgb(0.20, 0.55, 0.95),
                emissive: LinearRgba::rgb(0.05, 0.2, 0.5),
                ..default()
            }),
            capture_marker: materials.add(StandardMaterial {
                base_color: Color::srgb(0.90, 0.25, 0.20),
                emissive: LinearRgba::rgb(0.4, 0.05, 0.02),
                ..default()
            }),
        }
    }

    /// The mesh and material of a target marker.
    pub fn dress(&self, capture: bool) -> (Mesh3d, MeshMaterial3d<StandardMaterial>) {
        let (mesh, material) = if capture {
            (&self.ring, &self.capture_marker)
        } else {
            (&self.dot, &self.move_marker)
        };
        (Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()))
    }
}
