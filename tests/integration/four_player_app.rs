//! Four-player chess in the app, headless (`MinimalPlugins`, no window): the game switch builds
//! one board and clears the other, the cross board's entities mirror the table, the keyboard
//! selects and moves as the seat to move sees the board, and three computer seats answer a
//! human's move through the shared turn task.
#![cfg(feature = "app")]

use std::time::{Duration, Instant};

use bevy::prelude::*;
use tesseract_chess::app::four_player::mirror::{CrossCell, CrossPiece, CrossTarget};
use tesseract_chess::app::four_player::table::{Sitter, Table, TableIntent};
use tesseract_chess::app::four_player::turns::Pace;
use tesseract_chess::app::{Cell, Mode, PieceModel, logic_plugins};
use tesseract_chess::four_player::{Game, Rules, Seat, Setup, Square};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn app_in(mode: Mode, table: Option<Table>) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(bevy::state::app::StatesPlugin)
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_state(mode);
    logic_plugins(&mut app);
    if let Some(table) = table {
        app.insert_resource(table);
    }
    app.insert_resource(Pace { pause_seconds: 0.0 });
    app.update();
    app.update();
    app
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

fn switch(app: &mut App, mode: Mode) {
    app.world_mut().resource_mut::<NextState<Mode>>().set(mode);
    app.update();
    app.update();
}

fn send(app: &mut App, intent: TableIntent) {
    app.world_mut().write_message(intent);
    app.update();
    app.update();
}

fn table(app: &App) -> &Table {
    app.world().resource::<Table>()
}

fn humans(rules: Rules) -> Table {
    Table::new(Game::new(rules, Setup::Modern.position()), [Sitter::Human; 4])
}

#[test]
fn the_game_switch_builds_one_board_and_clears_the_other() {
    let mut app = app_in(Mode::Fourfold, None);
    assert_eq!(count::<Cell>(&mut app), 64);
    assert_eq!(count::<CrossCell>(&mut app), 0);
    let pieces_4d = count::<PieceModel>(&mut app);
    assert!(pieces_4d > 0);
    switch(&mut app, Mode::FourPlayer);
    assert_eq!(count::<Cell>(&mut app), 0, "the 4D board went with its mode");
    assert_eq!(count::<PieceModel>(&mut app), 0);
    assert_eq!(count::<CrossCell>(&mut app), 160);
    assert_eq!(count::<CrossPiece>(&mut app), 64, "sixteen men a seat");
    switch(&mut app, Mode::Fourfold);
    assert_eq!(count::<CrossCell>(&mut app), 0);
    assert_eq!(count::<CrossPiece>(&mut app), 0);
    assert_eq!(count::<Cell>(&mut app), 64, "coming back builds the 4D board again");
    assert_eq!(count::<PieceModel>(&mut app), pieces_4d);
}

#[test]
fn the_cross_board_mirrors_selection_moves_and_review() {
    let mut app = app_in(Mode::FourPlayer, Some(humans(Rules::TEAMS)));
    send(&mut app, TableIntent::Activate(sq("h2")));
    let mut targets: Vec<Square> = app
        .world_mut()
        .query::<&CrossTarget>()
        .iter(app.world())
        .map(|t| t.square)
        .collect();
    targets.sort();
    let mut expected = vec![sq("h3"), sq("h4")];
    expected.sort();
    assert_eq!(targets, expected);
    send(&mut app, TableIntent::Activate(sq("h4")));
    assert_eq!(count::<CrossTarget>(&mut app), 0);
    let on_h4 = app
        .world_mut()
        .query::<&CrossPiece>()
        .iter(app.world())
        .any(|p| p.square == sq("h4"));
    assert!(on_h4, "the pawn's entity stands on h4");
    // Blue answers; then review the start: the pieces stand where they began.
    send(&mut app, TableIntent::Activate(sq("b7")));
    send(&mut app, TableIntent::Activate(sq("c7")));
    assert_eq!(table(&app).turns().len(), 2);
    send(&mut app, TableIntent::Review(Some(0)));
    let mut shown: Vec<Square> = app
        .world_mut()
        .query::<&CrossPiece>()
        .iter(app.world())
        .map(|p| p.square)
        .collect();
    shown.sort();
    let mut start: Vec<Square> = Setup::Modern.position().placements().map(|(s, _)| s).collect();
    start.sort();
    assert_eq!(shown, start);
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    input.clear();
    app.update();
}

