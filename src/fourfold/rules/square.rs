//! Squares, colours and pieces: the small value types everything else is built from.

use std::fmt;

/// One of the 64 cells, stored as its index `x + 4y + 16z + 32w`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

/// The four axes of the board, in index order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Axis {
    X,
    Y,
    Z,
    W,
}

impl Axis {
    pub const ALL: [Axis; 4] = [Axis::X, Axis::Y, Axis::Z, Axis::W];

    pub const fn letter(self) -> char {
        match self {
            Axis::X => 'X',
            Axis::Y => 'Y',
            Axis::Z => 'Z',
            Axis::W => 'W',
        }
    }
}

impl Square {
    pub const COUNT: usize = 64;

    /// The square at `index`, if it is below 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// Callers guarantee `index < 64` (bit positions of a `u64`).
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square with these coordinates, if each is on the board (x, y in 0..4; z, w in 0..2).
    pub const fn new(x: u8, y: u8, z: u8, w: u8) -> Option<Square> {
        if x < 4 && y < 4 && z < 2 && w < 2 {
            Some(Square(x + 4 * y + 16 * z + 32 * w))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn x(self) -> u8 {
        self.0 & 3
    }

    pub const fn y(self) -> u8 {
        (self.0 >> 2) & 3
    }

    pub const fn z(self) -> u8 {
        (self.0 >> 4) & 1
    }

    pub const fn w(self) -> u8 {
        (self.0 >> 5) & 1
    }

    pub const fn coords(self) -> [u8; 4] {
        [self.x(), self.y(), self.z(), self.w()]
    }

    pub const fn coord(self, axis: Axis) -> u8 {
        self.coords()[axis as usize]
    }

    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The square reached by adding `delta` (dx, dy, dz, dw), if it is on the board.
    pub const fn offset(self, delta: [i8; 4]) -> Option<Square> {
        let c = self.coords();
        let x = c[0] as i8 + delta[0];
        let y = c[1] as i8 + delta[1];
        let z = c[2] as i8 + delta[2];
        let w = c[3] as i8 + delta[3];
        if x < 0 || y < 0 || z < 0 || w < 0 {
            return None;
        }
        Square::new(x as u8, y as u8, z as u8, w as u8)
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// The record form `a1@01` (file, rank, then Z and W digits).
    pub fn record(self) -> String {
        format!("{}{}@{}{}", self.file_char(), self.rank_char(), self.z(), self.w())
    }

    pub const fn file_char(self) -> char {
        (b'a' + self.x()) as char
    }

    pub const fn rank_char(self) -> char {
        (b'1' + self.y()) as char
    }

    /// Parses `a1@01` or `a1[0,1]` at the start of `text`; returns the square and the bytes used.
    pub fn parse_prefix(text: &str) -> Result<(Square, usize), String> {
        let b = text.as_bytes();
        let file = match b.first() {
            Some(c @ b'a'..=b'd') => c - b'a',
            Some(_) => return Err(format!("expected a file a-d, found {}", describe_char(text, 0))),
            None => return Err("expected a square, found the end of the text".into()),
        };
        let rank = match b.get(1) {
            Some(c @ b'1'..=b'4') => c - b'1',
            _ => return Err(format!("expected a rank 1-4, found {}", describe_char(text, 1))),
        };
        let digit = |i: usize| -> Result<u8, String> {
            match b.get(i) {
                Some(c @ b'0'..=b'1') => Ok(c - b'0'),
                _ => Err(format!("expected 0 or 1, found {}", describe_char(text, i))),
            }
        };
        match b.get(2) {
            Some(b'@') => {
                let z = digit(3)?;
                let w = digit(4)?;
                Ok((Square(file + 4 * rank + 16 * z + 32 * w), 5))
            }
            Some(b'[') => {
                let z = digit(3)?;
                if b.get(4) != Some(&b',') {
                    return Err(format!(
                        "expected ',' between Z and W, found {}",
                        describe_char(text, 4)
                    ));
                }
                let w = digit(5)?;
                if b.get(6) != Some(&b']') {
                    return Err(format!("expected ']' after W, found {}", describe_char(text, 6)));
                }
                Ok((Square(file + 4 * rank + 16 * z + 32 * w), 7))
            }
            _ => Err(format!(
                "expected '@' or '[' after {}{} to give Z and W, found {}",
                (b'a' + file) as char,
                (b'1' + rank) as char,
                describe_char(text, 2)
            )),
        }
    }
}

/// "'x' at character N" or "the end of the text", for error messages (N counts from 1).
pub(crate) fn describe_char(text: &str, byte: usize) -> String {
    match text.get(byte..).and_then(|rest| rest.chars().next()) {
        Some(c) => format!("'{}' at character {}", c.escape_default(), byte + 1),
        None => "the end of the text".to_string(),
    }
}

/// The display form `a1[0,1]`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}[{},{}]", self.file_char(), self.rank_char(), self.z(), self.w())
    }
}

impl std::str::FromStr for Square {
    type Err = String;

