//! The four-player computer: constructed mates in each rule set, each proved or refuted by an
//! exhaustive solver here (it plays every line through the game's own rules), the points of a
//! double mate in FFA, legality over random positions of all three rule sets, exact node limits,
//! stopping, determinism, the browser's slices, partner hints, a strength order, and the commands.

use std::process::Command;

use tesseract_chess::engine::SlicedPlayer;
use tesseract_chess::engine::random::Rng;
use tesseract_chess::engine::{Limits, NoClock, StdClock, StopFlag};
use tesseract_chess::four_player::ai::{
    Engine, Features, LEVELS, PLAN_NODES, Player, Strategy, hint_game, levels, mate_in,
};
use tesseract_chess::four_player::game::Team;
use tesseract_chess::four_player::notation::format_move;
use tesseract_chess::four_player::*;

use super::four_player::box_for_blue;

/// Whether `team` wins by force within `turns` turns: every line is played by `Game`, so the
/// rules (a Teams mate on the mated seat's turn, the Club's frozen armies) decide, not the engine.
fn forced_win(game: &Game, team: Team, turns: u32) -> bool {
    match game.outcome() {
        Some(Outcome::Win { team: winner, .. }) => return winner == team,
        Some(_) => return false,
        None => {}
    }
    if turns == 0 {
        return false;
    }
    let ours = Team::of(game.position().turn) == team;
    for &mv in game.legal_moves() {
        let mut next = game.clone();
        next.play(Turn::Move(mv)).unwrap();
        let wins = forced_win(&next, team, turns - 1);
        if ours && wins {
            return true;
        }
        if !ours && !wins {
            return false;
        }
    }
    !ours
}

/// The root moves that win by force within `turns` turns.
fn winning_moves(game: &Game, turns: u32) -> Vec<String> {
    let team = Team::of(game.position().turn);
    game.legal_moves()
        .iter()
        .filter(|&&mv| {
            let mut next = game.clone();
            next.play(Turn::Move(mv)).unwrap();
            forced_win(&next, team, turns - 1)
        })
        .map(|&mv| format_move(game.position(), mv))
        .collect()
}

fn search(game: &Game, limits: Limits) -> (String, i32) {
    let result = Engine::default().search(game, limits, &NoClock, &StopFlag::new(), &mut |_| {});
    let best = result.best.expect("a move");
    (format_move(game.position(), best), result.score)
}

#[test]
fn teams_mate_in_one_is_found_and_proved() {
    // Red's rook closes Blue's box on a4; Blue moves next and is mated on its own turn.
    let game = Game::new(Rules::TEAMS, box_for_blue(Seat::Red, Seat::Red, &[]));
    assert_eq!(winning_moves(&game, 1), ["Rd4-a4"], "the solver's only mate in 1");
    let (best, score) = search(&game, Limits::depth(3));
    assert_eq!(best, "Rd4-a4");
    assert_eq!(mate_in(score), Some(1), "score {score}");
}

#[test]
fn teams_a_mate_the_partner_can_lift_is_not_a_mate() {
    // Yellow's Rd4-a4 mates Blue as it stands, but Green moves before Blue and takes the rook.
    let start = box_for_blue(Seat::Yellow, Seat::Yellow, &[("n4", Seat::Green, PieceKind::Rook)]);
    let game = Game::new(Rules::TEAMS, start);
    assert!(winning_moves(&game, 4).is_empty(), "no forced win in 4 turns");
    let result = Engine::default().search(&game, Limits::depth(5), &NoClock, &StopFlag::new(), &mut |_| {});
    assert!(
        mate_in(result.score).is_none_or(|n| n < 0),
        "Yellow sees no mate: {} {:?}",
        result.score,
        result.pv
    );
    // Without Green's rook the same move is a mate, two turns on (Green, then Red, then Blue's turn).
    let game = Game::new(Rules::TEAMS, box_for_blue(Seat::Yellow, Seat::Yellow, &[]));
    assert_eq!(winning_moves(&game, 3), ["Rd4-a4"]);
    let (best, score) = search(&game, Limits::depth(4));
    assert_eq!(best, "Rd4-a4");
    assert_eq!(mate_in(score), Some(3), "mate on Blue's turn, three turns on: {score}");
}

