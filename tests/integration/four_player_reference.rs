//! An independent, deliberately slow reading of FOURPLAYER.md's rules of movement on plain
//! (file, rank) coordinates and a hash map, sharing no code with the engine's generator — the
//! Club's laws included (frozen armies worked out again after each move, the partner-check ban,
//! the pawn leap, turned pawns, promotion on an opponent's starting row). In every position of
//! random games under each rule set, the moves it finds must be exactly the engine's.

use std::collections::HashMap;

use tesseract_chess::engine::random::Rng;
use tesseract_chess::four_player::*;

type Coords = (i32, i32);
type Board = HashMap<Coords, Piece>;

/// A move before the legality test.
#[derive(Clone, Copy)]
struct Candidate {
    from: Coords,
    to: Coords,
    promotion: Option<PieceKind>,
    victim: Option<Coords>,
    rook: Option<(Coords, Coords)>,
    double_step: bool,
}

const STRAIGHT: [Coords; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [Coords; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn exists((f, r): Coords) -> bool {
    let corner = |v: i32| !(3..=10).contains(&v);
    (0..14).contains(&f) && (0..14).contains(&r) && !(corner(f) && corner(r))
}

fn forward(seat: Seat) -> Coords {
    match seat {
        Seat::Red => (0, 1),
        Seat::Blue => (1, 0),
        Seat::Yellow => (0, -1),
        Seat::Green => (-1, 0),
    }
}

fn partner(seat: Seat) -> Seat {
    Seat::ALL[(seat.index() + 2) % 4]
}

/// How far a square is from `seat`'s edge.
fn progress(seat: Seat, (f, r): Coords) -> i32 {
    match seat {
        Seat::Red => r,
        Seat::Blue => f,
        Seat::Yellow => 13 - r,
        Seat::Green => 13 - f,
    }
}

/// The eight squares `seat`'s pieces start on.
fn starting_row(seat: Seat, square: Coords) -> bool {
    let along = if matches!(seat, Seat::Red | Seat::Yellow) {
        square.0
    } else {
        square.1
    };
    progress(seat, square) == 0 && (3..=10).contains(&along)
}

fn coords(s: Square) -> Coords {
    (s.file() as i32, s.rank() as i32)
}

fn name((f, r): Coords) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The position as the reference sees it.
#[derive(Clone)]
struct World {
    rules: Rules,
    board: Board,
    out: [bool; 4],
    frozen: [bool; 4],
    /// Per seat: (skipped, pawn) of its last double step.
    en_passant: [Option<(Coords, Coords)>; 4],
    king_side: [bool; 4],
    queen_side: [bool; 4],
}

impl World {
    fn of(pos: &Position, rules: Rules) -> World {
        World {
            rules,
            board: pos.placements().map(|(s, p)| (coords(s), p)).collect(),
            out: pos.out,
            frozen: pos.frozen,
            en_passant: pos.en_passant.map(|e| e.map(|(a, b)| (coords(a), coords(b)))),
            king_side: pos.castle_king_side,
            queen_side: pos.castle_queen_side,
        }
    }

    fn club(&self) -> bool {
        self.rules.kind == RuleKind::Club
    }

    fn opposes(&self, a: Seat, b: Seat) -> bool {
        a != b && (self.rules.kind == RuleKind::Ffa || partner(a) != b)
    }

    fn live(&self, s: Seat) -> bool {
        !self.out[s.index()] && !self.frozen[s.index()]
    }

    /// The seat a pawn of `owner` moves for.
    fn pawn_seat(piece: Piece, owner: Seat) -> Seat {
        if piece.mark == Mark::Turned {
            partner(owner)
        } else {
            owner
        }
    }

    fn takeable(&self, mover: Seat, p: &Piece) -> bool {
        match p.owner {
            Owner::Grey => true,
            Owner::Seat(o) => {
                self.opposes(mover, o)
                    && !self.frozen[o.index()]
                    && (p.kind != PieceKind::King || self.rules.options.capture_king)
            }
        }
    }

    /// Squares `piece` of `seat` on `at` attacks (for pawns: its two capture squares).
    fn attacks(&self, piece: Piece, at: Coords, seat: Seat) -> Vec<Coords> {
        let mut out = Vec::new();
        let slide = |out: &mut Vec<Coords>, dirs: &[Coords]| {
            for &(df, dr) in dirs {
                let mut s = (at.0 + df, at.1 + dr);
                while exists(s) {
                    out.push(s);
                    if self.board.contains_key(&s) {
                        break;
                    }
                    s = (s.0 + df, s.1 + dr);
                }
            }
        };
        match piece.kind {
            PieceKind::Rook => slide(&mut out, &STRAIGHT),
            PieceKind::Bishop => slide(&mut out, &DIAGONAL),
            PieceKind::Queen => {
                slide(&mut out, &STRAIGHT);
                slide(&mut out, &DIAGONAL);
            }
            PieceKind::King => out.extend(
                STRAIGHT
                    .iter()
                    .chain(&DIAGONAL)
                    .map(|&(df, dr)| (at.0 + df, at.1 + dr))
                    .filter(|&s| exists(s)),
            ),
            PieceKind::Knight => out.extend(
                [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
                    .iter()
                    .map(|&(df, dr)| (at.0 + df, at.1 + dr))
                    .filter(|&s| exists(s)),
            ),
            PieceKind::Pawn => {
                let (ff, fr) = forward(World::pawn_seat(piece, seat));
                for side in [-1, 1] {
                    let s = if ff == 0 {
                        (at.0 + side, at.1 + fr)
                    } else {
                        (at.0 + ff, at.1 + side)
                    };
                    if exists(s) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// The live opponents' pieces attacking `target` on behalf of checks against `victim`.
    fn attackers(&self, target: Coords, victim: Seat) -> Vec<Coords> {
        let mut found: Vec<Coords> = self
            .board
            .iter()
            .filter(|(_, p)| matches!(p.owner, Owner::Seat(s) if self.opposes(s, victim) && self.live(s)))
            .filter(|&(&at, &p)| {
                let Owner::Seat(s) = p.owner else { unreachable!() };
                self.attacks(p, at, s).contains(&target)
            })
            .map(|(&at, _)| at)
            .collect();
        found.sort();
        found
    }

    fn king(&self, seat: Seat) -> Option<Coords> {
        self.board
            .iter()
            .find(|(_, p)| p.owner == Owner::Seat(seat) && p.kind == PieceKind::King)
            .map(|(&s, _)| s)
    }

    fn king_attackers(&self, seat: Seat) -> Vec<Coords> {
        self.king(seat).map_or(Vec::new(), |k| self.attackers(k, seat))
    }

    fn promotes(&self, seat: Seat, moving_as: Seat, to: Coords) -> bool {
        match self.rules.kind {
            RuleKind::Ffa => progress(moving_as, to) == 7,
            RuleKind::Teams => progress(moving_as, to) == 10,
            RuleKind::Club => Seat::ALL
                .iter()
                .any(|&o| o != seat && o != partner(seat) && starting_row(o, to)),
        }
    }

    fn candidates(&self, seat: Seat, castling: bool) -> Vec<Candidate> {
        let plain = |from, to, victim| Candidate {
            from,
            to,
            promotion: None,
            victim,
            rook: None,
            double_step: false,
        };
        let mut list = Vec::new();
        for (&at, &p) in &self.board {
            if p.owner != Owner::Seat(seat) {
                continue;
            }
            if p.kind == PieceKind::Pawn {
                let moving_as = World::pawn_seat(p, seat);
                let (ff, fr) = forward(moving_as);
                let mut add = |to: Coords, victim: Option<Coords>, double_step: bool| {
                    if self.promotes(seat, moving_as, to) {
                        let choices: &[PieceKind] = if self.rules.kind == RuleKind::Ffa {
                            &[PieceKind::Queen]
                        } else {
                            &[PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]
                        };
                        for &k in choices {
                            list.push(Candidate {
                                promotion: Some(k),
                                ..plain(at, to, victim)
                            });
                        }
                    } else {
                        list.push(Candidate {
                            double_step,
                            ..plain(at, to, victim)
                        });
                    }
                };
                let one = (at.0 + ff, at.1 + fr);
                let two = (one.0 + ff, one.1 + fr);
                if exists(one) {
                    match self.board.get(&one) {
                        None => {
                            add(one, None, false);
                            if p.mark == Mark::Plain
                                && progress(seat, at) == 1
                                && exists(two)
                                && !self.board.contains_key(&two)
                            {
                                add(two, None, true);
                            }
                        }
                        Some(b)
                            if self.club()
                                && b.owner == Owner::Seat(partner(seat))
                                && b.kind == PieceKind::Pawn
                                && exists(two)
                                && !self.board.contains_key(&two) =>
                        {
                            add(two, None, false);
                        }
                        Some(_) => {}
                    }
                }
                for to in self.attacks(p, at, seat) {
                    match self.board.get(&to) {
                        Some(v) if self.takeable(seat, v) => add(to, Some(to), false),
                        Some(_) => {}
                        None if self.rules.en_passant => {
                            for owner in Seat::ALL {
                                if let Some((skipped, pawn)) = self.en_passant[owner.index()]
                                    && skipped == to
                                    && self
                                        .board
                                        .get(&pawn)
                                        .is_some_and(|v| v.is(owner, PieceKind::Pawn) && self.takeable(seat, v))
                                {
                                    add(to, Some(pawn), false);
                                }
                            }
                        }
                        None => {}
                    }
                }
                continue;
            }
            for to in self.attacks(p, at, seat) {
                match self.board.get(&to) {
                    None => list.push(plain(at, to, None)),
                    Some(v) if self.takeable(seat, v) => list.push(plain(at, to, Some(to))),
                    Some(_) => {}
                }
            }
            if castling && p.kind == PieceKind::King && progress(seat, at) == 0 {
                // A rook of the seat's own in a back-row corner 3 (king-side) or 4 (queen-side)
                // squares away, the right kept, the squares between empty, and the king not in
                // check, not passing or landing on an attacked square.
                for (df, dr) in STRAIGHT {
                    for (distance, right) in [(3, self.king_side[seat.index()]), (4, self.queen_side[seat.index()])] {
                        let rook = (at.0 + df * distance, at.1 + dr * distance);
                        let along = if dr == 0 { rook.0 } else { rook.1 };
                        let corner = progress(seat, rook) == 0 && [3, 10].contains(&along);
                        if !right || !corner || !self.board.get(&rook).is_some_and(|r| r.is(seat, PieceKind::Rook)) {
                            continue;
                        }
                        let between = (1..distance).all(|k| !self.board.contains_key(&(at.0 + df * k, at.1 + dr * k)));
                        let pass = (at.0 + df, at.1 + dr);
                        let land = (at.0 + 2 * df, at.1 + 2 * dr);
                        let safe = [at, pass, land].iter().all(|&s| self.attackers(s, seat).is_empty());
                        if between && safe {
                            list.push(Candidate {
                                rook: Some((rook, pass)),
                                ..plain(at, land, None)
                            });
                        }
                    }
                }
            }
        }
        list
    }

    /// The world after `seat` plays `c` (pieces and en passant; nothing worked out yet).
    fn after(&self, seat: Seat, c: Candidate) -> World {
        let mut next = self.clone();
        if let Some(v) = c.victim {
            next.board.remove(&v);
            for entry in &mut next.en_passant {
                if entry.is_some_and(|(_, pawn)| pawn == v) {
                    *entry = None;
                }
            }
        }
        let mut piece = next.board.remove(&c.from).expect("a piece");
        if let Some(k) = c.promotion {
            piece = Piece::new(seat, k);
            if self.rules.kind == RuleKind::Ffa {
                piece = piece.marked(Mark::OnePoint);
            }
        } else if self.club()
            && piece.kind == PieceKind::Pawn
            && piece.mark == Mark::Plain
            && starting_row(partner(seat), c.to)
        {
            piece = piece.marked(Mark::Turned);
        }
        next.board.insert(c.to, piece);
        if let Some((from, to)) = c.rook {
            let rook = next.board.remove(&from).expect("the rook");
            next.board.insert(to, rook);
        }
        next.en_passant[seat.index()] = c.double_step.then(|| {
            let (ff, fr) = forward(seat);
            ((c.from.0 + ff, c.from.1 + fr), c.to)
        });
        next
    }

    /// Club: whether `seat` has a move after which its king is free and its partner's king has
    /// no new attacker, the frozen flags as they stand (but its own, lifted to ask).
    fn club_can_move(&self, seat: Seat) -> bool {
        let mut free = self.clone();
        free.frozen[seat.index()] = false;
        let before = free.king_attackers(partner(seat));
        free.candidates(seat, false).into_iter().any(|c| {
            let after = free.after(seat, c);
            after.king_attackers(seat).is_empty() && subset(&after.king_attackers(partner(seat)), &before)
        })
    }

    /// Club: who is mated, worked out again until it settles (at most four rounds).
    fn settle_mates(&mut self) {
        for _ in 0..4 {
            let mut changed = false;
            for seat in Seat::ALL {
                if self.out[seat.index()] {
                    continue;
                }
                let mated = !self.king_attackers(seat).is_empty() && !self.club_can_move(seat);
                if mated != self.frozen[seat.index()] {
                    self.frozen[seat.index()] = mated;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Every legal move of `seat` as (from, to, promotion letter).
    fn moves(&self, seat: Seat) -> Vec<(String, String, Option<char>)> {
        if !self.live(seat) {
            return Vec::new();
        }
        let before = self.king_attackers(partner(seat));
        self.candidates(seat, true)
            .into_iter()
            .filter(|&c| {
                let mut after = self.after(seat, c);
                match self.rules.kind {
                    _ if self.rules.options.capture_king => true,
                    RuleKind::Club => {
                        after.settle_mates();
                        after.king_attackers(seat).is_empty() && subset(&after.king_attackers(partner(seat)), &before)
                    }
                    _ => after.king_attackers(seat).is_empty(),
                }
            })
            .map(|c| (name(c.from), name(c.to), c.promotion.map(|k| k.letter())))
            .collect()
    }
}

fn subset(a: &[Coords], b: &[Coords]) -> bool {
    a.iter().all(|s| b.contains(s))
}

/// The modern start, or (`open`) the same without pawns, where lines are open and mates come
/// early.
fn start(open: bool) -> Position {
    let mut pos = Setup::Modern.position();
    if open {
        let pawns: Vec<Square> = pos
            .placements()
            .filter(|(_, p)| p.kind == PieceKind::Pawn)
            .map(|(s, _)| s)
            .collect();
        pawns.into_iter().for_each(|s| {
            pos.remove(s);
        });
    }
    pos
}

/// A random legal move, a checking one two times in three when there is one.
fn pick(game: &Game, rng: &mut Rng) -> Move {
    let moves = game.legal_moves();
    let pos = game.position();
    let checking: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.kings_checked_by(game.rules, m).iter().any(|&c| c))
        .collect();
    if !checking.is_empty() && rng.below(3) > 0 {
        checking[rng.below(checking.len() as u64) as usize]
    } else {
        moves[rng.below(moves.len() as u64) as usize]
    }
}

#[test]
fn the_generator_agrees_with_a_slow_reading_of_the_rules_over_random_games() {
    let mut capture_king = Rules::FFA;
    capture_king.options.capture_king = true;
    for (rules, seed, games, plies) in [
        (Rules::TEAMS, 5, 12, 80),
        (Rules::FFA, 6, 12, 80),
        (Rules::CLUB, 7, 16, 100),
        (capture_king, 8, 4, 80),
    ] {
        let mut rng = Rng::new(seed);
        let (mut compared, mut in_check, mut frozen) = (0, 0, 0);
        for g in 0..games {
            let mut game = Game::new(rules, start(g % 2 == 1));
            for _ in 0..plies {
                if game.outcome().is_some() {
                    break;
                }
                let pos = game.position();
                let mut got: Vec<(String, String, Option<char>)> = game
                    .legal_moves()
                    .iter()
                    .map(|m| {
                        let promotion = match m.kind {
                            MoveKind::Promotion(k) => Some(k.letter()),
                            _ => None,
                        };
                        (m.from.to_string(), m.to.to_string(), promotion)
                    })
                    .collect();
                let mut want = World::of(pos, rules).moves(pos.turn);
                got.sort();
                want.sort();
                assert_eq!(got, want, "{rules} in {}", pos.to_fen4());
                compared += 1;
                in_check += usize::from(Seat::ALL.iter().any(|&s| pos.in_check(rules, s)));
                frozen += usize::from(pos.frozen.iter().any(|&f| f));
                let mv = pick(&game, &mut rng);
                game.play(Turn::Move(mv)).unwrap();
            }
        }
        eprintln!("{rules}: {compared} positions, {in_check} with a king in check, {frozen} with a frozen army");
        assert!(
            compared > 300 && in_check > 50,
            "{rules}: {compared} positions, {in_check} in check"
        );
        if rules.kind == RuleKind::Club {
            assert!(frozen > 10, "Club: {frozen} positions with a frozen army");
        }
    }
}
