//! Zobrist keys for four-player positions: one random number per (owner, kind, square), per
//! seat to move, per castling right, per seat out or frozen, and per seat's en passant square. The board's
//! part is kept by `Position::put` and `remove`; the position folds in the rest (`Position::key`).

use std::sync::OnceLock;

use super::board::{Owner, Piece, Seat, Square};

struct Keys {
    /// [owner (4 seats, grey)][kind][mark][square index]
    pieces: Vec<u64>,
    turn: [u64; 4],
    castle_king_side: [u64; 4],
    castle_queen_side: [u64; 4],
    out: [u64; 4],
    frozen: [u64; 4],
    /// [seat][skipped square index]
    en_passant: Vec<u64>,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        // splitmix64 from a fixed seed: the same keys in every run and build.
        let mut state = 0x4650_4C41_5945_5253u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut four = || [next(), next(), next(), next()];
        let turn = four();
        let castle_king_side = four();
        let castle_queen_side = four();
        let out = four();
        let frozen = four();
        Keys {
            frozen,
            turn,
            castle_king_side,
            castle_queen_side,
            out,
            pieces: (0..5 * 6 * 3 * 196).map(|_| next()).collect(),
            en_passant: (0..4 * 196).map(|_| next()).collect(),
        }
    })
}

/// The key of one piece on one square.
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    let owner = match piece.owner {
        Owner::Seat(seat) => seat.index(),
        Owner::Grey => 4,
    };
    let mark = piece.mark as usize;
    keys().pieces[((owner * 6 + piece.kind.index()) * 3 + mark) * 196 + square.index()]
}

/// The key of `seat` being the one to move.
pub fn turn_key(seat: Seat) -> u64 {
    keys().turn[seat.index()]
}

/// The key of `seat`'s castling right on the king's side (`king_side`) or the queen's.
pub fn castle_key(seat: Seat, king_side: bool) -> u64 {
    let k = keys();
    if king_side {
        k.castle_king_side[seat.index()]
    } else {
        k.castle_queen_side[seat.index()]
    }
}

/// The key of `seat` being out of the game.
pub fn out_key(seat: Seat) -> u64 {
    keys().out[seat.index()]
}

/// The key of `seat`'s army standing frozen (Club).
pub fn frozen_key(seat: Seat) -> u64 {
    keys().frozen[seat.index()]
}

/// The key of `seat`'s pawn having just skipped `skipped` (en passant).
pub fn en_passant_key(seat: Seat, skipped: Square) -> u64 {
    keys().en_passant[seat.index() * 196 + skipped.index()]
}
