//! The position editor's panel (`fourfold::editor` is its model, `GameView::editing` its state):
//! the piece in hand, the side to move, a clear board or a setup to start from, the FEN4D
//! reader's verdict on the position, and what to do with it once legal — play it against the
//! computer or a friend, analyse it, copy it as FEN4D or as a `?fen=` link.

use bevy::prelude::*;
use bevy_egui::egui;

use super::analysis::Analysis;
use super::state::{Edit, GameView, Intent, Play, Seat};
use crate::app::shell::clocks::TimeControl;
use crate::fourfold::editor::Brush;
use crate::fourfold::rules::{Color, Piece, PieceKind, Setup};

/// The kinds in the palette, in the order players name them.
const PALETTE: [PieceKind; 6] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// What the editor's "play it" buttons start: the New game form's opponent and clock.
pub(super) struct NextGame {
    pub opponent: Option<usize>,
    pub clock: Option<TimeControl>,
}

/// The button that opens the editor on the position shown (not in a rated game: leaving it to
/// set up a position would be a way to look at another board mid-game).
pub(super) fn open_button(ui: &mut egui::Ui, play: &Play, view: &GameView, intents: &mut MessageWriter<Intent>) {
    let why_not = if view.editing.is_some() {
        Some("The editor is open, in the right-hand panel.")
    } else if play.rated_in_progress() {
        Some("Not during a rated game.")
    } else {
        None
    };
    let button = ui
        .add_enabled(why_not.is_none(), egui::Button::new("Set up a position by hand"))
        .on_disabled_hover_text(why_not.unwrap_or_default());
    if button.clicked() {
        intents.write(Intent::Edit(Edit::Start));
    }
}

/// The editor's section, while it is open.
pub(super) fn section(
    ui: &mut egui::Ui,
    view: &GameView,
    next: NextGame,
    analysis: &mut Analysis,
    intents: &mut MessageWriter<Intent>,
) {
    let Some(editor) = &view.editing else { return };
    ui.heading("Position editor");
    ui.label(
        egui::RichText::new(
            "Click a square to put the piece in hand there (again to take it away); right-click, \
             or Delete on the keyboard's square, empties it.",
        )
        .small(),
    );
    for color in Color::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", color.name()));
            for kind in PALETTE {
                let piece = Piece::new(color, kind);
                let held = editor.brush == Brush::Place(piece);
                let button = ui
                    .selectable_label(held, piece.fen_char().to_string())
                    .on_hover_text(format!("{} {}", color.name(), kind.name()));
                if button.clicked() {
                    intents.write(Intent::Edit(Edit::Brush(Brush::Place(piece))));
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.selectable_label(editor.brush == Brush::Erase, "Eraser").clicked() {
            intents.write(Intent::Edit(Edit::Brush(Brush::Erase)));
        }
        if ui.button("Clear the board").clicked() {
            intents.write(Intent::Edit(Edit::Clear));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Start from");
        if ui.button("Classic").clicked() {
            intents.write(Intent::Edit(Edit::Reset(Setup::Classic)));
        }
        if ui.button("Full").clicked() {
            intents.write(Intent::Edit(Edit::Reset(Setup::Full)));
        }
    });
    ui.horizontal(|ui| {
        ui.label("To move");
        for side in Color::ALL {
            if ui
                .selectable_label(editor.position().side_to_move() == side, side.name())
                .clicked()
            {
                intents.write(Intent::Edit(Edit::Side(side)));
            }
        }
    });
    let playable = editor.playable();
    match &playable {
        Ok(_) => ui.colored_label(
            egui::Color32::from_rgb(110, 200, 120),
            "A legal position: ready to play.",
        ),
        Err(why) => {
            let why = why.strip_prefix("invalid FEN4D: ").unwrap_or(why);
            ui.colored_label(ui.visuals().warn_fg_color, format!("Not playable yet: {why}"))
        }
    };
    // The buttons stay in place, disabled, until the position is legal.
    let side = editor.position().side_to_move();
    let mut start = |seats: [Seat; 2]| {
        if let Ok(start) = &playable {
            intents.write(Intent::NewGame {
                start: Box::new(start.clone()),
                seats,
                rated: false,
                clock: next.clock,
            });
        }
    };
    ui.add_enabled_ui(playable.is_ok(), |ui| {
        if let Some(level) = next.opponent
            && ui
                .button(format!("Play {} against the computer", side.name()))
                .clicked()
        {
            let mut seats = [Seat::Computer(level); 2];
            seats[side.index()] = Seat::Human;
            start(seats);
        }
        if ui.button("Play it with a friend").clicked() {
            start([Seat::Human; 2]);
        }
        if ui.button("Analyse it").clicked() {
            start([Seat::Human; 2]);
            analysis.enabled = true;
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Copy FEN4D").clicked() {
            ui.ctx().copy_text(editor.fen());
        }
        if ui.button("Copy link").clicked() {
            ui.ctx().copy_text(editor.link(&page_address()));
        }
    });
    if ui.button("Back to the game").clicked() {
        intents.write(Intent::Edit(Edit::Stop));
    }
}

/// The page's address without its query, for links (in the browser); natively the link is the
/// query alone, to add to wherever the browser build is served.
fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window().map(|w| w.location());
        if let Some(location) = location
            && let (Ok(origin), Ok(path)) = (location.origin(), location.pathname())
        {
            return format!("{origin}{path}");
        }
    }
    String::new()
}
