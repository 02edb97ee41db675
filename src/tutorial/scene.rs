//! One tutorial scene: what to read, the position, the view, what to highlight, what the player
//! may do, what counts as success, the computer's reply, hints, a solution and the next scene.

use serde::Deserialize;

use super::file::{SceneError, parse_ron};
use super::rules::{Allowed, Mistake, Reply, SceneGame, SceneTask, Success, check_task, square};
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
    /// The game at the scene's start (the checks of moves read the scene's texts in it).
    start: Game,
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
            start,
        };
        valid.scene.task().check_solution::<FourfoldScenes>(
            &file,
            &valid.start,
            player,
            valid.solution.first().copied(),
            &game,
        )?;
        Ok(valid)
    }

    /// The game at the scene's start.
    pub fn start(&self) -> Game {
        self.start.clone()
    }

    /// Whether the scene lets the player make this (legal) move.
    pub fn allows(&self, mv: Move) -> bool {
        self.scene.task().allows::<FourfoldScenes>(&self.start, mv)
    }

    /// Whether playing `mv` (as ply `ply` of the scene, 0 = the player's first) completes it,
    /// given the game after the move.
    pub fn succeeds(&self, mv: Move, ply: usize, after: &Game) -> bool {
        self.scene
            .task()
            .succeeds::<FourfoldScenes>(&self.start, self.player, mv, ply, after)
    }

    /// The explanation for a tempting wrong move, if the scene has one.
    pub fn mistake(&self, from: Square, to: Square) -> Option<&str> {
        self.scene.task().mistake::<FourfoldScenes>(from, to)
    }
}
