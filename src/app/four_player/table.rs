//! The four-player game on the table, the one source of truth of the mode: the game, who sits at
//! each seat, the selection and keyboard focus, review, a promotion waiting for its piece, and the
//! intents that input sends. Entities only mirror this; nothing here reads them.

use bevy::prelude::*;

use crate::app::shell::clocks::{Clocks, TimeControl};
use crate::four_player::ai::LEVELS;
use crate::four_player::game::Played;
use crate::four_player::{Game, Move, MoveKind, PieceKind, Position, RuleKind, Rules, Seat, Setup, Square, Turn};

/// Who sits at a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    Human,
    /// A computer level, by index into `four_player::ai::LEVELS`.
    Computer(usize),
}

impl Sitter {
    /// "you" when one human plays, "a player" among several, or the computer and its level.
    pub fn describe(self, humans: usize) -> String {
        match self {
            Sitter::Human if humans > 1 => "a player".to_string(),
            Sitter::Human => "you".to_string(),
            Sitter::Computer(level) => format!("computer, {}", LEVELS[level.min(LEVELS.len() - 1)].name),
        }
    }
}

/// The default table: the player as Red against three computers of the default level.
pub fn default_sitters() -> [Sitter; 4] {
    let level = crate::four_player::ai::levels::index(FIRST_GAME_LEVEL).unwrap_or(0);
    [
        Sitter::Human,
        Sitter::Computer(level),
        Sitter::Computer(level),
        Sitter::Computer(level),
    ]
}

pub use crate::four_player::ai::levels::FIRST_GAME_LEVEL;

/// Everything the table shows and plays.
#[derive(Resource)]
pub struct Table {
    pub game: Game,
    pub sitters: [Sitter; 4],
    /// The square whose piece is selected, and that piece's legal moves.
    pub selected: Option<Square>,
    pub targets: Vec<Move>,
    /// Keyboard focus, and the last square focused (Tab returns there).
    pub focus: Option<Square>,
    pub last_focus: Option<Square>,
    /// Under review: how many turns into the game, and the game as it stood then.
    review: Option<(usize, Game)>,
    /// A pawn move to a promotion square waiting for the player to pick the piece.
    pub promotion: Option<Vec<Move>>,
    /// Bumped on every change of what is shown, so mirrors know to rebuild.
    pub generation: u64,
    /// Which game this is (bumped by every new game): computer players live for one game.
    pub game_number: u64,
    /// The move just played, for the animation.
    pub last_played: Option<Move>,
    /// The seats' clocks, when the game has a time control (they start after the first turn).
    pub clocks: Option<Clocks>,
    /// A tutorial scene's seat: the only one a person moves (the others play its script).
    pub lesson_seat: Option<Seat>,
    /// The moves a tutorial scene allows for the player's next move (`None`: every legal move).
    pub allowed: Option<Vec<Move>>,
    /// A square clicked while a piece was selected that is not one of its lit moves: a tutorial
    /// explains tempting wrong moves.
    pub attempt: Option<(Square, Square)>,
    /// Squares a tutorial scene lights.
    pub highlight: Vec<Square>,
}

impl Table {
    pub fn new(game: Game, sitters: [Sitter; 4]) -> Table {
        Table {
            game,
            sitters,
            selected: None,
            targets: Vec::new(),
            focus: None,
            last_focus: None,
            review: None,
            promotion: None,
            generation: 0,
            game_number: 0,
            last_played: None,
            clocks: None,
            lesson_seat: None,
            allowed: None,
            attempt: None,
            highlight: Vec::new(),
        }
    }

    /// A new game from a setup under `rules`.
    pub fn fresh(rules: Rules, setup: Setup, sitters: [Sitter; 4]) -> Table {
        Table::new(Game::new(rules, setup.position()), sitters)
    }

    /// The game on display: the one being played, or the game as it stood at the reviewed turn.
    pub fn shown(&self) -> &Game {
        self.review.as_ref().map_or(&self.game, |(_, game)| game)
    }

