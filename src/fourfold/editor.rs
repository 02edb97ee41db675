//! Setting up a 4D position by hand: pieces placed and removed square by square, the side to
//! move chosen, and the verdict on the result the FEN4D reader would give it (one king a side,
//! no pawn on its last rank, the side not to move not in check). The app draws it and plays or
//! analyses it once it is legal.

use super::rules::{Color, Piece, PieceKind, Position, Setup, Square};

/// What a click on a square does in the editor.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Brush {
    /// Puts this piece there (a click on the same piece takes it away).
    Place(Piece),
    /// Empties the square.
    Erase,
}

/// A position being set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Editor {
    position: Position,
    pub brush: Brush,
    /// Bumped by every change, so the board knows to follow.
    version: u64,
}

impl Editor {
    /// Starts from `position` (the game's, or a setup), with a White queen in hand.
    pub fn new(position: Position) -> Editor {
        let mut position = position;
        // A set-up position starts its own game: its clocks start afresh.
        position.set_clocks(0, 1);
        Editor {
            position,
            brush: Brush::Place(Piece::new(Color::White, PieceKind::Queen)),
            version: 0,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// A click on `square` with the brush in hand: the piece goes there, or (the same piece
    /// already there, or the eraser) the square empties.
    pub fn apply(&mut self, square: Square) {
        match self.brush {
            Brush::Place(piece) if self.position.piece_at(square) != Some(piece) => self.position.put(square, piece),
            _ => {
                self.position.remove(square);
            }
        }
        self.version += 1;
    }

    /// Empties `square` (right-click, Delete).
    pub fn erase(&mut self, square: Square) {
        if self.position.remove(square).is_some() {
            self.version += 1;
        }
    }

    pub fn set_side_to_move(&mut self, side: Color) {
        if self.position.side_to_move() != side {
            self.position.set_side_to_move(side);
            self.version += 1;
        }
    }

    /// Every piece taken off.
    pub fn clear(&mut self) {
        let side = self.position.side_to_move();
        self.position = Position::empty();
        self.position.set_side_to_move(side);
        self.version += 1;
    }

    /// A setup's array, its side to move kept.
    pub fn reset(&mut self, setup: Setup) {
        let side = self.position.side_to_move();
        self.position = setup.position();
        self.position.set_side_to_move(side);
        self.version += 1;
    }

    /// The position as FEN4D (whether or not it is legal).
    pub fn fen(&self) -> String {
        self.position.to_fen()
    }

    /// The position, when it can be played: the FEN4D reader's verdict on it, its message when
    /// it cannot.
    pub fn playable(&self) -> Result<Position, String> {
        Position::from_fen(&self.fen()).map_err(|e| e.to_string())
    }

    /// A link that opens the position in the browser build: `?fen=` and the FEN4D, its spaces,
    /// slashes and bars escaped as a URL query needs.
    pub fn link(&self, page: &str) -> String {
        let escaped: String = self
            .fen()
            .chars()
            .map(|c| match c {
                ' ' => "%20".to_string(),
                '/' => "%2F".to_string(),
                '|' => "%7C".to_string(),
                c => c.to_string(),
            })
            .collect();
        format!("{page}?fen={escaped}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn kings_only() -> Editor {
        let mut editor = Editor::new(Position::empty());
        editor.brush = Brush::Place(Piece::new(Color::White, PieceKind::King));
        editor.apply(sq("a1[0,0]"));
        editor.brush = Brush::Place(Piece::new(Color::Black, PieceKind::King));
        editor.apply(sq("d4[1,1]"));
        editor
    }

    #[test]
    fn an_empty_board_is_refused_with_the_readers_message() {
        let editor = Editor::new(Position::empty());
        let why = editor.playable().unwrap_err();
        assert!(why.contains("White") && why.contains("king"), "{why}");
    }

    #[test]
    fn two_kings_make_a_playable_position() {
        let editor = kings_only();
        let position = editor.playable().unwrap();
        assert_eq!(
            position.piece_at(sq("a1[0,0]")),
            Some(Piece::new(Color::White, PieceKind::King))
        );
        assert_eq!(position.side_to_move(), Color::White);
        assert_eq!(editor.version(), 2);
    }

    #[test]
    fn the_same_piece_again_takes_it_away_and_the_eraser_empties() {
        let mut editor = kings_only();
        editor.brush = Brush::Place(Piece::new(Color::White, PieceKind::Rook));
        editor.apply(sq("b2[0,0]"));
        assert!(editor.position().piece_at(sq("b2[0,0]")).is_some());
        editor.apply(sq("b2[0,0]"));
        assert_eq!(editor.position().piece_at(sq("b2[0,0]")), None);
        editor.brush = Brush::Erase;
        editor.apply(sq("d4[1,1]"));
        assert!(editor.playable().unwrap_err().contains("Black"));
    }

    #[test]
    fn a_pawn_on_its_last_rank_and_a_side_left_in_check_are_named() {
        let mut editor = kings_only();
        editor.brush = Brush::Place(Piece::new(Color::White, PieceKind::Pawn));
        editor.apply(sq("b4[0,0]"));
        let why = editor.playable().unwrap_err();
        assert!(why.contains("b4[0,0]"), "{why}");
        editor.erase(sq("b4[0,0]"));
        // A White rook on Black's king's line, with White to move: Black is in check and not
        // to move, which cannot be.
        editor.brush = Brush::Place(Piece::new(Color::White, PieceKind::Rook));
        editor.apply(sq("d1[1,1]"));
        assert!(editor.playable().is_err());
        editor.set_side_to_move(Color::Black);
        assert_eq!(editor.playable().unwrap().side_to_move(), Color::Black);
    }

    #[test]
    fn the_link_and_the_fen_read_back() {
        let mut editor = Editor::new(Setup::Classic.position());
        editor.set_side_to_move(Color::Black);
        let link = editor.link("https://example.org/");
        let fen = link
            .split("?fen=")
            .nth(1)
            .unwrap()
            .replace("%20", " ")
            .replace("%2F", "/")
            .replace("%7C", "|");
        assert_eq!(Position::from_fen(&fen).unwrap(), editor.playable().unwrap());
        assert!(!link.contains(' ') && !link.contains('|'));
    }

    #[test]
    fn clear_and_reset_keep_the_side_to_move() {
        let mut editor = kings_only();
        editor.set_side_to_move(Color::Black);
        editor.clear();
        assert_eq!(editor.position().placements().count(), 0);
        assert_eq!(editor.position().side_to_move(), Color::Black);
        editor.reset(Setup::Classic);
        assert_eq!(editor.position().side_to_move(), Color::Black);
        assert!(editor.playable().is_ok());
    }
}
