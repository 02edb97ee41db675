//! The four-player panels (egui): the game switch, whose turn and what just happened, the four
//! seats with their points and state, resign / claim / undo / hint, the new-game form (rule set,
//! setup, who sits where), the move list a round a line with review, FEN4 and PGN4 in and out,
//! the view options and the readout of the square under the pointer or the keyboard's focus.
//! Also the file letters and rank numbers along the cross's edges.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::input::CrossHovered;
use super::lesson::{CrossLesson, LessonIntent};
use super::looks::{frozen_colour, seat_colour};
use super::mirror::cell_centre;
use super::table::{ShownTableNotice, Sitter, Table, TableIntent};
use super::turns::{CrossThinking, Pace};
use super::view::CrossView;
use crate::app::Mode;
use crate::app::shell::camera::{FreeArea, MainCamera};
use crate::app::shell::clock_widgets::{clock_text, time_control_choice};
use crate::app::shell::clocks::TimeControl;
use crate::app::shell::egui_frame::{PanelSide, game_switch, side_panels};
use crate::app::shell::motion::Motion;
use crate::four_player::ai::LEVELS;
use crate::four_player::play::Reason;
use crate::four_player::{Game, PieceKind, Position, RuleKind, Rules, Seat, Setup, Square, pgn4};

/// What the new-game form and the paste boxes hold between frames.
#[derive(Resource)]
pub struct CrossForm {
    pub kind: RuleKind,
    pub setup: Setup,
    pub sitters: [Sitter; 4],
    fen: String,
    pgn: String,
    error: Option<String>,
    /// The resign confirmation is open.
    confirm_resign: bool,
    /// The time control of the next game (`None`: no clocks).
    pub clock: Option<TimeControl>,
}

impl Default for CrossForm {
    fn default() -> Self {
        CrossForm {
            kind: RuleKind::Ffa,
            setup: Setup::Modern,
            sitters: super::table::default_sitters(),
            fen: String::new(),
            pgn: String::new(),
            error: None,
            confirm_resign: false,
            clock: None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (panels, edge_labels).chain().run_if(in_state(Mode::FourPlayer)),
        )
        .add_systems(Update, form_follows_the_table.run_if(in_state(Mode::FourPlayer)));
}

/// The New game form starts as the game on the table (a `--rules` or an imported record): the
/// next game is then the same kind unless the player changes it.
fn form_follows_the_table(table: Res<Table>, mut form: ResMut<CrossForm>, mut seen: Local<Option<u64>>) {
    if *seen != Some(table.game_number) {
        *seen = Some(table.game_number);
        form.kind = table.game.rules.kind;
    }
}

const WARN: egui::Color32 = egui::Color32::from_rgb(230, 120, 60);

fn egui_colour(colour: Color) -> egui::Color32 {
    let c = colour.to_srgba();
    egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8)
}

/// The rest of what the panels read and write (a system takes at most 16 parameters).
#[derive(bevy::ecs::system::SystemParam)]
struct PanelExtras<'w> {
    pace: ResMut<'w, Pace>,
    motion: ResMut<'w, Motion>,
    view: ResMut<'w, CrossView>,
    notice: Res<'w, ShownTableNotice>,
    mode: ResMut<'w, NextState<Mode>>,
    lesson: Res<'w, CrossLesson>,
    lesson_intents: MessageWriter<'w, LessonIntent>,
    analysis: ResMut<'w, super::analysis::CrossAnalysis>,
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    table: Res<Table>,
    mut thinking: ResMut<CrossThinking>,
    hovered: Res<CrossHovered>,
    mut form: ResMut<CrossForm>,
    mut intents: MessageWriter<TableIntent>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut free: ResMut<FreeArea>,
    more: PanelExtras,
) -> Result {
    let PanelExtras {
        mut pace,
        mut motion,
        mut view,
        notice,
        mut mode,
        lesson,
        mut lesson_intents,
        mut analysis,
    } = more;
    let ctx = contexts.ctx_mut()?.clone();
    side_panels(
        &ctx,
        &window,
        ["four-player game", "four-player view"],
        &mut free,
        |side, ui| match side {
            PanelSide::Left => {
                ui.heading("Tesseract Chess");
                game_switch(ui, Mode::FourPlayer, &mut mode);
                status(ui, &table, &thinking, notice.current(&table));
                super::lesson::panel(ui, &lesson, &mut lesson_intents);
                ui.separator();
                actions(ui, &table, &mut thinking, &mut form, &mut intents);
                super::analysis::section(ui, &mut analysis, &table);
                ui.separator();
                seats(ui, &table);
                ui.separator();
                new_game(ui, &mut form, &mut intents);
                ui.separator();
                move_list(ui, &table, &mut intents);
                ui.separator();
                records(ui, &table, &mut form, &mut intents);
            }
            PanelSide::Right => view_panel(ui, &table, &hovered, &mut view, &mut motion, &mut pace),
        },
    );
    if let Some(choices) = &table.promotion {
        promotion_choice(&ctx, choices, &mut intents);
    }
    if form.confirm_resign {
        confirm_resign(&ctx, &table, &mut form, &mut intents);
    }
    Ok(())
}

