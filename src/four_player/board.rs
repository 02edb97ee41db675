//! The cross board: 14 files `a`–`n` and 14 ranks `1`–`14` without the four 3×3 corners, 160
//! squares; the four seats in turn order, and the pieces (a seat's, or grey once its army is out).

use std::fmt;

/// Files and ranks on a side of the board.
pub const SIZE: u8 = 14;
/// Squares on the board (196 less the four corners of 9).
pub const SQUARES: usize = 160;

/// A square of the cross board: `file + 14 · rank`, both from 0. Only the 160 squares off the
/// corners exist; `Square::new` refuses the others.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (0-based), if it is on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if on_board(file, rank) {
            Some(Square(file + SIZE * rank))
        } else {
            None
        }
    }

    /// The square whose mailbox index is `index`, if it is on the board.
    pub const fn at_index(index: usize) -> Option<Square> {
        if index < (SIZE as usize) * (SIZE as usize) {
            Square::new((index % SIZE as usize) as u8, (index / SIZE as usize) as u8)
        } else {
            None
        }
    }

    pub const fn file(self) -> u8 {
        FILES[self.0 as usize]
    }

    pub const fn rank(self) -> u8 {
        RANKS[self.0 as usize]
    }

    /// `file + 14 · rank`, 0..196 (a mailbox index; corners are never used).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 160 squares in `all`'s order, computed once.
    pub fn list() -> &'static [Square] {
        static LIST: std::sync::OnceLock<Vec<Square>> = std::sync::OnceLock::new();
        LIST.get_or_init(|| Square::all().collect())
    }

    /// Every square of the board, rank 1 first, file a first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|rank| (0..SIZE).filter_map(move |file| Square::new(file, rank)))
    }

    /// The square `(df, dr)` away, if it is on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if (0..SIZE as i8).contains(&file) && (0..SIZE as i8).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }
}

/// Each mailbox index's file and rank, read from a table (one load: the search asks at every
/// step of its line walks and pawn moves); 256 entries, so a `u8` index needs no bounds check.
const FILES: [u8; 256] = coordinates(false);
const RANKS: [u8; 256] = coordinates(true);

const fn coordinates(ranks: bool) -> [u8; 256] {
    let mut table = [0; 256];
    let mut index = 0;
    while index < 256 {
        table[index] = if ranks {
            index / SIZE as usize
        } else {
            index % SIZE as usize
        } as u8;
        index += 1;
    }
    table
}

/// Whether `(file, rank)` is one of the 160 squares (not in a 3×3 corner).
pub const fn on_board(file: u8, rank: u8) -> bool {
    file < SIZE && rank < SIZE && !(in_corner_band(file) && in_corner_band(rank))
}

/// The first or last three files (or ranks), where the corners are.
const fn in_corner_band(v: u8) -> bool {
    v < 3 || v > SIZE - 4
}

impl fmt::Display for Square {
    /// `h1`, `a7`, `n11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = String;

    /// `h1` … `n14`; a corner square (`a1`) is named as off the board.
    fn from_str(text: &str) -> Result<Square, String> {
        let mut chars = text.chars();
        let file = match chars.next() {
            Some(c @ 'a'..='n') => c as u8 - b'a',
            Some(c) => return Err(format!("'{text}': file '{c}' is not a to n")),
            None => return Err("an empty square name".into()),
        };
        let digits = chars.as_str();
        let rank: u8 = match digits.parse() {
            Ok(r) if (1..=SIZE).contains(&r) && !digits.starts_with('0') => r,
            _ => return Err(format!("'{text}': rank '{digits}' is not 1 to 14")),
        };
        Square::new(file, rank - 1).ok_or_else(|| format!("'{text}' is a corner square, off the board"))
    }
}

