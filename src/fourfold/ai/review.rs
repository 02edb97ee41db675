//! The engine's review of a game: every position searched for a fixed number of nodes, and what
//! each move cost the side that played it — the score before it, from the mover's side, less the
//! score after it — so the moves that lost the most can be marked.

use super::{Engine, IterativeDeepening, mate_in};
use crate::engine::{Clock, Limits, StopFlag};
use crate::fourfold::rules::{Game, Outcome};

/// A move that loses this much (centipawns) is a mistake, `?`.
pub const MISTAKE: i32 = 120;
/// A move that loses this much is a blunder, `??`.
pub const BLUNDER: i32 = 300;
/// Scores are capped here: a mate counts as ten pawns, so missing one is a blunder and every
/// way of being mated costs the same.
const CAP: i32 = 1_000;

/// What each move of a game cost its side.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Per move, the centipawns it lost (0 when it kept the score).
    pub losses: Vec<i32>,
}

impl Review {
    /// `??`, `?` or nothing for the move at `ply` (0-based).
    pub fn mark(&self, ply: usize) -> &'static str {
        match self.losses.get(ply) {
            Some(&loss) if loss >= BLUNDER => "??",
            Some(&loss) if loss >= MISTAKE => "?",
            _ => "",
        }
    }

    /// The plies of the mistakes and blunders, the costliest first (at most `n`).
    pub fn worst(&self, n: usize) -> Vec<usize> {
        let mut plies: Vec<usize> = (0..self.losses.len()).filter(|&p| self.losses[p] >= MISTAKE).collect();
        plies.sort_by_key(|&p| (std::cmp::Reverse(self.losses[p]), p));
        plies.truncate(n);
        plies
    }
}

/// The losses from the scores of every position (each from its side to move's view, the
/// position after the last move included): a move's loss is its score before plus the
/// opponent's after, never below 0.
pub fn losses_from(scores: &[i32]) -> Vec<i32> {
    scores.windows(2).map(|pair| (pair[0] + pair[1]).max(0)).collect()
}

/// A score for the review: mates capped at ten pawns.
fn capped(score: i32) -> i32 {
    if mate_in(score).is_some() {
        CAP * score.signum()
    } else {
        score.clamp(-CAP, CAP)
    }
}

/// A review under way: the positions still to search, one after another.
pub struct Reviewer {
    /// The game up to each position, the start first and the end last.
    games: Vec<Game>,
    scores: Vec<i32>,
    search: Option<Box<IterativeDeepening>>,
    engine: Engine,
    nodes: u64,
}

impl Reviewer {
    /// Reviews `game`, searching each position for `nodes` nodes.
    pub fn new(game: &Game, nodes: u64) -> Reviewer {
        let mut games = vec![Game::new(game.start().clone())];
        for &mv in game.moves() {
            let mut next = games.last().expect("the start is there").clone();
            if next.play(mv).is_err() {
                break;
            }
            games.push(next);
        }
        Reviewer {
            games,
            scores: Vec::new(),
            search: None,
            engine: Engine::default(),
            nodes,
        }
    }

    /// Positions searched so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.scores.len(), self.games.len())
    }

    /// Searches on for about `slice_nodes` nodes; the review once every position is scored.
    pub fn step(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<Review> {
        let mut spent = 0;
        while let Some(game) = self.games.get(self.scores.len()) {
            if spent >= slice_nodes || stop.is_stopped() {
                return None;
            }
            // A finished game's last position is scored by its outcome: the side to move is mated,
            // or it is a draw.
            if let Some(outcome) = game.outcome() {
                let score = if matches!(outcome, Outcome::Checkmate { .. }) {
                    -CAP
                } else {
                    0
                };
                self.scores.push(score);
                continue;
            }
            let limits = Limits::nodes(self.nodes);
            let search = self
                .search
                .get_or_insert_with(|| Box::new(IterativeDeepening::new(game, limits, clock)));
            let before = search.nodes();
            let result = search.step(&mut self.engine, slice_nodes - spent, clock, stop, &mut |_| {});
            spent += search.nodes() - before;
            let Some(result) = result else { continue };
            self.search = None;
            self.scores.push(capped(result.score));
        }
        Some(Review {
            losses: losses_from(&self.scores),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoClock;
    use crate::fourfold::rules::{PieceKind, Position};

    #[test]
    fn a_move_loses_its_score_before_plus_the_opponents_after() {
        // +50 for White; after White's move Black stands at −40 (White +40): 10 lost; then Black
        // blunders from −40 to White's +400.
        assert_eq!(losses_from(&[50, -40, 400]), [10, 360]);
        let review = Review {
            losses: vec![10, 360, 150, 0],
        };
        assert_eq!(
            (review.mark(0), review.mark(1), review.mark(2), review.mark(9)),
            ("", "??", "?", "")
        );
        assert_eq!(review.worst(5), [1, 2]);
        assert_eq!(capped(super::super::MATE - 3), CAP);
    }

    #[test]
    fn a_hung_queen_is_a_blunder_and_taking_it_is_not() {
        // White's king and queen against the bare king: White puts the queen where the king
        // takes it, and the king does.
        let start = Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1").unwrap();
        let mut game = Game::new(start);
        let pos = game.position().clone();
        let hung = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let mut after = pos.clone();
                after.make(mv);
                after
                    .legal_moves()
                    .iter()
                    .any(|&reply| after.piece_at(reply.to).is_some_and(|p| p.kind == PieceKind::Queen))
            })
            .expect("a square where the queen hangs");
        game.play(hung).unwrap();
        let take = game
            .position()
            .legal_moves()
            .iter()
            .copied()
            .find(|&reply| {
                game.position()
                    .piece_at(reply.to)
                    .is_some_and(|p| p.kind == PieceKind::Queen)
            })
            .unwrap();
        game.play(take).unwrap();
        let mut reviewer = Reviewer::new(&game, 20_000);
        assert_eq!(reviewer.progress(), (0, 3));
        // In slices, as the browser runs it: the same review.
        let review = loop {
            if let Some(review) = reviewer.step(3_000, &NoClock, &StopFlag::new()) {
                break review;
            }
        };
        assert_eq!(review.losses.len(), 2);
        assert_eq!((review.mark(0), review.mark(1)), ("??", ""), "{:?}", review.losses);
        assert_eq!(review.worst(3), [0]);
    }
}
