//! Analysis in the game: with *Analysis* on (never in a rated game), the engine searches the
//! position on the board — the game's, or the one under review — in the background (the shell's
//! turn task: natively a pool thread, in the browser slices), and the panel shows the evaluation
//! from White's side and the best line; the board draws the best move and the answer expected.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::{GameView, Play};
use crate::app::shell::turn_task::{Thinker, TurnTask};
use crate::engine::{Clock, Limits, StopFlag};
use crate::fourfold::ai::{Engine, IterativeDeepening, SearchResult, mate_in};
use crate::fourfold::rules::lan::format_moves;
use crate::fourfold::rules::{Color as Side, Game, Move};

/// Plies of the best line the panel shows (the rest is the engine's guess).
const SHOWN_PLIES: usize = 10;

/// Nodes an analysis searches: about half a second natively on this machine's kind.
const ANALYSIS_NODES: u64 = 1_000_000;

/// One analysis: the engine (kept from one to the next, so its table carries over) and the game.
pub struct AnalysisThinker {
    engine: Engine,
    game: Game,
    search: Option<Box<IterativeDeepening>>,
}

impl Thinker for AnalysisThinker {
    type Answer = SearchResult;

    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<SearchResult> {
        let game = &self.game;
        let search = self
            .search
            .get_or_insert_with(|| Box::new(IterativeDeepening::new(game, Limits::nodes(ANALYSIS_NODES), clock)));
        search.step(&mut self.engine, slice_nodes, clock, stop, &mut |_| {})
    }
}

/// Which position: the game's generation and the ply under review.
type Shown = (u64, Option<usize>);

/// A running analysis, the position it is of, and its game.
type Running = (TurnTask<AnalysisThinker>, Shown, Game);

/// What the analysis found for one position.
pub struct Found {
    key: Shown,
    pub result: SearchResult,
    /// The best line in LAN4D.
    pub line: Vec<String>,
    pub to_move: Side,
}

#[derive(Resource, Default)]
pub struct Analysis {
    pub enabled: bool,
    job: Option<Running>,
    /// The engine between analyses.
    engine: Option<Engine>,
    pub found: Option<Found>,
}

impl Analysis {
    /// The best move and the answer expected, for the board, when they belong to what is shown.
    pub fn arrows(&self, play: &Play, view: &GameView) -> Vec<Move> {
        match &self.found {
            Some(found) if self.enabled && found.key == (play.generation, view.review) => {
                found.result.pv.iter().take(2).copied().collect()
            }
            _ => Vec::new(),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Analysis>().add_systems(
        Update,
        analyse
            .after(crate::app::AppSystems::Apply)
            .run_if(in_state(crate::app::Mode::Fourfold)),
    );
}

/// The game up to what is shown (the whole game, or up to the ply under review).
fn shown_game(play: &Play, view: &GameView) -> Game {
    let Some(ply) = view.review else {
        return play.game.clone();
    };
    let mut game = Game::new(play.game.start().clone());
    for &mv in &play.game.moves()[..ply.min(play.game.moves().len())] {
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

fn analyse(mut analysis: ResMut<Analysis>, play: Res<Play>, view: Res<GameView>) {
    let analysis = &mut *analysis;
    if !analysis.enabled || play.rated_in_progress() {
        analysis.job = None;
        return;
    }
    let key = (play.generation, view.review);
    if let Some((job, job_key, game)) = analysis.job.as_mut() {
        if *job_key != key {
            analysis.job = None;
        } else if let Some(finished) = job.poll() {
            let line = format_moves(game.position(), &finished.answer.pv);
            let to_move = game.position().side_to_move();
            analysis.found = Some(Found {
                key,
                result: finished.answer,
                line,
                to_move,
            });
            analysis.engine = Some(finished.thinker.engine);
            analysis.job = None;
            return;
        } else {
            return;
        }
    }
    if analysis.found.as_ref().is_some_and(|f| f.key == key) {
        return;
    }
    let game = shown_game(&play, &view);
    if game.outcome().is_some() {
        return;
    }
    let engine = analysis.engine.take().unwrap_or_default();
    let thinker = AnalysisThinker {
        engine,
        game: game.clone(),
        search: None,
    };
    analysis.job = Some((TurnTask::start(thinker), key, game));
}

/// The evaluation from White's side: `+1.25`, or `White mates in 3`.
fn evaluation(found: &Found) -> String {
    let white_score = if found.to_move == Side::White {
        found.result.score
    } else {
        -found.result.score
    };
    match mate_in(white_score) {
        Some(n) if n > 0 => format!("White mates in {n}"),
        Some(n) => format!("Black mates in {}", -n),
        None => format!("{:+.2}", f64::from(white_score) / 100.0),
    }
}

/// The analysis part of the side panel.
pub(super) fn section(ui: &mut egui::Ui, analysis: &mut Analysis, play: &Play, view: &GameView) {
    ui.add_enabled_ui(!play.rated_in_progress(), |ui| {
        ui.checkbox(&mut analysis.enabled, "Analysis (the engine's view of the board)")
            .on_disabled_hover_text("No help from the engine in a rated game.");
    });
    if !analysis.enabled || play.rated_in_progress() {
        return;
    }
    match &analysis.found {
        Some(found) if found.key == (play.generation, view.review) => {
            ui.label(format!(
                "{} (depth {}, {} nodes)",
                evaluation(found),
                found.result.depth,
                found.result.nodes
            ));
            let shown: Vec<&str> = found.line.iter().take(SHOWN_PLIES).map(String::as_str).collect();
            let more = if found.line.len() > SHOWN_PLIES { " …" } else { "" };
            ui.label(egui::RichText::new(format!("Best line: {}{more}", shown.join(" "))).small());
        }
        _ if play.game.outcome().is_some() && view.review.is_none() => {
            ui.label("The game is over.");
        }
        _ => {
            ui.label("Thinking…");
        }
    }
}
