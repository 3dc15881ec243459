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
    /// Progress for a run starting now.
    pub fn new() -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            started: Instant::now(),
            bar: None,
        }
    }

    /// Records that `done` puzzles are done.
    pub fn update(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            if done % 1024 == 0 {
                let rate = done as f64 / self.started.elapsed().as_secs_f64();
                bar.set_message(format!("{rate:.0} puzzles/s"));
            }
        } else if self.enabled && done % 256 == 0 && self.started.elapsed() >= DELAY {
            let style = ProgressStyle::with_template("{spinner} {human_pos} puzzles, {msg}")
                .expect("the template is valid");
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_style(style)
                .with_position(done);
            bar.enable_steady_tick(Duration::from_millis(200));
            self.bar = Some(bar);
        }
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
