//! The Bevy game: `shell` is what both games stand on (camera, light, the egui frame, fonts,
//! screenshots, the turn task, the browser's console), `fourfold` the 4D game's plugins and
//! `four_player` four-player chess's; `Mode` says which game is on the screen. Each child
//! module exposes `plugin(app)`. The logic plugins (state, mirrors, keyboard, pointer, turns)
//! run headless in tests; the visual ones (meshes, picking, fonts, camera, overlays, panels)
//! need a window.

pub mod four_player;
pub mod fourfold;
pub mod mode;
pub mod shell;

use bevy::prelude::*;

pub use fourfold::mirror::{Cell, OnSquare, PieceModel, TargetMarker, ViewTarget};
#[cfg(target_arch = "wasm32")]
use fourfold::page;
pub use fourfold::pointer::Hovered;
pub use fourfold::projection::View;
pub use fourfold::puzzles::{PuzzleAction, PuzzleMode};
pub use fourfold::state::{
    Abandoned, Activation, Attempted, Edit, End, GameView, Intent, Leaving, PendingLeave, Play, Seat, ShowWholeReach,
    TutorialGate,
};
pub use fourfold::turns::Thinking;
pub use fourfold::tutorial::{OpenScene, SCENE_TITLES, SCENES, SceneAsset, Tutorial};
use fourfold::{
    analysis, engine_review, facing, framebench, keyboard, mirror, overlays, pointer, profile, puzzles, redraw,
    settings, state, turns, tutorial, ui, visuals,
};
pub use shell::camera::UiWantsPointer;
#[cfg(target_arch = "wasm32")]
use shell::console;
pub use shell::framebench::FrameBench;
pub use shell::screenshot::ScreenshotRequest;
use shell::{camera, egui_frame, fonts, lights, screenshot};

pub use mode::Mode;

use crate::fourfold::rules::{Position, Square};

/// The order of the frame: input becomes intents, intents change the game, the computer takes
/// its turn, then the entities mirror the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    Input,
    Apply,
    Turns,
    Mirror,
}

/// How the game starts.
#[derive(Default)]
pub struct Launch {
    pub screenshot: Option<ScreenshotRequest>,
    /// A position to start from instead of the classic setup.
    pub position: Option<Position>,
    /// A square whose piece starts selected.
    pub select: Option<Square>,
    /// The view to start in (no animation).
    pub view: Option<View>,
    /// Measure frame times instead of playing.
    pub frame_bench: Option<FrameBench>,
    /// A tutorial scene to open (file name without `.ron`).
    pub scene: Option<String>,
    /// Something to tell the player at the start (a bad position in the page's address).
    pub notice: Option<String>,
    /// The computer level (an index into `ai::LEVELS`) to play, instead of the default.
    pub opponent: Option<usize>,
    /// The game to open in (`None`: the one the settings remember, else the 4D game).
    pub mode: Option<Mode>,
    /// Four-player chess: the game to start with instead of the default FFA game.
    pub four_player_game: Option<crate::four_player::Game>,
    /// Four-player chess: the first game's rule set instead of the remembered form's (`?rules=teams`,
    /// `--rules teams`); its seats, setup and clocks are still the form's.
    pub four_player_rules: Option<crate::four_player::RuleKind>,
    /// Four-player chess: a square whose piece starts selected.
    pub four_player_select: Option<crate::four_player::Square>,
    /// Four-player chess: arrows on the board at the start (from, to), as a player draws them.
    pub four_player_arrows: Vec<(crate::four_player::Square, crate::four_player::Square)>,
    /// Four-player chess: an introduction scene to open (`02-points`).
    pub four_player_scene: Option<String>,
    /// Both games open with *Analysis* on (`?analysis=on`).
    pub analysis: bool,
    /// A mate puzzle to open: its place in the set, from 0 (`?puzzle=1` is the first).
    pub puzzle: Option<usize>,
    /// The engine reviews every finished 4D game unasked (`?review=on`).
    pub review: bool,
}

