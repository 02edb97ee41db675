//! A game: the starting position, the moves played, and the outcome rules that need history
//! (threefold repetition) on top of those that need only the position.

use super::fen::{MAX_FULLMOVE, Setup};
use super::position::{Position, Undo};
use super::square::{Color, Move};
use std::fmt;

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Checkmate { winner: Color },
    Stalemate,
    Threefold,
    HundredPly,
    BareKings,
}

impl Outcome {
    /// The PGN result token.
    pub fn result_token(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Color::White } => "1-0",
            Outcome::Checkmate { winner: Color::Black } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The reason word the command line prints.
    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::Threefold => "threefold",
            Outcome::HundredPly => "hundred-ply",
            Outcome::BareKings => "bare-kings",
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// What `color` scored: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score_for(self, color: Color) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(winner) if winner == color => 1.0,
            Some(_) => 0.0,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{} wins by checkmate", winner.name()),
            Outcome::Stalemate => write!(f, "draw by stalemate"),
            Outcome::Threefold => write!(f, "draw by threefold repetition"),
            Outcome::HundredPly => write!(f, "draw: 100 plies without a pawn move or capture"),
            Outcome::BareKings => write!(f, "draw: only the two kings are left"),
        }
    }
}

/// The outcome rules that the position alone decides, in order of precedence: mate first.
/// `repetitions` is how often this position has occurred (1 when unknown).
pub fn outcome_of(position: &Position, repetitions: usize) -> Option<Outcome> {
    // A placement without both kings (the reach explorer's lone pieces) is no game: nothing ends it.
    if Color::ALL.iter().any(|&c| position.king_square(c).is_none()) {
        return None;
    }
    if position.count_legal_moves() == 0 {
        return Some(if position.in_check() {
            Outcome::Checkmate {
                winner: position.side_to_move().opponent(),
            }
        } else {
            Outcome::Stalemate
        });
    }
    if repetitions >= 3 {
        return Some(Outcome::Threefold);
    }
    if position.halfmove_clock() >= 100 {
        return Some(Outcome::HundredPly);
    }
    if position.has_only_kings() {
        return Some(Outcome::BareKings);
    }
    None
}

/// Why a move was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    GameOver(Outcome),
    Illegal(Move),
    /// The record holds `MAX_PLIES` moves, or the move would take the move number past
    /// FEN4D's 1,000,000: what could not be written down and read back is not played.
    RecordFull,
}

/// The most plies a game record holds (PGN4D import accepts no more).
pub const MAX_PLIES: usize = 4096;

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(m) => write!(f, "{m} is not a legal move here"),
            PlayError::RecordFull => write!(
                f,
                "the game record is full ({MAX_PLIES} plies, or move number {MAX_FULLMOVE})"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// Keys of every position so far, the start included.
    keys: Vec<u64>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            keys: vec![start.key()],
            position: start.clone(),
            start,
            moves: Vec::new(),
            undos: Vec::new(),
        }
    }

    pub fn from_setup(setup: Setup) -> Game {
        Game::new(setup.position())
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Zobrist keys of every position so far, the start first and the current one last.
    pub fn history_keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position (placement and side to move) has occurred. Only the
    /// positions since the last pawn move or capture can match it.
    pub fn repetitions(&self) -> usize {
        let key = self.position.key();
        let window = (self.position.halfmove_clock() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .filter(|&&k| k == key)
            .count()
    }

    /// The result, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        outcome_of(&self.position, self.repetitions())
    }

    /// Plays `mv` if the game is still going and the move is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.position.is_legal(mv) {
            return Err(PlayError::Illegal(mv));
        }
        let last_number =
            self.position.side_to_move() == Color::Black && self.position.fullmove_number() >= MAX_FULLMOVE;
        if self.moves.len() >= MAX_PLIES || last_number {
            return Err(PlayError::RecordFull);
        }
        let undo = self.position.make(mv);
        self.moves.push(mv);
        self.undos.push(undo);
        self.keys.push(self.position.key());
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop().expect("one undo per move");
        self.keys.pop();
        self.position.unmake(mv, undo);
        Some(mv)
    }

    /// The position after the first `ply` moves (for reviewing a game).
    pub fn position_after(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &mv in self.moves.iter().take(ply) {
            pos.make(mv);
        }
        pos
    }
}
