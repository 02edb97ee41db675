//! Measures how often a partner's plan (Teams) is the move the partner then plays: four
//! computers of one level play Teams games; on every turn the plan of the mover's partner is
//! searched as the game's plan button searches it (60,000 nodes, a fresh engine) and, for
//! comparison, within the partner's level's own limits; two turns later the partner moves, and
//! each plan counts when it is that move.
//!
//! cargo run --release --no-default-features --example plan_fidelity LEVEL GAMES [SEED]

use tesseract_chess::engine::SlicedPlayer;
use tesseract_chess::engine::limits::{Limits, StdClock, StopFlag};
use tesseract_chess::four_player::ai::{Engine, PLAN_NODES, Player, hint_game, levels};
use tesseract_chess::four_player::{Game, Move, RuleKind, Rules, Seat, Setup, Turn};

/// Turns played of each game: the opening and middlegame, where plans are asked.
const TURNS: usize = 100;

/// A plan asked on turn `asked_at` for `seat`: the button's and the level's.
struct Asked {
    asked_at: usize,
    seat: Seat,
    button: Option<Move>,
    level: Option<Move>,
}

#[derive(Default)]
struct Tally {
    asked: u32,
    compared: u32,
    button_played: u32,
    level_played: u32,
    plans_agree: u32,
}

fn plan(game: &Game, seat: Seat, limits: Limits) -> Option<Move> {
    let asked = hint_game(game, seat)?;
    let mut engine = Engine::default();
    engine
        .search(&asked, limits, &StdClock::new(), &StopFlag::new(), &mut |_| {})
        .best
}

fn play_game(level: &'static levels::Level, seed: u64, tally: &mut Tally) {
    // The limits the level's search runs within (a noisy level's search gets half its nodes).
    let mut level_limits = level.limits.clone();
    if level.noise > 0 {
        level_limits.nodes = level_limits.nodes.map(|n| n / 2);
    }
    let (clock, stop) = (StdClock::new(), StopFlag::new());
    let mut game = Game::new(Rules::new(RuleKind::Teams), Setup::Modern.position());
    let mut players: Vec<Player> = (0..4).map(|i| Player::new(level, seed * 4 + i)).collect();
    let mut pending: Vec<Asked> = Vec::new();
    while game.outcome().is_none() && game.turns().len() < TURNS {
        let (seat, now) = (game.position().turn, game.turns().len());
        let Some(turn) = players[seat.index()].choose(&game, &clock, &stop) else {
            break;
        };
        for asked in pending.iter().filter(|a| a.seat == seat && a.asked_at + 2 == now) {
            if let Turn::Move(mv) = turn {
                tally.compared += 1;
                tally.button_played += u32::from(asked.button == Some(mv));
                tally.level_played += u32::from(asked.level == Some(mv));
            }
        }
        pending.retain(|a| a.asked_at + 2 > now);
        let partner = seat.partner();
        if game.position().live(partner) {
            let button = plan(&game, partner, Limits::nodes(PLAN_NODES));
            let level = plan(&game, partner, level_limits.clone());
            tally.asked += 1;
            tally.plans_agree += u32::from(button == level);
            pending.push(Asked {
                asked_at: now,
                seat: partner,
                button,
                level,
            });
        }
        if game.play(turn).is_err() {
            break;
        }
    }
}

fn percent(part: u32, whole: u32) -> f64 {
    100.0 * f64::from(part) / f64::from(whole.max(1))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: plan_fidelity LEVEL GAMES [SEED]";
    let (Some(level), Some(games)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let level = levels::find(level).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let parse = |text: &str, what: &str| {
        text.parse::<u64>().unwrap_or_else(|_| {
            eprintln!("{what} must be a whole number, not '{text}' ({usage})");
            std::process::exit(2)
        })
    };
    let games = parse(games, "GAMES");
    let seed = args.get(2).map_or(1, |s| parse(s, "SEED"));
    let mut tally = Tally::default();
    for game in 0..games {
        play_game(level, seed.wrapping_mul(1000).wrapping_add(game), &mut tally);
    }
    let t = &tally;
    println!(
        "{}: {} plans compared with the partner's move two turns later: the button's ({PLAN_NODES} nodes) \
         played {} ({:.0}%), the level's own search's played {} ({:.0}%); the two plans agreed {:.0}% of the time",
        level.name,
        t.compared,
        t.button_played,
        percent(t.button_played, t.compared),
        t.level_played,
        percent(t.level_played, t.compared),
        percent(t.plans_agree, t.asked),
    );
}