#[test]
fn teams_mate_in_two_is_found_and_proved() {
    // Blue boxed on a7; Red's rook on a10 and queen on j10 (found by searching random placements
    // with the solver below): no mate within three turns, a forced one within five.
    let start = box_for_blue(
        Seat::Red,
        Seat::Red,
        &[
            ("a10", Seat::Red, PieceKind::Rook),
            ("j10", Seat::Red, PieceKind::Queen),
        ],
    );
    let mut start = start;
    start.remove(super::four_player::sq("d4"));
    let game = Game::new(Rules::TEAMS, start);
    assert!(winning_moves(&game, 3).is_empty(), "no mate with one Red move");
    let winning = winning_moves(&game, 5);
    assert_eq!(winning, ["Ra10xNa8"], "the solver's only mate in 2");
    let (best, score) = search(&game, Limits::depth(5));
    assert_eq!(best, "Ra10xNa8");
    assert_eq!(mate_in(score), Some(5), "mate on Blue's turn, five turns on: {score}");
}

#[test]
fn club_mate_freezes_a_seat_and_a_second_wins() {
    // Yellow closes Blue's box: Blue freezes at once. The engine prefers it to everything else.
    let start = box_for_blue(Seat::Yellow, Seat::Yellow, &[]);
    let game = Game::new(Rules::CLUB, start.clone());
    let freezing: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|&&mv| {
            let mut next = game.clone();
            next.play(Turn::Move(mv)).unwrap();
            next.position().frozen[Seat::Blue.index()]
        })
        .map(|&mv| format_move(game.position(), mv))
        .collect();
    assert_eq!(freezing, ["Rd4-a4"], "the only move that freezes Blue");
    assert_eq!(search(&game, Limits::depth(2)).0, "Rd4-a4");
    // With Green mated already (boxed on n8, Red's rook on n4), freezing Blue wins the game.
    let both = box_for_blue(
        Seat::Yellow,
        Seat::Yellow,
        &[
            ("m7", Seat::Green, PieceKind::Pawn),
            ("m8", Seat::Green, PieceKind::Pawn),
            ("m9", Seat::Green, PieceKind::Pawn),
            ("n9", Seat::Green, PieceKind::Knight),
            ("n4", Seat::Red, PieceKind::Rook),
        ],
    );
    let game = Game::new(Rules::CLUB, both);
    assert_eq!(
        game.position().frozen,
        [false, false, false, true],
        "Green starts frozen"
    );
    assert_eq!(winning_moves(&game, 1), ["Rd4-a4"]);
    let (best, score) = search(&game, Limits::depth(2));
    assert_eq!(best, "Rd4-a4");
    assert_eq!(mate_in(score), Some(1), "score {score}");
}