/// The right panel: the view options, the square readout and the keys.
fn view_panel(
    ui: &mut egui::Ui,
    table: &Table,
    hovered: &CrossHovered,
    view: &mut CrossView,
    // Not `&mut Motion`: borrowing it mutably would mark the setting changed every frame.
    motion: &mut ResMut<Motion>,
    pace: &mut Pace,
) {
    ui.label(egui::RichText::new("View").strong());
    ui.checkbox(&mut view.follow_turn, "Turn to the player to move")
        .on_hover_text("With several players on this machine, the board turns to whoever moves");
    ui.checkbox(&mut view.top_down, "Flat top-down view");
    if ui.button("Reset the view").clicked() {
        view.reset = true;
    }
    let mut reduced = motion.reduced;
    if ui
        .checkbox(&mut reduced, "Reduce motion (no travelling pieces)")
        .changed()
    {
        motion.reduced = reduced;
    }
    let mut paced = pace.pause_seconds > 0.0;
    if ui.checkbox(&mut paced, "Pause between the computers' moves").changed() {
        pace.pause_seconds = if paced { Pace::default().pause_seconds } else { 0.0 };
    }
    ui.separator();
    ui.label(egui::RichText::new("Square").strong());
    let square = hovered.0.or(table.focus);
    ui.label(
        square.map_or("Point at a square, or Tab to the board".to_string(), |s| {
            table.square_readout(s)
        }),
    );
    ui.separator();
    ui.label(egui::RichText::new("Keys").strong());
    let mut keys = "Tab: to the board · arrows: move the focus · Enter or Space: select or move · Esc: clear · ← →: review · right-drag: arrow".to_string();
    if table.game.rules.kind != RuleKind::Ffa {
        keys.push_str(" · P: your partner's plan");
    }
    ui.small(keys);
}

fn status(ui: &mut egui::Ui, table: &Table, thinking: &CrossThinking, notice: Option<&str>) {
    let headline = egui::RichText::new(table.headline());
    let headline = if table.game.outcome().is_some() && table.review().is_none() {
        headline.strong()
    } else {
        headline
    };
    ui.add(egui::Label::new(headline).wrap());
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        let checked: Vec<&str> = table.checked_seats().into_iter().map(Seat::name).collect();
        if !checked.is_empty() {
            ui.label(
                egui::RichText::new(format!("Check: {}", checked.join(", ")))
                    .color(egui::Color32::from_rgb(230, 80, 60))
                    .strong(),
            );
        }
        if thinking.is_thinking() {
            ui.spinner();
            ui.label("The computer is thinking…");
        }
    });
    // The last awards, spelled out ("+5 Blue takes a rook").
    for line in recent_awards(table.shown(), 3) {
        ui.label(egui::RichText::new(line).color(egui::Color32::from_rgb(240, 200, 90)));
    }
    let notice = notice.map(|n| egui::RichText::new(n).color(WARN));
    ui.add(egui::Label::new(notice.unwrap_or_else(|| " ".into())).wrap());
}

/// The last `n` awards of points, newest first, as sentences.
pub fn recent_awards(game: &Game, n: usize) -> Vec<String> {
    game.awards()
        .iter()
        .rev()
        .take(n)
        .map(|logged| {
            let award = logged.award;
            let what = match award.reason {
                Reason::Capture(piece) => format!("takes a {}", piece_word(piece.kind, piece.seat().is_none())),
                Reason::Checkmate(seat) => format!("checkmates {}", seat.name()),
                Reason::DoubleCheck { .. } => "gives a double check".to_string(),
                Reason::TripleCheck { .. } => "gives a triple check".to_string(),
                Reason::Stalemated => "is stalemated".to_string(),
                Reason::Draw => "shares the draw".to_string(),
            };
            format!("+{} {} {what}", award.points, award.seat.name())
        })
        .collect()
}

