//! What a scene asks of the player, the same in both games (the moves allowed, what completes
//! it, the replies, the mistakes explained), and the checks of it that are the same in both:
//! squares named in the file, the moves `allowed` names, whether a move is allowed or completes
//! the scene.
//! A game says how its squares and moves are written and what a mate by the player is
//! (`SceneGame`); the scene types of each game hold what only they have (the 4D view and lines,
//! the four-player rule set and scripted replies).

use serde::Deserialize;

use super::file::SceneError;

/// Which moves the player may make.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum Allowed {
    /// Any legal move.
    #[default]
    AnyLegal,
    /// Only moves of the pieces on these squares.
    PiecesOn(Vec<String>),
    /// Only these moves (LAN4D or bare from-to).
    Moves(Vec<String>),
    /// Nothing: a scene to read and look at.
    Nothing,
}

/// What completes the scene.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Success {
    /// Playing this move.
    Move(String),
    /// Any legal move of the piece on this square.
    AnyMoveOf(String),
    /// Checkmating the other side.
    Mate,
    /// Nothing to do: read, look, move the piece around (the reach explorer), then go on.
    Explore,
}

/// What answers the player's move.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum Reply {
    #[default]
    None,
    /// The computer at this level.
    Computer(String),
    /// Scripted replies, one after each player move.
    Moves(Vec<String>),
}

/// A tempting wrong move and why it fails.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Mistake {
    pub from: String,
    pub to: String,
    pub why: String,
}

/// What the scene checks need of a game.
pub trait SceneGame {
    type Square: std::str::FromStr<Err = String> + Copy + PartialEq + std::fmt::Display;
    type Move: Copy + PartialEq;
    type Game;
    type Side: Copy;

    /// The legal move written `text` in the game's position.
    fn parse_move(game: &Self::Game, text: &str) -> Result<Self::Move, String>;
    /// `mv` as the game's records write it, in the game's position.
    fn format_move(game: &Self::Game, mv: Self::Move) -> String;
    fn from(mv: Self::Move) -> Self::Square;
    /// Whether the game shows a mate by `player`'s side, and if not, how it stands (for errors).
    fn mated_by(after: &Self::Game, player: Self::Side) -> Result<(), String>;
}

/// The rules of a scene that both games' scene files share.
pub struct SceneTask<'a> {
    pub allowed: &'a Allowed,
    pub success: &'a Success,
    pub mistakes: &'a [Mistake],
}

pub(crate) fn square<G: SceneGame>(file: &str, field: &'static str, text: &str) -> Result<G::Square, SceneError> {
    text.parse().map_err(|e: String| SceneError::field(file, field, e))
}

/// The highlighted squares, each checked, and the squares and moves of `allowed` and of the
/// mistakes checked against the scene's start.
pub(crate) fn check_task<G: SceneGame>(
    file: &str,
    task: &SceneTask,
    highlight: &[String],
    start: &G::Game,
) -> Result<Vec<G::Square>, SceneError> {
    let highlight = highlight
        .iter()
        .map(|s| square::<G>(file, "highlight", s))
        .collect::<Result<_, _>>()?;
    match task.allowed {
        Allowed::PiecesOn(squares) => {
            for s in squares {
                square::<G>(file, "allowed", s)?;
            }
        }
        Allowed::Moves(moves) => {
            for m in moves {
                G::parse_move(start, m).map_err(|e| SceneError::field(file, "allowed", e))?;
            }
        }
        Allowed::AnyLegal | Allowed::Nothing => {}
    }
    for mistake in task.mistakes {
        square::<G>(file, "mistakes", &mistake.from)?;
        square::<G>(file, "mistakes", &mistake.to)?;
    }
    Ok(highlight)
}

impl<'a> SceneTask<'a> {
    /// Whether the player's first move may be `mv` (a legal move at the scene's start).
    pub fn allows<G: SceneGame>(&self, start: &G::Game, mv: G::Move) -> bool {
        match self.allowed {
            Allowed::AnyLegal => true,
            Allowed::Nothing => false,
            Allowed::PiecesOn(squares) => squares.iter().any(|s| s.parse::<G::Square>() == Ok(G::from(mv))),
            Allowed::Moves(moves) => moves.iter().any(|m| G::parse_move(start, m) == Ok(mv)),
        }
    }

    /// Whether the player's move `mv`, as the player's move number `ply` (0 = the first),
    /// completes the scene, given the game after it.
    pub fn succeeds<G: SceneGame>(
        &self,
        start: &G::Game,
        player: G::Side,
        mv: G::Move,
        ply: usize,
        after: &G::Game,
    ) -> bool {
        match self.success {
            Success::Explore => false,
            Success::Move(text) => ply == 0 && G::parse_move(start, text) == Ok(mv),
            Success::AnyMoveOf(text) => ply == 0 && text.parse::<G::Square>() == Ok(G::from(mv)),
            Success::Mate => G::mated_by(after, player).is_ok(),
        }
    }

    /// The explanation for a tempting wrong move, if the scene has one.
    pub fn mistake<G: SceneGame>(&self, from: G::Square, to: G::Square) -> Option<&'a str> {
        self.mistakes
            .iter()
            .find(|m| m.from.parse::<G::Square>() == Ok(from) && m.to.parse::<G::Square>() == Ok(to))
            .map(|m| m.why.as_str())
    }

    /// Whether the solution (its first move, and the game after all of it) meets the scene:
    /// the first move is allowed and the success condition holds.
    pub(crate) fn check_solution<G: SceneGame>(
        &self,
        file: &str,
        start: &G::Game,
        player: G::Side,
        first: Option<G::Move>,
        after: &G::Game,
    ) -> Result<(), SceneError> {
        let fail = |why: String| Err(SceneError::field(file, "solution", why));
        if let Some(mv) = first
            && !self.allows::<G>(start, mv)
        {
            let text = G::format_move(start, mv);
            return fail(format!("its first move {text} is not allowed by `allowed`"));
        }
        match self.success {
            Success::Explore => Ok(()),
            Success::Move(text) => {
                let wanted = G::parse_move(start, text).map_err(|e| SceneError::field(file, "success", e))?;
                if first == Some(wanted) {
                    Ok(())
                } else {
                    fail(format!("it must start with {}", G::format_move(start, wanted)))
                }
            }
            Success::AnyMoveOf(text) => {
                let from = square::<G>(file, "success", text)?;
                if first.is_some_and(|m| G::from(m) == from) {
                    Ok(())
                } else {
                    fail(format!("it must start with a move of the piece on {from}"))
                }
            }
            Success::Mate => G::mated_by(after, player).or_else(fail),
        }
    }
}

/// What a scene says when it is solved: go on, unless it is the last.
pub const fn well_done(has_next: bool) -> &'static str {
    if has_next {
        "Well done! Go on to the next scene."
    } else {
        "Well done! That was the last scene."
    }
}
