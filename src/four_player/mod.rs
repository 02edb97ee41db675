//! Four-player chess on the 14×14 cross board (`FOURPLAYER.md`), no Bevy. So far: the board's
//! squares, the seats and pieces, the position's state and FEN4, legal moves, make/unmake and
//! perft for Teams and Free-for-all's movement (a mailbox generator, exact against the contract's
//! vectors), Zobrist keys, Teams games to their end, and PGN4 import. FFA's scoring and
//! eliminations, Club's rules, PGN4 export and the fast generator build on these (issue 12).

pub mod board;
pub mod fen4;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pgn4;
pub mod position;
mod zobrist;

pub use board::{Owner, Piece, PieceKind, Seat, Square};
pub use fen4::Fen4Error;
pub use movegen::{RuleKind, Rules, perft};
pub use moves::{Move, MoveKind};
pub use position::{Position, Setup};
