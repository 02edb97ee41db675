//! Zobrist keys: a random 64-bit number per (piece, square) and one for the side to move. The
//! key of a position is the XOR of the numbers of what is on it, updated move by move.

use super::square::{Color, Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    black_to_move: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        black_to_move: 0,
    };
    // A fixed seed: keys must be the same in every build so hashes are reproducible.
    let mut state = 0x5445_5353_4552_4143; // "TESSERAC"
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (next, value) = splitmix64(state);
            state = next;
            keys.pieces[p][s] = value;
            s += 1;
        }
        p += 1;
    }
    let (_, value) = splitmix64(state);
    keys.black_to_move = value;
    keys
}

static KEYS: Keys = build();

#[inline(always)]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS.pieces[piece.color.index() * 6 + piece.kind.index()][square.index()]
}

#[inline(always)]
pub fn side_key(side: Color) -> u64 {
    match side {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}
