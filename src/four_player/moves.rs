//! Moves of four-player chess and the board geometry they need: where each seat's pawns go,
//! its back row and corner rooks, and per-square step tables (no off-board tests in the loops).

use std::sync::OnceLock;

use super::board::{PieceKind, SIZE, Seat, Square, SquareSet};

/// What a move does besides carrying a piece from one square to another.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-step from its starting rank or file.
    DoubleStep,
    /// A pawn captures the pawn that just double-stepped past `to`.
    EnPassant,
    /// Castling: the king moves two squares towards the rook.
    CastleKingSide,
    CastleQueenSide,
    Promotion(PieceKind),
    /// Club: a pawn leaps its partner's pawn standing directly in front of it.
    Leap,
}

impl MoveKind {
    /// Whether such a move changes no square but the two it names: not castling (a rook moves
    /// too) and not en passant (the taken pawn's square empties).
    pub const fn changes_only_its_squares(self) -> bool {
        !matches!(
            self,
            MoveKind::CastleKingSide | MoveKind::CastleQueenSide | MoveKind::EnPassant
        )
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

/// Kinds of move in the order the table packs them (promotions after, by piece).
const PACKED_KINDS: [MoveKind; 6] = [
    MoveKind::Normal,
    MoveKind::DoubleStep,
    MoveKind::EnPassant,
    MoveKind::CastleKingSide,
    MoveKind::CastleQueenSide,
    MoveKind::Leap,
];

/// In the table: from and to (mailbox indices, 8 bits each), then the kind (4 bits).
impl crate::engine::tt::TableMove for Move {
    fn pack(self) -> u32 {
        let kind = match self.kind {
            MoveKind::Promotion(piece) => PACKED_KINDS.len() + piece.index(),
            kind => PACKED_KINDS.iter().position(|&k| k == kind).unwrap_or(0),
        };
        self.from.index() as u32 | (self.to.index() as u32) << 8 | (kind as u32) << 16
    }

    fn unpack(bits: u32) -> Option<Move> {
        let square = |index: u32| Square::at_index(index as usize & 0xff);
        let kind = (bits >> 16) as usize;
        let kind = match PACKED_KINDS.get(kind) {
            Some(&k) => k,
            None => MoveKind::Promotion(*crate::engine::piece::PieceKind::ALL.get(kind - PACKED_KINDS.len())?),
        };
        Some(Move::new(square(bits)?, square(bits >> 8)?, kind))
    }
}

impl Move {
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }
}

/// The eight directions as (file, rank) steps: four straight, then four diagonal.
pub const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A seat's geometry: which way its pawns go and where its army starts.
impl Seat {
    /// A pawn's forward step (file, rank): Red up the ranks, Blue up the files, Yellow down the
    /// ranks, Green down the files.
    pub const fn forward(self) -> (i8, i8) {
        match self {
            Seat::Red => (0, 1),
            Seat::Blue => (1, 0),
            Seat::Yellow => (0, -1),
            Seat::Green => (-1, 0),
        }
    }

    /// Where this seat's pawns step, as `DIRECTIONS` indices: forward, and the two captures
    /// (towards file a or rank 1 first), so the generator walks the step tables.
    pub const fn pawn_steps(self) -> (usize, [usize; 2]) {
        match self {
            Seat::Red => (2, [6, 4]),
            Seat::Blue => (0, [5, 4]),
            Seat::Yellow => (3, [7, 5]),
            Seat::Green => (1, [7, 6]),
        }
    }

    /// How far forward a square is from this seat's back edge (0 on its back row).
    pub const fn progress(self, square: Square) -> u8 {
        match self {
            Seat::Red => square.rank(),
            Seat::Blue => square.file(),
            Seat::Yellow => SIZE - 1 - square.rank(),
            Seat::Green => SIZE - 1 - square.file(),
        }
    }

