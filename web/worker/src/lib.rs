//! The computer of Tesseract Chess in the browser's Web Worker (`web/engine-worker.js` loads
//! it): both games' engines without Bevy, a few hundred kilobytes. The page sends a request
//! (`tesseract_chess::worker::Request`) and gets the decision back; the search runs whole on the
//! worker's thread, as it runs natively, while the page goes on drawing.

use std::cell::RefCell;

use tesseract_chess::engine::{Clock, StopFlag};
use tesseract_chess::worker::Desk;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The players, kept from request to request as the app keeps its own.
    static DESK: RefCell<Desk> = RefCell::new(Desk::default());
}

/// The worker's clock: `performance.now()` is the worker's own too, but `Date` needs no
/// binding to the worker's global scope.
struct WorkerClock(f64);

impl WorkerClock {
    fn start() -> WorkerClock {
        WorkerClock(js_sys::Date::now())
    }
}

impl Clock for WorkerClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now() - self.0
    }
}

/// Decides for the seat to move in the request's game: `move …`, `claim`, `resign` or `none`;
/// an error names what is wrong with the request. Stopping is the page's to do: it ends the
/// worker.
#[wasm_bindgen]
pub fn think(request: &str) -> Result<String, JsError> {
    let clock = WorkerClock::start();
    DESK.with_borrow_mut(|desk| desk.answer(request, &clock, &StopFlag::new()))
        .map_err(|e| JsError::new(&e))
}

/// Both games' bench positions searched for `nodes` nodes each: one line per game (and, in
/// four-player chess, per rule set) with its nodes, milliseconds and nodes per second, as the
/// command line's `bench` and `four-player bench` print their totals.
#[wasm_bindgen]
pub fn bench(nodes: u32) -> String {
    let clock = WorkerClock::start();
    let fourfold = tesseract_chess::fourfold::ai::bench::run(u64::from(nodes), &clock, &mut |_| {});
    let (total_nodes, ms, nps) = tesseract_chess::fourfold::ai::bench::total(&fourfold);
    let mut text = format!("total 4d nodes {total_nodes} time {ms:.0} ms nps {nps:.0}\n");
    let four_player = tesseract_chess::four_player::ai::bench::run(u64::from(nodes), &clock, &mut |_| {});
    for (kind, nodes, ms, nps) in tesseract_chess::four_player::ai::bench::totals(&four_player) {
        text.push_str(&format!(
            "total {} nodes {nodes} time {ms:.0} ms nps {nps:.0}\n",
            kind.name()
        ));
    }
    text
}
