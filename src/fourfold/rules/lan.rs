//! LAN4D move text: `[Piece]From[-|x]To[=Q][+|#]`, e.g. `Ra1@00-a1@01`, `d2@11xc1@11=Q+`.

use std::fmt;

use super::position::Position;
use super::square::{Color, Move, PieceKind, Square, describe_char};

/// How strictly markers are checked.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Strictness {
    /// Game records: the piece letter and every marker must be present exactly when it applies.
    Record,
    /// Typed input and command-line arguments: a bare `from-to` is enough; whatever markers are
    /// given must still be right.
    Lenient,
}

/// The LAN4D of a legal move in `pos`, with its check or mate marker.
pub fn format_move(pos: &Position, mv: Move) -> String {
    let piece = pos.piece_at(mv.from).expect("format_move: no piece on the from-square");
    let mut text = String::with_capacity(20);
    if piece.kind != PieceKind::Pawn {
        text.push(piece.kind.letter());
    }
    text.push_str(&mv.from.record());
    text.push(if pos.is_capture(mv) { 'x' } else { '-' });
    text.push_str(&mv.to.record());
    if pos.is_promotion(mv) {
        text.push_str("=Q");
    }
    text.push_str(check_marker(pos, mv));
    text
}

/// "+" if the move gives check, "#" if it mates, "" otherwise.
fn check_marker(pos: &Position, mv: Move) -> &'static str {
    let mut after = pos.clone();
    after.make(mv);
    if !after.in_check() {
        ""
    } else if after.count_legal_moves() == 0 {
        "#"
    } else {
        "+"
    }
}

/// Every move of a game from `start`, in record form, replaying the position once.
pub fn format_moves(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = format_move(&pos, mv);
            pos.make(mv);
            text
        })
        .collect()
}

/// A move text that could not be read: the text, and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveError {
    pub text: String,
    pub kind: MoveErrorKind,
}

/// What is wrong with a move text (the character, marker or rule at fault).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveErrorKind {
    Empty,
    PawnLetter,
    FromSquare(String),
    /// Not '-' or 'x' after the from-square; what stood there.
    Separator(String),
    ToSquare(String),
    PromotionNotQueen,
    Trailing(String),
    OpponentsPiece {
        kind: PieceKind,
        owner: Color,
    },
    NoPiece(Square),
    WrongLetter {
        actual: PieceKind,
        claimed: PieceKind,
    },
    MissingLetter(PieceKind),
    Illegal {
        kind: PieceKind,
        from: Square,
        to: Square,
    },
    /// The capture marker is wrong: the move does (`captures`) or does not capture.
    CaptureMarker {
        captures: bool,
        to: Square,
    },
    PromotionMarker {
        promotes: bool,
    },
    /// The check marker is wrong: `actual` is what the move gives ("", "+", "#").
    CheckMarker {
        actual: &'static str,
        given: &'static str,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MoveErrorKind::*;
        if self.kind == Empty {
            return f.write_str("empty move");
        }
        write!(f, "'{}': ", self.text)?;
        match &self.kind {
            Empty => Ok(()),
            PawnLetter => f.write_str("pawn moves take no letter (write the from-square only)"),
            FromSquare(e) => write!(f, "from-square: {e}"),
            Separator(found) => write!(f, "expected '-' or 'x' after the from-square, found {found}"),
            ToSquare(e) => write!(f, "to-square: {e}"),
            PromotionNotQueen => f.write_str("promotion is always to a queen: write '=Q'"),
            Trailing(rest) => write!(f, "unexpected '{rest}' after the move (only '+' or '#' may follow)"),
            OpponentsPiece { kind, owner } => write!(
                f,
                "the {} on {} is {}'s, but {} is to move",
                kind.name(),
                self.named_from_square(),
                owner.name(),
                owner.opponent().name()
            ),
            NoPiece(from) => write!(f, "there is no piece on {from}"),
            WrongLetter { actual, claimed } => write!(
                f,
                "the piece on {} is a {}, not a {}",
                self.named_from_square(),
                actual.name(),
                claimed.name()
            ),
            MissingLetter(kind) => write!(
                f,
                "the {} on {} needs its letter {}",
                kind.name(),
                self.named_from_square(),
                kind.letter()
            ),
            Illegal { kind, from, to } => write!(f, "the {} on {from} cannot legally move to {to}", kind.name()),
            CaptureMarker { captures: true, to } => write!(f, "this move captures on {to}: write 'x', not '-'"),
            CaptureMarker { captures: false, .. } => f.write_str("this move captures nothing: write '-', not 'x'"),
            PromotionMarker { promotes: true } => f.write_str("this pawn promotes: add '=Q'"),
            PromotionMarker { promotes: false } => f.write_str("this move is no promotion: remove '=Q'"),
            CheckMarker { actual: "#", .. } => f.write_str("this move mates: end it with '#'"),
            CheckMarker { actual: "+", .. } => f.write_str("this move gives check: end it with '+'"),
            CheckMarker { given, .. } => write!(f, "this move gives no check: remove '{given}'"),
        }
    }
}

