//! The rules of 4D chess on the 4x4x2x2 board (RULES.md): no Bevy, no allocation in the move
//! generator's hot path.

pub mod bitboard;
pub mod fen;
pub mod game;
pub mod lan;
pub mod movegen;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod reach;
pub mod square;
mod tables;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, Setup};
pub use game::{Game, Outcome, PlayError};
pub use lan::Strictness;
pub use movegen::MoveList;
pub use position::{Position, Undo};
pub use square::{Axis, Color, Move, Piece, PieceKind, Square};
