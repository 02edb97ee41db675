//! The light over the board, the same for both games: one sun without shadows (software
//! rendering pays dearly for shadow maps) and an ambient fill.

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_lights);
}

/// Where the sun stands (it shines towards the board's centre); the plain material lights by it.
pub const SUN_AT: Vec3 = Vec3::new(4.0, 12.0, 6.0);

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        DirectionalLight {
            illuminance: 8_000.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(SUN_AT).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 500.0,
        ..default()
    });
}
