//! A four-player game to its end under any rule set: the turns (moves, resigning, timing out,
//! claiming the win), who left and why, every award of points, and the outcome — Teams' and the
//! Club's team wins and draws, FFA's final places. A seat that cannot move on its turn is dealt
//! with as the rules say (`Position::stuck`) before the next seat is asked.

use std::fmt;

use super::board::{PieceKind, Seat};
use super::moves::Move;
use super::notation::format_move;
use super::play::{Award, Exit, Reason, Stuck};
use super::position::{PerSeat, Position};
use super::rules::{RuleKind, Rules};

/// The most turns a game, and so a record, may hold, on import and export alike (chess.com games
/// end long before: 200 rounds are 800).
pub const MAX_PLIES: usize = 10_000;

/// What a seat did on its turn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Turn {
    Move(Move),
    /// `R`: resigned (also `R#`, resigning while in check).
    Resign,
    /// `T`: out of time (also `T#`).
    Timeout,
    /// FFA: the leader of the last two claims the win.
    ClaimWin,
}

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

    const fn name(self) -> &'static str {
        match self {
            Team::RedYellow => "Red and Yellow",
            Team::BlueGreen => "Blue and Green",
        }
    }
}

/// Why a team lost.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Loss {
    /// Teams: mated on its own turn.
    Mated(Seat),
    /// Club (and Teams under `both-mated`): both players mated.
    BothMated,
    Resigned(Seat),
    TimedOut(Seat),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Draw {
    /// Teams: the seat to move has no move and is not in check; Club: stalemated while the
    /// partner is frozen.
    Stalemate(Seat),
    Threefold,
    TwoHundredPlies,
    KingsOnly,
    /// Club: no seat can move (every one passes).
    NoMoves,
}

/// How an FFA game ended (places follow the points).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FfaEnd {
    /// Three players are out.
    LastOneIn(Seat),
    /// `first-mate`: the game ends at the first mate.
    FirstMate(Seat),
    /// The leader of the last two claimed the win (or it was claimed for them).
    Claimed(Seat),
    Draw(Draw),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win {
        team: Team,
        because: Loss,
    },
    Draw(Draw),
    /// FFA: the final place of each seat (1 = first; ties share a place).
    Places {
        places: PerSeat<u8>,
        because: FfaEnd,
    },
}

impl Outcome {
    /// PGN4's token: `1-0` Red and Yellow win, `0-1` Blue and Green win, `1/2-1/2` drawn; FFA
    /// writes the final points (`1-0` means nothing there) as `Red-Blue-Yellow-Green`.
    pub fn result_token(&self, points: PerSeat<u32>) -> String {
        match self {
            Outcome::Win {
                team: Team::RedYellow, ..
            } => "1-0".into(),
            Outcome::Win {
                team: Team::BlueGreen, ..
            } => "0-1".into(),
            Outcome::Draw(_) => "1/2-1/2".into(),
            Outcome::Places { .. } => points.map(|p| p.to_string()).join("-"),
        }
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Draw::Stalemate(s) => write!(f, "draw: {} is stalemated", s.name()),
            Draw::Threefold => f.write_str("draw by threefold repetition"),
            Draw::TwoHundredPlies => f.write_str("draw: 200 plies without a capture or pawn move"),
            Draw::KingsOnly => f.write_str("draw: only kings are left"),
            Draw::NoMoves => f.write_str("draw: no player can move"),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { team, because } => {
                let why = match because {
                    Loss::Mated(s) => format!("{} is checkmated", s.name()),
                    Loss::BothMated => format!("{} are both mated", team.other().name()),
                    Loss::Resigned(s) => format!("{} resigned", s.name()),
                    Loss::TimedOut(s) => format!("{} ran out of time", s.name()),
                };
                write!(f, "{} win: {why}", team.name())
            }
            Outcome::Draw(draw) => write!(f, "{draw}"),
            Outcome::Places { places, because } => {
                let mut order: Vec<Seat> = Seat::ALL.to_vec();
                order.sort_by_key(|s| places[s.index()]);
                let list: Vec<String> = order
                    .iter()
                    .map(|s| format!("{} {}", places[s.index()], s.name()))
                    .collect();
                let why = match because {
                    FfaEnd::LastOneIn(s) => format!("{} is the last one in", s.name()),
                    FfaEnd::FirstMate(s) => format!("first mate ({} is checkmated)", s.name()),
                    FfaEnd::Claimed(s) => format!("{} claimed the win", s.name()),
                    FfaEnd::Draw(d) => d.to_string(),
                };
                write!(f, "places {} ({why})", list.join(", "))
            }
        }
    }
}

