//! Analysis in four-player chess: with *Analysis* on (not in a tutorial scene), the engine
//! searches the position shown — the game's, or the turn under review — for the seat to move, in
//! the background (the shell's turn task: natively a pool thread, in the browser a Web Worker of
//! its own). The panel shows its evaluation for that seat (Teams and Club: the team's, in pawns,
//! or a mate; Free-for-all: its points against its rivals) and the line it expects; the board
//! draws the best move as an arrow in the seat's colour. While the computers play their turns
//! against a person still in the game it waits for the person's turn: their positions pass in a
//! moment (a search would often be dropped before it ends), and it would share the cores with
//! their searches.

use bevy::prelude::*;
use bevy_egui::egui;

use super::table::Table;
use crate::app::shell::turn_task::{Thinker, Thought, TurnTask};
use crate::engine::{Clock, Limits, StopFlag};
use crate::four_player::ai::{Engine, IterativeDeepening, SearchResult, mate_in};
use crate::four_player::placement::POINT;
use crate::four_player::{Game, Move, RuleKind, Seat};

/// Nodes an analysis searches: about half a second natively on this machine's kind.
pub const ANALYSIS_NODES: u64 = 1_000_000;

/// Turns of the expected line the panel shows.
const SHOWN_TURNS: usize = 8;

/// One analysis: the engine (kept from one to the next, so its table carries over; made when a
/// search runs here: in the browser the worker searches, and the page is spared its table) and
/// the game.
pub struct CrossAnalysisThinker {
    engine: Option<Engine>,
    game: Game,
    search: Option<Box<IterativeDeepening>>,
}

impl Thinker for CrossAnalysisThinker {
    type Answer = SearchResult;

    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<SearchResult> {
        let game = &self.game;
        let search = self
            .search
            .get_or_insert_with(|| Box::new(IterativeDeepening::new(game, Limits::nodes(ANALYSIS_NODES), clock)));
        let engine = self.engine.get_or_insert_with(Engine::default);
        search.step(engine, slice_nodes, clock, stop, &mut |_| {})
    }

    /// In the browser, a worker of its own searches it whole, as natively (`worker::Desk`).
    fn remote_request(&self) -> Option<String> {
        let study = crate::worker::Study::Analysis(ANALYSIS_NODES);
        Some(crate::worker::Request::four_player_study(&self.game, study).to_text())
    }

    fn remote_answer(&self, reply: &str) -> Result<SearchResult, String> {
        crate::worker::Analysed::read_four_player(&self.game, reply)
    }

    /// Not the 4D analysis' worker: leaving one game never stops the other's search.
    fn remote_channel(&self) -> &'static str {
        "four-player analysis"
    }
}

/// What the analysis found for one position.
pub struct CrossFound {
    /// The table's generation it is of.
    generation: u64,
    pub result: SearchResult,
    /// The seat it searched for (the seat to move).
    pub seat: Seat,
    pub rules_kind: RuleKind,
    /// Where it was searched (natively whole, in the browser's worker, or in slices).
    pub thought: Thought,
}

#[derive(Resource, Default)]
pub struct CrossAnalysis {
    pub enabled: bool,
    job: Option<(TurnTask<CrossAnalysisThinker>, u64)>,
    engine: Option<Engine>,
    found: Option<CrossFound>,
}

impl CrossAnalysis {
    /// What was found for the position the table shows now.
    pub fn current(&self, table: &Table) -> Option<&CrossFound> {
        self.found.as_ref().filter(|f| f.generation == table.generation)
    }

    /// The best move to draw: the analysis is on and has one for the position shown.
    pub fn best_move(&self, table: &Table) -> Option<(Seat, Move)> {
        let found = self.current(table).filter(|_| self.enabled)?;
        found.result.best.map(|mv| (found.seat, mv))
    }