/// A set of squares, one bit per mailbox index (`file + 14 · rank`, 196 bits in four words; the
/// corners' bits stay clear). The mailbox index keeps a set's square the board's square with no
/// translation table; the fourth word costs one more `or` per operation than a packed 160.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    pub fn insert(&mut self, square: Square) {
        self.0[square.index() / 64] |= 1 << (square.index() % 64);
    }

    pub fn remove(&mut self, square: Square) {
        self.0[square.index() / 64] &= !(1 << (square.index() % 64));
    }

    pub fn contains(self, square: Square) -> bool {
        self.0[square.index() / 64] & (1 << (square.index() % 64)) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The squares in both sets.
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Whether every square of `self` is in `other`.
    pub fn is_subset(self, other: SquareSet) -> bool {
        (0..4).all(|i| self.0[i] & !other.0[i] == 0)
    }

    /// The squares of `self` not in `other`.
    pub fn without(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The squares in either set.
    pub fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The squares in one set but not both.
    pub fn symmetric_difference(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }

    /// Whether the sets share a square.
    pub fn meets(self, other: SquareSet) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The lowest square (mailbox order), if any.
    pub fn first(self) -> Option<Square> {
        (0..4)
            .find(|&i| self.0[i] != 0)
            .map(|i| Square(i as u8 * 64 + self.0[i].trailing_zeros() as u8))
    }

    /// The highest square (mailbox order), if any.
    pub fn last(self) -> Option<Square> {
        (0..4)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| Square(i as u8 * 64 + 63 - self.0[i].leading_zeros() as u8))
    }

    /// The squares in mailbox order (rank 1 first).
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter { words: self.0, word: 0 }
    }
}

/// A set's squares, lowest first (a plain loop over the words: the search walks armies at
/// every node).
pub struct SquareSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(Square(self.word as u8 * 64 + bits.trailing_zeros() as u8));
            }
            self.word += 1;
        }
        None
    }
}

/// The four players, in turn order (clockwise from the south).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Seat {
    Red,
    Blue,
    Yellow,
    Green,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Blue, Seat::Yellow, Seat::Green];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat opposite: partners in Teams and Club (Red + Yellow, Blue + Green).
    pub const fn partner(self) -> Seat {
        Seat::ALL[(self as usize + 2) % 4]
    }

    /// Who moves after this seat (before skipping anyone who is out).
    pub const fn next(self) -> Seat {
        Seat::ALL[(self as usize + 1) % 4]
    }

    /// `r`, `b`, `y`, `g` on the board in FEN4; upper case for the turn field.
    pub const fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Blue => 'b',
            Seat::Yellow => 'y',
            Seat::Green => 'g',
        }
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.letter() == c.to_ascii_lowercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::Red => "Red",
            Seat::Blue => "Blue",
            Seat::Yellow => "Yellow",
            Seat::Green => "Green",
        }
    }
}

/// The six kinds of chess men, the same in both games (and with the same letters).
pub use crate::fourfold::rules::PieceKind;

/// Whose a piece is: a live seat's, or grey (its army is out: it blocks and can be taken for 0).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Owner {
    Seat(Seat),
    Grey,
}

/// What sets a piece apart from others of its kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    Plain,
    /// FFA's promoted queen: moves as a queen, worth 1 point when captured (FEN4 letter `D`).
    OnePoint,
    /// Club: a pawn that reached its partner's back row and now moves as the partner's pawns.
    Turned,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub owner: Owner,
    pub kind: PieceKind,
    pub mark: Mark,
}

impl Piece {
    pub const fn new(seat: Seat, kind: PieceKind) -> Piece {
        Piece {
            owner: Owner::Seat(seat),
            kind,
            mark: Mark::Plain,
        }
    }

    pub const fn marked(self, mark: Mark) -> Piece {
        Piece { mark, ..self }
    }

    /// Whether this is `seat`'s piece of `kind` (whatever its mark).
    pub fn is(self, seat: Seat, kind: PieceKind) -> bool {
        self.owner == Owner::Seat(seat) && self.kind == kind
    }

