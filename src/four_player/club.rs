//! The Four-Handed Chess Club's mates (Verney): a mated army freezes at once — it passes, its
//! pieces stand inert (they block, give no check and cannot be taken) — and the mate may be lifted
//! by a capture, an interposition, or by mating an opponent whose pieces the mate needed. No move
//! may check one's own king or bring a new attacker onto the partner's. Every answer here comes
//! from the frozen set worked out after each move: who is in check from live opponents and has no
//! legal move, repeated until nothing changes.

use super::board::{PieceKind, Seat, SquareSet};
use super::checks_seen::Touched;
use super::movegen::CheckEscapes;
use super::moves::{Move, MoveKind, tables};
use super::position::{PerSeat, Position};
use super::rules::Rules;

/// Rounds of "who is mated now" after a move. Each round can freeze or free an army, and four
/// armies settle within four; a cycle that never settles stops there. One is known: two
/// opponents each mated only while the other's pieces are live (one's escape is to capture a
/// piece of the other, which a frozen army's are not) free and freeze each other in turn.
const MATE_ROUNDS: usize = 4;

impl Position {
    /// What `seat`'s moves need to be known legal under Club rules: its partner's attackers
    /// now; the squares whose piece, leaving, could open a line onto its king or its partner's
    /// (`openers`); with no army frozen and `seat` in check, what a move must do to lift the
    /// check (`held_check`); whether a safe king's step is legal.
    ///
    /// With an army frozen, a move after which `seat` would be safe were every army free is
    /// legal, whatever the mates come to: no frozen set gives a piece more attacks than that.
    /// The short cuts then hold when the partner's king would have no more attackers were
    /// every army free than it has now (and, for `openers`, `seat`'s king none).
    pub(super) fn club_legality(&self, rules: Rules, seat: Seat) -> ClubLegality {
        let partner_checked = self.club_in_check(rules, seat.partner());
        let before = if partner_checked {
            self.partner_attackers(rules, seat)
        } else {
            SquareSet::EMPTY
        };
        let (partner_free_safe, free_safe) = if self.frozen.contains(&true) {
            let partner = self.free_checkers(rules, seat.partner()).is_subset(before);
            (partner, partner && self.free_checkers(rules, seat).is_empty())
        } else {
            (true, true)
        };
        let held_check = self.held_check(rules, seat);
        // The no-line test is of use out of check, or in check from one piece.
        let openers_of_use = free_safe && held_check.as_ref().is_none_or(|held| held.lone_checker);
        ClubLegality {
            before,
            openers: if openers_of_use {
                self.openers(rules, seat)
            } else {
                None
            },
            held_check,
            safe_step_legal: partner_free_safe && self.king_off_partners_lines(seat),
        }
    }

    /// The pieces of `seat`'s opponents still in the game that attack its king, frozen or not:
    /// its checkers were every army free.
    fn free_checkers(&self, rules: Rules, seat: Seat) -> SquareSet {
        self.king_square(seat).map_or(SquareSet::EMPTY, |king| {
            self.attackers_frozen_or_not(king, |owner| self.free_opponent(rules, owner, seat))
        })
    }

    /// Whether `owner` opposes `seat` and is still in the game (frozen or not).
    fn free_opponent(&self, rules: Rules, owner: Seat, seat: Seat) -> bool {
        rules.opposes(owner, seat) && !self.out[owner.index()]
    }

    /// When no army is frozen and `seat` is in check, what a move that cannot end the check
    /// (`CheckEscapes`) would need to be legal: it leaves every checker where it is, so every
    /// checking army must end mated. With every army live, working the mates out only freezes
    /// armies, and an army not in check now is mated only if the move checks it.
    fn held_check(&self, rules: Rules, seat: Seat) -> Option<HeldCheck> {
        if self.frozen.contains(&true) || !self.club_in_check(rules, seat) {
            return None;
        }
        let escapes = self.check_escapes(rules, seat);
        let mut unchecked_kings = SquareSet::EMPTY;
        let mut checkers = 0;
        for checker in escapes.squares().iter().filter_map(|square| self.piece_at(square)) {
            checkers += 1;
            let owner = checker.seat()?;
            if !self.club_in_check(rules, owner) {
                // A checking army with no king can never be mated: leave the move to be played.
                unchecked_kings.insert(self.king_square(owner)?);
            }
        }
        Some(HeldCheck {
            escapes,
            unchecked_kings,
            lone_checker: checkers == 1,
        })
    }

