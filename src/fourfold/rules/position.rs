//! The position: where the pieces stand, who moves, the clocks and the Zobrist key.
//! Make and unmake keep every part (bitboards, mailbox, key) in step.

use super::bitboard::Bitboard;
use super::square::{Color, Move, Piece, PieceKind, Square};
use super::tables::{TABLES, bishop_attacks, queen_attacks, rook_attacks};
use super::zobrist::{piece_key, side_key};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    by_kind: [u64; 6],
    by_color: [u64; 2],
    board: [Option<Piece>; 64],
    side: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
    key: u64,
}

/// What `make` changed that the move itself does not tell: enough for `unmake` to restore it.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    pub captured: Option<Piece>,
    pub promoted: bool,
    halfmove_clock: u32,
    key: u64,
}

impl Position {
    /// An empty board, White to move, clocks at their start. Used by the FEN4D parser and by
    /// the reach explorer, which places lone pieces.
    pub fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            board: [None; 64],
            side: Color::White,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
        }
    }

    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board[s.index()]
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key of the placement and the side to move.
    pub fn key(&self) -> u64 {
        self.key
    }

    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0] | self.by_color[1])
    }

    pub fn pieces_of(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()])
    }

    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        Bitboard(self.by_color[color.index()] & self.by_kind[kind.index()])
    }

    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.pieces(color, PieceKind::King).first()
    }

    /// Every piece on the board, in square order.
    pub fn placements(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(|s| (s, self.board[s.index()].expect("bitboards and mailbox agree")))
    }

    pub(crate) fn set_side_to_move(&mut self, side: Color) {
        self.key ^= side_key(self.side) ^ side_key(side);
        self.side = side;
    }

    pub(crate) fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// Puts `piece` on `s`, replacing whatever was there.
    pub fn put(&mut self, s: Square, piece: Piece) {
        self.remove(s);
        self.add_piece(s, piece);
    }

    /// Empties `s`; returns what stood there.
    pub fn remove(&mut self, s: Square) -> Option<Piece> {
        let old = self.board[s.index()];
        if let Some(p) = old {
            self.remove_piece(s, p);
        }
        old
    }

    #[inline(always)]
    fn add_piece(&mut self, s: Square, p: Piece) {
        self.board[s.index()] = Some(p);
        self.by_kind[p.kind.index()] |= s.bit();
        self.by_color[p.color.index()] |= s.bit();
        self.key ^= piece_key(p, s);
    }

    #[inline(always)]
    fn remove_piece(&mut self, s: Square, p: Piece) {
        self.board[s.index()] = None;
        self.by_kind[p.kind.index()] &= !s.bit();
        self.by_color[p.color.index()] &= !s.bit();
        self.key ^= piece_key(p, s);
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn compute_key(&self) -> u64 {
        self.placements()
            .fold(side_key(self.side), |k, (s, p)| k ^ piece_key(p, s))
    }

    /// Whether `mv` is a pawn move onto its last rank (it then becomes a queen).
    pub fn is_promotion(&self, mv: Move) -> bool {
        matches!(self.board[mv.from.index()], Some(p) if p.kind == PieceKind::Pawn && mv.to.y() == p.color.promotion_rank())
    }

    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to.index()].is_some()
    }

    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let moving = self.board[mv.from.index()].expect("make: no piece on the from-square");
        let captured = self.board[mv.to.index()];
        let undo = Undo {
            captured,
            promoted: false,
            halfmove_clock: self.halfmove_clock,
            key: self.key,
        };
        if let Some(c) = captured {
            self.remove_piece(mv.to, c);
        }
        self.remove_piece(mv.from, moving);
        let promoted = moving.kind == PieceKind::Pawn && mv.to.y() == moving.color.promotion_rank();
        let landing = if promoted {
            Piece::new(moving.color, PieceKind::Queen)
        } else {
            moving
        };
        self.add_piece(mv.to, landing);
        self.halfmove_clock = if moving.kind == PieceKind::Pawn || captured.is_some() {
            0
        } else {
            self.halfmove_clock + 1
        };
        if self.side == Color::Black {
            self.fullmove_number += 1;
        }
        self.set_side_to_move(self.side.opponent());
        Undo { promoted, ..undo }
    }

    /// Takes back `mv`, which must be the last move made, with the `Undo` that `make` returned.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let side = self.side.opponent();
        let landed = self.board[mv.to.index()].expect("unmake: no piece on the to-square");
        self.board[mv.to.index()] = None;
        self.by_kind[landed.kind.index()] &= !mv.to.bit();
        self.by_color[landed.color.index()] &= !mv.to.bit();
        let original = if undo.promoted {
            Piece::new(side, PieceKind::Pawn)
        } else {
            landed
        };
        self.board[mv.from.index()] = Some(original);
        self.by_kind[original.kind.index()] |= mv.from.bit();
        self.by_color[original.color.index()] |= mv.from.bit();
        if let Some(c) = undo.captured {
            self.board[mv.to.index()] = Some(c);
            self.by_kind[c.kind.index()] |= mv.to.bit();
            self.by_color[c.color.index()] |= mv.to.bit();
        }
        if side == Color::Black {
            self.fullmove_number -= 1;
        }
        self.side = side;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }

    /// Passes the move (for the search's null-move pruning; never part of a game). The
    /// halfmove clock is zeroed so no repetition is counted across the pass; returns the clock
    /// for `unmake_null`.
    pub fn make_null(&mut self) -> u32 {
        let clock = self.halfmove_clock;
        self.halfmove_clock = 0;
        self.set_side_to_move(self.side.opponent());
        clock
    }

    pub fn unmake_null(&mut self, clock: u32) {
        self.set_side_to_move(self.side.opponent());
        self.halfmove_clock = clock;
    }

    /// Pieces of `by` that attack `target` with the board occupied as `occupied`.
    #[inline]
    pub fn attackers_with(&self, target: Square, by: Color, occupied: u64) -> Bitboard {
        let theirs = self.by_color[by.index()];
        let t = target.index();
        let kind = |k: PieceKind| self.by_kind[k.index()] & theirs;
        let queens = kind(PieceKind::Queen);
        let straight = kind(PieceKind::Rook) | queens;
        let diagonal = kind(PieceKind::Bishop) | queens;
        let mut attackers = (TABLES.knight[t] & kind(PieceKind::Knight))
            | (TABLES.king[t] & kind(PieceKind::King))
            // A pawn of `by` attacks t from the squares a pawn of the other colour on t would capture on.
            | (TABLES.pawn_attacks[by.opponent().index()][t] & kind(PieceKind::Pawn))
            | (TABLES.queen_only_steps[t] & queens);
        if straight != 0 {
            attackers |= rook_attacks(target, occupied) & straight;
        }
        if diagonal != 0 {
            attackers |= bishop_attacks(target, occupied) & diagonal;
        }
        Bitboard(attackers)
    }

    /// Pieces of `by` that attack `target` on the current board.
    pub fn attackers(&self, target: Square, by: Color) -> Bitboard {
        self.attackers_with(target, by, self.occupied().0)
    }

    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        !self.attackers(target, by).is_empty()
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers(k, self.side.opponent()),
            None => Bitboard::EMPTY,
        }
    }

    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Whether `mv` (legal) would check the opponent's king, worked out without playing it: the
    /// moved piece (a queen if it promotes) from where it lands, or another of the mover's pieces
    /// whose line the move opens.
    pub fn gives_check(&self, mv: Move) -> bool {
        let (Some(moving), Some(king)) = (self.board[mv.from.index()], self.king_square(self.side.opponent())) else {
            return false;
        };
        let landing = if self.is_promotion(mv) {
            Piece::new(moving.color, PieceKind::Queen)
        } else {
            moving
        };
        let occupied = (self.occupied().0 & !mv.from.bit()) | mv.to.bit();
        if Position::piece_attacks(landing, mv.to, occupied) & king.bit() != 0 {
            return true;
        }
        let others = self.by_color[self.side.index()] & !mv.from.bit();
        self.attackers_with(king, self.side, occupied).0 & others != 0
    }

    /// Whether `color`'s king is attacked (false when it has no king, as in reach scenes).
    pub fn king_attacked(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.is_attacked(k, color.opponent()))
    }

    /// The squares a piece on `from` attacks (captures on) with the given occupancy: the
    /// geometric reach, ignoring whose pieces stand where, check and kings.
    #[inline]
    pub fn piece_attacks(piece: Piece, from: Square, occupied: u64) -> u64 {
        let f = from.index();
        match piece.kind {
            PieceKind::Pawn => TABLES.pawn_attacks[piece.color.index()][f],
            PieceKind::Knight => TABLES.knight[f],
            PieceKind::Bishop => bishop_attacks(from, occupied),
            PieceKind::Rook => rook_attacks(from, occupied),
            PieceKind::Queen => queen_attacks(from, occupied),
            PieceKind::King => TABLES.king[f],
        }
    }

    /// Every square attacked by `by`, computed with `occupied` as the occupancy.
    pub fn attack_map(&self, by: Color, occupied: u64) -> u64 {
        let mut map = 0;
        for s in self.pieces_of(by) {
            let p = self.board[s.index()].expect("bitboards and mailbox agree");
            map |= Position::piece_attacks(p, s, occupied);
        }
        map
    }

    /// Number of pieces on the board, kings included.
    pub fn piece_count(&self) -> u32 {
        self.occupied().count()
    }

    /// Whether only the two kings are left (a draw).
    pub fn has_only_kings(&self) -> bool {
        (self.by_color[0] | self.by_color[1]) == self.by_kind[PieceKind::King.index()]
    }

    pub(crate) fn kind_bits(&self, kind: PieceKind) -> u64 {
        self.by_kind[kind.index()]
    }

    pub(crate) fn color_bits(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }
}
