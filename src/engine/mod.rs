//! What both games share, knowing neither board: the kinds of piece, and for their computer
//! players search limits, clocks and the stop flag, slices for the browser's single thread, the
//! seeded random source, a transposition table generic over the game's move, history with
//! gravity, the shape of a level table, the slice contract of a player, and the match runner
//! (threads, seat rotation, ratings from pairwise results).

pub mod bench;
pub mod history;
pub mod level;
pub mod limits;
pub mod matches;
pub mod piece;
pub mod player;
pub mod random;
pub mod slices;
pub mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use limits::StdClock;
pub use limits::{Clock, ClockLeft, Limits, NoClock, StopFlag};
pub use player::SlicedPlayer;
pub use slices::SliceSize;