    pub fn is_searching(&self) -> bool {
        self.job.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CrossAnalysis>().add_systems(
        Update,
        analyse
            .after(crate::app::AppSystems::Apply)
            .run_if(in_state(crate::app::Mode::FourPlayer)),
    );
}

/// Collects a finished search, or starts one on the position shown when nothing is known of it.
fn analyse(mut analysis: ResMut<CrossAnalysis>, table: Res<Table>) {
    let analysis = &mut *analysis;
    if !analysis.enabled || table.lesson_seat.is_some() || table.waiting_for_computers() {
        analysis.job = None;
        return;
    }
    if let Some((job, generation)) = analysis.job.as_mut() {
        if *generation != table.generation {
            analysis.job = None;
        } else if let Some(finished) = job.poll() {
            analysis.found = Some(CrossFound {
                generation: table.generation,
                result: finished.answer,
                seat: finished.thinker.game.position().turn,
                rules_kind: finished.thinker.game.rules.kind,
                thought: finished.thought,
            });
            analysis.engine = finished.thinker.engine;
            analysis.job = None;
            return;
        } else {
            return;
        }
    }
    if analysis.current(&table).is_some() || table.shown().outcome().is_some() {
        return;
    }
    let thinker = CrossAnalysisThinker {
        engine: analysis.engine.take(),
        game: table.shown().clone(),
        search: None,
    };
    analysis.job = Some((TurnTask::start(thinker), table.generation));
}

/// The evaluation for the seat that moves: `Red and Yellow +1.25`, `Red +0.40 points`, or a mate.
pub fn evaluation(found: &CrossFound) -> String {
    let seat = found.seat;
    let side = match found.rules_kind {
        RuleKind::Ffa => seat.name().to_string(),
        _ => format!("{} and {}", seat.name(), seat.partner().name()),
    };
    match (mate_in(found.result.score), found.rules_kind) {
        (Some(n), _) if n > 0 => format!("{side} mate within {}", turns(n)),
        (Some(n), _) => format!("{side} are mated within {}", turns(-n)),
        (None, RuleKind::Ffa) => format!(
            "{side} {:+.2} points against the rivals",
            f64::from(found.result.score) / f64::from(POINT)
        ),
        (None, _) => format!("{side} {:+.2}", f64::from(found.result.score) / 100.0),
    }
}

fn turns(n: i32) -> String {
    if n == 1 {
        "1 turn".to_string()
    } else {
        format!("{n} turns")
    }
}

/// The analysis part of the side panel.
pub(super) fn section(ui: &mut egui::Ui, analysis: &mut CrossAnalysis, table: &Table) {
    if table.lesson_seat.is_some() {
        return;
    }
    ui.checkbox(&mut analysis.enabled, "Analysis (the engine's view of the board)")
        .on_hover_text("The engine searches the position for the seat to move and draws its best move.");
    if !analysis.enabled {
        return;
    }
    match analysis.current(table) {
        Some(found) => {
            ui.label(format!(
                "{} (depth {}, {} nodes)",
                evaluation(found),
                found.result.depth,
                found.result.nodes
            ));
            let line = &found.result.pv;
            let shown: Vec<&str> = line.iter().take(SHOWN_TURNS).map(String::as_str).collect();
            let more = if line.len() > SHOWN_TURNS { " …" } else { "" };
            ui.label(egui::RichText::new(format!("Best line: {}{more}", shown.join(" "))).small());
        }
        None if table.shown().outcome().is_some() => {
            ui.label("The game is over.");
        }
        None if table.waiting_for_computers() => {
            ui.label("Waiting for the computers' moves.");
        }
        None => {
            ui.label("Thinking…");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four_player::ai::SearchResult;

    fn found(score: i32, rules_kind: RuleKind) -> CrossFound {
        CrossFound {
            generation: 0,
            result: SearchResult {
                score,
                ..Default::default()
            },
            seat: Seat::Blue,
            rules_kind,
            thought: Thought::Whole,
        }
    }

    #[test]
    fn the_evaluation_names_the_seat_or_the_team_and_reads_mates() {
        assert_eq!(evaluation(&found(125, RuleKind::Teams)), "Blue and Green +1.25");
        assert_eq!(
            evaluation(&found(-40, RuleKind::Ffa)),
            "Blue -0.40 points against the rivals"
        );
        let mate = crate::four_player::ai::MATE;
        assert_eq!(
            evaluation(&found(mate - 3, RuleKind::Club)),
            "Blue and Green mate within 3 turns"
        );
        assert_eq!(
            evaluation(&found(-(mate - 2), RuleKind::Teams)),
            "Blue and Green are mated within 2 turns"
        );
    }
}
