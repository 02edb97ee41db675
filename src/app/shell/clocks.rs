//! Game clocks for any number of seats (no Bevy types): minutes a seat plus an increment per
//! move, the running seat's time counting down. A game asks `tick` each frame with the time that
//! passed and learns when a flag falls; it calls `moved` when a seat ends its turn.

/// A time control: the starting time and the increment a move, in seconds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TimeControl {
    pub minutes: u32,
    pub increment_seconds: u32,
}

impl TimeControl {
    /// What the New game forms offer (`None` in a form: no clocks).
    pub const CHOICES: [TimeControl; 4] = [
        TimeControl::new(1, 0),
        TimeControl::new(3, 2),
        TimeControl::new(5, 5),
        TimeControl::new(15, 10),
    ];

    pub const fn new(minutes: u32, increment_seconds: u32) -> TimeControl {
        TimeControl {
            minutes,
            increment_seconds,
        }
    }

    /// "3 + 2".
    pub fn label(self) -> String {
        format!("{} + {}", self.minutes, self.increment_seconds)
    }

    /// Reads "3+2" or "3 + 2" (minutes, then seconds a move) as the settings file keeps it.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        crate::settings::parse_time_control(text).map(|(minutes, increment)| TimeControl::new(minutes, increment))
    }
}

/// The clocks of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Clocks {
    pub control: TimeControl,
    /// Milliseconds left per seat.
    left_ms: Vec<f64>,
    /// The seat whose time runs, if any (none before the first move and after the end).
    running: Option<usize>,
}

impl Clocks {
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            control,
            left_ms: vec![f64::from(control.minutes) * 60_000.0; seats],
            running: None,
        }
    }

    pub fn left_ms(&self, seat: usize) -> f64 {
        self.left_ms.get(seat).copied().unwrap_or(0.0)
    }

    /// `seat`'s clock as its computer sees it: the time it has left and its increment.
    pub fn for_computer(&self, seat: usize) -> crate::engine::ClockLeft {
        crate::engine::ClockLeft {
            left_ms: self.left_ms(seat).max(0.0) as u64,
            increment_ms: u64::from(self.control.increment_seconds) * 1_000,
        }
    }

    pub fn running(&self) -> Option<usize> {
        self.running
    }

    /// Starts (or switches to) `seat`'s clock.
    pub fn start(&mut self, seat: usize) {
        if seat < self.left_ms.len() {
            self.running = Some(seat);
        }
    }

    pub fn stop(&mut self) {
        self.running = None;
    }

    /// `seat` ended its turn: it gains the increment and `next` runs.
    pub fn moved(&mut self, seat: usize, next: usize) {
        if let Some(left) = self.left_ms.get_mut(seat)
            && *left > 0.0
        {
            *left += f64::from(self.control.increment_seconds) * 1000.0;
        }
        self.start(next);
    }

    /// `elapsed_ms` passed: the running seat's time goes down; the seat whose flag fell, if one did
    /// (its clock stops at zero).
    pub fn tick(&mut self, elapsed_ms: f64) -> Option<usize> {
        let seat = self.running?;
        let left = &mut self.left_ms[seat];
        *left = (*left - elapsed_ms.max(0.0)).max(0.0);
        if *left == 0.0 {
            self.running = None;
            return Some(seat);
        }
        None
    }
}

impl Clocks {
    /// How often the running clock's reading changes, in milliseconds: every second, or every
    /// tenth under ten seconds; `None` when no clock runs.
    pub fn reading_step_ms(&self) -> Option<u64> {
        let left = self.left_ms(self.running?);
        Some(if left < 10_000.0 { 100 } else { 1000 })
    }
}

/// "4:07", or "0:09.4" under ten seconds, as chess clocks show it.
pub fn format_clock(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        // Tenths shown down, as the seconds are: 9.97 s is "0:09.9", never "0:10.0".
        let tenths = (ms / 100.0).floor() as u64;
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).floor() as u64;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_clock_counts_down_gains_its_increment_and_falls() {
        let mut clocks = Clocks::new(TimeControl::new(1, 2), 4);
        assert_eq!(clocks.tick(5_000.0), None, "nothing runs before the first move");
        assert_eq!(clocks.left_ms(0), 60_000.0);
        clocks.start(0);
        assert_eq!(clocks.tick(10_000.0), None);
        assert_eq!(clocks.left_ms(0), 50_000.0);
        clocks.moved(0, 1);
        assert_eq!(clocks.left_ms(0), 52_000.0, "the increment");
        assert_eq!(clocks.running(), Some(1));
        assert_eq!(clocks.tick(59_000.0), None);
        assert_eq!(clocks.tick(2_000.0), Some(1), "the flag falls");
        assert_eq!(clocks.left_ms(1), 0.0);
        assert_eq!(clocks.running(), None, "and the clock stops");
        assert_eq!(clocks.tick(1_000.0), None);
        assert_eq!(clocks.reading_step_ms(), None, "no clock runs");
    }

    #[test]
    fn a_running_clock_reads_in_seconds_then_tenths() {
        let mut clocks = Clocks::new(TimeControl::new(1, 0), 2);
        assert_eq!(clocks.reading_step_ms(), None, "no clock runs yet");
        clocks.start(0);
        assert_eq!(clocks.reading_step_ms(), Some(1000));
        clocks.tick(50_500.0);
        assert_eq!(format_clock(clocks.left_ms(0)), "0:09.5");
        assert_eq!(clocks.reading_step_ms(), Some(100), "tenths under ten seconds");
        assert_eq!(format_clock(9_999.0), "0:09.9", "tenths are shown down, as seconds are");
    }

    #[test]
    fn clocks_read_as_chess_clocks_do() {
        assert_eq!(format_clock(247_000.0), "4:07");
        assert_eq!(format_clock(9_400.0), "0:09.4");
        assert_eq!(format_clock(-5.0), "0:00.0");
        assert_eq!(TimeControl::new(3, 2).label(), "3 + 2");
        assert_eq!(TimeControl::parse("3+2"), Ok(TimeControl::new(3, 2)));
        assert_eq!(TimeControl::parse(" 15 + 10 "), Ok(TimeControl::new(15, 10)));
        for bad in ["", "3", "x+2", "0+5", "3+-1", "999+0"] {
            let e = TimeControl::parse(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
    }
}
