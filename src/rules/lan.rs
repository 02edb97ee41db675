//! LAN4D move text: `[Piece]From[-|x]To[=Q][+|#]`, e.g. `Ra1@00-a1@01`, `d2@11xc1@11=Q+`.

use super::position::Position;
use super::square::{Move, PieceKind, Square, describe_char};

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

/// Reads a move in `pos` and checks it is legal. Errors name the character or marker at fault.
pub fn parse_move(pos: &Position, text: &str, strictness: Strictness) -> Result<Move, String> {
    if text.is_empty() {
        return Err("empty move".into());
    }
    let bytes = text.as_bytes();
    let (letter, mut at) = match bytes[0] {
        b'K' | b'Q' | b'R' | b'B' | b'N' => (PieceKind::from_letter(bytes[0] as char), 1),
        b'P' => {
            return Err(format!(
                "'{text}': pawn moves take no letter (write the from-square only)"
            ));
        }
        _ => (None, 0),
    };
    let (from, used) = Square::parse_prefix(&text[at..]).map_err(|e| format!("'{text}': from-square: {e}"))?;
    at += used;
    let capture_marker = match bytes.get(at) {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => {
            return Err(format!(
                "'{text}': expected '-' or 'x' after the from-square, found {}",
                describe_char(text, at)
            ));
        }
    };
    at += 1;
    let (to, used) = Square::parse_prefix(&text[at..]).map_err(|e| format!("'{text}': to-square: {e}"))?;
    at += used;
    let rest = &text[at..];
    let (promotion_marker, rest) = match rest.strip_prefix("=") {
        Some(r) => match r.strip_prefix('Q') {
            Some(r2) => (true, r2),
            None => return Err(format!("'{text}': promotion is always to a queen: write '=Q'")),
        },
        None => (false, rest),
    };
    let check_given = match rest {
        "" => "",
        "+" => "+",
        "#" => "#",
        _ => {
            return Err(format!(
                "'{text}': unexpected '{rest}' after the move (only '+' or '#' may follow)"
            ));
        }
    };

    let mv = Move::new(from, to);
    let piece = match pos.piece_at(from) {
        Some(p) if p.color == pos.side_to_move() => p,
        Some(p) => {
            return Err(format!(
                "'{text}': the {} on {from} is {}'s, but {} is to move",
                p.kind.name(),
                p.color.name(),
                pos.side_to_move().name()
            ));
        }
        None => return Err(format!("'{text}': there is no piece on {from}")),
    };
    if let Some(kind) = letter {
        if kind != piece.kind {
            return Err(format!(
                "'{text}': the piece on {from} is a {}, not a {}",
                piece.kind.name(),
                kind.name()
            ));
        }
    } else if piece.kind != PieceKind::Pawn && strictness == Strictness::Record {
        return Err(format!(
            "'{text}': the {} on {from} needs its letter {}",
            piece.kind.name(),
            piece.kind.letter()
        ));
    }
    if !pos.is_legal(mv) {
        return Err(format!(
            "'{text}': the {} on {from} cannot legally move to {to}",
            piece.kind.name()
        ));
    }
    let is_capture = pos.is_capture(mv);
    let bare = letter.is_none() && !capture_marker && !promotion_marker && check_given.is_empty();
    if strictness == Strictness::Lenient && bare {
        return Ok(mv);
    }
    if capture_marker != is_capture {
        return Err(if is_capture {
            format!("'{text}': this move captures on {to}: write 'x', not '-'")
        } else {
            format!("'{text}': this move captures nothing: write '-', not 'x'")
        });
    }
    let promotes = pos.is_promotion(mv);
    if promotion_marker != promotes && (strictness == Strictness::Record || promotion_marker) {
        return Err(if promotes {
            format!("'{text}': this pawn promotes: add '=Q'")
        } else {
            format!("'{text}': this move is no promotion: remove '=Q'")
        });
    }
    let actual = check_marker(pos, mv);
    if actual != check_given && (strictness == Strictness::Record || !check_given.is_empty()) {
        return Err(match actual {
            "#" => format!("'{text}': this move mates: end it with '#'"),
            "+" => format!("'{text}': this move gives check: end it with '+'"),
            _ => format!("'{text}': this move gives no check: remove '{check_given}'"),
        });
    }
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fen::Setup;

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
        let mv = parse_move(&pos, "b1[1,0]-b1[0,1]", Strictness::Lenient).unwrap();
        assert_eq!(format_move(&pos, mv), "Bb1@10-b1@01");
        assert!(
            parse_move(&pos, "b1@10-b1@01", Strictness::Record)
                .unwrap_err()
                .contains("needs its letter B")
        );
        assert!(
            parse_move(&pos, "Bb1@10xb1@01", Strictness::Lenient)
                .unwrap_err()
                .contains("captures nothing")
        );
        assert!(
            parse_move(&pos, "Rb1@10-b1@01", Strictness::Lenient)
                .unwrap_err()
                .contains("not a rook")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b1@01+", Strictness::Lenient)
                .unwrap_err()
                .contains("no check")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b2@10", Strictness::Lenient)
                .unwrap_err()
                .contains("cannot legally")
        );
        assert!(
            parse_move(&pos, "b4@01-b3@01", Strictness::Lenient)
                .unwrap_err()
                .contains("Black's")
        );
        assert!(
            parse_move(&pos, "Bb1@10-b1@01?", Strictness::Lenient)
                .unwrap_err()
                .contains("unexpected")
        );
        assert!(
            parse_move(&pos, "Bb1@10b1@01", Strictness::Lenient)
                .unwrap_err()
                .contains("'-' or 'x'")
        );
    }
}
