//! Nodes the four-player search takes to each depth over the bench's positions, with one of its
//! refinements on and off (a fresh engine each): how a refinement changes the tree, before
//! self-play says what it is worth.
//!
//! cargo run --release --no-default-features --example nodes_to_depth REFINEMENT MAX_DEPTH

use tesseract_chess::engine::limits::{Limits, NoClock, StopFlag};
use tesseract_chess::four_player::ai::bench::POSITIONS;
use tesseract_chess::four_player::ai::{Engine, Features};
use tesseract_chess::four_player::{Game, Position};

fn nodes(game: &Game, depth: u32, features: Features) -> (u64, String) {
    let mut engine = Engine::default();
    engine.set_features(features);
    let result = engine.search(game, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
    let best = result.pv.first().cloned().unwrap_or_default();
    (result.nodes, format!("{best} {}", result.score))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, max_depth] = args.as_slice() else {
        return Err(format!(
            "usage: nodes_to_depth REFINEMENT MAX_DEPTH (a refinement: {})",
            Features::NAMES.join(", ")
        ));
    };
    let max_depth: u32 = max_depth.parse().map_err(|e| format!("MAX_DEPTH '{max_depth}': {e}"))?;
    let mut without = Features::CURRENT;
    if !without.set(name, false) {
        return Err(format!(
            "no refinement '{name}': choose one of {}",
            Features::NAMES.join(", ")
        ));
    }
    println!("position depth nodes-with nodes-without ratio (best move and score with / without)");
    for (index, &(rules, fen4)) in POSITIONS.iter().enumerate() {
        let position = Position::from_fen4(fen4).map_err(|e| e.to_string())?;
        let game = Game::new(rules, position);
        for depth in 1..=max_depth {
            let (on, on_best) = nodes(&game, depth, Features::CURRENT);
            let (off, off_best) = nodes(&game, depth, without);
            println!(
                "{index} {} {depth} {on} {off} {:.2} ({on_best} / {off_best})",
                rules.kind.name(),
                on as f64 / off as f64
            );
        }
    }
    Ok(())
}
