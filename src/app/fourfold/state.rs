//! The 4D game's state in three resources: the record (`Play`, the one source of truth: the game,
//! who plays each side, how it ended, its clocks), the view of it (`GameView`: selection, focus,
//! review, a position being set up) and the tutorial's gate (`TutorialGate`); and the intents input systems send, with the
//! messages that carrying them out sends on. Entities only mirror this; nothing here reads them.

use bevy::prelude::*;

use std::fmt;

use crate::app::shell::clocks::{Clocks, TimeControl};
use crate::fourfold::ai::levels;
use crate::fourfold::editor::{Brush, Editor};
use crate::fourfold::rules::{Color, Game, Move, Outcome, Position, Setup, Square};

/// How a game on the board ended: by the rules, a player resigning, or a flag falling.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    Rules(Outcome),
    Resigned(Color),
    /// `side` ran out of time: the opponent wins, unless the opponent has only its king left
    /// (it could never mate: a draw, as over the board).
    TimedOut {
        side: Color,
        opponent_can_mate: bool,
    },
}

impl End {
    pub fn winner(self) -> Option<Color> {
        match self {
            End::Rules(outcome) => outcome.winner(),
            End::Resigned(side) => Some(side.opponent()),
            End::TimedOut {
                side,
                opponent_can_mate,
            } => opponent_can_mate.then_some(side.opponent()),
        }
    }

    /// The reason word the profile records.
    pub fn reason(self) -> &'static str {
        match self {
            End::Rules(outcome) => outcome.reason(),
            End::Resigned(_) => "resignation",
            End::TimedOut { .. } => "time",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Rules(outcome) => write!(f, "{outcome}"),
            End::Resigned(side) => write!(f, "{} resigned: {} wins", side.name(), side.opponent().name()),
            End::TimedOut {
                side,
                opponent_can_mate: true,
            } => write!(f, "{} ran out of time: {} wins", side.name(), side.opponent().name()),
            End::TimedOut { side, .. } => write!(
                f,
                "{} ran out of time, but {} has only a king: a draw",
                side.name(),
                side.opponent().name()
            ),
        }
    }
}

/// Who moves a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    /// A computer level, by index into `ai::LEVELS`.
    Computer(usize),
}

/// The game record, the one source of truth: the game, who plays each side, how it ended, its
/// clocks, whether it counts for the rating. What is selected, focused or reviewed is the view of
/// it (`GameView`), and the tutorial's restriction is its own gate (`TutorialGate`).
#[derive(Resource)]
pub struct Play {
    pub game: Game,
    pub seats: [Seat; 2],
    /// Bumped on every change of the game, so mirrors and the view know to follow.
    pub generation: u64,
    /// Which game this is (bumped by every restart): the computer keeps one player, with its
    /// hash table and history, for a whole game.
    pub game_number: u64,
    /// A move just played, for the animation: (from, to).
    pub last_played: Option<Move>,
    /// Whether this game against the computer counts for the player's rating.
    pub rated: bool,
    /// The position comes from a tutorial scene: a study, not a game, so the profile skips it.
    pub study: bool,
    /// The side that resigned, if one did (the game's rules know nothing of it).
    pub resigned: Option<Color>,
    /// Both sides' clocks (White, Black) when the game has a time control; they start with
    /// the first move.
    pub clocks: Option<Clocks>,
    /// The side whose flag fell, if one did.
    pub timed_out: Option<Color>,
}

impl Play {
    pub fn new(start: Position, seats: [Seat; 2]) -> Play {
        Play {
            game: Game::new(start),
            seats,
            generation: 0,
            game_number: 0,
            last_played: None,
            rated: false,
            study: false,
            resigned: None,
            clocks: None,
            timed_out: None,
        }
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        let position = self.game.position();
        self.resigned
            .map(End::Resigned)
            .or_else(|| {
                self.timed_out.map(|side| End::TimedOut {
                    side,
                    opponent_can_mate: position.pieces_of(side.opponent()).count() > 1,
                })
            })
            .or_else(|| self.game.outcome().map(End::Rules))
    }

