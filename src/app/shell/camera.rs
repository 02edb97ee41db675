//! The 3D camera: it orbits the centre (drag with the right mouse button), zooms (mouse wheel),
//! and renders into the part of the window the panels leave.

use bevy::camera::Viewport;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

/// Where the camera looks from, around the origin.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: 0.0,
            pitch: 0.95,
            distance: 15.0,
        }
    }
}

impl Orbit {
    pub fn transform(&self) -> Transform {
        let direction = Vec3::new(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(direction * self.distance).looking_at(Vec3::ZERO, Vec3::Y)
    }
}

/// The window area (physical pixels) left for the 3D view by the panels: x, y, width, height.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct FreeArea(pub Option<[u32; 4]>);

impl FreeArea {
    /// Whether a pointer at `physical` (window pixels) is outside the 3D view, over a panel.
    /// egui cannot tell: the side panels live in its background layer, which it does not count
    /// as "over egui".
    pub fn outside(&self, physical: Vec2) -> bool {
        self.0.is_some_and(|[x, y, width, height]| {
            let (x, y) = (x as f32, y as f32);
            physical.x < x || physical.y < y || physical.x >= x + width as f32 || physical.y >= y + height as f32
        })
    }
}

/// Whether the pointer is over a panel (then the board leaves the mouse alone).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct UiWantsPointer(pub bool);

/// How much larger than at rest the game's content stands now (a tesseract turned in 4D reaches
/// further out): the camera steps back by this factor so it stays in view. The game keeps it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ContentScale(pub f32);

impl Default for ContentScale {
    fn default() -> Self {
        ContentScale(1.0)
    }
}

/// Whether the pointer is over one of the game's board entities (a left drag that starts there
/// is a click, not an orbit). The game's picking keeps it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct OverBoard(pub bool);

/// Whether a right-button drag that starts on the board draws (an arrow) instead of orbiting.
/// The game whose board draws arrows sets it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct RightDragDraws(pub bool);

#[derive(Component)]
pub struct MainCamera;

pub fn plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .init_resource::<FreeArea>()
        .init_resource::<UiWantsPointer>()
        .init_resource::<OverBoard>()
        .init_resource::<ContentScale>()
        .init_resource::<RightDragDraws>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, (orbit_with_mouse, orbit_with_touch, place_camera).chain());
}

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    // No multisampling: under software rendering it costs more than the whole scene, and the
    // thin gizmo lines stay readable without it.
    // Reinhard (luminance) tone mapping needs no lookup-table images, which the web build leaves out.
    commands.spawn((
        Camera3d::default(),
        MainCamera,
        orbit.transform(),
        Msaa::Off,
        bevy::core_pipeline::tonemapping::Tonemapping::ReinhardLuminance,
    ));
}

/// Orbits while the right or middle button is held (unless a right press on the board draws),
/// or the left one after pressing it on empty space (a left press on a cell or piece is a
/// click, not a drag). The wheel zooms.
#[allow(clippy::too_many_arguments)]
fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    ui: Res<UiWantsPointer>,
    over_board: Res<OverBoard>,
    draws: Res<RightDragDraws>,
    (mut left_drag, mut right_draws): (Local<bool>, Local<bool>),
    mut orbit: ResMut<Orbit>,
) {
    if buttons.just_pressed(MouseButton::Left) {
        *left_drag = !ui.0 && !over_board.0;
    }
    if buttons.just_pressed(MouseButton::Right) {
        *right_draws = draws.0 && over_board.0;
    }
    if !buttons.pressed(MouseButton::Left) {
        *left_drag = false;
    }
    if ui.0 && !*left_drag {
        return;
    }
    let right_orbits = buttons.pressed(MouseButton::Right) && !*right_draws;
    let dragging = right_orbits || buttons.pressed(MouseButton::Middle) || *left_drag;
    if dragging {
        orbit.yaw -= motion.delta.x * 0.006;
        orbit.pitch = (orbit.pitch + motion.delta.y * 0.006).clamp(0.1, 1.5);
    }
    if scroll.delta.y != 0.0 {
        orbit.distance = (orbit.distance * zoom_factor(scroll.delta.y, scroll.unit)).clamp(6.0, 40.0);
    }
}

/// Touch: one finger dragged from empty space orbits (a tap on the board stays a tap); two
/// fingers pinch to zoom.
fn orbit_with_touch(
    touches: Option<Res<Touches>>,
    ui: Res<UiWantsPointer>,
    over_board: Res<OverBoard>,
    mut one_finger_orbits: Local<bool>,
    mut orbit: ResMut<Orbit>,
) {
    let Some(touches) = touches else { return };
    let fingers: Vec<&bevy::input::touch::Touch> = touches.iter().collect();
    match fingers.as_slice() {
        [finger] => {
            if touches.just_pressed(finger.id()) {
                *one_finger_orbits = !ui.0 && !over_board.0;
            }
            if *one_finger_orbits {
                let delta = finger.delta();
                orbit.yaw -= delta.x * 0.006;
                orbit.pitch = (orbit.pitch + delta.y * 0.006).clamp(0.1, 1.5);
            }
        }
        [a, b] => {
            *one_finger_orbits = false;
            let before = a.previous_position().distance(b.previous_position());
            let now = a.position().distance(b.position());
            orbit.distance = pinch(orbit.distance, before, now);
        }
        _ => *one_finger_orbits = false,
    }
}

