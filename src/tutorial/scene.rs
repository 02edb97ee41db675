//! One tutorial scene: what to read, the position, the view, what to highlight, what the player
//! may do, what counts as success, the computer's reply, hints, a solution and the next scene.

use serde::Deserialize;

use super::rules::{SceneGame, SceneTask, check_task, square};
use crate::fourfold::rules::fen::parse_placement;
use crate::fourfold::rules::lan::{Strictness, format_move, parse_move};
use crate::fourfold::rules::{Color, Game, Move, Outcome, Position, Square};

/// How the view looks when the scene opens (it animates there).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SceneView {
    /// 0 = the flat boards, 1 = the tesseract.
    pub morph: f32,
    /// 4D rotation in degrees: XW, YW, ZW, written `(0.0, 90.0, 0.0)`.
    #[serde(default)]
    pub rotate: (f32, f32, f32),
}

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

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    pub title: String,
    pub text: String,
    /// FEN4D. Explorer scenes may leave out the kings (then legality is not checked).
    pub fen: String,
    #[serde(default)]
    pub explorer: bool,
    pub view: SceneView,
    #[serde(default)]
    pub highlight: Vec<String>,
    #[serde(default)]
    pub lines: Vec<(String, String)>,
    pub player: String,
    #[serde(default)]
    pub allowed: Allowed,
    pub success: Success,
    #[serde(default)]
    pub reply: Reply,
    #[serde(default)]
    pub hints: Vec<String>,
    #[serde(default)]
    pub mistakes: Vec<Mistake>,
    /// Every ply from the scene's position to success, the replies included.
    #[serde(default)]
    pub solution: Vec<String>,
    /// The file name (without `.ron`) of the next scene.
    #[serde(default)]
    pub next: Option<String>,
}

/// What is wrong with a scene file, and where: a place in the text that RON could not read, or
/// a field whose value is wrong (with the solution's move, when it is one of those).
#[derive(Clone, Debug, PartialEq)]
pub enum SceneError {
    Syntax {
        file: String,
        line: usize,
        column: usize,
        /// The field the line sets, when it sets one.
        field: Option<String>,
        message: String,
    },
    Field {
        file: String,
        field: &'static str,
        /// The solution's move (1-based) at fault.
        solution_move: Option<usize>,
        problem: String,
    },
}

impl SceneError {
    pub(crate) fn field(file: &str, field: &'static str, problem: impl std::fmt::Display) -> SceneError {
        SceneError::Field {
            file: file.to_string(),
            field,
            solution_move: None,
            problem: problem.to_string(),
        }
    }

    pub(crate) fn solution_move(file: &str, index: usize, problem: impl std::fmt::Display) -> SceneError {
        SceneError::Field {
            file: file.to_string(),
            field: "solution",
            solution_move: Some(index + 1),
            problem: problem.to_string(),
        }
    }
}

impl std::fmt::Display for SceneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SceneError::Syntax {
                file,
                line,
                column,
                field,
                message,
            } => {
                write!(f, "{file}:{line}:{column}: {message}")?;
                match field {
                    Some(field) => write!(f, " (field `{field}`)"),
                    None => Ok(()),
                }
            }
            SceneError::Field {
                file,
                field,
                solution_move,
                problem,
            } => match solution_move {
                Some(n) => write!(f, "{file}: field `{field}`, move {n}: {problem}"),
                None => write!(f, "{file}: field `{field}`: {problem}"),
            },
        }
    }
}

impl std::error::Error for SceneError {}

/// A scene whose position, squares and moves are all checked.
#[derive(Clone, Debug)]
pub struct ValidScene {
    pub name: String,
    pub scene: Scene,
    pub position: Position,
    pub player: Color,
    pub highlight: Vec<Square>,
    pub lines: Vec<(Square, Square)>,
    pub solution: Vec<Move>,
}

impl Scene {
    /// Parses a scene file's text; errors name the file, the line and column, and the field.
    pub fn parse(file: &str, text: &str) -> Result<Scene, SceneError> {
        parse_ron(file, text)
    }

    /// What the player may do, what completes the scene and the mistakes explained.
    pub fn task(&self) -> SceneTask<'_> {
        SceneTask {
            allowed: &self.allowed,
            success: &self.success,
            mistakes: &self.mistakes,
        }
    }
}

/// Reads a scene file of either game; errors name the file, the line and column, and the field.
pub(crate) fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, SceneError> {
    ron::from_str::<T>(text).map_err(|e| {
        let line = e.span.start.line;
        SceneError::Syntax {
            file: file.to_string(),
            line,
            column: e.span.start.col,
            field: field_on_line(text, line).map(str::to_string),
            message: e.code.to_string(),
        }
    })
}

