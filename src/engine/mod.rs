//! What both games' computer players share, knowing neither board: search limits, clocks and
//! the stop flag, slices for the browser's single thread, the seeded random source, a
//! transposition table generic over the game's move, the shape of a level table, and the match
//! runner (threads, seat rotation, ratings from pairwise results).

pub mod level;
pub mod limits;
pub mod matches;
pub mod random;
pub mod slices;
pub mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use limits::StdClock;
pub use limits::{Clock, Limits, NoClock, StopFlag};
pub use slices::SliceSize;
