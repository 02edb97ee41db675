//! The slice contract both games' computer players keep: `decide` starts a decision in a game's
//! position, `think` carries it on for about so many more nodes and gives the answer once it is
//! decided. A caller with a thread of its own runs it to the end (`choose`); the browser's page
//! thread calls `think` once a frame with a small slice.

use super::{Clock, StopFlag};

pub trait SlicedPlayer {
    /// The game a decision is asked of.
    type Game;
    /// A decision in progress.
    type Decision;
    /// What is decided (a move, a turn; `None` inside where there is none to make).
    type Answer;
    /// What each completed search iteration reports.
    type Info;

    /// Starts deciding in the game's position; `think` carries the decision on.
    fn decide(&self, game: &Self::Game, clock: &dyn Clock) -> Self::Decision;

    /// Thinks about `decision` for about `slice_nodes` more nodes (`u64::MAX`: to the end),
    /// reporting each completed iteration to `info`; the answer once decided. Every call of one
    /// decision gets the same clock.
    fn think(
        &mut self,
        decision: &mut Self::Decision,
        slice_nodes: u64,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&Self::Info),
    ) -> Option<Self::Answer>;

    /// Decides in one go, reporting each completed search iteration to `info`.
    fn choose_with_info(
        &mut self,
        game: &Self::Game,
        clock: &dyn Clock,
        stop: &StopFlag,
        info: &mut dyn FnMut(&Self::Info),
    ) -> Self::Answer {
        let mut decision = self.decide(game, clock);
        loop {
            if let Some(answer) = self.think(&mut decision, u64::MAX, clock, stop, info) {
                return answer;
            }
        }
    }

    /// Decides in one go.
    fn choose(&mut self, game: &Self::Game, clock: &dyn Clock, stop: &StopFlag) -> Self::Answer {
        self.choose_with_info(game, clock, stop, &mut |_| {})
    }
}
