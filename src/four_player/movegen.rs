//! Legal moves, make and unmake, and perft, for the rule sets built so far: Teams (partners
//! neither capture each other nor give each other check) and Free-for-all's movement (anyone
//! else's live pieces capture and check; grey pieces block and may be taken). Legality: a move is
//! played and the mover's king tested against the seats that can check it.

use super::board::{Owner, Piece, PieceKind, Seat, Square};
use super::moves::{Move, MoveKind, tables};
use super::position::{PerSeat, Position};

/// Which rule set decides who may capture and check whom.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RuleKind {
    Ffa,
    Teams,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    pub kind: RuleKind,
    pub en_passant: bool,
}

impl Rules {
    pub const TEAMS: Rules = Rules {
        kind: RuleKind::Teams,
        en_passant: true,
    };
    pub const FFA: Rules = Rules {
        kind: RuleKind::Ffa,
        en_passant: true,
    };

    /// Whether `a`'s pieces may capture `b`'s and check `b`'s king.
    pub fn opposes(self, a: Seat, b: Seat) -> bool {
        a != b && (self.kind == RuleKind::Ffa || a.partner() != b)
    }

    /// How far forward a pawn promotes: the 8th rank in FFA, the 11th in Teams.
    fn promotion_progress(self) -> u8 {
        match self.kind {
            RuleKind::Ffa => 7,
            RuleKind::Teams => 10,
        }
    }

    fn promotion_choices(self) -> &'static [PieceKind] {
        match self.kind {
            RuleKind::Ffa => &[PieceKind::Queen],
            RuleKind::Teams => &[PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight],
        }
    }
}

/// What `make` changed beyond the move itself: enough for `unmake`.
#[derive(Clone, Debug)]
pub struct Undo {
    captured: Option<(Square, Piece)>,
    castle_king_side: PerSeat<bool>,
    castle_queen_side: PerSeat<bool>,
    en_passant: PerSeat<Option<(Square, Square)>>,
    halfmove: u32,
    turn: Seat,
}

impl Position {
    /// Whether a piece of `mover` may capture `piece`: an opponent's (never a live king), or grey.
    fn capturable(&self, rules: Rules, mover: Seat, piece: Piece) -> bool {
        match piece.owner {
            Owner::Grey => true,
            Owner::Seat(owner) => rules.opposes(mover, owner) && piece.kind != PieceKind::King,
        }
    }

    /// Whether `square` is attacked by a live piece of a seat for which `by` holds.
    pub fn attacked(&self, square: Square, by: impl Fn(Seat) -> bool) -> bool {
        let t = tables();
        let attacker = |s: Square, kinds: &[PieceKind]| {
            self.piece_at(s).is_some_and(|p| match p.owner {
                Owner::Seat(seat) => by(seat) && kinds.contains(&p.kind),
                Owner::Grey => false,
            })
        };
        if t.knight[square.index()]
            .iter()
            .any(|&s| attacker(s, &[PieceKind::Knight]))
        {
            return true;
        }
        for d in 0..8 {
            let straight = d < 4;
            let mut at = t.step[d][square.index()];
            let mut first = true;
            while let Some(s) = at {
                if let Some(piece) = self.piece_at(s) {
                    let Owner::Seat(seat) = piece.owner else { break };
                    if by(seat) {
                        let slider = piece.kind == PieceKind::Queen
                            || (straight && piece.kind == PieceKind::Rook)
                            || (!straight && piece.kind == PieceKind::Bishop);
                        let near = first
                            && (piece.kind == PieceKind::King
                                || (!straight
                                    && piece.kind == PieceKind::Pawn
                                    && pawn_captures_towards(seat, s, square)));
                        if slider || near {
                            return true;
                        }
                    }
                    break;
                }
                first = false;
                at = t.step[d][s.index()];
            }
        }
        false
    }

    /// Whether `seat`'s king stands attacked by a seat that may check it under `rules`.
    pub fn in_check(&self, rules: Rules, seat: Seat) -> bool {
        self.king_square(seat)
            .is_some_and(|king| self.attacked(king, |s| rules.opposes(s, seat) && !self.out[s.index()]))
    }

