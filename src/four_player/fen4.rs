//! FEN4, chess.com's position text:
//! `<turn>-<out>-<castle king-side>-<castle queen-side>-<points>-<halfmove>-[<extras>-]<board>`.
//! Both corner forms are read (`x` per corner square, or corners counted into empty runs as
//! older exports do); `x` is written.

use std::fmt;

use super::board::{Mark, Piece, PieceKind, SIZE, Seat, Square, on_board};
use super::position::{PerSeat, Position};

/// The longest FEN4 read (the modern start is 414 bytes; extras add a few dozen).
pub const MAX_BYTES: usize = 4096;
/// The 50-move rule draws at 200 plies: no counter beyond it.
pub const MAX_HALFMOVE: u32 = 200;

/// What is wrong with a FEN4, and where: a field, a seat's value, a board row and file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fen4Error {
    Empty,
    TooLong(usize),
    /// Not 7 or 8 fields separated by `-`.
    FieldCount(usize),
    Turn(String),
    /// A per-seat field that does not hold four comma-separated values.
    SeatCount {
        field: &'static str,
        found: usize,
    },
    Flag {
        field: &'static str,
        seat: Seat,
        found: String,
    },
    Number {
        field: &'static str,
        seat: Option<Seat>,
        found: String,
    },
    Extras(String),
    EnPassant {
        seat: Seat,
        found: String,
    },
    Turned {
        seat: Seat,
        found: String,
    },
    RowCount(usize),
    /// A cell of the board: its rank (1–14) and the file it would start on.
    Cell {
        rank: u8,
        file: u8,
        problem: CellProblem,
    },
    RowWidth {
        rank: u8,
        covered: u32,
    },
    Kings {
        seat: Seat,
        found: usize,
    },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CellProblem {
    /// Neither `x`, a run length, nor a piece (`rK`, `dQ`).
    Unreadable(String),
    /// `x` written where a square of the board is.
    CornerMarkerOnBoard,
    PieceOffBoard(String),
    PastFileN,
}

impl fmt::Display for Fen4Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Fen4Error::*;
        f.write_str("invalid FEN4: ")?;
        match self {
            Empty => f.write_str("the text is empty"),
            TooLong(n) => write!(f, "{n} bytes, over the limit of {MAX_BYTES}"),
            FieldCount(n) => write!(
                f,
                "expected 7 fields separated by '-' (turn, out, castling king-side, queen-side, points, halfmove, board; extras before the board optional), found {n}"
            ),
            Turn(found) => write!(f, "turn must be R, B, Y or G, found '{found}'"),
            SeatCount { field, found } => {
                write!(
                    f,
                    "{field}: expected four comma-separated values (Red, Blue, Yellow, Green), found {found}"
                )
            }
            Flag { field, seat, found } => write!(f, "{field}, {}: expected 0 or 1, found '{found}'", seat.name()),
            Number { field, seat, found } => {
                write!(f, "{field}")?;
                if let Some(seat) = seat {
                    write!(f, ", {}", seat.name())?;
                }
                write!(f, ": expected a whole number, found '{found}'")
            }
            Extras(why) => write!(f, "extras: {why}"),
            EnPassant { seat, found } => write!(
                f,
                "extras, enPassant, {}: expected 'skipped:pawn' squares (like 'e3:e4') with the pawn there, found '{found}'",
                seat.name()
            ),
            Turned { seat, found } => write!(
                f,
                "extras, turned, {}: expected squares of its pawns separated by spaces, found '{found}'",
                seat.name()
            ),
            RowCount(n) => write!(f, "board: expected 14 rows separated by '/', found {n}"),
            Cell { rank, file, problem } => {
                let square = format!("{}{}", (b'a' + file) as char, rank);
                match problem {
                    CellProblem::Unreadable(cell) => write!(
                        f,
                        "board, rank {rank}, at {square}: '{cell}' is not 'x', a number of empty squares or a piece like 'rK'"
                    ),
                    CellProblem::CornerMarkerOnBoard => {
                        write!(
                            f,
                            "board, rank {rank}: 'x' marks a corner, but {square} is on the board"
                        )
                    }
                    CellProblem::PieceOffBoard(cell) => {
                        write!(
                            f,
                            "board, rank {rank}: '{cell}' stands on {square}, a corner off the board"
                        )
                    }
                    CellProblem::PastFileN => write!(f, "board, rank {rank}: the row runs past file n at {square}"),
                }
            }
            RowWidth { rank, covered } => write!(f, "board, rank {rank}: the row covers {covered} files, not 14"),
            Kings { seat, found } => write!(
                f,
                "{} is in the game but has {found} kings (exactly one expected)",
                seat.name()
            ),
        }
    }
}