    /// Whether `seat` is in check, from who was seen in check after the last move when that
    /// still holds (`checks_seen`).
    fn club_in_check(&self, rules: Rules, seat: Seat) -> bool {
        match self.checked_seats() {
            Some(checked) => checked[seat.index()],
            None => self.in_check(rules, seat),
        }
    }

    /// Whether `mv` of `seat` is legal under Club rules: after the move and the mates worked out
    /// again, `seat`'s king has no live attacker and its partner's king no attacker it did not
    /// have before. Many moves are known without playing them (`ClubLegality::known`), and a
    /// king's step to a square safe with the king lifted (`ClubLegality::safe_step_legal`).
    pub(super) fn club_allows(
        &mut self,
        rules: Rules,
        seat: Seat,
        legality: &ClubLegality,
        mv: Move,
        scratch: &mut Vec<Move>,
    ) -> bool {
        if let Some(known) = legality.known(self, mv) {
            return known;
        }
        if legality.safe_step_legal && self.is_king_step(seat, mv) {
            // Judged with every army free (`club_legality`); with none frozen, that is as it is.
            let frozen = std::mem::take(&mut self.frozen);
            let safe = self.king_step_safe(rules, seat, mv);
            self.frozen = frozen;
            if safe {
                return true;
            }
        }
        self.club_legal_when_played(rules, seat, mv, legality.before, scratch)
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
        let checks_before = self.checked_seats();
        let undo = self.make_move_for(rules, seat, mv);
        let touched = Touched::by(mv, &undo);
        let legal = self
            .verdict_before_mates(rules, seat, before, touched)
            .unwrap_or_else(|| {
                let frozen = self.frozen;
                self.settle_mates(rules, checks_before.zip(touched), scratch);
                let legal = self.club_safe(rules, seat, before);
                self.frozen = frozen;
                legal
            });
        self.unmake_move(mv, undo);
        legal
    }

    /// After `seat`'s move, whether it was legal, when that is known before the mates are
    /// worked out again; `None` when only working them out can tell. With an army frozen, a
    /// move is known legal only when it would be with every army free.
    ///
    /// With no army frozen, every piece is live, so any frozen set the working out reaches
    /// leaves fewer attackers than there are now: a king safe now stays safe, and an army can
    /// end frozen only if it is in check now. So a move that leaves `seat` unchecked and adds no
    /// attacker on its partner's king is legal; one that leaves `seat` checked by an army not
    /// itself in check (it cannot be mated, its check stays) is not. A move that could not reach
    /// the partner's king (`touched`) left its attackers as they were.
    fn verdict_before_mates(
        &mut self,
        rules: Rules,
        seat: Seat,
        before: SquareSet,
        touched: Option<Touched>,
    ) -> Option<bool> {
        if self.frozen.contains(&true) {
            return self.safe_were_all_free(rules, seat, before).then_some(true);
        }
        let checkers = self.checkers(rules, seat);
        if checkers.is_empty() {
            let partner_untouched = touched
                .zip(self.king_square(seat.partner()))
                .is_some_and(|(touched, king)| !touched.may_reach(king));
            return (partner_untouched || self.partner_attackers(rules, seat).is_subset(before)).then_some(true);
        }
        let check_stays = checkers.iter().any(|square| {
            self.piece_at(square)
                .and_then(|piece| piece.seat())
                .is_some_and(|owner| !self.in_check(rules, owner))
        });
        check_stays.then_some(false)
    }