#[test]
fn the_keyboard_plays_as_the_seat_to_move_sees_the_board() {
    let mut app = app_in(Mode::FourPlayer, Some(humans(Rules::FFA)));
    press(&mut app, KeyCode::Tab);
    assert_eq!(table(&app).focus, Some(sq("h1")), "Tab starts on Red's king");
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).selected, Some(sq("h2")));
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).turns()[0].text, "h2-h3");
    // Blue's turn: Blue sits west, so ↑ walks east along the rank.
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::Escape);
    assert_eq!(table(&app).focus, None, "Escape twice leaves the board");
    press(&mut app, KeyCode::Tab);
    assert_eq!(table(&app).focus, Some(sq("h3")), "back to the last square focused");
    // Review with the arrows off the board.
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(table(&app).review(), Some(0));
    press(&mut app, KeyCode::End);
    assert_eq!(table(&app).review(), None);
}

/// A Free-for-all start with a person as Red and the beginner level at the other three seats.
fn red_against_three_beginners() -> Table {
    let beginner = tesseract_chess::four_player::ai::levels::index("beginner").unwrap();
    let sitters = [
        Sitter::Human,
        Sitter::Computer(beginner),
        Sitter::Computer(beginner),
        Sitter::Computer(beginner),
    ];
    Table::new(Game::new(Rules::FFA, Setup::Modern.position()), sitters)
}

#[test]
fn only_a_person_still_in_play_waits_for_the_computers() {
    let table_now = red_against_three_beginners();
    assert!(!table_now.waiting_for_computers(), "Red, the person, is to move");
    // The same seats at the start with one seat out (its army grey) and Blue to move.
    let with_out = |seat: Seat| {
        let out_flags = ["1,0,0,0", "0,1,0,0", "0,0,1,0", "0,0,0,1"][seat.index()];
        let army = ['r', 'b', 'y', 'g'][seat.index()];
        let fen4 = Setup::Modern
            .fen4()
            .replacen("R-0,0,0,0", &format!("B-{out_flags}"), 1)
            .replace(army, "d");
        let position = tesseract_chess::four_player::Position::from_fen4(&fen4).unwrap();
        Table::new(Game::new(Rules::FFA, position), table_now.sitters)
    };
    assert!(
        !with_out(Seat::Red).waiting_for_computers(),
        "Red, the person, is out: nobody waits"
    );
    assert!(
        with_out(Seat::Yellow).waiting_for_computers(),
        "Red still plays and waits"
    );
}