    /// The legal moves of the seat to move.
    pub fn legal_moves(&self, rules: Rules) -> Vec<Move> {
        self.clone().legal_moves_in_place(rules)
    }

    /// The legal moves, each tried by playing and taking it back on this position (no copy).
    pub fn legal_moves_in_place(&mut self, rules: Rules) -> Vec<Move> {
        let seat = self.turn;
        let mut moves = Vec::with_capacity(64);
        self.pseudo_moves(rules, seat, &mut moves);
        moves.retain(|&mv| {
            let undo = self.make(rules, mv);
            let legal = !self.in_check(rules, seat);
            self.unmake(mv, undo);
            legal
        });
        moves
    }

    fn pseudo_moves(&self, rules: Rules, seat: Seat, moves: &mut Vec<Move>) {
        let t = tables();
        for &from in Square::list() {
            let Some(piece) = self.piece_at(from).filter(|p| p.owner == Owner::Seat(seat)) else {
                continue;
            };
            let mut add = |to: Square| match self.piece_at(to) {
                None => moves.push(Move::new(from, to, MoveKind::Normal)),
                Some(p) if self.capturable(rules, seat, p) => moves.push(Move::new(from, to, MoveKind::Normal)),
                Some(_) => {}
            };
            match piece.kind {
                PieceKind::Pawn => self.pawn_moves(rules, seat, from, moves),
                PieceKind::Knight => t.knight[from.index()].iter().for_each(|&to| add(to)),
                PieceKind::King => {
                    t.king[from.index()].iter().for_each(|&to| add(to));
                    self.castling(rules, seat, from, moves);
                }
                PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
                    let directions = match piece.kind {
                        PieceKind::Rook => 0..4,
                        PieceKind::Bishop => 4..8,
                        _ => 0..8,
                    };
                    for d in directions {
                        let mut at = t.step[d][from.index()];
                        while let Some(to) = at {
                            let occupant = self.piece_at(to);
                            if occupant.is_none_or(|p| self.capturable(rules, seat, p)) {
                                moves.push(Move::new(from, to, MoveKind::Normal));
                            }
                            if occupant.is_some() {
                                break;
                            }
                            at = t.step[d][to.index()];
                        }
                    }
                }
            }
        }
    }

    fn pawn_moves(&self, rules: Rules, seat: Seat, from: Square, moves: &mut Vec<Move>) {
        let (ff, fr) = seat.forward();
        let promotes = |to: Square| seat.progress(to) == rules.promotion_progress();
        let mut push = |to: Square, kind: MoveKind| {
            if promotes(to) {
                for &piece in rules.promotion_choices() {
                    moves.push(Move::new(from, to, MoveKind::Promotion(piece)));
                }
            } else {
                moves.push(Move::new(from, to, kind));
            }
        };
        if let Some(one) = from.offset(ff, fr).filter(|&s| self.piece_at(s).is_none()) {
            push(one, MoveKind::Normal);
            if seat.progress(from) == 1
                && let Some(two) = one.offset(ff, fr).filter(|&s| self.piece_at(s).is_none())
            {
                push(two, MoveKind::DoubleStep);
            }
        }
        for side in [-1i8, 1] {
            let (sf, sr) = if ff == 0 { (side, 0) } else { (0, side) };
            let Some(to) = from.offset(ff + sf, fr + sr) else {
                continue;
            };
            match self.piece_at(to) {
                Some(p) if self.capturable(rules, seat, p) => push(to, MoveKind::Normal),
                Some(_) => {}
                // The skipped square is never on the capturer's promotion row.
                None if rules.en_passant && self.en_passant_victim(rules, seat, to).is_some() => {
                    push(to, MoveKind::EnPassant);
                }
                None => {}
            }
        }
    }

    /// The pawn a capture onto the empty `skipped` square by `mover` takes en passant, if any.
    fn en_passant_victim(&self, rules: Rules, mover: Seat, skipped: Square) -> Option<Square> {
        Seat::ALL.into_iter().find_map(|owner| {
            let (s, pawn) = self.en_passant[owner.index()]?;
            let stands = self.piece_at(pawn) == Some(Piece::new(owner, PieceKind::Pawn));
            (s == skipped && stands && rules.opposes(mover, owner)).then_some(pawn)
        })
    }

    /// Castling: the king on its back row three squares from a corner rook (king-side) or four
    /// (queen-side), the right kept, the squares between empty, and the king neither in check
    /// nor passing or landing on an attacked square.
    fn castling(&self, rules: Rules, seat: Seat, king: Square, moves: &mut Vec<Move>) {
        if seat.progress(king) != 0 {
            return;
        }
        let enemy = |s: Seat| rules.opposes(s, seat) && !self.out[s.index()];
        let mut checked = None;
        for corner in seat.rook_corners() {
            if self.piece_at(corner) != Some(Piece::new(seat, PieceKind::Rook)) {
                continue;
            }
            let Some((kind, step)) = castle_side(self, seat, king, corner) else {
                continue;
            };
            let between_empty = {
                let mut at = king.offset(step.0, step.1);
                let mut empty = true;
                while let Some(s) = at.filter(|&s| s != corner) {
                    empty &= self.piece_at(s).is_none();
                    at = s.offset(step.0, step.1);
                }
                empty
            };
            if !between_empty {
                continue;
            }
            let in_check = *checked.get_or_insert_with(|| self.attacked(king, enemy));
            let pass = king.offset(step.0, step.1).expect("between king and rook");
            let land = pass.offset(step.0, step.1).expect("between king and rook");
            if !in_check && !self.attacked(pass, enemy) && !self.attacked(land, enemy) {
                moves.push(Move::new(king, land, kind));
            }
        }
    }

    /// Plays `mv` (legal or pseudo-legal) for the seat to move and passes the turn on.
    pub fn make(&mut self, rules: Rules, mv: Move) -> Undo {
        let seat = self.turn;
        let undo = Undo {
            captured: None,
            castle_king_side: self.castle_king_side,
            castle_queen_side: self.castle_queen_side,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            turn: seat,
        };
        let mut undo = undo;
        let piece = self.remove(mv.from).expect("a piece on the from-square");
        let victim_square = match mv.kind {
            MoveKind::EnPassant => self
                .en_passant_victim(rules, seat, mv.to)
                .expect("an en passant victim"),
            _ => mv.to,
        };
        undo.captured = self.remove(victim_square).map(|p| (victim_square, p));
        let placed = match mv.kind {
            MoveKind::Promotion(kind) => Piece::new(seat, kind),
            _ => piece,
        };
        self.put(mv.to, placed);
        if let MoveKind::CastleKingSide | MoveKind::CastleQueenSide = mv.kind {
            let (rook_from, rook_to) = castle_rook(seat, mv);
            let rook = self.remove(rook_from).expect("the castling rook");
            self.put(rook_to, rook);
        }
        // Rights: a king that moves loses both; a rook corner left or taken loses its side.
        if piece.kind == PieceKind::King {
            self.castle_king_side[seat.index()] = false;
            self.castle_queen_side[seat.index()] = false;
        }
        for owner in Seat::ALL {
            for corner in owner.rook_corners() {
                if corner == mv.from || corner == victim_square {
                    self.clear_corner_right(owner, corner);
                }
            }
        }
        self.en_passant[seat.index()] = None;
        for entry in &mut self.en_passant {
            if entry.is_some_and(|(_, pawn)| pawn == victim_square) {
                *entry = None;
            }
        }
        if mv.kind == MoveKind::DoubleStep {
            let (ff, fr) = seat.forward();
            self.en_passant[seat.index()] = Some((mv.from.offset(ff, fr).expect("the skipped square"), mv.to));
        }
        let resets = piece.kind == PieceKind::Pawn || undo.captured.is_some();
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        self.turn = self.next_seat_in(seat);
        undo
    }

    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let seat = undo.turn;
        if let MoveKind::CastleKingSide | MoveKind::CastleQueenSide = mv.kind {
            let (rook_from, rook_to) = castle_rook(seat, mv);
            let rook = self.remove(rook_to).expect("the castled rook");
            self.put(rook_from, rook);
        }
        let placed = self.remove(mv.to).expect("the moved piece");
        let piece = match mv.kind {
            MoveKind::Promotion(_) => Piece::new(seat, PieceKind::Pawn),
            _ => placed,
        };
        self.put(mv.from, piece);
        if let Some((square, captured)) = undo.captured {
            self.put(square, captured);
        }
        self.castle_king_side = undo.castle_king_side;
        self.castle_queen_side = undo.castle_queen_side;
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
        self.turn = seat;
    }

    /// The next seat after `seat` still in the game.
    pub fn next_seat_in(&self, seat: Seat) -> Seat {
        let mut next = seat.next();
        while self.out[next.index()] && next != seat {
            next = next.next();
        }
        next
    }

    fn clear_corner_right(&mut self, owner: Seat, corner: Square) {
        let Some(king) = self.king_square(owner).filter(|&k| owner.progress(k) == 0) else {
            return;
        };
        match castle_side(self, owner, king, corner) {
            Some((MoveKind::CastleKingSide, _)) => self.castle_king_side[owner.index()] = false,
            Some((MoveKind::CastleQueenSide, _)) => self.castle_queen_side[owner.index()] = false,
            _ => {}
        }
    }
}