impl MoveError {
    /// The from-square as the text names it (for messages about the piece there).
    fn named_from_square(&self) -> String {
        let at = usize::from(self.text.starts_with(['K', 'Q', 'R', 'B', 'N']));
        Square::parse_prefix(&self.text[at..]).map_or_else(|_| "?".into(), |(s, _)| s.to_string())
    }
}

impl std::error::Error for MoveError {}

/// Reads a move in `pos` and checks it is legal. Errors name the character or marker at fault.
pub fn parse_move(pos: &Position, text: &str, strictness: Strictness) -> Result<Move, MoveError> {
    let fail = |kind: MoveErrorKind| MoveError {
        text: text.to_string(),
        kind,
    };
    use MoveErrorKind::*;
    if text.is_empty() {
        return Err(fail(Empty));
    }
    let bytes = text.as_bytes();
    let (letter, mut at) = match bytes[0] {
        b'K' | b'Q' | b'R' | b'B' | b'N' => (PieceKind::from_letter(bytes[0] as char), 1),
        b'P' => return Err(fail(PawnLetter)),
        _ => (None, 0),
    };
    let (from, used) = Square::parse_prefix(&text[at..]).map_err(|e| fail(FromSquare(e)))?;
    at += used;
    let capture_marker = match bytes.get(at) {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => return Err(fail(Separator(describe_char(text, at)))),
    };
    at += 1;
    let (to, used) = Square::parse_prefix(&text[at..]).map_err(|e| fail(ToSquare(e)))?;
    at += used;
    let rest = &text[at..];
    let (promotion_marker, rest) = match rest.strip_prefix("=") {
        Some(r) => match r.strip_prefix('Q') {
            Some(r2) => (true, r2),
            None => return Err(fail(PromotionNotQueen)),
        },
        None => (false, rest),
    };
    let check_given = match rest {
        "" => "",
        "+" => "+",
        "#" => "#",
        _ => return Err(fail(Trailing(rest.to_string()))),
    };

    let mv = Move::new(from, to);
    let piece = match pos.piece_at(from) {
        Some(p) if p.color == pos.side_to_move() => p,
        Some(p) => {
            return Err(fail(OpponentsPiece {
                kind: p.kind,
                owner: p.color,
            }));
        }
        None => return Err(fail(NoPiece(from))),
    };
    if let Some(kind) = letter {
        if kind != piece.kind {
            return Err(fail(WrongLetter {
                actual: piece.kind,
                claimed: kind,
            }));
        }
    } else if piece.kind != PieceKind::Pawn && strictness == Strictness::Record {
        return Err(fail(MissingLetter(piece.kind)));
    }
    if !pos.is_legal(mv) {
        return Err(fail(Illegal {
            kind: piece.kind,
            from,
            to,
        }));
    }
    let is_capture = pos.is_capture(mv);
    let bare = letter.is_none() && !capture_marker && !promotion_marker && check_given.is_empty();
    if strictness == Strictness::Lenient && bare {
        return Ok(mv);
    }
    if capture_marker != is_capture {
        return Err(fail(CaptureMarker {
            captures: is_capture,
            to,
        }));
    }
    let promotes = pos.is_promotion(mv);
    if promotion_marker != promotes && (strictness == Strictness::Record || promotion_marker) {
        return Err(fail(PromotionMarker { promotes }));
    }
    let actual = check_marker(pos, mv);
    if actual != check_given && (strictness == Strictness::Record || !check_given.is_empty()) {
        return Err(fail(CheckMarker {
            actual,
            given: check_given,
        }));
    }
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::rules::fen::Setup;

    #[test]
    fn formats_and_parses_the_sample_game() {
        let texts = ["Bb1@10-b1@01", "Rb4@01xb1@01", "Kc1@00xb1@01", "d3@11-d2@11"];
        let start = Setup::Classic.position();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in texts {
            let mv = parse_move(&pos, text, Strictness::Record).unwrap();
            assert_eq!(format_move(&pos, mv), text);
            pos.make(mv);
            moves.push(mv);
        }
        assert_eq!(format_moves(&start, &moves), texts);
    }

    #[test]
    fn bare_moves_are_lenient_only() {
        let pos = Setup::Classic.position();
        assert!(matches!(
            parse_move(&pos, "b1@10-b1@01", Strictness::Record),
            Err(MoveError {
                kind: MoveErrorKind::MissingLetter(PieceKind::Bishop),
                ..
            })
        ));
        let mv = parse_move(&pos, "b1[1,0]-b1[0,1]", Strictness::Lenient).unwrap();
        assert_eq!(format_move(&pos, mv), "Bb1@10-b1@01");
        assert!(
            parse_move(&pos, "b1@10-b1@01", Strictness::Record)
                .unwrap_err()
                .to_string()
                .contains("needs its letter B")
        );
        assert!(
            parse_move(&pos, "Bb1@10xb1@01", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("captures nothing")
        );
        assert!(
            parse_move(&pos, "Rb1@10-b1@01", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("not a rook")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b1@01+", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("no check")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b2@10", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("cannot legally")
        );
        assert!(
            parse_move(&pos, "b4@01-b3@01", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("Black's")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b1@01?", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("unexpected")
        );
        assert!(
            parse_move(&pos, "Bb1@10b1@01", Strictness::Lenient)
                .unwrap_err()
                .to_string()
                .contains("'-' or 'x'")
        );
    }
}