    /// Gives the game clocks under `control` (`None`: none); they start with the first move.
    pub fn set_clocks(&mut self, control: Option<TimeControl>) {
        self.clocks = control.map(|c| Clocks::new(c, 2));
    }

    /// `elapsed_ms` passed on the side to move's clock; when its flag falls the game ends.
    pub fn run_clocks(&mut self, elapsed_ms: f64) {
        if self.end().is_some() {
            return;
        }
        let Some(fallen) = self.clocks.as_mut().and_then(|c| c.tick(elapsed_ms)) else {
            return;
        };
        let side = self.game.position().side_to_move();
        if fallen == side.index() {
            self.timed_out = Some(side);
            self.generation += 1;
        }
    }

    /// The human to move, if the game goes on and a human has the turn (shown or not).
    pub fn human_on_turn(&self) -> Option<Color> {
        let side = self.game.position().side_to_move();
        (self.end().is_none() && self.seats[side.index()] == Seat::Human).then_some(side)
    }

    /// Whether the player may resign: a game against the computer that goes on, not a study.
    pub fn can_resign(&self) -> bool {
        let human = self.seats.contains(&Seat::Human);
        let computer = self.seats.iter().any(|s| matches!(s, Seat::Computer(_)));
        human && computer && !self.study && self.end().is_none()
    }

    /// The human side gives the game up: the computer wins.
    pub fn resign(&mut self) {
        if self.can_resign() {
            self.resigned = Some(self.player_color());
            if let Some(clocks) = self.clocks.as_mut() {
                clocks.stop();
            }
            self.generation += 1;
        }
    }

    /// Who plays `side`, as the status line says it: "you" or "the computer (strong)".
    pub fn seat_name(&self, side: Color) -> String {
        match self.seats[side.index()] {
            Seat::Human => "you".to_string(),
            Seat::Computer(level) => format!("the computer ({})", crate::fourfold::ai::LEVELS[level].name),
        }
    }

    /// The colour the (first) human plays: White unless only Black is human.
    pub fn player_color(&self) -> Color {
        if self.seats[0] != Seat::Human && self.seats[1] == Seat::Human {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether this is a rated game still in progress (leaving it counts as a loss), whether
    /// or not an earlier position is under review.
    pub fn rated_in_progress(&self) -> bool {
        self.rated && !self.game.moves().is_empty() && self.end().is_none()
    }

    /// Gives up the rated game in progress: it is returned as abandoned (a loss, for the
    /// profile) and the game goes on unrated.
    pub fn abandon_rated(&mut self) -> Option<Abandoned> {
        let abandoned = self.rated_in_progress().then(|| Abandoned {
            game: self.game.clone(),
            seats: self.seats,
        });
        self.rated = false;
        abandoned
    }

    /// Starts over from `start`, unrated; a rated game in progress is returned as abandoned.
    pub fn restart(&mut self, start: Position, seats: [Seat; 2]) -> Option<Abandoned> {
        let generation = self.generation + 1;
        let game_number = self.game_number + 1;
        let abandoned = self.abandon_rated();
        *self = Play::new(start, seats);
        self.generation = generation;
        self.game_number = game_number;
        abandoned
    }

    /// Plays a legal move and records it for the animation.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        let mover = self.game.position().side_to_move();
        self.game.play(mv).map_err(|e| e.to_string())?;
        if let Some(clocks) = self.clocks.as_mut() {
            if self.game.outcome().is_some() {
                clocks.stop();
            } else {
                clocks.moved(mover.index(), mover.opponent().index());
            }
        }
        self.last_played = Some(mv);
        self.generation += 1;
        Ok(())
    }

    /// Takes back moves until a human is to move again (or the start is reached). Not in a
    /// rated game: a move played there stands (the refusal comes back).
    pub fn undo(&mut self) -> Option<String> {
        if self.rated {
            return Some("Moves cannot be taken back in a rated game.".into());
        }
        if self.timed_out.is_some() {
            return Some("A game lost on time stays lost: start a new game.".into());
        }
        if self.resigned.take().is_some() {
            self.generation += 1;
        }
        // At the start there is nothing to take back (and nothing to complain about).
        if self.game.undo().is_some() {
            while self.human_on_turn().is_none() && self.game.outcome().is_none() {
                if self.game.undo().is_none() {
                    break;
                }
            }
            self.last_played = None;
            self.generation += 1;
            // Taking moves back leaves the clocks as they stand, on the side to move.
            let side = self.game.position().side_to_move();
            if let Some(clocks) = self.clocks.as_mut()
                && clocks.running().is_some()
            {
                clocks.start(side.index());
            }
        }
        None
    }
}

impl Default for Play {
    fn default() -> Self {
        let level = levels::index(levels::FIRST_GAME_LEVEL).unwrap_or(0);
        Play::new(Setup::Classic.position(), [Seat::Human, Seat::Computer(level)])
    }
}

/// The view of the game: the selected piece and its moves, the keyboard's square, the position
/// under review. It belongs to one state of the game (`Play::generation`): when the game moves
/// on, the selection is cleared and a review ends (`follow`); the keyboard's square stays.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct GameView {
    /// The square whose piece is selected, and that piece's legal moves.
    pub selected: Option<Square>,
    pub targets: Vec<Move>,
    /// Keyboard focus, and the last square focused (Tab returns there).
    pub focus: Option<Square>,
    pub last_focus: Option<Square>,
    /// When reviewing an earlier position: how many plies into the game.
    pub review: Option<usize>,
    /// A position being set up by hand, shown instead of the game (which waits).
    pub editing: Option<Editor>,
    /// Stepping through the analysis' best line: the board shows the position that many plies
    /// into it (the game waits, as under review).
    pub line: Option<LinePreview>,
    /// The game generation this view was made for.
    generation: u64,
}