fn piece_word(kind: PieceKind, grey: bool) -> String {
    if grey {
        format!("grey {}", kind.name())
    } else {
        kind.name().to_string()
    }
}

fn actions(
    ui: &mut egui::Ui,
    table: &Table,
    thinking: &mut CrossThinking,
    form: &mut CrossForm,
    intents: &mut MessageWriter<TableIntent>,
) {
    ui.horizontal_wrapped(|ui| {
        let human = table.human_to_move();
        // A tutorial scene is a study, not a game: nothing to resign.
        if table.lesson_seat.is_none()
            && ui
                .add_enabled(human.is_some(), egui::Button::new("Resign"))
                .on_disabled_hover_text("On your turn")
                .clicked()
        {
            form.confirm_resign = true;
        }
        if let Some(seat) = human
            && table.game.can_claim(seat)
            && ui.button("Claim the win").clicked()
        {
            intents.write(TableIntent::ClaimWin);
        }
        if ui
            .add_enabled(!table.turns().is_empty(), egui::Button::new("Undo"))
            .clicked()
        {
            intents.write(TableIntent::Undo);
        }
        if table.review().is_some() && ui.button("Back to the game").clicked() {
            intents.write(TableIntent::Review(None));
        }
        // Teams and Club: a computer partner shows its plan as an arrow.
        if let Some(partner) = table.plan_partner()
            && ui
                .button(format!("{}'s plan", partner.name()))
                .on_hover_text(
                    "The move the engine would play for your computer partner if it moved now, as an \
                     arrow (P): the moves before its turn often change its choice",
                )
                .clicked()
        {
            thinking.hint_for = Some(partner);
        }
        if thinking.is_thinking() && ui.button("Play on").on_hover_text("Skip the pause").clicked() {
            thinking.skip_pause();
        }
    });
}

/// Each seat: its colour, who sits there, points (FFA), and its state.
fn seats(ui: &mut egui::Ui, table: &Table) {
    let game = table.shown();
    let pos = game.position();
    let ffa = game.rules.kind == RuleKind::Ffa;
    egui::Grid::new("seats").num_columns(5).show(ui, |ui| {
        for seat in Seat::ALL {
            let i = seat.index();
            let colour = if pos.out[i] {
                egui_colour(super::looks::GREY)
            } else if pos.frozen[i] {
                egui_colour(frozen_colour(seat))
            } else {
                egui_colour(seat_colour(seat))
            };
            let name = egui::RichText::new(format!("● {}", seat.name())).color(colour);
            let name = if pos.turn == seat && game.outcome().is_none() {
                name.strong()
            } else {
                name
            };
            ui.label(name);
            ui.label(table.who_sits(seat));
            if ffa {
                ui.label(egui::RichText::new(pos.points[i].to_string()).strong());
            } else {
                ui.label("");
            }
            let state = if let Some(exit) = game.exit(seat) {
                format!("out: {}", exit.describe())
            } else if pos.out[i] {
                "out".to_string()
            } else if pos.frozen[i] {
                "frozen (mated)".to_string()
            } else if pos.in_check(game.rules, seat) {
                "in check".to_string()
            } else if pos.turn == seat && game.outcome().is_none() {
                "to move".to_string()
            } else {
                String::new()
            };
            ui.label(state);
            if let Some(clocks) = &table.clocks {
                ui.label(clock_text(clocks, i));
            }
            ui.end_row();
        }
    });
}

fn level_name(sitter: Sitter) -> String {
    match sitter {
        Sitter::Human => "Human".to_string(),
        Sitter::Computer(level) => format!("Computer: {}", LEVELS[level].name),
    }
}

