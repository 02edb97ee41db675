//! Four-player chess's part of `framebench`: the camera orbits the cross board (it has no 4D
//! view to turn), and with `--rounds` Red plays against the first game's three computers, each
//! round timed from Red's move to the third reply.

use bevy::prelude::*;

use super::table::{Table, default_sitters};
use super::turns::{CrossThinking, Pace};
use crate::app::shell::framebench::{DriveBench, FrameBench, GameBench, WARM_UP_FRAMES};

/// The rounds played so far.
#[derive(Resource, Default)]
struct Rounds {
    /// Each round's time from Red's move to the third reply, in milliseconds.
    times_ms: Vec<f64>,
    /// Each computer move's search time, in milliseconds.
    think_ms: Vec<f64>,
    /// A round is in progress (Red moved).
    waiting: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Rounds>().add_systems(
        Update,
        (keep_orbiting, play_rounds, report_rounds)
            .chain()
            .in_set(DriveBench)
            .run_if(resource_exists::<FrameBench>)
            .run_if(in_state(crate::app::Mode::FourPlayer)),
    );
}

/// Every frame draws the whole board from a new angle.
fn keep_orbiting(time: Res<Time>, mut orbit: ResMut<crate::app::shell::camera::Orbit>) {
    orbit.yaw += time.delta_secs() * 0.5;
}

/// After the warm-up, Red plays its first legal move whenever it is Red's turn, and the three
/// computers of the first game answer in the shared turn task at their pace.
fn play_rounds(
    bench: Res<FrameBench>,
    mut rounds: ResMut<Rounds>,
    mut table: ResMut<Table>,
    thinking: Res<CrossThinking>,
    mut frames: Local<usize>,
) {
    *frames += 1;
    if thinking.is_changed()
        && let Some(ms) = thinking.last_move_ms
        && rounds.think_ms.last() != Some(&ms)
    {
        rounds.think_ms.push(ms);
    }
    if bench.rounds == 0 || *frames < WARM_UP_FRAMES || rounds.times_ms.len() >= bench.rounds {
        return;
    }
    if !rounds.waiting && table.game.turns().is_empty() {
        table.sitters = default_sitters();
    }
    if table.human_to_move().is_none() {
        return;
    }
    if std::mem::take(&mut rounds.waiting)
        && let Some(ms) = thinking.last_round_ms
    {
        rounds.times_ms.push(ms);
    }
    if rounds.times_ms.len() < bench.rounds
        && let Some(&mv) = table.game.legal_moves().first()
        && table.play(crate::four_player::Turn::Move(mv)).is_ok()
    {
        rounds.waiting = true;
    }
}

/// Holds the benchmark until the rounds are played, then says what they took.
fn report_rounds(bench: Res<FrameBench>, rounds: Res<Rounds>, mut game: ResMut<GameBench>) {
    let unfinished = rounds.times_ms.len() < bench.rounds;
    game.set_if_neq(GameBench {
        unfinished,
        report: if unfinished { Vec::new() } else { rounds_report(&rounds) },
    });
}

fn rounds_report(rounds: &Rounds) -> Vec<String> {
    let times = &rounds.times_ms;
    if times.is_empty() {
        return Vec::new();
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let max = times.iter().copied().fold(0.0, f64::max);
    let each: Vec<String> = times.iter().map(|ms| format!("{ms:.0}")).collect();
    let mut lines = vec![format!(
        "rounds {}: Red's move to the third computer reply mean {mean:.0} ms max {max:.0} ms (a {:.1} s pause between computer moves included): {} ms",
        times.len(),
        Pace::default().pause_seconds,
        each.join(" ")
    )];
    let mut think = rounds.think_ms.clone();
    think.sort_by(f64::total_cmp);
    if let (Some(median), Some(slowest)) = (think.get(think.len() / 2), think.last()) {
        lines.push(format!(
            "computer moves {}: search median {median:.0} ms, slowest {slowest:.0} ms",
            think.len()
        ));
    }
    lines
}
