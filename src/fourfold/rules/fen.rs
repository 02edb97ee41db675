//! FEN4D: `board00|board10|board01|board11 side halfmove fullmove`, each board ranks 4 to 1.

use super::position::Position;
use super::square::{Color, Piece, PieceKind, Square};
use std::fmt;

/// The largest fullmove number FEN4D allows (RULES.md).
pub const MAX_FULLMOVE: u32 = 1_000_000;

/// The two standard setups of RULES.md.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Setup {
    /// The public apps' standard start: K, Q, 2 R, B, N, 4 P a side.
    Classic,
    /// A full army: K, Q, 2 R, 2 B, 2 N, 8 P a side.
    Full,
}

impl Setup {
    pub const fn fen(self) -> &'static str {
        match self {
            Setup::Classic => "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1",
            Setup::Full => "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbk/pppp/4/4|qbnr/pppp/4/4 w 0 1",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Setup::Classic => "classic",
            Setup::Full => "full",
        }
    }

    pub fn position(self) -> Position {
        Position::from_fen(self.fen()).expect("the standard setups are valid FEN4D")
    }

    /// Whether a game from this setup may count for a rating. The full setup is a forced win for
    /// White — mate in six, every move a check (`tests/integration/mates.rs` proves it with a
    /// checks-only solver) — so only the classic one is.
    pub const fn may_be_rated(self) -> bool {
        matches!(self, Setup::Classic)
    }

    /// The standard setup `position` is, if it is one.
    pub fn of(position: &Position) -> Option<Setup> {
        [Setup::Classic, Setup::Full]
            .into_iter()
            .find(|setup| setup.position() == *position)
    }
}

/// A rank of one board in the boards field: where a placement error is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RankPlace {
    /// 0..4 in FEN4D order (Z=0,W=0 | Z=1,W=0 | Z=0,W=1 | Z=1,W=1).
    pub board: usize,
    /// 1..=4.
    pub rank: u8,
}

impl fmt::Display for RankPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, rank {}", BOARD_NAMES[self.board], self.rank)
    }
}

/// A FEN4D that could not be read: what is wrong, and where (a field, a board's rank, a square).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    Empty,
    Spacing,
    FieldCount(usize),
    BoardCount(usize),
    RankCount {
        board: usize,
        found: usize,
    },
    /// More than four squares on a rank, at this character.
    TooManySquares {
        at: RankPlace,
        found: char,
    },
    /// A digit that runs past file d.
    PastFileD {
        at: RankPlace,
        digit: char,
    },
    NotAPiece {
        at: RankPlace,
        found: char,
    },
    /// Two digits in a row ('1111'): a run of empty squares is written as one digit.
    SplitRun {
        at: RankPlace,
        rank_text: String,
    },
    RankWidth {
        at: RankPlace,
        rank_text: String,
        covered: u8,
    },
    Side(String),
    NotANumber {
        field: &'static str,
        found: String,
        min: u32,
        max: u32,
    },
    OutOfRange {
        field: &'static str,
        value: u32,
        min: u32,
        max: u32,
    },
    Kings {
        color: Color,
        found: u32,
    },
    PawnOnPromotionRank {
        color: Color,
        square: Square,
    },
    /// The side not to move stands in check (it just moved into it).
    WaitingSideInCheck {
        mover: Color,
        king: Square,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid FEN4D: ")?;
        match self {
            FenError::Empty => f.write_str("the text is empty; expected boards, side, halfmove and fullmove"),
            FenError::Spacing => {
                f.write_str("fields must be separated by single spaces, with none at the start or end")
            }
            FenError::FieldCount(n) => write!(
                f,
                "expected 4 space-separated fields (boards, side, halfmove, fullmove), found {n}"
            ),
            FenError::BoardCount(n) => write!(f, "expected 4 boards separated by '|', found {n}"),
            FenError::RankCount { board, found } => write!(
                f,
                "{}: expected 4 ranks separated by '/', found {found}",
                BOARD_NAMES[*board]
            ),
            FenError::TooManySquares { at, found } => write!(f, "{at}: more than 4 squares at '{found}'"),
            FenError::PastFileD { at, digit } => write!(f, "{at}: '{digit}' runs past file d"),
            FenError::NotAPiece { at, found } => write!(
                f,
                "{at}: '{}' is not a piece letter (KQRBNP, kqrbnp) or a digit 1-4",
                found.escape_default()
            ),
            FenError::SplitRun { at, rank_text } => write!(
                f,
                "{at}: '{rank_text}' splits a run of empty squares into two digits; write it as one"
            ),
            FenError::RankWidth { at, rank_text, covered } => {
                write!(f, "{at}: '{rank_text}' covers {covered} squares, not 4")
            }
            FenError::Side(found) => write!(f, "side to move must be 'w' or 'b', found '{found}'"),
            FenError::NotANumber { field, found, min, max } => {
                write!(f, "{field} must be a whole number from {min} to {max}, found '{found}'")
            }
            FenError::OutOfRange { field, value, min, max } => {
                write!(f, "{field} must be from {min} to {max}, found {value}")
            }
            FenError::Kings { color, found } => {
                write!(f, "{} must have exactly one king, found {found}", color.name())
            }
            FenError::PawnOnPromotionRank { color, square } => write!(
                f,
                "{} pawn on {square} stands on its promotion rank (it should have become a queen)",
                color.name()
            ),
            FenError::WaitingSideInCheck { mover, king } => write!(
                f,
                "{} is to move but {}'s king on {king} is in check: the side that just moved cannot be in check",
                mover.name(),
                mover.opponent().name()
            ),
        }
    }
}

