//! A four-player game: the moves and leaves of each seat, and, under Teams rules, the end — a
//! seat that must move while mated loses for its team, a stalemated seat draws the game, a seat
//! that resigns or runs out of time loses for its team; threefold repetition, 200 plies without
//! a capture or pawn move, and kings alone are draws. FFA games move and players leave, but
//! their points, eliminations and end are still to come, as are Club's frozen armies.

use std::fmt;

use super::board::{PieceKind, Seat};
use super::movegen::{RuleKind, Rules};
use super::moves::Move;
use super::pgn4::Turn;
use super::position::Position;

/// Red and Yellow against Blue and Green.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Team {
    RedYellow,
    BlueGreen,
}

impl Team {
    pub const fn of(seat: Seat) -> Team {
        match seat {
            Seat::Red | Seat::Yellow => Team::RedYellow,
            Seat::Blue | Seat::Green => Team::BlueGreen,
        }
    }

    const fn other(self) -> Team {
        match self {
            Team::RedYellow => Team::BlueGreen,
            Team::BlueGreen => Team::RedYellow,
        }
    }
}

/// Why a team lost.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Loss {
    Mated(Seat),
    Resigned(Seat),
    TimedOut(Seat),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Draw {
    Stalemate(Seat),
    Threefold,
    TwoHundredPlies,
    KingsOnly,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win { team: Team, because: Loss },
    Draw(Draw),
}

impl Outcome {
    /// PGN4's token: `1-0` Red and Yellow win, `0-1` Blue and Green win, `1/2-1/2` drawn.
    pub const fn result_token(self) -> &'static str {
        match self {
            Outcome::Win {
                team: Team::RedYellow, ..
            } => "1-0",
            Outcome::Win {
                team: Team::BlueGreen, ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let team = |t: Team| match t {
            Team::RedYellow => "Red and Yellow",
            Team::BlueGreen => "Blue and Green",
        };
        match *self {
            Outcome::Win { team: t, because } => {
                let why = match because {
                    Loss::Mated(s) => format!("{} is checkmated", s.name()),
                    Loss::Resigned(s) => format!("{} resigned", s.name()),
                    Loss::TimedOut(s) => format!("{} ran out of time", s.name()),
                };
                write!(f, "{} win: {why}", team(t))
            }
            Outcome::Draw(Draw::Stalemate(s)) => write!(f, "draw: {} is stalemated", s.name()),
            Outcome::Draw(Draw::Threefold) => f.write_str("draw by threefold repetition"),
            Outcome::Draw(Draw::TwoHundredPlies) => f.write_str("draw: 200 plies without a capture or pawn move"),
            Outcome::Draw(Draw::KingsOnly) => f.write_str("draw: only kings are left"),
        }
    }
}

/// Why a turn was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    Over(Outcome),
    Illegal(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Over(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(m) => write!(f, "{}-{} is not a legal move here", m.from, m.to),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    position: Position,
    turns: Vec<(Seat, Turn)>,
    /// The key of every position so far, the start's included (threefold repetition).
    keys: Vec<u64>,
    /// The legal moves of the seat to move, generated once per position: the end, the check
    /// of a move played and a record's reader all ask for them.
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    pub fn new(rules: Rules, start: Position) -> Game {
        let mut game = Game {
            rules,
            keys: vec![start.key()],
            position: start,
            turns: Vec::new(),
            moves: Vec::new(),
            outcome: None,
        };
        game.settle();
        game
    }

    /// The legal moves of the seat to move.
    pub fn legal_moves(&self) -> &[Move] {
        &self.moves
    }

    /// After every turn: the new position's moves, then whether it ends the game.
    fn settle(&mut self) {
        self.moves = self.position.legal_moves_in_place(self.rules);
        self.outcome = self.outcome.or_else(|| self.decide());
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn turns(&self) -> &[(Seat, Turn)] {
        &self.turns
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays the seat to move's turn: a move, or leaving (resigning, timing out).
    pub fn play(&mut self, turn: Turn) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::Over(o));
        }
        let seat = self.position.turn;
        let team = Team::of(seat).other();
        let teams = self.rules.kind == RuleKind::Teams;
        match turn {
            Turn::Move(mv) => {
                if !self.moves.contains(&mv) {
                    return Err(PlayError::Illegal(mv));
                }
                self.position.make(self.rules, mv);
                self.keys.push(self.position.key());
            }
            Turn::Resign if teams => {
                self.outcome = Some(Outcome::Win {
                    team,
                    because: Loss::Resigned(seat),
                })
            }
            Turn::Timeout if teams => {
                self.outcome = Some(Outcome::Win {
                    team,
                    because: Loss::TimedOut(seat),
                })
            }
            // A stalemated seat (chess.com writes `S`) draws a Teams game.
            Turn::Stalemated if teams => self.outcome = Some(Outcome::Draw(Draw::Stalemate(seat))),
            Turn::Resign | Turn::Timeout | Turn::Stalemated => {}
        }
        if !matches!(turn, Turn::Move(_)) {
            // The seat leaves; the turn passes to the next seat still in.
            self.position.out[seat.index()] = true;
            self.position.turn = self.position.next_seat_in(seat);
        }
        self.turns.push((seat, turn));
        self.settle();
        Ok(())
    }

    /// The end, if the position reached is one: the seat to move mated or stalemated (on its
    /// own turn, so a partner had the chance to lift it), or a draw rule.
    fn decide(&self) -> Option<Outcome> {
        if self.rules.kind != RuleKind::Teams {
            return None;
        }
        let pos = &self.position;
        let seat = pos.turn;
        if self.moves.is_empty() {
            return Some(if pos.in_check(self.rules, seat) {
                Outcome::Win {
                    team: Team::of(seat).other(),
                    because: Loss::Mated(seat),
                }
            } else {
                Outcome::Draw(Draw::Stalemate(seat))
            });
        }
        let key = pos.key();
        if self.keys.iter().filter(|&&k| k == key).count() >= 3 {
            return Some(Outcome::Draw(Draw::Threefold));
        }
        if pos.halfmove >= 200 {
            return Some(Outcome::Draw(Draw::TwoHundredPlies));
        }
        if pos.placements().all(|(_, p)| p.kind == PieceKind::King) {
            return Some(Outcome::Draw(Draw::KingsOnly));
        }
        None
    }
}
