//! The clocks as both games' panels show them: the New game forms' time-control choice and a
//! seat's clock (bold while it runs).

use bevy_egui::egui;

use super::clocks::{Clocks, TimeControl, format_clock};

/// The time control of the next game: none, or one of `TimeControl::CHOICES`.
pub fn time_control_choice(ui: &mut egui::Ui, id: &str, clock: &mut Option<TimeControl>) {
    let chosen = clock.map_or("No clocks".to_string(), |c| format!("{} minutes", c.label()));
    egui::ComboBox::from_id_salt(id)
        .selected_text(chosen)
        .show_ui(ui, |ui| {
            ui.selectable_value(clock, None, "No clocks");
            for control in TimeControl::CHOICES {
                ui.selectable_value(
                    clock,
                    Some(control),
                    format!("{} minutes (+ seconds a move)", control.label()),
                );
            }
        });
    ui.label("Time");
}

/// Seat `seat`'s time left, bold while its clock runs.
pub fn clock_text(clocks: &Clocks, seat: usize) -> egui::RichText {
    let text = egui::RichText::new(format_clock(clocks.left_ms(seat))).monospace();
    if clocks.running() == Some(seat) {
        text.strong()
    } else {
        text
    }
}