    /// Whether `seat` would be safe (its king unattacked, its partner's attacked by no more than
    /// `before`) were every army free. Working the mates out can free a frozen army, but no
    /// frozen set gives any piece more attacks than that: a move safe so is legal whatever the
    /// mates come to.
    fn safe_were_all_free(&mut self, rules: Rules, seat: Seat, before: SquareSet) -> bool {
        let frozen = std::mem::take(&mut self.frozen);
        let safe = self.club_safe(rules, seat, before);
        self.frozen = frozen;
        safe
    }

    /// The squares of the first pieces on the lines from `seat`'s king and its partner's with
    /// an opponent's slider behind them (frozen or not); `None` when `seat` has no king.
    ///
    /// With no army frozen every piece is live, and working the mates out after a move can
    /// only freeze armies, which takes attackers away. So a move that leaves `seat` unchecked
    /// and brings no new attacker onto its partner's king with every piece live is legal. A
    /// piece other than the king that leaves none of these squares, and empties no square but
    /// its own (no en passant), opens no line onto either king: its partner gains no attacker,
    /// and `seat` none (out of check it stays so; in check from one piece, a move that takes
    /// that piece or steps into its line ends the check). With an army frozen the same holds
    /// of the armies all free (`club_legality`).
    fn openers(&self, rules: Rules, seat: Seat) -> Option<SquareSet> {
        let king = self.king_square(seat)?;
        let opponent = |owner: Seat| self.free_opponent(rules, owner, seat);
        let mut openers = self.shields_from(king, |_| true, opponent);
        if let Some(partner_king) = self.king_square(seat.partner()) {
            openers = openers.union(self.shields_from(partner_king, |_| true, opponent));
        }
        Some(openers)
    }

    /// Whether `mv`, by a piece not on one of `openers`, is one that opens no line onto a king
    /// (`openers`): not the king's, not castling or en passant.
    fn opens_no_line(&self, openers: SquareSet, mv: Move) -> bool {
        mv.kind.changes_only_its_squares()
            && !openers.contains(mv.from)
            && self
                .piece_at(mv.from)
                .is_some_and(|moved| moved.kind != PieceKind::King)
    }

    /// Works out who is mated after a turn, and remembers who is then in check for the next.
    /// `known`: who was in check before the move and what it changed, when both are known; the
    /// first round then tests only the kings the move could have reached.
    pub(super) fn work_out_mates_after(
        &mut self,
        rules: Rules,
        known: Option<(PerSeat<bool>, Touched)>,
        scratch: &mut Vec<Move>,
    ) {
        let (checked, worked_out) = self.settle_mates(rules, known, scratch);
        self.remember_checks(checked, worked_out);
    }

    /// Works out who is mated until it settles (or, with an army frozen, recalls it from a
    /// search's memo); then says who is in check (`None` if it did not settle), and whether it
    /// was worked out (not recalled).
    fn settle_mates(
        &mut self,
        rules: Rules,
        known: Option<(PerSeat<bool>, Touched)>,
        scratch: &mut Vec<Move>,
    ) -> (Option<PerSeat<bool>>, bool) {
        // Without a frozen army the working out is quick; with one, a mate is proved again.
        let memo_key = self.mates_memo.get().filter(|_| self.frozen.contains(&true)).map(|_| {
            // The rules' en passant decides whether an en passant capture is an escape.
            self.key() ^ u64::from(rules.en_passant)
        });
        let Some(key) = memo_key else {
            return (self.work_mates_out(rules, known, scratch), true);
        };
        if let Some((frozen, checked)) = self.mates_memo.get().and_then(|memo| memo.recall(key)) {
            self.frozen = frozen;
            return (checked, false);
        }
        let checked = self.work_mates_out(rules, known, scratch);
        let frozen = self.frozen;
        if let Some(memo) = self.mates_memo.get_mut() {
            memo.remember(key, frozen, checked);
        }
        (checked, true)
    }

