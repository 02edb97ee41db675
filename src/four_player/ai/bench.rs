//! The four-player search's speed over fixed positions of all three rule sets, each searched for
//! a number of nodes with a fresh engine. The command line's `four-player bench` and the
//! browser's worker run the same positions, so their figures compare.

use super::Engine;
use crate::engine::bench::Timed;
use crate::engine::{Clock, Limits, StopFlag};
use crate::four_player::{Game, Position, RuleKind, Rules, Setup};

/// Fixed positions of all three rule sets: the start, and positions from played games (a real
/// Teams record, and the computer's own FFA and Club games).
pub const POSITIONS: [(Rules, &str); 6] = [
    (Rules::TEAMS, Setup::Modern.fen4()),
    (Rules::TEAMS, TEAMS_MIDDLEGAME),
    (Rules::FFA, Setup::Modern.fen4()),
    (Rules::FFA, FFA_MIDDLEGAME),
    (Rules::CLUB, Setup::Modern.fen4()),
    (Rules::CLUB, CLUB_MIDDLEGAME),
];

/// The public Teams record `teams-26780486.pgn4` after 40 turns.
const TEAMS_MIDDLEGAME: &str = concat!(
    "R-0,0,0,0-1,1,0,1-1,1,0,1-0,0,0,0-1-x,x,x,yR,4,yB,yN,yR,x,x,x/x,x,x,yP,1,yP,yK,2,yP,yP,x,x,x/",
    "x,x,x,2,yP,yP,yP,yP,2,x,x,x/bR,bP,7,gN,gP,2,gR/1,bP,5,bQ,4,gP,1/bB,bP,10,gP,gB/1,bP,9,gP,1,gK/",
    "bK,1,bP,9,gP,1/bB,bP,bN,9,rQ,gB/1,bP,10,gP,1/bR,bP,10,gP,gR/x,x,x,4,rP,rB,1,rN,x,x,x/",
    "x,x,x,rP,rP,rP,rP,1,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,1,rK,2,rR,x,x,x"
);
/// The computer's own FFA game (four club levels, seed 11) after 40 turns.
const FFA_MIDDLEGAME: &str = concat!(
    "R-0,0,0,0-0,0,1,1-0,1,1,1-8,14,15,20-4-x,x,x,yR,1,yB,yK,3,yR,x,x,x/x,x,x,1,yP,yP,yP,yN,1,yP,yP,x,x,x/",
    "x,x,x,yP,1,yN,2,yP,2,x,x,x/bR,bP,5,yP,4,gP,gR/1,bP,2,bN,7,gP,gN/bB,10,gP,2/1,bP,bP,10,gK/",
    "bK,2,bP,8,gP,1/1,bP,10,gP,gB/bN,bR,1,bP,8,gP,1/2,bP,3,rP,5,gP,gR/x,x,x,1,rP,4,rP,rP,x,x,x/",
    "x,x,x,rP,gQ,rP,1,rP,1,rK,rR,x,x,x/x,x,x,rR,rN,4,rN,1,x,x,x"
);
/// The computer's own Club game (four club levels, seed 11) after 40 turns.
const CLUB_MIDDLEGAME: &str = concat!(
    "B-0,0,0,0-1,1,1,0-0,1,1,0-0,0,0,0-0-x,x,x,yR,2,yK,1,yB,yN,yR,x,x,x/x,x,x,yP,bB,yP,1,yP,yP,yP,yP,x,x,x/",
    "x,x,x,8,x,x,x/bR,2,bP,2,yP,5,gP,1/bN,9,rB,3/1,bP,10,gP,1/bQ,rB,8,gP,3/bK,bP,8,yQ,gK,2/1,bP,10,gP,1/",
    "bN,2,bP,5,gN,gP,rN,2/bR,bP,5,rP,4,gP,1/x,x,x,2,rP,3,rP,1,x,x,x/x,x,x,rP,1,rP,rQ,2,rP,1,x,x,x/",
    "x,x,x,4,rK,2,rR,x,x,x"
);

/// One position's search.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub rules: Rules,
    pub fen4: &'static str,
    pub search: Timed,
}

/// Searches each position for `nodes` nodes, timed by `clock`, reporting each as it ends.
pub fn run(nodes: u64, clock: &dyn Clock, report: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    POSITIONS
        .iter()
        .map(|&(rules, fen4)| {
            let position = Position::from_fen4(fen4).expect("the bench positions are valid FEN4");
            let game = Game::new(rules, position);
            let search = Timed::measure(clock, || {
                let result =
                    Engine::default().search(&game, Limits::nodes(nodes), clock, &StopFlag::new(), &mut |_| {});
                (result.depth, result.nodes)
            });
            let line = BenchLine { rules, fen4, search };
            report(&line);
            line
        })
        .collect()
}

/// Per rule set, in the order first met: its nodes, milliseconds and nodes per second.
pub fn totals(lines: &[BenchLine]) -> Vec<(RuleKind, u64, f64, f64)> {
    let mut kinds: Vec<RuleKind> = Vec::new();
    for line in lines {
        if !kinds.contains(&line.rules.kind) {
            kinds.push(line.rules.kind);
        }
    }
    kinds
        .into_iter()
        .map(|kind| {
            let searches = lines.iter().filter(|l| l.rules.kind == kind).map(|l| &l.search);
            let (nodes, ms, nps) = crate::engine::bench::total(searches);
            (kind, nodes, ms, nps)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoClock;

    #[test]
    fn every_bench_position_is_searched_to_its_node_limit_and_totalled_by_rule_set() {
        let lines = run(2_000, &NoClock, &mut |_| {});
        assert_eq!(lines.len(), POSITIONS.len());
        for line in &lines {
            let search = &line.search;
            assert!(
                search.depth >= 1 && search.nodes > 500 && search.nodes <= 2_000,
                "{line:?}"
            );
        }
        let totals = totals(&lines);
        let kinds: Vec<RuleKind> = totals.iter().map(|t| t.0).collect();
        assert_eq!(kinds, [RuleKind::Teams, RuleKind::Ffa, RuleKind::Club]);
        assert_eq!(
            totals.iter().map(|t| t.1).sum::<u64>(),
            lines.iter().map(|l| l.search.nodes).sum::<u64>()
        );
    }
}
