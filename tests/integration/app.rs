//! The game's logic plugins run headless (`MinimalPlugins`, no window): entities mirror the
//! game, selection lights the engine's targets, the keyboard moves focus along the right axes,
//! the computer's reply arrives, and games end on mate and on every draw rule.
#![cfg(feature = "app")]

use std::time::{Duration, Instant};

use bevy::prelude::*;
use tesseract_chess::app::{GameView, Intent, OnSquare, PieceModel, Play, Seat, TargetMarker, logic_plugins};
use tesseract_chess::fourfold::rules::{Bitboard, Outcome, PieceKind, Position, Setup, Square};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn app_with(start: Position, seats: [Seat; 2]) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).init_resource::<ButtonInput<KeyCode>>();
    logic_plugins(&mut app);
    app.insert_resource(Play::new(start, seats));
    app.update();
    app
}

fn two_players(start: Position) -> App {
    app_with(start, [Seat::Human, Seat::Human])
}

fn send(app: &mut App, intent: Intent) {
    app.world_mut().write_message(intent);
    app.update();
    app.update();
}

fn play(app: &App) -> &Play {
    app.world().resource::<Play>()
}

/// What the player sees of the game: selection, focus, review.
fn view(app: &App) -> &GameView {
    app.world().resource::<GameView>()
}

/// The pieces the entities show, as (square, piece) sorted.
fn shown_pieces(app: &mut App) -> Vec<(Square, tesseract_chess::fourfold::rules::Piece)> {
    let mut query = app.world_mut().query::<&PieceModel>();
    let mut pieces: Vec<_> = query.iter(app.world()).map(|m| (m.square, m.piece)).collect();
    pieces.sort_by_key(|(s, _)| *s);
    pieces
}

fn expected_pieces(app: &App) -> Vec<(Square, tesseract_chess::fourfold::rules::Piece)> {
    view(app).shown_position(play(app)).placements().collect()
}

#[test]
fn piece_entities_mirror_the_game_through_moves_captures_and_promotions() {
    // White: king a1[0,0], pawn c3[0,0] about to promote, rook a1[0,1]; Black: king d4[1,1], knight b4[0,0].
    let start = Position::from_fen("1n2/2P1/4/K3|4/4/4/4|4/4/4/R3|3k/4/4/4 w 0 1").unwrap();
    let mut app = two_players(start);
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
    let cells = app
        .world_mut()
        .query::<&tesseract_chess::app::Cell>()
        .iter(app.world())
        .count();
    assert_eq!(cells, 64);
    // Promotion by capture: c3 takes b4 and becomes a queen.
    send(&mut app, Intent::Activate(sq("c3@00")));
    send(&mut app, Intent::Activate(sq("b4@00")));
    assert_eq!(play(&app).game.moves().len(), 1);
    let shown = shown_pieces(&mut app);
    assert_eq!(shown, expected_pieces(&app));
    assert!(
        shown
            .iter()
            .any(|(s, p)| *s == sq("b4@00") && p.kind == PieceKind::Queen)
    );
    assert_eq!(shown.len(), 4, "the knight is gone");
    // A quiet move by Black and a rook move along W.
    send(&mut app, Intent::Activate(sq("d4@11")));
    send(&mut app, Intent::Activate(sq("d3@11")));
    send(&mut app, Intent::Activate(sq("a1@01")));
    send(&mut app, Intent::Activate(sq("a1@11")));
    assert_eq!(play(&app).game.moves().len(), 3);
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
    // Every piece entity is placed on its own square.
    let mut query = app.world_mut().query::<(&PieceModel, &OnSquare)>();
    assert!(query.iter(app.world()).all(|(m, on)| m.square == on.square));
}

#[test]
fn selecting_a_piece_lights_exactly_its_legal_targets() {
    let mut app = two_players(Setup::Full.position());
    for from in ["b1@00", "d1@00", "c2@10", "a1@10"] {
        send(&mut app, Intent::ClearSelection);
        send(&mut app, Intent::Activate(sq(from)));
        let position = play(&app).game.position().clone();
        let expected: Bitboard = position.legal_moves_from(sq(from)).iter().map(|m| m.to).collect();
        let mut query = app.world_mut().query::<&TargetMarker>();
        let markers: Vec<TargetMarker> = query.iter(app.world()).copied().collect();
        let lit: Bitboard = markers.iter().map(|m| m.square).collect();
        assert_eq!(lit, expected, "targets of {from}");
        assert_eq!(markers.len() as u32, expected.count());
        assert!(
            markers
                .iter()
                .all(|m| m.capture == position.piece_at(m.square).is_some())
        );
    }
    send(&mut app, Intent::ClearSelection);
    let mut query = app.world_mut().query::<&TargetMarker>();
    assert_eq!(query.iter(app.world()).count(), 0);
}

/// The entity `bevy_picking` would report under the pointer on `square`: its piece if it holds
/// one, else its cell.
fn entity_on(app: &mut App, square: Square) -> Entity {
    let mut pieces = app.world_mut().query::<(Entity, &PieceModel)>();
    let piece = pieces
        .iter(app.world())
        .find(|(_, p)| p.square == square)
        .map(|(e, _)| e);
    let mut cells = app.world_mut().query::<(Entity, &tesseract_chess::app::Cell)>();
    piece.unwrap_or_else(|| cells.iter(app.world()).find(|(_, c)| c.0 == square).unwrap().0)
}

/// A pointer event on `target` as `bevy_picking` sends it: it bubbles from the entity to the
/// window the pointer is in, as a real click does.
fn pointer_event<E: std::fmt::Debug + Clone + Reflect>(app: &mut App, window: Entity, target: Entity, event: E) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerId};
    let location = Location {
        target: NormalizedRenderTarget::Window(bevy::window::WindowRef::Entity(window).normalize(None).unwrap()),
        position: Vec2::new(640.0, 360.0),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, event, target));
    app.update();
    app.update();
}

fn click(app: &mut App, window: Entity, square: Square) {
    use bevy::picking::backend::HitData;
    let target = entity_on(app, square);
    let click = Click {
        button: PointerButton::Primary,
        hit: HitData::new(window, 10.0, None, None),
        duration: Duration::from_millis(90),
        count: 1,
    };
    pointer_event(app, window, target, click);
}

