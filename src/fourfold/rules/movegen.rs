//! Legal move generation: check evasions and pins are handled up front, so every move produced
//! is legal without being played. No allocation: moves go into a fixed-size `MoveList`.

use super::position::Position;
use super::square::{Move, PieceKind, Square};
use super::tables::{TABLES, bishop_attacks, queen_attacks, rook_attacks};

/// A bound on the legal moves of any position, proved by the test below: a move goes from one
/// of the mover's k pieces to a square its kind reaches on the empty board (at most 38, a
/// queen's from the centre) that holds none of the mover's pieces (64 − k), so there are at
/// most max over k of k · min(38, 64 − k) = 32 · 32.
pub const MAX_MOVES: usize = 1024;

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

/// Where generated moves go: a list, or just their count (perft's last ply, mate tests).
pub trait MoveSink {
    /// One piece's moves from `from` to every square of `targets`.
    fn add(&mut self, from: Square, targets: u64);
}

/// Each move from `from` to a square of `targets`, lowest square first.
#[inline(always)]
fn each_move(from: Square, mut targets: u64, mut push: impl FnMut(Move)) {
    while targets != 0 {
        let to = Square::from_index_unchecked(targets.trailing_zeros() as u8);
        targets &= targets - 1;
        push(Move::new(from, to));
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn add(&mut self, from: Square, targets: u64) {
        each_move(from, targets, |mv| self.push(mv));
    }
}

/// A growable list: a search keeps one a ply and clears it, so no node fills a list of the
/// largest size.
impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, from: Square, targets: u64) {
        each_move(from, targets, |mv| self.push(mv));
    }
}

/// Looks for one move among those generated.
struct Finds {
    mv: Move,
    found: bool,
}

impl MoveSink for Finds {
    #[inline(always)]
    fn add(&mut self, from: Square, targets: u64) {
        self.found |= from == self.mv.from && targets & self.mv.to.bit() != 0;
    }
}

/// Counts moves without storing them.
struct MoveCount(usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn add(&mut self, _from: Square, targets: u64) {
        self.0 += targets.count_ones() as usize;
    }
}

#[inline(always)]
fn push_all(sink: &mut impl MoveSink, from: Square, targets: u64) {
    sink.add(from, targets);
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

    /// Whether `mv` is legal here (the search asks this of every table move: no list is built).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = Finds { mv, found: false };
        self.generate(&mut found, mv.from.bit());
        found.found
    }

    /// Generates the legal moves of the side to move's pieces that stand on `movers`.
    pub fn generate(&self, list: &mut impl MoveSink, movers: u64) {
        self.generate_kinds(list, movers, true);
    }

    /// Generates the legal captures and promotions only, in the order `generate` lists them
    /// (quiescence plays nothing else, and most of a 4D position's moves are quiet).
    pub fn generate_noisy(&self, list: &mut impl MoveSink) {
        self.generate_kinds(list, u64::MAX, false);
    }

    /// The legal moves of the pieces on `movers`: all of them, or without `quiets` only the
    /// captures and promotions.
    fn generate_kinds(&self, list: &mut impl MoveSink, movers: u64, quiets: bool) {
        let us = self.side_to_move();
        let them = us.opponent();
        let own = self.color_bits(us);
        let enemy = self.color_bits(them);
        let occupied = own | enemy;
        // Kings are never captured: their squares are never targets.
        let capturable = enemy & !self.kind_bits(PieceKind::King);
        let wanted = if quiets {
            Wanted::EVERY_SQUARE
        } else {
            Wanted {
                pieces: capturable,
                pawns: capturable | rank_squares(us.promotion_rank()),
            }
        };
        let Some(king) = self.king_square(us) else {
            self.generate_unchecked(list, movers, own, capturable, occupied, wanted);
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
                TABLES.king[king.index()] & !own & !danger & !self.kind_bits(PieceKind::King) & wanted.pieces,
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
            let mut targets =
                self.pseudo_targets(from, pawns, occupied, capturable) & target_mask & wanted.from(from, pawns);
            if pinned & from.bit() != 0 {
                targets &= TABLES.line[king.index()][from.index()];
            }
            push_all(list, from, targets);
        }
    }

    /// Counts the legal moves without storing them (perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut count = MoveCount(0);
        self.generate(&mut count, u64::MAX);
        count.0
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
    fn generate_unchecked(
        &self,
        list: &mut impl MoveSink,
        movers: u64,
        own: u64,
        capturable: u64,
        occupied: u64,
        wanted: Wanted,
    ) {
        let pawns = self.kind_bits(PieceKind::Pawn);
        let mut pieces = own & movers;
        while pieces != 0 {
            let from = Square::from_index_unchecked(pieces.trailing_zeros() as u8);
            pieces &= pieces - 1;
            let targets = self.pseudo_targets(from, pawns, occupied, capturable)
                & !own
                & (!occupied | capturable)
                & wanted.from(from, pawns);
            push_all(list, from, targets);
        }
    }
}

/// The squares to list moves to: every square, or only where a move is noisy (a capture, or a
/// pawn's step onto its last rank).
#[derive(Copy, Clone)]
struct Wanted {
    pieces: u64,
    pawns: u64,
}