/// The distance after two fingers moved from `before` to `now` pixels apart: spreading them
/// brings the board closer in proportion.
pub fn pinch(distance: f32, before: f32, now: f32) -> f32 {
    if before < 1.0 || now < 1.0 {
        return distance;
    }
    (distance * before / now).clamp(6.0, 40.0)
}

/// How a wheel turn scales the distance: 4% a notch (a line), and a trackpad's pixels in
/// proportion, so a gesture is not a leap.
pub fn zoom_factor(delta: f32, unit: bevy::input::mouse::MouseScrollUnit) -> f32 {
    let per_unit = match unit {
        bevy::input::mouse::MouseScrollUnit::Line => 0.04,
        bevy::input::mouse::MouseScrollUnit::Pixel => 0.002,
    };
    (1.0 - delta * per_unit).clamp(0.5, 1.5)
}

fn place_camera(
    orbit: Res<Orbit>,
    area: Res<FreeArea>,
    content: Res<ContentScale>,
    mut cameras: Query<(&mut Transform, &mut Camera), With<MainCamera>>,
) {
    for (mut transform, mut camera) in &mut cameras {
        if orbit.is_changed() || area.is_changed() || content.is_changed() {
            let fit = area.0.map_or(1.0, |[_, _, w, h]| fit_distance(w, h)) * content.0.max(1.0);
            *transform = Orbit {
                distance: orbit.distance * fit,
                ..*orbit
            }
            .transform();
        }
        if !area.is_changed() {
            continue;
        }
        camera.viewport = area.0.filter(|a| a[2] > 0 && a[3] > 0).map(|[x, y, w, h]| Viewport {
            physical_position: UVec2::new(x, y),
            physical_size: UVec2::new(w, h),
            ..default()
        });
    }
}

/// How much farther the camera stands in a view narrower than it is tall: the boards are laid out
/// wide, and the field of view is fixed vertically, so a narrow view would cut their sides.
pub fn fit_distance(width: u32, height: u32) -> f32 {
    if width == 0 || height == 0 {
        return 1.0;
    }
    let aspect = width as f32 / height as f32;
    (FIT_ASPECT / aspect).max(1.0)
}

/// The view shape the default distance was chosen for (1280×720 less the two panels).
const FIT_ASPECT: f32 = 1.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinch_zooms_in_proportion_within_the_limits() {
        assert_eq!(
            pinch(15.0, 100.0, 200.0),
            7.5,
            "fingers twice as far apart: half the distance"
        );
        assert_eq!(pinch(15.0, 200.0, 100.0), 30.0);
        assert_eq!(pinch(15.0, 100.0, 1000.0), 6.0, "never closer than 6");
        assert_eq!(pinch(15.0, 0.0, 100.0), 15.0, "no distance to compare: unchanged");
    }

    #[test]
    fn narrow_views_move_the_camera_back_and_wheel_steps_are_small() {
        assert_eq!(fit_distance(730, 720), 1.0);
        assert_eq!(fit_distance(1600, 720), 1.0, "a wide view keeps the distance");
        assert!(
            (fit_distance(360, 720) - 2.0).abs() < 1e-6,
            "half as wide: twice as far"
        );
        assert_eq!(fit_distance(0, 720), 1.0);
        let notch = zoom_factor(1.0, bevy::input::mouse::MouseScrollUnit::Line);
        assert!((notch - 0.96).abs() < 1e-6, "{notch}");
        let gesture = zoom_factor(300.0, bevy::input::mouse::MouseScrollUnit::Pixel);
        assert!(gesture >= 0.5, "a long trackpad gesture is bounded: {gesture}");
    }

    #[test]
    fn a_pointer_beside_the_view_is_over_a_panel() {
        // 300 px of panel on the left, 250 on the right of a 1280 x 720 window.
        let free = FreeArea(Some([300, 0, 730, 720]));
        assert!(free.outside(Vec2::new(150.0, 600.0)), "left panel");
        assert!(free.outside(Vec2::new(1100.0, 90.0)), "right panel");
        assert!(!free.outside(Vec2::new(640.0, 360.0)), "the board");
        assert!(!free.outside(Vec2::new(300.0, 0.0)) && free.outside(Vec2::new(1030.0, 10.0)));
        assert!(!FreeArea(None).outside(Vec2::ZERO), "no panels yet");
    }
}
