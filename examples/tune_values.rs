//! Measures evaluation weights by self-play: for each piece, matches the current weights against
//! variants with that piece's value moved up or down, at a fixed node budget, from varied
//! openings with colours swapped and both setups mixed. Prints each variant's score.
//!
//! cargo run --release --no-default-features --example tune_values [GAMES_PER_MATCH [FACTOR...]]

use std::sync::atomic::{AtomicUsize, Ordering};

use tesseract_chess::engine::random::Rng;
use tesseract_chess::fourfold::ai::eval::Weights;
use tesseract_chess::fourfold::ai::selfplay::play_out_unclocked;
use tesseract_chess::fourfold::ai::{Player, levels};
use tesseract_chess::fourfold::rules::{Color, Game, PieceKind, Setup};

/// Plays one game; returns the score (1, 0.5, 0) of `variant`.
fn play(base: &Weights, variant: &Weights, index: usize) -> f64 {
    let opening = index / 2;
    let variant_white = index.is_multiple_of(2);
    let setup = if opening.is_multiple_of(2) {
        Setup::Classic
    } else {
        Setup::Full
    };
    let mut game = Game::from_setup(setup);
    let mut rng = Rng::new(1000 + opening as u64);
    for _ in 0..2 {
        let moves = game.position().legal_moves();
        game.play(moves.as_slice()[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    let level = levels::find("club").unwrap();
    let (w, b) = if variant_white {
        (variant, base)
    } else {
        (base, variant)
    };
    let mut players = [
        Player::with_weights(level, 1, w.clone()),
        Player::with_weights(level, 2, b.clone()),
    ];
    let outcome = play_out_unclocked(&mut game, &mut players, |_, _| {});
    let variant_color = if variant_white { Color::White } else { Color::Black };
    outcome.score_for(variant_color)
}

fn score(base: &Weights, variant: &Weights, games: usize) -> f64 {
    let next = AtomicUsize::new(0);
    let total = std::sync::Mutex::new(0.0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let r = play(base, variant, i);
                    *total.lock().unwrap() += r;
                }
            });
        }
    });
    total.into_inner().unwrap() / games as f64
}

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let base = Weights::default();
    println!("base material {:?}", base.material);
    // TUNE_VARIANT="p n b r q" compares one whole set of values with the current ones.
    if let Ok(text) = std::env::var("TUNE_VARIANT") {
        let values: Vec<i32> = text.split_whitespace().filter_map(|v| v.parse().ok()).collect();
        assert_eq!(
            values.len(),
            5,
            "TUNE_VARIANT needs five values: pawn knight bishop rook queen"
        );
        let mut variant = base.clone();
        variant.material[..5].copy_from_slice(&values);
        let s = score(&base, &variant, games);
        println!(
            "{:?}: variant scores {:.1}% over {games} games",
            variant.material,
            s * 100.0
        );
        return;
    }
    let factors: Vec<f64> = std::env::args().skip(2).filter_map(|a| a.parse().ok()).collect();
    let factors = if factors.is_empty() { vec![0.8, 1.2] } else { factors };
    for kind in [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ] {
        for &factor in &factors {
            let mut variant = base.clone();
            let k = kind.index();
            variant.material[k] = (base.material[k] as f64 * factor).round() as i32;
            let s = score(&base, &variant, games);
            println!(
                "{} {} -> {}: variant scores {:.1}% over {games} games",
                kind.name(),
                base.material[k],
                variant.material[k],
                s * 100.0
            );
        }
    }
}
