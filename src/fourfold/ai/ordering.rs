//! What the search remembers about moves, to try the good ones first: killers (quiet moves that
//! cut the search off at the same ply), history (how often a quiet move cut it off anywhere),
//! counter-moves (the quiet move that refuted the opponent's last move) and continuation history
//! (how well a quiet move did after the move before it, and the one before that).

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
}
