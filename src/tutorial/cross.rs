//! The four-player introduction's scenes (`scenes/four-player/*.ron`): the same RON shape as the
//! 4D scenes (text, highlights, what the player may do, success, replies, hints, mistakes, a
//! solution), on the cross board under one rule set. The files are built into the program, so
//! the browser needs no folder listing and a scene can never be missing at run time.

use serde::Deserialize;

use super::file::{SceneError, parse_ron};
use super::rules::{Allowed, Mistake, Reply, SceneGame, SceneTask, Success, check_task};
use crate::four_player::game::{Loss, Outcome, Team};
use crate::four_player::notation::format_move;
use crate::four_player::pgn4::find_move;
use crate::four_player::play::Exit;
use crate::four_player::{Game, Move, Position, RuleKind, Rules, Seat, Setup, Square, Turn};

/// Every scene of the introduction, in order, with its file's text.
pub const CROSS_SCENES: [(&str, &str); 5] = [
    (
        "01-board-and-seats",
        include_str!("../../scenes/four-player/01-board-and-seats.ron"),
    ),
    ("02-points", include_str!("../../scenes/four-player/02-points.ron")),
    (
        "03-mate-scores-twenty",
        include_str!("../../scenes/four-player/03-mate-scores-twenty.ron"),
    ),
    ("04-partners", include_str!("../../scenes/four-player/04-partners.ron")),
    (
        "05-frozen-army",
        include_str!("../../scenes/four-player/05-frozen-army.ron"),
    ),
];

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CrossScene {
    pub title: String,
    pub text: String,
    /// `ffa`, `teams` or `club`.
    pub rules: String,
    /// A FEN4, or the name of a setup (`modern`, `classic`).
    pub fen4: String,
    /// The seat the player plays: `Red`, `Blue`, `Yellow` or `Green`.
    pub player: String,
    #[serde(default)]
    pub highlight: Vec<String>,
    #[serde(default)]
    pub allowed: Allowed,
    pub success: Success,
    /// `Moves`: the other seats' turns, in order, between the player's moves.
    #[serde(default)]
    pub reply: Reply,
    #[serde(default)]
    pub hints: Vec<String>,
    #[serde(default)]
    pub mistakes: Vec<Mistake>,
    /// Every turn from the scene's position to success, the other seats' included (PGN4 moves).
    #[serde(default)]
    pub solution: Vec<String>,
    /// The file name (without `.ron`) of the next scene.
    #[serde(default)]
    pub next: Option<String>,
}

impl CrossScene {
    /// A scene file's title, for the list of scenes (`None` when the file does not read).
    pub fn title_of(text: &str) -> Option<String> {
        parse_ron::<CrossScene>("", text).ok().map(|s| s.title)
    }
}

/// A four-player scene whose position, squares and moves are all checked.
#[derive(Clone, Debug)]
pub struct ValidCrossScene {
    pub name: String,
    pub scene: CrossScene,
    pub rules: Rules,
    pub position: Position,
    pub player: Seat,
    pub highlight: Vec<Square>,
    pub solution: Vec<Move>,
    /// The game at the scene's start (the checks of moves read the scene's texts in it).
    start: Game,
}

fn seat_named(text: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| s.name() == text)
}

/// The legal move written `text` (PGN4, e.g. `Qg5xQd8`, `h2-h4`) in the game's position.
pub fn move_in(game: &Game, text: &str) -> Result<Move, String> {
    find_move(game.position(), game.legal_moves(), text.trim())
        .ok_or_else(|| format!("'{text}' is not a legal move for {}", game.position().turn.name()))
}

/// Whether the game now shows a mate by `player`'s side: FFA, a rival checkmated; Teams, the
/// player's team won by mate; Club, an opponent's army frozen (or both, which wins).
pub fn mates_an_opponent(game: &Game, player: Seat) -> bool {
    if let Some(Outcome::Win {
        team,
        because: Loss::Mated(_) | Loss::BothMated,
    }) = game.outcome()
    {
        return team == Team::of(player);
    }
    let rivals = Seat::ALL
        .into_iter()
        .filter(|&s| s != player && (game.rules.kind == RuleKind::Ffa || Team::of(s) != Team::of(player)));
    let pos = game.position();
    rivals
        .into_iter()
        .any(|s| game.exit(s) == Some(Exit::Mated) || pos.frozen[s.index()])
}