/// The mouse path through picking's events: hovering names the square, a click on a piece selects
/// it (the click's bubbling on to the window must not clear it again), a click on a target moves.
#[test]
fn clicks_through_picking_select_and_move() {
    let mut app = two_players(Setup::Classic.position());
    let window = app.world_mut().spawn(Window::default()).id();
    // Bubbling looks for a parent: in a real app `ChildOf` is known from the first hierarchy.
    app.world_mut().register_component::<ChildOf>();
    let rook = entity_on(&mut app, sq("a1[0,0]"));
    pointer_event(
        &mut app,
        window,
        rook,
        Over {
            hit: bevy::picking::backend::HitData::new(window, 10.0, None, None),
        },
    );
    assert_eq!(
        app.world().resource::<tesseract_chess::app::Hovered>().0,
        Some(sq("a1[0,0]"))
    );

    click(&mut app, window, sq("a1[0,0]"));
    assert_eq!(view(&app).selected, Some(sq("a1[0,0]")));
    assert!(view(&app).targets.iter().any(|m| m.to == sq("a1[0,1]")));

    click(&mut app, window, sq("a1[0,1]"));
    assert_eq!(
        play(&app).game.moves().len(),
        1,
        "the click on the target made the move"
    );
    assert_eq!(view(&app).selected, None);
}

/// A left press and release over no square, the pointer moving `drag` pixels in between.
fn press_on_nothing(app: &mut App, drag: f32) {
    use bevy::input::mouse::AccumulatedMouseMotion;
    app.world_mut().resource_mut::<tesseract_chess::app::Hovered>().0 = None;
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    app.world_mut().resource_mut::<ButtonInput<MouseButton>>().clear();
    app.world_mut().resource_mut::<AccumulatedMouseMotion>().delta = Vec2::new(drag, 0.0);
    app.update();
    app.world_mut().resource_mut::<AccumulatedMouseMotion>().delta = Vec2::ZERO;
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .release(MouseButton::Left);
    app.update();
    app.world_mut().resource_mut::<ButtonInput<MouseButton>>().clear();
    app.update();
}

/// A click on empty space clears the selection; a drag from empty space (an orbit) keeps it.
#[test]
fn a_click_on_nothing_clears_the_selection_and_an_orbit_keeps_it() {
    let mut app = two_players(Setup::Classic.position());
    send(&mut app, Intent::Activate(sq("a1[0,0]")));
    assert_eq!(view(&app).selected, Some(sq("a1[0,0]")));
    press_on_nothing(&mut app, 40.0);
    assert_eq!(
        view(&app).selected,
        Some(sq("a1[0,0]")),
        "an orbit drag cleared the selection"
    );
    press_on_nothing(&mut app, 0.0);
    assert_eq!(view(&app).selected, None, "a click on nothing kept the selection");
}

fn press(app: &mut App, keys: &[KeyCode]) {
    {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &key in keys {
            input.press(key);
        }
    }
    app.update();
    {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &key in keys {
            input.release(key);
        }
        input.clear();
    }
    app.update();
}

#[test]
fn the_keyboard_moves_focus_along_the_axes_and_acts() {
    let mut app = two_players(Setup::Classic.position());
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(
        view(&app).focus,
        Some(sq("a1@00")),
        "the first Tab goes to a1 of the player's first board"
    );
    press(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(view(&app).focus, Some(sq("b1@00")), "→ changes X");
    press(&mut app, &[KeyCode::ArrowUp]);
    assert_eq!(view(&app).focus, Some(sq("b2@00")), "↑ changes Y");
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowRight]);
    assert_eq!(view(&app).focus, Some(sq("b2@10")), "Alt+→ changes Z");
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowUp]);
    assert_eq!(view(&app).focus, Some(sq("b2@11")), "Alt+↑ changes W");
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowUp]);
    assert_eq!(view(&app).focus, Some(sq("b2@11")), "at the edge the focus stays");
    // Back to the rook on a1[0,0], select it with Enter, then Escape clears.
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowDown]);
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowLeft]);
    press(&mut app, &[KeyCode::ArrowDown]);
    press(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(view(&app).focus, Some(sq("a1@00")));
    // The rook on a1[0,0] is hemmed in except along W: Enter selects, Alt+↑ and Space move.
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(view(&app).selected, Some(sq("a1@00")));
    press(&mut app, &[KeyCode::Escape]);
    assert_eq!(view(&app).selected, None);
    press(&mut app, &[KeyCode::Space]);
    assert_eq!(view(&app).selected, Some(sq("a1@00")));
    press(&mut app, &[KeyCode::AltLeft, KeyCode::ArrowUp]);
    press(&mut app, &[KeyCode::Space]);
    assert_eq!(play(&app).game.moves().len(), 1, "Space on a lit square moves");
    assert_eq!(
        play(&app).game.position().piece_at(sq("a1@01")).map(|p| p.kind),
        Some(PieceKind::Rook)
    );
    // Tab after leaving the board returns to the last focused square, then steps on.
    app.world_mut().resource_mut::<GameView>().focus = None;
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(view(&app).focus, Some(sq("a1@01")));
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(view(&app).focus, Some(sq("b1@01")));
    // Alt pressed and released within one frame (quick typing, a slow browser frame) still
    // counts: Alt+↓ changes W, not Y.
    {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for key in [KeyCode::AltLeft, KeyCode::ArrowDown] {
            input.press(key);
        }
        for key in [KeyCode::ArrowDown, KeyCode::AltLeft] {
            input.release(key);
        }
    }
    app.update();
    assert_eq!(view(&app).focus, Some(sq("b1@00")));
}