impl std::error::Error for FenError {}

const BOARD_NAMES: [&str; 4] = [
    "board 1 (Z=0,W=0)",
    "board 2 (Z=1,W=0)",
    "board 3 (Z=0,W=1)",
    "board 4 (Z=1,W=1)",
];

impl Position {
    /// Parses and validates a FEN4D string.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let pos = parse_placement(text)?;
        validate(&pos)?;
        Ok(pos)
    }

    /// The FEN4D of this position.
    pub fn to_fen(&self) -> String {
        let boards: Vec<String> = (0..4u8)
            .map(|b| {
                let (z, w) = (b & 1, b >> 1);
                let ranks: Vec<String> = (0..4u8)
                    .rev()
                    .map(|y| {
                        let mut rank = String::new();
                        let mut empty = 0;
                        for x in 0..4 {
                            let s = Square::new(x, y, z, w).expect("on the board");
                            match self.piece_at(s) {
                                Some(p) => {
                                    if empty > 0 {
                                        rank.push(char::from(b'0' + empty));
                                        empty = 0;
                                    }
                                    rank.push(p.fen_char());
                                }
                                None => empty += 1,
                            }
                        }
                        if empty > 0 {
                            rank.push(char::from(b'0' + empty));
                        }
                        rank
                    })
                    .collect();
                ranks.join("/")
            })
            .collect();
        let side = if self.side_to_move() == Color::White { 'w' } else { 'b' };
        format!(
            "{} {} {} {}",
            boards.join("|"),
            side,
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

/// Reads a FEN4D without the position checks (kings, check, pawns on the last rank): for the
/// reach explorer, whose scenes hold a lone piece. Games always use `Position::from_fen`.
pub fn parse_placement(text: &str) -> Result<Position, FenError> {
    if text.trim().is_empty() {
        return Err(FenError::Empty);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if text.trim() != text || fields.iter().any(|f| f.is_empty()) {
        return Err(FenError::Spacing);
    }
    if fields.len() != 4 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut pos = Position::empty();
    parse_boards(fields[0], &mut pos)?;
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Side(other.to_string())),
    };
    let halfmove = parse_number(fields[2], "halfmove clock", 0, 100)?;
    let fullmove = parse_number(fields[3], "fullmove number", 1, MAX_FULLMOVE)?;
    pos.set_side_to_move(side);
    pos.set_clocks(halfmove, fullmove);
    Ok(pos)
}

fn parse_boards(field: &str, pos: &mut Position) -> Result<(), FenError> {
    let boards: Vec<&str> = field.split('|').collect();
    if boards.len() != 4 {
        return Err(FenError::BoardCount(boards.len()));
    }
    for (b, board) in boards.iter().enumerate() {
        let (z, w) = ((b & 1) as u8, (b >> 1) as u8);
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            return Err(FenError::RankCount {
                board: b,
                found: ranks.len(),
            });
        }
        for (r, rank) in ranks.iter().enumerate() {
            let y = 3 - r as u8;
            let at = RankPlace { board: b, rank: y + 1 };
            let mut x = 0u8;
            let mut after_digit = false;
            for c in rank.chars() {
                if x >= 4 {
                    return Err(FenError::TooManySquares { at, found: c });
                }
                let digit = c.is_ascii_digit();
                if digit && after_digit {
                    // One digit per run of empty squares, so every position has one FEN4D.
                    return Err(FenError::SplitRun {
                        at,
                        rank_text: rank.to_string(),
                    });
                }
                after_digit = digit;
                match c {
                    '1'..='4' => {
                        x += c as u8 - b'0';
                        if x > 4 {
                            return Err(FenError::PastFileD { at, digit: c });
                        }
                    }
                    _ => {
                        let piece = Piece::from_fen_char(c).ok_or(FenError::NotAPiece { at, found: c })?;
                        pos.put(Square::new(x, y, z, w).expect("x < 4"), piece);
                        x += 1;
                    }
                }
            }
            if x != 4 {
                return Err(FenError::RankWidth {
                    at,
                    rank_text: rank.to_string(),
                    covered: x,
                });
            }
        }
    }
    Ok(())
}

