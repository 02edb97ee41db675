//! Names on the board: in the flat view each board's files (a–d), ranks (1–4) and its `[Z,W]` in
//! its own tint; in the tesseract, the board names on demand (*Board names* in the View panel).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::projection::{View, flat_of, place_4d};
use super::visuals::BOARD_TINTS;
use crate::app::shell::camera::MainCamera;

/// Whether the tesseract view names its boards.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ShowBoardNames(pub bool);

/// Where the labels go, as 4D points (centred as `centred_4d`) with their text, and whether the
/// label is a board's name: each board's `[Z,W]` above it; the files under the lower (W=0) row of
/// boards and the ranks left of the Z=0 column, which the boards above and beside share (so the
/// gaps between boards hold only the names).
pub fn label_points() -> Vec<([f32; 4], String, bool)> {
    let mut labels = Vec::new();
    for w in 0..2 {
        for z in 0..2 {
            let (zc, wc) = (z as f32 - 0.5, w as f32 - 0.5);
            labels.push(([0.0, 2.5, zc, wc], format!("[{z},{w}]"), true));
            for i in 0..4 {
                let along = i as f32 - 1.5;
                if w == 0 {
                    labels.push(([along, -2.4, zc, wc], ((b'a' + i) as char).to_string(), false));
                }
                if z == 0 {
                    labels.push(([-2.4, along, zc, wc], (i + 1).to_string(), false));
                }
            }
        }
    }
    labels
}

pub(crate) fn draw_labels(
    mut contexts: EguiContexts,
    view: Res<View>,
    names: Res<ShowBoardNames>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let flat = 1.0 - view.morph.clamp(0.0, 1.0);
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("labels")));
    for (p, text, is_name) in label_points() {
        // Coordinates fade out as the tesseract appears; names stay when asked for.
        let alpha = if is_name && names.0 { 1.0 } else { flat };
        if alpha < 0.05 {
            continue;
        }
        let (world, _) = place_4d(p, flat_of(p), &view);
        let Ok(at) = camera.world_to_viewport(transform, world) else {
            continue;
        };
        let colour = if is_name {
            let board = (p[2] + 0.5) as usize + 2 * (p[3] + 0.5) as usize;
            BOARD_TINTS[board].to_srgba()
        } else {
            Srgba::new(0.75, 0.77, 0.82, 1.0)
        };
        let colour = egui::Color32::from_rgba_unmultiplied(
            (colour.red * 255.0) as u8,
            (colour.green * 255.0) as u8,
            (colour.blue * 255.0) as u8,
            (alpha * 230.0) as u8,
        );
        let size = if is_name { 15.0 } else { 12.0 };
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            text,
            egui::FontId::monospace(size),
            colour,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_is_named_and_files_and_ranks_are_shown_once_per_row_and_column() {
        let labels = label_points();
        let names: Vec<&str> = labels.iter().filter(|l| l.2).map(|l| l.1.as_str()).collect();
        assert_eq!(names, ["[0,0]", "[1,0]", "[0,1]", "[1,1]"]);
        let files = labels
            .iter()
            .filter(|l| !l.2 && l.1.chars().all(|c| c.is_ascii_lowercase()));
        assert_eq!(files.count(), 8, "a–d under each of the two lower boards");
        let ranks = labels
            .iter()
            .filter(|l| !l.2 && l.1.chars().all(|c| c.is_ascii_digit()));
        assert_eq!(ranks.count(), 8, "1–4 beside each of the two left boards");
    }
}