#[test]
fn the_computer_answers_off_the_frame() {
    let mut app = app_with(Setup::Classic.position(), [Seat::Human, Seat::Computer(0)]);
    send(&mut app, Intent::Activate(sq("a1@00")));
    send(&mut app, Intent::Activate(sq("a1@01")));
    // The beginner may already have answered within those frames; the player's move is first.
    assert_eq!(
        play(&app).game.moves()[0],
        tesseract_chess::fourfold::rules::Move::new(sq("a1@00"), sq("a1@01"))
    );
    let began = Instant::now();
    while play(&app).game.moves().len() < 2 {
        assert!(began.elapsed() < Duration::from_secs(30), "no reply within 30 s");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    app.update();
    assert_eq!(
        play(&app).game.position().side_to_move(),
        tesseract_chess::fourfold::rules::Color::White
    );
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
}

fn outcome_after(fen: &str, from: &str, to: &str) -> Option<Outcome> {
    let mut app = two_players(Position::from_fen(fen).unwrap());
    send(&mut app, Intent::Activate(sq(from)));
    send(&mut app, Intent::Activate(sq(to)));
    assert_eq!(play(&app).game.moves().len(), 1, "{from}-{to} was played");
    // The game is over: nothing can be selected any more.
    let piece_square = play(&app)
        .game
        .position()
        .king_square(play(&app).game.position().side_to_move())
        .unwrap();
    send(&mut app, Intent::Activate(piece_square));
    assert_eq!(view(&app).selected, None);
    play(&app).game.outcome()
}

#[test]
fn the_game_ends_on_mate_and_on_each_draw_rule() {
    assert_eq!(
        outcome_after("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1", "c2@10", "b2@00"),
        Some(Outcome::Checkmate {
            winner: tesseract_chess::fourfold::rules::Color::White
        })
    );
    assert_eq!(
        outcome_after("4/4/4/K3|4/4/4/4|4/4/4/R3|3k/4/4/4 w 99 60", "a1@01", "b1@01"),
        Some(Outcome::HundredPly)
    );
    assert_eq!(
        outcome_after("4/4/4/K3|4/4/4/4|4/4/4/n3|3k/4/4/4 w 0 1", "a1@00", "a1@01"),
        Some(Outcome::BareKings)
    );
    // Stalemate: the queen steps to a3[1,1] and Black's king on a1[0,0] has no move.
    assert_eq!(
        outcome_after("4/4/4/kBK1|4/4/4/4|4/4/4/4|Q3/4/4/4 w 0 1", "a4@11", "a3@11"),
        Some(Outcome::Stalemate)
    );
    // Threefold: knights out and back twice.
    let mut app = two_players(Setup::Classic.position());
    for (from, to) in [
        ("b1@00", "a3@00"),
        ("c4@11", "a4@10"),
        ("a3@00", "b1@00"),
        ("a4@10", "c4@11"),
    ]
    .repeat(2)
    {
        assert_eq!(play(&app).game.outcome(), None);
        send(&mut app, Intent::Activate(sq(from)));
        send(&mut app, Intent::Activate(sq(to)));
    }
    assert_eq!(play(&app).game.moves().len(), 8);
    assert_eq!(play(&app).game.outcome(), Some(Outcome::Threefold));
}

mod rated {
    use super::*;
    use tesseract_chess::app::fourfold::profile::{ProfileStore, plugin as profile_plugin};
    use tesseract_chess::rating::{GameResult, Loaded, Profile};

    /// The game's logic with the profile kept at `profile`, started (the profile loaded).
    pub(super) fn app_with_profile(profile: &std::path::Path) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).init_resource::<ButtonInput<KeyCode>>();
        logic_plugins(&mut app);
        app.insert_resource(ProfileStore::at(profile.to_path_buf()))
            .add_plugins(profile_plugin);
        app.update();
        app
    }

    fn rated_app(start: Position, profile: &std::path::Path) -> App {
        let mut app = app_with_profile(profile);
        // White (the player) against the beginner, rated.
        app.world_mut().write_message(Intent::NewGame {
            start: Box::new(start),
            seats: [Seat::Human, Seat::Computer(0)],
            rated: true,
            clock: None,
        });
        app.update();
        app
    }

    pub(super) fn saved(path: &std::path::Path) -> Profile {
        match Profile::load(&path.to_path_buf()).unwrap() {
            Loaded::Found(p) => p,
            other => panic!("no saved profile: {other:?}"),
        }
    }

    /// White to move mates with the queen: c2[1,0] → b2[0,0].
    fn queen_mates_in_one() -> Position {
        Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1").unwrap()
    }

    fn play_the_queen_mate(app: &mut App) {
        send(app, Intent::Activate(sq("c2@10")));
        send(app, Intent::Activate(sq("b2@00")));
        app.update();
    }

    #[test]
    fn a_game_from_the_full_setup_is_never_rated() {
        let dir = std::env::temp_dir().join(format!("tesseract-rated-full-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("profile.ron");
        assert!(!play(&rated_app(Setup::Full.position(), &path)).rated);
        assert!(play(&rated_app(Setup::Classic.position(), &path)).rated);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A rated game from the classic start in which the player has moved the rook a1@00-a1@01.
    fn rated_game_after_one_move(profile: &std::path::Path) -> App {
        let mut app = rated_app(Setup::Classic.position(), profile);
        send(&mut app, Intent::Activate(sq("a1@00")));
        send(&mut app, Intent::Activate(sq("a1@01")));
        app
    }

    /// Lets the computer answer (it thinks off the frame), so the player is to move again.
    fn wait_for_the_reply(app: &mut App) {
        let began = Instant::now();
        while view(app).human_to_move(play(app)).is_none() {
            assert!(began.elapsed() < Duration::from_secs(60), "the computer answers");
            app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn temp_profile(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tesseract-rated-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("profile.ron")
    }

    #[test]
    fn a_won_rated_game_raises_the_rating_and_is_saved() {
        let path = temp_profile("win");
        let mut app = rated_app(queen_mates_in_one(), &path);
        assert!(play(&app).rated);
        play_the_queen_mate(&mut app);
        let profile = saved(&path);
        assert_eq!(profile.games.len(), 1);
        assert_eq!(profile.games[0].result, GameResult::Win);
        assert!(profile.games[0].rated && profile.rating.rating > 1500.0);
        assert!(profile.games[0].pgn.contains("1-0"));
    }

    #[test]
    fn resigning_asks_first_then_the_computer_wins_and_the_loss_is_saved() {
        use tesseract_chess::app::{End, PendingLeave};
        let path = temp_profile("resign");
        let mut app = rated_game_after_one_move(&path);
        wait_for_the_reply(&mut app);
        assert!(play(&app).can_resign());
        send(&mut app, Intent::Resign);
        assert!(
            app.world().resource::<PendingLeave>().0.is_some(),
            "a confirmation is asked for"
        );
        assert_eq!(play(&app).end(), None, "nothing happens before it");
        send(&mut app, Intent::CancelLeave);
        assert_eq!(play(&app).end(), None);
        send(&mut app, Intent::Resign);
        send(&mut app, Intent::ConfirmLeave);
        assert_eq!(
            play(&app).end(),
            Some(End::Resigned(tesseract_chess::fourfold::rules::Color::White))
        );
        assert!(!play(&app).can_resign(), "once over, no second resignation");
        app.update();
        let profile = saved(&path);
        assert_eq!(profile.games.len(), 1);
        assert_eq!(
            (profile.games[0].result, profile.games[0].reason.as_str()),
            (GameResult::Loss, "resignation")
        );
        assert!(profile.rating.rating < 1500.0, "a rated loss lowers the rating");
        assert!(profile.unfinished.is_none());
    }

    #[test]
    fn a_rated_game_lost_on_time_is_saved_as_a_loss_on_time() {
        use tesseract_chess::app::End;
        use tesseract_chess::app::shell::clocks::TimeControl;
        use tesseract_chess::fourfold::rules::Color;
        let path = temp_profile("time");
        let mut app = app_with_profile(&path);
        app.world_mut().write_message(Intent::NewGame {
            start: Box::new(Setup::Classic.position()),
            seats: [Seat::Human, Seat::Computer(0)],
            rated: true,
            clock: Some(TimeControl::new(1, 0)),
        });
        app.update();
        send(&mut app, Intent::Activate(sq("a1@00")));
        send(&mut app, Intent::Activate(sq("a1@01")));
        wait_for_the_reply(&mut app);
        let clocks = play(&app).clocks.clone().unwrap();
        assert_eq!(clocks.running(), Some(Color::White.index()), "White's clock runs again");
        assert!(
            clocks.left_ms(Color::Black.index()) < 60_000.0,
            "Black's ran while it thought"
        );
        // The player's minute runs out.
        let left = clocks.left_ms(Color::White.index());
        app.world_mut().resource_mut::<Play>().run_clocks(left + 1.0);
        app.update();
        assert!(matches!(
            play(&app).end(),
            Some(End::TimedOut {
                side: Color::White,
                opponent_can_mate: true
            })
        ));
        assert!(view(&app).human_to_move(play(&app)).is_none(), "no move after the flag");
        app.update();
        let profile = saved(&path);
        assert_eq!(
            (profile.games[0].result, profile.games[0].reason.as_str()),
            (GameResult::Loss, "time")
        );
    }

    #[test]
    fn a_tutorial_study_won_against_the_computer_is_not_saved() {
        let path = temp_profile("study");
        let mut app = rated_app(queen_mates_in_one(), &path);
        // What the tutorial does when it opens a scene (an unrated study against the computer).
        {
            let mut play = app.world_mut().resource_mut::<Play>();
            let (start, seats) = (play.game.start().clone(), play.seats);
            let _ = play.restart(start, seats);
            play.study = true;
        }
        play_the_queen_mate(&mut app);
        assert!(play(&app).game.outcome().is_some(), "the mate was played");
        assert!(
            !path.exists(),
            "nothing was saved: {:?}",
            std::fs::read_to_string(&path)
        );
    }

    #[test]
    fn a_rated_game_never_finished_counts_as_a_loss_at_the_next_start() {
        let path = temp_profile("closed-tab");
        let app = rated_game_after_one_move(&path);
        // The tab is closed (or the game crashes): no exit runs, yet the game in progress is saved.
        let left = saved(&path);
        assert!(left.games.is_empty());
        let unfinished = left
            .unfinished
            .expect("the rated game in progress is saved after each move");
        assert!(unfinished.game.pgn.starts_with("[Event") && unfinished.game.pgn.contains("Ra1@00-a1@01"));
        drop(app);
        // The next start settles it.
        let _next = app_with_profile(&path);
        let settled = saved(&path);
        assert_eq!(settled.unfinished, None);
        assert_eq!(settled.games.len(), 1);
        assert_eq!(
            (settled.games[0].result, settled.games[0].reason.as_str()),
            (GameResult::Loss, "abandoned")
        );
        assert!(settled.rating.rating < 1500.0 && settled.games[0].pgn.contains("[Result \"*\"]"));
    }

    #[test]
    fn a_profile_rated_against_old_level_ratings_is_worked_out_again_at_the_start() {
        use tesseract_chess::fourfold::ai::levels;
        use tesseract_chess::rating::{Rating, SavedGame};
        let path = temp_profile("rerate");
        let master_then = Rating {
            rating: 1980.0,
            deviation: 35.0,
            volatility: 0.06,
        };
        let mut old = Profile::default();
        let win = SavedGame {
            finished_at: 1_790_000_000,
            opponent: "master".into(),
            opponent_rating: master_then.rating,
            result: GameResult::Win,
            reason: "checkmate".into(),
            rated: true,
            rating_after: 0.0,
            pgn: tesseract_chess::fourfold::rules::pgn::SAMPLE.into(),
        };
        old.record(win.clone(), master_then);
        old.save(&path).unwrap();
        let app = app_with_profile(&path);
        let master_now = levels::rating_of("master").unwrap();
        assert_ne!(
            master_now.rating, master_then.rating,
            "the test needs a level rated anew"
        );
        let mut expected = Profile::default();
        expected.record(
            SavedGame {
                opponent_rating: master_now.rating,
                ..win
            },
            master_now,
        );
        let store = app.world().resource::<ProfileStore>();
        assert_eq!(
            store.profile, expected,
            "as if the game had been played against the rating now"
        );
        let notice = store.notice.as_deref().expect("the player is told");
        assert!(
            notice.contains("1 rated game") && notice.contains(&format!("{:.0}", old.rating.rating)),
            "{notice}"
        );
        assert_eq!(saved(&path), expected, "and it is saved");
        drop(app);
        let again = app_with_profile(&path);
        assert_eq!(again.world().resource::<ProfileStore>().notice, None, "once");
    }

    #[test]
    fn a_rated_game_has_no_undo() {
        let path = temp_profile("undo");
        let mut app = rated_game_after_one_move(&path);
        wait_for_the_reply(&mut app);
        let before = play(&app).game.moves().len();
        send(&mut app, Intent::Undo);
        assert_eq!(play(&app).game.moves().len(), before, "a rated move was taken back");
        let notice = app
            .world()
            .resource::<tesseract_chess::app::fourfold::state::ShownNotice>();
        assert!(
            notice.current(play(&app)).is_some_and(|n| n.contains("rated")),
            "{notice:?}"
        );
    }

    /// Closing the app in the middle of a rated game records the loss before it exits; an
    /// unrated game is left as it is.
    #[test]
    fn closing_the_app_mid_rated_game_saves_the_loss() {
        let path = temp_profile("exit");
        let mut app = rated_game_after_one_move(&path);
        app.update();
        assert!(saved(&path).games.is_empty(), "nothing recorded while the game goes on");
        app.world_mut().write_message(AppExit::Success);
        app.update();
        let profile = saved(&path);
        assert_eq!(profile.games.len(), 1, "the loss was recorded at exit");
        assert_eq!(profile.games[0].reason, "abandoned");
        assert_eq!(profile.games[0].result, GameResult::Loss);

        let unrated = temp_profile("exit-unrated");
        let mut app = app_with_profile(&unrated);
        send(&mut app, Intent::Activate(sq("a1@00")));
        send(&mut app, Intent::Activate(sq("a1@01")));
        app.world_mut().write_message(AppExit::Success);
        app.update();
        assert!(
            !unrated.exists() || saved(&unrated).games.is_empty(),
            "an unrated game records nothing"
        );
    }

    /// Leaving asks first; cancelling keeps the game; confirming records the loss, even when
    /// an earlier position was under review.
    #[test]
    fn leaving_a_rated_game_asks_first_and_counts_even_from_a_review() {
        let path = temp_profile("review");
        let mut app = rated_game_after_one_move(&path);
        send(&mut app, Intent::Review(Some(0)));
        assert!(view(&app).review.is_some());
        let new_game = || Intent::NewGame {
            start: Box::new(Setup::Classic.position()),
            seats: [Seat::Human, Seat::Computer(0)],
            rated: true,
            clock: None,
        };
        send(&mut app, new_game());
        assert!(
            app.world().resource::<tesseract_chess::app::PendingLeave>().0.is_some(),
            "asked first"
        );
        assert!(
            play(&app).rated && !play(&app).game.moves().is_empty(),
            "nothing left yet"
        );
        send(&mut app, Intent::CancelLeave);
        assert!(app.world().resource::<tesseract_chess::app::PendingLeave>().0.is_none());
        assert!(!play(&app).game.moves().is_empty(), "the game goes on");
        send(&mut app, new_game());
        send(&mut app, Intent::ConfirmLeave);
        let profile = saved(&path);
        assert_eq!(profile.games.len(), 1, "the loss was recorded");
        assert_eq!(profile.games[0].reason, "abandoned");
        assert!(
            play(&app).rated && play(&app).game.moves().len() <= 1,
            "the new rated game began"
        );
    }

    #[test]
    fn leaving_a_rated_game_counts_as_a_loss_and_keeps_the_star() {
        let path = temp_profile("abandon");
        let mut app = rated_game_after_one_move(&path);
        assert!(!play(&app).game.moves().is_empty(), "the player's move was played");
        app.world_mut().write_message(Intent::NewGame {
            start: Box::new(Setup::Classic.position()),
            seats: [Seat::Human, Seat::Human],
            rated: false,
            clock: None,
        });
        app.update();
        send(&mut app, Intent::ConfirmLeave);
        let profile = saved(&path);
        assert_eq!(profile.games.len(), 1);
        assert_eq!(
            (profile.games[0].result, profile.games[0].reason.as_str()),
            (GameResult::Loss, "abandoned")
        );
        assert!(profile.rating.rating < 1500.0);
        assert!(
            profile.games[0].pgn.contains("[Result \"*\"]"),
            "{}",
            profile.games[0].pgn
        );
    }
}

/// A click that starts over a panel (egui owns the pointer) never reaches the board behind it:
/// it neither clears nor changes the selection.
#[test]
fn clicks_over_a_panel_never_reach_the_board() {
    let mut app = two_players(Setup::Classic.position());
    let window = app.world_mut().spawn(Window::default()).id();
    app.world_mut().register_component::<ChildOf>();
    click(&mut app, window, sq("a1[0,0]"));
    assert_eq!(view(&app).selected, Some(sq("a1[0,0]")));
    app.world_mut().resource_mut::<tesseract_chess::app::UiWantsPointer>().0 = true;
    // An empty square and the rook's target, both under the panel: nothing happens.
    click(&mut app, window, sq("c3[1,1]"));
    click(&mut app, window, sq("a1[0,1]"));
    press_on_nothing(&mut app, 0.0);
    assert_eq!(
        view(&app).selected,
        Some(sq("a1[0,0]")),
        "a panel click reached the board"
    );
    assert!(play(&app).game.moves().is_empty());
    app.world_mut().resource_mut::<tesseract_chess::app::UiWantsPointer>().0 = false;
    click(&mut app, window, sq("a1[0,1]"));
    assert_eq!(play(&app).game.moves().len(), 1, "off the panel the click moves");
}

/// Escape clears a selection made with the mouse (no keyboard focus).
#[test]
fn escape_clears_a_mouse_selection() {
    let mut app = two_players(Setup::Classic.position());
    send(&mut app, Intent::Activate(sq("a1[0,0]")));
    assert_eq!((view(&app).selected, view(&app).focus), (Some(sq("a1[0,0]")), None));
    press(&mut app, &[KeyCode::Escape]);
    assert_eq!(view(&app).selected, None);
}

/// The computer keeps one player (hash table, history) for the whole game.
#[test]
fn the_computer_keeps_one_player_per_game() {
    let mut app = app_with(Setup::Classic.position(), [Seat::Computer(0), Seat::Computer(0)]);
    let began = Instant::now();
    while play(&app).game.moves().len() < 4 {
        assert!(began.elapsed() < Duration::from_secs(60), "no moves within 60 s");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    let built = app.world().resource::<tesseract_chess::app::Thinking>().players_built;
    assert_eq!(built, 2, "one player a side, not one a move");
}

/// In an explorer scene a lone pawn's markers show its push and its four capture squares.
#[test]
fn an_explorer_pawn_lights_its_capture_squares() {
    let lone =
        tesseract_chess::fourfold::rules::fen::parse_placement("4/4/4/4|4/4/4/4|4/4/4/4|4/4/1P2/4 w 0 1").unwrap();
    let mut app = two_players(lone);
    app.insert_resource(tesseract_chess::app::ShowWholeReach(true));
    send(&mut app, Intent::Activate(sq("b2@11")));
    let mut markers = app.world_mut().query::<&TargetMarker>();
    let mut lit: Vec<(Square, bool)> = markers.iter(app.world()).map(|m| (m.square, m.capture)).collect();
    lit.sort();
    assert_eq!(lit.len(), 5, "{lit:?}");
    assert_eq!(lit.iter().filter(|(_, capture)| *capture).count(), 4, "{lit:?}");
    assert!(lit.contains(&(sq("b3@11"), false)), "the push");
}

#[test]
fn arrows_off_the_board_and_home_end_review_the_game() {
    let mut app = two_players(Setup::Classic.position());
    send(&mut app, Intent::Activate(sq("a1@00")));
    send(&mut app, Intent::Activate(sq("a1@01")));
    send(&mut app, Intent::Activate(sq("d3@11")));
    send(&mut app, Intent::Activate(sq("d2@11")));
    assert_eq!(play(&app).game.moves().len(), 2);
    press(&mut app, &[KeyCode::ArrowLeft]);
    app.update();
    assert_eq!(view(&app).review, Some(1));
    press(&mut app, &[KeyCode::Home]);
    app.update();
    assert_eq!(view(&app).review, Some(0));
    assert_eq!(
        view(&app).shown_last_move(play(&app)),
        None,
        "the start has no last move"
    );
    press(&mut app, &[KeyCode::ArrowRight]);
    app.update();
    assert_eq!(view(&app).review, Some(1));
    press(&mut app, &[KeyCode::End]);
    app.update();
    assert_eq!(view(&app).review, None);
    // On the board (after Tab) the arrows move the focus instead; Escape leaves the board.
    press(&mut app, &[KeyCode::Tab]);
    press(&mut app, &[KeyCode::ArrowLeft]);
    app.update();
    assert_eq!(view(&app).review, None);
    press(&mut app, &[KeyCode::Escape]);
    assert_eq!(view(&app).focus, None);
    press(&mut app, &[KeyCode::ArrowLeft]);
    app.update();
    assert_eq!(view(&app).review, Some(1));
}

#[test]
fn playing_black_turns_the_camera_round_and_reset_restores_it() {
    use tesseract_chess::app::fourfold::facing::{ResetView, plugin as facing_plugin};
    use tesseract_chess::app::shell::camera::Orbit;
    let mut app = two_players(Setup::Classic.position());
    app.init_resource::<Orbit>().add_plugins(facing_plugin);
    app.update();
    assert_eq!(app.world().resource::<Orbit>().yaw, 0.0);
    send(
        &mut app,
        Intent::NewGame {
            start: Box::new(Setup::Classic.position()),
            seats: [Seat::Computer(0), Seat::Human],
            rated: false,
            clock: None,
        },
    );
    assert_eq!(
        app.world().resource::<Orbit>().yaw,
        std::f32::consts::PI,
        "Black's side faces the camera"
    );
    {
        let mut orbit = app.world_mut().resource_mut::<Orbit>();
        orbit.yaw = 1.0;
        orbit.distance = 30.0;
    }
    app.world_mut().write_message(ResetView);
    app.update();
    let orbit = *app.world().resource::<Orbit>();
    assert_eq!(
        (orbit.yaw, orbit.distance),
        (std::f32::consts::PI, Orbit::default().distance)
    );
}

#[test]
fn the_window_is_asked_to_draw_only_while_something_moves() {
    use bevy::window::RequestRedraw;
    use tesseract_chess::app::fourfold::redraw::plugin as redraw_plugin;
    use tesseract_chess::app::fourfold::tutorial::Tutorial;
    let mut app = app_with(Setup::Classic.position(), [Seat::Human, Seat::Computer(0)]);
    app.init_resource::<Tutorial>().add_plugins(redraw_plugin);
    let requests = |app: &mut App| {
        app.update();
        app.world_mut()
            .resource_mut::<Messages<RequestRedraw>>()
            .drain()
            .count()
    };
    requests(&mut app);
    assert_eq!(requests(&mut app), 0, "an idle board asks for nothing");
    send(&mut app, Intent::Activate(sq("a1@00")));
    send(&mut app, Intent::Activate(sq("a1@01")));
    assert!(
        requests(&mut app) > 0,
        "a travelling piece or the computer thinking asks for frames"
    );
    let began = Instant::now();
    while requests(&mut app) > 0 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the computer answers and all settles"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(play(&app).game.moves().len(), 2, "the reply arrived");
}

#[test]
fn pieces_keep_their_entities_across_moves_and_a_captured_one_sinks_away() {
    use tesseract_chess::app::fourfold::mirror::Captured;
    // White: king a1[0,0], pawn c3[0,0]; Black: king d4[1,1], knight b4[0,0] (taken by c3).
    let start = Position::from_fen("1n2/2P1/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1").unwrap();
    let mut app = two_players(start);
    let entity_of = |app: &mut App, square: &str| {
        let square = sq(square);
        let mut query = app.world_mut().query::<(Entity, &PieceModel)>();
        query
            .iter(app.world())
            .find(|(_, m)| m.square == square)
            .map(|(e, _)| e)
    };
    let king = entity_of(&mut app, "a1@00").expect("the white king");
    send(&mut app, Intent::Activate(sq("c3@00")));
    send(&mut app, Intent::Activate(sq("b4@00")));
    assert_eq!(
        entity_of(&mut app, "a1@00"),
        Some(king),
        "the king did not move: the same entity"
    );
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
    let sinking = |app: &mut App| app.world_mut().query::<&Captured>().iter(app.world()).count();
    assert_eq!(sinking(&mut app), 1, "the knight sinks");
    let began = Instant::now();
    while sinking(&mut app) > 0 {
        assert!(began.elapsed() < Duration::from_secs(5), "and goes");
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
}

/// The puzzle mode in the game: a solved puzzle raises the puzzle rating and is saved, a wrong
/// move is answered by its refutation and lowers it.
mod puzzles {
    use super::rated::{app_with_profile, saved};
    use super::*;
    use tesseract_chess::app::{PuzzleAction, PuzzleMode};
    use tesseract_chess::fourfold::puzzles::{SET, load};

    fn next_puzzle(app: &mut App) {
        app.world_mut().write_message(PuzzleAction::Next);
        app.update();
    }

    #[test]
    fn a_puzzle_is_set_up_judged_answered_and_rated() {
        let dir = std::env::temp_dir().join(format!("tesseract-puzzles-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("profile.ron");
        let mut app = app_with_profile(&path);
        let set = load(SET).unwrap();
        // A new player (1500) gets the puzzle rated nearest 1500; solve it by its line.
        next_puzzle(&mut app);
        assert!(app.world().resource::<PuzzleMode>().is_active());
        let start = play(&app).game.position().clone();
        let puzzle = set
            .iter()
            .find(|p| p.position == start)
            .expect("a puzzle of the set is on the board")
            .clone();
        assert!(play(&app).study && !play(&app).rated);
        for (ply, &mv) in puzzle.line.iter().enumerate().step_by(2) {
            send(&mut app, Intent::Activate(mv.from));
            send(&mut app, Intent::Activate(mv.to));
            app.update();
            // The other side has answered with the line's defence.
            assert_eq!(
                play(&app).game.moves(),
                &puzzle.line[..(ply + 2).min(puzzle.line.len())]
            );
        }
        let solved = saved(&path);
        assert!(solved.puzzle_rating.rating > 1500.0, "{:?}", solved.puzzle_rating);
        assert_eq!(solved.puzzles_tried, [puzzle.position.to_fen()]);
        assert!(solved.games.is_empty(), "a puzzle is not a game");
        let message = app.world().resource::<PuzzleMode>().message.clone().unwrap();
        assert!(message.starts_with("Solved!"), "{message}");
        // Solved, the puzzle's own rating fell, and the message says by how much.
        let moved = solved.puzzle_rating_of(&puzzle.position.to_fen(), puzzle.rating).rating;
        assert!(moved < f64::from(puzzle.rating), "{moved}");
        assert!(
            message.ends_with(&format!("The puzzle's: {} → {moved:.0}.", puzzle.rating)),
            "{message}"
        );

        // The next one is another puzzle; a wrong first move is refuted and costs rating.
        next_puzzle(&mut app);
        let second = play(&app).game.position().clone();
        assert_ne!(second, start);
        let puzzle = set.iter().find(|p| p.position == second).unwrap().clone();
        let wrong = second
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != puzzle.line[0] && !second.is_capture(m))
            .unwrap();
        send(&mut app, Intent::Activate(wrong.from));
        send(&mut app, Intent::Activate(wrong.to));
        app.update();
        let message = app.world().resource::<PuzzleMode>().message.clone().unwrap();
        assert!(message.starts_with("Not "), "{message}");
        let failed = saved(&path);
        assert!(failed.puzzle_rating.rating < solved.puzzle_rating.rating);
        assert_eq!(failed.puzzles_tried.len(), 2);
        // Closing leaves the mode.
        app.world_mut().write_message(PuzzleAction::Close);
        app.update();
        assert!(!app.world().resource::<PuzzleMode>().is_active());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Updates the app until `done` holds (a background search has answered); fails after a minute.
fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let began = Instant::now();
    while !done(app) {
        assert!(began.elapsed() < Duration::from_secs(60), "{what}");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Analysis: the engine's best line for what the board shows, off the frame, and the arrows of
/// its best move; another position shown is searched again.
#[test]
fn analysis_finds_the_mate_on_the_board_and_follows_the_game() {
    use tesseract_chess::app::fourfold::analysis::{Analysis, Arrow};
    // White to move mates with the queen: c2[1,0] → b2[0,0].
    let start = Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1").unwrap();
    let mut app = two_players(start);
    app.world_mut().resource_mut::<Analysis>().enabled = true;
    update_until(&mut app, "the analysis ends", |app| {
        app.world().resource::<Analysis>().best.found.is_some()
    });
    let analysis = app.world().resource::<Analysis>();
    let found = analysis.best.found.as_ref().unwrap();
    assert!(
        found.line.len() == 1 && found.line[0].ends_with('#'),
        "a mate in one: {:?}",
        found.line
    );
    let best = found.result.pv[0];
    let mut after = play(&app).game.position().clone();
    after.make(best);
    assert!(after.in_check() && after.legal_moves().is_empty());
    assert_eq!(analysis.arrows(play(&app), view(&app)), [Arrow::Best(best)]);
    // Another position shown (the game moved on): it is searched again, and its arrows, once
    // there, are of that position (Black's best move first).
    send(&mut app, Intent::Activate(sq("c2@10")));
    send(&mut app, Intent::Activate(sq("c3@10")));
    assert_eq!(play(&app).game.moves().len(), 1);
    let arrows = app.world().resource::<Analysis>().arrows(play(&app), view(&app));
    let legal = |arrow: &Arrow| matches!(arrow, Arrow::Best(mv) if play(&app).game.position().is_legal(*mv));
    assert!(arrows.first().is_none_or(legal), "{arrows:?}");
}

/// The threat: with Black to move in the position above, what White would play if Black passed
/// is the queen's mate.
#[test]
fn the_threat_is_the_opponents_best_move_if_the_player_passed() {
    use tesseract_chess::app::fourfold::analysis::{Analysis, Arrow};
    let start = Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 b 0 1").unwrap();
    let mut app = two_players(start.clone());
    {
        let mut analysis = app.world_mut().resource_mut::<Analysis>();
        analysis.enabled = true;
        analysis.threats = true;
    }
    update_until(&mut app, "the threat is found", |app| {
        app.world().resource::<Analysis>().threat.found.is_some()
    });
    let arrows = app.world().resource::<Analysis>().arrows(play(&app), view(&app));
    let Some(&Arrow::Threat(threat)) = arrows.iter().find(|a| matches!(a, Arrow::Threat(_))) else {
        panic!("no threat arrow: {arrows:?}")
    };
    let mut passed = start;
    passed.make_null();
    passed.make(threat);
    assert!(passed.in_check() && passed.legal_moves().is_empty(), "{threat} mates");
}

/// The engine's review of a finished game marks the move that hung the queen.
#[test]
fn the_engines_review_marks_the_blunder_of_a_finished_game() {
    use tesseract_chess::app::fourfold::engine_review::EngineReview;
    let start = Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1").unwrap();
    let mut app = two_players(start.clone());
    // White puts the queen where the king takes it; the king does, and bare kings draw.
    let hung = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| {
            let mut after = start.clone();
            after.make(mv);
            after
                .legal_moves()
                .iter()
                .any(|&reply| after.piece_at(reply.to).is_some_and(|p| p.kind == PieceKind::Queen))
        })
        .unwrap();
    send(&mut app, Intent::Activate(hung.from));
    send(&mut app, Intent::Activate(hung.to));
    let position = play(&app).game.position().clone();
    let take = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&reply| position.piece_at(reply.to).is_some_and(|p| p.kind == PieceKind::Queen))
        .unwrap();
    send(&mut app, Intent::Activate(take.from));
    send(&mut app, Intent::Activate(take.to));
    assert!(play(&app).end().is_some(), "bare kings end the game");
    app.world_mut()
        .resource_scope(|world, mut review: Mut<EngineReview>| review.start(world.resource::<Play>()));
    let began = Instant::now();
    while app.world().resource::<EngineReview>().of(play(&app)).is_none() {
        assert!(began.elapsed() < Duration::from_secs(60), "the review ends");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let review = app.world().resource::<EngineReview>().of(play(&app)).unwrap();
    assert_eq!((review.mark(0), review.mark(1)), ("??", ""), "{:?}", review.losses);
}

/// A hint: the engine's move for the side to move alone, gone once a move is played.
#[test]
fn a_hint_draws_the_engines_move_until_the_next_move() {
    use tesseract_chess::app::fourfold::analysis::{Analysis, Arrow};
    let mut app = two_players(Setup::Classic.position());
    let generation = play(&app).generation;
    app.world_mut().resource_mut::<Analysis>().hint_for = Some(generation);
    let began = Instant::now();
    let hint = loop {
        let arrows = app.world().resource::<Analysis>().arrows(play(&app), view(&app));
        if !arrows.is_empty() {
            break arrows;
        }
        assert!(began.elapsed() < Duration::from_secs(120), "the hint comes");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    };
    let [Arrow::Best(mv)] = hint[..] else {
        panic!("one arrow, the best move: {hint:?}")
    };
    assert!(play(&app).game.position().is_legal(mv));
    send(&mut app, Intent::Activate(mv.from));
    send(&mut app, Intent::Activate(mv.to));
    assert_eq!(play(&app).game.moves(), [mv]);
    assert!(
        app.world()
            .resource::<Analysis>()
            .arrows(play(&app), view(&app))
            .is_empty()
    );
}

/// The position editor: opened on the game's position, the board follows every change (a click
/// with the piece in hand, a right-click's erase, Delete on the keyboard's square), the FEN4D
/// reader judges it, the computer waits meanwhile, and a game started from it begins there.
#[test]
fn the_editor_sets_up_a_position_and_a_game_starts_from_it() {
    use tesseract_chess::app::Edit;
    use tesseract_chess::fourfold::editor::Brush;
    use tesseract_chess::fourfold::rules::{Color, Piece};
    let mut app = two_players(Setup::Classic.position());
    send(&mut app, Intent::Edit(Edit::Start));
    assert!(view(&app).editing.is_some());
    // The computer takes White, to move: it must wait while the position is set up.
    app.world_mut().resource_mut::<Play>().seats = [Seat::Computer(0), Seat::Human];
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
    send(&mut app, Intent::Edit(Edit::Clear));
    assert!(shown_pieces(&mut app).is_empty());
    let place = |app: &mut App, color: Color, kind: PieceKind, square: &str| {
        send(app, Intent::Edit(Edit::Brush(Brush::Place(Piece::new(color, kind)))));
        send(app, Intent::Activate(sq(square)));
    };
    place(&mut app, Color::White, PieceKind::King, "a1[0,0]");
    let refused = view(&app).editing.as_ref().unwrap().playable().unwrap_err();
    assert!(refused.contains("Black"), "{refused}");
    place(&mut app, Color::Black, PieceKind::King, "d4[1,1]");
    place(&mut app, Color::White, PieceKind::Queen, "b2[0,1]");
    place(&mut app, Color::White, PieceKind::Rook, "c3[1,0]");
    assert_eq!(shown_pieces(&mut app).len(), 4);
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
    send(&mut app, Intent::Edit(Edit::Erase(sq("c3[1,0]"))));
    app.world_mut().resource_mut::<GameView>().focus = Some(sq("b2[0,1]"));
    press(&mut app, &[KeyCode::Delete]);
    assert_eq!(shown_pieces(&mut app).len(), 2);
    send(&mut app, Intent::Edit(Edit::Side(Color::Black)));
    let start = view(&app).editing.as_ref().unwrap().playable().unwrap();
    assert_eq!(start.side_to_move(), Color::Black);
    // Half a second of frames: the computer, White in the game behind, has not moved.
    let began = Instant::now();
    while began.elapsed() < Duration::from_millis(500) {
        app.update();
    }
    assert!(
        play(&app).game.moves().is_empty(),
        "the computer moved while the editor was open"
    );
    send(
        &mut app,
        Intent::NewGame {
            start: Box::new(start.clone()),
            seats: [Seat::Human, Seat::Human],
            rated: false,
            clock: None,
        },
    );
    assert!(view(&app).editing.is_none(), "a new game closes the editor");
    assert_eq!(play(&app).game.position(), &start);
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
}

/// Closing the editor shows the game again, as it was, and the computer takes its turn.
#[test]
fn closing_the_editor_gives_the_board_back_to_the_game() {
    use tesseract_chess::app::Edit;
    let mut app = app_with(Setup::Classic.position(), [Seat::Computer(0), Seat::Human]);
    send(&mut app, Intent::Edit(Edit::Start));
    send(&mut app, Intent::Edit(Edit::Clear));
    assert!(shown_pieces(&mut app).is_empty());
    send(&mut app, Intent::Edit(Edit::Stop));
    assert!(view(&app).editing.is_none());
    let began = Instant::now();
    while play(&app).game.moves().is_empty() {
        assert!(began.elapsed() < Duration::from_secs(30), "no move within 30 s");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    app.update();
    assert_eq!(shown_pieces(&mut app), expected_pieces(&app));
}

/// The analysis' best line, stepped through on the board with `]` and `[`: the pieces show the
/// line's position ply by ply, the arrow is the line's next move from there, the game waits;
/// Escape, or a click on the board, brings the position back.
#[test]
fn the_best_line_is_stepped_through_on_the_board_with_the_keys() {
    use tesseract_chess::app::fourfold::analysis::{Analysis, Arrow};
    // Black to move; White threatens the queen's mate.
    let start = Position::from_fen("4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 b 0 1").unwrap();
    let mut app = two_players(start.clone());
    app.world_mut().resource_mut::<Analysis>().enabled = true;
    update_until(&mut app, "the analysis ends", |app| {
        app.world().resource::<Analysis>().best.found.is_some()
    });
    let pv = app
        .world()
        .resource::<Analysis>()
        .best
        .found
        .as_ref()
        .unwrap()
        .result
        .pv
        .clone();
    assert!(pv.len() >= 2, "a line of two plies at least: {pv:?}");
    let arrows = |app: &App| app.world().resource::<Analysis>().arrows(play(app), view(app));
    assert_eq!(arrows(&app)[..2], [Arrow::Best(pv[0]), Arrow::Answer(pv[1])]);
    // `]`: the first ply of the line on the board; the next arrow is the line's second move.
    press(&mut app, &[KeyCode::BracketRight]);
    let mut after_one = start.clone();
    after_one.make(pv[0]);
    assert_eq!(view(&app).shown_position(play(&app)), after_one);
    assert_eq!(shown_pieces(&mut app), after_one.placements().collect::<Vec<_>>());
    assert_eq!(arrows(&app).first(), Some(&Arrow::Best(pv[1])));
    assert!(play(&app).game.moves().is_empty(), "the game itself waits");
    assert!(view(&app).headline(play(&app)).contains("ply 1 of"));
    press(&mut app, &[KeyCode::BracketRight]);
    assert_eq!(view(&app).line.as_ref().map(|l| l.shown), Some(2));
    // `[` back a ply; Escape back to the position; at the start `[` does nothing.
    press(&mut app, &[KeyCode::BracketLeft]);
    assert_eq!(view(&app).shown_position(play(&app)), after_one);
    press(&mut app, &[KeyCode::Escape]);
    assert_eq!(view(&app).line, None);
    assert_eq!(view(&app).shown_position(play(&app)), start);
    press(&mut app, &[KeyCode::BracketLeft]);
    assert_eq!(view(&app).line, None);
    // A click on the board while stepping brings the position back too.
    press(&mut app, &[KeyCode::BracketRight]);
    assert!(view(&app).line.is_some());
    send(&mut app, Intent::Activate(sq("a1@00")));
    assert_eq!(view(&app).line, None);
    assert_eq!(shown_pieces(&mut app), start.placements().collect::<Vec<_>>());
}
