//! The computer seats' turns: one computer player per seat, kept for a whole game, lent to the
//! shell's turn task while it thinks (natively a pool thread, in the browser the computer's Web
//! Worker). When computers move one after another, each answer waits until a short pause after
//! the move before it has passed, so a person can follow the game; the pause can be turned off.
//! A partner's hint (Teams and Club) is searched by a fresh engine in a task of its own (in the
//! browser, in a Web Worker of its own).

use bevy::prelude::*;

use super::arrows::{Arrow, Arrows};
use super::table::{Sitter, Table, TableNotice};
use crate::app::Mode;
use crate::app::shell::turn_task::{PlayerTurn, Thinker, Thought, TurnTask};
use crate::engine::{Clock, Limits, StopFlag};
use crate::four_player::ai::{Engine, IterativeDeepening, LEVELS, PLAN_NODES, Player, hint_game};
use crate::four_player::{Game, Move, Seat, Turn};

/// A partner's plan: what the engine would play for `seat` now, searched to a fixed node budget
/// by a fresh engine (in the browser, in the hint's Web Worker).
pub struct HintThinker {
    /// Made when the search starts here: in the browser the worker searches, and the page is
    /// spared the engine's 16 MiB table.
    engine: Option<Engine>,
    seat: Seat,
    /// The game the plan is searched in (`None`: the seat has no plan to show).
    asked: Option<Game>,
    search: Option<Box<IterativeDeepening>>,
}

impl HintThinker {
    fn new(game: &Game, seat: Seat) -> HintThinker {
        HintThinker {
            engine: None,
            seat,
            asked: hint_game(game, seat),
            search: None,
        }
    }
}

impl Thinker for HintThinker {
    type Answer = (Seat, Option<Move>);

    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<(Seat, Option<Move>)> {
        let Some(asked) = &self.asked else {
            return Some((self.seat, None));
        };
        let search = self
            .search
            .get_or_insert_with(|| Box::new(IterativeDeepening::new(asked, Limits::nodes(PLAN_NODES), clock)));
        let engine = self.engine.get_or_insert_with(Engine::default);
        let result = search.step(engine, slice_nodes, clock, stop, &mut |_| {})?;
        Some((self.seat, result.best))
    }

    /// In the browser, a worker of its own searches it whole, as natively (`worker::Desk`).
    fn remote_request(&self) -> Option<String> {
        let asked = self.asked.as_ref()?;
        let plan = crate::worker::Study::Plan(PLAN_NODES);
        Some(crate::worker::Request::four_player_study(asked, plan).to_text())
    }

    fn remote_answer(&self, reply: &str) -> Result<(Seat, Option<Move>), String> {
        let asked = self.asked.as_ref().ok_or("a plan was asked of a seat without one")?;
        let result = crate::worker::Analysed::read_four_player(asked, reply)?;
        Ok((self.seat, result.best))
    }

    /// Not the computer's or the analysis' worker: a hint never stops their searches.
    fn remote_channel(&self) -> &'static str {
        "four-player hint"
    }
}

/// How computers pace their moves.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Seconds between the moves of computers that play one after another (0: none).
    pub pause_seconds: f32,
}

impl Default for Pace {
    fn default() -> Self {
        Pace { pause_seconds: 0.6 }
    }
}

/// The running decision or hint, if any, and the players of the game on the table.
#[derive(Resource, Default)]
pub struct CrossThinking {
    job: Option<TurnTask<PlayerTurn<Player>>>,
    /// The plan being searched, and the table generation it was asked at.
    hint: Option<(TurnTask<HintThinker>, u64)>,
    players: [Option<Player>; 4],
    players_game: u64,
    generation: u64,
    /// A decided turn waiting out the pause, with the seconds left.
    waiting: Option<(Option<Turn>, f32)>,
    /// How long the computer took over its last turn, in milliseconds.
    pub last_move_ms: Option<f64>,
    /// Where the last turn was thought out (in the browser: the worker, or slices).
    pub last_move_thought: Option<Thought>,
    /// When the last human move was played and how long until every computer after it had
    /// answered, in milliseconds (the figure the README reports).
    pub round_started: Option<f64>,
    pub last_round_ms: Option<f64>,
    /// Asked for by the hint button: the seat whose plan to show.
    pub hint_for: Option<Seat>,
    /// The last plan shown (the page publishes it).
    pub last_plan: Option<ShownPlan>,
}

/// A partner's plan as it was shown: whose, its move (`None`: it had none), where it was thought
/// out, and the table generation it is of (a move takes its arrow away).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShownPlan {
    pub seat: Seat,
    pub best: Option<Move>,
    pub thought: Thought,
    pub generation: u64,
}

