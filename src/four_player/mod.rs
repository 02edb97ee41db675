//! Four-player chess on the 14×14 cross board (`FOURPLAYER.md`), no Bevy: the board's squares,
//! seats and pieces; positions and FEN4; one move generator for the three rule sets (FFA, Teams,
//! the Club's), make/unmake with Zobrist keys; what a turn sets off (points, eliminations, frozen
//! armies); games to their end with outcomes and places; PGN4 import and export; perft.

pub mod ai;
pub mod board;
mod checks_seen;
mod club;
pub mod fen4;
pub mod game;
pub mod mates_memo;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pgn4;
pub mod placement;
pub mod play;
pub mod position;
pub mod rules;
mod zobrist;

pub use board::{Mark, Owner, Piece, PieceKind, Seat, Square, SquareSet};
pub use fen4::Fen4Error;
pub use game::{Game, Outcome, Turn};
pub use moves::{Move, MoveKind};
pub use play::perft;
pub use position::{Position, Setup};
pub use rules::{Options, RuleKind, Rules};