#[test]
fn ffa_prefers_the_move_that_mates_two_players_for_its_forty_points() {
    // Blue's king on a7 and Green's on n7, each walled in by its own rooks and pawns with only
    // the 7th rank open: Red's queen from h3 to h7 or d7 checks both along it, and neither can
    // answer. Each Red move's points are counted through the game's own rules.
    let mut start = Position::empty();
    for (name, seat, kind) in [
        ("h1", Seat::Red, PieceKind::King),
        ("g14", Seat::Yellow, PieceKind::King),
        ("a7", Seat::Blue, PieceKind::King),
        ("a6", Seat::Blue, PieceKind::Rook),
        ("a8", Seat::Blue, PieceKind::Rook),
        ("b6", Seat::Blue, PieceKind::Pawn),
        ("b8", Seat::Blue, PieceKind::Pawn),
        ("n7", Seat::Green, PieceKind::King),
        ("n6", Seat::Green, PieceKind::Rook),
        ("n8", Seat::Green, PieceKind::Rook),
        ("m6", Seat::Green, PieceKind::Pawn),
        ("m8", Seat::Green, PieceKind::Pawn),
        ("h3", Seat::Red, PieceKind::Queen),
        ("e12", Seat::Yellow, PieceKind::Knight),
        ("k12", Seat::Red, PieceKind::Knight),
    ] {
        start.put(super::four_player::sq(name), Piece::new(seat, kind));
    }
    let game = Game::new(Rules::FFA, start);
    let gains: Vec<(String, u32)> = game
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = game.clone();
            next.play(Turn::Move(mv)).unwrap();
            (
                format_move(game.position(), mv),
                next.position().points[Seat::Red.index()],
            )
        })
        .collect();
    let most = gains.iter().map(|(_, p)| *p).max().unwrap();
    let doubles: Vec<&String> = gains.iter().filter(|(_, p)| *p >= 40).map(|(m, _)| m).collect();
    assert!(most >= 40 && !doubles.is_empty(), "a double mate: {gains:?}");
    let second = gains.iter().map(|(_, p)| *p).filter(|&p| p < 40).max().unwrap_or(0);
    assert!(second < 40, "the rest earn less");
    for strategy in Strategy::FFA {
        let mut engine = Engine::default();
        engine.ffa = strategy;
        let result = engine.search(&game, Limits::depth(2), &NoClock, &StopFlag::new(), &mut |_| {});
        let best = format_move(game.position(), result.best.unwrap());
        assert!(
            doubles.contains(&&best),
            "{}: {best} instead of {doubles:?}",
            strategy.name()
        );
    }
}

/// A position `plies` random moves into a game (or fewer, if it ended), for any rule set.
/// The table keeps positions with the same pieces but other points apart: FFA's score counts
/// the points, so a search that reuses an engine after one of them must find what a fresh
/// engine finds in the other.
#[test]
fn ffa_positions_that_differ_only_in_points_share_no_table_entries() {
    let level = Game::new(Rules::FFA, Setup::Modern.position());
    let mut ahead = Setup::Modern.position();
    ahead.points = [0, 19, 0, 18];
    let ahead = Game::new(Rules::FFA, ahead);
    let mut differed = 0;
    for depth in 2..=4 {
        let mut reused = Engine::default();
        reused.search(&level, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
        let after_other = reused.search(&ahead, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
        let fresh = Engine::default().search(&ahead, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
        assert_eq!(
            (after_other.best, after_other.score),
            (fresh.best, fresh.score),
            "depth {depth}: the first position's entries were taken for the second's"
        );
        let level_score = Engine::default()
            .search(&level, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {})
            .score;
        differed += usize::from(level_score != fresh.score);
    }
    assert!(
        differed > 0,
        "the points change the score, so the test can tell the positions apart"
    );
}

fn random_game(rules: Rules, plies: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(rules, Setup::Modern.position());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        game.play(Turn::Move(mv)).unwrap();
    }
    game
}

#[test]
fn the_computer_plays_only_legal_moves_in_random_positions_of_all_rule_sets() {
    let mut rng = Rng::new(41);
    let mut checked = 0;
    for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
        let mut engine = Engine::new(1);
        for i in 0..700 {
            let game = random_game(rules, 1 + (i * 7) % 90, &mut rng);
            if game.outcome().is_some() {
                continue;
            }
            let result = engine.search(&game, Limits::nodes(150), &NoClock, &StopFlag::new(), &mut |_| {});
            let best = result.best.expect("a position that is not over has a move");
            assert!(
                game.legal_moves().contains(&best),
                "{rules}: {best:?} in {}",
                game.position().to_fen4()
            );
            checked += 1;
        }
    }
    assert!(checked > 2_000, "{checked} positions");
}

#[test]
fn past_the_soft_limit_no_new_iteration_starts() {
    for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
        let game = Game::new(rules, Setup::Modern.position());
        let search = |soft_ms| {
            let limits = Limits {
                depth: Some(3),
                soft_ms: Some(soft_ms),
                ..Limits::default()
            };
            Engine::default().search(&game, limits, &NoClock, &StopFlag::new(), &mut |_| {})
        };
        // No time passes on `NoClock`: 1 ms never passes, 0 ms has passed after the first iteration.
        assert_eq!(search(1).depth, 3, "{rules}");
        assert_eq!(search(0).depth, 1, "{rules}");
    }
}