impl Launch {
    /// Opens four-player chess under `kind` (`?rules=teams`, `--rules teams`), refused when the 4D
    /// game was asked for (it has one rule set).
    pub fn set_four_player_rules(&mut self, kind: crate::four_player::RuleKind) -> Result<(), String> {
        if self.mode == Some(Mode::Fourfold) {
            return Err(format!(
                "{} is a four-player rule set, but the 4D game was asked for",
                kind.name()
            ));
        }
        self.mode = Some(Mode::FourPlayer);
        self.four_player_rules = Some(kind);
        Ok(())
    }
}

/// The game's logic without any rendering: what headless tests run under `MinimalPlugins`.
pub fn logic_plugins(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    if !app.world().contains_resource::<State<Mode>>() {
        app.init_state::<Mode>();
    }
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Apply,
            AppSystems::Turns,
            AppSystems::Mirror,
        )
            .chain(),
    )
    .add_plugins((
        state::plugin,
        mirror::plugin,
        keyboard::plugin,
        pointer::plugin,
        turns::plugin,
        puzzles::plugin,
        analysis::plugin,
        engine_review::plugin,
        four_player::logic_plugin,
        // The settings' sections and their writer: idle unless a `SettingsStore` is there.
        shell::settings::plugin,
        settings::plugin,
    ));
}

