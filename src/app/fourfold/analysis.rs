//! Analysis in the game: with *Analysis* on (never in a rated game), the engine searches the
//! position on the board — the game's, or the one under review — in the background (the shell's
//! turn task: natively a pool thread, in the browser a Web Worker of its own, else slices), and
//! the panel shows the evaluation
//! from White's side and the best line; the board draws the best move and the answer expected.
//! Asked what the opponent threatens, it also searches the position with the move passed (not
//! when in check) and draws the opponent's best move there.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::{GameView, Intent, Play};
use crate::app::shell::turn_task::{Thinker, TurnTask};
use crate::engine::{Clock, Limits, StopFlag};
use crate::fourfold::ai::{Engine, IterativeDeepening, SearchResult, mate_in};
use crate::fourfold::rules::lan::format_moves;
use crate::fourfold::rules::{Color as Side, Game, Move};

/// Plies of the best line the panel shows (the rest is the engine's guess).
const SHOWN_PLIES: usize = 10;

/// Nodes an analysis searches: about half a second natively on this machine's kind.
const ANALYSIS_NODES: u64 = 1_000_000;

/// One analysis: the engine (kept from one to the next, so its table carries over; made when a
/// search runs here: in the browser the worker searches, and the page is spared its table) and
/// the game.
pub struct AnalysisThinker {
    engine: Option<Engine>,
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
        let engine = self.engine.get_or_insert_with(Engine::default);
        search.step(engine, slice_nodes, clock, stop, &mut |_| {})
    }

    /// In the browser, the analysis worker searches it whole, as natively (`worker::Desk`).
    fn remote_request(&self) -> Option<String> {
        let study = crate::worker::Study::Analysis(ANALYSIS_NODES);
        Some(crate::worker::Request::study(&self.game, study).to_text())
    }

    fn remote_answer(&self, reply: &str) -> Result<SearchResult, String> {
        crate::worker::Analysed::read(&self.game, reply)
    }

    fn remote_channel(&self) -> &'static str {
        "analysis"
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
    /// Where it was searched (natively whole, in the browser's worker, or in slices).
    pub thought: crate::app::shell::turn_task::Thought,
    /// The best line in LAN4D.
    pub line: Vec<String>,
    pub to_move: Side,
}

/// One kind of look at the board: its running search, its engine between searches, and what
/// it found last.
#[derive(Default)]
pub struct Probe {
    job: Option<Running>,
    engine: Option<Engine>,
    pub found: Option<Found>,
}

impl Found {
    /// Whether it is of the position `key` names (the game's generation, the ply under review).
    pub fn is_of(&self, key: Shown) -> bool {
        self.key == key
    }
}

impl Probe {
    /// What it found, when that is of the position shown.
    fn current(&self, key: Shown) -> Option<&Found> {
        self.found.as_ref().filter(|f| f.key == key)
    }

    /// Collects a finished search, or starts one on `game` (from `shown`'s position) when it has
    /// nothing for that position yet; `game` `None`: nothing to search.
    fn follow(&mut self, key: Shown, game: impl FnOnce() -> Option<Game>) {
        if let Some((job, job_key, searched)) = self.job.as_mut() {
            if *job_key != key {
                self.job = None;
            } else if let Some(finished) = job.poll() {
                let line = format_moves(searched.position(), &finished.answer.pv);
                let to_move = searched.position().side_to_move();
                self.found = Some(Found {
                    key,
                    result: finished.answer,
                    thought: finished.thought,
                    line,
                    to_move,
                });
                self.engine = finished.thinker.engine;
                self.job = None;
                return;
            } else {
                return;
            }
        }
        if self.current(key).is_some() {
            return;
        }
        let Some(game) = game().filter(|g| g.outcome().is_none()) else {
            return;
        };
        let thinker = AnalysisThinker {
            engine: self.engine.take(),
            game: game.clone(),
            search: None,
        };
        self.job = Some((TurnTask::start(thinker), key, game));
    }
}

/// Which way to step through the analysis' best line on the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LineStep {
    Forward,
    Back,
    /// Back to the position the line is of.
    Leave,
}

/// The request that steps the board through the best line of the position shown: `None` when
/// there is no line to step (the analysis off or still searching, or nothing to leave).
pub fn step_line(analysis: &Analysis, play: &Play, view: &GameView, step: LineStep) -> Option<Intent> {
    let shown = view.line.as_ref().map_or(0, |line| line.shown);
    if step == LineStep::Leave {
        return (shown > 0).then(|| Intent::ShowLine {
            moves: Vec::new(),
            shown: 0,
        });
    }
    let found = shown_found(analysis, play, view)?;
    let moves = found.result.pv.clone();
    let next = match step {
        LineStep::Forward => (shown + 1).min(moves.len()),
        _ => shown.saturating_sub(1),
    };
    (next != shown).then_some(Intent::ShowLine { moves, shown: next })
}

/// An arrow the board draws for the analysis.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arrow {
    /// The best move.
    Best(Move),
    /// The answer the best line expects.
    Answer(Move),
    /// What the opponent would play if the side to move passed.
    Threat(Move),
}

#[derive(Resource, Default)]
pub struct Analysis {
    pub enabled: bool,
    /// Also: what the opponent threatens (its best move if the side to move passed).
    pub threats: bool,
    pub best: Probe,
    pub threat: Probe,
    /// A hint asked for this position (the game's generation): only the best move is drawn,
    /// with the analysis off.
    pub hint_for: Option<u64>,
}

impl Analysis {
    /// Whether a hint may be asked now: a game going on, not rated, nobody reviewing.
    pub fn hint_allowed(play: &Play, view: &GameView) -> bool {
        !play.rated && play.end().is_none() && view.shows_the_game()
    }

