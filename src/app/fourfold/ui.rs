//! The panels (bevy_egui): new game, status, the move list with review, undo, FEN4D and PGN4D
//! copy and paste, the view controls, the readout of the hovered move, and the axis gizmo. The
//! 3D view gets the window area the panels leave.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::facing::ResetView;
use super::labels::{ShowBoardNames, draw_labels};
use super::mirror::Motion;
use super::mirror::ViewTarget;
use super::pointer::Hovered;
use super::profile::ProfileStore;
use super::projection::View;
use super::settings::FormSetting;
use super::state::{GameView, Intent, Leaving, PendingLeave, Play, Seat, ShownNotice};
use super::turns::Thinking;
use super::tutorial::{OpenScene, Tutorial};
use crate::app::shell::camera::{FreeArea, MainCamera};
use crate::app::shell::clock_widgets::{clock_text, time_control_choice};
use crate::app::shell::clocks::TimeControl;
use crate::app::shell::egui_frame::{PanelSide, game_switch, side_panels};
use crate::app::shell::settings::SettingsStore;
use crate::fourfold::ai::LEVELS;
use crate::fourfold::rules::lan::format_move;
use crate::fourfold::rules::reach::describe_change;
use crate::fourfold::rules::{Color as Side, Position, Setup, pgn};
use crate::settings::{NewGameSetting, SetupChoice, SideChoice};

/// What the new-game form and the paste boxes hold between frames.
#[derive(Resource)]
struct Form {
    setup: Setup,
    play_as: Side,
    /// A computer level index, or `None` for two players on one machine.
    opponent: Option<usize>,
    fen: String,
    pgn: String,
    error: Option<String>,
    rated: bool,
    /// The time control of the next game (`None`: no clocks).
    clock: Option<TimeControl>,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            setup: Setup::Classic,
            play_as: Side::White,
            opponent: crate::fourfold::ai::levels::index(crate::fourfold::ai::levels::FIRST_GAME_LEVEL).ok(),
            fen: String::new(),
            pgn: String::new(),
            error: None,
            rated: false,
            clock: None,
        }
    }
}

/// The New game form starts as the game that opened (`--level`, `?level=`, a side to play): the
/// next new game is then the same kind unless the player changes it.
fn form_follows_the_first_game(play: Res<Play>, mut form: ResMut<Form>) {
    match play.seats {
        [Seat::Human, Seat::Computer(level)] => {
            form.play_as = Side::White;
            form.opponent = Some(level);
        }
        [Seat::Computer(level), Seat::Human] => {
            form.play_as = Side::Black;
            form.opponent = Some(level);
        }
        [Seat::Human, Seat::Human] => form.opponent = None,
        // Computer against computer: not a choice the form offers; keep its defaults.
        [Seat::Computer(_), Seat::Computer(_)] => {}
    }
}

/// The form starts as the settings left it.
fn form_from_settings(store: Option<Res<SettingsStore>>, mut form: ResMut<Form>) {
    if let Some(store) = store {
        let setting = &store.settings.new_game;
        form.setup = setting.setup();
        form.play_as = setting.side();
        form.opponent = setting.level();
        form.rated = setting.rated && form.opponent.is_some();
        form.clock = setting.clock.as_deref().and_then(|c| TimeControl::parse(c).ok());
    }
}