/// What the pieces on the board stand for (`GameView::shown_key`).
pub type ShownKey = (u64, Option<usize>, Option<u64>, Option<usize>);

/// The analysis' best line played on the board up to a ply: its moves from the position under
/// it, and how many are shown (from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct LinePreview {
    pub moves: Vec<Move>,
    pub shown: usize,
}

/// What a click or Enter on a square did.
#[derive(Clone, Debug, PartialEq)]
pub enum Activation {
    /// The selected piece moved there, or the game refused the move (the reason).
    Moved(Result<(), String>),
    /// The selection changed (or was cleared); `attempt` is a move to a square that was not lit,
    /// tried while a piece was selected (a tutorial explains it).
    Selected { attempt: Option<Move> },
}

impl GameView {
    /// After a change of the game: the selection goes and a review ends.
    pub fn follow(&mut self, play: &Play) {
        if self.is_behind(play) {
            self.clear_selection();
            self.review = None;
            self.editing = None;
            self.line = None;
            self.generation = play.generation;
        }
    }

    /// Whether the board shows the game as it stands: no review, no position being set up, no
    /// line being stepped through.
    pub fn shows_the_game(&self) -> bool {
        self.review.is_none() && self.editing.is_none() && self.line.is_none()
    }

    /// What the pieces on the board stand for: the game's generation, the ply under review, the
    /// set-up position's version and the plies of the analysis' line shown (the board rebuilds
    /// when it changes).
    pub fn shown_key(&self, play: &Play) -> ShownKey {
        (
            play.generation,
            self.review,
            self.editing.as_ref().map(Editor::version),
            self.line.as_ref().map(|line| line.shown),
        )
    }

    /// Shows the analysis' best line `moves` (from the position shown under it) up to `shown`
    /// plies; 0, or no moves: the position itself again. Not while a position is set up.
    pub fn show_line(&mut self, play: &Play, moves: Vec<Move>, shown: usize) {
        self.follow(play);
        if self.editing.is_some() {
            return;
        }
        self.clear_selection();
        let shown = shown.min(moves.len());
        self.line = (shown > 0).then_some(LinePreview { moves, shown });
    }

