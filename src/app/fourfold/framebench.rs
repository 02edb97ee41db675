//! `tesseract-chess framebench`: plays a 4D rotation with the pieces on the board (four-player
//! chess: the camera orbits the cross board), measures the frame times after a warm-up, prints
//! them with the time to the first frame, and exits.

use std::time::Instant;

use bevy::prelude::*;

use super::mirror::ViewTarget;
use super::projection::View;

/// Frames skipped before measuring (shader compilation, uploads).
const WARM_UP_FRAMES: usize = 60;

#[derive(Resource)]
pub struct FrameBench {
    pub frames: usize,
    /// When the process started, for the time to the first frame.
    pub launched: Instant,
    /// Window size in pixels.
    pub size: (u32, u32),
    /// Four-player chess: rounds to play as Red against three computers (0: none).
    pub rounds: usize,
}

/// The four-player rounds played so far: each one's time from Red's move to the third reply.
#[derive(Resource, Default)]
struct Rounds {
    times_ms: Vec<f64>,
    /// Each computer move's search time, in milliseconds.
    think_ms: Vec<f64>,
    /// The round in progress: the table's turn count when Red moved.
    waiting_since: Option<usize>,
}

#[derive(Default)]
struct Samples {
    first_frame_ms: Option<f64>,
    seen: usize,
    last: Option<Instant>,
    times_ms: Vec<f64>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Rounds>().add_systems(
        Update,
        (
            keep_rotating.run_if(in_state(crate::app::Mode::Fourfold)),
            (keep_orbiting, play_rounds).run_if(in_state(crate::app::Mode::FourPlayer)),
            measure,
        )
            .chain(),
    );
}

/// After the warm-up, Red plays its first legal move whenever it is Red's turn, and the three
/// computers of the first game answer in the shared turn task at their pace.
fn play_rounds(
    bench: Res<FrameBench>,
    mut rounds: ResMut<Rounds>,
    mut table: ResMut<crate::app::four_player::table::Table>,
    thinking: Res<crate::app::four_player::turns::CrossThinking>,
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
    if rounds.waiting_since.is_none() && table.game.turns().is_empty() {
        table.sitters = crate::app::four_player::table::default_sitters();
    }
    if table.human_to_move().is_none() {
        return;
    }
    if rounds.waiting_since.take().is_some()
        && let Some(ms) = thinking.last_round_ms
    {
        rounds.times_ms.push(ms);
    }
    if rounds.times_ms.len() < bench.rounds
        && let Some(&mv) = table.game.legal_moves().first()
    {
        let turns = table.game.turns().len();
        if table.play(crate::four_player::Turn::Move(mv)).is_ok() {
            rounds.waiting_since = Some(turns);
        }
    }
}

/// The four-player board has no 4D view to turn: the camera goes round it instead, so every frame
/// draws the whole board from a new angle.
fn keep_orbiting(time: Res<Time>, mut orbit: ResMut<crate::app::shell::camera::Orbit>) {
    orbit.yaw += time.delta_secs() * 0.5;
}

/// A rotation always in progress: the XW and YW planes turn continuously in the tesseract view.
fn keep_rotating(time: Res<Time>, mut view: ResMut<View>, mut target: ResMut<ViewTarget>) {
    let dt = time.delta_secs();
    view.morph = 1.0;
    view.angles[0] += dt * 0.9;
    view.angles[1] += dt * 0.5;
    target.0 = *view;
}

fn measure(bench: Res<FrameBench>, rounds: Res<Rounds>, mut samples: Local<Samples>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    if samples.first_frame_ms.is_none() {
        samples.first_frame_ms = Some(now.duration_since(bench.launched).as_secs_f64() * 1000.0);
    }
    samples.seen += 1;
    if samples.seen > WARM_UP_FRAMES
        && let Some(last) = samples.last
    {
        samples.times_ms.push(now.duration_since(last).as_secs_f64() * 1000.0);
    }
    samples.last = Some(now);
    if samples.times_ms.len() >= bench.frames && rounds.times_ms.len() >= bench.rounds {
        let mut sorted = samples.times_ms.clone();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
        let p95 = sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)];
        println!(
            "first frame {:.0} ms after launch",
            samples.first_frame_ms.unwrap_or(0.0)
        );
        println!(
            "frames {} mean {:.2} ms ({:.1} fps) median {:.2} ms p95 {:.2} ms max {:.2} ms",
            sorted.len(),
            mean,
            1000.0 / mean,
            sorted[sorted.len() / 2],
            p95,
            sorted[sorted.len() - 1]
        );
        if !rounds.times_ms.is_empty() {
            let times = &rounds.times_ms;
            let mean = times.iter().sum::<f64>() / times.len() as f64;
            let max = times.iter().copied().fold(0.0, f64::max);
            let each: Vec<String> = times.iter().map(|ms| format!("{ms:.0}")).collect();
            println!(
                "rounds {}: Red's move to the third computer reply mean {mean:.0} ms max {max:.0} ms (a {:.1} s pause between computer moves included): {} ms",
                times.len(),
                crate::app::four_player::turns::Pace::default().pause_seconds,
                each.join(" ")
            );
            let mut think = rounds.think_ms.clone();
            think.sort_by(f64::total_cmp);
            if let (Some(median), Some(slowest)) = (think.get(think.len() / 2), think.last()) {
                println!(
                    "computer moves {}: search median {median:.0} ms, slowest {slowest:.0} ms",
                    think.len()
                );
            }
        }
        exit.write(AppExit::Success);
    }
}