/// The settings keep what the form holds.
fn form_into_settings(form: Res<Form>, mut setting: ResMut<FormSetting>) {
    let now = FormSetting(NewGameSetting {
        setup: match form.setup {
            Setup::Classic => SetupChoice::Classic,
            Setup::Full => SetupChoice::Full,
        },
        play_as: match form.play_as {
            Side::White => SideChoice::White,
            Side::Black => SideChoice::Black,
        },
        opponent: form.opponent.map(|l| LEVELS[l].name.to_string()),
        rated: form.rated,
        clock: form.clock.map(|c| format!("{}+{}", c.minutes, c.increment_seconds)),
    });
    setting.set_if_neq(now);
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Form>()
        .init_resource::<FormSetting>()
        .add_systems(PostStartup, (form_from_settings, form_follows_the_first_game).chain())
        .add_systems(Update, form_into_settings.run_if(resource_changed::<Form>))
        .init_resource::<ShowBoardNames>()
        .add_systems(
            EguiPrimaryContextPass,
            (panels, axis_gizmo, super::eval_bar::evaluation_bar, draw_labels)
                .chain()
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
}

/// The rest of what the panels read and write (a system takes at most 16 parameters).
#[derive(bevy::ecs::system::SystemParam)]
struct PanelExtras<'w> {
    profile: Option<Res<'w, ProfileStore>>,
    resets: MessageWriter<'w, ResetView>,
    settings: Option<Res<'w, SettingsStore>>,
    motion: ResMut<'w, Motion>,
    names: ResMut<'w, ShowBoardNames>,
    notice: Res<'w, ShownNotice>,
    mode: ResMut<'w, NextState<crate::app::Mode>>,
    puzzles: Res<'w, super::puzzles::PuzzleMode>,
    analysis: ResMut<'w, super::analysis::Analysis>,
    review: ResMut<'w, super::engine_review::EngineReview>,
    puzzle_actions: MessageWriter<'w, super::puzzles::PuzzleAction>,
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    play: Res<Play>,
    shown: Res<GameView>,
    thinking: Res<Thinking>,
    view: Res<View>,
    mut target: ResMut<ViewTarget>,
    hovered: Res<Hovered>,
    mut form: ResMut<Form>,
    mut intents: MessageWriter<Intent>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut free: ResMut<FreeArea>,
    (mut tutorial, mut open_scene, pending): (ResMut<Tutorial>, MessageWriter<OpenScene>, Res<PendingLeave>),
    more: PanelExtras,
) -> Result {
    let PanelExtras {
        profile,
        mut resets,
        settings,
        mut motion,
        mut names,
        notice,
        mut mode,
        puzzles,
        mut analysis,
        mut review,
        mut puzzle_actions,
    } = more;
    let ctx = contexts.ctx_mut()?.clone();
    let last_scene = settings.as_ref().and_then(|s| s.settings.tutorial_scene.as_deref());
    side_panels(&ctx, &window, ["game", "view"], &mut free, |side, ui| match side {
        PanelSide::Left => {
            ui.heading("Tesseract Chess");
            game_switch(ui, crate::app::Mode::Fourfold, &mut mode);
            let newcomer = profile.as_ref().is_none_or(|p| p.profile.games.is_empty());
            if newcomer && tutorial.scene.is_none() && play.game.moves().is_empty() {
                invitation(ui, &mut open_scene);
            }
            status(
                ui,
                &play,
                &shown,
                &thinking,
                study_solved(&tutorial, &play),
                notice.current(&play),
            );
            if let Some(problem) = settings.as_ref().and_then(|s| s.problem.as_ref()) {
                ui.colored_label(egui::Color32::from_rgb(230, 120, 60), problem);
            }
            ui.separator();
            new_game(ui, &mut form, &mut intents);
            ui.separator();
            moves(ui, &play, &shown, &mut intents, &mut review, &mut analysis);
            ui.separator();
            records(ui, &play, &shown, &mut form, &mut intents);
            if let Some(profile) = &profile {
                ui.separator();
                super::profile::section(ui, profile, &mut intents);
            }
        }
        PanelSide::Right => {
            // The editor, an open scene or a puzzle comes first: it is what the player is doing.
            if shown.editing.is_some() {
                let next = super::editor::NextGame {
                    opponent: form.opponent,
                    clock: form.clock,
                };
                super::editor::section(ui, &shown, next, &mut analysis, &mut intents);
                ui.separator();
            }
            let in_scene = tutorial.scene.is_some();
            if in_scene {
                super::tutorial::section(ui, &mut tutorial, &play, &shown, &mut open_scene, last_scene);
                ui.separator();
            }
            let solving = puzzles.is_active();
            if solving {
                super::puzzles::section(ui, &puzzles, profile.as_deref(), &play, &mut puzzle_actions);
                ui.separator();
            }
            view_controls(ui, &view, &mut target, &mut resets);
            let mut show = names.0;
            if ui.checkbox(&mut show, "Board names in the tesseract").changed() {
                names.0 = show;
            }
            let mut reduced = motion.reduced;
            if ui
                .checkbox(&mut reduced, "Reduce motion (no travelling pieces or animated turns)")
                .changed()
            {
                motion.reduced = reduced;
            }
            ui.separator();
            super::analysis::section(ui, &mut analysis, &play, &shown, &mut intents);
            ui.separator();
            readout(ui, &play, &shown, &hovered);
            if !in_scene {
                ui.separator();
                super::tutorial::section(ui, &mut tutorial, &play, &shown, &mut open_scene, last_scene);
            }
            if !solving {
                ui.separator();
                super::puzzles::section(ui, &puzzles, profile.as_deref(), &play, &mut puzzle_actions);
            }
        }
    });
    if let Some(leaving) = &pending.0 {
        confirm_leaving(&ctx, leaving, play.rated, &mut intents);
    }
    if let (Some(square), Some(pointer)) = (hovered.0, ctx.pointer_hover_pos()) {
        egui::Area::new(egui::Id::new("hovered square"))
            .fixed_pos(pointer + egui::vec2(16.0, 12.0))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(&ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(square.to_string()).monospace());
                });
            });
    }
    Ok(())
}

