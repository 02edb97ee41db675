//! Fourfold: chess in four dimensions on the 4×4×2×2 board (`RULES.md`), no Bevy — its rules
//! (squares, moves, outcome, FEN4D, LAN4D, PGN4D, perft, reach) and its computer (evaluation,
//! search, levels, the 2-ply reference), its rated mate puzzles and the position editor's model.

pub mod ai;
pub mod editor;
pub mod puzzles;
pub mod rules;