/// Which side a corner rook is for a king on the back row, if castling there is possible: three
/// squares away is king-side, four queen-side; and the king's step towards it.
fn castle_side(pos: &Position, seat: Seat, king: Square, corner: Square) -> Option<(MoveKind, (i8, i8))> {
    let (df, dr) = (
        corner.file() as i8 - king.file() as i8,
        corner.rank() as i8 - king.rank() as i8,
    );
    let distance = df.abs().max(dr.abs());
    let step = (df.signum(), dr.signum());
    match distance {
        3 if pos.castle_king_side[seat.index()] => Some((MoveKind::CastleKingSide, step)),
        4 if pos.castle_queen_side[seat.index()] => Some((MoveKind::CastleQueenSide, step)),
        _ => None,
    }
}

/// The rook's squares in a castling move: from its corner to the square the king passed.
fn castle_rook(seat: Seat, mv: Move) -> (Square, Square) {
    let step = (
        (mv.to.file() as i8 - mv.from.file() as i8).signum(),
        (mv.to.rank() as i8 - mv.from.rank() as i8).signum(),
    );
    let passed = mv.from.offset(step.0, step.1).expect("the king passed it");
    let corner = seat
        .rook_corners()
        .into_iter()
        .find(|c| {
            let (df, dr) = (
                c.file() as i8 - mv.from.file() as i8,
                c.rank() as i8 - mv.from.rank() as i8,
            );
            (df.signum(), dr.signum()) == step
        })
        .expect("a corner on the castling side");
    (corner, passed)
}