/// The first minute: a player with no games yet is offered the tutorial before anything else.
fn invitation(ui: &mut egui::Ui, open: &mut MessageWriter<OpenScene>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label("New to chess in four dimensions? Four short steps show how every piece moves.");
        if ui.button("Start the tutorial ▶").clicked() {
            open.write(OpenScene(super::tutorial::FIRST_SCENE.into()));
        }
    });
}

/// A solved study whose other side has no reply to play: the board waits for the next scene,
/// not for "Black (you)".
fn study_solved(tutorial: &Tutorial, play: &Play) -> bool {
    tutorial.scene.as_ref().is_some_and(|scene| {
        tutorial.completed
            && !scene.scene.explorer
            && play.game.position().side_to_move() != scene.player
            && play.seats[scene.player.opponent().index()] == Seat::Human
    })
}

fn status(ui: &mut egui::Ui, play: &Play, shown: &GameView, thinking: &Thinking, solved: bool, notice: Option<&str>) {
    let position = shown.shown_position(play);
    let headline = match (shown.review, play.end()) {
        (Some(_), _) => egui::RichText::new(shown.headline(play)),
        (None, Some(_)) => egui::RichText::new(shown.headline(play)).strong(),
        (None, None) if solved => egui::RichText::new("Solved: go on to the next scene").strong(),
        (None, None) => egui::RichText::new(shown.headline(play)),
    };
    ui.add(egui::Label::new(headline).truncate());
    let live = shown.is_live(play);
    // Check and the computer's thinking share one line that is always there.
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        if live && position.in_check() {
            ui.label(
                egui::RichText::new("Check!")
                    .color(egui::Color32::from_rgb(230, 80, 60))
                    .strong(),
            );
        }
        if thinking.is_thinking() {
            ui.spinner();
            ui.label("The computer is thinking…");
        }
    });
    if let Some(clocks) = &play.clocks {
        ui.horizontal(|ui| {
            for side in [Side::White, Side::Black] {
                ui.label(side.name());
                ui.label(clock_text(clocks, side.index()));
            }
        });
    }
    // Fixed for the whole game: shown only in rated games.
    if play.rated {
        ui.label(
            egui::RichText::new("Rated game: no undo; leaving it counts as a loss")
                .color(egui::Color32::from_rgb(240, 200, 90)),
        );
    }
    let notice = notice.map(|n| egui::RichText::new(n).color(egui::Color32::from_rgb(230, 120, 60)));
    let response = ui.add(egui::Label::new(notice.clone().unwrap_or_else(|| " ".into())).truncate());
    if let Some(notice) = notice {
        response.on_hover_text(notice);
    }
}

