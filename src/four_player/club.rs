//! The Four-Handed Chess Club's mates (Verney): a mated army freezes at once — it passes, its
//! pieces stand inert (they block, give no check and cannot be taken) — and the mate may be lifted
//! by a capture, an interposition, or by mating an opponent whose pieces the mate needed. No move
//! may check one's own king or bring a new attacker onto the partner's. Every answer here comes
//! from the frozen set worked out after each move: who is in check from live opponents and has no
//! legal move, repeated until nothing changes.

use super::board::{PieceKind, Seat, Square, SquareSet};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::Rules;

/// Rounds of "who is mated now" after a move. Each round can freeze or free an army, and four
/// armies settle within four; a cycle that never settles (none is known) stops there.
const MATE_ROUNDS: usize = 4;

impl Position {
    /// What `seat`'s moves need to be known legal under Club rules: its partner's attackers
    /// now, and whether the position is calm.
    pub(super) fn club_legality(&self, rules: Rules, seat: Seat) -> ClubLegality {
        ClubLegality {
            before: self.partner_attackers(rules, seat),
            calm: self.calm(rules),
        }
    }

    /// Whether `mv` of `seat` is legal under Club rules: after the move and the mates worked out
    /// again, `seat`'s king has no live attacker and its partner's king no attacker it did not
    /// have before. A move in a calm position that checks nobody is legal without playing it.
    pub(super) fn club_allows(
        &mut self,
        rules: Rules,
        seat: Seat,
        legality: &ClubLegality,
        mv: Move,
        scratch: &mut Vec<Move>,
    ) -> bool {
        legality
            .calm
            .as_ref()
            .is_some_and(|calm| self.checks_nobody(rules, calm, seat, mv))
            || self.club_legal_when_played(rules, seat, mv, legality.before, scratch)
    }

    /// Plays `mv` for `seat`, works out the mates again and says whether it was legal.
    fn club_legal_when_played(
        &mut self,
        rules: Rules,
        seat: Seat,
        mv: Move,
        before: SquareSet,
        scratch: &mut Vec<Move>,
    ) -> bool {
        let undo = self.make_move_for(rules, seat, mv);
        let legal = self.verdict_before_mates(rules, seat, before).unwrap_or_else(|| {
            let frozen = self.frozen;
            self.work_out_mates(rules, scratch);
            let legal = self.club_safe(rules, seat, before);
            self.frozen = frozen;
            legal
        });
        self.unmake_move(mv, undo);
        legal
    }

    /// After `seat`'s move, whether it was legal, when that is known before the mates are
    /// worked out again; `None` when only working them out can tell.
    ///
    /// With no army frozen, every piece is live, so any frozen set the working out reaches
    /// leaves fewer attackers than there are now: a king safe now stays safe, and an army can
    /// end frozen only if it is in check now. So a move that leaves `seat` unchecked and adds no
    /// attacker on its partner's king is legal; one that leaves `seat` checked by an army not
    /// itself in check (it cannot be mated, its check stays) is not.
    fn verdict_before_mates(&self, rules: Rules, seat: Seat, before: SquareSet) -> Option<bool> {
        if self.frozen.iter().any(|&f| f) {
            return None;
        }
        let checkers = self.checkers(rules, seat);
        if checkers.is_empty() {
            return self.partner_attackers(rules, seat).is_subset(before).then_some(true);
        }
        let check_stays = checkers.iter().any(|square| {
            self.piece_at(square)
                .and_then(|piece| piece.seat())
                .is_some_and(|owner| !self.in_check(rules, owner))
        });
        check_stays.then_some(false)
    }

    /// When no army is frozen and no king in check, the squares whose piece, leaving, could
    /// open a line onto a king (`Calm`); `None` otherwise (a mate may then be made or lifted).
    fn calm(&self, rules: Rules) -> Option<Calm> {
        if self.frozen.iter().any(|&f| f) {
            return None;
        }
        let mut openers = SquareSet::EMPTY;
        for seat in Seat::ALL.into_iter().filter(|s| !self.out[s.index()]) {
            let king = self.king_square(seat)?;
            if self.in_check(rules, seat) {
                return None;
            }
            for shield in self.shields(rules, seat, king, |_| true).iter() {
                openers.insert(shield);
            }
        }
        Some(Calm { openers })
    }

