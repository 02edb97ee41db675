//! Four-player chess on the 14×14 cross board (`FOURPLAYER.md`), no Bevy. So far: the board's
//! squares, the seats and pieces, the position's state and FEN4. The move generator, the three
//! rule sets, PGN4 and perft build on these (issue 12).

pub mod board;
pub mod fen4;
pub mod position;

pub use board::{Owner, Piece, PieceKind, Seat, Square};
pub use fen4::Fen4Error;
pub use position::{Position, Setup};
