//! An exhaustive mate solver, independent of the search: plain minimax over every legal move,
//! memoised on (position key, moves left). `n` counts the mating side's moves.

use std::collections::HashMap;

use crate::fourfold::rules::{Move, Position};

#[derive(Default)]
pub struct Solver {
    memo: HashMap<(u64, u32), bool>,
}

impl Solver {
    /// Does the side to move force mate within `n` moves?
    pub fn mates_within(&mut self, pos: &mut Position, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        if let Some(&known) = self.memo.get(&(pos.key(), n)) {
            return known;
        }
        let moves = pos.legal_moves();
        let found = moves.iter().any(|&m| self.mates_with(pos, m, n));
        self.memo.insert((pos.key(), n), found);
        found
    }

    /// Does `first` force mate within `n` moves (counting `first`)?
    pub fn mates_with(&mut self, pos: &mut Position, first: Move, n: u32) -> bool {
        let undo = pos.make(first);
        let mated = if n == 1 {
            // The last move must give check; only then can the reply list be empty.
            pos.in_check() && pos.count_legal_moves() == 0
        } else {
            let replies = pos.legal_moves();
            if replies.is_empty() {
                pos.in_check()
            } else {
                replies.iter().all(|&r| {
                    let u = pos.make(r);
                    let lost = self.mates_within(pos, n - 1);
                    pos.unmake(r, u);
                    lost
                })
            }
        };
        pos.unmake(first, undo);
        mated
    }

    /// The length of the shortest forced mate, if there is one within `max` moves.
    pub fn shortest_mate(&mut self, pos: &mut Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.mates_within(pos, n))
    }

    /// The moves that force mate within `n` moves.
    pub fn mating_moves(&mut self, pos: &mut Position, n: u32) -> Vec<Move> {
        let moves = pos.legal_moves();
        moves.iter().copied().filter(|&m| self.mates_with(pos, m, n)).collect()
    }

    /// The reply of the side to move after which the mate (within `left` moves) takes longest,
    /// the first such in move order; `None` when it has no move.
    pub fn longest_defence(&mut self, pos: &mut Position, left: u32) -> Option<Move> {
        let mut best: Option<(Move, u32)> = None;
        for &reply in pos.legal_moves().iter() {
            let undo = pos.make(reply);
            let lasts = self.shortest_mate(pos, left).unwrap_or(u32::MAX);
            pos.unmake(reply, undo);
            if best.is_none_or(|(_, longest)| lasts > longest) {
                best = Some((reply, lasts));
            }
        }
        best.map(|(reply, _)| reply)
    }

    /// A mating line of `n` moves from `pos` starting with `key` (which must force mate within
    /// `n`): after each of the mating side's moves the defence that holds out longest (the
    /// first such in move order), then the first move that still mates in time.
    pub fn line(&mut self, pos: &mut Position, key: Move, n: u32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut undos = Vec::new();
        let mut next = Some(key);
        let mut left = n;
        while let Some(attack) = next {
            undos.push((attack, pos.make(attack)));
            line.push(attack);
            left -= 1;
            let Some(defence) = self.longest_defence(pos, left) else {
                break;
            };
            undos.push((defence, pos.make(defence)));
            line.push(defence);
            let needed = self.shortest_mate(pos, left).unwrap_or(left);
            next = self.mating_moves(pos, needed).first().copied();
        }
        while let Some((mv, undo)) = undos.pop() {
            pos.unmake(mv, undo);
        }
        line
    }
}