    /// The square on this seat's back row (`progress` 0) at `along` (0..14 along the row).
    fn back_row(self, along: u8) -> Option<Square> {
        match self {
            Seat::Red => Square::new(along, 0),
            Seat::Blue => Square::new(0, along),
            Seat::Yellow => Square::new(along, SIZE - 1),
            Seat::Green => Square::new(SIZE - 1, along),
        }
    }

    /// The eight squares this seat's pieces start on (d–k, or 4–11, of its back row).
    pub fn home_row(self) -> [Square; 8] {
        std::array::from_fn(|i| self.back_row(3 + i as u8).expect("on the board"))
    }

    /// Whether `square` is on this seat's home row: the back row's squares on the board are
    /// exactly the eight its pieces start on (the rest of the row lies in the corners).
    pub const fn on_home_row(self, square: Square) -> bool {
        self.progress(square) == 0
    }

    /// The two corner rooks' squares of this seat's back row (d and k, or 4 and 11).
    pub fn rook_corners(self) -> [Square; 2] {
        [3, 10].map(|along| self.back_row(along).expect("on the board"))
    }
}

/// Step tables: `step[d][s]` is the square one step in direction `d` from `s`, `knight[s]` the
/// knight's squares, `king[s]` the king's; `ray[d][s]` every square from `s` in direction `d`
/// to the board's edge (or a corner), and `ray_len[d][s]` how many.
pub struct Tables {
    pub step: [[Option<Square>; 196]; 8],
    pub knight: Vec<Vec<Square>>,
    pub king: Vec<Vec<Square>>,
    pub knight_set: Vec<SquareSet>,
    pub ray: Vec<[SquareSet; 196]>,
    pub ray_len: [[u8; 196]; 8],
    /// `open_reach[s][kind]`: the squares a knight, bishop, rook, queen or king (by
    /// `PieceKind::index`) on `s` reaches on an empty board; a pawn's is left empty. A piece
    /// with no other army's piece in its open reach has nothing to take.
    pub open_reach: Vec<[SquareSet; 6]>,
    /// `line_set[s]`: `s` and the squares on its file, rank and diagonals.
    pub line_set: Vec<SquareSet>,
    /// `reach_set[s]`: `line_set[s]` and the knight's squares: where a piece could stand to
    /// attack `s`, or a change could touch the attacks on it.
    pub reach_set: Vec<SquareSet>,
}

/// The index in `DIRECTIONS` of the direction from `from` towards `to`, when they share a file,
/// rank or diagonal (and differ).
pub fn direction_towards(from: Square, to: Square) -> Option<usize> {
    let (df, dr) = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    let step = (df.signum(), dr.signum());
    DIRECTIONS.iter().position(|&d| d == step)
}

/// Whether direction `d` of `DIRECTIONS` goes up the mailbox (`+1`, `+14`, `+15`, `+13`): the
/// first piece on such a ray is its lowest square, on the others its highest.
pub const fn ascending(d: usize) -> bool {
    d.is_multiple_of(2)
}

impl Tables {
    /// The first occupied square of `occupied` on the ray from `from` in direction `d`.
    pub fn first_on_ray(&self, d: usize, from: Square, occupied: SquareSet) -> Option<Square> {
        let blockers = self.ray[d][from.index()].intersection(occupied);
        if ascending(d) {
            blockers.first()
        } else {
            blockers.last()
        }
    }
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Tables {
            step: [[None; 196]; 8],
            knight: vec![Vec::new(); 196],
            king: vec![Vec::new(); 196],
            knight_set: vec![SquareSet::EMPTY; 196],
            ray: vec![[SquareSet::EMPTY; 196]; 8],
            ray_len: [[0; 196]; 8],
            open_reach: vec![[SquareSet::EMPTY; 6]; 196],
            line_set: vec![SquareSet::EMPTY; 196],
            reach_set: vec![SquareSet::EMPTY; 196],
        };
        for s in Square::all() {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                t.step[d][s.index()] = s.offset(df, dr);
                t.king[s.index()].extend(s.offset(df, dr));
            }
            t.knight[s.index()] = KNIGHT.iter().filter_map(|&(df, dr)| s.offset(df, dr)).collect();
            for &to in &t.knight[s.index()] {
                t.knight_set[s.index()].insert(to);
            }
        }
        for s in Square::all() {
            for d in 0..8 {
                let mut at = t.step[d][s.index()];
                while let Some(to) = at {
                    t.ray[d][s.index()].insert(to);
                    t.ray_len[d][s.index()] += 1;
                    at = t.step[d][to.index()];
                }
            }
            let rays = |ds: std::ops::Range<usize>| ds.fold(SquareSet::EMPTY, |set, d| set.union(t.ray[d][s.index()]));
            let mut reach = [SquareSet::EMPTY; 6];
            reach[PieceKind::Knight.index()] = t.knight_set[s.index()];
            reach[PieceKind::Bishop.index()] = rays(4..8);
            reach[PieceKind::Rook.index()] = rays(0..4);
            reach[PieceKind::Queen.index()] = rays(0..8);
            for &to in &t.king[s.index()] {
                reach[PieceKind::King.index()].insert(to);
            }
            t.open_reach[s.index()] = reach;
            let mut lines = rays(0..8);
            lines.insert(s);
            t.line_set[s.index()] = lines;
            t.reach_set[s.index()] = lines.union(t.knight_set[s.index()]);
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and reach sets hold exactly the squares on a file, rank or diagonal of a square
    /// (itself included) that no corner cuts off, and those a knight's jump away besides.
    #[test]
    fn the_line_and_reach_sets_follow_the_geometry() {
        let t = tables();
        for a in Square::all() {
            for b in Square::all() {
                let (df, dr) = (b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8);
                let straight_or_diagonal = df == 0 || dr == 0 || df.abs() == dr.abs();
                let steps = df.abs().max(dr.abs());
                let on_a_line =
                    straight_or_diagonal && (1..steps).all(|i| a.offset(df.signum() * i, dr.signum() * i).is_some());
                let knights_jump = matches!((df.abs(), dr.abs()), (1, 2) | (2, 1));
                assert_eq!(t.line_set[a.index()].contains(b), on_a_line, "{a} {b}");
                assert_eq!(t.reach_set[a.index()].contains(b), on_a_line || knights_jump, "{a} {b}");
            }
        }
    }

    #[test]
    fn the_home_row_is_the_back_rows_squares_on_the_board() {
        for seat in Seat::ALL {
            let row = seat.home_row();
            for square in Square::all() {
                assert_eq!(seat.on_home_row(square), row.contains(&square), "{seat:?} {square}");
            }
        }
    }

    #[test]
    fn a_pawns_steps_are_forward_and_forward_to_either_side() {
        for seat in Seat::ALL {
            let (ff, fr) = seat.forward();
            let (forward, captures) = seat.pawn_steps();
            assert_eq!(DIRECTIONS[forward], (ff, fr), "{seat:?}");
            let sides = if ff == 0 {
                [(-1, fr), (1, fr)]
            } else {
                [(ff, -1), (ff, 1)]
            };
            assert_eq!(captures.map(|d| DIRECTIONS[d]), sides, "{seat:?}");
        }
    }

    #[test]
    fn each_seat_starts_on_its_own_edge() {
        let h1: Square = "h1".parse().unwrap();
        assert_eq!(Seat::Red.progress(h1), 0);
        assert_eq!(Seat::Yellow.progress(h1), 13);
        assert_eq!(
            Seat::Blue.rook_corners().map(|s| s.to_string()),
            ["a4".to_string(), "a11".to_string()]
        );
        assert_eq!(
            Seat::Green.rook_corners().map(|s| s.to_string()),
            ["n4".to_string(), "n11".to_string()]
        );
        let t = tables();
        assert_eq!(
            t.knight["h1".parse::<Square>().unwrap().index()].len(),
            4,
            "g3 f2 j2 i3"
        );
        assert_eq!(
            t.king["d1".parse::<Square>().unwrap().index()].len(),
            3,
            "c1 and c2 are corners"
        );
    }
}