/// Four-player chess's squares and moves for the scene checks.
pub struct CrossScenes;

impl SceneGame for CrossScenes {
    type Square = Square;
    type Move = Move;
    type Game = Game;
    type Side = Seat;

    fn parse_move(game: &Game, text: &str) -> Result<Move, String> {
        move_in(game, text)
    }

    fn format_move(game: &Game, mv: Move) -> String {
        format_move(game.position(), mv)
    }

    fn from(mv: Move) -> Square {
        mv.from
    }

    fn mated_by(after: &Game, player: Seat) -> Result<(), String> {
        if mates_an_opponent(after, player) {
            Ok(())
        } else {
            Err(format!(
                "it must end in a mate by {}, but ends with {:?}",
                player.name(),
                after.outcome()
            ))
        }
    }
}

impl CrossScene {
    /// What the player may do, what completes the scene and the mistakes explained.
    pub fn task(&self) -> SceneTask<'_> {
        SceneTask {
            allowed: &self.allowed,
            success: &self.success,
            mistakes: &self.mistakes,
        }
    }
}

impl ValidCrossScene {
    /// Parses and checks a scene: its rules, a FEN4 with `player` to move, valid squares, and a
    /// solution of legal turns (the replies among them) that meets the success condition.
    pub fn load(name: &str, text: &str) -> Result<ValidCrossScene, SceneError> {
        let file = format!("scenes/four-player/{name}.ron");
        let scene: CrossScene = parse_ron(&file, text)?;
        let kind: RuleKind = scene.rules.parse().map_err(|e| SceneError::field(&file, "rules", e))?;
        let rules = Rules::new(kind);
        let position = match scene.fen4.as_str() {
            "modern" => Setup::Modern.position(),
            "classic" => Setup::Classic.position(),
            fen => Position::from_fen4(fen).map_err(|e| SceneError::field(&file, "fen4", e))?,
        };
        let player = seat_named(&scene.player).ok_or_else(|| {
            SceneError::field(
                &file,
                "player",
                format!("'{}' must be Red, Blue, Yellow or Green", scene.player),
            )
        })?;
        let start = Game::new(rules, position.clone());
        if start.outcome().is_some() || start.position().turn != player {
            return Err(SceneError::field(
                &file,
                "player",
                format!("{} is not to move in the FEN4", player.name()),
            ));
        }
        let highlight = check_task::<CrossScenes>(&file, &scene.task(), &scene.highlight, &start)?;
        if let Reply::Computer(level) = &scene.reply {
            crate::four_player::ai::levels::find(level).map_err(|e| SceneError::field(&file, "reply", e))?;
        }
        let mut valid = ValidCrossScene {
            name: name.to_string(),
            scene,
            rules,
            position,
            player,
            highlight,
            solution: Vec::new(),
            start: start.clone(),
        };
        let mut game = start.clone();
        let mut replies = 0;
        for (ply, text) in valid.scene.solution.iter().enumerate() {
            let mover = game.position().turn;
            let mv = move_in(&game, text).map_err(|e| SceneError::solution_move(&file, ply, e))?;
            if mover != player {
                if let Reply::Moves(_) = valid.scene.reply
                    && valid.reply(replies, &game) != Some(mv)
                {
                    return Err(SceneError::solution_move(
                        &file,
                        ply,
                        format!(
                            "{} is not reply {} of `reply`",
                            format_move(game.position(), mv),
                            replies + 1
                        ),
                    ));
                }
                replies += 1;
            }
            game.play(Turn::Move(mv))
                .map_err(|e| SceneError::solution_move(&file, ply, e))?;
            valid.solution.push(mv);
        }
        let first = valid.solution.first().copied();
        valid
            .scene
            .task()
            .check_solution::<CrossScenes>(&file, &start, player, first, &game)?;
        Ok(valid)
    }