#[test]
fn node_limits_are_exact_and_searches_are_deterministic() {
    for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
        let game = Game::new(rules, Setup::Modern.position());
        for limit in [1, 37, 500, 4_000] {
            let result = Engine::default().search(&game, Limits::nodes(limit), &NoClock, &StopFlag::new(), &mut |_| {});
            assert!(
                result.nodes <= limit,
                "{rules}: {} nodes for a limit of {limit}",
                result.nodes
            );
            assert!(result.best.is_some());
        }
        let again = |seed| {
            let mut player = Player::new(levels::find("novice").unwrap(), seed);
            player.choose(&game, &NoClock, &StopFlag::new())
        };
        assert_eq!(again(5), again(5), "{rules}: the same seed plays the same move");
        let a = search(&game, Limits::nodes(6_000));
        let b = search(&game, Limits::nodes(6_000));
        assert_eq!(a, b, "{rules}: a node-limited search is reproducible");
    }
}

/// The nodes a fresh engine searches to depth 5 in `game` with a refinement (`switch` turns it on
/// or off) and without it.
fn nodes_to_depth(depth: u32, game: &Game, switch: impl Fn(&mut Features, bool)) -> (u64, u64) {
    let nodes = |on: bool| {
        let mut features = Features::CURRENT;
        switch(&mut features, on);
        let mut engine = Engine::default();
        engine.set_features(features);
        let result = engine.search(game, Limits::depth(depth), &NoClock, &StopFlag::new(), &mut |_| {});
        assert_eq!(result.depth, depth, "{}", game.rules);
        result.nodes
    };
    (nodes(true), nodes(false))
}

/// The bench's Teams and Club middlegames.
fn bench_middlegames() -> impl Iterator<Item = Game> {
    use tesseract_chess::four_player::ai::bench::POSITIONS;
    POSITIONS
        .into_iter()
        .filter(|&(rules, fen4)| rules.kind != RuleKind::Ffa && fen4 != Setup::Modern.fen4())
        .map(|(rules, fen4)| Game::new(rules, Position::from_fen4(fen4).unwrap()))
}

/// Late-move reductions take fewer nodes to the same depth than the search without them, in
/// Teams and Club (in FFA's best-reply search from the start they took more: README).
#[test]
fn reductions_reach_a_depth_in_fewer_nodes() {
    for rules in [Rules::TEAMS, Rules::CLUB] {
        let game = Game::new(rules, Setup::Modern.position());
        let (with, without) = nodes_to_depth(5, &game, |f, on| f.reductions = on);
        assert!(
            with < without,
            "{rules}: {with} nodes with reductions, {without} without"
        );
    }
}

/// Reverse futility takes fewer nodes to the same depth from the bench's Teams and Club
/// middlegames (by a factor of three to four at depth 5).
#[test]
fn static_pruning_reaches_a_depth_in_fewer_nodes() {
    for game in bench_middlegames() {
        let (with, without) = nodes_to_depth(5, &game, |f, on| f.static_pruning = on);
        assert!(
            2 * with < without,
            "{}: {with} nodes with static pruning, {without} without",
            game.rules
        );
    }
}

/// Late-move pruning takes fewer nodes to the same depth from the bench's Teams middlegame (at
/// depth 7 about a sixth of them), and leaves Club's and FFA's searches as they were (it is
/// Teams' only: elsewhere it measured no gain).
#[test]
fn late_move_pruning_reaches_a_depth_in_fewer_nodes_in_teams_only() {
    for game in bench_middlegames() {
        let (with, without) = nodes_to_depth(7, &game, |f, on| f.late_move_pruning = on);
        if game.rules.kind == RuleKind::Teams {
            assert!(
                2 * with < without,
                "Teams: {with} nodes with late-move pruning, {without} without"
            );
        } else {
            assert_eq!(with, without, "{}", game.rules);
        }
    }
    let ffa = Game::new(Rules::FFA, Setup::Modern.position());
    let (with, without) = nodes_to_depth(4, &ffa, |f, on| f.late_move_pruning = on);
    assert_eq!(with, without, "FFA");
}