impl Wanted {
    const EVERY_SQUARE: Wanted = Wanted {
        pieces: u64::MAX,
        pawns: u64::MAX,
    };

    /// For the piece on `from` (`pawns`: where the pawns stand).
    #[inline(always)]
    fn from(self, from: Square, pawns: u64) -> u64 {
        if pawns & from.bit() != 0 {
            self.pawns
        } else {
            self.pieces
        }
    }
}

/// The squares of rank `y` in every cube (squares are numbered x + 4y + 16z + 32w).
const fn rank_squares(y: u8) -> u64 {
    0x000F_000F_000F_000F << (4 * y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::rules::{Color, Piece};

    /// The captures and promotions of the full list, in its order.
    fn noisy_of_all(pos: &Position) -> Vec<Move> {
        let mut all = Vec::new();
        pos.generate(&mut all, u64::MAX);
        all.retain(|&mv| pos.is_capture(mv) || pos.is_promotion(mv));
        all
    }

    #[test]
    fn noisy_generation_and_is_legal_agree_with_the_full_list() {
        use crate::fourfold::rules::Setup;
        // Walks of 120 plies from both setups, each move chosen by a fixed stride (they reach
        // checks, pins, promotions and captures of every kind), and a kingless scene.
        let mut checked = [0usize; 3];
        for (setup, stride) in [(Setup::Classic, 7), (Setup::Full, 13), (Setup::Classic, 29)] {
            let mut pos = setup.position();
            for ply in 0..120 {
                let mut noisy = Vec::new();
                pos.generate_noisy(&mut noisy);
                assert_eq!(noisy, noisy_of_all(&pos), "{setup:?} ply {ply}: {}", pos.to_fen());
                checked[0] += noisy.iter().filter(|&&mv| pos.is_capture(mv)).count();
                checked[1] += noisy.iter().filter(|&&mv| pos.is_promotion(mv)).count();
                checked[2] += usize::from(pos.in_check());
                let moves = pos.legal_moves();
                if ply % 10 == 0 {
                    // `is_legal` agrees with the list for every from-to pair.
                    for from in Square::all() {
                        for to in Square::all() {
                            let mv = Move::new(from, to);
                            assert_eq!(pos.is_legal(mv), moves.contains(mv), "{mv:?} in {}", pos.to_fen());
                        }
                    }
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[(ply * stride) % moves.len()];
                pos.make(mv);
            }
        }
        assert!(
            checked.iter().all(|&n| n > 0),
            "captures, promotions, checks: {checked:?}"
        );
        // No kings: a pawn one step from promotion, a rook that can take on its file.
        let mut scene = Position::empty();
        let square = |name: &str| name.parse::<Square>().unwrap();
        scene.put(square("b3@00"), Piece::new(Color::White, PieceKind::Pawn));
        scene.put(square("a1@00"), Piece::new(Color::White, PieceKind::Rook));
        scene.put(square("a4@00"), Piece::new(Color::Black, PieceKind::Knight));
        let mut noisy = Vec::new();
        scene.generate_noisy(&mut noisy);
        assert_eq!(noisy, noisy_of_all(&scene));
        let promotion = Move::new(square("b3@00"), square("b4@00"));
        let capture = Move::new(square("a1@00"), square("a4@00"));
        assert!(noisy.contains(&promotion) && noisy.contains(&capture), "{noisy:?}");
        assert!(
            !noisy.contains(&Move::new(square("a1@00"), square("a2@00"))),
            "a quiet rook move"
        );
    }

    #[test]
    fn no_position_can_have_more_moves_than_the_list_holds() {
        // The most targets any piece has on the empty board, pushes included (blockers only
        // take targets away): every kind, colour and square.
        let mut widest = 0;
        for kind in PieceKind::ALL {
            for color in Color::ALL {
                for from in Square::all() {
                    let mut targets = Position::piece_attacks(Piece::new(color, kind), from, 0);
                    if kind == PieceKind::Pawn {
                        targets |= TABLES.pawn_push[color.index()][from.index()];
                    }
                    widest = widest.max(targets.count_ones() as usize);
                }
            }
        }
        assert_eq!(widest, 38, "a queen from a central square");
        // k own pieces (the enemy king takes one square), each with at most `widest` targets,
        // none of them on the k own squares.
        let bound = (1..=63).map(|k| k * widest.min(64 - k)).max().unwrap();
        assert_eq!(bound, MAX_MOVES);
        // And a crowded position fits: 25 queens where they reach most.
        let mut pos = Position::empty();
        let mut squares: Vec<Square> = Square::all().collect();
        let reach = |s: &Square| queen_attacks(*s, 0).count_ones();
        squares.sort_by_key(|s| std::cmp::Reverse(reach(s)));
        pos.put(squares[63], Piece::new(Color::Black, PieceKind::King));
        pos.put(squares[62], Piece::new(Color::White, PieceKind::King));
        for &s in &squares[..25] {
            pos.put(s, Piece::new(Color::White, PieceKind::Queen));
        }
        assert!(pos.legal_moves().len() <= MAX_MOVES);
    }
}