/// Asks before resigning, and before leaving a rated game in progress (leaving it is a loss).
fn confirm_leaving(ctx: &egui::Context, leaving: &Leaving, rated: bool, intents: &mut MessageWriter<Intent>) {
    let (heading, text, confirm) = match leaving {
        Leaving::Resign => (
            "Resign this game?",
            if rated {
                "The computer wins, and the game counts as a loss for your rating.".to_string()
            } else {
                "The computer wins the game.".to_string()
            },
            "Resign",
        ),
        other => {
            let what = match other {
                Leaving::Game(Intent::LoadGame(_)) => "Importing a game",
                Leaving::Scene(_) => "Opening the tutorial",
                _ => "Starting a new game",
            };
            (
                "Leave the rated game?",
                format!("{what} ends the rated game in progress, and it counts as a loss for your rating."),
                "Leave it (a loss)",
            )
        }
    };
    egui::Modal::new(egui::Id::new("leave rated game")).show(ctx, |ui| {
        ui.heading(heading);
        ui.label(text);
        ui.horizontal(|ui| {
            if ui.button("Keep playing").clicked() {
                intents.write(Intent::CancelLeave);
            }
            if ui.button(confirm).clicked() {
                intents.write(Intent::ConfirmLeave);
            }
        });
    });
}

/// What the New game form says under the full setup.
pub const FULL_SETUP_WARNING: &str = "From the full setup White mates by force in six moves, every move a check \
     (the checkmate study \"The full setup is a forced win\" plays it). Games from it are never rated.";

fn new_game(ui: &mut egui::Ui, form: &mut Form, intents: &mut MessageWriter<Intent>) {
    ui.label(egui::RichText::new("New game").strong());
    ui.horizontal(|ui| {
        ui.selectable_value(&mut form.setup, Setup::Classic, "Classic (10 a side)");
        ui.selectable_value(&mut form.setup, Setup::Full, "Full (16)");
    });
    if form.setup == Setup::Full {
        ui.label(
            egui::RichText::new(FULL_SETUP_WARNING)
                .small()
                .color(ui.visuals().warn_fg_color),
        );
    }
    ui.horizontal(|ui| {
        ui.label("Play");
        ui.selectable_value(&mut form.play_as, Side::White, "White");
        ui.selectable_value(&mut form.play_as, Side::Black, "Black");
    });
    let chosen = form.opponent.map_or("Two players on this machine".to_string(), |l| {
        format!("Computer: {}", LEVELS[l].name)
    });
    egui::ComboBox::from_label("Opponent")
        .selected_text(chosen)
        .show_ui(ui, |ui| {
            for (i, level) in LEVELS.iter().enumerate() {
                ui.selectable_value(
                    &mut form.opponent,
                    Some(i),
                    format!("{} — {}", level.name, level.description),
                );
            }
            ui.selectable_value(&mut form.opponent, None, "Two players on this machine");
        });
    if form.opponent.is_some() {
        ui.add_enabled(
            form.setup.may_be_rated(),
            egui::Checkbox::new(
                &mut form.rated,
                "Rated (counts for your rating; leaving it unfinished is a loss)",
            ),
        )
        .on_disabled_hover_text("Rated games start from the classic setup: the full one is a forced win for White.");
    }
    ui.horizontal(|ui| time_control_choice(ui, "4d time", &mut form.clock));
    if ui.button("Start a new game").clicked() {
        form.error = None;
        let computer = form.opponent.map_or(Seat::Human, Seat::Computer);
        let seats = if form.play_as == Side::White {
            [Seat::Human, computer]
        } else {
            [computer, Seat::Human]
        };
        intents.write(Intent::NewGame {
            start: Box::new(form.setup.position()),
            seats,
            rated: form.rated && form.setup.may_be_rated(),
            clock: form.clock,
        });
    }
}

