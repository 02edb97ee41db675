//! Moves of one seat under any rule set: attacks (by whichever seats a caller names), the
//! pseudo-legal moves, the legal ones, and the bare make/unmake of a move's pieces and rights.
//! What a move sets off afterwards — FFA's points and eliminations, Club's frozen armies, the
//! turn passing on — is `play`'s. Legality: Teams and FFA play the move and test the mover's king
//! (a king that is neither in check nor next to a pinned line needs no test: see
//! `needs_test`); Club works out the mates again (`club`); `capture-king` takes every move.

use super::board::{Mark, Owner, Piece, PieceKind, Seat, Square, SquareSet};
use super::club::ClubLegality;
use super::moves::{Move, MoveKind, direction_towards, tables};
use super::position::{PerSeat, Position};
use super::rules::{RuleKind, Rules};

/// What `make_move` changed beyond the move itself: enough for `unmake_move`.
#[derive(Clone, Debug)]
pub struct MoveUndo {
    pub(super) moved: Piece,
    pub(super) captured: Option<(Square, Piece)>,
    castle_king_side: PerSeat<bool>,
    castle_queen_side: PerSeat<bool>,
    en_passant: PerSeat<Option<(Square, Square)>>,
    halfmove: u32,
    pub(super) mover: Seat,
}

impl Position {
    /// The seat a pawn moves for: its owner's, or (a Club pawn turned round) its partner's.
    pub(super) fn pawn_direction(piece: Piece, owner: Seat) -> Seat {
        if piece.mark == Mark::Turned {
            owner.partner()
        } else {
            owner
        }
    }

    /// Whether a piece of `mover` may capture `piece`: a live opponent's (a king only under
    /// `capture-king`), or a grey one or one of a seat that is out. Frozen pieces never.
    pub(super) fn capturable(&self, rules: Rules, mover: Seat, piece: Piece) -> bool {
        match piece.owner {
            Owner::Grey => true,
            Owner::Seat(owner) if self.out[owner.index()] => true,
            Owner::Seat(owner) => {
                rules.opposes(mover, owner)
                    && !self.frozen[owner.index()]
                    && (piece.kind != PieceKind::King || rules.kings_capturable())
            }
        }
    }

