//! Tunes the evaluation's weights on positions from self-play, by Texel's method: the weights
//! that best predict each position's game result through a logistic curve of the evaluation.
//!
//! cargo run --release --no-default-features --example tune_eval generate GAMES NODES FILE
//!   plays GAMES games from the self-play book's openings between searches of half to twice
//!   NODES nodes a move, drawn for each side and game, and writes each quiet position (not in
//!   check, the move played neither a capture nor a promotion) as `FEN4D;result;game` (the
//!   result 1, 0.5 or 0 for White; the game's number).
//! cargo run --release --no-default-features --example tune_eval tune FILE [keep-material]
//!   resolves each position by a quiescence search to the quiet position its capture sequence
//!   ends in, fits the scale, then moves one weight at a time while the error falls (the piece
//!   values too, unless kept), and prints the error on the positions held out (every tenth
//!   game) before and after.

use std::io::{BufRead, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use tesseract_chess::engine::level::{Level, nodes};
use tesseract_chess::engine::random::Rng;
use tesseract_chess::fourfold::ai::Player;
use tesseract_chess::fourfold::ai::eval::{Weights, evaluate, value};
use tesseract_chess::fourfold::ai::openings::{Opening, parse_book};
use tesseract_chess::fourfold::ai::selfplay::play_out_unclocked;
use tesseract_chess::fourfold::rules::{Color, Position};

const THREADS: usize = 2;
const BOOK: &str = "results/openings-classic-balanced.txt";

/// One game's quiet positions as FEN4D and the result for White: from a book opening, between
/// two searches of node limits drawn from `levels` (so the book's openings give many games).
fn play(index: usize, book: &[Opening], levels: &'static [Level]) -> (Vec<String>, f64) {
    let mut game = book[index % book.len()].game.clone();
    let mut rng = Rng::new(7_000 + index as u64);
    let mut pick = || &levels[rng.below(levels.len() as u64) as usize];
    let mut players = [Player::new(pick(), 1), Player::new(pick(), 2)];
    let mut positions = Vec::new();
    let outcome = play_out_unclocked(&mut game, &mut players, |game, mv| {
        let pos = game.position();
        if !pos.in_check() && !pos.is_capture(mv) && !pos.is_promotion(mv) {
            positions.push(pos.to_fen());
        }
    });
    (positions, outcome.score_for(Color::White))
}

fn generate(games: usize, node_limit: u64, path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(BOOK).map_err(|e| format!("{BOOK} (run from the project's root): {e}"))?;
    let book = parse_book(&text).map_err(|e| format!("{BOOK}: {e}"))?;
    // Node limits from half to twice NODES.
    let levels: &'static [Level] = Box::leak(
        [2, 3, 4, 6, 8]
            .map(|quarters| {
                Level::new(
                    "tuning",
                    "the tuner's games",
                    nodes(node_limit * quarters / 4),
                    0,
                    (1500.0, 350.0),
                )
            })
            .into(),
    );
    // A new file only: a data set already there took many minutes to play.
    let file = std::fs::File::create_new(path).map_err(|e| format!("{path}: {e} (the output must be a new file)"))?;
    let out = Mutex::new(std::io::BufWriter::new(file));
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..THREADS {
            s.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    let (positions, result) = play(index, &book, levels);
                    let mut out = out.lock().expect("no writer panicked");
                    for fen in positions {
                        if let Err(e) = writeln!(out, "{fen};{result};{index}") {
                            eprintln!("{path}: {e}");
                            std::process::exit(1);
                        }
                    }
                    if index % 100 == 99 {
                        eprintln!("{} games", index + 1);
                    }
                }
            });
        }
    });
    out.into_inner()
        .expect("no writer panicked")
        .flush()
        .map_err(|e| format!("{path}: {e}"))
}

/// A position, the result for White, and whether it is held out of the fit.
struct Sample {
    position: Position,
    result: f64,
    held_out: bool,
}

fn load(path: &str) -> Result<Vec<Sample>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut samples = Vec::new();
    for (index, line) in std::io::BufReader::new(file).lines().enumerate() {
        let at = format!("{path}, line {}", index + 1);
        let line = line.map_err(|e| format!("{at}: {e}"))?;
        let mut parts = line.split(';');
        let (Some(fen), Some(result), Some(game), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("{at}: expected FEN4D;result;game"));
        };
        let mut position = Position::from_fen(fen).map_err(|e| format!("{at}: {e}"))?;
        let (_, position) = quiet_leaf(&mut position, -100_000, 100_000, &Weights::default(), 8);
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(format!("{at}: result '{other}' is not 1, 0.5 or 0")),
        };
        let game: usize = game.parse().map_err(|e| format!("{at}: game number '{game}': {e}"))?;
        samples.push(Sample {
            position,
            result,
            held_out: game.is_multiple_of(10),
        });
    }
    if samples.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(samples)
}

/// The quiescence search's score of `pos` for the side to move (captures and promotions, most
/// valuable victim first, at most `depth` plies), and the position its principal variation
/// ends in: the quiet position the evaluation should judge.
fn quiet_leaf(pos: &mut Position, mut alpha: i32, beta: i32, weights: &Weights, depth: u32) -> (i32, Position) {
    let stand_pat = evaluate(pos, weights);
    if stand_pat >= beta || depth == 0 {
        return (stand_pat, pos.clone());
    }
    alpha = alpha.max(stand_pat);
    let mut best = (stand_pat, None);
    let mut moves: Vec<_> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| pos.is_capture(mv) || pos.is_promotion(mv))
        .collect();
    moves.sort_by_key(|&mv| std::cmp::Reverse(pos.piece_at(mv.to).map_or(0, |p| value(weights, p.kind))));
    for mv in moves {
        let undo = pos.make(mv);
        let (score, leaf) = quiet_leaf(pos, -beta, -alpha, weights, depth - 1);
        pos.unmake(mv, undo);
        if -score > best.0 {
            best = (-score, Some(leaf));
            alpha = alpha.max(-score);
            if alpha >= beta {
                break;
            }
        }
    }
    (best.0, best.1.unwrap_or_else(|| pos.clone()))
}

