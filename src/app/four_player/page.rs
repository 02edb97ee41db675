//! The page's live regions for four-player chess (browser only), as the 4D game writes them:
//! `#status` announces the last turn, whose turn it is, checks, points, who is out and the
//! result (the turns played and whether a computer is thinking as data attributes); `#focus`
//! names the keyboard's square and what stands on it.

use bevy::prelude::*;

use super::input::CrossHovered;
use super::table::Table;
use super::turns::{CrossThinking, ShownPlan};
use crate::four_player::{RuleKind, Seat, Square};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (write_status, write_focus, write_analysis).run_if(in_state(crate::app::Mode::FourPlayer)),
    );
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// What the status line says of the table.
pub fn status_text(table: &Table, thinking: bool) -> String {
    let game = table.shown();
    let pos = game.position();
    let mut parts = Vec::new();
    if let Some(last) = game.turns().last() {
        parts.push(format!("{} played {}.", last.seat.name(), last.text));
    }
    parts.push(format!("{}.", table.headline()));
    let checked: Vec<&str> = table.checked_seats().into_iter().map(Seat::name).collect();
    if !checked.is_empty() {
        parts.push(format!("Check: {}.", checked.join(", ")));
    }
    if game.rules.kind == RuleKind::Ffa {
        let points: Vec<String> = Seat::ALL
            .into_iter()
            .map(|s| format!("{} {}", s.name(), pos.points[s.index()]))
            .collect();
        parts.push(format!("Points: {}.", points.join(", ")));
    }
    let out: Vec<String> = Seat::ALL
        .into_iter()
        .filter_map(|s| game.exit(s).map(|e| format!("{} ({})", s.name(), e.describe())))
        .collect();
    if !out.is_empty() {
        parts.push(format!("Out: {}.", out.join(", ")));
    }
    if thinking && table.is_live() {
        parts.push("A computer is thinking.".into());
    }
    parts.join(" ")
}

fn write_status(
    table: Res<Table>,
    thinking: Res<CrossThinking>,
    mut written: Local<Option<(u64, bool, Option<ShownPlan>)>>,
) {
    let key = (table.generation, thinking.is_thinking(), thinking.last_plan);
    if *written == Some(key) {
        return;
    }
    let Some(element) = element("status") else { return };
    element.set_text_content(Some(&status_text(&table, thinking.is_thinking())));
    let _ = element.set_attribute("data-game", "four-player");
    let _ = element.set_attribute("data-ply", &table.turns().len().to_string());
    let texts: Vec<&str> = table.turns().iter().map(|t| t.text.as_str()).collect();
    let _ = element.set_attribute("data-moves", &texts.join(" "));
    let _ = element.set_attribute("data-thinking", if thinking.is_thinking() { "true" } else { "false" });
    if let Some(ms) = thinking.last_round_ms {
        let _ = element.set_attribute("data-last-round-ms", &format!("{ms:.0}"));
    }
    if let Some(thought) = thinking.last_move_thought {
        let _ = element.set_attribute("data-last-think", &thought.describe());
    }
    // The partner's plan on the board: `data-plan` is its arrow (`g14-d10`, or `none`), with the
    // seat and where it was thought out; gone with the next move, as the arrow is.
    match thinking.last_plan.filter(|plan| plan.generation == table.generation) {
        Some(plan) => {
            let arrow = plan
                .best
                .map_or("none".to_string(), |mv| format!("{}-{}", mv.from, mv.to));
            let _ = element.set_attribute("data-plan", &arrow);
            let _ = element.set_attribute("data-plan-seat", plan.seat.name());
            let _ = element.set_attribute("data-plan-thought", &plan.thought.describe());
        }
        None => {
            for name in ["data-plan", "data-plan-seat", "data-plan-thought"] {
                let _ = element.remove_attribute(name);
            }
        }
    }
    *written = Some(key);
}

/// `#status`'s `data-analysis-best` (the analysis' best move for the position shown, as PGN4
/// writes it), `data-analysis-depth` and `data-analysis-thought` (`worker`, `whole`, `slices …`),
/// once found; written when they change.
fn write_analysis(
    table: Res<Table>,
    analysis: Res<super::analysis::CrossAnalysis>,
    mut written: Local<Option<(u64, u32)>>,
) {
    let Some(found) = analysis.current(&table) else { return };
    let what = (table.generation, found.result.depth);
    if *written == Some(what) {
        return;
    }
    let Some(element) = element("status") else { return };
    let best = found.result.pv.first().map_or("", String::as_str);
    let _ = element.set_attribute("data-analysis-best", best);
    let _ = element.set_attribute("data-analysis-depth", &found.result.depth.to_string());
    let _ = element.set_attribute("data-analysis-thought", &found.thought.describe());
    *written = Some(what);
}

/// What `#focus` shows depends on: the table (its generation), the focus, the selection and the
/// square under the pointer.
type FocusKey = (u64, Option<Square>, Option<Square>, Option<Square>);

fn write_focus(table: Res<Table>, hovered: Res<CrossHovered>, mut written: Local<Option<FocusKey>>) {
    let key = (table.generation, table.focus, table.selected, hovered.0);
    if *written == Some(key) {
        return;
    }
    let Some(element) = element("focus") else { return };
    let text = table
        .focus
        .map_or(String::new(), |s| format!("{}.", table.square_readout(s)));
    if element.text_content().as_deref() != Some(text.as_str()) {
        element.set_text_content(Some(&text));
    }
    let name = |square: Option<Square>| square.map_or(String::new(), |s| s.to_string());
    let _ = element.set_attribute("data-square", &name(table.focus));
    let _ = element.set_attribute("data-selected", &name(table.selected));
    let _ = element.set_attribute("data-hovered", &name(hovered.0));
    *written = Some(key);
}