impl std::error::Error for Fen4Error {}

impl Position {
    /// Parses and checks a FEN4: every seat still in has exactly one king.
    pub fn from_fen4(text: &str) -> Result<Position, Fen4Error> {
        if text.is_empty() {
            return Err(Fen4Error::Empty);
        }
        if text.len() > MAX_BYTES {
            return Err(Fen4Error::TooLong(text.len()));
        }
        let fields: Vec<&str> = text.split('-').collect();
        let (extras, board) = match fields.len() {
            7 => (None, fields[6]),
            8 => (Some(fields[6]), fields[7]),
            n => return Err(Fen4Error::FieldCount(n)),
        };
        let mut pos = Position::empty();
        pos.turn = match fields[0] {
            "R" => Seat::Red,
            "B" => Seat::Blue,
            "Y" => Seat::Yellow,
            "G" => Seat::Green,
            other => return Err(Fen4Error::Turn(other.to_string())),
        };
        pos.out = flags(fields[1], "out")?;
        pos.castle_king_side = flags(fields[2], "castling king-side")?;
        pos.castle_queen_side = flags(fields[3], "castling queen-side")?;
        let points = per_seat(fields[4], "points")?;
        for seat in Seat::ALL {
            pos.points[seat.index()] = number(points[seat.index()], "points", Some(seat), u32::MAX)?;
        }
        pos.halfmove = number(fields[5], "halfmove", None, MAX_HALFMOVE)?;
        read_board(board, &mut pos)?;
        if let Some(extras) = extras {
            read_extras(extras, &mut pos)?;
        }
        for seat in Seat::ALL {
            let kings = pos.kings_of(seat);
            if !pos.out[seat.index()] && kings != 1 {
                return Err(Fen4Error::Kings { seat, found: kings });
            }
        }
        Ok(pos)
    }