fn parse_number(text: &str, field: &'static str, min: u32, max: u32) -> Result<u32, FenError> {
    let not_a_number = || FenError::NotANumber {
        field,
        found: text.to_string(),
        min,
        max,
    };
    // Canonical numbers only, as for the boards: no sign, no leading zero ("01"), one spelling.
    let leading_zero = text.len() > 1 && text.starts_with('0');
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 7 || leading_zero {
        return Err(not_a_number());
    }
    let value: u32 = text.parse().map_err(|_| not_a_number())?;
    if value < min || value > max {
        return Err(FenError::OutOfRange { field, value, min, max });
    }
    Ok(value)
}

fn validate(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.pieces(color, PieceKind::King).count();
        if kings != 1 {
            return Err(FenError::Kings { color, found: kings });
        }
        let last_rank = color.promotion_rank();
        if let Some(square) = pos.pieces(color, PieceKind::Pawn).find(|s| s.y() == last_rank) {
            return Err(FenError::PawnOnPromotionRank { color, square });
        }
    }
    let mover = pos.side_to_move();
    let waiting = mover.opponent();
    if pos.king_attacked(waiting) {
        let king = pos.king_square(waiting).expect("validated above");
        return Err(FenError::WaitingSideInCheck { mover, king });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_runs_have_one_digit_each() {
        let classic = Setup::Classic.fen();
        assert!(Position::from_fen(&classic.replacen("4/4/PPPP", "1111/4/PPPP", 1)).is_err());
        assert!(matches!(
            Position::from_fen(&classic.replacen("4/4/PPPP", "22/4/PPPP", 1)),
            Err(FenError::SplitRun {
                at: RankPlace { board: 0, rank: 4 },
                ..
            })
        ));
        let why = error_of(&classic.replacen("4/4/PPPP", "22/4/PPPP", 1));
        assert!(
            why.contains("board 1 (Z=0,W=0), rank 4") && why.contains("one"),
            "{why}"
        );
        assert!(
            Position::from_fen("4/1P2/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1").is_ok(),
            "digits around a piece"
        );
    }

    #[test]
    fn setups_round_trip() {
        for setup in [Setup::Classic, Setup::Full] {
            let pos = setup.position();
            assert_eq!(pos.to_fen(), setup.fen());
            assert_eq!(pos.key(), pos.compute_key());
        }
        assert_eq!(Setup::Classic.position().piece_count(), 20);
        assert_eq!(Setup::Full.position().piece_count(), 32);
    }

    #[test]
    fn full_setup_black_mirrors_white_through_the_centre() {
        let pos = Setup::Full.position();
        for (s, p) in pos.placements() {
            let [x, y, z, w] = s.coords();
            let mirror = Square::new(3 - x, 3 - y, 1 - z, 1 - w).unwrap();
            let other = pos.piece_at(mirror).expect("mirrored piece");
            assert_eq!(other.kind, p.kind);
            assert_eq!(other.color, p.color.opponent());
        }
    }

    fn error_of(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn bad_fens_are_rejected_with_their_place() {
        let classic = Setup::Classic.fen();
        assert!(error_of("").contains("empty"));
        assert!(error_of("4/4/4/4").contains("4 space-separated"));
        assert!(error_of(&classic.replace(" w ", " x ")).contains("'w' or 'b'"));
        assert!(error_of(&classic.replace(" w 0 1", " w 101 1")).contains("halfmove"));
        assert!(error_of(&classic.replace(" w 0 1", " w 0 0")).contains("fullmove"));
        assert!(error_of(&classic.replace(" w 0 1", " w -1 1")).contains("halfmove"));
        assert!(error_of(&classic.replace(" w 0 1", " w 01 1")).contains("halfmove"));
        assert!(error_of(&classic.replace(" w 0 1", " w 0 007")).contains("fullmove"));
        assert!(error_of(&classic.replace("RNKQ", "RNKX")).contains("board 1 (Z=0,W=0), rank 1: 'X'"));
        assert!(error_of(&classic.replace("1BR1", "1BR2")).contains("board 2 (Z=1,W=0), rank 1"));
        assert!(error_of(&classic.replace("qknr/", "qknrr/")).contains("board 4 (Z=1,W=1), rank 4"));
        assert!(error_of(&classic.replace("RNKQ", "RNQQ")).contains("White must have exactly one king, found 0"));
        assert!(error_of(&classic.replace("|1rb1", "/4|1rb1")).contains("board 2"));
        assert!(error_of(&classic.replace("|", "/")).contains("4 boards"));
        assert!(error_of("4/4/4/K3|4/4/4/4|4/4/4/4|P3/4/4/k3 w 0 1").contains("promotion rank"));
        // Black to move while White's king stands attacked by Black's rook along W.
        assert!(error_of("4/4/4/K3|4/4/4/4|4/4/4/r3|4/4/4/3k b 0 1").contains("in check"));
        assert!(Position::from_fen("4/4/4/K3|4/4/4/4|4/4/4/r3|4/4/4/3k w 0 1").is_ok());
        assert!(error_of(&format!(" {classic}")).contains("single spaces"));
    }
}