/// The principal variation search takes fewer nodes to the same depth from the bench's Teams
/// middlegame (at depth 7 about half) and from FFA's start (at depth 5 about three quarters).
/// Not everywhere: from the Club middlegame at depth 7 it took a tenth more (README). Measured
/// with whole windows at the root: inside an aspiration window it gains less (README).
#[test]
fn null_window_search_reaches_a_depth_in_fewer_nodes() {
    let teams = bench_middlegames().find(|g| g.rules.kind == RuleKind::Teams).unwrap();
    let (with, without) = nodes_to_depth(7, &teams, |f, on| {
        f.null_window = on;
        f.aspiration = false;
    });
    assert!(
        3 * with < 2 * without,
        "Teams: {with} nodes with null windows, {without} without"
    );
    let ffa = Game::new(Rules::FFA, Setup::Modern.position());
    let (with, without) = nodes_to_depth(5, &ffa, |f, on| {
        f.null_window = on;
        f.aspiration = false;
    });
    assert!(with < without, "FFA: {with} nodes with null windows, {without} without");
}

/// Aspiration windows take fewer nodes to the same depth from the bench's Teams middlegame,
/// where the score swings between iterations (depth 6: three quarters as many), and reach the
/// same depth and move in the Club middlegame.
#[test]
fn aspiration_windows_reach_a_depth_in_fewer_nodes() {
    let mut middlegames = bench_middlegames();
    let teams = middlegames.next().unwrap();
    assert_eq!(teams.rules.kind, RuleKind::Teams);
    let (with, without) = nodes_to_depth(6, &teams, |f, on| f.aspiration = on);
    assert!(
        5 * with < 4 * without,
        "Teams: {with} nodes with aspiration windows, {without} without"
    );
    let club = middlegames.next().unwrap();
    assert_eq!(club.rules.kind, RuleKind::Club);
    let (with, without) = nodes_to_depth(6, &club, |f, on| f.aspiration = on);
    assert!(
        with <= without,
        "Club: {with} nodes with aspiration windows, {without} without"
    );
}

#[test]
fn a_raised_stop_flag_ends_an_unbounded_search() {
    let game = Game::new(Rules::TEAMS, Setup::Modern.position());
    let stop = StopFlag::new();
    let worker_stop = stop.clone();
    let handle = std::thread::spawn(move || {
        let clock = StdClock::new();
        Engine::default().search(&game, Limits::default(), &clock, &worker_stop, &mut |_| {})
    });
    std::thread::sleep(std::time::Duration::from_millis(150));
    let raised = std::time::Instant::now();
    stop.stop();
    let result = handle.join().unwrap();
    assert!(result.best.is_some(), "a move from the iterations completed");
    assert!(raised.elapsed().as_secs_f64() < 5.0, "the search returned");
}

#[test]
fn browser_slices_never_exceed_their_budget_and_end_as_one_call_does() {
    for (rules, level) in [(Rules::TEAMS, "club"), (Rules::FFA, "casual"), (Rules::CLUB, "novice")] {
        let game = random_game(rules, 12, &mut Rng::new(3));
        let level = levels::find(level).unwrap();
        let at_once = Player::new(level, 9).choose(&game, &NoClock, &StopFlag::new());
        let mut player = Player::new(level, 9);
        let mut decision = player.decide(&game, &NoClock);
        let slice = 700;
        let mut slices = 0;
        let sliced = loop {
            let before = decision.nodes();
            let answer = player.think(&mut decision, slice, &NoClock, &StopFlag::new(), &mut |_| {});
            assert!(
                decision.nodes() - before <= slice,
                "{rules} {}: a slice searched {} nodes",
                level.name,
                decision.nodes() - before
            );
            slices += 1;
            if let Some(answer) = answer {
                break answer;
            }
        };
        assert!(slices > 1, "{rules}: the decision took several slices");
        // The move is legal; it need not be the one-call move (a root move cut off by a slice is
        // searched again with the table as the cut left it).
        let Some(Some(Turn::Move(mv))) = Some(sliced) else {
            panic!("{rules}: a move")
        };
        assert!(game.legal_moves().contains(&mv), "{rules}");
        assert!(matches!(at_once, Some(Turn::Move(_))));
    }
}

