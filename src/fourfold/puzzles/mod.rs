//! Rated mate puzzles for the 4D game: positions whose side to move has exactly one move that
//! forces mate in 1, 2 or 3 moves, from random positions and from the computer's own games of
//! both setups. Each was proved by the exhaustive solver when the set was built
//! (`puzzles --build`), and `puzzles --verify` proves each again. A puzzle is one line:
//! `<FEN4D>;<the mating line in LAN4D, space-separated>;<rating>`.

pub mod attempt;
pub mod generate;
pub mod solver;

use crate::fourfold::rules::lan::{format_moves, parse_move};
use crate::fourfold::rules::{Move, Position, Strictness};
use solver::Solver;

/// The puzzle set the game ships (`puzzles --build` wrote it).
pub const SET: &str = include_str!("../../../assets/puzzles/fourfold.txt");

/// The longest mate a puzzle may ask for: the solver proves mate in 3 in well under a second.
pub const LONGEST_MATE: u32 = 3;

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub position: Position,
    /// The mating side's moves and the longest defences between them, ending in mate.
    pub line: Vec<Move>,
    pub rating: u32,
}

impl Puzzle {
    /// The puzzle of `position` with its mating `line`, rated by `first_rating`.
    pub fn new(mut position: Position, line: Vec<Move>) -> Puzzle {
        let rating = first_rating(&mut position, &line);
        Puzzle { position, line, rating }
    }

    /// Moves to mate (the mating side's).
    pub fn mate_in(&self) -> u32 {
        self.line.len().div_ceil(2) as u32
    }

    /// `<FEN4D>;<line>;<rating>`.
    pub fn to_line(&self) -> String {
        format!(
            "{};{};{}",
            self.position.to_fen(),
            format_moves(&self.position, &self.line).join(" "),
            self.rating
        )
    }

    /// Reads `<FEN4D>;<line>;<rating>`: the position, every move legal in turn, the rating a
    /// number. (That the line is a forced mate is `verify`'s to prove.)
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = text.split(';').collect();
        let [fen, moves, rating] = fields[..] else {
            return Err(format!("{} fields, not 3 (FEN4D;moves;rating)", fields.len()));
        };
        let position = Position::from_fen(fen.trim()).map_err(|e| format!("the FEN4D: {e}"))?;
        let mut pos = position.clone();
        let mut line = Vec::new();
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = parse_move(&pos, text, Strictness::Lenient).map_err(|e| format!("move {}: {e}", i + 1))?;
            pos.make(mv);
            line.push(mv);
        }
        if line.is_empty() || line.len() > (2 * LONGEST_MATE - 1) as usize || line.len() % 2 == 0 {
            return Err(format!(
                "a line of {} moves (a mate in 1 to {LONGEST_MATE} has 1, 3 or 5)",
                line.len()
            ));
        }
        let rating = rating
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|r| (400..=3_500).contains(r))
            .ok_or_else(|| format!("the rating '{}' is not a number from 400 to 3500", rating.trim()))?;
        Ok(Puzzle { position, line, rating })
    }

    /// Proves the puzzle with the solver: a mate in exactly `mate_in` moves, its first move the
    /// only one that forces it, every move of the mating side in the line still mating in time,
    /// and the line ending in mate.
    pub fn verify(&self) -> Result<(), String> {
        let n = self.mate_in();
        let mut pos = self.position.clone();
        let mut solver = Solver::default();
        match solver.shortest_mate(&mut pos, n) {
            Some(m) if m == n => {}
            Some(m) => return Err(format!("a shorter mate, in {m}")),
            None => return Err(format!("no forced mate in {n}")),
        }
        let keys = solver.mating_moves(&mut pos, n);
        if keys != [self.line[0]] {
            return Err(format!("{} moves mate in {n}, not one", keys.len()));
        }
        for (ply, &mv) in self.line.iter().enumerate() {
            let left = n - (ply as u32) / 2;
            if ply % 2 == 0 && !solver.mates_with(&mut pos, mv, left) {
                return Err(format!("move {} does not mate in {left}", ply + 1));
            }
            pos.make(mv);
        }
        if !(pos.in_check() && pos.count_legal_moves() == 0) {
            return Err("the line does not end in mate".into());
        }
        Ok(())
    }
}

/// A first rating from what makes a mate hard to see, before players' results move it: 1000 for
/// a mate in one, 350 more for each move more; 150 for a quiet first move (no capture, check or
/// promotion); 100 for a first move that leaves its board (it changes Z or W); three points for
/// each legal move the solver must see past (at most 60).
pub fn first_rating(pos: &mut Position, line: &[Move]) -> u32 {
    let n = line.len().div_ceil(2) as u32;
    let key = line[0];
    let quiet = generate::is_quiet(pos, key);
    let leaves_board = key.from.z() != key.to.z() || key.from.w() != key.to.w();
    let choices = pos.count_legal_moves().min(60) as u32;
    1_000 + 350 * (n - 1) + if quiet { 150 } else { 0 } + if leaves_board { 100 } else { 0 } + 3 * choices
}

/// Every puzzle of `set` (one a line; `#` comments and blank lines are skipped); an error names
/// the line.
pub fn load(set: &str) -> Result<Vec<Puzzle>, String> {
    set.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| Puzzle::parse(line).map_err(|e| format!("puzzle on line {}: {e}", i + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_reads_back_and_a_broken_one_says_what_is_wrong() {
        let puzzles = load(SET).expect("the shipped set reads");
        let first = &puzzles[0];
        assert_eq!(Puzzle::parse(&first.to_line()).as_ref(), Ok(first));
        let text = first.to_line();
        let (fen, rest) = text.split_once(';').unwrap();
        assert!(Puzzle::parse(fen).unwrap_err().contains("1 fields"));
        assert!(
            Puzzle::parse(&format!("{fen};;1200"))
                .unwrap_err()
                .contains("a line of 0 moves")
        );
        assert!(Puzzle::parse(&format!("x;{rest}")).unwrap_err().contains("FEN4D"));
        let (moves, _) = rest.split_once(';').unwrap();
        assert!(
            Puzzle::parse(&format!("{fen};{moves};high"))
                .unwrap_err()
                .contains("'high'")
        );
        assert!(
            Puzzle::parse(&format!("{fen};a1@00-a1@00;1200"))
                .unwrap_err()
                .contains("move 1")
        );
        assert!(
            load(&format!("{}\n\nnonsense\n", first.to_line()))
                .unwrap_err()
                .contains("line 3")
        );
    }

    #[test]
    fn verification_refuses_a_line_that_is_not_the_unique_mate() {
        let puzzles = load(SET).unwrap();
        let two = puzzles.iter().find(|p| p.mate_in() == 2).expect("a mate in two");
        assert_eq!(two.verify(), Ok(()));
        // Only the first two moves: a line that does not end in mate.
        let mut cut = two.clone();
        cut.line.truncate(1);
        assert!(cut.verify().is_err());
        // Another first move: not the one that mates.
        let mut pos = two.position.clone();
        let other = pos.legal_moves().iter().copied().find(|&m| m != two.line[0]).unwrap();
        let mut wrong = two.clone();
        wrong.line[0] = other;
        assert!(wrong.verify().is_err());
        let _ = &mut pos;
    }
}
