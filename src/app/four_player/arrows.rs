//! The arrows on the cross board, as data: drawn by players (a right-drag), or a computer
//! partner's plan; `overlays` draws them.

use bevy::prelude::*;

use super::table::Table;
use crate::four_player::Square;

/// An arrow on the board, in a colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
    pub colour: Color,
}

/// The arrows on the board: drawn by players, or a partner's hint. A new move clears them (as on
/// chess.com, an arrow is about the position it was drawn in).
#[derive(Resource, Default, Debug)]
pub struct Arrows {
    pub arrows: Vec<Arrow>,
    /// The table generation they were drawn for.
    pub generation: u64,
}

impl Arrows {
    /// Draws an arrow, or takes it away when the same one is drawn again.
    pub fn toggle(&mut self, arrow: Arrow) {
        if !self.take_away(arrow) {
            self.arrows.push(arrow);
        }
    }

    /// Shows an arrow (a partner's plan): once, in its colour, whatever was drawn on its squares.
    pub fn show(&mut self, arrow: Arrow) {
        self.take_away(arrow);
        self.arrows.push(arrow);
    }

    /// Takes away any arrow on `arrow`'s squares, whatever its colour; whether there was one.
    fn take_away(&mut self, arrow: Arrow) -> bool {
        let before = self.arrows.len();
        self.arrows.retain(|a| (a.from, a.to) != (arrow.from, arrow.to));
        self.arrows.len() != before
    }
}

/// Players' arrows: the colour of the seat whose turn it is, lighter.
pub fn drawn_arrow_colour() -> Color {
    Color::srgb(1.0, 0.62, 0.10)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Arrows>().add_systems(
        Update,
        clear_stale_arrows
            .after(crate::app::AppSystems::Apply)
            .before(crate::app::AppSystems::Turns)
            .run_if(in_state(crate::app::Mode::FourPlayer)),
    );
}

/// A move (or any change of the position shown) takes the arrows away.
fn clear_stale_arrows(table: Res<Table>, mut arrows: ResMut<Arrows>) {
    if arrows.generation != table.generation {
        arrows.arrows.clear();
        arrows.generation = table.generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player's arrow between two squares.
    fn drawn(from: &str, to: &str) -> Arrow {
        Arrow {
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            colour: drawn_arrow_colour(),
        }
    }

    #[test]
    fn drawing_the_same_arrow_twice_takes_it_away() {
        let mut arrows = Arrows::default();
        let arrow = drawn("h2", "h4");
        arrows.toggle(arrow);
        assert_eq!(arrows.arrows.len(), 1);
        arrows.toggle(arrow);
        assert!(arrows.arrows.is_empty());
    }

    #[test]
    fn a_plan_shown_twice_is_one_arrow_in_its_colour() {
        let mut arrows = Arrows::default();
        let other = drawn("h2", "h3");
        arrows.toggle(drawn("h2", "h4"));
        arrows.toggle(other);
        let plan = Arrow {
            colour: Color::WHITE,
            ..drawn("h2", "h4")
        };
        arrows.show(plan);
        arrows.show(plan);
        assert_eq!(arrows.arrows, vec![other, plan]);
    }
}
