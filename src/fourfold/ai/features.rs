//! Which of the search's refinements a search uses. The levels play `Features::CURRENT`;
//! `Features::BASELINE` is the search as it stood before them (2026-12-02), kept so that one
//! binary can measure the difference by self-play (`selfplay --white master --black
//! master:baseline`).

/// Search refinements, each switchable on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Late-move reductions from a table over depth and move number, less for killers and
    /// counter-moves, more outside the principal variation, and by the move's history (else
    /// one ply, two for late moves at depth 5 and more).
    pub reduction_table: bool,
    /// Late-move pruning, futility pruning and static-exchange pruning of quiet moves and
    /// captures near the leaves (never of a move that gives check, never in a mate probe).
    pub pruning: bool,
    /// History with penalties for the quiet moves tried before a cut-off and with gravity
    /// (each update pulls the value towards its bound), per side; counter-moves and
    /// continuation history (the move before, and the one before that).
    pub move_memory: bool,
    /// Killers kept from one iteration to the next (else each iteration starts without).
    pub lasting_killers: bool,
    /// The table in buckets of four entries that keep the deepest of the running search (else
    /// one entry a slot).
    pub table_buckets: bool,
    /// The quiescence search probes and writes the table too.
    pub quiescence_table: bool,
    /// The evaluation drives a bare king to the edge and brings the stronger king near, so a
    /// won ending is won (mop-up).
    pub mop_up: bool,
    /// A check is extended only within the nominal depth's plies from the root (else within
    /// twice as many): long checking chains cost nodes that found no better moves.
    pub short_check_extension: bool,
    /// A check given by a piece that loses material by static exchange is not extended: the
    /// defender takes the checker, and the extension bought nothing.
    pub safe_check_extension: bool,
    /// The null move is reduced by more at depth and when the static evaluation stands far
    /// above beta (3 + depth / 3, and one more ply for each 200 centipawns above beta up to
    /// three; else 2 + depth / 4): the further ahead, the less a search must confirm it.
    pub adaptive_null_move: bool,
    /// Pruning trusts the table's bound on a position where it says more than the static score
    /// (a lower bound above it, an upper bound below it, an exact score).
    pub table_eval: bool,
}

impl Features {
    /// Everything on: what the levels play.
    pub const CURRENT: Features = Features {
        reduction_table: true,
        pruning: true,
        move_memory: true,
        lasting_killers: true,
        table_buckets: true,
        quiescence_table: true,
        mop_up: true,
        short_check_extension: true,
        safe_check_extension: true,
        adaptive_null_move: true,
        table_eval: true,
    };

    /// The search before these refinements, move for move.
    pub const BASELINE: Features = Features {
        reduction_table: false,
        pruning: false,
        move_memory: false,
        lasting_killers: false,
        table_buckets: false,
        quiescence_table: false,
        mop_up: false,
        short_check_extension: false,
        safe_check_extension: false,
        adaptive_null_move: false,
        table_eval: false,
    };

    /// The names `selfplay` and `bestmove` take after a level's name (`master:baseline`), and
    /// `-name` to switch one refinement off (`master:-pruning`).
    pub const NAMES: [&'static str; 11] = [
        "reduction-table",
        "pruning",
        "move-memory",
        "lasting-killers",
        "table-buckets",
        "quiescence-table",
        "mop-up",
        "short-check-extension",
        "safe-check-extension",
        "adaptive-null-move",
        "table-eval",
    ];

    /// Each refinement's switch, in the order of `NAMES`.
    fn switches(&mut self) -> [&mut bool; 11] {
        [
            &mut self.reduction_table,
            &mut self.pruning,
            &mut self.move_memory,
            &mut self.lasting_killers,
            &mut self.table_buckets,
            &mut self.quiescence_table,
            &mut self.mop_up,
            &mut self.short_check_extension,
            &mut self.safe_check_extension,
            &mut self.adaptive_null_move,
            &mut self.table_eval,
        ]
    }

    /// The command line's help for a search's refinements, naming every switch.
    pub fn help() -> String {
        format!(
            "The search's refinements: current (the default), baseline (the search before them), \
             or -name / +name switches ({})",
            Features::NAMES.join(", ")
        )
    }

    /// `baseline`, `current`, or a comma-separated list of `-name` (off) and `+name` (on)
    /// applied to the current set.
    pub fn parse(text: &str) -> Result<Features, String> {
        match text {
            "baseline" => return Ok(Features::BASELINE),
            "current" => return Ok(Features::CURRENT),
            _ => {}
        }
        let mut features = Features::CURRENT;
        for part in text.split(',') {
            let (on, name) = match part.split_at_checked(1) {
                Some(("-", name)) => (false, name),
                Some(("+", name)) => (true, name),
                _ => {
                    return Err(format!(
                        "search '{part}': write baseline, current, or -name / +name with a name among {}",
                        Features::NAMES.join(", ")
                    ));
                }
            };
            let index = Features::NAMES.iter().position(|&n| n == name).ok_or_else(|| {
                format!(
                    "search '{part}': unknown refinement '{name}' (one of {})",
                    Features::NAMES.join(", ")
                )
            })?;
            *features.switches()[index] = on;
        }
        Ok(features)
    }

    /// What `parse` reads back: `current`, `baseline`, or the refinements switched off.
    pub fn describe(self) -> String {
        match self {
            Features::CURRENT => "current".into(),
            Features::BASELINE => "baseline".into(),
            mut features => {
                let off: Vec<String> = Features::NAMES
                    .iter()
                    .zip(features.switches())
                    .filter(|(_, on)| !**on)
                    .map(|(name, _)| format!("-{name}"))
                    .collect();
                off.join(",")
            }
        }
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::CURRENT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_switch_single_refinements() {
        assert_eq!(Features::parse("baseline"), Ok(Features::BASELINE));
        let no_pruning = Features::parse("-pruning").unwrap();
        assert!(!no_pruning.pruning && no_pruning.reduction_table);
        let only = Features::parse("-pruning,+pruning,-mop-up").unwrap();
        assert!(only.pruning && !only.mop_up);
        for name in Features::NAMES {
            assert_ne!(Features::parse(&format!("-{name}")), Ok(Features::CURRENT), "{name}");
        }
        let err = Features::parse("-prunning").unwrap_err();
        assert!(err.contains("prunning") && err.contains("reduction-table"), "{err}");
        assert!(Features::parse("pruning").is_err());
        assert!(Features::parse("").is_err());
        for text in ["current", "baseline", "-pruning", "-mop-up,-table-buckets"] {
            let features = Features::parse(text).unwrap();
            assert_eq!(Features::parse(&features.describe()), Ok(features), "{text}");
        }
    }
}
