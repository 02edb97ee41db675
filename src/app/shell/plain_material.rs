//! A cheap material for boards with many cells and pieces: one colour, unlit or lit by the sun
//! (diffuse, a small highlight, the ambient fill), tone-mapped as the camera does. Under
//! software rendering the PBR shader cost most of the four-player board's frame; this shader
//! does a few operations a pixel.

use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::pbr::{Material, MaterialPlugin};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::{Shader, ShaderRef};

const PLAIN_SHADER: Handle<Shader> = uuid_handle!("6a0c7f0e-5b7e-4c52-9f41-3f1d2f0b8c11");

/// Where the sun shines from (towards it), as `lights.rs` places it.
pub fn towards_the_sun() -> Vec3 {
    super::lights::SUN_AT.normalize()
}

#[derive(Asset, TypePath, AsBindGroup, Clone, Debug)]
pub struct PlainMaterial {
    #[uniform(0)]
    pub uniform: PlainUniform,
}

#[derive(Clone, Copy, Debug, ShaderType)]
pub struct PlainUniform {
    /// Linear colour.
    pub colour: Vec4,
    /// Towards the sun (xyz); w is 1 when lit.
    pub sun: Vec4,
    /// Ambient, diffuse, highlight strength, highlight sharpness.
    pub shading: Vec4,
}

impl PlainMaterial {
    /// A flat colour, as an unlit standard material shows it.
    pub fn unlit(colour: Color) -> PlainMaterial {
        PlainMaterial {
            uniform: PlainUniform {
                colour: colour.to_linear().to_vec4(),
                sun: Vec4::ZERO,
                shading: Vec4::ZERO,
            },
        }
    }

    /// A colour lit by the sun: `shine` from 0 (matte) to 1 (a bright, tight highlight).
    pub fn lit(colour: Color, shine: f32) -> PlainMaterial {
        PlainMaterial {
            uniform: PlainUniform {
                colour: colour.to_linear().to_vec4(),
                sun: towards_the_sun().extend(1.0),
                // Matched by eye and by mean colour to the PBR look these men had (one sun of
                // 8,000 lux, ambient 500, the camera's exposure and tone mapping).
                shading: Vec4::new(1.1, 1.9, 0.15 + 0.5 * shine, 8.0 + 56.0 * shine),
            },
        }
    }
}

impl Material for PlainMaterial {
    fn fragment_shader() -> ShaderRef {
        PLAIN_SHADER.into()
    }
}

pub fn plugin(app: &mut App) {
    load_internal_asset!(app, PLAIN_SHADER, "plain.wgsl", Shader::from_wgsl);
    app.add_plugins(MaterialPlugin::<PlainMaterial>::default());
}