    pub fn shown_position(&self) -> &Position {
        self.shown().position()
    }

    /// The reviewed turn count, if reviewing.
    pub fn review(&self) -> Option<usize> {
        self.review.as_ref().map(|(turns, _)| *turns)
    }

    /// Shows the game after `turns` turns (`None`, or the whole game: back to play).
    pub fn set_review(&mut self, turns: Option<usize>) {
        let turns = turns.filter(|&t| t < self.game.turns().len());
        if turns == self.review() {
            return;
        }
        self.review = turns.map(|t| (t, self.game.after(t)));
        self.clear_selection();
        self.last_played = None;
        self.generation += 1;
    }

    /// Whether the game goes on and is shown as it stands.
    pub fn is_live(&self) -> bool {
        self.review.is_none() && self.game.outcome().is_none()
    }

    /// How many seats humans hold.
    pub fn humans(&self) -> usize {
        self.sitters.iter().filter(|s| **s == Sitter::Human).count()
    }

    /// The seat to move, if a human holds it (in a tutorial scene, the scene's seat) and the
    /// game is live.
    pub fn human_to_move(&self) -> Option<Seat> {
        let seat = self.game.position().turn;
        let person = match self.lesson_seat {
            Some(lesson) => lesson == seat,
            None => self.sitters[seat.index()] == Sitter::Human,
        };
        (self.is_live() && person).then_some(seat)
    }

    /// The computer partner whose plan the person to move may ask for (Teams and Club, the button
    /// and the P key): their partner, when a computer holds it and it is still in play.
    pub fn plan_partner(&self) -> Option<Seat> {
        let partner = self.human_to_move()?.partner();
        let teams = self.game.rules.kind != RuleKind::Ffa;
        let computer = matches!(self.sitters[partner.index()], Sitter::Computer(_));
        (teams && computer && self.game.position().live(partner)).then_some(partner)
    }

    /// Whether a person at the table waits for the computers: the game is live, a computer holds
    /// the seat to move and a human holds another still in play (not in a tutorial scene).
    pub fn waiting_for_computers(&self) -> bool {
        let position = self.game.position();
        let computer = matches!(self.sitters[position.turn.index()], Sitter::Computer(_));
        let person_plays = Seat::ALL
            .into_iter()
            .any(|seat| self.sitters[seat.index()] == Sitter::Human && position.live(seat));
        self.is_live() && self.lesson_seat.is_none() && computer && person_plays
    }

    /// The seat the camera sits behind: the human to move, else the first human seat, else Red.
    pub fn viewer(&self) -> Seat {
        if let Some(seat) = self.lesson_seat {
            return seat;
        }
        let turn = self.game.position().turn;
        if self.sitters[turn.index()] == Sitter::Human {
            return turn;
        }
        Seat::ALL
            .into_iter()
            .find(|s| self.sitters[s.index()] == Sitter::Human)
            .unwrap_or(Seat::Red)
    }

    /// The panel's and the page's first line.
    pub fn headline(&self) -> String {
        if let Some(turns) = self.review() {
            return format!("Reviewing the position after turn {turns}");
        }
        if let Some(outcome) = self.game.outcome() {
            return format!("Game over: {outcome}");
        }
        let seat = self.game.position().turn;
        format!("{} to move ({})", seat.name(), self.who_sits(seat))
    }

    /// Who plays `seat`, as the panels say it: "you", "a player", "computer, casual", or in a
    /// tutorial scene "you" and "the scene" for the seats it plays.
    pub fn who_sits(&self, seat: Seat) -> String {
        match self.lesson_seat {
            Some(lesson) if lesson == seat => "you".to_string(),
            Some(_) if self.sitters[seat.index()] == Sitter::Human => "the scene".to_string(),
            _ => self.sitters[seat.index()].describe(self.humans()),
        }
    }