    /// Whether `mv` by `seat`, in a calm position, surely puts no king in check: it opens no line
    /// onto a king and the piece it places attacks no opponent's king. Nobody is then in check
    /// after it, so nobody is mated, the frozen set stays empty and the move is legal as it
    /// stands. King moves, castling and en passant (a third square emptied) are played out.
    fn checks_nobody(&self, rules: Rules, calm: &Calm, seat: Seat, mv: Move) -> bool {
        let simple = matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Leap | MoveKind::Promotion(_)
        );
        let Some(moved) = self.piece_at(mv.from) else {
            return false;
        };
        if !simple || moved.kind == PieceKind::King || calm.openers.contains(mv.from) {
            return false;
        }
        let placed = match mv.kind {
            MoveKind::Promotion(kind) => kind,
            _ => moved.kind,
        };
        !Seat::ALL.into_iter().any(|other| {
            self.checks(rules, seat, other)
                && self
                    .king_square(other)
                    .is_some_and(|king| self.could_attack(placed, mv.to, king, mv.from))
        })
    }

    /// Whether a piece of `kind` on `at` attacks `king` once `vacated` is empty. For a pawn,
    /// whose direction a Club pawn may have turned, any king next to it counts.
    fn could_attack(&self, kind: PieceKind, at: Square, king: Square, vacated: Square) -> bool {
        let (df, dr) = (king.file() as i8 - at.file() as i8, king.rank() as i8 - at.rank() as i8);
        let (straight, diagonal) = (df == 0 || dr == 0, df.abs() == dr.abs());
        let along = match kind {
            PieceKind::Knight => return (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
            PieceKind::Pawn | PieceKind::King => return df.abs() <= 1 && dr.abs() <= 1,
            PieceKind::Rook => straight,
            PieceKind::Bishop => diagonal,
            PieceKind::Queen => straight || diagonal,
        };
        if !along || (df, dr) == (0, 0) {
            return false;
        }
        let mut at = at.offset(df.signum(), dr.signum());
        while let Some(s) = at {
            if s == king {
                return true;
            }
            if s != vacated && self.piece_at(s).is_some() {
                return false;
            }
            at = s.offset(df.signum(), dr.signum());
        }
        false
    }

    /// Works out who is mated, from the frozen set as it stands, until it settles.
    pub(super) fn work_out_mates(&mut self, rules: Rules, scratch: &mut Vec<Move>) {
        for _ in 0..MATE_ROUNDS {
            let mut changed = false;
            for seat in Seat::ALL {
                if self.out[seat.index()] {
                    continue;
                }
                let mated = self.in_check(rules, seat) && !self.has_club_move(rules, seat, scratch);
                if mated != self.frozen[seat.index()] {
                    self.frozen[seat.index()] = mated;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Whether `seat` has a move that leaves it safe with the frozen set as it stands (the one
    /// level of "after mates are worked out again" that a mate test needs is the set itself).
    fn has_club_move(&mut self, rules: Rules, seat: Seat, scratch: &mut Vec<Move>) -> bool {
        let before = self.partner_attackers(rules, seat);
        let frozen = self.frozen[seat.index()];
        // A frozen seat is asked whether it could move were it free.
        self.frozen[seat.index()] = false;
        let escapes = self.check_escapes(rules, seat);
        let found = self.any_move_that_may_end_check(rules, seat, escapes, scratch, |pos, mv| {
            let undo = pos.make_move_for(rules, seat, mv);
            let safe = pos.club_safe(rules, seat, before);
            pos.unmake_move(mv, undo);
            safe
        });
        self.frozen[seat.index()] = frozen;
        found
    }

    /// `seat`'s king unattacked by live opponents, and its partner's attacked by none but
    /// `before`'s.
    fn club_safe(&self, rules: Rules, seat: Seat, before: SquareSet) -> bool {
        !self.in_check(rules, seat) && self.partner_attackers(rules, seat).is_subset(before)
    }

    /// The live opponents' pieces attacking the king of `seat`'s partner.
    fn partner_attackers(&self, rules: Rules, seat: Seat) -> SquareSet {
        self.checkers(rules, seat.partner())
    }
}

/// What a seat's moves need to be known legal under Club rules (`club_legality`).
pub(super) struct ClubLegality {
    before: SquareSet,
    calm: Option<Calm>,
}

/// A position where no army is frozen and no king is in check, and the squares whose piece
/// shields a king from a live opponent's slider (leaving them could give check).
struct Calm {
    openers: SquareSet,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Rng;
    use crate::four_player::movegen::tests::a_move_preferring_checks;
    use crate::four_player::{Game, Setup, Turn};

    impl Position {
        /// The rule as written: play the move, work every mate out, test the kings.
        fn club_legal_worked_out(&mut self, rules: Rules, seat: Seat, mv: Move, before: SquareSet) -> bool {
            let undo = self.make_move_for(rules, seat, mv);
            let frozen = self.frozen;
            self.work_out_mates(rules, &mut Vec::new());
            let legal = self.club_safe(rules, seat, before);
            self.frozen = frozen;
            self.unmake_move(mv, undo);
            legal
        }

        /// Whether `seat` has a safe move, every pseudo-legal move tried.
        fn has_club_move_tried_all(&mut self, rules: Rules, seat: Seat) -> bool {
            let before = self.partner_attackers(rules, seat);
            let frozen = self.frozen[seat.index()];
            self.frozen[seat.index()] = false;
            let mut moves = Vec::new();
            self.pseudo_moves(rules, seat, &mut moves);
            let found = moves.into_iter().any(|mv| {
                let undo = self.make_move_for(rules, seat, mv);
                let safe = self.club_safe(rules, seat, before);
                self.unmake_move(mv, undo);
                safe
            });
            self.frozen[seat.index()] = frozen;
            found
        }
    }

    /// The short cuts (a verdict before the mates are worked out, only escapes tried in a mate
    /// test) agree with the rule as written, over random Club games that reach checks and
    /// frozen armies: the games are played with a preference for checking moves.
    #[test]
    fn the_short_cuts_agree_with_the_rule_as_written() {
        let rules = Rules::CLUB;
        let mut rng = Rng::new(11);
        let (mut decided, mut worked_out, mut frozen_positions, mut mate_tests) = (0, 0, 0, 0);
        for _ in 0..40 {
            let mut game = Game::new(rules, Setup::Modern.position());
            for _ in 0..120 {
                let mut pos = game.position().clone();
                let seat = pos.turn;
                let before = pos.partner_attackers(rules, seat);
                frozen_positions += usize::from(pos.frozen.iter().any(|&f| f));
                let mut pseudo = Vec::new();
                pos.pseudo_moves(rules, seat, &mut pseudo);
                for &mv in &pseudo {
                    let undo = pos.make_move_for(rules, seat, mv);
                    let verdict = pos.verdict_before_mates(rules, seat, before);
                    for other in Seat::ALL {
                        if !pos.out[other.index()] && pos.in_check(rules, other) {
                            mate_tests += 1;
                            assert_eq!(
                                pos.has_club_move(rules, other, &mut Vec::new()),
                                pos.has_club_move_tried_all(rules, other),
                                "{other:?} in {}",
                                pos.to_fen4()
                            );
                        }
                    }
                    pos.unmake_move(mv, undo);
                    match verdict {
                        Some(_) => decided += 1,
                        None => worked_out += 1,
                    }
                    assert_eq!(
                        pos.club_legal_when_played(rules, seat, mv, before, &mut Vec::new()),
                        pos.club_legal_worked_out(rules, seat, mv, before),
                        "{mv:?} in {}",
                        pos.to_fen4()
                    );
                }
                let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                    break;
                };
                game.play(Turn::Move(mv)).unwrap();
            }
        }
        // Meaningful only if both paths and frozen armies came up.
        assert!(
            decided > 50_000 && worked_out > 2_000 && frozen_positions > 50 && mate_tests > 20_000,
            "{decided} {worked_out} {frozen_positions} {mate_tests}"
        );
    }

    /// Every move the calm test lets through is one that, played out with the mates worked out
    /// again, is legal: over random Club games, move by move, for the seat to move.
    #[test]
    fn a_move_that_checks_nobody_in_a_calm_position_is_legal_when_played_out() {
        let rules = Rules::CLUB;
        let mut rng = Rng::new(7);
        let (mut passed, mut doubtful, mut checks) = (0, 0, 0);
        for _ in 0..60 {
            let mut game = Game::new(rules, Setup::Modern.position());
            for _ in 0..150 {
                let mut pos = game.position().clone();
                let seat = pos.turn;
                let before = pos.partner_attackers(rules, seat);
                let mut pseudo = Vec::new();
                pos.pseudo_moves(rules, seat, &mut pseudo);
                match pos.calm(rules) {
                    Some(calm) => {
                        for &mv in &pseudo {
                            if pos.checks_nobody(rules, &calm, seat, mv) {
                                passed += 1;
                                assert!(
                                    pos.club_legal_when_played(rules, seat, mv, before, &mut Vec::new()),
                                    "{mv:?} in {}",
                                    pos.to_fen4()
                                );
                            } else {
                                doubtful += 1;
                            }
                        }
                    }
                    None => checks += 1,
                }
                let moves = game.legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                game.play(Turn::Move(mv)).unwrap();
            }
        }
        // The test means something only if both kinds of moves and checked positions came up.
        assert!(
            passed > 10_000 && doubtful > 10_000 && checks > 100,
            "{passed} {doubtful} {checks}"
        );
    }
}
