//! Zobrist keys for four-player positions: one random number per (owner, kind, square), per
//! seat to move, per castling right, per seat out or frozen, and per seat's en passant square. The board's
//! part is kept by `Position::put` and `remove`; the position folds in the rest (`Position::key`).

use super::board::{Owner, Piece, Seat, Square};

/// Mailbox squares (corners included), by which the square keys are numbered.
const MAILBOX: u64 = 196;
/// Owners (four seats and grey) × kinds × marks × squares.
const PIECE_KEYS: u64 = 5 * 6 * 3 * MAILBOX;
const SEED: u64 = 0x4650_4C41_5945_5253;
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The `n`th number (from 0) that splitmix64 draws from a fixed seed: the same keys in every
/// run and build. Its state after `n + 1` draws is the seed plus `n + 1` steps, so any draw is
/// worked out directly: a piece's key costs a few multiplications and no table (a table of
/// them would add 140 KB of random bytes, which no compression shrinks, to each download).
const fn draw(n: u64) -> u64 {
    let mut z = SEED.wrapping_add((n + 1).wrapping_mul(GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The draws in order: turn, king-side castling, queen-side castling, out and frozen (four
/// each, by seat), then the pieces, then en passant.
const TURN: u64 = 0;
const FLAGS: u64 = 4;
const PIECES: u64 = FLAGS + 16;
const EN_PASSANT: u64 = PIECES + PIECE_KEYS;

/// [seat][its flags: king-side castling 1, queen-side 2, out 4, frozen 8]: the flags' own
/// keys together, so a seat's flags cost one load.
static SEAT_FLAGS: [[u64; 16]; 4] = {
    let mut table = [[0; 16]; 4];
    let mut seat = 0;
    while seat < 4 {
        let mut flags = 0;
        while flags < 16 {
            let mut flag = 0;
            while flag < 4 {
                if flags & (1 << flag) != 0 {
                    table[seat][flags] ^= draw(FLAGS + 4 * flag as u64 + seat as u64);
                }
                flag += 1;
            }
            flags += 1;
        }
        seat += 1;
    }
    table
};

/// The key of one piece on one square.
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    let owner = match piece.owner {
        Owner::Seat(seat) => seat.index(),
        Owner::Grey => 4,
    };
    let mark = piece.mark as usize;
    let index = ((owner * 6 + piece.kind.index()) * 3 + mark) * MAILBOX as usize + square.index();
    draw(PIECES + index as u64)
}

/// The key of `seat` being the one to move.
pub fn turn_key(seat: Seat) -> u64 {
    draw(TURN + seat.index() as u64)
}

/// The key of `seat`'s castling rights (king's side, queen's side), being out of the game and
/// its army standing frozen (Club), together.
pub fn seat_flags_key(seat: Seat, castle_king_side: bool, castle_queen_side: bool, out: bool, frozen: bool) -> u64 {
    let flags = usize::from(castle_king_side)
        | usize::from(castle_queen_side) << 1
        | usize::from(out) << 2
        | usize::from(frozen) << 3;
    SEAT_FLAGS[seat.index()][flags]
}

/// The key of `seat`'s pawn having just skipped `skipped` (en passant).
pub fn en_passant_key(seat: Seat, skipped: Square) -> u64 {
    draw(EN_PASSANT + (seat.index() as u64) * MAILBOX + skipped.index() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A draw worked out directly is the draw splitmix64 makes in turn, and no two of the keys
    /// are the same.
    #[test]
    fn each_draw_is_the_generators_draw_in_turn_and_the_keys_differ() {
        let mut state = SEED;
        let mut seen = std::collections::HashSet::new();
        for n in 0..EN_PASSANT + 4 * MAILBOX {
            state = state.wrapping_add(GAMMA);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            assert_eq!(draw(n), z ^ (z >> 31), "draw {n}");
            assert!(seen.insert(draw(n)), "draw {n} repeats an earlier key");
        }
        assert_eq!(SEAT_FLAGS[2][0b1010], draw(FLAGS + 4 + 2) ^ draw(FLAGS + 12 + 2));
    }
}
