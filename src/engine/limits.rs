//! What bounds a search, and where its time comes from. The engine never reads a clock itself:
//! the caller passes one (std's `Instant` natively, the browser's clock on wasm).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A monotonic clock in milliseconds.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// The native clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct StdClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never moves: for searches bounded only by depth or nodes.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// Limits of one search; `None` means unbounded on that axis. With none set at all the search
/// stops at `MAX_DEPTH`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The hard limit: the search stops when it is reached, even within an iteration.
    pub movetime_ms: Option<u64>,
    /// The soft limit: no new iteration starts once it has passed (a clock's share of a move).
    pub soft_ms: Option<u64>,
}

/// A seat's clock as its computer sees it when it starts to think.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClockLeft {
    pub left_ms: u64,
    pub increment_ms: u64,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Self-play's limits for every player in place of their levels': `None` when neither
    /// nodes nor time is given (each level keeps its own).
    pub fn in_place_of_levels(nodes: Option<u64>, movetime_ms: Option<u64>) -> Option<Limits> {
        (nodes.is_some() || movetime_ms.is_some()).then(|| Limits {
            nodes,
            movetime_ms,
            ..Limits::default()
        })
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// These limits within a move's share of `clock`: no new iteration after about a thirtieth
    /// of the time left plus three quarters of the increment (the soft limit), and a stop at four
    /// times that (the hard limit). Neither reaches into a margin kept for the moves after this
    /// one (a twentieth of the time left, at most 300 ms), so the computer never loses on time
    /// by thinking; a level's own node or depth limit still applies.
    pub fn within(self, clock: ClockLeft) -> Limits {
        let margin = (clock.left_ms / 20).min(300);
        let usable = clock.left_ms - margin;
        let soft = (clock.left_ms / 30 + clock.increment_ms * 3 / 4).min(usable);
        let hard = (soft * 4).min(usable);
        Limits {
            soft_ms: Some(self.soft_ms.map_or(soft, |s| s.min(soft))),
            movetime_ms: Some(self.movetime_ms.map_or(hard, |m| m.min(hard))),
            ..self
        }
    }

    /// Whether the soft limit has passed, `elapsed_ms` into the search: start no new iteration.
    pub fn past_soft(&self, elapsed_ms: f64) -> bool {
        self.soft_ms.is_some_and(|soft| elapsed_ms >= soft as f64)
    }
}

/// A flag another thread can raise to stop a running search.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_gives_a_soft_and_a_hard_limit_inside_the_time_left() {
        let minute = Limits::nodes(2_000_000).within(ClockLeft {
            left_ms: 60_000,
            increment_ms: 0,
        });
        assert_eq!(
            (minute.soft_ms, minute.movetime_ms, minute.nodes),
            (Some(2_000), Some(8_000), Some(2_000_000))
        );
        let with_increment = Limits::default().within(ClockLeft {
            left_ms: 180_000,
            increment_ms: 2_000,
        });
        assert_eq!(
            (with_increment.soft_ms, with_increment.movetime_ms),
            (Some(7_500), Some(30_000))
        );
        // Short of time: both limits stay inside what is left less the margin.
        for left_ms in [0, 1, 40, 500, 3_000] {
            let limits = Limits::default().within(ClockLeft {
                left_ms,
                increment_ms: 5_000,
            });
            let (soft, hard) = (limits.soft_ms.unwrap(), limits.movetime_ms.unwrap());
            assert!(
                soft <= hard && hard <= left_ms - (left_ms / 20).min(300),
                "{left_ms}: {soft} {hard}"
            );
        }
        // A tighter limit already set stays.
        let tight = Limits::movetime(100).within(ClockLeft {
            left_ms: 60_000,
            increment_ms: 0,
        });
        assert_eq!((tight.soft_ms, tight.movetime_ms), (Some(2_000), Some(100)));
        assert!(tight.past_soft(2_000.0) && !tight.past_soft(1_999.0) && !Limits::default().past_soft(1e12));
    }
}