    /// The game at the scene's start.
    pub fn start(&self) -> Game {
        self.start.clone()
    }

    /// Whether the scene lets the player make this (legal) move in `game`, the scene's game so
    /// far: `Moves` and `PiecesOn` bind the player's first move only.
    pub fn allows_in(&self, game: &Game, mv: Move) -> bool {
        let players_first = !game.turns().iter().any(|t| t.seat == self.player);
        !players_first || self.allows(mv)
    }

    fn allows(&self, mv: Move) -> bool {
        self.scene.task().allows::<CrossScenes>(&self.start, mv)
    }

    /// Whether the game, after the player's move `mv` as the player's move number `ply` (0 =
    /// the first), completes the scene.
    pub fn succeeds(&self, mv: Move, ply: usize, after: &Game) -> bool {
        self.scene
            .task()
            .succeeds::<CrossScenes>(&self.start, self.player, mv, ply, after)
    }

    /// Reply number `index` (0 = the first) of a scripted scene, in `game`'s position.
    pub fn reply(&self, index: usize, game: &Game) -> Option<Move> {
        match &self.scene.reply {
            Reply::Moves(moves) => moves.get(index).and_then(|m| move_in(game, m).ok()),
            _ => None,
        }
    }

    /// The explanation for a tempting wrong move, if the scene has one.
    pub fn mistake(&self, from: Square, to: Square) -> Option<&str> {
        self.scene.task().mistake::<CrossScenes>(from, to)
    }
}

