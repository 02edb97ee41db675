//! `four-player bestmove`, `selfplay` and `bench`: the four-player computer from the command line.

use crate::engine::SlicedPlayer;
use crate::engine::limits::StdClock;
use crate::engine::matches::{Pairing, pairwise_ratings};
use crate::engine::{Limits, StopFlag};
use crate::four_player::ai::eval::POINT;
use crate::four_player::ai::selfplay::{self, GameRecord, SelfplayConfig};
use crate::four_player::ai::{Engine, Player, SearchInfo, Strategy, levels, mate_in};
use crate::four_player::notation::format_move;
use crate::four_player::{Game, RuleKind, Rules, Seat, Turn, pgn4};

/// How a search's score reads: `cp N` or `mate N` (plies) for Teams and Club, `points ±P.PP`
/// (centipoints against the rivals) for FFA.
pub fn score_text(rules: Rules, score: i32) -> String {
    match (mate_in(score), rules.kind) {
        (Some(n), _) => format!("mate {n}"),
        (None, RuleKind::Ffa) => format!("points {:+.2}", score as f64 / POINT as f64),
        (None, _) => format!("cp {score}"),
    }
}

fn info_line(rules: Rules, info: &SearchInfo) -> String {
    let nps = (info.nodes as f64 / (info.elapsed_ms / 1000.0).max(1e-6)) as u64;
    format!(
        "info depth {} score {} nodes {} nps {nps} pv {}",
        info.depth,
        score_text(rules, info.score),
        info.nodes,
        info.pv.join(" ")
    )
}

pub struct BestmoveOptions {
    pub level: Option<String>,
    pub limits: Limits,
    pub seed: u64,
    pub search: Option<Strategy>,
}

/// Searches the game's position and prints each iteration, then `bestmove`.
pub fn bestmove(game: Game, options: BestmoveOptions) -> Result<(), String> {
    if let Some(outcome) = game.outcome() {
        say!("bestmove none (the game is over: {outcome})");
        return Ok(());
    }
    let rules = game.rules;
    let clock = StdClock::new();
    let stop = StopFlag::new();
    let mut print = |info: &SearchInfo| say!("{}", info_line(rules, info));
    let turn = if options.limits != Limits::default() {
        let mut engine = Engine::default();
        if let Some(strategy) = options.search {
            engine.ffa = strategy;
        }
        engine
            .search(&game, options.limits, &clock, &stop, &mut print)
            .best
            .map(Turn::Move)
    } else {
        let level = levels::find(options.level.as_deref().unwrap_or(levels::DEFAULT_LEVEL))?;
        let mut player = Player::new(level, options.seed);
        if let Some(strategy) = options.search {
            player = player.with_strategy(strategy);
        }
        player.choose_with_info(&game, &clock, &stop, &mut print)
    };
    match turn {
        Some(Turn::Move(mv)) => say!("bestmove {}", format_move(game.position(), mv)),
        Some(Turn::ClaimWin) => say!(
            "bestmove claim ({} is more than 20 points ahead)",
            game.position().turn.name()
        ),
        Some(Turn::Resign) => say!("bestmove resign (the position is hopeless)"),
        Some(Turn::Timeout) | None => say!("bestmove none (no legal move)"),
    }
    Ok(())
}

pub fn bench(nodes: u64) -> Result<(), String> {
    let lines = crate::four_player::ai::bench::run(nodes, &StdClock::new(), &mut |line| {
        say!(
            "{} depth {} nodes {} time {:.0} ms nps {:.0} position {}",
            line.rules.kind.name(),
            line.search.depth,
            line.search.nodes,
            line.search.ms,
            line.search.nodes_per_second(),
            line.fen4
        );
    });
    for (kind, nodes, ms, nps) in crate::four_player::ai::bench::totals(&lines) {
        say!("total {} nodes {nodes} time {ms:.0} ms nps {nps:.0}", kind.name());
    }
    Ok(())
}