    /// Carries out an editor's request (`Edit::Start` opens it on the position shown).
    pub fn edit(&mut self, play: &Play, edit: Edit) {
        self.follow(play);
        if self.editing.is_none() {
            if edit == Edit::Start {
                self.editing = Some(Editor::new(self.shown_position(play)));
                self.review = None;
                self.line = None;
                self.clear_selection();
            }
            return;
        }
        let Some(editor) = self.editing.as_mut() else { return };
        match edit {
            // Already open.
            Edit::Start => {}
            Edit::Stop => self.editing = None,
            Edit::Brush(brush) => editor.brush = brush,
            Edit::Erase(square) => editor.erase(square),
            Edit::Side(side) => editor.set_side_to_move(side),
            Edit::Clear => editor.clear(),
            Edit::Reset(setup) => editor.reset(setup),
        }
    }

    /// Whether the view is stale (the game changed since it was made).
    pub fn is_behind(&self, play: &Play) -> bool {
        self.generation != play.generation
    }

    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.targets.clear();
    }

    /// Shows the position after `ply` plies (`None`: the game as it stands).
    pub fn review(&mut self, play: &Play, ply: Option<usize>) {
        self.follow(play);
        self.review = ply.filter(|&p| p < play.game.moves().len());
        self.line = None;
        self.clear_selection();
    }

    /// Whether the game on the board goes on and is shown as it stands (not under review).
    pub fn is_live(&self, play: &Play) -> bool {
        self.shows_the_game() && play.end().is_none()
    }

    /// The human to move, if it is a human's turn in a live (not reviewed, not finished) game.
    pub fn human_to_move(&self, play: &Play) -> Option<Color> {
        play.human_on_turn().filter(|_| self.shows_the_game())
    }

    /// The status panel's and the page's first line: the position under review, the end, or
    /// whose turn it is.
    pub fn headline(&self, play: &Play) -> String {
        if self.editing.is_some() {
            return "Setting up a position".to_string();
        }
        if let Some(line) = &self.line {
            return format!(
                "The analysis' line, ply {} of {} (Escape returns)",
                line.shown,
                line.moves.len()
            );
        }
        if let Some(ply) = self.review {
            return format!("Reviewing the position after ply {ply}");
        }
        match play.end() {
            Some(end) => format!("Game over: {end}"),
            None => {
                let side = play.game.position().side_to_move();
                format!("{} to move ({})", side.name(), play.seat_name(side))
            }
        }
    }

    /// The move that led to the position on display (the reviewed ply's, or the game's last).
    pub fn shown_last_move(&self, play: &Play) -> Option<Move> {
        if self.editing.is_some() {
            return None;
        }
        if let Some(line) = &self.line {
            return line.moves.get(line.shown - 1).copied();
        }
        let moves = play.game.moves();
        let shown = self.review.unwrap_or(moves.len());
        shown.checked_sub(1).and_then(|i| moves.get(i)).copied()
    }

    /// The position on display: the game's, or an earlier one under review, and the analysis'
    /// line played on it as far as it is stepped.
    pub fn shown_position(&self, play: &Play) -> Position {
        if let Some(editor) = &self.editing {
            return editor.position().clone();
        }
        let mut position = match self.review {
            Some(ply) => play.game.position_after(ply),
            None => play.game.position().clone(),
        };
        for &mv in self.line.iter().flat_map(|line| &line.moves[..line.shown]) {
            if !position.is_legal(mv) {
                break;
            }
            position.make(mv);
        }
        position
    }

    /// What a square holds ("a1[0,0]: White rook") and, when the selected piece can move there,
    /// the move and what it changes ("Ra1@00-a1@01: changes W: rook-type").
    pub fn square_readout(&self, play: &Play, square: Square) -> (String, Option<String>) {
        let piece = self.shown_position(play).piece_at(square);
        let what = piece.map_or("empty".to_string(), |p| format!("{} {}", p.color.name(), p.kind.name()));
        let target = self.targets.iter().find(|m| m.to == square).map(|&mv| {
            format!(
                "{}: {}",
                crate::fourfold::rules::lan::format_move(play.game.position(), mv),
                crate::fourfold::rules::reach::describe_change(mv)
            )
        });
        (format!("{square}: {what}"), target)
    }

    /// Clicking or pressing Enter on a square: select one's own piece (its moves filtered by
    /// the tutorial's gate), move the selected piece to a lit square, or clear.
    pub fn activate(&mut self, play: &mut Play, gate: &mut TutorialGate, square: Square) -> Activation {
        self.follow(play);
        if let Some(editor) = self.editing.as_mut() {
            editor.apply(square);
            return Activation::Selected { attempt: None };
        }
        let Some(side) = self.human_to_move(play) else {
            self.clear_selection();
            return Activation::Selected { attempt: None };
        };
        if let Some(mv) = self.targets.iter().copied().find(|m| m.to == square) {
            let played = play.play(mv);
            gate.lift();
            self.follow(play);
            return Activation::Moved(played);
        }
        let attempt = self
            .selected
            .filter(|&from| from != square)
            .map(|from| Move::new(from, square));
        let own = play.game.position().piece_at(square).is_some_and(|p| p.color == side);
        if own && self.selected != Some(square) {
            self.selected = Some(square);
            self.targets = play
                .game
                .position()
                .legal_moves_from(square)
                .iter()
                .copied()
                .filter(|&m| gate.allows(play, m))
                .collect();
        } else {
            self.clear_selection();
        }
        Activation::Selected { attempt }
    }
}

