//! What each subcommand does; output formats are part of the interface (see README).

use std::time::Instant;

use super::Command;
use crate::fourfold::rules::lan::format_move;
use crate::fourfold::rules::perft::{divide, perft};
use crate::fourfold::rules::pgn;

pub fn execute(command: Command) -> Result<(), String> {
    match command {
        Command::Bestmove {
            game,
            level,
            depth,
            movetime,
            nodes,
            seed,
            search,
            threads,
        } => {
            let limits = crate::engine::Limits {
                depth,
                nodes,
                movetime_ms: movetime,
                ..Default::default()
            };
            let features = crate::fourfold::ai::Features::parse(&search).map_err(|e| format!("--search: {e}"))?;
            super::engine_commands::bestmove(game.game()?, level.as_deref(), limits, seed, features, threads as usize)
        }
        Command::Selfplay {
            white,
            black,
            games,
            setup,
            seed,
            threads,
            swap,
            opening_plies,
            verbose,
            nodes,
            movetime,
            balanced,
            balance_nodes,
            openings,
            save_openings,
            sprt,
        } => {
            let options = super::engine_commands::SelfplayOptions {
                white,
                black,
                games: games as usize,
                setup,
                seed,
                threads: threads as usize,
                swap,
                opening_plies: opening_plies as usize,
                verbose,
                limits: crate::engine::Limits::in_place_of_levels(nodes, movetime),
                balance: balanced.map(|margin_cp| crate::fourfold::ai::openings::Balance {
                    margin_cp,
                    nodes: balance_nodes,
                }),
                book: openings,
                save_book: save_openings,
                sprt,
            };
            super::engine_commands::selfplay(&options)
        }
        Command::Bench { nodes } => super::engine_commands::bench(nodes),
        Command::Review { game, nodes } => super::engine_commands::review(&game.game()?, nodes),
        Command::FourPlayer { command } => super::four_player::execute(command),
        Command::Rating { profile, last } => rating(profile, last),
        Command::Puzzles { verify, build, seed } => {
            if build {
                super::puzzle_commands::build(seed)
            } else {
                super::puzzle_commands::puzzles(verify)
            }
        }
        Command::Ladder {
            games,
            seed,
            threads,
            openings,
        } => super::engine_commands::ladder(games as usize, seed, threads as usize, openings.as_deref()),
        #[cfg(feature = "app")]
        Command::Screenshot {
            out,
            view,
            fen,
            select,
            rotate,
            scene,
            size,
            game,
            four_player,
            arrows,
        } => {
            if game == "four-player" {
                let arrows = arrows
                    .iter()
                    .map(|text| {
                        let (from, to) = text
                            .split_once('-')
                            .ok_or_else(|| format!("--arrow '{text}' is not FROM-TO (h2-h4)"))?;
                        let square = |s: &str| {
                            s.parse::<crate::four_player::Square>()
                                .map_err(|e| format!("--arrow: {e}"))
                        };
                        Ok((square(from)?, square(to)?))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                let select = select
                    .map(|s| s.parse::<crate::four_player::Square>())
                    .transpose()
                    .map_err(|e| format!("--select: {e}"))?;
                if let Some(name) = &scene
                    && !crate::tutorial::CROSS_SCENES.iter().any(|(n, _)| n == name)
                {
                    let names: Vec<&str> = crate::tutorial::CROSS_SCENES.iter().map(|(n, _)| *n).collect();
                    return Err(format!(
                        "--scene: there is no four-player scene '{name}' (there are {})",
                        names.join(", ")
                    ));
                }
                return crate::app::run(crate::app::Launch {
                    screenshot: Some(crate::app::ScreenshotRequest { path: out, size }),
                    mode: Some(crate::app::Mode::FourPlayer),
                    four_player_game: Some(four_player.game()?),
                    four_player_select: select,
                    four_player_arrows: arrows,
                    four_player_scene: scene,
                    ..Default::default()
                });
            }
            if !arrows.is_empty() {
                return Err("--arrow draws on the four-player board: add --game four-player".into());
            }
            let position = fen
                .map(|f| crate::fourfold::rules::Position::from_fen(&f).map_err(|e| e.to_string()))
                .transpose()?;
            let select = select
                .map(|s| s.parse::<crate::fourfold::rules::Square>())
                .transpose()?;
            let morph = match view.as_str() {
                "flat" => 0.0,
                "morph" => 0.5,
                _ => 1.0,
            };
            let angles = rotate.unwrap_or([0.0; 3]).map(f32::to_radians);
            let launch = crate::app::Launch {
                screenshot: Some(crate::app::ScreenshotRequest { path: out, size }),
                position,
                select,
                view: Some(crate::app::View { morph, angles }),
                frame_bench: None,
                scene,
                notice: None,
                opponent: None,
                ..Default::default()
            };
            crate::app::run(launch)
        }
        #[cfg(feature = "app")]
        Command::Framebench {
            frames,
            size,
            game,
            rounds,
        } => {
            if rounds > 0 && game != "four-player" {
                return Err("--rounds plays four-player rounds: add --game four-player".into());
            }
            let launched = *super::LAUNCHED.get_or_init(Instant::now);
            crate::app::run(crate::app::Launch {
                mode: Some(crate::app::Mode::from_name(&game)?),
                frame_bench: Some(crate::app::FrameBench {
                    frames: frames as usize,
                    launched,
                    size,
                    rounds: rounds as usize,
                }),
                ..Default::default()
            })
        }
        Command::Perft {
            depth,
            start,
            divide: per_move,
        } => {
            let mut pos = start.position()?;
            let expected = crate::fourfold::rules::perft::estimate(&mut pos, depth);
            if expected > crate::fourfold::rules::perft::MAX_LEAVES as f64 {
                return Err(format!(
                    "perft {depth}: about {expected:.1e} leaves from this position, over the limit of {:.1e} (hours of counting); choose a smaller depth",
                    crate::fourfold::rules::perft::MAX_LEAVES as f64
                ));
            }
            let began = Instant::now();
            let overflow = || format!("perft {depth}: the count does not fit in 64 bits");
            let nodes = if per_move {
                let counts = divide(&mut pos, depth);
                let mut total: u64 = u64::from(depth == 0);
                for (mv, count) in &counts {
                    let count = count.ok_or_else(overflow)?;
                    say!("{mv}: {count}");
                    total = total.checked_add(count).ok_or_else(overflow)?;
                }
                total
            } else {
                perft(&mut pos, depth).ok_or_else(overflow)?
            };
            let seconds = began.elapsed().as_secs_f64();
            say!("nodes {nodes}");
            say!("time {seconds:.3} nps {:.0}", nodes as f64 / seconds.max(1e-9));
            Ok(())
        }
        Command::Moves { start } => {
            let pos = start.position()?;
            for &mv in pos.legal_moves().iter() {
                say!("{}", format_move(&pos, mv));
            }
            Ok(())
        }
        Command::Pgn { file } => {
            let record = read_pgn(&file)?;
            let game = &record.game;
            say!("fen {}", game.position().to_fen());
            match game.outcome() {
                Some(o) => say!("result {} {}", o.result_token(), o.reason()),
                None => say!("result * ongoing"),
            }
            Ok(())
        }
    }
}

/// Reads and validates a PGN4D file, within `pgn::MAX_BYTES`; errors name the file.
pub fn read_pgn(file: &std::path::Path) -> Result<pgn::Record, String> {
    let shown = file.display();
    let text = crate::files::read_text_limited(file, pgn::MAX_BYTES).map_err(|e| match e {
        crate::files::ReadError::TooLarge { .. } => {
            format!(
                "{shown}: invalid PGN4D: the file is over the limit of {} bytes (256 KiB)",
                pgn::MAX_BYTES
            )
        }
        other => other.to_string(),
    })?;
    pgn::import(&text).map_err(|e| format!("{shown}: {e}"))
}

fn rating(path: Option<std::path::PathBuf>, last: usize) -> Result<(), String> {
    use crate::rating::Profile;
    let path = path
        .or_else(crate::rating::profile::default_path)
        .ok_or("no data folder on this system: give --profile")?;
    let mut profile = Profile::read(&path).map_err(|e| e.to_string())?.unwrap_or_default();
    // As the game will show it: worked out again if the levels were rated anew (the game saves that).
    let rerated = profile.rerate(crate::fourfold::ai::levels::rating_of);
    let r = profile.rating;
    say!(
        "rating {:.0} deviation {:.0} volatility {:.4} games {}",
        r.rating,
        r.deviation,
        r.volatility,
        profile.games.len()
    );
    if let Some(rerated) = rerated {
        say!("{}", rerated.describe());
    }
    for game in profile.games.iter().rev().take(last) {
        say!(
            "game {:?} vs {} ({:.0}) {} {} -> {:.0}",
            game.result,
            game.opponent,
            game.opponent_rating,
            game.reason,
            if game.rated { "rated" } else { "unrated" },
            game.rating_after
        );
    }
    Ok(())
}