    /// The last move each seat made, as far as the game on display goes.
    pub fn last_moves(&self) -> [Option<Move>; 4] {
        let mut last = [None; 4];
        for played in self.shown().turns() {
            if let Turn::Move(mv) = played.turn {
                last[played.seat.index()] = Some(mv);
            }
        }
        last
    }

    /// The seats in check on the board shown (of those still in the game, a frozen Club army's
    /// included: its mate is what its partner must lift), in turn order.
    pub fn checked_seats(&self) -> Vec<Seat> {
        let game = self.shown();
        let pos = game.position();
        Seat::ALL
            .into_iter()
            .filter(|&s| !pos.out[s.index()] && pos.in_check(game.rules, s))
            .collect()
    }

    /// The turns of the whole game (the move list shows them all, marking the reviewed one).
    pub fn turns(&self) -> &[Played] {
        self.game.turns()
    }

    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.targets.clear();
        self.promotion = None;
    }

    /// Plays a turn for the seat to move; a refused turn comes back as the reason.
    pub fn play(&mut self, turn: Turn) -> Result<(), String> {
        let mover = self.game.position().turn;
        self.game.play(turn).map_err(|e| e.to_string())?;
        if let Some(clocks) = self.clocks.as_mut() {
            if self.game.outcome().is_some() {
                clocks.stop();
            } else {
                clocks.moved(mover.index(), self.game.position().turn.index());
            }
        }
        self.last_played = match turn {
            Turn::Move(mv) => Some(mv),
            _ => None,
        };
        self.clear_selection();
        self.generation += 1;
        Ok(())
    }

    /// Clicking or pressing Enter on a square: select one of the mover's pieces, move the
    /// selected piece to a lit square (asking for the piece when it promotes with a choice), or
    /// clear. A move the game refuses comes back as the reason.
    pub fn activate(&mut self, square: Square) -> Option<String> {
        let Some(seat) = self.human_to_move() else {
            self.clear_selection();
            return None;
        };
        let to_here: Vec<Move> = self.targets.iter().copied().filter(|m| m.to == square).collect();
        match to_here.as_slice() {
            [] => {}
            [mv] => {
                let refused = self.play(Turn::Move(*mv)).err();
                self.allowed = None;
                return refused;
            }
            _ => {
                // Several moves to one square: a promotion with a choice of piece.
                self.promotion = Some(to_here);
                return None;
            }
        }
        if let Some(from) = self.selected
            && from != square
        {
            self.attempt = Some((from, square));
        }
        let own = self
            .game
            .position()
            .piece_at(square)
            .is_some_and(|p| p.seat() == Some(seat));
        if own && self.selected != Some(square) {
            self.selected = Some(square);
            self.promotion = None;
            let allowed = self.allowed.as_ref();
            self.targets = self
                .game
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| m.from == square && allowed.is_none_or(|a| a.contains(m)))
                .collect();
        } else {
            self.clear_selection();
        }
        None
    }

    /// The waiting promotion, finished with `kind`.
    pub fn promote(&mut self, kind: PieceKind) -> Option<String> {
        let chosen = self
            .promotion
            .as_ref()?
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Promotion(kind))?;
        self.play(Turn::Move(chosen)).err()
    }

    /// Takes back turns until a human is to move again (or the start is reached).
    pub fn undo(&mut self) {
        let mut turns = self.game.turns().len();
        if turns == 0 {
            return;
        }
        loop {
            turns -= 1;
            let seat = self.game.turns()[turns].seat;
            let person = self
                .lesson_seat
                .map_or(self.sitters[seat.index()] == Sitter::Human, |l| l == seat);
            if turns == 0 || person {
                break;
            }
        }
        self.game = self.game.after(turns);
        // Taking moves back in a timed game leaves the clocks as they stand, on the seat to move.
        if let Some(clocks) = self.clocks.as_mut()
            && clocks.running().is_some()
        {
            clocks.start(self.game.position().turn.index());
        }
        self.review = None;
        self.clear_selection();
        self.last_played = None;
        self.generation += 1;
    }

    /// Starts over with `game` and `sitters`, with clocks under `control` if one is given.
    pub fn restart(&mut self, game: Game, sitters: [Sitter; 4], control: Option<TimeControl>) {
        let generation = self.generation + 1;
        let game_number = self.game_number + 1;
        *self = Table::new(game, sitters);
        self.clocks = control.map(|c| Clocks::new(c, 4));
        self.generation = generation;
        self.game_number = game_number;
    }

    /// `elapsed_ms` passed: the seat to move loses time, and runs out of it if its flag falls
    /// (a timeout turn of the game: FFA puts the seat out, Teams and Club lose for its team).
    pub fn run_clocks(&mut self, elapsed_ms: f64) -> Option<String> {
        let fallen = self.clocks.as_mut()?.tick(elapsed_ms)?;
        if self.game.outcome().is_some() || self.game.position().turn.index() != fallen {
            return None;
        }
        self.play(Turn::Timeout).err()
    }

    /// What a square holds ("h2: Red pawn") and, when the selected piece can move there, the move.
    pub fn square_readout(&self, square: Square) -> String {
        let pos = self.shown_position();
        let what = match pos.piece_at(square) {
            None => "empty".to_string(),
            Some(piece) => {
                let owner = piece.seat().map_or("grey", |s| s.name());
                let frozen = piece.seat().is_some_and(|s| pos.frozen[s.index()]);
                format!("{owner} {}{}", piece.kind.name(), if frozen { " (frozen)" } else { "" })
            }
        };
        match self.targets.iter().find(|m| m.to == square) {
            Some(&mv) => format!(
                "{square}: {what} — {}",
                crate::four_player::notation::format_move(self.game.position(), mv)
            ),
            None => format!("{square}: {what}"),
        }
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::fresh(Rules::FFA, Setup::Modern, default_sitters())
    }
}

