//! The egui frame both games draw their panels in: the egui plugin and its own camera over the
//! whole window (the 3D camera's viewport shrinks to what the panels leave), and who gets the
//! keyboard and the pointer — egui while it types or the pointer is over a panel, else the board.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ClearColorConfig};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiGlobalSettings, EguiInput, EguiPlugin, PrimaryEguiContext, egui};

use super::camera::{FreeArea, UiWantsPointer};

/// Whether the UI (egui) is typing, so the board must leave keys alone.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct UiWantsKeyboard(pub bool);

/// Run condition of the board's key systems: the player is not typing in the panels.
pub fn board_has_the_keys(ui: Option<Res<UiWantsKeyboard>>) -> bool {
    ui.is_none_or(|ui| !ui.0)
}

pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<UiWantsKeyboard>()
        .init_resource::<UiWantsPointer>()
        .init_resource::<FreeArea>()
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(
            PreUpdate,
            (
                share_input_wishes,
                keep_tab_for_the_board.run_if(|wants: Res<EguiWantsInput>| !wants.wants_keyboard_input()),
                quiet_unchanged_modifiers,
            )
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// bevy_egui reports the modifier keys every frame as a `ModifiersChanged` event, and egui asks
/// for another frame after any event: the window would never rest. Only real changes pass.
fn quiet_unchanged_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => last.replace(*now) != Some(*now),
            _ => true,
        });
    }
}

/// Tab belongs to the board (keyboard play steps through squares with it). egui would also move
/// its focus between widgets on Tab, and Enter would then press the focused one; so unless the
/// player is typing in a text field, egui does not see Tab.
fn keep_tab_for_the_board(mut inputs: Query<&mut EguiInput>) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| {
            !matches!(
                event,
                egui::Event::Key {
                    key: egui::Key::Tab,
                    ..
                }
            )
        });
    }
}

/// egui draws with its own camera over the whole window, so the 3D camera's viewport can
/// shrink to the free area without moving the panels.
fn spawn_ui_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// Whether egui has the keyboard and the pointer: the pointer is egui's over a panel (outside
/// the 3D view), over a floating area (a menu, a dialog), or while it drags a widget.
fn share_input_wishes(
    wants: Res<EguiWantsInput>,
    window: Single<&Window, With<PrimaryWindow>>,
    free: Res<FreeArea>,
    mut keyboard: ResMut<UiWantsKeyboard>,
    mut pointer: ResMut<UiWantsPointer>,
) {
    keyboard.set_if_neq(UiWantsKeyboard(wants.wants_keyboard_input()));
    let over_panel = window.physical_cursor_position().is_some_and(|p| free.outside(p));
    pointer.set_if_neq(UiWantsPointer(
        over_panel || wants.is_pointer_over_area() || wants.is_using_pointer(),
    ));
}

/// The switch between the two games, at the top of each game's panel.
pub fn game_switch(ui: &mut egui::Ui, current: crate::app::Mode, next: &mut NextState<crate::app::Mode>) {
    ui.horizontal(|ui| {
        for mode in crate::app::Mode::ALL {
            if ui.selectable_label(mode == current, mode.title()).clicked() && mode != current {
                next.set(mode);
            }
        }
    });
}

/// Which of a game's two side panels is being drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PanelSide {
    Left,
    Right,
}

/// A game's two side panels, each scrolling, narrowing in a small window so the board keeps most
/// of it; the window area they leave becomes the 3D view's (`FreeArea`). `draw` fills each side.
pub fn side_panels(
    ctx: &egui::Context,
    window: &Window,
    ids: [&'static str; 2],
    // Not `&mut FreeArea`: a mutable borrow would mark it changed every frame (and the camera
    // would set its viewport again each time).
    free: &mut ResMut<FreeArea>,
    mut draw: impl FnMut(PanelSide, &mut egui::Ui),
) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let logical_width = window.width();
    let left = egui::Panel::left(ids[0])
        .default_size(300.0_f32.min(logical_width * 0.28))
        .size_range(120.0..=(logical_width * 0.32).max(120.0))
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| draw(PanelSide::Left, ui));
        });
    let right = egui::Panel::right(ids[1])
        .default_size(250.0_f32.min(logical_width * 0.22))
        .size_range(110.0..=(logical_width * 0.26).max(110.0))
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| draw(PanelSide::Right, ui));
        });
    let scale = window.scale_factor();
    let left_px = (left.response.rect.width() * scale) as u32;
    let right_px = (right.response.rect.width() * scale) as u32;
    let width = window.physical_width().saturating_sub(left_px + right_px);
    let area = Some([left_px, 0, width, window.physical_height()]);
    if free.0 != area {
        free.0 = area;
    }
}
