//! What any game mode of the app stands on: the camera and its orbit, the fonts of the egui
//! frame, screenshots from the command line, and the browser's console.

pub mod camera;
#[cfg(target_arch = "wasm32")]
pub mod console;
pub mod fonts;
pub mod screenshot;
