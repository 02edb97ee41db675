//! The guided tutorial: scenes in RON (`scenes/*.ron`), their validation, and the checks a
//! scene runner needs (is this move allowed, did it succeed). No Bevy: the game loads the files
//! as assets and asks this module.

pub mod scene;

pub use scene::{Allowed, Mistake, Reply, Scene, SceneError, SceneView, Success, ValidScene};
