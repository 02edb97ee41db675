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
    pub movetime_ms: Option<u64>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
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
