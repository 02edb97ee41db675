//! The computer's turn. Natively the decision runs as an async task on another thread
//! (`AsyncComputeTaskPool`, polled with `check_ready`). In the browser that pool runs on the page's
//! only thread, so the decision is carried on in slices instead, a few milliseconds each frame,
//! and the page stays responsive. A new game, an undo or a review cancels it.

use bevy::platform::time::Instant;
use bevy::prelude::*;

use super::state::{Play, Seat};
use crate::ai::{Clock, LEVELS, Player, StopFlag};
use crate::rules::Move;

/// The frame's clock for the engine: `Instant` from Bevy's platform layer works in the browser too.
pub struct FrameClock(Instant);

impl FrameClock {
    pub fn new() -> FrameClock {
        FrameClock(Instant::now())
    }
}

impl Clock for FrameClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// The running decision, if any, and the game generation it was started for.
#[derive(Resource, Default)]
pub struct Thinking {
    job: Option<Job>,
    stop: StopFlag,
    generation: u64,
    started: Option<Instant>,
    /// How long the computer took over its last move, in milliseconds.
    pub last_move_ms: Option<f64>,
}

#[cfg(not(target_arch = "wasm32"))]
type Job = bevy::tasks::Task<Option<Move>>;

/// The player, its decision and the engine's clock, carried on a slice each frame.
#[cfg(target_arch = "wasm32")]
struct Job {
    player: Player,
    decision: crate::ai::Decision,
    clock: FrameClock,
    slice: crate::ai::SliceSize,
}

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    fn cancel(&mut self) {
        self.stop.stop();
        self.job = None;
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
    if thinking.job.is_some() && thinking.generation != play.generation {
        thinking.cancel();
    }
    if thinking.job.is_some() || play.review.is_some() || play.game.outcome().is_some() {
        return;
    }
    let side = play.game.position().side_to_move();
    let Seat::Computer(level) = play.seats[side.index()] else {
        return;
    };
    let level = &LEVELS[level.min(LEVELS.len() - 1)];
    let seed = play.game.moves().len() as u64 + 1;
    let stop = StopFlag::new();
    let job = start_job(Player::new(level, seed), &play, &stop);
    *thinking = Thinking {
        job: Some(job),
        stop,
        generation: play.generation,
        started: Some(Instant::now()),
        last_move_ms: thinking.last_move_ms,
    };
}

#[cfg(not(target_arch = "wasm32"))]
fn start_job(mut player: Player, play: &Play, stop: &StopFlag) -> Job {
    let game = play.game.clone();
    let stop = stop.clone();
    bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { player.choose(&game, &FrameClock::new(), &stop) })
}

#[cfg(target_arch = "wasm32")]
fn start_job(player: Player, play: &Play, _stop: &StopFlag) -> Job {
    let clock = FrameClock::new();
    Job {
        decision: player.decide(&play.game, &clock),
        player,
        clock,
        slice: crate::ai::SliceSize::default(),
    }
}

/// The decided move, once there is one (`Some(None)`: no legal move).
#[cfg(not(target_arch = "wasm32"))]
fn poll(job: &mut Job, _stop: &StopFlag) -> Option<Option<Move>> {
    bevy::tasks::futures::check_ready(job)
}

/// Thinks for one slice of this frame.
#[cfg(target_arch = "wasm32")]
fn poll(job: &mut Job, stop: &StopFlag) -> Option<Option<Move>> {
    let started = Instant::now();
    let answer = job
        .player
        .think(&mut job.decision, job.slice.nodes(), &job.clock, stop, &mut |_| {});
    job.slice.took(started.elapsed().as_secs_f64() * 1000.0);
    answer
}

fn collect_answer(mut thinking: ResMut<Thinking>, mut play: ResMut<Play>) {
    let generation = thinking.generation;
    let Thinking { job, stop, .. } = &mut *thinking;
    let Some(running) = job.as_mut() else { return };
    let Some(answer) = poll(running, stop) else { return };
    thinking.job = None;
    if generation != play.generation {
        return;
    }
    thinking.last_move_ms = thinking.started.map(|t| t.elapsed().as_secs_f64() * 1000.0);
    if let Some(mv) = answer
        && let Err(e) = play.play(mv)
    {
        play.notice = Some(format!("the computer's move was refused: {e}"));
    }
}