impl CrossThinking {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some() || self.waiting.is_some() || self.hint.is_some()
    }

    /// Plays the waiting turn now instead of after the pause.
    pub fn skip_pause(&mut self) {
        if let Some((_, left)) = self.waiting.as_mut() {
            *left = 0.0;
        }
    }

    fn cancel(&mut self) {
        self.job = None;
        self.hint = None;
        self.waiting = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossThinking>()
        .init_resource::<Pace>()
        .add_systems(
            Update,
            (
                start_thinking,
                collect_answer,
                play_after_the_pause,
                start_hint,
                collect_hint,
            )
                .chain()
                .in_set(crate::app::AppSystems::Turns)
                .run_if(in_state(Mode::FourPlayer)),
        )
        .add_systems(OnExit(Mode::FourPlayer), |mut thinking: ResMut<CrossThinking>| {
            thinking.cancel()
        });
}

fn start_thinking(mut thinking: ResMut<CrossThinking>, table: Res<Table>, time: Res<Time>) {
    if (thinking.job.is_some() || thinking.waiting.is_some()) && thinking.generation != table.generation {
        thinking.job = None;
        thinking.waiting = None;
    }
    if thinking.job.is_some() || thinking.waiting.is_some() || !table.is_live() {
        return;
    }
    let seat = table.game.position().turn;
    let Sitter::Computer(level) = table.sitters[seat.index()] else {
        // A human to move: the next computer answers start a new round.
        thinking.round_started = None;
        return;
    };
    if thinking.round_started.is_none() {
        thinking.round_started = Some(time.elapsed_secs_f64() * 1000.0);
    }
    let level = &LEVELS[level.min(LEVELS.len() - 1)];
    if thinking.players_game != table.game_number {
        thinking.players = [None, None, None, None];
        thinking.players_game = table.game_number;
    }
    let kept = thinking.players[seat.index()]
        .take()
        .filter(|p| std::ptr::eq(p.level, level));
    let mut player = kept.unwrap_or_else(|| Player::new(level, table.game_number * 4 + seat.index() as u64 + 1));
    // With clocks the computer thinks within its share of its time.
    player.set_clock(table.clocks.as_ref().map(|c| c.for_computer(seat.index())));
    thinking.job = Some(TurnTask::start(PlayerTurn::new(player, table.game.clone())));
    thinking.generation = table.generation;
}

fn collect_answer(mut thinking: ResMut<CrossThinking>, table: Res<Table>, pace: Res<Pace>) {
    let generation = thinking.generation;
    let Some(job) = thinking.job.as_mut() else { return };
    let Some(finished) = job.poll() else { return };
    let elapsed_ms = job.elapsed_ms();
    thinking.job = None;
    if generation != table.generation {
        return;
    }
    let seat = table.game.position().turn;
    if thinking.players_game == table.game_number {
        thinking.players[seat.index()] = Some(finished.thinker.player);
    }
    thinking.last_move_ms = Some(elapsed_ms);
    thinking.last_move_thought = Some(finished.thought);
    // Only the part of the pause the search did not already take is waited out.
    let left = (pace.pause_seconds - (elapsed_ms / 1000.0) as f32).max(0.0);
    thinking.waiting = Some((finished.answer, left));
}

fn play_after_the_pause(
    mut thinking: ResMut<CrossThinking>,
    mut table: ResMut<Table>,
    time: Res<Time>,
    mut notices: MessageWriter<TableNotice>,
) {
    let Some((turn, left)) = thinking.waiting.as_mut() else {
        return;
    };
    *left -= time.delta_secs();
    if *left > 0.0 {
        return;
    }
    let turn = *turn;
    thinking.waiting = None;
    if thinking.generation != table.generation {
        return;
    }
    if let Some(turn) = turn
        && let Err(e) = table.play(turn)
    {
        notices.write(TableNotice(format!("the computer's turn was refused: {e}")));
    }
    let next = table.game.position().turn;
    let human_next = table.sitters[next.index()] == Sitter::Human || table.game.outcome().is_some();
    if human_next && let Some(started) = thinking.round_started.take() {
        thinking.last_round_ms = Some(time.elapsed_secs_f64() * 1000.0 - started);
    }
}

fn start_hint(mut thinking: ResMut<CrossThinking>, table: Res<Table>) {
    let Some(seat) = thinking.hint_for.take() else { return };
    thinking.hint = Some((TurnTask::start(HintThinker::new(&table.game, seat)), table.generation));
}

fn collect_hint(
    mut thinking: ResMut<CrossThinking>,
    table: Res<Table>,
    mut arrows: ResMut<Arrows>,
    mut notices: MessageWriter<TableNotice>,
) {
    let Some((job, asked_at)) = thinking.hint.as_mut() else {
        return;
    };
    let asked_at = *asked_at;
    let Some(finished) = job.poll() else { return };
    thinking.hint = None;
    // A plan of a position gone by (a move was made while it was searched) is not shown.
    if asked_at != table.generation {
        return;
    }
    let (seat, best) = finished.answer;
    thinking.last_plan = Some(ShownPlan {
        seat,
        best,
        thought: finished.thought,
        generation: table.generation,
    });
    match finished.answer {
        (seat, Some(mv)) => arrows.show(Arrow {
            from: mv.from,
            to: mv.to,
            colour: super::looks::seat_colour(seat).mix(&Color::WHITE, 0.35),
        }),
        (seat, None) => {
            notices.write(TableNotice(format!("{} has no move to suggest", seat.name())));
        }
    }
}