fn new_game(ui: &mut egui::Ui, form: &mut CrossForm, intents: &mut MessageWriter<TableIntent>) {
    ui.label(egui::RichText::new("New game").strong());
    ui.horizontal(|ui| {
        ui.selectable_value(&mut form.kind, RuleKind::Ffa, "Free-for-all")
            .on_hover_text("chess.com's points game: the most points wins");
        ui.selectable_value(&mut form.kind, RuleKind::Teams, "Teams")
            .on_hover_text("Red and Yellow against Blue and Green: one mate wins");
        ui.selectable_value(&mut form.kind, RuleKind::Club, "Club (1884)")
            .on_hover_text("The Four-Handed Chess Club's rules: a mated army freezes until freed");
    });
    ui.horizontal(|ui| {
        ui.selectable_value(&mut form.setup, Setup::Modern, "Modern setup");
        ui.selectable_value(&mut form.setup, Setup::Classic, "Classic");
    });
    ui.horizontal(|ui| time_control_choice(ui, "four-player time", &mut form.clock));
    egui::Grid::new("sitters").num_columns(2).show(ui, |ui| {
        for seat in Seat::ALL {
            ui.label(egui::RichText::new(seat.name()).color(egui_colour(seat_colour(seat))));
            let sitter = &mut form.sitters[seat.index()];
            egui::ComboBox::from_id_salt(("sitter", seat.index()))
                .selected_text(level_name(*sitter))
                .show_ui(ui, |ui| {
                    ui.selectable_value(sitter, Sitter::Human, "Human");
                    for (i, level) in LEVELS.iter().enumerate() {
                        ui.selectable_value(
                            sitter,
                            Sitter::Computer(i),
                            format!("Computer: {} — {}", level.name, level.description),
                        );
                    }
                });
            ui.end_row();
        }
    });
    if ui.button("Start a new game").clicked() {
        form.error = None;
        let game = Game::new(Rules::new(form.kind), form.setup.position());
        intents.write(TableIntent::NewGame(Box::new(game), form.sitters, form.clock));
    }
}

/// The turns a round a line ("1. h2-h3 b7-c7 g13-g12 m8-l8"); a click shows that position.
fn move_list(ui: &mut egui::Ui, table: &Table, intents: &mut MessageWriter<TableIntent>) {
    ui.label(egui::RichText::new("Moves").strong());
    let turns = table.turns();
    let shown = table.review().unwrap_or(turns.len());
    egui::ScrollArea::vertical()
        .id_salt("four-player moves")
        .max_height(200.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (round, chunk) in turns.chunks(4).enumerate() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{}.", round + 1));
                    for (k, played) in chunk.iter().enumerate() {
                        let index = round * 4 + k;
                        let marked = shown == index + 1;
                        // The move shown sits on egui's selection colour: white reads on it, a
                        // seat's colour (Red's above all) does not.
                        let colour = if marked {
                            egui::Color32::WHITE
                        } else {
                            egui_colour(seat_colour(played.seat))
                        };
                        let text = egui::RichText::new(&played.text).color(colour);
                        if ui.selectable_label(marked, text).clicked() {
                            intents.write(TableIntent::Review(Some(index + 1)));
                        }
                    }
                });
            }
        });
}

fn records(ui: &mut egui::Ui, table: &Table, form: &mut CrossForm, intents: &mut MessageWriter<TableIntent>) {
    ui.label(egui::RichText::new("FEN4 and PGN4").strong());
    ui.horizontal(|ui| {
        if ui.button("Copy FEN4").clicked() {
            ui.ctx().copy_text(table.shown_position().to_fen4());
        }
        if ui.button("Copy PGN4").clicked() {
            let tags = [("Site".to_string(), "Tesseract Chess".to_string())];
            ui.ctx().copy_text(pgn4::export(&table.game, &tags));
        }
    });
    ui.add(
        egui::TextEdit::singleline(&mut form.fen)
            .hint_text("paste a FEN4")
            .desired_width(f32::INFINITY),
    );
    if ui.button("Set up this position").clicked() {
        match Position::from_fen4(form.fen.trim()) {
            Ok(start) => {
                form.error = None;
                let game = Game::new(Rules::new(form.kind), start);
                intents.write(TableIntent::NewGame(Box::new(game), table.sitters, form.clock));
            }
            Err(e) => form.error = Some(format!("FEN4: {e}")),
        }
    }
    ui.add(
        egui::TextEdit::multiline(&mut form.pgn)
            .hint_text("paste a PGN4 record")
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    );
    if ui.button("Import the game").clicked() {
        if form.pgn.len() > pgn4::MAX_BYTES {
            form.error = Some(format!("PGN4: the record is over {} KiB", pgn4::MAX_BYTES / 1024));
        } else {
            match pgn4::import(&form.pgn) {
                Ok(record) => {
                    form.error = None;
                    form.kind = record.game.rules.kind;
                    // An imported game is for reviewing or playing on among people.
                    intents.write(TableIntent::NewGame(Box::new(record.game), [Sitter::Human; 4], None));
                }
                Err(e) => form.error = Some(format!("PGN4: {e}")),
            }
        }
    }
    if let Some(error) = &form.error {
        ui.colored_label(egui::Color32::from_rgb(230, 90, 70), error);
    }
}