/// Why a turn was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    Over(Outcome),
    Illegal(Move),
    /// A claim by a seat that may not claim (FFA, two left, more than 20 ahead).
    CannotClaim(Seat),
    /// The record holds as many turns as a PGN4 record may (`MAX_PLIES`): what could not
    /// be written down and read back is not played.
    RecordFull,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Over(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(m) => write!(f, "{}-{} is not a legal move here", m.from, m.to),
            PlayError::RecordFull => write!(f, "the record is full ({} turns)", MAX_PLIES),
            PlayError::CannotClaim(s) => write!(
                f,
                "{} cannot claim the win (FFA, two players left, more than 20 points ahead)",
                s.name()
            ),
        }
    }
}

/// A turn as the game keeps it: who, what, its record text, and what it set off.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    pub seat: Seat,
    pub turn: Turn,
    /// The move as PGN4 writes it, with `+` per king it checks and `#` per king it mates.
    pub text: String,
}

/// An award in the log: which turn (index into `turns`; `None` for the game's end) and what.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LoggedAward {
    pub turn: Option<usize>,
    pub award: Award,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    start: Position,
    position: Position,
    turns: Vec<Played>,
    /// The key of every position so far, the start's included (threefold repetition).
    keys: Vec<u64>,
    /// The legal moves of the seat to move, generated once per position.
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    /// Why each seat that left did so, and after how many turns.
    exits: PerSeat<Option<(Exit, usize)>>,
    awards: Vec<LoggedAward>,
    /// Seats the game put out on their own turn (stuck) since the last turn played: a record's
    /// `S` or `R#` written for them is theirs, not the next seat's.
    unwritten_exits: Vec<Seat>,
    /// The most turns played (a record's limit).
    max_turns: usize,
}

impl Game {
    pub fn new(rules: Rules, mut start: Position) -> Game {
        start.settle_start(rules);
        let mut game = Game {
            rules,
            keys: vec![start.key()],
            start: start.clone(),
            position: start,
            turns: Vec::new(),
            moves: Vec::new(),
            outcome: None,
            exits: [None; 4],
            awards: Vec::new(),
            unwritten_exits: Vec::new(),
            max_turns: MAX_PLIES,
        };
        game.settle();
        game
    }

    /// The same game with another turn limit (tests use a small one).
    pub fn with_turn_limit(mut self, max_turns: usize) -> Game {
        self.max_turns = max_turns;
        self
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The legal moves of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> &[Move] {
        if self.outcome.is_some() { &[] } else { &self.moves }
    }

    /// The key of every position so far, the start's first (for a search's repetition test).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    pub fn turns(&self) -> &[Played] {
        &self.turns
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// PGN4's `Result`: `*` while the game goes on.
    pub fn result_token(&self) -> String {
        self.outcome
            .map_or_else(|| "*".to_string(), |o| o.result_token(self.position.points))
    }

    /// Why `seat` left, if it did.
    pub fn exit(&self, seat: Seat) -> Option<Exit> {
        self.exits[seat.index()].map(|(e, _)| e)
    }

    pub fn awards(&self) -> &[LoggedAward] {
        &self.awards
    }

    /// The game as it stood after its first `turns` turns (the start for 0), replayed from the
    /// start: what review shows and what taking moves back leaves.
    pub fn after(&self, turns: usize) -> Game {
        let mut game = Game::new(self.rules, self.start.clone()).with_turn_limit(self.max_turns);
        for played in self.turns.iter().take(turns) {
            // Every turn here was played from this start under these rules: it plays again.
            if game.play(played.turn).is_err() {
                break;
            }
        }
        game
    }

    /// Takes the seats put out on their own turn since the last turn played (see the field).
    pub fn take_unwritten_exit(&mut self) -> Option<Seat> {
        (!self.unwritten_exits.is_empty()).then(|| self.unwritten_exits.remove(0))
    }

    /// Whether `seat` may claim the win now: FFA, two players left, `seat` one of them and more
    /// than 20 points ahead of the other.
    pub fn can_claim(&self, seat: Seat) -> bool {
        let pos = &self.position;
        let live: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| !pos.out[s.index()]).collect();
        self.rules.kind == RuleKind::Ffa
            && !self.rules.options.last_standing
            && self.outcome.is_none()
            && live.len() == 2
            && live.contains(&seat)
            && live
                .iter()
                .all(|&other| other == seat || pos.points[seat.index()] > pos.points[other.index()] + 20)
    }

