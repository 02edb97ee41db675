//! Review with the keys, the same in both games: ← and → step through the game's turns, Home and
//! End jump to the start and back to the game as it stands.

use bevy::prelude::KeyCode;

/// Where ←, →, Home or End take the review: `shown` is the ply on display (`None`: the game as
/// it stands), `plies` the game's length. `None` when the key does not move it.
pub fn review_step(shown: Option<usize>, plies: usize, key: KeyCode) -> Option<Option<usize>> {
    let at = shown.unwrap_or(plies);
    let to = match key {
        KeyCode::ArrowLeft => at.checked_sub(1)?,
        KeyCode::ArrowRight if at < plies => at + 1,
        KeyCode::Home => 0,
        KeyCode::End => plies,
        _ => return None,
    };
    (to != at).then_some((to < plies).then_some(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_keys_step_and_jump_through_the_game() {
        let (left, right) = (KeyCode::ArrowLeft, KeyCode::ArrowRight);
        assert_eq!(review_step(None, 3, left), Some(Some(2)), "from the game, back one ply");
        assert_eq!(review_step(Some(2), 3, right), Some(None), "forward to the game itself");
        assert_eq!(review_step(None, 3, right), None, "nothing after the game");
        assert_eq!(review_step(Some(0), 3, left), None, "nothing before the start");
        assert_eq!(review_step(Some(2), 3, KeyCode::Home), Some(Some(0)));
        assert_eq!(review_step(Some(1), 3, KeyCode::End), Some(None));
        assert_eq!(review_step(None, 0, left), None, "no moves, nothing to review");
        assert_eq!(review_step(None, 3, KeyCode::KeyA), None);
    }
}
