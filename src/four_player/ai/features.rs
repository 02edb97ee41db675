//! Which of the four-player search's refinements a search uses. The levels play all of them;
//! each can be switched off on its own so that one binary measures it by self-play
//! (`four-player selfplay --seats strong,strong:-move-memory,…`).

/// Search refinements, each switchable on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Late-move reductions: a late quiet move searched shallower first (2026-12-03).
    pub reductions: bool,
    /// History with penalties for the quiet moves tried before a cut-off and with gravity, per
    /// seat (2026-12-04). Off: a history that only grows, as before.
    pub move_memory: bool,
    /// Reverse futility: near the leaves, a node whose static score (sharpened by the table's
    /// bound) stands a margin beyond the window ends there (2026-12-07).
    pub static_pruning: bool,
    /// Late-move pruning (Teams): near the leaves, once a node has searched enough quiet moves,
    /// its later quiet moves (killers and checks aside) are not searched (2026-12-07).
    pub late_move_pruning: bool,
    /// Principal variation search: a node's moves after its first are searched with a null
    /// window first, and again with the whole window only when one lands inside it (2026-12-07).
    pub null_window: bool,
    /// Aspiration windows: from the fourth iteration on, the root searches a window around the
    /// last iteration's score first, and widens it only when the best score falls outside
    /// (2026-12-08).
    pub aspiration: bool,
}

impl Features {
    /// Everything on: what the levels play.
    pub const CURRENT: Features = Features {
        reductions: true,
        move_memory: true,
        static_pruning: true,
        late_move_pruning: true,
        null_window: true,
        aspiration: true,
    };

    /// The names an entrant switches off with `-name`.
    pub const NAMES: [&'static str; 6] = [
        "reductions",
        "move-memory",
        "static-pruning",
        "late-move-pruning",
        "null-window",
        "aspiration",
    ];

    /// Each refinement's switch, in the order of `NAMES`.
    fn switches(&mut self) -> [&mut bool; 6] {
        [
            &mut self.reductions,
            &mut self.move_memory,
            &mut self.static_pruning,
            &mut self.late_move_pruning,
            &mut self.null_window,
            &mut self.aspiration,
        ]
    }

    /// Switches `name` (one of `NAMES`) on or off; `false` when there is no such refinement.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let Some(index) = Features::NAMES.iter().position(|&n| n == name) else {
            return false;
        };
        *self.switches()[index] = on;
        true
    }

    /// The refinements switched off, as an entrant's suffixes (`:-reductions:-move-memory`).
    pub fn suffix(mut self) -> String {
        Features::NAMES
            .iter()
            .zip(self.switches())
            .filter(|(_, on)| !**on)
            .map(|(name, _)| format!(":-{name}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_switches_its_own_refinement() {
        for name in Features::NAMES {
            let mut features = Features::CURRENT;
            assert!(features.set(name, false), "{name}");
            assert_ne!(features, Features::CURRENT, "{name}");
            assert_eq!(features.suffix(), format!(":-{name}"));
            assert!(features.set(name, true));
            assert_eq!(features, Features::CURRENT);
        }
        let mut features = Features::CURRENT;
        assert!(!features.set("pruning", false), "no such refinement");
        assert_eq!(Features::CURRENT.suffix(), "");
    }
}