    /// The arrows of what is shown: the best move, the answer it expects, and the threat.
    pub fn arrows(&self, play: &Play, view: &GameView) -> Vec<Arrow> {
        let key = (play.generation, view.review);
        // The editor's board is not the game the analysis searched.
        if view.editing.is_some() {
            return Vec::new();
        }
        if !self.enabled {
            // A hint: the best move alone, for the game as it stands.
            let hinted = self.hint_for == Some(play.generation) && view.review.is_none();
            let best = self.best.current(key).and_then(|f| f.result.pv.first().copied());
            return best.filter(|_| hinted).map(Arrow::Best).into_iter().collect();
        }
        let mut arrows = Vec::new();
        // Stepping through the line: the next move from the position on the board.
        let stepped = view.line.as_ref().map_or(0, |line| line.shown);
        if let Some(found) = self.best.current(key) {
            let mut line = found.result.pv.iter().copied().skip(stepped);
            arrows.extend(line.next().map(Arrow::Best));
            arrows.extend(line.next().map(Arrow::Answer));
        }
        if let Some(found) = self.threat.current(key).filter(|_| self.threats && stepped == 0) {
            arrows.extend(found.result.pv.first().copied().map(Arrow::Threat));
        }
        arrows
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

/// The position shown with the move passed to the opponent, as a game of its own; none when
/// the side to move is in check (passing is no move then).
fn passed(game: &Game) -> Option<Game> {
    let mut position = game.position().clone();
    if position.in_check() {
        return None;
    }
    position.make_null();
    Some(Game::new(position))
}

fn analyse(mut analysis: ResMut<Analysis>, play: Res<Play>, view: Res<GameView>) {
    let analysis = &mut *analysis;
    let hinting = analysis.hint_for == Some(play.generation) && Analysis::hint_allowed(&play, &view);
    if !analysis.enabled && hinting {
        analysis.threat.job = None;
        analysis
            .best
            .follow((play.generation, None), || Some(play.game.clone()));
        return;
    }
    if !analysis.enabled || play.rated_in_progress() {
        analysis.best.job = None;
        analysis.threat.job = None;
        return;
    }
    let key = (play.generation, view.review);
    analysis.best.follow(key, || Some(shown_game(&play, &view)));
    if analysis.threats {
        analysis.threat.follow(key, || passed(&shown_game(&play, &view)));
    } else {
        analysis.threat.job = None;
    }
}

/// The analysis' score from White's side.
pub fn white_score(found: &Found) -> i32 {
    if found.to_move == Side::White {
        found.result.score
    } else {
        -found.result.score
    }
}

/// What the analysis found of the position shown, when it is on (not while editing).
pub fn shown_found<'a>(analysis: &'a Analysis, play: &Play, view: &GameView) -> Option<&'a Found> {
    let on = analysis.enabled && !play.rated_in_progress() && view.editing.is_none();
    analysis.best.current((play.generation, view.review)).filter(|_| on)
}

/// The evaluation from White's side: `+1.25`, or `White mates in 3`.
fn evaluation(found: &Found) -> String {
    let white_score = white_score(found);
    match mate_in(white_score) {
        Some(n) if n > 0 => format!("White mates in {n}"),
        Some(n) => format!("Black mates in {}", -n),
        None => format!("{:+.2}", f64::from(white_score) / 100.0),
    }
}

/// The analysis part of the side panel; stepping through the best line asks `intents`.
pub(super) fn section(
    ui: &mut egui::Ui,
    analysis: &mut Analysis,
    play: &Play,
    view: &GameView,
    intents: &mut MessageWriter<Intent>,
) {
    ui.add_enabled_ui(!play.rated_in_progress(), |ui| {
        ui.checkbox(&mut analysis.enabled, "Analysis (the engine's view of the board)")
            .on_disabled_hover_text("No help from the engine in a rated game.");
    });
    if !analysis.enabled || play.rated_in_progress() {
        return;
    }
    let key = (play.generation, view.review);
    let over = play.game.outcome().is_some() && view.review.is_none();
    match analysis.best.current(key) {
        Some(found) => {
            ui.label(format!(
                "{} (depth {}, {} nodes)",
                evaluation(found),
                found.result.depth,
                found.result.nodes
            ));
            let shown: Vec<&str> = found.line.iter().take(SHOWN_PLIES).map(String::as_str).collect();
            let more = if found.line.len() > SHOWN_PLIES { " …" } else { "" };
            ui.label(egui::RichText::new(format!("Best line: {}{more}", shown.join(" "))).small());
            let stepped = view.line.as_ref().map_or(0, |line| line.shown);
            let mut step = None;
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(format!("On the board: ply {stepped} of {}", found.line.len())).small());
                if ui.small_button("[ back").clicked() {
                    step = Some(LineStep::Back);
                }
                if ui
                    .small_button("forward ]")
                    .on_hover_text("Plays the best line on the board, a ply at a time ([ and ] on the keyboard)")
                    .clicked()
                {
                    step = Some(LineStep::Forward);
                }
            });
            if let Some(intent) = step.and_then(|step| step_line(analysis, play, view, step)) {
                intents.write(intent);
            }
        }
        None if over => {
            ui.label("The game is over.");
        }
        None => {
            ui.label("Thinking…");
        }
    }
    ui.checkbox(&mut analysis.threats, "What does the opponent threaten?");
    if analysis.threats && !over {
        let threat = analysis.threat.current(key);
        let text = match threat.and_then(|f| f.line.first().map(|mv| (f, mv))) {
            Some((found, mv)) => format!("If you passed: {mv} ({})", evaluation(found)),
            None if shown_game(play, view).position().in_check() => "In check: no passing.".to_string(),
            None => "Thinking…".to_string(),
        };
        ui.label(egui::RichText::new(text).small());
    }
}