    /// `settle_mates` without the memo.
    fn work_mates_out(
        &mut self,
        rules: Rules,
        mut known: Option<(PerSeat<bool>, Touched)>,
        scratch: &mut Vec<Move>,
    ) -> Option<PerSeat<bool>> {
        for _ in 0..MATE_ROUNDS {
            let mut changed = false;
            let mut checked = [false; 4];
            for seat in Seat::ALL {
                if self.out[seat.index()] {
                    continue;
                }
                let i = seat.index();
                // A king the move could not reach is checked as it was: no attacker came or went.
                // One that was not in check can only have been checked by the move itself.
                let (checked_now, escape_stands) = match known {
                    Some((before, touched)) if !before[i] => (self.checked_by_move(rules, seat, touched), false),
                    Some((before, touched)) if self.king_square(seat).is_some_and(|king| !touched.may_reach(king)) => {
                        (before[i], before[i] && self.escape_untouched(rules, seat, touched))
                    }
                    _ => (self.in_check(rules, seat), false),
                };
                checked[i] = checked_now;
                debug_assert_eq!(checked[i], self.in_check(rules, seat), "{seat:?} in {}", self.to_fen4());
                let mated = checked[i] && !escape_stands && !self.has_club_move(rules, seat, scratch);
                if mated != self.frozen[i] {
                    self.frozen[i] = mated;
                    changed = true;
                    // An army frozen or freed changes who attacks whom: test every king from here.
                    known = None;
                }
            }
            if !changed {
                return Some(checked);
            }
        }
        None
    }

    /// Whether `seat`'s escape, confirmed before the move `touched` records (its king out of the
    /// move's reach, no army frozen or freed since), still answers its mate test: the move
    /// changed nothing the answer reads. The escape's squares hold what they held, the line
    /// between them is as it was, and no attack on them or on `seat`'s king changed (none is on
    /// a line or a knight's jump from a square the move changed). The partner's king counts
    /// only when the escape leaves a square on its lines: only then can it bare that king.
    /// Castling and en passant read other squares too, and are tested again.
    fn escape_untouched(&self, rules: Rules, seat: Seat, touched: Touched) -> bool {
        let line_set = &tables().line_set;
        let escaped = self.checks_seen.confirmed_escape(seat).filter(|escape| {
            let simple = escape.kind.changes_only_its_squares();
            let partner_untouched = self
                .king_square(seat.partner())
                .is_none_or(|king| !line_set[king.index()].contains(escape.from) || !touched.may_reach(king));
            // The king's square is out of the move's reach already.
            let from_untouched = Some(escape.from) == self.king_square(seat) || !touched.may_reach(escape.from);
            simple && !touched.may_reach(escape.to) && from_untouched && partner_untouched
        });
        debug_assert!(
            escaped.is_none_or(|escape| self.clone().kept_escape(rules, seat, &mut Vec::new()) == Some(escape)),
            "{escaped:?} of {seat:?} in {}",
            self.to_fen4()
        );
        escaped.is_some()
    }

    /// Whether `seat` has a move that leaves it safe with the frozen set as it stands (the one
    /// level of "after mates are worked out again" that a mate test needs is the set itself).
    fn has_club_move(&mut self, rules: Rules, seat: Seat, scratch: &mut Vec<Move>) -> bool {
        let frozen = self.frozen[seat.index()];
        // A frozen seat is asked whether it could move were it free.
        self.frozen[seat.index()] = false;
        let escape = self
            .kept_escape(rules, seat, scratch)
            .or_else(|| self.find_club_move(rules, seat, scratch));
        let kind = |mv: Move| self.piece_at(mv.from).map(|piece| (mv, piece.kind));
        self.checks_seen.keep_escape(seat, escape.and_then(kind));
        self.frozen[seat.index()] = frozen;
        escape.is_some()
    }

    /// The move that last answered `seat`'s mate test, when it still does: a check usually
    /// stands while the other seats move, and its escape with it. The move is tested as the
    /// rule is written (a pseudo-legal move of `seat` after which it is safe), so a kept move
    /// that no longer holds is only a test wasted.
    fn kept_escape(&mut self, rules: Rules, seat: Seat, scratch: &mut Vec<Move>) -> Option<Move> {
        let (mv, kind) = self.checks_seen.escape(seat)?;
        if !self.still_pseudo_legal(rules, seat, mv, kind, scratch) {
            return None;
        }
        let safe = if kind == PieceKind::King && mv.kind == MoveKind::Normal && self.king_off_partners_lines(seat) {
            self.king_step_safe(rules, seat, mv)
        } else {
            let before = self.partner_attackers(rules, seat);
            let undo = self.make_move_for(rules, seat, mv);
            let safe = self.club_safe(rules, seat, before);
            self.unmake_move(mv, undo);
            safe
        };
        safe.then_some(mv)
    }

