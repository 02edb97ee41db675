//! The computer's turn: when a computer seat is to move, a search runs as an async task off the
//! frame (`AsyncComputeTaskPool`, polled with `check_ready`); its move is played when it arrives.
//! A new game, an undo or a review cancels it through the search's stop flag.

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::state::{Play, Seat};
use crate::ai::limits::StdClock;
use crate::ai::{LEVELS, Player, StopFlag};
use crate::rules::Move;

/// The running search, if any, and the game generation it was started for.
#[derive(Resource, Default)]
pub struct Thinking {
    task: Option<Task<Option<Move>>>,
    stop: StopFlag,
    generation: u64,
}

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    fn cancel(&mut self) {
        self.stop.stop();
        self.task = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().add_systems(
        Update,
        (start_thinking, collect_answer)
            .chain()
            .in_set(super::AppSystems::Turns),
    );
}

fn start_thinking(mut thinking: ResMut<Thinking>, play: Res<Play>) {
    if thinking.task.is_some() && thinking.generation != play.generation {
        thinking.cancel();
    }
    if thinking.task.is_some() || play.review.is_some() || play.game.outcome().is_some() {
        return;
    }
    let side = play.game.position().side_to_move();
    let Seat::Computer(level) = play.seats[side.index()] else {
        return;
    };
    let level = &LEVELS[level.min(LEVELS.len() - 1)];
    let game = play.game.clone();
    let stop = StopFlag::new();
    let worker_stop = stop.clone();
    let seed = play.game.moves().len() as u64 + 1;
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { Player::new(level, seed).choose(&game, &StdClock::new(), &worker_stop) });
    *thinking = Thinking {
        task: Some(task),
        stop,
        generation: play.generation,
    };
}

fn collect_answer(mut thinking: ResMut<Thinking>, mut play: ResMut<Play>) {
    let generation = thinking.generation;
    let Some(task) = thinking.task.as_mut() else { return };
    let Some(answer) = check_ready(task) else { return };
    thinking.task = None;
    if generation != play.generation {
        return;
    }
    if let Some(mv) = answer
        && let Err(e) = play.play(mv)
    {
        play.notice = Some(format!("the computer's move was refused: {e}"));
    }
}
