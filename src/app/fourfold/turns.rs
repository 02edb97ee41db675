//! The 4D game's computer turn: one computer player a side, kept for a whole game, lent to the
//! shell's turn task (`shell::turn_task`) while it thinks. A new game, an undo or a review
//! cancels the task.

use bevy::prelude::*;

use super::state::{GameView, Notice, Play, Seat};
use crate::app::shell::turn_task::{PlayerTurn, Thought, TurnTask};
use crate::fourfold::ai::{LEVELS, Player};

/// The running decision, if any, and the game generation it was started for.
#[derive(Resource, Default)]
pub struct Thinking {
    job: Option<TurnTask<PlayerTurn<Player>>>,
    /// The computer players of the game on the board, one a side, kept from move to move as the
    /// ladder's games keep them (a player lends itself to the task while it thinks).
    players: [Option<Player>; 2],
    /// The game (`Play::game_number`) the players belong to.
    players_game: u64,
    /// How many computer players were built since the start (one per computer side and game).
    pub players_built: u64,
    generation: u64,
    /// How long the computer took over its last move, in milliseconds.
    pub last_move_ms: Option<f64>,
    /// Where the last move was thought out (in the browser: the worker, or slices).
    pub last_move_thought: Option<Thought>,
}

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    fn cancel(&mut self) {
        // Dropping the task stops its search.
        self.job = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .add_systems(
            Update,
            (start_thinking, collect_answer)
                .chain()
                .in_set(crate::app::AppSystems::Turns)
                .run_if(in_state(crate::app::Mode::Fourfold)),
        )
        // A computer thinking in the 4D game stops when the player leaves it.
        .add_systems(OnExit(crate::app::Mode::Fourfold), |mut thinking: ResMut<Thinking>| {
            thinking.cancel()
        });
}

fn start_thinking(mut thinking: ResMut<Thinking>, play: Res<Play>, view: Res<GameView>) {
    // A change of the game, a review or the editor (the computer waits while the player looks
    // away), ends
    // the search for the position before.
    if thinking.job.is_some() && (thinking.generation != play.generation || !view.shows_the_game()) {
        thinking.cancel();
    }
    if thinking.job.is_some() || !view.is_live(&play) {
        return;
    }
    let side = play.game.position().side_to_move();
    let Seat::Computer(level) = play.seats[side.index()] else {
        return;
    };
    let level = &LEVELS[level.min(LEVELS.len() - 1)];
    if thinking.players_game != play.game_number {
        thinking.players = [None, None];
        thinking.players_game = play.game_number;
    }
    let kept = thinking.players[side.index()]
        .take()
        .filter(|p| std::ptr::eq(p.level, level));
    let mut player = kept.unwrap_or_else(|| {
        thinking.players_built += 1;
        Player::new(level, play.game_number + 1).with_threads(crate::fourfold::ai::levels::game_threads(level))
    });
    // With clocks the computer thinks within its share of its time.
    player.set_clock(play.clocks.as_ref().map(|c| c.for_computer(side.index())));
    thinking.job = Some(TurnTask::start(PlayerTurn::new(player, play.game.clone())));
    thinking.generation = play.generation;
}

fn collect_answer(mut thinking: ResMut<Thinking>, mut play: ResMut<Play>, mut notices: MessageWriter<Notice>) {
    let generation = thinking.generation;
    let Some(job) = thinking.job.as_mut() else { return };
    let Some(finished) = job.poll() else { return };
    let elapsed_ms = job.elapsed_ms();
    thinking.job = None;
    if generation != play.generation {
        return;
    }
    let side = play.game.position().side_to_move();
    if thinking.players_game == play.game_number {
        thinking.players[side.index()] = Some(finished.thinker.player);
    }
    thinking.last_move_ms = Some(elapsed_ms);
    thinking.last_move_thought = Some(finished.thought);
    if let Some(mv) = finished.answer
        && let Err(e) = play.play(mv)
    {
        notices.write(Notice(format!("the computer's move was refused: {e}")));
    }
}