    /// A move of `seat` (its army free) that leaves it safe, if it has one: the king's steps
    /// first when no step can open a line onto its partner's king, then only the moves that
    /// may end the check.
    fn find_club_move(&mut self, rules: Rules, seat: Seat, scratch: &mut Vec<Move>) -> Option<Move> {
        let king_tried = self.king_off_partners_lines(seat);
        if king_tried && let Some(step) = self.safe_king_step(rules, seat) {
            return Some(step);
        }
        // `seat`'s own pieces never attack its partner: its frozen flag does not change these.
        let before = self.partner_attackers(rules, seat);
        let escapes = self.check_escapes(rules, seat);
        // A king's step that leaves no line open onto the partner's king brings it no new
        // attacker (a piece it takes can only be one less): only the square stepped to counts.
        let partner_openers = self.king_square(seat.partner()).map_or(SquareSet::EMPTY, |king| {
            self.shields(rules, seat.partner(), king, |_| true)
        });
        self.first_move_that_may_end_check(rules, seat, escapes, scratch, |pos, mv| {
            if pos.is_king_step(seat, mv) && !partner_openers.contains(mv.from) {
                return !king_tried && pos.king_step_safe(rules, seat, mv);
            }
            let undo = pos.make_move_for(rules, seat, mv);
            let safe = pos.club_safe(rules, seat, before);
            pos.unmake_move(mv, undo);
            safe
        })
    }

    /// Whether `seat` has a king and it stands on no file, rank or diagonal of its partner's
    /// king (or the partner has none): then no step of it can open a line onto that king, and a
    /// step is safe when the square it goes to is.
    fn king_off_partners_lines(&self, seat: Seat) -> bool {
        let Some(king) = self.king_square(seat) else {
            return false;
        };
        self.king_square(seat.partner()).is_none_or(|partner| {
            let (df, dr) = (
                king.file().abs_diff(partner.file()),
                king.rank().abs_diff(partner.rank()),
            );
            df != 0 && dr != 0 && df != dr
        })
    }

    /// Whether a plain step of `seat`'s king (its king off its partner's lines) reaches a square
    /// no live opponent attacks: the mate test's commonest answer, found before the test works
    /// out what the other pieces would need.
    fn safe_king_step(&mut self, rules: Rules, seat: Seat) -> Option<Move> {
        let king = self.king_square(seat)?;
        tables().king[king.index()]
            .iter()
            .map(|&to| Move::new(king, to, MoveKind::Normal))
            .find(|&step| {
                self.piece_at(step.to)
                    .is_none_or(|piece| self.capturable(rules, seat, piece))
                    && self.king_step_safe(rules, seat, step)
            })
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
    openers: Option<SquareSet>,
    held_check: Option<HeldCheck>,
    /// The king off its partner's king's lines (and, with an army frozen, the partner's king
    /// no worse off were every army free): a step of it to a square no opponent attacks were
    /// every army free is legal (it leaves no attacker on the king, and opens no line onto the
    /// partner's), however the mates are worked out after it.
    safe_step_legal: bool,
}

impl ClubLegality {
    /// Whether `mv` is legal when that is known without playing it: a move that opens no line
    /// onto either king is (`openers`), in check when it ends a lone checker's check; one that
    /// leaves a check standing and cannot check a checking army that is not in check is not
    /// (`held_check`).
    fn known(&self, pos: &Position, mv: Move) -> Option<bool> {
        let ends_check = |held: &HeldCheck| held.lone_checker && held.escapes.may_end_check(mv);
        if self.openers.is_some_and(|openers| pos.opens_no_line(openers, mv))
            && self.held_check.as_ref().is_none_or(ends_check)
        {
            return Some(true);
        }
        let held = self.held_check.as_ref()?;
        let touched = Touched::unplayed(mv)?;
        let stays = !held.escapes.may_end_check(mv) && held.unchecked_kings.iter().any(|king| !touched.may_reach(king));
        stays.then_some(false)
    }
}

/// `seat` in check with no army frozen (`held_check`).
struct HeldCheck {
    escapes: CheckEscapes,
    /// The kings of the checking armies that are not in check themselves.
    unchecked_kings: SquareSet,
    /// One piece gives the check.
    lone_checker: bool,
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
            self.settle_mates(rules, None, &mut Vec::new());
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

