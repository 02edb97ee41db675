//! The computer's turn as an async task, for any game: a game's computer implements `Thinker`
//! (think about `n` more nodes; the answer once decided) and the shell runs it on Bevy's
//! `AsyncComputeTaskPool`, polled each frame. Natively the task runs on another thread, in one
//! call. In the browser the pool runs on the page's only thread, so there the task thinks in
//! slices of about `engine::slices::TARGET_MS` and hands the thread back to the browser between
//! them: frames and input go on while it thinks. A thinker with a request for the computer's Web
//! Worker (`crate::worker`; the game's players) is decided there instead, whole, as natively;
//! the slices stay for the rest (hints) and for a page without the worker.

use bevy::platform::time::Instant;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::engine::{Clock, SlicedPlayer, StopFlag};
use crate::worker::RemotePlayer;

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

    /// The request the browser's Web Worker could decide instead (`crate::worker`), if any.
    fn remote_request(&self) -> Option<String> {
        None
    }

    /// The answer a worker's reply to `remote_request` names.
    fn remote_answer(&self, reply: &str) -> Result<Self::Answer, String> {
        Err(format!("no request was made, yet a reply came: {reply}"))
    }

    /// Which of the page's workers decides it (`web/engine.js`): each has its own, so stopping
    /// one kind of search never stops another.
    fn remote_channel(&self) -> &'static str {
        "computer"
    }
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
    P: RemotePlayer + Send + 'static,
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

    fn remote_request(&self) -> Option<String> {
        Some(self.player.request(&self.game).to_text())
    }

    fn remote_answer(&self, reply: &str) -> Result<P::Answer, String> {
        P::read_reply(&self.game, reply)
    }
}

/// Where a decision was thought out.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Thought {
    /// In one go on a thread of its own (natively).
    Whole,
    /// In the browser's Web Worker, in one go.
    InWorker,
    /// In the browser, on the page's thread: the slices it took and their total time in
    /// milliseconds.
    InSlices(u32, f64),
}

impl Thought {
    /// How the page's status line names it: `worker`, or `slices <count> <busy ms>`.
    pub fn describe(self) -> String {
        match self {
            Thought::Whole => "whole".into(),
            Thought::InWorker => "worker".into(),
            Thought::InSlices(slices, busy_ms) => format!("slices {slices} {busy_ms:.0}"),
        }
    }
}

/// What a finished task hands back: the thinker (a player keeps its tables from move to move),
/// the answer, and where it was thought out.
pub struct Finished<T: Thinker> {
    pub thinker: T,
    pub answer: T::Answer,
    pub thought: Thought,
}

/// A running decision.
pub struct TurnTask<T: Thinker> {
    job: Task<Finished<T>>,
    stop: StopFlag,
    /// Raised once the decision was sent to the browser's worker: dropping the task unfinished
    /// then ends the worker's search too.
    in_worker: StopFlag,
    /// The worker it was sent to (`Thinker::remote_channel`).
    channel: &'static str,
    finished: bool,
    started: Instant,
}

impl<T: Thinker> TurnTask<T> {
    pub fn start(thinker: T) -> TurnTask<T> {
        let stop = StopFlag::new();
        let in_worker = StopFlag::new();
        let channel = thinker.remote_channel();
        let job = AsyncComputeTaskPool::get().spawn(run(thinker, stop.clone(), in_worker.clone()));
        TurnTask {
            job,
            stop,
            in_worker,
            channel,
            finished: false,
            started: Instant::now(),
        }
    }

    /// The finished decision, once it is.
    pub fn poll(&mut self) -> Option<Finished<T>> {
        let finished = check_ready(&mut self.job);
        self.finished |= finished.is_some();
        finished
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
        if self.in_worker.is_stopped() && !self.finished {
            worker::cancel(self.channel);
        }
    }
}

/// Natively: the whole decision at once, on one of the pool's threads.
#[cfg(not(target_arch = "wasm32"))]
async fn run<T: Thinker>(mut thinker: T, stop: StopFlag, _in_worker: StopFlag) -> Finished<T> {
    let clock = FrameClock::default();
    loop {
        if let Some(answer) = thinker.think(u64::MAX, &clock, &stop) {
            return Finished {
                thinker,
                answer,
                thought: Thought::Whole,
            };
        }
    }
}

/// In the browser: in the computer's Web Worker when the thinker has a request for it and the
/// page has the worker; else in slices sized to take about `engine::slices::TARGET_MS`, handing
/// the thread back to the browser between them.
#[cfg(target_arch = "wasm32")]
async fn run<T: Thinker>(mut thinker: T, stop: StopFlag, in_worker: StopFlag) -> Finished<T> {
    if let Some(request) = thinker.remote_request() {
        in_worker.stop();
        match worker::think(&request, thinker.remote_channel())
            .await
            .and_then(|reply| thinker.remote_answer(&reply))
        {
            Ok(answer) => {
                return Finished {
                    thinker,
                    answer,
                    thought: Thought::InWorker,
                };
            }
            Err(why) => tracing::warn!("the computer thinks on the page instead of in its worker: {why}"),
        }
    }
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
                thought: Thought::InSlices(slices, busy_ms),
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

/// The page's side of the computer's Web Worker (`web/engine.js`, as `window.tesseractEngine`).
#[cfg(target_arch = "wasm32")]
mod worker {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = tesseractEngine, js_name = think, catch)]
        fn engine_think(request: &str, channel: &str) -> Result<js_sys::Promise, JsValue>;

        #[wasm_bindgen(js_namespace = tesseractEngine, js_name = cancel, catch)]
        fn engine_cancel(channel: &str) -> Result<(), JsValue>;
    }

    /// The `channel` worker's reply to `request`; an error when the page has no worker or it
    /// failed.
    pub async fn think(request: &str, channel: &str) -> Result<String, String> {
        let promise = engine_think(request, channel).map_err(describe)?;
        let reply = wasm_bindgen_futures::JsFuture::from(promise).await.map_err(describe)?;
        reply
            .as_string()
            .ok_or_else(|| "the worker's reply is not text".to_string())
    }

    /// Ends the `channel` worker's search at once (its next request starts a fresh worker).
    pub fn cancel(channel: &str) {
        let _ = engine_cancel(channel);
    }

    fn describe(error: JsValue) -> String {
        match error.dyn_ref::<js_sys::Error>() {
            Some(error) => error.message().into(),
            None => error.as_string().unwrap_or_else(|| format!("{error:?}")),
        }
    }
}

/// Natively every search runs on a thread of its own: there is no worker to stop.
#[cfg(not(target_arch = "wasm32"))]
mod worker {
    pub fn cancel(_channel: &str) {}
}