/// Every built-in scene, checked (in order).
pub fn cross_scenes() -> Vec<Result<ValidCrossScene, SceneError>> {
    CROSS_SCENES
        .iter()
        .map(|(name, text)| ValidCrossScene::load(name, text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str) -> ValidCrossScene {
        let (_, text) = CROSS_SCENES.iter().find(|(n, _)| *n == name).unwrap();
        ValidCrossScene::load(name, text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_built_in_scene_loads_and_links_to_the_next() {
        let scenes: Vec<ValidCrossScene> = cross_scenes()
            .into_iter()
            .map(|s| s.unwrap_or_else(|e| panic!("{e}")))
            .collect();
        assert!(scenes.len() >= 4);
        for pair in scenes.windows(2) {
            assert_eq!(pair[0].scene.next.as_deref(), Some(pair[1].name.as_str()));
        }
        assert_eq!(scenes.last().unwrap().scene.next, None);
        let kinds: Vec<RuleKind> = scenes.iter().map(|s| s.rules.kind).collect();
        for kind in [RuleKind::Ffa, RuleKind::Teams, RuleKind::Club] {
            assert!(kinds.contains(&kind), "a scene under {kind:?}");
        }
    }

    #[test]
    fn every_scene_folder_file_is_built_in() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/four-player");
        let mut files: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let built_in: Vec<String> = CROSS_SCENES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(files, built_in);
    }

    #[test]
    fn the_points_scene_rewards_the_queen_and_explains_the_grey_rook() {
        let scene = load("02-points");
        let start = scene.start();
        let queen = move_in(&start, "Qg5xQd8").unwrap();
        let mut after = start.clone();
        after.play(Turn::Move(queen)).unwrap();
        assert_eq!(after.position().points[Seat::Red.index()], 12 + 9);
        assert!(scene.succeeds(queen, 0, &after));
        let grey = move_in(&start, "Qg5xRg10").unwrap();
        let mut took_grey = start.clone();
        took_grey.play(Turn::Move(grey)).unwrap();
        assert_eq!(
            took_grey.position().points[Seat::Red.index()],
            12,
            "grey scores nothing"
        );
        assert!(!scene.succeeds(grey, 0, &took_grey));
        assert!(scene.mistake(grey.from, grey.to).unwrap().contains("grey"));
        assert!(scene.allows_in(&start, grey), "a wrong move may be tried");
        let king = move_in(&start, "Kh1-i1").unwrap();
        assert!(!scene.allows_in(&start, king), "only the queen moves here");
    }

    #[test]
    fn the_mates_take_effect_as_each_rule_set_says() {
        // FFA: the mated seat is out at once, +20.
        let ffa = load("03-mate-scores-twenty");
        let mut game = ffa.start();
        game.play(Turn::Move(ffa.solution[0])).unwrap();
        assert_eq!(game.exit(Seat::Green), Some(Exit::Mated));
        assert_eq!(game.position().points[Seat::Red.index()], 20);
        // Teams: Blue is mated on its own turn, which comes next: Red and Yellow win.
        let teams = load("04-partners");
        let mut game = teams.start();
        game.play(Turn::Move(teams.solution[0])).unwrap();
        assert!(
            matches!(
                game.outcome(),
                Some(Outcome::Win {
                    team: Team::RedYellow,
                    ..
                })
            ),
            "{:?}",
            game.outcome()
        );
        // Club: Yellow starts frozen; taking the rook frees it.
        let club = load("05-frozen-army");
        let start = club.start();
        assert!(
            start.position().frozen[Seat::Yellow.index()],
            "Yellow is mated, so frozen"
        );
        assert!(
            !mates_an_opponent(&start, Seat::Red),
            "the frozen army is Red's partner's"
        );
        let mut game = start.clone();
        game.play(Turn::Move(club.solution[0])).unwrap();
        assert!(!game.position().frozen[Seat::Yellow.index()], "the mate is lifted");
    }

    #[test]
    fn a_broken_scene_names_its_file_and_field() {
        let (_, text) = CROSS_SCENES[1];
        let wrong_seat = text.replace("player: \"Red\"", "player: \"Purple\"");
        let e = ValidCrossScene::load("broken", &wrong_seat).unwrap_err().to_string();
        assert!(e.starts_with("scenes/four-player/broken.ron: field `player`"), "{e}");
        let not_to_move = text.replace("player: \"Red\"", "player: \"Blue\"");
        let e = ValidCrossScene::load("broken", &not_to_move).unwrap_err().to_string();
        assert!(e.contains("Blue is not to move"), "{e}");
        let bad_move = text.replace("solution: [\"Qg5xQd8\"]", "solution: [\"Qg5xQd9\"]");
        let e = ValidCrossScene::load("broken", &bad_move).unwrap_err().to_string();
        assert!(e.contains("field `solution`, move 1") && e.contains("Qg5xQd9"), "{e}");
        let wrong_answer = text.replace("solution: [\"Qg5xQd8\"]", "solution: [\"Qg5xNj5\"]");
        let e = ValidCrossScene::load("broken", &wrong_answer).unwrap_err().to_string();
        assert!(e.contains("must start with"), "{e}");
        let syntax = text.replace("rules: \"ffa\",", "rules: ffa,");
        let e = ValidCrossScene::load("broken", &syntax).unwrap_err().to_string();
        assert!(
            e.starts_with("scenes/four-player/broken.ron:") && e.contains("rules"),
            "{e}"
        );
        let rules = text.replace("rules: \"ffa\"", "rules: \"chaos\"");
        let e = ValidCrossScene::load("broken", &rules).unwrap_err().to_string();
        assert!(e.contains("field `rules`"), "{e}");
    }

    #[test]
    fn scripted_replies_must_match_the_solution() {
        let (name, text) = CROSS_SCENES[0];
        let scene = load(name);
        let mut game = scene.start();
        game.play(Turn::Move(scene.solution[0])).unwrap();
        assert_eq!(scene.reply(0, &game), Some(scene.solution[1]), "Blue's scripted answer");
        assert_eq!(scene.reply(3, &game), None, "the script has three turns");
        let disagreeing = text.replace("Moves([\"b7-d7\"", "Moves([\"b7-c7\"");
        assert_ne!(disagreeing, text);
        let e = ValidCrossScene::load("scripted", &disagreeing).unwrap_err().to_string();
        assert!(e.contains("move 2") && e.contains("reply 1"), "{e}");
    }
}