    /// The FEN4 of this position, corners as `x`, extras only when there are some.
    pub fn to_fen4(&self) -> String {
        let list = |values: [String; 4]| values.join(",");
        let flag = |v: &PerSeat<bool>| list(v.map(|b| if b { "1".to_string() } else { "0".to_string() }));
        let turn = self.turn.letter().to_ascii_uppercase();
        let mut text = format!(
            "{turn}-{}-{}-{}-{}-{}-",
            flag(&self.out),
            flag(&self.castle_king_side),
            flag(&self.castle_queen_side),
            list(self.points.map(|p| p.to_string())),
            self.halfmove
        );
        let mut extras = Vec::new();
        if self.en_passant.iter().any(Option::is_some) {
            let values = self
                .en_passant
                .map(|e| e.map_or(String::new(), |(skipped, pawn)| format!("{skipped}:{pawn}")));
            extras.push(format!("'enPassant':({})", quoted(&values)));
        }
        let turned = Seat::ALL.map(|seat| {
            self.placements()
                .filter(|(_, p)| p.is(seat, PieceKind::Pawn) && p.mark == Mark::Turned)
                .map(|(s, _)| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        });
        if turned.iter().any(|t| !t.is_empty()) {
            extras.push(format!("'turned':({})", quoted(&turned)));
        }
        if !extras.is_empty() {
            text.push_str(&format!("{{{}}}-", extras.join(",")));
        }
        let rows: Vec<String> = (0..SIZE).rev().map(|rank| self.row(rank)).collect();
        text.push_str(&rows.join("/"));
        text
    }

    fn row(&self, rank: u8) -> String {
        let mut cells = Vec::new();
        let mut empty = 0;
        for file in 0..SIZE {
            let cell = match Square::new(file, rank) {
                None => Some("x".to_string()),
                Some(square) => self.piece_at(square).map(Piece::fen4),
            };
            match cell {
                Some(cell) => {
                    if empty > 0 {
                        cells.push(empty.to_string());
                        empty = 0;
                    }
                    cells.push(cell);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            cells.push(empty.to_string());
        }
        cells.join(",")
    }
}

fn quoted(values: &[String; 4]) -> String {
    values.iter().map(|v| format!("'{v}'")).collect::<Vec<_>>().join(",")
}

fn per_seat<'a>(field: &'a str, name: &'static str) -> Result<[&'a str; 4], Fen4Error> {
    let values: Vec<&str> = field.split(',').collect();
    values.try_into().map_err(|v: Vec<&str>| Fen4Error::SeatCount {
        field: name,
        found: v.len(),
    })
}

fn flags(field: &str, name: &'static str) -> Result<PerSeat<bool>, Fen4Error> {
    let values = per_seat(field, name)?;
    let mut out = [false; 4];
    for seat in Seat::ALL {
        out[seat.index()] = match values[seat.index()] {
            "0" => false,
            "1" => true,
            other => {
                return Err(Fen4Error::Flag {
                    field: name,
                    seat,
                    found: other.to_string(),
                });
            }
        };
    }
    Ok(out)
}

/// A canonical whole number (no sign, no leading zero) up to `max`.
fn number(text: &str, field: &'static str, seat: Option<Seat>, max: u32) -> Result<u32, Fen4Error> {
    let bad = || Fen4Error::Number {
        field,
        seat,
        found: text.to_string(),
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || (text.len() > 1 && text.starts_with('0')) {
        return Err(bad());
    }
    text.parse::<u32>().ok().filter(|&n| n <= max).ok_or_else(bad)
}

fn read_board(board: &str, pos: &mut Position) -> Result<(), Fen4Error> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != SIZE as usize {
        return Err(Fen4Error::RowCount(rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - i as u8;
        let shown_rank = rank + 1;
        let mut file: u32 = 0;
        for cell in row.split(',') {
            let at = |problem| Fen4Error::Cell {
                rank: shown_rank,
                file: file.min(SIZE as u32 - 1) as u8,
                problem,
            };
            if file >= SIZE as u32 {
                return Err(at(CellProblem::PastFileN));
            }
            if cell == "x" {
                if on_board(file as u8, rank) {
                    return Err(at(CellProblem::CornerMarkerOnBoard));
                }
                file += 1;
            } else if let Some(run) = run_length(cell) {
                // Older exports count corner squares into the runs: any squares may be covered.
                if file + run > SIZE as u32 {
                    return Err(at(CellProblem::PastFileN));
                }
                file += run;
            } else if let Some(piece) = Piece::from_fen4(cell) {
                let square =
                    Square::new(file as u8, rank).ok_or_else(|| at(CellProblem::PieceOffBoard(cell.to_string())))?;
                pos.put(square, piece);
                file += 1;
            } else {
                return Err(at(CellProblem::Unreadable(cell.to_string())));
            }
        }
        if file != SIZE as u32 {
            return Err(Fen4Error::RowWidth {
                rank: shown_rank,
                covered: file,
            });
        }
    }
    Ok(())
}

/// `1`–`14`, written canonically.
fn run_length(cell: &str) -> Option<u32> {
    if cell.starts_with('0') || cell.len() > 2 {
        return None;
    }
    cell.parse().ok().filter(|n| (1..=SIZE as u32).contains(n))
}

/// `{'enPassant':('e3:e4','','',''),'turned':('d13','','','')}`.
fn read_extras(text: &str, pos: &mut Position) -> Result<(), Fen4Error> {
    let bad = |why: &str| Fen4Error::Extras(why.to_string());
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(|| bad("expected {…} around the extras"))?;
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let (key, after) = quoted_string(rest).ok_or_else(|| bad("expected a quoted key like 'enPassant'"))?;
        let after = after
            .trim_start()
            .strip_prefix(':')
            .ok_or_else(|| bad("expected ':' after a key"))?;
        let after = after
            .trim_start()
            .strip_prefix('(')
            .ok_or_else(|| bad("expected '(' after ':'"))?;
        let close = after.find(')').ok_or_else(|| bad("a '(' is never closed"))?;
        let mut values = Vec::new();
        let mut list = after[..close].trim();
        while !list.is_empty() {
            let (value, more) = quoted_string(list).ok_or_else(|| bad("expected quoted values inside (…)"))?;
            values.push(value);
            list = more.trim_start();
            list = list.strip_prefix(',').map_or(list, str::trim_start);
        }
        let values: [&str; 4] = values
            .try_into()
            .map_err(|v: Vec<&str>| bad(&format!("'{key}' needs four values, found {}", v.len())))?;
        match key {
            "enPassant" => read_en_passant(values, pos)?,
            "turned" => read_turned(values, pos)?,
            other => return Err(bad(&format!("unknown key '{other}'"))),
        }
        rest = after[close + 1..].trim_start();
        rest = rest.strip_prefix(',').map_or(rest, str::trim_start);
    }
    Ok(())
}

/// `'text'` at the start of `text`: the text inside and what follows.
fn quoted_string(text: &str) -> Option<(&str, &str)> {
    let body = text.strip_prefix('\'')?;
    let end = body.find('\'')?;
    Some((&body[..end], &body[end + 1..]))
}

fn read_en_passant(values: [&str; 4], pos: &mut Position) -> Result<(), Fen4Error> {
    for seat in Seat::ALL {
        let value = values[seat.index()];
        if value.is_empty() {
            continue;
        }
        let bad = || Fen4Error::EnPassant {
            seat,
            found: value.to_string(),
        };
        let (skipped, pawn) = value.split_once(':').ok_or_else(bad)?;
        let skipped: Square = skipped.parse().map_err(|_| bad())?;
        let pawn: Square = pawn.parse().map_err(|_| bad())?;
        // The skipped square may be occupied meanwhile (then only while it is empty again can
        // the pawn be taken en passant); the pawn must still stand.
        let is_own_pawn = pos.piece_at(pawn).is_some_and(|p| p.is(seat, PieceKind::Pawn));
        if !is_own_pawn {
            return Err(bad());
        }
        pos.en_passant[seat.index()] = Some((skipped, pawn));
    }
    Ok(())
}

fn read_turned(values: [&str; 4], pos: &mut Position) -> Result<(), Fen4Error> {
    for seat in Seat::ALL {
        let value = values[seat.index()];
        let bad = || Fen4Error::Turned {
            seat,
            found: value.to_string(),
        };
        for name in value.split_whitespace() {
            let square: Square = name.parse().map_err(|_| bad())?;
            if pos.piece_at(square) != Some(Piece::new(seat, PieceKind::Pawn)) {
                return Err(bad());
            }
            pos.put(square, Piece::new(seat, PieceKind::Pawn).marked(Mark::Turned));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::board::Owner;
    use super::super::position::Setup;
    use super::*;

    #[test]
    fn both_setups_round_trip_and_hold_four_armies_of_sixteen() {
        for setup in [Setup::Modern, Setup::Classic] {
            let pos = setup.position();
            assert_eq!(pos.to_fen4(), setup.fen4(), "{setup:?}");
            assert_eq!(pos.placements().count(), 64);
            for seat in Seat::ALL {
                assert_eq!(
                    pos.placements().filter(|(_, p)| p.owner == Owner::Seat(seat)).count(),
                    16
                );
                assert_eq!(pos.kings_of(seat), 1);
            }
        }
        let modern = Setup::Modern.position();
        let at = |name: &str| modern.piece_at(name.parse().unwrap());
        assert_eq!(at("h1"), Some(Piece::new(Seat::Red, PieceKind::King)));
        assert_eq!(at("a7"), Some(Piece::new(Seat::Blue, PieceKind::King)));
        assert_eq!(at("g14"), Some(Piece::new(Seat::Yellow, PieceKind::King)));
        assert_eq!(at("n8"), Some(Piece::new(Seat::Green, PieceKind::King)));
        let classic = Setup::Classic.position();
        assert_eq!(
            classic.piece_at("a8".parse().unwrap()),
            Some(Piece::new(Seat::Blue, PieceKind::King))
        );
        assert_eq!(
            classic.piece_at("n7".parse().unwrap()),
            Some(Piece::new(Seat::Green, PieceKind::King))
        );
    }

    #[test]
    fn the_older_corner_form_reads_the_same() {
        let older = Setup::Modern
            .fen4()
            .replace("x,x,x,8,x,x,x", "14")
            .replace("x,x,x,", "3,")
            .replace(",x,x,x", ",3");
        assert_ne!(older, Setup::Modern.fen4());
        assert_eq!(Position::from_fen4(&older).unwrap(), Setup::Modern.position());
    }

    #[test]
    fn extras_round_trip() {
        let mut pos = Setup::Modern.position();
        let e2: Square = "e2".parse().unwrap();
        let e4: Square = "e4".parse().unwrap();
        let piece = pos.remove(e2).unwrap();
        pos.put(e4, piece);
        pos.en_passant[Seat::Red.index()] = Some(("e3".parse().unwrap(), e4));
        pos.turn = Seat::Blue;
        let text = pos.to_fen4();
        assert!(text.contains("-{'enPassant':('e3:e4','','','')}-"), "{text}");
        assert_eq!(Position::from_fen4(&text).unwrap(), pos);
        let turned = text.replace(
            "{'enPassant':('e3:e4','','','')}",
            "{'enPassant':('e3:e4','','',''),'turned':('d2 f2','','','')}",
        );
        let back = Position::from_fen4(&turned).unwrap();
        assert_eq!(back.piece_at("d2".parse().unwrap()).unwrap().mark, Mark::Turned);
        assert_eq!(back.to_fen4(), turned);
    }

    fn error_of(text: &str) -> Fen4Error {
        Position::from_fen4(text).unwrap_err()
    }

    #[test]
    fn bad_fen4_names_what_and_where() {
        let modern = Setup::Modern.fen4();
        assert_eq!(error_of(""), Fen4Error::Empty);
        assert!(matches!(error_of("R-0,0,0,0"), Fen4Error::FieldCount(2)));
        assert!(matches!(error_of(&modern.replacen("R-", "W-", 1)), Fen4Error::Turn(_)));
        assert!(matches!(
            error_of(&modern.replacen("R-0,0,0,0-", "R-0,0,2,0-", 1)),
            Fen4Error::Flag { seat: Seat::Yellow, .. }
        ));
        assert!(matches!(
            error_of(&modern.replacen("-0,0,0,0-0-", "-0,0,0-0-", 1)),
            Fen4Error::SeatCount {
                field: "points",
                found: 3
            }
        ));
        assert!(matches!(
            error_of(&modern.replacen("0,0,0,0-0-x", "0,0,0,0-201-x", 1)),
            Fen4Error::Number { .. }
        ));
        assert!(matches!(
            error_of(&modern.replacen("0,0,0,0-0-x", "0,0,0,0-07-x", 1)),
            Fen4Error::Number { .. }
        ));
        let moved_king = modern.replacen("rK,", "rQ,", 1);
        assert_eq!(
            error_of(&moved_king),
            Fen4Error::Kings {
                seat: Seat::Red,
                found: 0
            }
        );
        let why = error_of(&modern.replacen("yK", "yZ", 1));
        assert!(
            matches!(
                why,
                Fen4Error::Cell {
                    rank: 14,
                    file: 6,
                    problem: CellProblem::Unreadable(_)
                }
            ),
            "{why:?}"
        );
        assert!(why.to_string().contains("rank 14, at g14: 'yZ'"), "{why}");
        assert!(matches!(
            error_of(&modern.replacen("x,x,x,yR", "yR,x,x,x", 1)),
            Fen4Error::Cell {
                rank: 14,
                file: 0,
                problem: CellProblem::PieceOffBoard(_)
            }
        ));
        assert!(matches!(
            error_of(&modern.replacen("x,x,x,8,x,x,x", "x,x,x,7,x,x,x", 1)),
            Fen4Error::Cell {
                rank: 12,
                problem: CellProblem::CornerMarkerOnBoard,
                ..
            }
        ));
        assert!(matches!(
            error_of(&modern.replacen("bR,bP,10,gP,gR", "bR,bP,9,gP,gR", 1)),
            Fen4Error::RowWidth { rank: 11, covered: 13 }
        ));
        assert!(matches!(
            error_of(&modern.replacen("-x,x,x,yR", "-{'enPassant':('e3:e4','','','')}-x,x,x,yR", 1)),
            Fen4Error::EnPassant { seat: Seat::Red, .. }
        ));
        assert!(matches!(
            error_of(&modern.replacen("-x,x,x,yR", "-{'nope':('','','','')}-x,x,x,yR", 1)),
            Fen4Error::Extras(_)
        ));
        assert!(matches!(error_of(&"R-".repeat(3000)), Fen4Error::TooLong(6000)));
    }

    #[test]
    fn a_seat_that_is_out_may_be_grey_without_a_live_king() {
        let modern = Setup::Modern.fen4();
        let grey_red = modern.replacen("R-0,0,0,0", "B-1,0,0,0", 1).replace('r', "d");
        let pos = Position::from_fen4(&grey_red).unwrap();
        assert_eq!(pos.kings_of(Seat::Red), 0);
        assert!(pos.out[Seat::Red.index()]);
        assert_eq!(pos.to_fen4(), grey_red);
    }
}
