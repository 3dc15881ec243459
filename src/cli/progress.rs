//! A progress line on stderr for long runs, shown only when stderr is a terminal.

use std::io::{self, IsTerminal};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before it shows progress: short runs never flicker a bar.
const DELAY: Duration = Duration::from_secs(1);

/// The progress line while it is shown, for whatever else writes to the terminal it is on
/// (answers on stdout, when stdout is that terminal too): each write is made with the line
/// out of the way, then the line is drawn again below it.
#[derive(Clone, Default)]
pub struct Line(Arc<Mutex<Option<ProgressBar>>>);

impl Line {
    /// Runs `write` with the progress line, if one is shown, out of the way.
    pub fn clear_for<T>(&self, write: impl FnOnce() -> T) -> T {
        let shown = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        match shown {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Sets the bar shown, or none.
    fn set(&self, bar: Option<ProgressBar>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = bar;
    }
}

/// `count` things in `seconds`, per second, to three significant figures below 100 (`0.491`,
/// `4.91`, `49.1`) and whole above (`4910`): a slow run's rate is not shown as 0.
pub fn per_second(count: u64, seconds: f64) -> String {
    let rate = count as f64 / seconds.max(1e-9);
    let decimals = match rate {
        r if r >= 99.95 => 0,
        r if r >= 9.995 => 1,
        r if r >= 0.9995 => 2,
        _ => 3,
    };
    format!("{rate:.decimals$}")
}

/// Progress of a run: nothing until the run has lasted [`DELAY`], then a spinner with the count
/// of puzzles done and the rate, on stderr, if stderr is a terminal.
pub struct Progress {
    enabled: bool,
    started: Instant,
    bar: Option<ProgressBar>,
    line: Line,
}

impl Progress {
    /// Progress for a run starting now; `wanted` false keeps it hidden (a person is typing).
    /// `line` is told of the bar while it is shown.
    pub fn new(wanted: bool, line: Line) -> Progress {
        Progress {
            enabled: wanted && io::stderr().is_terminal(),
            started: Instant::now(),
            bar: None,
            line,
        }
    }

    /// Records that `done` puzzles are done.
    pub fn update(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Called every so often: shows the bar once the run has lasted [`DELAY`], and refreshes
    /// the rate.
    pub fn tick(&mut self, done: u64) {
        if !self.enabled || self.started.elapsed() < DELAY {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let style = ProgressStyle::with_template("{spinner} {human_pos} done, {msg}")
                .expect("the template is valid");
            let bar =
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style);
            bar.enable_steady_tick(Duration::from_millis(200));
            self.line.set(Some(bar.clone()));
            bar
        });
        bar.set_position(done);
        let rate = per_second(done, self.started.elapsed().as_secs_f64());
        bar.set_message(format!("{rate} per second"));
    }

    /// Runs `print` (which writes to stderr) with the progress line out of the way.
    pub fn suspend(&self, print: impl FnOnce()) {
        self.line.clear_for(print);
    }

    /// Removes the progress line.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            self.line.set(None);
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::per_second;

    #[test]
    fn a_rate_keeps_three_figures_below_a_hundred() {
        assert_eq!(per_second(1, 2.038), "0.491");
        assert_eq!(per_second(10, 2.038), "4.91");
        assert_eq!(per_second(100, 2.038), "49.1");
        assert_eq!(per_second(1000, 2.038), "491");
        assert_eq!(per_second(500_000, 0.25), "2000000");
        assert_eq!(per_second(0, 1.0), "0.000");
        assert_eq!(per_second(3, 0.0), "3000000000");
    }
}