/// A tutorial task's restriction: the only moves the player may make next, in the game it was
/// set for (a new game lifts it, and so does the player's next move).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct TutorialGate {
    /// The game (`Play::game_number`) and the moves it allows there.
    allowed: Option<(u64, Vec<Move>)>,
}

impl TutorialGate {
    /// Restricts the player's next move in the game now on the board (`None`: any legal move).
    pub fn set(&mut self, play: &Play, allowed: Option<Vec<Move>>) {
        self.allowed = allowed.map(|moves| (play.game_number, moves));
    }

    pub fn lift(&mut self) {
        self.allowed = None;
    }

    /// Whether the player may play `mv` in the game on the board.
    pub fn allows(&self, play: &Play, mv: Move) -> bool {
        match &self.allowed {
            Some((game, moves)) if *game == play.game_number => moves.contains(&mv),
            _ => true,
        }
    }
}

/// What input asks of the game; the `apply_intents` system carries it out.
#[derive(Message, Clone, Debug)]
pub enum Intent {
    Activate(Square),
    ClearSelection,
    Undo,
    NewGame {
        start: Box<Position>,
        seats: [Seat; 2],
        /// Counts for the player's rating (against the computer only).
        rated: bool,
        /// The time control (`None`: no clocks).
        clock: Option<TimeControl>,
    },
    /// An imported or saved game (its moves already validated), for two players to review or go on.
    LoadGame(Box<Game>),
    Review(Option<usize>),
    /// Shows the analysis' best line on the board up to a ply (0: the position under it).
    ShowLine {
        moves: Vec<Move>,
        shown: usize,
    },
    /// The player asks to resign (a confirmation follows).
    Resign,
    /// The position editor: open it, change the position, close it.
    Edit(Edit),
    /// The player agreed to leave the rated game in progress (a loss) for what `PendingLeave`
    /// holds; or changed their mind.
    ConfirmLeave,
    CancelLeave,
}

/// What the position editor is asked: a click with the brush in hand is `Intent::Activate`.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Opens the editor on the position shown.
    Start,
    /// Closes it: the board shows the game again.
    Stop,
    Brush(Brush),
    /// Empties a square (right-click, Delete).
    Erase(Square),
    Side(Color),
    Clear,
    Reset(Setup),
}

/// Something the status panel must say: a refused move or undo, a bad address, the computer's
/// move refused. It shows until the game changes.
#[derive(Message, Clone, Debug)]
pub struct Notice(pub String);

/// The last notice and the game generation it belongs to (it is shown while that lasts).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ShownNotice(pub Option<(String, u64)>);

impl ShownNotice {
    /// The notice to show now, if it still belongs to the game as it stands.
    pub fn current(&self, play: &Play) -> Option<&str> {
        self.0
            .as_ref()
            .filter(|(_, generation)| *generation == play.generation)
            .map(|(text, _)| text.as_str())
    }
}

/// The side to move's time runs; a fallen flag ends the game.
fn run_clocks(mut play: ResMut<Play>, time: Res<Time>) {
    play.run_clocks(f64::from(time.delta_secs()) * 1000.0);
}

