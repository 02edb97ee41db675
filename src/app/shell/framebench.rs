//! `tesseract-chess framebench`: measures the frame times after a warm-up while the game on the
//! screen keeps every frame busy (each game drives its own part: the 4D game turns the
//! tesseract, four-player chess orbits the cross board and plays rounds), prints them with the
//! time to the first frame and what the game's part measured, and exits.

use std::time::Instant;

use bevy::prelude::*;

/// Frames skipped before measuring (shader compilation, uploads).
pub const WARM_UP_FRAMES: usize = 60;

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

/// What the game on the screen adds to the benchmark: whether its part is still running (the
/// benchmark waits for it), and the lines it prints after the frame times.
#[derive(Resource, Default, PartialEq)]
pub struct GameBench {
    pub unfinished: bool,
    pub report: Vec<String>,
}

/// The games' drivers run in this set, before the frame is measured.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DriveBench;

#[derive(Default)]
struct Samples {
    first_frame_ms: Option<f64>,
    seen: usize,
    last: Option<Instant>,
    times_ms: Vec<f64>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameBench>()
        .add_systems(Update, measure.after(DriveBench));
}

/// The line a sorted list of frame times gives: count, mean (and fps), median, p95, max.
fn frame_line(sorted: &[f64]) -> String {
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
    let p95 = sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)];
    format!(
        "frames {} mean {:.2} ms ({:.1} fps) median {:.2} ms p95 {:.2} ms max {:.2} ms",
        sorted.len(),
        mean,
        1000.0 / mean,
        sorted[sorted.len() / 2],
        p95,
        sorted[sorted.len() - 1]
    )
}

fn measure(
    bench: Res<FrameBench>,
    game: Res<GameBench>,
    mut samples: Local<Samples>,
    mut exit: MessageWriter<AppExit>,
) {
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
    if samples.times_ms.len() >= bench.frames.max(1) && !game.unfinished {
        let mut sorted = samples.times_ms.clone();
        sorted.sort_by(f64::total_cmp);
        println!(
            "first frame {:.0} ms after launch",
            samples.first_frame_ms.unwrap_or(0.0)
        );
        println!("{}", frame_line(&sorted));
        for line in &game.report {
            println!("{line}");
        }
        exit.write(AppExit::Success);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_frame_line_reads_mean_median_p95_and_max() {
        let sorted: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(
            super::frame_line(&sorted),
            "frames 20 mean 10.50 ms (95.2 fps) median 11.00 ms p95 20.00 ms max 20.00 ms"
        );
    }
}
