//! What any game mode of the app stands on: the camera and its orbit, the light, the piece
//! models, the egui frame (its camera, who gets the keyboard and the pointer) and its fonts, screenshots from the command line, the browser's console, the native window's
//! reactive updates, the settings store, the frame benchmark, and the computer's turn task (generic over a game's `Thinker`).

pub mod board_keys;
pub mod camera;
pub mod clock_widgets;
pub mod clocks;
#[cfg(target_arch = "wasm32")]
pub mod console;
pub mod egui_frame;
pub mod fonts;
pub mod framebench;
pub mod lights;
pub mod motion;
pub mod piece_meshes;
pub mod plain_material;
pub mod reactive;
pub mod review;
pub mod screenshot;
pub mod settings;
pub mod target_looks;
pub mod turn_task;
