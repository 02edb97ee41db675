//! Legal move generation: check evasions and pins are handled up front, so every move produced
//! is legal without being played. No allocation: moves go into a fixed-size `MoveList`.

use super::position::Position;
use super::square::{Move, PieceKind, Square};
use super::tables::{TABLES, bishop_attacks, queen_attacks, rook_attacks};

/// The most legal moves a position can have: 15 queens from the centre (38 each) and a king (35)
/// stay below this.
pub const MAX_MOVES: usize = 640;

/// A fixed-capacity list of moves that lives on the stack.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        let filler = Move::new(Square::from_index_unchecked(0), Square::from_index_unchecked(0));
        MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Exchanges two entries (move ordering sorts in place).
    pub fn swap(&mut self, a: usize, b: usize) {
        self.moves[..self.len].swap(a, b);
    }

    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[inline(always)]
fn push_all(list: &mut MoveList, from: Square, mut targets: u64) {
    while targets != 0 {
        let to = Square::from_index_unchecked(targets.trailing_zeros() as u8);
        targets &= targets - 1;
        list.push(Move::new(from, to));
    }
}

impl Position {
    /// All legal moves of the side to move. A side without a king (reach scenes) gets the
    /// geometric moves of its pieces with no check rules.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, u64::MAX);
        list
    }

    /// Legal moves of the piece on `from` (empty if it is not the side to move's piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, from.bit());
        list
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves_from(mv.from).contains(mv)
    }

    /// Generates the legal moves of the side to move's pieces that stand on `movers`.
    pub fn generate(&self, list: &mut MoveList, movers: u64) {
        let us = self.side_to_move();
        let them = us.opponent();
        let own = self.color_bits(us);
        let enemy = self.color_bits(them);
        let occupied = own | enemy;
        // Kings are never captured: their squares are never targets.
        let capturable = enemy & !self.kind_bits(PieceKind::King);
        let Some(king) = self.king_square(us) else {
            self.generate_unchecked(list, movers, own, capturable, occupied);
            return;
        };

        let checkers = self.attackers_with(king, them, occupied).0;
        if movers & king.bit() != 0 {
            // The king may not step onto any attacked square; attacks are computed with the king
            // lifted, so a slider's ray through the king's square still counts.
            let danger = self.attack_map(them, occupied & !king.bit());
            push_all(
                list,
                king,
                TABLES.king[king.index()] & !own & !danger & !self.kind_bits(PieceKind::King),
            );
        }
        if checkers.count_ones() > 1 {
            return;
        }
        // Under a single check a move must capture the checker or step between (planar slides only).
        let evasion = if checkers == 0 {
            u64::MAX
        } else {
            let checker = checkers.trailing_zeros() as usize;
            checkers | TABLES.between[king.index()][checker]
        };
        let pinned = self.pinned(king, own, occupied);
        let target_mask = evasion & (!own) & (!enemy | capturable);

        let pawns = self.kind_bits(PieceKind::Pawn);
        let mut pieces = own & movers & !king.bit();
        while pieces != 0 {
            let from = Square::from_index_unchecked(pieces.trailing_zeros() as u8);
            pieces &= pieces - 1;
            let mut targets = self.pseudo_targets(from, pawns, occupied, capturable) & target_mask;
            if pinned & from.bit() != 0 {
                targets &= TABLES.line[king.index()][from.index()];
            }
            push_all(list, from, targets);
        }
    }

    /// Counts the legal moves without storing them (perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(&mut list, u64::MAX);
        list.len()
    }

    /// Where the piece on `from` could go ignoring check and its own pieces: a pawn's push onto
    /// an empty square and its captures of `capturable`, or another piece's attacked squares.
    #[inline(always)]
    fn pseudo_targets(&self, from: Square, pawns: u64, occupied: u64, capturable: u64) -> u64 {
        let f = from.index();
        if pawns & from.bit() != 0 {
            let us = self.side_to_move().index();
            return (TABLES.pawn_push[us][f] & !occupied) | (TABLES.pawn_attacks[us][f] & capturable);
        }
        match self.piece_at(from).map(|p| p.kind) {
            Some(PieceKind::Knight) => TABLES.knight[f],
            Some(PieceKind::Bishop) => bishop_attacks(from, occupied),
            Some(PieceKind::Rook) => rook_attacks(from, occupied),
            Some(PieceKind::Queen) => queen_attacks(from, occupied),
            Some(PieceKind::King) => TABLES.king[f],
            Some(PieceKind::Pawn) | None => 0,
        }
    }

    /// Own pieces that stand alone between the king and an enemy slider on a planar line.
    /// Lines that leave the board are one step long, so only planar lines can pin.
    fn pinned(&self, king: Square, own: u64, occupied: u64) -> u64 {
        let them = self.side_to_move().opponent();
        let queens = self.kind_bits(PieceKind::Queen);
        let theirs = self.color_bits(them);
        let k = king.index();
        let mut snipers = (TABLES.rook_planar[k] & theirs & (self.kind_bits(PieceKind::Rook) | queens))
            | (TABLES.bishop_planar[k] & theirs & (self.kind_bits(PieceKind::Bishop) | queens));
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let blockers = TABLES.between[k][s] & occupied;
            if blockers.count_ones() == 1 && blockers & own != 0 {
                pinned |= blockers;
            }
        }
        pinned
    }

    /// Geometric moves for a side with no king: nothing to keep safe.
    fn generate_unchecked(&self, list: &mut MoveList, movers: u64, own: u64, capturable: u64, occupied: u64) {
        let pawns = self.kind_bits(PieceKind::Pawn);
        let mut pieces = own & movers;
        while pieces != 0 {
            let from = Square::from_index_unchecked(pieces.trailing_zeros() as u8);
            pieces &= pieces - 1;
            let targets = self.pseudo_targets(from, pawns, occupied, capturable) & !own & (!occupied | capturable);
            push_all(list, from, targets);
        }
    }
}
