//! Zobrist keys for four-player positions: one random number per (owner, kind, square), per
//! seat to move, per castling right, per seat out or frozen, and per seat's en passant square. The board's
//! part is kept by `Position::put` and `remove`; the rest is folded in by `state_key`.

use std::sync::OnceLock;

use super::board::{Owner, Piece, Seat, Square};
use super::position::Position;

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

/// The key of everything but the pieces: the seat to move, rights, who is out, en passant.
pub fn state_key(pos: &Position) -> u64 {
    let k = keys();
    let mut key = k.turn[pos.turn.index()];
    for seat in Seat::ALL {
        let i = seat.index();
        if pos.castle_king_side[i] {
            key ^= k.castle_king_side[i];
        }
        if pos.castle_queen_side[i] {
            key ^= k.castle_queen_side[i];
        }
        if pos.out[i] {
            key ^= k.out[i];
        }
        if pos.frozen[i] {
            key ^= k.frozen[i];
        }
        if let Some((skipped, _)) = pos.en_passant[i] {
            key ^= k.en_passant[i * 196 + skipped.index()];
        }
    }
    key
}