fn promotion_choice(
    ctx: &egui::Context,
    choices: &[crate::four_player::Move],
    intents: &mut MessageWriter<TableIntent>,
) {
    egui::Modal::new(egui::Id::new("four-player promotion")).show(ctx, |ui| {
        ui.heading("Promote to");
        ui.horizontal(|ui| {
            for mv in choices {
                if let crate::four_player::MoveKind::Promotion(kind) = mv.kind
                    && ui.button(kind.name()).clicked()
                {
                    intents.write(TableIntent::Promote(kind));
                }
            }
            if ui.button("Cancel").clicked() {
                intents.write(TableIntent::ClearSelection);
            }
        });
    });
}

fn confirm_resign(ctx: &egui::Context, table: &Table, form: &mut CrossForm, intents: &mut MessageWriter<TableIntent>) {
    let Some(seat) = table.human_to_move() else {
        form.confirm_resign = false;
        return;
    };
    let consequence = match table.game.rules.kind {
        RuleKind::Ffa => "Your army turns grey and you leave the game with the points you have.",
        _ => "Your team loses the game.",
    };
    egui::Modal::new(egui::Id::new("four-player resign")).show(ctx, |ui| {
        ui.heading(format!("Resign as {}?", seat.name()));
        ui.label(consequence);
        ui.horizontal(|ui| {
            if ui.button("Keep playing").clicked() {
                form.confirm_resign = false;
            }
            if ui.button("Resign").clicked() {
                form.confirm_resign = false;
                intents.write(TableIntent::Resign);
            }
        });
    });
}

/// File letters along the lower and upper edges and rank numbers along the left and right, each
/// beside the outermost square of its row or column.
pub fn edge_label_points() -> Vec<(Vec3, String)> {
    let mut labels = Vec::new();
    for file in 0..14u8 {
        let letter = ((b'a' + file) as char).to_string();
        let bottom = if (3..11).contains(&file) { 0 } else { 3 };
        let top = if (3..11).contains(&file) { 13 } else { 10 };
        for (rank, dz) in [(bottom, 0.8), (top, -0.8)] {
            if let Some(square) = Square::new(file, rank) {
                labels.push((cell_centre(square) + Vec3::new(0.0, 0.0, dz), letter.clone()));
            }
        }
    }
    for rank in 0..14u8 {
        let number = (rank + 1).to_string();
        let left = if (3..11).contains(&rank) { 0 } else { 3 };
        let right = if (3..11).contains(&rank) { 13 } else { 10 };
        for (file, dx) in [(left, -0.8), (right, 0.8)] {
            if let Some(square) = Square::new(file, rank) {
                labels.push((cell_centre(square) + Vec3::new(dx, 0.0, 0.0), number.clone()));
            }
        }
    }
    labels
}

fn edge_labels(mut contexts: EguiContexts, camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("cross labels"),
    ));
    for (world, text) in edge_label_points() {
        let Ok(at) = camera.world_to_viewport(transform, world) else {
            continue;
        };
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            text,
            egui::FontId::monospace(12.0),
            egui::Color32::from_rgba_unmultiplied(190, 196, 209, 230),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_and_rank_is_labelled_on_both_sides() {
        let labels = edge_label_points();
        assert_eq!(labels.len(), 14 * 2 + 14 * 2);
        for name in ["a", "n", "1", "14"] {
            assert_eq!(labels.iter().filter(|l| l.1 == name).count(), 2, "{name}");
        }
    }

    #[test]
    fn awards_are_spelled_out_newest_first() {
        let mut game = Game::new(Rules::FFA, Setup::Modern.position());
        // Red opens the h-file... any capture will do: play until the first award.
        let mut rng = crate::engine::random::Rng::new(3);
        for _ in 0..400 {
            if !game.awards().is_empty() || game.outcome().is_some() {
                break;
            }
            let moves = game.legal_moves().to_vec();
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| game.position().piece_at(m.to).is_some())
                .collect();
            let pick = if captures.is_empty() { &moves } else { &captures };
            let mv = pick[rng.below(pick.len() as u64) as usize];
            game.play(crate::four_player::Turn::Move(mv)).unwrap();
        }
        let lines = recent_awards(&game, 3);
        assert!(!lines.is_empty());
        assert!(lines[0].starts_with('+') && lines[0].contains(" takes a "), "{lines:?}");
    }
}
