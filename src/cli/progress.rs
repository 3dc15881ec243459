//! A progress line on stderr for long runs, shown only when stderr is a terminal.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before it shows progress: short runs never flicker a bar.
const DELAY: Duration = Duration::from_secs(1);

/// Progress of a run: nothing until the run has lasted [`DELAY`], then a spinner with the count
/// of puzzles done and the rate, on stderr, if stderr is a terminal.
pub struct Progress {
    enabled: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress for a run starting now; `wanted` false keeps it hidden (a person is typing).
    pub fn new(wanted: bool) -> Progress {
        Progress {
            enabled: wanted && io::stderr().is_terminal(),
            started: Instant::now(),
            bar: None,
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
            bar
        });
        bar.set_position(done);
        let rate = done as f64 / self.started.elapsed().as_secs_f64();
        bar.set_message(format!("{rate:.1} per second"));
    }

    /// Runs `print` (which writes to stderr) with the progress line out of the way.
    pub fn suspend(&self, print: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Removes the progress line.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