/// Whether a pawn of `seat` on `pawn` captures onto `target` (one step forward and one sideways).
fn pawn_captures_towards(seat: Seat, pawn: Square, target: Square) -> bool {
    let (ff, fr) = seat.forward();
    let (df, dr) = (
        target.file() as i8 - pawn.file() as i8,
        target.rank() as i8 - pawn.rank() as i8,
    );
    if ff == 0 {
        dr == fr && df.abs() == 1
    } else {
        df == ff && dr.abs() == 1
    }
}

/// Leaf nodes `depth` plies below `pos` (a node with no legal move has none).
pub fn perft(pos: &mut Position, rules: Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves_in_place(rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let undo = pos.make(rules, mv);
            let count = perft(pos, rules, depth - 1);
            pos.unmake(mv, undo);
            count
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::position::Setup;
    use super::*;

    #[test]
    fn perft_from_the_modern_start_matches_the_contract() {
        let mut pos = Setup::Modern.position();
        for (depth, expected) in [(1, 20), (2, 395), (3, 7_800), (4, 152_050)] {
            assert_eq!(perft(&mut pos, Rules::TEAMS, depth), expected, "teams depth {depth}");
            assert_eq!(perft(&mut pos, Rules::FFA, depth), expected, "ffa depth {depth}");
        }
        assert_eq!(pos, Setup::Modern.position(), "make and unmake restore the position");
    }
}
