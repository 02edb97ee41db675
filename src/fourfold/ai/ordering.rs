//! What the search remembers about moves, to try the good ones first: killers (quiet moves that
//! cut the search off at the same ply), history (how often a quiet move cut it off anywhere),
//! counter-moves (the quiet move that refuted the opponent's last move) and continuation history
//! (how well a quiet move did after the move before it, and the one before that); and for
//! captures, a capture history (how well a piece's capture of a kind on a square did).

use super::features::Features;
use crate::engine::history::{bonus, gravity};
use crate::fourfold::rules::{Move, Position};

/// Plies the search keeps killers for (its deepest ply).
pub const KILLER_PLIES: usize = super::search::MAX_PLY;
/// A moved piece (colour and kind, 12) and its destination (64).
const PIECE_TO: usize = 12 * 64;

/// The piece a move moves and where it goes: the key of counter-moves and continuation history.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PieceTo(u16);

impl PieceTo {
    /// `mv` in `pos`, before it is played.
    pub fn of(pos: &Position, mv: Move) -> Option<PieceTo> {
        pos.piece_at(mv.from)
            .map(|p| PieceTo(((p.color.index() * 6 + p.kind.index()) * 64 + mv.to.index()) as u16))
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// The moves that led to a node: the last (the opponent's) and the one before (ours).
#[derive(Copy, Clone, Debug, Default)]
pub struct Before {
    pub last: Option<PieceTo>,
    pub earlier: Option<PieceTo>,
}

pub struct MoveMemory {
    /// Whether the refined memory (`Features::move_memory`) is kept, or the baseline's.
    refined: bool,
    pub killers: [[Option<Move>; 2]; KILLER_PLIES],
    /// The baseline's history: from, to; grows by depth², halved past a million.
    plain: Box<[[i32; 64]; 64]>,
    /// Per side to move, from, to; with penalties and gravity.
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    /// The quiet move that last refuted each piece-to move.
    counters: Box<[Option<Move>; PIECE_TO]>,
    /// For a move before (piece-to) and a quiet move after it (piece-to).
    continuation: Vec<i16>,
    /// Whether captures keep a history (`Features::capture_history`).
    capture_history: bool,
    /// Per capture: the piece (piece-to) and the victim's kind; with penalties and gravity.
    captures: Box<[[i32; 6]; PIECE_TO]>,
}

impl MoveMemory {
    pub fn new(features: &Features) -> MoveMemory {
        MoveMemory {
            refined: features.move_memory,
            killers: [[None; 2]; KILLER_PLIES],
            plain: Box::new([[0; 64]; 64]),
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counters: Box::new([None; PIECE_TO]),
            continuation: vec![0; PIECE_TO * PIECE_TO],
            capture_history: features.capture_history,
            captures: Box::new([[0; 6]; PIECE_TO]),
        }
    }
}

impl MoveMemory {
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; KILLER_PLIES];
    }

    /// The refutation last found for the opponent's last move.
    pub fn counter(&self, before: Before) -> Option<Move> {
        if !self.refined {
            return None;
        }
        before.last.and_then(|last| self.counters[last.index()])
    }

    /// How promising quiet `mv` (moving `piece_to`) is for the side to move in `pos`.
    pub fn quiet_score(&self, pos: &Position, mv: Move, piece_to: Option<PieceTo>, before: Before) -> i32 {
        if !self.refined {
            return self.plain[mv.from.index()][mv.to.index()].min(3_000_000);
        }
        let side = pos.side_to_move().index();
        let mut score = self.butterfly[side][mv.from.index()][mv.to.index()];
        if let Some(now) = piece_to {
            for earlier in [before.last, before.earlier].into_iter().flatten() {
                score += i32::from(self.continuation[earlier.index() * PIECE_TO + now.index()]);
            }
        }
        score
    }

    /// How capture `mv` did before, in `pos` (0 without the capture history).
    pub fn capture_score(&self, pos: &Position, mv: Move) -> i32 {
        match self.capture_key(pos, mv) {
            Some((piece_to, victim)) => self.captures[piece_to][victim],
            None => 0,
        }
    }

    /// After a cut-off at `depth` in `pos`: `best` (a capture that made it, if one did) rises,
    /// the captures `tried` before it (`None`s skipped) sink.
    pub fn reward_captures(&mut self, pos: &Position, depth: i32, best: Option<Move>, tried: &[Option<Move>]) {
        let bonus = bonus(depth);
        for (mv, change) in best
            .map(|m| (m, bonus))
            .into_iter()
            .chain(tried.iter().flatten().map(|&m| (m, -bonus)))
        {
            if let Some((piece_to, victim)) = self.capture_key(pos, mv) {
                let entry = &mut self.captures[piece_to][victim];
                *entry = gravity(*entry, change);
            }
        }
    }

