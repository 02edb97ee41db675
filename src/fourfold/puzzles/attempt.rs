//! A player's try at a puzzle: each of their moves judged by the solver (any move that still
//! forces mate in time is right, not only the line's), the other side answering with the line's
//! defence or the one that holds out longest, and a wrong move answered by the reply that
//! refutes it.

use super::Puzzle;
use super::solver::Solver;
use crate::fourfold::rules::{Move, Position};

/// What the player's move led to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right, and the other side answered `reply`: the player moves again.
    Continue { reply: Move },
    /// Mate: the puzzle is solved.
    Solved,
    /// Wrong: after `refutation` no mate is forced in the moves left (`None`: the move left the
    /// other side no move at all, a stalemate).
    Failed { refutation: Option<Move> },
}

pub struct Attempt {
    puzzle: Puzzle,
    position: Position,
    /// The player's moves still to come, this one included.
    moves_left: u32,
    /// Whether every move so far was the line's (then the line's defence answers).
    on_line: bool,
    plies: usize,
    over: bool,
    solver: Solver,
}

impl Attempt {
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            position: puzzle.position.clone(),
            moves_left: puzzle.mate_in(),
            puzzle,
            on_line: true,
            plies: 0,
            over: false,
            solver: Solver::default(),
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position the player moves in (after the other side's answers).
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn moves_left(&self) -> u32 {
        self.moves_left
    }

    /// Judges the player's `mv` and plays the other side's answer; an error if the move is not
    /// legal here or the attempt is over.
    pub fn play(&mut self, mv: Move) -> Result<Verdict, String> {
        if self.over {
            return Err("the puzzle is over".into());
        }
        if !self.position.is_legal(mv) {
            return Err(format!("{mv} is not a legal move here"));
        }
        let left = self.moves_left;
        let right = self.solver.mates_with(&mut self.position, mv, left);
        self.on_line &= self.puzzle.line.get(self.plies) == Some(&mv);
        self.position.make(mv);
        self.plies += 1;
        let replies = self.position.legal_moves();
        if replies.is_empty() {
            self.over = true;
            return Ok(if right {
                Verdict::Solved
            } else {
                Verdict::Failed { refutation: None }
            });
        }
        if !right {
            self.over = true;
            // A reply after which no mate is forced in the moves left (one exists: the move
            // did not force mate).
            let refutation = replies.iter().copied().find(|&reply| {
                let undo = self.position.make(reply);
                let escapes = !self.solver.mates_within(&mut self.position, left - 1);
                self.position.unmake(reply, undo);
                escapes
            });
            return Ok(Verdict::Failed { refutation });
        }
        let line_reply = self.puzzle.line.get(self.plies).copied().filter(|_| self.on_line);
        let reply = match line_reply {
            Some(reply) => reply,
            None => self
                .solver
                .longest_defence(&mut self.position, left - 1)
                .expect("a position with replies has a defence"),
        };
        self.position.make(reply);
        self.plies += 1;
        self.moves_left -= 1;
        Ok(Verdict::Continue { reply })
    }
}

/// The puzzle for a player rated `rating`: of those not yet `tried` (by FEN4D), the one whose
/// rating (`rating_of`: the set's, or as results moved it) is nearest; once all were tried, the
/// nearest of all.
pub fn next_for(set: &[Puzzle], rating_of: impl Fn(&Puzzle) -> f64, rating: f64, tried: &[String]) -> Option<usize> {
    let distance = |i: &usize| (rating_of(&set[*i]) - rating).abs() as u64;
    let fresh = (0..set.len())
        .filter(|&i| !tried.contains(&set[i].position.to_fen()))
        .min_by_key(distance);
    fresh.or_else(|| (0..set.len()).min_by_key(distance))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::puzzles::{SET, load};

    fn set() -> Vec<Puzzle> {
        load(SET).expect("the shipped set")
    }

    #[test]
    fn the_line_solves_every_puzzle() {
        for puzzle in set() {
            let mut attempt = Attempt::new(puzzle.clone());
            let mut verdict = None;
            for (ply, &mv) in puzzle.line.iter().enumerate().step_by(2) {
                let v = attempt.play(mv).expect("legal");
                if let Verdict::Continue { reply } = v {
                    assert_eq!(Some(&reply), puzzle.line.get(ply + 1), "the line's defence answers");
                }
                verdict = Some(v);
            }
            assert_eq!(verdict, Some(Verdict::Solved), "{}", puzzle.to_line());
            assert!(
                attempt.play(puzzle.line[0]).is_err(),
                "a finished attempt takes no move"
            );
        }
    }

    #[test]
    fn a_wrong_move_is_refuted_and_a_move_that_is_not_legal_is_refused() {
        for puzzle in set().into_iter().filter(|p| p.mate_in() >= 2).take(20) {
            let mut attempt = Attempt::new(puzzle.clone());
            let mut pos = puzzle.position.clone();
            let wrong = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| m != puzzle.line[0])
                .expect("another move");
            match attempt.play(wrong).expect("legal") {
                Verdict::Failed {
                    refutation: Some(reply),
                } => {
                    // After the refutation no mate is forced in the moves left.
                    pos.make(wrong);
                    pos.make(reply);
                    let mut solver = Solver::default();
                    assert!(!solver.mates_within(&mut pos, puzzle.mate_in() - 1));
                }
                Verdict::Failed { refutation: None } => {}
                other => panic!("{}: {wrong} gave {other:?}", puzzle.to_line()),
            }
        }
        let mut attempt = Attempt::new(set()[0].clone());
        assert!(
            attempt
                .play(Move::new(
                    crate::fourfold::rules::Square::from_index(0).unwrap(),
                    crate::fourfold::rules::Square::from_index(63).unwrap()
                ))
                .is_err()
        );
    }

    #[test]
    fn the_next_puzzle_is_the_nearest_in_rating_not_yet_tried() {
        let set = set();
        let set_rating = |p: &Puzzle| f64::from(p.rating);
        let first = next_for(&set, set_rating, 0.0, &[]).unwrap();
        assert_eq!(set[first].rating, set.iter().map(|p| p.rating).min().unwrap());
        let tried = vec![set[first].position.to_fen()];
        let second = next_for(&set, set_rating, 0.0, &tried).unwrap();
        assert_ne!(second, first);
        let all: Vec<String> = set.iter().map(|p| p.position.to_fen()).collect();
        assert_eq!(
            next_for(&set, set_rating, 5_000.0, &all).map(|i| set[i].rating),
            set.iter().map(|p| p.rating).max()
        );
        // A puzzle whose rating moved (failed by many, now 3,000) is the one for a strong player.
        let hardest = set.len() / 2;
        let moved = |p: &Puzzle| {
            if *p == set[hardest] {
                3_000.0
            } else {
                f64::from(p.rating)
            }
        };
        assert_eq!(next_for(&set, moved, 2_900.0, &[]), Some(hardest));
    }
}