fn moves(
    ui: &mut egui::Ui,
    play: &Play,
    shown: &GameView,
    intents: &mut MessageWriter<Intent>,
    review: &mut super::engine_review::EngineReview,
    analysis: &mut super::analysis::Analysis,
) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Moves").strong());
        let undo = ui
            .add_enabled(!play.rated, egui::Button::new("Undo"))
            .on_disabled_hover_text("Moves cannot be taken back in a rated game");
        if undo.clicked() {
            intents.write(Intent::Undo);
        }
        if super::analysis::Analysis::hint_allowed(play, shown)
            && shown.human_to_move(play).is_some()
            && !analysis.enabled
            && ui
                .button("Hint")
                .on_hover_text("The engine's move for the side to move, drawn on the board")
                .clicked()
        {
            analysis.hint_for = Some(play.generation);
        }
        if shown.review.is_some() && ui.button("Back to the game").clicked() {
            intents.write(Intent::Review(None));
        }
        if play.can_resign() && ui.button("Resign").clicked() {
            intents.write(Intent::Resign);
        }
    });
    let mut pos = play.game.start().clone();
    let texts: Vec<(u32, bool, String)> = play
        .game
        .moves()
        .iter()
        .map(|&mv| {
            let entry = (
                pos.fullmove_number(),
                pos.side_to_move() == Side::White,
                format_move(&pos, mv),
            );
            pos.make(mv);
            entry
        })
        .collect();
    // The engine's marks, once it has reviewed the finished game.
    let marks: Vec<&str> = (0..texts.len())
        .map(|ply| review.of(play).map_or("", |r| r.mark(ply)))
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("move list")
        .max_height(180.0)
        .show(ui, |ui| {
            egui::Grid::new("moves").num_columns(3).show(ui, |ui| {
                for (ply, (number, white, text)) in texts.iter().enumerate() {
                    if *white || ply == 0 {
                        ui.label(format!("{number}.{}", if *white { "" } else { ".." }));
                    }
                    if !*white && ply == 0 {
                        ui.label("");
                    }
                    // The move whose position is on display: the reviewed one, else the last.
                    let on_display = shown.review.unwrap_or(texts.len()) == ply + 1;
                    if ui
                        .selectable_label(on_display, format!("{text}{}", marks[ply]))
                        .clicked()
                    {
                        intents.write(Intent::Review(Some(ply + 1)));
                    }
                    if !*white {
                        ui.end_row();
                    }
                }
            });
        });
    let plain: Vec<String> = texts.into_iter().map(|(_, _, text)| text).collect();
    super::engine_review::section(ui, review, play, &plain);
}

