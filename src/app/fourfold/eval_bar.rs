//! The evaluation bar beside the board, as lichess and chess.com draw theirs: while the analysis
//! is on, a bar at the left of the 3D view, White's share rising from the bottom and Black's
//! from the top. The share is the analysis' score turned into winning chances (lichess's curve),
//! so a pawn up moves it less once far ahead; a forced mate fills it. The score is written at
//! the leading side's end.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use super::analysis::{Analysis, shown_found, white_score};
use super::state::{GameView, Play};
use crate::app::shell::camera::FreeArea;
use crate::fourfold::ai::mate_in;

/// lichess's winning-chances curve: chances = 2 / (1 + e^(−k·cp)) − 1.
const CHANCES_PER_CENTIPAWN: f64 = 0.003_682_08;

/// White's share of the bar, from 0 (Black wins) to 1 (White wins), for White's score.
pub fn white_share(white_score: i32) -> f32 {
    match mate_in(white_score) {
        Some(n) if n > 0 => 1.0,
        Some(_) => 0.0,
        None => {
            let chances = 2.0 / (1.0 + (-CHANCES_PER_CENTIPAWN * f64::from(white_score)).exp()) - 1.0;
            (0.5 + 0.5 * chances) as f32
        }
    }
}

/// The score as the bar writes it: `+1.3`, `−0.4`, `M3` (White mates) or `−M2`.
pub fn bar_text(white_score: i32) -> String {
    match mate_in(white_score) {
        Some(n) if n > 0 => format!("M{n}"),
        Some(n) => format!("−M{}", -n),
        None if white_score < 0 => format!("−{:.1}", f64::from(-white_score) / 100.0),
        None => format!("+{:.1}", f64::from(white_score) / 100.0),
    }
}

const WIDTH: f32 = 16.0;
/// Room above and below the bar for its label.
const MARGIN: f32 = 36.0;

/// Draws the bar at the left edge of the 3D view.
pub(super) fn evaluation_bar(
    mut contexts: EguiContexts,
    analysis: Res<Analysis>,
    play: Res<Play>,
    view: Res<GameView>,
    free: Res<FreeArea>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let Some(found) = shown_found(&analysis, &play, &view) else {
        return Ok(());
    };
    let Some([x, y, _, height]) = free.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let scale = window.scale_factor();
    let left = x as f32 / scale + 12.0;
    let (top, bottom) = (y as f32 / scale + MARGIN, (y + height) as f32 / scale - MARGIN);
    if bottom - top < 40.0 {
        return Ok(());
    }
    let score = white_score(found);
    let share = white_share(score);
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("evaluation bar"),
    ));
    let bar = egui::Rect::from_min_max(egui::pos2(left, top), egui::pos2(left + WIDTH, bottom));
    painter.rect_filled(bar, 2.0, egui::Color32::from_rgb(52, 52, 56));
    let white_top = bottom - share * (bottom - top);
    let white = egui::Rect::from_min_max(egui::pos2(left, white_top), egui::pos2(left + WIDTH, bottom));
    painter.rect_filled(white, 2.0, egui::Color32::from_rgb(236, 236, 232));
    // The middle: an even game.
    let middle = (top + bottom) / 2.0;
    painter.line_segment(
        [egui::pos2(left - 3.0, middle), egui::pos2(left + WIDTH + 3.0, middle)],
        egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 120, 60)),
    );
    painter.rect_stroke(
        bar,
        2.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(140)),
        egui::StrokeKind::Outside,
    );
    let (at, align) = if score >= 0 {
        (egui::pos2(left, bottom + 6.0), egui::Align2::LEFT_TOP)
    } else {
        (egui::pos2(left, top - 6.0), egui::Align2::LEFT_BOTTOM)
    };
    painter.text(
        at,
        align,
        bar_text(score),
        egui::FontId::proportional(14.0),
        egui::Color32::from_gray(225),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourfold::ai::MATE;

    #[test]
    fn the_bar_is_even_at_zero_and_filled_by_a_mate() {
        assert_eq!(white_share(0), 0.5);
        assert!((white_share(100) - 0.591).abs() < 0.001, "{}", white_share(100));
        assert!((white_share(-100) - 0.409).abs() < 0.001);
        // Far ahead, a pawn more moves it less.
        assert!(white_share(600) - white_share(500) < white_share(100) - white_share(0));
        assert_eq!((white_share(MATE - 5), white_share(-(MATE - 4))), (1.0, 0.0));
        assert_eq!(
            [
                bar_text(126),
                bar_text(-40),
                bar_text(0),
                bar_text(MATE - 5),
                bar_text(-(MATE - 4))
            ],
            ["+1.3", "−0.4", "+0.0", "M3", "−M2"]
        );
    }
}
