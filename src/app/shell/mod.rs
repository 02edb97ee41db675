//! What any game mode of the app stands on: the camera and its orbit, the fonts of the egui
//! frame, screenshots from the command line, the browser's console, the native window's
//! reactive updates, and the computer's turn task (generic over a game's `Thinker`).

pub mod camera;
#[cfg(target_arch = "wasm32")]
pub mod console;
pub mod fonts;
#[cfg(not(target_arch = "wasm32"))]
pub mod reactive;
pub mod screenshot;
pub mod turn_task;
