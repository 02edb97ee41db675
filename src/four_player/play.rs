//! A turn and what it sets off, under each rule set: FFA's points (captures, mates, double and
//! triple checks) and immediate mates that turn armies grey; Club's mates worked out again; the
//! turn passing to the next seat that moves. A seat with no legal move on its turn is `stuck`:
//! FFA puts it out (stalemate scores it 20), Club makes it pass, Teams ends the game (or, under
//! `both-mated`, greys a mated army). Perft counts through all of it.

use super::board::{Owner, Piece, PieceKind, Seat, Square};
use super::checks_seen::{ChecksSeen, Touched};
use super::movegen::MoveUndo;
use super::moves::Move;
use super::position::{PerSeat, Position};
use super::rules::{RuleKind, Rules};

/// Why a seat left the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Exit {
    Mated,
    Stalemated,
    Resigned,
    TimedOut,
    /// `capture-king`: its king was taken.
    KingCaptured,
}

impl Exit {
    pub const fn describe(self) -> &'static str {
        match self {
            Exit::Mated => "checkmated",
            Exit::Stalemated => "stalemated",
            Exit::Resigned => "resigned",
            Exit::TimedOut => "out of time",
            Exit::KingCaptured => "king captured",
        }
    }
}

/// What earned points (FFA).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// Took this piece (its worth: 1, 3, 5, 9; a one-point queen 1; a king under `capture-king` 20).
    Capture(Piece),
    Checkmate(Seat),
    /// A move that checked two kings (with `true`: a queen gave one of the checks).
    DoubleCheck {
        queen: bool,
    },
    TripleCheck {
        queen: bool,
    },
    Stalemated,
    /// A draw: 10 to each player still in.
    Draw,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Award {
    pub seat: Seat,
    pub points: u32,
    pub reason: Reason,
}

/// The most awards one turn can make: a capture, three mates, one check bonus.
const MAX_AWARDS: usize = 5;

/// What a turn set off: points awarded and seats that left, in order.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Events {
    awards: [Option<Award>; MAX_AWARDS],
    pub exits: PerSeat<Option<Exit>>,
}

impl Events {
    fn award(&mut self, award: Award) {
        if let Some(slot) = self.awards.iter_mut().find(|a| a.is_none()) {
            *slot = Some(award);
        }
    }

    pub fn awards(&self) -> impl Iterator<Item = Award> + '_ {
        self.awards.iter().flatten().copied()
    }
}

/// All a turn changed: enough to take it back.
#[derive(Clone, Debug)]
pub struct Undo {
    moved: Option<MoveUndo>,
    turn: Seat,
    out: PerSeat<bool>,
    frozen: PerSeat<bool>,
    checks_seen: ChecksSeen,
    points: PerSeat<u32>,
    en_passant: PerSeat<Option<(Square, Square)>>,
    /// The pieces an elimination turned grey, as they were.
    greyed: Vec<(Square, Piece)>,
    pub events: Events,
}

/// What happens to a seat with no legal move on its turn.
pub enum Stuck {
    /// The game is over as it stands (nothing changed).
    Over,
    /// The seat left, and that ended the game (its exit is applied; `unstick` takes it back).
    Ended(Undo),
    /// The seat passes or leaves, and the game goes on with the next seat.
    Passed(Undo),
}