/// The field a line of a scene file sets (`    title: "…",` gives `title`), to name it in errors.
fn field_on_line(text: &str, line: usize) -> Option<&str> {
    let source = text.lines().nth(line.checked_sub(1)?)?.trim_start();
    let (name, _) = source.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(name)
}

/// The 4D game's squares and moves for the scene checks.
pub struct FourfoldScenes;

impl SceneGame for FourfoldScenes {
    type Square = Square;
    type Move = Move;
    type Game = Game;
    type Side = Color;

    fn parse_move(game: &Game, text: &str) -> Result<Move, String> {
        parse_move(game.position(), text, Strictness::Lenient).map_err(|e| e.to_string())
    }

    fn format_move(game: &Game, mv: Move) -> String {
        format_move(game.position(), mv)
    }

    fn from(mv: Move) -> Square {
        mv.from
    }

    fn mated_by(after: &Game, player: Color) -> Result<(), String> {
        match after.outcome() {
            Some(Outcome::Checkmate { winner }) if winner == player => Ok(()),
            other => Err(format!(
                "it must end in mate by {}, but ends with {other:?}",
                player.name()
            )),
        }
    }
}

impl ValidScene {
    /// Parses and checks a scene: a legal position (explorer scenes aside), valid squares, a
    /// solution of legal moves that meets the success condition.
    pub fn load(name: &str, text: &str) -> Result<ValidScene, SceneError> {
        let file = format!("scenes/{name}.ron");
        let scene = Scene::parse(&file, text)?;
        let position = if scene.explorer {
            parse_placement(&scene.fen)
        } else {
            Position::from_fen(&scene.fen)
        }
        .map_err(|e| SceneError::field(&file, "fen", e))?;
        let player = match scene.player.as_str() {
            "White" => Color::White,
            "Black" => Color::Black,
            other => {
                return Err(SceneError::field(
                    &file,
                    "player",
                    format!("'{other}' must be White or Black"),
                ));
            }
        };
        if position.side_to_move() != player {
            return Err(SceneError::field(
                &file,
                "player",
                format!("{} is not to move in the FEN", player.name()),
            ));
        }
        let start = Game::new(position.clone());
        let highlight = check_task::<FourfoldScenes>(&file, &scene.task(), &scene.highlight, &start)?;
        let lines = scene
            .lines
            .iter()
            .map(|(a, b)| {
                Ok((
                    square::<FourfoldScenes>(&file, "lines", a)?,
                    square::<FourfoldScenes>(&file, "lines", b)?,
                ))
            })
            .collect::<Result<_, SceneError>>()?;
        if let Reply::Computer(level) = &scene.reply {
            crate::fourfold::ai::levels::find(level).map_err(|e| SceneError::field(&file, "reply", e))?;
        }
        let mut game = start.clone();
        let mut solution = Vec::new();
        for (ply, text) in scene.solution.iter().enumerate() {
            let mv = parse_move(game.position(), text, Strictness::Lenient)
                .map_err(|e| SceneError::solution_move(&file, ply, e))?;
            game.play(mv).map_err(|e| SceneError::solution_move(&file, ply, e))?;
            solution.push(mv);
        }
        let valid = ValidScene {
            name: name.to_string(),
            scene,
            position,
            player,
            highlight,
            lines,
            solution,
        };
        valid.scene.task().check_solution::<FourfoldScenes>(
            &file,
            &start,
            player,
            valid.solution.first().copied(),
            &game,
        )?;
        Ok(valid)
    }

    /// The game at the scene's start.
    pub fn start(&self) -> Game {
        Game::new(self.position.clone())
    }

    /// Whether the scene lets the player make this (legal) move.
    pub fn allows(&self, mv: Move) -> bool {
        self.scene.task().allows::<FourfoldScenes>(&self.start(), mv)
    }

    /// Whether playing `mv` (as ply `ply` of the scene, 0 = the player's first) completes it,
    /// given the game after the move.
    pub fn succeeds(&self, mv: Move, ply: usize, after: &Game) -> bool {
        self.scene
            .task()
            .succeeds::<FourfoldScenes>(&self.start(), self.player, mv, ply, after)
    }

    /// The explanation for a tempting wrong move, if the scene has one.
    pub fn mistake(&self, from: Square, to: Square) -> Option<&str> {
        self.scene.task().mistake::<FourfoldScenes>(from, to)
    }
}