#[test]
fn a_partner_hint_is_a_legal_move_for_the_seat_asked_about() {
    let game = random_game(Rules::TEAMS, 9, &mut Rng::new(8));
    let asked = game.position().turn.next();
    let plan_game = hint_game(&game, asked).expect("a seat in play");
    let hint = Engine::default()
        .search(
            &plan_game,
            Limits::nodes(3_000),
            &NoClock,
            &StopFlag::new(),
            &mut |_| {},
        )
        .best
        .expect("a hint");
    let mut pos = game.position().clone();
    pos.turn = asked;
    assert!(pos.legal_moves(Rules::TEAMS).contains(&hint), "{hint:?} for {asked:?}");
}

#[test]
fn the_command_line_searches_a_partners_plan_as_the_game_does() {
    // Teams after h2-h4 and Blue's, Yellow's and Green's replies: Red to move, Yellow's plan
    // asked for with no limit: searched as the plan button searches (a fresh engine, its nodes).
    let record = "[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n1. h2-h4 .. b10-d10 .. g13-g11 .. m10-l10\n";
    let dir = std::env::temp_dir().join(format!("tesseract-plan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("teams.pgn4");
    std::fs::write(&file, record).unwrap();
    let game = pgn4::import(record).unwrap().game;
    let plan = |seat: &str| {
        let out = binary()
            .args(["four-player", "bestmove", "--pgn"])
            .arg(&file)
            .args(["--for", seat])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
        text.lines().last().unwrap().trim_start_matches("bestmove ").to_string()
    };
    let expected = Engine::default()
        .search(
            &hint_game(&game, Seat::Yellow).unwrap(),
            Limits::nodes(PLAN_NODES),
            &NoClock,
            &StopFlag::new(),
            &mut |_| {},
        )
        .best
        .unwrap();
    let mut yellow_to_move = game.position().clone();
    yellow_to_move.turn = Seat::Yellow;
    assert_eq!(
        plan("yellow"),
        format_move(&yellow_to_move, expected),
        "the hint's search, node for node"
    );
    assert_eq!(game.position().turn, Seat::Red);
    let red = plan("red");
    assert!(
        game.legal_moves()
            .iter()
            .any(|&mv| format_move(game.position(), mv) == red),
        "the seat to move: its own game searched ({red})"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_low_level_beats_the_one_below_in_teams() {
    use tesseract_chess::four_player::ai::selfplay::{Entrant, SelfplayConfig, run};
    // The upper levels' order is measured by the command line's ladder (README); here the three
    // lowest, with colours swapped.
    for pair in LEVELS[..3].windows(2) {
        let (low, high) = (pair[0].name, pair[1].name);
        let entrant = |name: &str| Entrant::parse(name).unwrap();
        let config = SelfplayConfig {
            rules: Rules::TEAMS,
            start: Setup::Modern.position(),
            seats: [entrant(high), entrant(low), entrant(high), entrant(low)],
            games: 4,
            seed: 3,
            threads: 2,
            rotate: true,
            opening_plies: 4,
            max_turns: 400,
            resign: true,
            limits: None,
        };
        let records = run(&config, &NoClock);
        // Rotation by one seat puts the lower level on Red and Yellow in odd games.
        let high_score: f64 = records
            .iter()
            .map(|r| {
                let red_is_high = config.seats[r.seating[0]].name() == high;
                match r.outcome {
                    Some(Outcome::Win { team, .. }) => f64::from((team == Team::RedYellow) == red_is_high),
                    _ => 0.5,
                }
            })
            .sum();
        assert!(high_score > 2.0, "{high} scored {high_score}/4 against {low}");
    }
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tesseract-chess"))
}

#[test]
fn the_commands_search_play_and_measure() {
    let out = binary()
        .args(["four-player", "bestmove", "--rules", "ffa", "--depth", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("info depth 2 score points "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("bestmove "), "{text}");
    let mate = box_for_blue(Seat::Red, Seat::Red, &[]).to_fen4();
    let out = binary()
        .args(["four-player", "bestmove", "--fen4", &mate, "--depth", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("score mate 1") && text.contains("bestmove Rd4-a4"),
        "{text}"
    );
    let over = box_for_blue(Seat::Red, Seat::Blue, &[("a4", Seat::Red, PieceKind::Rook)]).to_fen4();
    let out = binary()
        .args(["four-player", "bestmove", "--fen4", &over, "--level", "beginner"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bestmove none (the game is over"), "{text}");
    let out = binary()
        .args([
            "four-player",
            "selfplay",
            "--seats",
            "beginner,greedy,beginner,greedy",
            "--rules",
            "ffa",
            "--games",
            "2",
            "--max-turns",
            "60",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("entrant 1 beginner: first "), "{text}");
    assert!(text.contains("glicko2 greedy rating "), "{text}");
    let out = binary()
        .args(["four-player", "selfplay", "--seats", "beginner,greedy", "--games", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("four players"));
    let out = binary()
        .args(["four-player", "bench", "--nodes", "2000"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for kind in ["teams", "ffa", "club"] {
        assert!(text.contains(&format!("total {kind} nodes ")), "{text}");
    }
}

/// An FFA position after a knight raid into Red's camp, where captures explode: before the
/// levels had node caps, casual took 3.4 M nodes (5 s) to search it to three plies and scored
/// every root move at that depth after, and novice once thought 98 s over one move.
const EXPLOSIVE_FFA: &str = "G-0,0,0,0-1,1,0,1-0,1,1,1-0,1,3,1-4-x,x,x,1,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,1,yP,yP,yP,yP,1,yP,yP,x,x,x/x,x,x,5,yP,2,x,x,x/bR,1,bP,8,gN,gP,gR/1,bP,10,gP,1/1,bP,bP,9,gP,gB/bQ,11,gP,gK/bK,bP,bB,yR,8,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,1/bR,bP,7,gP,3,gR/x,x,x,2,rN,5,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,gN,x,x,x/x,x,x,1,rR,rB,rQ,rK,rB,rN,rR,x,x,x";

#[test]
fn depth_levels_stop_at_their_node_cap_in_a_position_whose_captures_explode() {
    let game = Game::new(Rules::FFA, Position::from_fen4(EXPLOSIVE_FFA).unwrap());
    for name in ["beginner", "novice", "casual"] {
        let level = levels::find(name).unwrap();
        let cap = level.limits.nodes.expect("a depth level has a node cap");
        let mut player = Player::new(level, 7);
        let mut decision = player.decide(&game, &NoClock);
        let turn = loop {
            if let Some(turn) = player.think(&mut decision, u64::MAX, &NoClock, &StopFlag::new(), &mut |_| {}) {
                break turn;
            }
        };
        assert!(matches!(turn, Some(Turn::Move(_))), "{name}: {turn:?}");
        // The search may finish the node it is in; the scoring never passes the cap.
        assert!(
            decision.nodes() <= cap + cap / 20,
            "{name}: {} nodes, cap {cap}",
            decision.nodes()
        );
        assert!(
            decision.nodes() > cap / 4,
            "{name}: the cap is what stopped it ({} nodes)",
            decision.nodes()
        );
    }
}

#[test]
fn a_player_with_its_own_limits_searches_within_them_not_its_levels() {
    // Self-play at equal nodes or time gives every seat the same limits in place of its level's.
    let game = random_game(Rules::TEAMS, 8, &mut Rng::new(5));
    let strong = levels::find("strong").unwrap();
    let nodes_for = |player: &mut Player| {
        let mut decision = player.decide(&game, &NoClock);
        while player
            .think(&mut decision, u64::MAX, &NoClock, &StopFlag::new(), &mut |_| {})
            .is_none()
        {}
        decision.nodes()
    };
    let own = nodes_for(&mut Player::new(strong, 1));
    let limited = nodes_for(&mut Player::new(strong, 1).with_limits(Limits::nodes(3_000)));
    assert!(
        limited <= 3_000 && own > 3_000,
        "{limited} nodes within 3,000; the level's own: {own}"
    );
}