/// Plays the match and prints, per entrant, its results (FFA: first places, average place and
/// points; Teams and Club: wins, draws, losses), why games ended, ms per move, and ratings.
pub fn selfplay(config: &SelfplayConfig, verbose: bool, save: Option<&std::path::Path>) -> Result<(), String> {
    let clock = StdClock::new();
    let records = selfplay::run(config, &clock);
    if let Some(folder) = save {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for r in &records {
            let seat_tag = |seat: Seat| (seat.name().to_string(), config.seats[r.seating[seat.index()]].name());
            let tags: Vec<(String, String)> = Seat::ALL.into_iter().map(seat_tag).collect();
            let path = folder.join(format!("game-{}.pgn4", r.index + 1));
            crate::storage::TextStorage::write_text(&path, &pgn4::export(&r.game, &tags))?;
        }
    }
    let ffa = config.rules.kind == RuleKind::Ffa;
    if verbose {
        for r in &records {
            let seats: Vec<String> = Seat::ALL
                .iter()
                .map(|s| {
                    let name = config.seats[r.seating[s.index()]].name();
                    if ffa {
                        format!(
                            "{} {name} {} pts #{}",
                            s.name(),
                            r.game.position().points[s.index()],
                            r.places[s.index()]
                        )
                    } else {
                        format!("{} {name}", s.name())
                    }
                })
                .collect();
            say!(
                "game {} ({} turns): {}; {}",
                r.index + 1,
                r.game.turns().len(),
                seats.join(", "),
                r.reason()
            );
        }
    }
    say!(
        "{} games, {} rules, seats {}{}",
        records.len(),
        config.rules,
        config.seats.map(|e| e.name()).join(","),
        if config.rotate { " (rotated)" } else { "" }
    );
    for (entrant_index, entrant) in config.seats.iter().enumerate() {
        let mut line = format!("entrant {} {}:", entrant_index + 1, entrant.name());
        let sat = |r: &GameRecord| Seat::ALL.into_iter().find(|s| r.seating[s.index()] == entrant_index);
        let results: Vec<(u8, u32)> = records
            .iter()
            .filter_map(|r| sat(r).map(|s| (r.places[s.index()], r.game.position().points[s.index()])))
            .collect();
        let n = results.len().max(1) as f64;
        if ffa {
            let firsts = results.iter().filter(|(p, _)| *p == 1).count();
            let place = results.iter().map(|(p, _)| *p as f64).sum::<f64>() / n;
            let points = results.iter().map(|(_, pts)| *pts as f64).sum::<f64>() / n;
            line.push_str(&format!(
                " first {firsts}/{} ({:.0}%), average place {place:.2}, average points {points:.1}",
                results.len(),
                100.0 * firsts as f64 / n
            ));
        } else {
            let count = |place: u8| results.iter().filter(|(p, _)| *p == place).count();
            let (w, d, l) = (count(1), count(2), count(3));
            line.push_str(&format!(
                " +{w} ={d} -{l} ({:.1}%)",
                100.0 * (w as f64 + d as f64 / 2.0) / n
            ));
        }
        let ms: f64 = records.iter().map(|r| r.think_ms[entrant_index]).sum();
        let moves: usize = records.iter().map(|r| r.turns_chosen[entrant_index]).sum();
        let slowest = records.iter().map(|r| r.slowest_ms[entrant_index]).fold(0.0, f64::max);
        line.push_str(&format!(
            ", {:.1} ms per move (slowest {slowest:.0} ms)",
            ms / moves.max(1) as f64
        ));
        say!("{line}");
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &records {
        // The kind of end without the seats' details ("places …" by its reason in brackets).
        let reason = r.reason();
        let kind = reason
            .rsplit_once('(')
            .map_or(reason.clone(), |(_, why)| why.trim_end_matches(')').to_string());
        match reasons.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += 1,
            None => reasons.push((kind, 1)),
        }
    }
    for (kind, count) in reasons {
        say!("ended {count}× {kind}");
    }
    let mut names: Vec<String> = Vec::new();
    for e in &config.seats {
        if !names.contains(&e.name()) {
            names.push(e.name());
        }
    }
    if names.len() > 1 {
        let pairs: Vec<Pairing> = records
            .iter()
            .flat_map(|r| selfplay::pairings(r, &names, config))
            .collect();
        let ratings = pairwise_ratings(names.len(), &pairs, 1500.0);
        for (name, rating) in names.iter().zip(&ratings) {
            say!(
                "glicko2 {name} rating {:.0} deviation {:.0} (pairwise, {} anchored at 1500)",
                rating.rating,
                rating.deviation,
                names[0]
            );
        }
    }
    Ok(())
}