#[test]
fn three_computer_seats_answer_a_human_move() {
    let mut app = app_in(Mode::FourPlayer, Some(red_against_three_beginners()));
    send(&mut app, TableIntent::Activate(sq("h2")));
    send(&mut app, TableIntent::Activate(sq("h4")));
    let began = Instant::now();
    while table(&app).turns().len() < 4 {
        assert!(began.elapsed() < Duration::from_secs(60), "no answers within 60 s");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    app.update();
    let t = table(&app);
    assert_eq!(t.turns()[0].text, "h2-h4");
    let seats: Vec<Seat> = t.turns().iter().map(|p| p.seat).collect();
    assert_eq!(seats, [Seat::Red, Seat::Blue, Seat::Yellow, Seat::Green]);
    assert_eq!(t.human_to_move(), Some(Seat::Red), "the computers stop at the human");
    // The entities show the game as it stands.
    let on_board = t.game.position().placements().count();
    assert_eq!(count::<CrossPiece>(&mut app), on_board);
}

#[test]
fn p_shows_the_computer_partners_plan_in_teams_and_nothing_in_a_free_for_all() {
    use tesseract_chess::app::four_player::arrows::Arrows;
    use tesseract_chess::app::four_player::turns::CrossThinking;
    use tesseract_chess::engine::{Limits, NoClock, StopFlag};
    use tesseract_chess::four_player::ai::{Engine, PLAN_NODES, hint_game};
    let beginner = tesseract_chess::four_player::ai::levels::index("beginner").unwrap();
    // Red a person, Yellow (Red's partner) a computer; Blue and Green people, so nobody else thinks.
    let sitters = [Sitter::Human, Sitter::Human, Sitter::Computer(beginner), Sitter::Human];
    for rules in [Rules::TEAMS, Rules::FFA] {
        let game = Game::new(rules, Setup::Modern.position());
        let mut app = app_in(Mode::FourPlayer, Some(Table::new(game.clone(), sitters)));
        press(&mut app, KeyCode::Tab);
        // Asked twice: the plan is shown once.
        for _ in 0..2 {
            press(&mut app, KeyCode::KeyP);
            let began = Instant::now();
            while app.world().resource::<CrossThinking>().is_thinking() {
                assert!(began.elapsed() < Duration::from_secs(60), "no plan within 60 s");
                std::thread::sleep(Duration::from_millis(5));
                app.update();
            }
            app.update();
        }
        let plan = app.world().resource::<CrossThinking>().last_plan;
        let arrows = &app.world().resource::<Arrows>().arrows;
        if rules == Rules::FFA {
            assert_eq!(plan, None, "no partner in a free-for-all");
            assert!(arrows.is_empty());
            continue;
        }
        let plan = plan.expect("Yellow's plan");
        assert_eq!(plan.seat, Seat::Yellow);
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
        assert_eq!(plan.best, Some(expected), "a fresh search of Yellow's turn");
        assert_eq!(arrows.len(), 1, "one arrow for the plan asked twice");
        assert_eq!(
            (arrows[0].from, arrows[0].to),
            (expected.from, expected.to),
            "drawn as an arrow"
        );
        assert_eq!(
            plan.generation,
            table(&app).generation,
            "the plan is of the position shown"
        );
        // Red's move takes the arrow away, and the plan is of a position gone by.
        send(&mut app, TableIntent::Activate(sq("h2")));
        send(&mut app, TableIntent::Activate(sq("h3")));
        assert!(app.world().resource::<Arrows>().arrows.is_empty());
        assert_ne!(plan.generation, table(&app).generation);
    }
}

#[test]
fn each_introduction_scene_is_played_through_by_the_player_and_its_script() {
    use tesseract_chess::app::four_player::lesson::{CrossLesson, LessonIntent};
    use tesseract_chess::tutorial::cross_scenes;
    let mut app = app_in(Mode::FourPlayer, None);
    for scene in cross_scenes() {
        let scene = scene.unwrap_or_else(|e| panic!("{e}"));
        app.world_mut().write_message(LessonIntent::Open(scene.name.clone()));
        app.update();
        app.update();
        assert_eq!(table(&app).lesson_seat, Some(scene.player), "{}", scene.name);
        assert_eq!(table(&app).highlight, scene.highlight, "{}", scene.name);
        assert!(!app.world().resource::<CrossLesson>().completed, "{}", scene.name);
        let mut replay = scene.start();
        for (k, mv) in scene.solution.iter().enumerate() {
            let mover = replay.position().turn;
            replay.play(tesseract_chess::four_player::Turn::Move(*mv)).unwrap();
            if mover != scene.player {
                // The script's turn: the runner plays it (no pause in tests).
                for _ in 0..4 {
                    if table(&app).game.turns().len() > k {
                        break;
                    }
                    app.update();
                }
                let played = table(&app).game.turns()[k].turn;
                assert_eq!(played, tesseract_chess::four_player::Turn::Move(*mv), "{}", scene.name);
                continue;
            }
            assert_eq!(table(&app).human_to_move(), Some(scene.player), "{}", scene.name);
            send(&mut app, TableIntent::Activate(mv.from));
            assert!(
                table(&app).targets.iter().any(|t| t == mv),
                "{}: {mv:?} is lit",
                scene.name
            );
            send(&mut app, TableIntent::Activate(mv.to));
        }
        let lesson = app.world().resource::<CrossLesson>();
        assert!(lesson.completed, "{}: {:?}", scene.name, lesson.message);
        assert!(lesson.message.as_deref().unwrap_or("").starts_with("Well done"));
    }
}

#[test]
fn a_tempting_wrong_move_is_explained_and_again_starts_over() {
    use tesseract_chess::app::four_player::lesson::{CrossLesson, LessonIntent};
    let mut app = app_in(Mode::FourPlayer, None);
    app.world_mut().write_message(LessonIntent::Open("02-points".into()));
    app.update();
    app.update();
    // Another of Red's pieces is not for this scene: it lights nothing.
    send(&mut app, TableIntent::Activate(sq("h1")));
    assert!(table(&app).targets.is_empty(), "the king may not move here");
    send(&mut app, TableIntent::Activate(sq("g5")));
    send(&mut app, TableIntent::Activate(sq("g10")));
    let lesson = app.world().resource::<CrossLesson>();
    assert!(!lesson.completed);
    assert!(
        lesson.message.as_deref().unwrap_or("").contains("grey"),
        "{:?}",
        lesson.message
    );
    assert_eq!(table(&app).game.turns().len(), 1, "the wrong capture was played");
    app.world_mut().write_message(LessonIntent::Again);
    app.update();
    app.update();
    assert!(
        table(&app).game.turns().is_empty(),
        "Again: the scene's position once more"
    );
    assert_eq!(app.world().resource::<CrossLesson>().message, None);
    // Solved, Next opens the scene after it.
    send(&mut app, TableIntent::Activate(sq("g5")));
    send(&mut app, TableIntent::Activate(sq("d8")));
    assert!(app.world().resource::<CrossLesson>().completed);
    app.world_mut().write_message(LessonIntent::Next);
    app.update();
    app.update();
    let lesson = app.world().resource::<CrossLesson>();
    assert_eq!(
        lesson.scene.as_ref().map(|s| s.name.as_str()),
        Some("03-mate-scores-twenty")
    );
    assert!(!lesson.completed);
    // A new game from the form ends the lesson.
    send(
        &mut app,
        TableIntent::NewGame(
            Box::new(Game::new(Rules::FFA, Setup::Modern.position())),
            [Sitter::Human; 4],
            None,
        ),
    );
    app.update();
    assert!(app.world().resource::<CrossLesson>().scene.is_none());
    assert_eq!(table(&app).lesson_seat, None);
}

/// Analysis: the engine's view of the position shown, off the frame — the mate in one for Red
/// (the box for Blue), its arrow in Red's colour — and, once the game moves on, a new search of
/// the new position for the new seat to move.
#[test]
fn analysis_finds_the_mate_on_the_cross_board_and_follows_the_game() {
    use tesseract_chess::app::four_player::analysis::{CrossAnalysis, evaluation};
    let position = super::four_player::box_for_blue(Seat::Red, Seat::Red, &[]);
    let game = Game::new(Rules::TEAMS, position);
    let mut app = app_in(Mode::FourPlayer, Some(Table::new(game, [Sitter::Human; 4])));
    app.world_mut().resource_mut::<CrossAnalysis>().enabled = true;
    let wait_for_analysis = |app: &mut App| {
        let began = Instant::now();
        loop {
            app.update();
            let world = app.world();
            if world
                .resource::<CrossAnalysis>()
                .current(world.resource::<Table>())
                .is_some()
            {
                return;
            }
            assert!(began.elapsed() < Duration::from_secs(120), "the analysis ends");
            std::thread::sleep(Duration::from_millis(2));
        }
    };
    wait_for_analysis(&mut app);
    let analysis = app.world().resource::<CrossAnalysis>();
    let found = analysis.current(table(&app)).unwrap();
    assert_eq!(
        found.result.pv.first().map(String::as_str),
        Some("Rd4-a4"),
        "{:?}",
        found.result.pv
    );
    assert_eq!(evaluation(found), "Red and Yellow mate within 1 turn");
    let (seat, best) = analysis.best_move(table(&app)).expect("an arrow");
    assert_eq!((seat, best.from, best.to), (Seat::Red, sq("d4"), sq("a4")));
    // Off: no arrow. On again, and Red plays another move: Blue's position is searched.
    app.world_mut().resource_mut::<CrossAnalysis>().enabled = false;
    assert!(app.world().resource::<CrossAnalysis>().best_move(table(&app)).is_none());
    app.world_mut().resource_mut::<CrossAnalysis>().enabled = true;
    let other = table(&app)
        .game
        .legal_moves()
        .iter()
        .copied()
        .find(|mv| mv.to != sq("a4") && mv.from != sq("d4"))
        .expect("another move");
    send(&mut app, TableIntent::Activate(other.from));
    send(&mut app, TableIntent::Activate(other.to));
    assert_eq!(table(&app).game.position().turn, Seat::Blue);
    wait_for_analysis(&mut app);
    let analysis = app.world().resource::<CrossAnalysis>();
    let (seat, best) = analysis.best_move(table(&app)).expect("an arrow");
    assert_eq!(seat, Seat::Blue);
    assert!(table(&app).game.legal_moves().contains(&best));
}

#[test]
fn the_analysis_waits_while_the_computers_play_and_searches_the_humans_turn() {
    use tesseract_chess::app::four_player::analysis::CrossAnalysis;
    let mut app = app_in(Mode::FourPlayer, Some(red_against_three_beginners()));
    app.world_mut().resource_mut::<CrossAnalysis>().enabled = true;
    app.update();
    assert!(!table(&app).waiting_for_computers(), "Red, a person, moves first");
    assert!(
        app.world().resource::<CrossAnalysis>().is_searching(),
        "Red's position is searched"
    );
    send(&mut app, TableIntent::Activate(sq("h2")));
    send(&mut app, TableIntent::Activate(sq("h4")));
    let began = Instant::now();
    let mut computer_turns_seen = 0;
    while table(&app).turns().len() < 4 {
        assert!(began.elapsed() < Duration::from_secs(60), "no answers within 60 s");
        let world = app.world();
        let (analysis, t) = (world.resource::<CrossAnalysis>(), world.resource::<Table>());
        assert!(t.waiting_for_computers(), "a computer is to move");
        assert!(
            !analysis.is_searching() && analysis.best_move(t).is_none(),
            "no search and no arrow on a computer's turn"
        );
        computer_turns_seen += 1;
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    assert!(computer_turns_seen > 0);
    // Red's turn again: its position is searched and its best move drawn.
    let began = Instant::now();
    loop {
        app.update();
        let world = app.world();
        if let Some((seat, best)) = world.resource::<CrossAnalysis>().best_move(world.resource::<Table>()) {
            assert_eq!(seat, Seat::Red);
            assert!(table(&app).game.legal_moves().contains(&best));
            break;
        }
        assert!(
            began.elapsed() < Duration::from_secs(120),
            "the analysis of Red's turn ends"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}
