//! The look of a legal target, the same in both games: a blue dot for a move, a red ring for a
//! capture — in the 4D board's standard (PBR) material, or in the plain material of the cross
//! board, which then draws nothing with the PBR shader (in the browser its first use compiled a
//! pipeline on the page's thread for over half a second, at the first selection).

use bevy::pbr::Material;
use bevy::prelude::*;

use super::plain_material::PlainMaterial;

const MOVE_COLOUR: Color = Color::srgb(0.20, 0.55, 0.95);
const CAPTURE_COLOUR: Color = Color::srgb(0.90, 0.25, 0.20);

pub struct TargetLooks<M: Material> {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    move_marker: Handle<M>,
    capture_marker: Handle<M>,
}

impl<M: Material> TargetLooks<M> {
    fn with(meshes: &mut Assets<Mesh>, move_marker: Handle<M>, capture_marker: Handle<M>) -> TargetLooks<M> {
        TargetLooks {
            dot: meshes.add(Sphere::new(0.13)),
            ring: meshes.add(Torus {
                minor_radius: 0.05,
                major_radius: 0.38,
            }),
            move_marker,
            capture_marker,
        }
    }

    /// The mesh and material of a target marker.
    pub fn dress(&self, capture: bool) -> (Mesh3d, MeshMaterial3d<M>) {
        let (mesh, material) = if capture {
            (&self.ring, &self.capture_marker)
        } else {
            (&self.dot, &self.move_marker)
        };
        (Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()))
    }
}

impl TargetLooks<StandardMaterial> {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> TargetLooks<StandardMaterial> {
        let move_marker = materials.add(StandardMaterial {
            base_color: MOVE_COLOUR,
            emissive: LinearRgba::rgb(0.05, 0.2, 0.5),
            ..default()
        });
        let capture_marker = materials.add(StandardMaterial {
            base_color: CAPTURE_COLOUR,
            emissive: LinearRgba::rgb(0.4, 0.05, 0.02),
            ..default()
        });
        TargetLooks::with(meshes, move_marker, capture_marker)
    }
}

impl TargetLooks<PlainMaterial> {
    pub fn plain(meshes: &mut Assets<Mesh>, materials: &mut Assets<PlainMaterial>) -> TargetLooks<PlainMaterial> {
        let move_marker = materials.add(PlainMaterial::lit(MOVE_COLOUR, 0.8));
        let capture_marker = materials.add(PlainMaterial::lit(CAPTURE_COLOUR, 0.8));
        TargetLooks::with(meshes, move_marker, capture_marker)
    }
}
