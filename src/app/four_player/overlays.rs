//! Lines over the cross board: every check, from each checking piece to the king in the checker's
//! colour; the arrows players draw (a right-drag from one square to another, as chess.com's
//! teammates do), a computer partner's plan and the analysis' best move; a ring round the keyboard's focus square, so a
//! piece standing on it never hides it.

use bevy::prelude::*;

use super::arrows::{Arrow, Arrows};
use super::looks::seat_colour;
use super::mirror::cell_centre;
use super::table::Table;
use crate::four_player::{Seat, Square};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LinesWarmed>()
        .add_systems(
            OnEnter(crate::app::Mode::FourPlayer),
            |mut warmed: ResMut<LinesWarmed>| warmed.0 = 0,
        )
        .add_systems(
            Update,
            (
                warm_the_line_pipelines.run_if(|warmed: Res<LinesWarmed>| warmed.0 < WARM_FRAMES),
                draw_checks,
                draw_arrows,
                draw_analysis,
                ring_the_focus,
            )
                .after(crate::app::AppSystems::Mirror)
                .run_if(in_state(crate::app::Mode::FourPlayer)),
        );
}

/// Frames in which the board draws invisible lines after it appears.
const WARM_FRAMES: u32 = 4;

/// How many frames the line pipelines have been warmed since the mode was entered.
#[derive(Resource, Default)]
struct LinesWarmed(u32);

/// Lines and line strips (the focus ring) draw with pipelines of their own, compiled when first
/// used: in the browser that is a main-thread task of over half a second under a software
/// renderer, felt as a freeze on the first Tab or check. Drawing an invisible line and ring
/// while the board appears compiles them with the board's own.
fn warm_the_line_pipelines(mut warmed: ResMut<LinesWarmed>, mut gizmos: Gizmos) {
    warmed.0 += 1;
    let below = Vec3::new(0.0, -40.0, 0.0);
    gizmos.line(below, below + Vec3::X * 0.01, Color::NONE);
    gizmos.rect(Isometry3d::from_translation(below), Vec2::splat(0.01), Color::NONE);
}

/// Every check on the board shown: (checking piece's square, king's square, checker's seat).
pub fn check_lines(table: &Table) -> Vec<(Square, Square, Seat)> {
    let game = table.shown();
    let pos = game.position();
    let mut lines = Vec::new();
    for seat in table.checked_seats() {
        let Some(king) = pos.king_square(seat) else { continue };
        for from in pos.checkers(game.rules, seat).iter() {
            if let Some(checker) = pos.piece_at(from).and_then(|p| p.seat()) {
                lines.push((from, king, checker));
            }
        }
    }
    lines
}

const LINE_HEIGHT: f32 = 0.55;

fn draw_checks(table: Res<Table>, mut gizmos: Gizmos) {
    for (from, king, seat) in check_lines(&table) {
        let lift = Vec3::Y * LINE_HEIGHT;
        gizmos.line(cell_centre(from) + lift, cell_centre(king) + lift, seat_colour(seat));
    }
}

fn draw_arrow(gizmos: &mut Gizmos, arrow: &Arrow) {
    let lift = Vec3::Y * 0.2;
    let (a, b) = (cell_centre(arrow.from) + lift, cell_centre(arrow.to) + lift);
    let along = (b - a).normalize_or_zero();
    let side = along.cross(Vec3::Y) * 0.08;
    // Three parallel strokes read as a thick arrow under software rendering's one-pixel lines.
    for offset in [-1.0, 0.0, 1.0] {
        let shift = side * offset;
        gizmos.line(a + shift, b - along * 0.3 + shift, arrow.colour);
    }
    let head = b - along * 0.45;
    let wing = along.cross(Vec3::Y) * 0.3;
    gizmos.line(b, head + wing, arrow.colour);
    gizmos.line(b, head - wing, arrow.colour);
    gizmos.line(head + wing, head - wing, arrow.colour);
}

fn draw_arrows(arrows: Res<Arrows>, mut gizmos: Gizmos) {
    for arrow in &arrows.arrows {
        draw_arrow(&mut gizmos, arrow);
    }
}

/// The analysis' best move, in the colour of the seat that would play it, darker than a partner's
/// plan.
fn draw_analysis(table: Res<Table>, analysis: Res<super::analysis::CrossAnalysis>, mut gizmos: Gizmos) {
    if let Some((seat, mv)) = analysis.best_move(&table) {
        let arrow = Arrow {
            from: mv.from,
            to: mv.to,
            colour: seat_colour(seat).mix(&Color::BLACK, 0.25),
        };
        draw_arrow(&mut gizmos, &arrow);
    }
}

fn ring_the_focus(table: Res<Table>, mut gizmos: Gizmos) {
    if let Some(square) = table.focus {
        let at = cell_centre(square) + Vec3::Y * 0.06;
        gizmos.rect(
            Isometry3d::new(at, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
            Vec2::splat(0.98),
            Color::srgb(0.35, 0.58, 0.95),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::four_player::table::Sitter;
    use crate::four_player::{Game, Piece, PieceKind, Position, Rules};

    #[test]
    fn a_check_is_drawn_from_the_checker_to_the_king_in_the_checkers_colour() {
        let sq = |s: &str| -> Square { s.parse().unwrap() };
        let mut pos = Position::empty();
        pos.put(sq("h1"), Piece::new(Seat::Red, PieceKind::King));
        pos.put(sq("a7"), Piece::new(Seat::Blue, PieceKind::King));
        pos.put(sq("g14"), Piece::new(Seat::Yellow, PieceKind::King));
        pos.put(sq("n8"), Piece::new(Seat::Green, PieceKind::King));
        // A Green rook on h10 checks Red's king up the h-file.
        pos.put(sq("h10"), Piece::new(Seat::Green, PieceKind::Rook));
        let table = Table::new(Game::new(Rules::FFA, pos), [Sitter::Human; 4]);
        assert_eq!(check_lines(&table), vec![(sq("h10"), sq("h1"), Seat::Green)]);
    }
}
