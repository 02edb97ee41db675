//! The computer's turn: the decision runs as an async task (`AsyncComputeTaskPool`, polled each
//! frame with `check_ready`). Natively the task runs on another thread. In the browser the pool
//! runs on the page's only thread, so there the task thinks in slices of about 16 ms and hands
//! the thread back to the browser between them: frames and input go on while it thinks. A new
//! game, an undo or a review cancels it.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::state::{Notice, Play, Seat};
use crate::engine::{Clock, StopFlag};
use crate::fourfold::ai::{LEVELS, Player};
use crate::fourfold::rules::{Game, Move};

/// The frame's clock for the engine: `Instant` from Bevy's platform layer works in the browser too.
pub struct FrameClock(Instant);

impl Default for FrameClock {
    fn default() -> FrameClock {
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
    job: Option<Task<Answer>>,
    /// The computer players of the game on the board, one a side, kept from move to move as the
    /// ladder's games keep them (a player lends itself to the task while it thinks).
    players: [Option<Player>; 2],
    /// The game (`Play::game_number`) the players belong to.
    players_game: u64,
    /// How many computer players were built since the start (one per computer side and game).
    pub players_built: u64,
    stop: StopFlag,
    generation: u64,
    started: Option<Instant>,
    /// How long the computer took over its last move, in milliseconds.
    pub last_move_ms: Option<f64>,
    /// In the browser: the slices the last move took and their total time in milliseconds.
    pub last_move_slices: Option<(u32, f64)>,
}

/// The decided move (`None`: no legal move), the player that decided it, and in the browser
/// the slices it took.
struct Answer {
    mv: Option<Move>,
    player: Player,
    slices: Option<(u32, f64)>,
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

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().add_systems(
        Update,
        (start_thinking, collect_answer)
            .chain()
            .in_set(crate::app::AppSystems::Turns),
    );
}

fn start_thinking(mut thinking: ResMut<Thinking>, play: Res<Play>) {
    if thinking.job.is_some() && thinking.generation != play.generation {
        thinking.cancel();
    }
    if thinking.job.is_some() || !play.is_live() {
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
    let player = kept.unwrap_or_else(|| {
        thinking.players_built += 1;
        Player::new(level, play.game_number + 1)
    });
    let stop = StopFlag::new();
    let game = play.game.clone();
    thinking.job = Some(AsyncComputeTaskPool::get().spawn(decide(player, game, stop.clone())));
    thinking.stop = stop;
    thinking.generation = play.generation;
    thinking.started = Some(Instant::now());
}

/// Natively: the whole decision at once, on one of the pool's threads.
#[cfg(not(target_arch = "wasm32"))]
async fn decide(mut player: Player, game: Game, stop: StopFlag) -> Answer {
    Answer {
        mv: player.choose(&game, &FrameClock::default(), &stop),
        player,
        slices: None,
    }
}

/// In the browser: slices of about `engine::slices::TARGET_MS`, handing the thread back to the
/// browser between them, so frames and input go on and the search uses the time between frames.
#[cfg(target_arch = "wasm32")]
async fn decide(mut player: Player, game: Game, stop: StopFlag) -> Answer {
    let clock = FrameClock::default();
    let mut decision = player.decide(&game, &clock);
    let mut slice = crate::engine::SliceSize::default();
    let (mut slices, mut busy_ms) = (0u32, 0.0f64);
    loop {
        let started = Instant::now();
        let answer = player.think(&mut decision, slice.nodes(), &clock, &stop, &mut |_| {});
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        slice.took(elapsed_ms);
        slices += 1;
        busy_ms += elapsed_ms;
        if let Some(mv) = answer {
            return Answer {
                mv,
                player,
                slices: Some((slices, busy_ms)),
            };
        }
        yield_to_browser().await;
    }
}

/// A promise resolved by `setTimeout(0)`: awaiting it lets the browser run its queued work.
#[cfg(target_arch = "wasm32")]
async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

fn collect_answer(mut thinking: ResMut<Thinking>, mut play: ResMut<Play>, mut notices: MessageWriter<Notice>) {
    let generation = thinking.generation;
    let Some(job) = thinking.job.as_mut() else { return };
    let Some(answer) = check_ready(job) else { return };
    thinking.job = None;
    if generation != play.generation {
        return;
    }
    let side = play.game.position().side_to_move();
    if thinking.players_game == play.game_number {
        thinking.players[side.index()] = Some(answer.player);
    }
    thinking.last_move_ms = thinking.started.map(|t| t.elapsed().as_secs_f64() * 1000.0);
    thinking.last_move_slices = answer.slices;
    if let Some(mv) = answer.mv
        && let Err(e) = play.play(mv)
    {
        notices.write(Notice(format!("the computer's move was refused: {e}")));
    }
}