fn records(ui: &mut egui::Ui, play: &Play, shown: &GameView, form: &mut Form, intents: &mut MessageWriter<Intent>) {
    ui.label(egui::RichText::new("FEN4D and PGN4D").strong());
    ui.horizontal(|ui| {
        if ui.button("Copy FEN4D").clicked() {
            ui.ctx().copy_text(shown.shown_position(play).to_fen());
        }
        if ui.button("Copy PGN4D").clicked() {
            ui.ctx()
                .copy_text(pgn::export(&play.game, &[("Site", "Tesseract Chess")]));
        }
    });
    super::editor::open_button(ui, play, shown, intents);
    ui.add(
        egui::TextEdit::singleline(&mut form.fen)
            .hint_text("paste a FEN4D")
            .desired_width(f32::INFINITY),
    );
    if ui.button("Set up this position").clicked() {
        match Position::from_fen(form.fen.trim()) {
            Ok(start) => {
                form.error = None;
                intents.write(Intent::NewGame {
                    start: Box::new(start),
                    seats: play.seats,
                    rated: false,
                    clock: form.clock,
                });
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }
    ui.add(
        egui::TextEdit::multiline(&mut form.pgn)
            .hint_text("paste a PGN4D record")
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    );
    if ui.button("Import the game").clicked() {
        match pgn::import(&form.pgn) {
            Ok(record) => {
                form.error = None;
                intents.write(Intent::LoadGame(Box::new(record.game)));
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }
    if let Some(error) = &form.error {
        ui.colored_label(egui::Color32::from_rgb(230, 90, 70), error);
    }
}

fn view_controls(ui: &mut egui::Ui, view: &View, target: &mut ViewTarget, resets: &mut MessageWriter<ResetView>) {
    ui.label(egui::RichText::new("View").strong());
    ui.horizontal(|ui| {
        if ui.button("Flat boards").clicked() {
            target.0.morph = 0.0;
        }
        if ui.button("Tesseract").clicked() {
            target.0.morph = 1.0;
        }
    });
    let mut morph = target.0.morph;
    if ui
        .add(egui::Slider::new(&mut morph, 0.0..=1.0).text("flat ↔ tesseract"))
        .changed()
    {
        target.0.morph = morph;
    }
    ui.label("Turn the tesseract in 4D:");
    for (i, plane) in ["XW", "YW", "ZW"].iter().enumerate() {
        ui.horizontal(|ui| {
            if ui.button("−90°").clicked() {
                target.0.angles[i] -= std::f32::consts::FRAC_PI_2;
            }
            let mut degrees = target.0.angles[i].to_degrees();
            if ui
                .add(egui::Slider::new(&mut degrees, -360.0..=360.0).text(*plane).suffix("°"))
                .changed()
            {
                target.0.angles[i] = degrees.to_radians();
            }
            if ui.button("+90°").clicked() {
                target.0.angles[i] += std::f32::consts::FRAC_PI_2;
            }
        });
    }
    if ui.button("Reset the view").clicked() {
        resets.write(ResetView);
    }
    ui.small(format!(
        "now: morph {:.2}, XW {:.0}°, YW {:.0}°, ZW {:.0}°",
        view.morph,
        view.angles[0].to_degrees(),
        view.angles[1].to_degrees(),
        view.angles[2].to_degrees()
    ));
    ui.small(
        "Keys: Tab to the board, arrows (Alt: across boards), Enter to move, Esc to leave; off the board ← → Home End review the game; [ ] step the analysis' line. F flat/tesseract, 1 2 3 turn XW YW ZW by 90° (Shift: back), 0 reset; right-drag orbits, wheel zooms.",
    );
}

fn readout(ui: &mut egui::Ui, play: &Play, shown: &GameView, hovered: &Hovered) {
    ui.label(egui::RichText::new("Readout").strong());
    let square = hovered.0.or(shown.focus);
    match square {
        Some(square) => {
            let (what, target) = shown.square_readout(play, square);
            ui.label(what);
            if let Some(target) = target {
                ui.label(target);
            }
        }
        None => {
            ui.label("Point at a square to name it.");
        }
    }
    if let Some(last) = shown.shown_last_move(play) {
        ui.small(format!("Last move {}", describe_change(last)));
    }
}

/// Where X, Y, Z and W point now, drawn in the corner of the 3D view.
fn axis_gizmo(
    mut contexts: EguiContexts,
    view: Res<View>,
    free: Res<FreeArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<&GlobalTransform, With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some([x, y, w, h]) = free.0 else { return Ok(()) };
    let scale = window.scale_factor();
    let centre = egui::pos2((x + w) as f32 / scale - 70.0, (y + h) as f32 / scale - 70.0);
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::new("axes")));
    let rotation = camera.compute_transform().rotation.inverse();
    let origin = [0.0f32; 4];
    let (o, _) = super::projection::place_4d(origin, Vec3::ZERO, &view);
    let colours = [
        egui::Color32::from_rgb(230, 90, 80),
        egui::Color32::from_rgb(110, 200, 110),
        egui::Color32::from_rgb(100, 150, 240),
        egui::Color32::from_rgb(240, 190, 70),
    ];
    for (axis, name) in ["X", "Y", "Z", "W"].iter().enumerate() {
        let mut p = origin;
        p[axis] = 0.5;
        let flat_step = match axis {
            0 => Vec3::X * 0.5,
            1 => Vec3::NEG_Z * 0.5,
            2 => Vec3::X * 2.5,
            _ => Vec3::NEG_Z * 2.5,
        };
        let (tip, _) = super::projection::place_4d(p, flat_step, &view);
        let direction = rotation * (tip - o);
        let screen = egui::vec2(direction.x, -direction.y);
        let length = screen.length().max(1e-3);
        let end = centre + screen / length * (10.0 + 45.0 * (length / 2.5).min(1.0));
        painter.line_segment([centre, end], egui::Stroke::new(3.0, colours[axis]));
        painter.text(
            end,
            egui::Align2::CENTER_CENTER,
            *name,
            egui::FontId::proportional(16.0),
            colours[axis],
        );
    }
    Ok(())
}