/// Keeps the latest notice, tied to the game's generation when it arrived.
fn show_notices(mut notices: MessageReader<Notice>, play: Res<Play>, mut shown: ResMut<ShownNotice>) {
    if let Some(Notice(text)) = notices.read().last() {
        shown.0 = Some((text.clone(), play.generation));
    }
}

/// A rated game left unfinished (a new game, an import, a scene, leaving on purpose): the profile
/// records it as a loss.
#[derive(Message, Clone, Debug)]
pub struct Abandoned {
    pub game: Game,
    pub seats: [Seat; 2],
}

/// Opens a tutorial scene by name (`scenes/<name>.ron`).
#[derive(Message, Clone, Debug)]
pub struct OpenScene(pub String);

/// What would leave the rated game in progress, held until the player confirms: leaving counts
/// as a loss, so it is never done silently.
#[derive(Resource, Default, Clone, Debug)]
pub struct PendingLeave(pub Option<Leaving>);

#[derive(Clone, Debug)]
pub enum Leaving {
    Game(Intent),
    Scene(String),
    /// Resigning the game against the computer.
    Resign,
}

impl Intent {
    /// Whether carrying this out ends the game on the board.
    fn leaves_the_game(&self) -> bool {
        matches!(self, Intent::NewGame { .. } | Intent::LoadGame(_))
    }
}

/// In an explorer scene (set by the tutorial): target markers show the selected piece's whole
/// reach, a pawn's capture squares included though nothing stands there to capture.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ShowWholeReach(pub bool);

/// A move tried to a square that was not lit while a piece was selected (a tutorial explains it).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Attempted(pub Move);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Play>()
        .init_resource::<GameView>()
        .init_resource::<TutorialGate>()
        .init_resource::<PendingLeave>()
        .init_resource::<ShowWholeReach>()
        .add_message::<Intent>()
        .add_message::<OpenScene>()
        .add_message::<Abandoned>()
        .add_message::<Notice>()
        .add_message::<Attempted>()
        .init_resource::<ShownNotice>()
        .add_systems(
            Update,
            (
                show_notices.after(crate::app::AppSystems::Turns),
                apply_intents.in_set(crate::app::AppSystems::Apply),
                run_clocks
                    .after(crate::app::AppSystems::Apply)
                    .run_if(|play: Res<Play>| play.clocks.as_ref().is_some_and(|c| c.running().is_some())),
                view_follows_the_game
                    .after(crate::app::AppSystems::Turns)
                    .before(crate::app::AppSystems::Mirror)
                    .run_if(resource_changed::<Play>),
            )
                .run_if(in_state(crate::app::Mode::Fourfold)),
        );
}

/// The game moved on (the computer's move, a fallen flag, a scene's reply): the selection made
/// for the position before goes, and so does a review.
fn view_follows_the_game(play: Res<Play>, mut view: ResMut<GameView>) {
    if view.is_behind(&play) {
        view.follow(&play);
    }
}

/// What carrying out intents sends on.
#[derive(bevy::ecs::system::SystemParam)]
struct IntentOutcomes<'w> {
    scenes: MessageWriter<'w, OpenScene>,
    abandoned: MessageWriter<'w, Abandoned>,
    notices: MessageWriter<'w, Notice>,
    attempts: MessageWriter<'w, Attempted>,
}

fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut play: ResMut<Play>,
    mut view: ResMut<GameView>,
    mut gate: ResMut<TutorialGate>,
    mut pending: ResMut<PendingLeave>,
    mut out: IntentOutcomes,
) {
    for intent in intents.read() {
        if intent.leaves_the_game() && play.rated_in_progress() {
            pending.0 = Some(Leaving::Game(intent.clone()));
            continue;
        }
        let intent = match intent.clone() {
            Intent::ConfirmLeave => match pending.0.take() {
                Some(Leaving::Resign) => {
                    play.resign();
                    continue;
                }
                Some(leaving) => {
                    out.abandoned.write_batch(play.abandon_rated());
                    match leaving {
                        Leaving::Game(intent) => intent,
                        Leaving::Scene(name) => {
                            out.scenes.write(OpenScene(name));
                            continue;
                        }
                        Leaving::Resign => continue,
                    }
                }
                None => continue,
            },
            Intent::Resign => {
                if play.can_resign() {
                    pending.0 = Some(Leaving::Resign);
                }
                continue;
            }
            Intent::CancelLeave => {
                pending.0 = None;
                continue;
            }
            other => other,
        };
        match intent {
            // A click on the board while stepping through a line brings the position back.
            Intent::Activate(_) if view.line.is_some() => view.line = None,
            Intent::Activate(square) => match view.activate(&mut play, &mut gate, square) {
                Activation::Moved(Err(refused)) => {
                    out.notices.write(Notice(refused));
                }
                Activation::Selected { attempt: Some(mv) } => {
                    out.attempts.write(Attempted(mv));
                }
                Activation::Moved(Ok(())) | Activation::Selected { attempt: None } => {}
            },
            Intent::ClearSelection => view.clear_selection(),
            Intent::Undo => {
                out.notices.write_batch(play.undo().map(Notice));
            }
            Intent::NewGame {
                start,
                seats,
                rated,
                clock,
            } => {
                // Rated: against the computer, never from the full setup (a forced win for
                // White).
                let ratable = Setup::of(&start).is_none_or(Setup::may_be_rated);
                out.abandoned.write_batch(play.restart(*start, seats));
                play.rated = rated && ratable && seats.iter().any(|s| matches!(s, Seat::Computer(_)));
                play.set_clocks(clock);
            }
            Intent::LoadGame(game) => {
                out.abandoned
                    .write_batch(play.restart(game.start().clone(), [Seat::Human, Seat::Human]));
                play.game = *game;
            }
            // While a position is set up, the arrows keys that would review do nothing.
            Intent::Review(_) if view.editing.is_some() => {}
            Intent::Review(ply) => view.review(&play, ply),
            Intent::Edit(edit) => view.edit(&play, edit),
            Intent::ShowLine { moves, shown } => view.show_line(&play, moves, shown),
            Intent::ConfirmLeave | Intent::CancelLeave | Intent::Resign => {}
        }
        view.follow(&play);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(fen: &str, control: TimeControl) -> Play {
        let mut play = Play::new(Position::from_fen(fen).unwrap(), [Seat::Human, Seat::Human]);
        play.set_clocks(Some(control));
        play
    }

    fn first_move(play: &mut Play) {
        let mv = play.game.position().legal_moves().as_slice()[0];
        play.play(mv).unwrap();
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_view_follows_the_game_and_the_gate_holds_for_one_move_of_one_game() {
        let mut play = Play::new(Setup::Classic.position(), [Seat::Human, Seat::Computer(0)]);
        let (mut view, mut gate) = (GameView::default(), TutorialGate::default());
        let only = Move::new(sq("a1@00"), sq("a1@01"));
        gate.set(&play, Some(vec![only]));
        assert_eq!(
            view.activate(&mut play, &mut gate, sq("a1@00")),
            Activation::Selected { attempt: None }
        );
        assert_eq!(view.targets, vec![only], "the gate filters the lit moves");
        // A click on a square that is not lit is an attempt, and clears the selection.
        let tried = Activation::Selected {
            attempt: Some(Move::new(sq("a1@00"), sq("c3@00"))),
        };
        assert_eq!(view.activate(&mut play, &mut gate, sq("c3@00")), tried);
        assert_eq!(view.selected, None);
        view.activate(&mut play, &mut gate, sq("a1@00"));
        assert_eq!(
            view.activate(&mut play, &mut gate, sq("a1@01")),
            Activation::Moved(Ok(()))
        );
        assert!(
            gate.allows(&play, Move::new(sq("b1@00"), sq("b2@00"))),
            "the move lifted the gate"
        );
        assert!(!view.is_behind(&play), "the mover's view is the game's");

        // The game changes under a view (a flag, a resignation, the computer): the selection
        // and the review go, the keyboard's square stays.
        let mut play = Play::new(Setup::Classic.position(), [Seat::Human, Seat::Computer(0)]);
        let mut view = GameView::default();
        play.play(Move::new(sq("a1@00"), sq("a1@01"))).unwrap();
        view.review(&play, Some(0));
        view.focus = Some(sq("b2@00"));
        view.selected = Some(sq("b2@00"));
        play.resign();
        assert!(view.is_behind(&play));
        view.follow(&play);
        assert_eq!(
            (view.review, view.selected, view.focus),
            (None, None, Some(sq("b2@00")))
        );
        assert_eq!(view.human_to_move(&play), None, "a resigned game has no move");

        // A gate set in one game does not reach the next.
        let mut gate = TutorialGate::default();
        gate.set(&play, Some(Vec::new()));
        assert!(!gate.allows(&play, only));
        let _ = play.restart(Setup::Classic.position(), [Seat::Human, Seat::Human]);
        assert!(gate.allows(&play, only));
    }

    #[test]
    fn review_is_the_view_not_the_game() {
        let mut play = Play::new(Setup::Classic.position(), [Seat::Human, Seat::Human]);
        let mut view = GameView::default();
        play.play(Move::new(sq("a1@00"), sq("a1@01"))).unwrap();
        let generation = play.generation;
        view.review(&play, Some(0));
        assert_eq!(play.generation, generation, "reviewing leaves the game as it is");
        assert_eq!(view.shown_position(&play), Setup::Classic.position());
        assert_eq!(view.shown_last_move(&play), None);
        assert_eq!(view.headline(&play), "Reviewing the position after ply 0");
        assert!(!view.is_live(&play) && view.human_to_move(&play).is_none());
        view.review(&play, Some(1));
        assert_eq!(view.review, None, "the last ply is the game itself");
        assert_eq!(view.human_to_move(&play), Some(Color::Black));
    }

    #[test]
    fn a_fallen_flag_loses_the_game_on_time() {
        let mut play = Play::new(Setup::Classic.position(), [Seat::Human, Seat::Human]);
        play.set_clocks(Some(TimeControl::new(1, 2)));
        play.run_clocks(30_000.0);
        assert_eq!(
            play.clocks.as_ref().unwrap().left_ms(0),
            60_000.0,
            "no clock before the first move"
        );
        first_move(&mut play);
        let clocks = play.clocks.as_ref().unwrap();
        assert_eq!(clocks.running(), Some(Color::Black.index()));
        assert_eq!(clocks.left_ms(0), 62_000.0, "White's increment");
        play.run_clocks(59_000.0);
        assert!(play.end().is_none());
        play.run_clocks(2_000.0);
        let end = play.end().expect("Black's flag fell");
        assert_eq!(end.winner(), Some(Color::White));
        assert_eq!(end.reason(), "time");
        assert_eq!(end.to_string(), "Black ran out of time: White wins");
        assert!(play.human_on_turn().is_none());
        assert!(
            play.undo().unwrap().contains("lost on time"),
            "a loss on time is not taken back"
        );
    }

    #[test]
    fn running_out_against_a_lone_king_is_a_draw() {
        // White has king and queen, Black a bare king: Black's flag is White's win, White's a draw.
        let fen = "4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1";
        let mut play = timed(fen, TimeControl::new(1, 0));
        play.clocks.as_mut().unwrap().start(Color::White.index());
        play.run_clocks(61_000.0);
        let end = play.end().unwrap();
        assert_eq!(end.winner(), None);
        assert!(end.to_string().contains("only a king: a draw"), "{end}");
        let mut play = timed(fen, TimeControl::new(1, 0));
        first_move(&mut play);
        play.run_clocks(61_000.0);
        assert_eq!(play.end().unwrap().winner(), Some(Color::White));
    }

    #[test]
    fn the_end_of_the_game_stops_the_clocks() {
        let mut play = Play::new(Setup::Classic.position(), [Seat::Human, Seat::Human]);
        play.set_clocks(None);
        assert!(play.clocks.is_none());
        play.run_clocks(1e9);
        assert!(play.end().is_none(), "no clocks: no flag");
        play.set_clocks(Some(TimeControl::new(1, 0)));
        first_move(&mut play);
        play.resigned = Some(Color::Black);
        play.run_clocks(1e9);
        assert!(
            matches!(play.end(), Some(End::Resigned(Color::Black))),
            "{:?}",
            play.end()
        );
    }
}
