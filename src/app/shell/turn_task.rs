//! The computer's turn as an async task, for any game: a game's computer implements `Thinker`
//! (think about `n` more nodes; the answer once decided) and the shell runs it on Bevy's
//! `AsyncComputeTaskPool`, polled each frame. Natively the task runs on another thread, in one
//! call. In the browser the pool runs on the page's only thread, so there the task thinks in
//! slices of about `engine::slices::TARGET_MS` and hands the thread back to the browser between
//! them: frames and input go on while it thinks.

use bevy::platform::time::Instant;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::engine::{Clock, SlicedPlayer, StopFlag};

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

/// A decision a game's computer carries on in steps.
pub trait Thinker: Send + 'static {
    type Answer: Send + 'static;

    /// Thinks for about `slice_nodes` more nodes (`u64::MAX`: to the end); the answer once
    /// decided. Every call of one decision gets the same clock.
    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<Self::Answer>;
}

/// A game's computer player deciding in a game (either game's: the slice contract is
/// `SlicedPlayer`): the decision starts on the first slice, with the task's clock, and goes on
/// from there.
pub struct PlayerTurn<P: SlicedPlayer> {
    pub player: P,
    game: P::Game,
    decision: Option<P::Decision>,
}

impl<P: SlicedPlayer> PlayerTurn<P> {
    pub fn new(player: P, game: P::Game) -> PlayerTurn<P> {
        PlayerTurn {
            player,
            game,
            decision: None,
        }
    }
}

impl<P> Thinker for PlayerTurn<P>
where
    P: SlicedPlayer + Send + 'static,
    P::Game: Send,
    P::Decision: Send,
    P::Answer: Send + 'static,
{
    type Answer = P::Answer;

    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<P::Answer> {
        let decision = self
            .decision
            .get_or_insert_with(|| self.player.decide(&self.game, clock));
        self.player.think(decision, slice_nodes, clock, stop, &mut |_| {})
    }
}

/// What a finished task hands back: the thinker (a player keeps its tables from move to move),
/// the answer, and in the browser the slices it took and their total time in milliseconds.
pub struct Finished<T: Thinker> {
    pub thinker: T,
    pub answer: T::Answer,
    pub slices: Option<(u32, f64)>,
}

/// A running decision.
pub struct TurnTask<T: Thinker> {
    job: Task<Finished<T>>,
    stop: StopFlag,
    started: Instant,
}

impl<T: Thinker> TurnTask<T> {
    pub fn start(thinker: T) -> TurnTask<T> {
        let stop = StopFlag::new();
        let job = AsyncComputeTaskPool::get().spawn(run(thinker, stop.clone()));
        TurnTask {
            job,
            stop,
            started: Instant::now(),
        }
    }

    /// The finished decision, once it is.
    pub fn poll(&mut self) -> Option<Finished<T>> {
        check_ready(&mut self.job)
    }

    /// Milliseconds since the task started.
    pub fn elapsed_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }
}

impl<T: Thinker> Drop for TurnTask<T> {
    /// A dropped task (a new game, an undo) stops its search at once.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// Natively: the whole decision at once, on one of the pool's threads.
#[cfg(not(target_arch = "wasm32"))]
async fn run<T: Thinker>(mut thinker: T, stop: StopFlag) -> Finished<T> {
    let clock = FrameClock::default();
    loop {
        if let Some(answer) = thinker.think(u64::MAX, &clock, &stop) {
            return Finished {
                thinker,
                answer,
                slices: None,
            };
        }
    }
}

/// In the browser: slices sized to take about `engine::slices::TARGET_MS`, handing the thread
/// back to the browser between them.
#[cfg(target_arch = "wasm32")]
async fn run<T: Thinker>(mut thinker: T, stop: StopFlag) -> Finished<T> {
    let clock = FrameClock::default();
    let mut slice = crate::engine::SliceSize::default();
    let (mut slices, mut busy_ms) = (0u32, 0.0f64);
    loop {
        let started = Instant::now();
        let answer = thinker.think(slice.nodes(), &clock, &stop);
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        slice.took(elapsed_ms);
        slices += 1;
        busy_ms += elapsed_ms;
        if let Some(answer) = answer {
            return Finished {
                thinker,
                answer,
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