    /// Calls `found` with each square holding a piece (frozen or not) of a seat for which `by`
    /// holds that attacks `square`, until `found` returns `true`; says whether it did.
    fn scan_attackers(&self, square: Square, by: impl Fn(Seat) -> bool, mut found: impl FnMut(Square) -> bool) -> bool {
        let t = tables();
        let live_by = |p: Piece| p.seat().filter(|&s| by(s));
        for &s in &t.knight[square.index()] {
            if let Some(p) = self.piece_at(s)
                && p.kind == PieceKind::Knight
                && live_by(p).is_some()
                && found(s)
            {
                return true;
            }
        }
        for d in 0..8 {
            let straight = d < 4;
            let mut at = t.step[d][square.index()];
            let mut first = true;
            while let Some(s) = at {
                if let Some(piece) = self.piece_at(s) {
                    if let Some(seat) = live_by(piece) {
                        let slider = slides_along(piece.kind, straight);
                        let near = first
                            && (piece.kind == PieceKind::King
                                || (!straight
                                    && piece.kind == PieceKind::Pawn
                                    && pawn_captures_towards(Position::pawn_direction(piece, seat), s, square)));
                        if (slider || near) && found(s) {
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

    /// Whether `square` is attacked by a live piece of a seat for which `by` holds.
    pub fn attacked(&self, square: Square, by: impl Fn(Seat) -> bool) -> bool {
        self.scan_attackers(square, |s| by(s) && self.live(s), |_| true)
    }

    /// The squares of the live pieces of seats for which `by` holds that attack `square`.
    pub fn attackers(&self, square: Square, by: impl Fn(Seat) -> bool) -> SquareSet {
        self.attackers_frozen_or_not(square, |s| by(s) && self.live(s))
    }

    /// The squares of the pieces (frozen or not) of seats for which `by` holds that attack
    /// `square`.
    pub(super) fn attackers_frozen_or_not(&self, square: Square, by: impl Fn(Seat) -> bool) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        self.scan_attackers(square, by, |s| {
            set.insert(s);
            false
        });
        set
    }

    /// The seats whose pieces may check `seat`'s king: live opponents.
    pub fn checks(&self, rules: Rules, attacker: Seat, seat: Seat) -> bool {
        rules.opposes(attacker, seat) && self.live(attacker)
    }

    /// Whether `seat`'s king stands attacked by a live seat that may check it under `rules`.
    pub fn in_check(&self, rules: Rules, seat: Seat) -> bool {
        self.king_square(seat)
            .is_some_and(|king| self.attacked(king, |s| self.checks(rules, s, seat)))
    }

    /// The pieces checking `seat`'s king (the app draws check lines from them).
    pub fn checkers(&self, rules: Rules, seat: Seat) -> SquareSet {
        self.king_square(seat).map_or(SquareSet::EMPTY, |king| {
            self.attackers(king, |s| self.checks(rules, s, seat))
        })
    }

    /// The kings (of live seats it may check) that `attacker`'s pieces attack: after a move,
    /// the kings it checks.
    pub fn kings_attacked_by(&self, rules: Rules, attacker: Seat) -> PerSeat<bool> {
        Seat::ALL.map(|s| {
            s != attacker
                && self.live(s)
                && rules.opposes(attacker, s)
                && self
                    .king_square(s)
                    .is_some_and(|king| self.attacked(king, |a| a == attacker))
        })
    }

    /// The kings `mv` (legal, by the seat to move) checks, judged before what it sets off.
    pub fn kings_checked_by(&self, rules: Rules, mv: Move) -> PerSeat<bool> {
        let mut after = self.clone();
        let mover = self.turn;
        after.make_move(rules, mv);
        after.kings_attacked_by(rules, mover)
    }

    /// Whether `seat` stands mated: in check from live opponents with no legal move (Teams and
    /// FFA legality; a Club seat's mate is its `frozen` flag).
    pub fn is_mated(&self, rules: Rules, seat: Seat) -> bool {
        self.in_check(rules, seat) && !self.clone().has_legal_move(rules, seat, &mut Vec::new())
    }

    /// The legal moves of the seat to move.
    pub fn legal_moves(&self, rules: Rules) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.clone().generate_legal(rules, &mut moves);
        moves
    }

    /// The legal moves of the piece on `from` if its seat is to move (none otherwise).
    pub fn legal_moves_from(&self, rules: Rules, from: Square) -> Vec<Move> {
        let mut moves = self.legal_moves(rules);
        moves.retain(|m| m.from == from);
        moves
    }

    /// The seat to move's legal moves into `moves` (cleared first), each doubtful one tried on
    /// this position and taken back. No allocation once `moves` has grown.
    pub fn generate_legal(&mut self, rules: Rules, moves: &mut Vec<Move>) {
        if let Some(legality) = self.generate_pseudo(rules, moves) {
            let mut scratch = Vec::new();
            self.retain_allowed(rules, self.turn, &legality.0, moves, &mut scratch);
        }
    }

    /// The seat to move's pseudo-legal moves into `moves` (cleared first), and what testing
    /// them needs (`is_allowed`); `None` when the seat does not move.
    pub fn generate_pseudo(&self, rules: Rules, moves: &mut Vec<Move>) -> Option<MoveLegality> {
        moves.clear();
        let seat = self.turn;
        if !self.live(seat) {
            return None;
        }
        self.pseudo_moves(rules, seat, moves);
        Some(MoveLegality(self.legality(rules, seat)))
    }

    /// The seat to move's legal captures (of anyone's piece, grey ones too), en passant
    /// captures and promotions into `moves` (cleared first, in the order generated), and whether
    /// the seat has any legal move at all: a search after captures alone still learns of a mate
    /// or stalemate, while the quiet moves are generated only until one is legal.
    pub fn generate_legal_noisy(&mut self, rules: Rules, moves: &mut Vec<Move>) -> bool {
        let Some(legality) = self.generate_noisy(rules, moves) else {
            return false;
        };
        let mut scratch = Vec::new();
        self.retain_allowed(rules, self.turn, &legality.0, moves, &mut scratch);
        !moves.is_empty() || self.has_quiet_legal_move(rules, &legality, &mut scratch)
    }

    /// The seat to move's pseudo-legal noisy moves (as `generate_legal_noisy`'s, before the
    /// legality test) into `moves`, cleared first, and what testing them needs; `None` when the
    /// seat does not move. A search that may stop at its first move tests each one only when it
    /// comes to it (`is_allowed`).
    pub fn generate_noisy(&self, rules: Rules, moves: &mut Vec<Move>) -> Option<MoveLegality> {
        moves.clear();
        let seat = self.turn;
        if !self.live(seat) {
            return None;
        }
        let others = self.occupied().without(self.army(seat));
        let open_reach = &tables().open_reach;
        for from in self.army(seat).iter() {
            // A piece (not a pawn, which may promote) with no other army's piece in its open
            // reach has nothing to take.
            let kind = self.piece_at(from).map(|piece| piece.kind);
            if kind.is_some_and(|kind| kind != PieceKind::Pawn && !open_reach[from.index()][kind.index()].meets(others))
            {
                continue;
            }
            self.piece_moves(rules, seat, from, Wanted::Noisy, moves);
        }
        Some(MoveLegality(self.legality(rules, seat)))
    }

    /// Whether the seat to move's pseudo-legal `mv` is legal (`legality` from this position).
    pub fn is_allowed(&mut self, rules: Rules, legality: &MoveLegality, mv: Move, scratch: &mut Vec<Move>) -> bool {
        self.allows(rules, self.turn, &legality.0, mv, scratch)
    }

    /// Whether the seat to move has a legal move that is not noisy: asked when none of its noisy
    /// ones is legal. Piece by piece, so that most positions stop at the first piece.
    pub fn has_quiet_legal_move(&mut self, rules: Rules, legality: &MoveLegality, scratch: &mut Vec<Move>) -> bool {
        let seat = self.turn;
        let mut moves = Vec::new();
        for from in self.army(seat).iter() {
            self.piece_moves(rules, seat, from, Wanted::All, &mut moves);
            let any = moves
                .iter()
                .any(|&mv| self.allows(rules, seat, &legality.0, mv, scratch));
            moves.clear();
            if any {
                return true;
            }
        }
        false
    }

    /// Whether `mv` is a legal move of the seat to move: a table's move, tried before the
    /// seat's moves are generated (it may come from another position with the same key).
    pub fn is_legal_move(&mut self, rules: Rules, mv: Move, scratch: &mut Vec<Move>) -> bool {
        let seat = self.turn;
        if !self.live(seat) || self.piece_at(mv.from).and_then(|p| p.seat()) != Some(seat) {
            return false;
        }
        scratch.clear();
        self.piece_moves(rules, seat, mv.from, Wanted::All, scratch);
        if !scratch.contains(&mv) {
            return false;
        }
        let legality = self.legality(rules, seat);
        self.allows(rules, seat, &legality, mv, scratch)
    }

    /// Keeps the moves of `seat` that are legal, in their order.
    fn retain_allowed(
        &mut self,
        rules: Rules,
        seat: Seat,
        legality: &Legality,
        moves: &mut Vec<Move>,
        scratch: &mut Vec<Move>,
    ) {
        let mut legal = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            if self.allows(rules, seat, legality, mv, scratch) {
                moves[legal] = mv;
                legal += 1;
            }
        }
        moves.truncate(legal);
    }

    /// What `seat`'s moves need to be known legal, worked out once for all of them.
    fn legality(&self, rules: Rules, seat: Seat) -> Legality {
        match rules.kind {
            _ if rules.kings_capturable() => Legality::Any,
            RuleKind::Club => Legality::Club(self.club_legality(rules, seat)),
            RuleKind::Ffa | RuleKind::Teams => Legality::Tested(self.needs_test(rules, seat)),
        }
    }

    /// Whether `seat`'s pseudo-legal `mv` is legal.
    fn allows(&mut self, rules: Rules, seat: Seat, legality: &Legality, mv: Move, scratch: &mut Vec<Move>) -> bool {
        match legality {
            Legality::Any => true,
            Legality::Tested(tests) => tests.known(mv).unwrap_or_else(|| self.keeps_king_safe(rules, seat, mv)),
            Legality::Club(club) => self.club_allows(rules, seat, club, mv, scratch),
        }
    }

    /// Whether `seat` (not necessarily the seat to move) has a legal move, under Teams and FFA
    /// legality (Club uses its own).
    pub(super) fn has_legal_move(&mut self, rules: Rules, seat: Seat, scratch: &mut Vec<Move>) -> bool {
        if rules.kings_capturable() {
            scratch.clear();
            self.pseudo_moves(rules, seat, scratch);
            return !scratch.is_empty();
        }
        let tests = self.needs_test(rules, seat);
        self.first_move_that_may_end_check(rules, seat, tests.escapes, scratch, |pos, mv| {
            tests.known(mv).unwrap_or_else(|| pos.keeps_king_safe(rules, seat, mv))
        })
        .is_some()
    }

    /// The first of `seat`'s pseudo-legal moves that could end a check on its king (any move
    /// when it is not in check) for which `ok` holds. A mate test: the king's moves are tried first,
    /// and a piece that cannot reach a checker or a square in a check's way is not generated.
    /// `escapes` are `seat`'s (`check_escapes`).
    pub(super) fn first_move_that_may_end_check(
        &mut self,
        rules: Rules,
        seat: Seat,
        escapes: CheckEscapes,
        scratch: &mut Vec<Move>,
        mut ok: impl FnMut(&mut Position, Move) -> bool,
    ) -> Option<Move> {
        let king = self.king_square(seat);
        let others = self.army(seat).iter().filter(|&s| Some(s) != king);
        for from in king.into_iter().chain(others) {
            let Some(piece) = self.piece_at(from) else { continue };
            if !escapes.piece_may_reach(from, piece.kind) {
                continue;
            }
            scratch.clear();
            self.piece_moves(rules, seat, from, Wanted::All, scratch);
            for &mv in scratch.iter() {
                if escapes.may_end_check(mv) && ok(self, mv) {
                    return Some(mv);
                }
            }
        }
        None
    }

    /// Which of `seat`'s moves could end a check on its king: the king's, en passant, and moves
    /// onto a checker's square or between a checker and the king (all of them when not in check).
    pub(super) fn check_escapes(&self, rules: Rules, seat: Seat) -> CheckEscapes {
        let king = self.king_square(seat);
        let checkers = self.checkers(rules, seat);
        let Some(king) = king.filter(|_| !checkers.is_empty()) else {
            return CheckEscapes { king, squares: None };
        };
        let mut squares = checkers;
        // A checker on a line from the king (not a knight's jump away) can be blocked between.
        for (checker, d) in checkers
            .iter()
            .filter_map(|c| direction_towards(king, c).map(|d| (c, d)))
        {
            let step = &tables().step[d];
            let mut at = step[king.index()];
            while let Some(square) = at.filter(|&s| s != checker) {
                squares.insert(square);
                at = step[square.index()];
            }
        }
        CheckEscapes {
            king: Some(king),
            squares: Some(squares),
        }
    }

    /// Whether `seat`'s king is out of check after `mv`. A king's step (or capture) is judged
    /// with the king lifted off the board (`king_step_safe`). Other moves are played
    /// (`leaves_king_safe`).
    fn keeps_king_safe(&mut self, rules: Rules, seat: Seat, mv: Move) -> bool {
        if self.is_king_step(seat, mv) {
            return self.king_step_safe(rules, seat, mv);
        }
        self.leaves_king_safe(rules, seat, mv)
    }

    /// Whether `mv`, once a pseudo-legal move of `seat`'s `kind` from its square, still is: a
    /// king's or knight's plain move needs only its square free to enter, a slider's its way
    /// clear too; any other is looked for among the piece's moves.
    pub(super) fn still_pseudo_legal(
        &self,
        rules: Rules,
        seat: Seat,
        mv: Move,
        kind: PieceKind,
        scratch: &mut Vec<Move>,
    ) -> bool {
        if !self.piece_at(mv.from).is_some_and(|piece| piece.is(seat, kind)) {
            return false;
        }
        let enterable = || {
            self.piece_at(mv.to)
                .is_none_or(|piece| self.capturable(rules, seat, piece))
        };
        match (kind, mv.kind) {
            (PieceKind::Knight | PieceKind::King, MoveKind::Normal) => enterable(),
            (PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen, MoveKind::Normal) => {
                enterable() && self.clear_between(mv.from, mv.to)
            }
            _ => {
                scratch.clear();
                self.piece_moves(rules, seat, mv.from, Wanted::All, scratch);
                scratch.contains(&mv)
            }
        }
    }

    /// Whether every square strictly between `from` and `to`, on one line, is empty.
    pub(super) fn clear_between(&self, from: Square, to: Square) -> bool {
        let Some(d) = direction_towards(from, to) else {
            return false;
        };
        let step = &tables().step[d];
        let mut at = step[from.index()];
        while let Some(square) = at.filter(|&s| s != to) {
            if self.piece_at(square).is_some() {
                return false;
            }
            at = step[square.index()];
        }
        at.is_some()
    }

    /// Whether `mv` is a plain step (or capture) of `seat`'s king, not castling.
    pub(super) fn is_king_step(&self, seat: Seat, mv: Move) -> bool {
        mv.kind == MoveKind::Normal && self.king_square(seat) == Some(mv.from)
    }

    /// Whether the square a king's step `mv` goes to is attacked by a live seat that may check
    /// `seat`, with the king lifted off the board: nothing else the step changes could attack
    /// that square (a piece it takes stood on it).
    pub(super) fn king_step_safe(&mut self, rules: Rules, seat: Seat, mv: Move) -> bool {
        // Only the mailbox is touched: the attack scan reads nothing else.
        let king = self.board[mv.from.index()].take();
        let safe = !self.attacked(mv.to, |s| self.checks(rules, s, seat));
        self.board[mv.from.index()] = king;
        safe
    }

    /// Plays `mv` for `seat` and says whether its king is then out of check.
    fn leaves_king_safe(&mut self, rules: Rules, seat: Seat, mv: Move) -> bool {
        let undo = self.make_move_for(rules, seat, mv);
        let safe = !self.in_check(rules, seat);
        self.unmake_move(mv, undo);
        safe
    }

    /// Which of `seat`'s moves can leave its king in check. In check: those that may end it
    /// (the rest cannot be legal); otherwise king moves, en passant (it empties two squares)
    /// and moves of pieces on a line from the king with an enemy slider behind them (pinned or
    /// not, they are tested).
    fn needs_test(&self, rules: Rules, seat: Seat) -> LegalityTests {
        let escapes = self.check_escapes(rules, seat);
        let pinned = match escapes.king {
            Some(king) if !escapes.in_check() => self.shields(rules, seat, king, |piece| piece.seat() == Some(seat)),
            _ => SquareSet::EMPTY,
        };
        LegalityTests { escapes, pinned }
    }

    /// The squares of the first pieces on the lines from `seat`'s king on `king` (those for which
    /// `counts` holds) with a live opponent's slider behind them on that line: a piece leaving
    /// one of them may give that slider the king.
    pub(super) fn shields(&self, rules: Rules, seat: Seat, king: Square, counts: impl Fn(Piece) -> bool) -> SquareSet {
        self.shields_from(king, counts, |owner| self.checks(rules, owner, seat))
    }

    /// `shields`, from the sliders of the seats for which `by` holds, frozen or not.
    pub(super) fn shields_from(
        &self,
        king: Square,
        counts: impl Fn(Piece) -> bool,
        by: impl Fn(Seat) -> bool,
    ) -> SquareSet {
        let t = tables();
        // A line with no slider of its kind of those seats on it shields nothing.
        let opponents = Seat::ALL
            .into_iter()
            .filter(|&owner| by(owner))
            .fold(SquareSet::EMPTY, |set, owner| set.union(self.army(owner)));
        let queens = self.of_kind(PieceKind::Queen);
        let sliders =
            [PieceKind::Rook, PieceKind::Bishop].map(|kind| self.of_kind(kind).union(queens).intersection(opponents));
        let occupied = self.occupied();
        let mut shields = SquareSet::EMPTY;
        for d in 0..8 {
            let straight = d < 4;
            let behind = sliders[usize::from(!straight)];
            if !t.ray[d][king.index()].meets(behind) {
                continue;
            }
            // The first piece on the line, and the one behind it, found by bit scans.
            let Some(first) = t.first_on_ray(d, king, occupied) else {
                continue;
            };
            if self.piece_at(first).is_some_and(&counts)
                && t.first_on_ray(d, first, occupied)
                    .is_some_and(|second| behind.contains(second))
            {
                shields.insert(first);
            }
        }
        shields
    }

    /// The pseudo-legal moves of `seat`'s pieces (captures of whom the rules allow; castling
    /// fully checked), appended to `moves`.
    pub(super) fn pseudo_moves(&self, rules: Rules, seat: Seat, moves: &mut Vec<Move>) {
        for from in self.army(seat).iter() {
            self.piece_moves(rules, seat, from, Wanted::All, moves);
        }
    }

    /// The pseudo-legal moves of the piece of `seat` on `from` (`wanted` says which), appended
    /// to `moves`.
    pub(super) fn piece_moves(&self, rules: Rules, seat: Seat, from: Square, wanted: Wanted, moves: &mut Vec<Move>) {
        let t = tables();
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        let noisy_only = wanted == Wanted::Noisy;
        let mut add = |to: Square| match self.piece_at(to) {
            None if noisy_only => {}
            Some(p) if !self.capturable(rules, seat, p) => {}
            _ => moves.push(Move::new(from, to, MoveKind::Normal)),
        };
        match piece.kind {
            PieceKind::Pawn => self.pawn_moves(rules, seat, piece, from, wanted, moves),
            PieceKind::Knight => t.knight[from.index()].iter().for_each(|&to| add(to)),
            PieceKind::King => {
                t.king[from.index()].iter().for_each(|&to| add(to));
                if !noisy_only {
                    self.castling(rules, seat, from, moves);
                }
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
                        match self.piece_at(to) {
                            None => {
                                if !noisy_only {
                                    moves.push(Move::new(from, to, MoveKind::Normal));
                                }
                            }
                            Some(occupant) => {
                                if self.capturable(rules, seat, occupant) {
                                    moves.push(Move::new(from, to, MoveKind::Normal));
                                }
                                break;
                            }
                        }
                        at = t.step[d][to.index()];
                    }
                }
            }
        }
    }

    fn pawn_moves(&self, rules: Rules, seat: Seat, pawn: Piece, from: Square, wanted: Wanted, moves: &mut Vec<Move>) {
        let direction = Position::pawn_direction(pawn, seat);
        let (forward, captures) = direction.pawn_steps();
        let step = &tables().step;
        let ahead = |square: Square| step[forward][square.index()];
        // A step onto an empty square is noisy only when it promotes.
        let mut push = |to: Square, kind: MoveKind, noisy: bool| match rules.promotion(seat, direction, to) {
            Some(choices) => choices
                .iter()
                .for_each(|&piece| moves.push(Move::new(from, to, MoveKind::Promotion(piece)))),
            None if noisy || wanted == Wanted::All => moves.push(Move::new(from, to, kind)),
            None => {}
        };
        if let Some(one) = ahead(from) {
            match self.piece_at(one) {
                None => {
                    push(one, MoveKind::Normal, false);
                    // A double step is never noisy: it ends three rows from its own edge, far
                    // from any promotion square.
                    if wanted == Wanted::All
                        && pawn.mark == Mark::Plain
                        && seat.progress(from) == 1
                        && let Some(two) = ahead(one).filter(|&s| self.piece_at(s).is_none())
                    {
                        push(two, MoveKind::DoubleStep, false);
                    }
                }
                // Club: a partner's pawn directly in front may be leapt.
                Some(blocker)
                    if rules.kind == RuleKind::Club
                        && blocker.is(seat.partner(), PieceKind::Pawn)
                        && let Some(beyond) = ahead(one).filter(|&s| self.piece_at(s).is_none()) =>
                {
                    push(beyond, MoveKind::Leap, false);
                }
                Some(_) => {}
            }
        }
        // Most positions have no en passant square: then no capture need look for one.
        let en_passant = rules.en_passant && self.en_passant.iter().any(Option::is_some);
        for d in captures {
            let Some(to) = step[d][from.index()] else {
                continue;
            };
            match self.piece_at(to) {
                Some(p) if self.capturable(rules, seat, p) => push(to, MoveKind::Normal, true),
                Some(_) => {}
                // The skipped square is never a promotion square of the capturer.
                None if en_passant && self.en_passant_victim(rules, seat, to).is_some() => {
                    push(to, MoveKind::EnPassant, true);
                }
                None => {}
            }
        }
    }

    /// The pawn a capture onto the empty `skipped` square by `mover` takes en passant, if any.
    fn en_passant_victim(&self, rules: Rules, mover: Seat, skipped: Square) -> Option<Square> {
        for owner in Seat::ALL {
            if let Some((s, pawn)) = self.en_passant[owner.index()]
                && s == skipped
                && let Some(victim) = self.piece_at(pawn).filter(|p| p.is(owner, PieceKind::Pawn))
                && self.capturable(rules, mover, victim)
            {
                return Some(pawn);
            }
        }
        None
    }

    /// Castling: the king on its back row three squares from a corner rook (king-side) or four
    /// (queen-side), the right kept, the squares between empty, and the king neither in check
    /// nor passing or landing on an attacked square (attacks by live opponents).
    fn castling(&self, rules: Rules, seat: Seat, king: Square, moves: &mut Vec<Move>) {
        if seat.progress(king) != 0 {
            return;
        }
        let enemy = |s: Seat| self.checks(rules, s, seat);
        let mut checked = None;
        for corner in seat.rook_corners() {
            if !self.piece_at(corner).is_some_and(|p| p.is(seat, PieceKind::Rook)) {
                continue;
            }
            let Some((kind, step)) = castle_side(self, seat, king, corner) else {
                continue;
            };
            let mut between = std::iter::successors(king.offset(step.0, step.1), |s| s.offset(step.0, step.1))
                .take_while(|&s| s != corner);
            if !between.all(|s| self.piece_at(s).is_none()) {
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

    /// Moves the pieces of `mv` for the seat to move (rights, en passant and the halfmove
    /// counter follow; the turn does not pass: `play` does that).
    pub fn make_move(&mut self, rules: Rules, mv: Move) -> MoveUndo {
        self.make_move_for(rules, self.turn, mv)
    }

    pub(super) fn make_move_for(&mut self, rules: Rules, seat: Seat, mv: Move) -> MoveUndo {
        let piece = self.remove(mv.from).expect("a piece on the from-square");
        let victim_square = match mv.kind {
            MoveKind::EnPassant => self
                .en_passant_victim(rules, seat, mv.to)
                .expect("an en passant victim"),
            _ => mv.to,
        };
        let undo = MoveUndo {
            moved: piece,
            captured: self.remove(victim_square).map(|p| (victim_square, p)),
            castle_king_side: self.castle_king_side,
            castle_queen_side: self.castle_queen_side,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            mover: seat,
        };
        let placed = match mv.kind {
            MoveKind::Promotion(PieceKind::Queen) if rules.kind == RuleKind::Ffa => {
                Piece::new(seat, PieceKind::Queen).marked(Mark::OnePoint)
            }
            MoveKind::Promotion(kind) => Piece::new(seat, kind),
            // Club: a pawn reaching its partner's back row turns round.
            _ if rules.kind == RuleKind::Club
                && piece.kind == PieceKind::Pawn
                && piece.mark == Mark::Plain
                && seat.partner().on_home_row(mv.to) =>
            {
                piece.marked(Mark::Turned)
            }
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
        undo
    }

    pub fn unmake_move(&mut self, mv: Move, undo: MoveUndo) {
        if let MoveKind::CastleKingSide | MoveKind::CastleQueenSide = mv.kind {
            let (rook_from, rook_to) = castle_rook(undo.mover, mv);
            let rook = self.remove(rook_to).expect("the castled rook");
            self.put(rook_from, rook);
        }
        self.remove(mv.to);
        self.put(mv.from, undo.moved);
        if let Some((square, captured)) = undo.captured {
            self.put(square, captured);
        }
        self.castle_king_side = undo.castle_king_side;
        self.castle_queen_side = undo.castle_queen_side;
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
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

/// Which of a piece's moves a generator wants.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Wanted {
    All,
    /// Captures, en passant and promotions: the moves a quiescence search plays.
    Noisy,
}

/// What the seat to move's moves need to be known legal, worked out once for a position.
pub struct MoveLegality(Legality);

/// What a seat's moves need to be known legal.
enum Legality {
    /// `capture-king`: every pseudo-legal move is.
    Any,
    /// Teams and FFA: the moves to play out to test the king.
    Tested(LegalityTests),
    /// Club: the mates worked out again after the move, unless it surely checks nobody.
    Club(ClubLegality),
}

/// Which moves of a seat must be played out to know they are legal.
struct LegalityTests {
    /// In check, only these moves may end it, and each is tried.
    escapes: CheckEscapes,
    pinned: SquareSet,
}

impl LegalityTests {
    /// Whether `mv` is legal when that is known without playing it: `None` when it must be
    /// tried (a king's move, en passant, a pinned piece's, a move that may end a check).
    fn known(&self, mv: Move) -> Option<bool> {
        let escapes = &self.escapes;
        if escapes.in_check() {
            return if escapes.may_end_check(mv) { None } else { Some(false) };
        }
        let doubtful = Some(mv.from) == escapes.king || mv.kind == MoveKind::EnPassant || self.pinned.contains(mv.from);
        if doubtful { None } else { Some(true) }
    }
}

/// The moves that could end a check (`check_escapes`).
#[derive(Copy, Clone)]
pub(super) struct CheckEscapes {
    king: Option<Square>,
    /// The checkers' squares and those between them and the king; `None` when not in check.
    squares: Option<SquareSet>,
}

impl CheckEscapes {
    /// Whether the seat stands in check.
    pub(super) fn in_check(&self) -> bool {
        self.squares.is_some()
    }

    /// The checkers' squares and the empty ones between them and the king (none when not in
    /// check): the pieces on them are the checkers.
    pub(super) fn squares(&self) -> SquareSet {
        self.squares.unwrap_or(SquareSet::EMPTY)
    }

    /// Only the king, a capture of a checker or a piece put in a check's way can end it.
    pub(super) fn may_end_check(&self, mv: Move) -> bool {
        Some(mv.from) == self.king
            || mv.kind == MoveKind::EnPassant
            || self.squares.is_none_or(|squares| squares.contains(mv.to))
    }

    /// Whether a `kind` on `from` could, by its geometry, move onto one of the squares (a
    /// pawn: within two steps, for its pushes, captures, en passant and leaps).
    fn piece_may_reach(&self, from: Square, kind: PieceKind) -> bool {
        let Some(squares) = self.squares.filter(|_| Some(from) != self.king) else {
            return true;
        };
        if kind == PieceKind::Knight {
            return !tables().knight_set[from.index()].intersection(squares).is_empty();
        }
        squares.iter().any(|to| {
            let (df, dr) = (
                (to.file() as i8 - from.file() as i8).abs(),
                (to.rank() as i8 - from.rank() as i8).abs(),
            );
            match kind {
                PieceKind::Pawn | PieceKind::King => df <= 2 && dr <= 2,
                PieceKind::Rook => df == 0 || dr == 0,
                PieceKind::Bishop => df == dr,
                _ => df == 0 || dr == 0 || df == dr,
            }
        })
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

/// Whether a piece of `kind` slides along a line on the cross board: a rook or a queen along a
/// straight one, a bishop or a queen along a diagonal.
pub(super) fn slides_along(kind: PieceKind, straight: bool) -> bool {
    kind == PieceKind::Queen || (straight && kind == PieceKind::Rook) || (!straight && kind == PieceKind::Bishop)
}

/// Whether a pawn moving as `direction`'s on `pawn` captures onto `target` (one step forward
/// and one sideways).
pub(super) fn pawn_captures_towards(direction: Seat, pawn: Square, target: Square) -> bool {
    let (ff, fr) = direction.forward();
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::random::Rng;
    use crate::four_player::{Game, Setup, Turn};

    /// A random legal move, a checking one half the time when there is one (random games then
    /// reach checks, mates and frozen armies); `None` when the game is over.
    pub(in crate::four_player) fn a_move_preferring_checks(game: &Game, rng: &mut Rng) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            return None;
        }
        let rules = game.rules;
        let checking: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| game.position().kings_checked_by(rules, m).iter().any(|&c| c))
            .collect();
        let pool: &[Move] = if !checking.is_empty() && rng.below(2) == 0 {
            &checking
        } else {
            moves
        };
        Some(pool[rng.below(pool.len() as u64) as usize])
    }

    /// The generators' short cuts (a move known legal or illegal without playing it; a piece
    /// with nothing to take in its open reach passed by for captures) agree with playing every
    /// pseudo-legal move, over random games of all three rule sets played with a preference
    /// for checks: the same legal moves in the same order, the captures and promotions among
    /// them, whether the seat can move at all, and which moves of any seat a table's move test
    /// takes as legal.
    #[test]
    fn the_generators_agree_with_trying_every_move() {
        let mut rng = Rng::new(29);
        let (mut positions, mut in_check, mut noisy_moves) = (0, 0, 0);
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            for _ in 0..25 {
                let mut game = Game::new(rules, Setup::Modern.position());
                for _ in 0..150 {
                    let mut pos = game.position().clone();
                    let seat = pos.turn;
                    let mut legal = Vec::new();
                    pos.generate_legal(rules, &mut legal);
                    if rules.kind != RuleKind::Club && pos.live(seat) {
                        let mut tried = Vec::new();
                        pos.pseudo_moves(rules, seat, &mut tried);
                        tried.retain(|&mv| pos.leaves_king_safe(rules, seat, mv));
                        assert_eq!(legal, tried, "{}", pos.to_fen4());
                        in_check += usize::from(pos.in_check(rules, seat));
                    }
                    let mut noisy = Vec::new();
                    let can_move = pos.generate_legal_noisy(rules, &mut noisy);
                    let expected: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|&mv| {
                            pos.piece_at(mv.to).is_some()
                                || matches!(mv.kind, MoveKind::EnPassant | MoveKind::Promotion(_))
                        })
                        .collect();
                    assert_eq!(noisy, expected, "{}", pos.to_fen4());
                    assert_eq!(can_move, !legal.is_empty(), "{}", pos.to_fen4());
                    // A table's move, which may belong to any seat or another position.
                    let live: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| pos.live(s)).collect();
                    for other in live {
                        let mut candidates = Vec::new();
                        pos.pseudo_moves(rules, other, &mut candidates);
                        for mv in candidates {
                            let known = pos.is_legal_move(rules, mv, &mut Vec::new());
                            assert_eq!(known, legal.contains(&mv), "{mv:?} in {}", pos.to_fen4());
                        }
                    }
                    positions += 1;
                    noisy_moves += noisy.len();
                    let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                        break;
                    };
                    game.play(Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(
            positions > 5_000 && in_check > 500 && noisy_moves > 5_000,
            "{positions} {in_check} {noisy_moves}"
        );
    }

    /// The mate test's short cut (the king first, only pieces that could reach a check's line)
    /// agrees with trying every pseudo-legal move, for every seat in check, over random Teams
    /// and FFA games played with a preference for checks.
    #[test]
    fn the_mate_test_agrees_with_trying_every_move() {
        let mut rng = Rng::new(17);
        let (mut in_check, mut mated) = (0, 0);
        for rules in [Rules::TEAMS, Rules::FFA] {
            for _ in 0..40 {
                let mut game = Game::new(rules, Setup::Modern.position());
                for _ in 0..150 {
                    let mut pos = game.position().clone();
                    for seat in Seat::ALL {
                        if !pos.live(seat) || !pos.in_check(rules, seat) {
                            continue;
                        }
                        in_check += 1;
                        let mut all = Vec::new();
                        pos.pseudo_moves(rules, seat, &mut all);
                        let any = all.iter().any(|&mv| pos.leaves_king_safe(rules, seat, mv));
                        mated += usize::from(!any);
                        assert_eq!(
                            pos.has_legal_move(rules, seat, &mut Vec::new()),
                            any,
                            "{seat:?} in {}",
                            pos.to_fen4()
                        );
                    }
                    let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                        break;
                    };
                    game.play(Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(in_check > 1_000 && mated > 0, "{in_check} {mated}");
    }
}
