//! What both games' computer players share, knowing neither board: search limits, clocks and
//! the stop flag, slices for the browser's single thread, the seeded random source, and a
//! transposition table generic over the game's move.

pub mod limits;
pub mod random;
pub mod slices;
pub mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use limits::StdClock;
pub use limits::{Clock, Limits, NoClock, StopFlag};
pub use slices::SliceSize;