    /// Accepts the record form `a1@01` and the display form `a1[0,1]`, and nothing after it.
    fn from_str(text: &str) -> Result<Square, String> {
        let (square, used) = Square::parse_prefix(text).map_err(|e| format!("bad square '{text}': {e}"))?;
        if used != text.len() {
            return Err(format!("bad square '{text}': unexpected {}", describe_char(text, used)));
        }
        Ok(square)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction of this colour's pawns along Y.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The rank (Y) on which this colour's pawns promote.
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 3,
            Color::Black => 0,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// The six kinds, the same in both games (their letters are FEN4D's, LAN4D's and FEN4's).
pub use crate::engine::piece::PieceKind;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN4D character: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        let upper = self.kind.letter();
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_letter(c.to_ascii_uppercase()) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

/// A move: where a piece starts and where it lands. Promotion is automatic (always a queen),
/// so the position decides it; nothing else needs storing.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The move in 12 bits (from, then to shifted by 6), for hash tables.
    pub const fn pack(self) -> u16 {
        self.from.0 as u16 | (self.to.0 as u16) << 6
    }

    pub const fn unpack(bits: u16) -> Move {
        Move::new(Square((bits & 63) as u8), Square(((bits >> 6) & 63) as u8))
    }

    /// The coordinate changes (dx, dy, dz, dw) of this move.
    pub const fn delta(self) -> [i8; 4] {
        let a = self.from.coords();
        let b = self.to.coords();
        [
            b[0] as i8 - a[0] as i8,
            b[1] as i8 - a[1] as i8,
            b[2] as i8 - a[2] as i8,
            b[3] as i8 - a[3] as i8,
        ]
    }

    /// The axes whose coordinate this move changes, in X, Y, Z, W order.
    pub fn changed_axes(self) -> Vec<Axis> {
        let d = self.delta();
        Axis::ALL.into_iter().filter(|a| d[*a as usize] != 0).collect()
    }
}

impl fmt::Display for Move {
    /// The bare record form `a1@00-a1@01`; `lan::format_move` adds the piece and markers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from.record(), self.to.record())
    }
}

/// In the table: the 12 bits of `Move::pack`.
impl crate::engine::tt::TableMove for Move {
    fn pack(self) -> u32 {
        u32::from(Move::pack(self))
    }

    fn unpack(bits: u32) -> Option<Move> {
        u16::try_from(bits).ok().filter(|&b| b < 1 << 12).map(Move::unpack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_coordinates_agree() {
        for s in Square::all() {
            let [x, y, z, w] = s.coords();
            assert_eq!(s.index(), (x + 4 * y + 16 * z + 32 * w) as usize);
            assert_eq!(Square::new(x, y, z, w), Some(s));
        }
        assert_eq!(Square::new(4, 0, 0, 0), None);
        assert_eq!(Square::new(0, 0, 2, 0), None);
    }

    #[test]
    fn both_square_forms_parse_to_the_same_square() {
        let a: Square = "b3@01".parse().unwrap();
        let b: Square = "b3[0,1]".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.coords(), [1, 2, 0, 1]);
        assert_eq!(a.to_string(), "b3[0,1]");
        assert_eq!(a.record(), "b3@01");
        assert!("e1@00".parse::<Square>().unwrap_err().contains("file"));
        assert!("a5@00".parse::<Square>().unwrap_err().contains("rank"));
        assert!("a1@02".parse::<Square>().unwrap_err().contains("0 or 1"));
        assert!("a1@00x".parse::<Square>().unwrap_err().contains("character 6"));
        assert!("a1".parse::<Square>().is_err());
    }

    #[test]
    fn changed_axes_name_the_moving_coordinates() {
        let m = Move::new("a1@00".parse().unwrap(), "b1@01".parse().unwrap());
        assert_eq!(m.changed_axes(), vec![Axis::X, Axis::W]);
    }
}