    /// The live seat it belongs to, `None` when grey.
    pub const fn seat(self) -> Option<Seat> {
        match self.owner {
            Owner::Seat(seat) => Some(seat),
            Owner::Grey => None,
        }
    }

    /// Points for capturing it in FFA: grey pieces are worth nothing, a one-point queen 1.
    pub const fn capture_points(self) -> u32 {
        if matches!(self.owner, Owner::Grey) {
            return 0;
        }
        match (self.kind, self.mark) {
            (PieceKind::Queen, Mark::OnePoint) => 1,
            (PieceKind::Pawn, _) => 1,
            (PieceKind::Knight, _) => 3,
            (PieceKind::Bishop | PieceKind::Rook, _) => 5,
            (PieceKind::Queen, _) => 9,
            // Only under `capture-king`, where taking a king is worth 20.
            (PieceKind::King, _) => 20,
        }
    }

    /// FEN4's two letters: owner (`r b y g`, `d` for grey) and kind (`rK`, `dQ`; `rD` for a
    /// one-point queen).
    pub fn fen4(self) -> String {
        let owner = match self.owner {
            Owner::Seat(seat) => seat.letter(),
            Owner::Grey => 'd',
        };
        let kind = match self.mark {
            Mark::OnePoint => 'D',
            _ => self.kind.letter(),
        };
        format!("{owner}{kind}")
    }

    pub fn from_fen4(text: &str) -> Option<Piece> {
        let mut chars = text.chars();
        let (owner, kind, rest) = (chars.next()?, chars.next()?, chars.next());
        if rest.is_some() {
            return None;
        }
        let (kind, mark) = match kind {
            'D' => (PieceKind::Queen, Mark::OnePoint),
            other => (PieceKind::from_letter(other)?, Mark::Plain),
        };
        let owner = match owner {
            'd' => Owner::Grey,
            'r' | 'b' | 'y' | 'g' => Owner::Seat(Seat::from_letter(owner)?),
            _ => return None,
        };
        Some(Piece { owner, kind, mark })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_has_160_squares_and_no_corners() {
        assert_eq!(Square::all().count(), SQUARES);
        for name in ["a1", "c3", "l1", "n3", "a12", "c14", "l12", "n14"] {
            assert!(name.parse::<Square>().unwrap_err().contains("corner"), "{name}");
        }
        for name in ["d1", "h1", "k1", "a4", "a11", "n4", "n11", "d14", "k14", "g7"] {
            let square: Square = name.parse().unwrap();
            assert_eq!(square.to_string(), name);
        }
        assert!("o4".parse::<Square>().is_err() && "d15".parse::<Square>().is_err());
        assert!("d0".parse::<Square>().is_err() && "d01".parse::<Square>().is_err());
        let h1: Square = "h1".parse().unwrap();
        assert_eq!((h1.file(), h1.rank()), (7, 0));
        assert_eq!(h1.offset(-5, 0), None, "c1 is a corner");
        assert_eq!(h1.offset(0, 13).map(|s| s.to_string()), Some("h14".into()));
    }

    #[test]
    fn seats_take_turns_clockwise_and_partner_across() {
        assert_eq!(Seat::Red.next(), Seat::Blue);
        assert_eq!(Seat::Green.next(), Seat::Red);
        assert_eq!(Seat::Red.partner(), Seat::Yellow);
        assert_eq!(Seat::Blue.partner(), Seat::Green);
    }

    #[test]
    fn pieces_read_and_write_their_fen4_letters() {
        for text in ["rK", "bP", "yQ", "gN", "dQ", "dK", "rD", "dD"] {
            assert_eq!(Piece::from_fen4(text).unwrap().fen4(), text);
        }
        for text in ["xK", "rX", "r", "rKK", "RK"] {
            assert_eq!(Piece::from_fen4(text), None, "{text}");
        }
    }
}
