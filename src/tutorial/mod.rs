//! The guided tutorials: scenes in RON (`scenes/*.ron` for the 4D game, `scenes/four-player/`
//! for four-player chess), their validation, and the checks a scene runner needs (is this move
//! allowed, did it succeed). No Bevy: the 4D game loads its files as assets, the four-player
//! introduction has its scenes built in.

pub mod cross;
pub mod file;
pub mod rules;
pub mod scene;

pub use cross::{CROSS_SCENES, CrossScene, ValidCrossScene, cross_scenes};
pub use file::SceneError;
pub use rules::{Allowed, Mistake, Reply, Success};
pub use scene::{Scene, SceneView, ValidScene};