    /// A capture's place in the history: its piece-to and the victim's kind.
    fn capture_key(&self, pos: &Position, mv: Move) -> Option<(usize, usize)> {
        if !self.capture_history {
            return None;
        }
        let victim = pos.piece_at(mv.to)?;
        Some((PieceTo::of(pos, mv)?.index(), victim.kind.index()))
    }

    /// Quiet `mv` cut the search off at `ply` and `depth` in `pos` (before it is played);
    /// `tried` are the quiet moves searched there before it, which did not (`None`s skipped).
    pub fn reward(&mut self, pos: &Position, ply: usize, depth: i32, mv: Move, before: Before, tried: &[Option<Move>]) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if !self.refined {
            let entry = &mut self.plain[mv.from.index()][mv.to.index()];
            *entry += depth * depth;
            if *entry > 1_000_000 {
                self.plain.iter_mut().flatten().for_each(|h| *h /= 2);
            }
            return;
        }
        let bonus = bonus(depth);
        self.update(pos, mv, before, bonus);
        for &failed in tried.iter().flatten() {
            self.update(pos, failed, before, -bonus);
        }
        if let Some(last) = before.last {
            self.counters[last.index()] = Some(mv);
        }
    }

    fn update(&mut self, pos: &Position, mv: Move, before: Before, bonus: i32) {
        let side = pos.side_to_move().index();
        let entry = &mut self.butterfly[side][mv.from.index()][mv.to.index()];
        *entry = gravity(*entry, bonus);
        let Some(now) = PieceTo::of(pos, mv) else { return };
        for earlier in [before.last, before.earlier].into_iter().flatten() {
            let entry = &mut self.continuation[earlier.index() * PIECE_TO + now.index()];
            *entry = gravity(i32::from(*entry), bonus) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_off_ranks_its_move_above_the_quiet_moves_that_failed() {
        let pos = crate::fourfold::rules::Setup::Classic.position();
        let moves = pos.legal_moves();
        let quiet: Vec<Move> = moves.iter().copied().filter(|&m| !pos.is_capture(m)).take(3).collect();
        let mut memory = MoveMemory::new(&Features::CURRENT);
        let last = PieceTo::of(&pos, quiet[2]);
        let before = Before { last, earlier: None };
        memory.reward(&pos, 3, 4, quiet[2], before, &[Some(quiet[0]), Some(quiet[1])]);
        let score = |m: Move| memory.quiet_score(&pos, m, PieceTo::of(&pos, m), before);
        assert!(score(quiet[2]) > 0);
        assert!(score(quiet[0]) < 0 && score(quiet[1]) < 0);
        assert_eq!(memory.killers[3][0], Some(quiet[2]));
        assert_eq!(memory.counter(before), Some(quiet[2]));
        assert_eq!(MoveMemory::new(&Features::BASELINE).counter(before), None);
    }

    #[test]
    fn a_capture_that_cut_off_rises_above_the_captures_tried_before_it() {
        // White's rook on a1@00 and queen on d1@00 can take Black's rook and queen on a4@00 and d4@00.
        let pos = Position::from_fen("r2q/4/4/R2Q|4/4/4/4|4/4/4/4|4/2k1/4/K3 w 0 1").unwrap();
        let captures: Vec<Move> = pos.legal_moves().iter().copied().filter(|&m| pos.is_capture(m)).collect();
        assert!(captures.len() >= 2, "{captures:?}");
        let (best, failed) = (captures[1], captures[0]);
        let mut memory = MoveMemory::new(&Features::CURRENT);
        memory.reward_captures(&pos, 5, Some(best), &[Some(failed)]);
        assert!(memory.capture_score(&pos, best) > 0);
        assert!(memory.capture_score(&pos, failed) < 0);
        // A quiet cut-off lowers the captures tried before it, and raises none.
        memory.reward_captures(&pos, 5, None, &[Some(best)]);
        assert!(memory.capture_score(&pos, best) < bonus(5));
        let mut off = MoveMemory::new(&Features::BASELINE);
        off.reward_captures(&pos, 5, Some(best), &[]);
        assert_eq!(off.capture_score(&pos, best), 0, "no capture history in the baseline");
    }
}
