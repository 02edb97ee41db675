//! `puzzles`: the 4D mate puzzles the game ships, printed, proved again, or built anew.

use crate::fourfold::puzzles::{self, Puzzle, generate};

/// Prints the shipped set, one puzzle a line; with `verify`, proves each first and fails on the
/// first that does not hold.
pub fn puzzles(verify: bool) -> Result<(), String> {
    let set = puzzles::load(puzzles::SET)?;
    for (i, puzzle) in set.iter().enumerate() {
        if verify {
            puzzle
                .verify()
                .map_err(|e| format!("puzzle {} ({}) fails: {e}", i + 1, puzzle.position.to_fen()))?;
        }
        say!("{}", puzzle.to_line());
    }
    if verify {
        eprintln!("{} puzzles proved", set.len());
    }
    Ok(())
}

/// Builds a new set and prints it, sorted by rating: mates in 1, 2 and 3 from random positions
/// and their neighbours, and mates in 1 and 2 from the beginner level's games from both setups.
pub fn build(seed: u64) -> Result<(), String> {
    let mut set: Vec<Puzzle> = Vec::new();
    set.extend(generate::from_random_positions(1, 60, 40_000, seed));
    set.extend(generate::from_random_positions(2, 120, 200_000, seed + 1));
    set.extend(generate::from_random_positions(3, 60, 60_000, seed + 2));
    set.extend(generate::from_games(80, 60, seed + 3));
    let mut seen = std::collections::HashSet::new();
    set.retain(|p| seen.insert(p.position.to_fen()));
    set.sort_by_key(|p| p.rating);
    say!("# Tesseract Chess: 4D mate puzzles, one a line: <FEN4D>;<the mating line>;<rating>.");
    say!("# Built by `tesseract-chess puzzles --build --seed {seed}`; `puzzles --verify` proves each.");
    for puzzle in &set {
        say!("{}", puzzle.to_line());
    }
    Ok(())
}