    /// Plays the seat to move's turn: a move, leaving (resigning, timing out), or a claim.
    pub fn play(&mut self, turn: Turn) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::Over(o));
        }
        if self.turns.len() >= self.max_turns {
            return Err(PlayError::RecordFull);
        }
        let seat = self.position.turn;
        let index = self.turns.len();
        self.unwritten_exits.clear();
        let text = match turn {
            Turn::Move(mv) => {
                if !self.moves.contains(&mv) {
                    return Err(PlayError::Illegal(mv));
                }
                let mut text = format_move(&self.position, mv);
                let checked = self.position.kings_checked_by(self.rules, mv);
                let frozen = self.position.frozen;
                let undo = self.position.make(self.rules, mv);
                let mated = self.mated_by_move(&undo.events, frozen);
                let checks = Seat::ALL
                    .iter()
                    .filter(|s| checked[s.index()] && !mated[s.index()])
                    .count();
                text.push_str(&"+".repeat(checks));
                text.push_str(&"#".repeat(mated.iter().filter(|&&m| m).count()));
                self.log(Some(index), undo.events.awards());
                self.note_exits(undo.events.exits, index);
                self.keys.push(self.position.key());
                text
            }
            Turn::Resign | Turn::Timeout => {
                let exit = if turn == Turn::Resign {
                    Exit::Resigned
                } else {
                    Exit::TimedOut
                };
                let marker = if self.position.in_check(self.rules, seat) {
                    "#"
                } else {
                    ""
                };
                self.leave(seat, exit, index);
                format!("{}{marker}", if turn == Turn::Resign { "R" } else { "T" })
            }
            Turn::ClaimWin => {
                if !self.can_claim(seat) {
                    return Err(PlayError::CannotClaim(seat));
                }
                self.finish_ffa(FfaEnd::Claimed(seat));
                "C".into()
            }
        };
        self.turns.push(Played { seat, turn, text });
        self.settle();
        Ok(())
    }

    /// The kings a move just played mates: FFA's eliminated, Club's newly frozen, and in Teams
    /// a checked seat left with no legal move (its partner may still lift it before its turn).
    fn mated_by_move(&mut self, events: &super::play::Events, frozen_before: PerSeat<bool>) -> PerSeat<bool> {
        let rules = self.rules;
        let pos = &mut self.position;
        let mut scratch = Vec::new();
        Seat::ALL.map(|s| match rules.kind {
            RuleKind::Ffa => events.exits[s.index()] == Some(Exit::Mated),
            RuleKind::Club => pos.frozen[s.index()] && !frozen_before[s.index()],
            RuleKind::Teams => pos.live(s) && pos.in_check(rules, s) && !pos.has_legal_move(rules, s, &mut scratch),
        })
    }

    /// A seat resigns or runs out of time: with partners its team loses; in FFA it is out.
    fn leave(&mut self, seat: Seat, exit: Exit, index: usize) {
        if self.rules.kind == RuleKind::Ffa {
            let mut undo = self.position.undo_point();
            self.position.eliminate(seat, exit, &mut undo);
            self.position.turn = self.position.next_seat_in(seat);
        } else {
            self.position.out[seat.index()] = true;
            let because = if exit == Exit::Resigned {
                Loss::Resigned(seat)
            } else {
                Loss::TimedOut(seat)
            };
            self.outcome = Some(Outcome::Win {
                team: Team::of(seat).other(),
                because,
            });
        }
        self.exits[seat.index()] = Some((exit, index));
    }

    fn log(&mut self, turn: Option<usize>, awards: impl Iterator<Item = Award>) {
        self.awards.extend(awards.map(|award| LoggedAward { turn, award }));
    }

    fn note_exits(&mut self, exits: PerSeat<Option<Exit>>, index: usize) {
        for seat in Seat::ALL {
            if let Some(exit) = exits[seat.index()] {
                self.exits[seat.index()] = Some((exit, index));
            }
        }
    }

    /// After every turn: deal with seats that cannot move, then whether the game is over, then
    /// the moves of the seat to move.
    fn settle(&mut self) {
        let mut passes = 0;
        loop {
            if self.outcome.is_none() {
                self.outcome = self.decide();
            }
            if self.outcome.is_some() {
                self.moves.clear();
                return;
            }
            self.position.generate_legal(self.rules, &mut self.moves);
            if !self.moves.is_empty() {
                return;
            }
            let seat = self.position.turn;
            let in_check = self.position.in_check(self.rules, seat);
            passes += 1;
            if passes > 4 {
                self.outcome = Some(Outcome::Draw(Draw::NoMoves));
                continue;
            }
            let index = self.turns.len();
            match self.position.stuck(self.rules) {
                Stuck::Passed(undo) | Stuck::Ended(undo) => {
                    self.log(Some(index.saturating_sub(1)), undo.events.awards());
                    self.note_exits(undo.events.exits, index);
                    if undo.events.exits[seat.index()].is_some() {
                        self.unwritten_exits.push(seat);
                    }
                }
                Stuck::Over => self.outcome = Some(self.stuck_end(seat, in_check)),
            }
        }
    }

    /// The end when the seat to move cannot move and the rules end the game there as it stands:
    /// Teams' mate or stalemate on the seat's own turn, the Club's stalemate beside a frozen partner.
    fn stuck_end(&self, seat: Seat, in_check: bool) -> Outcome {
        match self.rules.kind {
            RuleKind::Teams if in_check => Outcome::Win {
                team: Team::of(seat).other(),
                because: Loss::Mated(seat),
            },
            _ => Outcome::Draw(Draw::Stalemate(seat)),
        }
    }

    /// The end, if the position reached is one.
    fn decide(&mut self) -> Option<Outcome> {
        let pos = &self.position;
        let rules = self.rules;
        if rules.kind == RuleKind::Ffa {
            let live: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| !pos.out[s.index()]).collect();
            if live.len() <= 1 {
                let last = live.first().copied().unwrap_or(pos.turn);
                return Some(self.finish_ffa(FfaEnd::LastOneIn(last)));
            }
            if rules.options.first_mate
                && let Some(mated) = Seat::ALL.into_iter().find(|&s| self.exit(s) == Some(Exit::Mated))
            {
                return Some(self.finish_ffa(FfaEnd::FirstMate(mated)));
            }
            if rules.options.auto_claim
                && let Some(&leader) = live.iter().find(|&&s| self.can_claim(s))
            {
                return Some(self.finish_ffa(FfaEnd::Claimed(leader)));
            }
        } else if pos.is_over(rules) {
            let beaten = [Team::RedYellow, Team::BlueGreen].into_iter().find(|&t| {
                Seat::ALL
                    .iter()
                    .filter(|s| Team::of(**s) == t)
                    .all(|s| pos.out[s.index()] || pos.frozen[s.index()])
            })?;
            return Some(Outcome::Win {
                team: beaten.other(),
                because: Loss::BothMated,
            });
        }
        let draw = self.draw_rule()?;
        Some(match rules.kind {
            RuleKind::Ffa => self.finish_ffa(FfaEnd::Draw(draw)),
            _ => Outcome::Draw(draw),
        })
    }

    /// Threefold repetition, 200 plies without a capture or pawn move, kings alone.
    fn draw_rule(&self) -> Option<Draw> {
        let pos = &self.position;
        let key = pos.key();
        if self.keys.iter().filter(|&&k| k == key).count() >= 3 {
            return Some(Draw::Threefold);
        }
        if pos.halfmove >= 200 {
            return Some(Draw::TwoHundredPlies);
        }
        if pos.placements().all(|(_, p)| p.kind == PieceKind::King) {
            return Some(Draw::KingsOnly);
        }
        None
    }

    /// Ends an FFA game: a draw gives 10 to each player still in; places follow the points
    /// (under `last-standing`, who stayed longest), ties broken by who stayed in longer.
    fn finish_ffa(&mut self, because: FfaEnd) -> Outcome {
        let pos = &mut self.position;
        if let FfaEnd::Draw(_) = because
            && !self.rules.options.last_standing
        {
            for seat in Seat::ALL.into_iter().filter(|s| !pos.out[s.index()]) {
                pos.points[seat.index()] += 10;
                let award = Award {
                    seat,
                    points: 10,
                    reason: Reason::Draw,
                };
                self.awards.push(LoggedAward { turn: None, award });
            }
        }
        let stayed = |s: Seat| self.exits[s.index()].map_or(usize::MAX, |(_, at)| at);
        let rank = |s: Seat| {
            let points = if self.rules.options.last_standing {
                0
            } else {
                self.position.points[s.index()]
            };
            (points, stayed(s))
        };
        let places = Seat::ALL.map(|s| 1 + Seat::ALL.iter().filter(|&&o| rank(o) > rank(s)).count() as u8);
        let outcome = Outcome::Places { places, because };
        self.outcome = Some(outcome);
        outcome
    }
}
