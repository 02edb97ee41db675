//! Moves as PGN4 writes them: `Qg1-i3`, `h2-h3`, `Bi1xBa9` (the captured piece's letter, none
//! for a pawn), `k11xj12`, `O-O`, `O-O-O`, `d10-d11=Q`. Check and mate markers are the records'
//! (they need every king's state after the move) and are added by PGN4 export.

use super::board::PieceKind;
use super::moves::{Move, MoveKind};
use super::position::Position;

/// The move's text in `pos`, before it is played.
pub fn format_move(pos: &Position, mv: Move) -> String {
    match mv.kind {
        MoveKind::CastleKingSide => return "O-O".into(),
        MoveKind::CastleQueenSide => return "O-O-O".into(),
        _ => {}
    }
    let piece = pos.piece_at(mv.from).expect("format_move: a piece on the from-square");
    let mut text = String::with_capacity(12);
    if piece.kind != PieceKind::Pawn {
        text.push(piece.kind.letter());
    }
    text.push_str(&mv.from.to_string());
    match (mv.kind, pos.piece_at(mv.to)) {
        (MoveKind::EnPassant, _) => text.push('x'),
        (_, Some(captured)) => {
            text.push('x');
            if captured.kind != PieceKind::Pawn {
                text.push(captured.kind.letter());
            }
        }
        (_, None) => text.push('-'),
    }
    text.push_str(&mv.to.to_string());
    if let MoveKind::Promotion(kind) = mv.kind {
        text.push('=');
        text.push(kind.letter());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::position::Setup;
    use super::super::rules::Rules;
    use super::*;

    #[test]
    fn the_first_moves_read_as_records_write_them() {
        let pos = Setup::Modern.position();
        let texts: Vec<String> = pos
            .legal_moves(Rules::TEAMS)
            .iter()
            .map(|&m| format_move(&pos, m))
            .collect();
        assert!(texts.contains(&"h2-h3".to_string()) && texts.contains(&"h2-h4".to_string()));
        assert!(texts.contains(&"Ne1-f3".to_string()) && texts.contains(&"Nj1-k3".to_string()));
        assert_eq!(texts.len(), 20);
    }
}