/// Opens the game window and runs until it is closed (or the screenshot is written).
pub fn run(launch: Launch) -> Result<(), String> {
    let (width, height) = match (&launch.screenshot, &launch.frame_bench) {
        (Some(shot), _) => shot.size,
        (None, Some(bench)) => bench.size,
        (None, None) => (1280, 720),
    };
    let unattended = launch.screenshot.is_some() || launch.frame_bench.is_some();
    let mut app = App::new();
    // Assets (the tutorial scenes, `scenes/*.ron`) are read from the folder that holds `scenes/`.
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Tesseract Chess".into(),
                    resolution: (width, height).into(),
                    // In the browser: the page's canvas, filling its parent (the whole window).
                    canvas: Some("#tesseract-chess".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: tutorial::asset_root().to_string_lossy().into_owned(),
                // No `.meta` files: in the browser each check would be a failed request.
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .insert_resource(ClearColor(Color::srgb(0.09, 0.10, 0.12)));
    // The settings (not for screenshots and benchmarks, which must look the same every time)
    // decide the first game, view and camera unless the command line or the address did.
    let remembered = (!unattended).then(|| shell::settings::SettingsStore::load(crate::settings::default_storage()));
    let remembered_mode = remembered
        .as_ref()
        .and_then(|store| store.settings.game.as_deref())
        .and_then(|name| Mode::from_name(name).ok());
    app.insert_state(launch.mode.or(remembered_mode).unwrap_or_default());
    logic_plugins(&mut app);
    app.add_plugins((
        visuals::plugin,
        shell::plain_material::plugin,
        four_player::visual_plugin,
        egui_frame::plugin,
        lights::plugin,
        fonts::plugin,
        camera::plugin,
        facing::plugin,
        overlays::plugin,
        ui::plugin,
        tutorial::plugin,
    ));
    if !unattended {
        app.add_plugins((profile::plugin, redraw::plugin));
        #[cfg(not(target_arch = "wasm32"))]
        app.add_plugins(shell::reactive::plugin);
    }
    if let Some(store) = remembered {
        let remembered = store.settings.clone();
        if launch.view.is_none() {
            let view = remembered.view.to_view();
            app.insert_resource(view).insert_resource(ViewTarget(view));
        }
        app.insert_resource(remembered.camera.to_orbit())
            .insert_resource(mirror::Motion {
                reduced: remembered.reduced_motion,
            })
            .insert_resource(store);
    }
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(page::plugin);
    // The first game: what the command line or address asked for, else the remembered form.
    let form = app
        .world()
        .get_resource::<shell::settings::SettingsStore>()
        .map(|store| store.settings.new_game.clone());
    let seats = match (unattended, launch.opponent) {
        (true, _) => [Seat::Human, Seat::Human],
        (false, Some(level)) => [Seat::Human, Seat::Computer(level)],
        (false, None) => form.as_ref().map_or(Play::default().seats, |f| f.seats()),
    };
    let start = launch.position.unwrap_or_else(|| {
        form.as_ref()
            .map_or(crate::fourfold::rules::Setup::Classic, |f| f.setup())
            .position()
    });
    let mut play = Play::new(start, seats);
    if !unattended {
        play.set_clocks(
            form.as_ref()
                .and_then(|f| f.clock.as_deref())
                .and_then(|c| shell::clocks::TimeControl::parse(c).ok()),
        );
    }
    app.insert_resource(play);
    if let Some(view) = launch.view {
        app.insert_resource(view).insert_resource(ViewTarget(view));
    }
    // Screenshots and benchmarks: the opening FFA position with nobody thinking.
    let four_player_game = launch.four_player_game.or_else(|| {
        unattended.then(|| {
            crate::four_player::Game::new(
                crate::four_player::Rules::FFA,
                crate::four_player::Setup::Modern.position(),
            )
        })
    });
    if let Some(game) = four_player_game {
        let sitters = if unattended {
            [four_player::table::Sitter::Human; 4]
        } else {
            four_player::table::default_sitters()
        };
        app.insert_resource(four_player::table::Table::new(game, sitters));
    } else if let Some(store) = app.world().get_resource::<shell::settings::SettingsStore>() {
        // The first four-player game as the remembered form sets it, in the rules asked for.
        let table = four_player::settings::first_table(&store.settings.four_player, launch.four_player_rules);
        app.insert_resource(table);
    }
    if !launch.four_player_arrows.is_empty() {
        let arrows = launch.four_player_arrows.clone();
        app.add_systems(Startup, move |mut shown: ResMut<four_player::arrows::Arrows>| {
            for &(from, to) in &arrows {
                shown.toggle(four_player::arrows::Arrow {
                    from,
                    to,
                    colour: four_player::arrows::drawn_arrow_colour(),
                });
            }
        });
    }
    if let Some(square) = launch.four_player_select {
        app.add_systems(
            Startup,
            move |mut intents: MessageWriter<four_player::table::TableIntent>| {
                intents.write(four_player::table::TableIntent::Activate(square));
            },
        );
    }
    if let Some(name) = launch.four_player_scene {
        app.add_systems(
            Startup,
            move |mut intents: MessageWriter<four_player::lesson::LessonIntent>| {
                intents.write(four_player::lesson::LessonIntent::Open(name.clone()));
            },
        );
    }
    if let Some(square) = launch.select {
        app.add_systems(Startup, move |mut intents: MessageWriter<Intent>| {
            intents.write(Intent::Activate(square));
        });
    }
    if let Some(scene) = launch.scene {
        app.add_systems(Startup, move |mut open: MessageWriter<OpenScene>| {
            open.write(OpenScene(scene.clone()));
        });
    }
    if let Some(index) = launch.puzzle {
        // After the set is read (its own Startup system) and the game is set up.
        app.add_systems(
            PostStartup,
            move |mut actions: MessageWriter<fourfold::puzzles::PuzzleAction>| {
                actions.write(fourfold::puzzles::PuzzleAction::Open(index));
            },
        );
    }
    if launch.analysis {
        app.add_systems(
            Startup,
            |mut analysis: ResMut<fourfold::analysis::Analysis>,
             mut cross: ResMut<four_player::analysis::CrossAnalysis>| {
                analysis.enabled = true;
                cross.enabled = true;
            },
        );
    }
    if launch.review {
        app.add_systems(Startup, |mut review: ResMut<fourfold::engine_review::EngineReview>| {
            review.automatic = true;
        });
    }
    if let Some(notice) = launch.notice {
        app.add_systems(Startup, move |mut notices: MessageWriter<fourfold::state::Notice>| {
            notices.write(fourfold::state::Notice(notice.clone()));
        });
    }
    if let Some(bench) = launch.frame_bench {
        app.insert_resource(bench).add_plugins((
            shell::framebench::plugin,
            framebench::plugin,
            four_player::framebench::plugin,
        ));
    }
    if let Some(request) = launch.screenshot {
        app.insert_resource(request).add_plugins(screenshot::plugin);
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with error code {code}")),
    }
}

/// The browser's entry point: the game in the page's canvas.
#[cfg(target_arch = "wasm32")]
pub fn run_in_browser() {
    console::install();
    if let Err(e) = run(page::launch_from_address()) {
        web_sys::console::error_1(&e.into());
    }
}