impl Position {
    /// Plays a legal `mv` for the seat to move and all it sets off; the turn passes on.
    pub fn make(&mut self, rules: Rules, mv: Move) -> Undo {
        let mover = self.turn;
        let mut undo = self.undo_point();
        let checks_before = match rules.kind {
            RuleKind::Club => self.checked_seats(),
            _ => None,
        };
        let moved = self.make_move(rules, mv);
        match rules.kind {
            RuleKind::Ffa => self.ffa_after_move(rules, mover, &moved, &mut undo),
            RuleKind::Club => {
                let known = checks_before.zip(Touched::by(mv, &moved));
                self.work_out_mates_after(rules, known, &mut Vec::new());
            }
            RuleKind::Teams => {}
        }
        undo.moved = Some(moved);
        self.turn = self.next_seat_in(mover);
        undo
    }

    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.restore(&undo);
        if let Some(moved) = undo.moved {
            self.unmake_move(mv, moved);
        }
    }

    /// The seat to move has no legal move: what that means under `rules`.
    pub fn stuck(&mut self, rules: Rules) -> Stuck {
        let seat = self.turn;
        let in_check = self.in_check(rules, seat);
        let mut undo = self.undo_point();
        match rules.kind {
            RuleKind::Teams if rules.options.both_mated && in_check => {
                self.eliminate(seat, Exit::Mated, &mut undo);
            }
            RuleKind::Teams => return Stuck::Over,
            RuleKind::Ffa => {
                let exit = if in_check { Exit::Mated } else { Exit::Stalemated };
                if exit == Exit::Stalemated && !rules.options.last_standing {
                    self.score(seat, 20, Reason::Stalemated, &mut undo);
                }
                self.eliminate(seat, exit, &mut undo);
            }
            // A stalemated player passes, unless the partner is frozen: then it is a draw.
            RuleKind::Club if self.frozen[seat.partner().index()] => return Stuck::Over,
            RuleKind::Club => {}
        }
        self.turn = self.next_seat_in(seat);
        if self.is_over(rules) {
            return Stuck::Ended(undo);
        }
        Stuck::Passed(undo)
    }

    pub fn unstick(&mut self, undo: Undo) {
        self.restore(&undo);
    }

    /// Whether the position ends the game by who is left: FFA with one player in, a team with both players out or frozen, Teams with anyone out.
    pub fn is_over(&self, rules: Rules) -> bool {
        let gone = |s: Seat| self.out[s.index()] || self.frozen[s.index()];
        match rules.kind {
            RuleKind::Ffa => Seat::ALL.iter().filter(|&&s| !gone(s)).count() <= 1,
            RuleKind::Teams if !rules.options.both_mated => Seat::ALL.iter().any(|&s| gone(s)),
            RuleKind::Teams | RuleKind::Club => [Seat::Red, Seat::Blue].iter().any(|&s| gone(s) && gone(s.partner())),
        }
    }

    /// The next seat after `seat` that moves: not out, not frozen (itself if there is none).
    pub fn next_seat_in(&self, seat: Seat) -> Seat {
        let mut next = seat.next();
        while !self.live(next) && next != seat {
            next = next.next();
        }
        next
    }

    /// A seat leaves: out, and (but in Club, where nobody leaves without ending the game) its
    /// army turns grey.
    pub(super) fn eliminate(&mut self, seat: Seat, exit: Exit, undo: &mut Undo) {
        self.out[seat.index()] = true;
        self.frozen[seat.index()] = false;
        undo.events.exits[seat.index()] = Some(exit);
        let army: Vec<(Square, Piece)> = self
            .placements()
            .filter(|(_, p)| p.owner == Owner::Seat(seat))
            .collect();
        for (square, piece) in army {
            self.put(
                square,
                Piece {
                    owner: Owner::Grey,
                    ..piece
                },
            );
            undo.greyed.push((square, piece));
        }
        self.en_passant[seat.index()] = None;
    }

    /// The state a turn's consequences may change, before they do.
    pub(super) fn undo_point(&self) -> Undo {
        Undo {
            moved: None,
            turn: self.turn,
            out: self.out,
            frozen: self.frozen,
            checks_seen: self.checks_seen,
            points: self.points,
            en_passant: self.en_passant,
            greyed: Vec::new(),
            events: Events::default(),
        }
    }

    /// Takes back a turn's consequences (not the move's pieces: `unmake_move` does that).
    fn restore(&mut self, undo: &Undo) {
        for &(square, piece) in undo.greyed.iter().rev() {
            self.put(square, piece);
        }
        self.turn = undo.turn;
        self.out = undo.out;
        self.frozen = undo.frozen;
        self.checks_seen = undo.checks_seen;
        self.points = undo.points;
        self.en_passant = undo.en_passant;
    }

    fn score(&mut self, seat: Seat, points: u32, reason: Reason, undo: &mut Undo) {
        self.points[seat.index()] = self.points[seat.index()].saturating_add(points);
        undo.events.award(Award { seat, points, reason });
    }

    /// FFA after a move by `mover`: its capture's points, the check bonus, and every other player
    /// now in check with no legal move mated at once (20 each), all greyed together. Under
    /// `capture-king` a taken king greys its army instead; under `last-standing` nobody scores.
    fn ffa_after_move(&mut self, rules: Rules, mover: Seat, moved: &MoveUndo, undo: &mut Undo) {
        let scores = !rules.options.last_standing;
        let mut leaving: PerSeat<Option<Exit>> = [None; 4];
        if let Some((_, captured)) = moved.captured {
            if scores && captured.capture_points() > 0 {
                self.score(mover, captured.capture_points(), Reason::Capture(captured), undo);
            }
            if let (PieceKind::King, Some(owner)) = (captured.kind, captured.seat()) {
                leaving[owner.index()] = Some(Exit::KingCaptured);
            }
        }
        // Kings in check now, the mover's checks among them (and whether a queen gives one).
        let (mut checked, mut by_queen) = (0, false);
        let mut in_check = [false; 4];
        for seat in Seat::ALL {
            let Some(king) = self.king_square(seat).filter(|_| seat != mover && self.live(seat)) else {
                continue;
            };
            let attackers = self.attackers(king, |s| self.checks(rules, s, seat));
            in_check[seat.index()] = !attackers.is_empty();
            let mut by_mover = attackers
                .iter()
                .filter_map(|s| self.piece_at(s))
                .filter(|p| p.seat() == Some(mover))
                .peekable();
            if by_mover.peek().is_some() {
                checked += 1;
                by_queen |= by_mover.any(|p| p.kind == PieceKind::Queen);
            }
        }
        let bonus = match (checked, by_queen) {
            (2, true) => Some((1, Reason::DoubleCheck { queen: true })),
            (2, false) => Some((5, Reason::DoubleCheck { queen: false })),
            (3, true) => Some((5, Reason::TripleCheck { queen: true })),
            (3, false) => Some((20, Reason::TripleCheck { queen: false })),
            _ => None,
        };
        if !rules.kings_capturable() {
            let mut scratch = Vec::new();
            for seat in Seat::ALL {
                if in_check[seat.index()] && !self.has_legal_move(rules, seat, &mut scratch) {
                    leaving[seat.index()] = Some(Exit::Mated);
                    if scores {
                        self.score(mover, 20, Reason::Checkmate(seat), undo);
                    }
                }
            }
        }
        if let Some((points, reason)) = bonus.filter(|_| scores) {
            self.score(mover, points, reason, undo);
        }
        for seat in Seat::ALL {
            if let Some(exit) = leaving[seat.index()] {
                self.eliminate(seat, exit, undo);
            }
        }
    }

    /// Brings a position read from FEN4 in line with `rules`: Club's mates worked out, and the
    /// turn moved off a seat that cannot move.
    pub fn settle_start(&mut self, rules: Rules) {
        if rules.kind == RuleKind::Club {
            self.work_out_mates_after(rules, None, &mut Vec::new());
        }
        if !self.live(self.turn) {
            self.turn = self.next_seat_in(self.turn);
        }
    }
}

/// Leaf nodes `depth` plies below `pos` (a node where the game is over has none; a seat that
/// is skipped or passes is not a ply).
pub fn perft(pos: &mut Position, rules: Rules, depth: u32) -> u64 {
    let mut lists = vec![Vec::with_capacity(128); depth as usize + 1];
    perft_with(pos, rules, depth, &mut lists, 0)
}

fn perft_with(pos: &mut Position, rules: Rules, depth: u32, lists: &mut [Vec<Move>], passes: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over(rules) {
        return 0;
    }
    let (moves, deeper) = lists.split_first_mut().expect("a list per ply");
    pos.generate_legal(rules, moves);
    if moves.is_empty() {
        // Every seat passing in turn would pass for ever: the game cannot go on.
        if passes >= 4 {
            return 0;
        }
        return match pos.stuck(rules) {
            Stuck::Over => 0,
            Stuck::Ended(undo) => {
                pos.unstick(undo);
                0
            }
            Stuck::Passed(undo) => {
                let count = perft_with(pos, rules, depth, lists, passes + 1);
                pos.unstick(undo);
                count
            }
        };
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = pos.make(rules, mv);
        total += perft_with(pos, rules, depth - 1, deeper, 0);
        pos.unmake(mv, undo);
    }
    total
}
