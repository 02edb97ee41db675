//! Motion shared by both games: the reduced-motion setting and the easing of pieces on the move.

use bevy::prelude::*;

/// Reduced motion (a setting): pieces jump to their squares and the view to its target.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion {
    pub reduced: bool,
}

/// Ease in and out, so pieces start and finish their travel gently.
pub fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}