/// Mean squared error of the predicted results on the fitted (or held-out) samples.
fn error(samples: &[Sample], weights: &Weights, scale: f64, held_out: bool) -> f64 {
    let chunk = samples.len().div_ceil(THREADS).max(1);
    let (sum, count) = std::thread::scope(|s| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut sum = 0.0;
                    let mut count = 0usize;
                    for sample in part.iter().filter(|x| x.held_out == held_out) {
                        let score = evaluate(&sample.position, weights);
                        let white = if sample.position.side_to_move() == Color::White {
                            score
                        } else {
                            -score
                        };
                        let predicted = 1.0 / (1.0 + 10f64.powf(-scale * f64::from(white) / 400.0));
                        sum += (sample.result - predicted).powi(2);
                        count += 1;
                    }
                    (sum, count)
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|p| p.join().expect("no worker panicked"))
            .fold((0.0, 0), |(s, c), (s2, c2)| (s + s2, c + c2))
    });
    sum / count.max(1) as f64
}

/// The names `parameters` gives the piece values (`keep-material` leaves them).
const PIECE_VALUES: [&str; 4] = ["knight", "bishop", "rook", "queen"];

/// The tuned weights, by name, and the step each moves by.
fn parameters(w: &mut Weights) -> Vec<(&'static str, &mut i32, i32)> {
    let [_, knight, bishop, rook, queen, _] = &mut w.material;
    let [_, m_knight, m_bishop, m_rook, m_queen, _] = &mut w.mobility;
    let [c_pawn, c_knight, c_bishop, c_rook, c_queen, c_king] = &mut w.centralisation;
    let [near1, near2] = &mut w.pawn_near_promotion;
    vec![
        ("knight", knight, 10),
        ("bishop", bishop, 10),
        ("rook", rook, 10),
        ("queen", queen, 20),
        ("mobility knight", m_knight, 1),
        ("mobility bishop", m_bishop, 1),
        ("mobility rook", m_rook, 1),
        ("mobility queen", m_queen, 1),
        ("centre pawn", c_pawn, 1),
        ("centre knight", c_knight, 1),
        ("centre bishop", c_bishop, 1),
        ("centre rook", c_rook, 1),
        ("centre queen", c_queen, 1),
        ("centre king", c_king, 1),
        ("pawn one step", near1, 5),
        ("pawn two steps", near2, 5),
        ("king zone attack", &mut w.king_zone_attack, 1),
        ("tempo", &mut w.tempo, 2),
    ]
}

fn tune(path: &str, rounds: usize, keep_material: bool) -> Result<(), String> {
    let samples = load(path)?;
    let fitted = samples.iter().filter(|s| !s.held_out).count();
    eprintln!(
        "{} positions, {} fitted, {} held out",
        samples.len(),
        fitted,
        samples.len() - fitted
    );
    let mut weights = Weights::default();
    // The scale that best fits the current weights, then kept.
    let mut scale = 1.0;
    let mut best = f64::MAX;
    for step in 1..=60 {
        let candidate = f64::from(step) * 0.05;
        let e = error(&samples, &weights, candidate, false);
        if e < best {
            best = e;
            scale = candidate;
        }
    }
    let held_before = error(&samples, &weights, scale, true);
    eprintln!("scale {scale:.2}: error {best:.6}, held out {held_before:.6}");
    for round in 1..=rounds {
        let mut improved = false;
        let names: Vec<&str> = parameters(&mut weights).iter().map(|p| p.0).collect();
        for (i, name) in names.into_iter().enumerate() {
            // The piece values were measured by matches.
            if keep_material && PIECE_VALUES.contains(&name) {
                continue;
            }
            for direction in [1, -1] {
                loop {
                    let mut trial = weights.clone();
                    let (_, weight, step) = parameters(&mut trial).swap_remove(i);
                    *weight += direction * step;
                    let moved = *weight;
                    let e = error(&samples, &trial, scale, false);
                    if e >= best {
                        break;
                    }
                    best = e;
                    weights = trial;
                    improved = true;
                    eprintln!("round {round}: {name} -> {moved}: error {best:.6}");
                }
            }
        }
        if !improved {
            break;
        }
    }
    let held_after = error(&samples, &weights, scale, true);
    println!("scale {scale:.2}; held-out error {held_before:.6} -> {held_after:.6}; fitted error {best:.6}");
    println!("{weights:#?}");
    Ok(())
}

/// A number from the command line, or an error naming the argument.
fn number<T: std::str::FromStr<Err = std::num::ParseIntError>>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|e| format!("{what} '{text}': {e}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["generate", games, node_limit, path] => number(games, "GAMES")
            .and_then(|games| Ok((games, number(node_limit, "NODES")?)))
            .and_then(|(games, node_limit)| generate(games, node_limit, path)),
        ["tune", path] => tune(path, 50, false),
        ["tune", path, "keep-material"] => tune(path, 50, true),
        _ => Err("usage: tune_eval generate GAMES NODES FILE | tune FILE [keep-material]".to_string()),
    };
    if let Err(message) = outcome {
        eprintln!("tune_eval: {message}");
        std::process::exit(2);
    }
}
