//! The 4D search's speed over fixed positions: both starts and four middlegames from club-level
//! games, each searched for a number of nodes with a fresh engine. The command line's `bench`
//! and the browser's worker run the same positions, so their figures compare.

use super::Engine;
use crate::engine::bench::Timed;
use crate::engine::{Clock, Limits, StopFlag};
use crate::fourfold::rules::{Game, Position};

pub const POSITIONS: [&str; 6] = [
    "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1",
    "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbk/pppp/4/4|qbnr/pppp/4/4 w 0 1",
    "4/2P1/PP1P/RN1Q|q3/4/4/2R1|1rb1/4/4/4|1knr/3p/p3/1K2 w 0 6",
    "4/1P2/P1QP/qNK1|4/4/4/2R1|1rq1/4/4/4|1knr/3p/4/4 w 0 10",
    "4/4/PP1P/RNB1|q3/4/PP1P/1KNR|r1b1/ppkp/2n1/2Q1|1bnr/2Pp/pp2/2B1 w 0 6",
    "4/4/PP1P/RNB1|4/1P2/P2P/1KNR|2r1/p1kp/2n1/4|1b1r/1q1p/pn2/4 w 1 10",
];

/// One position's search.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub fen: &'static str,
    pub search: Timed,
}

/// Searches each position for `nodes` nodes, timed by `clock`, reporting each as it ends.
pub fn run(nodes: u64, clock: &dyn Clock, report: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    POSITIONS
        .iter()
        .map(|&fen| {
            let position = Position::from_fen(fen).expect("the bench positions are valid FEN4D");
            let game = Game::new(position);
            let search = Timed::measure(clock, || {
                let result =
                    Engine::default().search(&game, &Limits::nodes(nodes), clock, &StopFlag::new(), &mut |_| {});
                (result.depth, result.nodes)
            });
            let line = BenchLine { fen, search };
            report(&line);
            line
        })
        .collect()
}

/// The nodes and milliseconds of all the lines together, and their nodes per second.
pub fn total(lines: &[BenchLine]) -> (u64, f64, f64) {
    crate::engine::bench::total(lines.iter().map(|l| &l.search))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoClock;

    #[test]
    fn every_bench_position_is_searched_to_its_node_limit() {
        let lines = run(3_000, &NoClock, &mut |_| {});
        assert_eq!(lines.len(), POSITIONS.len());
        for line in &lines {
            let search = &line.search;
            assert!(
                search.depth >= 1 && search.nodes > 1_000 && search.nodes <= 3_000,
                "{line:?}"
            );
        }
        assert_eq!(total(&lines).0, lines.iter().map(|l| l.search.nodes).sum::<u64>());
    }
}