    /// Plays `games` random Club games of at most `plies` moves (seeded by `seed`, with a
    /// preference for checking moves, so checks and frozen armies come up) and hands `visit`
    /// each position reached, before its move.
    fn visit_random_club_games(seed: u64, games: usize, plies: usize, mut visit: impl FnMut(&Game)) {
        let mut rng = Rng::new(seed);
        for _ in 0..games {
            let mut game = Game::new(Rules::CLUB, Setup::Modern.position());
            for _ in 0..plies {
                visit(&game);
                let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                    break;
                };
                game.play(Turn::Move(mv)).unwrap();
            }
        }
    }

    /// The short cuts (a verdict before the mates are worked out, only escapes tried in a mate
    /// test) agree with the rule as written, over random Club games that reach checks and
    /// frozen armies: the games are played with a preference for checking moves.
    #[test]
    fn the_short_cuts_agree_with_the_rule_as_written() {
        let rules = Rules::CLUB;
        let (mut decided, mut worked_out, mut frozen_positions, mut mate_tests) = (0, 0, 0, 0);
        visit_random_club_games(11, 40, 120, |game| {
            let mut pos = game.position().clone();
            let seat = pos.turn;
            let before = pos.partner_attackers(rules, seat);
            frozen_positions += usize::from(pos.frozen.iter().any(|&f| f));
            let mut pseudo = Vec::new();
            pos.pseudo_moves(rules, seat, &mut pseudo);
            for &mv in &pseudo {
                let undo = pos.make_move_for(rules, seat, mv);
                let verdict = pos.verdict_before_mates(rules, seat, before, Touched::by(mv, &undo));
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
        });
        // Meaningful only if both paths and frozen armies came up.
        assert!(
            decided > 50_000 && worked_out > 2_000 && frozen_positions > 50 && mate_tests > 20_000,
            "{decided} {worked_out} {frozen_positions} {mate_tests}"
        );
    }

    /// A kept escape is taken only when the rule as written allows it now: over random Club
    /// games played with a preference for checks, each seat in check first has the escape of
    /// its last mate test (from another position) tested, and any it takes is a pseudo-legal
    /// move after which the seat is safe.
    #[test]
    fn a_kept_escape_holds_only_when_the_rule_as_written_allows_it() {
        let rules = Rules::CLUB;
        let (mut taken, mut refused) = (0, 0);
        let mut pos = Position::empty();
        visit_random_club_games(23, 40, 120, |game| {
            // The kept escapes travel from the position before.
            let escapes = pos.checks_seen;
            pos = game.position().clone();
            pos.checks_seen = escapes;
            for seat in Seat::ALL {
                if pos.out[seat.index()] || !pos.in_check(rules, seat) {
                    continue;
                }
                let frozen = pos.frozen[seat.index()];
                pos.frozen[seat.index()] = false;
                match pos.kept_escape(rules, seat, &mut Vec::new()) {
                    Some(mv) => {
                        taken += 1;
                        let before = pos.partner_attackers(rules, seat);
                        let mut pseudo = Vec::new();
                        pos.pseudo_moves(rules, seat, &mut pseudo);
                        assert!(pseudo.contains(&mv), "{mv:?} in {}", pos.to_fen4());
                        let undo = pos.make_move_for(rules, seat, mv);
                        assert!(pos.club_safe(rules, seat, before), "{mv:?} in {}", pos.to_fen4());
                        pos.unmake_move(mv, undo);
                    }
                    None => refused += usize::from(pos.checks_seen.escape(seat).is_some()),
                }
                pos.frozen[seat.index()] = frozen;
                pos.has_club_move(rules, seat, &mut Vec::new());
            }
        });
        // Meaningful only if kept escapes were both taken and refused.
        assert!(taken > 500 && refused > 100, "{taken} {refused}");
    }

    /// An escape confirmed before a move that left it untouched (`escape_untouched`) still
    /// answers the mate test as the rule is written: over random Club games played with a
    /// preference for checks, after every pseudo-legal move of the seat to move, each seat in
    /// check whose king and escape the move left alone has that escape pseudo-legal and safe.
    #[test]
    fn an_escape_the_move_left_untouched_still_holds() {
        let rules = Rules::CLUB;
        let (mut untouched, mut tested_again) = (0, 0);
        visit_random_club_games(41, 40, 120, |game| {
            let mut pos = game.position().clone();
            let Some(checked) = pos.checked_seats() else {
                return;
            };
            let mover = pos.turn;
            let mut pseudo = Vec::new();
            pos.pseudo_moves(rules, mover, &mut pseudo);
            for &mv in &pseudo {
                let undo = pos.make_move_for(rules, mover, mv);
                let Some(touched) = Touched::by(mv, &undo) else {
                    pos.unmake_move(mv, undo);
                    continue;
                };
                for seat in Seat::ALL.into_iter().filter(|seat| checked[seat.index()]) {
                    let king = pos.king_square(seat).expect("a seat in check has a king");
                    if touched.may_reach(king) || pos.checks_seen.confirmed_escape(seat).is_none() {
                        continue;
                    }
                    if !pos.escape_untouched(rules, seat, touched) {
                        tested_again += 1;
                        continue;
                    }
                    untouched += 1;
                    let escape = pos.checks_seen.confirmed_escape(seat).unwrap();
                    let mut moves = Vec::new();
                    pos.pseudo_moves(rules, seat, &mut moves);
                    assert!(
                        moves.contains(&escape),
                        "{escape:?} after {mv:?} in {}",
                        game.position().to_fen4()
                    );
                    let before = pos.partner_attackers(rules, seat);
                    let escaped = pos.make_move_for(rules, seat, escape);
                    assert!(
                        pos.club_safe(rules, seat, before),
                        "{escape:?} after {mv:?} in {}",
                        game.position().to_fen4()
                    );
                    pos.unmake_move(escape, escaped);
                }
                pos.unmake_move(mv, undo);
            }
        });
        // Meaningful only if escapes were both kept and tested again.
        assert!(untouched > 10_000 && tested_again > 4_000, "{untouched} {tested_again}");
    }

    /// A position lent a memo of the mates reaches the same frozen armies and checks after
    /// every move as one that works them out, over random Club games played with a preference
    /// for checks; every move is played twice, so the second time recalls the first.
    #[test]
    fn a_lent_memo_recalls_the_mates_as_worked_out() {
        use crate::four_player::mates_memo::MatesMemo;
        let rules = Rules::CLUB;
        let mut memo = Some(MatesMemo::default());
        let (mut compared, mut with_frozen) = (0, 0);
        visit_random_club_games(31, 30, 150, |game| {
            let mut plain = game.position().clone();
            let mut lent = game.position().clone();
            lent.lend_mates_memo(memo.take().expect("the memo comes back after each position"));
            for mv in plain.legal_moves(rules) {
                for _ in 0..2 {
                    let plain_undo = plain.make(rules, mv);
                    let lent_undo = lent.make(rules, mv);
                    assert_eq!(
                        (lent.frozen, lent.checked_seats(), lent.turn),
                        (plain.frozen, plain.checked_seats(), plain.turn),
                        "{mv:?} in {}",
                        game.position().to_fen4()
                    );
                    compared += 1;
                    with_frozen += usize::from(plain.frozen.contains(&true));
                    lent.unmake(mv, lent_undo);
                    plain.unmake(mv, plain_undo);
                }
            }
            memo = lent.take_mates_memo();
        });
        // Meaningful only if positions with frozen armies (where the memo is used) came up.
        assert!(compared > 50_000 && with_frozen > 2_000, "{compared} {with_frozen}");
    }

    /// A king's step that opens a line onto the partner's king is no escape: Red's king on h5,
    /// in check from Green's bishop and Blue's rook, shields Yellow's king on h14 from that rook,
    /// and every square it may step to is either attacked or off the h-file.
    #[test]
    fn a_king_step_that_bares_the_partners_king_is_no_escape() {
        use crate::four_player::board::{Piece, Square};
        let mut pos = Position::empty();
        for (name, seat, kind) in [
            ("h5", Seat::Red, PieceKind::King),
            ("a7", Seat::Blue, PieceKind::King),
            ("h14", Seat::Yellow, PieceKind::King),
            ("n8", Seat::Green, PieceKind::King),
            ("h2", Seat::Blue, PieceKind::Rook),
            ("a4", Seat::Blue, PieceKind::Rook),
            ("a6", Seat::Blue, PieceKind::Rook),
            ("k8", Seat::Green, PieceKind::Bishop),
        ] {
            pos.put(name.parse::<Square>().unwrap(), Piece::new(seat, kind));
        }
        assert!(pos.in_check(Rules::CLUB, Seat::Red));
        assert!(
            !pos.has_club_move(Rules::CLUB, Seat::Red, &mut Vec::new()),
            "Kh5-g5 bares Yellow's king"
        );
        assert!(!pos.has_club_move_tried_all(Rules::CLUB, Seat::Red));
        // Under Teams the same step is an escape.
        assert!(pos.has_legal_move(Rules::TEAMS, Seat::Red, &mut Vec::new()));
    }

    /// What is known of a move without playing it (`ClubLegality::known`: a move that opens no
    /// line onto a king is legal, one that leaves a check standing on an army that cannot be
    /// mated by it is not), and every answer of `club_allows`, is what the rule as written says
    /// (played, the mates worked out again), over random Club games played with a preference
    /// for checks.
    #[test]
    fn what_is_known_before_a_move_is_played_is_the_rule_as_written() {
        let rules = Rules::CLUB;
        let (mut legal, mut legal_in_check, mut legal_frozen, mut illegal, mut doubtful, mut checked) =
            (0, 0, 0, 0, 0, 0);
        visit_random_club_games(7, 60, 150, |game| {
            let mut pos = game.position().clone();
            let seat = pos.turn;
            let in_check = pos.in_check(rules, seat);
            let frozen = pos.frozen.contains(&true);
            let before = pos.partner_attackers(rules, seat);
            let legality = pos.club_legality(rules, seat);
            let mut pseudo = Vec::new();
            pos.pseudo_moves(rules, seat, &mut pseudo);
            checked += usize::from(Seat::ALL.iter().any(|&s| s != seat && pos.in_check(rules, s)));
            for &mv in &pseudo {
                let known = legality.known(&pos, mv);
                match known {
                    Some(true) => {
                        legal += 1;
                        legal_in_check += usize::from(in_check);
                        legal_frozen += usize::from(frozen);
                    }
                    Some(false) => illegal += 1,
                    None => doubtful += 1,
                }
                let worked_out = pos.club_legal_worked_out(rules, seat, mv, before);
                assert!(
                    known.is_none_or(|known| known == worked_out),
                    "{mv:?} in {}",
                    pos.to_fen4()
                );
                assert_eq!(
                    pos.club_allows(rules, seat, &legality, mv, &mut Vec::new()),
                    worked_out,
                    "{mv:?} in {}",
                    pos.to_fen4()
                );
            }
        });
        // The test means something only if each answer, and other seats in check, came up.
        assert!(
            legal > 100_000
                && legal_in_check > 1_000
                && legal_frozen > 1_000
                && illegal > 10_000
                && doubtful > 20_000
                && checked > 1_000,
            "{legal} {legal_in_check} {legal_frozen} {illegal} {doubtful} {checked}"
        );
    }
}