/// What input asks of the table; `apply_intents` carries it out.
#[derive(Message, Clone, Debug)]
pub enum TableIntent {
    Activate(Square),
    ClearSelection,
    Promote(PieceKind),
    /// A new game (or an imported one) with these sitters and a time control (or none).
    NewGame(Box<Game>, [Sitter; 4], Option<TimeControl>),
    Review(Option<usize>),
    Undo,
    /// The human to move resigns (after the panel's confirmation).
    Resign,
    /// The human to move claims the win (FFA, two left, more than 20 ahead).
    ClaimWin,
}

/// Something to tell the player about the table: a refused move, an import that failed.
#[derive(Message, Clone, Debug)]
pub struct TableNotice(pub String);

/// The last notice, shown until the game changes.
#[derive(Resource, Default)]
pub struct ShownTableNotice {
    pub text: Option<String>,
    pub generation: u64,
}

impl ShownTableNotice {
    pub fn current(&self, table: &Table) -> Option<&str> {
        self.text.as_deref().filter(|_| self.generation == table.generation)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Table>()
        .init_resource::<ShownTableNotice>()
        .add_message::<TableIntent>()
        .add_message::<TableNotice>()
        .add_systems(
            Update,
            (
                apply_intents.in_set(crate::app::AppSystems::Apply),
                run_clocks
                    .after(crate::app::AppSystems::Apply)
                    .run_if(|table: Res<Table>| table.clocks.as_ref().is_some_and(|c| c.running().is_some())),
                show_notices.after(crate::app::AppSystems::Turns),
            )
                .run_if(in_state(crate::app::Mode::FourPlayer)),
        );
}

fn apply_intents(
    mut intents: MessageReader<TableIntent>,
    mut table: ResMut<Table>,
    mut notices: MessageWriter<TableNotice>,
) {
    for intent in intents.read() {
        let refused = match intent.clone() {
            TableIntent::Activate(square) => table.activate(square),
            TableIntent::ClearSelection => {
                table.clear_selection();
                None
            }
            TableIntent::Promote(kind) => table.promote(kind),
            TableIntent::NewGame(game, sitters, control) => {
                table.restart(*game, sitters, control);
                None
            }
            TableIntent::Review(turns) => {
                table.set_review(turns);
                None
            }
            TableIntent::Undo => {
                table.undo();
                None
            }
            TableIntent::Resign | TableIntent::ClaimWin => match table.human_to_move() {
                Some(_) => {
                    let turn = if matches!(intent, TableIntent::Resign) {
                        Turn::Resign
                    } else {
                        Turn::ClaimWin
                    };
                    table.play(turn).err()
                }
                None => Some("only the seat to move can do that, on its turn".to_string()),
            },
        };
        if let Some(reason) = refused {
            notices.write(TableNotice(reason));
        }
    }
}

fn run_clocks(mut table: ResMut<Table>, time: Res<Time>, mut notices: MessageWriter<TableNotice>) {
    if let Some(refused) = table.run_clocks(f64::from(time.delta_secs()) * 1000.0) {
        notices.write(TableNotice(refused));
    }
}

fn show_notices(mut notices: MessageReader<TableNotice>, table: Res<Table>, mut shown: ResMut<ShownTableNotice>) {
    if let Some(last) = notices.read().last() {
        shown.text = Some(last.0.clone());
        shown.generation = table.generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn humans() -> [Sitter; 4] {
        [Sitter::Human; 4]
    }

    #[test]
    fn selecting_and_moving_plays_for_the_seat_to_move_only() {
        let mut table = Table::fresh(Rules::TEAMS, Setup::Modern, humans());
        assert_eq!(table.activate(sq("b7")), None, "Blue's pawn: not Blue's turn");
        assert_eq!(table.selected, None);
        table.activate(sq("h2"));
        assert_eq!(table.selected, Some(sq("h2")));
        assert_eq!(table.targets.len(), 2, "one step or two");
        let generation = table.generation;
        assert_eq!(table.activate(sq("h4")), None);
        assert_eq!(table.game.turns().len(), 1);
        assert_eq!(table.game.position().turn, Seat::Blue);
        assert!(table.generation > generation && table.selected.is_none());
        assert_eq!(table.last_moves()[0].map(|m| m.to), Some(sq("h4")));
    }

    #[test]
    fn review_shows_an_earlier_position_and_undo_returns_to_the_human() {
        let level = 0;
        let sitters = [
            Sitter::Human,
            Sitter::Computer(level),
            Sitter::Computer(level),
            Sitter::Computer(level),
        ];
        let mut table = Table::fresh(Rules::FFA, Setup::Modern, sitters);
        for _ in 0..5 {
            let mv = table.game.legal_moves()[0];
            table.play(Turn::Move(mv)).unwrap();
        }
        assert_eq!(table.game.turns().len(), 5);
        table.set_review(Some(2));
        assert_eq!(table.review(), Some(2));
        assert_eq!(table.shown().turns().len(), 2);
        assert!(!table.is_live());
        assert_eq!(table.activate(sq("h2")), None);
        assert!(table.selected.is_none(), "no moves under review");
        table.set_review(Some(5));
        assert_eq!(table.review(), None, "the whole game is the live game");
        table.undo();
        assert_eq!(table.game.turns().len(), 4, "back to Red's second turn");
        assert_eq!(table.human_to_move(), Some(Seat::Red));
        table.undo();
        assert_eq!(table.game.turns().len(), 0);
    }

    #[test]
    fn a_promotion_with_a_choice_waits_for_the_piece() {
        use crate::four_player::Piece;
        // Red's pawn on e10 promotes on the 11th rank in Teams (Q, R, B or N).
        let mut pos = Position::empty();
        pos.put(sq("h1"), Piece::new(Seat::Red, PieceKind::King));
        pos.put(sq("a7"), Piece::new(Seat::Blue, PieceKind::King));
        pos.put(sq("g14"), Piece::new(Seat::Yellow, PieceKind::King));
        pos.put(sq("n8"), Piece::new(Seat::Green, PieceKind::King));
        pos.put(sq("e10"), Piece::new(Seat::Red, PieceKind::Pawn));
        let mut table = Table::new(Game::new(Rules::TEAMS, pos), humans());
        table.activate(sq("e10"));
        assert_eq!(table.activate(sq("e11")), None);
        assert_eq!(table.promotion.as_ref().map(Vec::len), Some(4), "Q, R, B or N");
        assert!(table.game.turns().is_empty(), "nothing played before the choice");
        assert_eq!(table.promote(PieceKind::Knight), None);
        let placed = table.game.position().piece_at(sq("e11")).unwrap();
        assert_eq!(placed.kind, PieceKind::Knight);
        assert!(table.promotion.is_none());
    }

    #[test]
    fn the_camera_sits_behind_the_human_to_move() {
        let mut table = Table::fresh(Rules::FFA, Setup::Modern, humans());
        assert_eq!(table.viewer(), Seat::Red);
        table.activate(sq("h2"));
        table.activate(sq("h3"));
        assert_eq!(table.viewer(), Seat::Blue);
        table.sitters = [
            Sitter::Computer(0),
            Sitter::Computer(0),
            Sitter::Computer(0),
            Sitter::Human,
        ];
        assert_eq!(table.viewer(), Seat::Green, "the only human, while a computer moves");
        assert!(table.headline().starts_with("Blue to move (computer"));
    }

    #[test]
    fn a_fallen_flag_is_a_timeout_turn() {
        let mut table = Table::fresh(Rules::TEAMS, Setup::Modern, humans());
        table.restart(table.game.clone(), humans(), Some(TimeControl::new(1, 0)));
        table.activate(sq("h2"));
        table.activate(sq("h3"));
        let clocks = table.clocks.as_ref().unwrap();
        assert_eq!(
            clocks.running(),
            Some(Seat::Blue.index()),
            "Blue's time runs after Red's move"
        );
        assert_eq!(table.run_clocks(30_000.0), None);
        assert!(table.game.outcome().is_none());
        assert_eq!(table.run_clocks(31_000.0), None);
        let outcome = table.game.outcome().expect("Blue ran out of time");
        assert!(outcome.to_string().contains("Blue ran out of time"), "{outcome}");
    }

    #[test]
    fn resigning_puts_the_seat_out() {
        let mut table = Table::fresh(Rules::FFA, Setup::Modern, humans());
        table.play(Turn::Resign).unwrap();
        assert!(table.game.position().out[Seat::Red.index()]);
        assert_eq!(table.game.position().turn, Seat::Blue);
    }

    #[test]
    fn only_a_person_to_move_in_a_partnership_game_may_ask_a_computer_partner_for_a_plan() {
        let computers = [
            Sitter::Human,
            Sitter::Computer(0),
            Sitter::Computer(0),
            Sitter::Computer(0),
        ];
        let teams = Table::fresh(Rules::TEAMS, Setup::Modern, computers);
        assert_eq!(teams.plan_partner(), Some(Seat::Yellow));
        let club = Table::fresh(Rules::CLUB, Setup::Modern, computers);
        assert_eq!(club.plan_partner(), Some(Seat::Yellow));
        let ffa = Table::fresh(Rules::FFA, Setup::Modern, computers);
        assert_eq!(ffa.plan_partner(), None, "no partners in a free-for-all");
        let mut human_partner = computers;
        human_partner[Seat::Yellow.index()] = Sitter::Human;
        let asks_a_person = Table::fresh(Rules::TEAMS, Setup::Modern, human_partner);
        assert_eq!(
            asks_a_person.plan_partner(),
            None,
            "a person's partner plans for themself"
        );
        let mut waiting = Table::fresh(Rules::TEAMS, Setup::Modern, humans());
        waiting.sitters[Seat::Red.index()] = Sitter::Computer(0);
        assert_eq!(waiting.plan_partner(), None, "a computer is to move");
    }
}
