//! The Four-Handed Chess Club's mates (Verney): a mated army freezes at once — it passes, its
//! pieces stand inert (they block, give no check and cannot be taken) — and the mate may be lifted
//! by a capture, an interposition, or by mating an opponent whose pieces the mate needed. No move
//! may check one's own king or bring a new attacker onto the partner's. Every answer here comes
//! from the frozen set worked out after each move: who is in check from live opponents and has no
//! legal move, repeated until nothing changes.

use super::board::{Seat, SquareSet};
use super::moves::Move;
use super::position::Position;
use super::rules::Rules;

/// Rounds of "who is mated now" after a move. Each round can freeze or free an army, and four
/// armies settle within four; a cycle that never settles (none is known) stops there.
const MATE_ROUNDS: usize = 4;

impl Position {
    /// Keeps the moves of `seat` that are legal under Club rules: after the move and the mates
    /// worked out again, `seat`'s king has no live attacker and its partner's king no attacker it
    /// did not have before.
    pub(super) fn retain_club_legal(&mut self, rules: Rules, seat: Seat, moves: &mut Vec<Move>) {
        let before = self.partner_attackers(rules, seat);
        let mut scratch = Vec::new();
        moves.retain(|&mv| {
            let undo = self.make_move_for(rules, seat, mv);
            let frozen = self.frozen;
            self.work_out_mates(rules, &mut scratch);
            let legal = self.club_safe(rules, seat, before);
            self.frozen = frozen;
            self.unmake_move(mv, undo);
            legal
        });
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
        scratch.clear();
        self.pseudo_moves(rules, seat, scratch);
        let mut found = false;
        for &mv in scratch.iter() {
            let undo = self.make_move_for(rules, seat, mv);
            found = self.club_safe(rules, seat, before);
            self.unmake_move(mv, undo);
            if found {
                break;
            }
        }
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
