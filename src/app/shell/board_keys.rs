//! The board's keys, the same in both games: Tab to the board (a home square first, then the last
//! square focused; further Tabs step through the squares, Shift backwards), arrows move the
//! focus, Enter or Space activates the focused square, Escape clears the selection (and, with
//! none, leaves the board); off the board ← / → step through the game and Home / End jump. A
//! game gives its squares' steps; what the keys ask of the game comes back as `BoardKey`s.

use bevy::prelude::{ButtonInput, KeyCode};

use super::review::review_step;

/// The keyboard's square on a board, and the last one it was on (Tab returns there).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct KeyFocus<S> {
    pub focus: Option<S>,
    pub last: Option<S>,
}

/// What the keys ask of the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardKey<S> {
    ClearSelection,
    /// Show the position after this many turns (`None`: the game as it stands).
    Review(Option<usize>),
    Activate(S),
}

/// How a game's squares step: Tab order, and an arrow (with Alt held or not) from a square.
pub trait SquareSteps<S> {
    /// Where Tab lands first.
    fn home(&self) -> S;
    fn tab(&self, from: S, backwards: bool) -> S;
    fn arrow(&self, from: S, key: KeyCode, alt: bool) -> S;
}

/// What the board as it stands tells the keys: whether anything is selected (Escape then clears
/// it and keeps the focus), the turn on display and the game's length (for review).
#[derive(Clone, Copy, Debug)]
pub struct BoardState {
    pub selected: bool,
    pub review: Option<usize>,
    pub turns: usize,
}

const ARROWS: [KeyCode; 4] = [
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
];

/// This frame's board keys: moves `focus` and returns what they ask of the game, in order.
pub fn read_board_keys<S: Copy>(
    keys: &ButtonInput<KeyCode>,
    focus: &mut KeyFocus<S>,
    board: BoardState,
    squares: &impl SquareSteps<S>,
) -> Vec<BoardKey<S>> {
    let mut asked = Vec::new();
    // A modifier released within the same frame as the key it modified still counts: quick
    // typing (and a slow frame, as in a software-rendered browser) puts both in one frame.
    let held = |pair: [KeyCode; 2]| keys.any_pressed(pair) || keys.any_just_released(pair);
    let alt = held([KeyCode::AltLeft, KeyCode::AltRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::Tab) {
        let next = match (focus.focus, focus.last) {
            (Some(square), _) => squares.tab(square, shift),
            (None, Some(last)) => last,
            (None, None) => squares.home(),
        };
        focus.focus = Some(next);
        focus.last = Some(next);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if !board.selected {
            focus.focus = None;
        }
        asked.push(BoardKey::ClearSelection);
    }
    for key in [KeyCode::Home, KeyCode::End, KeyCode::ArrowLeft, KeyCode::ArrowRight] {
        let arrow = matches!(key, KeyCode::ArrowLeft | KeyCode::ArrowRight);
        if keys.just_pressed(key)
            && !(arrow && (focus.focus.is_some() || alt))
            && let Some(review) = review_step(board.review, board.turns, key)
        {
            asked.push(BoardKey::Review(review));
        }
    }
    let Some(mut at) = focus.focus else {
        return asked;
    };
    for key in ARROWS {
        if keys.just_pressed(key) {
            at = squares.arrow(at, key, alt);
            focus.focus = Some(at);
            focus.last = Some(at);
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        asked.push(BoardKey::Activate(at));
    }
    asked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares 0..10 in a row: Tab and → go up, ← down, Alt+→ jumps by five.
    struct Line;

    impl SquareSteps<u8> for Line {
        fn home(&self) -> u8 {
            3
        }
        fn tab(&self, from: u8, backwards: bool) -> u8 {
            if backwards { (from + 9) % 10 } else { (from + 1) % 10 }
        }
        fn arrow(&self, from: u8, key: KeyCode, alt: bool) -> u8 {
            let step = if alt { 5 } else { 1 };
            match key {
                KeyCode::ArrowRight => (from + step).min(9),
                KeyCode::ArrowLeft => from.saturating_sub(step),
                _ => from,
            }
        }
    }

    fn press(focus: &mut KeyFocus<u8>, board: BoardState, held: &[KeyCode], pressed: &[KeyCode]) -> Vec<BoardKey<u8>> {
        let mut keys = ButtonInput::<KeyCode>::default();
        for &key in held {
            keys.press(key);
        }
        keys.clear();
        for &key in pressed {
            keys.press(key);
        }
        read_board_keys(&keys, focus, board, &Line)
    }

    #[test]
    fn tab_arrows_enter_and_escape_walk_the_board() {
        let idle = BoardState {
            selected: false,
            review: None,
            turns: 4,
        };
        let mut focus = KeyFocus::default();
        assert!(press(&mut focus, idle, &[], &[KeyCode::Tab]).is_empty());
        assert_eq!(focus.focus, Some(3), "the first Tab lands on the home square");
        press(&mut focus, idle, &[KeyCode::ShiftLeft], &[KeyCode::Tab]);
        assert_eq!(focus.focus, Some(2), "Shift+Tab steps back");
        let asked = press(&mut focus, idle, &[], &[KeyCode::ArrowRight, KeyCode::Enter]);
        assert_eq!(asked, vec![BoardKey::Activate(3)], "on the board → moves, not reviews");
        press(&mut focus, idle, &[KeyCode::AltLeft], &[KeyCode::ArrowRight]);
        assert_eq!(focus.focus, Some(8), "Alt changes the step");
        let selected = BoardState { selected: true, ..idle };
        assert_eq!(
            press(&mut focus, selected, &[], &[KeyCode::Escape]),
            vec![BoardKey::ClearSelection]
        );
        assert_eq!(focus.focus, Some(8), "Escape with a selection keeps the focus");
        press(&mut focus, idle, &[], &[KeyCode::Escape]);
        assert_eq!(focus.focus, None, "Escape with nothing selected leaves the board");
        press(&mut focus, idle, &[], &[KeyCode::Tab]);
        assert_eq!(focus.focus, Some(8), "Tab comes back to the last square");
    }

    #[test]
    fn off_the_board_the_arrows_review_the_game() {
        let board = BoardState {
            selected: false,
            review: None,
            turns: 4,
        };
        let mut focus = KeyFocus::default();
        assert_eq!(
            press(&mut focus, board, &[], &[KeyCode::ArrowLeft]),
            vec![BoardKey::Review(Some(3))]
        );
        assert_eq!(
            press(&mut focus, board, &[], &[KeyCode::Home]),
            vec![BoardKey::Review(Some(0))]
        );
        assert!(
            press(&mut focus, board, &[KeyCode::AltLeft], &[KeyCode::ArrowLeft]).is_empty(),
            "Alt+arrows never review"
        );
        assert!(
            press(&mut focus, board, &[], &[KeyCode::Enter]).is_empty(),
            "no square, nothing to activate"
        );
    }
}
